// Copyright 2026 The eddy Authors.

#include "emulator/capacity/partition_map.h"

#include <algorithm>

#include "emulator/types/limits.h"

namespace eddy::capacity {
namespace {

using u128 = unsigned __int128;
constexpr u128 kHashSpace = static_cast<u128>(1) << 64;

}  // namespace

int CompareKeyPositions(uint64_t ah, std::string_view ask, uint64_t bh,
                        std::string_view bsk) {
  if (ah != bh) return ah < bh ? -1 : 1;
  // std::char_traits<char>::compare orders as unsigned char, like memcmp.
  const int c = ask.compare(bsk);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

PartitionMap::PartitionMap(int count) {
  count = std::max(count, 1);
  starts_.reserve(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    starts_.push_back(static_cast<uint64_t>(
        kHashSpace * static_cast<unsigned>(i) / static_cast<unsigned>(count)));
  }
  start_sort_keys_.assign(starts_.size(), std::string());
}

int PartitionMap::ProvisionedPartitionCount(int64_t read_units,
                                            int64_t write_units,
                                            int64_t size_bytes) {
  // ceil(R/3000 + W/1000) computed exactly in units of 1/3000.
  const int64_t scaled =
      std::max<int64_t>(read_units, 0) + std::max<int64_t>(write_units, 0) * 3;
  const int64_t by_throughput = (scaled + 2999) / 3000;
  const int64_t by_size =
      (std::max<int64_t>(size_bytes, 0) + limits::kPartitionSizeBytes - 1) /
      limits::kPartitionSizeBytes;
  return static_cast<int>(std::min<int64_t>(
      std::max<int64_t>({by_throughput, by_size, 1}), 1 << 20));
}

int PartitionMap::PartitionOf(uint64_t hash, std::string_view sort_key) const {
  const auto ub = std::upper_bound(starts_.begin(), starts_.end(), hash);
  int idx = static_cast<int>(ub - starts_.begin()) - 1;
  if (sort_key_cuts_ == 0 || starts_[idx] != hash) return idx;
  // Boundaries at this very hash: the last one at or before sort_key.
  const int first = static_cast<int>(
      std::lower_bound(starts_.begin(), starts_.end(), hash) - starts_.begin());
  for (; idx >= first; --idx) {
    if (std::string_view(start_sort_keys_[idx]) <= sort_key) return idx;
  }
  return first - 1;  // before the first cut inside this hash
}

std::pair<int, int> PartitionMap::PartitionsOfHash(uint64_t hash) const {
  const auto ub = std::upper_bound(starts_.begin(), starts_.end(), hash);
  const int last = static_cast<int>(ub - starts_.begin()) - 1;
  return {PartitionOf(hash, {}), last};
}

bool PartitionMap::SplitAt(int partition, const KeyPosition& at) {
  if (partition < 0 || partition >= count()) return false;
  if (CompareKeyPositions(at.hash, at.sort_key, starts_[partition],
                          start_sort_keys_[partition]) <= 0) {
    return false;
  }
  if (partition + 1 < count() &&
      CompareKeyPositions(at.hash, at.sort_key, starts_[partition + 1],
                          start_sort_keys_[partition + 1]) >= 0) {
    return false;
  }
  starts_.insert(starts_.begin() + partition + 1, at.hash);
  start_sort_keys_.insert(start_sort_keys_.begin() + partition + 1,
                          at.sort_key);
  if (!at.sort_key.empty()) ++sort_key_cuts_;
  return true;
}

bool PartitionMap::MidpointOf(int partition, KeyPosition* mid) const {
  if (partition < 0 || partition >= count()) return false;
  const u128 lo = starts_[partition];
  const u128 hi = partition + 1 < count()
                      ? static_cast<u128>(starts_[partition + 1])
                      : kHashSpace;
  const u128 m = lo + (hi - lo) / 2;
  if (m <= lo || m >= hi) return false;
  mid->hash = static_cast<uint64_t>(m);
  mid->sort_key.clear();
  return true;
}

void PartitionMap::GrowTo(int target) {
  while (count() < target) {
    std::vector<uint64_t> next;
    std::vector<std::string> next_sks;
    next.reserve(starts_.size() * 2);
    next_sks.reserve(starts_.size() * 2);
    bool split = false;
    KeyPosition mid;
    for (int i = 0; i < count(); ++i) {
      next.push_back(starts_[i]);
      next_sks.push_back(start_sort_keys_[i]);
      if (MidpointOf(i, &mid)) {
        next.push_back(mid.hash);
        next_sks.emplace_back();
        split = true;
      }
    }
    if (!split) return;
    starts_ = std::move(next);
    start_sort_keys_ = std::move(next_sks);
  }
}

}  // namespace eddy::capacity
