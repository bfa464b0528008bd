// Copyright 2026 The eddy Authors.

#include "emulator/partiql/internal/request_expressions.h"

#include <memory>
#include <string>
#include <utility>

namespace eddy::partiql::internal {

using expr::Operand;

std::string RequestExpressions::NameFor(const std::string& attribute) {
  auto it = name_of_.find(attribute);
  if (it != name_of_.end()) return it->second;
  std::string key = "#" + std::to_string(names_.size());
  names_[key] = attribute;
  name_of_[attribute] = key;
  return key;
}

std::string RequestExpressions::ValueFor(const AttributeValue& value) {
  std::string key = ":" + std::to_string(value_count_++);
  values_.Set(key, value);
  return key;
}

expr::DocumentPath RequestExpressions::Placeholders(
    const expr::DocumentPath& path) {
  expr::DocumentPath out = path;
  for (expr::PathElement& e : out.elements) {
    if (e.kind != expr::PathElement::Kind::kName) continue;
    e.placeholder = NameFor(e.name);
    e.name = e.placeholder;
  }
  return out;
}

expr::Operand RequestExpressions::Placeholders(const expr::Operand& operand) {
  expr::Operand out;
  out.kind = operand.kind;
  switch (operand.kind) {
    case Operand::Kind::kPath:
      out.path = Placeholders(operand.path);
      break;
    case Operand::Kind::kValue:
      out.value_name = ValueFor(*operand.value);
      break;
    case Operand::Kind::kFunction:
      out.function = operand.function;
      out.function_name = operand.function_name;
      for (const Operand& arg : operand.args) {
        out.args.push_back(Placeholders(arg));
      }
      break;
  }
  return out;
}

ConditionPtr RequestExpressions::Placeholders(const expr::Condition& c) {
  auto out = std::make_unique<expr::Condition>();
  out->kind = c.kind;
  out->comparator = c.comparator;
  for (const Operand& o : c.operands) out->operands.push_back(Placeholders(o));
  for (const auto& child : c.children) {
    out->children.push_back(Placeholders(*child));
  }
  return out;
}

expr::UpdateOperand RequestExpressions::Placeholders(
    const expr::UpdateOperand& operand) {
  expr::UpdateOperand out;
  out.kind = operand.kind;
  switch (operand.kind) {
    case expr::UpdateOperand::Kind::kPath:
      out.path = Placeholders(operand.path);
      break;
    case expr::UpdateOperand::Kind::kValue:
      out.value_name = ValueFor(*operand.value);
      break;
    case expr::UpdateOperand::Kind::kFunction:
      out.function = operand.function;
      out.function_name = operand.function_name;
      for (const expr::UpdateOperand& arg : operand.args) {
        out.args.push_back(Placeholders(arg));
      }
      break;
  }
  return out;
}

expr::ParsedCondition RequestExpressions::Condition(
    const expr::Condition& condition, expr::ExpressionKind kind) {
  expr::ParsedCondition parsed;
  parsed.kind = kind;
  parsed.root = Placeholders(condition);
  return parsed;
}

expr::ParsedUpdate RequestExpressions::Update(
    const std::vector<expr::UpdateAction>& actions) {
  expr::ParsedUpdate parsed;
  for (const expr::UpdateAction& a : actions) {
    expr::UpdateAction out;
    out.kind = a.kind;
    out.arithmetic = a.arithmetic;
    out.path = Placeholders(a.path);
    for (const expr::UpdateOperand& o : a.operands) {
      out.operands.push_back(Placeholders(o));
    }
    parsed.actions.push_back(std::move(out));
  }
  return parsed;
}

expr::ParsedProjection RequestExpressions::Projection(
    const std::vector<expr::DocumentPath>& paths) {
  expr::ParsedProjection parsed;
  for (const expr::DocumentPath& p : paths) {
    parsed.paths.push_back(Placeholders(p));
  }
  return parsed;
}

StatusOr<expr::ResolvedCondition> RequestExpressions::Resolve(
    const expr::ParsedCondition& c) {
  StatusOr<expr::ResolvedCondition> r =
      expr::ResolveCondition(c, &names_, &values_, &usage_);
  if (!r.ok()) return StripExpressionPrefix(r.status());
  return r;
}

StatusOr<expr::ResolvedUpdate> RequestExpressions::Resolve(
    const expr::ParsedUpdate& u) {
  StatusOr<expr::ResolvedUpdate> r =
      expr::ResolveUpdate(u, &names_, &values_, &usage_);
  if (!r.ok()) return StripExpressionPrefix(r.status());
  return r;
}

StatusOr<expr::ResolvedProjection> RequestExpressions::Resolve(
    const expr::ParsedProjection& p) {
  StatusOr<expr::ResolvedProjection> r =
      expr::ResolveProjection(p, &names_, &usage_);
  if (!r.ok()) return StripExpressionPrefix(r.status());
  return r;
}

std::optional<std::map<std::string, std::string>> RequestExpressions::names()
    const {
  if (names_.empty()) return std::nullopt;
  return names_;
}

std::optional<AttributeMap> RequestExpressions::TakeValues() {
  if (values_.empty()) return std::nullopt;
  return std::move(values_);
}

Status StripExpressionPrefix(const Status& status) {
  if (status.ok() || status.code() != ErrorCode::kValidation) return status;
  std::string_view message = status.message();
  static constexpr std::string_view kInvalid = "Invalid ";
  if (message.substr(0, kInvalid.size()) == kInvalid) {
    size_t colon = message.find("Expression: ");
    if (colon != std::string_view::npos && colon < 40) {
      return Status::Validation(std::string(
          message.substr(colon + std::string_view("Expression: ").size())));
    }
  }
  return status;
}

}  // namespace eddy::partiql::internal
