// Copyright 2026 The eddy Authors.

#include "emulator/engine/persist/data_directory.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <climits>
#include <cstdio>

#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/persist/codec.h"
#include "emulator/engine/persist/format.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/persist/snapshot.h"
#include "emulator/engine/persist/table_image.h"

namespace eddy::engine::persist {
namespace {

// What the calling thread appended last, and whether its appends are
// suppressed (a loader at work).
struct ThreadState {
  const DataDirectory* pending_dir = nullptr;
  uint64_t pending_record = 0;
  // A table was created, changed or deleted: synced whatever the policy.
  bool pending_table_change = false;
  const DataDirectory* suppressed_dir = nullptr;
};
thread_local ThreadState tls;

// kBatch / kNone: a writer flushes itself once this much is buffered.
constexpr size_t kMaxBufferedBytes = 16 << 20;

// "log-00000012.eddylog" -> 12 (0 when the name is not one of ours).
uint64_t NumberIn(const std::string& name, std::string_view prefix,
                  std::string_view suffix) {
  if (name.size() != prefix.size() + 8 + suffix.size() ||
      name.compare(0, prefix.size(), prefix) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return 0;
  }
  uint64_t n = 0;
  for (size_t i = prefix.size(); i < prefix.size() + 8; ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    n = n * 10 + static_cast<uint64_t>(name[i] - '0');
  }
  return n;
}

std::string Numbered(std::string_view prefix, uint64_t n,
                     std::string_view suffix) {
  char digits[24];
  std::snprintf(digits, sizeof(digits), "%08" PRIu64, n);
  return std::string(prefix) + digits + std::string(suffix);
}

int64_t NowMicros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

DataDirectory::DataDirectory(const PersistenceOptions& options, Context ctx)
    : options_(options), dir_(options.data_dir), ctx_(ctx) {
  ctx_.journal = this;
}

std::string DataDirectory::SegmentPath(uint64_t n) const {
  return dir_ + "/" + Numbered("log-", n, ".eddylog");
}

std::string DataDirectory::SnapshotPath(uint64_t n) const {
  return dir_ + "/" + Numbered("snapshot-", n, ".eddysnap");
}

StatusOr<std::unique_ptr<DataDirectory>> DataDirectory::Open(
    const PersistenceOptions& options, Context ctx) {
  std::unique_ptr<DataDirectory> d(new DataDirectory(options, ctx));
  EDDY_RETURN_IF_ERROR(d->Recover());
  d->background_ = std::thread(&DataDirectory::BackgroundLoop, d.get());
  return d;
}

DataDirectory::~DataDirectory() {
  {
    MutexLock lock(&mu_);
    stopping_ = true;
  }
  wake_.SignalAll();
  if (background_.joinable()) background_.join();
  MutexLock lock(&mu_);
  if (segment_.is_open()) (void)FlushLocked(/*sync=*/true);
}

Status DataDirectory::Recover() {
  const int64_t start = NowMicros();
  EDDY_RETURN_IF_ERROR(CreateDirectories(dir_));
  EDDY_ASSIGN_OR_RETURN(DirectoryLock lock, DirectoryLock::Acquire(dir_));
  lock_.emplace(std::move(lock));
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> names, ListDirectory(dir_));
  std::vector<uint64_t> snapshots, segments;
  for (const std::string& name : names) {
    if (uint64_t n = NumberIn(name, "snapshot-", ".eddysnap")) {
      snapshots.push_back(n);
    } else if (uint64_t n = NumberIn(name, "log-", ".eddylog")) {
      segments.push_back(n);
    }
  }
  std::sort(snapshots.rbegin(), snapshots.rend());
  std::sort(segments.begin(), segments.end());
  uint64_t highest = 0;  // the new segment comes after every file's number
  if (!snapshots.empty()) highest = snapshots.front();
  if (!segments.empty()) highest = std::max(highest, segments.back());
  {
    MutexLock l(&mu_);
    replaying_ = true;
  }

  // The newest snapshot that reads whole.
  auto loader = std::make_unique<Loader>(ctx_);
  uint64_t first_segment = 0;
  {
    MutexLock cp(&checkpoint_mu_);
    for (uint64_t n : snapshots) {
      if (last_snapshot_ != 0) {
        previous_snapshot_ = n;  // the next older one, kept for fallback
        break;
      }
      Status s = ReadSnapshot(SnapshotPath(n), *loader);
      if (s.ok()) {
        report_.snapshot = SnapshotPath(n);
        report_.snapshot_tables = static_cast<int64_t>(loader->live_tables());
        report_.snapshot_items = loader->items_loaded();
        first_segment = loader->end()->next_segment;
        next_table_number_ = loader->end()->next_table_number;
        if (loader->end()->cut_micros != 0) {
          snapshot_cuts_[n] = loader->end()->cut_micros;
        }
        last_snapshot_ = n;
        continue;
      }
      const std::string aside = SnapshotPath(n) + ".damaged";
      (void)RenameFile(SnapshotPath(n), aside);
      report_.damage.push_back(std::string(s.message()) + "; moved to " +
                               aside + " and an older state used");
      loader = std::make_unique<Loader>(ctx_);
    }
  }

  // Then the log after it.
  bool stopped = false;
  for (size_t i = 0; i < segments.size(); ++i) {
    const uint64_t n = segments[i];
    if (n < first_segment) continue;
    const std::string path = SegmentPath(n);
    if (stopped) {
      (void)RenameFile(path, path + ".damaged");
      continue;
    }
    EDDY_ASSIGN_OR_RETURN(std::string data, ReadWholeFile(path));
    RecordReader reader(data, kLogMagic);
    RecordType type;
    std::string_view payload;
    RecordReader::Result r;
    std::string problem;
    while ((r = reader.Next(&type, &payload)) ==
           RecordReader::Result::kRecord) {
      if (type != RecordType::kTable && type != RecordType::kDrop &&
          type != RecordType::kCommit && type != RecordType::kClock) {
        problem = "a record that does not belong in a log";
        break;
      }
      if (type == RecordType::kClock) continue;
      if (Status s = loader->Apply(type, payload); !s.ok()) {
        problem = std::string(s.message());
        break;
      }
      ++report_.log_records;
    }
    const bool last = i + 1 == segments.size();
    if (problem.empty() && r == RecordReader::Result::kEnd) continue;
    if (problem.empty() && r == RecordReader::Result::kTorn && last) {
      // A crash in the middle of a write: the unfinished record goes. A
      // segment cut inside its header holds nothing and goes whole: left
      // empty, it would read as damage once a newer segment follows it.
      report_.torn_tail = true;
      if (reader.good_bytes() == 0) {
        EDDY_RETURN_IF_ERROR(RemoveFile(path));
        EDDY_RETURN_IF_ERROR(SyncDirectory(dir_));
        continue;
      }
      EDDY_ASSIGN_OR_RETURN(File f, OpenForAppend(path, /*create=*/false));
      EDDY_RETURN_IF_ERROR(
          f.Truncate(static_cast<int64_t>(reader.good_bytes())));
      EDDY_RETURN_IF_ERROR(f.Sync());
      continue;
    }
    if (problem.empty()) {
      problem = r == RecordReader::Result::kTorn ? "a record cut short"
                                                 : "a checksum mismatch";
    }
    // Damage: keep the whole file aside, cut the segment to its good part,
    // and move every later segment aside (they follow the damaged part).
    const std::string aside = path + ".damaged";
    EDDY_RETURN_IF_ERROR(WriteFileAtomically(aside, data));
    EDDY_ASSIGN_OR_RETURN(File f, OpenForAppend(path, /*create=*/false));
    EDDY_RETURN_IF_ERROR(f.Truncate(static_cast<int64_t>(reader.good_bytes())));
    EDDY_RETURN_IF_ERROR(f.Sync());
    report_.damage.push_back(
        path + " is damaged at byte " + std::to_string(reader.good_bytes()) +
        " (" + problem + "); the data up to there is recovered, the file " +
        "was copied to " + aside + " and later segments moved aside");
    stopped = true;
  }

  EDDY_RETURN_IF_ERROR(loader->Finish());
  next_table_number_ =
      std::max<uint64_t>(next_table_number_, loader->max_table_number() + 1);
  // The catalog's lock is taken before the journal's, never under it.
  std::set<uint64_t> live;
  for (const std::string& name : ctx_.catalog->Names()) {
    if (auto table = ctx_.catalog->Find(name)) {
      live.insert(table->definition().journal_number);
    }
  }
  MutexLock l(&mu_);
  live_ = std::move(live);
  EDDY_RETURN_IF_ERROR(StartSegmentLocked(highest + 1));
  replaying_ = false;
  report_.micros = NowMicros() - start;
  return Status::OK();
}

Status DataDirectory::StartSegmentLocked(uint64_t number) {
  const std::string path = SegmentPath(number);
  EDDY_ASSIGN_OR_RETURN(File f, OpenForAppend(path, /*create=*/true));
  EDDY_RETURN_IF_ERROR(f.Append(FileHeader(kLogMagic)));
  EDDY_RETURN_IF_ERROR(f.Sync());
  EDDY_RETURN_IF_ERROR(SyncDirectory(dir_));
  segment_ = std::move(f);
  segment_number_ = number;
  return Status::OK();
}

Status DataDirectory::FlushLocked(bool sync) {
  while (flushing_) flushed_.Wait(&mu_);
  if (!failure_.ok()) return failure_;
  if (buffer_.empty() && durable_ == appended_) return Status::OK();
  flushing_ = true;
  std::string data;
  data.swap(buffer_);
  const uint64_t upto = appended_;
  File* file = &segment_;
  mu_.Unlock();
  Status s = file->Append(data);
  if (s.ok() && sync) s = file->Sync();
  mu_.Lock();
  flushing_ = false;
  if (s.ok()) {
    durable_ = upto;
    log_bytes_ += static_cast<int64_t>(data.size());
  } else {
    failure_ = Status::Internal(
        std::string(s.message()) +
        "; eddy stopped writing to its data directory: the writes since the "
        "last sync may not be durable, and writes are refused until the "
        "database is reopened");
  }
  flushed_.SignalAll();
  return failure_;
}

Status DataDirectory::WaitDurable() {
  if (tls.pending_dir != this) return Status::OK();
  const uint64_t record = tls.pending_record;
  const bool table_change = tls.pending_table_change;
  tls.pending_dir = nullptr;
  tls.pending_table_change = false;
  MutexLock lock(&mu_);
  if (options_.sync == SyncPolicy::kAlways || table_change) {
    while (durable_ < record && failure_.ok()) {
      if (flushing_) {
        flushed_.Wait(&mu_);
      } else {
        (void)FlushLocked(/*sync=*/true);
      }
    }
  } else if (buffer_.size() >= kMaxBufferedBytes) {
    (void)FlushLocked(options_.sync == SyncPolicy::kBatch);
  }
  return failure_;
}

Status DataDirectory::status() const {
  MutexLock lock(&mu_);
  return failure_;
}

void DataDirectory::BackgroundLoop() {
  const int64_t window = std::max<int64_t>(options_.sync_window_micros, 1000);
  MutexLock lock(&mu_);
  while (!stopping_) {
    wake_.WaitFor(&mu_, window);
    if (stopping_) break;
    if (options_.sync != SyncPolicy::kAlways && !buffer_.empty()) {
      (void)FlushLocked(options_.sync == SyncPolicy::kBatch);
    }
    if (options_.snapshot_log_bytes > 0 && failure_.ok() &&
        log_bytes_ >= options_.snapshot_log_bytes) {
      mu_.Unlock();
      (void)Checkpoint();  // on failure the log just grows; retried later
      mu_.Lock();
    }
  }
}

Status DataDirectory::Checkpoint() {
  MutexLock cp(&checkpoint_mu_);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::vector<std::shared_ptr<Table>> tables;
    for (const std::string& name : ctx_.catalog->Names()) {
      if (auto t = ctx_.catalog->Find(name)) tables.push_back(std::move(t));
    }
    std::vector<TableCopy> copies;
    uint64_t segment = 0;
    int64_t cut = 0;
    // The earliest time a point-in-time restore may ask for (INT64_MAX
    // when no table has PITR on).
    int64_t pitr_earliest = INT64_MAX;
    {
      SharedTableLocks locks(tables);
      MutexLock lock(&mu_);
      // The cut is consistent when the tables locked are exactly the live
      // ones: no CreateTable or DeleteTable slipped in between listing
      // the catalog and locking.
      std::set<uint64_t> numbers;
      for (const auto& t : tables) {
        if (!t->dropped()) numbers.insert(t->definition().journal_number);
      }
      if (numbers != live_) continue;
      EDDY_RETURN_IF_ERROR(FlushLocked(/*sync=*/true));
      EDDY_RETURN_IF_ERROR(StartSegmentLocked(segment_number_ + 1));
      segment = segment_number_;
      log_bytes_ = 0;
      cut = ctx_.options->clock->NowMicros();
      for (const auto& t : tables) {
        t->AssertReaderHeld();
        if (t->dropped()) continue;
        copies.push_back(CopyTable(*t, t->definition().journal_number));
        if (t->state().pitr_enabled) {
          pitr_earliest =
              std::min<int64_t>(pitr_earliest, PitrEarliestMicros(*t, cut));
        }
      }
    }
    EDDY_RETURN_IF_ERROR(
        WriteSnapshot(SnapshotPath(segment), copies, segment,
                      next_table_number_.load(std::memory_order_relaxed), cut));
    copies.clear();
    snapshot_cuts_[segment] = cut;
    // Keep this snapshot and the one before it, with the segments since
    // the one before; remove the rest. With PITR on, also keep the newest
    // snapshot cut at or before the earliest restorable time and
    // everything after it (nothing, when no such snapshot is known).
    previous_snapshot_ = last_snapshot_;
    last_snapshot_ = segment;
    uint64_t keep_from = previous_snapshot_;
    if (pitr_earliest != INT64_MAX) {
      uint64_t base = 0;
      for (const auto& [number, when] : snapshot_cuts_) {
        if (when <= pitr_earliest) base = number;
      }
      keep_from = std::min(keep_from, base);
    }
    if (keep_from != 0) {
      EDDY_ASSIGN_OR_RETURN(std::vector<std::string> names,
                            ListDirectory(dir_));
      for (const std::string& name : names) {
        const uint64_t snap = NumberIn(name, "snapshot-", ".eddysnap");
        const uint64_t seg = NumberIn(name, "log-", ".eddylog");
        if ((snap != 0 && snap < keep_from) || (seg != 0 && seg < keep_from)) {
          (void)RemoveFile(dir_ + "/" + name);
          if (snap != 0) snapshot_cuts_.erase(snap);
        }
      }
      (void)SyncDirectory(dir_);
    }
    return Status::OK();
  }
  return Status::Internal(
      "checkpoint: tables kept being created or deleted; try again");
}

namespace {

// The cut time a snapshot file's end record carries (0: none or unreadable).
int64_t SnapshotCutOf(const std::string& path) {
  StatusOr<std::string> data = ReadWholeFile(path);
  if (!data.ok()) return 0;
  RecordReader reader(*data, kSnapshotMagic);
  RecordType type;
  std::string_view payload;
  while (reader.Next(&type, &payload) == RecordReader::Result::kRecord) {
    if (type != RecordType::kEnd) continue;
    ByteReader r(payload);
    for (int i = 0; i < 4; ++i) r.Varint();
    const int64_t cut = r.ok() && !r.done() ? r.Signed() : 0;
    return r.ok() && r.done() ? cut : 0;
  }
  return 0;
}

// The table number a table image or items record names.
uint64_t TableNumberOf(RecordType type, std::string_view payload) {
  ByteReader r(payload);
  if (type == RecordType::kTable) r.Byte();  // the image's version
  const uint64_t n = r.Varint();
  return r.ok() ? n : 0;
}

// The changes of a commit record that touch table `number`, re-encoded
// (empty when none does). False when the record is malformed.
bool FilterCommit(std::string_view payload, uint64_t number, std::string* out) {
  ByteReader r(payload);
  while (r.ok() && !r.done()) {
    const size_t start = payload.size() - r.remaining();
    const uint64_t table = r.Varint();
    const uint8_t kind = r.Byte();
    if (kind == 1) {
      r.String();
    } else if (kind == 2) {
      r.String();
      r.String();
    } else {
      r.Fail();
    }
    const size_t end = payload.size() - r.remaining();
    if (r.ok() && table == number) {
      out->append(payload.substr(start, end - start));
    }
  }
  return r.ok();
}

}  // namespace

Status DataDirectory::ReplayTableHistory(uint64_t number, int64_t until_micros,
                                         Loader& loader,
                                         std::optional<int64_t> start_micros) {
  const int64_t base_at = start_micros.value_or(until_micros);
  // No checkpoint removes files while they are read.
  MutexLock cp(&checkpoint_mu_);
  {
    MutexLock lock(&mu_);
    // (Synced unless the policy never syncs: writers waiting for their
    // sync count on every flush being one.)
    EDDY_RETURN_IF_ERROR(FlushLocked(options_.sync != SyncPolicy::kNone));
  }
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> names, ListDirectory(dir_));
  std::vector<uint64_t> snapshots, segments;
  for (const std::string& name : names) {
    if (uint64_t n = NumberIn(name, "snapshot-", ".eddysnap")) {
      snapshots.push_back(n);
    } else if (uint64_t n = NumberIn(name, "log-", ".eddylog")) {
      segments.push_back(n);
    }
  }
  std::sort(snapshots.rbegin(), snapshots.rend());
  std::sort(segments.begin(), segments.end());
  // The newest snapshot cut at or before the start.
  uint64_t base = 0;
  for (uint64_t n : snapshots) {
    auto it = snapshot_cuts_.find(n);
    int64_t cut = it != snapshot_cuts_.end() ? it->second : 0;
    if (cut == 0) {
      cut = SnapshotCutOf(SnapshotPath(n));
      if (cut == 0) continue;
      snapshot_cuts_[n] = cut;
    }
    if (cut <= base_at) {
      base = n;
      loader.NoteClock(cut / 1000);  // the log after it is no earlier
      break;
    }
  }
  const auto gone = [] {
    return Status::Internal(
        "the data directory no longer holds the history for this restore "
        "time");
  };
  if (base == 0 && (segments.empty() || segments.front() != 1)) return gone();
  if (base != 0) {
    EDDY_ASSIGN_OR_RETURN(std::string data, ReadWholeFile(SnapshotPath(base)));
    RecordReader reader(data, kSnapshotMagic);
    RecordType type;
    std::string_view payload;
    RecordReader::Result r;
    while ((r = reader.Next(&type, &payload)) ==
           RecordReader::Result::kRecord) {
      if ((type == RecordType::kTable || type == RecordType::kItems) &&
          TableNumberOf(type, payload) == number) {
        EDDY_RETURN_IF_ERROR(loader.Apply(type, payload));
      }
    }
    if (r != RecordReader::Result::kEnd) {
      return Status::Internal("snapshot " + SnapshotPath(base) +
                              " is damaged at byte " +
                              std::to_string(reader.good_bytes()));
    }
  }
  const int64_t until_ms = until_micros / 1000;
  std::string filtered;
  for (uint64_t n : segments) {
    if (n < base) continue;
    EDDY_ASSIGN_OR_RETURN(std::string data, ReadWholeFile(SegmentPath(n)));
    RecordReader reader(data, kLogMagic);
    RecordType type;
    std::string_view payload;
    while (reader.Next(&type, &payload) == RecordReader::Result::kRecord) {
      switch (type) {
        case RecordType::kClock: {
          ByteReader c(payload);
          const uint64_t ms = c.Varint();
          if (c.ok() && static_cast<int64_t>(ms) > until_ms) {
            return Status::OK();
          }
          if (c.ok()) loader.NoteClock(static_cast<int64_t>(ms));
          break;
        }
        case RecordType::kTable:
          if (TableNumberOf(type, payload) == number) {
            EDDY_RETURN_IF_ERROR(loader.Apply(type, payload));
          }
          break;
        case RecordType::kDrop:
          if (TableNumberOf(type, payload) == number) {
            EDDY_RETURN_IF_ERROR(loader.Apply(type, payload));
          }
          break;
        case RecordType::kCommit:
          filtered.clear();
          if (!FilterCommit(payload, number, &filtered)) {
            return Status::Internal("corrupt log record in " + SegmentPath(n));
          }
          if (!filtered.empty()) {
            EDDY_RETURN_IF_ERROR(loader.Apply(type, filtered));
          }
          break;
        default:
          break;
      }
    }
  }
  return Status::OK();
}

uint64_t DataDirectory::NewTableNumber() {
  return next_table_number_.fetch_add(1, std::memory_order_relaxed);
}

std::string DataDirectory::EncodeTable(const Table& table) {
  std::string out;
  table.AssertReaderHeld();
  EncodeTableImage(table, &out);
  return out;
}

void DataDirectory::AppendLocked(RecordType type, std::string_view payload) {
  // The time of what follows, whenever the clock has moved on (a restore
  // to a point in time replays up to the first later clock record).
  const int64_t ms = ctx_.options->clock->NowMicros() / 1000;
  if (ms > last_clock_ms_) {
    std::string clock;
    ByteWriter(&clock).Varint(static_cast<uint64_t>(ms));
    AppendRecord(RecordType::kClock, clock, &buffer_);
    ++appended_;
    last_clock_ms_ = ms;
  }
  AppendRecord(type, payload, &buffer_);
  ++appended_;
  tls.pending_dir = this;
  tls.pending_record = appended_;
}

void DataDirectory::Append(RecordType type, std::string_view payload) {
  if (tls.suppressed_dir == this) return;
  MutexLock lock(&mu_);
  if (replaying_) return;
  AppendLocked(type, payload);
}

void DataDirectory::AppendTable(uint64_t number, std::string encoded) {
  if (tls.suppressed_dir == this) return;
  MutexLock lock(&mu_);
  live_.insert(number);
  if (replaying_) return;
  AppendLocked(RecordType::kTable, encoded);
  tls.pending_table_change = true;
}

void DataDirectory::AppendDrop(const Table& table) {
  std::string payload;
  ByteWriter w(&payload);
  const uint64_t number = table.definition().journal_number;
  w.Varint(number);
  MutexLock lock(&mu_);
  live_.erase(number);
  if (!replaying_ && tls.suppressed_dir != this) {
    AppendLocked(RecordType::kDrop, payload);
    tls.pending_table_change = true;
  }
}

void DataDirectory::AddChange(const Table& table,
                              const storage::Record* new_record,
                              const storage::Record* old_record,
                              std::string* batch) {
  if (tls.suppressed_dir == this) return;
  ByteWriter w(batch);
  w.Varint(table.definition().journal_number);
  if (new_record != nullptr) {
    w.Byte(1);
    w.String(new_record->payload());
  } else {
    w.Byte(2);
    w.String(old_record->partition_key());
    w.String(old_record->sort_key());
  }
}

void DataDirectory::AppendCommit(std::string batch) {
  if (batch.empty()) return;
  Append(RecordType::kCommit, batch);
}

void DataDirectory::SuppressOnThisThread(bool on) {
  tls.suppressed_dir = on ? this : nullptr;
}

}  // namespace eddy::engine::persist
