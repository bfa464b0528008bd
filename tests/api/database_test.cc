// Copyright 2026 The eddy Authors.
//
// What only the typed API can show: many threads on one Database. The
// behaviour of every operation is specified once, over both the typed API and
// the JSON API, in tests/wire/behaviour_test.cc.

#include "emulator/api/database.h"

#include <cstdio>
#include <set>
#include <thread>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using ::testing::ElementsAre;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(int64_t n) { return AttributeValue::N(n); }

class DatabaseTest : public ::testing::Test {
 protected:
  DatabaseTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {}
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }

  void CreateHashRangeTable(
      const std::string& name,
      ScalarAttributeType sk_type = ScalarAttributeType::kS) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", sk_type}};
    r.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_THAT(db_.CreateTable(r), IsOk());
  }
  void CreateHashTable(const std::string& name) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.provisioned_throughput = ProvisionedThroughput{5, 5};
    ASSERT_THAT(db_.CreateTable(r), IsOk());
  }
  StatusOr<PutItemResponse> Put(const std::string& table, Item item) {
    PutItemRequest r;
    r.table_name = table;
    r.item = std::move(item);
    return db_.PutItem(r);
  }
  std::optional<Item> Get(const std::string& table, Item key) {
    GetItemRequest r;
    r.table_name = table;
    r.key = std::move(key);
    StatusOr<GetItemResponse> resp = db_.GetItem(r);
    EXPECT_THAT(resp, IsOk());
    return resp.ok() ? resp->item : std::nullopt;
  }

  ManualClock clock_;
  Database db_;
};

TEST_F(DatabaseTest, ConcurrentMixedOperationsEndInAConsistentState) {
  CreateHashRangeTable("t01");
  constexpr int kThreads = 8, kOps = 2000, kKeys = 50;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([this, t] {
      for (int i = 0; i < kOps; ++i) {
        const std::string sk = std::to_string((i * 7 + t) % kKeys);
        switch (i % 4) {
          case 0:
          case 1: {
            PutItemRequest r;
            r.table_name = "t01";
            r.item = {{"pk", S("shared")},
                      {"sk", S(sk)},
                      {"writer", N(t)},
                      {"i", N(i)}};
            EXPECT_THAT(db_.PutItem(r), IsOk());
            break;
          }
          case 2: {
            DeleteItemRequest r;
            r.table_name = "t01";
            r.key = {{"pk", S("shared")}, {"sk", S(sk)}};
            EXPECT_THAT(db_.DeleteItem(r), IsOk());
            break;
          }
          case 3: {
            StatusOr<GetItemResponse> g =
                db_.GetItem({"t01", {{"pk", S("shared")}, {"sk", S(sk)}}});
            ASSERT_THAT(g, IsOk());
            if (g->item) {
              EXPECT_EQ(g->item->size(), 4u);  // never a torn item
            }
            break;
          }
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  // Every surviving item is whole, and the counters agree with a full scan.
  StatusOr<ScanResponse> all = db_.Scan({.table_name = "t01"});
  ASSERT_THAT(all, IsOk());
  for (const Item& item : all->items) EXPECT_EQ(item.size(), 4u);
  StatusOr<DescribeTableResponse> d = db_.DescribeTable({"t01"});
  EXPECT_EQ(d->table.item_count, all->count);
  int64_t bytes = 0;
  for (const Item& item : all->items) bytes += ItemSizeBytes(item);
  EXPECT_EQ(d->table.table_size_bytes, bytes);
}

// GSI entries of an ALL index share the table item's payload; items are
// replaced and deleted while other threads read the index and the replaced
// records are freed outside the table lock (TSan runs this in CI).
TEST_F(DatabaseTest, ConcurrentWritesAndIndexQueriesSeeWholeItems) {
  CreateTableRequest create;
  create.table_name = "t02";
  create.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  create.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                  {"sk", ScalarAttributeType::kS},
                                  {"g", ScalarAttributeType::kS}};
  create.billing_mode = BillingMode::kPayPerRequest;
  GlobalSecondaryIndex gsi;
  gsi.index_name = "byG";
  gsi.key_schema = {{"g", KeyType::kHash}, {"sk", KeyType::kRange}};
  gsi.projection.projection_type = ProjectionType::kAll;
  create.global_secondary_indexes.push_back(gsi);
  ASSERT_THAT(db_.CreateTable(create), IsOk());
  constexpr int kThreads = 6, kOps = 1500, kKeys = 40;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([this, t] {
      for (int i = 0; i < kOps; ++i) {
        const std::string sk = std::to_string((i * 11 + t) % kKeys);
        if (t % 3 == 2) {  // a reader of the index
          QueryRequest q;
          q.table_name = "t02";
          q.index_name = "byG";
          q.key_condition_expression = "g = :g";
          q.expression_attribute_values =
              ExpressionAttributeValues{{":g", S("G" + std::to_string(i % 2))}};
          StatusOr<QueryResponse> r = db_.Query(q);
          ASSERT_THAT(r, IsOk());
          for (const Item& item : r->items) EXPECT_EQ(item.size(), 4u);
        } else if (i % 5 == 4) {
          DeleteItemRequest r;
          r.table_name = "t02";
          r.key = {{"pk", S("p")}, {"sk", S(sk)}};
          EXPECT_THAT(db_.DeleteItem(r), IsOk());
        } else {
          PutItemRequest r;
          r.table_name = "t02";
          // The index key moves between two partitions of the index.
          r.item = {{"pk", S("p")},
                    {"sk", S(sk)},
                    {"g", S("G" + std::to_string((i + t) % 2))},
                    {"i", N(i)}};
          EXPECT_THAT(db_.PutItem(r), IsOk());
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  // The index holds exactly the table's items.
  StatusOr<ScanResponse> table = db_.Scan({.table_name = "t02"});
  StatusOr<ScanResponse> index =
      db_.Scan({.table_name = "t02", .index_name = "byG"});
  ASSERT_THAT(table, IsOk());
  ASSERT_THAT(index, IsOk());
  EXPECT_EQ(index->count, table->count);
  std::set<std::string> a, b;
  for (const Item& item : table->items) a.insert(item.Find("sk")->s());
  for (const Item& item : index->items) b.insert(item.Find("sk")->s());
  EXPECT_EQ(a, b);
}

// #17 item 15 over the typed API: DescribeLimits reports Options::throttle's
// quotas, DescribeEndpoints the host it is given, and Contributor Insights is
// kept per table and per GSI.
TEST(SmallOperationsTest, LimitsEndpointsAndContributorInsights) {
  Options o;
  o.throttle.table_read_quota_units = 1234;
  Database db(o);
  StatusOr<DescribeLimitsResponse> limits = db.DescribeLimits({});
  ASSERT_THAT(limits, IsOk());
  EXPECT_EQ(limits->table_max_read_capacity_units, 1234);
  EXPECT_EQ(limits->table_max_write_capacity_units, 40000);
  EXPECT_EQ(limits->account_max_read_capacity_units, 80000);
  EXPECT_EQ(limits->account_max_write_capacity_units, 80000);

  StatusOr<DescribeEndpointsResponse> endpoints =
      db.DescribeEndpoints({.host = "127.0.0.1:4567"});
  ASSERT_THAT(endpoints, IsOk());
  ASSERT_EQ(endpoints->endpoints.size(), 1u);
  EXPECT_EQ(endpoints->endpoints[0].address, "127.0.0.1:4567");
  EXPECT_EQ(endpoints->endpoints[0].cache_period_in_minutes, 1440);

  for (const char* name : {"alpha", "beta"}) {
    CreateTableRequest c;
    c.table_name = name;
    c.key_schema = {{"pk", KeyType::kHash}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"g", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    GlobalSecondaryIndex gsi;
    gsi.index_name = "by_g";
    gsi.key_schema = {{"g", KeyType::kHash}};
    gsi.projection.projection_type = ProjectionType::kKeysOnly;
    c.global_secondary_indexes = {gsi};
    ASSERT_THAT(db.CreateTable(c), IsOk());
  }
  UpdateContributorInsightsRequest u;
  u.table_name = "alpha";
  u.index_name = "by_g";
  StatusOr<UpdateContributorInsightsResponse> updated =
      db.UpdateContributorInsights(u);
  ASSERT_THAT(updated, IsOk());
  EXPECT_EQ(updated->contributor_insights_status,
            ContributorInsightsStatus::kEnabling);
  u.index_name.reset();
  ASSERT_THAT(db.UpdateContributorInsights(u), IsOk());
  u.table_name = "beta";
  ASSERT_THAT(db.UpdateContributorInsights(u), IsOk());

  // The GSI's setting is its own; a hash-only key has no sort-key rules.
  StatusOr<DescribeContributorInsightsResponse> d =
      db.DescribeContributorInsights({"alpha", "by_g"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->contributor_insights_status,
            ContributorInsightsStatus::kEnabled);
  EXPECT_EQ(d->contributor_insights_rule_list.size(), 2u);
  EXPECT_THAT(db.DescribeContributorInsights({"alpha", "nope"}),
              StatusIs(ErrorCode::kResourceNotFound));
  EXPECT_THAT(db.DescribeContributorInsights({"al", std::nullopt}),
              StatusIs(ErrorCode::kValidation));

  // Listed in (table, index) order, two a page.
  ListContributorInsightsRequest l;
  l.max_results = 2;
  StatusOr<ListContributorInsightsResponse> page =
      db.ListContributorInsights(l);
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->contributor_insights_summaries.size(), 2u);
  EXPECT_EQ(page->contributor_insights_summaries[0].table_name, "alpha");
  EXPECT_FALSE(page->contributor_insights_summaries[0].index_name.has_value());
  EXPECT_EQ(page->contributor_insights_summaries[1].index_name, "by_g");
  ASSERT_TRUE(page->next_token.has_value());
  l.next_token = page->next_token;
  page = db.ListContributorInsights(l);
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->contributor_insights_summaries.size(), 1u);
  EXPECT_EQ(page->contributor_insights_summaries[0].table_name, "beta");
  EXPECT_FALSE(page->next_token.has_value());
}

}  // namespace
}  // namespace eddy
