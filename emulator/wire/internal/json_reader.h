// Copyright 2026 The eddy Authors.
//
// JsonReader: a pull reader over JSON text held in memory (a request body).
// The caller asks for what it expects next, so a decoder reads DynamoDB JSON
// straight into typed requests with no document in between. Not for use
// outside emulator/wire.
//
//   JsonReader in(body);
//   if (in.Peek() != JsonType::kObject) ...;      // the type of the next value
//   in.EnterObject();
//   std::string_view key;
//   while (in.NextMember(&key)) {                  // false at '}'
//     if (key == "TableName" && in.Peek() == JsonType::kString) {
//       name = in.ReadString();                     // unescaped
//     } else {
//       in.Skip();                                  // any value
//     }
//   }
//   if (!in.Finish()) ...;                         // malformed: see error()
//
// Contract
// - Strict RFC 8259 JSON: no comments, trailing commas, single quotes, NaN,
//   leading zeros or leading '+'; whitespace is space, tab, CR, LF (a NUL
//   byte is an error anywhere). Strings must be valid UTF-8 (no overlong
//   forms, surrogates or code points above U+10FFFF); \u escapes must pair
//   surrogates. Any violation is an error: the reader stops, error() says
//   which, every later call is a no-op (Peek() is kNone, NextMember /
//   NextElement are false) and Finish() is false. DynamoDB answers every
//   such body with a SerializationException that has no message.
// - Numbers are kept as text (ReadNumber); DynamoDB's are 38-digit decimals,
//   so nothing here goes through double. Peek() tells an integer literal
//   (kInteger, DynamoDB's NUMBER_VALUE) from one with a fraction or exponent
//   (kDecimal, DECIMAL_VALUE).
// - Bounds: no recursion anywhere; Skip() keeps one bit per open container,
//   so nesting is bounded only by the text (a 17 MB body of '[' costs about
//   2 MB). Strings are returned as views into the text when they have no
//   escapes, else unescaped into one reusable buffer (at most the string's
//   length). Memory beyond the text is therefore at most ~1.2x the largest
//   string plus depth/8 bytes.
// - The caller drives structure: NextMember only inside objects, NextElement
//   only inside arrays, and it reads or skips exactly one value after each
//   true answer. Mismatched brackets are errors because '}' is accepted only
//   by NextMember and ']' only by NextElement.
// - Views returned by ReadString / NextMember point into the text or into the
//   reader's buffers; a view from ReadString stays valid until the next
//   ReadString, a key until the next NextMember.
//
// Why hand-written: nlohmann/json's SAX interface (the library eddy already
// has) hands every string to the handler as a std::string it has built and
// parses numbers into double / int64, so keeping a 38-digit number exact
// means re-reading the text, and each callback costs a virtual call. Measured
// on the values_bench 300-byte item, a SAX pass that builds nothing takes
// longer than this reader's whole typed decode (see README, Performance).
//
// Thread safety: a JsonReader is used by one thread at a time.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_JSON_READER_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_JSON_READER_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace eddy::wire::internal {

// The type of a JSON value, with numbers split as DynamoDB's deserializer
// names its tokens.
enum class JsonType : uint8_t {
  kNone,  // no value here: end of input, a closing bracket or an error
  kObject,
  kArray,
  kString,
  kInteger,  // NUMBER_VALUE: no fraction, no exponent
  kDecimal,  // DECIMAL_VALUE
  kTrue,
  kFalse,
  kNull,
};

// One value of a document that has been read once already (so it is
// well-formed): its text, from its first byte to its last, and its type.
struct JsonValue {
  std::string_view text;
  JsonType type = JsonType::kNone;
};

class JsonReader {
 public:
  enum class Error : uint8_t {
    kNone,
    kSyntax,       // not JSON (including truncation and trailing bytes)
    kInvalidUtf8,  // a string is not valid UTF-8, or pairs no surrogates
  };

  // A UTF-8 byte order mark at the very start is skipped, as Jackson
  // (DynamoDB's parser) and nlohmann/json skip it.
  explicit JsonReader(std::string_view text)
      : pos_(text.data()), end_(text.data() + text.size()) {
    if (text.size() >= 3 && std::memcmp(pos_, "\xEF\xBB\xBF", 3) == 0)
      pos_ += 3;
  }

  // The type of the next value, after whitespace; kNone at a closing bracket,
  // at the end or after an error. A number is scanned whole here.
  JsonType Peek() {
    SkipWhitespace();
    if (pos_ >= end_) return JsonType::kNone;
    switch (*pos_) {
      case '{':
        return JsonType::kObject;
      case '[':
        return JsonType::kArray;
      case '"':
        return JsonType::kString;
      default:
        return PeekOther();
    }
  }

  // REQUIRES: Peek() returned kObject / kArray.
  void EnterObject() {
    ++pos_;
    first_ = true;
  }
  void EnterArray() {
    ++pos_;
    first_ = true;
  }
  // Inside an object: reads the next key and its ':' (true), or the closing
  // '}' (false). False on error too.
  bool NextMember(std::string_view* key) {
    // The common shape, ,"key": with no whitespace, without the general path.
    if (end_ - pos_ >= 2 && pos_[0] == (first_ ? '"' : ',') &&
        pos_[first_ ? 0 : 1] == '"') {
      if (!first_) ++pos_;
      first_ = false;
      *key = ScanString(&key_scratch_);
      if (pos_ < end_ && *pos_ == ':') {
        ++pos_;
        return true;
      }
      SkipWhitespace();
      if (pos_ < end_ && *pos_ == ':') {
        ++pos_;
        return true;
      }
      Fail(Error::kSyntax);
      return false;
    }
    return NextSlow('}', key);
  }
  // Inside an array: true when another element follows (the reader is before
  // it), false after the closing ']' or on error.
  bool NextElement() {
    if (pos_ < end_ && !first_ && *pos_ == ',') {
      ++pos_;
      return true;
    }
    return NextSlow(']', nullptr);
  }

  // REQUIRES: Peek() returned kString. The unescaped string.
  std::string_view ReadString() { return ScanString(&string_scratch_); }
  // REQUIRES: Peek() returned kInteger or kDecimal. The number's text.
  std::string_view ReadNumber() {
    const char* start = pos_;
    pos_ = number_end_;
    return std::string_view(start, static_cast<size_t>(number_end_ - start));
  }
  // REQUIRES: Peek() returned kTrue, kFalse or kNull.
  void ReadLiteral() { pos_ += (*pos_ == 'f') ? 5 : 4; }

  // Skips the next value, whatever it is, checking it as thoroughly as
  // reading it would.
  void Skip();
  // Skip() that returns what it skipped.
  JsonValue SkipValue();

  // Right after NextElement / NextMember returned true: how many elements
  // (members) the container holds from the current one on, read ahead
  // without moving (one scan of the rest of it). Lets a decoder size a large
  // vector once instead of doubling it (whose peak holds old and new
  // buffers). 0 on error.
  size_t CountRemainingFromHere(bool object) const;

  // True when the document is complete: no error and nothing but whitespace
  // left.
  bool Finish();

  bool ok() const { return error_ == Error::kNone; }
  Error error() const { return error_; }
  // The next unread byte.
  const char* position() const { return pos_; }

 private:
  void Fail(Error e);
  void SkipWhitespace() {
    while (pos_ < end_ &&
           (*pos_ == ' ' || *pos_ == '\n' || *pos_ == '\r' || *pos_ == '\t')) {
      ++pos_;
    }
  }
  // Reads the string at pos_ (its opening quote). Unescapes into `scratch`
  // only when it has escapes; with `scratch` null only checks it.
  std::string_view ScanString(std::string* scratch);
  JsonType ScanNumber();
  JsonType PeekOther();
  // NextMember (key != null) / NextElement in general, closing with `close`.
  bool NextSlow(char close, std::string_view* key);

  const char* pos_;
  const char* end_;
  const char* number_end_ = nullptr;  // set by Peek() for numbers
  Error error_ = Error::kNone;
  // Whether the innermost open container has had no member / element yet.
  bool first_ = false;
  std::string string_scratch_;
  std::string key_scratch_;
  std::vector<uint64_t> skip_stack_;  // Skip(): 1 = object, per open level
};

// A mask with the high bit set in each byte of `w` (8 bytes of text loaded in
// memory order) that ends a plain run of string bytes: '"', '\\', a control
// character or a non-ASCII byte. Only the lowest flagged byte is exact (bits
// above it may be spurious), which is all a scan for the first one needs.
inline uint64_t JsonSpecialBytes(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  const uint64_t quote = w ^ (kOnes * '"');
  const uint64_t backslash = w ^ (kOnes * '\\');
  const uint64_t t = ((quote - kOnes) & ~quote) |
                     ((backslash - kOnes) & ~backslash) |
                     ((w - kOnes * 0x20) & ~w) | w;
  return t & 0x8080808080808080ULL;
}

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_JSON_READER_H_
