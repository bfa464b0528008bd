// Copyright 2026 The eddy Authors.
//
// Snapshots: every table's image and items at one point in commit order,
// in one file (format.h framing, docs/persistence.md layout):
//
//   header("EDDYSNP\x01")
//   for each table: kTable(image) kItems(chunk)...
//   kEnd(next_segment, tables, items, next_table_number[, cut_micros])
//
// A snapshot counts only when it ends with kEnd and its totals match.
//
//   std::vector<TableCopy> copy = CopyTables(tables);   // under the locks
//   ... unlock ...
//   EDDY_RETURN_IF_ERROR(WriteSnapshot(path, copy, next_segment, next));
//
// Thread safety: CopyTables requires the tables locked; the rest works on
// private data.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_SNAPSHOT_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_SNAPSHOT_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine::persist {

// One table as a snapshot holds it: its image, and counted references to
// its stored records (no item is copied or decoded while the table is
// locked).
struct TableCopy {
  uint64_t number = 0;
  std::string image;
  std::vector<storage::RecordPtr> items;
};

// REQUIRES: `table` locked, shared at least. `number` is what the copy
// names the table by (its journal number in a data directory).
TableCopy CopyTable(const Table& table, uint64_t number)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// Locks tables shared for its scope, in the order given (name order, the
// engine's rule for holding several).
class SharedTableLocks {
 public:
  explicit SharedTableLocks(const std::vector<std::shared_ptr<Table>>& tables)
      ABSL_NO_THREAD_SAFETY_ANALYSIS;
  ~SharedTableLocks() ABSL_NO_THREAD_SAFETY_ANALYSIS;
  SharedTableLocks(const SharedTableLocks&) = delete;
  SharedTableLocks& operator=(const SharedTableLocks&) = delete;

 private:
  const std::vector<std::shared_ptr<Table>>& tables_;
};

// Copies of `tables` (in name order, unlocked) at one point in commit
// order: all are locked shared together while their records are
// referenced. Numbered 1, 2, ... in order.
std::vector<TableCopy> CopyTables(
    const std::vector<std::shared_ptr<Table>>& tables);

// Writes the snapshot to `path` atomically (a temporary file, fsync,
// rename, directory fsync). `cut_micros`: the time on the Options clock of
// the cut (0: none; point-in-time restore picks snapshots by it).
// Errors: InternalServerError naming the file and the system's reason;
// `path` is then untouched.
Status WriteSnapshot(const std::string& path,
                     const std::vector<TableCopy>& tables,
                     uint64_t next_segment, uint64_t next_table_number,
                     int64_t cut_micros = 0);

// The records a snapshot of `tables` consists of, in file order, each
// passed to `sink` (which may stop the walk by returning an error, which is
// returned). WriteSnapshot frames them into a file; a backup held in memory
// feeds them to a Loader.
Status ForEachSnapshotRecord(
    const std::vector<TableCopy>& tables, uint64_t next_segment,
    uint64_t next_table_number, int64_t cut_micros,
    const std::function<Status(RecordType, std::string_view)>& sink);

// Feeds a snapshot file's records to `loader` (the caller Finishes it).
// Errors: InternalServerError when the file cannot be read, is not a
// snapshot, is damaged or incomplete (nothing usable then: the caller
// discards the loader).
Status ReadSnapshot(const std::string& path, Loader& loader);

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_SNAPSHOT_H_
