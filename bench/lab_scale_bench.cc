// Copyright 2026 The eddy Authors.
//
// The throttling simulator at the scale of issue 24, item 4: 100,000
// requests per virtual second over a table of 1,000 partitions (an
// on-demand table of 10 TB, ceil(size / 10 GB) partitions), in the
// simulator alone (emulator/capacity/simulator.h), on one core.
//
//   - BM_LabScale/seconds:N: N virtual seconds at 100,000 requests/s: 1 KB
//     puts (each adds 1,100 bytes, so partitions keep splitting for size as
//     the table grows) on uniform keys among 10 million, 1% on a hot key,
//     and a tenth of the requests with a GSI entry on a 3-value key.
//     items_per_second = simulated requests per second of real time;
//     counter `day_seconds` = the real seconds one virtual day
//     (8.64 billion requests) would take at that rate; `partitions` = the
//     table's partitions at the end; `admitted_fraction`.
//
//   build/bench/lab_scale_bench --benchmark_filter='BM_LabScale/seconds:60'
//
//   - BM_OneDayScenario/scale_1e4:N: the lab itself (RunScenario: real
//     GetItem / PutItem calls through a Database on a manual clock) on
//     model/scenarios/one_day_1000_partitions.json, the whole day at
//     --scale N / 10,000 (rates and per-second capacities x N / 10,000, the
//     partition counts of the full scale). items_per_second = calls made
//     (attempts: new requests and retries) per second of real time;
//     `virtual_day_seconds` = real seconds for the day at that scale;
//     `full_scale_day_hours` = real hours the same rate would need for the
//     6.05 billion requests of the full-scale day.
//
//   build/bench/lab_scale_bench
//   --benchmark_filter='BM_OneDayScenario/scale_1e4:10'
//
//   - BM_OneDayAggregate/hour:H/minutes:M: the same scenario at full scale in
//     the aggregate mode (model/lab/aggregate.h: each second admitted in
//     bulk, no per-request calls), M virtual minutes from hour H of the day
//     (H = 19: the peak, 100,000 requests/s over 1,000 partitions).
//     items_per_second = requests (attempts) simulated per second of real
//     time; `day_seconds_at_this_rate` = real seconds the day's 6.05 billion
//     requests would take at that rate.
//
//   build/bench/lab_scale_bench --benchmark_filter='BM_OneDayAggregate'
//
// Quotas are raised (the account and table quotas would cap 100,000 WRU/s
// at 40,000) and the warm throughput set to 200,000 WRU/s, so the figure is
// the cost of admission at this scale rather than of throttling everything.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "emulator/base/clock.h"
#include "emulator/capacity/simulator.h"
#include "emulator/storage/record.h"
#include "model/lab/scenario.h"

namespace eddy::capacity {
namespace {

constexpr int64_t kRate = 100'000;     // requests per virtual second
constexpr int64_t kKeys = 10'000'000;  // distinct partition keys
constexpr int64_t kTableBytes = 10'000LL * 1024 * 1024 * 1024;  // 1,000 parts

uint64_t XorShift(uint64_t& s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

void BM_LabScale(benchmark::State& state) {
  const int64_t seconds = state.range(0);
  const int64_t requests = seconds * kRate;
  static const std::string kStatus[3] = {"active", "pending", "done"};
  uint64_t status_hash[3];
  for (int i = 0; i < 3; ++i) {
    status_hash[i] = storage::HashPartitionKey(kStatus[i]);
  }
  int64_t admitted = 0;
  int partitions = 0;
  for (auto _ : state) {
    state.PauseTiming();
    ManualClock clock(1'699'999'200LL * 1'000'000);
    SimulatorOptions o;
    o.mode = ThrottleMode::kSimulate;
    o.clock = &clock;
    o.on_demand_warm_write_units = 200'000;
    o.on_demand_warm_read_units = 600'000;
    o.table_write_quota_units = o.table_read_quota_units = 0;
    o.account_write_quota_units = o.account_read_quota_units = 0;
    o.metrics_retention_seconds = 600;
    ThrottleSimulator sim(o);
    ResourceConfig t;
    t.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/scale";
    t.billing = Billing::kOnDemand;
    t.size_bytes = kTableBytes;
    const ResourceId table = *sim.Register(t);
    ResourceConfig g = t;
    g.arn += "/index/byStatus";
    g.kind = ResourceKind::kIndex;
    g.table = table;
    g.size_bytes = 0;
    const ResourceId index = *sim.Register(g);
    uint64_t rng = 88172645463325252ULL;
    std::string pk = "customer#0000000000";
    state.ResumeTiming();
    Access put[2];
    for (int64_t i = 0; i < requests; ++i) {
      clock.SetMicros(1'699'999'200LL * 1'000'000 + i * 1'000'000 / kRate);
      const uint64_t r = XorShift(rng);
      const int64_t k = r % 100 == 0 ? 42 : static_cast<int64_t>(r % kKeys);
      std::string digits = std::to_string(k);
      pk.replace(pk.size() - digits.size(), digits.size(), digits);
      put[0] = Access{.resource = table,
                      .hash = storage::HashPartitionKey(pk),
                      .partition_key = pk,
                      .write_half_units = 2,
                      .delta_bytes = 1100};
      size_t n = 1;
      if (i % 10 == 0) {
        const int s = static_cast<int>(i % 3);
        put[1] = Access{.resource = index,
                        .hash = status_hash[s],
                        .partition_key = kStatus[s],
                        .write_half_units = 2,
                        .delta_bytes = 130};
        n = 2;
      }
      admitted += sim.Admit({put, n}).admitted();
    }
    state.PauseTiming();
    partitions = static_cast<int>(sim.Partitions(table)->size());
    state.ResumeTiming();
  }
  const double total = static_cast<double>(state.iterations() * requests);
  state.SetItemsProcessed(state.iterations() * requests);
  state.counters["admitted_fraction"] = static_cast<double>(admitted) / total;
  state.counters["partitions"] = partitions;
  state.counters["day_seconds"] =
      benchmark::Counter(total / 8.64e9, benchmark::Counter::kIsRate |
                                             benchmark::Counter::kInvert);
}
BENCHMARK(BM_LabScale)
    ->ArgName("seconds")
    ->Arg(10)
    ->Arg(60)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

void BM_OneDayScenario(benchmark::State& state) {
  const double scale = static_cast<double>(state.range(0)) / 10'000;
  StatusOr<lab::Scenario> day =
      lab::LoadScenarioFile(std::string(EDDY_SOURCE_DIR) +
                            "/model/scenarios/one_day_1000_partitions.json");
  if (!day.ok()) {
    state.SkipWithError(day.status().ToString().c_str());
    return;
  }
  int64_t calls = 0, offered = 0;
  int partitions = 0;
  for (auto _ : state) {
    StatusOr<lab::ScenarioResult> r =
        lab::RunScenario(*day, {.rate_scale = scale});
    if (!r.ok()) {
      state.SkipWithError(r.status().ToString().c_str());
      return;
    }
    calls += r->total.attempts;
    offered += r->total.offered;
    partitions = r->Resource("")->partitions_at_end;
  }
  state.SetItemsProcessed(calls);
  state.counters["partitions"] = partitions;
  state.counters["offered"] = static_cast<double>(offered);
  state.counters["virtual_day_seconds"] = benchmark::Counter(
      static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["full_scale_day_hours"] = benchmark::Counter(
      scale * 3600,  // real time / (scale x 3,600): hours at full scale
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_OneDayScenario)
    ->ArgName("scale_1e4")
    ->Arg(10)
    ->Arg(100)
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// The aggregate mode (model/lab/aggregate.h) on the same scenario at full
// scale, for the day's first `minutes` virtual minutes from `hour` (the
// bounded case: the whole day is the CLI figure in the README).
void BM_OneDayAggregate(benchmark::State& state) {
  const int64_t hour = state.range(0);
  const int64_t minutes = state.range(1);
  StatusOr<lab::Scenario> day =
      lab::LoadScenarioFile(std::string(EDDY_SOURCE_DIR) +
                            "/model/scenarios/one_day_1000_partitions.json");
  if (!day.ok()) {
    state.SkipWithError(day.status().ToString().c_str());
    return;
  }
  // Start the day at `hour`: every rate point and update moved earlier,
  // those before it applied from the start.
  lab::Scenario s = *day;
  const int64_t shift = hour * 3600;
  for (lab::TableUpdate& u : s.updates)
    u.at_second = std::max<int64_t>(0, u.at_second - shift);
  for (lab::Stream& st : s.streams) {
    for (lab::RatePoint& p : st.rate)
      p.at_second = std::max<int64_t>(0, p.at_second - shift);
  }
  int64_t calls = 0, offered = 0;
  int partitions = 0;
  for (auto _ : state) {
    StatusOr<lab::ScenarioResult> r =
        lab::RunScenario(s, {.duration_seconds = minutes * 60,
                             .simulation = lab::Simulation::kAggregate});
    if (!r.ok()) {
      state.SkipWithError(r.status().ToString().c_str());
      return;
    }
    calls += r->total.attempts;
    offered += r->total.offered;
    partitions = r->Resource("")->partitions_at_end;
  }
  // items_per_second: requests (attempts) simulated per second of real time.
  state.SetItemsProcessed(calls);
  state.counters["partitions"] = partitions;
  state.counters["offered"] = static_cast<double>(offered);
  // Real seconds the day's 6.05 billion requests would take at this rate.
  state.counters["day_seconds_at_this_rate"] = benchmark::Counter(
      static_cast<double>(calls) / 6.05e9,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_OneDayAggregate)
    ->ArgNames({"hour", "minutes"})
    ->Args({0, 10})
    ->Args({19, 10})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

}  // namespace
}  // namespace eddy::capacity

BENCHMARK_MAIN();
