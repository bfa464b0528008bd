// Copyright 2026 The eddy Authors.

#include "emulator/engine/index/index_change.h"

#include <optional>

namespace eddy::engine {

storage::RecordPtr MakeEntry(const SecondaryIndex& index,
                             const storage::Record& record, const Item& item,
                             int64_t entry_size,
                             const std::string_view* located,
                             const IndexKeyValues* keys) {
  if (index.multi_attribute()) {
    // Composite keys are not in the item's payload: an ALL entry shares
    // the table record's payload and holds its composite keys in its own
    // block; any other projection is a record of its own carrying them.
    // Either is keyed from the key values already found.
    const std::string pk =
        keys ? index.PartitionKeyBytes(*keys) : index.PartitionKeyBytes(item);
    const std::string sk =
        keys ? index.SortKeyBytes(*keys) : index.SortKeyBytes(item);
    if (index.projects_all()) {
      return storage::ShareRecordWithKeys(record, pk, sk);
    }
    std::optional<Item> entry = index.EntryOf(item);
    return storage::MakeRecordWithKeys(*entry, pk, sk,
                                       index.entry_key_names()[2],
                                       index.entry_key_names()[3], entry_size);
  }
  if (index.projects_all()) {
    // An ALL entry is the item itself: the table record's payload, shared
    // under the index's keys.
    std::string_view keys[2];
    if (located != nullptr) {
      keys[0] = located[index.hash_slots[0]];
      if (!index.range_slots.empty()) keys[1] = located[index.range_slots[0]];
    } else {
      const std::string_view names[2] = {
          index.hash_key().name,
          index.range_key() ? index.range_key()->name : std::string_view()};
      for (int i = 0; i < 2; ++i) {
        if (!names[i].empty()) {
          storage::LocateKeys(record, {&names[i], 1}, &keys[i]);
        }
      }
    }
    return storage::ShareRecord(record, keys[0], keys[1]);
  }
  std::optional<Item> entry = index.EntryOf(item);
  return storage::MakeRecord(*entry, index.entry_key_names(), entry_size);
}

void ApplyIndexChange(IndexChange change) {
  SecondaryIndex& index = *change.index;
  if (change.remove) index.store.Erase(change.remove_key());
  if (change.add) index.store.Put(std::move(change.add));
}

void Backfill(const storage::TableStore& items, SecondaryIndex& index) {
  for (auto it = items.begin(); it != items.end(); ++it) {
    const Item item = it->Decode();
    if (!index.Holds(item)) continue;
    IndexChange change;
    change.index = &index;
    change.add =
        MakeEntry(index, *it, item, /*entry_size=*/-1, nullptr, nullptr);
    ApplyIndexChange(std::move(change));
  }
}

}  // namespace eddy::engine
