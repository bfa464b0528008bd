// Copyright 2026 The eddy Authors.
//
// UpdateItem on an item that does not exist yet, through both APIs (issue
// #17, items 2 and 3): an update that only takes away (REMOVE, DELETE from a
// set, legacy AttributeUpdates DELETE) creates nothing; one that creates the
// item sees the key attributes of the item being created.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

class UpsertTest : public BehaviourTest {
 protected:
  void SetUp() override { CreateHashRangeTable("ups"); }

  static Item Key() { return {{"pk", S("a")}, {"sk", S("1")}}; }

  StatusOr<UpdateItemResponse> Update(const std::string& expression,
                                      AttributeMap values = {},
                                      ReturnValue rv = ReturnValue::kNone) {
    UpdateItemRequest u;
    u.table_name = "ups";
    u.key = Key();
    u.update_expression = expression;
    if (!values.empty()) u.expression_attribute_values = std::move(values);
    u.return_values = rv;
    u.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    return client_->UpdateItem(u);
  }
};

TEST_P(UpsertTest, RemoveOnlyOnAMissingItemCreatesNothing) {
  for (const char* expression : {"REMOVE x", "REMOVE x[0]", "REMOVE a.b, c"}) {
    StatusOr<UpdateItemResponse> r =
        Update(expression, {}, ReturnValue::kAllNew);
    ASSERT_THAT(r, IsOk()) << expression;
    EXPECT_FALSE(r->attributes) << expression;
    // Still a write of one unit, as DynamoDB charges it.
    ASSERT_TRUE(r->consumed_capacity) << expression;
    EXPECT_EQ(r->consumed_capacity->capacity_units, 1) << expression;
    EXPECT_FALSE(Get("ups", Key())) << expression;
  }
}

TEST_P(UpsertTest, DeleteFromASetOnAMissingItemCreatesNothing) {
  StatusOr<UpdateItemResponse> r =
      Update("DELETE s :v", {{":v", *AttributeValue::SS({"x"})}},
             ReturnValue::kAllNew);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->attributes);
  EXPECT_FALSE(Get("ups", Key()));
}

TEST_P(UpsertTest, LegacyDeleteOnAMissingItemCreatesNothing) {
  UpdateItemRequest u;
  u.table_name = "ups";
  u.key = Key();
  AttributeValueUpdate remove;
  remove.action = AttributeAction::kDelete;
  AttributeValueUpdate remove_element;
  remove_element.action = AttributeAction::kDelete;
  remove_element.value = *AttributeValue::SS({"x"});
  u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {"x", remove}, {"s", remove_element}};
  u.return_values = ReturnValue::kAllNew;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->attributes);
  EXPECT_FALSE(Get("ups", Key()));
}

TEST_P(UpsertTest, RemoveAndSetTogetherStillCreate) {
  ASSERT_THAT(Update("SET v = :v REMOVE x", {{":v", N(1)}}), IsOk());
  std::optional<Item> item = Get("ups", Key());
  ASSERT_TRUE(item);
  EXPECT_EQ(item->Find("v")->n(), Number::FromInt64(1));
}

TEST_P(UpsertTest, NoUpdateExpressionCreatesTheKeyOnlyItem) {
  UpdateItemRequest u;
  u.table_name = "ups";
  u.key = Key();
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  EXPECT_EQ(Get("ups", Key()), Key());
}

TEST_P(UpsertTest, ANewItemSeesItsKeyAttributes) {
  StatusOr<UpdateItemResponse> r =
      Update("SET c = pk, d = if_not_exists(d, sk)", {}, ReturnValue::kAllNew);
  ASSERT_THAT(r, IsOk());
  Item expected = Key();
  expected.Set("c", S("a"));
  expected.Set("d", S("1"));
  EXPECT_EQ(r->attributes, expected);
  EXPECT_EQ(Get("ups", Key()), expected);
}

TEST_P(UpsertTest, UpdatedNewOnANewItemListsOnlyTheWrittenPaths) {
  StatusOr<UpdateItemResponse> r =
      Update("SET c = sk", {}, ReturnValue::kUpdatedNew);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes, (Item{{"c", S("1")}}));
  r = Update("SET e = :v", {{":v", N(2)}}, ReturnValue::kUpdatedOld);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->attributes);  // e had no old value
}

INSTANTIATE_TEST_SUITE_P(Clients, UpsertTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
