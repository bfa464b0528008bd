// Copyright 2026 The eddy Authors.

#include "emulator/capacity/internal/top_keys.h"

#include <xxhash.h>

#include <algorithm>

namespace eddy::capacity::internal {

uint64_t KeyId(uint64_t hash, std::string_view sort_key) {
  if (sort_key.empty()) return hash;
  // xxh3 seeded with the partition-key hash: deterministic across runs.
  return XXH3_64bits_withSeed(sort_key.data(), sort_key.size(), hash);
}

TopKeys::TopKeys(int capacity) : capacity_(capacity < 0 ? 0 : capacity) {
  size_t m = 1;
  while (m < 4 * static_cast<size_t>(capacity_)) m <<= 1;
  filter_.assign(capacity_ == 0 ? 0 : m, 0);
  filter_mask_ = m - 1;
  // Twice the filter's buckets (at least 8 x capacity): about one bucket in
  // eight holds a monitored key.
  monitored_.assign(capacity_ == 0 ? 0 : 2 * m, 0);
  monitored_mask_ = 2 * m - 1;
  heap_pos_.reserve(capacity_);
}

void TopKeys::Add(uint64_t id, std::string_view partition_key,
                  std::string_view sort_key, int64_t weight) {
  if (capacity_ == 0 || weight <= 0) return;
  const size_t mbucket = MonitoredBucket(id);
  if (monitored_[mbucket] != 0) {
    auto it = where_.find(id);
    if (it != where_.end()) {
      Slot& slot = slots_[it->second];
      slot.count += weight;
      const uint32_t pos = heap_pos_[it->second];
      heap_[pos].count = slot.count;
      SiftDown(pos);
      return;
    }
  }
  if (slots_.size() < static_cast<size_t>(capacity_)) {
    const uint32_t index = static_cast<uint32_t>(slots_.size());
    slots_.push_back(
        Slot{id, weight, 0, std::string(partition_key), std::string(sort_key)});
    heap_.push_back(HeapEntry{weight, index});
    heap_pos_.push_back(index);
    where_.emplace(id, index);
    AddMonitored(mbucket, +1);
    SiftUp(index);
    return;
  }
  // Filtered: stay in the hashed counter unless it would beat the minimum.
  int64_t& counter = filter_[Bucket(id)];
  if (counter + weight <= heap_[0].count) {
    counter += weight;
    return;
  }
  // Replace the minimum; its count goes back to its hashed counter, and the
  // new key inherits its own counter as the error bound.
  const uint32_t index = heap_[0].slot;
  Slot& slot = slots_[index];
  where_.erase(slot.id);
  AddMonitored(MonitoredBucket(slot.id), -1);
  AddMonitored(mbucket, +1);
  int64_t& evicted = filter_[Bucket(slot.id)];
  const int64_t inherited = counter;
  evicted = std::max(evicted, slot.count);
  slot.error = inherited;
  slot.count = inherited + weight;
  slot.id = id;
  slot.partition_key.assign(partition_key);
  slot.sort_key.assign(sort_key);
  where_.emplace(id, index);
  heap_[0].count = slot.count;
  SiftDown(0);
}

std::vector<KeyCount> TopKeys::Top(int k) const {
  std::vector<KeyCount> out;
  out.reserve(slots_.size());
  for (const Slot& s : slots_) {
    out.push_back(KeyCount{s.partition_key, s.sort_key, s.count, s.error});
  }
  std::sort(out.begin(), out.end(), [](const KeyCount& a, const KeyCount& b) {
    if (a.count != b.count) return a.count > b.count;
    if (a.partition_key != b.partition_key)
      return a.partition_key < b.partition_key;
    return a.sort_key < b.sort_key;
  });
  if (k >= 0 && out.size() > static_cast<size_t>(k)) out.resize(k);
  return out;
}

void TopKeys::SiftUp(uint32_t pos) {
  while (pos > 0) {
    const uint32_t parent = (pos - 1) / 2;
    if (CountAt(parent) <= CountAt(pos)) return;
    Swap(parent, pos);
    pos = parent;
  }
}

void TopKeys::SiftDown(uint32_t pos) {
  const uint32_t n = static_cast<uint32_t>(heap_.size());
  for (;;) {
    const uint32_t l = 2 * pos + 1;
    const uint32_t r = l + 1;
    uint32_t m = pos;
    if (l < n && CountAt(l) < CountAt(m)) m = l;
    if (r < n && CountAt(r) < CountAt(m)) m = r;
    if (m == pos) return;
    Swap(pos, m);
    pos = m;
  }
}

}  // namespace eddy::capacity::internal
