// Copyright 2026 The eddy Authors.
//
// Shared by the DynamoDB-JSON codec's tests (attribute_json_test.cc,
// attribute_json_errors_test.cc): the value messages of api-semantics.md §6
// and builders of expected values and nested documents. A fixture that fails
// to build yields a marker value, so the test using it fails on comparison
// with a readable message instead of aborting.

#ifndef EDDY_TESTS_WIRE_ATTRIBUTE_JSON_TESTING_H_
#define EDDY_TESTS_WIRE_ATTRIBUTE_JSON_TESTING_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/number.h"

namespace eddy::attribute_json_testing {

// --- Messages (api-semantics.md §6) ------------------------------------------

// #11
constexpr std::string_view kEmptySS =
    "One or more parameter values were invalid: An string set  may not be "
    "empty";
constexpr std::string_view kEmptyNS =
    "One or more parameter values were invalid: An number set  may not be "
    "empty";
constexpr std::string_view kEmptyBS =
    "One or more parameter values were invalid: Binary sets should not be "
    "empty";
// #12
constexpr std::string_view kDupPrefix =
    "One or more parameter values were invalid: Input collection ";
constexpr std::string_view kDupNS = "Input collection contains duplicates";
// #13
constexpr std::string_view kNullFalse =
    "One or more parameter values were invalid: Null attribute value types "
    "must have the value of true";
// #14
constexpr std::string_view kEmptyValue =
    "Supplied AttributeValue is empty, must contain exactly one of the "
    "supported datatypes";
// #15
constexpr std::string_view kTwoTypes =
    "Supplied AttributeValue has more than one datatypes set, must contain "
    "exactly one of the supported datatypes";
// #16 (": <text>" follows, also an empty text: us-east-1 since 2026-08)
constexpr std::string_view kNotNumeric =
    "The parameter cannot be converted to a numeric value";
// #17
constexpr std::string_view kPrecision =
    "Attempting to store more than 38 significant digits in a Number";
// #18
constexpr std::string_view kOverflow =
    "Number overflow. Attempting to store a number with magnitude larger than "
    "supported range";
constexpr std::string_view kUnderflow =
    "Number underflow. Attempting to store a number with magnitude smaller "
    "than supported range";
// #19
constexpr std::string_view kNesting =
    "Nesting Levels have exceeded supported limits: Attributes in the item "
    "have nested levels beyond supported limit";
// §2: a JSON number where a string belongs [SC-NUM]; the deserializer's
// other texts (/work/research/serialization_errors.md §3).
constexpr std::string_view kNumberNotString =
    "NUMBER_VALUE cannot be converted to String";
constexpr std::string_view kDecimalNotString =
    "DECIMAL_VALUE cannot be converted to String";
constexpr std::string_view kParserToken =
    "Unexpected token received from parser";
constexpr std::string_view kFieldType = "Unexpected field type";
constexpr std::string_view kValueType = "Unexpected value type in payload";
constexpr std::string_view kStartOfMap =
    "Start of structure or map found where not expected";

inline std::string NotNumeric(std::string_view text) {
  return std::string(kNotNumeric) + ": " + std::string(text);
}
inline std::string SetDuplicates(std::string_view rendered) {  // SS
  return std::string(kDupPrefix) + std::string(rendered) +
         " contains duplicates.";
}
inline std::string BinarySetDuplicates(
    std::string_view rendered) {  // BS (sic: no space)
  return std::string(kDupPrefix) + std::string(rendered) +
         "of type BS contains duplicates.";
}

// --- Building expected values
// -------------------------------------------------- A fixture that fails to
// build yields a marker value, so the test using it fails on comparison with a
// readable message instead of aborting.

inline AttributeValue Invalid(const Status& s) {
  return AttributeValue::S("<invalid fixture: " + s.ToString() + ">");
}

inline AttributeValue Num(std::string_view text) {
  StatusOr<AttributeValue> v = AttributeValue::ParseN(text);
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

inline AttributeValue StrSet(std::vector<std::string> values) {
  StatusOr<AttributeValue> v = AttributeValue::SS(std::move(values));
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

inline AttributeValue NumSet(const std::vector<std::string>& texts) {
  std::vector<Number> numbers;
  for (const std::string& t : texts) {
    StatusOr<Number> n = Number::Parse(t);
    if (!n.ok()) return Invalid(n.status());
    numbers.push_back(*n);
  }
  StatusOr<AttributeValue> v = AttributeValue::NS(std::move(numbers));
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

inline AttributeValue BinSet(std::vector<std::string> values) {
  StatusOr<AttributeValue> v = AttributeValue::BS(std::move(values));
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

// `maps` levels of {"M":{"a": ... }} around `leaf`: the leaf sits at level
// maps + 1 when the result is an attribute's value.
inline std::string NestInMaps(int maps, std::string_view leaf,
                              bool close = true) {
  std::string out;
  out.reserve(static_cast<size_t>(maps) * 14 + leaf.size());
  for (int i = 0; i < maps; ++i) out += R"({"M":{"a":)";
  out += leaf;
  if (close) {
    for (int i = 0; i < maps; ++i) out += "}}";
  }
  return out;
}

// `lists` levels of {"L":[ ... ]} around `leaf`.
inline std::string NestInLists(int lists, std::string_view leaf) {
  std::string out;
  out.reserve(static_cast<size_t>(lists) * 8 + leaf.size());
  for (int i = 0; i < lists; ++i) out += R"({"L":[)";
  out += leaf;
  for (int i = 0; i < lists; ++i) out += "]}";
  return out;
}

// Alternating M (even i) and L (odd i) levels around `leaf`.
inline std::string NestMixed(int levels, std::string_view leaf) {
  std::string out;
  for (int i = 0; i < levels; ++i)
    out += i % 2 == 0 ? R"({"M":{"a":)" : R"({"L":[)";
  out += leaf;
  for (int i = levels - 1; i >= 0; --i) out += i % 2 == 0 ? "}}" : "]}";
  return out;
}

inline AttributeValue WrapInMaps(int maps, AttributeValue leaf) {
  for (int i = 0; i < maps; ++i)
    leaf = AttributeValue::M({{"a", std::move(leaf)}});
  return leaf;
}

inline AttributeValue WrapInLists(int lists, AttributeValue leaf) {
  for (int i = 0; i < lists; ++i) {
    std::vector<AttributeValue> l;
    l.push_back(std::move(leaf));
    leaf = AttributeValue::L(std::move(l));
  }
  return leaf;
}

inline std::string InItem(std::string_view value_json) {
  return R"({"attr":)" + std::string(value_json) + "}";
}

}  // namespace eddy::attribute_json_testing

#endif  // EDDY_TESTS_WIRE_ATTRIBUTE_JSON_TESTING_H_
