// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/legacy_reader.h"

namespace eddy::wire_internal {
namespace {

// One AttributeValue: JSON types first (SerializationException), then the
// value rules (ValidationException).
std::optional<AttributeValue> ReadValue(ObjectReader& r, const Json& j) {
  Status shape = CheckValueShape(j, 1);
  if (!shape.ok()) {
    r.errors()->Serialization(std::move(shape));
    return std::nullopt;
  }
  AttributeValue v;
  Status s = DecodeValue(j, 1, &v);
  if (!s.ok()) {
    r.errors()->Validation(std::move(s));
    return std::nullopt;
  }
  return v;
}

std::optional<ComparisonOperator> ReadOperator(ObjectReader& r, bool required) {
  using Op = ComparisonOperator;
  return r.Enum<Op>("ComparisonOperator",
                    {{"IN", Op::kIn},
                     {"NULL", Op::kNull},
                     {"BETWEEN", Op::kBetween},
                     {"LT", Op::kLt},
                     {"NOT_CONTAINS", Op::kNotContains},
                     {"EQ", Op::kEq},
                     {"GT", Op::kGt},
                     {"NOT_NULL", Op::kNotNull},
                     {"NE", Op::kNe},
                     {"LE", Op::kLe},
                     {"BEGINS_WITH", Op::kBeginsWith},
                     {"GE", Op::kGe},
                     {"CONTAINS", Op::kContains}},
                    required);
}

std::vector<AttributeValue> ReadValueList(ObjectReader& r) {
  std::vector<AttributeValue> values;
  if (const Json* list = r.List("AttributeValueList")) {
    for (const Json& e : *list) {
      if (std::optional<AttributeValue> v = ReadValue(r, e)) values.push_back(*std::move(v));
    }
  }
  return values;
}

}  // namespace

std::optional<std::map<std::string, ExpectedAttributeValue>> ReadExpected(ObjectReader& r) {
  const Json* map = r.Map("Expected");
  if (map == nullptr) return std::nullopt;
  std::map<std::string, ExpectedAttributeValue> out;
  for (const auto& [name, value] : map->items()) {
    ObjectReader e = r.MapValue("Expected", value, name);
    ExpectedAttributeValue x;
    if (const Json* v = e.Member("Value")) x.value = ReadValue(e, *v);
    x.exists = e.Bool("Exists");
    x.comparison_operator = ReadOperator(e, /*required=*/false);
    x.attribute_value_list = ReadValueList(e);
    out[name] = std::move(x);
  }
  return out;
}

std::optional<std::map<std::string, Condition>> ReadConditions(ObjectReader& r,
                                                               std::string_view name) {
  const Json* map = r.Map(name);
  if (map == nullptr) return std::nullopt;
  std::map<std::string, Condition> out;
  for (const auto& [attribute, value] : map->items()) {
    ObjectReader c = r.MapValue(name, value, attribute);
    Condition x;
    if (std::optional<ComparisonOperator> op = ReadOperator(c, /*required=*/true)) {
      x.comparison_operator = *op;
    }
    x.attribute_value_list = ReadValueList(c);
    out[attribute] = std::move(x);
  }
  return out;
}

std::optional<ConditionalOperator> ReadConditionalOperator(ObjectReader& r) {
  return r.Enum<ConditionalOperator>(
      "ConditionalOperator", {{"OR", ConditionalOperator::kOr}, {"AND", ConditionalOperator::kAnd}});
}

std::optional<std::vector<std::string>> ReadAttributesToGet(ObjectReader& r) {
  return r.Strings("AttributesToGet");
}

std::optional<std::map<std::string, AttributeValueUpdate>> ReadAttributeUpdates(ObjectReader& r) {
  const Json* map = r.Map("AttributeUpdates");
  if (map == nullptr) return std::nullopt;
  std::map<std::string, AttributeValueUpdate> out;
  for (const auto& [name, value] : map->items()) {
    ObjectReader u = r.MapValue("AttributeUpdates", value, name);
    AttributeValueUpdate x;
    if (const Json* v = u.Member("Value")) x.value = ReadValue(u, *v);
    x.action = u.Enum<AttributeAction>("Action",
                                       {{"ADD", AttributeAction::kAdd},
                                        {"PUT", AttributeAction::kPut},
                                        {"DELETE", AttributeAction::kDelete}})
                   .value_or(AttributeAction::kPut);
    out[name] = std::move(x);
  }
  return out;
}

}  // namespace eddy::wire_internal
