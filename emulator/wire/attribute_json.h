// Copyright 2026 The eddy Authors.
//
// DynamoDB JSON for values and items: `{"S":"x"}`, `{"N":"1.5"}`,
// `{"M":{"a":{"BOOL":true}}}`, and an item as `{"name": <value>, ...}`.
//
//   StatusOr<Item> item =
//   DecodeItemJson(R"({"pk":{"S":"a"},"n":{"N":"01.50"}})"); std::string json =
//   EncodeItemJson(*item);  // {"n":{"N":"1.5"},"pk":{"S":"a"}}
//
// Decoding reports what DynamoDB reports, in its order: JSON that is malformed
// or has a member of the wrong JSON type is a SerializationException
// (`{"N": 123}` gives "NUMBER_VALUE cannot be converted to String"); then
// value rules are ValidationExceptions (empty value, two types, NULL false,
// numbers, sets, base64 errors are Serialization, nesting over 32 levels).
// Nothing here throws.
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
