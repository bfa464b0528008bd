// Copyright 2026 The eddy Authors.
//
// DynamoDB's deserializer errors: the one place in emulator/wire that words a
// SerializationException. Every request member and every part of an
// AttributeValue is read as one of the Slots below; a JSON value of the wrong
// type for its slot gets the text the table in serialization_errors.cc holds
// for (the token received, the slot). Sources and the confirmed / unconfirmed
// status of each text: /work/research/serialization_errors.md (dynalite's
// live-checked test helpers, the current generation of texts).
//
//   if (Status s = WrongJsonType(in.Peek(), Slot::kString); !s.ok()) ...
//   // a JSON true where a String belongs: "TRUE_VALUE cannot be converted to
//   // String"
//
// JSON null is never a type error: a member or map value that is null counts
// as absent, as DynamoDB treats it.
//
// Not for use outside emulator/wire. Thread safety: pure functions.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_SERIALIZATION_ERRORS_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_SERIALIZATION_ERRORS_H_

#include <optional>
#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/wire/internal/json_reader.h"

namespace eddy::wire::internal {

// Where a value sits in the request model, as the deserializer tells them
// apart.
enum class Slot : uint8_t {
  kString,         // java.lang.String (names, enums, expressions, S, N, SS.n)
  kBoolean,        // java.lang.Boolean (ConsistentRead, BOOL, NULL)
  kInteger,        // java.lang.Integer (Limit, Segment, TotalSegments)
  kLong,           // java.lang.Long (capacity units)
  kBlob,           // java.nio.ByteBuffer (B, BS.n): base64 text
  kListField,      // a list member of a structure (KeySchema, L, SS)
  kMapField,       // a map member of a structure (Item, Key, M)
  kStructField,    // a structure member of a structure (ProvisionedThroughput)
  kStructElement,  // a structure as a list element or map value (Item.<a>)
  kListInMap,      // a list as a map value (BatchWriteItem RequestItems.<t>)
  kMapInList,      // a map as a list element (BatchGetItem Keys.n)
};

// A slot and the Java type the deserializer names when an array arrives
// there: for maps the value class ("com.amazonaws.dynamodb.v20120810.
// AttributeValue", "java.lang.String"), for structures the shape
// ("KeySchemaElement").
struct Target {
  Slot slot;
  std::string_view type_name = {};
};

// DynamoDB's Java class names, as the messages print them.
inline constexpr std::string_view kAttributeValueClass =
    "com.amazonaws.dynamodb.v20120810.AttributeValue";
inline constexpr std::string_view kStringClass = "java.lang.String";
// A structure shape, for Target::type_name of structure slots.
inline constexpr std::string_view kAttributeValueShape = "AttributeValue";

// The SerializationException for a value of JSON type `found` in `target`;
// OK when the type fits the slot or is null. For kBoolean a string is always
// reported (the caller accepts BooleanWord()s first); for kInteger / kLong a
// number is always accepted (the caller checks its range: NumberOutOfRange).
// REQUIRES: found != kNone.
Status WrongJsonType(JsonType found, Target target);

// kInteger / kLong given a number that does not fit the Java type.
Status NumberOutOfRange(JsonType found, Slot slot);

// A string DynamoDB accepts for a Boolean member (case-insensitive true /
// false / yes / no / 1 / 0), or nullopt.
std::optional<bool> BooleanWord(std::string_view s);

// The integer value of a JSON number token, truncated toward zero as the
// Java request model converts a decimal (5.9 is 5, 1e3 is 1000, -0.5 is 0);
// nullopt when it does not fit an int64. No floating point involved.
// REQUIRES: `text` is a JSON number.
std::optional<int64_t> TruncatedInteger(std::string_view text);

// Decodes a B / BS member's base64 text into *out; on failure the
// SerializationException DynamoDB sends for it. Messages quote whole
// characters only (the text is valid UTF-8 here), never bytes of one.
Status DecodeBlob(std::string_view text, std::string* out);

// A body that is not JSON, not UTF-8, empty, or not a JSON object:
// SerializationException with no message (DynamoDB sends no Message member;
// for a non-object top level this is eddy's choice, unconfirmed).
Status MalformedBody();

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_SERIALIZATION_ERRORS_H_
