// Copyright 2026 The eddy Authors.
//
// Reading DynamoDB request members from parsed JSON, with DynamoDB's error
// precedence. Not for use outside emulator/wire.
//
// Every problem is recorded in a RequestErrors instead of being returned at
// once, so a request is read completely and the error DynamoDB would report
// first wins: a SerializationException anywhere (a member of the wrong JSON
// type, a bad base64 blob) beats the request-model errors (missing required
// members, enum values, in the generic "N validation errors detected" form),
// which beat every other ValidationException (value rules, placeholder keys,
// legacy parameters).
//
//   RequestErrors errors;
//   ObjectReader r(&body, "", &errors);
//   PutItemRequest req;
//   req.table_name = r.TableName();
//   if (auto item = r.Item("Item", /*required=*/true)) req.item = *item;
//   EDDY_RETURN_IF_ERROR(errors.ToStatus());

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_REQUEST_READER_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_REQUEST_READER_H_

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "emulator/types/schema.h"
#include "emulator/types/validation_errors.h"
#include "emulator/wire/internal/attribute_codec.h"

namespace eddy::wire_internal {

class RequestErrors {
 public:
  void Serialization(Status s) {
    if (serialization_.ok()) serialization_ = std::move(s);
  }
  void Validation(Status s) {
    if (validation_.ok()) validation_ = std::move(s);
  }
  // A request-model error found only here (null member, enum value).
  void Generic(std::string value, std::string_view path,
               std::string_view constraint);
  // The table-name constraints; reported only together with other
  // request-model errors (the Database checks names on its own).
  void TableName(const std::string& name, std::string_view path);

  bool has_serialization() const { return !serialization_.ok(); }
  Status ToStatus() const;

 private:
  Status serialization_;
  ValidationErrors generic_;             // this layer's own
  ValidationErrors generic_with_names_;  // the same plus names
  Status validation_;
};

// One JSON object of a request (the body, a list element, a map value).
// `path` is its request-model path ("" for the body,
// "keySchema.1.member"); members are named as on the wire ("TableName").
class ObjectReader {
 public:
  ObjectReader(const Json* object, std::string path, RequestErrors* errors)
      : object_(object), path_(std::move(path)), errors_(errors) {}

  // The member, or null when absent or JSON null.
  const Json* Member(std::string_view name) const;
  // "keySchema" or "<path>.keySchema".
  std::string PathOf(std::string_view name) const;
  RequestErrors* errors() const { return errors_; }

  // Adds "Value null at '<path>' ... Member must not be null" when absent.
  // Returns whether the member is present.
  bool Required(std::string_view name);

  // Scalars; nullopt when absent or of the wrong JSON type (recorded).
  std::optional<std::string> String(std::string_view name,
                                    bool required = false);
  std::optional<bool> Bool(std::string_view name);
  std::optional<int64_t> Long(std::string_view name, bool required = false);
  std::optional<int> Integer(std::string_view name);

  // "TableName": required, with the table-name constraints. "" when absent.
  std::string TableName(std::string_view name = "TableName");

  // An enum member: the value whose wire name matches; an unknown name adds
  // "Member must satisfy enum value set: [A, B]" (the list in given order).
  template <typename E>
  std::optional<E> Enum(
      std::string_view name,
      std::initializer_list<std::pair<std::string_view, E>> values,
      bool required = false) {
    std::optional<std::string> s = String(name, required);
    if (!s) return std::nullopt;
    std::string set;
    for (const auto& [wire, value] : values) {
      if (wire == *s) return value;
      if (!set.empty()) set += ", ";
      set += wire;
    }
    errors_->Generic("'" + *s + "'", PathOf(name),
                     "Member must satisfy enum value set: [" + set + "]");
    return std::nullopt;
  }

  // A map of attribute values (Item, Key, ExclusiveStartKey). Value errors
  // are prefixed with `validation_prefix`.
  std::optional<AttributeMap> Item(std::string_view name, bool required = false,
                                   std::string_view validation_prefix = "");

  std::optional<ExpressionAttributeNames> Names(
      std::string_view name = "ExpressionAttributeNames");
  std::optional<ExpressionAttributeValues> Values(
      std::string_view name = "ExpressionAttributeValues");

  // Containers of structures: the JSON array / object, or null when absent or
  // of the wrong JSON type (recorded).
  const Json* List(std::string_view name, bool required = false);
  // A list of strings (AttributesToGet, NonKeyAttributes); nullopt when
  // absent.
  std::optional<std::vector<std::string>> Strings(std::string_view name);
  const Json* Map(std::string_view name, bool required = false);
  const Json* Structure(std::string_view name, bool required = false);
  // A reader for an element of List(name) at 0-based `index`, or for
  // Map(name)[key]; the element must be a JSON object (null object if not).
  ObjectReader ListElement(std::string_view name, const Json& element,
                           size_t index);
  ObjectReader MapValue(std::string_view name, const Json& value,
                        const std::string& key);

 private:
  const Json* object_;
  std::string path_;
  RequestErrors* errors_;
};

}  // namespace eddy::wire_internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_REQUEST_READER_H_
