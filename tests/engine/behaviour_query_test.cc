// Copyright 2026 The eddy Authors.
//
// Query's part of the behaviour suite (behaviour_test.cc), run over the typed
// Database and over DynamoDB JSON through Execute: sort-key conditions in both
// directions, pages, numeric order, capacity and errors.

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/engine/behaviour_fixture.h"
#include "tests/engine/wire_client.h"

namespace eddy {
namespace {

using ::testing::ElementsAre;

class QueryTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateHashRangeTable("qtab");
    for (int i = 0; i < 20; ++i) {
      char sk[16];
      std::snprintf(sk, sizeof(sk), "a%02d", i);
      ASSERT_THAT(Put("qtab", {{"pk", S("p")}, {"sk", S(sk)}}), IsOk());
    }
    for (int i = 0; i < 5; ++i) {
      ASSERT_THAT(
          Put("qtab", {{"pk", S("p")}, {"sk", S("b0" + std::to_string(i))}}),
          IsOk());
    }
    ASSERT_THAT(Put("qtab", {{"pk", S("other")}, {"sk", S("a01")}}), IsOk());
  }

  // Sort keys of all pages of the query, following LastEvaluatedKey.
  std::vector<std::string> Keys(const std::string& condition,
                                AttributeMap values, bool forward = true,
                                std::optional<int> limit = std::nullopt) {
    QueryRequest r;
    r.table_name = "qtab";
    r.key_condition_expression = condition;
    r.expression_attribute_values = std::move(values);
    r.scan_index_forward = forward;
    r.limit = limit;
    std::vector<std::string> keys;
    for (int pages = 0; pages < 100; ++pages) {
      StatusOr<QueryResponse> page = client_->Query(r);
      EXPECT_THAT(page, IsOk());
      if (!page.ok()) break;
      for (const Item& item : page->items) keys.push_back(item.Find("sk")->s());
      if (!page->last_evaluated_key) break;
      r.exclusive_start_key = page->last_evaluated_key;
    }
    return keys;
  }
};

TEST_P(QueryTest, SortKeyConditionsInBothDirections) {
  const AttributeMap p{{":p", S("p")}};
  EXPECT_EQ(Keys("pk = :p", p).size(), 25u);
  EXPECT_EQ(Keys("pk = :p", p).front(), "a00");
  EXPECT_EQ(Keys("pk = :p", p, false).front(), "b04");
  auto with = [&](AttributeMap extra) {
    AttributeMap v = p;
    for (const auto& e : extra) v.Set(e.name, e.value);
    return v;
  };
  EXPECT_THAT(Keys("pk = :p AND begins_with(sk, :x)", with({{":x", S("a1")}})),
              ElementsAre("a10", "a11", "a12", "a13", "a14", "a15", "a16",
                          "a17", "a18", "a19"));
  EXPECT_THAT(
      Keys("pk = :p AND begins_with(sk, :x)", with({{":x", S("b")}}), false),
      ElementsAre("b04", "b03", "b02", "b01", "b00"));
  EXPECT_THAT(Keys("pk = :p AND sk BETWEEN :lo AND :hi",
                   with({{":lo", S("a05")}, {":hi", S("a07")}})),
              ElementsAre("a05", "a06", "a07"));
  EXPECT_THAT(Keys("pk = :p AND sk BETWEEN :lo AND :hi",
                   with({{":lo", S("a05")}, {":hi", S("a07")}}), false),
              ElementsAre("a07", "a06", "a05"));
  EXPECT_THAT(Keys("pk = :p AND sk < :x", with({{":x", S("a03")}})),
              ElementsAre("a00", "a01", "a02"));
  EXPECT_THAT(Keys("pk = :p AND sk <= :x", with({{":x", S("a01")}}), false),
              ElementsAre("a01", "a00"));
  EXPECT_THAT(Keys("pk = :p AND sk > :x", with({{":x", S("b02")}})),
              ElementsAre("b03", "b04"));
  EXPECT_THAT(Keys("pk = :p AND sk >= :x", with({{":x", S("b03")}}), false),
              ElementsAre("b04", "b03"));
  EXPECT_THAT(Keys(":x > sk AND pk = :p", with({{":x", S("a02")}})),
              ElementsAre("a00", "a01"));
  EXPECT_THAT(Keys("pk = :p AND sk = :x", with({{":x", S("a05")}})),
              ElementsAre("a05"));
  EXPECT_THAT(Keys("pk = :p AND sk = :x", with({{":x", S("zz")}})),
              ElementsAre());
  EXPECT_THAT(Keys("pk = :p", {{":p", S("nobody")}}), ElementsAre());
}

TEST_P(QueryTest, PagesWithLimitInBothDirections) {
  const AttributeMap v{{":p", S("p")}, {":x", S("a1")}};
  const std::vector<std::string> all =
      Keys("pk = :p AND begins_with(sk, :x)", v);
  for (int limit : {1, 3, 10, 11}) {
    SCOPED_TRACE(limit);
    EXPECT_EQ(Keys("pk = :p AND begins_with(sk, :x)", v, true, limit), all);
    std::vector<std::string> reversed(all.rbegin(), all.rend());
    EXPECT_EQ(Keys("pk = :p AND begins_with(sk, :x)", v, false, limit),
              reversed);
  }
  // A page that ends at the last item still carries a LastEvaluatedKey; the
  // next page is empty.
  QueryRequest r;
  r.table_name = "qtab";
  r.key_condition_expression = "pk = :p AND begins_with(sk, :x)";
  r.expression_attribute_values = v;
  r.limit = 10;
  StatusOr<QueryResponse> page = client_->Query(r);
  ASSERT_EQ(page->count, 10);
  ASSERT_TRUE(page->last_evaluated_key.has_value());
  r.exclusive_start_key = page->last_evaluated_key;
  page = client_->Query(r);
  EXPECT_EQ(page->count, 0);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_P(QueryTest, NumericSortKeysOrderNumerically) {
  CreateHashRangeTable("nums", ScalarAttributeType::kN);
  for (const char* n : {"-10", "-2.5", "0", "1e-3", "2", "10", "100", "1e3"}) {
    ASSERT_THAT(Put("nums", {{"pk", S("p")},
                             {"sk", AttributeValue::N(*Number::Parse(n))}}),
                IsOk());
  }
  QueryRequest r;
  r.table_name = "nums";
  r.key_condition_expression = "pk = :p AND sk BETWEEN :lo AND :hi";
  r.expression_attribute_values =
      AttributeMap{{":p", S("p")},
                   {":lo", AttributeValue::N(*Number::Parse("-2.5"))},
                   {":hi", AttributeValue::N(*Number::Parse("10.0"))}};
  StatusOr<QueryResponse> page = client_->Query(r);
  ASSERT_THAT(page, IsOk());
  std::vector<std::string> got;
  for (const Item& item : page->items)
    got.push_back(item.Find("sk")->n().ToString());
  EXPECT_THAT(got, ElementsAre("-2.5", "0", "0.001", "2", "10"));
}

TEST_P(QueryTest, CapacityAndErrors) {
  QueryRequest r;
  r.table_name = "qtab";
  EXPECT_THAT(
      client_->Query(r),
      StatusIsExactly(ErrorCode::kValidation,
                      "Either the KeyConditions or KeyConditionExpression "
                      "parameter must be specified in the request."));
  r.key_condition_expression = "pk = :p";
  r.expression_attribute_values =
      AttributeMap{{":p", S("p")}, {":unused", S("x")}};
  EXPECT_THAT(
      client_->Query(r),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Value provided in ExpressionAttributeValues unused in expressions: "
          "keys: {:unused}"));
  r.expression_attribute_values = AttributeMap{{":p", S("p")}};
  r.key_condition_expression = "sk = :p";
  EXPECT_THAT(client_->Query(r),
              StatusIs(ErrorCode::kValidation,
                       "Query condition missed key schema element"));
  r.key_condition_expression = "pk = :p AND sk > :x";
  r.expression_attribute_values =
      AttributeMap{{":p", S("p")}, {":x", S("b00")}};
  r.exclusive_start_key = Item{{"pk", S("p")}, {"sk", S("a01")}};
  EXPECT_THAT(
      client_->Query(r),
      StatusIsExactly(ErrorCode::kValidation,
                      "The provided starting key does not match the range "
                      "key predicate"));
  r.exclusive_start_key.reset();
  r.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  r.select = Select::kCount;
  StatusOr<QueryResponse> page = client_->Query(r);
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->count, 4);
  EXPECT_TRUE(page->items.empty());
  // Items are summed before rounding: four tiny items cost one 4 KB block.
  EXPECT_DOUBLE_EQ(page->consumed_capacity->capacity_units, 0.5);
}

INSTANTIATE_TEST_SUITE_P(Clients, QueryTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
