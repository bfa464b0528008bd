// Copyright 2026 The eddy Authors.
//
// Attribute-name limits (issue #17 item 12), through both APIs: a non-key
// name is 1..65,535 bytes wherever it appears (items at every depth,
// ExpressionAttributeNames, AttributesToGet, legacy maps); a name in a key
// schema, an attribute definition or a projection's NonKeyAttributes is
// 1..255 bytes. And the request checks of item 14: Select against a
// projection, ConditionalOperator without two legacy conditions, UpdateTable
// redefining an attribute's type. Messages as DynamoDB sends them.

#include <map>
#include <string>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

class LimitsTest : public BehaviourTest {
 protected:
  const std::string longest_ = std::string(65535, 'n');
  const std::string too_long_ = std::string(65536, 'n');
};

constexpr char kTooLarge[] =
    "1 validation error detected: Attribute name is too large, must be less "
    "than 65536 bytes";

TEST_P(LimitsTest, NonKeyNamesUpTo65535BytesAreUsableEverywhere) {
  CreateHashTable("tbl");
  ASSERT_THAT(Put("tbl", {{"pk", S("a")},
                          {longest_, N(1)},
                          {"doc", AttributeValue::M({{longest_, N(2)}})}}),
              IsOk());
  GetItemRequest g;
  g.table_name = "tbl";
  g.key = {{"pk", S("a")}};
  g.projection_expression = "#n";
  g.expression_attribute_names = {{"#n", longest_}};
  StatusOr<GetItemResponse> got = client_->GetItem(g);
  ASSERT_THAT(got, IsOk());
  ASSERT_TRUE(got->item.has_value());
  EXPECT_EQ(*got->item, (Item{{longest_, N(1)}}));

  g.projection_expression.reset();
  g.expression_attribute_names.reset();
  g.attributes_to_get = std::vector<std::string>{longest_};
  got = client_->GetItem(g);
  ASSERT_THAT(got, IsOk());
  EXPECT_EQ(*got->item, (Item{{longest_, N(1)}}));

  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = {{"pk", S("a")}};
  u.update_expression = "SET #n = #n + :one";
  u.condition_expression = "#n = :one";
  u.expression_attribute_names = {{"#n", longest_}};
  u.expression_attribute_values = {{":one", N(1)}};
  EXPECT_THAT(client_->UpdateItem(u), IsOk());
}

TEST_P(LimitsTest, NamesOf64KibibytesAreRefusedWhereverTheyAppear) {
  CreateHashTable("tbl");
  // PutItem: at the top level and as a map key at any depth.
  EXPECT_THAT(Put("tbl", {{"pk", S("a")}, {too_long_, N(1)}}),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  EXPECT_THAT(
      Put("tbl",
          {{"pk", S("a")},
           {"l", AttributeValue::L({AttributeValue::M({{too_long_, N(1)}})})}}),
      StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  // GetItem: ExpressionAttributeNames and AttributesToGet.
  GetItemRequest g;
  g.table_name = "tbl";
  g.key = {{"pk", S("a")}};
  g.projection_expression = "#n";
  g.expression_attribute_names = {{"#n", too_long_}};
  EXPECT_THAT(client_->GetItem(g),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  g.projection_expression.reset();
  g.expression_attribute_names.reset();
  g.attributes_to_get = std::vector<std::string>{too_long_};
  EXPECT_THAT(client_->GetItem(g),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  // UpdateItem: a name, a value holding a long map key, legacy updates.
  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = {{"pk", S("a")}};
  u.update_expression = "SET #n = :v";
  u.expression_attribute_names = {{"#n", too_long_}};
  u.expression_attribute_values = {{":v", N(1)}};
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  u.update_expression = "SET doc = :v";
  u.expression_attribute_names.reset();
  u.expression_attribute_values = {
      {":v", AttributeValue::M({{too_long_, N(1)}})}};
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  UpdateItemRequest legacy;
  legacy.table_name = "tbl";
  legacy.key = {{"pk", S("a")}};
  legacy.attribute_updates = std::map<std::string, AttributeValueUpdate>{
      {too_long_, AttributeValueUpdate{N(2), AttributeAction::kPut}}};
  EXPECT_THAT(client_->UpdateItem(legacy),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  // A condition naming it.
  u.update_expression = "SET a = :v";
  u.condition_expression = "#n = :v";
  u.expression_attribute_names = {{"#n", too_long_}};
  u.expression_attribute_values = {{":v", N(1)}};
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIsExactly(ErrorCode::kValidation, kTooLarge));
  // Nothing was written.
  EXPECT_FALSE(Get("tbl", {{"pk", S("a")}}).has_value());
}

TEST_P(LimitsTest, EmptyNamesAreRefused) {
  CreateHashTable("tbl");
  EXPECT_THAT(Put("tbl", {{"pk", S("a")}, {"", N(1)}}),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: "
                              "Empty attribute name"));
  GetItemRequest g;
  g.table_name = "tbl";
  g.key = {{"pk", S("a")}};
  g.projection_expression = "#a";
  g.expression_attribute_names =
      ExpressionAttributeNames{{"#a", std::string()}};
  EXPECT_THAT(client_->GetItem(g),
              StatusIsExactly(ErrorCode::kValidation,
                              "ExpressionAttributeNames contains invalid "
                              "value: Empty attribute name for key #a"));
  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = {{"pk", S("a")}};
  u.update_expression = "SET #a = :v";
  u.expression_attribute_names =
      ExpressionAttributeNames{{"#a", std::string()}};
  u.expression_attribute_values = {{":v", N(1)}};
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: "
                              "ExpressionAttributeNames contains invalid "
                              "value: Empty attribute name for key #a"));
}

TEST_P(LimitsTest, KeyAttributeNamesAreAtMost255Bytes) {
  const std::string n255(255, 'k'), n256(256, 'k');
  CreateTableRequest r;
  r.table_name = "okay";
  r.key_schema = {{n255, KeyType::kHash}};
  r.attribute_definitions = {{n255, ScalarAttributeType::kS}};
  r.billing_mode = BillingMode::kPayPerRequest;
  ASSERT_THAT(client_->CreateTable(r), IsOk());
  ASSERT_THAT(Put("okay", {{n255, S("x")}}), IsOk());

  r.table_name = "bad";
  r.key_schema = {{n256, KeyType::kHash}};
  r.attribute_definitions = {{"short", ScalarAttributeType::kS}};
  EXPECT_THAT(
      client_->CreateTable(r),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: Value '" + n256 +
                          "' at 'keySchema.1.member.attributeName' failed to "
                          "satisfy constraint: Member must have length less "
                          "than or equal to 255"));
  r.key_schema = {{"short", KeyType::kHash}};
  r.attribute_definitions = {{n256, ScalarAttributeType::kS}};
  EXPECT_THAT(client_->CreateTable(r),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "1 validation error detected: Value '" + n256 +
                      "' at 'attributeDefinitions.1.member.attributeName' "
                      "failed to satisfy constraint: Member must have length "
                      "less than or equal to 255"));

  // Index keys and projected names.
  r.key_schema = {{"pk", KeyType::kHash}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"g", ScalarAttributeType::kS}};
  GlobalSecondaryIndex gsi;
  gsi.index_name = "gsi";
  gsi.key_schema = {{n256, KeyType::kHash}};
  gsi.projection.projection_type = ProjectionType::kAll;
  r.global_secondary_indexes = {gsi};
  EXPECT_THAT(
      client_->CreateTable(r),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: Value '" + n256 +
                          "' at 'globalSecondaryIndexes.1.member.keySchema.1."
                          "member.attributeName' failed to satisfy constraint: "
                          "Member must have length less than or equal to 255"));
  gsi.key_schema = {{"g", KeyType::kHash}};
  gsi.projection.projection_type = ProjectionType::kInclude;
  gsi.projection.non_key_attributes = {"x", n256};
  r.global_secondary_indexes = {gsi};
  EXPECT_THAT(
      client_->CreateTable(r),
      StatusIsExactly(
          ErrorCode::kValidation,
          "1 validation error detected: Value '[x, " + n256 +
              "]' at 'globalSecondaryIndexes.1.member.projection."
              "nonKeyAttributes' failed to satisfy constraint: Member must "
              "satisfy constraint: [Member must have length less than or "
              "equal to 255, Member must have length greater than or equal "
              "to 1]"));

  // UpdateTable creating such an index.
  UpdateTableRequest u;
  u.table_name = "okay";
  u.attribute_definitions = {{n256, ScalarAttributeType::kS}};
  GlobalSecondaryIndexUpdate create;
  create.create = GlobalSecondaryIndex{};
  create.create->index_name = "gsi";
  create.create->key_schema = {{n256, KeyType::kHash}};
  create.create->projection.projection_type = ProjectionType::kAll;
  u.global_secondary_index_updates = {create};
  EXPECT_THAT(
      client_->UpdateTable(u),
      StatusIsExactly(ErrorCode::kValidation,
                      "2 validation errors detected: Value '" + n256 +
                          "' at 'attributeDefinitions.1.member."
                          "attributeName' failed to satisfy constraint: "
                          "Member must have length less than or equal to "
                          "255; Value '" +
                          n256 +
                          "' at 'globalSecondaryIndexUpdates.1.member."
                          "create.keySchema.1.member.attributeName' failed "
                          "to satisfy constraint: Member must have length "
                          "less than or equal to 255"));
}

TEST_P(LimitsTest, SelectOtherThanSpecificAttributesRefusesAProjection) {
  CreateHashRangeTable("tbl");
  ScanRequest scan;
  scan.table_name = "tbl";
  scan.select = Select::kAllAttributes;
  scan.projection_expression = "a";
  EXPECT_THAT(client_->Scan(scan),
              StatusIsExactly(ErrorCode::kValidation,
                              "Cannot specify the ProjectionExpression when "
                              "choosing to get ALL_ATTRIBUTES"));
  // ALL_PROJECTED_ATTRIBUTES without an index: the projection rule first.
  scan.select = Select::kAllProjectedAttributes;
  EXPECT_THAT(client_->Scan(scan),
              StatusIsExactly(ErrorCode::kValidation,
                              "Cannot specify the ProjectionExpression when "
                              "choosing to get ALL_PROJECTED_ATTRIBUTES"));
  scan.projection_expression.reset();
  scan.attributes_to_get = std::vector<std::string>{"a"};
  scan.select = Select::kCount;
  EXPECT_THAT(client_->Scan(scan),
              StatusIsExactly(ErrorCode::kValidation,
                              "Cannot specify the AttributesToGet when "
                              "choosing to get only the Count"));
  scan.select = Select::kSpecificAttributes;
  EXPECT_THAT(client_->Scan(scan), IsOk());

  QueryRequest q;
  q.table_name = "tbl";
  q.key_condition_expression = "pk = :p";
  q.expression_attribute_values = {{":p", S("x")}};
  q.projection_expression = "a";
  q.select = Select::kAllAttributes;
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Cannot specify the ProjectionExpression when "
                              "choosing to get ALL_ATTRIBUTES"));
  q.select = Select::kSpecificAttributes;
  EXPECT_THAT(client_->Query(q), IsOk());
}

TEST_P(LimitsTest, ConditionalOperatorNeedsTwoLegacyConditions) {
  CreateHashTable("tbl");
  constexpr char kWithout[] =
      "ConditionalOperator cannot be used without Filter or Expected";
  constexpr char kTwo[] =
      "ConditionalOperator can only be used when Filter or Expected has two "
      "or more elements";
  // PutItem's, DeleteItem's and UpdateItem's in DynamoDB's 2026 list form.
  const std::string put_without =
      std::string("1 validation error detected: ") + kWithout;
  const std::string put_two =
      std::string("1 validation error detected: ") + kTwo;
  const Condition eq{ComparisonOperator::kEq, {S("x")}};

  ScanRequest scan;
  scan.table_name = "tbl";
  scan.conditional_operator = ConditionalOperator::kAnd;
  EXPECT_THAT(client_->Scan(scan),
              StatusIsExactly(ErrorCode::kValidation, kWithout));
  scan.scan_filter = std::map<std::string, Condition>{{"a", eq}};
  EXPECT_THAT(client_->Scan(scan),
              StatusIsExactly(ErrorCode::kValidation, kTwo));
  scan.scan_filter->emplace("b", eq);
  EXPECT_THAT(client_->Scan(scan), IsOk());

  // A Query without any key condition: this rule first.
  QueryRequest q;
  q.table_name = "tbl";
  q.conditional_operator = ConditionalOperator::kOr;
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation, kWithout));
  q.key_conditions = std::map<std::string, Condition>{
      {"pk", Condition{ComparisonOperator::kEq, {S("k")}}}};
  q.query_filter = std::map<std::string, Condition>{{"a", eq}};
  EXPECT_THAT(client_->Query(q), StatusIsExactly(ErrorCode::kValidation, kTwo));

  PutItemRequest put;
  put.table_name = "tbl";
  put.item = {{"pk", S("k")}};
  put.conditional_operator = ConditionalOperator::kAnd;
  EXPECT_THAT(client_->PutItem(put),
              StatusIsExactly(ErrorCode::kValidation, put_without));
  ExpectedAttributeValue absent;
  absent.exists = false;
  put.expected = std::map<std::string, ExpectedAttributeValue>{{"a", absent}};
  EXPECT_THAT(client_->PutItem(put),
              StatusIsExactly(ErrorCode::kValidation, put_two));

  DeleteItemRequest del;
  del.table_name = "tbl";
  del.key = {{"pk", S("k")}};
  del.conditional_operator = ConditionalOperator::kAnd;
  EXPECT_THAT(client_->DeleteItem(del),
              StatusIsExactly(ErrorCode::kValidation, put_without));

  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = {{"pk", S("k")}};
  u.conditional_operator = ConditionalOperator::kAnd;
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIsExactly(ErrorCode::kValidation, put_without));
  // Mixing is reported before it.
  u.update_expression = "SET a = :v";
  u.expression_attribute_values = {{":v", N(1)}};
  EXPECT_THAT(client_->UpdateItem(u),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: "
                              "Can not use both expression and non-expression "
                              "parameters in the same request: Non-expression "
                              "parameters: {ConditionalOperator} Expression "
                              "parameters: {UpdateExpression}"));
  EXPECT_FALSE(Get("tbl", {{"pk", S("k")}}).has_value());
}

TEST_P(LimitsTest, UpdateTableKeepsTheTypeOfAnAttributeItRedefines) {
  CreateHashTable("tbl");
  UpdateTableRequest u;
  u.table_name = "tbl";
  u.attribute_definitions = {{"pk", ScalarAttributeType::kN},
                             {"g", ScalarAttributeType::kS}};
  GlobalSecondaryIndexUpdate create;
  create.create = GlobalSecondaryIndex{};
  create.create->index_name = "by_g";
  create.create->key_schema = {{"g", KeyType::kHash}};
  create.create->projection.projection_type = ProjectionType::kAll;
  create.create->provisioned_throughput = ProvisionedThroughput{5, 5};
  u.global_secondary_index_updates = {create};
  ASSERT_THAT(client_->UpdateTable(u), IsOk());

  DescribeTableRequest d;
  d.table_name = "tbl";
  StatusOr<DescribeTableResponse> described = client_->DescribeTable(d);
  ASSERT_THAT(described, IsOk());
  bool saw_pk = false;
  for (const AttributeDefinition& def :
       described->table.attribute_definitions) {
    if (def.attribute_name != "pk") continue;
    saw_pk = true;
    EXPECT_EQ(def.attribute_type, ScalarAttributeType::kS);
  }
  EXPECT_TRUE(saw_pk);
  EXPECT_THAT(Put("tbl", {{"pk", S("still a string")}, {"g", S("x")}}), IsOk());
}

TEST_P(LimitsTest, BatchGetItemAnswersAtMost16MegabytesAndReturnsTheRest) {
  CreateHashTable("big");
  const std::string blob(390 * 1024, 'x');
  BatchGetItemRequest b;
  KeysAndAttributes& asked = b.request_items["big"];
  for (int i = 0; i < 50; ++i) {
    const std::string pk = "k" + std::to_string(100 + i);
    Item item{{"pk", S(pk)}, {"blob", S(blob)}};
    const int64_t size = ItemSizeBytes(item);
    ASSERT_THAT(Put("big", std::move(item)), IsOk());
    asked.keys.push_back({{"pk", S(pk)}});
    ASSERT_EQ(size, 399'370);
  }
  // 42 items are 16,773,540 bytes; a 43rd would pass 16 MB.
  StatusOr<BatchGetItemResponse> r = client_->BatchGetItem(b);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->responses["big"].size(), 42u);
  ASSERT_EQ(r->unprocessed_keys.count("big"), 1u);
  EXPECT_EQ(r->unprocessed_keys["big"].keys.size(), 8u);
  // Asking again for the rest gets all of it.
  BatchGetItemRequest rest;
  rest.request_items = r->unprocessed_keys;
  StatusOr<BatchGetItemResponse> r2 = client_->BatchGetItem(rest);
  ASSERT_THAT(r2, IsOk());
  EXPECT_EQ(r2->responses["big"].size(), 8u);
  EXPECT_TRUE(r2->unprocessed_keys.empty());
}

INSTANTIATE_TEST_SUITE_P(Clients, LimitsTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
