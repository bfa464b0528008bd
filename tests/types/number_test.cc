// Copyright 2026 The eddy Authors.
//
// Number: parsing and normalization, every invalid form with its message,
// range and precision edges, ordering, exact arithmetic and hashing.

#include "emulator/types/number.h"

#include <ostream>
#include <string>
#include <vector>

#include "absl/hash/hash.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

constexpr char kNotNumeric[] =
    "The parameter cannot be converted to a numeric value";
constexpr char kOverflow[] =
    "Number overflow. Attempting to store a number with magnitude larger than "
    "supported range";
constexpr char kUnderflow[] =
    "Number underflow. Attempting to store a number with magnitude smaller "
    "than supported range";
constexpr char kPrecision[] =
    "Attempting to store more than 38 significant digits in a Number";

Number N(std::string_view text) {
  StatusOr<Number> n = Number::Parse(text);
  EXPECT_TRUE(n.ok()) << text << ": " << n.status().ToString();
  return n.ok() ? *n : Number();
}

// --- Parsing and normalization ---------------------------------------------

struct ParseCase {
  std::string input;
  std::string canonical;
};

void PrintTo(const ParseCase& c, std::ostream* os) { *os << c.input; }

class NumberParseTest : public ::testing::TestWithParam<ParseCase> {};

TEST_P(NumberParseTest, NormalizesToPlainDecimal) {
  StatusOr<Number> n = Number::Parse(GetParam().input);
  ASSERT_THAT(n, IsOk());
  EXPECT_EQ(n->ToString(), GetParam().canonical);
  // The canonical form parses to the same value.
  EXPECT_EQ(N(n->ToString()), *n);
}

INSTANTIATE_TEST_SUITE_P(
    Valid, NumberParseTest,
    ::testing::Values(
        ParseCase{"0", "0"}, ParseCase{"-0", "0"}, ParseCase{"+0", "0"},
        ParseCase{"0.000", "0"}, ParseCase{"0e1000", "0"},
        ParseCase{"-0.0e-5", "0"}, ParseCase{"00042", "42"},
        ParseCase{"1.0", "1"}, ParseCase{"1.50", "1.5"},
        ParseCase{"1.5E2", "150"}, ParseCase{"1.5e-2", "0.015"},
        ParseCase{"+3", "3"}, ParseCase{".123", "0.123"}, ParseCase{"5.", "5"},
        ParseCase{"0001.23", "1.23"}, ParseCase{"1e+5", "100000"},
        ParseCase{"-17e5", "-1700000"}, ParseCase{"-7.1234", "-7.1234"},
        ParseCase{"-17.4E37", "-174000000000000000000000000000000000000"},
        ParseCase{"100", "100"}, ParseCase{"1000e-3", "1"},
        ParseCase{"123456789012345678901234567890.12345678",
                  "123456789012345678901234567890.12345678"},
        ParseCase{"3.1415926535897932384626433832795028841",
                  "3.1415926535897932384626433832795028841"},
        ParseCase{"31415926535897932384626433832795028841e30",
                  "31415926535897932384626433832795028841"
                  "000000000000000000000000000000"},
        ParseCase{"99999999999999999999999999999999999999",
                  "99999999999999999999999999999999999999"},
        ParseCase{"1e-130", "0." + std::string(129, '0') + "1"},
        ParseCase{"-1E-130", "-0." + std::string(129, '0') + "1"},
        ParseCase{"1e125", "1" + std::string(125, '0')},
        ParseCase{"0.1", "0.1"}, ParseCase{"-0.001", "-0.001"},
        ParseCase{"10.010", "10.01"},
        ParseCase{"12345678901234567890123456789012345678000",
                  "12345678901234567890123456789012345678000"},
        ParseCase{"0.00000000000000000000000000000000000001230",
                  "0.0000000000000000000000000000000000000123"}));

// --- Invalid forms -----------------------------------------------------------

struct ErrorCase {
  std::string input;
  std::string message;
};

void PrintTo(const ErrorCase& c, std::ostream* os) {
  *os << '"' << c.input.substr(0, 48) << '"';
}

class NumberErrorTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(NumberErrorTest, RejectsWithDynamoDbMessage) {
  EXPECT_THAT(Number::Parse(GetParam().input),
              StatusIsExactly(ErrorCode::kValidation, GetParam().message));
}

std::string NotNumeric(const std::string& s) {
  return std::string(kNotNumeric) + ": " + s;
}

INSTANTIATE_TEST_SUITE_P(
    NotNumeric, NumberErrorTest,
    ::testing::Values(
        ErrorCase{"", NotNumeric("")}, ErrorCase{"abc", NotNumeric("abc")},
        ErrorCase{"NaN", NotNumeric("NaN")},
        ErrorCase{"-NaN", NotNumeric("-NaN")},
        ErrorCase{"Infinity", NotNumeric("Infinity")},
        ErrorCase{"-Infinity", NotNumeric("-Infinity")},
        ErrorCase{"dog", NotNumeric("dog")},
        ErrorCase{"-dog", NotNumeric("-dog")},
        ErrorCase{" 1", NotNumeric(" 1")}, ErrorCase{"1 ", NotNumeric("1 ")},
        ErrorCase{"1.2.3", NotNumeric("1.2.3")},
        ErrorCase{".", NotNumeric(".")}, ErrorCase{"-", NotNumeric("-")},
        ErrorCase{"+", NotNumeric("+")}, ErrorCase{"--1", NotNumeric("--1")},
        ErrorCase{"1e", NotNumeric("1e")}, ErrorCase{"1e+", NotNumeric("1e+")},
        ErrorCase{"e5", NotNumeric("e5")},
        ErrorCase{"0x10", NotNumeric("0x10")},
        ErrorCase{"1,000", NotNumeric("1,000")},
        ErrorCase{"1e5.5", NotNumeric("1e5.5")}));

INSTANTIATE_TEST_SUITE_P(
    Range, NumberErrorTest,
    ::testing::Values(
        ErrorCase{"1e126", kOverflow}, ErrorCase{"-1e126", kOverflow},
        ErrorCase{"11e125", kOverflow},
        ErrorCase{"1e1000000000000000", kOverflow},
        ErrorCase{"1e-131", kUnderflow}, ErrorCase{"-1e-131", kUnderflow},
        ErrorCase{"0.9e-130", kUnderflow},
        ErrorCase{"1e-99999999999", kUnderflow},
        // Magnitude is checked before precision.
        ErrorCase{"1234567890123456789012345678901234567890e200", kOverflow}));

INSTANTIATE_TEST_SUITE_P(
    Precision, NumberErrorTest,
    ::testing::Values(
        ErrorCase{"3.14159265358979323846264338327950288419", kPrecision},
        ErrorCase{"314159265358979323846.264338327950288419", kPrecision},
        ErrorCase{"314159265358979323846264338327950288419e30", kPrecision},
        ErrorCase{"100000000000000000000000000000000000001", kPrecision},
        ErrorCase{"1.00000000000000000000000000000000000001", kPrecision}));

TEST(NumberTest, LargestAndSmallestMagnitudesAreAccepted) {
  const std::string largest = "9.9999999999999999999999999999999999999E+125";
  ASSERT_THAT(Number::Parse(largest), IsOk());
  EXPECT_EQ(N(largest).digits(), 38);
  EXPECT_THAT(Number::Parse("-" + largest), IsOk());
  EXPECT_THAT(Number::Parse("1E-130"), IsOk());
  EXPECT_THAT(Number::Parse("9.99999999e125"), IsOk());
  // 38 significant digits surrounded by zeros still count as 38.
  EXPECT_THAT(Number::Parse("000.12345678901234567890123456789012345678000"),
              IsOk());
}

TEST(NumberTest, TrailingZerosOfIntegersAreNotSignificant) {
  // 1 followed by 125 zeros is 1E125: one significant digit.
  EXPECT_THAT(Number::Parse("1" + std::string(125, '0')), IsOk());
  EXPECT_THAT(Number::Parse("1" + std::string(126, '0')),
              StatusIsExactly(ErrorCode::kValidation, kOverflow));
}

// --- Ordering
// ------------------------------------------------------------------

struct CompareCase {
  const char* a;
  const char* b;
  int expected;  // sign of a - b
};

void PrintTo(const CompareCase& c, std::ostream* os) {
  *os << c.a << " vs " << c.b;
}

class NumberCompareTest : public ::testing::TestWithParam<CompareCase> {};

TEST_P(NumberCompareTest, ComparesNumerically) {
  const Number a = N(GetParam().a), b = N(GetParam().b);
  EXPECT_EQ(a.Compare(b), GetParam().expected);
  EXPECT_EQ(b.Compare(a), -GetParam().expected);
  EXPECT_EQ(a == b, GetParam().expected == 0);
  EXPECT_EQ(a < b, GetParam().expected < 0);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, NumberCompareTest,
    ::testing::Values(
        CompareCase{"1", "1.0", 0}, CompareCase{"-0", "0", 0},
        CompareCase{"1.5E2", "150", 0}, CompareCase{"2", "10", -1},
        CompareCase{"-2", "-10", 1}, CompareCase{"-1", "0", -1},
        CompareCase{"0", "1e-130", -1}, CompareCase{"-1e-130", "0", -1},
        CompareCase{"0.1", "0.09", 1}, CompareCase{"1e125", "9.9e124", 1},
        CompareCase{"123.456", "123.4560001", -1},
        CompareCase{"99999999999999999999999999999999999999",
                    "99999999999999999999999999999999999998", 1},
        CompareCase{"-5.5", "-5.05", -1}, CompareCase{"1e-5", "0.00001", 0},
        CompareCase{"12", "12.000000000000000000000000000000000001", -1}));

TEST(NumberTest, HashIsConsistentWithEquality) {
  EXPECT_EQ(absl::HashOf(N("1")), absl::HashOf(N("1.0")));
  EXPECT_EQ(absl::HashOf(N("150")), absl::HashOf(N("1.5E2")));
  EXPECT_EQ(absl::HashOf(N("-0")), absl::HashOf(N("0")));
  EXPECT_NE(absl::HashOf(N("1")), absl::HashOf(N("-1")));
}

// --- Arithmetic
// ----------------------------------------------------------------

struct ArithmeticCase {
  const char* a;
  char op;  // '+' or '-'
  const char* b;
  const char* result;  // canonical text, or nullptr when an error is expected
  const char* error = nullptr;
};

void PrintTo(const ArithmeticCase& c, std::ostream* os) {
  *os << c.a << ' ' << c.op << ' ' << c.b;
}

class NumberArithmeticTest : public ::testing::TestWithParam<ArithmeticCase> {};

TEST_P(NumberArithmeticTest, IsExact) {
  const auto& c = GetParam();
  StatusOr<Number> r = c.op == '+' ? Number::Add(N(c.a), N(c.b))
                                   : Number::Subtract(N(c.a), N(c.b));
  if (c.result != nullptr) {
    ASSERT_THAT(r, IsOk());
    EXPECT_EQ(r->ToString(), c.result);
  } else {
    EXPECT_THAT(r, StatusIsExactly(ErrorCode::kValidation, c.error));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, NumberArithmeticTest,
    ::testing::Values(
        ArithmeticCase{"1", '+', "1", "2"},
        ArithmeticCase{"0.1", '+', "0.2", "0.3"},
        ArithmeticCase{"1", '-', "1", "0"}, ArithmeticCase{"-1", '+', "1", "0"},
        ArithmeticCase{"5", '-', "7.5", "-2.5"},
        ArithmeticCase{"0", '+', "-3", "-3"},
        ArithmeticCase{"1", '+', "10000000000000000000000",
                       "10000000000000000000001"},
        ArithmeticCase{"10000000000000000000000", '-', "1",
                       "9999999999999999999999"},
        ArithmeticCase{"1.5", '+', "1.5", "3"},
        ArithmeticCase{"99999999999999999999999999999999999999", '+', "1",
                       "100000000000000000000000000000000000000"},
        // 10^38 - (10^38 - 1): exponents far apart, exact cancellation.
        ArithmeticCase{"1e38", '-', "99999999999999999999999999999999999999",
                       "1"},
        ArithmeticCase{"1e50", '-', "1e50", "0"},
        ArithmeticCase{"1e125", '-', "1e-130", nullptr, kOverflow},
        ArithmeticCase{"1e50", '+', "1", nullptr, kOverflow},
        ArithmeticCase{"1e50", '-', "1", nullptr, kOverflow},
        ArithmeticCase{"9e125", '+', "9e125", nullptr, kOverflow},
        ArithmeticCase{"9e125", '-', "-9e125", nullptr, kOverflow},
        ArithmeticCase{"-9e125", '-', "9e125", nullptr, kOverflow},
        ArithmeticCase{"1.1e-130", '-', "1e-130", nullptr, kUnderflow},
        ArithmeticCase{"12345678901234567890123456789012345678", '+', "0.5",
                       nullptr, kOverflow},
        ArithmeticCase{"1234567890123456789012345678901234567", '+', "0.8",
                       "1234567890123456789012345678901234567.8"},
        ArithmeticCase{"-0.000001", '-', "0.000001", "-0.000002"}));

TEST(NumberTest, FromInt64CoversTheWholeRange) {
  EXPECT_EQ(Number::FromInt64(0).ToString(), "0");
  EXPECT_EQ(Number::FromInt64(-42).ToString(), "-42");
  EXPECT_EQ(Number::FromInt64(1000).ToString(), "1000");
  EXPECT_EQ(Number::FromInt64(INT64_MAX).ToString(), "9223372036854775807");
  EXPECT_EQ(Number::FromInt64(INT64_MIN).ToString(), "-9223372036854775808");
  int64_t v = 0;
  ASSERT_TRUE(Number::FromInt64(INT64_MIN).ToInt64(&v));
  EXPECT_EQ(v, INT64_MIN);
  ASSERT_TRUE(N("1.5e3").ToInt64(&v));
  EXPECT_EQ(v, 1500);
  EXPECT_FALSE(N("1.5").ToInt64(&v));
  EXPECT_FALSE(N("1e19").ToInt64(&v));
  EXPECT_DOUBLE_EQ(N("-2.5").ToDouble(), -2.5);
}

TEST(NumberTest, ExposesDigitsAndExponent) {
  EXPECT_EQ(N("150").digits(), 2);
  EXPECT_EQ(N("150").exponent(), 1);
  EXPECT_EQ(N("0.25").exponent(), -2);
  EXPECT_EQ(N("0").digits(), 0);
  EXPECT_TRUE(N("-0").is_zero());
  EXPECT_FALSE(N("-0").is_negative());
  EXPECT_TRUE(N("-3").is_negative());
  EXPECT_EQ(N("-3").Negated(), N("3"));
}

TEST(NumberTest, HugeInputsAreHandledWithoutBlowingUp) {
  // A megabyte of digits is rejected by the precision rule, not a crash.
  EXPECT_THAT(Number::Parse("1." + std::string(1 << 20, '1')),
              StatusIsExactly(ErrorCode::kValidation, kPrecision));
  // A megabyte of leading zeros is just zero-padding.
  EXPECT_EQ(N(std::string(1 << 20, '0') + "7").ToString(), "7");
}

}  // namespace
}  // namespace eddy
