// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/expressions.h"

#include <memory>

#include "emulator/engine/ops/item_checks.h"
#include "emulator/engine/ops/legacy.h"
#include "emulator/expr/evaluate.h"

namespace eddy::engine {

StatusOr<std::optional<expr::ResolvedCondition>> Placeholders::Compile(
    const std::optional<std::string>& text, expr::ExpressionKind kind) {
  if (!text) return std::optional<expr::ResolvedCondition>();
  EDDY_ASSIGN_OR_RETURN(
      expr::ResolvedCondition c,
      expr::CompileCondition(*text, kind, names_, values_, &usage_,
                             expr::ValueHolding::kBorrow));
  return std::optional<expr::ResolvedCondition>(std::move(c));
}

Status Placeholders::CheckAllUsed() const {
  return expr::CheckAllPlaceholdersUsed(names_, values_, usage_);
}

StatusOr<std::optional<expr::ResolvedCondition>> CompileWriteCondition(
    const std::optional<std::string>& condition_expression,
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<ExpressionAttributeValues>& values,
    const std::optional<std::map<std::string, ExpectedAttributeValue>>&
        expected,
    std::optional<ConditionalOperator> conditional_operator) {
  std::vector<std::string_view> legacy, expressions;
  if (expected) legacy.push_back("Expected");
  if (conditional_operator) legacy.push_back("ConditionalOperator");
  if (condition_expression) expressions.push_back("ConditionExpression");
  EDDY_RETURN_IF_ERROR(CheckNotMixed(legacy, expressions));
  EDDY_RETURN_IF_ERROR(CheckConditionalOperator(
      conditional_operator.has_value(),
      expected ? std::optional<size_t>(expected->size()) : std::nullopt));
  if (expected) return CompileExpected(*expected, conditional_operator);
  Placeholders placeholders(names, values);
  EDDY_ASSIGN_OR_RETURN(std::optional<expr::ResolvedCondition> condition,
                        placeholders.Compile(condition_expression,
                                             expr::ExpressionKind::kCondition));
  EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  return condition;
}

Status CheckProjectionNames(
    const std::optional<ExpressionAttributeNames>& names,
    const std::optional<std::string>& projection_expression) {
  if (names && !projection_expression) {
    return Status::Validation(
        "ExpressionAttributeNames can only be specified when using "
        "expressions");
  }
  if (names && names->empty()) {
    return Status::Validation("ExpressionAttributeNames must not be empty");
  }
  return Status::OK();
}

StatusOr<std::optional<expr::ResolvedProjection>> CompileProjection(
    const std::optional<std::string>& projection_expression,
    const std::optional<std::vector<std::string>>& attributes_to_get,
    Placeholders& placeholders) {
  EDDY_RETURN_IF_ERROR(CheckNotMixed(
      attributes_to_get ? std::vector<std::string_view>{"AttributesToGet"}
                        : std::vector<std::string_view>{},
      projection_expression
          ? std::vector<std::string_view>{"ProjectionExpression"}
          : std::vector<std::string_view>{}));
  if (attributes_to_get) {
    EDDY_ASSIGN_OR_RETURN(expr::ResolvedProjection p,
                          CompileAttributesToGet(*attributes_to_get));
    return std::optional<expr::ResolvedProjection>(std::move(p));
  }
  if (!projection_expression) return std::optional<expr::ResolvedProjection>();
  EDDY_RETURN_IF_ERROR(CheckPlaceholderEntries(placeholders.names(), nullptr));
  EDDY_ASSIGN_OR_RETURN(
      expr::ResolvedProjection p,
      expr::CompileProjection(*projection_expression, placeholders.names(),
                              placeholders.usage()));
  return std::optional<expr::ResolvedProjection>(std::move(p));
}

Status CheckCondition(const expr::ResolvedCondition* condition,
                      const Item* existing, bool return_item_on_failure) {
  if (condition == nullptr) return Status::OK();
  static const Item kEmpty;
  if (expr::Evaluate(*condition, existing ? *existing : kEmpty))
    return Status::OK();
  Status failed = Status::ConditionalCheckFailed();
  if (existing != nullptr && return_item_on_failure) {
    failed = failed.WithItem(std::make_shared<const Item>(*existing));
  }
  return failed;
}

Status CheckCondition(const expr::ResolvedCondition* condition,
                      const storage::Record* existing,
                      bool return_item_on_failure) {
  if (condition == nullptr) return Status::OK();
  if (existing == nullptr)
    return CheckCondition(condition, static_cast<const Item*>(nullptr), false);
  const Item current = existing->Decode();
  return CheckCondition(condition, &current, return_item_on_failure);
}

}  // namespace eddy::engine
