// Copyright 2026 The eddy Authors.
//
// DynamoDB JSON for values and items: `{"S":"x"}`, `{"N":"1.5"}`,
// `{"M":{"a":{"BOOL":true}}}`, and an item as `{"name": <value>, ...}`.
//
//   StatusOr<Item> item =
//   DecodeItemJson(R"({"pk":{"S":"a"},"n":{"N":"01.50"}})"); std::string json =
//   EncodeItemJson(*item);  // {"n":{"N":"1.5"},"pk":{"S":"a"}}
//
// Decoding reads the text once with eddy's streaming reader (no document is
// built) and reports what DynamoDB reports, in its order: text that is not
// JSON or not UTF-8 is a SerializationException with no message; then a
// member of the wrong JSON type is a SerializationException worded as
// DynamoDB's deserializer words it (`{"N": 123}` gives "NUMBER_VALUE cannot be
// converted to String", `{"BOOL": "maybe"}` "Unexpected token received from
// parser", bad base64 "Base64 encoded length is expected a multiple of 4
// bytes but found: 5"; the first in the text wins); then the value rules are
// ValidationExceptions (empty value, two types, NULL false, numbers, sets,
// nesting over 32 levels; the first in the text wins). Boolean members take
// the strings DynamoDB takes ("true", "no", ...). Memory stays within a small
// multiple of the text whatever its nesting. Encoding never emits invalid
// UTF-8: bytes of a string that are not UTF-8 become U+FFFD. Nothing here
// throws.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_WIRE_ATTRIBUTE_JSON_H_
#define EDDY_EMULATOR_WIRE_ATTRIBUTE_JSON_H_

#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"

namespace eddy {

StatusOr<AttributeValue> DecodeAttributeValueJson(std::string_view json);
StatusOr<Item> DecodeItemJson(std::string_view json);

std::string EncodeAttributeValueJson(const AttributeValue& value);
std::string EncodeItemJson(const Item& item);

}  // namespace eddy

#endif  // EDDY_EMULATOR_WIRE_ATTRIBUTE_JSON_H_
