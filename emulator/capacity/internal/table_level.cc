// Copyright 2026 The eddy Authors.
//
// The table level: provisioned rate and burst, the on-demand ramp, maximum
// throughput and per-table quotas (see table_level.h).

#include "emulator/capacity/internal/table_level.h"

#include <algorithm>

#include "emulator/capacity/internal/common.h"
#include "emulator/capacity/internal/partitions.h"

namespace eddy::capacity::internal {
namespace {

// The on-demand capacity max(warm, 2 × previous peak) into r.allowed_* and
// the table buckets (`reset` fills them), and enough partitions to serve it.
void RecomputeOnDemand(const SimulatorOptions& o, Resource& r, int64_t now,
                       bool reset) {
  const int64_t warm_read =
      2 * r.config.warm_read_units.value_or(o.on_demand_warm_read_units);
  const int64_t warm_write =
      2 * r.config.warm_write_units.value_or(o.on_demand_warm_write_units);
  r.allowed_read = std::max(warm_read, 2 * r.peak_read.peak);
  r.allowed_write = std::max(warm_write, 2 * r.peak_write.peak);
  const int64_t depth =
      std::max<int64_t>(1, o.on_demand_bucket_seconds) * kMicros;
  if (reset) {
    r.table_read.Reset(r.allowed_read, depth, now);
    r.table_write.Reset(r.allowed_write, depth, now);
  } else {
    r.table_read.Reconfigure(r.allowed_read, depth, now);
    r.table_write.Reconfigure(r.allowed_write, depth, now);
  }
  // [I] Keep enough partitions to serve the on-demand capacity
  // (throughput-model.md §9.8: >= 2 × peak / cap).
  const int64_t target =
      std::max({static_cast<int64_t>(r.parts.size()),
                CeilDiv(r.allowed_read, 2 * o.partition_read_units),
                CeilDiv(r.allowed_write, 2 * o.partition_write_units)});
  r.counters.splits_for_throughput += GrowPartitions(o, r, target, now);
}

// Closes the peak window if `now` is in a later one; a higher average becomes
// a pending peak effective on_demand_doubling_seconds after the window ends.
void RollPeak(const SimulatorOptions& o, Peak& peak, int64_t now) {
  const int64_t window = std::max<int64_t>(1, o.on_demand_peak_window_seconds);
  const int64_t index = now / (window * kMicros);
  if (index == peak.window_index) return;
  if (peak.window_index >= 0 && peak.window_units > 0) {
    const int64_t average = peak.window_units / window;
    const int64_t best = peak.pending.empty()
                             ? peak.peak
                             : std::max(peak.peak, peak.pending.back().value);
    if (average > best) {
      peak.pending.push_back({(peak.window_index + 1) * window * kMicros +
                                  o.on_demand_doubling_seconds * kMicros,
                              average});
    }
  }
  peak.window_index = index;
  peak.window_units = 0;
}

// Makes the pending peaks due by `now` effective; true if the peak rose.
bool ApplyDuePeaks(Peak& peak, int64_t now) {
  bool changed = false;
  while (!peak.pending.empty() && peak.pending.front().due_micros <= now) {
    if (peak.pending.front().value > peak.peak) {
      peak.peak = peak.pending.front().value;
      changed = true;
    }
    peak.pending.pop_front();
  }
  return changed;
}

}  // namespace

void ConfigureTableLevel(const SimulatorOptions& o, Resource& r, int64_t now,
                         bool reset) {
  const int64_t one_second = kMicros;
  if (r.on_demand()) {
    // A limit that already applied keeps its tokens (an UpdateTable of
    // something else must not refill it); a new one starts full.
    const bool had_max_read = r.has_max_read && !reset;
    const bool had_max_write = r.has_max_write && !reset;
    r.has_max_read = r.config.max_read_request_units >= 1;
    r.has_max_write = r.config.max_write_request_units >= 1;
    if (r.has_max_read) {
      const int64_t rate = 2 * r.config.max_read_request_units;
      if (had_max_read) {
        r.max_read.Reconfigure(rate, one_second, now);
      } else {
        r.max_read.Reset(rate, one_second, now);
      }
    }
    if (r.has_max_write) {
      const int64_t rate = 2 * r.config.max_write_request_units;
      if (had_max_write) {
        r.max_write.Reconfigure(rate, one_second, now);
      } else {
        r.max_write.Reset(rate, one_second, now);
      }
    }
    r.has_quota_read = o.table_read_quota_units > 0;
    r.has_quota_write = o.table_write_quota_units > 0;
    if (r.has_quota_read && reset)
      r.quota_read.Reset(2 * o.table_read_quota_units, one_second, now);
    if (r.has_quota_write && reset)
      r.quota_write.Reset(2 * o.table_write_quota_units, one_second, now);
    RecomputeOnDemand(o, r, now, reset);
  } else {
    r.has_max_read = r.has_max_write = false;
    r.has_quota_read = r.has_quota_write = false;
    const int64_t depth =
        std::max<int64_t>(1, o.burst_window_seconds) * kMicros;
    if (reset) {
      r.table_read.Reset(2 * r.config.read_capacity_units, depth, now,
                         one_second);
      r.table_write.Reset(2 * r.config.write_capacity_units, depth, now,
                          one_second);
    } else {
      r.table_read.Reconfigure(2 * r.config.read_capacity_units, depth, now);
      r.table_write.Reconfigure(2 * r.config.write_capacity_units, depth, now);
    }
  }
}

void AdvanceOnDemand(const SimulatorOptions& o, Resource& r, int64_t now) {
  if (!r.on_demand()) return;
  RollPeak(o, r.peak_read, now);
  RollPeak(o, r.peak_write, now);
  const bool read_changed = ApplyDuePeaks(r.peak_read, now);
  const bool write_changed = ApplyDuePeaks(r.peak_write, now);
  if (read_changed || write_changed)
    RecomputeOnDemand(o, r, now, /*reset=*/false);
}

}  // namespace eddy::capacity::internal
