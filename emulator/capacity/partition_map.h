// Copyright 2026 The eddy Authors.
//
// PartitionMap: how a table's (or index's) key space is cut into partitions.
//
// The key space is ordered by KeyPosition = (xxh3_64 of the partition-key
// bytes, sort-key bytes in their ordered form). Each partition is a half-open
// range [start_i, start_{i+1}) of positions. A boundary is normally a bare
// hash (sort key empty, the smallest position of that hash); a split for heat
// may cut *inside* one hash value, at a sort key (throughput-model.md §2, §5).
//
// The count follows the throughput model (throughput-model.md §3):
// provisioned tables start with max(ceil(RCU/3000 + WCU/1000),
// ceil(size/10 GB), 1) partitions, on-demand tables with 4; raising
// throughput past what the partitions serve doubles the count (GrowTo), and
// partitions never merge.
//
// clang-format off
//   PartitionMap map(PartitionMap::ProvisionedPartitionCount(5000, 2000, 0));
//   int p = map.PartitionOf(hash);              // 0..3
//   int q = map.PartitionOf(hash, sort_key);    // same unless cut inside hash
//   map.SplitAt(q, KeyPosition{hash, "m"});     // a split for heat
// clang-format on
//
// Invariants: start(0) == (0, ""); starts strictly increase in (hash, sort
// key) order; count() >= 1.
//
// Thread safety: not synchronized; the owner (a Table or the throttling
// simulator) guards it.

#ifndef EDDY_EMULATOR_CAPACITY_PARTITION_MAP_H_
#define EDDY_EMULATOR_CAPACITY_PARTITION_MAP_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace eddy::capacity {

// A point of the key space. Sort-key bytes compare as unsigned bytes (the
// ordered byte form of storage::KeyBytes); the empty sort key is the first
// position of a hash value.
struct KeyPosition {
  uint64_t hash = 0;
  std::string sort_key;

  friend bool operator==(const KeyPosition& a, const KeyPosition& b) {
    return a.hash == b.hash && a.sort_key == b.sort_key;
  }
};

// -1, 0 or 1 as (ah, ask) is before, at or after (bh, bsk).
int CompareKeyPositions(uint64_t ah, std::string_view ask, uint64_t bh,
                        std::string_view bsk);

class PartitionMap {
 public:
  // `count` evenly sized hash ranges (count < 1 is taken as 1).
  explicit PartitionMap(int count = 1);

  static int ProvisionedPartitionCount(int64_t read_units, int64_t write_units,
                                       int64_t size_bytes);
  static constexpr int kOnDemandInitialPartitions = 4;

  int count() const { return static_cast<int>(starts_.size()); }

  // Index of the partition that owns (hash, sort_key). O(log count).
  int PartitionOf(uint64_t hash, std::string_view sort_key) const;
  // Index of the partition that owns the first position of `hash`; the same
  // as PartitionOf(hash, "") and, unless a split for heat cut inside `hash`,
  // the only partition holding items of that partition key.
  int PartitionOf(uint64_t hash) const { return PartitionOf(hash, {}); }
  // First and last partition holding positions of `hash` (equal unless a
  // split cut inside `hash`).
  std::pair<int, int> PartitionsOfHash(uint64_t hash) const;

  // Hash of each partition's first position, ascending (repeats when a split
  // cut inside one hash); starts()[0] == 0. What DescribePartitions returns.
  const std::vector<uint64_t>& starts() const { return starts_; }
  // Sort key of each partition's first position (empty for a bare hash).
  const std::vector<std::string>& start_sort_keys() const {
    return start_sort_keys_;
  }
  KeyPosition start(int partition) const {
    return KeyPosition{starts_[partition], start_sort_keys_[partition]};
  }
  // True when some boundary lies inside a hash value.
  bool has_sort_key_cuts() const { return sort_key_cuts_ > 0; }

  // Splits partition `partition` so that a new partition starts at `at`.
  // Returns false (and changes nothing) unless `at` lies strictly inside the
  // partition's range.
  bool SplitAt(int partition, const KeyPosition& at);

  // The hash midpoint of `partition`'s range, if the range spans at least two
  // hash values past its start; what a split for size or for throughput uses.
  bool MidpointOf(int partition, KeyPosition* mid) const;

  // Splits every partition in two at its hash midpoint until there are at
  // least `count` (partitions too narrow to halve stay whole; stops when no
  // partition can split).
  void GrowTo(int count);

 private:
  std::vector<uint64_t> starts_;
  std::vector<std::string> start_sort_keys_;
  int sort_key_cuts_ = 0;  // boundaries with a non-empty sort key
};

}  // namespace eddy::capacity

#endif  // EDDY_EMULATOR_CAPACITY_PARTITION_MAP_H_
