// Copyright 2026 The eddy Authors.
//
// CompileKeyCondition: turns a resolved KeyConditionExpression into the one
// partition-key value and the optional sort-key range a Query reads
// (api-semantics.md §1.4), checked against the table's or index's key schema.
//
//   PlaceholderUsage usage;
//   EDDY_ASSIGN_OR_RETURN(ResolvedCondition resolved,
//       CompileCondition("pk = :p AND sk BETWEEN :a AND :b",
//                        ExpressionKind::kKeyCondition,
//                        names, values, &usage));
//   KeySchemaView schema{"pk", AttributeType::kS, "sk", AttributeType::kN};
//   EDDY_ASSIGN_OR_RETURN(KeyCondition key,
//                         CompileKeyCondition(resolved, schema));
//   // key.partition_value, key.sort_op == KeyCondition::SortOp::kBetween,
//   // key.sort_low, key.sort_high
//
// The key may stand on either side of a comparator (`:v < sk` is `sk > :v`).
// Errors (ValidationException), in the order they are checked:
//   "Invalid operator used in KeyConditionExpression: OR"   (also NOT, IN, <>,
//       and any function but begins_with, by name)
//   "KeyConditionExpressions cannot contain nested operations"      (size())
//   "KeyConditionExpressions cannot have conditions on nested attributes"
//   "Invalid condition in KeyConditionExpression: Multiple attribute names
//    used in one condition"
//   "Invalid condition in KeyConditionExpression: No key attribute specified"
//   "KeyConditionExpressions must only contain one condition per key"
//   "Query condition missed key schema element: <name>"   (the partition key
//       when it has no condition, else the sort key, when an attribute is
//       not part of the key schema)
//   "Query key condition not supported"   (partition key not compared with
//       `=`, or a second condition on a table without a sort key)
//   "Invalid KeyConditionExpression: Incorrect operand type for operator or
//    function; operator or function: begins_with, operand type: N"
//   "One or more parameter values were invalid: Condition parameter type
//    does not match schema type"
//   "One or more parameter values are not valid. The AttributeValue for a
//    key attribute cannot contain an empty string value. Key: <name>"
//   (and "... empty binary value. Key: <name>")
//
// Thread safety: pure function.

#ifndef EDDY_EMULATOR_EXPR_KEY_CONDITION_H_
#define EDDY_EMULATOR_EXPR_KEY_CONDITION_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr {

// The key schema of the table or index being queried.
struct KeySchemaView {
  std::string hash_name;
  AttributeType hash_type = AttributeType::kS;  // S, N or B
  std::string range_name;                       // empty when there is none
  AttributeType range_type = AttributeType::kS;
};

// What storage needs to answer a Query.
struct KeyCondition {
  enum class SortOp : uint8_t {
    kNone,  // the whole item collection
    kEq,
    kLt,
    kLe,
    kGt,
    kGe,
    kBetween,     // sort_low <= sk <= sort_high
    kBeginsWith,  // sort_low is the prefix
  };
  AttributeValue partition_value;
  SortOp sort_op = SortOp::kNone;
  AttributeValue sort_low;   // kEq..kGe, kBetween (lower), kBeginsWith
  AttributeValue sort_high;  // kBetween only
};

// The key schema of a GSI with a multi-attribute key: 1..4 partition-key and
// 0..4 sort-key attributes, in key-schema order.
struct MultiKeySchemaView {
  std::vector<std::pair<std::string, AttributeType>> hash;
  std::vector<std::pair<std::string, AttributeType>> range;
};

// A Query's key condition on such a key: equality on every partition-key
// attribute, equality on the first sort-key attributes, and at most one
// other condition on the next one (DynamoDB's left-to-right rule).
struct MultiKeyCondition {
  std::vector<AttributeValue> partition_values;  // one per hash attribute
  std::vector<AttributeValue> sort_equal;        // the first range attributes'
  // The condition on range attribute sort_equal.size(), if any (never kEq:
  // an equality joins sort_equal).
  KeyCondition::SortOp last_op = KeyCondition::SortOp::kNone;
  AttributeValue last_low;
  AttributeValue last_high;  // kBetween only
};

// REQUIRES: `condition` came from ResolveCondition with kind kKeyCondition.
StatusOr<KeyCondition> CompileKeyCondition(const ResolvedCondition& condition,
                                           const KeySchemaView& schema);

// The same for a multi-attribute key. Besides the errors above (the first
// partition-key attribute without a condition is the one reported missing):
//   "RANGE key attributes <a> must have equality conditions specified in the
//   query because a condition is present on key attribute <b>" (a sort-key
//   attribute before the last one named lacks an equality).
StatusOr<MultiKeyCondition> CompileMultiKeyCondition(
    const ResolvedCondition& condition, const MultiKeySchemaView& schema);

// The checks of a key condition that need no key schema, so that a Query
// makes them before it looks up its table (DynamoDB's order): the operators
// (OR, NOT, IN, <>, functions but begins_with), nested operations and
// attributes, one attribute name per condition, a key attribute in each, the
// key first in BETWEEN and begins_with, and one condition per attribute
// name. The same errors as above, in the same order.
// REQUIRES: `condition` came from ResolveCondition with kind kKeyCondition.
Status CheckKeyConditionShape(const ResolvedCondition& condition);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_KEY_CONDITION_H_
