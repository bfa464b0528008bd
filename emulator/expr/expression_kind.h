// Copyright 2026 The eddy Authors.
//
// ExpressionKind names the request parameter an expression came from. Every
// expression error DynamoDB sends starts with "Invalid <Kind>Expression: ",
// so the kind travels with the text through parsing and resolution.
//
//   Status s = InvalidExpression(ExpressionKind::kFilter,
//                                "The expression can not be empty;");
//   // "Invalid FilterExpression: The expression can not be empty;"
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_EXPR_EXPRESSION_KIND_H_
#define EDDY_EMULATOR_EXPR_EXPRESSION_KIND_H_

#include <cstdint>
#include <string_view>

#include "emulator/base/status.h"

namespace eddy::expr {

enum class ExpressionKind : uint8_t {
  kCondition,     // ConditionExpression
  kKeyCondition,  // KeyConditionExpression
  kFilter,        // FilterExpression
  kUpdate,        // UpdateExpression
  kProjection,    // ProjectionExpression
};

// The request parameter: "ConditionExpression", "KeyConditionExpression", ...
std::string_view ExpressionKindName(ExpressionKind kind);

// ValidationException "Invalid <Kind>Expression: <detail>".
Status InvalidExpression(ExpressionKind kind, std::string_view detail);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_EXPRESSION_KIND_H_
