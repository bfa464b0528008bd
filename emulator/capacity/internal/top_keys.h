// Copyright 2026 The eddy Authors.
//
// TopKeys: Contributor-Insights-style heavy hitters with a fixed budget
// (Filtered Space-Saving, Homem & Carvalho 2010, over Space-Saving, Metwally
// et al. 2005): at most `capacity` monitored keys plus 4 × capacity hashed
// counters. A key not monitored adds to its hashed counter; it enters the
// list (replacing the smallest count, whose count goes back to that key's
// hashed counter) only once its counter plus the new weight exceeds the
// list's minimum, inheriting the counter as its error bound. Counts are
// exact while fewer than `capacity` distinct keys have been seen. Uniform
// traffic mostly touches one counter; O(log capacity) otherwise.
//
//   TopKeys top(128);
//   top.Add(KeyId(hash, sk), pk, sk, /*weight=*/6);
//   std::vector<KeyCount> best = top.Top(10);
//
// Thread safety: none; the simulator's mutex guards it.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_TOP_KEYS_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_TOP_KEYS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity::internal {

// A deterministic 64-bit identity of (partition-key hash, sort key).
uint64_t KeyId(uint64_t hash, std::string_view sort_key);

class TopKeys {
 public:
  explicit TopKeys(int capacity);

  void Add(uint64_t id, std::string_view partition_key,
           std::string_view sort_key, int64_t weight);
  // Highest counts first; ties by key bytes. At most k.
  std::vector<KeyCount> Top(int k) const;
  size_t size() const { return slots_.size(); }

 private:
  struct Slot {
    uint64_t id;
    int64_t count;
    int64_t error;
    std::string partition_key;
    std::string sort_key;
  };
  void SiftDown(uint32_t pos);
  void SiftUp(uint32_t pos);
  struct HeapEntry {
    int64_t count;  // a copy of the slot's count, for cache-friendly sifting
    uint32_t slot;
  };
  int64_t CountAt(uint32_t pos) const { return heap_[pos].count; }
  void Swap(uint32_t a, uint32_t b) {
    std::swap(heap_[a], heap_[b]);
    heap_pos_[heap_[a].slot] = a;
    heap_pos_[heap_[b].slot] = b;
  }
  size_t MonitoredBucket(uint64_t id) const {
    return (id * 0xc2b2ae3d27d4eb4fULL >> 17) & monitored_mask_;
  }
  // A count that reaches 255 stays there (the bucket is then always looked
  // up): never zero while a monitored key is in it.
  void AddMonitored(size_t bucket, int delta) {
    uint8_t& c = monitored_[bucket];
    if (c != 255) c = static_cast<uint8_t>(c + delta);
  }

  size_t Bucket(uint64_t id) const {
    return (id * 0x9e3779b97f4a7c15ULL >> 7) & filter_mask_;
  }

  int capacity_;
  std::vector<Slot> slots_;      // stable: a slot never moves
  std::vector<HeapEntry> heap_;  // a min-heap by count
  // Where heap_ holds each slot; apart from the slots, so sifting touches
  // only small arrays.
  std::vector<uint32_t> heap_pos_;
  absl::flat_hash_map<uint64_t, uint32_t> where_;  // id -> slot index
  std::vector<int64_t> filter_;  // hashed counters of unmonitored keys
  uint64_t filter_mask_ = 0;
  // How many monitored keys fall in each of 8 × capacity buckets: a key
  // whose bucket has none is not monitored, without a lookup in where_ (the
  // common case when traffic spreads over many keys, as a load does).
  std::vector<uint8_t> monitored_;
  uint64_t monitored_mask_ = 0;
};

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_TOP_KEYS_H_
