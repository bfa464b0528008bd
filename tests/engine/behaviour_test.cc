// Copyright 2026 The eddy Authors.
//
// The behaviour suite of tests/api/database_test.cc, run twice: over the typed
// Database and over DynamoDB JSON through Execute (wire_client.h). Whatever
// the typed API answers, the JSON API must answer the same, error messages
// included.

#include <memory>
#include <set>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/engine/behaviour_fixture.h"
#include "tests/engine/wire_client.h"

namespace eddy {
namespace {

using ::testing::ElementsAre;

TEST_P(BehaviourTest, CreateDescribeListDelete) {
  CreateHashTable("users");
  CreateHashRangeTable("orders");
  StatusOr<DescribeTableResponse> d = client_->DescribeTable({"users"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->table.table_arn,
            "arn:aws:dynamodb:us-east-1:000000000000:table/users");
  EXPECT_EQ(d->table.table_status, TableStatus::kActive);
  EXPECT_EQ(d->table.provisioned_throughput.read_capacity_units, 5);
  EXPECT_FALSE(d->table.billing_mode_summary.has_value());
  EXPECT_DOUBLE_EQ(d->table.creation_date_time, 1'700'000'000.0);
  EXPECT_EQ(d->table.table_id.size(), 36u);
  StatusOr<DescribeTableResponse> o = client_->DescribeTable({"orders"});
  ASSERT_TRUE(o->table.billing_mode_summary.has_value());
  EXPECT_EQ(o->table.billing_mode_summary->billing_mode,
            BillingMode::kPayPerRequest);

  EXPECT_THAT(client_->ListTables({})->table_names,
              ElementsAre("orders", "users"));
  ListTablesRequest page;
  page.limit = 1;
  StatusOr<ListTablesResponse> first = client_->ListTables(page);
  EXPECT_THAT(first->table_names, ElementsAre("orders"));
  EXPECT_EQ(first->last_evaluated_table_name, "orders");
  page.exclusive_start_table_name = "orders";
  StatusOr<ListTablesResponse> second = client_->ListTables(page);
  EXPECT_THAT(second->table_names, ElementsAre("users"));
  EXPECT_FALSE(second->last_evaluated_table_name.has_value());

  StatusOr<DeleteTableResponse> del = client_->DeleteTable({"users"});
  ASSERT_THAT(del, IsOk());
  EXPECT_EQ(del->table_description.table_status, TableStatus::kDeleting);
  EXPECT_THAT(
      client_->DescribeTable({"users"}),
      StatusIsExactly(ErrorCode::kResourceNotFound,
                      "Requested resource not found: Table: users not found"));
  EXPECT_THAT(client_->GetItem({"users", {{"pk", S("a")}}}),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
}

TEST_P(BehaviourTest, TableNamesAreCaseSensitiveAndUnique) {
  CreateHashTable("Users");
  CreateHashTable("users");
  CreateTableRequest again;
  again.table_name = "users";
  again.key_schema = {{"pk", KeyType::kHash}};
  again.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  again.billing_mode = BillingMode::kPayPerRequest;
  EXPECT_THAT(client_->CreateTable(again),
              StatusIsExactly(ErrorCode::kResourceInUse,
                              "Table already exists: users"));
}

struct CreateErrorCase {
  const char* name;
  CreateTableRequest request;
  const char* message;
};

TEST_P(BehaviourTest, CreateTableValidation) {
  auto base = [] {
    CreateTableRequest r;
    r.table_name = "t01";
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    return r;
  };
  std::vector<CreateErrorCase> cases;
  {
    auto r = base();
    r.table_name = "ab";
    cases.push_back(
        {"short name", r,
         "1 validation error detected: Value 'ab' at 'tableName' failed to "
         "satisfy "
         "constraint: Member must have length greater than or equal to 3"});
  }
  {
    auto r = base();
    r.table_name = "a b!";
    cases.push_back(
        {"bad chars", r,
         "1 validation error detected: Value 'a b!' at 'tableName' failed to "
         "satisfy constraint: Member must satisfy regular expression pattern: "
         "[a-zA-Z0-9_.-]+"});
  }
  {
    auto r = base();
    r.billing_mode = std::nullopt;
    cases.push_back(
        {"no throughput", r,
         "One or more parameter values were invalid: ReadCapacityUnits and "
         "WriteCapacityUnits must both be specified when BillingMode is "
         "PROVISIONED"});
  }
  {
    auto r = base();
    r.provisioned_throughput = ProvisionedThroughput{1, 1};
    cases.push_back({"throughput on demand", r,
                     "One or more parameter values were invalid: Neither "
                     "ReadCapacityUnits nor "
                     "WriteCapacityUnits can be specified when BillingMode is "
                     "PAY_PER_REQUEST"});
  }
  {
    auto r = base();
    r.billing_mode = BillingMode::kProvisioned;
    r.provisioned_throughput = ProvisionedThroughput{0, 5};
    cases.push_back({"zero read units", r,
                     "1 validation error detected: Value '0' at "
                     "'provisionedThroughput.readCapacityUnits' failed to "
                     "satisfy constraint: "
                     "Member must have value greater than or equal to 1"});
  }
  {
    auto r = base();
    r.key_schema = {{"id", KeyType::kHash}};
    cases.push_back({"undefined key", r,
                     "One or more parameter values were invalid: Some index "
                     "key attributes are "
                     "not defined in AttributeDefinitions. Keys: [id], "
                     "AttributeDefinitions: [pk]"});
  }
  {
    auto r = base();
    r.key_schema = {{"pk", KeyType::kRange}};
    cases.push_back({"range first", r,
                     "Invalid KeySchema: The first KeySchemaElement is not a "
                     "HASH key type"});
  }
  {
    auto r = base();
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kS}};
    cases.push_back({"two hash", r,
                     "Invalid KeySchema: The second KeySchemaElement is not a "
                     "RANGE key type"});
  }
  {
    auto r = base();
    r.key_schema = {{"pk", KeyType::kHash}, {"pk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"x", ScalarAttributeType::kS}};
    cases.push_back({"same name", r,
                     "Both the Hash Key and the Range Key element in the "
                     "KeySchema have the same "
                     "name"});
  }
  {
    auto r = base();
    r.attribute_definitions.push_back({"extra", ScalarAttributeType::kN});
    cases.push_back(
        {"extra definition", r,
         "One or more parameter values were invalid: Number of attributes in "
         "KeySchema does not exactly match number of attributes defined in "
         "AttributeDefinitions"});
  }
  {
    auto r = base();
    r.key_schema.clear();
    cases.push_back(
        {"empty key schema", r,
         "1 validation error detected: Value '[]' at 'keySchema' failed to "
         "satisfy "
         "constraint: Member must have length greater than or equal to 1"});
  }
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_THAT(client_->CreateTable(c.request),
                StatusIsExactly(ErrorCode::kValidation, c.message));
  }
  EXPECT_TRUE(client_->ListTables({})
                  ->table_names.empty());  // no failed create left a trace
}

TEST_P(BehaviourTest, PutGetDeleteRoundTrip) {
  CreateHashRangeTable("t01");
  Item item{{"pk", S("a")},
            {"sk", S("1")},
            {"n", N(7)},
            {"m", AttributeValue::M({{"x", S("y")}})}};
  ASSERT_THAT(Put("t01", item), IsOk());
  EXPECT_EQ(Get("t01", {{"pk", S("a")}, {"sk", S("1")}}), item);
  EXPECT_EQ(Get("t01", {{"pk", S("a")}, {"sk", S("2")}}), std::nullopt);

  // PutItem replaces the whole item; ALL_OLD returns the previous one.
  PutItemRequest replace;
  replace.table_name = "t01";
  replace.item = Item{
      {"pk", S("a")}, {"sk", S("1")}, {"other", AttributeValue::Bool(true)}};
  replace.return_values = ReturnValue::kAllOld;
  StatusOr<PutItemResponse> r = client_->PutItem(replace);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes, item);
  EXPECT_EQ(Get("t01", {{"pk", S("a")}, {"sk", S("1")}}), replace.item);

  DeleteItemRequest del;
  del.table_name = "t01";
  del.key = {{"pk", S("a")}, {"sk", S("1")}};
  del.return_values = ReturnValue::kAllOld;
  StatusOr<DeleteItemResponse> d = client_->DeleteItem(del);
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->attributes, replace.item);
  // Deleting a missing item succeeds and returns no attributes.
  d = client_->DeleteItem(del);
  ASSERT_THAT(d, IsOk());
  EXPECT_FALSE(d->attributes.has_value());
  EXPECT_EQ(client_->DescribeTable({"t01"})->table.item_count, 0);
}

TEST_P(BehaviourTest, NumericSortKeysAreEqualByValue) {
  CreateHashRangeTable("nums", ScalarAttributeType::kN);
  ASSERT_THAT(Put("nums", {{"pk", S("a")},
                           {"sk", AttributeValue::N(*Number::Parse("1.0"))},
                           {"v", S("first")}}),
              IsOk());
  ASSERT_THAT(Put("nums", {{"pk", S("a")},
                           {"sk", AttributeValue::N(*Number::Parse("1"))},
                           {"v", S("second")}}),
              IsOk());
  EXPECT_EQ(client_->DescribeTable({"nums"})->table.item_count, 1);
  EXPECT_EQ(Get("nums", {{"pk", S("a")},
                         {"sk", AttributeValue::N(*Number::Parse("100e-2"))}})
                ->Find("v")
                ->s(),
            "second");
}

TEST_P(BehaviourTest, KeyValidationMessages) {
  CreateHashRangeTable("t01");
  const char* kMismatch = "The provided key element does not match the schema";
  EXPECT_THAT(client_->GetItem({"t01", {{"pk", S("a")}}}),
              StatusIsExactly(ErrorCode::kValidation, kMismatch));
  EXPECT_THAT(client_->GetItem({"t01", {{"pk", S("a")}, {"sk", N(1)}}}),
              StatusIsExactly(ErrorCode::kValidation, kMismatch));
  EXPECT_THAT(client_->GetItem(
                  {"t01", {{"pk", S("a")}, {"sk", S("1")}, {"x", S("1")}}}),
              StatusIsExactly(ErrorCode::kValidation, kMismatch));
  EXPECT_THAT(
      client_->GetItem({"t01", {{"pk", S("")}, {"sk", S("1")}}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values are not valid. The AttributeValue for "
          "a key attribute cannot contain an empty string value. Key: pk"));
  EXPECT_THAT(
      Put("t01", {{"sk", S("1")}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Missing the key pk in "
          "the item"));
  EXPECT_THAT(
      Put("t01", {{"pk", N(1)}, {"sk", S("1")}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Type mismatch for key pk "
          "expected: S actual: N"));
  EXPECT_THAT(
      Put("t01", {{"pk", S(std::string(2049, 'x'))}, {"sk", S("1")}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Size of hashkey has "
          "exceeded the maximum size limit of2048 bytes"));
  EXPECT_THAT(
      Put("t01", {{"pk", S(std::string(2048, 'x'))},
                  {"sk", S(std::string(1025, 'y'))}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Aggregated size of all "
          "range keys has exceeded the size limit of 1024 bytes"));
  EXPECT_THAT(Put("t01", {{"pk", S(std::string(2048, 'x'))},
                          {"sk", S(std::string(1024, 'y'))}}),
              IsOk());
  // 400 KB: 409,600 bytes including names.
  Item big{
      {"pk", S("b")}, {"sk", S("1")}, {"d", S(std::string(409600 - 7, 'z'))}};
  EXPECT_THAT(Put("t01", big), IsOk());
  big.Set("d", S(std::string(409600 - 6, 'z')));
  EXPECT_THAT(
      Put("t01", big),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: "
                      "Item size has exceeded the maximum allowed size"));
  EXPECT_THAT(Put("no_such_table", {{"pk", S("a")}}),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
  PutItemRequest bad_rv;
  bad_rv.table_name = "t01";
  bad_rv.item = {{"pk", S("a")}, {"sk", S("1")}};
  bad_rv.return_values = ReturnValue::kAllNew;
  EXPECT_THAT(client_->PutItem(bad_rv),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: "
                              "ReturnValues can only be ALL_OLD or NONE"));
  bad_rv.return_values = ReturnValue::kNone;
  bad_rv.expression_attribute_values = AttributeMap{{":v", N(1)}};
  EXPECT_THAT(client_->PutItem(bad_rv),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "1 validation error detected: ExpressionAttributeValues can "
                  "only be specified when using expressions"));
}

TEST_P(BehaviourTest, ConsumedCapacityIsExact) {
  CreateHashRangeTable("t01");
  // 3 KB item: 3 WCU to write, 1 RCU strongly consistent, 0.5 eventually.
  Item item{
      {"pk", S("a")}, {"sk", S("1")}, {"d", S(std::string(3 * 1024 - 7, 'x'))}};
  PutItemRequest put;
  put.table_name = "t01";
  put.item = item;
  put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<PutItemResponse> p = client_->PutItem(put);
  ASSERT_TRUE(p->consumed_capacity.has_value());
  EXPECT_EQ(p->consumed_capacity->table_name, "t01");
  EXPECT_DOUBLE_EQ(p->consumed_capacity->capacity_units, 3.0);
  EXPECT_FALSE(p->consumed_capacity->write_capacity_units
                   .has_value());  // transactions only
  EXPECT_FALSE(p->consumed_capacity->table.has_value());

  // Replacing with a small item is charged on the larger (old) image.
  put.item = Item{{"pk", S("a")}, {"sk", S("1")}};
  put.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  p = client_->PutItem(put);
  EXPECT_DOUBLE_EQ(p->consumed_capacity->capacity_units, 3.0);
  ASSERT_TRUE(p->consumed_capacity->table.has_value());
  EXPECT_DOUBLE_EQ(p->consumed_capacity->table->capacity_units, 3.0);

  GetItemRequest get;
  get.table_name = "t01";
  get.key = {{"pk", S("missing")}, {"sk", S("1")}};
  get.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  EXPECT_DOUBLE_EQ(client_->GetItem(get)->consumed_capacity->capacity_units,
                   0.5);
  get.consistent_read = true;
  EXPECT_DOUBLE_EQ(client_->GetItem(get)->consumed_capacity->capacity_units,
                   1.0);

  // 8 KB item: 2 / 1 RCU.
  ASSERT_THAT(Put("t01", {{"pk", S("b")},
                          {"sk", S("1")},
                          {"d", S(std::string(8192 - 7, 'x'))}}),
              IsOk());
  get.key = {{"pk", S("b")}, {"sk", S("1")}};
  EXPECT_DOUBLE_EQ(client_->GetItem(get)->consumed_capacity->capacity_units,
                   2.0);
  get.consistent_read = false;
  EXPECT_DOUBLE_EQ(client_->GetItem(get)->consumed_capacity->capacity_units,
                   1.0);
  get.return_consumed_capacity = ReturnConsumedCapacity::kNone;
  EXPECT_FALSE(client_->GetItem(get)->consumed_capacity.has_value());

  DeleteItemRequest del;
  del.table_name = "t01";
  del.key = {{"pk", S("nothing")}, {"sk", S("1")}};
  del.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  EXPECT_DOUBLE_EQ(client_->DeleteItem(del)->consumed_capacity->capacity_units,
                   1.0);
}

// All items of a Scan over every segment, each key once.
std::multiset<std::string> ScanAll(Client& db, const std::string& table,
                                   int segments, std::optional<int> limit) {
  std::multiset<std::string> seen;
  for (int s = 0; s < segments; ++s) {
    ScanRequest r;
    r.table_name = table;
    if (segments > 1) {
      r.segment = s;
      r.total_segments = segments;
    }
    r.limit = limit;
    while (true) {
      StatusOr<ScanResponse> page = db.Scan(r);
      EXPECT_THAT(page, IsOk());
      if (!page.ok()) return seen;
      for (const Item& item : page->items)
        seen.insert(item.Find("pk")->s() + "/" + item.Find("sk")->s());
      if (!page->last_evaluated_key) break;
      r.exclusive_start_key = page->last_evaluated_key;
    }
  }
  return seen;
}

TEST_P(BehaviourTest, ParallelScanSegmentsAreDisjointAndComplete) {
  CreateHashRangeTable("t01");
  std::multiset<std::string> expected;
  for (int p = 0; p < 200; ++p) {
    for (int s = 0; s < 3; ++s) {
      ASSERT_THAT(Put("t01", {{"pk", S("p" + std::to_string(p))},
                              {"sk", S(std::to_string(s))}}),
                  IsOk());
      expected.insert("p" + std::to_string(p) + "/" + std::to_string(s));
    }
  }
  for (int segments : {1, 7, 1000}) {
    SCOPED_TRACE(segments);
    EXPECT_EQ(ScanAll(*client_, "t01", segments, std::nullopt), expected);
    EXPECT_EQ(ScanAll(*client_, "t01", segments, 7), expected);
  }
}

TEST_P(BehaviourTest, ScanPagesEndAtOneMegabyte) {
  CreateHashRangeTable("t01");
  // 16 items of 128 KB (131,072 bytes each with names): 8 fill exactly 1 MB.
  for (int i = 0; i < 16; ++i) {
    const std::string sk = std::to_string(i % 10);
    const std::string pk = "p" + std::to_string(i);
    const int64_t overhead = 2 + static_cast<int64_t>(pk.size()) + 2 + 1 + 1;
    ASSERT_THAT(Put("t01", {{"pk", S(pk)},
                            {"sk", S(sk)},
                            {"d", S(std::string(131072 - overhead, 'x'))}}),
                IsOk());
  }
  ScanRequest r;
  r.table_name = "t01";
  r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<ScanResponse> page = client_->Scan(r);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 8);
  EXPECT_TRUE(page->last_evaluated_key.has_value());
  EXPECT_DOUBLE_EQ(page->consumed_capacity->capacity_units,
                   128.0);  // 1 MB / 4 KB / 2
  r.exclusive_start_key = page->last_evaluated_key;
  page = client_->Scan(r);
  EXPECT_EQ(page->count, 8);
  // The last page ends exactly at 1 MB too, so DynamoDB still returns a key...
  ASSERT_TRUE(page->last_evaluated_key.has_value());
  r.exclusive_start_key = page->last_evaluated_key;
  page = client_->Scan(r);
  EXPECT_EQ(page->count, 0);  // ...and the next page is empty.
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_P(BehaviourTest, ScanValidation) {
  CreateHashRangeTable("t01");
  ScanRequest r;
  r.table_name = "t01";
  r.segment = 1;
  EXPECT_THAT(
      client_->Scan(r),
      StatusIs(ErrorCode::kValidation, "TotalSegments parameter is required"));
  r.total_segments = 1;
  EXPECT_THAT(
      client_->Scan(r),
      StatusIsExactly(
          ErrorCode::kValidation,
          "The Segment parameter is zero-based and must be less than parameter "
          "TotalSegments: Segment: 1 is not less than TotalSegments: 1"));
  r.segment.reset();
  EXPECT_THAT(client_->Scan(r), StatusIs(ErrorCode::kValidation,
                                         "Segment parameter is required"));
  r.total_segments.reset();
  r.limit = 0;
  EXPECT_THAT(
      client_->Scan(r),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: Value '0' at 'limit' failed to satisfy "
          "constraint: Member must have value greater than or equal to 1"));
  r.limit.reset();
  r.exclusive_start_key = Item{{"pk", S("a")}};
  EXPECT_THAT(
      client_->Scan(r),
      StatusIsExactly(ErrorCode::kValidation,
                      "The provided starting key is invalid: The provided key "
                      "element does not match the schema"));
  r.exclusive_start_key.reset();
  r.select = Select::kCount;
  ASSERT_THAT(Put("t01", {{"pk", S("a")}, {"sk", S("1")}}), IsOk());
  StatusOr<ScanResponse> counted = client_->Scan(r);
  EXPECT_EQ(counted->count, 1);
  EXPECT_TRUE(counted->items.empty());
}

TEST_P(BehaviourTest, BatchWriteAndGet) {
  CreateHashRangeTable("t01");
  CreateHashTable("t02");
  BatchWriteItemRequest w;
  for (int i = 0; i < 20; ++i) {
    w.request_items["t01"].push_back(WriteRequest{
        Item{{"pk", S("a")}, {"sk", S(std::to_string(i))}}, std::nullopt});
  }
  w.request_items["t02"].push_back(
      WriteRequest{Item{{"pk", S("x")}}, std::nullopt});
  w.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<BatchWriteItemResponse> wr = client_->BatchWriteItem(w);
  ASSERT_THAT(wr, IsOk());
  ASSERT_EQ(wr->consumed_capacity.size(), 2u);
  EXPECT_DOUBLE_EQ(wr->consumed_capacity[0].capacity_units, 20.0);
  EXPECT_TRUE(wr->unprocessed_items.empty());

  BatchGetItemRequest g;
  g.request_items["t01"].keys = {{{"pk", S("a")}, {"sk", S("3")}},
                                 {{"pk", S("a")}, {"sk", S("99")}}};
  g.request_items["t02"].keys = {{{"pk", S("x")}}};
  g.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<BatchGetItemResponse> gr = client_->BatchGetItem(g);
  ASSERT_THAT(gr, IsOk());
  EXPECT_EQ(gr->responses["t01"].size(), 1u);
  EXPECT_EQ(gr->responses["t02"].size(), 1u);
  EXPECT_DOUBLE_EQ(gr->consumed_capacity[0].capacity_units,
                   1.0);  // 0.5 + 0.5 (missing)

  // Validation: too many, duplicates (put + delete of one key), bad key — and
  // nothing applied.
  BatchWriteItemRequest dup;
  dup.request_items["t01"] = {
      WriteRequest{Item{{"pk", S("n")}, {"sk", S("1")}}, std::nullopt},
      WriteRequest{std::nullopt, Item{{"pk", S("n")}, {"sk", S("1")}}}};
  EXPECT_THAT(
      client_->BatchWriteItem(dup),
      StatusIsExactly(ErrorCode::kValidation,
                      "Provided list of item keys contains duplicates"));
  BatchWriteItemRequest bad;
  bad.request_items["t01"] = {
      WriteRequest{Item{{"pk", S("n")}, {"sk", S("2")}}, std::nullopt},
      WriteRequest{Item{{"pk", S("n")}}, std::nullopt}};
  // A put's missing key attribute is a schema mismatch in a batch (dynalite's
  // batchWriteItem tests, against DynamoDB), not PutItem's "Missing the key".
  EXPECT_THAT(
      client_->BatchWriteItem(bad),
      StatusIsExactly(ErrorCode::kValidation,
                      "The provided key element does not match the schema"));
  EXPECT_EQ(Get("t01", {{"pk", S("n")}, {"sk", S("2")}}), std::nullopt);
  BatchWriteItemRequest many;
  for (int i = 0; i < 26; ++i) {
    many.request_items["t01"].push_back(WriteRequest{
        Item{{"pk", S("m")}, {"sk", S(std::to_string(i))}}, std::nullopt});
  }
  // One table over 25: the map constraint (behaviour_batch_keys_test.cc).
  EXPECT_THAT(client_->BatchWriteItem(many),
              StatusIs(ErrorCode::kValidation,
                       "Map value must satisfy constraint: [Member must "
                       "have length less than or equal to 25"));
  BatchGetItemRequest gdup;
  gdup.request_items["t02"].keys = {{{"pk", S("x")}}, {{"pk", S("x")}}};
  EXPECT_THAT(
      client_->BatchGetItem(gdup),
      StatusIsExactly(ErrorCode::kValidation,
                      "Provided list of item keys contains duplicates"));
}

TEST_P(BehaviourTest, ConditionalPutAndDelete) {
  CreateHashTable("cond");
  PutItemRequest create;
  create.table_name = "cond";
  create.item = {{"pk", S("acct")}, {"version", N(1)}, {"balance", N(100)}};
  create.condition_expression = "attribute_not_exists(pk)";
  ASSERT_THAT(client_->PutItem(create), IsOk());
  // Create-only: a second create fails and leaves the item as it was.
  create.item.Set("balance", N(0));
  EXPECT_THAT(client_->PutItem(create),
              StatusIsExactly(ErrorCode::kConditionalCheckFailed,
                              "The conditional request failed"));
  EXPECT_EQ(Get("cond", {{"pk", S("acct")}})->Find("balance")->n(),
            Number::FromInt64(100));

  // Optimistic locking on a version number, with the old item on failure.
  PutItemRequest bump;
  bump.table_name = "cond";
  bump.item = {{"pk", S("acct")}, {"version", N(2)}, {"balance", N(90)}};
  bump.condition_expression = "#v = :expected";
  bump.expression_attribute_names = ExpressionAttributeNames{{"#v", "version"}};
  bump.expression_attribute_values = AttributeMap{{":expected", N(1)}};
  ASSERT_THAT(client_->PutItem(bump), IsOk());
  bump.return_values_on_condition_check_failure_all_old = true;
  StatusOr<PutItemResponse> stale = client_->PutItem(bump);
  ASSERT_THAT(stale, StatusIs(ErrorCode::kConditionalCheckFailed, ""));
  ASSERT_NE(stale.status().item(), nullptr);
  EXPECT_EQ(stale.status().item()->Find("version")->n(), Number::FromInt64(2));

  // Placeholder rules apply across the request.
  bump.expression_attribute_values =
      AttributeMap{{":expected", N(2)}, {":extra", N(0)}};
  EXPECT_THAT(
      client_->PutItem(bump),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: "
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:extra}"));
  bump.condition_expression = "#v = :nope";
  bump.expression_attribute_values = AttributeMap{{":expected", N(2)}};
  EXPECT_THAT(
      client_->PutItem(bump),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: "
          "Invalid ConditionExpression: An expression attribute value used "
          "in expression is not defined; attribute value: :nope"));

  DeleteItemRequest del;
  del.table_name = "cond";
  del.key = {{"pk", S("acct")}};
  del.condition_expression = "balance > :min";
  del.expression_attribute_values = AttributeMap{{":min", N(1000)}};
  EXPECT_THAT(client_->DeleteItem(del),
              StatusIs(ErrorCode::kConditionalCheckFailed, ""));
  EXPECT_TRUE(Get("cond", {{"pk", S("acct")}}).has_value());
  del.expression_attribute_values = AttributeMap{{":min", N(10)}};
  ASSERT_THAT(client_->DeleteItem(del), IsOk());
  EXPECT_FALSE(Get("cond", {{"pk", S("acct")}}).has_value());
  // On a missing item the condition sees an empty item.
  del.condition_expression = "attribute_not_exists(pk)";
  del.expression_attribute_values.reset();
  EXPECT_THAT(client_->DeleteItem(del), IsOk());
}

TEST_P(BehaviourTest, FiltersApplyAfterLimitAndDoNotSaveCapacity) {
  CreateHashRangeTable("filt");
  for (int i = 0; i < 10; ++i) {
    ASSERT_THAT(
        Put("filt",
            {{"pk", S("p")}, {"sk", S(std::to_string(i))}, {"n", N(i)}}),
        IsOk());
  }
  QueryRequest q;
  q.table_name = "filt";
  q.key_condition_expression = "pk = :p";
  q.filter_expression = "n >= :min";
  q.expression_attribute_values = AttributeMap{{":p", S("p")}, {":min", N(7)}};
  q.limit = 8;
  q.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<QueryResponse> page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->scanned_count, 8);  // Limit counts evaluated items...
  EXPECT_EQ(page->count, 1);          // ...the filter runs after: only n=7.
  EXPECT_TRUE(page->last_evaluated_key.has_value());
  EXPECT_DOUBLE_EQ(page->consumed_capacity->capacity_units, 0.5);

  ScanRequest scan;
  scan.table_name = "filt";
  scan.filter_expression = "n < :max OR attribute_not_exists(n)";
  scan.expression_attribute_values = AttributeMap{{":max", N(3)}};
  StatusOr<ScanResponse> all = client_->Scan(scan);
  ASSERT_THAT(all, IsOk());
  EXPECT_EQ(all->count, 3);
  EXPECT_EQ(all->scanned_count, 10);
  EXPECT_EQ(all->items.size(), 3u);

  scan.index_name = "gsi1";
  EXPECT_THAT(
      client_->Scan(scan),
      StatusIsExactly(ErrorCode::kValidation,
                      "The table does not have the specified index: gsi1"));
}

TEST_P(BehaviourTest, UpdateItemUpsertsTheKey) {
  CreateHashRangeTable("upd");
  UpdateItemRequest u;
  u.table_name = "upd";
  u.key = {{"pk", S("a")}, {"sk", S("1")}};
  u.return_values = ReturnValue::kAllNew;
  u.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes, u.key);
  EXPECT_DOUBLE_EQ(r->consumed_capacity->capacity_units, 1.0);
  EXPECT_EQ(Get("upd", u.key), u.key);
  u.key = {{"pk", S("a")}};
  EXPECT_THAT(
      client_->UpdateItem(u),
      StatusIsExactly(ErrorCode::kValidation,
                      "The provided key element does not match the schema"));
}

TEST_P(BehaviourTest, UpdateTableChangesBillingAndGrowsPartitions) {
  CreateTableRequest c;
  c.table_name = "t03";
  c.key_schema = {{"pk", KeyType::kHash}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  c.provisioned_throughput = ProvisionedThroughput{5000, 2000};
  ASSERT_THAT(client_->CreateTable(c), IsOk());
  EXPECT_EQ(db_.DescribePartitions("t03")->size(),
            4u);  // ceil(5000/3000 + 2000/1000)
  UpdateTableRequest u;
  u.table_name = "t03";
  u.provisioned_throughput = ProvisionedThroughput{8000, 2000};
  ASSERT_THAT(client_->UpdateTable(u), IsOk());
  EXPECT_EQ(db_.DescribePartitions("t03")->size(),
            8u);  // doubled, never merged
  EXPECT_THAT(client_->UpdateTable(u),
              StatusIs(ErrorCode::kValidation, "will not change"));
  u.provisioned_throughput.reset();
  u.billing_mode = BillingMode::kPayPerRequest;
  StatusOr<UpdateTableResponse> r = client_->UpdateTable(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->table_description.billing_mode_summary->billing_mode,
            BillingMode::kPayPerRequest);
  EXPECT_EQ(db_.DescribePartitions("t03")->size(), 8u);
}

INSTANTIATE_TEST_SUITE_P(Clients, BehaviourTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
