// Copyright 2026 The eddy Authors.
//
// Changing index entries. IndexChange (secondary_index.h) is what one write
// of a table item does to one secondary index. Every path that changes index
// entries uses that one type and ApplyIndexChange here: single-item writes,
// batches and transactions (through table/write.h), time-to-live deletions, GSI
// changes waiting out the GSI lag (SecondaryIndex::pending), and Backfill of an
// index created by UpdateTable.
//
//   IndexChange c;
//   c.index = &gsi;
//   c.add = MakeEntry(gsi, record, item, entry_size, nullptr, nullptr);
//   ApplyIndexChange(std::move(c));
//
// Thread safety: every function REQUIRES the owning table's lock (exclusive
// for those that change an index, shared for MakeEntry).

#ifndef EDDY_EMULATOR_ENGINE_INDEX_INDEX_CHANGE_H_
#define EDDY_EMULATOR_ENGINE_INDEX_INDEX_CHANGE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "emulator/engine/index/secondary_index.h"
#include "emulator/storage/record.h"
#include "emulator/storage/table_store.h"

namespace eddy::engine {

// The entry `index` holds for the table item `record` (decoded: `item`),
// whose entry size is `entry_size`. For an index that projects ALL it shares
// the record's payload (storage::ShareRecord; for a multi-attribute key,
// storage::ShareRecordWithKeys, which keeps the composite key bytes in the
// entry's own block); otherwise it is a record of the projected attributes.
// `located` is where `record` holds each of the table's index key attributes
// (TableState::index_key_names, found with storage::LocateKeys), or null to
// find this index's keys here. `keys` are the item's index key values
// (Table::IndexKeysOf), or null to find them in `item` (a multi-attribute key's
// entry is keyed from them). REQUIRES: index.Holds(item).
storage::RecordPtr MakeEntry(const SecondaryIndex& index,
                             const storage::Record& record, const Item& item,
                             int64_t entry_size,
                             const std::string_view* located,
                             const IndexKeyValues* keys);

// Applies `change` to its index's entries now.
void ApplyIndexChange(IndexChange change);

// Fills `index` (new, empty) with the entries of every item in `items`.
void Backfill(const storage::TableStore& items, SecondaryIndex& index);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_INDEX_INDEX_CHANGE_H_
