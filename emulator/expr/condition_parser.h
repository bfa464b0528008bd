// Copyright 2026 The eddy Authors.
//
// ParseCondition: the front end for ConditionExpression, FilterExpression and
// KeyConditionExpression (one grammar, api-semantics.md §1.3, §1.4).
//
//   StatusOr<ParsedCondition> parsed = ParseCondition(
//       "attribute_not_exists(pk) OR #v < :max", ExpressionKind::kCondition);
//   if (!parsed.ok()) return parsed.status();   // exact DynamoDB message
//   // then ResolveCondition() (resolve.h), then Evaluate() (evaluate.h).
//
// Grammar, loosest first; keywords are case-insensitive, function names are
// not:
//   or      ::= and ( OR and )*
//   and     ::= not ( AND not )*
//   not     ::= NOT* primary
//   primary ::= '(' or ')'
//             | operand ( comparator operand
//                       | BETWEEN operand AND operand
//                       | IN '(' operand (',' operand)* ')' )?
//   operand ::= '(' operand ')' | :value | name '(' operand (',' operand)* ')'
//             | path
// A primary without a comparator must be a function call (a condition).
//
// What this stage checks, in DynamoDB's order:
//   1. size:   more than 4096 bytes ->
//              "Expression size has exceeded the maximum allowed size;
//               expression size: <n>"
//   2. empty:  no tokens -> "The expression can not be empty;"
//   3. syntax, stopping at the first of:
//              "Syntax error; token: \"<tok>\", near: \"<ctx>\""
//              "The expression contains too many operators;
//               operator count: 301"
//              "The IN operator is provided with too many operands;
//               number of operands: <n>"
//              "The document path has too many nesting levels;
//               nesting levels: <n>"
//   4. then the first recorded of, in this priority:
//              "The expression has redundant parentheses;"
//              "Invalid function name; function: <f>"
//              "The function is not allowed to be used this way in an
//               expression; function: <f>"
//              "Attribute name is a reserved keyword;
//               reserved keyword: <word>"
// Every message is a ValidationException prefixed "Invalid <Kind>Expression: ".
// Placeholders, operand counts, distinct operands, operand types and BETWEEN
// bounds are checked by ResolveCondition, which knows the values.
//
// Bounds: operators (comparators, BETWEEN, IN, AND, OR, NOT) at most 300,
// IN lists at most 100, paths at most 32 levels, and nesting of parentheses
// and function calls at most kMaxParseDepth. Recursion is bounded by the
// latter, so no input can exhaust the stack.
//
// Thread safety: pure function.

#ifndef EDDY_EMULATOR_EXPR_CONDITION_PARSER_H_
#define EDDY_EMULATOR_EXPR_CONDITION_PARSER_H_

#include <string_view>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/expression_kind.h"

namespace eddy::expr {

// Deepest nesting of parentheses and function calls the parser follows. Any
// valid expression nests far less (each non-redundant level needs one of the
// 300 operators). Deeper input fails with the error DynamoDB would give when
// it can be known (redundant parentheses, an unknown function), otherwise
// with a syntax error at the token where the limit was hit.
inline constexpr int kMaxParseDepth = 512;

// Parses a condition, filter or key-condition expression. `kind` only sets
// the message prefix ("Invalid <Kind>Expression: ").
StatusOr<ParsedCondition> ParseCondition(std::string_view text,
                                         ExpressionKind kind);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_CONDITION_PARSER_H_
