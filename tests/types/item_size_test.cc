// Copyright 2026 The eddy Authors.
//
// DynamoDB's item size (ItemSizeBytes, AttributeValue::SizeBytes,
// Number::SizeBytes) against api-semantics.md §3 and throughput-model.md §1.1.
//
// Every expected value is worked out by hand in a comment beside it. The
// rules, in short:
//   item      = Σ (UTF-8 bytes of the name + size of the value)
//   S         = UTF-8 bytes;  B = raw bytes (not base64);  BOOL, NULL = 1
//   L         = 3 + Σ (1 + element size)
//   M         = 3 + Σ (1 + UTF-8 bytes of the key + value size)
//   SS/NS/BS  = Σ element sizes (no per-element overhead)
//   N         = 1 for zero; else: strip leading/trailing zeros, group the
//               digits into base-100 pairs aligned on the decimal point,
//               count the pairs, + 1, + 1 if negative, at most 21.
//
// Note: throughput-model.md §1.1 suggests ceil(digits/2) + 1 for N, which it
// calls approximate; api-semantics.md §3 gives the exact aligned-pair rule and
// its documented example "1.5" = 3 (ceil(2/2)+1 would give 2), so these tests
// follow §3.

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/limits.h"
#include "emulator/types/number.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using namespace std::string_literals;  // "a\0b"s keeps the NUL

// Fixture builders. A fixture that fails to build yields a marker value whose
// size (a long string) makes the test using it fail visibly.
AttributeValue Invalid(const Status& s) {
  return AttributeValue::S("<invalid fixture: " + s.ToString() + ">");
}

AttributeValue Num(std::string_view text) {
  StatusOr<AttributeValue> v = AttributeValue::ParseN(text);
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

AttributeValue StrSet(std::vector<std::string> values) {
  StatusOr<AttributeValue> v = AttributeValue::SS(std::move(values));
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

AttributeValue NumSet(const std::vector<std::string>& texts) {
  std::vector<Number> numbers;
  for (const std::string& t : texts) {
    StatusOr<Number> n = Number::Parse(t);
    if (!n.ok()) return Invalid(n.status());
    numbers.push_back(*n);
  }
  StatusOr<AttributeValue> v = AttributeValue::NS(std::move(numbers));
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

AttributeValue BinSet(std::vector<std::string> values) {
  StatusOr<AttributeValue> v = AttributeValue::BS(std::move(values));
  return v.ok() ? *std::move(v) : Invalid(v.status());
}

// =============================================================================
// Numbers
// =============================================================================

struct NumberSizeCase {
  std::string text;
  int bytes;
  std::string why;  // the hand computation
};

void PrintTo(const NumberSizeCase& c, std::ostream* os) {
  *os << "\"" << c.text << "\" -> " << c.bytes << " (" << c.why << ")";
}

const std::string k38Digits =
    "12345678901234567890123456789012345678";  // 38 digits

std::vector<NumberSizeCase> NumberSizeCases() {
  return {
      // Documented examples (api-semantics.md §3).
      {"27", 2, "pairs |27| = 1; 1 + 1"},
      {"1.5", 3, "pairs |01|.|50| = 2; 2 + 1"},
      {"123", 3, "pairs |01|23| = 2; 2 + 1"},
      {"-1", 3, "pairs |01| = 1; 1 + 1 + 1 (negative)"},
      {"0", 1, "zero is 1 byte"},
      // Zero in any spelling.
      {"-0", 1, "normalizes to zero"},
      {"0.000", 1, "normalizes to zero"},
      {"0e50", 1, "normalizes to zero"},
      // Single pairs.
      {"1", 2, "|01| = 1 pair; 1 + 1"},
      {"99", 2, "|99| = 1 pair; 1 + 1"},
      {"10", 2,
       "|10| = 1 pair (trailing zero stripped, digit 1 still in the tens "
       "pair); 1 + 1"},
      {"100", 2,
       "|01|00| -> only |01| holds a significant digit = 1 pair; 1 + 1"},
      {"1000", 2, "|10|00| -> |10| = 1 pair; 1 + 1"},
      {"0.5", 2, ".|50| = 1 pair; 1 + 1"},
      {"0.05", 2, ".|05| = 1 pair; 1 + 1"},
      {"0.005", 2, ".|00|50| -> |50| = 1 pair; 1 + 1"},
      {"00042", 2, "42 after leading zeros go: |42| = 1 pair; 1 + 1"},
      {"1.50", 3, "1.5: |01|.|50| = 2 pairs; 2 + 1"},
      // Several pairs.
      {"101", 3, "|01|01| = 2 pairs; 2 + 1"},
      {"1234", 3, "|12|34| = 2 pairs; 2 + 1"},
      {"12345", 4, "|01|23|45| = 3 pairs; 3 + 1"},
      {"12.34", 3, "|12|.|34| = 2 pairs; 2 + 1"},
      {"1.23", 3, "|01|.|23| = 2 pairs; 2 + 1"},
      {"123.4", 4, "|01|23|.|40| = 3 pairs; 3 + 1"},
      {"-12.5", 4, "|12|.|50| = 2 pairs; 2 + 1 + 1 (negative)"},
      {"1.5E2", 3, "150 = |01|50| = 2 pairs; 2 + 1"},
      {"1E+125", 2, "a single digit at 10^125: 1 pair; 1 + 1"},
      {"1E-130", 2, "a single digit at 10^-130: 1 pair; 1 + 1"},
      {"-1E-130", 3, "1 pair; 1 + 1 + 1 (negative)"},
      {"1001", 3, "|10|01| = 2 pairs; 2 + 1"},
      {"10.01", 3,
       "|10|.|01| = 2 pairs (the inner zeros are significant); 2 + 1"},
      // 38 significant digits.
      {k38Digits, 20, "integer, 38 digits: 19 pairs; 19 + 1"},
      {"-" + k38Digits, 21, "19 pairs; 19 + 1 + 1 (negative)"},
      {std::string(38, '9'), 20, "38 nines: 19 pairs; 19 + 1"},
      {"9.9999999999999999999999999999999999999E+125", 20,
       "digits 10^125..10^88: pairs (124,125)..(88,89) = 19; 19 + 1"},
      {"1." + k38Digits.substr(1), 21,
       "1.2345...78 (38 digits, 10^0..10^-37): |01|.|23|..|78|+|80| = 20 "
       "pairs; 20 + 1"},
      // The cap: 20 pairs + 1 + 1 (negative) = 22, capped at 21.
      {"-1." + k38Digits.substr(1), 21,
       "20 pairs; 20 + 1 + 1 = 22, capped at 21"},
  };
}

class NumberSizeTest : public ::testing::TestWithParam<NumberSizeCase> {};

TEST_P(NumberSizeTest, SizeBytes) {
  const NumberSizeCase& c = GetParam();
  StatusOr<Number> n = Number::Parse(c.text);
  ASSERT_THAT(n, IsOk());
  EXPECT_EQ(n->SizeBytes(), c.bytes) << c.why;
  EXPECT_EQ(AttributeValue::N(*n).SizeBytes(), c.bytes) << c.why;
  EXPECT_LE(n->SizeBytes(), limits::kMaxNumberSizeBytes);
}

INSTANTIATE_TEST_SUITE_P(Examples, NumberSizeTest,
                         ::testing::ValuesIn(NumberSizeCases()));

TEST(NumberSizeBytesTest, FromInt64) {
  EXPECT_EQ(Number::FromInt64(0).SizeBytes(), 1);    // zero
  EXPECT_EQ(Number::FromInt64(27).SizeBytes(), 2);   // |27|; 1 + 1
  EXPECT_EQ(Number::FromInt64(-1).SizeBytes(), 3);   // |01|; 1 + 1 + 1
  EXPECT_EQ(AttributeValue::N(123).SizeBytes(), 3);  // |01|23|; 2 + 1
  // INT64_MAX = 9223372036854775807, 19 digits: |09|22|33|72|03|68|54|77|58|07|
  // = 10 pairs; 10 + 1.
  EXPECT_EQ(Number::FromInt64(INT64_MAX).SizeBytes(), 11);
  // INT64_MIN = -9223372036854775808: 10 pairs; 10 + 1 + 1.
  EXPECT_EQ(Number::FromInt64(INT64_MIN).SizeBytes(), 12);
}

TEST(NumberSizeBytesTest, NeverExceedsTheCap) {
  // Walk the decimal point through a negative 38-digit number: the size is at
  // most 21 wherever the point lands.
  for (int point = 1; point <= 38; ++point) {
    const std::string text =
        "-" + k38Digits.substr(0, point) + "." + k38Digits.substr(point);
    SCOPED_TRACE(text);
    StatusOr<Number> n = Number::Parse(text);
    ASSERT_THAT(n, IsOk());
    // 19 pairs when the point splits an even number of digits off, else 20:
    // 19 + 2 = 21, or 20 + 2 = 22 capped to 21.
    EXPECT_EQ(n->SizeBytes(), 21);
  }
}

// =============================================================================
// Scalars
// =============================================================================

TEST(ValueSizeTest, StringsCountUtf8Bytes) {
  EXPECT_EQ(AttributeValue::S("").SizeBytes(), 0);
  EXPECT_EQ(AttributeValue::S("abc").SizeBytes(), 3);
  EXPECT_EQ(AttributeValue::S("a\0b"s).SizeBytes(), 3);     // NUL is a byte
  EXPECT_EQ(AttributeValue::S("\xC3\xA9").SizeBytes(), 2);  // é: U+00E9
  EXPECT_EQ(AttributeValue::S("\xE6\x97\xA5\xE6\x9C\xAC").SizeBytes(),
            6);  // 日本: 3 + 3
  EXPECT_EQ(AttributeValue::S("\xF0\x9F\x98\x80").SizeBytes(),
            4);  // 😀: U+1F600
  EXPECT_EQ(AttributeValue::S("caf\xC3\xA9 \xE2\x82\xAC").SizeBytes(),
            9);  // "café €": 3+2+1+3
}

TEST(ValueSizeTest, BinaryCountsRawBytes) {
  EXPECT_EQ(AttributeValue::B("").SizeBytes(), 0);
  EXPECT_EQ(AttributeValue::B("\x00\x01\x02"s).SizeBytes(), 3);
  EXPECT_EQ(AttributeValue::B("\xff").SizeBytes(), 1);
  // 100 raw bytes are 136 characters of base64; the size is 100.
  EXPECT_EQ(AttributeValue::B(std::string(100, '\x7f')).SizeBytes(), 100);
}

TEST(ValueSizeTest, BoolAndNullAreOneByte) {
  EXPECT_EQ(AttributeValue::Bool(true).SizeBytes(), 1);
  EXPECT_EQ(AttributeValue::Bool(false).SizeBytes(), 1);
  EXPECT_EQ(AttributeValue::Null().SizeBytes(), 1);
  EXPECT_EQ(AttributeValue().SizeBytes(), 1);  // default is NULL
}

// =============================================================================
// Lists and maps
// =============================================================================

TEST(ValueSizeTest, EmptyListAndMapAreThreeBytes) {
  EXPECT_EQ(AttributeValue::L({}).SizeBytes(), 3);
  EXPECT_EQ(AttributeValue::M({}).SizeBytes(), 3);
}

TEST(ValueSizeTest, ListElements) {
  // 3 + (1 + 1 NULL) = 5
  EXPECT_EQ(AttributeValue::L({AttributeValue::Null()}).SizeBytes(), 5);
  // 3 + (1 + 3 "abc") + (1 + 2 N 27) = 10
  EXPECT_EQ(
      AttributeValue::L({AttributeValue::S("abc"), Num("27")}).SizeBytes(), 10);
  // 3 + (1 + 0 "") + (1 + 0 B"") = 5: empty elements still cost their byte.
  EXPECT_EQ(AttributeValue::L({AttributeValue::S(""), AttributeValue::B("")})
                .SizeBytes(),
            5);
  // Duplicates count each time: 3 + 3 × (1 + 1 BOOL) = 9
  EXPECT_EQ(
      AttributeValue::L({AttributeValue::Bool(true), AttributeValue::Bool(true),
                         AttributeValue::Bool(true)})
          .SizeBytes(),
      9);
}

TEST(ValueSizeTest, MapEntries) {
  // 3 + (1 + 1 "a" + 2 "xy") = 7
  EXPECT_EQ(AttributeValue::M({{"a", AttributeValue::S("xy")}}).SizeBytes(), 7);
  // 3 + (1 + 4 "name" + 3 N 1.5) + (1 + 2 "ok" + 1 BOOL) = 3 + 8 + 4 = 15
  EXPECT_EQ(AttributeValue::M(
                {{"name", Num("1.5")}, {"ok", AttributeValue::Bool(true)}})
                .SizeBytes(),
            15);
  // Key bytes are UTF-8: 3 + (1 + 2 "é" + 1 NULL) = 7
  EXPECT_EQ(
      AttributeValue::M({{"\xC3\xA9", AttributeValue::Null()}}).SizeBytes(), 7);
  // An empty key still costs the per-entry byte: 3 + (1 + 0 + 1 "x") = 5
  EXPECT_EQ(AttributeValue::M({{"", AttributeValue::S("x")}}).SizeBytes(), 5);
}

TEST(ValueSizeTest, NestedListsAndMaps) {
  // L[L[L[]]]: innermost 3; middle 3 + (1 + 3) = 7; outer 3 + (1 + 7) = 11
  EXPECT_EQ(AttributeValue::L({AttributeValue::L({AttributeValue::L({})})})
                .SizeBytes(),
            11);

  // M{l: L[M{}]}: M{} = 3; L = 3 + (1 + 3) = 7; outer = 3 + (1 + 1 "l" + 7) =
  // 12
  EXPECT_EQ(
      AttributeValue::M({{"l", AttributeValue::L({AttributeValue::M({})})}})
          .SizeBytes(),
      12);

  // M{a: M{bb: L[N -1, S "é"]}, c: NULL}
  //   L[N -1, S é]     = 3 + (1 + 3) + (1 + 2)        = 10
  //   M{bb: L}         = 3 + (1 + 2 "bb" + 10)        = 16
  //   outer            = 3 + (1 + 1 "a" + 16) + (1 + 1 "c" + 1) = 3 + 18 + 3 =
  //   24
  const AttributeValue nested = AttributeValue::M(
      {{"a", AttributeValue::M(
                 {{"bb", AttributeValue::L(
                             {Num("-1"), AttributeValue::S("\xC3\xA9")})}})},
       {"c", AttributeValue::Null()}});
  EXPECT_EQ(nested.SizeBytes(), 24);

  // Sets inside a list: L[SS{"a","bc"}, NS{27}] = 3 + (1 + 3) + (1 + 2) = 10
  EXPECT_EQ(
      AttributeValue::L({StrSet({"a", "bc"}), NumSet({"27"})}).SizeBytes(), 10);
}

TEST(ValueSizeTest, DeepNestingAddsFourBytesPerListLevel) {
  // Each level of L[x] adds 3 + 1 around x. Leaf S "x" = 1; 32 levels of
  // lists: 1 + 32 × 4 = 129.
  AttributeValue v = AttributeValue::S("x");
  for (int i = 0; i < 32; ++i) v = AttributeValue::L({v});
  EXPECT_EQ(v.SizeBytes(), 129);
}

// =============================================================================
// Sets: sum of element sizes, no per-element overhead
// =============================================================================

TEST(ValueSizeTest, StringSets) {
  EXPECT_EQ(StrSet({"a"}).SizeBytes(), 1);
  // 1 "a" + 2 "bc" + 0 "" = 3
  EXPECT_EQ(StrSet({"a", "bc", ""}).SizeBytes(), 3);
  // 3 "日" + 2 "é" = 5
  EXPECT_EQ(StrSet({"\xE6\x97\xA5", "\xC3\xA9"}).SizeBytes(), 5);
}

TEST(ValueSizeTest, NumberSetsUseNumberSizes) {
  EXPECT_EQ(NumSet({"0"}).SizeBytes(), 1);
  // 27 -> 2, 1.5 -> 3, -1 -> 3, 0 -> 1: 9
  EXPECT_EQ(NumSet({"27", "1.5", "-1", "0"}).SizeBytes(), 9);
  // Elements are normalized first: "01.50" is 1.5 -> 3; "100" -> 2: 5
  EXPECT_EQ(NumSet({"01.50", "100"}).SizeBytes(), 5);
  // Not the text length: "12345678" (8 chars) is |12|34|56|78| -> 4 + 1 = 5
  EXPECT_EQ(NumSet({"12345678"}).SizeBytes(), 5);
}

TEST(ValueSizeTest, BinarySets) {
  EXPECT_EQ(BinSet({"\xff"}).SizeBytes(), 1);
  // 0 + 2 = 2
  EXPECT_EQ(BinSet({"", "\x01\x02"}).SizeBytes(), 2);
  // 3 + 100 = 103 (raw bytes, not base64 length)
  EXPECT_EQ(BinSet({"abc", std::string(100, 'z')}).SizeBytes(), 103);
}

// =============================================================================
// Items
// =============================================================================

TEST(ItemSizeTest, EmptyItemIsZero) { EXPECT_EQ(ItemSizeBytes(Item()), 0); }

TEST(ItemSizeTest, NamePlusValue) {
  // 1 "a" + 0 "" = 1
  EXPECT_EQ(ItemSizeBytes(Item({{"a", AttributeValue::S("")}})), 1);
  // 2 "pk" + 6 "user#1" = 8
  EXPECT_EQ(ItemSizeBytes(Item({{"pk", AttributeValue::S("user#1")}})), 8);
  // Name bytes are UTF-8: 6 "名前" + 1 "x" = 7
  EXPECT_EQ(ItemSizeBytes(
                Item({{"\xE5\x90\x8D\xE5\x89\x8D", AttributeValue::S("x")}})),
            7);
  // 3 "num" + 2 (N 27) = 5
  EXPECT_EQ(ItemSizeBytes(Item({{"num", Num("27")}})), 5);
}

TEST(ItemSizeTest, WholeItem) {
  const Item item = {
      {"pk", AttributeValue::S("user#1")},
      {"age", AttributeValue::N(42)},
      {"tags", StrSet({"a", "bc"})},
      {"active", AttributeValue::Bool(true)},
      {"doc",
       AttributeValue::M({{"k", AttributeValue::L({AttributeValue::N(1),
                                                   AttributeValue::S("")})}})},
      {"blob", AttributeValue::B("\x01\x02\x03")},
      {"gone", AttributeValue::Null()},
      {"ns", NumSet({"1.5", "-12.5"})},
  };
  // name bytes + value size:
  //   pk      2 + 6 ("user#1")                                  =  8
  //   age     3 + 2 (|42|: 1 pair + 1)                           =  5
  //   tags    4 + (1 "a" + 2 "bc")                               =  7
  //   active  6 + 1 (BOOL)                                       =  7
  //   doc     3 + M, where L = 3 + (1 + 2 [N 1]) + (1 + 0 [S ""]) = 7
  //                  and   M = 3 + (1 + 1 "k" + 7)              = 12  -> 15
  //   blob    4 + 3 raw bytes                                    =  7
  //   gone    4 + 1 (NULL)                                       =  5
  //   ns      2 + (3 [1.5] + 4 [-12.5])                          =  9
  //   total   8 + 5 + 7 + 7 + 15 + 7 + 5 + 9                     = 63
  EXPECT_EQ(ItemSizeBytes(item), 63);
  // The same attributes as an M value: 3 + 1 per entry + 63 = 3 + 8 + 63 = 74.
  EXPECT_EQ(AttributeValue::M(item).SizeBytes(), 74);
}

TEST(ItemSizeTest, ReplacingAnAttributeChangesTheSize) {
  Item item = {{"a", AttributeValue::S("xyz")}};  // 1 + 3 = 4
  EXPECT_EQ(ItemSizeBytes(item), 4);
  item.Set("a", AttributeValue::N(7));  // 1 + 2 = 3
  EXPECT_EQ(ItemSizeBytes(item), 3);
  item.Set("b", AttributeValue::L({}));  // 3 + (1 + 3) = 7
  EXPECT_EQ(ItemSizeBytes(item), 7);
  item.Erase("a");  // 1 + 3 = 4
  EXPECT_EQ(ItemSizeBytes(item), 4);
}

TEST(ItemSizeTest, MaximumItemSizeBoundary) {
  // 2 "pk" + 409,598 bytes of S = 409,600 = 400 KiB exactly.
  const Item at_limit = {{"pk", AttributeValue::S(std::string(
                                    limits::kMaxItemSizeBytes - 2, 'x'))}};
  EXPECT_EQ(ItemSizeBytes(at_limit), limits::kMaxItemSizeBytes);
  EXPECT_EQ(limits::kMaxItemSizeBytes, 409600);
}

}  // namespace
}  // namespace eddy
