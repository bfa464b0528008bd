// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/legacy_reader.h"

#include "emulator/expr/ast.h"
#include "emulator/types/limits.h"
#include "emulator/wire/internal/member_size_bound.h"

namespace eddy::wire::internal {
namespace {

// What the engine builds from each condition value (engine/ops/legacy.cc):
// an expression operand, and the value again in the clause's own list.
constexpr size_t kTranslationBytes =
    sizeof(expr::Operand) + sizeof(AttributeValue);

constexpr std::string_view kExpectedClass =
    "com.amazonaws.dynamodb.v20120810.ExpectedAttributeValue";
constexpr std::string_view kConditionClass =
    "com.amazonaws.dynamodb.v20120810.Condition";
constexpr std::string_view kAttributeValueUpdateClass =
    "com.amazonaws.dynamodb.v20120810.AttributeValueUpdate";

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

std::vector<AttributeValue> ReadValueList(ObjectReader& r,
                                          MemberSizeBound& bound) {
  std::vector<AttributeValue> values;
  if (const JsonValue* list = r.List("AttributeValueList")) {
    ListCursor elements(*list);
    JsonValue e;
    while (elements.Next(&e)) {
      if (e.type == JsonType::kNull) continue;
      if (std::optional<AttributeValue> v = bound.ReadValue(e, r.errors())) {
        values.push_back(*std::move(v));
      }
    }
  }
  return values;
}

}  // namespace

std::optional<std::map<std::string, ExpectedAttributeValue>> ReadExpected(
    ObjectReader& r) {
  const JsonValue* map = r.Map("Expected", kExpectedClass);
  if (map == nullptr) return std::nullopt;
  std::map<std::string, ExpectedAttributeValue> out;
  MemberSizeBound bound(limits::kMaxExpressionAttributeBytes,
                        ValuesTooLarge("Expected"));
  bound.ChargePerValue(kTranslationBytes);
  MapCursor entries(*map);
  std::string name;
  JsonValue value;
  while (entries.Next(&name, &value)) {
    ObjectReader e =
        r.MapValue("Expected", value, name, "ExpectedAttributeValue");
    ExpectedAttributeValue x;
    // A name counts with the values it carries.
    if (e.Member("Value") != nullptr ||
        e.Member("AttributeValueList") != nullptr) {
      bound.AddName(name.size(), r.errors());
    }
    if (const JsonValue* v = e.Member("Value")) {
      x.value = bound.ReadValue(*v, r.errors());
    }
    x.exists = e.Bool("Exists");
    x.comparison_operator = ReadOperator(e, /*required=*/false);
    x.attribute_value_list = ReadValueList(e, bound);
    if (!bound.over()) out[name] = std::move(x);
  }
  return out;
}

std::optional<std::map<std::string, Condition>> ReadConditions(
    ObjectReader& r, std::string_view name) {
  const JsonValue* map = r.Map(name, kConditionClass);
  if (map == nullptr) return std::nullopt;
  std::map<std::string, Condition> out;
  MemberSizeBound bound(limits::kMaxExpressionAttributeBytes,
                        ValuesTooLarge(name));
  bound.ChargePerValue(kTranslationBytes);
  MapCursor entries(*map);
  std::string attribute;
  JsonValue value;
  while (entries.Next(&attribute, &value)) {
    ObjectReader c = r.MapValue(name, value, attribute, "Condition");
    Condition x;
    if (c.Member("AttributeValueList") != nullptr) {
      bound.AddName(attribute.size(), r.errors());
    }
    if (std::optional<ComparisonOperator> op =
            ReadOperator(c, /*required=*/true)) {
      x.comparison_operator = *op;
    }
    x.attribute_value_list = ReadValueList(c, bound);
    if (!bound.over()) out[attribute] = std::move(x);
  }
  return out;
}

std::optional<ConditionalOperator> ReadConditionalOperator(ObjectReader& r) {
  return r.Enum<ConditionalOperator>(
      "ConditionalOperator",
      {{"OR", ConditionalOperator::kOr}, {"AND", ConditionalOperator::kAnd}});
}

std::optional<std::vector<std::string>> ReadAttributesToGet(ObjectReader& r) {
  return r.Strings("AttributesToGet");
}

std::optional<std::map<std::string, AttributeValueUpdate>> ReadAttributeUpdates(
    ObjectReader& r) {
  const JsonValue* map = r.Map("AttributeUpdates", kAttributeValueUpdateClass);
  if (map == nullptr) return std::nullopt;
  std::map<std::string, AttributeValueUpdate> out;
  MemberSizeBound bound(limits::kMaxItemSizeBytes, AttributeUpdatesTooLarge());
  MapCursor entries(*map);
  std::string name;
  JsonValue value;
  while (entries.Next(&name, &value)) {
    ObjectReader u =
        r.MapValue("AttributeUpdates", value, name, "AttributeValueUpdate");
    AttributeValueUpdate x;
    if (const JsonValue* v = u.Member("Value")) {
      bound.AddName(name.size(), r.errors());
      x.value = bound.ReadValue(*v, r.errors());
    }
    x.action = u.Enum<AttributeAction>("Action",
                                       {{"ADD", AttributeAction::kAdd},
                                        {"PUT", AttributeAction::kPut},
                                        {"DELETE", AttributeAction::kDelete}})
                   .value_or(AttributeAction::kPut);
    if (!bound.over()) out[name] = std::move(x);
  }
  return out;
}

}  // namespace eddy::wire::internal
