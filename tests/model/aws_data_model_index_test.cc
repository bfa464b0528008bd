// Copyright 2026 The eddy Authors.
//
// The AWS MCP data model's cost per table and index, and its design review
// (model/formats/aws_data_model_cost.h, aws_data_model_review.h), on a tiny
// document written for them (testdata/aws_data_model_indexes.json): table
// Orders (customer, order) with GSI ByStatus (status, order; ALL) and sparse
// GSI ByCourier (courier; KEYS_ONLY), ten items of which one is 4,241 bytes
// and two have a courier. Every figure is checked by hand:
//
//   item sizes: names + values. "customer"+"c1" 10, "order"+"o01" 8,
//   "status"+"OPEN" 10: 28 bytes; with "courier"+"k2" 37; o10 also has
//   "note" + 4,200 characters: 4,241 bytes. All ten: 8x28 + 37 + 4,241 =
//   4,502 bytes.
//   load: table 9x1 + 5 (ceil(4,241/1,024)) = 14 WCU; ByStatus (ALL) the
//   same 14 over 10 entries = 1.4 per entry; ByCourier (KEYS_ONLY, 2
//   entries of customer+order+courier = 27 bytes) 2 WCU, 1 per entry.
//   storage: table 4,502 + 10x100 = 5,502 B; ByStatus the same; ByCourier
//   2x27 + 2x100 = 254 B.
//   patterns: 1 Query ByStatus, 10 items, 4,502 B -> 2 x 4 KB, eventually
//   consistent: 1 RCU on ByStatus; 2 PutItem of a 28-byte item with status:
//   1 WCU on the table and 1 on ByStatus; 3 Scan: 1 RCU on the table; 4
//   GetItem: 0.5 RCU on the table; 5 Query ByCourier, one 27-byte entry:
//   0.5 RCU on ByCourier.
//   us-east-1 (model/prices.json): $0.125 per million RRU, $0.625 per
//   million WRU, $0.00013 per RCU-hour, $0.00065 per WCU-hour, $0.25 per
//   GB-month; 730 hours = 2,628,000 s.

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/formats/aws_data_model_cost.h"
#include "model/formats/aws_data_model_review.h"
#include "nlohmann/json.hpp"
#include "tests/model/aws_data_model_testing.h"

namespace eddy::model {
namespace {

using ::testing::HasSubstr;

const std::string kDocument =
    std::string(EDDY_SOURCE_DIR) +
    "/tests/model/testdata/aws_data_model_indexes.json";

constexpr double kGB = 1024.0 * 1024 * 1024;
constexpr double kMillionsPerMonth = 2.628;  // 1 unit/s for 730 hours, in M

const AwsRun& Orders() {
  static const AwsRun* run = LoadAndRunAwsDataModel(kDocument);
  return *run;
}

AwsCostOptions Traffic() {
  AwsCostOptions o;
  o.rps["1"] = 100;  // 1 RCU each on ByStatus
  o.rps["2"] = 10;   // 1 WCU on the table, 1 on ByStatus
  o.rps["3"] = 1;    // 1 RCU on the table
  o.rps["4"] = 200;  // 0.5 RCU on the table
  o.default_rps = 0;
  o.utilization = 0.5;
  return o;
}

const AwsIndexCost& Index(const AwsDataModelCost& c, const char* index) {
  for (const AwsIndexCost& i : c.indexes) {
    if (i.index == index) return i;
  }
  ADD_FAILURE() << "no index " << index;
  static const AwsIndexCost kNone;
  return kNone;
}

TEST(AwsDataModelIndexes, RunRecordsUnitsByIndex) {
  const AwsRunReport& r = Orders().report;
  ASSERT_TRUE(r.ok()) << FormatAwsReportText(r);
  ASSERT_EQ(r.tables.size(), 1u);
  const AwsTableResult& t = r.tables[0];
  EXPECT_EQ(t.item_count, 10);
  EXPECT_DOUBLE_EQ(t.table_bytes, 5502);
  EXPECT_DOUBLE_EQ(t.load_write_units, 14);
  ASSERT_EQ(t.indexes.size(), 2u);
  EXPECT_EQ(t.indexes[0].name, "ByStatus");
  EXPECT_EQ(t.indexes[0].item_count, 10);
  EXPECT_DOUBLE_EQ(t.indexes[0].storage_bytes, 5502);
  EXPECT_DOUBLE_EQ(t.indexes[0].load_write_units, 14);
  EXPECT_EQ(t.indexes[1].name, "ByCourier");
  EXPECT_EQ(t.indexes[1].item_count, 2);
  EXPECT_DOUBLE_EQ(t.indexes[1].storage_bytes, 254);
  EXPECT_DOUBLE_EQ(t.indexes[1].load_write_units, 2);
  EXPECT_DOUBLE_EQ(t.storage_bytes, 5502 + 5502 + 254);

  // Pattern 2 asked for TOTAL: its recorded response has no per-index
  // members, though the run measured them.
  const AwsPatternResult& put = r.patterns[1];
  ASSERT_EQ(put.outcome, AwsPatternResult::Outcome::kSuccess);
  EXPECT_THAT(put.response_json, HasSubstr("\"CapacityUnits\":2"));
  EXPECT_THAT(put.response_json, ::testing::Not(HasSubstr("ByStatus")));
  ASSERT_EQ(put.index_units.size(), 2u);
  EXPECT_EQ(put.index_units[0].index, "");
  EXPECT_DOUBLE_EQ(put.index_units[0].units, 1);
  EXPECT_EQ(put.index_units[1].index, "ByStatus");
  EXPECT_DOUBLE_EQ(put.index_units[1].units, 1);
  // Pattern 1 asked for nothing: no ConsumedCapacity recorded.
  EXPECT_THAT(r.patterns[0].response_json,
              ::testing::Not(HasSubstr("ConsumedCapacity")));
  EXPECT_DOUBLE_EQ(r.patterns[0].capacity_units, 1);
}

TEST(AwsDataModelIndexes, PricesEachIndexByHand) {
  StatusOr<AwsDataModelCost> c =
      EstimateAwsDataModelCost(Orders().report, Traffic());
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  ASSERT_EQ(c->indexes.size(), 3u);

  const AwsIndexCost& table = Index(*c, "");
  EXPECT_EQ(table.table, "Orders");
  EXPECT_EQ(table.cost.entries, 10);
  EXPECT_DOUBLE_EQ(table.units_per_entry, 1.4);
  // Reads: scan 1 x 1 + get 200 x 0.5 = 101 RCU/s; writes: put 10 x 1.
  EXPECT_DOUBLE_EQ(table.cost.read_units_per_second, 101);
  EXPECT_DOUBLE_EQ(table.cost.write_units_per_second, 10);
  EXPECT_NEAR(table.cost.read_on_demand, 101 * kMillionsPerMonth * 0.125,
              1e-9);  // $33.18
  EXPECT_NEAR(table.cost.write_on_demand, 10 * kMillionsPerMonth * 0.625,
              1e-9);  // $16.43
  EXPECT_NEAR(table.cost.read_provisioned, 101 / 0.5 * 730 * 0.00013, 1e-9);
  EXPECT_NEAR(table.cost.write_provisioned, 10 / 0.5 * 730 * 0.00065, 1e-9);
  EXPECT_NEAR(table.cost.storage, 5502 / kGB * 0.25, 1e-15);

  const AwsIndexCost& status = Index(*c, "ByStatus");
  EXPECT_TRUE(status.global);
  EXPECT_DOUBLE_EQ(status.units_per_entry, 1.4);
  EXPECT_DOUBLE_EQ(status.cost.read_units_per_second, 100);
  EXPECT_DOUBLE_EQ(status.cost.write_units_per_second, 10);
  // What the GSI costs in writes: the put's second unit, $16.43 a month.
  EXPECT_NEAR(status.cost.write_on_demand, 10 * kMillionsPerMonth * 0.625,
              1e-9);
  EXPECT_NEAR(status.cost.on_demand(),
              100 * kMillionsPerMonth * 0.125 + 10 * kMillionsPerMonth * 0.625 +
                  5502 / kGB * 0.25,
              1e-9);

  const AwsIndexCost& courier = Index(*c, "ByCourier");
  EXPECT_EQ(courier.cost.entries, 2);
  EXPECT_DOUBLE_EQ(courier.units_per_entry, 1);
  EXPECT_DOUBLE_EQ(courier.cost.read_units_per_second, 0);  // pattern 5: 0/s
  EXPECT_DOUBLE_EQ(courier.cost.write_units_per_second, 0);
  EXPECT_NEAR(courier.cost.on_demand(), 254 / kGB * 0.25, 1e-15);

  // The indexes add up to the patterns and storage.
  double on_demand = 0, provisioned = 0;
  for (const AwsIndexCost& i : c->indexes) {
    on_demand += i.cost.on_demand();
    provisioned += i.cost.provisioned();
  }
  EXPECT_NEAR(on_demand, c->on_demand_total, 1e-9);
  EXPECT_NEAR(provisioned, c->provisioned_total, 1e-9);
}

TEST(AwsDataModelIndexes, ReportsShowIndexesAndReview) {
  StatusOr<AwsDataModelCost> c =
      EstimateAwsDataModelCost(Orders().report, Traffic());
  ASSERT_TRUE(c.ok());
  const std::vector<Finding> f =
      ReviewAwsDataModel(Orders().model, Orders().report, *c);
  const std::string text = FormatAwsCostText(*c) + FormatFindingsText(f);
  EXPECT_THAT(text, HasSubstr("By table and index"));
  EXPECT_THAT(text, HasSubstr("  ByStatus (GSI)"));
  EXPECT_THAT(text, HasSubstr("[hot-partition-key] index Orders/ByStatus"));

  nlohmann::json j =
      nlohmann::json::parse(FormatAwsReportJson(Orders().report, *c, f));
  ASSERT_EQ(j["cost"]["indexes"].size(), 3u);
  EXPECT_EQ(j["cost"]["indexes"][1]["index"], "ByStatus");
  EXPECT_EQ(j["cost"]["indexes"][1]["kind"], "GSI");
  EXPECT_EQ(j["cost"]["indexes"][1]["loadWriteUnits"], 14.0);
  EXPECT_EQ(j["cost"]["indexes"][0]["index"], nullptr);
  ASSERT_EQ(j["review"].size(), f.size());
  EXPECT_EQ(j["review"][0]["check"], "hot-partition-key");

  const std::string html = RenderAwsDataModelHtml(Orders().report, *c, f);
  EXPECT_THAT(html, HasSubstr("<h3>By table and index</h3>"));
  EXPECT_THAT(html, HasSubstr("Orders / ByCourier (GSI)"));
  EXPECT_THAT(html, HasSubstr("<h2>Design review</h2>"));
  EXPECT_THAT(html, HasSubstr("hot-partition-key"));
}

const Finding* Find(const std::vector<Finding>& f, const std::string& check) {
  for (const Finding& x : f) {
    if (x.check == check) return &x;
  }
  return nullptr;
}

TEST(AwsDataModelReview, FindingsWithTheirFigures) {
  StatusOr<AwsDataModelCost> c =
      EstimateAwsDataModelCost(Orders().report, Traffic());
  ASSERT_TRUE(c.ok());
  const std::vector<Finding> f =
      ReviewAwsDataModel(Orders().model, Orders().report, *c);
  ASSERT_EQ(f.size(), 3u) << FormatFindingsText(f);

  // ByStatus: "OPEN" in all 10 entries. Writes: 1,000 / 1.4 = 714/s;
  // pattern 1 reads 1 RCU a request: 3,000 requests/s. The traffic (10 WCU/s,
  // 100 req/s) is far from both: a note.
  const Finding* hot = Find(f, "hot-partition-key");
  ASSERT_NE(hot, nullptr);
  EXPECT_EQ(hot->subject, "index Orders/ByStatus");
  EXPECT_EQ(hot->severity, Severity::kNote);
  EXPECT_DOUBLE_EQ(hot->figure, 714);
  EXPECT_THAT(hot->message, HasSubstr("{\"S\":\"OPEN\"}, in all 10 entries"));
  EXPECT_THAT(hot->message, HasSubstr("reached at 714 writes/s"));
  EXPECT_THAT(hot->message, HasSubstr("pattern 1 reads it at 1 RCU per "
                                      "request, so 3,000 RCU/s are reached "
                                      "at 3,000 requests/s (the traffic "
                                      "gives 100/s)"));
  EXPECT_THAT(hot->message, HasSubstr("the traffic writes 10 WCU/s to it"));

  const Finding* large = Find(f, "large-item");
  ASSERT_NE(large, nullptr);
  EXPECT_EQ(large->subject, "table Orders");
  EXPECT_DOUBLE_EQ(large->figure, 1);
  EXPECT_THAT(large->message, HasSubstr("1 of 10 items loaded are over 4 KB"));
  EXPECT_THAT(large->message, HasSubstr("4,241 bytes"));
  EXPECT_THAT(large->message, HasSubstr("each write 5 write units"));

  const Finding* scan = Find(f, "scan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ(scan->subject, "pattern 3");
  EXPECT_EQ(scan->severity, Severity::kWarning);
  EXPECT_DOUBLE_EQ(scan->figure, 1);
  // Pattern 2's order is in the table by then: 11 items, 4,530 bytes, still
  // 2 x 4 KB at half a unit each.
  EXPECT_THAT(scan->message, HasSubstr("11 items in 1 page(s) at 1 RCU"));

  // At 0 requests/s the scan is a note.
  AwsCostOptions idle = Traffic();
  idle.rps["3"] = 0;
  StatusOr<AwsDataModelCost> c0 =
      EstimateAwsDataModelCost(Orders().report, idle);
  ASSERT_TRUE(c0.ok());
  const std::vector<Finding> f0 =
      ReviewAwsDataModel(Orders().model, Orders().report, *c0);
  ASSERT_NE(Find(f0, "scan"), nullptr);
  EXPECT_EQ(Find(f0, "scan")->severity, Severity::kNote);
  EXPECT_THAT(Find(f0, "scan")->message,
              HasSubstr("the traffic gives it 0 requests/s"));

  // No skew on ByCourier (2 entries, 2 keys), no low cardinality on the
  // table (5 customers over 10 items: fewer than 10x as many items).
  EXPECT_EQ(Find(f, "skewed-gsi"), nullptr);
  EXPECT_EQ(Find(f, "many-gsis"), nullptr);  // at most 2 GSIs < 4
}

TEST(AwsDataModelReview, ManyGsisAndNominalTraffic) {
  StatusOr<AwsDataModelCost> c = EstimateAwsDataModelCost(Orders().report, {});
  ASSERT_TRUE(c.ok());
  ReviewOptions o;
  o.many_gsis = 2;
  const std::vector<Finding> f =
      ReviewAwsDataModel(Orders().model, Orders().report, *c, o);
  // o05 and o10 are in both GSIs; the load wrote 14 + 2 GSI units for 10
  // items, beside 14 on the table.
  const Finding* many = Find(f, "many-gsis");
  ASSERT_NE(many, nullptr);
  EXPECT_DOUBLE_EQ(many->figure, 1.6);
  EXPECT_THAT(many->message,
              HasSubstr("2 of 10 items loaded are written to 2 GSIs or more"));
  EXPECT_THAT(many->message, HasSubstr("1.60 GSI write units per item beside "
                                       "1.40 on the table"));
  // Without traffic the rate-dependent checks give limits only.
  const Finding* scan = Find(f, "scan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ(scan->severity, Severity::kNote);
  EXPECT_THAT(scan->message, ::testing::Not(HasSubstr("requests/s")));
  const Finding* hot = Find(f, "hot-partition-key");
  ASSERT_NE(hot, nullptr);
  EXPECT_THAT(hot->message, ::testing::Not(HasSubstr("the traffic")));
}

}  // namespace
}  // namespace eddy::model
