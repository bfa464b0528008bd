// Copyright 2026 The eddy Authors.
//
// Queries verified during a migration (model/lab/migration.h): a GSI's
// answers against the keys the application's acknowledged writes put in
// that index partition, and a paged table answer complete up to its last
// item. The bookkeeping alone first, then whole scenarios.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/migration.h"
#include "model/lab/scenario.h"
#include "tests/lab/migration_testing.h"

namespace eddy::lab {
namespace {

using internal::Migration;
using ::testing::HasSubstr;
using testing_migration::Accepted;
using testing_migration::RunJson;

Item Make(const std::string& pk, const std::string& sk, const std::string& grp,
          const std::string& rev) {
  Item item;
  item.Set("pk", AttributeValue::S(pk));
  item.Set("sk", AttributeValue::S(sk));
  if (!grp.empty()) item.Set("grp", AttributeValue::S(grp));
  item.Set("rev", AttributeValue::S(rev));
  return item;
}

struct Fixture {
  MigrationSpec spec;
  TableSpec table;
  Fixture() {
    spec.dual_write_at_second = 100;  // the reads below are "before"
    table.partition_key = "pk";
    table.sort_key = "sk";
    IndexSpec g;
    g.name = "byGrp";
    g.partition_key = "grp";
    g.projection = ProjectionType::kAll;
    table.global_secondary_indexes.push_back(g);
  }
};

TEST(MigrationQueryTest, APagedTableAnswerIsCompleteUpToItsLastItem) {
  Fixture f;
  Migration m(f.spec, f.table, 10);
  std::vector<Item> items;
  for (int i = 0; i < 4; ++i) {
    items.push_back(
        Make("v1#p#1", "s#" + std::to_string(i), "", "r" + std::to_string(i)));
  }
  m.Written(items, false, true);
  // The first two items and a LastEvaluatedKey: complete so far.
  m.QueryRead(items[0], {items[0], items[1]}, false, 1);
  // A page that skips s#1 before its last item s#2: caught.
  m.QueryRead(items[0], {items[0], items[2]}, false, 2);
  // A whole answer missing s#3: caught (as before).
  m.QueryRead(items[0], {items[0], items[1], items[2]}, true, 3);
  MigrationResult r = m.TakeResult();
  EXPECT_EQ(r.verified[0], 1);
  EXPECT_EQ(r.mismatched[0], 2);
  ASSERT_EQ(r.mismatch_examples.size(), 2u);
  EXPECT_THAT(r.mismatch_examples[0], HasSubstr("missed sort key s#1"));
  EXPECT_THAT(r.mismatch_examples[1], HasSubstr("missed sort key s#3"));
}

TEST(MigrationQueryTest, AGsiAnswerIsTheKeysItsWritesPutThere) {
  Fixture f;
  Migration m(f.spec, f.table, 10);
  const Item a = Make("v1#p#1", "s#0", "v1#g#0", "1");
  const Item b = Make("v1#p#2", "s#0", "v1#g#0", "2");
  const Item c = Make("v1#p#3", "s#0", "v1#g#1", "3");
  m.Written({a, b, c}, false, true);
  const AttributeValue g0 = AttributeValue::S("v1#g#0");
  m.IndexQueryRead("byGrp", g0, {a, b}, true, 1);     // verified
  m.IndexQueryRead("byGrp", g0, {a}, true, 1);        // misses b
  m.IndexQueryRead("byGrp", g0, {a}, false, 1);       // a page: verified
  m.IndexQueryRead("byGrp", g0, {a, b, c}, true, 1);  // c is in g#1
  // b moves to g#1 (an update that sets grp), a is deleted.
  const Item b2 = Make("v1#p#2", "s#0", "v1#g#1", "4");
  m.Written({b2}, false, true, /*update=*/true);
  m.Written({a}, /*deleted=*/true, true);
  m.IndexQueryRead("byGrp", g0, {}, true, 1);  // verified: g#0 is empty
  // The new version's index partition, after the cutover: same keys.
  m.IndexQueryRead("byGrp", AttributeValue::S("v2#g#1"), {m.To(b2), m.To(c)},
                   true, 1);
  m.IndexQueryRead("byGrp", AttributeValue::S("v2#g#1"), {m.To(b), m.To(c)},
                   true, 1);  // b's old rev
  // An update without grp keeps the key where it was.
  Item c2 = Make("v1#p#3", "s#0", "", "5");
  m.Written({c2}, false, true, /*update=*/true);
  c2.Set("grp", AttributeValue::S("v1#g#1"));
  m.IndexQueryRead("byGrp", AttributeValue::S("v1#g#1"), {b2, c2}, true, 1);
  // Not a GSI of the table: not counted.
  m.IndexQueryRead("byLsi", g0, {a}, true, 1);
  MigrationResult r = m.TakeResult();
  EXPECT_EQ(r.verified[0], 5);
  EXPECT_EQ(r.mismatched[0], 3);
  ASSERT_EQ(r.mismatch_examples.size(), 3u);
  EXPECT_THAT(r.mismatch_examples[0],
              HasSubstr("query byGrp v1#g#0 missed p#2 s#0 (expected rev 2)"));
  EXPECT_THAT(r.mismatch_examples[1],
              HasSubstr("returned p#3 s#0, which its last acknowledged write "
                        "did not leave there"));
  EXPECT_THAT(r.mismatch_examples[2],
              HasSubstr("query byGrp v2#g#1 returned p#2 s#0 rev 2, expected "
                        "rev 4"));
}

// A table with a GSI on "grp" (5 values), 80 puts/s over 200 partitions of
// up to 4 items, 20 Query calls/s of the GSI's partitions; dual writes and
// the backfill from second 10.
std::string GsiJson(const std::string& backfill,
                    const std::string& cutover = "") {
  return R"({
  "name": "migrate_gsi_queries", "seed": 5, "durationSeconds": 40,
  "table": {"name": "tbl", "partitionKey": "pk", "sortKey": "sk",
            "globalSecondaryIndexes": [{"name": "byGrp", "partitionKey": "grp",
                                        "projection": "ALL"}]},
  "migration": {"fromVersion": "v1", "toVersion": "v2",
                "dualWriteAtSecond": 10, )" +
         cutover + R"("backfill": )" + backfill + R"(},
  "streams": [
    {"name": "writes", "operation": "PutItem", "itemBytes": 200,
     "keys": {"distribution": "sequential", "count": 200, "prefix": "v1#p#",
              "sortKeys": "random", "sortKeyCount": 4},
     "values": [{"attribute": "grp",
                 "values": ["v1#g#0", "v1#g#1", "v1#g#2", "v1#g#3", "v1#g#4"]}],
     "rate": [{"atSecond": 0, "perSecond": 80}]},
    {"name": "queries", "operation": "Query", "index": "byGrp",
     "keys": {"distribution": "uniform", "count": 5, "prefix": "v1#g#"},
     "rate": [{"atSecond": 0, "perSecond": 20}]}]})";
}

TEST(MigrationQueryTest, EveryGsiQueryDuringAMigrationIsVerified) {
  const ScenarioResult r =
      RunJson(GsiJson(R"({"atSecond": 10, "perSecond": 60})"));
  ASSERT_TRUE(r.migration.has_value());
  const MigrationResult& m = *r.migration;
  ASSERT_GT(m.backfill_end_second, 10);
  ASSERT_LT(m.cutover_second, 38);
  int64_t verified = 0;
  for (int phase = 0; phase < 3; ++phase) {
    EXPECT_GT(m.verified[phase], 0) << phase;
    EXPECT_EQ(m.mismatched[phase], 0) << phase;
    verified += m.verified[phase];
  }
  EXPECT_GT(Accepted(r, "queries"), 500);
  EXPECT_EQ(verified, Accepted(r, "queries"));
}

TEST(MigrationQueryTest, GsiQueriesCatchACutoverBeforeTheBackfillEnds) {
  const ScenarioResult r = RunJson(GsiJson(
      R"({"atSecond": 10, "perSecond": 10})", R"("cutoverAtSecond": 14, )"));
  ASSERT_TRUE(r.migration.has_value());
  const MigrationResult& m = *r.migration;
  EXPECT_EQ(m.cutover_second, 14);
  EXPECT_EQ(m.mismatched[0], 0);
  EXPECT_EQ(m.mismatched[1], 0);
  // Index partitions of v2 lack the items the backfill has not copied.
  EXPECT_GT(m.mismatched[2], 20);
  ASSERT_FALSE(m.mismatch_examples.empty());
  EXPECT_THAT(m.mismatch_examples[0], HasSubstr("query byGrp v2#g#"));
  EXPECT_THAT(m.mismatch_examples[0], HasSubstr(" missed "));
}

}  // namespace
}  // namespace eddy::lab
