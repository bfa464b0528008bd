// Copyright 2026 The eddy Authors.
//
// The nlohmann-typed layer under attribute_json.h, for the request codecs of
// emulator/wire. Not for use outside emulator/wire.
//
// Decoding runs in two passes so that serialization problems anywhere in a
// request win over validation problems, as in DynamoDB: CheckValueShape /
// CheckItemShape look only at JSON types; DecodeValue / DecodeItem then apply
// the value rules. Both stop descending past the nesting limit, so a deeply
// nested document cannot exhaust the stack.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_ATTRIBUTE_CODEC_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_ATTRIBUTE_CODEC_H_

#include <nlohmann/json.hpp>
#include <string>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"

namespace eddy::wire_internal {

using Json = nlohmann::json;

// Parses text; malformed JSON is a SerializationException. Never throws.
StatusOr<Json> ParseJson(std::string_view text);

// The SerializationException for a JSON value found where `expected` (one of
// "String", "Boolean", "Blob", "Long", "Integer", "Double", "list", "map",
// "structure") belongs.
Status WrongJsonType(const Json& found, std::string_view expected);

// Pass 1: JSON types only. `level` is the value's nesting level (1 for a
// top-level attribute).
Status CheckValueShape(const Json& j, int level = 1);
Status CheckItemShape(const Json& j);

// Pass 2: value rules. REQUIRES: the shape check passed.
Status DecodeValue(const Json& j, int level, AttributeValue* out);
Status DecodeItem(const Json& j, Item* out);

// Both passes.
StatusOr<AttributeValue> ToAttributeValue(const Json& j);
StatusOr<Item> ToItem(const Json& j);

// Direct serialization (no intermediate Json): appends DynamoDB JSON.
void AppendValueJson(const AttributeValue& value, std::string* out);
void AppendItemJson(const Item& item, std::string* out);
void AppendJsonString(std::string_view s, std::string* out);

// Via Json, for building response documents.
Json ValueToJson(const AttributeValue& value);
Json ItemToJson(const Item& item);

}  // namespace eddy::wire_internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_ATTRIBUTE_CODEC_H_
