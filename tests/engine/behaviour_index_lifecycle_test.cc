// Copyright 2026 The eddy Authors.
//
// Secondary indexes over time, through both APIs: UpdateTable creating and
// deleting GSIs, CreateTable's index validation, the LSI item-collection
// limit, the GSI lag option and backfills that take time.

#include <string>
#include <vector>

#include "tests/engine/behaviour_index_fixture.h"

namespace eddy {
namespace {

using testing_index::Gsi;
using testing_index::kInvalid;

class IndexLifecycleTest : public testing_index::IndexTest {};

TEST_P(IndexLifecycleTest, UpdateTableCreatesAndDeletesGlobalIndexes) {
  for (int i = 0; i < 5; ++i) {
    ASSERT_THAT(Put("idx", {{"pk", S("a")},
                            {"sk", S(std::to_string(i))},
                            {"color", S(i % 2 ? "red" : "blue")}}),
                IsOk());
  }
  ASSERT_THAT(Put("idx", {{"pk", S("b")}, {"sk", S("0")}, {"color", N(1)}}),
              IsOk());
  UpdateTableRequest u;
  u.table_name = "idx";
  u.attribute_definitions = {{"color", ScalarAttributeType::kS}};
  GlobalSecondaryIndexUpdate create;
  create.create = Gsi("byColor", "color", "");
  u.global_secondary_index_updates = {create};
  ASSERT_THAT(client_->UpdateTable(u), IsOk());
  // Backfilled; the item whose color is a number is left out.
  StatusOr<QueryResponse> page =
      QueryIndex("byColor", "color = :c", {{":c", S("red")}});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(Sks(page), (std::vector<std::string>{"1", "3"}));
  EXPECT_EQ(DescribeGsi("byColor").item_count, 5);
  // New writes are indexed, and must now give color the index key's type.
  EXPECT_THAT(Put("idx", {{"pk", S("c")}, {"sk", S("0")}, {"color", N(2)}}),
              StatusIs(ErrorCode::kValidation, "IndexName: byColor"));

  EXPECT_THAT(
      client_->UpdateTable(u),
      StatusIsExactly(ErrorCode::kValidation,
                      "Attempting to create an index which already exists"));
  GlobalSecondaryIndexUpdate two;
  two.create = Gsi("other", "color", "");
  u.global_secondary_index_updates = {two, two};
  EXPECT_THAT(
      client_->UpdateTable(u),
      StatusIsExactly(
          ErrorCode::kValidation,
          std::string(kInvalid) +
              "Only one global secondary index update per index is allowed "
              "simultaneously. Index: other"));
  GlobalSecondaryIndexUpdate undefined;
  undefined.create = Gsi("byShape", "shape", "");
  u.attribute_definitions.clear();
  u.global_secondary_index_updates = {undefined};
  EXPECT_THAT(
      client_->UpdateTable(u),
      StatusIsExactly(
          ErrorCode::kValidation,
          std::string(kInvalid) +
              "AttributeDefinitions is not specified for index: byShape"));

  GlobalSecondaryIndexUpdate del;
  del.delete_index_name = "byColor";
  u.global_secondary_index_updates = {del};
  StatusOr<UpdateTableResponse> deleted = client_->UpdateTable(u);
  ASSERT_THAT(deleted, IsOk());
  EXPECT_EQ(deleted->table_description.global_secondary_indexes.size(), 3u);
  // The definition no key uses any more is gone, and color is free again.
  for (const auto& d : deleted->table_description.attribute_definitions) {
    EXPECT_NE(d.attribute_name, "color");
  }
  EXPECT_THAT(Put("idx", {{"pk", S("c")}, {"sk", S("0")}, {"color", N(2)}}),
              IsOk());
  EXPECT_THAT(
      QueryIndex("byColor", "color = :c", {{":c", S("red")}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "The table does not have the specified index: byColor"));
  del.delete_index_name = "byPrice";
  u.global_secondary_index_updates = {del};
  EXPECT_THAT(client_->UpdateTable(u),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "Cannot delete an index that is not a GlobalSecondaryIndex: "
                  "byPrice"));
}

TEST_P(IndexLifecycleTest, CreateTableIndexValidation) {
  struct Case {
    std::function<void(CreateTableRequest&)> edit;
    std::string message;
  };
  const std::vector<Case> cases = {
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes[0].key_schema[0].attribute_name = "x";
       },
       std::string(kInvalid) + "Some index key attributes are not defined in "
                               "AttributeDefinitions. Keys: [x], "
                               "AttributeDefinitions: [pk, sk, g]"},
      {[](CreateTableRequest& r) {
         r.attribute_definitions.push_back({"extra", ScalarAttributeType::kS});
       },
       std::string(kInvalid) + "Some AttributeDefinitions are not used. "
                               "AttributeDefinitions: [extra, g, pk, sk], keys "
                               "used: [g, pk, sk]"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes[0].projection.projection_type.reset();
       },
       std::string(kInvalid) + "Unknown ProjectionType: null"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes[0].projection.non_key_attributes = {"a"};
       },
       std::string(kInvalid) +
           "ProjectionType is ALL, but NonKeyAttributes is specified"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes[0].projection.projection_type =
             ProjectionType::kInclude;
       },
       std::string(kInvalid) +
           "ProjectionType is INCLUDE, but NonKeyAttributes is not specified"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes.push_back(r.global_secondary_indexes[0]);
       },
       std::string(kInvalid) + "Duplicate index name: gs1"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes[0].provisioned_throughput =
             ProvisionedThroughput{1, 1};
       },
       std::string(kInvalid) + "ProvisionedThroughput should not be specified "
                               "for index: gs1 when BillingMode is "
                               "PAY_PER_REQUEST"},
      {[](CreateTableRequest& r) {
         r.billing_mode = BillingMode::kProvisioned;
         r.provisioned_throughput = ProvisionedThroughput{1, 1};
       },
       std::string(kInvalid) +
           "ProvisionedThroughput is not specified for index: gs1"},
      {[](CreateTableRequest& r) {
         LocalSecondaryIndex l;
         l.index_name = "ls1";
         l.key_schema = {{"g", KeyType::kHash}, {"sk", KeyType::kRange}};
         l.projection.projection_type = ProjectionType::kAll;
         r.local_secondary_indexes = {l};
       },
       std::string(kInvalid) +
           "Index KeySchema does not have the same leading hash key as table "
           "KeySchema for "
           "index: ls1. index hash key: g, table hash key: pk"},
      {[](CreateTableRequest& r) {
         LocalSecondaryIndex l;
         l.index_name = "ls1";
         l.key_schema = {{"pk", KeyType::kHash}};
         l.projection.projection_type = ProjectionType::kAll;
         r.local_secondary_indexes = {l};
       },
       std::string(kInvalid) +
           "Index KeySchema does not have a range key for index: ls1"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes.clear();
         for (int i = 0; i < 21; ++i) {
           r.global_secondary_indexes.push_back(
               Gsi("gsi" + std::to_string(i), "g", ""));
         }
       },
       std::string(kInvalid) +
           "GlobalSecondaryIndex count exceeds the per-table limit of 20"},
      {[](CreateTableRequest& r) {
         r.global_secondary_indexes[0].key_schema = {{"g", KeyType::kRange}};
       },
       "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
  };
  for (const Case& c : cases) {
    CreateTableRequest r;
    r.table_name = "bad";
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kS},
                               {"g", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    r.global_secondary_indexes = {Gsi("gs1", "g", "")};
    c.edit(r);
    EXPECT_THAT(client_->CreateTable(r),
                StatusIsExactly(ErrorCode::kValidation, c.message))
        << c.message;
  }
}

TEST_P(IndexLifecycleTest, ItemCollectionsAreLimitedOnTablesWithAnLsi) {
  Options options = MakeOptions();
  options.item_collection_size_limit_bytes = 1000;
  Database db(options);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  CreateTableRequest r;
  r.table_name = "lsi";
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"sk", ScalarAttributeType::kS},
                             {"v", ScalarAttributeType::kS}};
  r.billing_mode = BillingMode::kPayPerRequest;
  LocalSecondaryIndex l;
  l.index_name = "byV";
  l.key_schema = {{"pk", KeyType::kHash}, {"v", KeyType::kRange}};
  l.projection.projection_type = ProjectionType::kAll;
  r.local_secondary_indexes = {l};
  ASSERT_THAT(client->CreateTable(r), IsOk());
  PutItemRequest p;
  p.table_name = "lsi";
  p.return_item_collection_metrics = ReturnItemCollectionMetrics::kSize;
  // Each item: 200 bytes + 100 overhead, and its LSI entry the same.
  p.item = {{"pk", S("a")}, {"sk", S("1")}, {"v", S(std::string(197, 'x'))}};
  StatusOr<PutItemResponse> put = client->PutItem(p);
  ASSERT_THAT(put, IsOk());
  ASSERT_TRUE(put->item_collection_metrics.has_value());
  EXPECT_EQ(put->item_collection_metrics->item_collection_key,
            (Item{{"pk", S("a")}}));
  EXPECT_EQ(put->item_collection_metrics->size_estimate_range_gb,
            (std::vector<double>{0, 1}));
  p.item = {{"pk", S("a")}, {"sk", S("2")}, {"v", S(std::string(197, 'y'))}};
  EXPECT_THAT(client->PutItem(p),
              StatusIs(ErrorCode::kItemCollectionSizeLimitExceeded, ""));
  // Another partition key is another collection; shrinking writes pass.
  p.item = {{"pk", S("b")}, {"sk", S("2")}, {"v", S(std::string(197, 'y'))}};
  EXPECT_THAT(client->PutItem(p), IsOk());
  p.item = {{"pk", S("a")}, {"sk", S("1")}, {"v", S("small")}};
  EXPECT_THAT(client->PutItem(p), IsOk());
  p.item = {{"pk", S("a")}, {"sk", S("2")}, {"v", S("small")}};
  EXPECT_THAT(client->PutItem(p), IsOk());
}

TEST_P(IndexLifecycleTest, GsiLagDelaysVisibilityInWriteOrder) {
  Options options = MakeOptions();
  options.gsi_lag = GsiLag{.min_micros = 500'000, .max_micros = 500'000};
  Database db(options);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  CreateTableRequest r;
  r.table_name = "lag";
  r.key_schema = {{"pk", KeyType::kHash}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"g", ScalarAttributeType::kS}};
  r.billing_mode = BillingMode::kPayPerRequest;
  r.global_secondary_indexes = {Gsi("byG", "g", "")};
  ASSERT_THAT(client->CreateTable(r), IsOk());
  auto count = [&] {
    QueryRequest q;
    q.table_name = "lag";
    q.index_name = "byG";
    q.key_condition_expression = "g = :g";
    q.expression_attribute_values = AttributeMap{{":g", S("x")}};
    StatusOr<QueryResponse> page = client->Query(q);
    EXPECT_THAT(page, IsOk());
    return page.ok() ? page->count : -1;
  };
  PutItemRequest p;
  p.table_name = "lag";
  p.item = {{"pk", S("1")}, {"g", S("x")}};
  ASSERT_THAT(client->PutItem(p), IsOk());
  EXPECT_EQ(count(), 0);  // not yet
  clock_.AdvanceMicros(499'999);
  EXPECT_EQ(count(), 0);
  clock_.AdvanceMicros(1);
  EXPECT_EQ(count(), 1);
  // The table itself is never behind.
  GetItemRequest g;
  g.table_name = "lag";
  g.key = {{"pk", S("1")}};
  p.item = {{"pk", S("1")}, {"g", S("y")}};
  ASSERT_THAT(client->PutItem(p), IsOk());
  EXPECT_EQ(client->GetItem(g)->item->Find("g")->s(), "y");
  EXPECT_EQ(count(), 1);  // the index still shows the old key
  clock_.AdvanceSeconds(1);
  EXPECT_EQ(count(), 0);
}

TEST_P(IndexLifecycleTest, BackfillTakesTimeWhenAsked) {
  Options options = MakeOptions();
  options.index_backfill =
      IndexBackfill{.base_micros = 1'000'000, .items_per_second = 10};
  Database db(options);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  CreateTableRequest r;
  r.table_name = "bfl";
  r.key_schema = {{"pk", KeyType::kHash}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  r.billing_mode = BillingMode::kPayPerRequest;
  ASSERT_THAT(client->CreateTable(r), IsOk());
  for (int i = 0; i < 20; ++i) {
    PutItemRequest p;
    p.table_name = "bfl";
    p.item = {{"pk", S(std::to_string(i))}, {"g", S("x")}};
    ASSERT_THAT(client->PutItem(p), IsOk());
  }
  UpdateTableRequest u;
  u.table_name = "bfl";
  u.attribute_definitions = {{"g", ScalarAttributeType::kS}};
  GlobalSecondaryIndexUpdate c;
  c.create = Gsi("byG", "g", "");
  u.global_secondary_index_updates = {c};
  StatusOr<UpdateTableResponse> updated = client->UpdateTable(u);
  ASSERT_THAT(updated, IsOk());
  const auto& g = updated->table_description.global_secondary_indexes[0];
  EXPECT_EQ(g.index_status, IndexStatus::kCreating);
  EXPECT_EQ(g.backfilling, std::optional<bool>(true));
  QueryRequest q;
  q.table_name = "bfl";
  q.index_name = "byG";
  q.key_condition_expression = "g = :g";
  q.expression_attribute_values = AttributeMap{{":g", S("x")}};
  EXPECT_THAT(client->Query(q),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "Cannot read from backfilling global secondary index: byG"));
  // Another index cannot be created meanwhile.
  c.create = Gsi("byG2", "g", "");
  u.global_secondary_index_updates = {c};
  EXPECT_THAT(client->UpdateTable(u),
              StatusIs(ErrorCode::kLimitExceeded, "Only 1 online index"));
  clock_.AdvanceSeconds(3);  // 1 s + 20 items at 10/s
  StatusOr<QueryResponse> page = client->Query(q);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 20);
  StatusOr<DescribeTableResponse> d = client->DescribeTable({"bfl"});
  EXPECT_EQ(d->table.global_secondary_indexes[0].index_status,
            IndexStatus::kActive);
}

INSTANTIATE_TEST_SUITE_P(Clients, IndexLifecycleTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
