// Copyright 2026 The eddy Authors.
//
// SecondaryIndex: one global or local secondary index of a table — its
// definition, its entries, and for a GSI its status, throughput and the
// changes still on their way to it (the GSI lag option).
//
// An entry is the table item projected onto the index (KEYS_ONLY: the table
// and index keys; INCLUDE: those plus NonKeyAttributes; ALL: the item), kept
// in a storage::TableStore ordered by (hash of the index partition key, index
// partition key, index sort key, table partition key, table sort key): index
// keys need not be unique, the table key makes each position unique. Indexes
// are sparse: an item has an entry only when it holds every index key
// attribute (api-semantics.md §4, "Secondary indexes").
//
//   const SecondaryIndex& gsi = *table.FindIndex("GSI1");
//   std::optional<Item> entry = gsi.EntryOf(item);  // nullopt: not indexed
//
// Thread safety: the definition (kind, name, keys, projection, arn) is
// immutable; everything else is guarded by the owning table's `mu`.

#ifndef EDDY_EMULATOR_ENGINE_INDEX_SECONDARY_INDEX_H_
#define EDDY_EMULATOR_ENGINE_INDEX_SECONDARY_INDEX_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "emulator/capacity/simulator.h"
#include "emulator/storage/record.h"
#include "emulator/storage/table_store.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

struct KeyAttribute {
  std::string name;
  AttributeType type = AttributeType::kS;  // kS, kN or kB
};

// The values an item holds for a table's index key attributes, one slot per
// distinct attribute name (Table::index_keys), null where absent. Found in
// one merge over the item's sorted attributes instead of a lookup per index
// key.
using IndexKeyValues = absl::InlinedVector<const AttributeValue*, 16>;

class SecondaryIndex;

// What one write of a table item does to one secondary index: the entry the
// old item had (if any) is removed, then the entry the new item has (if any)
// is added (index_change.h applies it).
struct IndexChange {
  SecondaryIndex* index = nullptr;
  // The entry to remove (the old item's), when `remove` is set: its storage
  // key, and its size.
  bool remove = false;
  uint64_t remove_hash = 0;
  std::string remove_pk, remove_sk, remove_base_pk, remove_base_sk;
  int64_t remove_bytes = 0;
  // The entry to add (the new item's), if it has one.
  storage::RecordPtr add;

  storage::KeyRef remove_key() const {
    return storage::KeyRef{remove_hash, remove_pk, remove_sk, remove_base_pk,
                           remove_base_sk};
  }
};

class SecondaryIndex {
 public:
  enum class Kind { kGlobal, kLocal };

  // `hash_keys` (1..4) and `range_keys` (0..4) in key-schema order; more than
  // one of either is a multi-attribute key (GSIs only).
  SecondaryIndex(Kind kind, std::string name, std::string arn,
                 std::vector<KeySchemaElement> key_schema,
                 std::vector<KeyAttribute> hash_keys,
                 std::vector<KeyAttribute> range_keys, Projection projection,
                 const KeyAttribute& table_hash_key,
                 const std::optional<KeyAttribute>& table_range_key);
  // entry_key_names() points into the object: it stays where it was made.
  SecondaryIndex(const SecondaryIndex&) = delete;
  SecondaryIndex& operator=(const SecondaryIndex&) = delete;

  // --- Definition (immutable) ------------------------------------------------
  Kind kind() const { return kind_; }
  bool is_global() const { return kind_ == Kind::kGlobal; }
  const std::string& name() const { return name_; }
  const std::string& arn() const { return arn_; }
  const std::vector<KeySchemaElement>& key_schema() const {
    return key_schema_;
  }
  // The partition-key and sort-key attributes, in key-schema order.
  const std::vector<KeyAttribute>& hash_keys() const { return hash_keys_; }
  const std::vector<KeyAttribute>& range_keys() const { return range_keys_; }
  // Does the key have more than one partition or sort attribute? Its entry
  // keys are then composite (storage::CompositeKeyBytes) and its entries are
  // records of their own (never views of the table item).
  bool multi_attribute() const {
    return hash_keys_.size() > 1 || range_keys_.size() > 1;
  }
  // The single partition / sort attribute. REQUIRES: !multi_attribute().
  const KeyAttribute& hash_key() const { return hash_keys_[0]; }
  // Null when the index has no sort key.
  const KeyAttribute* range_key() const {
    return range_keys_.empty() ? nullptr : &range_keys_[0];
  }
  // Is `name` one of the index's key attributes?
  bool IsKeyAttribute(std::string_view name) const;
  const Projection& projection() const { return projection_; }
  bool projects_all() const {
    return projection_.projection_type == ProjectionType::kAll;
  }
  // The record key names of an entry: index keys, then table keys.
  // REQUIRES: !multi_attribute() (those entries carry their key bytes).
  const storage::KeyNames& entry_key_names() const { return entry_keys_; }
  // Index key names then table key names, without repeats (what
  // LastEvaluatedKey carries for a read of this index).
  const std::vector<std::string>& read_key_names() const {
    return read_key_names_;
  }
  // Would a value for attribute `name` be kept in this index's entries?
  bool Projects(std::string_view name) const;

  // --- Entries
  // ----------------------------------------------------------------- Does
  // `item` have an entry in this index? Not when an index key attribute is
  // missing or holds an empty value or another type than the index key's (the
  // last two possible only for items written before the index existed).
  bool Holds(const Item& item) const;
  // The same from the item's index key values (Table::IndexKeysOf).
  bool Holds(const IndexKeyValues& values) const;
  // The entry `item` has in this index, or nullopt when it has none.
  std::optional<Item> EntryOf(const Item& item) const;
  // The entry's partition and sort key bytes: an attribute's key bytes, or
  // for a multi-attribute key the composite of its attributes' values.
  // REQUIRES: Holds(values) / Holds(item).
  std::string PartitionKeyBytes(const IndexKeyValues& values) const;
  std::string SortKeyBytes(const IndexKeyValues& values) const;
  std::string PartitionKeyBytes(const Item& item) const;
  std::string SortKeyBytes(const Item& item) const;

  // The storage key of the entry for `entry_record`. REQUIRES: a record made
  // with entry_key_names().
  static storage::KeyRef EntryKey(const storage::Record& r) {
    return storage::KeyOf(r);
  }

  // Guarded by the table's mu.
  storage::TableStore store{/*point_index=*/false};

  // GSI state, guarded by the table's mu.
  ProvisionedThroughput throughput;  // provisioned tables only
  // On-demand maximum throughput, on-demand tables only: the limits set
  // (each >= 1); an absent member is no limit.
  OnDemandThroughput on_demand;
  // A GSI's own partition space in the throttling simulator.
  capacity::ResourceId resource = capacity::kNoResource;
  int64_t active_at_micros = 0;  // CREATING (Backfilling) until then
  // GSI lag: changes waiting to become visible, oldest first (visible
  // times never decrease, so changes appear in write order).
  struct PendingChange {
    int64_t visible_at_micros = 0;
    IndexChange change;
  };
  std::deque<PendingChange> pending;
  int64_t last_visible_at_micros = 0;  // keeps changes in write order

  bool IsActive(int64_t now_micros) const {
    return now_micros >= active_at_micros;
  }

  // Slots of this index's key attributes in IndexKeyValues, in key-schema
  // order; set by Table::RebuildIndexKeys, guarded by the table's mu.
  absl::InlinedVector<int, 1> hash_slots;
  absl::InlinedVector<int, 1> range_slots;

 private:
  Kind kind_;
  std::string name_;
  std::string arn_;
  std::vector<KeySchemaElement> key_schema_;
  std::vector<KeyAttribute> hash_keys_;
  std::vector<KeyAttribute> range_keys_;
  Projection projection_;
  std::string table_hash_name_;
  std::string table_range_name_;  // empty for a hash-only table
  storage::KeyNames entry_keys_;
  std::vector<std::string> read_key_names_;
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_INDEX_SECONDARY_INDEX_H_
