// Copyright 2026 The eddy Authors.
//
// State and answers DynamoDB bounds (issue #26 item 5), through both APIs:
// the table quota, TransactGetItems' 4 MB of items, RequestItems maps and
// lists that must not be empty.

#include <string>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

class BoundsTest : public BehaviourTest {};

TEST_P(BoundsTest, TablesBeyondTheQuotaAreALimitExceededException) {
  Options o;
  o.clock = &clock_;
  o.max_tables = 3;
  Database db(o);
  std::unique_ptr<Client> client = MakeClient(GetParam(), &db);
  auto create = [&](const std::string& name) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    return client->CreateTable(r);
  };
  for (const char* name : {"one", "two", "three"}) {
    ASSERT_THAT(create(name), IsOk());
  }
  EXPECT_THAT(create("four"),
              StatusIsExactly(ErrorCode::kLimitExceeded,
                              "Subscriber limit exceeded: There is a limit of "
                              "3 tables per subscriber"));
  // A duplicate is still a ResourceInUseException, and a deletion frees a
  // place.
  EXPECT_THAT(create("one"), StatusIs(ErrorCode::kResourceInUse, ""));
  DeleteTableRequest d;
  d.table_name = "two";
  ASSERT_THAT(client->DeleteTable(d), IsOk());
  EXPECT_THAT(create("four"), IsOk());
}

TEST_P(BoundsTest, TransactGetItemsRefusesMoreThanFourMegabytesOfItems) {
  CreateHashTable("big");
  const std::string blob(390 * 1024, 'x');
  TransactGetItemsRequest tx;
  for (int i = 0; i < 12; ++i) {
    const std::string pk = "k" + std::to_string(i);
    ASSERT_THAT(Put("big", {{"pk", S(pk)}, {"blob", S(blob)}}), IsOk());
    TransactGetItem g;
    g.table_name = "big";
    g.key = {{"pk", S(pk)}};
    tx.transact_items.push_back(g);
  }
  // 12 items of 390 KB: 4.6 MB.
  EXPECT_THAT(client_->TransactGetItems(tx),
              StatusIsExactly(ErrorCode::kValidation,
                              "Transaction response size cannot exceed 4 MB"));
  tx.transact_items.resize(10);  // 3.8 MB
  StatusOr<TransactGetItemsResponse> r = client_->TransactGetItems(tx);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->responses.size(), 10u);
}

TEST_P(BoundsTest, RequestItemsMustNotBeEmpty) {
  CreateHashTable("tbl");
  BatchWriteItemRequest w;
  EXPECT_THAT(client_->BatchWriteItem(w),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "The requestItems parameter is required for BatchWriteItem"));
  w.request_items["tbl"] = {};
  EXPECT_THAT(
      client_->BatchWriteItem(w),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: Value '{tbl=[]}' at "
                      "'requestItems' failed to satisfy constraint: Map value "
                      "must satisfy constraint: [Member must have length less "
                      "than or equal to 25, Member must have length greater "
                      "than or equal to 1]"));
  BatchGetItemRequest g;
  EXPECT_THAT(client_->BatchGetItem(g),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "The requestItems parameter is required for BatchGetItem"));
}

INSTANTIATE_TEST_SUITE_P(Clients, BoundsTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
