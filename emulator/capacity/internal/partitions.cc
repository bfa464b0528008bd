// Copyright 2026 The eddy Authors.
//
// Partition counts, partition buckets and splits (see partitions.h).

#include "emulator/capacity/internal/partitions.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "emulator/capacity/internal/common.h"

namespace eddy::capacity::internal {

int64_t ProvisionedCount(const SimulatorOptions& o, int64_t read_units,
                         int64_t write_units, int64_t size_bytes) {
  const int64_t r = std::max<int64_t>(1, o.partition_read_units);
  const int64_t w = std::max<int64_t>(1, o.partition_write_units);
  // ceil(a/r + b/w) = ceil((a*w + b*r) / (r*w)), in 128 bits.
  const __int128 num =
      static_cast<__int128>(std::max<int64_t>(0, read_units)) * w +
      static_cast<__int128>(std::max<int64_t>(0, write_units)) * r;
  const __int128 den = static_cast<__int128>(r) * w;
  const __int128 by_throughput = (num + den - 1) / den;
  const int64_t by_size = CeilDiv(size_bytes, o.partition_size_bytes);
  return std::max<int64_t>(
      {1, by_size,
       static_cast<int64_t>(std::min<__int128>(by_throughput, 1 << 20))});
}

namespace {

// Per-partition rates in half-units per second: the partition cap, or with
// adaptive capacity off on a provisioned resource (the pre-2018 static
// split) min(cap, provisioned / partitions), at least 1.
int64_t PartitionWriteRate(const SimulatorOptions& o, const Resource& r) {
  int64_t rate = 2 * o.partition_write_units;
  if (!o.adaptive_capacity && !r.on_demand() && !r.parts.empty()) {
    rate = std::min(
        rate, std::max<int64_t>(1, 2 * r.config.write_capacity_units /
                                       static_cast<int64_t>(r.parts.size())));
  }
  return rate;
}

int64_t PartitionScReadRate(const SimulatorOptions& o, const Resource& r) {
  int64_t rate = 2 * o.partition_read_units;
  if (!o.adaptive_capacity && !r.on_demand() && !r.parts.empty()) {
    rate = std::min(
        rate, std::max<int64_t>(1, 2 * r.config.read_capacity_units /
                                       static_cast<int64_t>(r.parts.size())));
  }
  return rate;
}

// Sets p's buckets for `r`: `reset` fills them, otherwise they keep their
// tokens (clamped to the new depth). When r.sc_bucket, the read bucket runs
// at the eventually consistent ceiling if that is higher and strongly
// consistent reads also draw on sc_read at the strongly consistent rate.
void ConfigurePartition(const SimulatorOptions& o, const Resource& r,
                        Partition& p, int64_t now, bool reset) {
  const int64_t depth =
      std::max<int64_t>(1, o.partition_bucket_seconds) * kMicros;
  const int64_t sc = PartitionScReadRate(o, r);
  const int64_t read =
      r.sc_bucket
          ? std::max(sc, 2 * o.eventually_consistent_read_partition_units)
          : sc;
  const int64_t write = PartitionWriteRate(o, r);
  if (reset) {
    p.read.Reset(read, depth, now);
    p.sc_read.Reset(sc, depth, now);
    p.write.Reset(write, depth, now);
  } else {
    p.read.Reconfigure(read, depth, now);
    p.sc_read.Reconfigure(sc, depth, now);
    p.write.Reconfigure(write, depth, now);
  }
}

// Marks partition `p` retired now (its info keeps the history).
void Retire(Resource& r, std::unique_ptr<Partition> p, int64_t now) {
  r.infos[p->id].retired_micros = now;
  r.infos[p->id].size_bytes = 0;
  p->retired = true;
  // Keep it alive while this second's metrics point at it.
  if (p->slot >= 0) r.graveyard.push_back(std::move(p));
}

}  // namespace

void ReconfigureAllPartitions(const SimulatorOptions& o, Resource& r,
                              int64_t now) {
  for (auto& p : r.parts) ConfigurePartition(o, r, *p, now, /*reset=*/false);
}

std::unique_ptr<Partition> NewPartition(const SimulatorOptions& o, Resource& r,
                                        const KeyPosition& start,
                                        int32_t parent,
                                        const Partition* copy_from,
                                        int64_t now) {
  auto p = std::make_unique<Partition>();
  p->id = static_cast<int32_t>(r.infos.size());
  PartitionInfo info;
  info.id = p->id;
  info.parent_id = parent;
  info.start = start;
  info.created_micros = now;
  r.infos.push_back(std::move(info));
  if (copy_from != nullptr) {
    // Each child can serve the full cap at once (throughput-model.md §5).
    p->read = copy_from->read;
    p->sc_read = copy_from->sc_read;
    p->write = copy_from->write;
  } else {
    ConfigurePartition(o, r, *p, now, /*reset=*/true);
  }
  return p;
}

bool SplitPartition(const SimulatorOptions& o, Resource& r, int index,
                    const KeyPosition& cut, int64_t now) {
  if (static_cast<int>(r.parts.size()) >= o.max_partitions_per_resource)
    return false;
  const KeyPosition start = r.map.start(index);
  if (!r.map.SplitAt(index, cut)) return false;
  std::unique_ptr<Partition> parent = std::move(r.parts[index]);
  auto left = NewPartition(o, r, start, parent->id, parent.get(), now);
  auto right = NewPartition(o, r, cut, parent->id, parent.get(), now);
  left->size_bytes = parent->size_bytes / 2;
  right->size_bytes = parent->size_bytes - left->size_bytes;
  r.infos[left->id].size_bytes = left->size_bytes;
  r.infos[right->id].size_bytes = right->size_bytes;
  Retire(r, std::move(parent), now);
  r.parts[index] = std::move(left);
  r.parts.insert(r.parts.begin() + index + 1, std::move(right));
  if (!o.adaptive_capacity && !r.on_demand())
    ReconfigureAllPartitions(o, r, now);
  return true;
}

int64_t GrowPartitions(const SimulatorOptions& o, Resource& r, int64_t target,
                       int64_t now) {
  target = std::min<int64_t>(target, o.max_partitions_per_resource);
  int64_t splits = 0;
  while (static_cast<int64_t>(r.parts.size()) < target) {
    bool any = false;
    KeyPosition mid;
    for (int i = static_cast<int>(r.parts.size()) - 1; i >= 0; --i) {
      if (r.map.MidpointOf(i, &mid) && SplitPartition(o, r, i, mid, now)) {
        any = true;
        ++splits;
      }
    }
    if (!any) break;
  }
  return splits;
}

}  // namespace eddy::capacity::internal
