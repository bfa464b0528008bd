// Copyright 2026 The eddy Authors.
//
// The DynamoDB-JSON codec (emulator/wire/attribute_json.h) against
// api-semantics.md §2 (data types) and §6 #11-#19 (value messages).
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

namespace eddy {
namespace {

using ::testing::AnyOf;
using ::testing::Not;
using namespace std::string_literals;  // "a\0b"s keeps the NUL

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
// #16 (": <text>" follows when the text is not empty)
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

std::string NotNumeric(std::string_view text) {
  return std::string(kNotNumeric) + ": " + std::string(text);
}
std::string SetDuplicates(std::string_view rendered) {  // SS
  return std::string(kDupPrefix) + std::string(rendered) +
         " contains duplicates.";
}
std::string BinarySetDuplicates(
    std::string_view rendered) {  // BS (sic: no space)
  return std::string(kDupPrefix) + std::string(rendered) +
         "of type BS contains duplicates.";
}

// --- Building expected values
// -------------------------------------------------- A fixture that fails to
// build yields a marker value, so the test using it fails on comparison with a
// readable message instead of aborting.

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

// `maps` levels of {"M":{"a": ... }} around `leaf`: the leaf sits at level
// maps + 1 when the result is an attribute's value.
std::string NestInMaps(int maps, std::string_view leaf, bool close = true) {
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
std::string NestInLists(int lists, std::string_view leaf) {
  std::string out;
  out.reserve(static_cast<size_t>(lists) * 8 + leaf.size());
  for (int i = 0; i < lists; ++i) out += R"({"L":[)";
  out += leaf;
  for (int i = 0; i < lists; ++i) out += "]}";
  return out;
}

// Alternating M (even i) and L (odd i) levels around `leaf`.
std::string NestMixed(int levels, std::string_view leaf) {
  std::string out;
  for (int i = 0; i < levels; ++i)
    out += i % 2 == 0 ? R"({"M":{"a":)" : R"({"L":[)";
  out += leaf;
  for (int i = levels - 1; i >= 0; --i) out += i % 2 == 0 ? "}}" : "]}";
  return out;
}

AttributeValue WrapInMaps(int maps, AttributeValue leaf) {
  for (int i = 0; i < maps; ++i)
    leaf = AttributeValue::M({{"a", std::move(leaf)}});
  return leaf;
}

AttributeValue WrapInLists(int lists, AttributeValue leaf) {
  for (int i = 0; i < lists; ++i) {
    std::vector<AttributeValue> l;
    l.push_back(std::move(leaf));
    leaf = AttributeValue::L(std::move(l));
  }
  return leaf;
}

std::string InItem(std::string_view value_json) {
  return R"({"attr":)" + std::string(value_json) + "}";
}

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
      {"a\xff" "b", "a" + kFffd + "b"},
      {"\x80", kFffd},
      {"\xc0\xaf", kFffd + kFffd},  // C0 is never a lead byte
      {"\xe6\x97" "x", kFffd + "x"},  // one subsequence: a truncated char
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
      "0", "-0", "1", "-1", "12.5", "0.001", "1E-130", "-1E-130", "1E+125",
      "9.9999999999999999999999999999999999999E+125",
      "-9.9999999999999999999999999999999999999E+125",
      "18446744073709551615", "18446744073709551616", "1234567890123456789",
      "12345678901234567890", "0.00000000000000000000000000000000000001",
      "99999999999999999999999999999999999999", "100000000000000000000",
      "3.1415926535897932384626433832795028841", "-0.5", "1700000000"};
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

struct ValueErrorCase {
  std::string name;
  std::string json;
  ErrorCode code;
  std::string message;  // the exact text when `exact`, else a substring
  bool exact = true;
};

void PrintTo(const ValueErrorCase& c, std::ostream* os) {
  *os << c.name << ": " << c.json;
}

ValueErrorCase Exact(std::string name, std::string json,
                     std::string_view message) {
  return {std::move(name), std::move(json), ErrorCode::kValidation,
          std::string(message), true};
}
ValueErrorCase Serialization(std::string name, std::string json,
                             std::string_view exact_message = "") {
  return {std::move(name), std::move(json), ErrorCode::kSerialization,
          std::string(exact_message), !exact_message.empty()};
}

std::vector<ValueErrorCase> ValueErrorCases() {
  const std::string digits39 = "123456789012345678901234567890123456789";
  return {
      // #14: no type, or only unknown keys.
      Exact("EmptyObject", "{}", kEmptyValue),
      Exact("UnknownKeyOnly", R"({"X":{"S":"a"}})", kEmptyValue),
      Exact("LowercaseKeyOnly", R"({"s":"a"})", kEmptyValue),
      // #15: two or more types.
      Exact("TwoTypes", R"({"S":"a","N":"1"})", kTwoTypes),
      Exact("StringAndNull", R"({"S":"a","NULL":true})", kTwoTypes),
      Exact("ThreeTypes", R"({"B":"","BOOL":true,"L":[]})", kTwoTypes),
      Exact("MapAndList", R"({"M":{},"L":[]})", kTwoTypes),
      // #13
      Exact("NullFalse", R"({"NULL":false})", kNullFalse),
      Exact("NullFalseInsideList", R"({"L":[{"NULL":false}]})", kNullFalse),

      // #16: not a number.
      Exact("N_Letters", R"({"N":"abc"})", NotNumeric("abc")),
      Exact("N_EmptyString", R"({"N":""})", kNotNumeric),  // no ": " suffix
      Exact("N_NaN", R"({"N":"NaN"})", NotNumeric("NaN")),
      Exact("N_Infinity", R"({"N":"Infinity"})", NotNumeric("Infinity")),
      Exact("N_NegativeInfinity", R"({"N":"-Infinity"})",
            NotNumeric("-Infinity")),
      Exact("N_LeadingSpace", R"({"N":" 1"})", NotNumeric(" 1")),
      Exact("N_TrailingSpace", R"({"N":"1 "})", NotNumeric("1 ")),
      Exact("N_Hex", R"({"N":"0x10"})", NotNumeric("0x10")),
      Exact("N_TwoPoints", R"({"N":"1.2.3"})", NotNumeric("1.2.3")),
      Exact("N_PointOnly", R"({"N":"."})", NotNumeric(".")),
      Exact("N_SignOnly", R"({"N":"-"})", NotNumeric("-")),
      Exact("N_DoubleSign", R"({"N":"--1"})", NotNumeric("--1")),
      Exact("N_ExponentWithoutDigits", R"({"N":"1e"})", NotNumeric("1e")),
      Exact("N_ExponentOnly", R"({"N":"e5"})", NotNumeric("e5")),
      Exact("N_Comma", R"({"N":"1,5"})", NotNumeric("1,5")),
      // #17: more than 38 significant digits.
      Exact("N_ThirtyNineDigits", R"({"N":")" + digits39 + R"("})", kPrecision),
      Exact("N_ThirtyNineDigitsFraction", R"({"N":"0.)" + digits39 + R"("})",
            kPrecision),
      Exact("N_ThirtyNineDigitsNegative", R"({"N":"-)" + digits39 + R"("})",
            kPrecision),
      // #18: out of range.
      Exact("N_Overflow", R"({"N":"1E+126"})", kOverflow),
      Exact("N_OverflowTenTimesMax", R"({"N":"10E+125"})", kOverflow),
      Exact("N_OverflowNegative", R"({"N":"-1e126"})", kOverflow),
      Exact("N_OverflowHugeExponent", R"({"N":"1e99999999999999999999"})",
            kOverflow),
      Exact("N_Underflow", R"({"N":"1E-131"})", kUnderflow),
      Exact("N_UnderflowBelowSmallest", R"({"N":"0.9E-130"})", kUnderflow),
      Exact("N_UnderflowNegative", R"({"N":"-1e-131"})", kUnderflow),

      // #11: empty sets.
      Exact("SS_Empty", R"({"SS":[]})", kEmptySS),
      Exact("NS_Empty", R"({"NS":[]})", kEmptyNS),
      Exact("BS_Empty", R"({"BS":[]})", kEmptyBS),
      // #12: duplicates; the collection is printed as given.
      Exact("SS_Duplicate", R"({"SS":["a","a"]})", SetDuplicates("[a, a]")),
      Exact("SS_DuplicateAsGiven", R"({"SS":["b","a","b"]})",
            SetDuplicates("[b, a, b]")),
      Exact("SS_DuplicateEmptyStrings", R"({"SS":["",""]})",
            SetDuplicates("[, ]")),
      // NS duplicates compare numerically.
      Exact("NS_Duplicate", R"({"NS":["1","1"]})", kDupNS),
      Exact("NS_DuplicateNumerically", R"({"NS":["1","1.0"]})", kDupNS),
      Exact("NS_DuplicateExponentForm", R"({"NS":["100","1E2","7"]})", kDupNS),
      Exact("NS_DuplicateZeros", R"({"NS":["-0","0.000"]})", kDupNS),
      Exact("BS_Duplicate", R"({"BS":["Yg==","Yg=="]})",
            BinarySetDuplicates("[Yg==, Yg==]")),
      Exact("BS_DuplicateAsGiven", R"({"BS":["YQ==","Yg==","YQ=="]})",
            BinarySetDuplicates("[YQ==, Yg==, YQ==]")),
      // NS elements obey the number rules.
      Exact("NS_BadElement", R"({"NS":["1","abc"]})", NotNumeric("abc")),
      Exact("NS_EmptyElement", R"({"NS":["1",""]})", kNotNumeric),
      Exact("NS_OverflowElement", R"({"NS":["1e200"]})", kOverflow),
      Exact("NS_PrecisionElement", R"({"NS":[")" + digits39 + R"("]})",
            kPrecision),

      // Validation errors deep inside containers.
      Exact("EmptyValueInList", R"({"L":[{"S":"ok"},{}]})", kEmptyValue),
      Exact("EmptyValueInMap", R"({"M":{"ok":{"S":"x"},"bad":{}}})",
            kEmptyValue),
      Exact("TwoTypesDeep",
            R"({"M":{"a":{"L":[{"M":{"b":{"S":"x","B":""}}}]}}})", kTwoTypes),
      Exact("BadNumberDeep", R"({"L":[{"M":{"n":{"N":"abc"}}}]})",
            NotNumeric("abc")),
      Exact("EmptySetDeep", R"({"M":{"a":{"M":{"b":{"SS":[]}}}}})", kEmptySS),

      // SerializationException: a member of the wrong JSON type (§2).
      Serialization("N_JsonNumber", R"({"N":123})", kNumberNotString),
      Serialization("N_JsonFloat", R"({"N":1.5})", kDecimalNotString),
      Serialization("S_JsonNumber", R"({"S":123})", kNumberNotString),
      Serialization("SS_NumberElement", R"({"SS":["a",1]})", kNumberNotString),
      Serialization("NS_NumberElement", R"({"NS":[1]})", kNumberNotString),
      Serialization("N_Boolean", R"({"N":true})",
                    "TRUE_VALUE cannot be converted to String"),
      Serialization("N_Object", R"({"N":{}})", kStartOfMap),
      Serialization("S_Boolean", R"({"S":false})",
                    "FALSE_VALUE cannot be converted to String"),
      Serialization("S_Array", R"({"S":["a"]})",
                    "Unrecognized collection type class java.lang.String"),
      Serialization("S_Object", R"({"S":{"S":"a"}})", kStartOfMap),
      // Boolean words ("true", "no", ...) are accepted; other strings not.
      Serialization("BOOL_String", R"({"BOOL":"maybe"})", kParserToken),
      Serialization("BOOL_Number", R"({"BOOL":1})",
                    "NUMBER_VALUE cannot be converted to Boolean"),
      Serialization("NULL_String", R"({"NULL":"maybe"})", kParserToken),
      Serialization("NULL_Number", R"({"NULL":1.0})",
                    "DECIMAL_VALUE cannot be converted to Boolean"),
      Serialization("SS_String", R"({"SS":"a"})", kFieldType),
      Serialization("SS_Object", R"({"SS":{}})", kStartOfMap),
      Serialization("NS_String", R"({"NS":"1"})", kFieldType),
      Serialization("BS_String", R"({"BS":"YQ=="})", kFieldType),
      Serialization("BS_NumberElement", R"({"BS":[1]})",
                    "only base-64-encoded strings are convertible to bytes"),
      Serialization("L_Object", R"({"L":{}})", kStartOfMap),
      Serialization("L_String", R"({"L":"x"})", kFieldType),
      Serialization("L_StringElement", R"({"L":["x"]})", kValueType),
      Serialization("L_NumberElement", R"({"L":[1]})", kValueType),
      Serialization("L_ArrayElement", R"({"L":[[]]})",
                    "Unrecognized collection type class "
                    "com.amazonaws.dynamodb.v20120810.AttributeValue"),
      Serialization("M_Array", R"({"M":[]})",
                    "Unrecognized collection type java.util.Map<"
                    "java.lang.String, "
                    "com.amazonaws.dynamodb.v20120810.AttributeValue>"),
      Serialization("M_String", R"({"M":"x"})", kFieldType),
      Serialization("M_StringEntry", R"({"M":{"a":"x"}})", kValueType),
      Serialization("M_ArrayEntry", R"({"M":{"a":[]}})",
                    "Unrecognized collection type class "
                    "com.amazonaws.dynamodb.v20120810.AttributeValue"),
      Serialization("B_Number", R"({"B":1})",
                    "only base-64-encoded strings are convertible to bytes"),
      // Bad base64 in B and BS.
      Serialization(
          "B_LengthNotMultipleOf4", R"({"B":"abc"})",
          "Base64 encoded length is expected a multiple of 4 bytes but found: "
          "3"),
      Serialization("B_SingleChar", R"({"B":"a"})"),
      Serialization("B_MissingPadding", R"({"B":"YQ"})"),
      Serialization("B_BadCharacter", R"({"B":"ab!="})",
                    "Invalid Base64 character: '!'"),
      Serialization("B_NonCanonicalLastCharacter", R"({"B":"+/+="})",
                    "Invalid last non-pad Base64 character dectected"),
      Serialization("B_PaddingFirst", R"({"B":"=+/="})",
                    "Invalid last non-pad Base64 character dectected"),
      // Lengths count characters (Java's), and a character is quoted whole.
      Serialization(
          "B_MultiByteCharacters", "{\"B\":\"\xc3\xa9\xc3\xa9\xc3\xa9\"}",
          "Base64 encoded length is expected a multiple of 4 bytes but found: "
          "3"),
      Serialization("B_MultiByteCharacter",
                    "{\"B\":\"ab\xe6\x97\xa5=\"}",
                    "Invalid Base64 character: '\xe6\x97\xa5'"),
      Serialization("B_Space", R"({"B":"Y Q="})"),
      Serialization("B_UrlSafeAlphabet", R"({"B":"-_-_"})"),
      Serialization("B_PaddingInMiddle", R"({"B":"YQ==YQ=="})"),
      Serialization("BS_LengthNotMultipleOf4", R"({"BS":["YQ==","abc"]})"),
      Serialization("BS_BadCharacter", R"({"BS":["Y@=="]})"),
      Serialization("WrongTypeDeep",
                    R"({"M":{"a":{"L":[{"M":{"b":{"N":7}}}]}}})",
                    kNumberNotString),
      Serialization("BadBase64Deep", R"({"L":[{"L":[{"B":"***"}]}]})"),
  };
}

auto MatchesCase(const ValueErrorCase& c) {
  return c.exact
             ? ::testing::Matcher<const Status&>(
                   StatusIsExactly(c.code, c.message))
             : ::testing::Matcher<const Status&>(StatusIs(c.code, c.message));
}

class ValueErrorTest : public ::testing::TestWithParam<ValueErrorCase> {};

TEST_P(ValueErrorTest, AsValue) {
  const ValueErrorCase& c = GetParam();
  EXPECT_THAT(DecodeAttributeValueJson(c.json).status(), MatchesCase(c));
}

TEST_P(ValueErrorTest, AsItemAttribute) {
  const ValueErrorCase& c = GetParam();
  const std::string item = R"({"ok":{"S":"fine"},)"
                           R"("attr":)" +
                           c.json + "}";
  EXPECT_THAT(DecodeItemJson(item).status(), MatchesCase(c));
}

TEST_P(ValueErrorTest, AsListElement) {
  const ValueErrorCase& c = GetParam();
  EXPECT_THAT(
      DecodeAttributeValueJson(R"({"L":[{"N":"1"},)" + c.json + "]}").status(),
      MatchesCase(c));
}

TEST_P(ValueErrorTest, AsMapEntry) {
  const ValueErrorCase& c = GetParam();
  EXPECT_THAT(
      DecodeAttributeValueJson(R"({"M":{"k":)" + c.json + "}}").status(),
      MatchesCase(c));
}

INSTANTIATE_TEST_SUITE_P(
    Catalogue, ValueErrorTest, ::testing::ValuesIn(ValueErrorCases()),
    [](const ::testing::TestParamInfo<ValueErrorCase>& info) {
      return info.param.name;
    });

// =============================================================================
// Documents that are not JSON, or not an object: SerializationException from
// both decoders, never an exception.
// =============================================================================

struct DocumentCase {
  std::string name;
  std::string json;
};

void PrintTo(const DocumentCase& c, std::ostream* os) {
  *os << c.name << ": ";
  for (char ch : c.json) {
    if (static_cast<unsigned char>(ch) < 0x20) {
      *os << "\\x"
          << "0123456789abcdef"[(ch >> 4) & 15] << "0123456789abcdef"[ch & 15];
    } else {
      *os << ch;
    }
  }
}

std::vector<DocumentCase> BadDocumentCases() {
  return {
      {"Empty", ""},
      {"Whitespace", " \n\t"},
      {"Garbage", "garbage"},
      {"OpenBrace", "{"},
      {"CloseBrace", "}"},
      {"Truncated", R"({"S":"a")"},
      {"TruncatedInString", R"({"S":"a)"},
      {"TruncatedKey", R"({"S)"},
      {"TruncatedList", R"({"L":[{"S":"a"})"},
      {"ExtraCloseBrace", R"({"S":"a"}})"},
      {"TrailingGarbage", R"({"S":"a"} x)"},
      {"TwoDocuments", R"({"S":"a"}{"S":"b"})"},
      {"UnquotedKey", R"({S:"a"})"},
      {"SingleQuotes", R"({'S':'a'})"},
      {"TrailingComma", R"({"S":"a",})"},
      {"TrailingCommaInList", R"({"L":[{"S":"a"},]})"},
      {"MissingColon", R"({"S" "a"})"},
      {"BadEscape", R"({"S":"\q"})"},
      {"ShortUnicodeEscape", R"({"S":"\u12"})"},
      {"RawControlCharInString", "{\"S\":\"a\tb\"}"},
      {"RawNewlineInString", "{\"S\":\"a\nb\"}"},
      {"LeadingZeroNumber", R"({"N":01})"},
      {"BareWord", R"({"BOOL":True})"},
      // A NUL byte is not JSON whitespace: nothing may follow the document.
      // ("{}" alone is a valid item and an empty value.)
      {"TrailingNul", "{}\0"s},
      {"NulThenGarbage", "{}\0garbage"s},
      {"NulInsideString", "{\"S\":\"a\0b\"}"s},
      // Not UTF-8 (DynamoDB answers these as bodies that are not JSON).
      {"InvalidByte", "{\"S\":\"a\xff" "b\"}"},
      {"TruncatedSequence", "{\"S\":\"a\xe6\x97\"}"},
      {"ContinuationAlone", "{\"S\":\"\x80\"}"},
      {"Overlong", "{\"S\":\"\xc0\xaf\"}"},
      {"EncodedSurrogate", "{\"S\":\"\xed\xa0\x80\"}"},
      {"AboveMaxCodePoint", "{\"S\":\"\xf4\x90\x80\x80\"}"},
      {"InvalidInKey", "{\"a\xff\":{\"S\":\"x\"}}"},
      {"LoneHighSurrogateEscape", R"({"S":"\ud83d"})"},
      {"LoneLowSurrogateEscape", R"({"S":"\ude00"})"},
      {"ReversedSurrogateEscapes", R"({"S":"\ude00\ud83d"})"},
      // Well-formed JSON that is not an object.
      {"TopLevelNumber", "123"},
      {"TopLevelString", "\"S\""},
      {"TopLevelBoolean", "true"},
      {"TopLevelArray", "[]"},
      {"TopLevelArrayOfValues", R"([{"S":"a"}])"},
  };
}

class BadDocumentTest : public ::testing::TestWithParam<DocumentCase> {};

TEST_P(BadDocumentTest, ValueIsSerializationError) {
  EXPECT_THAT(DecodeAttributeValueJson(GetParam().json),
              StatusIs(ErrorCode::kSerialization, ""));
}

TEST_P(BadDocumentTest, ItemIsSerializationError) {
  EXPECT_THAT(DecodeItemJson(GetParam().json),
              StatusIs(ErrorCode::kSerialization, ""));
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, BadDocumentTest, ::testing::ValuesIn(BadDocumentCases()),
    [](const ::testing::TestParamInfo<DocumentCase>& info) {
      return info.param.name;
    });

// DynamoDB's words for a Boolean member given as a string (any case).
TEST(AttributeJsonWordsTest, BooleanMembersTakeWords) {
  for (const char* word : {"true", "TRUE", "True", "yes", "YES", "1"}) {
    SCOPED_TRACE(word);
    StatusOr<AttributeValue> b =
        DecodeAttributeValueJson(std::string(R"({"BOOL":")") + word + "\"}");
    ASSERT_THAT(b, IsOk());
    EXPECT_EQ(*b, AttributeValue::Bool(true));
    StatusOr<AttributeValue> n =
        DecodeAttributeValueJson(std::string(R"({"NULL":")") + word + "\"}");
    ASSERT_THAT(n, IsOk());
    EXPECT_EQ(*n, AttributeValue::Null());
  }
  for (const char* word : {"false", "FALSE", "no", "No", "0"}) {
    SCOPED_TRACE(word);
    StatusOr<AttributeValue> b =
        DecodeAttributeValueJson(std::string(R"({"BOOL":")") + word + "\"}");
    ASSERT_THAT(b, IsOk());
    EXPECT_EQ(*b, AttributeValue::Bool(false));
    EXPECT_THAT(
        DecodeAttributeValueJson(std::string(R"({"NULL":")") + word + "\"}"),
        StatusIsExactly(ErrorCode::kValidation, kNullFalse));
  }
}

// Escapes decode to UTF-8, surrogate pairs included.
TEST(AttributeJsonWordsTest, EscapesDecodeToUtf8) {
  StatusOr<AttributeValue> v =
      DecodeAttributeValueJson(R"({"S":"\u00e9\u65e5\ud83d\ude00\u0000\/"})");
  ASSERT_THAT(v, IsOk());
  EXPECT_EQ(v->s(), "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80"s + '\0' + "/");
}

TEST(AttributeJsonItemTest, AttributeThatIsNotAnObjectIsSerializationError) {
  EXPECT_THAT(DecodeItemJson(R"({"a":"x"})"),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeItemJson(R"({"a":1})"),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeItemJson(R"({"a":[]})"),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeItemJson(R"({"a":true})"),
              StatusIs(ErrorCode::kSerialization, ""));
}

// =============================================================================
// A SerializationException anywhere wins over a ValidationException elsewhere,
// whichever comes first in the document (DynamoDB checks the shape of the
// whole request before any value rule).
// =============================================================================

struct PrecedenceCase {
  std::string name;
  std::string item_json;
  std::string exact_message;  // empty: any SerializationException
};

void PrintTo(const PrecedenceCase& c, std::ostream* os) {
  *os << c.name << ": " << c.item_json;
}

std::vector<PrecedenceCase> PrecedenceCases() {
  return {
      {"ValidationFirst", R"({"a":{"N":"abc"},"z":{"N":123}})",
       std::string(kNumberNotString)},
      {"SerializationFirst", R"({"a":{"N":123},"z":{"NULL":false}})",
       std::string(kNumberNotString)},
      {"EmptyValueThenDeepWrongType",
       R"({"a":{},"b":{"L":[{"S":"ok"},{"M":{"deep":{"N":7}}}]}})",
       std::string(kNumberNotString)},
      {"EmptySetThenBadBase64", R"({"a":{"SS":[]},"b":{"B":"abc"}})", ""},
      {"TwoTypesThenWrongBool",
       R"({"a":{"S":"x","N":"1"},"b":{"BOOL":"maybe"}})",
       std::string(kParserToken)},
      {"OverflowThenBadBinarySet",
       R"({"a":{"N":"1e999"},"b":{"BS":["YQ==","!"]}})", ""},
      {"DuplicateSetThenListAsMap", R"({"a":{"NS":["1","1.0"]},"b":{"L":{}}})",
       ""},
      {"SameListValidationFirst", R"({"x":{"L":[{"NULL":false},{"S":1}]}})",
       std::string(kNumberNotString)},
      {"SameValueTwoTypesAndWrongShape", R"({"x":{"NS":["1","1"],"L":{}}})",
       ""},
      {"SameMapValidationFirst", R"({"x":{"M":{"a":{},"b":{"S":false}}}})", ""},
  };
}

class PrecedenceTest : public ::testing::TestWithParam<PrecedenceCase> {};

TEST_P(PrecedenceTest, SerializationWins) {
  const PrecedenceCase& c = GetParam();
  if (c.exact_message.empty()) {
    EXPECT_THAT(DecodeItemJson(c.item_json),
                StatusIs(ErrorCode::kSerialization, ""));
  } else {
    EXPECT_THAT(DecodeItemJson(c.item_json),
                StatusIsExactly(ErrorCode::kSerialization, c.exact_message));
  }
}

TEST_P(PrecedenceTest, SerializationWinsInsideAMapValue) {
  const PrecedenceCase& c = GetParam();
  const std::string value = R"({"M":)" + c.item_json + "}";
  if (c.exact_message.empty()) {
    EXPECT_THAT(DecodeAttributeValueJson(value),
                StatusIs(ErrorCode::kSerialization, ""));
  } else {
    EXPECT_THAT(DecodeAttributeValueJson(value),
                StatusIsExactly(ErrorCode::kSerialization, c.exact_message));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Items, PrecedenceTest, ::testing::ValuesIn(PrecedenceCases()),
    [](const ::testing::TestParamInfo<PrecedenceCase>& info) {
      return info.param.name;
    });

// =============================================================================
// Nesting: an attribute's value is level 1; level 32 is allowed, 33 is not
// (§2, §6 #19).
// =============================================================================

static_assert(limits::kMaxNestingDepth == 32);

TEST(AttributeJsonNestingTest, ThirtyOneMapsDeepIsAccepted) {
  // Maps at levels 1..31, the S leaf at level 32.
  const std::string json = NestInMaps(31, R"({"S":"x"})");
  StatusOr<AttributeValue> v = DecodeAttributeValueJson(json);
  ASSERT_THAT(v, IsOk());
  EXPECT_EQ(*v, WrapInMaps(31, AttributeValue::S("x")));
  EXPECT_THAT(ValidateNesting(*v), IsOk());
  EXPECT_EQ(EncodeAttributeValueJson(*v), json);

  StatusOr<Item> item = DecodeItemJson(InItem(json));
  ASSERT_THAT(item, IsOk());
  EXPECT_EQ(EncodeItemJson(*item), InItem(json));
}

TEST(AttributeJsonNestingTest, ThirtyTwoMapsDeepIsRejected) {
  // Maps at levels 1..32, the S leaf at level 33.
  const std::string json = NestInMaps(32, R"({"S":"x"})");
  EXPECT_THAT(DecodeAttributeValueJson(json),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
  EXPECT_THAT(DecodeItemJson(InItem(json)),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
}

TEST(AttributeJsonNestingTest, EmptyMapCountsAsALevel) {
  // The empty map itself is the deepest value: level 32 is fine, 33 is not.
  EXPECT_THAT(DecodeAttributeValueJson(NestInMaps(31, R"({"M":{}})")), IsOk());
  EXPECT_THAT(DecodeAttributeValueJson(NestInMaps(32, R"({"M":{}})")),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
  EXPECT_THAT(DecodeAttributeValueJson(NestInLists(31, R"({"L":[]})")), IsOk());
  EXPECT_THAT(DecodeAttributeValueJson(NestInLists(32, R"({"L":[]})")),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
}

TEST(AttributeJsonNestingTest, ThirtyOneListsDeepIsAccepted) {
  const std::string json = NestInLists(31, R"({"N":"7"})");
  StatusOr<AttributeValue> v = DecodeAttributeValueJson(json);
  ASSERT_THAT(v, IsOk());
  EXPECT_EQ(*v, WrapInLists(31, AttributeValue::N(7)));
  EXPECT_EQ(EncodeAttributeValueJson(*v), json);
  EXPECT_THAT(DecodeItemJson(InItem(json)), IsOk());
}

TEST(AttributeJsonNestingTest, ThirtyTwoListsDeepIsRejected) {
  const std::string json = NestInLists(32, R"({"N":"7"})");
  EXPECT_THAT(DecodeAttributeValueJson(json),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
  EXPECT_THAT(DecodeItemJson(InItem(json)),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
}

TEST(AttributeJsonNestingTest, MixedMapsAndListsCountTogether) {
  EXPECT_THAT(DecodeAttributeValueJson(NestMixed(31, R"({"BOOL":true})")),
              IsOk());
  EXPECT_THAT(DecodeAttributeValueJson(NestMixed(32, R"({"BOOL":true})")),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
}

TEST(AttributeJsonNestingTest, SetsAndScalarsAtLevelThirtyTwoAreFine) {
  for (std::string_view leaf :
       {R"({"SS":["a"]})", R"({"NS":["1"]})", R"({"BS":["AQ=="]})",
        R"({"B":""})", R"({"NULL":true})"}) {
    SCOPED_TRACE(leaf);
    EXPECT_THAT(DecodeAttributeValueJson(NestInMaps(31, leaf)), IsOk());
    EXPECT_THAT(DecodeAttributeValueJson(NestInMaps(32, leaf)),
                StatusIsExactly(ErrorCode::kValidation, kNesting));
  }
}

TEST(AttributeJsonNestingTest, OnlyTheDeepBranchMatters) {
  // A shallow sibling next to a too-deep branch still fails; a wide but
  // shallow value passes.
  const std::string deep = NestInMaps(32, R"({"S":"x"})");
  EXPECT_THAT(DecodeAttributeValueJson(R"({"L":[{"S":"shallow"},)" +
                                       NestInMaps(31, R"({"S":"x"})") + "]}"),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
  EXPECT_THAT(DecodeItemJson(R"({"a":{"S":"ok"},"b":)" + deep + "}"),
              StatusIsExactly(ErrorCode::kValidation, kNesting));
  EXPECT_THAT(DecodeAttributeValueJson(R"({"L":[{"S":"shallow"},)" +
                                       NestInMaps(30, R"({"S":"x"})") + "]}"),
              IsOk());
}

TEST(AttributeJsonNestingTest, EncodedDeepestValueDecodesBack) {
  const AttributeValue v =
      WrapInLists(15, WrapInMaps(16, AttributeValue::S("leaf")));  // leaf at 32
  StatusOr<AttributeValue> back =
      DecodeAttributeValueJson(EncodeAttributeValueJson(v));
  ASSERT_THAT(back, IsOk());
  EXPECT_EQ(*back, v);
}

// =============================================================================
// Robustness: hostile input returns an error status; nothing crashes or throws.
// =============================================================================

constexpr int kHostileDepth = 100'000;

auto IsValidationOrSerializationError() {
  return AnyOf(StatusIs(ErrorCode::kValidation, ""),
               StatusIs(ErrorCode::kSerialization, ""));
}

TEST(AttributeJsonRobustnessTest, HundredThousandNestedMaps) {
  const std::string json = NestInMaps(kHostileDepth, R"({"S":"x"})");
  EXPECT_THAT(DecodeAttributeValueJson(json),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kNesting),
                    StatusIs(ErrorCode::kSerialization, "")));
  EXPECT_THAT(DecodeItemJson(InItem(json)),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kNesting),
                    StatusIs(ErrorCode::kSerialization, "")));
}

TEST(AttributeJsonRobustnessTest, HundredThousandNestedLists) {
  const std::string json = NestInLists(kHostileDepth, R"({"S":"x"})");
  EXPECT_THAT(DecodeAttributeValueJson(json),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kNesting),
                    StatusIs(ErrorCode::kSerialization, "")));
  EXPECT_THAT(DecodeItemJson(InItem(json)),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kNesting),
                    StatusIs(ErrorCode::kSerialization, "")));
}

TEST(AttributeJsonRobustnessTest, HundredThousandNestedArrays) {
  const std::string arrays =
      std::string(kHostileDepth, '[') + std::string(kHostileDepth, ']');
  EXPECT_THAT(DecodeAttributeValueJson(arrays),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeItemJson(arrays), StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeAttributeValueJson(R"({"L":)" + arrays + "}"),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeItemJson(R"({"a":{"L":)" + arrays + "}}"),
              StatusIs(ErrorCode::kSerialization, ""));
}

TEST(AttributeJsonRobustnessTest, HundredThousandNestedPlainObjects) {
  // {"a":{"a":{...}}}: no type key at any level.
  std::string json;
  for (int i = 0; i < kHostileDepth; ++i) json += R"({"a":)";
  json += "{}";
  json += std::string(kHostileDepth, '}');
  EXPECT_THAT(DecodeAttributeValueJson(json),
              IsValidationOrSerializationError());
  EXPECT_THAT(DecodeItemJson(json), IsValidationOrSerializationError());
}

TEST(AttributeJsonRobustnessTest, HundredThousandUnclosedLevels) {
  EXPECT_THAT(DecodeAttributeValueJson(
                  NestInMaps(kHostileDepth, R"({"S":"x"})", /*close=*/false)),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeAttributeValueJson(std::string(kHostileDepth, '[')),
              StatusIs(ErrorCode::kSerialization, ""));
  EXPECT_THAT(DecodeItemJson(std::string(kHostileDepth, '{')),
              StatusIs(ErrorCode::kSerialization, ""));
}

TEST(AttributeJsonRobustnessTest, VeryLongDigitStrings) {
  const std::string nines(200'000, '9');
  // Both too large and too precise: either message is acceptable.
  EXPECT_THAT(DecodeAttributeValueJson(R"({"N":")" + nines + R"("})"),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kOverflow),
                    StatusIsExactly(ErrorCode::kValidation, kPrecision)));
  EXPECT_THAT(DecodeItemJson(InItem(R"({"N":")" + nines + R"("})")),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kOverflow),
                    StatusIsExactly(ErrorCode::kValidation, kPrecision)));
  // In range but far too precise.
  EXPECT_THAT(DecodeAttributeValueJson(R"({"N":"0.)" +
                                       std::string(200'000, '1') + R"("})"),
              StatusIsExactly(ErrorCode::kValidation, kPrecision));
  // Tiny: one significant digit far below 1E-130.
  EXPECT_THAT(DecodeAttributeValueJson(R"({"N":"0.)" +
                                       std::string(200'000, '0') + R"(1"})"),
              StatusIsExactly(ErrorCode::kValidation, kUnderflow));
  // NS elements too.
  EXPECT_THAT(DecodeAttributeValueJson(R"({"NS":[")" + nines + R"("]})"),
              AnyOf(StatusIsExactly(ErrorCode::kValidation, kOverflow),
                    StatusIsExactly(ErrorCode::kValidation, kPrecision)));
}

TEST(AttributeJsonRobustnessTest, LongDigitStringsThatNormalizeIntoRange) {
  // Insignificant zeros do not count against the 38-digit limit.
  StatusOr<AttributeValue> leading_zeros = DecodeAttributeValueJson(
      R"({"N":")" + std::string(200'000, '0') + R"(42"})");
  ASSERT_THAT(leading_zeros, IsOk());
  EXPECT_EQ(*leading_zeros, AttributeValue::N(42));

  StatusOr<AttributeValue> trailing_zeros = DecodeAttributeValueJson(
      R"({"N":"1.)" + std::string(200'000, '0') + R"("})");
  ASSERT_THAT(trailing_zeros, IsOk());
  EXPECT_EQ(*trailing_zeros, AttributeValue::N(1));
}

TEST(AttributeJsonRobustnessTest, LongStringsAndManyAttributes) {
  const std::string big(1 << 20, 'x');
  StatusOr<AttributeValue> s =
      DecodeAttributeValueJson(R"({"S":")" + big + R"("})");
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->s(), big);

  std::string json = "{";
  Item want;
  for (int i = 0; i < 10'000; ++i) {
    if (i) json += ',';
    const std::string name = "a" + std::to_string(i);
    json += "\"" + name + R"(":{"N":")" + std::to_string(i) + R"("})";
    want.Set(name, AttributeValue::N(i));
  }
  json += "}";
  StatusOr<Item> item = DecodeItemJson(json);
  ASSERT_THAT(item, IsOk());
  EXPECT_EQ(*item, want);
}

}  // namespace
}  // namespace eddy
