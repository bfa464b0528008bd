// Copyright 2026 The eddy Authors.
//
// DynamoDB's order of checks and its wording (issue 20 items 2, 4, 6; issue
// 17 items 9 and 14), over the typed API and the JSON API: a request-only
// error wins over a missing table, ExclusiveStartKey errors as DynamoDB
// words them, table ARNs as TableName, the ConsumedCapacity of an index
// read, and the 1 MB page rule. docs/validation-order.md has the tables.

#include <cstdio>
#include <string>
#include <vector>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

constexpr char kArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/";

class OrderTest : public BehaviourTest {
 protected:
  QueryRequest QueryOf(const std::string& table, const std::string& kce,
                       AttributeMap values) {
    QueryRequest q;
    q.table_name = table;
    q.key_condition_expression = kce;
    q.expression_attribute_values = std::move(values);
    return q;
  }
};

// --- Request-only errors come before the table lookup ------------------------

TEST_P(OrderTest, ItemChecksComeBeforeTheMissingTable) {
  // Too large: refused whether or not the table exists.
  PutItemRequest put;
  put.table_name = "missing";
  put.item = Item{{"pk", S("a")}, {"big", S(std::string(400 * 1024, 'x'))}};
  EXPECT_THAT(client_->PutItem(put),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: "
                              "Item size has exceeded the maximum allowed "
                              "size"));
  // Just small enough: now the table is looked up.
  put.item = Item{{"pk", S("a")}, {"big", S(std::string(1000, 'x'))}};
  EXPECT_THAT(client_->PutItem(put),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
  // An attribute name of 64 KiB.
  put.item = Item{{"pk", S("a")}, {std::string(65536, 'n'), S("v")}};
  EXPECT_THAT(client_->PutItem(put),
              StatusIs(ErrorCode::kValidation, "Attribute name is too large"));

  BatchWriteItemRequest batch;
  WriteRequest w;
  w.put_item = Item{{"pk", S("a")}, {"big", S(std::string(400 * 1024, 'x'))}};
  batch.request_items["missing"].push_back(w);
  EXPECT_THAT(client_->BatchWriteItem(batch),
              StatusIsExactly(ErrorCode::kValidation,
                              "Item size has exceeded the maximum allowed "
                              "size"));

  TransactWriteItemsRequest tx;
  TransactWriteItem t;
  t.put = TransactPut{};
  t.put->table_name = "missing";
  t.put->item = *w.put_item;
  tx.transact_items.push_back(t);
  EXPECT_THAT(client_->TransactWriteItems(tx),
              StatusIsExactly(ErrorCode::kValidation,
                              "Item size has exceeded the maximum allowed "
                              "size"));
}

TEST_P(OrderTest, BatchGetProjectionsComeBeforeTheMissingTable) {
  BatchGetItemRequest r;
  KeysAndAttributes k;
  k.keys = {Item{{"pk", S("a")}}};
  k.attributes_to_get = std::vector<std::string>{"a", "a"};
  r.request_items["missing"] = k;
  EXPECT_THAT(client_->BatchGetItem(r),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Duplicate value in attribute name: a"));
  r.request_items["missing"].attributes_to_get.reset();
  r.request_items["missing"].projection_expression = "#x";
  EXPECT_THAT(client_->BatchGetItem(r),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid ProjectionExpression: An expression "
                              "attribute name used in the document path is "
                              "not defined; attribute name: #x"));
}

TEST_P(OrderTest, BatchGetOfMoreThan100KeysForOneTable) {
  BatchGetItemRequest r;
  for (int i = 0; i < 101; ++i) {
    r.request_items["t01"].keys.push_back(
        Item{{"pk", S("k" + std::to_string(i))}});
  }
  EXPECT_THAT(client_->BatchGetItem(r),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Value at "
                              "'RequestItems.t01.member.Keys' failed to "
                              "satisfy constraint: Member must have length "
                              "less than or equal to 100"));
  // 60 + 41 over two tables: the older whole-call text.
  r.request_items["t01"].keys.resize(60);
  for (int i = 0; i < 41; ++i) {
    r.request_items["t02"].keys.push_back(
        Item{{"pk", S("k" + std::to_string(i))}});
  }
  EXPECT_THAT(client_->BatchGetItem(r),
              StatusIsExactly(ErrorCode::kValidation,
                              "Too many items requested for the BatchGetItem "
                              "call"));
}

TEST_P(OrderTest, KeyConditionShapeComesBeforeTheMissingTable) {
  const AttributeMap v{{":v", S("x")}};
  EXPECT_THAT(client_->Query(QueryOf("missing", "pk = :v OR pk = :v", v)),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid operator used in "
                              "KeyConditionExpression: OR"));
  EXPECT_THAT(client_->Query(QueryOf("missing", "pk = :v AND pk = :v", v)),
              StatusIsExactly(ErrorCode::kValidation,
                              "KeyConditionExpressions must only contain one "
                              "condition per key"));
  EXPECT_THAT(client_->Query(QueryOf("missing", "a.b = :v", v)),
              StatusIsExactly(ErrorCode::kValidation,
                              "KeyConditionExpressions cannot have conditions "
                              "on nested attributes"));
  // Whether `x` is a key needs the table: the missing table wins.
  EXPECT_THAT(client_->Query(QueryOf("missing", "x = :v", v)),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
}

TEST_P(OrderTest, QueryLimitHasTheCurrentWording) {
  CreateHashRangeTable("t01");
  QueryRequest q = QueryOf("t01", "pk = :v", {{":v", S("a")}});
  q.limit = 0;
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Value at 'Limit' "
                              "failed to satisfy constraint: Member must have "
                              "value greater than or equal to 1"));
}

TEST_P(OrderTest, UpdateTableOfNothingIsRefusedBeforeTheLookup) {
  UpdateTableRequest r;
  r.table_name = "missing";
  EXPECT_THAT(client_->UpdateTable(r),
              StatusIs(ErrorCode::kValidation,
                       "At least one of ProvisionedThroughput, BillingMode, "
                       "UpdateStreamEnabled, GlobalSecondaryIndexUpdates"));
}

// --- ExclusiveStartKey
// ----------------------------------------------------------

TEST_P(OrderTest, QueryStartKeyWording) {
  CreateHashRangeTable("t01");
  // No sort-key condition: another partition is outside the query.
  QueryRequest q = QueryOf("t01", "pk = :p", {{":p", S("b")}});
  q.exclusive_start_key = Item{{"pk", S("a")}, {"sk", S("a")}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is outside query "
                              "boundaries based on provided conditions"));
  // With one: the sort key first, then the partition.
  q = QueryOf("t01", "pk = :p AND sk < :p", {{":p", S("b")}});
  q.exclusive_start_key = Item{{"pk", S("a")}, {"sk", S("a")}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "The query can return at most one row and "
                              "cannot be restarted"));
  q.exclusive_start_key = Item{{"pk", S("a")}, {"sk", S("c")}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key does not match the "
                              "range key predicate"));
  // Shape: the wrong attributes, then the wrong type.
  q.exclusive_start_key = Item{{"pk", S("b")}, {"bad", S("a")}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is invalid"));
  q.exclusive_start_key = Item{{"pk", S("b")}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is invalid"));
  q.exclusive_start_key = Item{{"pk", S("b")}, {"sk", N(1)}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided key element does not match the "
                              "schema"));
  // A Scan words a wrongly named key differently.
  ScanRequest s;
  s.table_name = "t01";
  s.exclusive_start_key = Item{{"pk", S("b")}, {"bad", S("a")}};
  EXPECT_THAT(client_->Scan(s),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is invalid: The "
                              "provided key element does not match the "
                              "schema"));
}

TEST_P(OrderTest, ScanStartKeyMustLieInItsSegment) {
  CreateHashTable("t02");
  for (int i = 0; i < 40; ++i) {
    ASSERT_THAT(Put("t02", {{"pk", S("k" + std::to_string(i))}}), IsOk());
  }
  // A key of segment 1 given to segment 0, and the segment's own keys.
  ScanRequest s;
  s.table_name = "t02";
  s.segment = 1;
  s.total_segments = 2;
  StatusOr<ScanResponse> second = client_->Scan(s);
  ASSERT_THAT(second, IsOk());
  ASSERT_FALSE(second->items.empty());
  s.segment = 0;
  s.exclusive_start_key = Item{{"pk", *second->items[0].Find("pk")}};
  EXPECT_THAT(client_->Scan(s),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is invalid: Invalid "
                              "ExclusiveStartKey. Please use ExclusiveStartKey "
                              "with correct Segment. TotalSegments: 2 "
                              "Segment: 0"));
  s.segment = 1;
  EXPECT_THAT(client_->Scan(s), IsOk());
}

// --- Table ARNs
// ---------------------------------------------------------------

TEST_P(OrderTest, DataPlaneTableNameMayBeTheTableArn) {
  CreateHashTable("t02");
  PutItemRequest put;
  put.table_name = std::string(kArn) + "t02";
  put.item = Item{{"pk", S("a")}};
  ASSERT_THAT(client_->PutItem(put), IsOk());
  GetItemRequest get;
  get.table_name = std::string(kArn) + "t02";
  get.key = Item{{"pk", S("a")}};
  get.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<GetItemResponse> got = client_->GetItem(get);
  ASSERT_THAT(got, IsOk());
  EXPECT_TRUE(got->item.has_value());
  EXPECT_EQ(got->consumed_capacity->table_name, "t02");  // the bare name
  DescribeTableRequest d;
  d.table_name = std::string(kArn) + "t02";
  StatusOr<DescribeTableResponse> described = client_->DescribeTable(d);
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.table_name, "t02");
  // Transactions take ARNs in their actions too.
  TransactWriteItemsRequest tx;
  TransactWriteItem t;
  t.put = TransactPut{};
  t.put->table_name = std::string(kArn) + "t02";
  t.put->item = Item{{"pk", S("b")}};
  tx.transact_items.push_back(t);
  ASSERT_THAT(client_->TransactWriteItems(tx), IsOk());
  TransactGetItemsRequest tg;
  TransactGetItem g;
  g.table_name = std::string(kArn) + "t02";
  g.key = Item{{"pk", S("b")}};
  tg.transact_items.push_back(g);
  StatusOr<TransactGetItemsResponse> read = client_->TransactGetItems(tg);
  ASSERT_THAT(read, IsOk());
  ASSERT_EQ(read->responses.size(), 1u);
  EXPECT_TRUE(read->responses[0].item.has_value());
  DescribeTimeToLiveRequest ttl;
  ttl.table_name = std::string(kArn) + "t02";
  EXPECT_THAT(client_->DescribeTimeToLive(ttl), IsOk());

  // Another account's table: AccessDeniedException; another region's:
  // ValidationException (DynamoDB's 2026 answers).
  get.table_name = "arn:aws:dynamodb:us-east-1:111111111111:table/t02";
  EXPECT_THAT(client_->GetItem(get),
              StatusIsExactly(ErrorCode::kAccessDenied, "Access is denied"));
  get.table_name = "arn:aws:dynamodb:eu-west-1:000000000000:table/t02";
  EXPECT_THAT(client_->GetItem(get),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Invalid AWS region "
                              "in 'arn:aws:dynamodb:eu-west-1:000000000000:"
                              "table/t02'"));
  get.table_name = std::string(kArn) + "missing";
  EXPECT_THAT(client_->GetItem(get),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
  // A plain name: 1..255 characters of the pattern.
  get.table_name = "ab";
  EXPECT_THAT(client_->GetItem(get),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
  get.table_name = std::string(256, 'a');
  EXPECT_THAT(client_->GetItem(get),
              StatusIs(ErrorCode::kValidation,
                       "Member must have length less than or equal to 255"));
  get.table_name = "";
  EXPECT_THAT(client_->GetItem(get),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Value at "
                              "'TableName' failed to satisfy constraint: "
                              "Member must have length greater than or equal "
                              "to 1"));
}

TEST_P(OrderTest, TagOperationsRefuseAnotherAccountsArn) {
  ListTagsOfResourceRequest r;
  r.resource_arn = "arn:aws:dynamodb:us-east-1:111111111111:table/t02";
  EXPECT_THAT(client_->ListTagsOfResource(r),
              StatusIsExactly(ErrorCode::kAccessDenied, "Access is denied"));
  TagResourceRequest t;
  t.resource_arn = r.resource_arn;
  t.tags = {Tag{"k", "v"}};
  EXPECT_THAT(client_->TagResource(t),
              StatusIsExactly(ErrorCode::kAccessDenied, "Access is denied"));
  r.resource_arn = "arn:aws:dynamodb:eu-west-1:000000000000:table/t02";
  EXPECT_THAT(client_->ListTagsOfResource(r),
              StatusIs(ErrorCode::kValidation, "Invalid TableArn"));
}

// --- ConsumedCapacity of an index read
// -----------------------------------------

TEST_P(OrderTest, IndexReadsReportTheTableWithZeroUnits) {
  CreateTableRequest c;
  c.table_name = "gsi";
  c.key_schema = {{"pk", KeyType::kHash}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"g", ScalarAttributeType::kS}};
  c.billing_mode = BillingMode::kPayPerRequest;
  GlobalSecondaryIndex g;
  g.index_name = "byG";
  g.key_schema = {{"g", KeyType::kHash}};
  g.projection.projection_type = ProjectionType::kAll;
  c.global_secondary_indexes = {g};
  ASSERT_THAT(client_->CreateTable(c), IsOk());
  ASSERT_THAT(Put("gsi", {{"pk", S("a")}, {"g", S("x")}}), IsOk());
  QueryRequest q = QueryOf("gsi", "g = :g", {{":g", S("x")}});
  q.index_name = "byG";
  q.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<QueryResponse> page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  ASSERT_TRUE(page->consumed_capacity.has_value());
  EXPECT_EQ(page->consumed_capacity->capacity_units, 0.5);
  ASSERT_TRUE(page->consumed_capacity->table.has_value());
  EXPECT_EQ(page->consumed_capacity->table->capacity_units, 0.0);
  EXPECT_EQ(page->consumed_capacity->global_secondary_indexes.at("byG")
                .capacity_units,
            0.5);
  // The same shape for a Scan of the index; TOTAL has no members.
  ScanRequest s;
  s.table_name = "gsi";
  s.index_name = "byG";
  s.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<ScanResponse> scanned = client_->Scan(s);
  ASSERT_THAT(scanned, IsOk());
  ASSERT_TRUE(scanned->consumed_capacity->table.has_value());
  EXPECT_EQ(scanned->consumed_capacity->table->capacity_units, 0.0);
  q.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  EXPECT_FALSE(page->consumed_capacity->table.has_value());
  EXPECT_TRUE(page->consumed_capacity->global_secondary_indexes.empty());
}

// --- The 1 MB page
// ---------------------------------------------------------------

// 25 items of 43 KB: 23 fit in 1 MB, the 24th would cross it. DynamoDB's
// page holds what fits (Query.Pagination: "a result set that fits within the
// 1 MB size limit"): 23 items and a LastEvaluatedKey, then the other two.
TEST_P(OrderTest, APageHoldsOnlyWhatFitsInOneMegabyte) {
  CreateHashRangeTable("t01");
  const int64_t kItem = 43 * 1024;
  for (int i = 0; i < 25; ++i) {
    char sk[16];
    std::snprintf(sk, sizeof sk, "%02d", i);
    // pk (2+1) + sk (2+2) + d (1 + payload) bytes.
    ASSERT_THAT(Put("t01", {{"pk", S("a")},
                            {"sk", S(sk)},
                            {"d", S(std::string(kItem - 8, 'x'))}}),
                IsOk());
  }
  QueryRequest q = QueryOf("t01", "pk = :p", {{":p", S("a")}});
  StatusOr<QueryResponse> first = client_->Query(q);
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(first->count, 23);  // 23 * 43 KB <= 1 MB < 24 * 43 KB
  ASSERT_TRUE(first->last_evaluated_key.has_value());
  EXPECT_EQ(*first->last_evaluated_key->Find("sk"), S("22"));
  q.exclusive_start_key = first->last_evaluated_key;
  StatusOr<QueryResponse> second = client_->Query(q);
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(second->count, 2);
  EXPECT_FALSE(second->last_evaluated_key.has_value());

  ScanRequest s;
  s.table_name = "t01";
  StatusOr<ScanResponse> scanned = client_->Scan(s);
  ASSERT_THAT(scanned, IsOk());
  EXPECT_EQ(scanned->scanned_count, 23);
  EXPECT_TRUE(scanned->last_evaluated_key.has_value());
}

// One item is always returned, however large.
TEST_P(OrderTest, APageAlwaysHoldsItsFirstItem) {
  CreateHashRangeTable("t01");
  for (const char* sk : {"1", "2"}) {
    ASSERT_THAT(Put("t01", {{"pk", S("a")},
                            {"sk", S(sk)},
                            {"d", S(std::string(390 * 1024, 'x'))}}),
                IsOk());
  }
  QueryRequest q = QueryOf("t01", "pk = :p", {{":p", S("a")}});
  StatusOr<QueryResponse> page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 2);  // 780 KB fit
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

INSTANTIATE_TEST_SUITE_P(Both, OrderTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
