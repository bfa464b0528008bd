// Copyright 2026 The eddy Authors.
//
// Request checks shared by the single-item operations.

#ifndef EDDY_EMULATOR_ENGINE_OPS_ITEM_CHECKS_H_
#define EDDY_EMULATOR_ENGINE_OPS_ITEM_CHECKS_H_

#include <optional>
#include <string>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

// The entries of ExpressionAttributeNames/Values, checked as DynamoDB checks
// them when it reads the request: a name mapped to ""
// ("ExpressionAttributeNames contains invalid value: Empty attribute name for
// key #k") or to 64 KiB or more, and a value holding a map key that is no valid
// attribute name (ValidateAttributeNames). Either may be null.
Status CheckPlaceholderEntries(const ExpressionAttributeNames* names,
                               const ExpressionAttributeValues* values);

// CheckPlaceholderEntries, then ExpressionAttributeNames/Values present without
// any expression that could use them (an empty map included), then empty maps
// (api-semantics.md §1.1, §6 #23, #26; the order: moto's aws_verified GetItem
// test and dynalite's tests, docs/validation-order.md). `condition_name` names
// the expression parameter for the message suffix (": <condition_name> is
// null"); nullptr leaves the suffix out, as us-east-1 answers PutItem since
// 2026-08 (dynamodb-conformance captures/2026-08-12-wording-drift.json;
// UpdateItem and DeleteItem by analogy).
Status CheckExpressionMaps(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values, bool any_expression,
    const char* condition_name);

// The request-only checks of an item written whole (PutItem, a
// BatchWriteItem put, a TransactWriteItems Put), made before the table is
// looked up, as DynamoDB makes them (docs/validation-order.md): attribute
// names (ValidateAttributeNames), nesting within 32 levels, and the 400 KB
// item size ("Item size has exceeded the maximum allowed size"). The key
// checks need the table (KeyFromItem). Errors: ValidationException.
Status CheckItemToWrite(const Item& item);

// PutItem and DeleteItem accept only NONE and ALL_OLD (§6 #47).
Status CheckReturnValuesNoneOrAllOld(ReturnValue v);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_ITEM_CHECKS_H_
