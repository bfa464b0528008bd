// Copyright 2026 The eddy Authors.
//
// Values without traps: AttributeValue::N takes every integer type exactly
// and refuses doubles, bools and characters at compile time; NFromDouble
// converts through the shortest round-trip decimal; the typed getters return
// a value or a Status that says what was wrong.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "emulator/types/attribute_value.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using ::testing::ElementsAre;

template <typename T>
concept CanMakeN = requires(T v) {
  AttributeValue::N(v);
};

// What used to compile and silently lose digits or meaning, and now does not.
static_assert(!CanMakeN<double>);
static_assert(!CanMakeN<float>);
static_assert(!CanMakeN<long double>);
static_assert(!CanMakeN<bool>);
static_assert(!CanMakeN<char>);
static_assert(CanMakeN<int>);
static_assert(CanMakeN<int8_t>);
static_assert(CanMakeN<uint8_t>);
static_assert(CanMakeN<int64_t>);
static_assert(CanMakeN<uint64_t>);
static_assert(CanMakeN<size_t>);
static_assert(CanMakeN<Number>);

Number Num(std::string_view s) { return *Number::Parse(s); }

TEST(AttributeValueNTest, EveryIntegerTypeIsExact) {
  EXPECT_EQ(AttributeValue::N(42).n().ToString(), "42");
  EXPECT_EQ(AttributeValue::N(int8_t{-128}).n().ToString(), "-128");
  EXPECT_EQ(AttributeValue::N(uint8_t{255}).n().ToString(), "255");
  EXPECT_EQ(
      AttributeValue::N(std::numeric_limits<int64_t>::min()).n().ToString(),
      "-9223372036854775808");
  EXPECT_EQ(
      AttributeValue::N(std::numeric_limits<uint64_t>::max()).n().ToString(),
      "18446744073709551615");
  EXPECT_EQ(AttributeValue::N(size_t{1} << 63).n().ToString(),
            "9223372036854775808");
}

TEST(AttributeValueNTest, NFromDoubleUsesTheShortestRoundTripDecimal) {
  EXPECT_EQ(AttributeValue::NFromDouble(1.5)->n().ToString(), "1.5");
  EXPECT_EQ(AttributeValue::NFromDouble(0.1)->n().ToString(), "0.1");
  EXPECT_EQ(AttributeValue::NFromDouble(0.1 + 0.2)->n().ToString(),
            "0.30000000000000004");
  EXPECT_EQ(AttributeValue::NFromDouble(-0.0)->n().ToString(), "0");
  EXPECT_EQ(AttributeValue::NFromDouble(1e21)->n().ToString(),
            "1000000000000000000000");
  EXPECT_EQ(AttributeValue::NFromDouble(123456789.125)->n().ToString(),
            "123456789.125");
  for (double x : {1.5, 0.1, 2.0 / 3.0, 1e-100, -7.25e99, 5e-324 * 1e200}) {
    ASSERT_OK_AND_ASSIGN(AttributeValue v, AttributeValue::NFromDouble(x));
    EXPECT_EQ(v.n().ToDouble(), x) << v.n().ToString();
  }
}

TEST(AttributeValueNTest, NFromDoubleRefusesWhatDynamoDBCannotStore) {
  EXPECT_THAT(AttributeValue::NFromDouble(std::nan("")),
              StatusIsExactly(ErrorCode::kValidation,
                              "nan is not a number DynamoDB can store"));
  EXPECT_THAT(
      AttributeValue::NFromDouble(-std::numeric_limits<double>::infinity()),
      StatusIsExactly(ErrorCode::kValidation,
                      "-inf is not a number DynamoDB can store"));
  EXPECT_THAT(AttributeValue::NFromDouble(1e300),
              StatusIs(ErrorCode::kValidation, "1e+300: Number overflow"));
  EXPECT_THAT(AttributeValue::NFromDouble(1e-200),
              StatusIs(ErrorCode::kValidation, "1e-200: Number underflow"));
}

Item Sample() {
  return Item{
      {"name", AttributeValue::S("kayak")},
      {"seats", AttributeValue::N(2)},
      {"length", AttributeValue::N(Num("3.5"))},
      {"big", AttributeValue::N(Num("18446744073709551615"))},
      {"huge", AttributeValue::N(Num("1e100"))},
      {"tiny", AttributeValue::N(Num("1e-100"))},
      {"open", AttributeValue::Bool(true)},
      {"blob", AttributeValue::B(std::string("\x00\x01", 2))},
      {"none", AttributeValue::Null()},
      {"owner", AttributeValue::M({{"city", AttributeValue::S("Oslo")}})},
      {"parts", AttributeValue::L({AttributeValue::S("hull")})},
      {"colors", *AttributeValue::SS({"red", "blue"})},
      {"sizes", *AttributeValue::NS({Num("3"), Num("-1"), Num("2")})},
      {"keys", *AttributeValue::BS({"b", "a"})},
  };
}

TEST(GettersTest, ReturnTheValueOfTheRightType) {
  const Item item = Sample();
  EXPECT_THAT(GetString(item, "name"), IsOkAndHolds("kayak"));
  EXPECT_THAT(GetNumber<int>(item, "seats"), IsOkAndHolds(2));
  EXPECT_THAT(GetNumber<uint8_t>(item, "seats"), IsOkAndHolds(2));
  EXPECT_THAT(GetNumber(item, "length"), IsOkAndHolds(Num("3.5")));
  EXPECT_THAT(GetNumber<double>(item, "length"), IsOkAndHolds(3.5));
  EXPECT_THAT(GetNumber<float>(item, "length"), IsOkAndHolds(3.5f));
  EXPECT_THAT(GetNumber<uint64_t>(item, "big"),
              IsOkAndHolds(std::numeric_limits<uint64_t>::max()));
  EXPECT_THAT(GetNumber<double>(item, "huge"), IsOkAndHolds(1e100));
  EXPECT_THAT(GetBool(item, "open"), IsOkAndHolds(true));
  EXPECT_THAT(GetBinary(item, "blob"),
              IsOkAndHolds(std::string("\x00\x01", 2)));
  ASSERT_OK_AND_ASSIGN(AttributeMap owner, GetMap(item, "owner"));
  EXPECT_THAT(GetString(owner, "city"), IsOkAndHolds("Oslo"));
  EXPECT_THAT(GetList(item, "parts"),
              IsOkAndHolds(ElementsAre(AttributeValue::S("hull"))));
  EXPECT_THAT(GetStringSet(item, "colors"),
              IsOkAndHolds(ElementsAre("blue", "red")));
  EXPECT_THAT(GetNumberSet<int>(item, "sizes"),
              IsOkAndHolds(ElementsAre(-1, 2, 3)));
  EXPECT_THAT(GetNumberSet(item, "sizes"),
              IsOkAndHolds(ElementsAre(Num("-1"), Num("2"), Num("3"))));
  EXPECT_THAT(GetBinarySet(item, "keys"), IsOkAndHolds(ElementsAre("a", "b")));
}

TEST(GettersTest, SayWhatWasWrong) {
  const Item item = Sample();
  EXPECT_THAT(
      GetString(item, "nmae"),
      StatusIsExactly(ErrorCode::kValidation, "attribute \"nmae\" is missing"));
  EXPECT_THAT(GetNumber<int>(item, "name"),
              StatusIsExactly(ErrorCode::kValidation,
                              "attribute \"name\" is a string (S), not a "
                              "number (N)"));
  EXPECT_THAT(GetString(item, "none"),
              StatusIsExactly(ErrorCode::kValidation,
                              "attribute \"none\" is null (NULL), not a "
                              "string (S)"));
  EXPECT_THAT(GetBool(item, "sizes"),
              StatusIsExactly(ErrorCode::kValidation,
                              "attribute \"sizes\" is a number set (NS), not "
                              "a boolean (BOOL)"));
  EXPECT_THAT(GetNumber<int>(item, "length"),
              StatusIsExactly(ErrorCode::kValidation,
                              "attribute \"length\" is 3.5, not an integer "
                              "(int32_t)"));
  EXPECT_THAT(GetNumber<int8_t>(item, "big"),
              StatusIsExactly(ErrorCode::kValidation,
                              "attribute \"big\" is 18446744073709551615, "
                              "outside the range of int8_t (-128 to 127)"));
  EXPECT_THAT(GetNumber<int64_t>(item, "big"),
              StatusIs(ErrorCode::kValidation, "outside the range of int64_t"));
  EXPECT_THAT(GetNumber<uint64_t>(item, "huge"),
              StatusIs(ErrorCode::kValidation,
                       "outside the range of uint64_t (0 to "
                       "18446744073709551615)"));
  EXPECT_THAT(GetNumber<float>(item, "huge"),
              StatusIs(ErrorCode::kValidation, "outside the range of float"));
  EXPECT_THAT(GetNumber<float>(item, "tiny"),
              StatusIs(ErrorCode::kValidation, "outside the range of float"));
  EXPECT_THAT(GetNumberSet<uint32_t>(item, "sizes"),
              StatusIsExactly(ErrorCode::kValidation,
                              "element 0 of attribute \"sizes\" is -1, outside "
                              "the range of uint32_t (0 to 4294967295)"));
  EXPECT_THAT(GetMap(item, "parts"),
              StatusIs(ErrorCode::kValidation, "is a list (L), not a map (M)"));
}

}  // namespace
}  // namespace eddy
