// Copyright 2026 The eddy Authors.
//
// PartiQL access patterns ("partiql" in a pattern): the statement runs
// through ExecuteStatement with parameters rendered from the generated
// data, every NextToken page followed, and is verified as the Query its
// key condition describes would be (exact items, order, "expect"); its
// read units are reported. A statement that returns the wrong items fails
// verification; a malformed "partiql" member is a validation error.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/model.h"
#include "model/report.h"
#include "model/runner.h"

namespace eddy::model {
namespace {

using ::testing::HasSubstr;

// Stores with 12 items each, on the table and a GSI; patterns 1..3 are
// PartiQL (a partition, a begins_with range, a GSI partition), pattern 4
// the same partition as a Query.
constexpr char kModel[] = R"json({
  "table": {"name": "shop", "partitionKey": "PK", "sortKey": "SK",
            "globalSecondaryIndexes": [
              {"name": "byColor", "partitionKey": "GPK", "sortKey": "GSK",
               "projection": "ALL"}]},
  "Access Patterns": [
    {"name": "a store's items (PartiQL)",
               "partitionKey" : "store#${store}",
               "parametersFrom" : "stores",
               "expect"
    : {"entityType" : [ "storeMeta", "storeItem" ], "match" : ["store"]},
               "partiql" : {
  "statement" : "SELECT * FROM \"shop\" WHERE PK = ?",
                "parameters" : ["store#${store}"]
}
},
    {"name": "a store's stock (PartiQL)", "partitionKey": "store#${store}",
     "sortKey": {"begins_with": "item#"}, "parametersFrom": "stores",
     "expect": {"entityType": "storeItem", "match": ["store"]},
     "partiql": {"statement":
                 "SELECT * FROM \"shop\" WHERE PK = ? AND begins_with(SK, ?)",
                 "parameters": ["store#${store}", "item#"]}},
    {"name": "items of a color (PartiQL)", "index": "byColor",
     "partitionKey": "color#${color}", "parametersFrom": "items",
     "partiql": {"statement": "SELECT * FROM \"shop\".\"byColor\" WHERE GPK = ?",
                 "parameters": ["color#${color}"]}},
    {"name": "a store's items (Query)", "partitionKey": "store#${store}",
     "parametersFrom": "stores"}],
  "s": [{"PK": "store#${store}", "SK": {
          "meta": {"entityType": "storeMeta"},
          "item#${item}": {"entityType": "storeItem",
                           "GPK": "color#${color}", "GSK": "${item}"}}}],
  "c": [{"PK": "color#${color}", "SK": {"meta": {"entityType": "color"}}}],
  "workload": {
  "runs" : 15, "generate" : [
    {"name" : "colors", "entityType" : "color", "count" : 3, "new" : ["color"]},
    {
      "name" : "stores",
      "entityType" : "storeMeta",
      "count" : 6,
      "new" : ["store"]
    },
    {
      "name" : "items",
      "entityType" : "storeItem",
      "per" : "stores",
      "count" : 12,
      "new" : ["item"],
      "pick" : [ {"from" : "colors"} ],
      "attributes" : {"blurb" : {"text" : 600}}
    }
  ]
}
})json";

Model Parse(std::string_view json) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(json, "test", &errors);
  EXPECT_THAT(m, IsOk());
  for (const ModelError& e : errors) ADD_FAILURE() << e.ToString();
  return m.ok() ? *std::move(m) : Model();
}

TEST(PartiqlPatternTest, StatementsRunAndVerify) {
  const Model m = Parse(kModel);
  ASSERT_EQ(m.patterns.size(), 4u);
  ASSERT_TRUE(m.patterns[1].partiql);
  EXPECT_EQ(m.patterns[1].partiql->parameters.size(), 2u);
  RunOptions options;
  options.page_size = 5;  // 13 items: three pages through NextToken
  StatusOr<RunReport> r = RunModel(m, options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  for (int n = 0; n < 4; ++n) {
    const PatternReport& p = r->patterns[n];
    SCOPED_TRACE(p.name);
    EXPECT_EQ(p.runs, 15);
    EXPECT_EQ(p.verified, p.runs);
    EXPECT_THAT(p.failures, ::testing::IsEmpty());
    EXPECT_GT(p.read_units_total, 0);
  }
  EXPECT_EQ(r->patterns[0].items_min, 13);  // the metadata and 12 items
  EXPECT_EQ(r->patterns[1].items_max, 12);
  EXPECT_EQ(r->patterns[0].pages_total, 15 * 3);
  // A statement costs what the Query it becomes costs.
  EXPECT_EQ(r->patterns[0].read_units_total, r->patterns[3].read_units_total);
}

TEST(PartiqlPatternTest, AStatementThatReadsTheWrongItemsFails) {
  std::string json = kModel;
  // Pattern 2's statement reads the whole partition, the metadata item too.
  const std::string from = "WHERE PK = ? AND begins_with(SK, ?)";
  json.replace(json.find(from), from.size(), "WHERE PK = ? AND SK <> ?");
  const Model m = Parse(json);
  StatusOr<RunReport> r = RunModel(m);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->ok());
  EXPECT_EQ(r->patterns[1].verified, 0);
  ASSERT_FALSE(r->patterns[1].failures.empty());
  EXPECT_EQ(r->patterns[0].verified, r->patterns[0].runs);
}

TEST(PartiqlPatternTest, MalformedPartiqlMemberIsAnError) {
  std::string json = kModel;
  const std::string from = R"("parameters": ["color#${color}"])";
  json.replace(json.find(from), from.size(), R"("parameters": "color")");
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(json, "test", &errors);
  EXPECT_FALSE(m.ok());
  ASSERT_FALSE(errors.empty());
  EXPECT_THAT(errors[0].ToString(),
              HasSubstr("/Access Patterns/2/partiql/parameters"));
}

}  // namespace
}  // namespace eddy::model
