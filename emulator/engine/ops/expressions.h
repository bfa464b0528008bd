// Copyright 2026 The eddy Authors.
//
// How operations compile the expressions of a request: every expression is
// resolved against the request's ExpressionAttributeNames/Values, usage is
// collected across all of them, and unused placeholders are reported last
// (api-semantics.md §1.1 check order).
//
//   Placeholders p(request.expression_attribute_names,
//   request.expression_attribute_values); EDDY_ASSIGN_OR_RETURN(auto condition,
//                         p.Compile(request.condition_expression,
//                         expr::ExpressionKind::kCondition));
//   EDDY_RETURN_IF_ERROR(p.CheckAllUsed());

#ifndef EDDY_EMULATOR_ENGINE_OPS_EXPRESSIONS_H_
#define EDDY_EMULATOR_ENGINE_OPS_EXPRESSIONS_H_

#include <map>
#include <optional>
#include <string>

#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/resolve.h"
#include "emulator/storage/record.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

class Placeholders {
 public:
  Placeholders(const std::optional<ExpressionAttributeNames>& names,
               const std::optional<ExpressionAttributeValues>& values)
      : names_(names ? &*names : nullptr),
        values_(values ? &*values : nullptr) {}

  // Compiles a condition-shaped expression if present (nullopt when absent).
  // The result points into the request's ExpressionAttributeValues instead
  // of copying them (expr::ValueHolding::kBorrow), so it must not outlive
  // the request (every caller evaluates it within the operation).
  StatusOr<std::optional<expr::ResolvedCondition>> Compile(
      const std::optional<std::string>& text, expr::ExpressionKind kind);

  // After every expression: unused names, then unused values (§6 #20).
  Status CheckAllUsed() const;

  const ExpressionAttributeNames* names() const { return names_; }
  const AttributeMap* values() const { return values_; }
  expr::PlaceholderUsage* usage() { return &usage_; }

 private:
  const ExpressionAttributeNames* names_;
  const AttributeMap* values_;
  expr::PlaceholderUsage usage_;
};

// The condition of a write: its ConditionExpression, or its legacy Expected
// (+ ConditionalOperator) translated; nullopt when it has neither. Checks that
// the two forms are not mixed and that every placeholder is used.
StatusOr<std::optional<expr::ResolvedCondition>> CompileWriteCondition(
    const std::optional<std::string>& condition_expression,
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values,
    const std::optional<std::map<std::string, ExpectedAttributeValue>>&
        expected,
    std::optional<ConditionalOperator> conditional_operator);

// The ExpressionAttributeNames of a read whose one expression is its
// ProjectionExpression (GetItem, a BatchGetItem table, a TransactGetItems
// Get): names without the expression are refused first ("... can only be
// specified when using expressions", an empty map included), then an empty
// map ("ExpressionAttributeNames must not be empty"). Sources: moto's
// aws_verified GetItem test; dynalite's tests (docs/validation-order.md).
// Errors: ValidationException.
Status CheckProjectionNames(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<std::string>& projection_expression);

// The projection of a read: its ProjectionExpression (resolved with the
// request's names, recording their use in `placeholders`) or its legacy
// AttributesToGet; nullopt when it has neither.
StatusOr<std::optional<expr::ResolvedProjection>> CompileProjection(
    const std::optional<std::string>& projection_expression,
    const std::optional<std::vector<std::string>>& attributes_to_get,
    Placeholders& placeholders);

// Evaluates a ConditionExpression against the stored item (null when there is
// none: the condition then sees an empty item). On false:
// ConditionalCheckFailedException, carrying the stored item when
// `return_item_on_failure` (ReturnValuesOnConditionCheckFailure ALL_OLD) and
// the item exists. OK when there is no condition.
Status CheckCondition(const expr::ResolvedCondition* condition,
                      const Item* existing, bool return_item_on_failure);
// The same for a stored record, decoding it only when there is a condition.
Status CheckCondition(const expr::ResolvedCondition* condition,
                      const storage::Record* existing,
                      bool return_item_on_failure);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_EXPRESSIONS_H_
