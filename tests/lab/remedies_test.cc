// Copyright 2026 The eddy Authors.
//
// The throttling lab's remedies (model/lab/remedy.h) on small scenarios:
// each changes the figures in the direction its documentation gives, on the
// same traffic. Partition caps are lowered (simulator parameters) so that
// a few hundred requests a second throttle, keeping every run to a few
// thousand requests on the virtual clock.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/cache.h"
#include "model/lab/compare.h"
#include "model/lab/latency.h"
#include "model/lab/remedy.h"
#include "model/lab/scenario.h"

namespace eddy::lab {
namespace {

using ::testing::HasSubstr;

Scenario Parse(const std::string& json) {
  StatusOr<Scenario> s = ParseScenario(json);
  EXPECT_THAT(s, IsOk());
  return s.ok() ? *std::move(s) : Scenario{};
}

Comparison Compare(const Scenario& s, const std::vector<std::string>& specs) {
  std::vector<Remedy> remedies;
  for (const std::string& spec : specs) {
    StatusOr<Remedy> r = ParseRemedy(spec);
    EXPECT_THAT(r, IsOk()) << spec;
    if (r.ok()) remedies.push_back(*r);
  }
  StatusOr<Comparison> c = CompareRemedies(s, remedies, {});
  EXPECT_THAT(c, IsOk());
  return c.ok() ? *std::move(c) : Comparison{};
}

// Reads: 90% on one hot key, the rest uniform over a million keys, at
// 400 GetItem/s against a 100 RCU partition cap (eventually consistent
// reads of missing items cost 0.5 RCU: 180 RCU/s on the hot key).
constexpr char kHotRead[] = R"({
  "name": "hot_read", "seed": 3, "durationSeconds": 60,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "simulator": {"partitionReadUnits": 100, "eventuallyConsistentReadPartitionUnits": 100},
  "streams": [{"name": "reads", "operation": "GetItem",
               "keys": {"distribution": "hotKey", "hotKey": "hot",
                        "hotFraction": 0.9, "count": 1000000},
               "rate": [{"atSecond": 0, "perSecond": 400}]}]})";

TEST(RemedyTest, CacheHitRatioFollowsTheKeysAndCutsThrottledReads) {
  const Comparison c = Compare(Parse(kHotRead), {"cache"});
  ASSERT_EQ(c.rows.size(), 2u);
  const ComparisonRow& before = c.rows[0];
  const ComparisonRow& after = c.rows[1];
  EXPECT_EQ(before.requests, after.requests);  // the same traffic
  // Before: the hot key's partition serves 200 reads/s of the 360 offered.
  EXPECT_GT(before.throttled, 60 * 100);
  // The hot key is cached after its first read (5-minute TTL); the cold
  // keys almost never repeat: the hit ratio is the hot fraction.
  EXPECT_NEAR(after.cache_hit_ratio, 0.9, 0.02);
  EXPECT_EQ(after.throttled, 0);
  // Cached reads consume nothing: the table reads ~10% of the traffic.
  EXPECT_NEAR(after.read_units, 0.5 * 0.1 * 400 * 60, 0.5 * 400 * 60 * 0.02);
  EXPECT_LT(after.read_units, before.read_units);
  EXPECT_GT(after.remedy_cost, 0);  // the DAX nodes
}

TEST(RemedyTest, ShortCacheTtlMissesMore) {
  const Comparison c = Compare(Parse(kHotRead), {"cache", "cache:itemTtl=0"});
  ASSERT_EQ(c.rows.size(), 3u);
  EXPECT_GT(c.rows[1].cache_hit_ratio, 0.85);
  EXPECT_EQ(c.rows[2].cache_hit_ratio, 0);  // a TTL of 0 caches nothing
  EXPECT_EQ(c.rows[2].throttled, c.rows[0].throttled);
}

// Writes: a burst of 150 puts/s on one item for 20 s, then 20/s, against a
// 100 WCU partition cap.
constexpr char kBurstWrites[] = R"({
  "name": "burst_writes", "seed": 5, "durationSeconds": 90,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "simulator": {"partitionWriteUnits": 100},
  "streams": [{"name": "writes", "operation": "PutItem", "itemBytes": 500,
               "keys": {"distribution": "hotKey", "hotKey": "counter"},
               "rate": [{"atSecond": 0, "perSecond": 150},
                        {"atSecond": 20, "perSecond": 20}]}]})";

TEST(RemedyTest, QueueRemovesWriteThrottlingAtTheCostOfDelay) {
  const Comparison c = Compare(Parse(kBurstWrites), {"queue:rate=80"});
  ASSERT_EQ(c.rows.size(), 2u);
  const ComparisonRow& before = c.rows[0];
  const ComparisonRow& after = c.rows[1];
  EXPECT_GT(before.throttled, 20 * 40);  // ~50/s over the cap for 20 s
  EXPECT_EQ(after.throttled, 0);
  EXPECT_EQ(after.gave_up, 0);
  EXPECT_EQ(before.p99_micros, 0);  // no retries: throttled calls gave up
  // The backlog peaks at (150 - 80) × 20 = 1,400 messages and drains at
  // 60/s: the last of the burst waits ~17.5 s.
  EXPECT_NEAR(after.max_queue_depth, 1400, 20);
  EXPECT_GT(after.p99_micros, 15'000'000);
  EXPECT_LT(after.p99_micros, 21'000'000);
  EXPECT_GT(after.remedy_cost, 0);
  // Every message was written once.
  EXPECT_EQ(after.result.total.accepted, after.requests);
}

// Writes of one hot key at twice its partition's cap, and a read of it.
constexpr char kHotWrites[] = R"({
  "name": "hot_writes", "seed": 7, "durationSeconds": 60,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "simulator": {"partitionWriteUnits": 100},
  "streams": [{"name": "writes", "operation": "PutItem", "itemBytes": 500,
               "keys": {"distribution": "hotKey", "hotKey": "day#2024-01-01"},
               "rate": [{"atSecond": 0, "perSecond": 200}]},
              {"name": "reads", "operation": "GetItem",
               "keys": {"distribution": "hotKey", "hotKey": "day#2024-01-01"},
               "rate": [{"atSecond": 0, "perSecond": 5}]}]})";

TEST(RemedyTest, ShardingSpreadsHotWritesAndAmplifiesReads) {
  const Comparison c = Compare(Parse(kHotWrites), {"shard:n=20"});
  ASSERT_EQ(c.rows.size(), 2u);
  const ComparisonRow& before = c.rows[0];
  const ComparisonRow& after = c.rows[1];
  EXPECT_GT(before.throttled, 60 * 80);
  EXPECT_LT(after.throttled, before.throttled / 20);
  // Each read became 20: the read amplification it costs.
  EXPECT_EQ(after.requests - 200 * 60, 20 * (before.requests - 200 * 60));
  EXPECT_GT(after.read_units, 15 * before.read_units);
  EXPECT_GT(after.write_units, 1.8 * before.write_units);
}

// Puts of new items and the deletes of expired ones, at the same rate.
constexpr char kCleanup[] = R"({
  "name": "cleanup", "seed": 9, "durationSeconds": 60,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "simulator": {"partitionWriteUnits": 60, "onDemandWarmWriteUnits": 200},
  "streams": [{"name": "puts", "operation": "PutItem", "itemBytes": 500,
               "keys": {"distribution": "uniform", "count": 1000000},
               "rate": [{"atSecond": 0, "perSecond": 120}]},
              {"name": "expiry", "operation": "DeleteItem",
               "keys": {"distribution": "uniform", "count": 1000000},
               "rate": [{"atSecond": 0, "perSecond": 120}]}]})";

TEST(RemedyTest, TablePerPeriodDropsTheDeletes) {
  const Comparison c = Compare(Parse(kCleanup), {"table-per-period"});
  ASSERT_EQ(c.rows.size(), 2u);
  const ComparisonRow& before = c.rows[0];
  const ComparisonRow& after = c.rows[1];
  // 240 writes/s on a new table warm for 200 WRU/s throttle; 120/s do not.
  EXPECT_GT(before.throttled, 0);
  EXPECT_EQ(after.throttled, 0);
  EXPECT_NEAR(after.write_units, 120 * 60, 120 * 60 * 0.01);
  EXPECT_LT(after.table_cost, before.table_cost);
  EXPECT_GT(after.remedy_cost, 0);  // the older, scaled-down table
}

// 300 KB items written to one key once a second: each put (300 WCU) is
// larger than the 100 WCU partition can ever admit.
constexpr char kLargeItems[] = R"({
  "name": "large_items", "seed": 11, "durationSeconds": 30,
  "table": {"name": "tbl", "partitionKey": "pk"},
  "simulator": {"partitionWriteUnits": 100},
  "streams": [{"name": "documents", "operation": "PutItem", "itemBytes": 300000,
               "keys": {"distribution": "hotKey", "hotKey": "doc#1"},
               "rate": [{"atSecond": 0, "perSecond": 1}]},
              {"name": "reads", "operation": "GetItem",
               "keys": {"distribution": "hotKey", "hotKey": "doc#1"},
               "rate": [{"atSecond": 0, "perSecond": 1}]}]})";

TEST(RemedyTest, ChunkingSpreadsALargeItem) {
  const Comparison c = Compare(Parse(kLargeItems), {"chunk:bytes=10240"});
  ASSERT_EQ(c.rows.size(), 2u);
  const ComparisonRow& before = c.rows[0];
  const ComparisonRow& after = c.rows[1];
  // Each put asks 3 seconds of the partition's cap: most are throttled.
  EXPECT_LT(before.result.streams[0].total.accepted,
            before.result.streams[0].total.offered / 2);
  // 30 chunks of 10 KB (10 WCU each) over the table's partitions.
  EXPECT_EQ(after.result.streams[0].name, "documents (chunks)");
  EXPECT_GT(after.result.streams[0].total.accepted,
            after.result.streams[0].total.offered * 8 / 10);
  EXPECT_EQ(after.result.streams[0].total.offered, 30 * 30);
  EXPECT_GT(after.write_units, 30 * 250);
}

TEST(RemedyTest, SameScenarioSameFigures) {
  const Comparison a = Compare(Parse(kBurstWrites), {"queue:rate=80"});
  const Comparison b = Compare(Parse(kBurstWrites), {"queue:rate=80"});
  EXPECT_EQ(FormatComparison(a), FormatComparison(b));
  EXPECT_EQ(RenderComparisonHtml(a), RenderComparisonHtml(b));
  EXPECT_THAT(FormatComparison(a), HasSubstr("queue:rate=80"));
  EXPECT_THAT(RenderComparisonHtml(a), HasSubstr("<iframe"));
}

TEST(RemedyTest, ParseErrors) {
  EXPECT_THAT(ParseRemedy("cahce"),
              StatusIs(ErrorCode::kValidation, "did you mean cache"));
  EXPECT_THAT(ParseRemedy("queue"),
              StatusIs(ErrorCode::kValidation, "needs rate"));
  EXPECT_THAT(ParseRemedy("queue:rate=abc"),
              StatusIs(ErrorCode::kValidation, "must be a number"));
  EXPECT_THAT(ParseRemedy("shard:n=1"),
              StatusIs(ErrorCode::kValidation, "must be a number"));
  EXPECT_THAT(ParseRemedy("shard:m=3"),
              StatusIs(ErrorCode::kValidation, "unknown option"));
  StatusOr<Remedy> r = ParseRemedy("cache:items=10,itemTtl=60");
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->Option("items", 0), 10);
  EXPECT_EQ(r->Option("queries", 7), 7);
}

TEST(RemedyTest, RemediesThatDoNotApply) {
  const Scenario reads = Parse(kHotRead);
  EXPECT_THAT(ApplyRemedy(reads, *ParseRemedy("queue:rate=10")),
              StatusIs(ErrorCode::kValidation, "no write stream"));
  EXPECT_THAT(ApplyRemedy(reads, *ParseRemedy("table-per-period")),
              StatusIs(ErrorCode::kValidation, "DeleteItem"));
  EXPECT_THAT(ApplyRemedy(Parse(kHotWrites), *ParseRemedy("chunk")),
              StatusIs(ErrorCode::kValidation, "larger than"));
}

TEST(TtlLruCacheTest, TtlAndLeastRecentlyUsed) {
  TtlLruCache c(2, 10);
  c.Put("a", 0);
  c.Put("b", 1);
  EXPECT_TRUE(c.Get("a", 2));  // a is now the most recent
  c.Put("c", 3);               // evicts b
  EXPECT_FALSE(c.Get("b", 3));
  EXPECT_TRUE(c.Get("c", 4));
  EXPECT_FALSE(c.Get("a", 10));  // expired at 0 + 10
  EXPECT_EQ(c.size(), 1);
  c.Erase("c");
  EXPECT_EQ(c.size(), 0);
}

TEST(LatencyHistogramTest, PercentilesRoundUpWithinABucket) {
  LatencyHistogram h;
  EXPECT_EQ(h.Percentile(0.99), 0);
  for (int i = 0; i < 98; ++i) h.Add(0);
  h.Add(1000);
  h.Add(1'000'000);
  EXPECT_EQ(h.Percentile(0.5), 0);
  EXPECT_GE(h.Percentile(0.99), 1000);
  EXPECT_LE(h.Percentile(0.99), 1100);
  EXPECT_GE(h.Percentile(1.0), 1'000'000);
  EXPECT_LE(h.Percentile(1.0), 1'100'000);
}

}  // namespace
}  // namespace eddy::lab
