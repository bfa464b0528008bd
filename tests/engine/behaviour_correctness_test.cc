// Copyright 2026 The eddy Authors.
//
// Wrong answers found by third-party suites (issue 17) and the legacy
// parameters' cost (issue 26), each as a table over the typed API and the
// JSON API:
//   - contains() with a Binary operand: a byte substring of a B, a member of
//     a BS, an element of an L — in filters, conditions and the legacy
//     CONTAINS / NOT_CONTAINS;
//   - which legacy and expression parameters may go together;
//   - a value from the request that cannot be ordered (< <= > >= BETWEEN),
//     and the legacy operators' type rules, are ValidationExceptions;
//   - size() of a String counts UTF-16 code units;
//   - the legacy parameters are not expressions: no 4 KB, operator or IN
//     operand limits.
// The million-element shapes of issue 26 are in
// behaviour_legacy_scale_test.cc.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

using Op = ComparisonOperator;

AttributeValue B(std::string bytes) { return AttributeValue::B(bytes); }

class CorrectnessTest : public BehaviourTest {
 protected:
  void SetUp() override {
    CreateHashRangeTable("tbl", ScalarAttributeType::kN);
  }

  void PutAll(const std::vector<Item>& items) {
    for (const Item& item : items) ASSERT_THAT(Put("tbl", item), IsOk());
  }

  // The pk values of the items a Scan returns, sorted.
  std::set<std::string> ScanKeys(ScanRequest r) {
    r.table_name = "tbl";
    StatusOr<ScanResponse> resp = client_->Scan(r);
    EXPECT_THAT(resp, IsOk());
    std::set<std::string> keys;
    if (!resp.ok()) return keys;
    for (const Item& item : resp->items) keys.insert(item.Find("pk")->s());
    return keys;
  }
  std::set<std::string> FilterKeys(const std::string& filter,
                                   const AttributeMap& values) {
    ScanRequest r;
    r.filter_expression = filter;
    r.expression_attribute_values = values;
    return ScanKeys(r);
  }
  std::set<std::string> ScanFilterKeys(const std::string& attribute, Op op,
                                       std::vector<AttributeValue> values) {
    ScanRequest r;
    r.scan_filter = std::map<std::string, Condition>{
        {attribute, Condition{op, std::move(values)}}};
    return ScanKeys(r);
  }

  // An UpdateItem of the item (pk, 0) that only sets `touched`, guarded by
  // `condition` / by one Expected entry.
  Status UpdateIf(const std::string& pk, const std::string& condition,
                  AttributeMap values) {
    UpdateItemRequest u;
    u.table_name = "tbl";
    u.key = {{"pk", S(pk)}, {"sk", N(0)}};
    u.update_expression = "SET touched = :touched";
    u.condition_expression = condition;
    values.Set(":touched", N(1));
    u.expression_attribute_values = std::move(values);
    return client_->UpdateItem(u).status();
  }
  Status UpdateExpected(const std::string& pk, const std::string& attribute,
                        ExpectedAttributeValue e) {
    UpdateItemRequest u;
    u.table_name = "tbl";
    u.key = {{"pk", S(pk)}, {"sk", N(0)}};
    u.attribute_updates = std::map<std::string, AttributeValueUpdate>{
        {"touched", {N(1), AttributeAction::kPut}}};
    u.expected = std::map<std::string, ExpectedAttributeValue>{{attribute, e}};
    return client_->UpdateItem(u).status();
  }
};

// --- contains() with Binary -------------------------------------------------

struct ContainsCase {
  const char* name;
  AttributeValue operand;
  std::set<std::string> matches;  // pk of the items contains() holds for
};

TEST_P(CorrectnessTest, ContainsMatchesBinaryEverywhere) {
  PutAll({{{"pk", S("b")}, {"sk", N(0)}, {"v", B("abcdef")}},
          {{"pk", S("bs")},
           {"sk", N(0)},
           {"v", *AttributeValue::BS({"abc", "xyz"})}},
          {{"pk", S("l")},
           {"sk", N(0)},
           {"v", AttributeValue::L({B("bcd"), S("x")})}},
          {{"pk", S("s")}, {"sk", N(0)}, {"v", S("abcdef")}}});
  const std::set<std::string> all = {"b", "bs", "l", "s"};
  const std::vector<ContainsCase> cases = {
      {"inner bytes of a B, an L element", B("bcd"), {"b", "l"}},
      {"prefix of a B, a BS member", B("abc"), {"b", "bs"}},
      {"whole B", B("abcdef"), {"b"}},
      {"BS member only", B("xyz"), {"bs"}},
      {"longer than the B", B("abcdefg"), {}},
      {"a String is not a Binary", S("bcd"), {"s"}},
  };
  for (const ContainsCase& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_EQ(FilterKeys("contains(v, :v)", {{":v", c.operand}}), c.matches);
    EXPECT_EQ(ScanFilterKeys("v", Op::kContains, {c.operand}), c.matches);
    std::set<std::string> rest;
    for (const std::string& k : all) {
      if (!c.matches.contains(k)) rest.insert(k);
    }
    EXPECT_EQ(ScanFilterKeys("v", Op::kNotContains, {c.operand}), rest);
    // As a write condition, on each stored item.
    for (const std::string& pk : all) {
      SCOPED_TRACE(pk);
      const ErrorCode want = c.matches.contains(pk)
                                 ? ErrorCode::kOk
                                 : ErrorCode::kConditionalCheckFailed;
      EXPECT_EQ(UpdateIf(pk, "contains(v, :v)", {{":v", c.operand}}).code(),
                want);
      EXPECT_EQ(
          UpdateExpected(
              pk, "v", {std::nullopt, std::nullopt, Op::kContains, {c.operand}})
              .code(),
          want);
    }
  }
}

// --- mixing legacy and expression parameters ---------------------------------

struct MixCase {
  const char* name;
  QueryRequest query;
  const char* error;  // null: the request is valid
};

TEST_P(CorrectnessTest, OnlyKeyConditionsMayGoWithOtherExpressions) {
  PutAll({{{"pk", S("a")}, {"sk", N(1)}, {"x", N(1)}, {"y", S("one")}},
          {{"pk", S("a")}, {"sk", N(2)}, {"x", N(2)}, {"y", S("two")}},
          {{"pk", S("a")}, {"sk", N(3)}, {"x", N(3)}, {"y", S("three")}}});
  const std::map<std::string, Condition> on_a = {{"pk", {Op::kEq, {S("a")}}}};
  const std::map<std::string, Condition> x_over_1 = {{"x", {Op::kGt, {N(1)}}}};

  QueryRequest with_filter;
  with_filter.key_conditions = on_a;
  with_filter.filter_expression = "x > :one";
  with_filter.expression_attribute_values = AttributeMap{{":one", N(1)}};
  QueryRequest with_projection;
  with_projection.key_conditions = on_a;
  with_projection.projection_expression = "#y";
  with_projection.expression_attribute_names =
      ExpressionAttributeNames{{"#y", "y"}};
  QueryRequest with_both = with_filter;
  with_both.projection_expression = "y";
  QueryRequest both_key_conditions;
  both_key_conditions.key_conditions = on_a;
  both_key_conditions.key_condition_expression = "pk = :a";
  both_key_conditions.expression_attribute_values =
      AttributeMap{{":a", S("a")}};
  QueryRequest query_filter_projection;
  query_filter_projection.key_conditions = on_a;
  query_filter_projection.query_filter = x_over_1;
  query_filter_projection.projection_expression = "y";
  QueryRequest everything = with_filter;  // dynalite's "all expressions" case
  everything.attributes_to_get = std::vector<std::string>{"y"};
  everything.query_filter = x_over_1;
  everything.conditional_operator = ConditionalOperator::kAnd;
  everything.projection_expression = "y";
  QueryRequest filter_on_key = with_filter;
  filter_on_key.filter_expression = "sk > :one";

  const std::vector<MixCase> cases = {
      {"KeyConditions + FilterExpression", with_filter, nullptr},
      {"KeyConditions + ProjectionExpression", with_projection, nullptr},
      {"KeyConditions + both", with_both, nullptr},
      {"KeyConditions + KeyConditionExpression", both_key_conditions,
       "Can not use both expression and non-expression parameters in the "
       "same request: Non-expression parameters: {KeyConditions} Expression "
       "parameters: {KeyConditionExpression}"},
      {"QueryFilter + ProjectionExpression", query_filter_projection,
       "Can not use both expression and non-expression parameters in the "
       "same request: Non-expression parameters: {QueryFilter} Expression "
       "parameters: {ProjectionExpression}"},
      {"every parameter", everything,
       "Can not use both expression and non-expression parameters in the "
       "same request: Non-expression parameters: {AttributesToGet, "
       "QueryFilter, ConditionalOperator} Expression parameters: "
       "{ProjectionExpression, FilterExpression}"},
      {"a FilterExpression still may not read the key", filter_on_key,
       "Filter Expression can only contain non-primary key attributes: "
       "Primary key attribute: sk"},
  };
  for (MixCase c : cases) {
    SCOPED_TRACE(c.name);
    c.query.table_name = "tbl";
    StatusOr<QueryResponse> r = client_->Query(c.query);
    if (c.error != nullptr) {
      EXPECT_THAT(r, StatusIsExactly(ErrorCode::kValidation, c.error));
      continue;
    }
    ASSERT_THAT(r, IsOk());
    // The same query written with expressions only.
    QueryRequest modern = c.query;
    modern.key_conditions.reset();
    modern.key_condition_expression = "pk = :a";
    if (!modern.expression_attribute_values) {
      modern.expression_attribute_values.emplace();
    }
    modern.expression_attribute_values->Set(":a", S("a"));
    StatusOr<QueryResponse> expected = client_->Query(modern);
    ASSERT_THAT(expected, IsOk());
    EXPECT_EQ(r->items, expected->items);
    EXPECT_EQ(r->scanned_count, 3);
  }

  ScanRequest scan;
  scan.scan_filter = x_over_1;
  scan.projection_expression = "y";
  scan.table_name = "tbl";
  EXPECT_THAT(
      client_->Scan(scan),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Can not use both expression and non-expression parameters in the "
          "same request: Non-expression parameters: {ScanFilter} Expression "
          "parameters: {ProjectionExpression}"));
}

// --- values that cannot be compared
// -------------------------------------------

struct OperandCase {
  const char* name;
  std::string filter;  // over attribute a
  AttributeMap values;
  const char* error;  // after "Invalid <Kind>Expression: "; null: valid
};

TEST_P(CorrectnessTest, UnorderedRequestValuesAreRefused) {
  PutAll({{{"pk", S("a")}, {"sk", N(0)}, {"a", N(1)}}});
  const AttributeValue list = AttributeValue::L({N(1)});
  const AttributeValue map = AttributeValue::M({{"k", N(1)}});
  const std::vector<OperandCase> cases = {
      {"< list",
       "a < :v",
       {{":v", list}},
       "Incorrect operand type for operator or function; operator or "
       "function: <, operand type: L"},
      {">= map",
       "a >= :v",
       {{":v", map}},
       "Incorrect operand type for operator or function; operator or "
       "function: >=, operand type: M"},
      {"value first",
       ":v > a",
       {{":v", AttributeValue::Bool(true)}},
       "Incorrect operand type for operator or function; operator or "
       "function: >, operand type: BOOL"},
      {"<= string set",
       "a <= :v",
       {{":v", *AttributeValue::SS({"x"})}},
       "Incorrect operand type for operator or function; operator or "
       "function: <=, operand type: SS"},
      {"> null",
       "a > :v",
       {{":v", AttributeValue::Null()}},
       "Incorrect operand type for operator or function; operator or "
       "function: >, operand type: NULL"},
      {"BETWEEN lists",
       "a BETWEEN :lo AND :hi",
       {{":lo", list}, {":hi", list}},
       "Incorrect operand type for operator or function; operator or "
       "function: BETWEEN, operand type: L"},
      {"BETWEEN mixed ordered types",
       "a BETWEEN :lo AND :hi",
       {{":lo", N(1)}, {":hi", S("x")}},
       "The BETWEEN operator requires same data type for lower and upper "
       "bounds; lower bound operand: AttributeValue: {N:1}, upper bound "
       "operand: AttributeValue: {S:x}"},
      {"= list is fine", "a = :v", {{":v", list}}, nullptr},
      {"<> map is fine", "a <> :v", {{":v", map}}, nullptr},
      {"IN list is fine", "a IN (:v)", {{":v", list}}, nullptr},
      {"< size() is fine", "size(a) < :v", {{":v", N(3)}}, nullptr},
  };
  for (const OperandCase& c : cases) {
    SCOPED_TRACE(c.name);
    ScanRequest scan;
    scan.table_name = "tbl";
    scan.filter_expression = c.filter;
    scan.expression_attribute_values = c.values;
    const Status condition = UpdateIf("a", c.filter, c.values);
    if (c.error == nullptr) {
      EXPECT_THAT(client_->Scan(scan), IsOk());
      EXPECT_NE(condition.code(), ErrorCode::kValidation);
      continue;
    }
    EXPECT_THAT(
        client_->Scan(scan),
        StatusIsExactly(ErrorCode::kValidation,
                        std::string("Invalid FilterExpression: ") + c.error));
    // UpdateItem's request errors in DynamoDB's 2026 list form.
    EXPECT_THAT(condition,
                StatusIsExactly(ErrorCode::kValidation,
                                std::string("1 validation error detected: "
                                            "Invalid ConditionExpression: ") +
                                    c.error));
    // Checked before the table is looked up.
    scan.table_name = "no_such_table";
    EXPECT_THAT(client_->Scan(scan), StatusIs(ErrorCode::kValidation, ""));
  }
  // A key condition too (the live capture of paritysuite's
  // queryKeyConditionOperands.test.ts).
  QueryRequest q;
  q.table_name = "tbl";
  q.key_condition_expression = "pk = :p AND sk < :v";
  q.expression_attribute_values =
      AttributeMap{{":p", S("a")}, {":v", AttributeValue::Bool(true)}};
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid KeyConditionExpression: Incorrect "
                              "operand type for operator or function; "
                              "operator or function: <, operand type: BOOL"));
}

struct LegacyOperandCase {
  const char* name;
  Op op;
  std::vector<AttributeValue> values;
  const char* error;  // null: valid
};

TEST_P(CorrectnessTest, LegacyOperatorsCheckTheirValues) {
  PutAll({{{"pk", S("a")}, {"sk", N(0)}, {"a", N(1)}}});
  const std::vector<LegacyOperandCase> cases = {
      {"IN of mixed types",
       Op::kIn,
       {S("x"), N(1)},
       "One or more parameter values were invalid: AttributeValues inside "
       "AttributeValueList must be of same type"},
      {"IN of lists",
       Op::kIn,
       {AttributeValue::L({}), AttributeValue::L({})},
       "One or more parameter values were invalid: ComparisonOperator IN is "
       "not valid for L AttributeValue type"},
      {"LT of a map",
       Op::kLt,
       {AttributeValue::M({})},
       "One or more parameter values were invalid: ComparisonOperator LT is "
       "not valid for M AttributeValue type"},
      {"GE of a boolean",
       Op::kGe,
       {AttributeValue::Bool(true)},
       "One or more parameter values were invalid: ComparisonOperator GE is "
       "not valid for BOOL AttributeValue type"},
      {"BETWEEN of mixed types",
       Op::kBetween,
       {N(1), S("x")},
       "One or more parameter values were invalid: AttributeValues inside "
       "AttributeValueList must be of same type"},
      {"BETWEEN out of order",
       Op::kBetween,
       {N(5), N(1)},
       "The BETWEEN condition was provided a range where the lower bound is "
       "greater than the upper bound"},
      {"CONTAINS of a set",
       Op::kContains,
       {*AttributeValue::BS({"a"})},
       "One or more parameter values were invalid: ComparisonOperator "
       "CONTAINS is not valid for BS AttributeValue type"},
      {"BEGINS_WITH of a number",
       Op::kBeginsWith,
       {N(1)},
       "One or more parameter values were invalid: ComparisonOperator "
       "BEGINS_WITH is not valid for N AttributeValue type"},
      {"EQ of a list is fine", Op::kEq, {AttributeValue::L({N(1)})}, nullptr},
      {"NE of a boolean is fine",
       Op::kNe,
       {AttributeValue::Bool(true)},
       nullptr},
      {"BETWEEN in order is fine", Op::kBetween, {N(1), N(5)}, nullptr},
  };
  for (const LegacyOperandCase& c : cases) {
    SCOPED_TRACE(c.name);
    ScanRequest scan;
    scan.table_name = "tbl";
    scan.scan_filter =
        std::map<std::string, Condition>{{"a", Condition{c.op, c.values}}};
    const Status expected =
        UpdateExpected("a", "a", {std::nullopt, std::nullopt, c.op, c.values});
    if (c.error == nullptr) {
      EXPECT_THAT(client_->Scan(scan), IsOk());
      EXPECT_NE(expected.code(), ErrorCode::kValidation);
      continue;
    }
    EXPECT_THAT(client_->Scan(scan),
                StatusIsExactly(ErrorCode::kValidation, c.error));
    EXPECT_THAT(expected,
                StatusIsExactly(
                    ErrorCode::kValidation,
                    std::string("1 validation error detected: ") + c.error));
  }
  EXPECT_THAT(
      UpdateExpected("a", "a", {std::nullopt, std::nullopt, Op::kEq, {}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "1 validation error detected: "
                      "One or more parameter values were invalid: Value or "
                      "AttributeValueList must be used with "
                      "ComparisonOperator: EQ for Attribute: a"));
}

// --- size()
// --------------------------------------------------------------------

struct SizeCase {
  const char* name;
  AttributeValue value;
  int64_t size;
};

TEST_P(CorrectnessTest, SizeCountsWhatDynamoDbCounts) {
  const std::vector<SizeCase> cases = {
      // é is one UTF-16 unit (2 UTF-8 bytes), 𝄞 two (4 bytes).
      {"BMP and astral", S("\xC3\xA9\xF0\x9D\x84\x9E"), 3},
      {"Latin-1", S("ab\xC3\xBF"), 3},            // "abÿ"
      {"CJK", S("\xE6\x97\xA5\xE6\x9C\xAC"), 2},  // "日本"
      {"ASCII", S("kayak"), 5},
      {"Binary counts bytes", B(std::string("\x00\xFF\xC3\xA9", 4)), 4},
      {"string set", *AttributeValue::SS({"x", "y"}), 2},
      {"list", AttributeValue::L({N(1), N(2), N(3)}), 3},
  };
  for (const SizeCase& c : cases) {
    SCOPED_TRACE(c.name);
    ASSERT_THAT(Put("tbl", {{"pk", S("z")}, {"sk", N(0)}, {"v", c.value}}),
                IsOk());
    EXPECT_EQ(FilterKeys("size(v) = :n", {{":n", N(c.size)}}),
              std::set<std::string>{"z"});
    EXPECT_EQ(FilterKeys("size(v) = :n", {{":n", N(c.size + 1)}}),
              std::set<std::string>{});
    EXPECT_THAT(UpdateIf("z", "size(v) = :n", {{":n", N(c.size)}}), IsOk());
  }
}

// --- the legacy parameters are not expressions
// ---------------------------------

TEST_P(CorrectnessTest, LegacyParametersHaveNoExpressionLimits) {
  PutAll({{{"pk", S("a")}, {"sk", N(1)}, {"v", N(27499)}, {"w", N(7)}},
          {{"pk", S("a")}, {"sk", N(2)}, {"v", N(27500)}, {"w", N(7)}}});
  // An IN list of 27,500 values (a FilterExpression takes at most 100, and
  // this much text would be 275 KB).
  std::vector<AttributeValue> many;
  for (int i = 0; i < 27500; ++i) many.push_back(N(i));
  EXPECT_EQ(ScanFilterKeys("v", Op::kIn, many), std::set<std::string>{"a"});
  QueryRequest q;
  q.table_name = "tbl";
  q.key_conditions =
      std::map<std::string, Condition>{{"pk", {Op::kEq, {S("a")}}}};
  q.query_filter = std::map<std::string, Condition>{{"v", {Op::kIn, many}}};
  StatusOr<QueryResponse> r = client_->Query(q);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->count, 1);

  // 400 conditions (more than an expression's 300 operators), ANDed.
  std::map<std::string, Condition> filter;
  std::map<std::string, ExpectedAttributeValue> expected;
  for (int i = 0; i < 400; ++i) {
    const std::string name = "absent_attribute_" + std::to_string(i);
    filter[name] = Condition{Op::kNull, {}};
    expected[name] =
        ExpectedAttributeValue{std::nullopt, false, std::nullopt, {}};
  }
  ScanRequest scan;
  scan.scan_filter = filter;
  EXPECT_EQ(ScanKeys(scan).size(), 1u);
  PutItemRequest put;
  put.table_name = "tbl";
  put.item = {{"pk", S("a")}, {"sk", N(1)}};
  put.expected = expected;
  EXPECT_THAT(client_->PutItem(put), IsOk());

  // 500 AttributeUpdates and 500 AttributesToGet (over 4 KB as text).
  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = {{"pk", S("a")}, {"sk", N(1)}};
  u.attribute_updates.emplace();
  GetItemRequest get;
  get.table_name = "tbl";
  get.key = u.key;
  get.attributes_to_get.emplace();
  for (int i = 0; i < 500; ++i) {
    const std::string name = "attribute_number_" + std::to_string(i);
    (*u.attribute_updates)[name] =
        AttributeValueUpdate{N(i), AttributeAction::kPut};
    get.attributes_to_get->push_back(name);
  }
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  StatusOr<GetItemResponse> got = client_->GetItem(get);
  ASSERT_THAT(got, IsOk());
  ASSERT_TRUE(got->item.has_value());
  EXPECT_EQ(got->item->size(), 500u);
  EXPECT_EQ(*got->item->Find("attribute_number_499"), N(499));

  // KeyConditions keep their own bound.
  q.query_filter.reset();
  q.key_conditions->emplace("sk", Condition{Op::kGt, {N(0)}});
  q.key_conditions->emplace("w", Condition{Op::kEq, {N(7)}});
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "Conditions can be of length 1 or 2 only"));
}

// Issue #17 item 10: a GSI cannot fetch from the table, so a read naming an
// attribute it does not project is refused (DynamoDB's text, as reported
// against the live service); an LSI fetches the table item instead.
TEST_P(CorrectnessTest, GlobalIndexReadsNameOnlyProjectedAttributes) {
  CreateTableRequest r;
  r.table_name = "orders";
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"sk", ScalarAttributeType::kS},
                             {"g", ScalarAttributeType::kS},
                             {"l", ScalarAttributeType::kS}};
  r.billing_mode = BillingMode::kPayPerRequest;
  GlobalSecondaryIndex gsi;
  gsi.index_name = "by_g";
  gsi.key_schema = {{"g", KeyType::kHash}};
  gsi.projection.projection_type = ProjectionType::kInclude;
  gsi.projection.non_key_attributes = {"kept"};
  r.global_secondary_indexes = {gsi};
  LocalSecondaryIndex lsi;
  lsi.index_name = "by_l";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"l", KeyType::kRange}};
  lsi.projection.projection_type = ProjectionType::kKeysOnly;
  r.local_secondary_indexes = {lsi};
  ASSERT_THAT(client_->CreateTable(r), IsOk());
  ASSERT_THAT(Put("orders", {{"pk", S("a")},
                             {"sk", S("1")},
                             {"g", S("x")},
                             {"l", S("y")},
                             {"kept", S("k")},
                             {"extra", S("o")},
                             {"notes", S("m")}}),
              IsOk());

  QueryRequest q;
  q.table_name = "orders";
  q.index_name = "by_g";
  q.key_condition_expression = "g = :g";
  q.expression_attribute_values = {{":g", S("x")}};
  q.projection_expression = "kept, extra, pk, notes.deep";
  EXPECT_THAT(client_->Query(q),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Global secondary index by_g does not project "
                              "[extra, notes]"));
  ScanRequest scan;
  scan.table_name = "orders";
  scan.index_name = "by_g";
  scan.attributes_to_get = std::vector<std::string>{"extra"};
  EXPECT_THAT(client_->Scan(scan),
              StatusIsExactly(ErrorCode::kValidation,
                              "One or more parameter values were invalid: "
                              "Global secondary index by_g does not project "
                              "[extra]"));
  // Projected attributes and keys (the index's and the table's) are fine.
  q.projection_expression = "kept, g, pk, sk";
  StatusOr<QueryResponse> ok = client_->Query(q);
  ASSERT_THAT(ok, IsOk());
  ASSERT_EQ(ok->items.size(), 1u);
  EXPECT_EQ(ok->items[0].size(), 4u);
  // An LSI reads what it lacks from the table.
  q.index_name = "by_l";
  q.key_condition_expression = "pk = :p";
  q.expression_attribute_values = {{":p", S("a")}};
  q.projection_expression = "extra";
  StatusOr<QueryResponse> lsi_read = client_->Query(q);
  ASSERT_THAT(lsi_read, IsOk());
  ASSERT_EQ(lsi_read->items.size(), 1u);
  EXPECT_EQ(*lsi_read->items[0].Find("extra"), S("o"));
}

INSTANTIATE_TEST_SUITE_P(Clients, CorrectnessTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
