// Copyright 2026 The eddy Authors.
//
// Migrations under live traffic (Scenario::migration) and the online
// creation of a GSI (Scenario::online_index) on small scenarios: partition
// caps are lowered (100 WCU/s) so a few hundred calls a second show the
// effects, each run a few thousand calls on the virtual clock.

#include <cstdlib>
#include <string>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/scenario.h"
#include "tests/lab/migration_testing.h"

namespace eddy::lab {
namespace {

using ::testing::HasSubstr;
using testing_migration::Accepted;
using testing_migration::RunJson;

// Live traffic: 120 puts/s of 500-byte items over 2,400 keys in turn (all
// written by second 20, then rewritten) and 50 reads/s of them, on a table
// of 400 WCU (5 partitions, 100 WCU/s each): 240 WCU/s with the dual
// writes from second 20, when the backfill starts copying the 2,400 v1
// items.
std::string Json(const std::string& backfill, const std::string& cutover = "") {
  return R"({
  "name": "migrate", "seed": 11, "durationSeconds": 60,
  "table": {"name": "tbl", "partitionKey": "pk", "billingMode": "PROVISIONED",
            "readCapacityUnits": 400, "writeCapacityUnits": 400},
  "simulator": {"partitionWriteUnits": 100},
  "retry": {"maxAttempts": 10, "baseMillis": 50},
  "migration": {"fromVersion": "v1", "toVersion": "v2",
                "dualWriteAtSecond": 20, )" +
         cutover + R"("backfill": )" + backfill + R"(},
  "streams": [
    {"name": "writes", "operation": "PutItem", "itemBytes": 500,
     "keys": {"distribution": "sequential", "count": 2400, "prefix": "v1#item#"},
     "rate": [{"atSecond": 0, "perSecond": 120}]},
    {"name": "reads", "operation": "GetItem",
     "keys": {"distribution": "uniform", "count": 2400, "prefix": "v1#item#"},
     "rate": [{"atSecond": 0, "perSecond": 50}]}]})";
}

int64_t Throttled(const ScenarioResult& r, const std::string& stream,
                  int64_t from, int64_t to) {
  int64_t n = 0;
  for (const StreamResult& s : r.streams) {
    if (s.name != stream) continue;
    for (int64_t i = from; i < to && i < static_cast<int64_t>(s.seconds.size());
         ++i) {
      n += s.seconds[static_cast<size_t>(i)].throttled;
    }
  }
  return n;
}

TEST(MigrationTest, HeldBackfillLeavesLiveWritesAloneAndEveryReadVerifies) {
  const ScenarioResult r =
      RunJson(Json(R"({"atSecond": 20, "perSecond": 80})"));
  ASSERT_TRUE(r.migration.has_value());
  const MigrationResult& m = *r.migration;
  EXPECT_EQ(m.backfill_start_second, 20);
  ASSERT_GT(m.backfill_end_second, 20);
  // ~2,400 items at 80 copies/s: about 30 s.
  EXPECT_NEAR(m.backfill_end_second - 20, 30, 4);
  EXPECT_EQ(m.cutover_second, m.backfill_end_second);
  EXPECT_EQ(m.scanned_items, 2400);
  EXPECT_EQ(m.copied + m.skipped, m.scanned_items);
  EXPECT_EQ(m.copies_given_up, 0);
  EXPECT_GT(m.write_half_units, 2 * m.copied - 1);
  EXPECT_GT(m.read_half_units, 0);
  // Under the spare capacity: live writes are not throttled.
  EXPECT_EQ(Throttled(r, "writes", 0, 60), 0);
  // Every read verifies, before, during and after the cutover.
  for (int phase = 0; phase < 3; ++phase) {
    EXPECT_GT(m.verified[phase], 0) << phase;
    EXPECT_EQ(m.mismatched[phase], 0) << phase;
  }
  // The counts add up: every v1 item is in v2 at the end; before the dual
  // writes v2 is empty.
  ASSERT_EQ(m.seconds.size(), 60u);
  EXPECT_EQ(m.seconds[19].new_items, 0);
  EXPECT_EQ(m.seconds[19].old_items, 20 * 120);
  EXPECT_EQ(m.seconds.back().old_items, 2400);
  EXPECT_EQ(m.seconds.back().new_items, m.seconds.back().old_items);
  int64_t copied = 0;
  for (const MigrationSecond& s : m.seconds) copied += s.copied;
  EXPECT_EQ(copied, m.copied);
}

TEST(MigrationTest, UnthrottledBackfillThrottlesLiveWrites) {
  const ScenarioResult held =
      RunJson(Json(R"({"atSecond": 20, "perSecond": 80})"));
  const ScenarioResult max =
      RunJson(Json(R"({"atSecond": 20, "workers": 8, "callMillis": 2})"));
  ASSERT_TRUE(max.migration.has_value());
  const MigrationResult& m = *max.migration;
  ASSERT_GT(m.backfill_end_second, 20);
  // As fast as admission allows: much sooner than the held backfill ...
  EXPECT_LT(m.backfill_end_second, held.migration->backfill_end_second - 10);
  // ... and the live writes pay for it while it runs, not before or after.
  EXPECT_EQ(Throttled(max, "writes", 0, 20), 0);
  EXPECT_GT(Throttled(max, "writes", 20, m.backfill_end_second + 1), 20);
  EXPECT_EQ(Throttled(max, "writes", m.backfill_end_second + 2, 60), 0);
  EXPECT_GT(Throttled(max, "migration.backfill", 20, 60), 100);
  EXPECT_EQ(m.copied + m.skipped, m.scanned_items);
  EXPECT_THAT(max.reasons, testing::Contains(testing::Key(HasSubstr(
                               "TableWriteKeyRangeThroughputExceeded"))));
  // Retried writes still land: every read verifies.
  for (int phase = 0; phase < 3; ++phase) EXPECT_EQ(m.mismatched[phase], 0);
  EXPECT_EQ(m.seconds.back().new_items, m.seconds.back().old_items);
}

TEST(MigrationTest, CutoverBeforeTheBackfillEndsIsCaughtByTheReads) {
  const ScenarioResult r = RunJson(Json(R"({"atSecond": 20, "perSecond": 40})",
                                        R"("cutoverAtSecond": 25, )"));
  ASSERT_TRUE(r.migration.has_value());
  const MigrationResult& m = *r.migration;
  EXPECT_EQ(m.cutover_second, 25);
  EXPECT_EQ(m.mismatched[0], 0);
  EXPECT_EQ(m.mismatched[1], 0);
  // Reads of v2 keys the backfill has not reached yet find nothing.
  EXPECT_GT(m.mismatched[2], 20);
  ASSERT_FALSE(m.mismatch_examples.empty());
  EXPECT_THAT(m.mismatch_examples[0], HasSubstr("read nothing, expected rev"));
}

// Queries during a migration: a table of partition and sort key, 80
// puts/s over 200 partitions of up to 4 items each, and 40 Query calls/s
// of whole partitions; dual writes and the backfill from second 10.
std::string QueryJson(const std::string& backfill,
                      const std::string& cutover = "") {
  return R"({
  "name": "migrate_queries", "seed": 17, "durationSeconds": 40,
  "table": {"name": "tbl", "partitionKey": "pk", "sortKey": "sk",
            "billingMode": "PROVISIONED",
            "readCapacityUnits": 400, "writeCapacityUnits": 400},
  "simulator": {"partitionWriteUnits": 100},
  "retry": {"maxAttempts": 10, "baseMillis": 50},
  "migration": {"fromVersion": "v1", "toVersion": "v2",
                "dualWriteAtSecond": 10, )" +
         cutover + R"("backfill": )" + backfill + R"(},
  "streams": [
    {"name": "writes", "operation": "PutItem", "itemBytes": 300,
     "keys": {"distribution": "sequential", "count": 200, "prefix": "v1#p#",
              "sortKeys": "random", "sortKeyCount": 4},
     "rate": [{"atSecond": 0, "perSecond": 80}]},
    {"name": "queries", "operation": "Query",
     "keys": {"distribution": "uniform", "count": 200, "prefix": "v1#p#"},
     "rate": [{"atSecond": 0, "perSecond": 40}]}]})";
}

TEST(MigrationTest, EveryQueryDuringAMigrationIsVerified) {
  const ScenarioResult r =
      RunJson(QueryJson(R"({"atSecond": 10, "perSecond": 60})"));
  ASSERT_TRUE(r.migration.has_value());
  const MigrationResult& m = *r.migration;
  ASSERT_GT(m.backfill_end_second, 10);
  EXPECT_EQ(m.cutover_second, m.backfill_end_second);
  ASSERT_LT(m.cutover_second, 38);
  // Every answered Query is one verified read (the only reads here): its
  // items' revs and its partition's items complete, before, during and
  // after the cutover.
  int64_t verified = 0;
  for (int phase = 0; phase < 3; ++phase) {
    EXPECT_GT(m.verified[phase], 0) << phase;
    EXPECT_EQ(m.mismatched[phase], 0) << phase;
    verified += m.verified[phase];
  }
  EXPECT_GT(Accepted(r, "queries"), 1000);
  EXPECT_EQ(verified, Accepted(r, "queries"));
}

TEST(MigrationTest, QueriesCatchACutoverBeforeTheBackfillEnds) {
  const ScenarioResult r = RunJson(QueryJson(
      R"({"atSecond": 10, "perSecond": 10})", R"("cutoverAtSecond": 14, )"));
  ASSERT_TRUE(r.migration.has_value());
  const MigrationResult& m = *r.migration;
  EXPECT_EQ(m.cutover_second, 14);
  EXPECT_EQ(m.mismatched[0], 0);
  EXPECT_EQ(m.mismatched[1], 0);
  // Queries of v2 partitions the backfill has not copied miss items the
  // application wrote (and acknowledged) on v1.
  EXPECT_GT(m.mismatched[2], 20);
  ASSERT_FALSE(m.mismatch_examples.empty());
  EXPECT_THAT(m.mismatch_examples[0], HasSubstr(" missed sort key "));
  EXPECT_THAT(m.mismatch_examples[0], HasSubstr("(expected rev "));
}

TEST(MigrationTest, Validation) {
  StatusOr<lab::Scenario> s =
      ParseScenario(Json(R"({"atSecond": 10, "perSecond": 80})"));
  ASSERT_THAT(s, IsOk());
  EXPECT_THAT(RunScenario(*s).status().message(),
              HasSubstr("must start at or after the dual writes"));
  EXPECT_THAT(
      ParseScenario(Json(R"({"atSecond": 20, "rate": 1})")).status().message(),
      HasSubstr("/migration/backfill/rate: unknown member"));
  std::string other = Json(R"({"atSecond": 20})");
  other.replace(other.find("\"prefix\": \"v1#item#\""), 20,
                "\"prefix\": \"item#\"   ");
  s = ParseScenario(other);
  ASSERT_THAT(s, IsOk());
  EXPECT_THAT(RunScenario(*s).status().message(),
              HasSubstr("must start with the migration's old version"));
}

// A loaded table (150 puts/s for 30 s: 4,500 items with a 3-value
// "status") gets a GSI on status at second 30. Index partitions take
// 300 WCU/s; each status value takes ~50 live writes/s.
std::string OnlineIndexJson(int items_per_second) {
  return R"({
  "name": "online_gsi", "seed": 5, "durationSeconds": 120,
  "table": {"name": "orders", "partitionKey": "id", "billingMode": "PROVISIONED",
            "readCapacityUnits": 100, "writeCapacityUnits": 1000},
  "simulator": {"partitionWriteUnits": 300},
  "retry": {"maxAttempts": 10, "baseMillis": 50},
  "onlineIndex": {"atSecond": 30, "itemsPerSecond": )" +
         std::to_string(items_per_second) + R"(,
                  "index": {"name": "byStatus", "partitionKey": "status",
                            "readCapacityUnits": 100, "writeCapacityUnits": 2000}},
  "streams": [
    {"name": "writes", "operation": "PutItem", "itemBytes": 500,
     "keys": {"distribution": "sequential", "count": 1000000, "prefix": "order#"},
     "values": [{"attribute": "status", "values": ["active", "pending", "done"]}],
     "rate": [{"atSecond": 0, "perSecond": 150}]}]})";
}

TEST(OnlineIndexTest, AFastBackfillThrottlesBaseWritesByBackPressure) {
  const ScenarioResult r = RunJson(OnlineIndexJson(1000));
  ASSERT_TRUE(r.online_index.has_value());
  const OnlineIndexResult& o = *r.online_index;
  EXPECT_EQ(o.created_second, 30);
  EXPECT_EQ(o.items_to_backfill, 4500);
  EXPECT_EQ(o.items_backfilled, 4500);
  ASSERT_GT(o.active_second, 30);
  EXPECT_GT(o.backfill_throttled, 0);
  // OnlineIndexConsumedWriteCapacity: 1 WCU a KEYS_ONLY entry.
  EXPECT_EQ(o.write_half_units, 2 * 4500);
  // The base table's writes are throttled by the index while it backfills,
  // not before nor after.
  EXPECT_EQ(Throttled(r, "writes", 0, 30), 0);
  EXPECT_GT(Throttled(r, "writes", 30, o.active_second + 1), 20);
  EXPECT_EQ(Throttled(r, "writes", o.active_second + 2, 120), 0);
  EXPECT_THAT(r.reasons,
              testing::Contains(testing::Key(HasSubstr(
                  "IndexWriteKeyRangeThroughputExceeded (orders/byStatus)"))));
  // The index is in the report, with the backfill's writes on its
  // partitions.
  const ResourceResult* index = r.Resource("byStatus");
  ASSERT_NE(index, nullptr);
  EXPECT_GT(index->counters.consumed_write_half_units, 2 * 4500);
}

TEST(OnlineIndexTest,
     ABackfillUnderTheSpareCapacityTakesLongerAndThrottlesNothing) {
  const ScenarioResult r = RunJson(OnlineIndexJson(60));
  ASSERT_TRUE(r.online_index.has_value());
  const OnlineIndexResult& o = *r.online_index;
  EXPECT_EQ(o.items_backfilled, 4500);
  // 4,500 entries at 60 a second: 75 s.
  EXPECT_NEAR(o.active_second - o.created_second, 75, 1);
  EXPECT_EQ(o.backfill_throttled, 0);
  EXPECT_EQ(Throttled(r, "writes", 0, 120), 0);
}

TEST(OnlineIndexTest, Validation) {
  std::string json = OnlineIndexJson(60);
  json.replace(
      json.find("\"readCapacityUnits\": 100, \"writeCapacityUnits\": 2000"), 52,
      "\"projection\": \"ALL\"                                 ");
  StatusOr<lab::Scenario> s = ParseScenario(json);
  ASSERT_THAT(s, IsOk());
  EXPECT_THAT(RunScenario(*s).status().message(),
              HasSubstr("needs readCapacityUnits and writeCapacityUnits"));
  EXPECT_THAT(ParseScenario(R"({"table": {}, "onlineIndex": {"atSecond": 1},
                                "streams": [{"name": "a", "rate": []}]})")
                  .status()
                  .message(),
              HasSubstr("/onlineIndex/index: is required"));
}

// The examples in model/scenarios/, scaled down (key counts are not scaled:
// fewer items are written before the migration, the effects stay).
ScenarioResult RunFile(const std::string& name, double scale) {
  StatusOr<lab::Scenario> s = LoadScenarioFile(
      std::string(EDDY_SOURCE_DIR) + "/model/scenarios/" + name + ".json");
  EXPECT_THAT(s, IsOk());
  if (!s.ok()) return {};
  StatusOr<ScenarioResult> r = RunScenario(*s, {.rate_scale = scale});
  EXPECT_THAT(r, IsOk());
  return r.ok() ? *std::move(r) : ScenarioResult{};
}

TEST(MigrationTest, ExampleScenarios) {
  const ScenarioResult fast = RunFile("migration_backfill", 0.1);
  const ScenarioResult held = RunFile("migration_backfill_held", 0.1);
  ASSERT_TRUE(fast.migration && held.migration);
  for (const ScenarioResult* r : {&fast, &held}) {
    const MigrationResult& m = *r->migration;
    EXPECT_EQ(m.backfill_start_second, 60);
    ASSERT_GT(m.backfill_end_second, 60);
    EXPECT_EQ(m.cutover_second, m.backfill_end_second);
    for (int phase = 0; phase < 3; ++phase) {
      EXPECT_GT(m.verified[phase], 0);
      EXPECT_EQ(m.mismatched[phase], 0);
    }
    // The versions hold the same items but for live writes given up (after
    // 10 attempts) on one version and not the other.
    int64_t gave_up = 0;
    for (const StreamResult& s : r->streams) gave_up += s.total.gave_up;
    EXPECT_LE(std::abs(m.seconds.back().new_items - m.seconds.back().old_items),
              gave_up);
    EXPECT_EQ(m.copied + m.skipped, m.scanned_items);
  }
  EXPECT_LT(fast.migration->backfill_end_second,
            held.migration->backfill_end_second);
  EXPECT_EQ(Throttled(fast, "writes", 0, 60), 0);
  EXPECT_GT(
      Throttled(fast, "writes", 60, fast.migration->backfill_end_second + 1),
      0);
  EXPECT_EQ(Throttled(held, "writes", 0, 180), 0);

  const ScenarioResult gsi = RunFile("online_gsi", 0.1);
  ASSERT_TRUE(gsi.online_index.has_value());
  EXPECT_EQ(gsi.online_index->created_second, 60);
  EXPECT_GT(gsi.online_index->active_second, 60);
  EXPECT_EQ(Throttled(gsi, "writes", 0, 60), 0);
  EXPECT_GT(Throttled(gsi, "writes", 60, gsi.online_index->active_second + 1),
            0);
}

}  // namespace
}  // namespace eddy::lab
