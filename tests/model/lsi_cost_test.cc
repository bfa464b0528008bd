// Copyright 2026 The eddy Authors.
//
// Local secondary indexes in the cost (#23): an LSI appears in the
// projection-alternative table (ALL, KEYS_ONLY, INCLUDE, its own marked)
// and in the sparse-index savings, after the GSIs, in the text report too;
// and converting a model with an LSI warns that the target cannot hold it.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/analysis.h"
#include "model/formats/convert.h"
#include "model/profile.h"
#include "model/runner.h"

namespace eddy::model {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;

constexpr char kOrders[] = R"({
  "table": {"name": "orders", "partitionKey": "PK", "sortKey": "SK",
            "globalSecondaryIndexes": [
              {"name": "ByStatus", "partitionKey": "PK1", "sortKey": "SK1"}],
            "localSecondaryIndexes": [
              {"name": "ByDate", "sortKey": "orderedAt",
               "projection": "KEYS_ONLY"}]},
  "customer": [{"PK": "C#${cid}", "SK": {
    "PROFILE": {"entityType": "customer"},
    "ORDER#${oid}": {"entityType": "order", "orderedAt": "D#${oid}",
                     "PK1": "status#open", "SK1": "O#${oid}"}}}],
  "Access Patterns": [
    {"name": "a customer's orders by date", "index": "ByDate",
     "partitionKey": "C#${cid}", "sortKey": {"begins_with": "D#"},
     "parametersFrom": "customers",
     "expect": {"entityType": "order", "match": ["cid"]}}],
  "traffic": {"patterns": {"1": 10}, "writes": {"order": 20, "customer": 1}},
  "workload": {"runs": 5, "generate": [
    {"name": "customers", "entityType": "customer", "count": 4,
     "new": ["cid"], "attributes": {"bio": {"text": 2000}}},
    {"name": "orders", "entityType": "order", "per": "customers",
     "count": 5, "new": ["oid"], "attributes": {"note": {"text": 1500}}}]}
})";

TEST(LsiCost, ProjectionAndSparseTablesListTheLsiAfterTheGsis) {
  StatusOr<Model> m = LoadModel(kOrders, "orders");
  ASSERT_THAT(m, IsOk());
  DataProfile profile;
  RunOptions ro;
  ro.on_generated = [&](const GeneratedData& d) {
    profile = ProfileData(*m, d);
  };
  StatusOr<RunReport> r = RunModel(*m, ro);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->ok());
  StatusOr<ModelAnalysis> a = Analyze(*m, std::move(profile), *r);
  ASSERT_THAT(a, IsOk());
  const CostReport& c = a->cost;
  ASSERT_EQ(c.projections.size(), 2u);
  EXPECT_EQ(c.projections[0].index, "ByStatus");
  EXPECT_EQ(c.projections[1].index, "ByDate");
  const std::vector<ProjectionOption>& lsi = c.projections[1].options;
  ASSERT_EQ(lsi.size(), 3u);
  EXPECT_EQ(lsi[0].projection, "ALL");
  EXPECT_EQ(lsi[1].projection, "KEYS_ONLY");
  EXPECT_FALSE(lsi[0].declared);
  EXPECT_TRUE(lsi[1].declared);  // the LSI's own projection
  // ALL copies each ~1.6 KB order (2 write units); KEYS_ONLY only its keys.
  EXPECT_GT(lsi[0].storage_bytes, lsi[1].storage_bytes);
  EXPECT_DOUBLE_EQ(lsi[0].write_units_per_second, 20 * 2);
  EXPECT_DOUBLE_EQ(lsi[1].write_units_per_second, 20 * 1);
  // The pattern reads the LSI: KEYS_ONLY would fetch the items, ALL not.
  EXPECT_GT(lsi[0].read_units_per_second, 0);
  EXPECT_EQ(lsi[0].fetch_units_per_second, 0);
  EXPECT_GT(lsi[1].fetch_units_per_second, 0);
  // Customers are not in the LSI (no orderedAt): what that saves.
  ASSERT_EQ(c.sparse.size(), 2u);
  EXPECT_EQ(c.sparse[1].index, "ByDate");
  EXPECT_EQ(c.sparse[1].entries, 20);
  EXPECT_THAT(c.sparse[1].entity_types_left_out, Contains("customer"));
  EXPECT_GT(c.sparse[1].on_demand_saved, 0);
  const std::string text = FormatAnalysisText(*a);
  EXPECT_THAT(text, HasSubstr("ByDate KEYS_ONLY *"));
  EXPECT_THAT(text, HasSubstr("ByDate ALL"));
}

TEST(LsiCost, ConvertingWarnsThatTheTargetCannotHoldTheLsi) {
  for (ModelFormat to : {ModelFormat::kWorkbench, ModelFormat::kAwsSchema}) {
    ConvertOptions o;
    o.to = to;
    std::vector<std::string> warnings;
    StatusOr<std::string> out =
        ConvertModel(kOrders, "orders", o, nullptr, &warnings);
    ASSERT_THAT(out, IsOk());
    EXPECT_THAT(warnings,
                Contains(HasSubstr("its local secondary indexes are not kept")))
        << ModelFormatName(to);
    // Nothing names it (a pattern on it would make the schema unloadable),
    // and the output loads back.
    EXPECT_THAT(*out, testing::Not(HasSubstr("ByDate")));
    if (to == ModelFormat::kAwsSchema) {
      EXPECT_THAT(warnings,
                  Contains(HasSubstr("queries local secondary index ByDate")));
    }
    std::vector<ModelError> errors;
    StatusOr<std::vector<LoadedTable>> back =
        LoadAnyModel(*out, "back", &errors);
    EXPECT_THAT(back, IsOk()) << (errors.empty() ? "" : errors[0].ToString());
  }
}

}  // namespace
}  // namespace eddy::model
