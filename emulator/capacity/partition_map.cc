// Copyright 2026 The eddy Authors.

#include "emulator/capacity/partition_map.h"

#include <algorithm>

#include "emulator/types/limits.h"

namespace eddy::capacity {

PartitionMap::PartitionMap(int count) {
  count = std::max(count, 1);
  starts_.reserve(static_cast<size_t>(count));
  const unsigned __int128 space = static_cast<unsigned __int128>(1) << 64;
  for (int i = 0; i < count; ++i) {
    starts_.push_back(static_cast<uint64_t>(space * static_cast<unsigned>(i) /
                                            static_cast<unsigned>(count)));
  }
}

int PartitionMap::ProvisionedPartitionCount(int64_t read_units,
                                            int64_t write_units,
                                            int64_t size_bytes) {
  // ceil(R/3000 + W/1000) computed exactly in units of 1/3000.
  const int64_t scaled = read_units + write_units * 3;
  const int64_t by_throughput = (scaled + 2999) / 3000;
  const int64_t by_size = (size_bytes + limits::kPartitionSizeBytes - 1) /
                          limits::kPartitionSizeBytes;
  return static_cast<int>(std::max<int64_t>({by_throughput, by_size, 1}));
}

int PartitionMap::PartitionOf(uint64_t hash) const {
  auto it = std::upper_bound(starts_.begin(), starts_.end(), hash);
  return static_cast<int>(it - starts_.begin()) - 1;
}

void PartitionMap::GrowTo(int count) {
  while (this->count() < count) {
    std::vector<uint64_t> next;
    next.reserve(starts_.size() * 2);
    for (size_t i = 0; i < starts_.size(); ++i) {
      const uint64_t lo = starts_[i];
      const unsigned __int128 hi =
          i + 1 < starts_.size() ? starts_[i + 1]
                                 : static_cast<unsigned __int128>(1) << 64;
      next.push_back(lo);
      next.push_back(static_cast<uint64_t>(lo + (hi - lo) / 2));
    }
    starts_ = std::move(next);
  }
}

}  // namespace eddy::capacity
