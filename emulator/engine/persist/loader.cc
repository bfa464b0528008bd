// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/loader.h"

#include <climits>
#include <vector>

#include "emulator/engine/ops/stream_ops.h"
#include "emulator/engine/persist/codec.h"
#include "emulator/engine/persist/table_image.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/journal.h"
#include "emulator/engine/table/write.h"
#include "emulator/types/limits.h"

namespace eddy::engine::persist {
namespace {

Status Corrupt(const std::string& what) {
  return Status::Internal("corrupt log record: " + what);
}

// Nothing the loader writes is logged again (table/journal.h).
class Unlogged {
 public:
  explicit Unlogged(Journal* journal) : journal_(journal) {
    if (journal_ != nullptr) journal_->SuppressOnThisThread(true);
  }
  ~Unlogged() {
    if (journal_ != nullptr) journal_->SuppressOnThisThread(false);
  }

 private:
  Journal* journal_;
};

// A put read back: the item, checked as PutItem checks it.
Status DecodePut(Table& table, std::string_view payload, LoggedChange* out)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu()) {
  StatusOr<Item> item = storage::DecodeUntrustedPayload(payload);
  if (!item.ok()) return Corrupt(std::string(item.status().message()));
  StatusOr<StorageKey> key = KeyFromItem(table, *item);
  if (!key.ok()) {
    return Corrupt(
        "an item of table " + table.name() +
        " does not fit its key schema: " + std::string(key.status().message()));
  }
  out->table = &table;
  out->put = true;
  out->item = *std::move(item);
  out->key = *std::move(key);
  return Status::OK();
}

// Commits a planned write of a logged change (its error: the change cannot
// be applied, so the record is corrupt).
Status CommitPlanned(Table& table, StatusOr<WritePlan> plan, int64_t now)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  if (!plan.ok()) {
    return Corrupt(
        "a logged write to " + table.name() +
        " cannot be applied: " + std::string(plan.status().message()));
  }
  Commit commit(ChangeOrigin::kUser, now);
  storage::RecordPtr replaced = commit.Apply(table, *std::move(plan));
  commit.Publish();
  return Status::OK();
}

// Applies a checked change through the write funnel.
// REQUIRES: c.table is `table`.
Status ApplyChange(Table& table, LoggedChange& c, int64_t now)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  const storage::Record* old = table.state().store.Find(c.key.ref());
  storage::RecordPtr record;
  if (c.put) {
    record = storage::MakeRecord(c.item, table.hash_key().name,
                                 table.range_key_name(), c.key.item_size);
  } else if (old == nullptr) {
    return Status::OK();  // deleting nothing
  }
  return CommitPlanned(table,
                       PlanWrite(table, c.key, c.put ? &c.item : nullptr,
                                 std::move(record), old, nullptr, now),
                       now);
}

// A put read back for a table without secondary indexes: the payload
// checked (as DecodePut checks the item) and stored as the record, never
// decoded. `facts` is scratch space.
Status ApplyPayload(Table& table, std::string_view payload,
                    std::string_view hash_key, std::string_view range_key,
                    storage::PayloadFacts& facts, int64_t now)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  if (Status s =
          storage::CheckUntrustedPayload(payload, hash_key, range_key, &facts);
      !s.ok()) {
    return Corrupt(std::string(s.message()));
  }
  StatusOr<StorageKey> key = KeyFromPayload(table, facts);
  if (!key.ok()) {
    return Corrupt(
        "an item of table " + table.name() +
        " does not fit its key schema: " + std::string(key.status().message()));
  }
  const storage::Record* old = table.state().store.Find(key->ref());
  // Without indexes PlanWrite needs no Item, only the record.
  return CommitPlanned(table,
                       PlanWrite(table, *std::move(key), nullptr,
                                 storage::MakeRecordFromPayload(payload, facts),
                                 old, nullptr, now),
                       now);
}

}  // namespace

Loader::~Loader() {
  if (finished_) return;
  for (auto& [number, table] : tables_) {
    MutexLock lock(&table->mu());
    RemoveResources(*table);
  }
}

Table* Loader::Find(uint64_t number) {
  auto it = tables_.find(number);
  return it == tables_.end() ? nullptr : it->second.get();
}

Status Loader::Apply(RecordType type, std::string_view payload) {
  Unlogged unlogged(ctx_.journal);
  switch (type) {
    case RecordType::kTable:
      return ApplyTable(payload);
    case RecordType::kDrop: {
      ByteReader r(payload);
      const uint64_t number = r.Varint();
      if (!r.ok() || !r.done()) return Corrupt("drop");
      if (auto it = tables_.find(number); it != tables_.end()) {
        std::shared_ptr<Table> gone = std::move(it->second);
        tables_.erase(it);
        streams_.erase(number);
        MutexLock lock(&gone->mu());  // released before `gone` is freed
        RemoveResources(*gone);
      }
      return Status::OK();
    }
    case RecordType::kCommit:
      return ApplyCommit(payload);
    case RecordType::kClock:
      return Status::OK();  // only point-in-time restore reads the clock
    case RecordType::kItems:
      return ApplyItems(payload);
    case RecordType::kEnd: {
      ByteReader r(payload);
      End end;
      end.next_segment = r.Varint();
      end.tables = r.Varint();
      end.items = r.Varint();
      end.next_table_number = r.Varint();
      // Format 2 adds the time of the cut.
      if (r.ok() && !r.done()) end.cut_micros = r.Signed();
      if (!r.ok() || !r.done()) return Corrupt("snapshot end");
      end_ = end;
      return Status::OK();
    }
  }
  return Corrupt("unknown record type");
}

Status Loader::ApplyTable(std::string_view payload) {
  EDDY_ASSIGN_OR_RETURN(TableImage image, DecodeTableImage(payload));
  if (transform_) EDDY_RETURN_IF_ERROR(transform_(image));
  max_table_number_ = std::max(max_table_number_, image.number);
  streams_[image.number] = image.stream_view_type;
  if (Table* table = Find(image.number)) {
    MutexLock lock(&table->mu());
    return ApplyTableImage(*table, image);
  }
  const uint64_t number = image.number;
  if (renumber_) {
    image.number = ctx_.journal != nullptr ? ctx_.journal->NewTableNumber() : 0;
  }
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table, BuildTable(ctx_, image));
  tables_[number] = std::move(table);
  return Status::OK();
}

Status Loader::ApplyCommit(std::string_view payload) {
  ByteReader r(payload);
  std::vector<LoggedChange> changes;
  std::vector<uint64_t> numbers;  // each change's table number
  while (r.ok() && !r.done()) {
    const uint64_t number = r.Varint();
    const uint8_t kind = r.Byte();
    Table* table = Find(number);
    if (!r.ok()) break;
    if (table == nullptr) {
      return Corrupt("a change to table number " + std::to_string(number) +
                     ", which does not exist");
    }
    LoggedChange c;
    if (kind == 1) {
      std::string_view item = r.String();
      if (!r.ok()) break;
      ReaderMutexLock lock(&table->mu());
      EDDY_RETURN_IF_ERROR(DecodePut(*table, item, &c));
    } else if (kind == 2) {
      c.table = table;
      c.put = false;
      c.key.pk = std::string(r.String());
      c.key.sk = std::string(r.String());
      if (!r.ok()) break;
      if (c.key.pk.empty() || c.key.pk.size() > limits::kMaxPartitionKeyBytes ||
          c.key.sk.size() > limits::kMaxSortKeyBytes) {
        return Corrupt("a deleted key of table " + table->name());
      }
      c.key.hash = storage::HashPartitionKey(c.key.pk);
    } else {
      return Corrupt("change kind");
    }
    changes.push_back(std::move(c));
    numbers.push_back(number);
  }
  if (!r.ok()) return Corrupt("commit");
  const int64_t now = ctx_.options->clock->NowMicros();
  for (size_t i = 0; i < changes.size(); ++i) {
    LoggedChange& c = changes[i];
    {
      MutexLock lock(&c.table->mu());
      EDDY_RETURN_IF_ERROR(ApplyChange(*c.table, c, now));
    }
    if (observer_) observer_(numbers[i], c.key, clock_ms_);
  }
  return Status::OK();
}

Status Loader::ApplyItems(std::string_view payload) {
  ByteReader r(payload);
  const uint64_t number = r.Varint();
  const uint64_t count = r.Count(1);
  Table* table = Find(number);
  if (!r.ok()) return Corrupt("items");
  if (table == nullptr) return Corrupt("items of a table that does not exist");
  const int64_t now = ctx_.options->clock->NowMicros();
  MutexLock lock(&table->mu());
  if (auto it = expected_.find(number); it != expected_.end()) {
    table->mutable_state().store.Reserve(static_cast<size_t>(it->second));
    expected_.erase(it);
  }
  // A table without secondary indexes needs no Item: the checked payload
  // becomes the stored record as it is (the snapshot's item bytes are the
  // record encoding).
  const bool direct = table->state().indexes.empty();
  const std::string_view hash_key = table->hash_key().name;
  const std::string_view range_key = table->range_key_name();
  storage::PayloadFacts facts;
  for (uint64_t i = 0; i < count; ++i) {
    std::string_view item = r.String();
    if (!r.ok()) return Corrupt("items");
    if (direct) {
      EDDY_RETURN_IF_ERROR(
          ApplyPayload(*table, item, hash_key, range_key, facts, now));
    } else {
      LoggedChange c;
      EDDY_RETURN_IF_ERROR(DecodePut(*table, item, &c));
      EDDY_RETURN_IF_ERROR(ApplyChange(*table, c, now));
    }
    ++items_;
  }
  if (!r.done()) return Corrupt("items");
  return Status::OK();
}

Status Loader::Finish() {
  const int64_t now = ctx_.options->clock->NowMicros();
  for (const auto& [number, table] : tables_) {
    if (ctx_.catalog->Find(table->name()) != nullptr) {
      return Status::ResourceInUse("Table already exists: " + table->name());
    }
  }
  finished_ = true;
  for (auto& [number, table] : tables_) {
    std::string encoded;
    if (ctx_.journal != nullptr) {
      ReaderMutexLock lock(&table->mu());
      encoded = ctx_.journal->EncodeTable(*table);
    }
    Table* t = table.get();
    auto log = [&] {
      ctx_.journal->AppendTable(t->definition().journal_number,
                                std::move(encoded));
    };
    EDDY_RETURN_IF_ERROR(ctx_.catalog->Add(
        table, INT_MAX,
        ctx_.journal != nullptr ? std::function<void()>(log) : nullptr));
    if (const std::optional<StreamViewType>& view = streams_[number]) {
      MutexLock lock(&table->mu());
      EnableTableStream(ctx_, *table, *view, now);
    }
  }
  return Status::OK();
}

}  // namespace eddy::engine::persist
