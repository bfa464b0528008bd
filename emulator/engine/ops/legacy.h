// Copyright 2026 The eddy Authors.
//
// The legacy conditional parameters — Expected, KeyConditions, QueryFilter,
// ScanFilter with ConditionalOperator — translated into expression text with
// generated placeholders, so they are evaluated by exactly the same code as
// ConditionExpression / KeyConditionExpression / FilterExpression.
// DynamoDB's legacy-specific validation (argument counts, Exists/Value rules,
// operand types) runs first, with its messages.
//
//   EDDY_ASSIGN_OR_RETURN(GeneratedExpression g,
//   TranslateExpected(*request.expected,
//                                                                  request.conditional_operator));
//   // g.text == "#l0 = :l0_0 AND attribute_not_exists(#l1)"

#ifndef EDDY_EMULATOR_ENGINE_OPS_LEGACY_H_
#define EDDY_EMULATOR_ENGINE_OPS_LEGACY_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

struct GeneratedExpression {
  std::string text;
  std::optional<ExpressionAttributeNames> names;
  std::optional<ExpressionAttributeValues> values;
};

// Expected (+ ConditionalOperator) as a ConditionExpression.
StatusOr<GeneratedExpression> TranslateExpected(
    const std::map<std::string, ExpectedAttributeValue>& expected,
    std::optional<ConditionalOperator> conditional_operator);

// QueryFilter / ScanFilter (+ ConditionalOperator) as a FilterExpression.
StatusOr<GeneratedExpression> TranslateFilter(
    const std::map<std::string, Condition>& filter,
    std::optional<ConditionalOperator> conditional_operator);

// KeyConditions as a KeyConditionExpression.
StatusOr<GeneratedExpression> TranslateKeyConditions(
    const std::map<std::string, Condition>& key_conditions);

// AttributeUpdates as an UpdateExpression: PUT -> SET, ADD -> ADD (a list
// value appends, as the legacy API does), DELETE without a value -> REMOVE,
// DELETE with a set -> DELETE.
StatusOr<GeneratedExpression> TranslateAttributeUpdates(
    const std::map<std::string, AttributeValueUpdate>& updates);

// AttributesToGet as a ProjectionExpression.
// "One or more parameter values were invalid: Duplicate value in attribute
// name: a" for a repeated name.
StatusOr<GeneratedExpression> TranslateAttributesToGet(
    const std::vector<std::string>& attributes);

// "Can not use both expression and non-expression parameters in the same
// request: Non-expression parameters: {Expected} Expression parameters:
// {ConditionExpression}" when both lists are non-empty.
Status CheckNotMixed(
    const std::vector<std::string_view>& legacy_parameters,
    const std::vector<std::string_view>& expression_parameters);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_LEGACY_H_
