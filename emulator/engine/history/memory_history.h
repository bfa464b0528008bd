// Copyright 2026 The eddy Authors.
//
// MemoryHistory: the point-in-time-recovery history of a Database without a
// data directory, kept in memory. It is that Database's Journal
// (table/journal.h), so every table reports its changes to it, but it keeps
// only the tables whose PITR is on:
//
//   - base: the table's image and items at one cut (counted references to
//     the stored records: nothing is copied while the table is live);
//   - log: after the cut, every settings image and every committed item
//     change, in commit order, each with its commit time on the Options
//     clock (a put holds a counted reference to the record it stored; a
//     delete, the key bytes).
//
// History starts when a table's image is encoded with PITR on and no
// history of that enabling (TableState::pitr_enabled_since_micros) exists:
// UpdateContinuousBackups logs the new setting (LogSettingsChange), and
// EncodeTable then copies the table as the base, cut now. It is forgotten
// when an image is encoded with PITR off (PITR turned off: turning it on
// again starts a new window), or the table is deleted (AppendDrop).
// A table deleted with PITR on leaves a SYSTEM backup of itself
// (history/backup_ops.h, KeepDeletedTableBackup); its history goes with it.
//
// Bounded: whenever a change is logged or a history replayed, the log's
// entries older than the start of the second of the earliest restorable
// time (PitrEarliestMicros: the last RecoveryPeriodInDays days, 35 by
// default, and never before PITR was turned on) are folded into the base,
// which moves its cut forward. Memory is the base's map (once folding has
// started: a node per item, sharing the records) plus the changes made
// within the window; a table that stays busy for its whole window holds
// that window's changes, as a data directory holds its log - up to
// Options::pitr_memory_history_bytes of them: past that cap the oldest
// changes are folded too, whole seconds at a time, and the first second
// still restorable becomes the table's floor (HistoryFloorMicros), which
// the earliest restorable time then never precedes (an approximation of
// DynamoDB, whose window is the recovery period whatever was written).
//
// ReplayTableHistory has DataDirectory::ReplayTableHistory's contract, so
// restores and past exports share one path (ReplayHistory below): the
// records fed to the Loader are the data directory's encodings (table
// images, item chunks, commit records naming the table by its number).
//
// Thread safety: thread-safe. mu_ is a leaf, taken under table and catalog
// locks as Journal's contract says; replays copy what they need under it
// and feed the loader after releasing it.

#ifndef EDDY_EMULATOR_ENGINE_HISTORY_MEMORY_HISTORY_H_
#define EDDY_EMULATOR_ENGINE_HISTORY_MEMORY_HISTORY_H_

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/journal.h"
#include "emulator/storage/record.h"

namespace eddy::engine {

namespace persist {
class Loader;
}

class MemoryHistory final : public Journal {
 public:
  // `options` (its clock) must outlive the object.
  explicit MemoryHistory(const Options* options) : options_(options) {}
  ~MemoryHistory() override = default;
  MemoryHistory(const MemoryHistory&) = delete;
  MemoryHistory& operator=(const MemoryHistory&) = delete;

  // Feeds `loader` the records that rebuild table `number` as it was at
  // `until_micros` on the Options clock (every change committed at or
  // before it): the base, then the log up to that time, with each change's
  // time passed to Loader::NoteClock first (the base's cut before it).
  // `start_micros` is accepted for DataDirectory's contract: the base is
  // always cut at or before the window's start, so every change after it
  // comes from the log. A time before the base's cut (before PITR was
  // turned on; callers check the window first) gets the table as the base
  // holds it. Changes older than the window are folded first.
  // Errors: InternalServerError when the table keeps no history (PITR off,
  // or a number this Database never gave), or the loader's error.
  // REQUIRES: no table lock held.
  Status ReplayTableHistory(uint64_t number, int64_t until_micros,
                            persist::Loader& loader,
                            std::optional<int64_t> start_micros = std::nullopt)
      ABSL_LOCKS_EXCLUDED(mu_);

  // The number of tables with a history, and of log entries they hold (for
  // tests of the bounds).
  size_t tables_kept() const ABSL_LOCKS_EXCLUDED(mu_);
  size_t entries_kept(uint64_t number) const ABSL_LOCKS_EXCLUDED(mu_);
  // The bytes of changes table `number`'s log holds (as the cap counts).
  int64_t bytes_kept(uint64_t number) const ABSL_LOCKS_EXCLUDED(mu_);

  // Journal.
  uint64_t NewTableNumber() override;
  std::string EncodeTable(const Table& table) override ABSL_LOCKS_EXCLUDED(mu_);
  void AppendTable(uint64_t number, std::string encoded) override
      ABSL_LOCKS_EXCLUDED(mu_);
  void AppendDrop(const Table& table) override ABSL_LOCKS_EXCLUDED(mu_);
  // Logs the change at once (the table's lock orders it). The first change
  // of a commit stamps `batch` with the commit's time, so all its changes
  // carry one time; AppendCommit then has nothing left to do.
  void AddChange(const Table& table, const storage::Record* new_record,
                 const storage::Record* old_record, std::string* batch) override
      ABSL_LOCKS_EXCLUDED(mu_);
  void AppendCommit(std::string /*batch*/) override {}
  void SuppressOnThisThread(bool on) override;
  int64_t HistoryFloorMicros(uint64_t number) const override
      ABSL_LOCKS_EXCLUDED(mu_);

 private:
  using Key = std::pair<std::string, std::string>;  // pk bytes, sk bytes
  struct Change {
    storage::RecordPtr record;  // a put: the record stored
    Key key;                    // a delete: the key removed
  };
  struct Entry {
    int64_t micros = 0;
    std::string image;  // a settings change (then no changes)
    std::vector<Change> changes;
  };
  struct History {
    int64_t since_micros = 0;  // TableState::pitr_enabled_since_micros
    int64_t period_days = 35;
    int64_t cut_micros = 0;  // the base's time
    std::string image;       // the base's image
    // The base's items: as copied (any order) until the first fold, then
    // by key.
    std::vector<storage::RecordPtr> copied;
    std::map<Key, storage::RecordPtr> items;
    std::deque<Entry> log;
    int64_t log_bytes = 0;  // EntryBytes of the log's entries
    // The start of the first second the byte cap left restorable (0: none).
    int64_t floor_micros = 0;
  };

  // Folds the entries of `h` older than its window into its base, then, while
  // its log holds more than Options::pitr_memory_history_bytes, the oldest
  // second of it (raising its floor).
  void FoldLocked(History& h, int64_t now_micros)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Folds the entries of `h` before `boundary` into its base.
  static void FoldBefore(History& h, int64_t boundary);
  // What the cap counts for one entry or change.
  static int64_t EntryBytes(const Entry& e);
  static int64_t ChangeBytes(const Change& c);

  const Options* const options_;
  std::atomic<uint64_t> next_table_number_{1};
  mutable Mutex mu_;
  std::map<uint64_t, History> histories_ ABSL_GUARDED_BY(mu_);
};

// Replays table `number`'s history from whichever keeps it for `ctx`: the
// data directory (ctx.journal is a persist::DataDirectory) or the
// in-memory history (a MemoryHistory). The contract is
// MemoryHistory::ReplayTableHistory's (and the data directory's).
// Errors: InternalServerError when ctx has no journal, or the replay's.
Status ReplayHistory(const Context& ctx, uint64_t number, int64_t until_micros,
                     persist::Loader& loader,
                     std::optional<int64_t> start_micros = std::nullopt);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_HISTORY_MEMORY_HISTORY_H_
