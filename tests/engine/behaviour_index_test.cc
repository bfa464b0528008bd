// Copyright 2026 The eddy Authors.
//
// Secondary indexes through both APIs: definitions and DescribeTable, sparse
// membership and maintenance on every kind of write, projections, Query and
// Scan on GSIs and LSIs, pagination, capacity, online index creation, the
// LSI item-collection limit and the GSI lag option.

#include <set>

#include "tests/engine/behaviour_index_fixture.h"

namespace eddy {
namespace {

using testing_index::Gsi;
using testing_index::IndexTest;
using testing_index::kInvalid;

TEST_P(IndexTest, DescribeTableShowsEveryIndex) {
  StatusOr<DescribeTableResponse> d = client_->DescribeTable({"idx"});
  ASSERT_THAT(d, IsOk());
  ASSERT_EQ(d->table.global_secondary_indexes.size(), 3u);
  const GlobalSecondaryIndexDescription& g =
      d->table.global_secondary_indexes[0];
  EXPECT_EQ(g.index_name, "byStatus");
  EXPECT_EQ(g.index_status, IndexStatus::kActive);
  EXPECT_FALSE(g.backfilling.has_value());
  EXPECT_EQ(g.index_arn,
            "arn:aws:dynamodb:us-east-1:000000000000:table/idx/index/byStatus");
  ASSERT_EQ(g.key_schema.size(), 2u);
  EXPECT_EQ(g.key_schema[1].attribute_name, "created");
  EXPECT_EQ(g.projection.projection_type, ProjectionType::kAll);
  EXPECT_EQ(d->table.global_secondary_indexes[2].projection.non_key_attributes,
            std::vector<std::string>{"title"});
  ASSERT_EQ(d->table.local_secondary_indexes.size(), 1u);
  EXPECT_EQ(d->table.local_secondary_indexes[0].index_name, "byPrice");
  EXPECT_EQ(d->table.local_secondary_indexes[0].index_arn,
            "arn:aws:dynamodb:us-east-1:000000000000:table/idx/index/byPrice");

  ASSERT_THAT(Put("idx", {{"pk", S("a")},
                          {"sk", S("1")},
                          {"status", S("open")},
                          {"created", N(10)},
                          {"ownerId", S("ann")},
                          {"title", S("t")}}),
              IsOk());
  ASSERT_THAT(
      Put("idx", {{"pk", S("a")}, {"sk", S("2")}, {"ownerId", S("bob")}}),
      IsOk());
  d = client_->DescribeTable({"idx"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->table.global_secondary_indexes[0].item_count, 1);  // sparse
  EXPECT_EQ(d->table.global_secondary_indexes[1].item_count, 2);
  EXPECT_EQ(d->table.global_secondary_indexes[2].item_count, 1);
  EXPECT_EQ(d->table.local_secondary_indexes[0].item_count, 0);
  // KEYS_ONLY entry of the second item: pk, sk, ownerId.
  EXPECT_EQ(d->table.global_secondary_indexes[1].index_size_bytes,
            (2 + 1 + 2 + 1 + 7 + 3) + (2 + 1 + 2 + 1 + 7 + 3));
}

TEST_P(IndexTest, MembershipFollowsEveryKindOfWrite) {
  // "status" is a reserved word, hence the name placeholder.
  auto query_open = [&] {
    QueryRequest q;
    q.table_name = "idx";
    q.index_name = "byStatus";
    q.key_condition_expression = "#s = :s";
    q.expression_attribute_names = ExpressionAttributeNames{{"#s", "status"}};
    q.expression_attribute_values = AttributeMap{{":s", S("open")}};
    StatusOr<QueryResponse> r = client_->Query(q);
    EXPECT_THAT(r, IsOk());
    return Sks(r);
  };
  // Key added by PutItem.
  ASSERT_THAT(Put("idx", {{"pk", S("a")},
                          {"sk", S("1")},
                          {"status", S("open")},
                          {"created", N(2)}}),
              IsOk());
  ASSERT_THAT(Put("idx", {{"pk", S("a")},
                          {"sk", S("2")},
                          {"status", S("open")},
                          {"created", N(1)}}),
              IsOk());
  EXPECT_EQ(query_open(), (std::vector<std::string>{"2", "1"}));  // by created
  // Missing one of the two index keys: not in the index.
  ASSERT_THAT(
      Put("idx", {{"pk", S("a")}, {"sk", S("3")}, {"status", S("open")}}),
      IsOk());
  EXPECT_EQ(query_open(), (std::vector<std::string>{"2", "1"}));

  // Key added by UpdateItem.
  UpdateItemRequest u;
  u.table_name = "idx";
  u.key = {{"pk", S("a")}, {"sk", S("3")}};
  u.update_expression = "SET created = :c";
  u.expression_attribute_values = AttributeMap{{":c", N(0)}};
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  EXPECT_EQ(query_open(), (std::vector<std::string>{"3", "2", "1"}));

  // Key changed: moves within the index, and out of "open".
  u.update_expression = "SET #s = :s";
  u.expression_attribute_names = ExpressionAttributeNames{{"#s", "status"}};
  u.expression_attribute_values = AttributeMap{{":s", S("closed")}};
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  EXPECT_EQ(query_open(), (std::vector<std::string>{"2", "1"}));

  // Key removed.
  u.key = {{"pk", S("a")}, {"sk", S("2")}};
  u.update_expression = "REMOVE created";
  u.expression_attribute_names.reset();
  u.expression_attribute_values.reset();
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  EXPECT_EQ(query_open(), (std::vector<std::string>{"1"}));

  // Item deleted, and replaced by a put without the key.
  DeleteItemRequest del;
  del.table_name = "idx";
  del.key = {{"pk", S("a")}, {"sk", S("1")}};
  ASSERT_THAT(client_->DeleteItem(del), IsOk());
  EXPECT_TRUE(query_open().empty());

  // BatchWriteItem puts and deletes maintain indexes too.
  BatchWriteItemRequest b;
  b.request_items["idx"] = {
      WriteRequest{Item{{"pk", S("b")},
                        {"sk", S("1")},
                        {"status", S("open")},
                        {"created", N(5)}},
                   std::nullopt},
      WriteRequest{std::nullopt, Item{{"pk", S("a")}, {"sk", S("3")}}}};
  ASSERT_THAT(client_->BatchWriteItem(b), IsOk());
  EXPECT_EQ(query_open(), (std::vector<std::string>{"1"}));
  StatusOr<DescribeTableResponse> d = client_->DescribeTable({"idx"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->table.global_secondary_indexes[0].item_count, 1);  // b/1 only
}

TEST_P(IndexTest, WrongTypedOrEmptyIndexKeysFailTheWrite) {
  ASSERT_THAT(
      Put("idx", {{"pk", S("a")}, {"sk", S("1")}, {"ownerId", S("ann")}}),
      IsOk());
  EXPECT_THAT(
      Put("idx", {{"pk", S("a")}, {"sk", S("2")}, {"created", S("x")}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          std::string(kInvalid) +
              "Type mismatch for Index Key created Expected: N Actual: S "
              "IndexName: byStatus"));
  EXPECT_THAT(
      Put("idx", {{"pk", S("a")}, {"sk", S("2")}, {"ownerId", S("")}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values are not valid. A value specified for "
          "a secondary index key is not supported. The AttributeValue for a "
          "key attribute cannot contain an empty string value. IndexName: "
          "keys, IndexKey: ownerId"));
  // An LSI key is an index key too.
  EXPECT_THAT(
      Put("idx", {{"pk", S("a")}, {"sk", S("2")}, {"price", S("cheap")}}),
      StatusIs(ErrorCode::kValidation, "IndexName: byPrice"));
  // UpdateItem: the result is checked; nothing changes.
  UpdateItemRequest u;
  u.table_name = "idx";
  u.key = {{"pk", S("a")}, {"sk", S("1")}};
  u.update_expression = "SET ownerId = :o";
  u.expression_attribute_values = AttributeMap{{":o", N(3)}};
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIs(ErrorCode::kValidation,
                       "Type mismatch for Index Key ownerId Expected: S "
                       "Actual: N IndexName: keys"));
  u.update_expression = "SET ownerId.given = :o";
  EXPECT_THAT(
      client_->UpdateItem(u),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Key attributes must be scalars; list random access '[]' and map "
          "lookup '.' are not allowed: IndexKey: ownerId"));
  EXPECT_EQ(Get("idx", {{"pk", S("a")}, {"sk", S("1")}}),
            (Item{{"ownerId", S("ann")}, {"pk", S("a")}, {"sk", S("1")}}));
  // BatchWriteItem: one bad item fails the whole batch.
  BatchWriteItemRequest b;
  b.request_items["idx"] = {
      WriteRequest{Item{{"pk", S("z")}, {"sk", S("1")}}, std::nullopt},
      WriteRequest{Item{{"pk", S("z")}, {"sk", S("2")}, {"ownerId", N(1)}},
                   std::nullopt}};
  EXPECT_THAT(client_->BatchWriteItem(b),
              StatusIs(ErrorCode::kValidation, "IndexName: keys"));
  EXPECT_FALSE(Get("idx", {{"pk", S("z")}, {"sk", S("1")}}).has_value());
}

TEST_P(IndexTest, ProjectionsDecideWhatAnIndexReturns) {
  ASSERT_THAT(Put("idx", {{"pk", S("a")},
                          {"sk", S("1")},
                          {"ownerId", S("ann")},
                          {"created", N(7)},
                          {"title", S("T")},
                          {"body", S("B")},
                          {"price", N(3)}}),
              IsOk());
  // KEYS_ONLY: index keys and table keys.
  StatusOr<QueryResponse> page =
      QueryIndex("keys", "ownerId = :o", {{":o", S("ann")}});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->items,
            (std::vector<Item>{
                {{"ownerId", S("ann")}, {"pk", S("a")}, {"sk", S("1")}}}));
  // INCLUDE: plus NonKeyAttributes.
  page = QueryIndex("incl", "ownerId = :o AND created > :c",
                    {{":o", S("ann")}, {":c", N(1)}});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->items, (std::vector<Item>{{{"created", N(7)},
                                             {"ownerId", S("ann")},
                                             {"pk", S("a")},
                                             {"sk", S("1")},
                                             {"title", S("T")}}}));
  // A projection expression on a GSI may name only what is projected.
  QueryRequest q;
  q.table_name = "idx";
  q.index_name = "incl";
  q.key_condition_expression = "ownerId = :o";
  q.expression_attribute_values = AttributeMap{{":o", S("ann")}};
  q.projection_expression = "title, body";
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Global secondary index incl does not project "
                              "[body]"));
  q.projection_expression = "title";
  page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->items, (std::vector<Item>{{{"title", S("T")}}}));
  // ALL_ATTRIBUTES is refused on a GSI that does not project everything.
  q.projection_expression.reset();
  q.select = Select::kAllAttributes;
  EXPECT_THAT(
      client_->Query(q),
      StatusIsExactly(
          ErrorCode::kValidation,
          std::string(kInvalid) +
              "Select type ALL_ATTRIBUTES is not supported for global "
              "secondary index incl because its projection type is not ALL"));
  q.select.reset();
  q.consistent_read = true;
  EXPECT_THAT(
      client_->Query(q),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Consistent reads are not supported on global secondary indexes"));
  // An LSI fetches what it does not project from the table, strongly
  // consistent if asked.
  QueryRequest l;
  l.table_name = "idx";
  l.index_name = "byPrice";
  l.key_condition_expression = "pk = :p AND price < :x";
  l.expression_attribute_values = AttributeMap{{":p", S("a")}, {":x", N(10)}};
  l.consistent_read = true;
  l.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  page = client_->Query(l);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(
      page->items,
      (std::vector<Item>{{{"pk", S("a")}, {"price", N(3)}, {"sk", S("1")}}}));
  EXPECT_EQ(page->consumed_capacity->capacity_units, 1.0);  // the index only
  l.select = Select::kAllAttributes;
  page = client_->Query(l);
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 1u);
  EXPECT_EQ(page->items[0].size(), 7u);
  // One SC read of the index page plus one SC read of the table item.
  EXPECT_EQ(page->consumed_capacity->capacity_units, 2.0);
  EXPECT_EQ(page->consumed_capacity->table->capacity_units, 1.0);
  EXPECT_EQ(page->consumed_capacity->local_secondary_indexes.at("byPrice")
                .capacity_units,
            1.0);
}

TEST_P(IndexTest, IndexQueriesPageThroughEqualIndexKeys) {
  // 25 items share one GSI partition key and sort key: pages must still be
  // complete and disjoint, resuming from index keys plus table keys.
  for (int i = 0; i < 25; ++i) {
    ASSERT_THAT(Put("idx", {{"pk", S("p" + std::to_string(i % 3))},
                            {"sk", S("s" + std::to_string(i))},
                            {"ownerId", S("same")},
                            {"created", N(1)}}),
                IsOk());
  }
  for (bool forward : {true, false}) {
    QueryRequest q;
    q.table_name = "idx";
    q.index_name = "incl";
    q.key_condition_expression = "ownerId = :o AND created = :c";
    q.expression_attribute_values =
        AttributeMap{{":o", S("same")}, {":c", N(1)}};
    q.limit = 4;
    q.scan_index_forward = forward;
    std::set<std::string> seen;
    int pages = 0;
    while (true) {
      StatusOr<QueryResponse> page = client_->Query(q);
      ASSERT_THAT(page, IsOk());
      ++pages;
      for (const Item& item : page->items) {
        EXPECT_TRUE(
            seen.insert(item.Find("pk")->s() + "/" + item.Find("sk")->s())
                .second);
      }
      if (!page->last_evaluated_key) break;
      // LastEvaluatedKey: the index keys and the table keys.
      EXPECT_EQ(page->last_evaluated_key->size(), 4u);
      EXPECT_TRUE(page->last_evaluated_key->Contains("ownerId"));
      EXPECT_TRUE(page->last_evaluated_key->Contains("created"));
      q.exclusive_start_key = page->last_evaluated_key;
    }
    EXPECT_EQ(seen.size(), 25u);
    EXPECT_EQ(pages,
              7);  // 6 full pages and a last one with LastEvaluatedKey absent
  }
  // A start key without the index keys is refused (the wrong number of
  // attributes: DynamoDB's bare "The provided starting key is invalid",
  // docs/validation-order.md).
  QueryRequest bad;
  bad.table_name = "idx";
  bad.index_name = "incl";
  bad.key_condition_expression = "ownerId = :o";
  bad.expression_attribute_values = AttributeMap{{":o", S("same")}};
  bad.exclusive_start_key = Item{{"pk", S("p0")}, {"sk", S("s0")}};
  EXPECT_THAT(client_->Query(bad),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is invalid"));
}

TEST_P(IndexTest, ScanOfAnIndexIsParallelAndComplete) {
  for (int i = 0; i < 40; ++i) {
    ASSERT_THAT(Put("idx", {{"pk", S("p" + std::to_string(i))},
                            {"sk", S("s")},
                            {"ownerId", S("o" + std::to_string(i % 7))}}),
                IsOk());
  }
  std::set<std::string> seen;
  for (int segment = 0; segment < 3; ++segment) {
    ScanRequest s;
    s.table_name = "idx";
    s.index_name = "keys";
    s.segment = segment;
    s.total_segments = 3;
    s.limit = 5;
    while (true) {
      StatusOr<ScanResponse> page = client_->Scan(s);
      ASSERT_THAT(page, IsOk());
      for (const Item& item : page->items) {
        EXPECT_TRUE(seen.insert(item.Find("pk")->s()).second);
      }
      if (!page->last_evaluated_key) break;
      s.exclusive_start_key = page->last_evaluated_key;
    }
  }
  EXPECT_EQ(seen.size(), 40u);
  ScanRequest missing;
  missing.table_name = "idx";
  missing.index_name = "nope";
  EXPECT_THAT(
      client_->Scan(missing),
      StatusIsExactly(ErrorCode::kValidation,
                      "The table does not have the specified index: nope"));
}

TEST_P(IndexTest, IndexWritesAreChargedPerEntry) {
  PutItemRequest p;
  p.table_name = "idx";
  p.item = {{"pk", S("a")},
            {"sk", S("1")},
            {"status", S("open")},
            {"created", N(1)},
            {"ownerId", S("ann")}};
  p.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<PutItemResponse> put = client_->PutItem(p);
  ASSERT_THAT(put, IsOk());
  // Table 1 + byStatus 1 + keys 1 + incl 1.
  EXPECT_EQ(put->consumed_capacity->capacity_units, 4.0);
  EXPECT_EQ(put->consumed_capacity->table->capacity_units, 1.0);
  EXPECT_EQ(put->consumed_capacity->global_secondary_indexes.size(), 3u);
  EXPECT_TRUE(put->consumed_capacity->local_secondary_indexes.empty());

  UpdateItemRequest u;
  u.table_name = "idx";
  u.key = {{"pk", S("a")}, {"sk", S("1")}};
  u.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  // Changing a GSI key: two writes on that index (delete + put); the ALL
  // index sees a changed item too; KEYS_ONLY and INCLUDE indexes on ownerId
  // see no change of what they hold.
  u.update_expression = "SET created = :c";
  u.expression_attribute_values = AttributeMap{{":c", N(2)}};
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->consumed_capacity->global_secondary_indexes.at("byStatus")
                .capacity_units,
            2.0);
  EXPECT_EQ(
      r->consumed_capacity->global_secondary_indexes.at("incl").capacity_units,
      2.0);
  EXPECT_EQ(r->consumed_capacity->global_secondary_indexes.count("keys"), 0u);
  EXPECT_EQ(r->consumed_capacity->capacity_units, 5.0);
  // A non-key, non-projected attribute: only ALL indexes are written.
  u.update_expression = "SET body = :b";
  u.expression_attribute_values = AttributeMap{{":b", S("x")}};
  r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->consumed_capacity->global_secondary_indexes.size(), 1u);
  EXPECT_EQ(r->consumed_capacity->capacity_units, 2.0);
  // Removing an index key: one delete on that index.
  u.update_expression = "REMOVE ownerId";
  u.expression_attribute_values.reset();
  r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(
      r->consumed_capacity->global_secondary_indexes.at("keys").capacity_units,
      1.0);
  EXPECT_EQ(
      r->consumed_capacity->global_secondary_indexes.at("incl").capacity_units,
      1.0);
  // GSI reads are eventually consistent: 0.5 per 4 KB.
  QueryRequest q;
  q.table_name = "idx";
  q.index_name = "byStatus";
  q.key_condition_expression = "#s = :s";
  q.expression_attribute_names = ExpressionAttributeNames{{"#s", "status"}};
  q.expression_attribute_values = AttributeMap{{":s", S("open")}};
  q.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<QueryResponse> page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->consumed_capacity->capacity_units, 0.5);
  // The table's member is there with 0 units (DynamoDB's shape for a read
  // an index serves).
  ASSERT_TRUE(page->consumed_capacity->table.has_value());
  EXPECT_EQ(page->consumed_capacity->table->capacity_units, 0.0);
  EXPECT_EQ(page->consumed_capacity->global_secondary_indexes.at("byStatus")
                .capacity_units,
            0.5);
}

INSTANTIATE_TEST_SUITE_P(Clients, IndexTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
