// Copyright 2026 The eddy Authors.
//
// UpdateItem through both APIs: every clause, ReturnValues, conditions,
// key protection, limits and DynamoDB's runtime messages.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

class UpdateTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateHashRangeTable("upd");
    ASSERT_THAT(
        Put("upd", {{"pk", S("a")},
                    {"sk", S("1")},
                    {"n", N(5)},
                    {"tags", *AttributeValue::SS({"x", "y"})},
                    {"l", AttributeValue::L({N(1), N(2), N(3)})},
                    {"m", AttributeValue::M(
                              {{"deep", AttributeValue::M({{"v", N(1)}})}})}}),
        IsOk());
  }

  StatusOr<UpdateItemResponse> Update(const std::string& expression,
                                      AttributeMap values = {},
                                      ReturnValue rv = ReturnValue::kNone) {
    UpdateItemRequest u;
    u.table_name = "upd";
    u.key = {{"pk", S("a")}, {"sk", S("1")}};
    u.update_expression = expression;
    if (!values.empty()) u.expression_attribute_values = std::move(values);
    u.return_values = rv;
    return client_->UpdateItem(u);
  }
  Item Current() { return *Get("upd", {{"pk", S("a")}, {"sk", S("1")}}); }
};

TEST_P(UpdateTest, SetAddRemoveDeleteChangeTheItem) {
  ASSERT_THAT(Update("SET n = n + :one, newattr = :s",
                     {{":one", N(1)}, {":s", S("hi")}}),
              IsOk());
  EXPECT_EQ(Current().Find("n")->n(), Number::FromInt64(6));
  EXPECT_EQ(Current().Find("newattr")->s(), "hi");

  ASSERT_THAT(Update("ADD n :five, tags :more",
                     {{":five", N(5)}, {":more", *AttributeValue::SS({"z"})}}),
              IsOk());
  EXPECT_EQ(Current().Find("n")->n(), Number::FromInt64(11));
  EXPECT_EQ(Current().Find("tags")->ss(),
            (std::vector<std::string>{"x", "y", "z"}));

  ASSERT_THAT(Update("DELETE tags :gone REMOVE l[0], newattr",
                     {{":gone", *AttributeValue::SS({"x", "y", "z"})}}),
              IsOk());
  Item item = Current();
  EXPECT_FALSE(item.Contains("tags"));  // an emptied set removes the attribute
  EXPECT_FALSE(item.Contains("newattr"));
  EXPECT_EQ(item.Find("l")->l(), (std::vector<AttributeValue>{N(2), N(3)}));

  ASSERT_THAT(
      Update("SET l = list_append(l, :tail), c = if_not_exists(c, :zero)",
             {{":tail", AttributeValue::L({N(9)})}, {":zero", N(0)}}),
      IsOk());
  EXPECT_EQ(Current().Find("l")->l(),
            (std::vector<AttributeValue>{N(2), N(3), N(9)}));
  EXPECT_EQ(Current().Find("c")->n(), Number::FromInt64(0));
}

TEST_P(UpdateTest, ReturnValuesOfEveryKind) {
  StatusOr<UpdateItemResponse> r =
      Update("SET m.deep.v = :v", {{":v", N(2)}}, ReturnValue::kUpdatedOld);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes,
            (Item{{"m", AttributeValue::M(
                            {{"deep", AttributeValue::M({{"v", N(1)}})}})}}));
  r = Update("ADD n :one", {{":one", N(1)}}, ReturnValue::kUpdatedNew);
  EXPECT_EQ(r->attributes, (Item{{"n", N(6)}}));
  r = Update("REMOVE nothing_here", {}, ReturnValue::kUpdatedNew);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->attributes.has_value());  // nothing to return: omitted
  r = Update("SET x = :x", {{":x", N(1)}}, ReturnValue::kAllOld);
  EXPECT_FALSE(r->attributes->Contains("x"));
  r = Update("SET y = :y", {{":y", N(1)}}, ReturnValue::kAllNew);
  EXPECT_TRUE(r->attributes->Contains("x"));
  EXPECT_TRUE(r->attributes->Contains("y"));
}

TEST_P(UpdateTest, UpsertsAMissingItem) {
  UpdateItemRequest u;
  u.table_name = "upd";
  u.key = {{"pk", S("new")}, {"sk", S("1")}};
  u.update_expression = "ADD visits :one";
  u.expression_attribute_values = AttributeMap{{":one", N(1)}};
  u.return_values = ReturnValue::kAllNew;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes,
            (Item{{"pk", S("new")}, {"sk", S("1")}, {"visits", N(1)}}));
}

TEST_P(UpdateTest, ConditionsGuardTheUpdate) {
  UpdateItemRequest u;
  u.table_name = "upd";
  u.key = {{"pk", S("a")}, {"sk", S("1")}};
  u.update_expression = "SET n = :new";
  u.condition_expression = "n = :expected";
  u.expression_attribute_values =
      AttributeMap{{":new", N(6)}, {":expected", N(4)}};
  u.return_values_on_condition_check_failure_all_old = true;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, StatusIsExactly(ErrorCode::kConditionalCheckFailed,
                                 "The conditional request failed"));
  ASSERT_NE(r.status().item(), nullptr);
  EXPECT_EQ(r.status().item()->Find("n")->n(), Number::FromInt64(5));
  EXPECT_EQ(Current().Find("n")->n(), Number::FromInt64(5));  // unchanged
  u.expression_attribute_values =
      AttributeMap{{":new", N(6)}, {":expected", N(5)}};
  EXPECT_THAT(client_->UpdateItem(u), IsOk());
  EXPECT_EQ(Current().Find("n")->n(), Number::FromInt64(6));
}

TEST_P(UpdateTest, DynamoDbMessages) {
  EXPECT_THAT(
      Update("SET sk = :v", {{":v", S("2")}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Cannot update attribute "
          "sk. This attribute is part of the key"));
  EXPECT_THAT(
      Update("SET x = absent_attr + :one", {{":one", N(1)}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "The provided expression refers to an attribute that does not exist "
          "in the item"));
  EXPECT_THAT(
      Update("SET nope.child = :one", {{":one", N(1)}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "The document path provided in the update expression is invalid for "
          "update"));
  EXPECT_THAT(
      Update("ADD tags :n", {{":n", N(1)}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "An operand in the update expression has an incorrect data type"));
  EXPECT_THAT(
      Update("SET a = :x, a = :y", {{":x", N(1)}, {":y", N(2)}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: "
          "Invalid UpdateExpression: Two document paths overlap with each "
          "other; must remove or rewrite one of these paths; path one: [a], "
          "path two: [a]"));
  EXPECT_THAT(Update("SET big = :b", {{":b", S(std::string(409600, 'x'))}}),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "Item size to update has exceeded the maximum allowed size"));
  EXPECT_THAT(
      Update("SET x = :x", {{":x", N(1)}, {":unused", N(2)}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: "
          "Value provided in ExpressionAttributeValues unused in expressions: "
          "keys: {:unused}"));
  // Nothing of the failed updates was applied.
  EXPECT_EQ(Current().Find("n")->n(), Number::FromInt64(5));
  EXPECT_FALSE(Current().Contains("big"));
}

TEST_P(UpdateTest, ChargedOnTheLargerImage) {
  UpdateItemRequest u;
  u.table_name = "upd";
  u.key = {{"pk", S("a")}, {"sk", S("1")}};
  u.update_expression = "SET big_text = :b";
  u.expression_attribute_values =
      AttributeMap{{":b", S(std::string(3000, 'x'))}};
  u.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_DOUBLE_EQ(r->consumed_capacity->capacity_units,
                   3.0);  // ~3.06 KB after
  u.update_expression = "REMOVE big_text";
  u.expression_attribute_values.reset();
  r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_DOUBLE_EQ(r->consumed_capacity->capacity_units,
                   3.0);  // the old image was larger
}

INSTANTIATE_TEST_SUITE_P(Clients, UpdateTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
