// Copyright 2026 The eddy Authors.
//
// What the throttling simulator reports (see simulator.h, "Metrics"): the
// per-second bookkeeping of internal/metrics.h, and the queries —
// CloudWatch-style counters, per-second series and Contributor-Insights-style
// top keys.

#include "emulator/capacity/internal/metrics.h"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

#include "emulator/capacity/internal/common.h"
#include "emulator/capacity/internal/heat.h"
#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity {

namespace internal {

void FlushSecond(const SimulatorOptions& o, Resource& r) {
  if (!r.cur_has_data) return;
  SecondMetrics s = std::move(r.cur);
  r.cur = SecondMetrics{};
  r.cur_has_data = false;
  s.second = r.cur_second;
  s.partition_count = static_cast<int>(r.parts.size());
  s.partitions.reserve(r.cur_slots.size());
  const bool heat = o.mode == ThrottleMode::kSimulate && o.split_for_heat;
  for (SlotEntry& e : r.cur_slots) {
    e.partition->slot = -1;
    s.partitions.push_back(e.metrics);
    if (heat && !e.partition->retired)
      UpdateHeat(o, r, *e.partition, e.metrics, s.second);
  }
  r.cur_slots.clear();
  r.graveyard.clear();
  std::sort(s.partitions.begin(), s.partitions.end(),
            [&r](const PartitionSecond& a, const PartitionSecond& b) {
              const KeyPosition& x = r.infos[a.partition_id].start;
              const KeyPosition& y = r.infos[b.partition_id].start;
              const int c =
                  CompareKeyPositions(x.hash, x.sort_key, y.hash, y.sort_key);
              return c != 0 ? c < 0 : a.partition_id < b.partition_id;
            });
  if (o.metrics_retention_seconds > 0) {
    const int64_t second = s.second;
    r.series.push_back(std::move(s));
    while (!r.series.empty() &&
           r.series.front().second <= second - o.metrics_retention_seconds) {
      r.series.pop_front();
    }
  }
}

PartitionSecond& SlotOf(Resource& r, Partition& p) {
  if (p.slot < 0) {
    p.slot = static_cast<int32_t>(r.cur_slots.size());
    r.cur_slots.push_back(SlotEntry{&p, PartitionSecond{p.id}});
  }
  r.cur_has_data = true;
  return r.cur_slots[p.slot].metrics;
}

}  // namespace internal

using internal::NotFound;
using internal::Resource;

StatusOr<ResourceCounters> ThrottleSimulator::Counters(ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->counters;
}

StatusOr<std::vector<SecondMetrics>> ThrottleSimulator::Series(
    ResourceId id, int64_t from_second, int64_t to_second) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  std::vector<SecondMetrics> out;
  auto it = std::lower_bound(
      r->series.begin(), r->series.end(), from_second,
      [](const SecondMetrics& s, int64_t v) { return s.second < v; });
  for (; it != r->series.end() && it->second < to_second; ++it)
    out.push_back(*it);
  return out;
}

void ThrottleSimulator::Flush() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& r : resources_) {
    if (r != nullptr) internal::FlushSecond(options_, *r);
  }
}

StatusOr<std::vector<KeyCount>> ThrottleSimulator::TopKeys(ResourceId id,
                                                           TopKeysKind kind,
                                                           bool with_sort_key,
                                                           int k) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const internal::TopKeys& top =
      kind == TopKeysKind::kMostAccessed
          ? (with_sort_key ? r->accessed_pk_sk : r->accessed_pk)
          : (with_sort_key ? r->throttled_pk_sk : r->throttled_pk);
  return top.Top(k);
}

}  // namespace eddy::capacity
