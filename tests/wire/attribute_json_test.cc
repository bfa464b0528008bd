// Copyright 2026 The eddy Authors.
//
// The DynamoDB-JSON codec (emulator/wire/attribute_json.h) against
// api-semantics.md §2 (data types): round trips, the encoder's canonical
// form, whole items. The error cases are in attribute_json_errors_test.cc.
//
// Most tests are tables: a row is one JSON input and what must come out of it.
// To add a case, add a row.

#include "emulator/wire/attribute_json.h"

#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/testing/status_matchers.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/limits.h"
#include "emulator/types/number.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/wire/attribute_json_testing.h"

namespace eddy {
namespace {

using namespace attribute_json_testing;  // NOLINT: the shared fixtures
using ::testing::AnyOf;
using ::testing::Not;
using namespace std::string_literals;  // "a\0b"s keeps the NUL

// =============================================================================
// Round trips: decode -> expected value; encode -> canonical JSON; and the
// canonical JSON decodes back to the same value.
// =============================================================================

struct RoundTripCase {
  std::string name;
  std::string json;       // input, possibly non-canonical
  AttributeValue want;    // decoded value
  std::string canonical;  // what the encoder produces
};

void PrintTo(const RoundTripCase& c, std::ostream* os) {
  *os << c.name << ": " << c.json;
}

std::vector<RoundTripCase> RoundTripCases() {
  const std::string max_number =
      std::string(38, '9') + std::string(88, '0');  // 9.99..9E+125
  const std::string min_number = "0." + std::string(129, '0') + "1";  // 1E-130
  std::vector<RoundTripCase> cases = {
      // --- S ---
      {"S_Simple", R"({"S":"hello"})", AttributeValue::S("hello"),
       R"({"S":"hello"})"},
      {"S_Empty", R"({"S":""})", AttributeValue::S(""), R"({"S":""})"},
      {"S_UnicodeRaw",
       "{\"S\":\"h\xC3\xA9llo \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80\"}",
       AttributeValue::S(
           "h\xC3\xA9llo \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80"),
       "{\"S\":\"h\xC3\xA9llo \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x98\x80\"}"},
      // \u escapes (including a surrogate pair) decode to UTF-8; the encoder
      // writes the UTF-8 bytes unescaped.
      {"S_UnicodeEscapes", R"({"S":"\u00e9\u65e5\ud83d\ude00"})",
       AttributeValue::S("\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80"),
       "{\"S\":\"\xC3\xA9\xE6\x97\xA5\xF0\x9F\x98\x80\"}"},
      {"S_QuotesAndBackslashes", R"({"S":"say \"hi\" \\ C:\\dir \/ end"})",
       AttributeValue::S(R"(say "hi" \ C:\dir / end)"),
       R"({"S":"say \"hi\" \\ C:\\dir / end"})"},
      {"S_ControlCharacters",
       R"({"S":"a\nb\tc\rd\be\ff\u0000g\u0001h\u001fi\u007f"})",
       AttributeValue::S("a\nb\tc\rd\be\ff\0g\x01h\x1fi\x7f"s),
       // DEL (0x7f) needs no escape in JSON and stays raw.
       "{\"S\":\"a\\nb\\tc\\rd\\be\\ff\\u0000g\\u0001h\\u001fi\x7f\"}"},
      {"S_JsonLookingText", R"({"S":"{\"N\":\"1\"}"})",
       AttributeValue::S(R"({"N":"1"})"), R"({"S":"{\"N\":\"1\"}"})"},

      // --- N: normalized on decode (§2) ---
      {"N_Integer", R"({"N":"42"})", AttributeValue::N(42), R"({"N":"42"})"},
      {"N_LeadingAndTrailingZeros", R"({"N":"01.50"})", Num("1.5"),
       R"({"N":"1.5"})"},
      {"N_LeadingZeros", R"({"N":"00042"})", AttributeValue::N(42),
       R"({"N":"42"})"},
      {"N_PointZero", R"({"N":"1.0"})", AttributeValue::N(1), R"({"N":"1"})"},
      {"N_NegativeZero", R"({"N":"-0"})", AttributeValue::N(0), R"({"N":"0"})"},
      {"N_Exponent", R"({"N":"1.5E2"})", AttributeValue::N(150),
       R"({"N":"150"})"},
      {"N_ExplicitPlusExponent", R"({"N":"1e+5"})", AttributeValue::N(100000),
       R"({"N":"100000"})"},
      {"N_NegativeExponent", R"({"N":"1e-3"})", Num("0.001"),
       R"({"N":"0.001"})"},
      {"N_PlusSign", R"({"N":"+3"})", AttributeValue::N(3), R"({"N":"3"})"},
      {"N_LeadingPoint", R"({"N":".123"})", Num("0.123"), R"({"N":"0.123"})"},
      {"N_TrailingPoint", R"({"N":"5."})", AttributeValue::N(5),
       R"({"N":"5"})"},
      {"N_ZeroWithHugeExponent", R"({"N":"0e1000"})", AttributeValue::N(0),
       R"({"N":"0"})"},
      {"N_Negative", R"({"N":"-12.500"})", Num("-12.5"), R"({"N":"-12.5"})"},
      // 38 significant digits; the trailing zeros are not significant.
      {"N_ThirtyEightDigitsPlusTrailingZeros",
       R"({"N":"1234567890123456789012345678901234567800"})",
       Num("1234567890123456789012345678901234567800"),
       R"({"N":"1234567890123456789012345678901234567800"})"},
      {"N_Largest", R"({"N":"9.9999999999999999999999999999999999999E+125"})",
       Num(max_number), R"({"N":")" + max_number + R"("})"},
      {"N_MostNegative",
       R"({"N":"-9.9999999999999999999999999999999999999E+125"})",
       Num("-" + max_number), R"({"N":"-)" + max_number + R"("})"},
      {"N_Smallest", R"({"N":"1E-130"})", Num(min_number),
       R"({"N":")" + min_number + R"("})"},
      {"N_SmallestNegative", R"({"N":"-1E-130"})", Num("-" + min_number),
       R"({"N":"-)" + min_number + R"("})"},

      // --- B: base64 on the wire, raw bytes in the value ---
      {"B_Text", R"({"B":"aGVsbG8="})", AttributeValue::B("hello"),
       R"({"B":"aGVsbG8="})"},
      {"B_Empty", R"({"B":""})", AttributeValue::B(""), R"({"B":""})"},
      {"B_BinaryBytes", R"({"B":"AP8Q"})", AttributeValue::B("\x00\xff\x10"s),
       R"({"B":"AP8Q"})"},
      {"B_OnePadding", R"({"B":"YWI="})", AttributeValue::B("ab"),
       R"({"B":"YWI="})"},

      // --- BOOL, NULL ---
      {"BOOL_True", R"({"BOOL":true})", AttributeValue::Bool(true),
       R"({"BOOL":true})"},
      {"BOOL_False", R"({"BOOL":false})", AttributeValue::Bool(false),
       R"({"BOOL":false})"},
      {"NULL_True", R"({"NULL":true})", AttributeValue::Null(),
       R"({"NULL":true})"},

      // --- Sets: canonical order on output ---
      {"SS_Sorted", R"({"SS":["b","c","a"]})", StrSet({"a", "b", "c"}),
       R"({"SS":["a","b","c"]})"},
      {"SS_Single", R"({"SS":["only"]})", StrSet({"only"}),
       R"({"SS":["only"]})"},
      {"SS_EmptyStringElement", R"({"SS":["x",""]})", StrSet({"", "x"}),
       R"({"SS":["","x"]})"},
      // By unsigned UTF-8 bytes: "é" (C3 A9) sorts after "z" (7A).
      {"SS_UnsignedByteOrder", "{\"SS\":[\"\xC3\xA9\",\"z\",\"a\"]}",
       StrSet({"a", "z", "\xC3\xA9"}), "{\"SS\":[\"a\",\"z\",\"\xC3\xA9\"]}"},
      {"SS_EscapedElements", R"({"SS":["q\"","b\\","\n"]})",
       StrSet({"q\"", "b\\", "\n"}), R"({"SS":["\n","b\\","q\""]})"},
      // Numerically, not textually: -1 < 1.5 < 9 < 10.
      {"NS_NumericOrder", R"({"NS":["10","9","-1","1.5"]})",
       NumSet({"-1", "1.5", "9", "10"}), R"({"NS":["-1","1.5","9","10"]})"},
      {"NS_NormalizedElements", R"({"NS":["01.0","2E0","-0.50"]})",
       NumSet({"-0.5", "1", "2"}), R"({"NS":["-0.5","1","2"]})"},
      {"BS_Sorted", R"({"BS":["Yg==","YQ=="]})", BinSet({"a", "b"}),
       R"({"BS":["YQ==","Yg=="]})"},
      // By unsigned bytes: 0x01 ("AQ==") before 0xff ("/w==").
      {"BS_UnsignedByteOrder", R"({"BS":["/w==","AQ=="]})",
       BinSet({"\x01", "\xff"}), R"({"BS":["AQ==","/w=="]})"},
      {"BS_EmptyElement", R"({"BS":["AQ==",""]})", BinSet({"", "\x01"}),
       R"({"BS":["","AQ=="]})"},

      // --- L and M ---
      {"L_Empty", R"({"L":[]})", AttributeValue::L({}), R"({"L":[]})"},
      {"L_Mixed",
       R"({"L":[{"S":"a"},{"N":"01"},{"NULL":true},{"BOOL":false},{"B":"AQ=="}]})",
       AttributeValue::L({AttributeValue::S("a"), AttributeValue::N(1),
                          AttributeValue::Null(), AttributeValue::Bool(false),
                          AttributeValue::B("\x01")}),
       R"({"L":[{"S":"a"},{"N":"1"},{"NULL":true},{"BOOL":false},{"B":"AQ=="}]})"},
      // A list keeps its order and its duplicates.
      {"L_KeepsOrderAndDuplicates", R"({"L":[{"N":"2"},{"N":"1"},{"N":"2"}]})",
       AttributeValue::L(
           {AttributeValue::N(2), AttributeValue::N(1), AttributeValue::N(2)}),
       R"({"L":[{"N":"2"},{"N":"1"},{"N":"2"}]})"},
      {"L_Nested", R"({"L":[{"L":[]},{"L":[{"L":[{"S":"deep"}]}]}]})",
       AttributeValue::L(
           {AttributeValue::L({}), AttributeValue::L({AttributeValue::L(
                                       {AttributeValue::S("deep")})})}),
       R"({"L":[{"L":[]},{"L":[{"L":[{"S":"deep"}]}]}]})"},
      {"M_Empty", R"({"M":{}})", AttributeValue::M({}), R"({"M":{}})"},
      // Names come out sorted.
      {"M_SortedNames", R"({"M":{"b":{"N":"2"},"a":{"S":"x"}}})",
       AttributeValue::M(
           {{"a", AttributeValue::S("x")}, {"b", AttributeValue::N(2)}}),
       R"({"M":{"a":{"S":"x"},"b":{"N":"2"}}})"},
      {"M_EscapedAndUnicodeNames",
       "{\"M\":{\"a\\\"b\":{\"S\":\"1\"},\"\xE5\x90\x8D\":{\"S\":\"2\"},\"\":{"
       "\"S\":\"3\"}}}",
       AttributeValue::M({{"a\"b", AttributeValue::S("1")},
                          {"\xE5\x90\x8D", AttributeValue::S("2")},
                          {"", AttributeValue::S("3")}}),
       "{\"M\":{\"\":{\"S\":\"3\"},\"a\\\"b\":{\"S\":\"1\"},\"\xE5\x90\x8D\":{"
       "\"S\":\"2\"}}}"},
      {"M_NestedMapsAndLists",
       R"({"M":{"n":{"NULL":true},"list":{"L":[{"M":{"k":{"SS":["z","y"]}}},{"NS":["3","1"]}]},)"
       R"("m":{"M":{"e":{"M":{}},"b":{"BS":["AQ=="]}}}}})",
       AttributeValue::M(
           {{"n", AttributeValue::Null()},
            {"list",
             AttributeValue::L({AttributeValue::M({{"k", StrSet({"y", "z"})}}),
                                NumSet({"1", "3"})})},
            {"m", AttributeValue::M({{"e", AttributeValue::M({})},
                                     {"b", BinSet({"\x01"})}})}}),
       R"({"M":{"list":{"L":[{"M":{"k":{"SS":["y","z"]}}},{"NS":["1","3"]}]},)"
       R"("m":{"M":{"b":{"BS":["AQ=="]},"e":{"M":{}}}},"n":{"NULL":true}}})"},

      // Insignificant whitespace is accepted.
      {"Whitespace", " {\n\t\"S\" : \"x\" }\r\n", AttributeValue::S("x"),
       R"({"S":"x"})"},
  };
  return cases;
}

class JsonRoundTripTest : public ::testing::TestWithParam<RoundTripCase> {};

TEST_P(JsonRoundTripTest, DecodesToExpectedValue) {
  const RoundTripCase& c = GetParam();
  StatusOr<AttributeValue> got = DecodeAttributeValueJson(c.json);
  ASSERT_THAT(got, IsOk());
  EXPECT_EQ(*got, c.want);
}

TEST_P(JsonRoundTripTest, EncodesCanonically) {
  const RoundTripCase& c = GetParam();
  EXPECT_EQ(EncodeAttributeValueJson(c.want), c.canonical);
}

TEST_P(JsonRoundTripTest, CanonicalFormDecodesBack) {
  const RoundTripCase& c = GetParam();
  StatusOr<AttributeValue> got = DecodeAttributeValueJson(c.canonical);
  ASSERT_THAT(got, IsOk());
  EXPECT_EQ(*got, c.want);
  EXPECT_EQ(EncodeAttributeValueJson(*got), c.canonical);
}

TEST_P(JsonRoundTripTest, SameInsideAnItem) {
  const RoundTripCase& c = GetParam();
  StatusOr<Item> got = DecodeItemJson(InItem(c.json));
  ASSERT_THAT(got, IsOk());
  EXPECT_EQ(*got, Item({{"attr", c.want}}));
  EXPECT_EQ(EncodeItemJson(*got), InItem(c.canonical));
}

INSTANTIATE_TEST_SUITE_P(
    AllTypes, JsonRoundTripTest, ::testing::ValuesIn(RoundTripCases()),
    [](const ::testing::TestParamInfo<RoundTripCase>& info) {
      return info.param.name;
    });

// --- Encoding details
// ------------------------------------------------------------

TEST(AttributeJsonEncodeTest, EveryControlCharacterIsEscapedAndRoundTrips) {
  std::string s;
  for (int c = 0; c < 0x20; ++c) s.push_back(static_cast<char>(c));
  s += "\"\\/\x7f \xC3\xA9";
  const std::string json = EncodeAttributeValueJson(AttributeValue::S(s));
  for (char c : json) {
    EXPECT_GE(static_cast<unsigned char>(c), 0x20)
        << "raw control byte in " << json;
  }
  EXPECT_EQ(json,
            "{\"S\":\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007"
            "\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
            "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017"
            "\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f"
            "\\\"\\\\/\x7f \xC3\xA9\"}");
  StatusOr<AttributeValue> back = DecodeAttributeValueJson(json);
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(*back, AttributeValue::S(s));
}

// Values made through the typed API may hold bytes that are not UTF-8; the
// JSON written for them is still UTF-8: each maximal ill-formed subsequence
// becomes U+FFFD, as Java's decoder replaces it.
TEST(AttributeJsonEncodeTest, InvalidUtf8IsReplacedNeverCopied) {
  const std::string kFffd = "\xEF\xBF\xBD";
  struct Case {
    std::string in, out;
  };
  const Case cases[] = {
      {"a\xff"
       "b",
       "a" + kFffd + "b"},
      {"\x80", kFffd},
      {"\xc0\xaf", kFffd + kFffd},  // C0 is never a lead byte
      {"\xe6\x97"
       "x",
       kFffd + "x"},  // one subsequence: a truncated char
      {"\xf0\x9f\x98", kFffd},
      {"\xed\xa0\x80", kFffd + kFffd + kFffd},  // a surrogate
      {"\xf4\x90\x80\x80", kFffd + kFffd + kFffd + kFffd},
      {"ok \xc3\xa9 \xf0\x9f\x98\x80", "ok \xc3\xa9 \xf0\x9f\x98\x80"},
      {std::string(9, 'x') + "\xff", std::string(9, 'x') + kFffd},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(EncodeAttributeValueJson(AttributeValue::S(c.in)),
              "{\"S\":\"" + c.out + "\"}");
    Item item;
    item.Set(c.in, AttributeValue::Null());
    EXPECT_EQ(EncodeItemJson(item), "{\"" + c.out + "\":{\"NULL\":true}}");
  }
}

// The encoder prints numbers itself (a fast path); it must print exactly
// Number::ToString's text.
TEST(AttributeJsonEncodeTest, NumbersPrintAsTypes) {
  std::vector<std::string> texts = {
      "0",
      "-0",
      "1",
      "-1",
      "12.5",
      "0.001",
      "1E-130",
      "-1E-130",
      "1E+125",
      "9.9999999999999999999999999999999999999E+125",
      "-9.9999999999999999999999999999999999999E+125",
      "18446744073709551615",
      "18446744073709551616",
      "1234567890123456789",
      "12345678901234567890",
      "0.00000000000000000000000000000000000001",
      "99999999999999999999999999999999999999",
      "100000000000000000000",
      "3.1415926535897932384626433832795028841",
      "-0.5",
      "1700000000"};
  uint64_t x = 88172645463325252ULL;  // xorshift: a spread of shapes
  for (int i = 0; i < 2000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    std::string t = std::to_string(x % 1000000007ULL) + std::to_string(x);
    t.resize(1 + x % 38);
    if (x % 3 == 0) t.insert(t.size() / 2, ".");
    t += "E" + std::to_string(static_cast<int>(x % 200) - 100);
    if (x % 2) t = "-" + t;
    texts.push_back(t);
  }
  for (const std::string& t : texts) {
    StatusOr<Number> n = Number::Parse(t);
    if (!n.ok()) continue;  // out of range: not a number to print
    SCOPED_TRACE(t);
    EXPECT_EQ(EncodeAttributeValueJson(AttributeValue::N(*n)),
              "{\"N\":\"" + n->ToString() + "\"}");
  }
}

TEST(AttributeJsonEncodeTest,
     SetsComeOutInCanonicalOrderWhateverTheInputOrder) {
  StatusOr<AttributeValue> ss = AttributeValue::SS({"pear", "apple", "fig"});
  StatusOr<AttributeValue> ns = AttributeValue::NS(
      {Number::FromInt64(100), Number::FromInt64(-5), Number::FromInt64(20)});
  StatusOr<AttributeValue> bs =
      AttributeValue::BS({"\x03", "\x01\x02", "\x01"});
  ASSERT_THAT(ss, IsOk());
  ASSERT_THAT(ns, IsOk());
  ASSERT_THAT(bs, IsOk());
  EXPECT_EQ(EncodeAttributeValueJson(*ss), R"({"SS":["apple","fig","pear"]})");
  EXPECT_EQ(EncodeAttributeValueJson(*ns), R"({"NS":["-5","20","100"]})");
  // 0x01 = "AQ==", 0x01 0x02 = "AQI=", 0x03 = "Aw==".
  EXPECT_EQ(EncodeAttributeValueJson(*bs), R"({"BS":["AQ==","AQI=","Aw=="]})");
}

TEST(AttributeJsonEncodeTest, NumbersNeverUseExponentNotation) {
  EXPECT_EQ(EncodeAttributeValueJson(Num("1E+20")),
            R"({"N":"100000000000000000000"})");
  EXPECT_EQ(EncodeAttributeValueJson(Num("-2.5e-7")), R"({"N":"-0.00000025"})");
}

// --- Items
// ------------------------------------------------------------------------

TEST(AttributeJsonItemTest, HeaderExample) {
  StatusOr<Item> item = DecodeItemJson(R"({"pk":{"S":"a"},"n":{"N":"01.50"}})");
  ASSERT_THAT(item, IsOk());
  EXPECT_EQ(*item, Item({{"pk", AttributeValue::S("a")}, {"n", Num("1.5")}}));
  EXPECT_EQ(EncodeItemJson(*item), R"({"n":{"N":"1.5"},"pk":{"S":"a"}})");
}

TEST(AttributeJsonItemTest, EmptyItem) {
  StatusOr<Item> item = DecodeItemJson("{}");
  ASSERT_THAT(item, IsOk());
  EXPECT_TRUE(item->empty());
  EXPECT_EQ(EncodeItemJson(Item()), "{}");
}

TEST(AttributeJsonItemTest, AllTenTypesRoundTrip) {
  const std::string json =
      R"({"s":{"S":"x"},"n":{"N":"-0.10"},"b":{"B":"AQI="},"bool":{"BOOL":true},)"
      R"("null":{"NULL":true},"m":{"M":{"k":{"S":""}}},"l":{"L":[{"N":"1"}]},)"
      R"("ss":{"SS":["b","a"]},"ns":{"NS":["2","1"]},"bs":{"BS":["Ag==","AQ=="]}})";
  const Item want = {
      {"s", AttributeValue::S("x")},
      {"n", Num("-0.1")},
      {"b", AttributeValue::B("\x01\x02")},
      {"bool", AttributeValue::Bool(true)},
      {"null", AttributeValue::Null()},
      {"m", AttributeValue::M({{"k", AttributeValue::S("")}})},
      {"l", AttributeValue::L({AttributeValue::N(1)})},
      {"ss", StrSet({"a", "b"})},
      {"ns", NumSet({"1", "2"})},
      {"bs", BinSet({"\x01", "\x02"})},
  };
  const std::string canonical =
      R"({"b":{"B":"AQI="},"bool":{"BOOL":true},"bs":{"BS":["AQ==","Ag=="]},)"
      R"("l":{"L":[{"N":"1"}]},"m":{"M":{"k":{"S":""}}},"n":{"N":"-0.1"},)"
      R"("ns":{"NS":["1","2"]},"null":{"NULL":true},"s":{"S":"x"},"ss":{"SS":["a","b"]}})";
  StatusOr<Item> item = DecodeItemJson(json);
  ASSERT_THAT(item, IsOk());
  EXPECT_EQ(*item, want);
  EXPECT_EQ(EncodeItemJson(*item), canonical);
  StatusOr<Item> again = DecodeItemJson(canonical);
  ASSERT_THAT(again, IsOk());
  EXPECT_EQ(*again, want);
}

TEST(AttributeJsonItemTest, AttributeNamesAreEscaped) {
  const Item item = {{"quote\"name", AttributeValue::N(1)},
                     {"back\\slash", AttributeValue::N(2)},
                     {"new\nline", AttributeValue::N(3)}};
  const std::string json = EncodeItemJson(item);
  EXPECT_EQ(
      json,
      R"({"back\\slash":{"N":"2"},"new\nline":{"N":"3"},"quote\"name":{"N":"1"}})");
  StatusOr<Item> back = DecodeItemJson(json);
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(*back, item);
}

// =============================================================================
// Errors of a single value. Each row is checked on its own, as an item's
// attribute, as a list element and as a map entry: the message is the same.
// =============================================================================
}  // namespace
}  // namespace eddy
