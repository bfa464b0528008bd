// Copyright 2026 The eddy Authors.
//
// Reads through both APIs: ProjectionExpression and AttributesToGet on
// GetItem, Query, Scan and BatchGetItem; Select with projections; the Query
// filter's key restriction.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

class ReadTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateHashRangeTable("reads");
    for (int i = 0; i < 3; ++i) {
      ASSERT_THAT(
          Put("reads",
              {{"pk", S("p")},
               {"sk", S(std::to_string(i))},
               {"n", N(i)},
               {"doc",
                AttributeValue::M(
                    {{"a", N(1)},
                     {"b", AttributeValue::L({S("x"), S("y"), S("z")})}})}}),
          IsOk());
    }
  }
};

TEST_P(ReadTest, GetItemProjectsNestedPaths) {
  GetItemRequest g;
  g.table_name = "reads";
  g.key = {{"pk", S("p")}, {"sk", S("1")}};
  g.projection_expression = "#d.b[2], #d.b[0], n, nothing";
  g.expression_attribute_names = ExpressionAttributeNames{{"#d", "doc"}};
  StatusOr<GetItemResponse> r = client_->GetItem(g);
  ASSERT_THAT(r, IsOk());
  // Only existing paths, rebuilt; list elements compacted in index order.
  EXPECT_EQ(r->item,
            (Item{{"doc", AttributeValue::M(
                              {{"b", AttributeValue::L({S("x"), S("z")})}})},
                  {"n", N(1)}}));
  g.projection_expression.reset();
  g.attributes_to_get = std::vector<std::string>{"n"};
  g.expression_attribute_names.reset();
  EXPECT_EQ(client_->GetItem(g)->item, (Item{{"n", N(1)}}));
  g.attributes_to_get = std::vector<std::string>{"n", "n"};
  EXPECT_THAT(
      client_->GetItem(g),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Duplicate value in "
          "attribute name: n"));
}

TEST_P(ReadTest, QueryAndScanProject) {
  QueryRequest q;
  q.table_name = "reads";
  q.key_condition_expression = "pk = :p";
  q.projection_expression = "sk";
  q.expression_attribute_values = AttributeMap{{":p", S("p")}};
  StatusOr<QueryResponse> page = client_->Query(q);
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->items.size(), 3u);
  EXPECT_EQ(page->items[0], (Item{{"sk", S("0")}}));
  q.select = Select::kCount;
  EXPECT_THAT(
      client_->Query(q),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Cannot specify the "
          "ProjectionExpression when choosing to get only the Count"));
  q.select = Select::kSpecificAttributes;
  EXPECT_THAT(client_->Query(q), IsOk());

  ScanRequest s;
  s.table_name = "reads";
  s.projection_expression = "doc.a";
  StatusOr<ScanResponse> scanned = client_->Scan(s);
  ASSERT_THAT(scanned, IsOk());
  for (const Item& item : scanned->items) {
    EXPECT_EQ(item, (Item{{"doc", AttributeValue::M({{"a", N(1)}})}}));
  }
  s.select = Select::kCount;
  EXPECT_THAT(
      client_->Scan(s),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Cannot specify the ProjectionExpression when choosing to get only "
          "the Count"));
}

TEST_P(ReadTest, BatchGetProjectsPerTable) {
  BatchGetItemRequest b;
  b.request_items["reads"].keys = {{{"pk", S("p")}, {"sk", S("0")}},
                                   {{"pk", S("p")}, {"sk", S("2")}}};
  b.request_items["reads"].projection_expression = "n";
  StatusOr<BatchGetItemResponse> r = client_->BatchGetItem(b);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->responses["reads"].size(), 2u);
  for (const Item& item : r->responses["reads"]) {
    EXPECT_EQ(item.size(), 1u);
    EXPECT_TRUE(item.Contains("n"));
  }
}

TEST_P(ReadTest, QueryFiltersCannotReadTheKey) {
  QueryRequest q;
  q.table_name = "reads";
  q.key_condition_expression = "pk = :p";
  q.filter_expression = "sk > :x";
  q.expression_attribute_values = AttributeMap{{":p", S("p")}, {":x", S("0")}};
  EXPECT_THAT(
      client_->Query(q),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Filter Expression can only contain non-primary key attributes: "
          "Primary key attribute: sk"));
}

INSTANTIATE_TEST_SUITE_P(Clients, ReadTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
