// Copyright 2026 The eddy Authors.
//
// ThrottleSimulator::AdmitBulk against Admit: the same traffic admitted
// request by request (evenly spaced, tests/capacity/traffic.h) and as one
// flow per virtual second must admit the same number of requests per second
// within a request or two once the start-up tokens are spent, and charge
// the same units; PlanBulk must change nothing.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "emulator/capacity/simulator.h"
#include "gtest/gtest.h"
#include "tests/capacity/traffic.h"

namespace eddy::capacity {
namespace {

using ::eddy::capacity::testing::Hash;
using ::eddy::capacity::testing::Sum;
using ::eddy::capacity::testing::Tally;
using ::eddy::capacity::testing::Traffic;

const char kTableArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/bulk";

SimulatorOptions Simulate(ManualClock* clock) {
  SimulatorOptions o;
  o.mode = ThrottleMode::kSimulate;
  o.clock = clock;
  o.burst_window_seconds = 1;  // no bank: the rate alone
  return o;
}

ResourceConfig Provisioned(int64_t rcu, int64_t wcu) {
  return testing::ProvisionedTable(kTableArn, rcu, wcu);
}

// `per_second` writes of `half_units` at key `pk` (named) for `seconds`
// seconds, one AdmitBulk per second over the whole second.
std::vector<Tally> RunBulk(ManualClock* clock, ThrottleSimulator* sim,
                           ResourceId id, const std::string& pk,
                           int64_t per_second, int64_t half_units,
                           int64_t seconds) {
  std::vector<Tally> out(static_cast<size_t>(seconds));
  const int64_t start = clock->NowMicros();
  for (int64_t s = 0; s < seconds; ++s) {
    clock->SetMicros(start + s * 1'000'000);
    std::array<BulkGroup, 1> g;
    g[0].hash = Hash(pk);
    g[0].partition_key = pk;
    g[0].write_half_units = half_units;
    g[0].count = per_second;
    sim->AdmitBulk(id, g, start + (s + 1) * 1'000'000);
    out[static_cast<size_t>(s)].admitted = g[0].admitted;
    for (int64_t t : g[0].throttled) out[static_cast<size_t>(s)].throttled += t;
    EXPECT_EQ(g[0].admitted + out[static_cast<size_t>(s)].throttled,
              per_second);
  }
  clock->SetMicros(start + seconds * 1'000'000);
  return out;
}

std::vector<Tally> RunPerCall(ManualClock* clock, ThrottleSimulator* sim,
                              ResourceId id, const std::string& pk,
                              int64_t per_second, int64_t half_units,
                              int64_t seconds) {
  Traffic traffic(clock, sim);
  return traffic.Run(per_second, seconds, [&](int64_t, Access* a) {
    a->resource = id;
    a->hash = Hash(pk);
    a->partition_key = pk;
    a->write_half_units = half_units;
  });
}

TEST(BulkAdmissionTest, ProvisionedRateAsPerCall) {
  ManualClock per_call_clock, bulk_clock;
  ThrottleSimulator per_call(Simulate(&per_call_clock));
  ThrottleSimulator bulk(Simulate(&bulk_clock));
  ResourceId a = *per_call.Register(Provisioned(10, 100));
  ResourceId b = *bulk.Register(Provisioned(10, 100));
  std::vector<Tally> want = RunPerCall(&per_call_clock, &per_call, a, "k", 150,
                                       /*half_units=*/2, 20);
  std::vector<Tally> got =
      RunBulk(&bulk_clock, &bulk, b, "k", 150, /*half_units=*/2, 20);
  // Second 0 spends the table's first second of tokens; from second 2 on,
  // both admit the rate: 100 writes of 1 WCU a second.
  for (size_t s = 2; s < got.size(); ++s) {
    EXPECT_NEAR(got[s].admitted, 100, 1) << "second " << s;
    EXPECT_NEAR(got[s].admitted, want[s].admitted, 2) << "second " << s;
  }
  const Tally w = Sum(want, 0, 20), g = Sum(got, 0, 20);
  EXPECT_NEAR(g.admitted, w.admitted, w.admitted / 100);
  ResourceCounters cw = *per_call.Counters(a), cg = *bulk.Counters(b);
  EXPECT_NEAR(cg.consumed_write_half_units, cw.consumed_write_half_units,
              cw.consumed_write_half_units / 100);
  EXPECT_NEAR(cg.write_throttle_events, cw.write_throttle_events,
              cw.write_throttle_events / 50 + 2);
  EXPECT_EQ(cg.write_throttle_events_by_limit[static_cast<int>(
                LimitType::kProvisioned)],
            cg.write_throttle_events);
}

TEST(BulkAdmissionTest, HotKeyHitsItsPartitionCapAsPerCall) {
  // An on-demand table: one key written 1,500 times a second with 1 KB
  // items is held to its partition's 1,000 WCU/s, request by request or as
  // a flow, and the throttles name the partition's cap (KeyRange).
  ManualClock per_call_clock, bulk_clock;
  ThrottleSimulator per_call(Simulate(&per_call_clock));
  ThrottleSimulator bulk(Simulate(&bulk_clock));
  ResourceConfig c;
  c.arn = kTableArn;
  c.billing = Billing::kOnDemand;
  ResourceId a = *per_call.Register(c);
  ResourceId b = *bulk.Register(c);
  std::vector<Tally> want = RunPerCall(&per_call_clock, &per_call, a, "hot",
                                       1500, /*half_units=*/2, 10);
  std::vector<Tally> got =
      RunBulk(&bulk_clock, &bulk, b, "hot", 1500, /*half_units=*/2, 10);
  for (size_t s = 2; s < got.size(); ++s) {
    EXPECT_NEAR(got[s].admitted, 1000, 1) << "second " << s;
    EXPECT_NEAR(got[s].admitted, want[s].admitted, 2) << "second " << s;
  }
  ResourceCounters cg = *bulk.Counters(b);
  EXPECT_GT(cg.write_throttle_events, 0);
  EXPECT_EQ(
      cg.write_throttle_events_by_limit[static_cast<int>(LimitType::kKeyRange)],
      cg.write_throttle_events);
}

TEST(BulkAdmissionTest, PlanBulkChangesNothing) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceId t = *sim.Register(Provisioned(10, 100));
  std::array<BulkGroup, 2> g;
  g[0].hash = Hash("a");
  g[0].partition_key = "a";
  g[0].write_half_units = 2;
  g[0].count = 300;
  g[1].hash = Hash("b");
  g[1].write_half_units = 4;  // 2 KB writes, many keys of b's partition
  g[1].count = 30;
  std::array<BulkGroup, 2> plan = g, again = g;
  sim.PlanBulk(t, plan, 1'000'000);
  sim.PlanBulk(t, again, 1'000'000);
  for (size_t i = 0; i < g.size(); ++i) {
    EXPECT_EQ(plan[i].admitted, again[i].admitted) << i;
    EXPECT_EQ(plan[i].throttled, again[i].throttled) << i;
  }
  ResourceCounters before = *sim.Counters(t);
  EXPECT_EQ(before.consumed_write_half_units, 0);
  EXPECT_EQ(before.write_throttle_events, 0);
  sim.AdmitBulk(t, g, 1'000'000);
  for (size_t i = 0; i < g.size(); ++i) {
    EXPECT_EQ(g[i].admitted, plan[i].admitted) << i;
    EXPECT_EQ(g[i].throttled, plan[i].throttled) << i;
  }
  // 100 WCU a second, at most a second's tokens banked: 300 + 60 units
  // asked, at most 200 admitted; what was admitted is what was charged.
  ResourceCounters after = *sim.Counters(t);
  EXPECT_LE(g[0].admitted + 2 * g[1].admitted, 200);
  EXPECT_GT(after.write_throttle_events, 0);
  EXPECT_EQ(after.consumed_write_half_units,
            2 * g[0].admitted + 4 * g[1].admitted);
}

}  // namespace
}  // namespace eddy::capacity
