// Copyright 2026 The eddy Authors.
//
// BackupStore: a Database's on-demand backups (CreateBackup and friends).
// A backup is a one-table snapshot (snapshot.h): the table's image and its
// items at one point in commit order.
//
//   - Without a data directory the store keeps each backup in memory as a
//     TableCopy: counted references to the table's stored records, which
//     are immutable, so a backup costs a pointer per item, not a copy.
//   - With one, each backup is two files under DIR/backups/:
//       <backup id>.eddysnap  the snapshot (snapshot.h format)
//       <backup id>.backup    what DescribeBackup reports: a version byte
//                             (2), ARN, name, creation time (f64 seconds),
//                             size bytes and item count (zig-zag varints),
//                             the source table's image (string), the
//                             backup type (u8: 0 USER, 1 SYSTEM) and the
//                             expiry time (u8 present flag, f64 seconds);
//                             version 1 ends after the image (a USER
//                             backup)
//     both written atomically (snapshot first); Open reads every .backup
//     whose snapshot exists, so backups survive a restart. A backup whose
//     files cannot be read is left out (and left on disk).
//
// Thread safety: thread-safe; mu_ is a leaf (never held while a table lock
// is taken; files are written and read outside it).

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_BACKUP_STORE_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_BACKUP_STORE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "emulator/api/backups.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/persist/snapshot.h"

namespace eddy::engine::persist {

struct StoredBackup {
  BackupDetails details;
  std::string image;  // the source table's image (table_image.h)
  int64_t item_count = 0;
  // In memory only: the table's copy, alone in the vector (null for a
  // backup on disk).
  std::shared_ptr<const std::vector<TableCopy>> copy;
};

class BackupStore {
 public:
  // `dir` empty: in memory. Otherwise the directory is created and its
  // backups read. Errors: InternalServerError when it cannot be created or
  // listed.
  static StatusOr<std::unique_ptr<BackupStore>> Open(const std::string& dir);

  // Keeps `backup` (whose details.backup_arn ends in "/backup/<id>") with
  // the items of `copy`. Errors: InternalServerError when its files cannot
  // be written (nothing is kept then).
  Status Add(StoredBackup backup, TableCopy copy) ABSL_LOCKS_EXCLUDED(mu_);
  std::optional<StoredBackup> Find(const std::string& arn) const
      ABSL_LOCKS_EXCLUDED(mu_);
  // Every backup, oldest first.
  std::vector<StoredBackup> All() const ABSL_LOCKS_EXCLUDED(mu_);
  // Forgets the backup and removes its files; false when there is none.
  bool Remove(const std::string& arn) ABSL_LOCKS_EXCLUDED(mu_);
  // Removes (as Remove) every backup whose expiry time (SYSTEM backups'
  // BackupExpiryDateTime) is at or before `now_seconds`.
  void RemoveExpired(double now_seconds) ABSL_LOCKS_EXCLUDED(mu_);
  // Feeds the backup's records (its image, its items, the end) to
  // `loader`; the caller Finishes it. Errors: InternalServerError when the
  // snapshot cannot be read or is damaged.
  Status Feed(const StoredBackup& backup, Loader& loader) const;

 private:
  explicit BackupStore(std::string dir) : dir_(std::move(dir)) {}
  std::string PathOf(const std::string& arn, std::string_view suffix) const;

  const std::string dir_;
  mutable Mutex mu_;
  std::vector<StoredBackup> backups_ ABSL_GUARDED_BY(mu_);  // oldest first
};

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_BACKUP_STORE_H_
