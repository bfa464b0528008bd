// Copyright 2026 The eddy Authors.
//
// Evaluate: decides a resolved ConditionExpression / FilterExpression
// against an item, with DynamoDB's comparison rules (api-semantics.md §1.3):
//
//   StatusOr<ResolvedCondition> cond = CompileCondition(
//       "attribute_not_exists(pk) OR version < :v", ExpressionKind::kCondition,
//       nullptr, &values, &usage);
//   bool ok = Evaluate(*cond, current_item);   // empty item when none stored
//
// Rules:
//   - A missing attribute, a mismatched type or an unordered type makes
//     every comparison false, except `<>`, which is the negation of `=`.
//   - `=` is deep equality: N numerically, sets unordered, L and M
//     element-wise.
//   - `< <= > >= BETWEEN` order N numerically, S and B by unsigned bytes.
//   - IN is true when some listed value equals the operand.
//   - size(): S length in UTF-16 code units (as DynamoDB counts it: "é𝄞" is
//     3), B length in bytes, element count of SS/NS/BS/L/M; no
//     value (so the comparison is false) for N, BOOL, NULL or a missing path.
//   - begins_with(): S with S or B with B prefix; contains(): substring of an
//     S, byte substring of a B, member of a set of the matching element type,
//     or an L element equal to the operand; attribute_type(): the stored
//     type's name.
// Evaluation never fails: every error is caught by the parse and resolve
// passes. Recursion depth is bounded by the tree's depth (ast.h).
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_EXPR_EVALUATE_H_
#define EDDY_EMULATOR_EXPR_EVALUATE_H_

#include "emulator/expr/ast.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr {

// REQUIRES: `condition` came from ResolveCondition.
bool Evaluate(const ResolvedCondition& condition, const AttributeMap& item);
bool Evaluate(const Condition& condition, const AttributeMap& item);

// The value at `path` inside `item`, or null when any step is missing or of
// the wrong kind (a name step needs an M, an index step an L).
// REQUIRES: the path is resolved (no placeholders left).
const AttributeValue* FindPath(const AttributeMap& item,
                               const DocumentPath& path);

// DynamoDB's `=`: same type and equal value (N numerically, sets unordered).
bool ValuesEqual(const AttributeValue& a, const AttributeValue& b);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_EVALUATE_H_
