// Copyright 2026 The eddy Authors.
//
// The model's cost estimate, design review and HTML report
// (model/analysis.h): costs checked by hand against the price table for a
// small model (tests/model/testdata/analysis/users.json) and for kayak;
// every review check fires on a model built to trigger it
// (review_triggers.json) and stays silent on kayak where kayak does not
// deserve it; the traffic section's errors; the price table's; the HTML
// page is well formed and fetches nothing.

#include "model/analysis.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/report.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using ::testing::HasSubstr;

// A month of seconds at the price table's 730 hours.
constexpr double kMonth = 730.0 * 3600;

Model LoadFile(const std::string& relative) {
  std::vector<ModelError> errors;
  StatusOr<Model> m =
      LoadModelFile(std::string(EDDY_SOURCE_DIR) + "/" + relative, &errors);
  EXPECT_THAT(m, IsOk());
  for (const ModelError& e : errors) ADD_FAILURE() << e.ToString();
  return m.ok() ? *std::move(m) : Model();
}

struct Outcome {
  RunReport report;
  ModelAnalysis analysis;
};

Outcome RunAndAnalyze(const Model& m, const AnalysisOptions& options = {}) {
  DataProfile profile;
  RunOptions ro;
  ro.on_generated = [&](const GeneratedData& d) {
    profile = ProfileData(m, d);
  };
  StatusOr<RunReport> r = RunModel(m, ro);
  EXPECT_THAT(r, IsOk());
  Outcome out;
  if (!r.ok()) return out;
  out.report = *std::move(r);
  EXPECT_TRUE(out.report.ok()) << FormatReportText(out.report);
  StatusOr<ModelAnalysis> a =
      Analyze(m, std::move(profile), out.report, options);
  EXPECT_THAT(a, IsOk());
  if (a.ok()) out.analysis = *std::move(a);
  return out;
}

const Outcome& Users() {
  static const Outcome* r = new Outcome(
      RunAndAnalyze(LoadFile("tests/model/testdata/analysis/users.json")));
  return *r;
}

const Model& KayakModel() {
  static const Model* m = new Model(LoadFile("model/kayak.json"));
  return *m;
}

const Outcome& Kayak() {
  static const Outcome* r = new Outcome(RunAndAnalyze(KayakModel()));
  return *r;
}

const IndexCost& IndexOf(const CostReport& c, const std::string& name) {
  for (const IndexCost& i : c.indexes) {
    if (i.name == name) return i;
  }
  ADD_FAILURE() << "no index " << name;
  static const IndexCost none;
  return none;
}

const WriteCost& WritesOf(const CostReport& c, const std::string& type) {
  for (const WriteCost& w : c.writes) {
    if (w.entity_type == type) return w;
  }
  ADD_FAILURE() << "no writes of " << type;
  static const WriteCost none;
  return none;
}

// --- The small model, by hand --------------------------------------------

TEST(CostTest, SmallModelItemSizesAreTheHandComputedOnes) {
  const DataProfile& p = Users().analysis.profile;
  // userProfile: PK "user#<26>" 2+31, SK "profile" 2+7, PK1 "team#<26>"
  // 3+31, SK1 "user#<26>" 3+31, entityType 10+11, userId 6+26,
  // teamId 6+26, bio 3+1400 = 1,598 bytes.
  const ShapeProfile* user = p.FindShape("userProfile");
  ASSERT_NE(user, nullptr);
  EXPECT_EQ(user->items, 100);
  EXPECT_EQ(user->max_bytes, 1598);
  EXPECT_EQ(user->bytes, 100 * 1598);
  EXPECT_EQ(user->table_wcu, 200);  // 2 WCU each
  const ShapeIndexProfile* gsi = user->Find("GSI1");
  ASSERT_NE(gsi, nullptr);
  // KEYS_ONLY: PK, SK, PK1, SK1 = 33 + 9 + 34 + 34 = 110 bytes, 1 WCU.
  EXPECT_EQ(gsi->sizes.actual_bytes, 100 * 110);
  EXPECT_EQ(gsi->sizes.actual_wcu, 100);
  // INCLUDE (entityType) adds 21 bytes.
  EXPECT_EQ(gsi->sizes.include_bytes, 100 * 131);
  // team: PK 2+31, SK "metadata" 2+8, entityType 10+4, teamId 6+26 = 89.
  const ShapeProfile* team = p.FindShape("team");
  ASSERT_NE(team, nullptr);
  EXPECT_EQ(team->max_bytes, 89);
  EXPECT_EQ(team->table_wcu, 10);
}

TEST(CostTest, SmallModelReadsByHand) {
  const CostReport& c = Users().analysis.cost;
  EXPECT_FALSE(c.nominal_traffic);
  EXPECT_EQ(c.region, "us-east-1");
  ASSERT_EQ(c.patterns.size(), 2u);
  // Pattern 1: one 1,598-byte item, eventually consistent: 0.5 RCU, at 100
  // requests/s = 50 RRU/s = 131,400,000 RRU a month × $0.125 per million.
  EXPECT_DOUBLE_EQ(c.patterns[0].read_units_per_request, 0.5);
  EXPECT_NEAR(c.patterns[0].on_demand, 16.425, 1e-9);
  // Provisioned: 50 / 0.5 utilisation = 100 RCU × 730 h × $0.00013.
  EXPECT_NEAR(c.patterns[0].provisioned, 9.49, 1e-9);
  // Pattern 2: ten 110-byte KEYS_ONLY entries = 1,100 bytes: 0.5 RCU, at
  // 10/s = 5 RRU/s = 13,140,000 a month = $1.6425; 10 RCU = $0.949.
  EXPECT_DOUBLE_EQ(c.patterns[1].read_units_per_request, 0.5);
  EXPECT_NEAR(c.patterns[1].on_demand, 1.6425, 1e-9);
  EXPECT_NEAR(c.patterns[1].provisioned, 0.949, 1e-9);
}

TEST(CostTest, SmallModelWritesByHand) {
  const CostReport& c = Users().analysis.cost;
  // userProfile: 2 WCU on the table + 1 on GSI1 = 3, at 10/s = 30 WRU/s =
  // 78,840,000 a month × $0.625 per million = $49.275; provisioned 60 WCU
  // × 730 × $0.00065 = $28.47.
  const WriteCost& u = WritesOf(c, "userProfile");
  EXPECT_DOUBLE_EQ(u.units_per_write, 3);
  ASSERT_EQ(u.units.size(), 2u);
  EXPECT_EQ(u.units[0].index, "table");
  EXPECT_DOUBLE_EQ(u.units[0].units_per_write, 2);
  EXPECT_EQ(u.units[1].index, "GSI1");
  EXPECT_DOUBLE_EQ(u.units[1].units_per_write, 1);
  EXPECT_NEAR(u.on_demand, 49.275, 1e-9);
  EXPECT_NEAR(u.provisioned, 28.47, 1e-9);
  // team: 1 WCU at 1/s: $1.6425; 2 WCU provisioned: $0.949.
  const WriteCost& t = WritesOf(c, "team");
  EXPECT_DOUBLE_EQ(t.units_per_write, 1);
  EXPECT_NEAR(t.on_demand, 1.6425, 1e-9);
  EXPECT_NEAR(t.provisioned, 0.949, 1e-9);
}

TEST(CostTest, SmallModelIndexesStorageAndTotalsByHand) {
  const CostReport& c = Users().analysis.cost;
  const IndexCost& table = IndexOf(c, "table");
  EXPECT_DOUBLE_EQ(table.read_units_per_second, 50);
  EXPECT_DOUBLE_EQ(table.write_units_per_second, 21);
  // 100 × (1,598 + 100) + 10 × (89 + 100) bytes.
  EXPECT_DOUBLE_EQ(table.storage_bytes, 171690);
  const double gb = 1024.0 * 1024 * 1024;
  EXPECT_NEAR(table.storage, 171690 / gb * 0.25, 1e-15);
  const IndexCost& gsi = IndexOf(c, "GSI1");
  EXPECT_DOUBLE_EQ(gsi.read_units_per_second, 5);
  EXPECT_DOUBLE_EQ(gsi.write_units_per_second, 10);
  EXPECT_DOUBLE_EQ(gsi.storage_bytes, 100 * 210);
  EXPECT_DOUBLE_EQ(gsi.provisioned_wcu, 20);
  const double storage = (171690 + 21000) / gb * 0.25;
  EXPECT_NEAR(c.on_demand_total, 16.425 + 1.6425 + 49.275 + 1.6425 + storage,
              1e-9);
  EXPECT_NEAR(c.provisioned_total, 9.49 + 0.949 + 28.47 + 0.949 + storage,
              1e-9);
}

TEST(CostTest, SmallModelProjectionChoicesByHand) {
  const CostReport& c = Users().analysis.cost;
  ASSERT_EQ(c.projections.size(), 1u);
  const std::vector<ProjectionOption>& o = c.projections[0].options;
  ASSERT_EQ(o.size(), 3u);
  EXPECT_EQ(o[0].projection, "ALL");
  EXPECT_FALSE(o[0].declared);
  // ALL: 2 WCU per user write at 10/s; 100 × (1,598 + 100) bytes; a query
  // reads 10 × 1,598 = 15,980 bytes = 4 × 4 KB = 2 RCU, at 10/s.
  EXPECT_DOUBLE_EQ(o[0].write_units_per_second, 20);
  EXPECT_DOUBLE_EQ(o[0].storage_bytes, 169800);
  EXPECT_DOUBLE_EQ(o[0].read_units_per_second, 20);
  EXPECT_DOUBLE_EQ(o[0].fetch_units_per_second, 0);
  EXPECT_EQ(o[1].projection, "KEYS_ONLY");
  EXPECT_TRUE(o[1].declared);
  EXPECT_DOUBLE_EQ(o[1].write_units_per_second, 10);
  EXPECT_DOUBLE_EQ(o[1].storage_bytes, 21000);
  EXPECT_DOUBLE_EQ(o[1].read_units_per_second, 5);
  // Reading the 10 items back: 10 × 0.5 RCU per request, at 10/s.
  EXPECT_DOUBLE_EQ(o[1].fetch_units_per_second, 50);
  EXPECT_EQ(o[2].projection, "INCLUDE (entityType)");
  EXPECT_DOUBLE_EQ(o[2].storage_bytes, 23100);
  const double gb = 1024.0 * 1024 * 1024;
  EXPECT_NEAR(
      o[1].on_demand,
      10 * kMonth / 1e6 * 0.625 + 21000 / gb * 0.25 + 5 * kMonth / 1e6 * 0.125,
      1e-9);
  EXPECT_NEAR(o[1].on_demand_with_fetch,
              o[1].on_demand + 50 * kMonth / 1e6 * 0.125, 1e-9);
}

TEST(CostTest, SmallModelSparseIndexSavesTheTeamsByHand) {
  const CostReport& c = Users().analysis.cost;
  ASSERT_EQ(c.sparse.size(), 1u);
  const SparseSaving& s = c.sparse[0];
  EXPECT_EQ(s.entries, 100);
  EXPECT_EQ(s.table_items, 110);
  EXPECT_THAT(s.entity_types_left_out, ::testing::ElementsAre("team"));
  // KEYS_ONLY: one 1-WCU entry per team write (1/s); storage 10 × (PK 33 +
  // SK 10 + 100) bytes.
  EXPECT_DOUBLE_EQ(s.write_units_per_second_saved, 1);
  EXPECT_DOUBLE_EQ(s.storage_bytes_saved, 1430);
  const double gb = 1024.0 * 1024 * 1024;
  EXPECT_NEAR(s.on_demand_saved, 1.6425 + 1430 / gb * 0.25, 1e-9);
}

// --- Kayak, by hand ---------------------------------------------------------

TEST(CostTest, KayakNominalTrafficByHand) {
  const Outcome& k = Kayak();
  const CostReport& c = k.analysis.cost;
  EXPECT_TRUE(c.nominal_traffic);
  // Pattern 1 reads the 40 stores from GSI1 (ALL): their summed size,
  // rounded up to 4 KB once, half a unit per 4 KB.
  const ShapeProfile* stores = k.analysis.profile.FindShape("storeMetadata");
  ASSERT_NE(stores, nullptr);
  EXPECT_EQ(stores->items, 40);
  const double rcu =
      std::ceil(static_cast<double>(stores->bytes) / 4096.0) * 0.5;
  EXPECT_DOUBLE_EQ(c.patterns[0].read_units_per_request, rcu);
  // At the nominal 1 request/s.
  EXPECT_NEAR(c.patterns[0].on_demand, rcu * kMonth / 1e6 * 0.125, 1e-12);
  EXPECT_NEAR(c.patterns[0].provisioned, rcu / 0.7 * 730 * 0.00013, 1e-12);
  // storeMetadata (under 1 KB) writes 1 WCU to the table and 1 to GSI1 at
  // 1 write/s.
  const WriteCost& w = WritesOf(c, "storeMetadata");
  EXPECT_EQ(stores->max_bytes < 1024, true);
  EXPECT_DOUBLE_EQ(w.units_per_write, 2);
  EXPECT_NEAR(w.on_demand, 2 * kMonth / 1e6 * 0.625, 1e-12);
  // rentalRelationship is in four GSIs: 1 + 4 WCU per write.
  EXPECT_DOUBLE_EQ(WritesOf(c, "rentalRelationship").units_per_write, 5);
  // The totals are the indexes' sums.
  double od = 0, prov = 0;
  for (const IndexCost& i : c.indexes) {
    od += i.on_demand();
    prov += i.provisioned();
  }
  EXPECT_NEAR(c.on_demand_total, od, 1e-9);
  EXPECT_NEAR(c.provisioned_total, prov, 1e-9);
  // Every GSI is compared under three projections; kayak's are ALL.
  ASSERT_EQ(c.projections.size(), 6u);
  for (const ProjectionCost& p : c.projections) {
    EXPECT_TRUE(p.options[0].declared) << p.index;
    EXPECT_LE(p.options[1].storage_bytes, p.options[0].storage_bytes);
  }
}

// --- The design review ------------------------------------------------------

std::vector<const Finding*> Findings(const Outcome& r,
                                     const std::string& check) {
  std::vector<const Finding*> out;
  for (const Finding& f : r.analysis.findings) {
    if (f.check == check) out.push_back(&f);
  }
  return out;
}

const Outcome& Triggers() {
  static const Outcome* r = new Outcome(RunAndAnalyze(
      LoadFile("tests/model/testdata/analysis/review_triggers.json")));
  return *r;
}

TEST(ReviewTest, ConstantAndLowCardinalityKeysAreHotWithTheirLimits) {
  std::vector<const Finding*> f = Findings(Triggers(), "hot-partition-key");
  ASSERT_EQ(f.size(), 3u);
  // GSI1's "orders" is one partition: an order item is ~4.6 KB, 5 WCU per
  // write, so 1,000 WCU/s are reached at 200 writes/s; pattern 1 reads all
  // 300 orders at 2000 requests/s.
  EXPECT_EQ(f[0]->subject, "entity order in GSI1");
  EXPECT_EQ(f[0]->severity, Severity::kWarning);
  EXPECT_THAT(f[0]->message, HasSubstr("\"orders\""));
  EXPECT_THAT(f[0]->message, HasSubstr("200 order writes/s"));
  EXPECT_THAT(f[0]->message, HasSubstr("pattern 1"));
  EXPECT_LT(f[0]->figure, 20);  // ~170 RCU per request: < 20 requests/s
  // GSI2's region key has 3 values over 300 orders.
  EXPECT_EQ(f[1]->subject, "entity order in GSI2");
  EXPECT_THAT(f[1]->message, HasSubstr("only 3 distinct values over 300"));
  EXPECT_EQ(f[1]->severity, Severity::kNote);  // 5 of 600 writes/s
  EXPECT_DOUBLE_EQ(f[1]->figure, 600);
  // The table's 5 devices under 5,000 event writes/s: the top device holds
  // 20% of the events, so its partition reaches 1,000 WCU/s at 5,000/s.
  EXPECT_EQ(f[2]->subject, "entity event in the table");
  EXPECT_EQ(f[2]->severity, Severity::kWarning);
  EXPECT_THAT(f[2]->message, HasSubstr("only 5 distinct values over 200"));
}

TEST(ReviewTest, LargeItemsOver4KbAndNear400Kb) {
  std::vector<const Finding*> f = Findings(Triggers(), "large-item");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0]->subject, "entity order");
  EXPECT_EQ(f[0]->severity, Severity::kNote);
  EXPECT_DOUBLE_EQ(f[0]->figure, 300);
  EXPECT_THAT(f[0]->message, HasSubstr("300 of 300 order items (100%)"));
  EXPECT_EQ(f[1]->subject, "entity document");
  EXPECT_EQ(f[1]->severity, Severity::kWarning);
  EXPECT_THAT(f[1]->message, HasSubstr("chunk"));
  EXPECT_THAT(f[1]->message, HasSubstr("400 KB"));
}

TEST(ReviewTest, MonotonicSortKeyUnderHeavyWrites) {
  std::vector<const Finding*> f = Findings(Triggers(), "monotonic-sort-key");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->subject, "entity event in the table");
  // 5,000 writes/s over 5 devices, 1 WCU each: 1,000 WCU/s per partition.
  EXPECT_DOUBLE_EQ(f[0]->figure, 1000);
  EXPECT_EQ(f[0]->severity, Severity::kWarning);
  EXPECT_THAT(f[0]->message, HasSubstr("\"event#${eventId}\" only grows"));
}

TEST(ReviewTest, SkewedGsi) {
  std::vector<const Finding*> f = Findings(Triggers(), "skewed-gsi");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->subject, "index GSI3");
  // GSI3 holds 300 order entries (one key each) and 600 members, 500 of
  // them under one group: 500 of 900 entries.
  EXPECT_NEAR(f[0]->figure, 500.0 / 900.0, 1e-12);
  EXPECT_THAT(f[0]->message, HasSubstr("holds 500 of its 900 entries"));
}

TEST(ReviewTest, PatternThatReadsTheWholeIndex) {
  std::vector<const Finding*> f = Findings(Triggers(), "full-read");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->subject, "pattern 1");
  EXPECT_DOUBLE_EQ(f[0]->figure, 1.0);
  EXPECT_THAT(f[0]->message, HasSubstr("300.0 items per request, 100%"));
}

TEST(ReviewTest, EntityInManyGsis) {
  std::vector<const Finding*> f = Findings(Triggers(), "many-gsis");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->subject, "entity order");
  EXPECT_DOUBLE_EQ(f[0]->figure, 4);
}

TEST(ReviewTest, LsiCollectionGrowthWhenTheTableHasAnLsi) {
  const Model m =
      LoadFile("tests/model/testdata/analysis/review_triggers.json");
  const Outcome& r = Triggers();
  EXPECT_TRUE(Findings(r, "lsi-collection").empty());  // no LSI
  ReviewOptions o;
  o.lsi = true;
  Traffic t = *m.traffic;
  std::vector<Finding> f =
      ReviewDesign(m, r.analysis.profile, r.report, t, false, o);
  const Finding* lsi = nullptr;
  for (const Finding& x : f) {
    if (x.check == "lsi-collection") lsi = &x;
  }
  ASSERT_NE(lsi, nullptr);
  // The largest collection is the ~400 KB document; events add 5,000/s ×
  // their size over 5 devices: 10 GB within a month.
  EXPECT_EQ(lsi->severity, Severity::kWarning);
  EXPECT_LT(lsi->figure, 12);
  EXPECT_THAT(lsi->message, HasSubstr("event writes add"));
}

TEST(ReviewTest, KayakGetsOnlyTheFindingsItDeserves) {
  const Outcome& k = Kayak();
  // The seed's "get all stores" puts every store under the constant
  // "${version}#stores" in GSI1: a real hot key, reported with its limits.
  std::vector<const Finding*> hot = Findings(k, "hot-partition-key");
  ASSERT_EQ(hot.size(), 1u) << hot[1]->message;
  EXPECT_EQ(hot[0]->subject, "entity storeMetadata in GSI1");
  EXPECT_THAT(hot[0]->message, HasSubstr("\"${version}#stores\""));
  EXPECT_THAT(hot[0]->message, HasSubstr("\"v1#stores\""));
  EXPECT_EQ(hot[0]->severity, Severity::kNote);  // nominal traffic
  // rentalRelationship fills GSI2, GSI3, GSI5 and GSI6: a write costs 5×.
  std::vector<const Finding*> many = Findings(k, "many-gsis");
  ASSERT_EQ(many.size(), 1u);
  EXPECT_EQ(many[0]->subject, "entity rentalRelationship");
  // Nothing else: small items, no LSI, no scan-like pattern, no skewed GSI,
  // and sort keys that grow only matter under heavy writes.
  for (const char* check : {"large-item", "lsi-collection",
                            "monotonic-sort-key", "skewed-gsi", "full-read"}) {
    EXPECT_TRUE(Findings(k, check).empty()) << check;
  }
}

TEST(ReviewTest, KayakUnderHeavyRentalWritesFlagsTheGrowingSortKey) {
  AnalysisOptions o;
  Traffic t;
  // Inventory items sort by their ULID under their store: at 10,000 new
  // items/s over 40 stores, 250 WCU/s go to the end of each store's range.
  t.writes_per_second = {{"storeInventoryItem", 10000}};
  o.traffic = t;
  const Outcome r = RunAndAnalyze(KayakModel(), o);
  std::vector<const Finding*> f = Findings(r, "monotonic-sort-key");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->subject, "entity storeInventoryItem in the table");
  EXPECT_DOUBLE_EQ(f[0]->figure, 250);
  EXPECT_EQ(f[0]->severity, Severity::kNote);
}

// --- Traffic, prices and the reports --------------------------------------

TEST(TrafficTest, ErrorsPointIntoTheDocument) {
  std::string json = R"({
    "g": [{"PK": "a#${id}", "SK": {"m": {"entityType": "a"}}}],
    "Access Patterns": ["just words", {"name": "get a", "partitionKey": "a#${id}",
                        "parametersFrom": "as"}],
    "workload": {"generate": [{"name": "as", "entityType": "a", "count": 2,
                               "new": ["id"]}]},
    "traffic": {"utilization": 2, "patterns": {"get b": 1, "1": 3, "2": -1},
                "writes": {"b": 1}, "regoin": "x"}
  })";
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(json, "t", &errors);
  EXPECT_FALSE(m.ok());
  std::vector<std::string> got;
  for (const ModelError& e : errors) got.push_back(e.ToString());
  EXPECT_THAT(
      got, ::testing::ElementsAre(
               "/traffic/utilization: \"utilization\" must be a number "
               "in (0, 1]: the share of provisioned capacity the "
               "traffic uses",
               "/traffic/patterns/get b: no access pattern is named or "
               "numbered \"get b\" (did you mean \"get a\"?)",
               "/traffic/patterns/1: pattern 1 is documentation only "
               "(not executable), so it has no measured cost",
               "/traffic/patterns/2: must be a number of requests per "
               "second, 0 or more",
               "/traffic/writes/b: no entity shape has entityType \"b\" (did "
               "you mean \"a\"?)",
               "/traffic/regoin: unknown member \"regoin\" (did you "
               "mean \"region\"?)"));
}

TEST(PriceTableTest, DefaultTableIsDatedAndSourced) {
  const PriceTable& t = DefaultPriceTable();
  EXPECT_FALSE(t.date.empty());
  EXPECT_THAT(t.source, HasSubstr("aws.amazon.com/dynamodb/pricing"));
  ASSERT_EQ(t.regions.count("us-east-1"), 1u);
  const RegionPrices& p = t.regions.at("us-east-1");
  EXPECT_DOUBLE_EQ(p.write_per_million, 0.625);
  EXPECT_DOUBLE_EQ(p.read_per_million, 0.125);
  EXPECT_DOUBLE_EQ(p.wcu_hour, 0.00065);
  EXPECT_DOUBLE_EQ(p.rcu_hour, 0.00013);
  EXPECT_DOUBLE_EQ(p.storage_gb_month, 0.25);
  EXPECT_DOUBLE_EQ(t.hours_per_month, 730);
}

TEST(PriceTableTest, ErrorsNameTheMember) {
  EXPECT_THAT(ParsePriceTable("{"), StatusIs(ErrorCode::kValidation));
  StatusOr<PriceTable> t = ParsePriceTable(
      R"({"date": "2025-01-01", "source": "x", "regions": {"r": {
          "onDemand": {"writePerMillion": 1, "readPerMillion": -1},
          "provisioned": {"wcuHour": 1, "rcuHour": 1}, "storageGbMonth": 1}}})");
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().message(),
            "price table: /regions/r/onDemand/readPerMillion: must be a "
            "number, 0 or more");
  t = ParsePriceTable(R"({"source": "x", "regions": {}})");
  ASSERT_FALSE(t.ok());
  EXPECT_THAT(std::string(t.status().message()), HasSubstr("/date"));
}

TEST(PriceTableTest, OverridingTableAndUnknownRegion) {
  PriceTable t;
  t.date = "test";
  t.source = "test";
  t.regions["mars-1"] = {1, 1, 1, 1, 1};
  AnalysisOptions o;
  o.prices = &t;
  const Outcome& u = Users();
  StatusOr<ModelAnalysis> a =
      Analyze(LoadFile("tests/model/testdata/analysis/users.json"),
              u.analysis.profile, u.report, o);
  EXPECT_THAT(a, StatusIs(ErrorCode::kValidation,
                          "no region \"us-east-1\" (it has mars-1)"));
  o.region = "mars-1";
  a = Analyze(LoadFile("tests/model/testdata/analysis/users.json"),
              u.analysis.profile, u.report, o);
  ASSERT_THAT(a, IsOk());
  // $1 per million read units: pattern 1's 50 RRU/s.
  EXPECT_NEAR(a->cost.patterns[0].on_demand, 50 * kMonth / 1e6, 1e-9);
}

TEST(ReportTest, TextAndJsonCarryCostAndReview) {
  const Outcome& t = Triggers();
  const std::string text = FormatAnalysisText(t.analysis);
  EXPECT_THAT(text, HasSubstr("Cost a month (us-east-1"));
  EXPECT_THAT(text, HasSubstr("Projection choices"));
  EXPECT_THAT(text, HasSubstr("Sparse indexes"));
  EXPECT_THAT(text, HasSubstr("warning [hot-partition-key]"));
  nlohmann::json j =
      nlohmann::json::parse(FormatReportJson(t.report, t.analysis));
  EXPECT_EQ(j["model"], "triggers");
  EXPECT_TRUE(j["cost"]["onDemandTotal"].is_number());
  EXPECT_EQ(j["cost"]["projections"].size(), 4u);
  EXPECT_EQ(j["review"].size(), t.analysis.findings.size());
  EXPECT_EQ(j["review"][0]["check"], "hot-partition-key");
}

TEST(ReportTest, HtmlIsSelfContainedAndWellFormed) {
  const Outcome& k = Kayak();
  const std::string html = RenderModelHtml(KayakModel(), k.report, k.analysis);
  EXPECT_THAT(html, ::testing::StartsWith("<!DOCTYPE html>"));
  EXPECT_THAT(html, ::testing::EndsWith("</body></html>\n"));
  for (const char* external :
       {"http://", "https://", "<script", "<link", "@import", "url(", "src="}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  for (const char* section :
       {"Entities × indexes", "Access patterns", "Cost a month",
        "Projection choices", "Sparse indexes", "Design review",
        "Hottest partition keys", "storeMetadata", "v1#stores"}) {
    EXPECT_THAT(html, HasSubstr(section));
  }
  // Every element opened is closed, in order (void elements aside).
  std::vector<std::string> stack;
  size_t pos = 0;
  while ((pos = html.find('<', pos)) != std::string::npos) {
    const size_t end = html.find('>', pos);
    ASSERT_NE(end, std::string::npos);
    std::string tag = html.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty() || tag[0] == '!') continue;
    const bool closing = tag[0] == '/';
    std::string name = tag.substr(closing ? 1 : 0);
    name = name.substr(0, name.find_first_of(" /"));
    if (name == "br" || name == "meta" || name == "wbr") continue;
    if (!closing && tag.back() == '/') continue;  // <rect .../>
    if (closing) {
      ASSERT_FALSE(stack.empty()) << "</" << name << "> closes nothing";
      ASSERT_EQ(stack.back(), name) << "at offset " << pos;
      stack.pop_back();
    } else {
      stack.push_back(name);
    }
  }
  EXPECT_TRUE(stack.empty());
  // Text is escaped: no raw '<' inside the key templates' cells.
  EXPECT_THAT(html, HasSubstr("${version}#<wbr>store#<wbr>storeULID#<wbr>"
                              "${storeULID}"));
}

}  // namespace
}  // namespace eddy::model
