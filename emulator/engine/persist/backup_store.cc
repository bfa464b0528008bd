// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/backup_store.h"

#include <algorithm>
#include <set>

#include "emulator/engine/persist/codec.h"
#include "emulator/engine/persist/files.h"

namespace eddy::engine::persist {
namespace {

// Version 2 adds the backup type and expiry time (SYSTEM backups).
constexpr uint8_t kMetaVersion = 2;
constexpr std::string_view kMetaSuffix = ".backup";
constexpr std::string_view kSnapshotSuffix = ".eddysnap";

std::string EncodeMeta(const StoredBackup& b) {
  std::string out;
  ByteWriter w(&out);
  w.Byte(kMetaVersion);
  w.String(b.details.backup_arn);
  w.String(b.details.backup_name);
  w.Double(b.details.backup_creation_date_time);
  w.Signed(b.details.backup_size_bytes.value_or(0));
  w.Signed(b.item_count);
  w.String(b.image);
  w.Byte(b.details.backup_type == BackupType::kSystem ? 1 : 0);
  w.Byte(b.details.backup_expiry_date_time ? 1 : 0);
  if (b.details.backup_expiry_date_time) {
    w.Double(*b.details.backup_expiry_date_time);
  }
  return out;
}

std::optional<StoredBackup> DecodeMeta(std::string_view bytes) {
  ByteReader r(bytes);
  StoredBackup b;
  const uint8_t version = r.Byte();
  if (version != 1 && version != kMetaVersion) return std::nullopt;
  b.details.backup_arn = std::string(r.String());
  b.details.backup_name = std::string(r.String());
  b.details.backup_creation_date_time = r.Double();
  b.details.backup_size_bytes = r.Signed();
  b.item_count = r.Signed();
  b.image = std::string(r.String());
  if (version >= 2) {
    const uint8_t type = r.Byte();
    if (type > 1) return std::nullopt;
    b.details.backup_type = type == 1 ? BackupType::kSystem : BackupType::kUser;
    if (r.Byte() != 0) b.details.backup_expiry_date_time = r.Double();
  }
  if (!r.ok() || !r.done()) return std::nullopt;
  return b;
}

}  // namespace

StatusOr<std::unique_ptr<BackupStore>> BackupStore::Open(
    const std::string& dir) {
  std::unique_ptr<BackupStore> store(new BackupStore(dir));
  if (dir.empty()) return store;
  EDDY_RETURN_IF_ERROR(CreateDirectories(dir));
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> names, ListDirectory(dir));
  const std::set<std::string> present(names.begin(), names.end());
  std::vector<StoredBackup> found;
  for (const std::string& name : names) {
    if (!name.ends_with(kMetaSuffix)) continue;
    const std::string id = name.substr(0, name.size() - kMetaSuffix.size());
    StatusOr<std::string> meta = ReadWholeFile(dir + "/" + name);
    if (!meta.ok()) continue;
    std::optional<StoredBackup> b = DecodeMeta(*meta);
    if (!b || !b->details.backup_arn.ends_with("/backup/" + id)) continue;
    if (!present.contains(id + std::string(kSnapshotSuffix))) continue;
    found.push_back(*std::move(b));
  }
  std::sort(found.begin(), found.end(),
            [](const StoredBackup& a, const StoredBackup& b) {
              return a.details.backup_creation_date_time !=
                             b.details.backup_creation_date_time
                         ? a.details.backup_creation_date_time <
                               b.details.backup_creation_date_time
                         : a.details.backup_arn < b.details.backup_arn;
            });
  MutexLock lock(&store->mu_);
  store->backups_ = std::move(found);
  return store;
}

std::string BackupStore::PathOf(const std::string& arn,
                                std::string_view suffix) const {
  const size_t at = arn.rfind('/');
  return dir_ + "/" + arn.substr(at + 1) + std::string(suffix);
}

Status BackupStore::Add(StoredBackup backup, TableCopy copy) {
  const uint64_t number = copy.number;
  std::vector<TableCopy> tables;
  tables.push_back(std::move(copy));
  if (dir_.empty()) {
    backup.copy =
        std::make_shared<const std::vector<TableCopy>>(std::move(tables));
  } else {
    const std::string& arn = backup.details.backup_arn;
    EDDY_RETURN_IF_ERROR(WriteSnapshot(PathOf(arn, kSnapshotSuffix), tables,
                                       /*next_segment=*/0,
                                       /*next_table_number=*/number + 1));
    if (Status s =
            WriteFileAtomically(PathOf(arn, kMetaSuffix), EncodeMeta(backup));
        !s.ok()) {
      (void)RemoveFile(PathOf(arn, kSnapshotSuffix));
      return s;
    }
  }
  MutexLock lock(&mu_);
  backups_.push_back(std::move(backup));
  return Status::OK();
}

std::optional<StoredBackup> BackupStore::Find(const std::string& arn) const {
  MutexLock lock(&mu_);
  for (const StoredBackup& b : backups_) {
    if (b.details.backup_arn == arn) return b;
  }
  return std::nullopt;
}

std::vector<StoredBackup> BackupStore::All() const {
  MutexLock lock(&mu_);
  return backups_;
}

bool BackupStore::Remove(const std::string& arn) {
  {
    MutexLock lock(&mu_);
    auto it = std::find_if(
        backups_.begin(), backups_.end(),
        [&](const StoredBackup& b) { return b.details.backup_arn == arn; });
    if (it == backups_.end()) return false;
    backups_.erase(it);
  }
  if (!dir_.empty()) {
    // The description first: a backup without it is not read back.
    (void)RemoveFile(PathOf(arn, kMetaSuffix));
    (void)RemoveFile(PathOf(arn, kSnapshotSuffix));
    (void)SyncDirectory(dir_);
  }
  return true;
}

void BackupStore::RemoveExpired(double now_seconds) {
  std::vector<std::string> expired;
  {
    MutexLock lock(&mu_);
    for (const StoredBackup& b : backups_) {
      const std::optional<double>& expiry = b.details.backup_expiry_date_time;
      if (expiry && *expiry <= now_seconds) {
        expired.push_back(b.details.backup_arn);
      }
    }
  }
  for (const std::string& arn : expired) (void)Remove(arn);
}

Status BackupStore::Feed(const StoredBackup& backup, Loader& loader) const {
  if (backup.copy != nullptr) {
    const std::vector<TableCopy>& c = *backup.copy;
    return ForEachSnapshotRecord(
        c, /*next_segment=*/0, c.empty() ? 1 : c[0].number + 1,
        /*cut_micros=*/0, [&](RecordType type, std::string_view payload) {
          return loader.Apply(type, payload);
        });
  }
  return ReadSnapshot(PathOf(backup.details.backup_arn, kSnapshotSuffix),
                      loader);
}

}  // namespace eddy::engine::persist
