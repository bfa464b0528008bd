// Copyright 2026 The eddy Authors.
//
// The AWS MCP data model's projection choices, sparse-index savings and
// item-collection checks (model/formats/aws_data_model_projection.h, the
// cost's projections / sparse / collections and the review's projection,
// sparse-index, lsi-collection and lsi-hot-key findings), on a document
// written for them (testdata/aws_data_model_projections.json). Every
// figure is checked by hand:
//
//   Table Tickets (project, ticket); GSI ByState (state, ticket; ALL), GSI
//   ByAssignee (assignee; KEYS_ONLY), LSI ByPriority (project, priority;
//   INCLUDE title). Ten items, each with project "p1"/"p2" (7+2 = 9 bytes),
//   ticket "tNN" (6+3 = 9), state "OPEN" (5+4 = 9) or "CLOSED" (11),
//   priority "1".."3" (8+1 = 9), title of 10 characters (5+10 = 15) and a
//   body of 1,000 (4+1,000 = 1,004): OPEN 1,055 bytes, CLOSED 1,057. t01
//   and t02 (p1, OPEN) have an assignee "ann"/"bob" (8+3 = 11): 1,066.
//   p1 holds t01..t06, p2 t07..t10. All ten: 2x1,066 + 8x1,057 = 10,588 B,
//   each 2 WCU (over 1 KB): 20 WCU on the table.
//
//   ByState, 10 entries: ALL 10,588 B, 20 WCU (2.00 per entry); KEYS_ONLY
//   (project, ticket, state) 2x27 + 8x29 = 286 B, 10 WCU; INCLUDE (title),
//   what pattern 1 reads (ticket, title): 286 + 10x15 = 436 B, 10 WCU.
//   Storage adds 100 B per entry: 11,588 / 1,286 / 1,436.
//   ByAssignee, 2 entries: ALL 2,132 B (4 WCU), KEYS_ONLY (project, ticket,
//   assignee) 2x29 = 58 B (2), INCLUDE (title) 2x44 = 88 B (2); storage
//   2,332 / 258 / 288.
//   ByPriority, 10 entries: ALL 10,588 B (20), KEYS_ONLY (project, ticket,
//   priority) 10x27 = 270 B (10), INCLUDE (title) 10x42 = 420 B (10);
//   storage 11,588 / 1,270 / 1,420.
//
//   Patterns and their measured units: 1 Query ByState "OPEN" (2 entries,
//   2,132 B: 0.5 RCU); 2 Query ByAssignee "ann" asking ticket, title fails
//   as in DynamoDB (the GSI does not project title: no units); 3 Query
//   ByPriority "p1" (6 entries x 42 B: 0.5 RCU); 4 PutItem of a 1,055-byte
//   OPEN ticket in p1 with no assignee: 2 WCU on the table, 2 on ByState,
//   1 on ByPriority (42 B).
//   Traffic: 1 at 100/s, 2 at 50/s, 3 at 20/s, 4 at 10/s. On demand a
//   month, us-east-1: 2,628,000 s x $0.125/M = $0.3285 per RCU/s, x
//   $0.625/M = $1.6425 per WCU/s; storage $0.25 per GB (2^30 B).
//
//   ByState: writes under ALL 10 x 2 = 20 WCU/s; KEYS_ONLY and INCLUDE 10 x
//   1 (the put's own item: 27 / 42 B). Reads: 2 items x the mean entry
//   (1,058.8 / 28.6 / 43.6 B) is one 4 KB block under each: 0.5 RCU, 50
//   RCU/s. KEYS_ONLY lacks title: pattern 1 reads each item back, 2 x 0.5 =
//   1 RCU a request, 100 RCU/s. ALL 50x0.3285 + 20x1.6425 = $49.275;
//   KEYS_ONLY $32.85, with the fetch $65.70; INCLUDE (title) $32.85: $16.425
//   less than ALL (the projection finding's figure).
//   ByAssignee: no traffic runs (pattern 2 failed, the put has no
//   assignee): storage only, 2,332 / 258 / 288 B; KEYS_ONLY (declared) is
//   the cheapest but lacks title for pattern 2 (a warning, figure $0 saved,
//   naming INCLUDE (title) as the projection that has it).
//   ByPriority: reads ALL 6 x 1,058.8 B = 2 blocks: 1 RCU, 20 RCU/s;
//   KEYS_ONLY and INCLUDE 0.5, 10 RCU/s. Writes ALL 20 (the put's 1,055 B:
//   2), the others 10. INCLUDE (declared) 10x0.3285 + 10x1.6425 = $19.71,
//   the cheapest: no finding.
//
//   Sparse: ByAssignee holds 2 of 10 items; the 8 others, keys-only (18 B:
//   project, ticket), would add 8 WCU of the table's 20 per load and 8x18 +
//   800 = 944 B: at the table's 20 WCU/s, 20 x 8/20 = 8 WCU/s, $13.14 a
//   month. ByState holds all 10 (saves 0), its key has 2 values and its
//   pattern reads "OPEN": 2 of 10 entries (20%): sparse-index, the unread
//   80% of its $32.85 of writes (20 WCU/s) and storage: $26.28.
//
//   Item collections (items + ByPriority entries, 100 B each): p1 6 items
//   6,360 + 600 and 6 entries 252 + 600 = 7,812 B; p2 4,228 + 400 + 168 +
//   400 = 5,196 B. The put adds 1,055 + 100 + 42 + 100 = 1,297 B to p1 a
//   request: at 10/s, 12,970 B/s, 10 GB (10,737,418,240 B) in
//   (10,737,418,240 - 7,812) / (12,970 x 2,628,000) = 0.315 months.
//   Pattern 3 reads p1 of ByPriority (6 of 10 entries) at 0.5 RCU: 3,000
//   RCU/s at 6,000 requests/s.

#include "model/formats/aws_data_model_projection.h"

#include <cmath>
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
    "/tests/model/testdata/aws_data_model_projections.json";

constexpr double kGB = 1024.0 * 1024 * 1024;
constexpr double kRead = 0.3285;   // $ a month per RCU/s on demand
constexpr double kWrite = 1.6425;  // $ a month per WCU/s on demand
double Storage(double bytes) { return bytes / kGB * 0.25; }

const AwsRun& Tickets() {
  static const AwsRun* run = LoadAndRunAwsDataModel(kDocument);
  return *run;
}

AwsCostOptions Traffic() {
  AwsCostOptions o;
  o.rps["1"] = 100;
  o.rps["2"] = 50;
  o.rps["3"] = 20;
  o.rps["4"] = 10;
  return o;
}

const AwsProjectionCost& Projections(const AwsDataModelCost& c,
                                     const std::string& index) {
  for (const AwsProjectionCost& p : c.projections) {
    if (p.index == index) return p;
  }
  ADD_FAILURE() << "no projections for " << index;
  static const AwsProjectionCost kNone;
  return kNone;
}

const Finding* Find(const std::vector<Finding>& f, const std::string& check,
                    const std::string& subject) {
  for (const Finding& x : f) {
    if (x.check == check && x.subject == subject) return &x;
  }
  return nullptr;
}

TEST(AwsDataModelProjections, RunMeasuresWhatTheFixtureSays) {
  const AwsRunReport& r = Tickets().report;
  EXPECT_EQ(r.succeeded, 3);
  EXPECT_EQ(r.failed, 1);
  ASSERT_EQ(r.tables.size(), 1u);
  EXPECT_DOUBLE_EQ(r.tables[0].load_write_units, 20);
  ASSERT_EQ(r.tables[0].indexes.size(), 3u);
  EXPECT_DOUBLE_EQ(r.tables[0].indexes[0].load_write_units, 20);  // ByState
  EXPECT_DOUBLE_EQ(r.tables[0].indexes[1].load_write_units, 2);   // Assignee
  EXPECT_DOUBLE_EQ(r.tables[0].indexes[2].load_write_units, 10);  // Priority
  EXPECT_DOUBLE_EQ(r.tables[0].indexes[2].storage_bytes, 1420);
  ASSERT_EQ(r.patterns.size(), 4u);
  EXPECT_DOUBLE_EQ(r.patterns[0].capacity_units, 0.5);
  EXPECT_EQ(r.patterns[0].items, 2);
  EXPECT_EQ(r.patterns[1].outcome, AwsPatternResult::Outcome::kError);
  EXPECT_THAT(r.patterns[1].error_message,
              HasSubstr("Global secondary index ByAssignee does not project "
                        "[title]"));
  EXPECT_EQ(r.patterns[2].items, 6);
  EXPECT_DOUBLE_EQ(r.patterns[2].capacity_units, 0.5);
  EXPECT_DOUBLE_EQ(r.patterns[3].capacity_units, 5);  // 2 + 2 + 1
}

TEST(AwsDataModelProjections, ProfileReprojectsTheLoadedItems) {
  const AwsDataModelProfile p =
      ProfileAwsDataModel(Tickets().model, Tickets().report);
  ASSERT_EQ(p.indexes.size(), 3u);
  const AwsIndexProfile& state = p.indexes[0];
  EXPECT_EQ(state.index, "ByState");
  EXPECT_EQ(state.entries, 10);
  ASSERT_EQ(state.options.size(), 3u);
  EXPECT_EQ(state.options[0].projection, "ALL");
  EXPECT_TRUE(state.options[0].declared);
  EXPECT_DOUBLE_EQ(state.options[0].entry_bytes, 10588);
  EXPECT_DOUBLE_EQ(state.options[0].write_units, 20);
  EXPECT_DOUBLE_EQ(state.options[1].entry_bytes, 286);
  EXPECT_DOUBLE_EQ(state.options[1].write_units, 10);
  EXPECT_EQ(state.options[2].projection, "INCLUDE (title)");
  EXPECT_DOUBLE_EQ(state.options[2].entry_bytes, 436);
  EXPECT_EQ(state.distinct_keys, 2);
  ASSERT_EQ(state.queried_keys.size(), 1u);
  EXPECT_EQ(state.queried_keys[0], "{\"S\":\"OPEN\"}");
  EXPECT_EQ(state.queried_entries, 2);

  // The declared projection's write units are the load's, measured.
  const AwsTableResult& t = Tickets().report.tables[0];
  for (size_t i = 0; i < 3; ++i) {
    for (const AwsProjectionOption& o : p.indexes[i].options) {
      if (o.declared) {
        EXPECT_DOUBLE_EQ(o.write_units, t.indexes[i].load_write_units)
            << p.indexes[i].index;
        EXPECT_DOUBLE_EQ(o.entry_bytes + 100.0 * p.indexes[i].entries,
                         t.indexes[i].storage_bytes)
            << p.indexes[i].index;
      }
    }
  }
  EXPECT_DOUBLE_EQ(p.indexes[1].others_bytes, 144);
  EXPECT_DOUBLE_EQ(p.indexes[1].others_write_units, 8);
  EXPECT_DOUBLE_EQ(p.indexes[1].table_write_units, 20);
  EXPECT_EQ(p.indexes[2].options[2].projection, "INCLUDE (title)");
  EXPECT_TRUE(p.indexes[2].options[2].declared);

  ASSERT_EQ(p.collections.size(), 1u);
  const AwsCollectionProfile& c = p.collections[0];
  EXPECT_EQ(c.collections, 2);
  ASSERT_EQ(c.largest.size(), 2u);
  EXPECT_EQ(c.largest[0].key, "{\"S\":\"p1\"}");
  EXPECT_DOUBLE_EQ(c.largest[0].bytes, 7812);
  EXPECT_DOUBLE_EQ(c.largest[1].bytes, 5196);
  ASSERT_EQ(c.growth.size(), 1u);
  EXPECT_DOUBLE_EQ(c.growth[0].bytes_per_request, 1297);
  EXPECT_DOUBLE_EQ(c.growth[0].current_bytes, 7812);
}

TEST(AwsDataModelProjections, PricesEachOptionByHand) {
  StatusOr<AwsDataModelCost> c =
      EstimateAwsDataModelCost(Tickets().report, Traffic());
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  ASSERT_EQ(c->projections.size(), 3u);

  const AwsProjectionCost& state = Projections(*c, "ByState");
  ASSERT_EQ(state.options.size(), 3u);
  const ProjectionOption& all = state.options[0].cost;
  EXPECT_DOUBLE_EQ(state.options[0].write_units_per_entry, 2);
  EXPECT_DOUBLE_EQ(all.write_units_per_second, 20);
  EXPECT_DOUBLE_EQ(all.read_units_per_second, 50);
  EXPECT_DOUBLE_EQ(all.fetch_units_per_second, 0);
  EXPECT_DOUBLE_EQ(all.storage_bytes, 11588);
  EXPECT_NEAR(all.on_demand, 50 * kRead + 20 * kWrite + Storage(11588),
              1e-9);  // $49.275
  const ProjectionOption& keys = state.options[1].cost;
  EXPECT_DOUBLE_EQ(state.options[1].write_units_per_entry, 1);
  EXPECT_DOUBLE_EQ(keys.write_units_per_second, 10);
  EXPECT_DOUBLE_EQ(keys.fetch_units_per_second, 100);
  EXPECT_NEAR(keys.on_demand_with_fetch,
              150 * kRead + 10 * kWrite + Storage(1286), 1e-9);  // $65.70
  EXPECT_THAT(state.options[1].fetches,
              ::testing::ElementsAre("pattern 1 (title)"));
  const ProjectionOption& include = state.options[2].cost;
  EXPECT_NEAR(include.on_demand, 50 * kRead + 10 * kWrite + Storage(1436),
              1e-9);  // $32.85
  EXPECT_TRUE(state.options[2].fetches.empty());

  const AwsProjectionCost& assignee = Projections(*c, "ByAssignee");
  EXPECT_TRUE(assignee.options[1].cost.declared);
  EXPECT_NEAR(assignee.options[1].cost.on_demand_with_fetch, Storage(258),
              1e-15);
  EXPECT_THAT(assignee.options[1].fetches,
              ::testing::ElementsAre("pattern 2 (title) [failed]"));
  EXPECT_EQ(assignee.options[2].cost.projection, "INCLUDE (title)");
  EXPECT_NEAR(assignee.options[2].cost.on_demand, Storage(288), 1e-15);

  const AwsProjectionCost& priority = Projections(*c, "ByPriority");
  EXPECT_FALSE(priority.global);
  EXPECT_DOUBLE_EQ(priority.options[0].cost.read_units_per_second, 20);
  EXPECT_DOUBLE_EQ(priority.options[0].cost.write_units_per_second, 20);
  EXPECT_DOUBLE_EQ(priority.options[1].cost.fetch_units_per_second, 60);
  EXPECT_NEAR(priority.options[2].cost.on_demand,
              10 * kRead + 10 * kWrite + Storage(1420), 1e-9);  // $19.71

  ASSERT_EQ(c->sparse.size(), 3u);
  const SparseSaving& sparse = c->sparse[1].saving;
  EXPECT_EQ(sparse.index, "ByAssignee");
  EXPECT_EQ(sparse.entries, 2);
  EXPECT_EQ(sparse.table_items, 10);
  EXPECT_DOUBLE_EQ(sparse.write_units_per_second_saved, 8);
  EXPECT_DOUBLE_EQ(sparse.storage_bytes_saved, 944);
  EXPECT_NEAR(sparse.on_demand_saved, 8 * kWrite + Storage(944),
              1e-9);                                         // $13.14
  EXPECT_DOUBLE_EQ(c->sparse[0].saving.on_demand_saved, 0);  // dense

  ASSERT_EQ(c->collections.size(), 1u);
  const AwsCollectionCost& cc = c->collections[0];
  EXPECT_EQ(cc.grower, "4");
  EXPECT_DOUBLE_EQ(cc.growth_bytes_per_second, 12970);
  EXPECT_NEAR(cc.months, (10 * kGB - 7812) / (12970.0 * 2628000), 1e-12);
  ASSERT_EQ(cc.reads.size(), 1u);
  EXPECT_DOUBLE_EQ(cc.reads[0].limit_requests_per_second, 6000);
  EXPECT_EQ(cc.reads[0].key_entries, 6);
  EXPECT_EQ(cc.reads[0].index_entries, 10);
}

TEST(AwsDataModelProjections, ReviewGivesTheAdviceWithItsFigures) {
  StatusOr<AwsDataModelCost> c =
      EstimateAwsDataModelCost(Tickets().report, Traffic());
  ASSERT_TRUE(c.ok());
  const std::vector<Finding> f =
      ReviewAwsDataModel(Tickets().model, Tickets().report, *c);
  ASSERT_EQ(f.size(), 5u) << FormatFindingsText(f);

  const Finding* state = Find(f, "projection", "index Tickets/ByState");
  ASSERT_NE(state, nullptr);
  EXPECT_EQ(state->severity, Severity::kNote);
  EXPECT_NEAR(state->figure, 49.275 - 32.85, 1e-5);
  EXPECT_THAT(state->message, HasSubstr("ByState projects ALL: 2 WCU per "
                                        "entry written"));
  EXPECT_THAT(state->message, HasSubstr("INCLUDE (title) would cost $32.85"));
  EXPECT_THAT(state->message, HasSubstr("Project selectively"));

  const Finding* assignee = Find(f, "projection", "index Tickets/ByAssignee");
  ASSERT_NE(assignee, nullptr);
  EXPECT_EQ(assignee->severity, Severity::kWarning);
  EXPECT_DOUBLE_EQ(assignee->figure, 0);
  EXPECT_THAT(assignee->message,
              HasSubstr("pattern 2 (title) [failed] reads attributes it does "
                        "not project, which a Query of a GSI cannot return"));
  EXPECT_THAT(assignee->message, HasSubstr("INCLUDE (title) projects them"));
  EXPECT_EQ(Find(f, "projection", "index Tickets/ByPriority"), nullptr);

  const Finding* sparse = Find(f, "sparse-index", "index Tickets/ByState");
  ASSERT_NE(sparse, nullptr);
  EXPECT_NEAR(sparse->figure, 0.8 * (20 * kWrite + Storage(11588)), 1e-9);
  EXPECT_THAT(sparse->message,
              HasSubstr("key is on 10 of 10 items (100%), over 2 values, "
                        "but its patterns read only {\"S\":\"OPEN\"}: 2 "
                        "entries (20%)"));

  const Finding* lsi = Find(f, "lsi-collection", "table Tickets");
  ASSERT_NE(lsi, nullptr);
  EXPECT_EQ(lsi->severity, Severity::kWarning);  // 0.3 months
  EXPECT_THAT(lsi->message, HasSubstr("{\"S\":\"p1\"}, holds 6 items and 6 "
                                      "LSI entries, 7,812 bytes"));
  EXPECT_THAT(lsi->message, HasSubstr("pattern 4 adds 12,970 bytes/s"));
  EXPECT_THAT(lsi->message, HasSubstr("reaches 10 GB in 0.3 months"));

  const Finding* hot = Find(f, "lsi-hot-key", "index Tickets/ByPriority");
  ASSERT_NE(hot, nullptr);
  EXPECT_DOUBLE_EQ(hot->figure, 6000);
  EXPECT_THAT(hot->message, HasSubstr("6 of its 10 entries (60%)"));

  // Without a write rate the collection is the loaded data's, said so.
  AwsCostOptions reads_only = Traffic();
  reads_only.rps["4"] = 0;
  StatusOr<AwsDataModelCost> c0 =
      EstimateAwsDataModelCost(Tickets().report, reads_only);
  ASSERT_TRUE(c0.ok());
  const std::vector<Finding> f0 =
      ReviewAwsDataModel(Tickets().model, Tickets().report, *c0);
  const Finding* lsi0 = Find(f0, "lsi-collection", "table Tickets");
  ASSERT_NE(lsi0, nullptr);
  EXPECT_EQ(lsi0->severity, Severity::kNote);
  EXPECT_DOUBLE_EQ(lsi0->figure, 7812);
  EXPECT_THAT(lsi0->message, HasSubstr("figures from the loaded data only"));
}

TEST(AwsDataModelProjections, ReportsShowTheNewSections) {
  StatusOr<AwsDataModelCost> c =
      EstimateAwsDataModelCost(Tickets().report, Traffic());
  ASSERT_TRUE(c.ok());
  const std::vector<Finding> f =
      ReviewAwsDataModel(Tickets().model, Tickets().report, *c);
  const std::string text = FormatAwsCostText(*c);
  EXPECT_THAT(text, HasSubstr("Projection choices per secondary index"));
  EXPECT_THAT(text, HasSubstr("needs a fetch: pattern 2 (title) [failed]"));
  EXPECT_THAT(text, HasSubstr("Sparse indexes"));
  EXPECT_THAT(text, HasSubstr("Item collections of Tickets"));

  nlohmann::json j =
      nlohmann::json::parse(FormatAwsReportJson(Tickets().report, *c, f));
  ASSERT_EQ(j["cost"]["projections"].size(), 3u);
  EXPECT_EQ(j["cost"]["projections"][0]["options"][2]["projection"],
            "INCLUDE (title)");
  EXPECT_EQ(j["cost"]["sparse"][1]["writeUnitsPerSecondSaved"], 8.0);
  EXPECT_EQ(j["cost"]["collections"][0]["growthPattern"], "4");

  const std::string html = RenderAwsDataModelHtml(Tickets().report, *c, f);
  EXPECT_THAT(html, HasSubstr("<h3>Projection choices</h3>"));
  EXPECT_THAT(html, HasSubstr("<h3>Sparse indexes</h3>"));
  EXPECT_THAT(html, HasSubstr("<h3>Item collections</h3>"));
}

}  // namespace
}  // namespace eddy::model
