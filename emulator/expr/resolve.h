// Copyright 2026 The eddy Authors.
//
// ResolveCondition: the pass between parsing and evaluation that substitutes
// `#name` placeholders from ExpressionAttributeNames and `:value`
// placeholders from ExpressionAttributeValues, records which ones were used,
// and runs the checks that need the values (api-semantics.md §1.1, §1.3).
//
//   PlaceholderUsage usage;   // one per request, shared by its expressions
//   StatusOr<ResolvedCondition> condition =
//       CompileCondition(request.condition_expression,
//                        ExpressionKind::kCondition, names, values, &usage);
//   ...parse/resolve the request's other expressions with the same `usage`...
//   EDDY_RETURN_IF_ERROR(CheckAllPlaceholdersUsed(names, values, usage));
//
// Leaves (comparisons, BETWEEN, IN, function calls) are checked in text
// order; within a leaf the first error of this list wins:
//   1. "An expression attribute name used in the document path is not
//       defined; attribute name: #n"
//      "An expression attribute value used in expression is not defined;
//       attribute value: :v"
//   2. "Incorrect number of operands for operator or function; operator or
//       function: <f>, number of operands: <n>"
//   3. "The first operand must be distinct from the remaining operands for
//       this operator or function; operator: <op>, first operand: [a, b]"
//   4. "Operator or function requires a document path; operator or
//       function: attribute_exists"
//      "Incorrect operand type for operator or function; operator or
//       function: <f>, operand type: <T>"   (a function's operand)
//      "Invalid attribute type name found; type: X, valid types:
//       {B,NULL,SS,BOOL,L,BS,N,NS,S,M}"
//      then, for < <= > >=, a value of a type other than S, N, B:
//      "Incorrect operand type for operator or function; operator or
//       function: <, operand type: L"
//      and for BETWEEN, in this order:
//      "The BETWEEN operator requires same data type for lower and upper
//       bounds; lower bound operand: AttributeValue: {S:x}, upper bound
//       operand: AttributeValue: {N:1}"
//      "Incorrect operand type for operator or function; operator or
//       function: BETWEEN, operand type: BOOL"
//      "The BETWEEN operator requires upper bound to be greater than or
//       equal to lower bound; lower bound operand: AttributeValue: {N:5},
//       upper bound operand: AttributeValue: {N:3}"
// All are ValidationExceptions prefixed "Invalid <Kind>Expression: ".
//
// Thread safety: pure functions; `usage` must not be shared across threads.

#ifndef EDDY_EMULATOR_EXPR_RESOLVE_H_
#define EDDY_EMULATOR_EXPR_RESOLVE_H_

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/expression_kind.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr {

// ExpressionAttributeNames as the request carries it; null when absent.
using ExpressionAttributeNames = std::map<std::string, std::string>;

// The placeholders the expressions of one request referenced, so that the
// engine can report the unused ones (§6 #20) after parsing all of them.
struct PlaceholderUsage {
  std::set<std::string> names;   // "#n"
  std::set<std::string> values;  // ":v"
};

// How a resolved condition holds the values it takes from `values`: a copy
// of each (kCopy: the result stands alone), or a pointer into `values`
// (kBorrow: no copy, so a request's value of a million elements is not held
// twice; REQUIRES that `values` outlives the result and is not changed, as a
// request's own expressions evaluated within the request are).
enum class ValueHolding { kCopy, kBorrow };

// Substitutes and checks. `names` and `values` may be null (parameter
// absent). Adds every placeholder the expression references to `usage`.
// REQUIRES: `usage` is not null.
StatusOr<ResolvedCondition> ResolveCondition(
    const ParsedCondition& parsed, const ExpressionAttributeNames* names,
    const AttributeMap* values, PlaceholderUsage* usage,
    ValueHolding holding = ValueHolding::kCopy);

// ParseCondition (condition_parser.h) then ResolveCondition.
StatusOr<ResolvedCondition> CompileCondition(
    std::string_view text, ExpressionKind kind,
    const ExpressionAttributeNames* names, const AttributeMap* values,
    PlaceholderUsage* usage, ValueHolding holding = ValueHolding::kCopy);

// After every expression of a request was resolved: the unused names, then
// the unused values (§1.1 check order), as
//   "Value provided in ExpressionAttributeNames unused in expressions:
//    keys: {#a, #b}"
//   "Value provided in ExpressionAttributeValues unused in expressions:
//    keys: {:c}"
Status CheckAllPlaceholdersUsed(const ExpressionAttributeNames* names,
                                const AttributeMap* values,
                                const PlaceholderUsage& usage);

// "{N:5}", "{S:x}", "{B:<base64>}": a value as BETWEEN's messages quote it.
std::string AttributeValueForMessage(const AttributeValue& value);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_RESOLVE_H_
