// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/keys.h"

#include "emulator/storage/record.h"
#include "emulator/types/limits.h"

namespace eddy::engine {
namespace {

constexpr char kKeyMismatch[] =
    "The provided key element does not match the schema";

// `size`: the value's bytes (S and B; any for N).
Status CheckKeySize(const KeyAttribute& attr, int64_t size, bool is_hash) {
  if (attr.type == AttributeType::kS && size == 0) {
    return Status::Validation(
        "One or more parameter values are not valid. The AttributeValue for a "
        "key "
        "attribute cannot contain an empty string value. Key: " +
        attr.name);
  }
  if (attr.type == AttributeType::kB && size == 0) {
    return Status::Validation(
        "One or more parameter values are not valid. The AttributeValue for a "
        "key "
        "attribute cannot contain an empty binary value. Key: " +
        attr.name);
  }
  // Numbers are always within the limits (at most 21 bytes).
  if (attr.type == AttributeType::kN) return Status::OK();
  if (is_hash && size > limits::kMaxPartitionKeyBytes) {
    return Status::Validation(
        "One or more parameter values were invalid: Size of hashkey has "
        "exceeded the "
        "maximum size limit of2048 bytes");
  }
  if (!is_hash && size > limits::kMaxSortKeyBytes) {
    return Status::Validation(
        "One or more parameter values were invalid: Aggregated size of all "
        "range keys "
        "has exceeded the size limit of 1024 bytes");
  }
  return Status::OK();
}

Status CheckKeyValue(const KeyAttribute& attr, const AttributeValue& value,
                     bool is_hash) {
  const int64_t size =
      attr.type == AttributeType::kS   ? static_cast<int64_t>(value.s().size())
      : attr.type == AttributeType::kB ? static_cast<int64_t>(value.b().size())
                                       : 0;
  return CheckKeySize(attr, size, is_hash);
}

Status MissingKey(const KeyAttribute& attr) {
  return Status::Validation(
      "One or more parameter values were invalid: Missing the key " +
      attr.name + " in the item");
}

Status KeyTypeMismatch(const KeyAttribute& attr, AttributeType actual) {
  return Status::Validation(
      "One or more parameter values were invalid: Type mismatch for key " +
      attr.name + " expected: " + std::string(AttributeTypeName(attr.type)) +
      " actual: " + std::string(AttributeTypeName(actual)));
}

Status ItemTooLarge() {
  return Status::Validation("Item size has exceeded the maximum allowed size");
}

// `hash` and `range` are the item's key values (range null for a hash-only
// table).
StorageKey MakeStorageKey(const AttributeValue& hash,
                          const AttributeValue* range) {
  StorageKey key;
  storage::AppendKeyBytes(hash, &key.pk);
  if (range != nullptr) storage::AppendKeyBytes(*range, &key.sk);
  key.hash = storage::HashPartitionKey(key.pk);
  return key;
}

}  // namespace

StatusOr<StorageKey> KeyFromKeyParameter(const Table& table, const Item& key) {
  const size_t expected = table.range_key() ? 2 : 1;
  if (key.size() != expected) return Status::Validation(kKeyMismatch);
  const AttributeValue* hash = key.Find(table.hash_key().name);
  if (hash == nullptr || hash->type() != table.hash_key().type) {
    return Status::Validation(kKeyMismatch);
  }
  const AttributeValue* range = nullptr;
  if (table.range_key()) {
    range = key.Find(table.range_key()->name);
    if (range == nullptr || range->type() != table.range_key()->type) {
      return Status::Validation(kKeyMismatch);
    }
  }
  EDDY_RETURN_IF_ERROR(CheckKeyValue(table.hash_key(), *hash, true));
  if (range != nullptr)
    EDDY_RETURN_IF_ERROR(CheckKeyValue(*table.range_key(), *range, false));
  return MakeStorageKey(*hash, range);
}

StatusOr<StorageKey> KeyFromItem(const Table& table, const Item& item,
                                 ItemKeyErrors errors) {
  EDDY_RETURN_IF_ERROR(ValidateAttributeNames(item));
  auto check = [&](const KeyAttribute& attr, bool is_hash,
                   const AttributeValue** found) -> Status {
    const AttributeValue* v = item.Find(attr.name);
    if (errors == ItemKeyErrors::kSchemaMismatch &&
        (v == nullptr || v->type() != attr.type)) {
      return Status::Validation(kKeyMismatch);
    }
    if (v == nullptr) return MissingKey(attr);
    if (v->type() != attr.type) return KeyTypeMismatch(attr, v->type());
    *found = v;
    return CheckKeyValue(attr, *v, is_hash);
  };
  const AttributeValue* hash = nullptr;
  const AttributeValue* range = nullptr;
  EDDY_RETURN_IF_ERROR(check(table.hash_key(), true, &hash));
  if (table.range_key()) {
    EDDY_RETURN_IF_ERROR(check(*table.range_key(), false, &range));
  }
  EDDY_RETURN_IF_ERROR(ValidateNesting(item));
  const int64_t size = ItemSizeBytes(item);
  if (size > limits::kMaxItemSizeBytes) return ItemTooLarge();
  StorageKey key = MakeStorageKey(*hash, range);
  key.item_size = size;
  return key;
}

StatusOr<StorageKey> KeyFromPayload(const Table& table,
                                    const storage::PayloadFacts& facts) {
  if (static_cast<int64_t>(facts.longest_name) >
      limits::kMaxAttributeNameBytes) {
    // ValidateAttributeName's error, from the one place that words it.
    return ValidateAttributeName(std::string(facts.longest_name, 'x'));
  }
  auto check = [&](const KeyAttribute& attr, int slot) -> Status {
    const std::optional<AttributeType>& type = facts.key_type[slot];
    if (!type) return MissingKey(attr);
    if (*type != attr.type) return KeyTypeMismatch(attr, *type);
    return CheckKeySize(
        attr, static_cast<int64_t>(facts.key_bytes[slot].size()), slot == 0);
  };
  EDDY_RETURN_IF_ERROR(check(table.hash_key(), 0));
  if (table.range_key()) EDDY_RETURN_IF_ERROR(check(*table.range_key(), 1));
  if (facts.item_size > limits::kMaxItemSizeBytes) return ItemTooLarge();
  StorageKey key;
  key.pk = std::string(facts.key_bytes[0]);
  if (table.range_key()) key.sk = std::string(facts.key_bytes[1]);
  key.hash = storage::HashPartitionKey(key.pk);
  key.item_size = facts.item_size;
  return key;
}

Item KeyAttributesOf(const Table& table, const Item& item) {
  Item key;
  if (const AttributeValue* v = item.Find(table.hash_key().name))
    key.Set(table.hash_key().name, *v);
  if (table.range_key()) {
    if (const AttributeValue* v = item.Find(table.range_key()->name)) {
      key.Set(table.range_key()->name, *v);
    }
  }
  return key;
}

}  // namespace eddy::engine
