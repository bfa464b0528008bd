// Copyright 2026 The eddy Authors.
//
// TransactWriteItems and TransactGetItems through both APIs: all-or-nothing,
// cancellation reasons in request order, top-level request errors,
// ClientRequestToken idempotency on the clock, capacity per action type, and
// index maintenance inside transactions.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

TransactWriteItem PutOf(const std::string& table, Item item,
                        std::optional<std::string> condition = std::nullopt) {
  TransactWriteItem t;
  t.put =
      TransactPut{table, std::move(item), std::move(condition), {}, {}, false};
  return t;
}
TransactWriteItem CheckOf(const std::string& table, Item key,
                          std::string condition,
                          std::optional<AttributeMap> values = std::nullopt,
                          bool return_old = false) {
  TransactWriteItem t;
  t.condition_check =
      ConditionCheck{table, std::move(key),    std::move(condition),
                     {},    std::move(values), return_old};
  return t;
}
TransactWriteItem UpdateOf(
    const std::string& table, Item key, std::string update,
    std::optional<AttributeMap> values = std::nullopt,
    std::optional<std::string> condition = std::nullopt) {
  TransactWriteItem t;
  t.update = TransactUpdate{table,
                            std::move(key),
                            std::move(update),
                            std::move(condition),
                            {},
                            std::move(values),
                            false};
  return t;
}
TransactWriteItem DeleteOf(const std::string& table, Item key) {
  TransactWriteItem t;
  t.delete_item = TransactDelete{table, std::move(key), {}, {}, {}, false};
  return t;
}

std::vector<std::string> Codes(const Status& s) {
  std::vector<std::string> out;
  for (const CancellationReason& r : s.cancellation_reasons())
    out.push_back(r.code);
  return out;
}

class TransactTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateHashTable("acct");
    CreateHashRangeTable("ledger");
    ASSERT_THAT(Put("acct", {{"pk", S("a")}, {"balance", N(100)}}), IsOk());
    ASSERT_THAT(Put("acct", {{"pk", S("b")}, {"balance", N(0)}}), IsOk());
  }
  StatusOr<TransactWriteItemsResponse> Write(
      std::vector<TransactWriteItem> items,
      std::optional<std::string> token = std::nullopt) {
    TransactWriteItemsRequest r;
    r.transact_items = std::move(items);
    r.client_request_token = std::move(token);
    r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    return client_->TransactWriteItems(r);
  }
  int64_t Balance(const std::string& pk) {
    std::optional<Item> item = Get("acct", {{"pk", S(pk)}});
    int64_t v = -1;
    if (item) (void)item->Find("balance")->n().ToInt64(&v);
    return v;
  }
  // Moves `amount` from `from` to `to` if `from` can afford it.
  std::vector<TransactWriteItem> Transfer(const std::string& from,
                                          const std::string& to, int amount) {
    return {UpdateOf("acct", {{"pk", S(from)}}, "SET balance = balance - :a",
                     AttributeMap{{":a", N(amount)}}, "balance >= :a"),
            UpdateOf("acct", {{"pk", S(to)}}, "SET balance = balance + :a",
                     AttributeMap{{":a", N(amount)}})};
  }
};

TEST_P(TransactTest, AppliesEverythingOrNothing) {
  ASSERT_THAT(Write(Transfer("a", "b", 30)), IsOk());
  EXPECT_EQ(Balance("a"), 70);
  EXPECT_EQ(Balance("b"), 30);
  // The second update's condition fails: neither changes.
  StatusOr<TransactWriteItemsResponse> r = Write(Transfer("b", "a", 31));
  EXPECT_THAT(
      r, StatusIsExactly(
             ErrorCode::kTransactionCanceled,
             "Transaction cancelled, please refer cancellation reasons for "
             "specific reasons [ConditionalCheckFailed, None]"));
  EXPECT_EQ(Balance("a"), 70);
  EXPECT_EQ(Balance("b"), 30);
}

TEST_P(TransactTest, CancellationReasonsComeInRequestOrder) {
  StatusOr<TransactWriteItemsResponse> r =
      Write({PutOf("ledger", {{"pk", S("x")}, {"sk", S("1")}}),
             CheckOf("acct", {{"pk", S("a")}}, "balance > :n",
                     AttributeMap{{":n", N(500)}},
                     /*return_old=*/true),
             CheckOf("acct", {{"pk", S("b")}}, "attribute_exists(pk)"),
             CheckOf("acct", {{"pk", S("zz")}}, "attribute_exists(pk)",
                     std::nullopt, true)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(Codes(r.status()),
            (std::vector<std::string>{"None", "ConditionalCheckFailed", "None",
                                      "ConditionalCheckFailed"}));
  const auto& reasons = r.status().cancellation_reasons();
  EXPECT_EQ(reasons[0].message, "");
  EXPECT_EQ(reasons[1].message, "The conditional request failed");
  // ALL_OLD returns the item that exists, and nothing for the one that does
  // not.
  ASSERT_NE(reasons[1].item, nullptr);
  EXPECT_EQ(*reasons[1].item, (Item{{"balance", N(100)}, {"pk", S("a")}}));
  EXPECT_EQ(reasons[3].item, nullptr);
  EXPECT_FALSE(Get("ledger", {{"pk", S("x")}, {"sk", S("1")}}).has_value());
}

TEST_P(TransactTest, ValidationErrorsWinOverConditions) {
  // A runtime update error is the first (and only) reason reported; a
  // failing condition elsewhere shows None.
  StatusOr<TransactWriteItemsResponse> r =
      Write({CheckOf("acct", {{"pk", S("a")}}, "attribute_not_exists(pk)"),
             UpdateOf("acct", {{"pk", S("b")}}, "SET balance = nothere + :a",
                      AttributeMap{{":a", N(1)}})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(Codes(r.status()),
            (std::vector<std::string>{"None", "ValidationError"}));
  EXPECT_EQ(r.status().cancellation_reasons()[1].message,
            "The provided expression refers to an attribute that does not "
            "exist in the item");
  // A key of the wrong type is a ValidationError reason too.
  r = Write({PutOf("acct", {{"pk", N(1)}})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(Codes(r.status()), (std::vector<std::string>{"ValidationError"}));
  EXPECT_EQ(r.status().cancellation_reasons()[0].message,
            "One or more parameter values were invalid: Type mismatch for key "
            "pk expected: S "
            "actual: N");
}

TEST_P(TransactTest, RequestShapeProblemsAreTopLevel) {
  EXPECT_THAT(
      Write({PutOf("acct", {{"pk", S("a")}}),
             DeleteOf("acct", {{"pk", S("a")}})}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Transaction request cannot include multiple operations on one "
          "item"));
  EXPECT_THAT(
      Write({}),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: Value '[]' at "
                      "'transactItems' failed to satisfy constraint: Member "
                      "must have length greater than or equal to 1"));
  EXPECT_THAT(
      Write({PutOf("acct", {{"pk", S("")}})}),
      StatusIs(ErrorCode::kValidation, "cannot contain an empty string value"));
  EXPECT_THAT(Write({PutOf("nope", {{"pk", S("a")}})}),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
  // An expression error in a later action wins over a missing table in an
  // earlier one.
  EXPECT_THAT(Write({PutOf("nope", {{"pk", S("a")}}),
                     CheckOf("acct", {{"pk", S("a")}}, "attribute_exists(")}),
              StatusIs(ErrorCode::kValidation,
                       "Invalid ConditionExpression: Syntax error"));
  std::vector<TransactWriteItem> many;
  for (int i = 0; i < 101; ++i)
    many.push_back(PutOf("acct", {{"pk", S(std::to_string(i))}}));
  EXPECT_THAT(Write(many),
              StatusIs(ErrorCode::kValidation,
                       "Member must have length less than or equal to 100"));
  many.pop_back();
  EXPECT_THAT(Write(many), IsOk());
  TransactWriteItem none;
  EXPECT_THAT(Write({none}),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid Request: TransactWriteRequest should "
                              "contain Delete or Put or Update request"));
}

TEST_P(TransactTest, ClientRequestTokensAreIdempotentForTenMinutes) {
  const std::string token = "transfer-0001";
  StatusOr<TransactWriteItemsResponse> first =
      Write(Transfer("a", "b", 10), token);
  ASSERT_THAT(first, IsOk());
  ASSERT_EQ(first->consumed_capacity.size(), 1u);
  EXPECT_EQ(first->consumed_capacity[0].write_capacity_units,
            std::optional<double>(4.0));
  // A replay succeeds without applying again, and reports reads.
  StatusOr<TransactWriteItemsResponse> replay =
      Write(Transfer("a", "b", 10), token);
  ASSERT_THAT(replay, IsOk());
  EXPECT_EQ(Balance("a"), 90);
  ASSERT_EQ(replay->consumed_capacity.size(), 1u);
  EXPECT_EQ(replay->consumed_capacity[0].read_capacity_units,
            std::optional<double>(4.0));
  EXPECT_FALSE(replay->consumed_capacity[0].write_capacity_units.has_value());
  // Other parameters with the same token.
  EXPECT_THAT(Write(Transfer("a", "b", 11), token),
              StatusIs(ErrorCode::kIdempotentParameterMismatch, ""));
  clock_.AdvanceSeconds(599);
  ASSERT_THAT(Write(Transfer("a", "b", 10), token), IsOk());
  EXPECT_EQ(Balance("a"), 90);
  // Past the window the token is new again.
  clock_.AdvanceSeconds(2);
  ASSERT_THAT(Write(Transfer("a", "b", 10), token), IsOk());
  EXPECT_EQ(Balance("a"), 80);
  // A cancelled request does not use up its token.
  EXPECT_FALSE(Write(Transfer("b", "a", 1000), "t2").ok());
  EXPECT_THAT(Write(Transfer("b", "a", 5), "t2"), IsOk());
  EXPECT_EQ(Balance("a"), 85);
}

TEST_P(TransactTest, CapacityPerActionType) {
  TransactWriteItemsRequest r;
  r.transact_items = {
      PutOf("ledger",
            {{"pk", S("p")}, {"sk", S("1")}, {"v", S(std::string(1500, 'x'))}}),
      CheckOf("acct", {{"pk", S("a")}}, "attribute_exists(pk)"),
      UpdateOf("acct", {{"pk", S("b")}}, "SET balance = :v",
               AttributeMap{{":v", N(1)}}),
      DeleteOf("ledger", {{"pk", S("none")}, {"sk", S("1")}})};
  r.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<TransactWriteItemsResponse> out = client_->TransactWriteItems(r);
  ASSERT_THAT(out, IsOk());
  // One entry per table in the order tables first appear; twice the write
  // units (the put is 2 KB -> 2 WCU -> 4; the delete of nothing 1 -> 2); the
  // ConditionCheck is billed as a write.
  ASSERT_EQ(out->consumed_capacity.size(), 2u);
  EXPECT_EQ(out->consumed_capacity[0].table_name, "ledger");
  EXPECT_EQ(out->consumed_capacity[0].capacity_units, 6.0);
  EXPECT_EQ(out->consumed_capacity[0].write_capacity_units,
            std::optional<double>(6.0));
  EXPECT_EQ(out->consumed_capacity[0].table->write_capacity_units,
            std::optional<double>(6.0));
  EXPECT_EQ(out->consumed_capacity[1].table_name, "acct");
  EXPECT_EQ(out->consumed_capacity[1].capacity_units, 4.0);

  TransactGetItemsRequest g;
  g.transact_items = {
      TransactGetItem{"acct", {{"pk", S("a")}}, {}, {}},
      TransactGetItem{"acct", {{"pk", S("missing")}}, {}, {}},
      TransactGetItem{"ledger", {{"pk", S("p")}, {"sk", S("1")}}, "sk", {}}};
  g.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<TransactGetItemsResponse> got = client_->TransactGetItems(g);
  ASSERT_THAT(got, IsOk());
  ASSERT_EQ(got->responses.size(), 3u);
  EXPECT_EQ(got->responses[0].item,
            (Item{{"balance", N(100)}, {"pk", S("a")}}));
  EXPECT_FALSE(got->responses[1].item.has_value());
  EXPECT_EQ(got->responses[2].item, (Item{{"sk", S("1")}}));
  ASSERT_EQ(got->consumed_capacity.size(), 2u);
  // 2 RCU per item, the missing one included.
  EXPECT_EQ(got->consumed_capacity[0].capacity_units, 4.0);
  EXPECT_EQ(got->consumed_capacity[0].read_capacity_units,
            std::optional<double>(4.0));
  EXPECT_EQ(got->consumed_capacity[1].capacity_units, 2.0);
}

TEST_P(TransactTest, TransactionsMaintainIndexes) {
  CreateTableRequest c;
  c.table_name = "orders";
  c.key_schema = {{"pk", KeyType::kHash}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"state", ScalarAttributeType::kS}};
  c.billing_mode = BillingMode::kPayPerRequest;
  GlobalSecondaryIndex g;
  g.index_name = "byState";
  g.key_schema = {{"state", KeyType::kHash}};
  g.projection.projection_type = ProjectionType::kKeysOnly;
  c.global_secondary_indexes = {g};
  ASSERT_THAT(client_->CreateTable(c), IsOk());
  ASSERT_THAT(Write({PutOf("orders", {{"pk", S("o1")}, {"state", S("open")}}),
                     PutOf("orders", {{"pk", S("o2")}, {"state", S("open")}})}),
              IsOk());
  ASSERT_THAT(Write({UpdateOf("orders", {{"pk", S("o1")}}, "SET #s = :s",
                              AttributeMap{{":s", S("shipped")}}),
                     DeleteOf("orders", {{"pk", S("o2")}})}),
              ::testing::Not(IsOk()));
  // (The update above names #s without ExpressionAttributeNames: a
  // top-level error, nothing applied.)
  TransactWriteItem ship = UpdateOf("orders", {{"pk", S("o1")}}, "SET #s = :s",
                                    AttributeMap{{":s", S("shipped")}});
  ship.update->expression_attribute_names =
      ExpressionAttributeNames{{"#s", "state"}};
  ASSERT_THAT(Write({ship, DeleteOf("orders", {{"pk", S("o2")}})}), IsOk());
  QueryRequest q;
  q.table_name = "orders";
  q.index_name = "byState";
  q.key_condition_expression = "#s = :s";
  q.expression_attribute_names = ExpressionAttributeNames{{"#s", "state"}};
  q.expression_attribute_values = AttributeMap{{":s", S("open")}};
  EXPECT_EQ(client_->Query(q)->count, 0);
  q.expression_attribute_values = AttributeMap{{":s", S("shipped")}};
  EXPECT_EQ(client_->Query(q)->count, 1);
  // A wrong-typed index key inside a transaction is a ValidationError reason.
  StatusOr<TransactWriteItemsResponse> bad =
      Write({PutOf("orders", {{"pk", S("o3")}, {"state", N(1)}})});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(Codes(bad.status()), (std::vector<std::string>{"ValidationError"}));
}

INSTANTIATE_TEST_SUITE_P(Clients, TransactTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
