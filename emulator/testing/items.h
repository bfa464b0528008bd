// Copyright 2026 The eddy Authors.
//
// Items for tests, built attribute by attribute (part of eddy::testing).
//
//   eddy::Item rental = eddy_testing::ItemBuilder()
//                           .S("PK", "store#1")
//                           .S("SK", "kayak#7")
//                           .N("length", "3.5")    // a decimal, as text
//                           .N("seats", 2)         // any integer type
//                           .Bool("available", true)
//                           .SS("colors", {"red", "blue"})
//                           .Build();
//
// Reading them back: the typed getters of emulator/types/attribute_value.h
// (eddy::GetString, eddy::GetNumber<T>, eddy::GetBool, ...), which this header
// includes, return a value or a Status that says what was wrong:
//
//   EXPECT_THAT(eddy::GetNumber<int>(rental, "seats"), eddy::IsOkAndHolds(2));
//
// Errors: a value that cannot be made (a decimal that is not a number or is
// out of DynamoDB's range, an empty set, a set with duplicates) is a gtest
// failure of the running test (ADD_FAILURE, naming the attribute and the
// reason) and the attribute is left out; the test goes on. Like AttributeValue,
// N() takes no double (see AttributeValue::N): write the decimal as text.
// Setting a name twice keeps the last value.
//
// Thread safety: an ItemBuilder is a value; use one from one thread.

#ifndef EDDY_EMULATOR_TESTING_ITEMS_H_
#define EDDY_EMULATOR_TESTING_ITEMS_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/number.h"

namespace eddy_testing {

class ItemBuilder {
 public:
  ItemBuilder() = default;

  ItemBuilder& S(std::string name, std::string value);
  // A decimal written as text: "12.50", "-3", "1e3".
  ItemBuilder& N(std::string name, std::string_view decimal);
  ItemBuilder& N(std::string name, const eddy::Number& value);
  template <typename T,
            std::enable_if_t<eddy::internal::kIsInteger<T>, int> = 0>
  ItemBuilder& N(std::string name, T value) {
    return Set(std::move(name), eddy::AttributeValue::N(value));
  }
  template <typename T,
            std::enable_if_t<eddy::internal::kIsNotADecimal<T>, int> = 0>
  ItemBuilder& N(std::string name, T value) = delete;
  // Raw bytes (not base64).
  ItemBuilder& B(std::string name, std::string bytes);
  ItemBuilder& Bool(std::string name, bool value);
  ItemBuilder& Null(std::string name);
  ItemBuilder& SS(std::string name, std::vector<std::string> values);
  // Decimals written as text.
  ItemBuilder& NS(std::string name, std::vector<std::string> decimals);
  ItemBuilder& BS(std::string name, std::vector<std::string> values);
  ItemBuilder& M(std::string name, eddy::Item value);
  ItemBuilder& L(std::string name, std::vector<eddy::AttributeValue> values);
  ItemBuilder& Set(std::string name, eddy::AttributeValue value);

  eddy::Item Build() const& { return item_; }
  eddy::Item Build() && { return std::move(item_); }

 private:
  // Sets the value, or reports the error as a test failure.
  ItemBuilder& SetOrFail(std::string name,
                         eddy::StatusOr<eddy::AttributeValue> value);

  eddy::Item item_;
};

// A decimal number value from text ("12.50"): for lists, maps and
// expression_attribute_values. A bad decimal is a test failure (as above)
// and gives the number 0.
eddy::AttributeValue Num(std::string_view decimal);

}  // namespace eddy_testing

#endif  // EDDY_EMULATOR_TESTING_ITEMS_H_
