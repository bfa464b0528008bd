// Copyright 2026 The eddy Authors.
//
// Journal: where the engine reports every change a data directory must keep
// (engine/persist/ implements it; docs/persistence.md has the format). The
// table code calls it at the points that fix the order of changes:
//
// - CreateTable encodes the new table (EncodeTable, under the new table's
//   lock) and appends it (AppendTable) under the catalog's lock as the table
//   is published, so no write to the table can be logged before it;
// - a settings change (UpdateTable, UpdateTimeToLive, tags, ...) calls
//   LogTable under the table's exclusive lock;
// - DeleteTable marks the table dropped and calls AppendDrop under its
//   exclusive lock; writes still in flight on the dropped table are not
//   logged (their table is gone);
// - every committed item change is added to its commit's batch (AddChange,
//   under the table's exclusive lock) and the batch appended as one record
//   when the commit publishes (AppendCommit), so a transaction is one record.
//
// Appending only buffers: it never blocks on the disk and never fails. The
// Database facade waits, after an operation, until what the calling thread
// appended is as durable as the sync policy promises (persist/journal_file.h).
//
// Thread safety: implementations are internally synchronized; every method
// may be called concurrently from the writing threads. Their mutex is a
// leaf (taken under table locks and the catalog's; nothing is locked under
// it).

#ifndef EDDY_EMULATOR_ENGINE_TABLE_JOURNAL_H_
#define EDDY_EMULATOR_ENGINE_TABLE_JOURNAL_H_

#include <cstdint>
#include <string>

#include "emulator/storage/record.h"

namespace eddy::engine {

class Table;

class Journal {
 public:
  virtual ~Journal() = default;

  // A number for a new table, unique within the data directory: what log
  // records name the table by (TableDefinition::journal_number).
  virtual uint64_t NewTableNumber() = 0;

  // The table's definition and settings (not its items), encoded.
  // REQUIRES: the table's lock held, shared at least.
  virtual std::string EncodeTable(const Table& table) = 0;
  // Logs an encoded table (the one numbered `number`): a new one, or new
  // settings of an existing one.
  virtual void AppendTable(uint64_t number, std::string encoded) = 0;
  // Logs the table's deletion. REQUIRES: the table's lock held exclusively.
  virtual void AppendDrop(const Table& table) = 0;

  // Adds one committed change of an item of `table` to `batch`: the new
  // record, or (new_record null) the deletion of `old_record`'s key.
  // REQUIRES: the table's lock held exclusively; one of the two non-null.
  virtual void AddChange(const Table& table, const storage::Record* new_record,
                         const storage::Record* old_record,
                         std::string* batch) = 0;
  // Logs a commit's batch as one record (nothing when it is empty).
  virtual void AppendCommit(std::string batch) = 0;

  // While on, this thread's appends are dropped: what a loader writes
  // (persist/loader.h) is already on disk.
  virtual void SuppressOnThisThread(bool on) = 0;

  // The earliest time (Options clock, micros) table `number` can still be
  // rebuilt at when a bound other than its PITR window has moved it (the
  // in-memory history's byte cap, Options::pitr_memory_history_bytes); 0:
  // only the window bounds it. Folded into the earliest restorable time.
  virtual int64_t HistoryFloorMicros(uint64_t number) const {
    (void)number;
    return 0;
  }
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_JOURNAL_H_
