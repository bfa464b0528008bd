// Copyright 2026 The eddy Authors.
//
// Unit tests of the throttling simulator: reasons and statuses, each check of
// the admission order, all-or-nothing, batches and transactions, metrics,
// splits, determinism, kOff.

#include "emulator/capacity/simulator.h"

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/capacity/traffic.h"

namespace eddy::capacity {
namespace {

using ::eddy::capacity::testing::Hash;
using ::eddy::capacity::testing::KeysInPartition;
using ::eddy::capacity::testing::Sum;
using ::eddy::capacity::testing::Tally;
using ::eddy::capacity::testing::Traffic;
using ::testing::ElementsAre;
using ::testing::Field;

const char kTableArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/t";
const char kIndexArn[] =
    "arn:aws:dynamodb:us-east-1:000000000000:table/t/index/g";

SimulatorOptions Simulate(ManualClock* clock) {
  SimulatorOptions o;
  o.mode = ThrottleMode::kSimulate;
  o.clock = clock;
  return o;
}

ResourceConfig Provisioned(int64_t rcu, int64_t wcu) {
  return testing::ProvisionedTable(kTableArn, rcu, wcu);
}

ResourceConfig OnDemand() {
  ResourceConfig c;
  c.arn = kTableArn;
  c.billing = Billing::kOnDemand;
  return c;
}

Access Write(ResourceId r, std::string_view pk, int64_t half_units = 2) {
  Access a;
  a.resource = r;
  a.hash = Hash(pk);
  a.partition_key = pk;
  a.write_half_units = half_units;
  return a;
}

Access Read(ResourceId r, std::string_view pk, int64_t half_units = 2) {
  Access a = Write(r, pk, 0);
  a.read_half_units = half_units;
  return a;
}

TEST(ThrottlingReasonTest, NamesFollowTheDocumentedPattern) {
  EXPECT_EQ(
      ThrottlingReasonName(ResourceKind::kTable, true, LimitType::kKeyRange),
      "TableWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(ThrottlingReasonName(ResourceKind::kTable, false,
                                 LimitType::kProvisioned),
            "TableReadProvisionedThroughputExceeded");
  EXPECT_EQ(ThrottlingReasonName(ResourceKind::kIndex, true,
                                 LimitType::kAccountLimit),
            "IndexWriteAccountLimitExceeded");
  EXPECT_EQ(ThrottlingReasonName(ResourceKind::kIndex, false,
                                 LimitType::kMaxOnDemand),
            "IndexReadMaxOnDemandThroughputExceeded");
}

TEST(SimulatorTest, RegisterValidatesAndCountsPartitions) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  EXPECT_THAT(sim.Register(ResourceConfig{}),
              StatusIs(ErrorCode::kValidation, ""));
  EXPECT_THAT(sim.Register(Provisioned(0, 5)),
              StatusIs(ErrorCode::kValidation, ""));
  ResourceConfig bad_max = OnDemand();
  bad_max.max_write_request_units = 0;
  EXPECT_THAT(sim.Register(bad_max), StatusIs(ErrorCode::kValidation, ""));
  ResourceConfig orphan = OnDemand();
  orphan.kind = ResourceKind::kIndex;
  orphan.table = 42;
  EXPECT_THAT(sim.Register(orphan), StatusIs(ErrorCode::kValidation, ""));

  ResourceId p = *sim.Register(Provisioned(5000, 2000));
  EXPECT_EQ(sim.PartitionStarts(p)->size(), 4u);
  ResourceId d = *sim.Register(OnDemand());
  EXPECT_EQ(sim.PartitionStarts(d)->size(), 4u);
  ResourceConfig big = Provisioned(1, 1);
  big.size_bytes = 35LL * 1024 * 1024 * 1024;
  EXPECT_EQ(sim.PartitionStarts(*sim.Register(big))->size(), 4u);
  EXPECT_THAT(sim.Counters(99), StatusIs(ErrorCode::kResourceNotFound, ""));
  EXPECT_THAT(sim.Remove(p), IsOk());
  EXPECT_THAT(sim.Remove(p), StatusIs(ErrorCode::kResourceNotFound, ""));
  // Accesses to a removed resource are ignored.
  Access a = Write(p, "k");
  EXPECT_TRUE(sim.Admit({&a, 1}).admitted());
}

TEST(SimulatorTest, ProvisionedTableThrottlesPastItsRate) {
  ManualClock clock;
  SimulatorOptions o = Simulate(&clock);
  o.burst_window_seconds = 1;  // no bank: just the rate
  ThrottleSimulator sim(o);
  ResourceId t = *sim.Register(Provisioned(10, 100));
  Traffic traffic(&clock, &sim);
  int n = 0;
  std::string pk;
  std::vector<Tally> tally = traffic.Run(150, 20, [&](int64_t, Access* a) {
    pk = "k" + std::to_string(n++ % 1000);
    *a = Write(t, pk);
  });
  // One second of tokens at the start is spent by second 2; then 100 WCU/s.
  for (size_t s = 2; s < tally.size(); ++s) {
    EXPECT_NEAR(tally[s].admitted, 100, 1) << "second " << s;
  }
  ASSERT_TRUE(traffic.first_throttle().has_value());
  const AdmitDecision& d = *traffic.first_throttle();
  EXPECT_EQ(d.error, ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_THAT(d.reasons(), ElementsAre(AllOf(
                               Field(&ThrottlingReason::reason,
                                     "TableWriteProvisionedThroughputExceeded"),
                               Field(&ThrottlingReason::resource, kTableArn))));
  Status s = d.ToStatus();
  EXPECT_EQ(s.code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_EQ(s.message(),
            "The level of configured provisioned throughput for the table was "
            "exceeded. Consider increasing your provisioning level with the "
            "UpdateTable API.");
  EXPECT_EQ(s.throttling_reasons().size(), 1u);
  ResourceCounters c = *sim.Counters(t);
  EXPECT_EQ(c.consumed_write_half_units, 2 * Sum(tally, 0, 20).admitted);
  EXPECT_EQ(c.write_throttle_events, Sum(tally, 0, 20).throttled);
  EXPECT_EQ(c.write_throttle_events_by_limit[static_cast<int>(
                LimitType::kProvisioned)],
            c.write_throttle_events);
  EXPECT_EQ(c.throttled_requests, c.write_throttle_events);
  EXPECT_EQ(c.read_throttle_events, 0);
}

TEST(SimulatorTest, MaxOnDemandThroughputComesFirst) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceConfig c = OnDemand();
  c.max_write_request_units = 50;
  ResourceId t = *sim.Register(c);
  Traffic traffic(&clock, &sim);
  int n = 0;
  std::string pk;
  std::vector<Tally> tally = traffic.Run(100, 10, [&](int64_t, Access* a) {
    pk = "k" + std::to_string(n++);
    *a = Write(t, pk);
  });
  for (size_t s = 2; s < tally.size(); ++s)
    EXPECT_NEAR(tally[s].admitted, 50, 1);
  const AdmitDecision& d = *traffic.first_throttle();
  EXPECT_EQ(d.error, ErrorCode::kThrottling);
  ASSERT_EQ(d.reasons().size(), 1u);
  EXPECT_EQ(d.reasons()[0].reason, "TableWriteMaxOnDemandThroughputExceeded");
  EXPECT_EQ(d.ToStatus().code(), ErrorCode::kThrottling);
  EXPECT_EQ(sim.Counters(t)->write_throttle_events_by_limit[static_cast<int>(
                LimitType::kMaxOnDemand)],
            Sum(tally, 0, 10).throttled);
  // Reads are limited independently.
  Access r = Read(t, "k1");
  EXPECT_TRUE(sim.Admit({&r, 1}).admitted());
}

// UpdateTable: a new maximum applies at once; tokens already spent stay
// spent (an update does not refill the bucket), and -1 lifts the limit.
TEST(SimulatorTest, MaxOnDemandThroughputChangesAtRuntime) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceConfig c = OnDemand();
  c.max_write_request_units = 10;
  ResourceId t = *sim.Register(c);
  int n = 0;
  auto burst = [&](int count) {
    int admitted = 0;
    for (int i = 0; i < count; ++i) {
      const std::string pk = "k" + std::to_string(n++);
      Access a = Write(t, pk);
      admitted += sim.Admit({&a, 1}).admitted();
    }
    return admitted;
  };
  EXPECT_EQ(burst(20), 10);  // the bucket starts full: 1 s of 10 WCU
  c.max_write_request_units = 100;
  ASSERT_THAT(sim.Update(t, c), IsOk());
  EXPECT_EQ(burst(5), 0);  // still empty
  clock.AdvanceMicros(100'000);
  EXPECT_EQ(burst(20), 10);  // 100 ms at the new 100 WCU/s
  c.max_write_request_units = -1;
  ASSERT_THAT(sim.Update(t, c), IsOk());
  EXPECT_EQ(burst(500), 500);
  // Set again: a limit that did not apply before starts full.
  c.max_write_request_units = 30;
  ASSERT_THAT(sim.Update(t, c), IsOk());
  clock.AdvanceMicros(2'000'000);
  EXPECT_EQ(burst(40), 30);
}

TEST(SimulatorTest, TableAndAccountQuotasThrowRequestLimitExceeded) {
  ManualClock clock;
  SimulatorOptions o = Simulate(&clock);
  o.table_write_quota_units = 300;
  o.account_write_quota_units = 500;
  ThrottleSimulator sim(o);
  ResourceId a = *sim.Register(OnDemand());
  ResourceConfig second = OnDemand();
  second.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/u";
  ResourceId b = *sim.Register(second);
  Traffic traffic(&clock, &sim);
  int n = 0;
  std::string pk;
  // 400 WCU/s on one table: its 300 quota binds (after the first full
  // second of tokens is spent).
  std::vector<Tally> one = traffic.Run(400, 10, [&](int64_t, Access* x) {
    pk = "k" + std::to_string(n++);
    *x = Write(a, pk);
  });
  for (size_t s = 5; s < 10; ++s) EXPECT_NEAR(one[s].admitted, 300, 1);
  AdmitDecision d = *traffic.first_throttle();
  EXPECT_EQ(d.error, ErrorCode::kRequestLimitExceeded);
  EXPECT_EQ(d.reasons()[0].reason, "TableWriteAccountLimitExceeded");
  EXPECT_THAT(d.ToStatus(), StatusIs(ErrorCode::kRequestLimitExceeded,
                                     "current throughput quota"));
  // 2 × 280 WCU/s over two tables: the account's 500 binds.
  std::vector<Tally> two = traffic.Run(560, 20, [&](int64_t i, Access* x) {
    pk = "k" + std::to_string(n++);
    *x = Write(i % 2 ? a : b, pk);
  });
  for (size_t s = 15; s < 20; ++s) EXPECT_NEAR(two[s].admitted, 500, 1);
}

TEST(SimulatorTest, ThrottledRequestsAreAllOrNothing) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceId t = *sim.Register(OnDemand());
  const std::vector<std::string> p0 = KeysInPartition(sim, t, 0, 2, "a");
  const std::vector<std::string> p1 = KeysInPartition(sim, t, 1, 1, "b");
  // Drain partition 0's write bucket (1,000 WCU) at one instant.
  Access hot = Write(t, p0[0], 2000);
  ASSERT_TRUE(sim.Admit({&hot, 1}).admitted());
  const int64_t consumed = sim.Counters(t)->consumed_write_half_units;
  // A transaction writing to partitions 1 and 0: throttled as a whole.
  std::vector<Access> tx = {Write(t, p1[0], 1900), Write(t, p0[1])};
  AdmitDecision d = sim.Admit(tx);
  ASSERT_FALSE(d.admitted());
  EXPECT_FALSE(d.AccessThrottled(0));
  EXPECT_TRUE(d.AccessThrottled(1));
  EXPECT_EQ(d.reasons()[0].reason, "TableWriteKeyRangeThroughputExceeded");
  CancellationReason reason = d.ToCancellationReason();
  EXPECT_EQ(reason.code, "ThrottlingError");
  EXPECT_THAT(reason.message, ::testing::HasSubstr("hot key"));
  EXPECT_EQ(sim.Counters(t)->consumed_write_half_units, consumed);
  // Partition 1 was charged nothing: its full second is still there.
  Access rest = Write(t, p1[0], 2000);
  EXPECT_TRUE(sim.Admit({&rest, 1}).admitted());
  // Only the throttled access counts as a throttled key.
  std::vector<KeyCount> top =
      *sim.TopKeys(t, TopKeysKind::kMostThrottled, false, 10);
  ASSERT_EQ(top.size(), 1u);
  EXPECT_EQ(top[0].partition_key, p0[1]);
}

TEST(SimulatorTest, ProvisionedTransactionCancellationCode) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceId t = *sim.Register(Provisioned(5, 5));
  Access big = Write(t, "k", 20);  // 10 WCU on a 5 WCU table (1 s of tokens)
  AdmitDecision d = sim.Admit({&big, 1});
  ASSERT_FALSE(d.admitted());
  EXPECT_EQ(d.ToCancellationReason().code, "ProvisionedThroughputExceeded");
}

TEST(SimulatorTest, GsiWriteBackPressureAndReadIsolation) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceId t = *sim.Register(Provisioned(1000, 1000));
  ResourceConfig g = Provisioned(10, 10);
  g.arn = kIndexArn;
  g.kind = ResourceKind::kIndex;
  g.table = t;
  ResourceId i = *sim.Register(g);
  // Index write capacity exhausted: the base write is throttled with the
  // index's reason and ARN; the base access itself is not throttled.
  Access drain = Write(i, "status#active", 20);
  ASSERT_TRUE(sim.Admit({&drain, 1}).admitted());
  std::vector<Access> put = {Write(t, "user1"), Write(i, "status#active")};
  AdmitDecision d = sim.Admit(put);
  ASSERT_FALSE(d.admitted());
  EXPECT_EQ(d.error, ErrorCode::kProvisionedThroughputExceeded);
  ASSERT_EQ(d.reasons().size(), 1u);
  EXPECT_EQ(d.reasons()[0].reason, "IndexWriteProvisionedThroughputExceeded");
  EXPECT_EQ(d.reasons()[0].resource, kIndexArn);
  EXPECT_FALSE(d.AccessThrottled(0));
  EXPECT_EQ(d.ToStatus().message(),
            "The level of configured provisioned throughput for one or more "
            "global secondary indexes of the table was exceeded. Consider "
            "increasing your provisioning level for the under-provisioned "
            "global secondary indexes with the UpdateTable API.");
  EXPECT_EQ(sim.Counters(t)->throttled_requests, 1);  // on the table
  EXPECT_EQ(sim.Counters(t)->write_throttle_events, 0);
  EXPECT_EQ(sim.Counters(i)->write_throttle_events, 1);  // on the index
  // Exhausted index reads never touch base-table writes.
  Access read_drain = Read(i, "status#active", 20);
  ASSERT_TRUE(sim.Admit({&read_drain, 1}).admitted());
  Access index_read = Read(i, "status#active");
  EXPECT_FALSE(sim.Admit({&index_read, 1}).admitted());
  Access base = Write(t, "user2");
  EXPECT_TRUE(sim.Admit({&base, 1}).admitted());
}

TEST(SimulatorTest, BatchFailsOnlyWhenEveryPartIsThrottled) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceId t = *sim.Register(OnDemand());
  const std::vector<std::string> keys = KeysInPartition(sim, t, 2, 3, "k");
  Access drain = Write(t, keys[0], 1998);  // leaves 1 WCU
  ASSERT_TRUE(sim.Admit({&drain, 1}).admitted());
  std::vector<Access> items = {Write(t, keys[1]), Write(t, keys[2])};
  std::vector<std::span<const Access>> parts = {{&items[0], 1}, {&items[1], 1}};
  BatchDecision b = sim.AdmitBatch(parts);
  EXPECT_TRUE(b.parts[0].admitted());
  EXPECT_FALSE(b.parts[1].admitted());
  EXPECT_FALSE(b.all_throttled());
  EXPECT_THAT(b.ToStatus(), IsOk());
  EXPECT_EQ(sim.Counters(t)->throttled_requests, 0);
  EXPECT_EQ(sim.Counters(t)->write_throttle_events, 1);
  b = sim.AdmitBatch(parts);
  EXPECT_TRUE(b.all_throttled());
  EXPECT_THAT(b.ToStatus(), StatusIs(ErrorCode::kThrottling, ""));
  EXPECT_EQ(sim.Counters(t)->throttled_requests, 1);
  EXPECT_EQ(sim.Counters(t)->write_throttle_events, 3);
}

TEST(SimulatorTest, EventuallyConsistentCeilingIsAnOption) {
  ManualClock clock;
  SimulatorOptions o = Simulate(&clock);
  o.eventually_consistent_read_partition_units = 4500;
  ThrottleSimulator sim(o);
  ResourceId t = *sim.Register(Provisioned(100000, 10));
  Access sc = Read(t, "k", 2 * 3000);
  EXPECT_TRUE(sim.Admit({&sc, 1}).admitted());
  Access more_sc = Read(t, "k", 2);
  EXPECT_FALSE(sim.Admit({&more_sc, 1}).admitted());
  Access ec = Read(t, "k", 2 * 1500);
  ec.eventually_consistent = true;
  EXPECT_TRUE(sim.Admit({&ec, 1}).admitted());
  EXPECT_FALSE(sim.Admit({&ec, 1}).admitted());
}

TEST(SimulatorTest, OffModeAdmitsEverythingAndStillCounts) {
  ManualClock clock;
  SimulatorOptions o;
  o.clock = &clock;  // kOff is the default
  ThrottleSimulator sim(o);
  ResourceId t = *sim.Register(Provisioned(1, 1));
  Traffic traffic(&clock, &sim);
  std::vector<Tally> tally =
      traffic.Run(5000, 400, [&](int64_t, Access* a) { *a = Write(t, "hot"); });
  EXPECT_EQ(Sum(tally, 0, 400).throttled, 0);
  ResourceCounters c = *sim.Counters(t);
  EXPECT_EQ(c.consumed_write_half_units, 2 * 5000 * 400);
  EXPECT_EQ(c.splits_for_heat, 0);
  // Reading at t = 400 s closes second 399.
  std::vector<SecondMetrics> series = *sim.Series(t, 0, 400);
  ASSERT_EQ(series.size(), 400u);
  EXPECT_EQ(series[10].consumed_write, 2 * 5000);
  std::vector<KeyCount> top =
      *sim.TopKeys(t, TopKeysKind::kMostAccessed, false, 1);
  EXPECT_EQ(top[0].partition_key, "hot");
  EXPECT_EQ(top[0].count, 3 * 2 * 5000 * 400);  // 3 × write half-units
}

TEST(SimulatorTest, SeriesKeepPartitionsAndAreBounded) {
  ManualClock clock;
  SimulatorOptions o = Simulate(&clock);
  o.metrics_retention_seconds = 100;
  ThrottleSimulator sim(o);
  ResourceId t = *sim.Register(OnDemand());
  const std::vector<std::string> hot = KeysInPartition(sim, t, 3, 1, "h");
  Traffic traffic(&clock, &sim);
  traffic.Run(1500, 300, [&](int64_t, Access* a) { *a = Write(t, hot[0]); });
  std::vector<SecondMetrics> series = *sim.Series(t, 0, 1000);
  ASSERT_EQ(series.size(), 100u);  // seconds 200..299
  EXPECT_EQ(series.front().second, 200);
  const SecondMetrics& s = series.back();
  EXPECT_EQ(s.partition_count, 4);
  EXPECT_EQ(s.consumed_write, 2000);  // 1,000 WCU/s
  EXPECT_EQ(s.write_throttle_events, 500);
  EXPECT_EQ(s.throttled_write_by_limit[0], 1000);
  ASSERT_EQ(s.partitions.size(), 1u);
  EXPECT_EQ(s.partitions[0].consumed_write, 2000);
  EXPECT_EQ(s.partitions[0].throttled_write, 1000);
  std::vector<PartitionInfo> parts = *sim.Partitions(t);
  EXPECT_EQ(s.partitions[0].partition_id, parts[3].id);
}

TEST(SimulatorTest, SplitForSizeAndSetSize) {
  ManualClock clock;
  SimulatorOptions o = Simulate(&clock);
  o.partition_size_bytes = 1000;
  ThrottleSimulator sim(o);
  ResourceId t = *sim.Register(Provisioned(1, 1));
  ASSERT_EQ(sim.PartitionStarts(t)->size(), 1u);
  sim.AddBytes(t, 5, "", 600);
  EXPECT_EQ(sim.PartitionStarts(t)->size(), 1u);
  sim.AddBytes(t, 6, "", 600);  // 1,200 > 1,000: split in two, 600 each
  EXPECT_EQ(sim.PartitionStarts(t)->size(), 2u);
  std::vector<PartitionInfo> parts = *sim.Partitions(t);
  EXPECT_EQ(parts[0].size_bytes, 600);
  EXPECT_EQ(parts[1].size_bytes, 600);
  EXPECT_EQ(sim.Counters(t)->splits_for_size, 1);
  EXPECT_THAT(sim.SetSize(t, 3500), IsOk());  // ceil(3.5) = 4
  EXPECT_EQ(sim.PartitionStarts(t)->size(), 4u);
  EXPECT_EQ(sim.PartitionHistory(t)->size(), 7u);  // 1 + 2 + 4
}

TEST(SimulatorTest, UpdateDoublesNeverMergesAndSetsThePeak) {
  ManualClock clock;
  ThrottleSimulator sim(Simulate(&clock));
  ResourceId t = *sim.Register(Provisioned(5000, 2000));
  EXPECT_EQ(sim.PartitionStarts(t)->size(), 4u);
  EXPECT_THAT(sim.Update(t, Provisioned(8000, 2000)), IsOk());
  EXPECT_EQ(sim.PartitionStarts(t)->size(), 8u);
  EXPECT_THAT(sim.Update(t, Provisioned(100, 100)), IsOk());
  EXPECT_EQ(sim.PartitionStarts(t)->size(), 8u);
  EXPECT_EQ(sim.Counters(t)->splits_for_throughput, 4);
  EXPECT_THAT(sim.Update(t, OnDemand()), IsOk());
  // Previous peak = 8,000 RCU ever provisioned: 16,000 RRU at once (more
  // than the 12,000 of a new on-demand table).
  for (int p = 0; p < 5; ++p) {
    const std::vector<std::string> keys = KeysInPartition(sim, t, p, 1, "k");
    Access r = Read(t, keys[0], 2 * 3000);
    EXPECT_TRUE(sim.Admit({&r, 1}).admitted()) << "partition " << p;
  }
  EXPECT_THAT(sim.Update(99, OnDemand()),
              StatusIs(ErrorCode::kResourceNotFound, ""));
}

TEST(SimulatorTest, SplitForHeatCutsInsideAHotKeyAtTheMedianSortKey) {
  ManualClock clock;
  SimulatorOptions o = Simulate(&clock);
  o.split_detection_seconds = 60;
  ThrottleSimulator sim(o);
  ResourceId t = *sim.Register(OnDemand());
  Traffic traffic(&clock, &sim);
  testing::Rng rng(7);
  std::string sk;
  const std::string pk = "hot";
  traffic.Run(1200, 200, [&](int64_t, Access* a) {
    sk = "sk" +
         std::to_string(1000 + rng.Below(9000));  // uniform "sk1000".."sk9999"
    *a = Write(t, pk);
    a->sort_key = sk;
  });
  ResourceCounters c = *sim.Counters(t);
  EXPECT_GE(c.splits_for_heat, 1);
  std::vector<PartitionInfo> parts = *sim.Partitions(t);
  bool cut_inside = false;
  for (const PartitionInfo& p : parts) {
    if (p.start.hash == Hash(pk) && !p.start.sort_key.empty()) {
      cut_inside = true;
      // The weighted median of uniform sort keys is near the middle.
      EXPECT_GT(p.start.sort_key, "sk3000");
      EXPECT_LT(p.start.sort_key, "sk8000");
    }
  }
  EXPECT_TRUE(cut_inside);
  EXPECT_GT(sim.PartitionHistory(t)->size(), parts.size());
}

TEST(SimulatorTest, DeterministicToTheByte) {
  auto run = [] {
    ManualClock clock;
    ThrottleSimulator sim(Simulate(&clock));
    ResourceId t = *sim.Register(OnDemand());
    Traffic traffic(&clock, &sim);
    testing::Rng rng(1);
    std::string pk, sk;
    std::vector<Tally> tally = traffic.Run(3000, 120, [&](int64_t, Access* a) {
      pk = rng.Below(4) == 0 ? "hot" : "k" + std::to_string(rng.Below(100));
      sk = std::to_string(rng.Below(1000));
      *a = Write(t, pk);
      a->sort_key = sk;
    });
    sim.Flush();
    std::string dump;
    const std::vector<SecondMetrics> series = *sim.Series(t, 0, 1000);
    for (const SecondMetrics& s : series) {
      dump += std::to_string(s.second) + ":" +
              std::to_string(s.consumed_write) + "/" +
              std::to_string(s.write_throttle_events) + ";";
      for (const PartitionSecond& p : s.partitions)
        dump += std::to_string(p.partition_id) + "=" +
                std::to_string(p.consumed_write) + ",";
    }
    const std::vector<KeyCount> top =
        *sim.TopKeys(t, TopKeysKind::kMostThrottled, true, 5);
    for (const KeyCount& k : top)
      dump += k.partition_key + k.sort_key + std::to_string(k.count);
    return dump;
  };
  const std::string a = run();
  EXPECT_FALSE(a.empty());
  EXPECT_EQ(a, run());
}

}  // namespace
}  // namespace eddy::capacity
