// Copyright 2026 The eddy Authors.

#include "emulator/expr/expression_kind.h"

#include <string>

namespace eddy::expr {

std::string_view ExpressionKindName(ExpressionKind kind) {
  switch (kind) {
    case ExpressionKind::kCondition:
      return "ConditionExpression";
    case ExpressionKind::kKeyCondition:
      return "KeyConditionExpression";
    case ExpressionKind::kFilter:
      return "FilterExpression";
    case ExpressionKind::kUpdate:
      return "UpdateExpression";
    case ExpressionKind::kProjection:
      return "ProjectionExpression";
  }
  return "Expression";
}

Status InvalidExpression(ExpressionKind kind, std::string_view detail) {
  std::string message = "Invalid ";
  message.append(ExpressionKindName(kind));
  message.append(": ");
  message.append(detail);
  return Status::Validation(std::move(message));
}

}  // namespace eddy::expr
