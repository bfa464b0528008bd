// Copyright 2026 The eddy Authors.
//
// The 12 scenarios of throughput-model.md §9, from model/scenarios/*.json,
// run as real operations through a Database on a manual clock (the scenario
// runner, model/lab/scenario.h), each asserting its documented outcome.
//
// They run scaled (RunOptions::rate_scale): every rate and every per-second
// capacity multiplied by kScale, which the token-bucket model is linear in,
// so the outcomes are the documented ones divided by 1/kScale; durations and
// time constants are the scenario's own. Under sanitizers the scale is
// smaller to keep the suite fast. Tolerances allow for the Poisson noise of
// random keys, relatively larger at small scales.

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/report.h"
#include "model/lab/scenario.h"

namespace eddy::lab {
namespace {

#ifdef EDDY_SANITIZE
constexpr double kScale = 0.05;
#else
constexpr double kScale = 0.25;
#endif

Scenario Load(const std::string& name) {
  StatusOr<Scenario> s = LoadScenarioFile(std::string(EDDY_SOURCE_DIR) +
                                          "/model/scenarios/" + name + ".json");
  EXPECT_THAT(s, IsOk());
  return s.ok() ? *std::move(s) : Scenario{};
}

ScenarioResult RunIt(const Scenario& s, double scale = kScale) {
  StatusOr<ScenarioResult> r = RunScenario(s, {.rate_scale = scale});
  EXPECT_THAT(r, IsOk());
  return r.ok() ? *std::move(r) : ScenarioResult{};
}

// `value` is within `fraction` of `expected`, or `slack` of it.
#define EXPECT_CLOSE(value, expected, fraction, slack)            \
  EXPECT_NEAR(value, expected,                                    \
              std::max<double>((fraction) * (expected), (slack))) \
      << #value

int64_t Reason(const ScenarioResult& r, const std::string& key) {
  auto it = r.reasons.find(key);
  return it == r.reasons.end() ? 0 : it->second;
}

// 1. Hot single item, on-demand: ~1,000 writes/s forever, the rest throttled
// with ThrottlingException / TableWriteKeyRangeThroughputExceeded; splitting
// never helps; the hot item is the most throttled key.
TEST(ScenarioTest, S01_HotItem) {
  const ScenarioResult r = RunIt(Load("hot_item"));
  const double cap = 1000 * kScale;
  for (int m = 0; m < 10; ++m) {
    EXPECT_CLOSE(r.AcceptedPerSecond(m == 0 ? 1 : m * 60, m * 60 + 60), cap,
                 0.01, 1.0)
        << "minute " << m;
  }
  EXPECT_CLOSE(r.ThrottledPerSecond(60, 600), cap, 0.01, 1.0);
  EXPECT_EQ(Reason(r,
                   "ThrottlingException: "
                   "TableWriteKeyRangeThroughputExceeded (sessions)"),
            r.total.throttled);
  const ResourceResult& t = *r.Resource("");
  EXPECT_EQ(t.counters.splits_for_heat, 0);
  EXPECT_GE(t.counters.split_skipped_single_item, 1);
  EXPECT_EQ(t.partitions_at_end, 4);
  ASSERT_FALSE(t.top_throttled.empty());
  EXPECT_EQ(t.top_throttled[0].partition_key, "session#hot");
}

// 2. Hot PK with random sort keys: ~1,000/s until split for heat, then the
// collection is split by sort key and all 2,000/s succeed.
TEST(ScenarioTest, S02_HotKeyRandomSortKeysSplits) {
  const ScenarioResult r = RunIt(Load("hot_key_random_sort_keys"));
  EXPECT_CLOSE(r.AcceptedPerSecond(1, 60), 1000 * kScale, 0.01, 1.0);
  const double last = r.AcceptedPerSecond(1500, 1800);
  EXPECT_GE(last, 0.999 * 2000 * kScale);
  const ResourceResult& t = *r.Resource("");
  EXPECT_GE(t.counters.splits_for_heat, 2);
  int inside = 0;  // partitions starting inside the hot key
  for (const PartitionInfo& p : t.history) {
    if (p.retired_micros < 0 && !p.start.sort_key.empty()) ++inside;
  }
  EXPECT_GE(inside, 2);
}

// 3. Hot PK with a monotonic sort key: ~1,000/s throughout, never split.
TEST(ScenarioTest, S03_HotKeyMonotonicSortKeyNeverSplits) {
  const ScenarioResult r = RunIt(Load("hot_key_monotonic_sort_keys"));
  for (int w = 0; w < 4; ++w) {
    EXPECT_CLOSE(r.AcceptedPerSecond(w * 300 + 1, w * 300 + 300), 1000 * kScale,
                 0.01, 1.0)
        << "window " << w;
  }
  const ResourceResult& t = *r.Resource("");
  EXPECT_EQ(t.counters.splits_for_heat, 0);
  EXPECT_GE(t.counters.split_skipped_monotonic, 2);
}

// 4. Hot PK with an LSI: no split inside the item collection. The
// collection's partition serves its 1,000 WCU/s for the whole run; each put
// costs the item plus its LSI entry (2 WCU, 3 once a replaced item's LSI key
// changes), so that is 333-500 puts/s. (The 10 GB collection limit:
// tests/api/throttling_test.cc.)
TEST(ScenarioTest, S04_HotKeyWithLsiNeverSplitsTheCollection) {
  const ScenarioResult r = RunIt(Load("hot_key_lsi"));
  const ResourceResult& t = *r.Resource("");
  for (int w = 0; w < 4; ++w) {
    int64_t half_units = 0;
    for (const ThrottleSecond& s : t.series) {
      const int64_t rel = s.second - r.start_second;
      if (rel >= w * 300 + 1 && rel < w * 300 + 300)
        half_units += s.consumed_write;
    }
    EXPECT_CLOSE(half_units / 2.0 / 299, 1000 * kScale, 0.01, 1.0)
        << "window " << w;
    EXPECT_LE(r.AcceptedPerSecond(w * 300 + 1, w * 300 + 300),
              500 * kScale + 1);
  }
  EXPECT_EQ(t.counters.splits_for_heat, 0);
  EXPECT_GE(t.counters.split_skipped_lsi, 2);
}

// 5. Adaptive capacity: 400 WCU on 4 partitions loaded ~50/50/50/150 →
// zero throttles. The static split (adaptive capacity off, 100 WCU per
// partition) throttles the hot partition's excess, ~50 writes/s.
TEST(ScenarioTest, S05_AdaptiveCapacityServesAnUnevenLoad) {
  Scenario s = Load("adaptive_capacity");
  const ScenarioResult on = RunIt(s);
  EXPECT_EQ(on.Resource("")->partitions_at_start, 4);
  EXPECT_EQ(on.total.throttled, 0);
  s.simulator.adaptive_capacity = false;
  const ScenarioResult off = RunIt(s);
  EXPECT_CLOSE(off.ThrottledPerSecond(60, 600), 50 * kScale, 0.25, 1.5);
  EXPECT_GT(Reason(off,
                   "ProvisionedThroughputExceededException: "
                   "TableWriteKeyRangeThroughputExceeded (inventory)"),
            0);
}

// 6. Burst: 150 RCU idle for 300 s, then 200 RCU/s → served for 900 s, then
// throttled down to 150/s with TableReadProvisionedThroughputExceeded.
// (Scaled so that 150 RCU stays whole.)
TEST(ScenarioTest, S06_BurstBankLasts900Seconds) {
  const double scale = kScale >= 0.2 ? 0.2 : 0.1;
  const ScenarioResult r = RunIt(Load("burst"), scale);
  int64_t first = -1;
  for (size_t i = 0; i < r.seconds.size(); ++i) {
    if (r.seconds[i].throttled > 0) {
      first = static_cast<int64_t>(i);
      break;
    }
  }
  EXPECT_NEAR(first, 300 + 900, 5);
  EXPECT_CLOSE(r.AcceptedPerSecond(301, 1195), 200 * scale, 0.001, 0.01);
  EXPECT_CLOSE(r.AcceptedPerSecond(1210, 1500), 150 * scale, 0.01, 0.5);
  EXPECT_EQ(Reason(r,
                   "ProvisionedThroughputExceededException: "
                   "TableReadProvisionedThroughputExceeded (profiles)"),
            r.total.throttled);
}

// 7. New on-demand table: the first load (3,800 WRU/s) is served; a step to
// 10,000 WRU/s is held near 4,000, then 8,000 once the early peak is 30
// minutes old, then all 10,000 — never more than twice the best minute that
// ended 30 minutes before.
TEST(ScenarioTest, S07_OnDemandRampDoublesPerThirtyMinutes) {
  const ScenarioResult r = RunIt(Load("on_demand_ramp"));
  const StreamResult& warmup = r.streams[0];
  EXPECT_LE(warmup.total.throttled, 0.005 * warmup.total.attempts);
  // Accepted WRU per minute, in full-scale units (10 KB writes: 10 WRU).
  std::vector<double> minute(66);
  for (int m = 0; m < 66; ++m) {
    minute[m] = (r.ItemsOkPerSecond(m * 60, m * 60 + 60, "step") * 10 +
                 r.ItemsOkPerSecond(m * 60, m * 60 + 60, "warmup")) /
                kScale;
  }
  for (int m = 3; m < 66; ++m) {
    double best = 4000;  // a new table's warm throughput
    for (int k = 0; k + 31 <= m; ++k) best = std::max(best, minute[k]);
    EXPECT_LE(minute[m], 2 * best * 1.03) << "minute " << m;
  }
  for (int m = 3; m < 31; ++m) EXPECT_CLOSE(minute[m], 4000, 0.04, 0) << m;
  for (int m = 34; m < 62; ++m) EXPECT_CLOSE(minute[m], 8000, 0.04, 0) << m;
  for (int m = 63; m < 66; ++m) EXPECT_GE(minute[m], 10000 * 0.99) << m;
  EXPECT_GE(r.Resource("")->partitions_at_end, 16);
}

// 8. Pre-warm: provisioned at 10,000 WCU, switched to on-demand → 20,000
// WRU/s of uniform keys accepted at once on >= 20 partitions. A table that
// was not pre-warmed takes only its 4,000.
TEST(ScenarioTest, S08_PrewarmByProvisionedThenOnDemand) {
  Scenario s = Load("prewarm");
  const ScenarioResult r = RunIt(s);
  EXPECT_GE(r.Resource("")->partitions_at_start, 20);
  // Random keys near 90% of each partition's cap: rare key-range throttles.
  EXPECT_LE(r.total.throttled, 0.01 * r.total.attempts);
  s.table.billing_mode = BillingMode::kPayPerRequest;
  s.updates.clear();
  const ScenarioResult cold = RunIt(s);
  EXPECT_CLOSE(cold.AcceptedPerSecond(5, 60), 4000 * kScale, 0.03, 2.0);
}

// 9. GSI back-pressure: 1,500 index writes/s on the "active" GSI key → ~500
// base PutItems/s throttled with IndexWriteKeyRangeThroughputExceeded on the
// GSI; ThrottledRequests on the table, WriteThrottleEvents on the GSI;
// Contributor Insights shows no throttled keys for the table.
TEST(ScenarioTest, S09_GsiBackPressure) {
  const ScenarioResult r = RunIt(Load("gsi_back_pressure"));
  EXPECT_CLOSE(r.ThrottledPerSecond(10, 180), 500 * kScale, 0.05, 2.0);
  EXPECT_EQ(Reason(r,
                   "ThrottlingException: "
                   "IndexWriteKeyRangeThroughputExceeded (orders/byStatus)"),
            r.total.throttled);
  const ResourceResult& table = *r.Resource("");
  const ResourceResult& index = *r.Resource("byStatus");
  EXPECT_EQ(table.counters.throttled_requests, r.total.throttled);
  EXPECT_EQ(table.counters.write_throttle_events, 0);
  EXPECT_EQ(index.counters.write_throttle_events, r.total.throttled);
  EXPECT_TRUE(table.top_throttled.empty());
  ASSERT_FALSE(index.top_throttled.empty());
  EXPECT_EQ(index.top_throttled[0].partition_key, "active");
}

// 10. BatchWriteItem at a key range's cap: parts come back unprocessed, the
// calls themselves succeed while some parts fit, the client retries with
// backoff, and the range serves ~1,000 items/s.
TEST(ScenarioTest, S10_BatchWriteUnderThrottling) {
  const ScenarioResult r = RunIt(Load("batch_write"));
  EXPECT_GT(r.total.partial, 0);
  EXPECT_GT(r.total.retries, 0);
  EXPECT_CLOSE(r.ItemsOkPerSecond(10, 240), 1000 * kScale, 0.02, 2.0);
  const ResourceResult& t = *r.Resource("");
  // ThrottledRequests counts only batches whose every part was throttled.
  EXPECT_EQ(t.counters.throttled_requests, r.total.throttled);
  EXPECT_EQ(t.counters.write_throttle_events, r.total.items_throttled);
}

// 11. Partition counts: 5,000 RCU / 2,000 WCU → 4; RCU to 8,000 → 8; lowered
// again → still 8 (never merged). No throttling.
TEST(ScenarioTest, S11_PartitionCounts) {
  const ScenarioResult r = RunIt(Load("partition_counts"));
  const ResourceResult& t = *r.Resource("");
  EXPECT_EQ(t.partitions_at_start, 4);
  EXPECT_EQ(t.partitions_at_end, 8);
  EXPECT_EQ(t.counters.splits_for_throughput, 4);
  EXPECT_EQ(r.total.throttled, 0);
}

// 12. Write sharding: one date key throttles (~1,000/s); 200 shards take the
// full 2,000/s; the day read is 200 Queries, all admitted.
TEST(ScenarioTest, S12_WriteShardingRemovesTheThrottling) {
  const ScenarioResult r = RunIt(Load("write_sharding"));
  EXPECT_CLOSE(r.AcceptedPerSecond(1, 60, "unsharded"), 1000 * kScale, 0.01,
               1.0);
  EXPECT_EQ(r.streams[1].total.throttled, 0);
  EXPECT_CLOSE(r.AcceptedPerSecond(70, 290, "sharded"), 2000 * kScale, 0.001,
               0.5);
  EXPECT_EQ(r.streams[2].total.accepted, static_cast<int64_t>(200 * kScale));
  EXPECT_EQ(r.streams[2].total.throttled, 0);
}

// The kayak model under a traffic mix: the key that throttles first is GSI1's
// single partition key "v1#stores" (40 store items per listing: ~2,000
// listings/s per GSI partition), not the per-store table keys.
TEST(ScenarioTest, KayakTrafficThrottlesTheAllStoresKeyFirst) {
  const ScenarioResult r = RunIt(Load("kayak_traffic"));
  ASSERT_EQ(r.reasons.size(), 1u);
  EXPECT_EQ(r.reasons.begin()->first,
            "ThrottlingException: IndexReadKeyRangeThroughputExceeded "
            "(kayak/GSI1)");
  const ResourceResult& gsi1 = *r.Resource("GSI1");
  ASSERT_FALSE(gsi1.top_throttled.empty());
  EXPECT_EQ(gsi1.top_throttled[0].partition_key, "v1#stores");
  EXPECT_TRUE(r.Resource("")->top_throttled.empty());
  EXPECT_CLOSE(r.AcceptedPerSecond(25, 120, "list_all_stores"), 2000 * kScale,
               0.01, 1.0);
  EXPECT_EQ(r.streams[2].total.throttled, 0);  // store inventory
  EXPECT_EQ(r.streams[3].total.throttled, 0);  // new rentals
}

// A table with a stream (issue 18, the lab): the stream's shards follow the
// partitions. 4 shards from the start; at the split (second 60) each closes
// and its partition's two children get shards with it as their parent; the
// report shows them next to the partitions.
TEST(ScenarioTest, StreamShardsFollowThePartitions) {
  const ScenarioResult r = RunIt(Load("stream_shards"));
  const ResourceResult& t = *r.Resource("");
  EXPECT_EQ(t.partitions_at_start, 4);
  EXPECT_EQ(t.partitions_at_end, 8);
  EXPECT_EQ(r.total.throttled, 0);
  ASSERT_EQ(r.stream_shards.size(), 12u);
  int roots = 0;
  std::map<std::string, int> children;
  auto second = [&](int64_t micros) {
    return micros / 1'000'000 - r.start_second;
  };
  for (const ShardSpan& s : r.stream_shards) {
    SCOPED_TRACE(s.shard_id);
    if (s.parent_shard_id.empty()) {
      ++roots;
      EXPECT_EQ(second(s.opened_micros), 0);
      EXPECT_EQ(second(s.closed_micros), 60);
    } else {
      ++children[s.parent_shard_id];
      EXPECT_EQ(second(s.opened_micros), 60);
      EXPECT_EQ(s.closed_micros, -1);  // open at the end
    }
  }
  EXPECT_EQ(roots, 4);
  ASSERT_EQ(children.size(), 4u);
  for (const auto& [parent, n] : children) EXPECT_EQ(n, 2) << parent;
  EXPECT_THAT(FormatSummary(r),
              ::testing::HasSubstr(
                  "stream (NEW_AND_OLD_IMAGES): shards 12, open 8 at the end"));
  EXPECT_THAT(FormatJson(r), ::testing::HasSubstr("\"streamShards\""));
  const std::string html = RenderHtml(r);
  EXPECT_THAT(html, ::testing::HasSubstr("<h2>Stream shards</h2>"));
  EXPECT_THAT(html, ::testing::HasSubstr("stream shards"));  // the chart line
}

// Same scenario and seed → byte-identical summary, JSON and HTML.
TEST(ScenarioTest, RunsAreDeterministic) {
  const Scenario s = Load("gsi_back_pressure");
  const RunOptions o{.rate_scale = 0.02, .duration_seconds = 30};
  StatusOr<ScenarioResult> a = RunScenario(s, o), b = RunScenario(s, o);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(FormatSummary(*a), FormatSummary(*b));
  EXPECT_EQ(FormatJson(*a), FormatJson(*b));
  EXPECT_EQ(RenderHtml(*a), RenderHtml(*b));
  StatusOr<ScenarioResult> c =
      RunScenario(s, {.rate_scale = 0.02, .duration_seconds = 30, .seed = 99});
  ASSERT_THAT(c, IsOk());
  EXPECT_NE(FormatJson(*a), FormatJson(*c));
}

}  // namespace
}  // namespace eddy::lab
