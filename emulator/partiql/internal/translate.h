// Copyright 2026 The eddy Authors.
//
// From the PartiQL syntax tree to the expression module's trees.
// Internal to emulator/partiql.
//
// The Translator builds trees in the resolved shape: paths hold the
// attribute names themselves and value operands hold their values, exactly
// as ResolveCondition would leave them. The planners inspect and cut these
// trees (key extraction, OR decomposition); RequestExpressions
// (request_expressions.h) then gives each request its placeholders.
//
// Thread safety: a Translator is used by one thread.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_TRANSLATE_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_TRANSLATE_H_

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/update.h"
#include "emulator/partiql/ast.h"
#include "emulator/types/attribute_value.h"

namespace eddy::partiql::internal {

using ConditionPtr = std::unique_ptr<expr::Condition>;

// Most operands an IN may list (DynamoDB: 100 values; 50 for a partition
// key, which decomposes into reads).
inline constexpr int kMaxInOperands = 100;
// Most document path elements (the expression language's limit).
inline constexpr int kMaxPathLevels = 32;

// Deep copies (the trees hold unique_ptrs).
ConditionPtr CloneCondition(const expr::Condition& c);
expr::Operand CloneOperand(const expr::Operand& o);

// Takes back ownership of a child of a tree this module built. The
// expression module stores children as pointers to const; every tree here
// was created mutable by this module, so the pointee may be modified.
ConditionPtr ReleaseChild(std::unique_ptr<const expr::Condition> child);

// The top-level name of a path operand; empty for other operands.
std::string_view TopName(const expr::Operand& operand);

// A condition node "a AND b" / "a OR b" / "NOT a".
ConditionPtr MakeAnd(ConditionPtr a, ConditionPtr b);
ConditionPtr MakeOr(ConditionPtr a, ConditionPtr b);
ConditionPtr MakeNot(ConditionPtr a);
// `path = value` / `path <op> value`.
ConditionPtr MakeComparison(expr::Comparator op, expr::Operand left,
                            expr::Operand right);
expr::Operand PathOperand(std::string name);
expr::Operand ValueOperand(AttributeValue value);
// attribute_exists(name) / attribute_not_exists(name).
ConditionPtr MakeExistsCheck(bool exists, std::string name);

class Translator {
 public:
  explicit Translator(std::span<const AttributeValue> parameters)
      : parameters_(parameters) {}

  // A WHERE clause (or an EXISTS condition).
  // Errors: "WHERE clause must contain an expression that resolves to a
  // boolean" and the per-node messages (see translate.cc).
  StatusOr<ConditionPtr> Where(const Node& where);

  // SET / REMOVE operations of an UPDATE, in order.
  StatusOr<std::vector<expr::UpdateAction>> Update(
      const std::vector<DmlOp>& ops);

  // A document path written as a name or a path.
  StatusOr<expr::DocumentPath> Path(const Node& node);

  // A value: a literal document or a parameter.
  StatusOr<AttributeValue> Value(const Node& node);

  // The value of parameter `position` (1-based).
  StatusOr<AttributeValue> Parameter(int64_t position) const;

 private:
  struct Piece;  // an operand or a condition
  StatusOr<Piece> Expr(const Node& node);
  StatusOr<Piece> Comparison(const Node& node);
  StatusOr<Piece> In(const Node& node);
  StatusOr<Piece> IsType(const Node& node);
  StatusOr<Piece> Call(const Node& node);
  StatusOr<ConditionPtr> BoolEquals(ConditionPtr c, Piece other, bool equal);
  StatusOr<expr::UpdateOperand> UpdateOperand(const Node& node);
  StatusOr<expr::UpdateAction> SetAction(const Assignment& assignment);

  std::span<const AttributeValue> parameters_;
  int emitted_ = 0;  // condition nodes built, against blow-up by rewriting
};

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_TRANSLATE_H_
