// Copyright 2026 The eddy Authors.
//
// The syntax tree of ConditionExpression, FilterExpression and
// KeyConditionExpression (api-semantics.md §1.3), shared by the parser
// (condition_parser.h), the resolve pass (resolve.h), the evaluator
// (evaluate.h) and the key-condition compiler (key_condition.h).
//
// A tree is built once and never changes. Parsing yields a ParsedCondition
// whose paths may hold `#name` placeholders and whose values are `:value`
// names; resolving yields a ResolvedCondition, the same shape with every
// name substituted and every value attached.
//
//   StatusOr<ParsedCondition> parsed =
//       ParseCondition("a.b[2] = :v AND NOT size(c) > :n",
//                      ExpressionKind::kCondition);
//   parsed->DebugString();
//   // (and (= a.b[2] :v) (not (> (size c) :n)))
//   parsed->ToExpression();   // parses back to the same tree
//   // (a.b[2] = :v) AND (NOT (size(c) > :n))
//
// Shape: AND and OR are binary and left-associative, NOT is unary; a leaf is
// a comparison, BETWEEN, IN, or a boolean function call. Operands are
// document paths, values or function calls (only size() is valid as an
// operand; the parser reports misuse). Parentheses leave no trace.
//
// Depth: the parser bounds nesting (kMaxParseDepth plus the 300-operator
// limit), so recursive walks over any tree it built are bounded too. Trees
// built from the legacy parameters (engine/ops/legacy.h) have no operator
// limit but join their clauses in a balanced AND/OR tree, so their depth is
// logarithmic in the number of clauses.
//
// Thread safety: trees are immutable; share them freely across threads.

#ifndef EDDY_EMULATOR_EXPR_AST_H_
#define EDDY_EMULATOR_EXPR_AST_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/expr/expression_kind.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr {

// One step of a document path: a map key / top-level name, or a list index.
struct PathElement {
  enum class Kind : uint8_t { kName, kIndex };
  Kind kind = Kind::kName;
  // kName: the attribute name. Before resolution a placeholder element holds
  // its placeholder here too ("#n"); after resolution, the name it stands for.
  std::string name;
  // The `#name` placeholder this element was written as; empty otherwise.
  std::string placeholder;
  // kIndex: the list index (saturates at UINT32_MAX).
  uint32_t index = 0;

  bool operator==(const PathElement& other) const = default;
};

// name ('.' name | '[' index ']')*; the first element is always a name.
struct DocumentPath {
  std::vector<PathElement> elements;

  // The path as DynamoDB quotes it in messages: "[a, b, [3]]".
  std::string ToBracketString() const;
  // As written: "a.#n[3]" (placeholders shown as placeholders).
  std::string ToExpression() const;
  // As the canonical dumps print it: resolved placeholders as the name in
  // backquotes ("a.`my name`[3]"), unresolved ones as written.
  std::string DebugString() const;

  bool operator==(const DocumentPath& other) const = default;
};

enum class Comparator : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };
// "=", "<>", "<", "<=", ">", ">=".
std::string_view ComparatorSymbol(Comparator op);

// The condition-expression functions. Names are case-sensitive.
enum class Function : uint8_t {
  kAttributeExists,
  kAttributeNotExists,
  kAttributeType,
  kBeginsWith,
  kContains,
  kSize,
  kUnknown,  // the parser has reported "Invalid function name" already
};
// "attribute_exists", ...; empty for kUnknown.
std::string_view FunctionName(Function f);
// kUnknown when `name` is not one of the six functions (exact case).
Function FunctionFromName(std::string_view name);

struct Operand {
  enum class Kind : uint8_t { kPath, kValue, kFunction };
  Kind kind = Kind::kPath;

  // kPath
  DocumentPath path;

  // kValue: the `:value` placeholder as written, and after resolution the
  // value it stands for (null before).
  std::string value_name;
  std::shared_ptr<const AttributeValue> value;

  // kFunction: the function, its name as written, and its arguments.
  Function function = Function::kUnknown;
  std::string function_name;
  std::vector<Operand> args;
};

struct Condition {
  enum class Kind : uint8_t {
    kComparison,  // operands[0] <comparator> operands[1]
    kBetween,     // operands[0] BETWEEN operands[1] AND operands[2]
    kIn,          // operands[0] IN (operands[1], ...)
    kFunction,    // operands[0] is a kFunction operand
    kAnd,         // children[0] AND children[1]
    kOr,          // children[0] OR children[1]
    kNot,         // NOT children[0]
  };
  Kind kind = Kind::kComparison;
  Comparator comparator = Comparator::kEq;
  std::vector<Operand> operands;
  std::vector<std::unique_ptr<const Condition>> children;
};

// Canonical, fully parenthesised prefix dump used by the parser tests:
//   (= a.b[1] :v)  (between x :lo :hi)  (in x :a :b)  (begins_with s :p)
//   (and X Y)  (or X Y)  (not X)  (size a)
// Resolved values print as their DebugString ({S:"x"}) and resolved
// placeholder names as the name in backquotes (`my name`).
std::string DebugString(const Condition& condition);
std::string DebugString(const Operand& operand);

// Expression text that parses back to the same tree: every child of AND, OR
// and NOT is parenthesised (never twice, so it is never "redundant").
std::string ToExpression(const Condition& condition);

// The top-level attribute names a condition reads, each once, in order of
// first use (after #name substitution when the tree is resolved). A Query
// uses it to reject key attributes in a FilterExpression:
//   "Filter Expression can only contain non-primary key attributes: Primary
//   key attribute: sk".
std::vector<std::string> TopLevelAttributeNames(const Condition& condition);

// A parsed (not yet resolved) condition: placeholders still by name.
struct ParsedCondition {
  ExpressionKind kind = ExpressionKind::kCondition;
  std::shared_ptr<const Condition> root;  // never null once parsed

  std::string DebugString() const { return expr::DebugString(*root); }
  std::string ToExpression() const { return expr::ToExpression(*root); }
};

// A condition whose names and values are all substituted; ready for
// Evaluate() or CompileKeyCondition().
struct ResolvedCondition {
  ExpressionKind kind = ExpressionKind::kCondition;
  std::shared_ptr<const Condition> root;  // never null once resolved

  std::string DebugString() const { return expr::DebugString(*root); }
  // See TopLevelAttributeNames(const Condition&).
  std::vector<std::string> TopLevelAttributeNames() const {
    return expr::TopLevelAttributeNames(*root);
  }
};

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_AST_H_
