// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/request_reader.h"

#include <cmath>
#include <limits>

namespace eddy::wire_internal {
namespace {

std::string LowerFirst(std::string_view name) {
  std::string out(name);
  if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z') out[0] += 'a' - 'A';
  return out;
}

// `prefix` followed by one or more of [A-Za-z0-9_].
bool IsPlaceholder(std::string_view key, char prefix) {
  if (key.size() < 2 || key[0] != prefix) return false;
  for (char c : key.substr(1)) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// Integral JSON numbers as int64; fractions are truncated toward zero as the
// Java request model does. nullopt when out of range.
std::optional<int64_t> AsInt64(const Json& j) {
  if (j.is_number_integer()) {
    if (j.is_number_unsigned()) {
      const uint64_t u = j.get<uint64_t>();
      if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        return std::nullopt;
      return static_cast<int64_t>(u);
    }
    return j.get<int64_t>();
  }
  const double d = j.get<double>();
  if (!std::isfinite(d) || std::fabs(d) >= 9.2e18) return std::nullopt;
  return static_cast<int64_t>(d);
}

}  // namespace

void RequestErrors::Generic(std::string value, std::string_view path,
                            std::string_view constraint) {
  generic_.Add(value, path, constraint);
  generic_with_names_.Add(std::move(value), path, constraint);
}

void RequestErrors::TableName(const std::string& name, std::string_view path) {
  generic_with_names_.CheckTableName(name, path);
}

Status RequestErrors::ToStatus() const {
  if (!serialization_.ok()) return serialization_;
  if (!generic_.empty()) return generic_with_names_.ToStatus();
  return validation_;
}

const Json* ObjectReader::Member(std::string_view name) const {
  if (object_ == nullptr || !object_->is_object()) return nullptr;
  auto it = object_->find(name);
  if (it == object_->end() || it->is_null()) return nullptr;
  return &*it;
}

std::string ObjectReader::PathOf(std::string_view name) const {
  return path_.empty() ? LowerFirst(name) : path_ + "." + LowerFirst(name);
}

bool ObjectReader::Required(std::string_view name) {
  if (Member(name) != nullptr) return true;
  errors_->Generic("null", PathOf(name), "Member must not be null");
  return false;
}

std::optional<std::string> ObjectReader::String(std::string_view name,
                                                bool required) {
  const Json* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return std::nullopt;
  }
  if (!j->is_string()) {
    errors_->Serialization(WrongJsonType(*j, "String"));
    return std::nullopt;
  }
  return j->get<std::string>();
}

std::optional<bool> ObjectReader::Bool(std::string_view name) {
  const Json* j = Member(name);
  if (j == nullptr) return std::nullopt;
  if (!j->is_boolean()) {
    errors_->Serialization(WrongJsonType(*j, "Boolean"));
    return std::nullopt;
  }
  return j->get<bool>();
}

std::optional<int64_t> ObjectReader::Long(std::string_view name,
                                          bool required) {
  const Json* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return std::nullopt;
  }
  std::optional<int64_t> v;
  if (j->is_number()) v = AsInt64(*j);
  if (!v) {
    errors_->Serialization(WrongJsonType(*j, "Long"));
    return std::nullopt;
  }
  return v;
}

std::optional<int> ObjectReader::Integer(std::string_view name) {
  const Json* j = Member(name);
  if (j == nullptr) return std::nullopt;
  std::optional<int64_t> v;
  if (j->is_number()) v = AsInt64(*j);
  if (!v || *v < std::numeric_limits<int>::min() ||
      *v > std::numeric_limits<int>::max()) {
    errors_->Serialization(WrongJsonType(*j, "Integer"));
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::string ObjectReader::TableName(std::string_view name) {
  std::optional<std::string> s = String(name, /*required=*/true);
  if (!s) return std::string();
  errors_->TableName(*s, PathOf(name));
  return *s;
}

std::optional<AttributeMap> ObjectReader::Item(
    std::string_view name, bool required, std::string_view validation_prefix) {
  const Json* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return std::nullopt;
  }
  if (Status s = CheckItemShape(*j); !s.ok()) {
    errors_->Serialization(std::move(s));
    return std::nullopt;
  }
  AttributeMap out;
  if (Status s = DecodeItem(*j, &out); !s.ok()) {
    errors_->Validation(s.WithMessagePrefix(validation_prefix));
    return std::nullopt;
  }
  return out;
}

std::optional<ExpressionAttributeNames> ObjectReader::Names(
    std::string_view name) {
  const Json* j = Member(name);
  if (j == nullptr) return std::nullopt;
  if (!j->is_object()) {
    errors_->Serialization(WrongJsonType(*j, "map"));
    return std::nullopt;
  }
  ExpressionAttributeNames out;
  for (const auto& [key, value] : j->items()) {
    if (value.is_null()) continue;
    if (!value.is_string()) {
      errors_->Serialization(WrongJsonType(value, "String"));
      continue;
    }
    if (!IsPlaceholder(key, '#')) {
      errors_->Validation(Status::Validation(
          "ExpressionAttributeNames contains invalid key: Syntax error; key: "
          "\"" +
          key + "\""));
    }
    out[key] = value.get<std::string>();
  }
  return out;
}

std::optional<ExpressionAttributeValues> ObjectReader::Values(
    std::string_view name) {
  const Json* j = Member(name);
  if (j == nullptr) return std::nullopt;
  if (!j->is_object()) {
    errors_->Serialization(WrongJsonType(*j, "map"));
    return std::nullopt;
  }
  // Keys first, then values, as DynamoDB checks them.
  for (const auto& [key, value] : j->items()) {
    if (value.is_null()) continue;
    if (!IsPlaceholder(key, ':')) {
      errors_->Validation(Status::Validation(
          "ExpressionAttributeValues contains invalid key: Syntax error; key: "
          "\"" +
          key + "\""));
    }
  }
  ExpressionAttributeValues out;
  for (const auto& [key, value] : j->items()) {
    if (value.is_null()) continue;
    if (Status s = CheckValueShape(value, 1); !s.ok()) {
      errors_->Serialization(std::move(s));
      continue;
    }
    AttributeValue v;
    if (Status s = DecodeValue(value, 1, &v); !s.ok()) {
      errors_->Validation(Status::Validation(
          "ExpressionAttributeValues contains invalid value: " +
          std::string(s.message()) + " for key " + key));
      continue;
    }
    out.Set(key, std::move(v));
  }
  return out;
}

const Json* ObjectReader::List(std::string_view name, bool required) {
  const Json* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return nullptr;
  }
  if (!j->is_array()) {
    errors_->Serialization(WrongJsonType(*j, "list"));
    return nullptr;
  }
  return j;
}

std::optional<std::vector<std::string>> ObjectReader::Strings(
    std::string_view name) {
  const Json* list = List(name);
  if (list == nullptr) return std::nullopt;
  std::vector<std::string> out;
  for (const Json& e : *list) {
    if (e.is_string()) {
      out.push_back(e.get<std::string>());
    } else {
      errors_->Serialization(WrongJsonType(e, "String"));
    }
  }
  return out;
}

const Json* ObjectReader::Map(std::string_view name, bool required) {
  const Json* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return nullptr;
  }
  if (!j->is_object()) {
    errors_->Serialization(WrongJsonType(*j, "map"));
    return nullptr;
  }
  return j;
}

const Json* ObjectReader::Structure(std::string_view name, bool required) {
  const Json* j = Member(name);
  if (j == nullptr) {
    if (required) Required(name);
    return nullptr;
  }
  if (!j->is_object()) {
    errors_->Serialization(WrongJsonType(*j, "structure"));
    return nullptr;
  }
  return j;
}

ObjectReader ObjectReader::ListElement(std::string_view name,
                                       const Json& element, size_t index) {
  const std::string path =
      PathOf(name) + "." + std::to_string(index + 1) + ".member";
  if (!element.is_object()) {
    if (!element.is_null())
      errors_->Serialization(WrongJsonType(element, "structure"));
    return ObjectReader(nullptr, path, errors_);
  }
  return ObjectReader(&element, path, errors_);
}

ObjectReader ObjectReader::MapValue(std::string_view name, const Json& value,
                                    const std::string& key) {
  const std::string path = PathOf(name) + "." + key + ".member";
  if (!value.is_object()) {
    if (!value.is_null())
      errors_->Serialization(WrongJsonType(value, "structure"));
    return ObjectReader(nullptr, path, errors_);
  }
  return ObjectReader(&value, path, errors_);
}

}  // namespace eddy::wire_internal
