// Copyright 2026 The eddy Authors.
//
// ConsumedCapacity's shape for the operations the other suites do not
// cover with INDEXES (PutItem, UpdateItem, Query and Scan on indexes and
// TransactWriteItems are in behaviour_index_test, behaviour_order_test and
// behaviour_transact_test), through both APIs:
// - TOTAL: TableName and CapacityUnits only (transactions add the
//   ReadCapacityUnits / WriteCapacityUnits split);
// - INDEXES: also Table (always there) and each index written or read, with
//   its own units; an index the request did not touch is absent.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

class ConsumedCapacityTest : public BehaviourTest {
 protected:
  // "ccap": hash key pk, GSI "byG" on g (ALL), on demand; item "a" in the
  // index, item "b" not.
  void SetUp() override {
    CreateTableRequest r;
    r.table_name = "ccap";
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"g", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    GlobalSecondaryIndex g;
    g.index_name = "byG";
    g.key_schema = {{"g", KeyType::kHash}};
    g.projection.projection_type = ProjectionType::kAll;
    r.global_secondary_indexes = {g};
    ASSERT_THAT(client_->CreateTable(r), IsOk());
    ASSERT_THAT(Put("ccap", {{"pk", S("a")}, {"g", S("x")}}), IsOk());
    ASSERT_THAT(Put("ccap", {{"pk", S("b")}}), IsOk());
  }
};

// Capacity members of one ConsumedCapacity, for compact expectations.
void ExpectShape(const ConsumedCapacity& c, double total,
                 std::optional<double> table,
                 std::map<std::string, double> gsis) {
  EXPECT_EQ(c.table_name, "ccap");
  EXPECT_EQ(c.capacity_units, total);
  EXPECT_FALSE(c.read_capacity_units.has_value());
  EXPECT_FALSE(c.write_capacity_units.has_value());
  ASSERT_EQ(c.table.has_value(), table.has_value());
  if (table) {
    EXPECT_EQ(c.table->capacity_units, *table);
    EXPECT_FALSE(c.table->read_capacity_units.has_value());
    EXPECT_FALSE(c.table->write_capacity_units.has_value());
  }
  std::map<std::string, double> got;
  for (const auto& [name, cap] : c.global_secondary_indexes) {
    got[name] = cap.capacity_units;
  }
  EXPECT_EQ(got, gsis);
  EXPECT_TRUE(c.local_secondary_indexes.empty());
}

TEST_P(ConsumedCapacityTest, GetItemChargesTheTableOnly) {
  GetItemRequest get;
  get.table_name = "ccap";
  get.key = {{"pk", S("a")}};
  get.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<GetItemResponse> r = client_->GetItem(get);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->consumed_capacity.has_value());
  ExpectShape(*r->consumed_capacity, 0.5, 0.5, {});
  get.consistent_read = true;
  get.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  r = client_->GetItem(get);
  ASSERT_THAT(r, IsOk());
  ExpectShape(*r->consumed_capacity, 1.0, std::nullopt, {});
}

TEST_P(ConsumedCapacityTest, DeleteItemChargesTheIndexesItLeaves) {
  DeleteItemRequest del;
  del.table_name = "ccap";
  del.key = {{"pk", S("a")}};
  del.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<DeleteItemResponse> r = client_->DeleteItem(del);
  ASSERT_THAT(r, IsOk());
  ASSERT_TRUE(r->consumed_capacity.has_value());
  ExpectShape(*r->consumed_capacity, 2.0, 1.0, {{"byG", 1.0}});
  // An item outside the index, with TOTAL: the index units are not there.
  del.key = {{"pk", S("b")}};
  del.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  r = client_->DeleteItem(del);
  ASSERT_THAT(r, IsOk());
  ExpectShape(*r->consumed_capacity, 1.0, std::nullopt, {});
}

TEST_P(ConsumedCapacityTest, BatchWriteItemSumsPerTable) {
  BatchWriteItemRequest w;
  w.request_items["ccap"] = {
      WriteRequest{.put_item = Item{{"pk", S("c")}, {"g", S("y")}}},
      WriteRequest{.delete_key = Item{{"pk", S("a")}}},
      WriteRequest{.put_item = Item{{"pk", S("d")}}}};
  w.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<BatchWriteItemResponse> r = client_->BatchWriteItem(w);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->consumed_capacity.size(), 1u);
  // Table 3, byG 2 (c put, a deleted).
  ExpectShape(r->consumed_capacity[0], 5.0, 3.0, {{"byG", 2.0}});
}

TEST_P(ConsumedCapacityTest, BatchGetItemChargesTheTableOnly) {
  BatchGetItemRequest g;
  g.request_items["ccap"].keys = {Item{{"pk", S("a")}}, Item{{"pk", S("b")}}};
  g.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<BatchGetItemResponse> r = client_->BatchGetItem(g);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->consumed_capacity.size(), 1u);
  ExpectShape(r->consumed_capacity[0], 1.0, 1.0, {});
}

TEST_P(ConsumedCapacityTest, TransactGetItemsSplitsReadUnits) {
  TransactGetItemsRequest t;
  t.transact_items = {TransactGetItem{"ccap", Item{{"pk", S("a")}}}};
  t.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<TransactGetItemsResponse> r = client_->TransactGetItems(t);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->consumed_capacity.size(), 1u);
  const ConsumedCapacity& c = r->consumed_capacity[0];
  EXPECT_EQ(c.table_name, "ccap");
  EXPECT_EQ(c.capacity_units, 2.0);
  EXPECT_EQ(c.read_capacity_units, 2.0);
  EXPECT_FALSE(c.write_capacity_units.has_value());
  ASSERT_TRUE(c.table.has_value());
  EXPECT_EQ(c.table->capacity_units, 2.0);
  EXPECT_EQ(c.table->read_capacity_units, 2.0);
  EXPECT_FALSE(c.table->write_capacity_units.has_value());
  EXPECT_TRUE(c.global_secondary_indexes.empty());
}

INSTANTIATE_TEST_SUITE_P(Clients, ConsumedCapacityTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
