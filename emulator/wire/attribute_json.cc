// Copyright 2026 The eddy Authors.

#include "emulator/wire/attribute_json.h"

#include "emulator/wire/internal/attribute_codec.h"

namespace eddy {

StatusOr<AttributeValue> DecodeAttributeValueJson(std::string_view json) {
  EDDY_ASSIGN_OR_RETURN(wire_internal::Json j, wire_internal::ParseJson(json));
  return wire_internal::ToAttributeValue(j);
}

StatusOr<Item> DecodeItemJson(std::string_view json) {
  EDDY_ASSIGN_OR_RETURN(wire_internal::Json j, wire_internal::ParseJson(json));
  return wire_internal::ToItem(j);
}

std::string EncodeAttributeValueJson(const AttributeValue& value) {
  std::string out;
  wire_internal::AppendValueJson(value, &out);
  return out;
}

std::string EncodeItemJson(const Item& item) {
  std::string out;
  wire_internal::AppendItemJson(item, &out);
  return out;
}

}  // namespace eddy
