// Copyright 2026 The eddy Authors.
//
// DataDirectory: a Database's data on disk (docs/persistence.md). It is the
// engine's Journal (table/journal.h): every logged change is framed into an
// in-memory buffer, and the buffer goes to the current log segment
//
//   - kAlways: before the operation that appended it returns
//     (WaitDurable). Threads waiting at the same time share one write and
//     one fdatasync: the first becomes the leader and syncs everything
//     buffered so far; the others wait for it (group commit).
//   - kBatch / kNone: every sync_window_micros, from a background thread
//     (with fdatasync for kBatch), or at once when the buffer passes 16 MB.
//   - whatever the policy, a table's creation, settings change or deletion
//     is synced before its call returns (they are rare, and a table that
//     vanishes after CreateTable said yes would surprise anyone).
//
// The directory holds:
//   LOCK                      flock'ed while a Database has it open
//   log-NNNNNNNN.eddylog      log segments, replayed in number order
//   snapshot-NNNNNNNN.eddysnap  everything logged in segments < NNNNNNNN
//
// Checkpoint() cuts the log at a point in commit order (every table locked
// shared, the buffer flushed, a new segment started), writes a snapshot of
// that cut, and then removes what the previous snapshot made redundant:
// the last two snapshots and the segments after the older one are kept, so
// a damaged newest snapshot still leaves a way back. The background thread
// checkpoints when the log has grown by snapshot_log_bytes.
//
// Recovery (Open): the newest snapshot that reads whole (else the one
// before), then every later segment, record by record, through the Loader.
// A torn record at the end of the last segment is a crash's normal trace:
// it is cut off. A checksum mismatch or a record that does not apply is
// damage: replay stops there, the damaged segment is copied aside
// (<name>.damaged) and cut to its good part, later segments are moved aside
// too, and the RecoveryReport says so. New writes go to a new segment.
//
// Failures: once a write or sync fails (a full disk, a removed directory),
// the error is returned to the operations waiting on it and to every later
// write (the facade checks status() first); reads go on. Reopening the
// Database recovers what reached the disk.
//
// Point-in-time recovery: before each logged record whose millisecond on
// the Options clock is later than the last one logged, a kClock record
// says when; snapshots record the time of their cut. While a table has
// PITR on, Checkpoint keeps the newest snapshot cut at or before the
// earliest restorable time and everything after it (so with the default
// 35-day window the log is kept for 35 days). ReplayTableHistory rebuilds
// a table at a time from them.
//
// Thread safety: thread-safe. mu_ is a leaf under table and catalog locks
// (Journal's contract); Checkpoint takes table locks first, then mu_.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_DATA_DIRECTORY_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_DATA_DIRECTORY_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "emulator/api/persistence.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/persist/files.h"
#include "emulator/engine/persist/format.h"
#include "emulator/engine/table/journal.h"

namespace eddy::engine::persist {

class Loader;

class DataDirectory final : public Journal {
 public:
  // Opens `options.data_dir` (creating it), locks it, recovers its tables
  // into `ctx.catalog` (which must be empty) and starts logging. `ctx` must
  // outlive the object; its journal member is ignored.
  // Errors: InternalServerError when the directory cannot be created,
  // read or locked ("... is in use by another eddy process"). Damage in
  // the files is not an error (see RecoveryReport).
  static StatusOr<std::unique_ptr<DataDirectory>> Open(
      const PersistenceOptions& options, Context ctx);
  // Stops the background thread, writes and syncs what is buffered, and
  // releases the directory.
  ~DataDirectory() override;

  const RecoveryReport& report() const { return report_; }

  // Waits until everything this thread appended is as durable as the sync
  // policy promises. Returns the write failure, if any.
  Status WaitDurable() ABSL_LOCKS_EXCLUDED(mu_);
  // OK, or the failure that stopped writes.
  Status status() const ABSL_LOCKS_EXCLUDED(mu_);
  // Takes a snapshot now (see above). REQUIRES: no table lock held.
  Status Checkpoint() ABSL_LOCKS_EXCLUDED(mu_);

  // Point-in-time restore: feeds `loader` the records that
  // rebuild table `number` as it was at `until_micros` on the Options
  // clock (everything committed in the millisecond of `until_micros` or
  // before): its image and items from the newest snapshot cut at or before
  // then, and its images and changes from the log after that snapshot up
  // to the first clock record past `until_micros`. Changes of other tables
  // (in a transaction's record) are left out. Each clock record read is
  // passed to Loader::NoteClock (the snapshot's cut first), so a change
  // observer learns when each change was made. With `start_micros` the
  // snapshot is the newest cut at or before that time instead (earlier
  // than `until_micros`), so the observer sees every change after
  // `start_micros` come from the log, none hidden in the snapshot (an
  // incremental export's period). The caller Finishes the loader.
  // Errors: InternalServerError when the files needed are gone (the
  // Checkpoint keeps them for the PITR window) or cannot be read.
  // REQUIRES: no table lock held; start_micros <= until_micros.
  Status ReplayTableHistory(uint64_t number, int64_t until_micros,
                            Loader& loader,
                            std::optional<int64_t> start_micros = std::nullopt)
      ABSL_LOCKS_EXCLUDED(mu_);

  // Journal.
  uint64_t NewTableNumber() override;
  std::string EncodeTable(const Table& table) override;
  void AppendTable(uint64_t number, std::string encoded) override;
  void AppendDrop(const Table& table) override;
  void AddChange(const Table& table, const storage::Record* new_record,
                 const storage::Record* old_record,
                 std::string* batch) override;
  void AppendCommit(std::string batch) override;
  void SuppressOnThisThread(bool on) override;

 private:
  DataDirectory(const PersistenceOptions& options, Context ctx);
  Status Recover();
  // Frames a record into the buffer. REQUIRES: mu_.
  void AppendLocked(RecordType type, std::string_view payload)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void Append(RecordType type, std::string_view payload)
      ABSL_LOCKS_EXCLUDED(mu_);
  // Writes the buffer to the segment (and syncs when `sync`), releasing mu_
  // while the disk works; one flush at a time.
  Status FlushLocked(bool sync) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Starts segment `number` (the file with its header, synced).
  Status StartSegmentLocked(uint64_t number) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void BackgroundLoop();
  std::string SegmentPath(uint64_t n) const;
  std::string SnapshotPath(uint64_t n) const;

  const PersistenceOptions options_;
  const std::string dir_;
  Context ctx_;
  std::optional<DirectoryLock> lock_;
  RecoveryReport report_;

  mutable Mutex mu_;
  CondVar flushed_;  // signalled when a flush ends
  std::string buffer_ ABSL_GUARDED_BY(mu_);
  uint64_t appended_ ABSL_GUARDED_BY(mu_) = 0;  // records appended
  uint64_t durable_ ABSL_GUARDED_BY(mu_) = 0;   // records flushed
  bool flushing_ ABSL_GUARDED_BY(mu_) = false;
  Status failure_ ABSL_GUARDED_BY(mu_);
  File segment_ ABSL_GUARDED_BY(mu_);
  uint64_t segment_number_ ABSL_GUARDED_BY(mu_) = 0;
  int64_t log_bytes_ ABSL_GUARDED_BY(mu_) = 0;      // since the last snapshot
  std::set<uint64_t> live_ ABSL_GUARDED_BY(mu_);    // table numbers
  int64_t last_clock_ms_ ABSL_GUARDED_BY(mu_) = 0;  // last kClock written
  bool replaying_ ABSL_GUARDED_BY(mu_) = false;
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  CondVar wake_;  // wakes the background thread

  std::atomic<uint64_t> next_table_number_{1};
  Mutex checkpoint_mu_;  // one checkpoint at a time
  uint64_t previous_snapshot_ ABSL_GUARDED_BY(checkpoint_mu_) = 0;
  uint64_t last_snapshot_ ABSL_GUARDED_BY(checkpoint_mu_) = 0;
  // The cut time of each snapshot whose time is known (snapshot number ->
  // micros on the Options clock; format 1 snapshots have none).
  std::map<uint64_t, int64_t> snapshot_cuts_ ABSL_GUARDED_BY(checkpoint_mu_);
  std::thread background_;
};

// For the Database's writes, where `dir` is null when durability is off.
// A write is refused while the data directory cannot be written.
inline Status WriteGate(const DataDirectory* dir) {
  return dir == nullptr ? Status::OK() : dir->status();
}

// A write's result, once what it logged is as durable as the sync policy
// promises; the write failure otherwise.
template <typename T>
StatusOr<T> Durable(DataDirectory* dir, StatusOr<T> result) {
  if (dir != nullptr) EDDY_RETURN_IF_ERROR(dir->WaitDurable());
  return result;
}

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_DATA_DIRECTORY_H_
