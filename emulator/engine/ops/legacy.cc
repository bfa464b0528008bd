// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/legacy.h"

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";
using Op = ComparisonOperator;
using expr::Operand;
using ExprCondition = expr::Condition;

Status Invalid(std::string detail) {
  return Status::Validation(kInvalid + std::move(detail));
}

// How many values each operator takes: exactly `min` when min == max.
struct Arity {
  size_t min, max;
};
Arity ArityOf(Op op) {
  switch (op) {
    case Op::kNull:
    case Op::kNotNull:
      return {0, 0};
    case Op::kIn:
      return {1, SIZE_MAX};
    case Op::kBetween:
      return {2, 2};
    default:
      return {1, 1};
  }
}

bool IsScalarKeyType(const AttributeValue& v) {
  return v.is(AttributeType::kS) || v.is(AttributeType::kN) ||
         v.is(AttributeType::kB);
}

// Whether `op` accepts a value of this type (API_Condition.html: EQ and NE
// take any type; the ordering operators, IN, CONTAINS and NOT_CONTAINS a
// String, Number or Binary; BEGINS_WITH a String or Binary).
bool AcceptsType(Op op, const AttributeValue& v) {
  switch (op) {
    case Op::kLe:
    case Op::kLt:
    case Op::kGe:
    case Op::kGt:
    case Op::kBetween:
    case Op::kIn:
    case Op::kContains:
    case Op::kNotContains:
      return IsScalarKeyType(v);
    case Op::kBeginsWith:
      return v.is(AttributeType::kS) || v.is(AttributeType::kB);
    default:
      return true;
  }
}

// The checks every legacy condition gets, in DynamoDB's order: the number
// of values, one type for all of them, a type the operator accepts, and a
// BETWEEN range in order.
Status CheckCondition(Op op, const std::vector<AttributeValue>& values) {
  const Arity arity = ArityOf(op);
  if (values.size() < arity.min || values.size() > arity.max) {
    return Invalid("Invalid number of argument(s) for the " +
                   std::string(ComparisonOperatorName(op)) +
                   " ComparisonOperator");
  }
  for (const AttributeValue& v : values) {
    if (v.type() != values[0].type()) {
      return Invalid(
          "AttributeValues inside AttributeValueList must be of same type");
    }
  }
  for (const AttributeValue& v : values) {
    if (!AcceptsType(op, v)) {
      return Invalid(
          "ComparisonOperator " + std::string(ComparisonOperatorName(op)) +
          " is not valid for " + std::string(AttributeTypeName(v.type())) +
          " AttributeValue type");
    }
  }
  if (op == Op::kBetween && CompareScalars(values[0], values[1]) > 0) {
    return Status::Validation(
        "The BETWEEN condition was provided a range where the lower bound is "
        "greater than the upper bound");
  }
  return Status::OK();
}

Operand PathOperand(const std::string& name) {
  Operand operand;
  operand.kind = Operand::Kind::kPath;
  operand.path.elements.push_back(expr::PathElement{.name = name});
  return operand;
}

// A value operand that shares ownership of `values` (one allocation for a
// whole AttributeValueList, however long).
Operand ValueOperand(
    const std::shared_ptr<const std::vector<AttributeValue>>& values,
    size_t i) {
  Operand operand;
  operand.kind = Operand::Kind::kValue;
  operand.value = std::shared_ptr<const AttributeValue>(values, &(*values)[i]);
  return operand;
}

Operand FunctionOperand(expr::Function function, std::vector<Operand> args) {
  Operand operand;
  operand.kind = Operand::Kind::kFunction;
  operand.function = function;
  operand.function_name = std::string(expr::FunctionName(function));
  operand.args = std::move(args);
  return operand;
}

std::unique_ptr<ExprCondition> FunctionLeaf(expr::Function function,
                                            std::vector<Operand> args) {
  auto leaf = std::make_unique<ExprCondition>();
  leaf->kind = ExprCondition::Kind::kFunction;
  leaf->operands.push_back(FunctionOperand(function, std::move(args)));
  return leaf;
}

// The clause for attribute `name` with operator `op` and `values` (already
// checked), as the expression it stands for.
std::unique_ptr<ExprCondition> Clause(const std::string& name, Op op,
                                      const std::vector<AttributeValue>& list) {
  auto values = std::make_shared<const std::vector<AttributeValue>>(list);
  auto leaf = std::make_unique<ExprCondition>();
  leaf->operands.push_back(PathOperand(name));
  auto comparison = [&](expr::Comparator c) {
    leaf->kind = ExprCondition::Kind::kComparison;
    leaf->comparator = c;
    leaf->operands.push_back(ValueOperand(values, 0));
  };
  switch (op) {
    case Op::kEq:
      comparison(expr::Comparator::kEq);
      break;
    case Op::kNe:
      comparison(expr::Comparator::kNe);
      break;
    case Op::kLe:
      comparison(expr::Comparator::kLe);
      break;
    case Op::kLt:
      comparison(expr::Comparator::kLt);
      break;
    case Op::kGe:
      comparison(expr::Comparator::kGe);
      break;
    case Op::kGt:
      comparison(expr::Comparator::kGt);
      break;
    case Op::kNotNull:
      return FunctionLeaf(expr::Function::kAttributeExists,
                          {PathOperand(name)});
    case Op::kNull:
      return FunctionLeaf(expr::Function::kAttributeNotExists,
                          {PathOperand(name)});
    case Op::kContains:
      return FunctionLeaf(expr::Function::kContains,
                          {PathOperand(name), ValueOperand(values, 0)});
    case Op::kNotContains: {
      auto negation = std::make_unique<ExprCondition>();
      negation->kind = ExprCondition::Kind::kNot;
      negation->children.push_back(
          FunctionLeaf(expr::Function::kContains,
                       {PathOperand(name), ValueOperand(values, 0)}));
      return negation;
    }
    case Op::kBeginsWith:
      return FunctionLeaf(expr::Function::kBeginsWith,
                          {PathOperand(name), ValueOperand(values, 0)});
    case Op::kBetween:
      leaf->kind = ExprCondition::Kind::kBetween;
      leaf->operands.push_back(ValueOperand(values, 0));
      leaf->operands.push_back(ValueOperand(values, 1));
      break;
    case Op::kIn:
      leaf->kind = ExprCondition::Kind::kIn;
      leaf->operands.reserve(values->size() + 1);
      for (size_t i = 0; i < values->size(); ++i) {
        leaf->operands.push_back(ValueOperand(values, i));
      }
      break;
  }
  return leaf;
}

// Joins clauses[begin, end) with AND or OR into a balanced tree: the same
// truth value as a chain, with a depth of log2(end - begin).
// REQUIRES: begin < end.
std::unique_ptr<const ExprCondition> Join(
    std::vector<std::unique_ptr<ExprCondition>>& clauses, size_t begin,
    size_t end, ExprCondition::Kind joiner) {
  if (end - begin == 1) return std::move(clauses[begin]);
  const size_t middle = begin + (end - begin) / 2;
  auto node = std::make_unique<ExprCondition>();
  node->kind = joiner;
  node->children.push_back(Join(clauses, begin, middle, joiner));
  node->children.push_back(Join(clauses, middle, end, joiner));
  return node;
}

std::optional<expr::ResolvedCondition> Finish(
    std::vector<std::unique_ptr<ExprCondition>> clauses,
    std::optional<ConditionalOperator> op, expr::ExpressionKind kind) {
  if (clauses.empty()) return std::nullopt;
  expr::ResolvedCondition condition;
  condition.kind = kind;
  condition.root =
      Join(clauses, 0, clauses.size(),
           op == ConditionalOperator::kOr ? ExprCondition::Kind::kOr
                                          : ExprCondition::Kind::kAnd);
  return condition;
}

}  // namespace

StatusOr<std::optional<expr::ResolvedCondition>> CompileExpected(
    const std::map<std::string, ExpectedAttributeValue>& expected,
    std::optional<ConditionalOperator> conditional_operator) {
  std::vector<std::unique_ptr<ExprCondition>> clauses;
  clauses.reserve(expected.size());
  for (const auto& [name, e] : expected) {
    EDDY_RETURN_IF_ERROR(ValidateAttributeName(name));
    if (e.comparison_operator) {
      const Op op = *e.comparison_operator;
      if (e.exists) {
        return Invalid(
            "Exists and ComparisonOperator cannot be used together for "
            "Attribute: " +
            name);
      }
      if (e.value && !e.attribute_value_list.empty()) {
        return Invalid(
            "Value and AttributeValueList cannot be used together for "
            "Attribute: " +
            name);
      }
      if (op != Op::kNull && op != Op::kNotNull && !e.value &&
          e.attribute_value_list.empty()) {
        return Invalid(
            "Value or AttributeValueList must be used with "
            "ComparisonOperator: " +
            std::string(ComparisonOperatorName(op)) +
            " for Attribute: " + name);
      }
      if (e.value) {
        const std::vector<AttributeValue> values = {*e.value};
        EDDY_RETURN_IF_ERROR(CheckCondition(op, values));
        clauses.push_back(Clause(name, op, values));
      } else {
        EDDY_RETURN_IF_ERROR(CheckCondition(op, e.attribute_value_list));
        clauses.push_back(Clause(name, op, e.attribute_value_list));
      }
      continue;
    }
    if (!e.attribute_value_list.empty()) {
      return Invalid(
          "AttributeValueList can only be used with a ComparisonOperator "
          "for Attribute: " +
          name);
    }
    const bool exists = e.exists.value_or(true);
    if (exists && !e.value) {
      return Invalid(std::string("Value must be provided when Exists is ") +
                     (e.exists ? "true" : "null") + " for Attribute: " + name);
    }
    if (!exists && e.value) {
      return Invalid(
          "Value cannot be used when Exists is false for Attribute: " + name);
    }
    clauses.push_back(exists ? Clause(name, Op::kEq, {*e.value})
                             : Clause(name, Op::kNull, {}));
  }
  return Finish(std::move(clauses), conditional_operator,
                expr::ExpressionKind::kCondition);
}

StatusOr<std::optional<expr::ResolvedCondition>> CompileFilterConditions(
    const std::map<std::string, Condition>& filter,
    std::optional<ConditionalOperator> conditional_operator) {
  std::vector<std::unique_ptr<ExprCondition>> clauses;
  clauses.reserve(filter.size());
  for (const auto& [name, c] : filter) {
    EDDY_RETURN_IF_ERROR(ValidateAttributeName(name));
    EDDY_RETURN_IF_ERROR(
        CheckCondition(c.comparison_operator, c.attribute_value_list));
    clauses.push_back(
        Clause(name, c.comparison_operator, c.attribute_value_list));
  }
  return Finish(std::move(clauses), conditional_operator,
                expr::ExpressionKind::kFilter);
}

StatusOr<expr::ResolvedCondition> CompileKeyConditions(
    const std::map<std::string, Condition>& key_conditions) {
  std::vector<std::unique_ptr<ExprCondition>> clauses;
  for (const auto& [name, c] : key_conditions) {
    switch (c.comparison_operator) {
      case Op::kEq:
      case Op::kLe:
      case Op::kLt:
      case Op::kGe:
      case Op::kGt:
      case Op::kBeginsWith:
      case Op::kBetween:
        break;
      default:
        return Status::Validation(
            "Attempted conditional constraint is not an indexable operation");
    }
    EDDY_RETURN_IF_ERROR(
        CheckCondition(c.comparison_operator, c.attribute_value_list));
    clauses.push_back(
        Clause(name, c.comparison_operator, c.attribute_value_list));
  }
  if (clauses.empty() || clauses.size() > 2) {
    return Status::Validation("Conditions can be of length 1 or 2 only");
  }
  return *Finish(std::move(clauses), ConditionalOperator::kAnd,
                 expr::ExpressionKind::kKeyCondition);
}

StatusOr<expr::ResolvedUpdate> CompileAttributeUpdates(
    const std::map<std::string, AttributeValueUpdate>& updates) {
  using expr::UpdateAction;
  using expr::UpdateOperand;
  auto path = [](const std::string& name) {
    expr::DocumentPath p;
    p.elements.push_back(expr::PathElement{.name = name});
    return p;
  };
  auto value = [](AttributeValue v) {
    UpdateOperand operand;
    operand.kind = UpdateOperand::Kind::kValue;
    operand.value = std::make_shared<const AttributeValue>(std::move(v));
    return operand;
  };
  auto call = [](expr::UpdateFunction f, std::string name,
                 std::vector<UpdateOperand> args) {
    UpdateOperand operand;
    operand.kind = UpdateOperand::Kind::kFunction;
    operand.function = f;
    operand.function_name = std::move(name);
    operand.args = std::move(args);
    return operand;
  };
  std::vector<UpdateAction> actions;
  actions.reserve(updates.size());
  for (const auto& [name, u] : updates) {
    EDDY_RETURN_IF_ERROR(ValidateAttributeName(name));
    if (u.value) EDDY_RETURN_IF_ERROR(ValidateAttributeNames(*u.value));
    if (!u.value && u.action != AttributeAction::kDelete) {
      return Invalid(
          "Only DELETE action is allowed when no attribute value is "
          "specified");
    }
    const AttributeType type = u.value ? u.value->type() : AttributeType::kNULL;
    const bool is_set = type == AttributeType::kSS ||
                        type == AttributeType::kNS ||
                        type == AttributeType::kBS;
    UpdateAction action;
    action.path = path(name);
    switch (u.action) {
      case AttributeAction::kPut:
        action.kind = UpdateAction::Kind::kSet;
        action.operands.push_back(value(*u.value));
        break;
      case AttributeAction::kAdd:
        if (type == AttributeType::kL) {
          // A legacy ADD of a list appends to it (an absent list counts as
          // empty).
          UpdateOperand old;
          old.kind = UpdateOperand::Kind::kPath;
          old.path = path(name);
          action.kind = UpdateAction::Kind::kSet;
          action.operands.push_back(
              call(expr::UpdateFunction::kListAppend, "list_append",
                   {call(expr::UpdateFunction::kIfNotExists, "if_not_exists",
                         {std::move(old), value(AttributeValue::L({}))}),
                    value(*u.value)}));
        } else if (type == AttributeType::kN || is_set) {
          action.kind = UpdateAction::Kind::kAdd;
          action.operands.push_back(value(*u.value));
        } else {
          return Invalid("ADD action is not supported for the type " +
                         std::string(AttributeTypeName(type)));
        }
        break;
      case AttributeAction::kDelete:
        if (!u.value) {
          action.kind = UpdateAction::Kind::kRemove;
        } else if (is_set) {
          action.kind = UpdateAction::Kind::kDelete;
          action.operands.push_back(value(*u.value));
        } else {
          return Invalid(
              "DELETE action with value is not supported for the type " +
              std::string(AttributeTypeName(type)));
        }
        break;
    }
    actions.push_back(std::move(action));
  }
  return expr::UpdateOfResolvedActions(std::move(actions));
}

StatusOr<expr::ResolvedProjection> CompileAttributesToGet(
    const std::vector<std::string>& attributes) {
  if (attributes.empty()) {
    return Status::Validation(
        "1 validation error detected: Value '[]' at 'attributesToGet' failed "
        "to satisfy constraint: Member must have length greater than or equal "
        "to 1");
  }
  absl::flat_hash_set<std::string_view> seen;
  seen.reserve(attributes.size());
  for (const std::string& name : attributes) {
    EDDY_RETURN_IF_ERROR(ValidateAttributeName(name));
    if (!seen.insert(name).second) {
      return Invalid("Duplicate value in attribute name: " + name);
    }
  }
  return expr::ProjectionOfTopLevelNames(attributes);
}

Status CheckConditionalOperator(bool has_conditional_operator,
                                std::optional<size_t> conditions) {
  if (!has_conditional_operator) return Status::OK();
  if (!conditions || *conditions == 0) {
    return Status::Validation(
        "ConditionalOperator cannot be used without Filter or Expected");
  }
  if (*conditions == 1) {
    return Status::Validation(
        "ConditionalOperator can only be used when Filter or Expected has two "
        "or more elements");
  }
  return Status::OK();
}

Status CheckNotMixed(
    const std::vector<std::string_view>& legacy_parameters,
    const std::vector<std::string_view>& expression_parameters) {
  if (expression_parameters.empty()) return Status::OK();
  const bool key_condition_expression =
      std::find(expression_parameters.begin(), expression_parameters.end(),
                "KeyConditionExpression") != expression_parameters.end();
  std::vector<std::string_view> clashing;
  for (std::string_view p : legacy_parameters) {
    if (p == "KeyConditions" && !key_condition_expression) continue;
    clashing.push_back(p);
  }
  if (clashing.empty()) return Status::OK();
  auto join = [](const std::vector<std::string_view>& v) {
    std::string out = "{";
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) out += ", ";
      out += v[i];
    }
    return out + "}";
  };
  return Status::Validation(
      "Can not use both expression and non-expression parameters in the same "
      "request: Non-expression parameters: " +
      join(clashing) +
      " Expression parameters: " + join(expression_parameters));
}

}  // namespace eddy::engine
