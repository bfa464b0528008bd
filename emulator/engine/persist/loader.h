// Copyright 2026 The eddy Authors.
//
// Loader: rebuilds tables from the records of a snapshot and of the log
// (format.h), in file order, and publishes them in the catalog when done.
// Items go in through the write funnel (table/write.h: PlanWrite, Commit),
// so indexes, item-collection sizes and sequence numbers come out as the
// original writes left them; nothing is charged, throttled or streamed.
//
//   Loader loader(ctx);
//   while (reader.Next(&type, &payload) == kRecord)
//     EDDY_RETURN_IF_ERROR(loader.Apply(type, payload));
//   EDDY_RETURN_IF_ERROR(loader.Finish());
//
// A record is applied whole or not at all: a commit's changes are all
// decoded and checked before the first is applied.
//
// Thread safety: one thread; the tables are private until Finish.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_LOADER_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_LOADER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/persist/format.h"
#include "emulator/engine/table/keys.h"

namespace eddy::engine::persist {

struct TableImage;

class Loader {
 public:
  // `ctx.journal` is what the tables will log to after Finish (null for a
  // Database without a data directory).
  // `renumber`: the tables get new numbers from ctx.journal (loading a
  // snapshot file into a Database that has tables of its own) instead of
  // the ones the records carry.
  explicit Loader(Context ctx, bool renumber = false)
      : ctx_(ctx), renumber_(renumber) {}
  // A loader dropped before Finish unregisters the tables it built.
  ~Loader();
  Loader(const Loader&) = delete;
  Loader& operator=(const Loader&) = delete;

  // Applies one record. Errors: InternalServerError naming what is wrong
  // with a record that passed its checksum (an image or item that does not
  // decode, a change to a table that does not exist). Nothing of the
  // record is applied then.
  Status Apply(RecordType type, std::string_view payload);

  // Publishes the live tables in the catalog and enables their streams.
  // Errors: ResourceInUseException when the catalog has a table of the
  // same name already (LoadSnapshot into a Database that has it).
  Status Finish();

  // The kEnd record of a snapshot, once applied.
  struct End {
    uint64_t next_segment = 0;
    uint64_t tables = 0;
    uint64_t items = 0;
    uint64_t next_table_number = 0;
    int64_t cut_micros = 0;  // 0 in format 1 snapshots
  };
  const std::optional<End>& end() const { return end_; }

  // Called on every table image before it is applied (a restore renames
  // the table and applies its overrides); an error stops the record.
  void set_table_transform(std::function<Status(TableImage&)> transform) {
    transform_ = std::move(transform);
  }

  // Called after each logged change a commit record applies, with the
  // number its records use for the table, the key, and the time of the
  // last clock record noted (NoteClock; ms on the Options clock): how an
  // incremental export learns which items changed when. Not for snapshot
  // items.
  using ChangeObserver = std::function<void(
      uint64_t table_number, const StorageKey& key, int64_t clock_ms)>;
  void set_change_observer(ChangeObserver observer) {
    observer_ = std::move(observer);
  }
  // The time of the records that follow (a log's clock record).
  void NoteClock(int64_t clock_ms) { clock_ms_ = clock_ms; }

  // The tables built so far, by the number their records use (not yet in
  // the catalog; a loader dropped unfinished unregisters them).
  const std::map<uint64_t, std::shared_ptr<Table>>& tables() const {
    return tables_;
  }

  // A hint: table `number` (as the records number it) is to receive about
  // `items` snapshot items, so its point index is sized for them before its
  // first chunk (TableStore::Reserve). The caller bounds it.
  void ExpectItems(uint64_t number, uint64_t items) {
    expected_[number] += items;
  }

  uint64_t max_table_number() const { return max_table_number_; }
  int64_t items_loaded() const { return items_; }
  size_t live_tables() const { return tables_.size(); }

 private:
  Status ApplyTable(std::string_view payload);
  Status ApplyCommit(std::string_view payload);
  Status ApplyItems(std::string_view payload);
  Table* Find(uint64_t number);

  Context ctx_;
  const bool renumber_;
  // By the number the records use.
  std::map<uint64_t, std::shared_ptr<Table>> tables_;
  // The stream view type each table's latest image has enabled.
  std::map<uint64_t, std::optional<StreamViewType>> streams_;
  uint64_t max_table_number_ = 0;
  ChangeObserver observer_;
  int64_t clock_ms_ = 0;
  int64_t items_ = 0;
  std::optional<End> end_;
  std::map<uint64_t, uint64_t> expected_;  // ExpectItems, until applied
  std::function<Status(TableImage&)> transform_;
  bool finished_ = false;
};

// One change, decoded and checked, as a commit or item chunk carries it.
struct LoggedChange {
  Table* table = nullptr;
  bool put = true;
  Item item;       // put
  StorageKey key;  // put and delete
};

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_LOADER_H_
