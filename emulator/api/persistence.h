// Copyright 2026 The eddy Authors.
//
// Durable data: the settings of a Database's data directory and what
// recovery found when it opened one. The on-disk format, the recovery rules
// and the guarantees are in docs/persistence.md.
//
//   eddy::Options options;
//   options.persistence.data_dir = "/var/lib/eddy";
//   options.persistence.sync = eddy::SyncPolicy::kAlways;   // the default
//   eddy::StatusOr<std::unique_ptr<eddy::Database>> db =
//       eddy::Database::Open(options);
//
// Fixtures without a data directory: Database::SaveSnapshot and
// Database::LoadSnapshot (database.h).

#ifndef EDDY_EMULATOR_API_PERSISTENCE_H_
#define EDDY_EMULATOR_API_PERSISTENCE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace eddy {

// When an acknowledged write is on disk.
enum class SyncPolicy {
  // Every write is written and fsynced before its call returns. Writers
  // that run at the same time share one fsync (group commit). Nothing
  // acknowledged is lost, even by a power failure. The default: a local
  // development database should never lose data it confirmed.
  kAlways,
  // Writes return at once; a background thread writes and fsyncs what
  // accumulated every `sync_window_micros`. A crash loses at most the
  // writes of the last window. (Creating, changing or deleting a table is
  // always synced before the call returns.)
  kBatch,
  // Like kBatch without fsync: the operating system decides when data
  // reaches the disk. Survives the process being killed, not a power
  // failure.
  kNone,
};

struct PersistenceOptions {
  // The data directory; created if missing. Empty (the default): the
  // Database keeps everything in memory.
  std::string data_dir;
  SyncPolicy sync = SyncPolicy::kAlways;
  // kBatch and kNone: how often buffered changes go to the disk.
  int64_t sync_window_micros = 100'000;
  // A snapshot is taken (and the log before it dropped) once the log has
  // grown by this many bytes since the last one. 0: only when
  // Database::Checkpoint is called.
  int64_t snapshot_log_bytes = 64LL << 20;
};

// What opening a data directory found. Damage never stops the Database
// from opening: it opens with everything before the damage, and says so
// here (eddy-server prints it).
struct RecoveryReport {
  // The snapshot loaded ("" when none), and the tables and items it held.
  std::string snapshot;
  int64_t snapshot_tables = 0;
  int64_t snapshot_items = 0;
  // Log records replayed after it.
  int64_t log_records = 0;
  // The end of the log was cut short (a crash during a write): the
  // unfinished record was dropped. Normal after a crash; not damage.
  bool torn_tail = false;
  // Damage found (a checksum that does not match, a snapshot that cannot
  // be read), each a sentence naming the file and offset, and where the
  // damaged file was moved. Empty when none.
  std::vector<std::string> damage;
  // Microseconds recovery took.
  int64_t micros = 0;
};

// Whether a file that begins with `file_start` (its first 8 bytes or more)
// is an eddy snapshot: SaveSnapshot's files and a data directory's
// snapshot-*.eddysnap start with the same magic (docs/persistence.md).
// For tools that accept several kinds of file; reading the whole file is
// still Database::LoadSnapshot's, which checks everything.
bool LooksLikeSnapshot(std::string_view file_start);

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_PERSISTENCE_H_
