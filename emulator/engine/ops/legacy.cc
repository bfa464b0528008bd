// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/legacy.h"

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";
using Op = ComparisonOperator;

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

// Operand types the legacy operators accept.
Status CheckOperandTypes(Op op, const std::vector<AttributeValue>& values) {
  for (const AttributeValue& v : values) {
    bool ok = true;
    switch (op) {
      case Op::kLe:
      case Op::kLt:
      case Op::kGe:
      case Op::kGt:
      case Op::kBetween:
      case Op::kIn:
      case Op::kContains:
      case Op::kNotContains:
        ok = IsScalarKeyType(v);
        break;
      case Op::kBeginsWith:
        ok = v.is(AttributeType::kS) || v.is(AttributeType::kB);
        break;
      default:
        break;
    }
    if (!ok) {
      return Status::Validation(
          std::string(kInvalid) + "ComparisonOperator " +
          std::string(ComparisonOperatorName(op)) + " is not valid for " +
          std::string(AttributeTypeName(v.type())) + " AttributeValue type");
    }
  }
  return Status::OK();
}

class Builder {
 public:
  // Adds the clause for attribute `name` with operator `op` and `values`.
  void Clause(const std::string& name, Op op,
              const std::vector<AttributeValue>& values) {
    const std::string a = "#l" + std::to_string(clauses_);
    names_[a] = name;
    std::vector<std::string> v;
    for (size_t i = 0; i < values.size(); ++i) {
      v.push_back(":l" + std::to_string(clauses_) + "_" + std::to_string(i));
      values_.Set(v.back(), values[i]);
    }
    std::string c;
    switch (op) {
      case Op::kEq:
        c = a + " = " + v[0];
        break;
      case Op::kNe:
        c = a + " <> " + v[0];
        break;
      case Op::kLe:
        c = a + " <= " + v[0];
        break;
      case Op::kLt:
        c = a + " < " + v[0];
        break;
      case Op::kGe:
        c = a + " >= " + v[0];
        break;
      case Op::kGt:
        c = a + " > " + v[0];
        break;
      case Op::kNotNull:
        c = "attribute_exists(" + a + ")";
        break;
      case Op::kNull:
        c = "attribute_not_exists(" + a + ")";
        break;
      case Op::kContains:
        c = "contains(" + a + ", " + v[0] + ")";
        break;
      case Op::kNotContains:
        c = "NOT contains(" + a + ", " + v[0] + ")";
        break;
      case Op::kBeginsWith:
        c = "begins_with(" + a + ", " + v[0] + ")";
        break;
      case Op::kBetween:
        c = a + " BETWEEN " + v[0] + " AND " + v[1];
        break;
      case Op::kIn: {
        c = a + " IN (";
        for (size_t i = 0; i < v.size(); ++i) c += (i ? ", " : "") + v[i];
        c += ")";
        break;
      }
    }
    AppendClause(c);
  }
  void AttributeNotExists(const std::string& name) {
    Clause(name, Op::kNull, {});
  }

  GeneratedExpression Finish(std::optional<ConditionalOperator> op) {
    GeneratedExpression g;
    const std::string joiner =
        op == ConditionalOperator::kOr ? " OR " : " AND ";
    for (size_t i = 0; i < parts_.size(); ++i)
      g.text += (i ? joiner : "") + parts_[i];
    if (!names_.empty()) g.names = names_;
    if (!values_.empty()) g.values = values_;
    return g;
  }

 private:
  void AppendClause(std::string c) {
    parts_.push_back(std::move(c));
    ++clauses_;
  }
  int clauses_ = 0;
  std::vector<std::string> parts_;
  ExpressionAttributeNames names_;
  AttributeMap values_;
};

Status CheckArity(Op op, size_t n) {
  const Arity a = ArityOf(op);
  if (n < a.min || n > a.max) {
    return Status::Validation(
        std::string(kInvalid) + "Invalid number of argument(s) for the " +
        std::string(ComparisonOperatorName(op)) + " ComparisonOperator");
  }
  return Status::OK();
}

}  // namespace

StatusOr<GeneratedExpression> TranslateExpected(
    const std::map<std::string, ExpectedAttributeValue>& expected,
    std::optional<ConditionalOperator> conditional_operator) {
  Builder b;
  for (const auto& [name, e] : expected) {
    if (e.comparison_operator) {
      if (e.exists) {
        return Status::Validation(
            std::string(kInvalid) +
            "Exists and ComparisonOperator cannot be used together for "
            "Attribute: " +
            name);
      }
      if (e.value && !e.attribute_value_list.empty()) {
        return Status::Validation(
            std::string(kInvalid) +
            "Value and AttributeValueList cannot be used together for "
            "Attribute: " +
            name);
      }
      std::vector<AttributeValue> values = e.attribute_value_list;
      if (values.empty() && e.value) values.push_back(*e.value);
      EDDY_RETURN_IF_ERROR(CheckArity(*e.comparison_operator, values.size()));
      EDDY_RETURN_IF_ERROR(CheckOperandTypes(*e.comparison_operator, values));
      b.Clause(name, *e.comparison_operator, values);
      continue;
    }
    if (!e.attribute_value_list.empty()) {
      return Status::Validation(
          std::string(kInvalid) +
          "AttributeValueList can only be used with a ComparisonOperator "
          "for Attribute: " +
          name);
    }
    const bool exists = e.exists.value_or(true);
    if (exists && !e.value) {
      return Status::Validation(
          std::string(kInvalid) + "Value must be provided when Exists is " +
          (e.exists ? "true" : "null") + " for Attribute: " + name);
    }
    if (!exists && e.value) {
      return Status::Validation(
          std::string(kInvalid) +
          "Value cannot be used when Exists is false for Attribute: " + name);
    }
    if (exists) {
      b.Clause(name, Op::kEq, {*e.value});
    } else {
      b.AttributeNotExists(name);
    }
  }
  return b.Finish(conditional_operator);
}

StatusOr<GeneratedExpression> TranslateFilter(
    const std::map<std::string, Condition>& filter,
    std::optional<ConditionalOperator> conditional_operator) {
  Builder b;
  for (const auto& [name, c] : filter) {
    EDDY_RETURN_IF_ERROR(
        CheckArity(c.comparison_operator, c.attribute_value_list.size()));
    EDDY_RETURN_IF_ERROR(
        CheckOperandTypes(c.comparison_operator, c.attribute_value_list));
    b.Clause(name, c.comparison_operator, c.attribute_value_list);
  }
  return b.Finish(conditional_operator);
}

StatusOr<GeneratedExpression> TranslateKeyConditions(
    const std::map<std::string, Condition>& key_conditions) {
  Builder b;
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
        CheckArity(c.comparison_operator, c.attribute_value_list.size()));
    EDDY_RETURN_IF_ERROR(
        CheckOperandTypes(c.comparison_operator, c.attribute_value_list));
    b.Clause(name, c.comparison_operator, c.attribute_value_list);
  }
  return b.Finish(ConditionalOperator::kAnd);
}

StatusOr<GeneratedExpression> TranslateAttributeUpdates(
    const std::map<std::string, AttributeValueUpdate>& updates) {
  std::vector<std::string> set, add, remove, del;
  GeneratedExpression g;
  ExpressionAttributeNames names;
  AttributeMap values;
  int i = 0;
  for (const auto& [name, u] : updates) {
    const std::string a = "#u" + std::to_string(i),
                      v = ":u" + std::to_string(i);
    ++i;
    names[a] = name;
    if (!u.value && u.action != AttributeAction::kDelete) {
      return Status::Validation(
          std::string(kInvalid) +
          "Only DELETE action is allowed when no attribute value is "
          "specified");
    }
    const std::string_view type =
        u.value ? AttributeTypeName(u.value->type()) : "";
    switch (u.action) {
      case AttributeAction::kPut:
        values.Set(v, *u.value);
        set.push_back(a + " = " + v);
        break;
      case AttributeAction::kAdd:
        if (type != "N" && type != "SS" && type != "NS" && type != "BS" &&
            type != "L") {
          return Status::Validation(
              std::string(kInvalid) +
              "ADD action is not supported for the type " + std::string(type));
        }
        values.Set(v, *u.value);
        if (type == "L") {
          values.Set(v + "e", AttributeValue::L({}));
          set.push_back(a + " = list_append(if_not_exists(" + a + ", " + v +
                        "e), " + v + ")");
        } else {
          add.push_back(a + " " + v);
        }
        break;
      case AttributeAction::kDelete:
        if (!u.value) {
          remove.push_back(a);
        } else if (type == "SS" || type == "NS" || type == "BS") {
          values.Set(v, *u.value);
          del.push_back(a + " " + v);
        } else {
          return Status::Validation(
              std::string(kInvalid) +
              "DELETE action with value is not supported for the type " +
              std::string(type));
        }
        break;
    }
  }
  auto clause = [&](const char* keyword,
                    const std::vector<std::string>& parts) {
    if (parts.empty()) return;
    if (!g.text.empty()) g.text += " ";
    g.text += keyword;
    for (size_t k = 0; k < parts.size(); ++k)
      g.text += (k ? ", " : " ") + parts[k];
  };
  clause("SET", set);
  clause("ADD", add);
  clause("REMOVE", remove);
  clause("DELETE", del);
  if (!names.empty()) g.names = std::move(names);
  if (!values.empty()) g.values = std::move(values);
  return g;
}

StatusOr<GeneratedExpression> TranslateAttributesToGet(
    const std::vector<std::string>& attributes) {
  GeneratedExpression g;
  ExpressionAttributeNames names;
  for (size_t i = 0; i < attributes.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (attributes[j] == attributes[i]) {
        return Status::Validation(
            std::string(kInvalid) +
            "Duplicate value in attribute name: " + attributes[i]);
      }
    }
    const std::string a = "#p" + std::to_string(i);
    names[a] = attributes[i];
    g.text += (i ? ", " : "") + a;
  }
  if (!names.empty()) g.names = std::move(names);
  return g;
}

Status CheckNotMixed(
    const std::vector<std::string_view>& legacy_parameters,
    const std::vector<std::string_view>& expression_parameters) {
  if (legacy_parameters.empty() || expression_parameters.empty())
    return Status::OK();
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
      "request: "
      "Non-expression parameters: " +
      join(legacy_parameters) +
      " Expression parameters: " + join(expression_parameters));
}

}  // namespace eddy::engine
