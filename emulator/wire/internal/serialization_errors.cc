// Copyright 2026 The eddy Authors.
//
// The table of DynamoDB's deserializer texts (current generation). Sources,
// per row, in /work/research/serialization_errors.md:
//   §2   token names: TRUE_VALUE, FALSE_VALUE, NUMBER_VALUE (an integer
//        literal), DECIMAL_VALUE (fraction or exponent), STRING_VALUE;
//   §3.1 scalar slots; §3.2 container slots; §3.3 blobs; §3.4 boolean words.
// Unconfirmed against DynamoDB and chosen by eddy: numbers out of range of an
// Integer / Long slot (the convert text), the boolean words beyond
// true / false / no, the text for a base64 character outside the alphabet,
// and the answer to a top-level value that is not an object.

#include "emulator/wire/internal/serialization_errors.h"

#include <array>
#include <limits>

#include "emulator/base/base64.h"

namespace eddy::wire::internal {
namespace {

// What arrived, as the rows of the table.
enum Row {
  kRowString,
  kRowTrue,
  kRowFalse,
  kRowInteger,
  kRowDecimal,
  kRowObject,
  kRowArray,
  kRowCount
};

constexpr int kSlotCount = static_cast<int>(Slot::kMapInList) + 1;

// Message templates. "" accepts the value. {token} is the token's name,
// {type} the Target's type_name.
constexpr std::string_view kOk = "";
constexpr std::string_view kToString = "{token} cannot be converted to String";
constexpr std::string_view kToBoolean =
    "{token} cannot be converted to Boolean";
constexpr std::string_view kToInteger =
    "{token} cannot be converted to Integer";
constexpr std::string_view kToLong = "{token} cannot be converted to Long";
constexpr std::string_view kNotBase64 =
    "only base-64-encoded strings are convertible to bytes";
constexpr std::string_view kParserToken =
    "Unexpected token received from parser";
constexpr std::string_view kField = "Unexpected field type";
constexpr std::string_view kValue = "Unexpected value type in payload";
constexpr std::string_view kStartOfMap =
    "Start of structure or map found where not expected";
constexpr std::string_view kCast =
    "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot "
    "be cast to class java.lang.Class (sun.reflect.generics."
    "reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in "
    "module java.base of loader 'bootstrap')";
constexpr std::string_view kArrayString =
    "Unrecognized collection type class java.lang.String";
constexpr std::string_view kArrayBoolean =
    "Unrecognized collection type class java.lang.Boolean";
constexpr std::string_view kArrayInteger =
    "Unrecognized collection type class java.lang.Integer";
constexpr std::string_view kArrayLong =
    "Unrecognized collection type class java.lang.Long";
constexpr std::string_view kArrayBlob =
    "Unrecognized collection type class java.nio.ByteBuffer";
constexpr std::string_view kArrayMap =
    "Unrecognized collection type java.util.Map<java.lang.String, {type}>";
constexpr std::string_view kArrayStruct =
    "Unrecognized collection type class com.amazonaws.dynamodb.v20120810."
    "{type}";

using Column = std::array<std::string_view, kRowCount>;

// One column per Slot, in Slot order; rows in Row order:
//   string, true, false, integer, decimal, object, array.
constexpr std::array<Column, kSlotCount> kTable = {{
    // kString
    {kOk, kToString, kToString, kToString, kToString, kStartOfMap,
     kArrayString},
    // kBoolean (a string is a word or kParserToken, see BooleanWord)
    {kParserToken, kOk, kOk, kToBoolean, kToBoolean, kStartOfMap,
     kArrayBoolean},
    // kInteger (range: NumberOutOfRange)
    {"STRING_VALUE cannot be converted to Integer", kToInteger, kToInteger, kOk,
     kOk, kStartOfMap, kArrayInteger},
    // kLong
    {"STRING_VALUE cannot be converted to Long", kToLong, kToLong, kOk, kOk,
     kStartOfMap, kArrayLong},
    // kBlob (a string is base64: DecodeBlob)
    {kOk, kNotBase64, kNotBase64, kNotBase64, kNotBase64, kStartOfMap,
     kArrayBlob},
    // kListField
    {kField, kField, kField, kField, kField, kStartOfMap, kOk},
    // kMapField
    {kField, kField, kField, kField, kField, kOk, kArrayMap},
    // kStructField
    {kField, kField, kField, kField, kField, kOk, kArrayStruct},
    // kStructElement
    {kValue, kValue, kValue, kValue, kValue, kOk, kArrayStruct},
    // kListInMap
    {kCast, kCast, kCast, kCast, kCast, kStartOfMap, kOk},
    // kMapInList
    {kCast, kCast, kCast, kCast, kCast, kOk, kArrayMap},
}};

std::string_view TokenName(JsonType t) {
  switch (t) {
    case JsonType::kTrue:
      return "TRUE_VALUE";
    case JsonType::kFalse:
      return "FALSE_VALUE";
    case JsonType::kInteger:
      return "NUMBER_VALUE";
    case JsonType::kDecimal:
      return "DECIMAL_VALUE";
    default:
      return "STRING_VALUE";
  }
}

int RowOf(JsonType t) {
  switch (t) {
    case JsonType::kString:
      return kRowString;
    case JsonType::kTrue:
      return kRowTrue;
    case JsonType::kFalse:
      return kRowFalse;
    case JsonType::kInteger:
      return kRowInteger;
    case JsonType::kDecimal:
      return kRowDecimal;
    case JsonType::kObject:
      return kRowObject;
    case JsonType::kArray:
      return kRowArray;
    default:
      return -1;
  }
}

std::string Fill(std::string_view pattern, JsonType found,
                 std::string_view type_name) {
  std::string out;
  out.reserve(pattern.size() + 48);
  for (size_t i = 0; i < pattern.size();) {
    if (pattern.compare(i, 7, "{token}") == 0) {
      out += TokenName(found);
      i += 7;
    } else if (pattern.compare(i, 6, "{type}") == 0) {
      out += type_name;
      i += 6;
    } else {
      out.push_back(pattern[i++]);
    }
  }
  return out;
}

char Lower(char c) { return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != b[i]) return false;
  }
  return true;
}

// Java's String.length() of UTF-8 text: UTF-16 code units.
size_t Utf16Length(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) n += (c >= 0xF0) ? 2 : 1;
  }
  return n;
}

bool IsBase64Char(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '+' || c == '/';
}

}  // namespace

Status WrongJsonType(JsonType found, Target target) {
  const int row = RowOf(found);
  if (row < 0) return Status::OK();  // null: absent
  const std::string_view pattern = kTable[static_cast<int>(target.slot)][row];
  if (pattern.empty()) return Status::OK();
  return Status::Serialization(Fill(pattern, found, target.type_name));
}

Status NumberOutOfRange(JsonType found, Slot slot) {
  return Status::Serialization(
      Fill(slot == Slot::kLong ? kToLong : kToInteger, found, ""));
}

std::optional<bool> BooleanWord(std::string_view s) {
  if (EqualsIgnoreCase(s, "true") || EqualsIgnoreCase(s, "yes") || s == "1")
    return true;
  if (EqualsIgnoreCase(s, "false") || EqualsIgnoreCase(s, "no") || s == "0")
    return false;
  return std::nullopt;
}

std::optional<int64_t> TruncatedInteger(std::string_view text) {
  bool negative = false;
  size_t i = 0;
  if (i < text.size() && text[i] == '-') {
    negative = true;
    ++i;
  }
  // Digits of the mantissa (integer and fraction parts), where the point is.
  std::string_view int_part, frac_part;
  size_t j = i;
  while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
  int_part = text.substr(i, j - i);
  if (j < text.size() && text[j] == '.') {
    size_t k = j + 1;
    while (k < text.size() && text[k] >= '0' && text[k] <= '9') ++k;
    frac_part = text.substr(j + 1, k - j - 1);
    j = k;
  }
  int64_t exponent = 0;
  if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
    ++j;
    bool exp_negative = false;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) {
      exp_negative = text[j] == '-';
      ++j;
    }
    for (; j < text.size(); ++j) {
      if (exponent < 1'000'000'000) exponent = exponent * 10 + (text[j] - '0');
    }
    if (exp_negative) exponent = -exponent;
  }
  // The integer digits are the mantissa's first int_part.size() + exponent
  // digits (zeros beyond the mantissa).
  const int64_t mantissa_digits =
      static_cast<int64_t>(int_part.size() + frac_part.size());
  const int64_t keep = static_cast<int64_t>(int_part.size()) + exponent;
  uint64_t value = 0;
  constexpr uint64_t kLimit =
      static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + 1;
  for (int64_t d = 0; d < keep; ++d) {
    int digit = 0;
    if (d < mantissa_digits) {
      digit = d < static_cast<int64_t>(int_part.size())
                  ? int_part[d] - '0'
                  : frac_part[d - int_part.size()] - '0';
    }
    if (value > (kLimit - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
    if (value == 0 && d >= mantissa_digits) break;  // zeros stay zero
  }
  if (negative) {
    if (value > kLimit) return std::nullopt;
    return value == kLimit ? std::numeric_limits<int64_t>::min()
                           : -static_cast<int64_t>(value);
  }
  if (value >= kLimit) return std::nullopt;
  return static_cast<int64_t>(value);
}

Status DecodeBlob(std::string_view text, std::string* out) {
  std::string error;
  if (Base64Decode(text, out, &error)) return Status::OK();
  const size_t length = Utf16Length(text);
  if (length % 4 != 0) {
    return Status::Serialization(
        "Base64 encoded length is expected a multiple of 4 bytes but found: " +
        std::to_string(length));
  }
  size_t padding = 0;
  const size_t n = text.size();
  if (n >= 1 && text[n - 1] == '=') ++padding;
  if (n >= 2 && text[n - 2] == '=') ++padding;
  for (size_t i = 0; i < n - padding;) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '=') break;  // padding too early: DynamoDB's "last non-pad" text
    size_t len = 1;
    while (i + len < n &&
           (static_cast<unsigned char>(text[i + len]) & 0xC0) == 0x80) {
      ++len;
    }
    if (!IsBase64Char(c)) {
      return Status::Serialization("Invalid Base64 character: '" +
                                   std::string(text.substr(i, len)) + "'");
    }
    i += len;
  }
  return Status::Serialization(
      "Invalid last non-pad Base64 character dectected");
}

Status MalformedBody() { return Status(ErrorCode::kSerialization, ""); }

}  // namespace eddy::wire::internal
