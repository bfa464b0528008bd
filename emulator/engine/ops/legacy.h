// Copyright 2026 The eddy Authors.
//
// The legacy parameters — Expected, KeyConditions, QueryFilter, ScanFilter
// (with ConditionalOperator), AttributeUpdates and AttributesToGet — compiled
// straight into the resolved trees the expression parameters compile to, so
// they are evaluated and applied by exactly the same code as
// ConditionExpression / KeyConditionExpression / FilterExpression /
// UpdateExpression / ProjectionExpression.
//
//   EDDY_ASSIGN_OR_RETURN(std::optional<expr::ResolvedCondition> condition,
//                         CompileExpected(*request.expected,
//                                         request.conditional_operator));
//   // {"a": {Value: 1}, "b": {Exists: false}} with ConditionalOperator OR
//   // evaluates as  a = 1 OR attribute_not_exists(b)
//
// The legacy parameters are not expressions: no text is generated, so none of
// the expression limits apply (4 KB of text, 300 operators, 100 IN operands,
// placeholder counts), and the work is linear in the size of the request
// (the names in a std::map are already sorted and distinct; AttributesToGet
// duplicates are found with a hash set). Clauses are joined in a balanced
// AND/OR tree, so a request with a million conditions evaluates with a
// recursion depth of about twenty.
//
// Errors: ValidationException with DynamoDB's legacy messages, checked entry
// by entry in map order (dynalite's validateConditions / validateAttribute-
// Conditions order, written against DynamoDB), the first problem wins:
//   "One or more parameter values were invalid: Invalid number of
//   argument(s) for the BETWEEN ComparisonOperator"
//   "One or more parameter values were invalid: AttributeValues inside
//   AttributeValueList must be of same type"
//   "One or more parameter values were invalid: ComparisonOperator GT is not
//   valid for SS AttributeValue type" (< <= > >= BETWEEN IN CONTAINS
//   NOT_CONTAINS take S, N or B; BEGINS_WITH S or B; EQ and NE any type)
//   "The BETWEEN condition was provided a range where the lower bound is
//   greater than the upper bound"
// plus the per-parameter messages listed on each function.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_ENGINE_OPS_LEGACY_H_
#define EDDY_EMULATOR_ENGINE_OPS_LEGACY_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/update.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

// Expected (+ ConditionalOperator) as a ConditionExpression; nullopt for an
// empty map. Besides the common errors above (Expected entries with a
// ComparisonOperator), in this order per entry:
//   "One or more parameter values were invalid: Exists and ComparisonOperator
//   cannot be used together for Attribute: a"
//   "One or more parameter values were invalid: Value and AttributeValueList
//   cannot be used together for Attribute: a"
//   "One or more parameter values were invalid: Value or AttributeValueList
//   must be used with ComparisonOperator: EQ for Attribute: a"
//   "One or more parameter values were invalid: AttributeValueList can only
//   be used with a ComparisonOperator for Attribute: a"
//   "One or more parameter values were invalid: Value must be provided when
//   Exists is <true|null> for Attribute: a"
//   "One or more parameter values were invalid: Value cannot be used when
//   Exists is false for Attribute: a"
StatusOr<std::optional<expr::ResolvedCondition>> CompileExpected(
    const std::map<std::string, ExpectedAttributeValue>& expected,
    std::optional<ConditionalOperator> conditional_operator);

// QueryFilter / ScanFilter (+ ConditionalOperator) as a FilterExpression;
// nullopt for an empty map.
StatusOr<std::optional<expr::ResolvedCondition>> CompileFilterConditions(
    const std::map<std::string, Condition>& filter,
    std::optional<ConditionalOperator> conditional_operator);

// KeyConditions as a KeyConditionExpression (for expr::CompileKeyCondition,
// which checks them against the key schema). Per entry, before the common
// errors: "Attempted conditional constraint is not an indexable operation"
// (an operator other than EQ LE LT GE GT BEGINS_WITH BETWEEN); after all
// entries: "Conditions can be of length 1 or 2 only".
StatusOr<expr::ResolvedCondition> CompileKeyConditions(
    const std::map<std::string, Condition>& key_conditions);

// AttributeUpdates as an UpdateExpression: PUT -> SET, ADD -> ADD (a list
// value appends: SET a = list_append(if_not_exists(a, []), v)), DELETE
// without a value -> REMOVE, DELETE with a set -> DELETE. Per entry:
//   "One or more parameter values were invalid: Only DELETE action is
//   allowed when no attribute value is specified"
//   "One or more parameter values were invalid: ADD action is not supported
//   for the type S"
//   "One or more parameter values were invalid: DELETE action with value is
//   not supported for the type S"
// REQUIRES: `updates` is not empty.
StatusOr<expr::ResolvedUpdate> CompileAttributeUpdates(
    const std::map<std::string, AttributeValueUpdate>& updates);

// AttributesToGet as a ProjectionExpression of top-level names:
//   "1 validation error detected: Value '[]' at 'attributesToGet' failed to
//   satisfy constraint: Member must have length greater than or equal to 1"
//   "One or more parameter values were invalid: Duplicate value in attribute
//   name: a" (the first name that repeats an earlier one)
StatusOr<expr::ResolvedProjection> CompileAttributesToGet(
    const std::vector<std::string>& attributes);

// DynamoDB refuses a request that mixes the legacy parameters with the
// expression parameters (LegacyConditionalParameters.html: "DynamoDB does not
// allow mixing legacy conditional parameters and expression parameters in a
// single call"): when `expression_parameters` is not empty, every legacy
// parameter present is an error — except KeyConditions, which only clashes
// with KeyConditionExpression (a Query may take KeyConditions with a
// FilterExpression or ProjectionExpression; dynalite, tested against
// DynamoDB). Both lists name the parameters present, in the order of the
// operation's model, which the message keeps:
//   "Can not use both expression and non-expression parameters in the same
//   request: Non-expression parameters: {AttributesToGet, QueryFilter}
//   Expression parameters: {ProjectionExpression, FilterExpression}"
// A ConditionalOperator goes with a legacy filter (QueryFilter, ScanFilter)
// or Expected of two or more conditions: `conditions` is that map's size,
// nullopt when it is absent. Checked after CheckNotMixed, before anything
// else the request is missing. Errors: ValidationException "ConditionalOperator
// cannot be used without Filter or Expected" (absent or empty), "...can only be
// used when Filter or Expected has two or more elements" (one).
Status CheckConditionalOperator(bool has_conditional_operator,
                                std::optional<size_t> conditions);

Status CheckNotMixed(
    const std::vector<std::string_view>& legacy_parameters,
    const std::vector<std::string_view>& expression_parameters);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_LEGACY_H_
