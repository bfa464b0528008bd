// Copyright 2026 The eddy Authors.

#include "emulator/wire/attribute_json.h"

#include "emulator/wire/internal/attribute_codec.h"
#include "emulator/wire/internal/json_reader.h"
#include "emulator/wire/internal/serialization_errors.h"

namespace eddy {
namespace {

using wire::internal::JsonReader;
using wire::internal::JsonType;
using wire::internal::ValueDecoder;

// The whole document must be JSON (that beats any type error), then a type
// error anywhere beats any value error.
Status Outcome(JsonReader& in, const ValueDecoder& d) {
  if (!in.Finish()) return wire::internal::MalformedBody();
  if (!d.serialization().ok()) return d.serialization();
  return d.validation();
}

}  // namespace

StatusOr<AttributeValue> DecodeAttributeValueJson(std::string_view json) {
  JsonReader in(json);
  if (in.Peek() != JsonType::kObject) return wire::internal::MalformedBody();
  ValueDecoder d(&in);
  AttributeValue value;
  d.ReadValue(1, &value);
  EDDY_RETURN_IF_ERROR(Outcome(in, d));
  return value;
}

StatusOr<Item> DecodeItemJson(std::string_view json) {
  JsonReader in(json);
  if (in.Peek() != JsonType::kObject) return wire::internal::MalformedBody();
  ValueDecoder d(&in);
  Item item;
  d.ReadMap(
      {wire::internal::Slot::kMapField, wire::internal::kAttributeValueClass},
      &item);
  EDDY_RETURN_IF_ERROR(Outcome(in, d));
  return item;
}

std::string EncodeAttributeValueJson(const AttributeValue& value) {
  std::string out;
  wire::internal::AppendValueJson(value, &out);
  return out;
}

std::string EncodeItemJson(const Item& item) {
  std::string out;
  wire::internal::AppendItemJson(item, &out);
  return out;
}

}  // namespace eddy
