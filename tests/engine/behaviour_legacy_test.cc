// Copyright 2026 The eddy Authors.
//
// The legacy conditional parameters: each legacy form gives the same result as
// the expression it stands for, and legacy-specific mistakes get DynamoDB's
// messages.

#include <string>
#include <vector>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

using Op = ComparisonOperator;

class LegacyTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateTableRequest c;
    c.table_name = "legacy";
    c.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kN}};
    c.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_THAT(client_->CreateTable(c), IsOk());
    const char* names[] = {"ada", "bob", "cy", "dee", "eve", "fay"};
    for (int i = 0; i < 30; ++i) {
      Item item{{"pk", S(i % 2 ? "odd" : "even")},
                {"sk", N(i)},
                {"name", S(names[i % 6])}};
      if (i % 3 == 0)
        item.Set("tags", *AttributeValue::SS({"x", i % 2 ? "odd" : "even"}));
      if (i % 4 != 0) item.Set("score", N(i * 7 % 23));
      PutItemRequest put;
      put.table_name = "legacy";
      put.item = std::move(item);
      ASSERT_THAT(client_->PutItem(put), IsOk());
    }
  }

  std::vector<Item> ScanWith(ScanRequest r) {
    r.table_name = "legacy";
    StatusOr<ScanResponse> resp = client_->Scan(r);
    EXPECT_THAT(resp, IsOk());
    return resp.ok() ? resp->items : std::vector<Item>();
  }
};

struct FilterCase {
  const char* name;
  std::map<std::string, Condition> legacy;
  std::optional<ConditionalOperator> op;
  std::string expression;
  AttributeMap values;
};

TEST_P(LegacyTest, ScanFilterMatchesTheEquivalentExpression) {
  const std::vector<FilterCase> cases = {
      {"EQ",
       {{"name", {Op::kEq, {S("bob")}}}},
       std::nullopt,
       "#a = :v",
       {{":v", S("bob")}}},
      {"NE",
       {{"name", {Op::kNe, {S("bob")}}}},
       std::nullopt,
       "#a <> :v",
       {{":v", S("bob")}}},
      {"LT",
       {{"score", {Op::kLt, {N(10)}}}},
       std::nullopt,
       "#a < :v",
       {{":v", N(10)}}},
      {"GE",
       {{"score", {Op::kGe, {N(10)}}}},
       std::nullopt,
       "#a >= :v",
       {{":v", N(10)}}},
      {"NULL",
       {{"score", {Op::kNull, {}}}},
       std::nullopt,
       "attribute_not_exists(#a)",
       {}},
      {"NOT_NULL",
       {{"tags", {Op::kNotNull, {}}}},
       std::nullopt,
       "attribute_exists(#a)",
       {}},
      {"CONTAINS set",
       {{"tags", {Op::kContains, {S("odd")}}}},
       std::nullopt,
       "contains(#a, :v)",
       {{":v", S("odd")}}},
      {"NOT_CONTAINS",
       {{"name", {Op::kNotContains, {S("e")}}}},
       std::nullopt,
       "NOT contains(#a, :v)",
       {{":v", S("e")}}},
      {"BEGINS_WITH",
       {{"name", {Op::kBeginsWith, {S("d")}}}},
       std::nullopt,
       "begins_with(#a, :v)",
       {{":v", S("d")}}},
      {"IN",
       {{"name", {Op::kIn, {S("ada"), S("cy")}}}},
       std::nullopt,
       "#a IN (:v, :w)",
       {{":v", S("ada")}, {":w", S("cy")}}},
      {"BETWEEN",
       {{"score", {Op::kBetween, {N(5), N(15)}}}},
       std::nullopt,
       "#a BETWEEN :v AND :w",
       {{":v", N(5)}, {":w", N(15)}}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    ScanRequest legacy;
    legacy.scan_filter = c.legacy;
    legacy.conditional_operator = c.op;
    ScanRequest modern;
    modern.filter_expression = c.expression;
    modern.expression_attribute_names =
        ExpressionAttributeNames{{"#a", c.legacy.begin()->first}};
    if (!c.values.empty()) modern.expression_attribute_values = c.values;
    const std::vector<Item> expected = ScanWith(modern);
    EXPECT_FALSE(expected.empty());
    EXPECT_EQ(ScanWith(legacy), expected);
  }
}

TEST_P(LegacyTest, ConditionalOperatorOrAndAnd) {
  for (ConditionalOperator op :
       {ConditionalOperator::kAnd, ConditionalOperator::kOr}) {
    ScanRequest legacy;
    legacy.scan_filter = std::map<std::string, Condition>{
        {"name", {Op::kEq, {S("ada")}}}, {"score", {Op::kGt, {N(10)}}}};
    legacy.conditional_operator = op;
    ScanRequest modern;
    modern.filter_expression = op == ConditionalOperator::kOr
                                   ? "#n = :a OR #s > :t"
                                   : "#n = :a AND #s > :t";
    modern.expression_attribute_names =
        ExpressionAttributeNames{{"#n", "name"}, {"#s", "score"}};
    modern.expression_attribute_values =
        AttributeMap{{":a", S("ada")}, {":t", N(10)}};
    EXPECT_EQ(ScanWith(legacy), ScanWith(modern));
  }
}

TEST_P(LegacyTest, KeyConditionsAndQueryFilterMatchExpressions) {
  QueryRequest legacy;
  legacy.table_name = "legacy";
  legacy.key_conditions = std::map<std::string, Condition>{
      {"pk", {Op::kEq, {S("odd")}}}, {"sk", {Op::kBetween, {N(3), N(21)}}}};
  legacy.query_filter =
      std::map<std::string, Condition>{{"score", {Op::kNotNull, {}}}};
  legacy.scan_index_forward = false;
  QueryRequest modern;
  modern.table_name = "legacy";
  modern.key_condition_expression = "pk = :p AND sk BETWEEN :lo AND :hi";
  modern.filter_expression = "attribute_exists(score)";
  modern.expression_attribute_values =
      AttributeMap{{":p", S("odd")}, {":lo", N(3)}, {":hi", N(21)}};
  modern.scan_index_forward = false;
  StatusOr<QueryResponse> a = client_->Query(legacy),
                          b = client_->Query(modern);
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(a->items, b->items);
  EXPECT_EQ(a->scanned_count, b->scanned_count);
  EXPECT_GT(a->count, 0);

  legacy.key_conditions->at("pk").comparison_operator = Op::kContains;
  EXPECT_THAT(
      client_->Query(legacy),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Attempted conditional constraint is not an indexable operation"));
}

TEST_P(LegacyTest, ExpectedGuardsWritesLikeConditionExpression) {
  PutItemRequest put;
  put.table_name = "legacy";
  put.item = {{"pk", S("even")}, {"sk", N(0)}, {"version", N(2)}};
  // Exists: false on an existing item fails, as attribute_not_exists would.
  put.expected = std::map<std::string, ExpectedAttributeValue>{
      {"pk", ExpectedAttributeValue{std::nullopt, false, std::nullopt, {}}}};
  EXPECT_THAT(client_->PutItem(put),
              StatusIs(ErrorCode::kConditionalCheckFailed, ""));
  // Value (Exists defaults to true): equality.
  put.expected = std::map<std::string, ExpectedAttributeValue>{
      {"name",
       ExpectedAttributeValue{S("ada"), std::nullopt, std::nullopt, {}}}};
  EXPECT_THAT(client_->PutItem(put), IsOk());
  put.expected = std::map<std::string, ExpectedAttributeValue>{
      {"version",
       ExpectedAttributeValue{std::nullopt, std::nullopt, Op::kLt, {N(2)}}}};
  EXPECT_THAT(client_->PutItem(put),
              StatusIs(ErrorCode::kConditionalCheckFailed, ""));

  DeleteItemRequest del;
  del.table_name = "legacy";
  del.key = {{"pk", S("even")}, {"sk", N(0)}};
  del.expected = std::map<std::string, ExpectedAttributeValue>{
      {"version", ExpectedAttributeValue{N(2), true, std::nullopt, {}}}};
  EXPECT_THAT(client_->DeleteItem(del), IsOk());
}

struct ExpectedErrorCase {
  const char* name;
  ExpectedAttributeValue e;
  const char* message;
};

TEST_P(LegacyTest, LegacyMistakesGetDynamoDbMessages) {
  const std::vector<ExpectedErrorCase> cases = {
      {"exists and operator",
       {std::nullopt, true, Op::kEq, {N(1)}},
       "One or more parameter values were invalid: Exists and "
       "ComparisonOperator cannot be used "
       "together for Attribute: a"},
      {"value and list",
       {N(1), std::nullopt, Op::kEq, {N(1)}},
       "One or more parameter values were invalid: Value and "
       "AttributeValueList cannot be used "
       "together for Attribute: a"},
      {"list without operator",
       {std::nullopt, std::nullopt, std::nullopt, {N(1)}},
       "One or more parameter values were invalid: AttributeValueList can only "
       "be used with a "
       "ComparisonOperator for Attribute: a"},
      {"no value",
       {std::nullopt, std::nullopt, std::nullopt, {}},
       "One or more parameter values were invalid: Value must be provided when "
       "Exists is null "
       "for Attribute: a"},
      {"exists true no value",
       {std::nullopt, true, std::nullopt, {}},
       "One or more parameter values were invalid: Value must be provided when "
       "Exists is true "
       "for Attribute: a"},
      {"value with exists false",
       {N(1), false, std::nullopt, {}},
       "One or more parameter values were invalid: Value cannot be used when "
       "Exists is false for "
       "Attribute: a"},
      {"arity",
       {std::nullopt, std::nullopt, Op::kBetween, {N(1)}},
       "One or more parameter values were invalid: Invalid number of "
       "argument(s) for the BETWEEN "
       "ComparisonOperator"},
      {"type",
       {std::nullopt, std::nullopt, Op::kGt, {*AttributeValue::SS({"x"})}},
       "One or more parameter values were invalid: ComparisonOperator GT is "
       "not valid for SS "
       "AttributeValue type"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    PutItemRequest put;
    put.table_name = "legacy";
    put.item = {{"pk", S("z")}, {"sk", N(1)}};
    put.expected = std::map<std::string, ExpectedAttributeValue>{{"a", c.e}};
    // PutItem's request errors in DynamoDB's 2026 list form.
    EXPECT_THAT(client_->PutItem(put),
                StatusIsExactly(
                    ErrorCode::kValidation,
                    std::string("1 validation error detected: ") + c.message));
  }
  PutItemRequest mixed;
  mixed.table_name = "legacy";
  mixed.item = {{"pk", S("z")}, {"sk", N(1)}};
  mixed.expected = std::map<std::string, ExpectedAttributeValue>{
      {"a", ExpectedAttributeValue{std::nullopt, false, std::nullopt, {}}}};
  mixed.condition_expression = "attribute_not_exists(a)";
  EXPECT_THAT(
      client_->PutItem(mixed),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: "
          "Can not use both expression and non-expression parameters in the "
          "same request: Non-expression parameters: {Expected} Expression "
          "parameters: {ConditionExpression}"));
}

TEST_P(LegacyTest, AttributeUpdatesEditItems) {
  UpdateItemRequest u;
  u.table_name = "legacy";
  u.key = {{"pk", S("even")}, {"sk", N(0)}};
  u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {"name", {S("zed"), AttributeAction::kPut}},
      {"score", {N(5), AttributeAction::kAdd}},
      {"tags", {*AttributeValue::SS({"x"}), AttributeAction::kDelete}},
      {"hist", {AttributeValue::L({N(1)}), AttributeAction::kAdd}}};
  u.return_values = ReturnValue::kAllNew;
  StatusOr<UpdateItemResponse> r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes->Find("name")->s(), "zed");
  EXPECT_EQ(r->attributes->Find("score")->n(),
            Number::FromInt64(5));  // absent counts as 0
  EXPECT_EQ(r->attributes->Find("tags")->ss(),
            (std::vector<std::string>{"even"}));
  EXPECT_EQ(r->attributes->Find("hist")->l(),
            (std::vector<AttributeValue>{N(1)}));
  // A legacy ADD of a list appends.
  u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {"hist", {AttributeValue::L({N(2)}), AttributeAction::kAdd}},
      {"name", {std::nullopt, AttributeAction::kDelete}}};
  r = client_->UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->attributes->Find("hist")->l(),
            (std::vector<AttributeValue>{N(1), N(2)}));
  EXPECT_FALSE(r->attributes->Contains("name"));

  u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {"name", {std::nullopt, AttributeAction::kPut}}};
  EXPECT_THAT(
      client_->UpdateItem(u),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: "
          "One or more parameter values were invalid: Only DELETE action is "
          "allowed when no attribute value is specified"));
  u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {"name", {S("x"), AttributeAction::kAdd}}};
  EXPECT_THAT(
      client_->UpdateItem(u),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: "
          "One or more parameter values were invalid: ADD action is not "
          "supported for the type S"));
  u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {"sk", {N(9), AttributeAction::kPut}}};
  EXPECT_THAT(
      client_->UpdateItem(u),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: Cannot update attribute "
          "sk. This attribute is part of the key"));
}

TEST_P(LegacyTest, AttributesToGetProjects) {
  ScanRequest s;
  s.attributes_to_get = std::vector<std::string>{"name"};
  for (const Item& item : ScanWith(s)) {
    EXPECT_EQ(item.size(), 1u);
    EXPECT_TRUE(item.Contains("name"));
  }
}

INSTANTIATE_TEST_SUITE_P(Clients, LegacyTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
