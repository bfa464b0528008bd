// Copyright 2026 The eddy Authors.
//
// How one item write changes a table and its secondary indexes. Every
// operation that writes items (PutItem, UpdateItem, DeleteItem,
// BatchWriteItem, TransactWriteItems and time-to-live deletions) goes
// through here, so index maintenance, the item-collection limit, the write's
// capacity and its change record are the same everywhere.
//
// A write is planned first — nothing changes, so the plan can still be
// refused (the item-collection limit, throttling) — and then committed: a
// Commit applies each plan and collects the change records of one commit
// (one item, or a whole transaction), which it publishes to the change feed
// before the tables are unlocked:
//
//   MutexLock lock(&table.mu());
//   EDDY_RETURN_IF_ERROR(CheckIndexKeys(table, item));
//   EDDY_ASSIGN_OR_RETURN(WritePlan plan,
//       PlanWrite(table, key, &item, std::move(record), old_record, now));
//   Commit commit(ChangeOrigin::kUser, now);
//   storage::RecordPtr old = commit.Apply(table, std::move(plan));
//   commit.Publish();
//
// (ops/single_write.h runs this whole tail for PutItem, UpdateItem and
// DeleteItem.)
//
// Capacity (throughput-model.md §1.3): the table write is the larger of the
// old and new item, rounded up to 1 KB. Each index is charged on its entries:
// an entry added or removed is one write of its size; an entry whose index
// key changed is two (the old entry deleted, the new one put); an entry that
// stays under the same key is one write of the larger entry when a projected
// attribute changed, and nothing when none did.
//
// Thread safety: every function REQUIRES the table's lock; PlanWrite needs
// it shared at least, Commit::Apply exclusive.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_WRITE_H_
#define EDDY_EMULATOR_ENGINE_TABLE_WRITE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "emulator/api/change_feed.h"
#include "emulator/engine/index/index_change.h"
#include "emulator/engine/table/change_feed.h"
#include "emulator/engine/table/journal.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine {

// Capacity an operation spent on one secondary index, in half-units.
struct IndexUnits {
  const SecondaryIndex* index;
  int64_t half_units;
};

// The capacity of one write, in half-units.
struct WriteUnits {
  int64_t table = 0;  // the table item
  // Each index the write touched (inline: most writes touch a few).
  absl::InlinedVector<IndexUnits, 4> indexes;

  void Add(const WriteUnits& other);
};

// Where the item CheckIndexKeys checks comes from: DynamoDB words an empty
// index key value differently when an UpdateExpression made it.
enum class IndexKeySource {
  kItem,    // PutItem, BatchWriteItem, a transaction's Put: "A value
            // specified for a secondary index key is not supported. ...
            // IndexName: <i>, IndexKey: <a>"
  kUpdate,  // UpdateItem, a transaction's Update: "The update expression
            // attempted to update a secondary index key to a value that is
            // not supported. ..." (no index named)
};

// The secondary-index key attributes `item` holds must have their index key's
// type and not be empty (api-semantics.md §6 #6, #7; checked index by index,
// the GSIs then the LSIs, each in definition order). Absent attributes are
// fine: the item is then not in that index. When `values` is not null it
// receives the item's index key values (Table::IndexKeysOf), for PlanWrite.
// Errors: ValidationException; an empty value's text is the only one that
// starts "One or more parameter values are not valid." (the others "...
// were invalid:"), which transactions rely on.
Status CheckIndexKeys(const Table& table, const Item& item,
                      IndexKeyValues* values = nullptr,
                      IndexKeySource source = IndexKeySource::kItem)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// One planned write. Move-only.
struct WritePlan {
  StorageKey key;
  storage::RecordPtr record;  // the new table item; null for a delete
  std::vector<IndexChange> index_changes;  // index/index_change.h
  WriteUnits units;
  int64_t collection_delta_bytes = 0;  // tables with an LSI
  int64_t old_item_bytes = 0;          // the replaced item's size (0: none)
  int64_t now_micros = 0;
};

// Plans replacing the item at `key` (stored record `old`, or null) with
// `new_item` / `new_record` (both null for a delete). `old_item` is `old`
// decoded, or null to have it decoded here when the table has indexes.
// `new_keys` is table.IndexKeysOf(*new_item) when the caller has it (from
// CheckIndexKeys), or null to have it found here.
// Errors: ItemCollectionSizeLimitExceededException when a table with an LSI
// would hold more than its limit under this partition key and the write
// grows the collection.
// REQUIRES: new_item passed KeyFromItem and CheckIndexKeys; new_record was
// made from it with the table's key names.
StatusOr<WritePlan> PlanWrite(const Table& table, StorageKey key,
                              const Item* new_item,
                              storage::RecordPtr new_record,
                              const storage::Record* old, const Item* old_item,
                              int64_t now_micros,
                              const IndexKeyValues* new_keys = nullptr)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// The changes of one commit: applies planned writes and, when the change
// feed has subscribers, records each change and publishes them together.
// Move-only; publish before the written tables are unlocked.
class Commit {
 public:
  // ChangeOrigin::kTransaction: `transaction_id` is the request's
  // ClientRequestToken, or null to have an id made up (only when the
  // change is observed).
  Commit(ChangeOrigin origin, int64_t now_micros,
         const std::string* transaction_id = nullptr);
  Commit(const Commit&) = delete;
  Commit& operator=(const Commit&) = delete;

  // Applies `plan` to `table`: the table item, every index (or, with GSI
  // lag, the GSI's pending queue), the collection size, the sequence number
  // and, when observed, the change record. Returns the replaced record
  // (free it after unlocking).
  storage::RecordPtr Apply(Table& table, WritePlan plan)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

  // Hands the recorded changes to the feed (no-op without subscribers) and
  // the commit's log record to the journal (no-op without a data
  // directory). REQUIRES: every table applied to still locked exclusively.
  void Publish();

 private:
  ChangeOrigin origin_;
  int64_t now_micros_;
  const std::string* transaction_id_;
  std::string made_up_id_;
  ChangeFeed* feed_ = nullptr;  // set by the first observed Apply
  absl::InlinedVector<ChangeRecord, 1> records_;
  // The data directory's record of this commit (table/journal.h).
  Journal* journal_ = nullptr;  // set by the first logged Apply
  std::string log_batch_;
};

// ItemCollectionMetrics for the collection of `key` (tables with an LSI).
ItemCollectionMetrics CollectionMetrics(const Table& table,
                                        const StorageKey& key,
                                        const Item& item_key)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_WRITE_H_
