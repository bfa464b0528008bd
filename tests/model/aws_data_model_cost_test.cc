// Copyright 2026 The eddy Authors.
//
// The AWS MCP data model's cost (model/formats/aws_data_model_cost.h): the
// example document run and priced by hand against the default price table,
// its text, JSON and HTML forms, and the option errors.

#include "model/formats/aws_data_model_cost.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/model/aws_data_model_testing.h"

namespace eddy::model {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kExample = std::string(EDDY_SOURCE_DIR) +
                             "/model/formats/examples/dynamodb_data_model.json";

const AwsRun& Example() {
  static const AwsRun* run = LoadAndRunAwsDataModel(kExample);
  return *run;
}

const AwsPatternCost& Pattern(const AwsDataModelCost& c, const char* id) {
  for (const AwsPatternCost& p : c.patterns) {
    if (p.pattern_id == id) return p;
  }
  ADD_FAILURE() << "no pattern " << id;
  static const AwsPatternCost kNone;
  return kNone;
}

TEST(AwsDataModelCost, PricesEachPatternByHand) {
  AwsCostOptions o;
  o.rps["4"] = 10;  // GetItem, eventually consistent: 0.5 RRU
  o.rps["6"] = 2;   // UpdateItem: its measured write units
  o.default_rps = 0;
  o.utilization = 0.5;
  StatusOr<AwsDataModelCost> c = EstimateAwsDataModelCost(Example().report, o);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_FALSE(c->nominal);
  const RegionPrices& pr = DefaultPriceTable().regions.at("us-east-1");
  const double hours = DefaultPriceTable().hours_per_month;
  const AwsPatternCost& get = Pattern(*c, "4");
  EXPECT_TRUE(get.ran);
  EXPECT_FALSE(get.write);
  EXPECT_DOUBLE_EQ(get.units_per_request, 0.5);
  EXPECT_NEAR(get.on_demand,
              10 * 0.5 * hours * 3600 / 1e6 * pr.read_per_million, 1e-9);
  EXPECT_NEAR(get.provisioned, 10 * 0.5 / 0.5 * hours * pr.rcu_hour, 1e-9);
  const AwsPatternCost& update = Pattern(*c, "6");
  EXPECT_TRUE(update.write);
  EXPECT_GT(update.units_per_request, 0);
  EXPECT_NEAR(
      update.on_demand,
      2 * update.units_per_request * hours * 3600 / 1e6 * pr.write_per_million,
      1e-9);
  EXPECT_TRUE(Pattern(*c, "5").write);  // TransactWriteItems
  // Every other pattern at the default 0/s costs nothing; a skipped or
  // failed one did not run.
  EXPECT_EQ(Pattern(*c, "1").on_demand, 0);
  EXPECT_FALSE(Pattern(*c, "9").ran);
  // Storage: each table's bytes with 100 B per item or index entry.
  ASSERT_EQ(c->storage.size(), 2u);
  for (const AwsTableStorage& s : c->storage) {
    EXPECT_GT(s.items, 0) << s.table;
    EXPECT_GE(s.bytes, 100.0 * static_cast<double>(s.items)) << s.table;
    EXPECT_NEAR(s.monthly,
                s.bytes / (1024.0 * 1024 * 1024) * pr.storage_gb_month, 1e-12);
  }
  double total = 0;
  for (const AwsPatternCost& p : c->patterns) total += p.on_demand;
  for (const AwsTableStorage& s : c->storage) total += s.monthly;
  EXPECT_NEAR(c->on_demand_total, total, 1e-9);
}

TEST(AwsDataModelCost, NominalTrafficAndReports) {
  StatusOr<AwsDataModelCost> c = EstimateAwsDataModelCost(Example().report, {});
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->nominal);
  EXPECT_EQ(Pattern(*c, "1").requests_per_second, 1);
  const std::string text = FormatAwsCostText(*c);
  EXPECT_THAT(text, HasSubstr("no traffic given: 1 request/s per pattern"));
  EXPECT_THAT(text, HasSubstr("TransactWriteItems"));
  nlohmann::json j =
      nlohmann::json::parse(FormatAwsReportJson(Example().report, *c));
  EXPECT_EQ(j["format"], "aws-mcp-data-model");
  EXPECT_TRUE(j["cost"]["nominalTraffic"].get<bool>());
  EXPECT_EQ(j["cost"]["patterns"].size(), Example().report.patterns.size());
  const std::string html = RenderAwsDataModelHtml(Example().report, *c);
  EXPECT_THAT(html, HasSubstr("<h2>Cost a month</h2>"));
  EXPECT_THAT(html, HasSubstr("EmailLookup"));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
  EXPECT_THAT(html, Not(HasSubstr("http://")));
}

TEST(AwsDataModelCost, OptionErrors) {
  AwsCostOptions o;
  o.rps["42"] = 1;
  StatusOr<AwsDataModelCost> c = EstimateAwsDataModelCost(Example().report, o);
  EXPECT_FALSE(c.ok());
  EXPECT_THAT(std::string(c.status().message()),
              HasSubstr("--rps names pattern \"42\""));
  o.rps.clear();
  o.region = "mars-1";
  c = EstimateAwsDataModelCost(Example().report, o);
  EXPECT_FALSE(c.ok());
  EXPECT_THAT(std::string(c.status().message()),
              HasSubstr("no region \"mars-1\""));
}

}  // namespace
}  // namespace eddy::model
