// Copyright 2026 The eddy Authors.
//
// PartitionMap: how a table's (or index's) hash space is cut into partitions.
// Each partition is a contiguous hash range [start_i, start_{i+1}); the count
// follows throughput-model.md §3: provisioned tables start with
// max(ceil(RCU/3000 + WCU/1000), ceil(size/10 GB), 1) partitions, on-demand
// tables with 4; raising throughput past what the partitions serve doubles
// the count, and partitions never merge.
//
//   PartitionMap map = PartitionMap::ForProvisioned(5000, 2000, 0);  // 4
//   int p = map.PartitionOf(hash);
//
// Boundaries are hash values only; split-for-heat boundaries inside one hash
// (at a sort key) belong to the throttling simulator.
//
// Thread safety: not synchronized; owned and guarded by its table.

#ifndef EDDY_EMULATOR_CAPACITY_PARTITION_MAP_H_
#define EDDY_EMULATOR_CAPACITY_PARTITION_MAP_H_

#include <cstdint>
#include <vector>

namespace eddy::capacity {

class PartitionMap {
 public:
  // `count` evenly sized hash ranges. REQUIRES: count >= 1.
  explicit PartitionMap(int count = 1);

  static int ProvisionedPartitionCount(int64_t read_units, int64_t write_units,
                                       int64_t size_bytes);
  static constexpr int kOnDemandInitialPartitions = 4;

  int count() const { return static_cast<int>(starts_.size()); }
  // Index of the partition that owns `hash`.
  int PartitionOf(uint64_t hash) const;
  // First hash of each partition, ascending; starts()[0] == 0.
  const std::vector<uint64_t>& starts() const { return starts_; }

  // Splits every partition in two until there are at least `count`.
  void GrowTo(int count);

 private:
  std::vector<uint64_t> starts_;
};

}  // namespace eddy::capacity

#endif  // EDDY_EMULATOR_CAPACITY_PARTITION_MAP_H_
