// Copyright 2026 The eddy Authors.

#include "emulator/engine/index/secondary_index.h"

#include <algorithm>
#include <span>

#include "absl/container/inlined_vector.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

SecondaryIndex::SecondaryIndex(
    Kind kind, std::string name, std::string arn,
    std::vector<KeySchemaElement> key_schema,
    std::vector<KeyAttribute> hash_keys, std::vector<KeyAttribute> range_keys,
    Projection projection, const KeyAttribute& table_hash_key,
    const std::optional<KeyAttribute>& table_range_key)
    : kind_(kind),
      name_(std::move(name)),
      arn_(std::move(arn)),
      key_schema_(std::move(key_schema)),
      hash_keys_(std::move(hash_keys)),
      range_keys_(std::move(range_keys)),
      projection_(std::move(projection)),
      table_hash_name_(table_hash_key.name),
      table_range_name_(table_range_key ? table_range_key->name : "") {
  entry_keys_ = {hash_keys_[0].name,
                 range_keys_.empty() ? std::string_view()
                                     : std::string_view(range_keys_[0].name),
                 table_hash_name_, table_range_name_};
  auto add = [this](std::string_view n) {
    if (n.empty()) return;
    if (std::find(read_key_names_.begin(), read_key_names_.end(), n) ==
        read_key_names_.end()) {
      read_key_names_.emplace_back(n);
    }
  };
  for (const KeyAttribute& k : hash_keys_) add(k.name);
  for (const KeyAttribute& k : range_keys_) add(k.name);
  add(table_hash_name_);
  add(table_range_name_);
}

bool SecondaryIndex::IsKeyAttribute(std::string_view name) const {
  for (const KeyAttribute& k : hash_keys_) {
    if (k.name == name) return true;
  }
  for (const KeyAttribute& k : range_keys_) {
    if (k.name == name) return true;
  }
  return false;
}

bool SecondaryIndex::Projects(std::string_view name) const {
  if (projects_all()) return true;
  if (IsKeyAttribute(name) || name == table_hash_name_ ||
      (!table_range_name_.empty() && name == table_range_name_)) {
    return true;
  }
  if (projection_.projection_type == ProjectionType::kInclude) {
    for (const std::string& a : projection_.non_key_attributes) {
      if (a == name) return true;
    }
  }
  return false;
}

namespace {

// A value an index can be keyed on: of the key's type, not empty, within
// the key size limit (partition keys 2048 bytes, sort keys 1024). Items that
// break these are refused on write; a backfill leaves them out of the index,
// as DynamoDB's does.
bool IsKeyValue(const AttributeValue* v, const KeyAttribute& key,
                size_t max_bytes) {
  if (v == nullptr || v->type() != key.type) return false;
  if (v->type() == AttributeType::kS) {
    return !v->s().empty() && v->s().size() <= max_bytes;
  }
  if (v->type() == AttributeType::kB) {
    return !v->b().empty() && v->b().size() <= max_bytes;
  }
  return true;
}

constexpr size_t kHashMax = limits::kMaxPartitionKeyBytes;
constexpr size_t kRangeMax = limits::kMaxSortKeyBytes;

}  // namespace

bool SecondaryIndex::Holds(const Item& item) const {
  for (const KeyAttribute& k : hash_keys_) {
    if (!IsKeyValue(item.Find(k.name), k, kHashMax)) return false;
  }
  for (const KeyAttribute& k : range_keys_) {
    if (!IsKeyValue(item.Find(k.name), k, kRangeMax)) return false;
  }
  return true;
}

bool SecondaryIndex::Holds(const IndexKeyValues& values) const {
  for (size_t i = 0; i < hash_keys_.size(); ++i) {
    if (!IsKeyValue(values[hash_slots[i]], hash_keys_[i], kHashMax)) {
      return false;
    }
  }
  for (size_t i = 0; i < range_keys_.size(); ++i) {
    if (!IsKeyValue(values[range_slots[i]], range_keys_[i], kRangeMax)) {
      return false;
    }
  }
  return true;
}

namespace {

// One attribute's key bytes, or the composite of several.
std::string KeyBytesOf(std::span<const AttributeValue* const> values) {
  if (values.empty()) return std::string();
  if (values.size() == 1) return storage::KeyBytes(*values[0]);
  return storage::CompositeKeyBytes(values);
}

}  // namespace

std::string SecondaryIndex::PartitionKeyBytes(
    const IndexKeyValues& values) const {
  absl::InlinedVector<const AttributeValue*, 4> v;
  for (int slot : hash_slots) v.push_back(values[slot]);
  return KeyBytesOf(v);
}

std::string SecondaryIndex::SortKeyBytes(const IndexKeyValues& values) const {
  absl::InlinedVector<const AttributeValue*, 4> v;
  for (int slot : range_slots) v.push_back(values[slot]);
  return KeyBytesOf(v);
}

std::string SecondaryIndex::PartitionKeyBytes(const Item& item) const {
  absl::InlinedVector<const AttributeValue*, 4> v;
  for (const KeyAttribute& k : hash_keys_) v.push_back(item.Find(k.name));
  return KeyBytesOf(v);
}

std::string SecondaryIndex::SortKeyBytes(const Item& item) const {
  absl::InlinedVector<const AttributeValue*, 4> v;
  for (const KeyAttribute& k : range_keys_) v.push_back(item.Find(k.name));
  return KeyBytesOf(v);
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
