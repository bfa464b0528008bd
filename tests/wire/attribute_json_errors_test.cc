// Copyright 2026 The eddy Authors.
//
// The DynamoDB-JSON codec (emulator/wire/attribute_json.h) against
// api-semantics.md §6 #11-#19 (value messages): invalid values, documents
// that are not DynamoDB JSON, which error wins, nesting limits, hostile
// inputs. Round trips are in attribute_json_test.cc.
//
// Most tests are tables: a row is one JSON input and what must come out of it.
// To add a case, add a row.

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
#include "emulator/wire/attribute_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/wire/attribute_json_testing.h"

namespace eddy {
namespace {

using namespace attribute_json_testing;  // NOLINT: the shared fixtures
using ::testing::AnyOf;
using ::testing::Not;
using namespace std::string_literals;  // "a\0b"s keeps the NUL

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
      Exact("N_EmptyString", R"({"N":""})", NotNumeric("")),  // 2026-08 form
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
      // #12: duplicates; the collection is printed as given, quoted (us-east-1
      // since 2026-08, dynamodb-conformance 2026-08-12-wording-drift.json).
      Exact("SS_Duplicate", R"({"SS":["a","a"]})",
            SetDuplicates(R"(["a", "a"])")),
      Exact("SS_DuplicateAsGiven", R"({"SS":["b","a","b"]})",
            SetDuplicates(R"(["b", "a", "b"])")),
      Exact("SS_DuplicateEmptyStrings", R"({"SS":["",""]})",
            SetDuplicates(R"(["", ""])")),
      // NS duplicates compare numerically.
      Exact("NS_Duplicate", R"({"NS":["1","1"]})", kDupNS),
      Exact("NS_DuplicateNumerically", R"({"NS":["1","1.0"]})", kDupNS),
      Exact("NS_DuplicateExponentForm", R"({"NS":["100","1E2","7"]})", kDupNS),
      Exact("NS_DuplicateZeros", R"({"NS":["-0","0.000"]})", kDupNS),
      Exact("BS_Duplicate", R"({"BS":["Yg==","Yg=="]})",
            BinarySetDuplicates(R"(["Yg==","Yg=="])")),
      Exact("BS_DuplicateAsGiven", R"({"BS":["YQ==","Yg==","YQ=="]})",
            BinarySetDuplicates(R"(["YQ==","Yg==","YQ=="])")),
      // NS elements obey the number rules.
      Exact("NS_BadElement", R"({"NS":["1","abc"]})", NotNumeric("abc")),
      Exact("NS_EmptyElement", R"({"NS":["1",""]})", NotNumeric("")),
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
      Serialization("B_MultiByteCharacter", "{\"B\":\"ab\xe6\x97\xa5=\"}",
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
      {"InvalidByte",
       "{\"S\":\"a\xff"
       "b\"}"},
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
