// Copyright 2026 The eddy Authors.

#include "emulator/engine/history/memory_history.h"

#include <algorithm>
#include <cstring>

#include "emulator/engine/persist/codec.h"
#include "emulator/engine/persist/data_directory.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/persist/snapshot.h"
#include "emulator/engine/persist/table_image.h"

namespace eddy::engine {
namespace {

constexpr int64_t kDayMicros = 24LL * 3600 * 1'000'000;

// The history whose appends this thread suppresses (a loader at work).
thread_local const MemoryHistory* suppressed = nullptr;

}  // namespace

uint64_t MemoryHistory::NewTableNumber() {
  return next_table_number_.fetch_add(1, std::memory_order_relaxed);
}

void MemoryHistory::SuppressOnThisThread(bool on) {
  suppressed = on ? this : nullptr;
}

std::string MemoryHistory::EncodeTable(const Table& table) {
  table.AssertReaderHeld();
  std::string out;
  persist::EncodeTableImage(table, &out);
  if (suppressed == this) return out;
  const TableState& state = table.state();
  const uint64_t number = table.definition().journal_number;
  {
    MutexLock lock(&mu_);
    auto it = histories_.find(number);
    if (!state.pitr_enabled) {
      // PITR off: the history goes (turning it on again starts anew).
      if (it != histories_.end()) histories_.erase(it);
      return out;
    }
    if (it != histories_.end() &&
        it->second.since_micros == state.pitr_enabled_since_micros) {
      it->second.period_days = state.pitr_recovery_period_days;
      return out;
    }
  }
  // PITR was just turned on (or the table came with it on): the base is
  // the table as it is now. The table's lock keeps it so while it is
  // copied (counted references only).
  persist::TableCopy copy = persist::CopyTable(table, number);
  History h;
  h.since_micros = state.pitr_enabled_since_micros;
  h.period_days = state.pitr_recovery_period_days;
  h.cut_micros = options_->clock->NowMicros();
  h.image = std::move(copy.image);
  h.copied = std::move(copy.items);
  MutexLock lock(&mu_);
  histories_[number] = std::move(h);
  return out;
}

void MemoryHistory::AppendTable(uint64_t number, std::string encoded) {
  if (suppressed == this) return;
  const int64_t now = options_->clock->NowMicros();
  MutexLock lock(&mu_);
  auto it = histories_.find(number);
  if (it == histories_.end()) return;
  FoldLocked(it->second, now);
  Entry e;
  e.micros = now;
  e.image = std::move(encoded);
  it->second.log_bytes += EntryBytes(e);
  it->second.log.push_back(std::move(e));
  FoldLocked(it->second, now);  // within the byte cap
}

void MemoryHistory::AppendDrop(const Table& table) {
  if (suppressed == this) return;
  MutexLock lock(&mu_);
  histories_.erase(table.definition().journal_number);
}

void MemoryHistory::AddChange(const Table& table,
                              const storage::Record* new_record,
                              const storage::Record* old_record,
                              std::string* batch) {
  if (suppressed == this) return;
  table.AssertHeld();
  if (!table.state().pitr_enabled) return;  // the common case: no lock
  // One time for every change of the commit: the first stamps the batch.
  int64_t micros = 0;
  if (batch->size() == sizeof(micros)) {
    std::memcpy(&micros, batch->data(), sizeof(micros));
  } else {
    micros = options_->clock->NowMicros();
    batch->assign(reinterpret_cast<const char*>(&micros), sizeof(micros));
  }
  Change change;
  if (new_record != nullptr) {
    // The store holds the record (the caller's reference Retain needs).
    change.record = storage::Retain(*new_record);
  } else {
    change.key = Key(old_record->partition_key(), old_record->sort_key());
  }
  MutexLock lock(&mu_);
  auto it = histories_.find(table.definition().journal_number);
  if (it == histories_.end()) return;
  History& h = it->second;
  FoldLocked(h, micros);
  if (h.log.empty() || h.log.back().micros != micros ||
      !h.log.back().image.empty()) {
    Entry e;
    e.micros = micros;
    h.log_bytes += EntryBytes(e);
    h.log.push_back(std::move(e));
  }
  h.log_bytes += ChangeBytes(change);
  h.log.back().changes.push_back(std::move(change));
  if (h.log_bytes > options_->pitr_memory_history_bytes &&
      options_->pitr_memory_history_bytes > 0) {
    FoldLocked(h, micros);  // back within the byte cap
  }
}

int64_t MemoryHistory::ChangeBytes(const Change& c) {
  constexpr int64_t kOverhead = 64;
  return kOverhead +
         (c.record != nullptr
              ? static_cast<int64_t>(c.record->payload().size())
              : static_cast<int64_t>(c.key.first.size() + c.key.second.size()));
}

int64_t MemoryHistory::EntryBytes(const Entry& e) {
  constexpr int64_t kOverhead = 64;
  int64_t n = kOverhead + static_cast<int64_t>(e.image.size());
  for (const Change& c : e.changes) n += ChangeBytes(c);
  return n;
}

void MemoryHistory::FoldLocked(History& h, int64_t now_micros) {
  const int64_t earliest =
      std::max(h.since_micros, now_micros - h.period_days * kDayMicros);
  // The start of the earliest restorable second: every restorable time
  // includes what was committed before it.
  FoldBefore(h, earliest / 1'000'000 * 1'000'000);
  const int64_t cap = options_->pitr_memory_history_bytes;
  while (cap > 0 && h.log_bytes > cap && !h.log.empty()) {
    // The whole second of the oldest change goes: a restore to a second
    // after it sees every change of that second.
    const int64_t next = (h.log.front().micros / 1'000'000 + 1) * 1'000'000;
    FoldBefore(h, next);
    h.floor_micros = std::max(h.floor_micros, next);
  }
}

void MemoryHistory::FoldBefore(History& h, int64_t boundary) {
  if (h.log.empty() || h.log.front().micros >= boundary) return;
  if (!h.copied.empty()) {
    for (storage::RecordPtr& r : h.copied) {
      Key key(r->partition_key(), r->sort_key());
      h.items[std::move(key)] = std::move(r);
    }
    h.copied.clear();
    h.copied.shrink_to_fit();
  }
  while (!h.log.empty() && h.log.front().micros < boundary) {
    Entry& e = h.log.front();
    h.log_bytes -= EntryBytes(e);  // before its parts move to the base
    if (!e.image.empty()) h.image = std::move(e.image);
    for (Change& c : e.changes) {
      if (c.record != nullptr) {
        Key key(c.record->partition_key(), c.record->sort_key());
        h.items[std::move(key)] = std::move(c.record);
      } else {
        h.items.erase(c.key);
      }
    }
    h.log.pop_front();
  }
  h.cut_micros = std::max(h.cut_micros, boundary);
}

Status MemoryHistory::ReplayTableHistory(uint64_t number, int64_t until_micros,
                                         persist::Loader& loader,
                                         std::optional<int64_t> start_micros) {
  (void)start_micros;  // the base is always at or before the window's start
  // Copied under the lock (counted references), fed after it.
  std::vector<persist::TableCopy> bases(1);
  persist::TableCopy& base = bases[0];
  base.number = number;
  int64_t cut = 0;
  std::vector<Entry> log;
  {
    MutexLock lock(&mu_);
    auto it = histories_.find(number);
    if (it == histories_.end()) {
      return Status::Internal(
          "no point-in-time history is kept for this table");
    }
    History& h = it->second;
    FoldLocked(h, options_->clock->NowMicros());
    cut = h.cut_micros;
    base.image = h.image;
    base.items.reserve(h.copied.size() + h.items.size());
    for (const storage::RecordPtr& r : h.copied) {
      base.items.push_back(storage::Retain(*r));
    }
    for (const auto& [key, r] : h.items) {
      base.items.push_back(storage::Retain(*r));
    }
    for (const Entry& e : h.log) {
      if (e.micros > until_micros) break;
      Entry copy;
      copy.micros = e.micros;
      copy.image = e.image;
      copy.changes.reserve(e.changes.size());
      for (const Change& c : e.changes) {
        Change d;
        if (c.record != nullptr) {
          d.record = storage::Retain(*c.record);
        } else {
          d.key = c.key;
        }
        copy.changes.push_back(std::move(d));
      }
      log.push_back(std::move(copy));
    }
  }
  loader.NoteClock(cut / 1000);
  EDDY_RETURN_IF_ERROR(persist::ForEachSnapshotRecord(
      bases, /*next_segment=*/0, number + 1, cut,
      [&](persist::RecordType type, std::string_view payload) {
        if (type == persist::RecordType::kEnd) return Status::OK();
        return loader.Apply(type, payload);
      }));
  std::string payload;
  for (const Entry& e : log) {
    loader.NoteClock(e.micros / 1000);
    if (!e.image.empty()) {
      EDDY_RETURN_IF_ERROR(loader.Apply(persist::RecordType::kTable, e.image));
      continue;
    }
    // A commit record (persist/format.h) of this table's changes.
    payload.clear();
    persist::ByteWriter w(&payload);
    for (const Change& c : e.changes) {
      w.Varint(number);
      if (c.record != nullptr) {
        w.Byte(1);
        w.String(c.record->payload());
      } else {
        w.Byte(2);
        w.String(c.key.first);
        w.String(c.key.second);
      }
    }
    EDDY_RETURN_IF_ERROR(loader.Apply(persist::RecordType::kCommit, payload));
  }
  return Status::OK();
}

int64_t MemoryHistory::HistoryFloorMicros(uint64_t number) const {
  MutexLock lock(&mu_);
  auto it = histories_.find(number);
  return it == histories_.end() ? 0 : it->second.floor_micros;
}

int64_t MemoryHistory::bytes_kept(uint64_t number) const {
  MutexLock lock(&mu_);
  auto it = histories_.find(number);
  return it == histories_.end() ? 0 : it->second.log_bytes;
}

size_t MemoryHistory::tables_kept() const {
  MutexLock lock(&mu_);
  return histories_.size();
}

size_t MemoryHistory::entries_kept(uint64_t number) const {
  MutexLock lock(&mu_);
  auto it = histories_.find(number);
  return it == histories_.end() ? 0 : it->second.log.size();
}

Status ReplayHistory(const Context& ctx, uint64_t number, int64_t until_micros,
                     persist::Loader& loader,
                     std::optional<int64_t> start_micros) {
  if (auto* dir = dynamic_cast<persist::DataDirectory*>(ctx.journal)) {
    return dir->ReplayTableHistory(number, until_micros, loader, start_micros);
  }
  if (auto* memory = dynamic_cast<MemoryHistory*>(ctx.journal)) {
    return memory->ReplayTableHistory(number, until_micros, loader,
                                      start_micros);
  }
  return Status::Internal("this Database keeps no point-in-time history");
}

}  // namespace eddy::engine
