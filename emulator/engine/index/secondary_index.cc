// Copyright 2026 The eddy Authors.

#include "emulator/engine/index/secondary_index.h"

#include <algorithm>

namespace eddy::engine {

SecondaryIndex::SecondaryIndex(
    Kind kind, std::string name, std::string arn,
    std::vector<KeySchemaElement> key_schema, KeyAttribute hash_key,
    std::optional<KeyAttribute> range_key, Projection projection,
    const KeyAttribute& table_hash_key,
    const std::optional<KeyAttribute>& table_range_key)
    : kind_(kind),
      name_(std::move(name)),
      arn_(std::move(arn)),
      key_schema_(std::move(key_schema)),
      hash_key_(std::move(hash_key)),
      range_key_(std::move(range_key)),
      projection_(std::move(projection)),
      table_hash_name_(table_hash_key.name),
      table_range_name_(table_range_key ? table_range_key->name : "") {
  entry_keys_ = {
      hash_key_.name,
      range_key_ ? std::string_view(range_key_->name) : std::string_view(),
      table_hash_name_, table_range_name_};
  for (std::string_view n : entry_keys_) {
    if (n.empty()) continue;
    if (std::find(read_key_names_.begin(), read_key_names_.end(), n) ==
        read_key_names_.end()) {
      read_key_names_.emplace_back(n);
    }
  }
}

bool SecondaryIndex::Projects(std::string_view name) const {
  if (projects_all()) return true;
  for (std::string_view k : entry_keys_) {
    if (!k.empty() && k == name) return true;
  }
  if (projection_.projection_type == ProjectionType::kInclude) {
    for (const std::string& a : projection_.non_key_attributes) {
      if (a == name) return true;
    }
  }
  return false;
}

namespace {

bool IsKeyValue(const AttributeValue* v, const KeyAttribute& key) {
  if (v == nullptr || v->type() != key.type) return false;
  if (v->type() == AttributeType::kS) return !v->s().empty();
  if (v->type() == AttributeType::kB) return !v->b().empty();
  return true;
}

}  // namespace

bool SecondaryIndex::Holds(const Item& item) const {
  return IsKeyValue(item.Find(hash_key_.name), hash_key_) &&
         (!range_key_ || IsKeyValue(item.Find(range_key_->name), *range_key_));
}

bool SecondaryIndex::Holds(const IndexKeyValues& values) const {
  return IsKeyValue(values[hash_slot], hash_key_) &&
         (!range_key_ || IsKeyValue(values[range_slot], *range_key_));
}

std::optional<Item> SecondaryIndex::EntryOf(const Item& item) const {
  if (!Holds(item)) return std::nullopt;
  if (projects_all()) return item;
  Item entry;
  for (const auto& e : item) {
    if (Projects(e.name)) entry.Set(e.name, e.value);
  }
  return entry;
}

}  // namespace eddy::engine
