// Copyright 2026 The eddy Authors.
//
// Global secondary indexes with multi-attribute keys (up to four partition-
// key and four sort-key attributes; DynamoDB, late 2025) through both APIs:
// schema validation in CreateTable and UpdateTable, sparse membership, the
// Query rules (equality on every partition attribute, sort attributes left to
// right), order, pagination, backfill and key-value limits.

#include <string>
#include <vector>

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

GlobalSecondaryIndex Gsi(const std::string& name,
                         std::vector<KeySchemaElement> keys) {
  GlobalSecondaryIndex g;
  g.index_name = name;
  g.key_schema = std::move(keys);
  g.projection.projection_type = ProjectionType::kAll;
  return g;
}

class MultiKeyTest : public BehaviourTest {
 protected:
  // Table "multikey" (pk S), GSI "g" keyed on (tenant, site) / (phase, n, id).
  void SetUp() override {
    CreateTableRequest r = Base();
    r.global_secondary_indexes = {Gsi("gsi", {{"tenant", KeyType::kHash},
                                              {"site", KeyType::kHash},
                                              {"phase", KeyType::kRange},
                                              {"n", KeyType::kRange},
                                              {"id", KeyType::kRange}})};
    ASSERT_THAT(client_->CreateTable(r), IsOk());
  }

  static CreateTableRequest Base(const std::string& name = "multikey") {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {
        {"pk", ScalarAttributeType::kS},   {"tenant", ScalarAttributeType::kS},
        {"site", ScalarAttributeType::kS}, {"phase", ScalarAttributeType::kS},
        {"n", ScalarAttributeType::kN},    {"id", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    return r;
  }

  void PutRow(const std::string& pk, const std::string& tenant,
              const std::string& site, const std::string& phase, int n,
              const std::string& id) {
    ASSERT_THAT(Put("multikey", {{"pk", S(pk)},
                                 {"tenant", S(tenant)},
                                 {"site", S(site)},
                                 {"phase", S(phase)},
                                 {"n", N(n)},
                                 {"id", S(id)}}),
                IsOk());
  }

  StatusOr<QueryResponse> QueryG(const std::string& condition,
                                 AttributeMap values, bool forward = true,
                                 std::optional<int> limit = std::nullopt,
                                 std::optional<Item> start = std::nullopt) {
    QueryRequest q;
    q.table_name = "multikey";
    q.index_name = "gsi";
    q.key_condition_expression = condition;
    q.expression_attribute_values = std::move(values);
    q.scan_index_forward = forward;
    q.limit = limit;
    q.exclusive_start_key = std::move(start);
    return client_->Query(q);
  }

  static std::vector<std::string> Pks(const QueryResponse& r) {
    std::vector<std::string> out;
    for (const Item& i : r.items) out.push_back(i.Find("pk")->s());
    return out;
  }

  void Fill() {
    PutRow("p1", "acme", "eu", "live", 2, "b");
    PutRow("p2", "acme", "eu", "live", 2, "a");
    PutRow("p3", "acme", "eu", "live", 10, "a");
    PutRow("p4", "acme", "eu", "draft", 5, "z");
    PutRow("p5", "acme", "us", "live", 1, "a");  // other partition
    PutRow("p6", "acme", "eu", "lively", 1, "a");
    ASSERT_THAT(Put("multikey", {{"pk", S("p7")},  // sparse: no id
                                 {"tenant", S("acme")},
                                 {"site", S("eu")},
                                 {"phase", S("live")},
                                 {"n", N(3)}}),
                IsOk());
  }
};

TEST_P(MultiKeyTest, DescribeEchoesTheKeySchemaInOrder) {
  DescribeTableRequest d;
  d.table_name = "multikey";
  StatusOr<DescribeTableResponse> r = client_->DescribeTable(d);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->table.global_secondary_indexes.size(), 1u);
  const auto& keys = r->table.global_secondary_indexes[0].key_schema;
  ASSERT_EQ(keys.size(), 5u);
  EXPECT_EQ(keys[0].attribute_name, "tenant");
  EXPECT_EQ(keys[1].attribute_name, "site");
  EXPECT_EQ(keys[1].key_type, KeyType::kHash);
  EXPECT_EQ(keys[2].attribute_name, "phase");
  EXPECT_EQ(keys[4].attribute_name, "id");
  EXPECT_EQ(keys[4].key_type, KeyType::kRange);
}

TEST_P(MultiKeyTest, MalformedKeySchemasAreRefusedWithDynamoDBsMessages) {
  struct Case {
    std::vector<KeySchemaElement> keys;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{{"a", KeyType::kHash},
        {"b", KeyType::kHash},
        {"c", KeyType::kHash},
        {"d", KeyType::kHash},
        {"e", KeyType::kHash}},
       "One or more parameter values were invalid: The KeySchema exceeds the "
       "maximum allowed number of HASH key attributes"},
      {{{"a", KeyType::kHash},
        {"b", KeyType::kRange},
        {"c", KeyType::kRange},
        {"d", KeyType::kRange},
        {"e", KeyType::kRange},
        {"f", KeyType::kRange}},
       "One or more parameter values were invalid: The KeySchema exceeds the "
       "maximum allowed number of RANGE key attributes"},
      {{{"a", KeyType::kHash}, {"b", KeyType::kRange}, {"c", KeyType::kHash}},
       "One or more parameter values were invalid: All HASH key attributes "
       "must precede RANGE key attributes in the KeySchema"},
      {{{"a", KeyType::kRange}, {"b", KeyType::kHash}, {"c", KeyType::kHash}},
       "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
      {{{"a", KeyType::kHash}, {"b", KeyType::kHash}, {"a", KeyType::kRange}},
       "The KeySchema contains multiple key attributes with the same name"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    // CreateTable ...
    CreateTableRequest r;
    r.table_name = "bad" + std::to_string(i);
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    for (const std::string n : {"a", "b", "c", "d", "e", "f"}) {
      r.attribute_definitions.push_back({n, ScalarAttributeType::kS});
    }
    r.billing_mode = BillingMode::kPayPerRequest;
    r.global_secondary_indexes = {Gsi("gsi", cases[i].keys)};
    EXPECT_THAT(client_->CreateTable(r),
                StatusIsExactly(ErrorCode::kValidation, cases[i].message))
        << i;
    // ... and UpdateTable's Create, which checks the same (issue #17 #7).
    UpdateTableRequest u;
    u.table_name = "multikey";
    u.attribute_definitions = r.attribute_definitions;
    GlobalSecondaryIndexUpdate create;
    create.create = Gsi("gsi" + std::to_string(i), cases[i].keys);
    u.global_secondary_index_updates = {create};
    EXPECT_THAT(client_->UpdateTable(u),
                StatusIsExactly(ErrorCode::kValidation, cases[i].message))
        << i;
  }
}

TEST_P(MultiKeyTest, AnLsiKeepsAtMostTwoKeyElements) {
  CreateTableRequest r;
  r.table_name = "lsi3table";
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"sk", ScalarAttributeType::kS},
                             {"a", ScalarAttributeType::kS}};
  r.billing_mode = BillingMode::kPayPerRequest;
  LocalSecondaryIndex l;
  l.index_name = "lsi";
  l.key_schema = {
      {"pk", KeyType::kHash}, {"a", KeyType::kRange}, {"sk", KeyType::kRange}};
  l.projection.projection_type = ProjectionType::kAll;
  r.local_secondary_indexes = {l};
  EXPECT_THAT(client_->CreateTable(r),
              StatusIs(ErrorCode::kValidation,
                       "Member must have length less than or equal to 2"));
}

TEST_P(MultiKeyTest, QueryNeedsEveryPartitionAttributeAndSortsByTheTuple) {
  Fill();
  StatusOr<QueryResponse> r =
      QueryG("tenant = :t AND site = :r", {{":t", S("acme")}, {":r", S("eu")}});
  ASSERT_THAT(r, IsOk());
  // (phase, n, id) in tuple order: draft < live < lively; numbers
  // numerically (2 < 10); p7 lacks id and is not indexed.
  EXPECT_EQ(Pks(*r), (std::vector<std::string>{"p4", "p2", "p1", "p3", "p6"}));
  r = QueryG("tenant = :t AND site = :r", {{":t", S("acme")}, {":r", S("eu")}},
             /*forward=*/false);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Pks(*r), (std::vector<std::string>{"p6", "p3", "p1", "p2", "p4"}));

  EXPECT_THAT(QueryG("tenant = :t", {{":t", S("acme")}}),
              StatusIsExactly(ErrorCode::kValidation,
                              "Query condition missed key schema element: "
                              "site"));
  EXPECT_THAT(
      QueryG("tenant = :t AND site > :r", {{":t", S("acme")}, {":r", S("eu")}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "Query key condition not supported"));
}

TEST_P(MultiKeyTest, SortAttributesAreConstrainedLeftToRight) {
  Fill();
  const AttributeMap base = {{":t", S("acme")}, {":r", S("eu")}};
  auto with = [&](AttributeMap extra) {
    AttributeMap m = base;
    for (const auto& e : extra) m.Set(e.name, e.value);
    return m;
  };
  struct Case {
    std::string condition;
    AttributeMap values;
    std::vector<std::string> pks;
  };
  const std::string hash = "tenant = :t AND site = :r AND ";
  const std::vector<Case> cases = {
      {hash + "phase = :s", with({{":s", S("live")}}), {"p2", "p1", "p3"}},
      {hash + "phase = :s AND n = :n",
       with({{":s", S("live")}, {":n", N(2)}}),
       {"p2", "p1"}},
      {hash + "phase = :s AND n > :n",
       with({{":s", S("live")}, {":n", N(2)}}),
       {"p3"}},
      {hash + "phase = :s AND n >= :n",
       with({{":s", S("live")}, {":n", N(2)}}),
       {"p2", "p1", "p3"}},
      {hash + "phase = :s AND n < :n",
       with({{":s", S("live")}, {":n", N(10)}}),
       {"p2", "p1"}},
      {hash + "phase = :s AND n <= :n",
       with({{":s", S("live")}, {":n", N(2)}}),
       {"p2", "p1"}},
      {hash + "phase = :s AND n BETWEEN :a AND :b",
       with({{":s", S("live")}, {":a", N(2)}, {":b", N(9)}}),
       {"p2", "p1"}},
      {hash + "phase = :s AND n = :n AND id = :i",
       with({{":s", S("live")}, {":n", N(2)}, {":i", S("b")}}),
       {"p1"}},
      {hash + "begins_with(phase, :p)",
       with({{":p", S("liv")}}),
       {"p2", "p1", "p3", "p6"}},
      {hash + "phase > :s", with({{":s", S("live")}}), {"p6"}},
      {hash + "phase < :s", with({{":s", S("live")}}), {"p4"}},
      {"n = :n AND phase = :s AND " + std::string("site = :r AND tenant = :t"),
       with({{":s", S("live")}, {":n", N(10)}}),
       {"p3"}},  // clauses in any order
  };
  for (const Case& c : cases) {
    StatusOr<QueryResponse> r = QueryG(c.condition, c.values);
    ASSERT_THAT(r, IsOk()) << c.condition;
    EXPECT_EQ(Pks(*r), c.pks) << c.condition;
  }

  // A gap, or a range condition before the last sort attribute named.
  EXPECT_THAT(
      QueryG(hash + "phase = :s AND id = :i",
             with({{":s", S("live")}, {":i", S("a")}})),
      StatusIsExactly(ErrorCode::kValidation,
                      "RANGE key attributes n must have equality conditions "
                      "specified in the query because a condition is present "
                      "on key attribute id"));
  EXPECT_THAT(
      QueryG(hash + "n = :n", with({{":n", N(1)}})),
      StatusIsExactly(ErrorCode::kValidation,
                      "RANGE key attributes phase must have equality "
                      "conditions specified in the query because a condition "
                      "is present on key attribute n"));
  EXPECT_THAT(
      QueryG(hash + "phase > :s AND n = :n",
             with({{":s", S("a")}, {":n", N(1)}})),
      StatusIsExactly(ErrorCode::kValidation,
                      "RANGE key attributes phase must have equality "
                      "conditions specified in the query because a condition "
                      "is present on key attribute n"));
  EXPECT_THAT(QueryG(hash + "phase = :s AND begins_with(n, :n)",
                     with({{":s", S("live")}, {":n", N(1)}})),
              StatusIs(ErrorCode::kValidation, "begins_with"));
}

TEST_P(MultiKeyTest, PagesCarryEveryKeyAttributeAndResume) {
  Fill();
  std::vector<std::string> seen;
  std::optional<Item> start;
  int pages = 0;
  do {
    StatusOr<QueryResponse> r =
        QueryG("tenant = :t AND site = :r",
               {{":t", S("acme")}, {":r", S("eu")}}, true, 2, start);
    ASSERT_THAT(r, IsOk());
    for (const std::string& pk : Pks(*r)) seen.push_back(pk);
    start = r->last_evaluated_key;
    if (start) {
      // The table key and every index key attribute.
      EXPECT_EQ(start->size(), 6u);
      for (const char* k : {"pk", "tenant", "site", "phase", "n", "id"}) {
        EXPECT_TRUE(start->Contains(k)) << k;
      }
    }
    ++pages;
  } while (start && pages < 10);
  EXPECT_EQ(seen, (std::vector<std::string>{"p4", "p2", "p1", "p3", "p6"}));
  // A start key missing one attribute is refused (the wrong number of
  // attributes: "The provided starting key is invalid").
  Item partial = {{"pk", S("p1")},
                  {"tenant", S("acme")},
                  {"site", S("eu")},
                  {"phase", S("live")},
                  {"n", N(2)}};
  EXPECT_THAT(QueryG("tenant = :t AND site = :r",
                     {{":t", S("acme")}, {":r", S("eu")}}, true, 2, partial),
              StatusIsExactly(ErrorCode::kValidation,
                              "The provided starting key is invalid"));
}

TEST_P(MultiKeyTest, WritesMoveItemsInAndOutAndCheckEveryComponent) {
  PutRow("p1", "acme", "eu", "live", 1, "a");
  UpdateItemRequest u;
  u.table_name = "multikey";
  u.key = {{"pk", S("p1")}};
  u.update_expression = "REMOVE id";
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  StatusOr<QueryResponse> r =
      QueryG("tenant = :t AND site = :r", {{":t", S("acme")}, {":r", S("eu")}});
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->items.empty());
  u.update_expression = "SET id = :i, site = :r";
  u.expression_attribute_values = AttributeMap{{":i", S("x")}, {":r", S("us")}};
  ASSERT_THAT(client_->UpdateItem(u), IsOk());
  r = QueryG("tenant = :t AND site = :r", {{":t", S("acme")}, {":r", S("us")}});
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(Pks(*r), (std::vector<std::string>{"p1"}));

  EXPECT_THAT(
      Put("multikey", {{"pk", S("p2")}, {"tenant", S("acme")}, {"n", S("x")}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "One or more parameter values were invalid: Type "
                      "mismatch for Index Key n Expected: N Actual: S "
                      "IndexName: gsi"));
  EXPECT_THAT(Put("multikey", {{"pk", S("p2")}, {"site", S("")}}),
              StatusIs(ErrorCode::kValidation,
                       "cannot contain an empty string value. IndexName: gsi, "
                       "IndexKey: site"));
  EXPECT_THAT(
      Put("multikey", {{"pk", S("p2")}, {"phase", S(std::string(1025, 's'))}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "One or more parameter values were invalid: "
                      "Aggregated size of all range keys has exceeded "
                      "the size limit of 1024 bytes"));
  EXPECT_THAT(
      Put("multikey", {{"pk", S("p2")}, {"tenant", S(std::string(2049, 't'))}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "One or more parameter values were invalid: Size "
                      "of hashkey has exceeded the maximum size limit "
                      "of2048 bytes"));
}

TEST_P(MultiKeyTest, BackfillIndexesWhatFitsAndLeavesOutTheRest) {
  // Items written before the index exists, some of which cannot be indexed.
  ASSERT_THAT(Put("multikey", {{"pk", S("a")}, {"x", S("1")}, {"y", N(1)}}),
              IsOk());
  ASSERT_THAT(Put("multikey", {{"pk", S("b")}, {"x", S("1")}, {"y", N(2)}}),
              IsOk());
  ASSERT_THAT(
      Put("multikey", {{"pk", S("c")}, {"x", S("1")}, {"y", S("text")}}),
      IsOk());  // wrong type for y
  ASSERT_THAT(
      Put("multikey",
          {{"pk", S("d")}, {"x", S(std::string(3000, 'x'))}, {"y", N(3)}}),
      IsOk());  // x too long for a partition key
  UpdateTableRequest u;
  u.table_name = "multikey";
  u.attribute_definitions = {{"x", ScalarAttributeType::kS},
                             {"y", ScalarAttributeType::kN},
                             {"pk", ScalarAttributeType::kS}};
  GlobalSecondaryIndexUpdate create;
  create.create = Gsi(
      "xyidx",
      {{"x", KeyType::kHash}, {"pk", KeyType::kHash}, {"y", KeyType::kRange}});
  u.global_secondary_index_updates = {create};
  ASSERT_THAT(client_->UpdateTable(u), IsOk());
  ScanRequest scan;
  scan.table_name = "multikey";
  scan.index_name = "xyidx";
  StatusOr<ScanResponse> r = client_->Scan(scan);
  ASSERT_THAT(r, IsOk());
  std::vector<std::string> pks;
  for (const Item& i : r->items) pks.push_back(i.Find("pk")->s());
  std::sort(pks.begin(), pks.end());
  EXPECT_EQ(pks, (std::vector<std::string>{"a", "b"}));
  QueryRequest q;
  q.table_name = "multikey";
  q.index_name = "xyidx";
  q.key_condition_expression = "x = :x AND pk = :p";
  q.expression_attribute_values = AttributeMap{{":x", S("1")}, {":p", S("b")}};
  StatusOr<QueryResponse> one = client_->Query(q);
  ASSERT_THAT(one, IsOk());
  ASSERT_EQ(one->items.size(), 1u);
  EXPECT_EQ(one->items[0].Find("y")->n(), Number::FromInt64(2));
}

INSTANTIATE_TEST_SUITE_P(Clients, MultiKeyTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
