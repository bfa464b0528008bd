// Copyright 2026 The eddy Authors.
//
// Bulk admission (see simulator.h, "Bulk admission"): a window of requests
// admitted as a flow. The bucket arithmetic is TokenBucket's (Refill, then
// SpreadSupply / TakeSpread, the fluid form of CanTake / Take); the limits,
// their order and the metrics are admission.cc's, per group instead of per
// request:
//
//   1. each partition's buckets admit min(1, supply / demand) of the
//      requests asking them (reads, strongly consistent reads, writes);
//   2. the resource level (on-demand maximum, per-table quota, account
//      quota, the table's provisioned or on-demand capacity) admits the
//      same fraction of what the partitions admitted, the tightest level
//      naming the limit;
//   3. shares are rounded cumulatively in group order, so a partition
//      admits exactly floor(supply / units) requests of one size.
//
// Thread safety: under ThrottleSimulator's mutex, like Admit.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <span>

#include "emulator/capacity/internal/admission.h"
#include "emulator/capacity/internal/heat.h"
#include "emulator/capacity/internal/metrics.h"
#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/simulator.h"
#include "emulator/capacity/token_bucket.h"

namespace eddy::capacity {
namespace {

using internal::Partition;
using internal::Resource;

// The fraction of `demand` half-units a bucket gives over the window.
double Ratio(TokenBucket& b, int64_t demand, int64_t now, int64_t to) {
  if (demand <= 0) return 1;
  b.Refill(now);
  const int64_t supply = b.SpreadSupply(to);
  return supply >= demand
             ? 1.0
             : static_cast<double>(supply) / static_cast<double>(demand);
}

// floor(x) robust to the last bit of a product of exact shares.
int64_t Floor(double x) { return static_cast<int64_t>(std::floor(x + 1e-9)); }

// One resource-level limit on reads or writes: the fraction it admits and
// the LimitType it throttles with.
struct Level {
  double ratio = 1;
  int8_t limit = -1;
  void Tighten(double r, LimitType l) {
    if (r < ratio) {
      ratio = r;
      limit = static_cast<int8_t>(l);
    }
  }
};

}  // namespace

void ThrottleSimulator::AdmitBulk(ResourceId id, std::span<BulkGroup> groups,
                                  int64_t to_micros) {
  std::lock_guard<std::mutex> lock(mu_);
  BulkLocked(id, groups, to_micros, /*commit=*/true);
}

void ThrottleSimulator::PlanBulk(ResourceId id, std::span<BulkGroup> groups,
                                 int64_t to_micros) {
  std::lock_guard<std::mutex> lock(mu_);
  BulkLocked(id, groups, to_micros, /*commit=*/false);
}

void ThrottleSimulator::BulkLocked(ResourceId id, std::span<BulkGroup> groups,
                                   int64_t to_micros, bool commit) {
  const int64_t now = options_.clock->NowMicros();
  const int64_t to = std::max(to_micros, now);
  for (BulkGroup& g : groups) {
    g.admitted = g.count;
    g.throttled.fill(0);
  }
  Resource* r = Find(id);
  if (r == nullptr) return;
  AdvanceTo(*r, now);
  const bool simulate = options_.mode == ThrottleMode::kSimulate;
  internal::AdmitScratch& sc = *scratch_;
  const size_t n = groups.size();
  sc.bulk.assign(r->parts.size(), {});
  sc.bulk_part.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const BulkGroup& g = groups[i];
    const int32_t p = r->map.PartitionOf(g.hash, {});
    sc.bulk_part[i] = p;
    if (g.count <= 0) continue;
    internal::AdmitScratch::BulkDemand& d = sc.bulk[static_cast<size_t>(p)];
    d.read += g.count * g.read_half_units;
    if (!g.eventually_consistent) d.sc_read += g.count * g.read_half_units;
    d.write += g.count * g.write_half_units;
  }

  if (simulate) {
    constexpr LimitType kKeyRange = LimitType::kKeyRange;
    // 1. The partitions.
    for (size_t p = 0; p < sc.bulk.size(); ++p) {
      internal::AdmitScratch::BulkDemand& d = sc.bulk[p];
      Partition& part = *r->parts[p];
      d.read_ratio = Ratio(part.read, d.read, now, to);
      d.sc_ratio = r->sc_bucket ? Ratio(part.sc_read, d.sc_read, now, to) : 1.0;
      d.write_ratio = Ratio(part.write, d.write, now, to);
    }
    int64_t read = 0, write = 0;  // half-units the partitions admit
    for (size_t i = 0; i < n; ++i) {
      BulkGroup& g = groups[i];
      if (g.count <= 0) continue;
      internal::AdmitScratch::BulkDemand& d =
          sc.bulk[static_cast<size_t>(sc.bulk_part[i])];
      double ratio = 1;
      double* seen = &d.write_seen;
      if (g.read_half_units > 0) {
        ratio = std::min(ratio, d.read_ratio);
        if (!g.eventually_consistent) ratio = std::min(ratio, d.sc_ratio);
        seen = &d.read_seen;
      }
      if (g.write_half_units > 0) ratio = std::min(ratio, d.write_ratio);
      const double before = *seen;
      *seen += static_cast<double>(g.count);
      g.admitted =
          ratio >= 1
              ? g.count
              : std::clamp<int64_t>(
                    Floor(*seen * ratio) - Floor(before * ratio), 0, g.count);
      g.throttled[static_cast<size_t>(kKeyRange)] = g.count - g.admitted;
      read += g.admitted * g.read_half_units;
      write += g.admitted * g.write_half_units;
    }
    // 2. The resource level, on what the partitions admitted.
    Level lr, lw;
    if (r->on_demand()) {
      if (r->has_max_read)
        lr.Tighten(Ratio(r->max_read, read, now, to), LimitType::kMaxOnDemand);
      if (r->has_max_write) {
        lw.Tighten(Ratio(r->max_write, write, now, to),
                   LimitType::kMaxOnDemand);
      }
      if (r->has_quota_read) {
        lr.Tighten(Ratio(r->quota_read, read, now, to),
                   LimitType::kAccountLimit);
      }
      if (r->has_quota_write) {
        lw.Tighten(Ratio(r->quota_write, write, now, to),
                   LimitType::kAccountLimit);
      }
      if (account_->has_read) {
        lr.Tighten(Ratio(account_->read, read, now, to),
                   LimitType::kAccountLimit);
      }
      if (account_->has_write) {
        lw.Tighten(Ratio(account_->write, write, now, to),
                   LimitType::kAccountLimit);
      }
    }
    // On-demand: throttling past the current capacity surfaces as KeyRange
    // (admission.cc).
    const LimitType table_limit =
        r->on_demand() ? LimitType::kKeyRange : LimitType::kProvisioned;
    lr.Tighten(Ratio(r->table_read, read, now, to), table_limit);
    lw.Tighten(Ratio(r->table_write, write, now, to), table_limit);
    if (lr.limit >= 0 || lw.limit >= 0) {
      double read_seen = 0, write_seen = 0;
      read = write = 0;
      for (BulkGroup& g : groups) {
        if (g.admitted <= 0) continue;
        double ratio = 1;
        double* seen = &write_seen;
        int8_t limit = -1;
        if (g.read_half_units > 0 && lr.limit >= 0) {
          ratio = lr.ratio;
          limit = lr.limit;
          seen = &read_seen;
        }
        if (g.write_half_units > 0 && lw.limit >= 0 && lw.ratio < ratio) {
          ratio = lw.ratio;
          limit = lw.limit;
        }
        if (limit >= 0) {
          const double before = *seen;
          *seen += static_cast<double>(g.admitted);
          const int64_t kept = std::clamp<int64_t>(
              Floor(*seen * ratio) - Floor(before * ratio), 0, g.admitted);
          g.throttled[static_cast<size_t>(limit)] += g.admitted - kept;
          g.admitted = kept;
        }
        read += g.admitted * g.read_half_units;
        write += g.admitted * g.write_half_units;
      }
    }
    if (!commit) return;

    // Charge the admitted flow.
    for (auto& d : sc.bulk) d.read = d.sc_read = d.write = 0;
    for (size_t i = 0; i < n; ++i) {
      const BulkGroup& g = groups[i];
      internal::AdmitScratch::BulkDemand& d =
          sc.bulk[static_cast<size_t>(sc.bulk_part[i])];
      d.read += g.admitted * g.read_half_units;
      if (!g.eventually_consistent) d.sc_read += g.admitted * g.read_half_units;
      d.write += g.admitted * g.write_half_units;
    }
    for (size_t p = 0; p < sc.bulk.size(); ++p) {
      const internal::AdmitScratch::BulkDemand& d = sc.bulk[p];
      Partition& part = *r->parts[p];
      if (d.read > 0) part.read.TakeSpread(d.read, to);
      if (r->sc_bucket && d.sc_read > 0) part.sc_read.TakeSpread(d.sc_read, to);
      if (d.write > 0) part.write.TakeSpread(d.write, to);
    }
    r->table_read.TakeSpread(read, to);
    r->table_write.TakeSpread(write, to);
    if (r->on_demand()) {
      if (r->has_max_read) r->max_read.TakeSpread(read, to);
      if (r->has_max_write) r->max_write.TakeSpread(write, to);
      if (r->has_quota_read) r->quota_read.TakeSpread(read, to);
      if (r->has_quota_write) r->quota_write.TakeSpread(write, to);
      if (account_->has_read) account_->read.TakeSpread(read, to);
      if (account_->has_write) account_->write.TakeSpread(write, to);
      r->peak_read.window_units += read;
      r->peak_write.window_units += write;
    }
  } else if (!commit) {
    return;
  }

  // Record, as admission.cc records each request.
  int64_t throttled_requests = 0;
  for (size_t i = 0; i < n; ++i) {
    const BulkGroup& g = groups[i];
    if (g.count <= 0) continue;
    Partition& p = *r->parts[static_cast<size_t>(sc.bulk_part[i])];
    PartitionSecond& ps = internal::SlotOf(*r, p);
    ResourceCounters& c = r->counters;
    const int64_t read = g.admitted * g.read_half_units;
    const int64_t write = g.admitted * g.write_half_units;
    c.consumed_read_half_units += read;
    c.consumed_write_half_units += write;
    r->cur.consumed_read += read;
    r->cur.consumed_write += write;
    ps.consumed_read += read;
    ps.consumed_write += write;
    int64_t throttled = 0;
    for (size_t l = 0; l < g.throttled.size(); ++l) {
      const int64_t t = g.throttled[l];
      if (t <= 0) continue;
      throttled += t;
      if (g.read_half_units > 0) {
        c.read_throttle_events += t;
        c.read_throttle_events_by_limit[l] += t;
        c.throttled_read_half_units_by_limit[l] += t * g.read_half_units;
        r->cur.read_throttle_events += t;
        r->cur.throttled_read_by_limit[l] += t * g.read_half_units;
        ps.throttled_read += t * g.read_half_units;
      }
      if (g.write_half_units > 0) {
        c.write_throttle_events += t;
        c.write_throttle_events_by_limit[l] += t;
        c.throttled_write_half_units_by_limit[l] += t * g.write_half_units;
        r->cur.write_throttle_events += t;
        r->cur.throttled_write_by_limit[l] += t * g.write_half_units;
        ps.throttled_write += t * g.write_half_units;
      }
    }
    throttled_requests += throttled;
    if (!g.partition_key.empty()) {
      const int64_t weight = 3 * g.write_half_units + g.read_half_units;
      if (g.admitted > 0)
        r->accessed_pk.Add(g.hash, g.partition_key, {}, weight * g.admitted);
      if (throttled > 0)
        r->throttled_pk.Add(g.hash, g.partition_key, {}, throttled);
    }
    if (simulate && options_.split_for_heat && g.admitted > 0) {
      Access a;
      a.resource = id;
      a.hash = g.hash;
      a.partition_key = g.partition_key;
      a.read_half_units = g.read_half_units;
      a.write_half_units = g.write_half_units;
      internal::SampleAccesses(options_, *r, p, a, g.admitted);
    }
  }
  if (throttled_requests > 0) {
    // ThrottledRequests is reported on the table (an index's table).
    Resource* t = r;
    if (r->config.kind == ResourceKind::kIndex) {
      if (Resource* table = Find(r->config.table); table != nullptr) {
        t = table;
        AdvanceTo(*t, now);
      }
    }
    t->counters.throttled_requests += throttled_requests;
    t->cur.throttled_requests += throttled_requests;
    t->cur_has_data = true;
  }
}

}  // namespace eddy::capacity
