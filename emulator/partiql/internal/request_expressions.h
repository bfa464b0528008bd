// Copyright 2026 The eddy Authors.
//
// From the expression trees the Translator builds (translate.h) to one
// typed request's expression strings and placeholder maps. Internal to
// emulator/partiql.
//
// RequestExpressions turns a tree into the parsed shape of one request:
// every name becomes `#k`, every value `:k`, recorded in the request's
// ExpressionAttributeNames / Values; then the expression module's resolve
// pass validates it. Its messages lose the "Invalid <X>Expression: "
// prefix, which PartiQL does not send.
//
// Thread safety: a RequestExpressions is used by one thread.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_REQUEST_EXPRESSIONS_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_REQUEST_EXPRESSIONS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/resolve.h"
#include "emulator/expr/update.h"
#include "emulator/partiql/internal/translate.h"
#include "emulator/types/attribute_value.h"

namespace eddy::partiql::internal {

// The placeholders and their maps for one typed request.
class RequestExpressions {
 public:
  // The parsed shape of `condition`.
  expr::ParsedCondition Condition(const expr::Condition& condition,
                                  expr::ExpressionKind kind);
  expr::ParsedUpdate Update(const std::vector<expr::UpdateAction>& actions);
  expr::ParsedProjection Projection(
      const std::vector<expr::DocumentPath>& paths);

  // Validates through the expression module; errors lose their
  // "Invalid <X>Expression: " prefix.
  StatusOr<expr::ResolvedCondition> Resolve(const expr::ParsedCondition& c);
  StatusOr<expr::ResolvedUpdate> Resolve(const expr::ParsedUpdate& u);
  StatusOr<expr::ResolvedProjection> Resolve(const expr::ParsedProjection& p);

  // For the typed request: absent when no placeholder of the kind exists.
  std::optional<std::map<std::string, std::string>> names() const;
  // Moves the values out (a parameter's value may be large; the compiled
  // expressions hold their own copies). Call once, after the last Resolve.
  std::optional<AttributeMap> TakeValues();

 private:
  std::string NameFor(const std::string& attribute);
  std::string ValueFor(const AttributeValue& value);
  expr::DocumentPath Placeholders(const expr::DocumentPath& path);
  expr::Operand Placeholders(const expr::Operand& operand);
  ConditionPtr Placeholders(const expr::Condition& condition);
  expr::UpdateOperand Placeholders(const expr::UpdateOperand& operand);

  std::map<std::string, std::string> names_;    // "#k" -> name
  std::map<std::string, std::string> name_of_;  // name -> "#k"
  AttributeMap values_;                         // ":k" -> value
  int value_count_ = 0;
  expr::PlaceholderUsage usage_;
};

// Removes "Invalid <X>Expression: " from an expression-module error.
Status StripExpressionPrefix(const Status& status);

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_REQUEST_EXPRESSIONS_H_
