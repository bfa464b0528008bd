// Copyright 2026 The eddy Authors.
//
// Shared fixtures for the expression tests: one ExpressionAttributeNames and
// one ExpressionAttributeValues map that every table row may reference.

#ifndef EDDY_TESTS_EXPR_EXPR_TEST_UTIL_H_
#define EDDY_TESTS_EXPR_EXPR_TEST_UTIL_H_

#include <string>

#include "emulator/expr/resolve.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr::testing {

inline AttributeValue Ss(std::vector<std::string> v) {
  return *AttributeValue::SS(std::move(v));
}

inline AttributeValue Ns(std::vector<int64_t> v) {
  std::vector<Number> numbers;
  for (int64_t x : v) numbers.push_back(Number::FromInt64(x));
  return *AttributeValue::NS(std::move(numbers));
}

inline AttributeValue Bs(std::vector<std::string> v) {
  return *AttributeValue::BS(std::move(v));
}

inline const ExpressionAttributeNames& TestNames() {
  static const ExpressionAttributeNames* names = new ExpressionAttributeNames{
      {"#a", "a"},           {"#b", "b"},   {"#n", "name"}, {"#dot", "x.y"},
      {"#status", "status"}, {"#pk", "pk"}, {"#sk", "sk"},
  };
  return *names;
}

inline const AttributeMap& TestValues() {
  static const AttributeMap* values = new AttributeMap{
      {":s", AttributeValue::S("x")},
      {":s2", AttributeValue::S("y")},
      {":empty", AttributeValue::S("")},
      {":n", AttributeValue::N(1)},
      {":n3", AttributeValue::N(3)},
      {":n5", AttributeValue::N(5)},
      {":b", AttributeValue::B("ab")},
      {":b2", AttributeValue::B("b")},
      {":t", AttributeValue::S("S")},
      {":tn", AttributeValue::S("N")},
      {":tl", AttributeValue::S("L")},
      {":badtype", AttributeValue::S("STRING")},
      {":ss", Ss({"x", "y"})},
      {":ns", Ns({1, 2})},
      {":bool", AttributeValue::Bool(true)},
      {":null", AttributeValue::Null()},
      {":l", AttributeValue::L({AttributeValue::S("x"), AttributeValue::N(1)})},
      {":m", AttributeValue::M(AttributeMap{{"k", AttributeValue::S("v")}})},
  };
  return *values;
}

}  // namespace eddy::expr::testing

#endif  // EDDY_TESTS_EXPR_EXPR_TEST_UTIL_H_
