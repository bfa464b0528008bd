// Copyright 2026 The eddy Authors.
//
// Admission (see simulator.h, "Admission"; throughput-model.md §4.2): one
// request's accesses are checked against every limit of the throughput
// model, in this order, for every resource and partition they touch:
//
//   (a) on-demand maximum throughput (MaxRead/WriteRequestUnits),
//   (b) the per-table quota, then the account quota (on-demand),
//   (c) the table level (internal/table_level.h),
//   (d) the partition buckets (internal/partitions.h).
//
// All or nothing: a throttled request is charged nothing and its throttle
// events are counted; an admitted one is charged on every bucket, and its
// consumption is recorded (metrics, top keys, split-for-heat samples, stored
// bytes). With ThrottleMode::kOff every request is admitted and only the
// recording happens.
//
// Thread safety: every function here runs under ThrottleSimulator's mutex
// (Admit and AdmitBatch take it).

#include "emulator/capacity/internal/admission.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>

#include "emulator/capacity/internal/heat.h"
#include "emulator/capacity/internal/metrics.h"
#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/internal/top_keys.h"
#include "emulator/capacity/simulator.h"
#include "emulator/capacity/token_bucket.h"

namespace eddy::capacity {

using internal::Partition;
using internal::Resource;

AdmitDecision ThrottleSimulator::Admit(std::span<const Access> accesses) {
  std::lock_guard<std::mutex> lock(mu_);
  return AdmitLocked(accesses, options_.clock->NowMicros(),
                     /*count_request=*/true);
}

BatchDecision ThrottleSimulator::AdmitBatch(
    std::span<const std::span<const Access>> parts) {
  std::lock_guard<std::mutex> lock(mu_);
  const int64_t now = options_.clock->NowMicros();
  BatchDecision batch;
  batch.parts.reserve(parts.size());
  for (std::span<const Access> part : parts) {
    batch.parts.push_back(AdmitLocked(part, now, /*count_request=*/false));
    if (!batch.parts.back().admitted()) ++batch.throttled_parts;
  }
  if (batch.all_throttled()) {
    for (std::span<const Access> part : parts) {
      if (!part.empty()) {
        CountThrottledRequest(part);
        break;
      }
    }
  }
  return batch;
}

void ThrottleSimulator::CountThrottledRequest(
    std::span<const Access> accesses) {
  for (const Access& a : accesses) {
    Resource* r = Find(a.resource);
    if (r == nullptr) continue;
    // ThrottledRequests is reported on the table (an index's table).
    if (r->config.kind == ResourceKind::kIndex) {
      if (Resource* t = Find(r->config.table); t != nullptr) r = t;
    }
    AdvanceTo(*r, options_.clock->NowMicros());
    ++r->counters.throttled_requests;
    ++r->cur.throttled_requests;
    r->cur_has_data = true;
    return;
  }
}

AdmitDecision ThrottleSimulator::AdmitLocked(std::span<const Access> accesses,
                                             int64_t now, bool count_request) {
  internal::AdmitScratch& sc = *scratch_;
  const size_t n = accesses.size();
  sc.res.assign(n, nullptr);
  sc.part.assign(n, nullptr);
  for (size_t i = 0; i < n; ++i) {
    const Access& a = accesses[i];
    Resource* r = Find(a.resource);
    if (r == nullptr) continue;
    AdvanceTo(*r, now);
    sc.res[i] = r;
    sc.part[i] = r->parts[r->map.PartitionOf(a.hash, a.sort_key)].get();
  }
  const bool simulate = options_.mode == ThrottleMode::kSimulate;

  if (simulate) {
    // Aggregate what the request asks of each resource and each partition.
    sc.demands.clear();
    sc.index.clear();
    sc.res_demand.assign(n, -1);
    sc.part_demand.assign(n, -1);
    for (size_t i = 0; i < n; ++i) {
      if (sc.res[i] == nullptr) continue;
      const Access& a = accesses[i];
      const int32_t rd = sc.DemandFor(sc.res[i], nullptr);
      const int32_t pd = sc.DemandFor(sc.res[i], sc.part[i]);
      sc.res_demand[i] = rd;
      sc.part_demand[i] = pd;
      for (int32_t d : {rd, pd}) {
        sc.demands[d].read += a.read_half_units;
        sc.demands[d].write += a.write_half_units;
        if (!a.eventually_consistent)
          sc.demands[d].sc_read += a.read_half_units;
      }
    }
    using Demand = internal::AdmitScratch::Demand;
    constexpr int8_t kKeyRange = static_cast<int8_t>(LimitType::kKeyRange);
    constexpr int8_t kProvisioned =
        static_cast<int8_t>(LimitType::kProvisioned);
    constexpr int8_t kAccount = static_cast<int8_t>(LimitType::kAccountLimit);
    constexpr int8_t kMax = static_cast<int8_t>(LimitType::kMaxOnDemand);
    auto check = [now](TokenBucket& b, int64_t units) {
      b.Refill(now);
      return b.CanTake(units);
    };
    bool throttled = false;
    // (a) on-demand maximum throughput, (b) the per-table quota.
    int64_t account_read = 0, account_write = 0;
    for (Demand& d : sc.demands) {
      if (d.p != nullptr || !d.r->on_demand()) continue;
      Resource& r = *d.r;
      if (d.read > 0) {
        if (r.has_max_read && !check(r.max_read, d.read)) {
          d.fail_read = kMax;
        } else if (r.has_quota_read && !check(r.quota_read, d.read)) {
          d.fail_read = kAccount;
        } else {
          account_read += d.read;
        }
      }
      if (d.write > 0) {
        if (r.has_max_write && !check(r.max_write, d.write)) {
          d.fail_write = kMax;
        } else if (r.has_quota_write && !check(r.quota_write, d.write)) {
          d.fail_write = kAccount;
        } else {
          account_write += d.write;
        }
      }
    }
    // (b) the account quota over every on-demand resource.
    const bool account_read_fails = account_read > 0 && account_->has_read &&
                                    !check(account_->read, account_read);
    const bool account_write_fails = account_write > 0 && account_->has_write &&
                                     !check(account_->write, account_write);
    for (Demand& d : sc.demands) {
      if (d.p != nullptr) {
        // (d) partition buckets.
        Partition& p = *d.p;
        if (d.read > 0 &&
            (!check(p.read, d.read) || (d.r->sc_bucket && d.sc_read > 0 &&
                                        !check(p.sc_read, d.sc_read)))) {
          d.fail_read = kKeyRange;
        }
        if (d.write > 0 && !check(p.write, d.write)) d.fail_write = kKeyRange;
      } else {
        Resource& r = *d.r;
        if (r.on_demand()) {
          if (d.fail_read < 0 && account_read_fails && d.read > 0)
            d.fail_read = kAccount;
          if (d.fail_write < 0 && account_write_fails && d.write > 0)
            d.fail_write = kAccount;
        }
        // (c) the table level. On-demand: throttling past the current
        // capacity surfaces as KeyRange [I]: AWS has no reason of its own
        // for "more than double the previous peak".
        const int8_t table_limit = r.on_demand() ? kKeyRange : kProvisioned;
        if (d.fail_read < 0 && d.read > 0 && !check(r.table_read, d.read))
          d.fail_read = table_limit;
        if (d.fail_write < 0 && d.write > 0 && !check(r.table_write, d.write))
          d.fail_write = table_limit;
      }
      if (d.fail_read >= 0 || d.fail_write >= 0) throttled = true;
    }

    if (throttled) {
      AdmitDecision decision;
      decision.throttled.assign(n, 0);
      bool first = true;
      for (size_t i = 0; i < n; ++i) {
        Resource* r = sc.res[i];
        if (r == nullptr) continue;
        const Access& a = accesses[i];
        const Demand& rd = sc.demands[sc.res_demand[i]];
        const Demand& pd = sc.demands[sc.part_demand[i]];
        bool any = false;
        for (int write = 0; write < 2; ++write) {
          const int64_t units = write ? a.write_half_units : a.read_half_units;
          if (units <= 0) continue;
          int8_t limit = write ? rd.fail_write : rd.fail_read;
          if (limit < 0) limit = write ? pd.fail_write : pd.fail_read;
          if (limit < 0) continue;
          any = true;
          decision.throttled[i] |= static_cast<uint8_t>(1 << write);
          const LimitType lt = static_cast<LimitType>(limit);
          if (first) {
            first = false;
            decision.first_kind = r->config.kind;
            decision.error = lt == LimitType::kAccountLimit
                                 ? ErrorCode::kRequestLimitExceeded
                             : r->on_demand()
                                 ? ErrorCode::kThrottling
                                 : ErrorCode::kProvisionedThroughputExceeded;
          }
          bool seen = false;
          for (const AdmitDecision::Reason& t : decision.compact_reasons) {
            if (t.kind == r->config.kind && t.write == (write != 0) &&
                t.limit == lt && t.arn == r->arn) {
              seen = true;
              break;
            }
          }
          if (!seen) {
            decision.compact_reasons.push_back(
                AdmitDecision::Reason{r->config.kind, write != 0, lt, r->arn});
          }
          // Metrics of the throttled event.
          ResourceCounters& c = r->counters;
          PartitionSecond& ps = internal::SlotOf(*r, *sc.part[i]);
          if (write) {
            ++c.write_throttle_events;
            ++c.write_throttle_events_by_limit[limit];
            c.throttled_write_half_units_by_limit[limit] += units;
            ++r->cur.write_throttle_events;
            r->cur.throttled_write_by_limit[limit] += units;
            ps.throttled_write += units;
          } else {
            ++c.read_throttle_events;
            ++c.read_throttle_events_by_limit[limit];
            c.throttled_read_half_units_by_limit[limit] += units;
            ++r->cur.read_throttle_events;
            r->cur.throttled_read_by_limit[limit] += units;
            ps.throttled_read += units;
          }
        }
        if (any) {
          // Contributor Insights ThrottleCount: only accesses throttled
          // themselves (a base write throttled by its GSI is not counted).
          r->throttled_pk.Add(a.hash, a.partition_key, {}, 1);
          if (!a.sort_key.empty()) {
            r->throttled_pk_sk.Add(internal::KeyId(a.hash, a.sort_key),
                                   a.partition_key, a.sort_key, 1);
          }
        }
      }
      if (count_request) CountThrottledRequest(accesses);
      return decision;
    }

    // Admitted: charge every bucket.
    for (Demand& d : sc.demands) {
      if (d.p != nullptr) {
        d.p->read.Take(d.read);
        if (d.r->sc_bucket) d.p->sc_read.Take(d.sc_read);
        d.p->write.Take(d.write);
        continue;
      }
      Resource& r = *d.r;
      r.table_read.Take(d.read);
      r.table_write.Take(d.write);
      if (r.on_demand()) {
        if (r.has_max_read) r.max_read.Take(d.read);
        if (r.has_max_write) r.max_write.Take(d.write);
        if (r.has_quota_read) r.quota_read.Take(d.read);
        if (r.has_quota_write) r.quota_write.Take(d.write);
        r.peak_read.window_units += d.read;
        r.peak_write.window_units += d.write;
      }
    }
    if (account_->has_read) account_->read.Take(account_read);
    if (account_->has_write) account_->write.Take(account_write);
  }

  // Record consumption (both modes).
  for (size_t i = 0; i < n; ++i) {
    Resource* r = sc.res[i];
    if (r == nullptr) continue;
    const Access& a = accesses[i];
    Partition& p = *sc.part[i];
    r->counters.consumed_read_half_units += a.read_half_units;
    r->counters.consumed_write_half_units += a.write_half_units;
    r->cur.consumed_read += a.read_half_units;
    r->cur.consumed_write += a.write_half_units;
    PartitionSecond& ps = internal::SlotOf(*r, p);
    ps.consumed_read += a.read_half_units;
    ps.consumed_write += a.write_half_units;
    const int64_t weight = 3 * a.write_half_units + a.read_half_units;
    r->accessed_pk.Add(a.hash, a.partition_key, {}, weight);
    if (!a.sort_key.empty()) {
      r->accessed_pk_sk.Add(internal::KeyId(a.hash, a.sort_key),
                            a.partition_key, a.sort_key, weight);
    }
    if (simulate && options_.split_for_heat)
      internal::SampleAccess(options_, *r, p, a);
  }
  // Stored bytes last: a split for size may retire partitions looked up above.
  for (size_t i = 0; i < n; ++i) {
    if (sc.res[i] != nullptr && accesses[i].delta_bytes != 0) {
      AddBytesLocked(*sc.res[i], accesses[i].hash, accesses[i].sort_key,
                     accesses[i].delta_bytes, now);
    }
  }
  return AdmitDecision{};
}

}  // namespace eddy::capacity
