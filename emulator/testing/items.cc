// Copyright 2026 The eddy Authors.

#include "emulator/testing/items.h"

#include "gtest/gtest.h"

namespace eddy_testing {

using eddy::AttributeValue;
using eddy::Number;
using eddy::StatusOr;

ItemBuilder& ItemBuilder::S(std::string name, std::string value) {
  return Set(std::move(name), AttributeValue::S(std::move(value)));
}

ItemBuilder& ItemBuilder::N(std::string name, std::string_view decimal) {
  return SetOrFail(std::move(name), AttributeValue::ParseN(decimal));
}

ItemBuilder& ItemBuilder::N(std::string name, const Number& value) {
  return Set(std::move(name), AttributeValue::N(value));
}

ItemBuilder& ItemBuilder::B(std::string name, std::string bytes) {
  return Set(std::move(name), AttributeValue::B(std::move(bytes)));
}

ItemBuilder& ItemBuilder::Bool(std::string name, bool value) {
  return Set(std::move(name), AttributeValue::Bool(value));
}

ItemBuilder& ItemBuilder::Null(std::string name) {
  return Set(std::move(name), AttributeValue::Null());
}

ItemBuilder& ItemBuilder::SS(std::string name,
                             std::vector<std::string> values) {
  return SetOrFail(std::move(name), AttributeValue::SS(std::move(values)));
}

ItemBuilder& ItemBuilder::NS(std::string name,
                             std::vector<std::string> decimals) {
  std::vector<Number> numbers;
  numbers.reserve(decimals.size());
  for (const std::string& d : decimals) {
    StatusOr<Number> n = Number::Parse(d);
    if (!n.ok()) return SetOrFail(std::move(name), n.status());
    numbers.push_back(*n);
  }
  return SetOrFail(std::move(name), AttributeValue::NS(std::move(numbers)));
}

ItemBuilder& ItemBuilder::BS(std::string name,
                             std::vector<std::string> values) {
  return SetOrFail(std::move(name), AttributeValue::BS(std::move(values)));
}

ItemBuilder& ItemBuilder::M(std::string name, eddy::Item value) {
  return Set(std::move(name), AttributeValue::M(std::move(value)));
}

ItemBuilder& ItemBuilder::L(std::string name,
                            std::vector<AttributeValue> values) {
  return Set(std::move(name), AttributeValue::L(std::move(values)));
}

ItemBuilder& ItemBuilder::Set(std::string name, AttributeValue value) {
  item_.Set(std::move(name), std::move(value));
  return *this;
}

ItemBuilder& ItemBuilder::SetOrFail(std::string name,
                                    StatusOr<AttributeValue> value) {
  if (!value.ok()) {
    ADD_FAILURE() << "ItemBuilder: attribute \"" << name
                  << "\" left out: " << value.status().ToString();
    return *this;
  }
  return Set(std::move(name), *std::move(value));
}

AttributeValue Num(std::string_view decimal) {
  StatusOr<AttributeValue> value = AttributeValue::ParseN(decimal);
  if (!value.ok()) {
    ADD_FAILURE() << "eddy_testing::Num(\"" << decimal
                  << "\"): " << value.status().ToString();
    return AttributeValue::N(0);
  }
  return *std::move(value);
}

}  // namespace eddy_testing
