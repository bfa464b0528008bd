// Copyright 2026 The eddy Authors.
//
// The runner: every kayak pattern's results equal the generator's ground
// truth (scale 1 and scale 10, with and without forced paging), and the
// runner catches what it should catch — a key design that returns the wrong
// items, an expectation the data contradicts — and verifies filters.

#include "model/runner.h"

#include <string>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/report.h"

namespace eddy::model {
namespace {

using ::testing::HasSubstr;

const Model& Kayak() {
  static const Model* m = [] {
    StatusOr<Model> loaded =
        LoadModelFile(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json");
    EXPECT_THAT(loaded, IsOk());
    return new Model(loaded.ok() ? *std::move(loaded) : Model());
  }();
  return *m;
}

Model Parse(std::string_view json) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(json, "test", &errors);
  EXPECT_THAT(m, IsOk());
  for (const ModelError& e : errors) ADD_FAILURE() << e.ToString();
  return m.ok() ? *std::move(m) : Model();
}

// A stopwatch that advances 1 µs per reading: reports become deterministic.
std::function<int64_t()> FakeNanos() {
  auto t = std::make_shared<int64_t>(0);
  return [t] { return *t += 1000; };
}

void ExpectVerified(const RunReport& r, std::initializer_list<int> numbers) {
  for (int n : numbers) {
    const PatternReport& p = r.patterns[n - 1];
    SCOPED_TRACE(p.name);
    EXPECT_TRUE(p.skipped.empty()) << p.skipped;
    EXPECT_GT(p.runs, 0);
    EXPECT_EQ(p.verified, p.runs);
    EXPECT_THAT(p.failures, ::testing::IsEmpty());
  }
}

TEST(RunnerTest, KayakBaseTablePatternsAtScale1) {
  RunOptions options;
  options.create_indexes = false;
  options.now_nanos = FakeNanos();
  StatusOr<RunReport> r = RunModel(Kayak(), options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ExpectVerified(*r, {2, 3});
  EXPECT_EQ(r->patterns[1].runs, 200);  // the workload's "runs"
  // Every store has its 50 inventory items; 4..6 current employees.
  EXPECT_EQ(r->patterns[1].items_min, 50);
  EXPECT_EQ(r->patterns[1].items_max, 50);
  EXPECT_GE(r->patterns[2].items_min, 4);
  EXPECT_LE(r->patterns[2].items_max, 6);
  // 50 inventory items of ~280 bytes: 14 KB, 4 KB units, halved: 2 RCU.
  EXPECT_EQ(r->patterns[1].read_units_min, 2);
  EXPECT_EQ(r->patterns[2].read_units_max, 0.5);
  for (int n : {1, 4, 5, 6, 7, 8}) {
    EXPECT_EQ(r->patterns[n - 1].skipped,
              "the table was created without its indexes");
  }
  ASSERT_EQ(r->indexes.size(), 1u);
  EXPECT_EQ(r->indexes[0].item_count, r->load.items);
  EXPECT_EQ(r->load.items, r->indexes[0].expected_item_count);
  // Entity write costs come from ConsumedCapacity: all items are under 1 KB.
  for (const EntityReport& e : r->entities)
    EXPECT_EQ(e.write_units, 1) << e.entity_type;
  // The hottest keys by items are store partitions (50 inventory + staff +
  // active rentals).
  ASSERT_EQ(r->hottest_by_items.size(), 5u);
  EXPECT_EQ(r->hottest_by_items[0].index, "table");
  EXPECT_THAT(r->hottest_by_items[0].key, HasSubstr("v1#store#storeULID#"));
  EXPECT_GT(r->hottest_by_items[0].items, 50);
  ASSERT_FALSE(r->hottest_by_traffic.empty());
  EXPECT_GT(r->hottest_by_traffic[0].requests, 0);
}

TEST(RunnerTest, KayakBaseTablePatternsAtScale10WithPaging) {
  RunOptions options;
  options.create_indexes = false;
  options.scale = 10;
  options.runs = 50;
  options.page_size = 7;  // 50 inventory items: 8 pages each
  StatusOr<RunReport> r = RunModel(Kayak(), options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ExpectVerified(*r, {2, 3});
  EXPECT_EQ(r->scale, 10);
  EXPECT_EQ(r->patterns[1].pages_total, 50 * 8);
  EXPECT_EQ(r->patterns[2].pages_total, 50);  // at most 6 employees: 1 page
  EXPECT_EQ(r->indexes[0].item_count, r->indexes[0].expected_item_count);
}

TEST(RunnerTest, ReportIsDeterministicWithAFakeStopwatch) {
  RunOptions options;
  options.create_indexes = false;
  options.runs = 20;
  options.now_nanos = FakeNanos();
  StatusOr<RunReport> a = RunModel(Kayak(), options);
  options.now_nanos = FakeNanos();
  StatusOr<RunReport> b = RunModel(Kayak(), options);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  // The process's peak resident memory is the one figure no stopwatch
  // fixes: the second run starts where the first left the process.
  EXPECT_GT(a->peak_resident_bytes, 0);
  a->peak_resident_bytes = b->peak_resident_bytes = 0;
  EXPECT_EQ(FormatReportJson(*a), FormatReportJson(*b));
  const std::string text = FormatReportText(*a);
  EXPECT_THAT(text,
              HasSubstr("eddy model run: kayak (table \"kayak\", scale 1, "
                        "seed 20240101)"));
  EXPECT_THAT(
      text,
      HasSubstr("  2. get the inventory of a store\n     table: PK = "
                "\"${version}#store#storeULID#${storeULID}\" AND "
                "begins_with(SK, \"inventory#metadata#inventoryULID#\")\n"));
  EXPECT_THAT(text, HasSubstr("verified 20/20\n"));
  // The stopwatch ticks 1 µs per reading: each write call is timed as one
  // tick, inside a load that also reads it around every call.
  const LoadReport& load = a->load;
  EXPECT_GE(load.api_seconds, static_cast<double>(load.batches) * 1e-6);
  EXPECT_LT(load.api_seconds, load.load_seconds);
  EXPECT_NEAR(load.api_items_per_second,
              static_cast<double>(load.items) / load.api_seconds, 1e-6);
  EXPECT_THAT(text, HasSubstr(" s of it inside the write calls ("));
  EXPECT_THAT(text,
              HasSubstr("OK: 2 of 2 executed patterns verified over 40 runs"));
}

// free_database=false (what eddy model run sets, its process exiting after
// the run) changes nothing in the report, and a process may run that way
// more than once.
TEST(RunnerTest, LeavingTheDatabaseToTheProcessChangesNoFigure) {
  RunOptions options;
  options.runs = 10;
  options.now_nanos = FakeNanos();
  StatusOr<RunReport> freed = RunModel(Kayak(), options);
  ASSERT_THAT(freed, IsOk());
  options.free_database = false;
  for (int i = 0; i < 2; ++i) {
    options.now_nanos = FakeNanos();
    StatusOr<RunReport> left = RunModel(Kayak(), options);
    ASSERT_THAT(left, IsOk());
    EXPECT_TRUE(left->ok());
    left->peak_resident_bytes = freed->peak_resident_bytes;
    EXPECT_EQ(FormatReportJson(*left), FormatReportJson(*freed));
  }
}

// Two shapes share the store's partition; a pattern without a sort-key
// condition returns both, but its expectation names one: a key-design
// mistake the runner must report.
constexpr char kStoreModel[] = R"json({
  "Access Patterns": [
    {"name": "inventory of a store (forgot the sort-key condition)",
     "partitionKey": "store#${s}", "parametersFrom": "stores",
     "expect": {"entityType": "item", "match": ["s"]}},
    {"name": "kayaks of a store",
     "partitionKey": "store#${s}", "sortKey": {"begins_with": "item#"},
     "filter": {"expression": "#k = :k", "names": {"#k": "kind"},
                "values": {":k": "kayak"}},
     "parametersFrom": "stores",
     "expect": {"entityType": "item", "match": ["s"], "attributes": {"kind": "kayak"}}},
    {"name": "items of a store, newest first, between two ids",
     "partitionKey": "store#${s}", "sortKey": {"between": ["item#0", "item#Z"]},
     "scanIndexForward": false, "limit": 3, "consistentRead": true,
     "parametersFrom": "stores",
     "expect": {"entityType": "item", "match": ["s"]}}
  ],
  "store": [{"PK": "store#${s}", "SK": {
     "metadata": {"entityType": "store"},
     "item#${i}": {"entityType": "item"}}}],
  "workload": {
    "seed": 5, "runs": 30,
    "generate": [
      {"name": "stores", "entityType": "store", "count": 6, "new": ["s"]},
      {"name": "items", "entityType": "item", "per": "stores", "count": [5, 15],
       "new": ["i"], "attributes": {"kind": {"oneOf": ["kayak", "canoe"]}}}]}})json";

TEST(RunnerTest, CatchesAPatternThatReturnsTheWrongItems) {
  Model m = Parse(kStoreModel);
  StatusOr<RunReport> r = RunModel(m);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->ok());
  const PatternReport& p = r->patterns[0];
  EXPECT_EQ(p.verified, 0);
  ASSERT_FALSE(p.failures.empty());
  // The metadata item comes back too.
  EXPECT_THAT(p.failures[0], HasSubstr("\"expect\" names"));
  EXPECT_THAT(p.failures[0], HasSubstr("SK=\"metadata\""));
  EXPECT_THAT(p.failures[0], ::testing::StartsWith("run 1 (s="));
  EXPECT_THAT(p.matching_entity_types, ::testing::ElementsAre("store", "item"));
  // The other patterns pass: a filter, and BETWEEN backwards over pages.
  ExpectVerified(*r, {2, 3});
  EXPECT_GT(r->patterns[2].pages_total, r->patterns[2].runs);
  EXPECT_THAT(FormatReportText(*r),
              HasSubstr("FAILED: 1 of 3 executed patterns "
                        "failed verification"));
}

TEST(RunnerTest, CatchesAnExpectationTheDataContradicts) {
  std::string json = kStoreModel;
  // Claim the kayak pattern returns canoes.
  json.replace(json.find("\"attributes\": {\"kind\": \"kayak\"}"),
               std::string("\"attributes\": {\"kind\": \"kayak\"}").size(),
               "\"attributes\": {\"kind\": \"canoe\"}");
  Model m = Parse(json);
  StatusOr<RunReport> r = RunModel(m, {.runs = 5});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->patterns[1].verified, 0);
  EXPECT_FALSE(r->ok());
}

TEST(RunnerTest, JsonReport) {
  Model m = Parse(kStoreModel);
  StatusOr<RunReport> r = RunModel(m, {.runs = 3, .now_nanos = FakeNanos()});
  ASSERT_THAT(r, IsOk());
  const std::string json = FormatReportJson(*r);
  EXPECT_THAT(json, HasSubstr("\"ok\": false"));
  EXPECT_THAT(json, HasSubstr("\"keyCondition\": \"PK = \\\"store#${s}\\\" AND "
                              "begins_with(SK, \\\"item#\\\")\""));
  EXPECT_THAT(json, HasSubstr("\"p50\": 1.0,"));  // one 1 µs tick per page
}

TEST(RunnerTest, ModelWithoutWorkload) {
  Model m = Parse(R"({"g": [{"PK": "g", "SK": {"m": {"entityType": "a"}}}]})");
  EXPECT_THAT(RunModel(m),
              StatusIsExactly(ErrorCode::kValidation,
                              "the model has no \"workload\" section"));
}

// --- With secondary indexes: the whole kayak model
// --------------------------------

TEST(RunnerGsiTest, KayakAllPatternsAtScale1) {
  StatusOr<RunReport> r = RunModel(Kayak());
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ExpectVerified(*r, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(r->patterns[0].items_min, 40);  // every store, every run
  EXPECT_EQ(r->patterns[0].items_max, 40);
  ASSERT_EQ(r->indexes.size(), 7u);
  for (const IndexReport& i : r->indexes) {
    EXPECT_EQ(i.item_count, i.expected_item_count) << i.name;
  }
  EXPECT_EQ(r->indexes[1].name, "GSI1");
  EXPECT_EQ(r->indexes[1].item_count, 40);
  EXPECT_EQ(r->indexes[4].item_count, 500);  // GSI4: active rentals
  // A rental fills four GSIs: 1 WCU on the table and 1 on each.
  for (const EntityReport& e : r->entities) {
    if (e.entity_type == "rentalRelationship") {
      EXPECT_EQ(e.write_units, 5);
    }
    if (e.entity_type == "storeMetadata") {
      EXPECT_EQ(e.write_units, 2);
    }
  }
}

TEST(RunnerGsiTest, KayakAllPatternsAtScale10WithPaging) {
  RunOptions options;
  options.scale = 10;
  options.runs = 40;
  options.page_size = 3;
  StatusOr<RunReport> r = RunModel(Kayak(), options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ExpectVerified(*r, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(r->patterns[0].items_min, 400);
  // GSI1 "v1#stores" is the partition key with the most items in the model.
  EXPECT_EQ(r->hottest_by_items[0].index, "GSI1");
  EXPECT_EQ(r->hottest_by_items[0].key, "v1#stores");
}

TEST(RunnerGsiTest, KeysOnlyAndIncludeProjections) {
  Model m = Parse(R"({
    "table": {"name": "people", "partitionKey": "PK", "sortKey": "SK",
              "globalSecondaryIndexes": [
                {"name": "byCity", "partitionKey": "cityPK", "sortKey": "citySK",
                 "projection": "KEYS_ONLY"},
                {"name": "byTeam", "partitionKey": "teamPK", "sortKey": "teamSK",
                 "projection": ["name"]}]},
    "Access Patterns": [
      {"name": "people in a city", "index": "byCity", "partitionKey": "city#${city}",
       "parametersFrom": "people", "expect": {"entityType": "person", "match": ["city"]}},
      {"name": "people in a team", "index": "byTeam", "partitionKey": "team#${team}",
       "parametersFrom": "people", "expect": {"entityType": "person", "match": ["team"]}}],
    "g": [{"PK": "person#${id}", "SK": {"metadata": {"entityType": "person",
          "cityPK": "city#${city}", "citySK": "${id}",
          "teamPK": "team#${team}", "teamSK": "${id}"}}}],
    "c": [{"PK": "city#${city}", "SK": {"metadata": {"entityType": "city"}}}],
    "t": [{"PK": "team#${team}", "SK": {"metadata": {"entityType": "team"}}}],
    "workload": {"runs": 20, "generate": [
      {"name": "cities", "entityType": "city", "count": 5, "new": ["city"]},
      {"name": "teams", "entityType": "team", "count": 7, "new": ["team"]},
      {"name": "people", "entityType": "person", "count": 200, "new": ["id"],
       "pick": [{"from": "cities"}, {"from": "teams"}],
       "attributes": {"name": {"text": 8}, "bio": {"text": 200}}}]}})");
  StatusOr<RunReport> r = RunModel(m);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ExpectVerified(*r, {1, 2});
}

}  // namespace
}  // namespace eddy::model
