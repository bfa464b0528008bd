// Copyright 2026 The eddy Authors.

#include "emulator/engine/expressions.h"

#include <memory>

#include "emulator/expr/evaluate.h"

namespace eddy::engine {

StatusOr<std::optional<expr::ResolvedCondition>> Placeholders::Compile(
    const std::optional<std::string>& text, expr::ExpressionKind kind) {
  if (!text) return std::optional<expr::ResolvedCondition>();
  EDDY_ASSIGN_OR_RETURN(expr::ResolvedCondition c,
                        expr::CompileCondition(*text, kind, names_, values_, &usage_));
  return std::optional<expr::ResolvedCondition>(std::move(c));
}

Status Placeholders::CheckAllUsed() const {
  return expr::CheckAllPlaceholdersUsed(names_, values_, usage_);
}

Status CheckCondition(const std::optional<expr::ResolvedCondition>& condition,
                      const storage::Record* existing, bool return_item_on_failure) {
  if (!condition) return Status::OK();
  Item current = existing ? existing->Decode() : Item();
  if (expr::Evaluate(*condition, current)) return Status::OK();
  Status failed = Status::ConditionalCheckFailed();
  if (existing != nullptr && return_item_on_failure) {
    failed = failed.WithItem(std::make_shared<const Item>(std::move(current)));
  }
  return failed;
}

}  // namespace eddy::engine
