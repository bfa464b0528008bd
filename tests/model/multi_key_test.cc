// Copyright 2026 The eddy Authors.
//
// Multi-attribute GSI keys in the access-pattern model format: the example
// model/orders_multikey.json loads, generates typed key attributes, creates
// its GSI with a 2+2 KeySchema and runs every pattern verified against the
// ground truth (with and without forced paging); a 4+4 index does the same;
// every malformed definition, entity and pattern gets its pointed error.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/generator.h"
#include "model/model.h"
#include "model/report.h"
#include "model/runner.h"

namespace eddy::model {

// gtest printer (found by argument-dependent lookup; loader_test.cc has its
// own).
static void PrintTo(const ModelError& e, std::ostream* os) {
  *os << e.ToString();
}

namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::string kSourceDir = EDDY_SOURCE_DIR;

Model LoadExample() {
  std::vector<ModelError> errors;
  StatusOr<Model> m =
      LoadModelFile(kSourceDir + "/model/orders_multikey.json", &errors);
  EXPECT_THAT(m, IsOk());
  for (const ModelError& e : errors) ADD_FAILURE() << e.ToString();
  return m.ok() ? *std::move(m) : Model();
}

void ExpectAllVerified(const RunReport& r) {
  EXPECT_TRUE(r.ok()) << FormatReportText(r);
  for (const PatternReport& p : r.patterns) {
    SCOPED_TRACE(p.name);
    EXPECT_TRUE(p.skipped.empty()) << p.skipped;
    EXPECT_GT(p.runs, 0);
    EXPECT_EQ(p.verified, p.runs);
    EXPECT_THAT(p.failures, ::testing::IsEmpty());
  }
}

TEST(MultiKeyModelTest, ExampleLoads) {
  const Model m = LoadExample();
  ASSERT_EQ(m.table.global_secondary_indexes.size(), 1u);
  const IndexDefinition& g = m.table.global_secondary_indexes[0];
  EXPECT_TRUE(g.multi_attribute());
  EXPECT_EQ(g.partition_attributes,
            (std::vector<KeyAttribute>{{"tenantId", ScalarAttributeType::kS},
                                       {"region", ScalarAttributeType::kS}}));
  EXPECT_EQ(g.sort_attributes, (std::vector<KeyAttribute>{
                                   {"status", ScalarAttributeType::kS},
                                   {"createdAt", ScalarAttributeType::kN}}));
  EXPECT_EQ(g.partition_key, "tenantId");
  EXPECT_EQ(g.sort_key, "status");
  const EntityShape* order = m.FindEntity("order");
  ASSERT_NE(order, nullptr);
  const IndexKeys* keys = order->FindIndex("OrdersByTenantRegion");
  ASSERT_NE(keys, nullptr);
  ASSERT_EQ(keys->partition_parts.size(), 2u);
  ASSERT_EQ(keys->sort_parts.size(), 2u);
  EXPECT_EQ(keys->sort_parts[1].text(), "${createdAt}");
  EXPECT_EQ(m.FindEntity("tenant")->FindIndex("OrdersByTenantRegion"), nullptr);
  // Pattern 4: equality on both partition attributes, = then >=.
  const AccessPattern& p = m.patterns[3];
  ASSERT_EQ(p.partition_parts.size(), 2u);
  ASSERT_EQ(p.sort_parts.size(), 2u);
  EXPECT_EQ(p.sort_parts[1].op, SortKeyOp::kGe);
  EXPECT_EQ(p.sort_key->op, SortKeyOp::kGe);
  EXPECT_EQ(p.KeyConditionText(m.table),
            "tenantId = \"${tenantId}\" AND region = \"${region}\" AND status "
            "= \"${status}\" AND createdAt >= \"${createdAt}\"");
  EXPECT_THAT(p.matching_entity_types, ElementsAre("order"));
}

TEST(MultiKeyModelTest, CreateTableDeclaresEveryKeyAttributeWithItsType) {
  const Model m = LoadExample();
  const CreateTableRequest req =
      MakeCreateTableRequest(m.table, /*with_indexes=*/true);
  ASSERT_EQ(req.global_secondary_indexes.size(), 1u);
  const auto& schema = req.global_secondary_indexes[0].key_schema;
  ASSERT_EQ(schema.size(), 4u);
  EXPECT_EQ(schema[0].attribute_name, "tenantId");
  EXPECT_EQ(schema[0].key_type, KeyType::kHash);
  EXPECT_EQ(schema[1].attribute_name, "region");
  EXPECT_EQ(schema[1].key_type, KeyType::kHash);
  EXPECT_EQ(schema[2].attribute_name, "status");
  EXPECT_EQ(schema[2].key_type, KeyType::kRange);
  EXPECT_EQ(schema[3].attribute_name, "createdAt");
  EXPECT_EQ(schema[3].key_type, KeyType::kRange);
  bool created_at_is_n = false;
  for (const AttributeDefinition& d : req.attribute_definitions) {
    if (d.attribute_name == "createdAt") {
      created_at_is_n = d.attribute_type == ScalarAttributeType::kN;
    }
  }
  EXPECT_TRUE(created_at_is_n);
}

TEST(MultiKeyModelTest, GeneratedItemsCarryTypedKeyAttributes) {
  const Model m = LoadExample();
  StatusOr<GeneratedData> data = Generate(m);
  ASSERT_THAT(data, IsOk());
  int orders = 0;
  for (const GeneratedItem& g : data->items) {
    const AttributeValue* type = g.item.Find("entityType");
    ASSERT_NE(type, nullptr);
    if (type->s() != "order") continue;
    ++orders;
    const AttributeValue* created = g.item.Find("createdAt");
    ASSERT_NE(created, nullptr);
    EXPECT_TRUE(created->is(AttributeType::kN));
    const AttributeValue* region = g.item.Find("region");
    ASSERT_NE(region, nullptr);
    EXPECT_TRUE(region->is(AttributeType::kS));
    EXPECT_NE(g.item.Find("tenantId"), nullptr);
    EXPECT_NE(g.item.Find("status"), nullptr);
  }
  EXPECT_EQ(orders, 4 * 80);
}

TEST(MultiKeyModelTest, EveryPatternVerified) {
  RunOptions options;
  StatusOr<RunReport> r = RunModel(LoadExample(), options);
  ASSERT_THAT(r, IsOk());
  ExpectAllVerified(*r);
  // The GSI holds every order (each has all four key attributes).
  ASSERT_EQ(r->indexes.size(), 2u);
  EXPECT_EQ(r->indexes[1].item_count, 4 * 80);
  EXPECT_EQ(r->indexes[1].item_count, r->indexes[1].expected_item_count);
  // Pattern 2 reads whole (tenant, region) partitions: 80 orders over three
  // regions, so some but not all of a tenant's orders.
  EXPECT_GT(r->patterns[1].items_min, 0);
  EXPECT_LT(r->patterns[1].items_max, 80);
  EXPECT_GT(r->patterns[1].read_units_total, 0);
  // The example shows this run's values in place of the templates.
  EXPECT_THAT(r->patterns[3].example, HasSubstr("createdAt >= \""));
  // The hottest GSI partitions are shown as their attributes' values
  // (tenant | region); seven of the eight patterns read the GSI.
  bool gsi_key_shown = false;
  for (const auto* list : {&r->hottest_by_items, &r->hottest_by_traffic}) {
    for (const KeyReport& k : *list) {
      if (k.index != "OrdersByTenantRegion") continue;
      gsi_key_shown = true;
      EXPECT_THAT(k.key, HasSubstr(" | "));
    }
  }
  EXPECT_TRUE(gsi_key_shown);
  const std::string text = FormatReportText(*r);
  EXPECT_THAT(text, HasSubstr("OrdersByTenantRegion"));
}

TEST(MultiKeyModelTest, EveryPatternVerifiedWhenPaging) {
  RunOptions options;
  options.page_size = 2;
  options.runs = 15;
  StatusOr<RunReport> r = RunModel(LoadExample(), options);
  ASSERT_THAT(r, IsOk());
  ExpectAllVerified(*r);
  EXPECT_GT(r->patterns[1].pages_total, r->patterns[1].runs);
}

// A 4+4 key with N and B attributes, beside a classic GSI on the same table.
constexpr std::string_view kFourByFour = R"({
  "name": "events",
  "table": {
    "name": "events", "partitionKey": "PK", "sortKey": "SK",
    "globalSecondaryIndexes": [
      {"name": "Wide",
       "partitionKey": ["org", "app", "env", {"name": "shard", "type": "N"}],
       "sortKey": ["kind", {"name": "day", "type": "N"}, "source",
                   {"name": "tag", "type": "B"}]},
      {"name": "GSI1", "partitionKey": "PK1", "sortKey": "SK1"}
    ]
  },
  "event": [{"PK": "ORG#${org}", "SK": {"EVENT#${eventId}": {
    "entityType": "event", "PK1": "APP#${app}", "SK1": "EVENT#${eventId}",
    "org": "${org}", "app": "${app}", "env": "${env}", "shard": "${shard}",
    "kind": "${kind}", "day": "${day}", "source": "${source}",
    "tag": "${tag}"}}}],
  "Access Patterns": [
    {"name": "a shard", "index": "Wide",
     "partitionKey": ["${org}", "${app}", "${env}", "${shard}"],
     "parametersFrom": "events",
     "expect": {"entityType": "event", "match": ["org", "app", "env", "shard"]}},
    {"name": "a kind since a day", "index": "Wide",
     "partitionKey": ["${org}", "${app}", "${env}", "${shard}"],
     "sortKey": [{"=": "${kind}"}, {">": "${day}"}],
     "parametersFrom": "events"},
    {"name": "all four sort attributes", "index": "Wide",
     "partitionKey": ["${org}", "${app}", "${env}", "${shard}"],
     "sortKey": [{"=": "${kind}"}, {"=": "${day}"}, {"=": "${source}"},
                 {"<=": "${tag}"}],
     "parametersFrom": "events"},
    {"name": "a source prefix", "index": "Wide",
     "partitionKey": ["${org}", "${app}", "${env}", "${shard}"],
     "sortKey": [{"=": "${kind}"}, {"=": "${day}"}, {"begins_with": "b"}],
     "parametersFrom": "events"},
    {"name": "classic beside it", "index": "GSI1",
     "partitionKey": "APP#${app}", "parametersFrom": "events"}
  ],
  "workload": {"seed": 5, "runs": 30, "generate": [
    {"name": "events", "entityType": "event", "count": 400, "new": ["eventId"],
     "attributes": {
       "org": {"oneOf": ["acme", "initech"]}, "app": {"oneOf": ["web", "api"]},
       "env": {"oneOf": ["prod", "dev"]}, "shard": {"int": [0, 1]},
       "kind": {"oneOf": ["click", "view"]}, "day": {"int": [1, 5]},
       "source": {"oneOf": ["alpha", "beta", "bravo"]}, "tag": {"oneOf": ["x", "y"]}}}
  ]}
})";

TEST(MultiKeyModelTest, FourByFourIndexWithNumberAndBinaryAttributes) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(kFourByFour, "events", &errors);
  ASSERT_THAT(m, IsOk());
  const IndexDefinition* wide = m->table.FindIndex("Wide");
  ASSERT_NE(wide, nullptr);
  EXPECT_EQ(wide->partition_attributes.size(), 4u);
  EXPECT_EQ(wide->sort_attributes.size(), 4u);
  EXPECT_EQ(wide->sort_attributes[3].type, ScalarAttributeType::kB);
  RunOptions options;
  StatusOr<RunReport> r = RunModel(*m, options);
  ASSERT_THAT(r, IsOk());
  ExpectAllVerified(*r);
  // Every event is in both indexes.
  ASSERT_EQ(r->indexes.size(), 3u);
  for (const IndexReport& i : r->indexes) {
    EXPECT_EQ(i.item_count, i.expected_item_count) << i.name;
  }
}

// --- Documents that do not load ---------------------------------------------

struct ErrorCase {
  const char* name;
  std::string json;
  std::vector<ModelError> errors;  // exactly these, in order
};

// A document with one GSI definition `gsi` and the entity `keys` (members
// of the item description), plus `patterns`.
std::string Doc(std::string_view gsi, std::string_view keys = "",
                std::string_view patterns = "") {
  return std::string(R"({"table": {"name": "things", "partitionKey": "PK",
      "sortKey": "SK", "globalSecondaryIndexes": [)") +
         std::string(gsi) + R"(]},
    "g": [{"PK": "g#${id}", "SK": {"m": {"entityType": "a")" +
         (keys.empty() ? "" : ", ") + std::string(keys) + R"(}}}],
    "Access Patterns": [)" +
         std::string(patterns) + "]}";
}

constexpr std::string_view kGood2x2 =
    R"({"name": "G", "partitionKey": ["t", "r"], "sortKey": ["s",
        {"name": "c", "type": "N"}]})";
constexpr std::string_view kGoodKeys =
    R"("t": "${id}", "r": "eu", "s": "OPEN", "c": "1")";

std::vector<ErrorCase> Cases() {
  return {
      {"five partition attributes",
       Doc(R"({"name": "G", "partitionKey": ["a", "b", "c", "d", "e"]})"),
       {{"/table/globalSecondaryIndexes/0/partitionKey",
         "\"partitionKey\" must be an attribute name or an array of 1 to 4 "
         "(a global secondary index's partition key has at most 4 "
         "attributes; this lists 5)"}}},
      {"five sort attributes",
       Doc(R"({"name": "G", "partitionKey": ["a"],
               "sortKey": ["b", "c", "d", "e", "f"]})"),
       {{"/table/globalSecondaryIndexes/0/sortKey",
         "\"sortKey\" must be an attribute name or an array of 1 to 4 (a "
         "global secondary index's sort key has at most 4 attributes; this "
         "lists 5)"}}},
      {"empty array",
       Doc(R"({"name": "G", "partitionKey": []})"),
       {{"/table/globalSecondaryIndexes/0/partitionKey",
         "\"partitionKey\" must be an attribute name or an array of 1 to 4 "
         "(a global secondary index's partition key has at most 4 "
         "attributes)"}}},
      {"duplicate attribute across the key",
       Doc(R"({"name": "G", "partitionKey": ["a", "b"], "sortKey": ["a"]})"),
       {{"/table/globalSecondaryIndexes/0/sortKey/0",
         "attribute \"a\" appears twice in the key of index \"G\" (each key "
         "attribute is named once)"}}},
      {"sort key without a partition key",
       Doc(R"({"name": "G", "sortKey": ["a", "b"]})"),
       {{"/table/globalSecondaryIndexes/0",
         "missing \"partitionKey\": a sort key needs a partition key (a "
         "global secondary index's key has 1 to 4 partition key "
         "attributes)"}}},
      {"unknown type",
       Doc(R"({"name": "G", "partitionKey": [{"name": "a", "type": "SS"}]})"),
       {{"/table/globalSecondaryIndexes/0/partitionKey/0/type",
         "a key attribute's type is \"S\", \"N\" or \"B\", not \"SS\""}}},
      {"element neither a name nor an object",
       Doc(R"({"name": "G", "partitionKey": ["a", 7]})"),
       {{"/table/globalSecondaryIndexes/0/partitionKey/1",
         "a key attribute is an attribute name or {\"name\", \"type\"}"}}},
      {"empty attribute name",
       Doc(R"({"name": "G", "partitionKey": ["a", ""]})"),
       {{"/table/globalSecondaryIndexes/0/partitionKey/1",
         "an attribute name must not be empty"}}},
      {"a table key attribute declared N",
       Doc(R"({"name": "G", "partitionKey": [{"name": "SK", "type": "N"}]})"),
       {{"/table/globalSecondaryIndexes/0/partitionKey/0",
         "attribute \"SK\" is N here but S in the table (an attribute has "
         "one type in every key)"}}},
      {"two indexes disagree on a type",
       Doc(std::string(kGood2x2) +
           R"(, {"name": "H", "partitionKey": [{"name": "c", "type": "B"}]})"),
       {{"/table/globalSecondaryIndexes/1/partitionKey/0",
         "attribute \"c\" is B here but N in index G (an attribute has one "
         "type in every key)"}}},
      {"an entity gives some key attributes but not all",
       Doc(kGood2x2, R"("t": "${id}", "r": "eu")"),
       {{"/g/0/SK/m/t",
         "an item is in G only when it has every key attribute of the "
         "index; this shape has no template for s, c"}}},
      {"a key attribute made from a binding of its own name",
       Doc(kGood2x2, R"("t": "T#${t}", "r": "eu", "s": "OPEN", "c": "1")"),
       {{"/g/0/SK/m/t",
         "key attribute t is made from ${t}, a binding of the same name, so "
         "its template must be exactly \"${t}\" (or the placeholder named "
         "otherwise)"}}},
      {"a pattern gives one partition template for two attributes",
       Doc(kGood2x2, kGoodKeys,
           R"({"name": "p", "index": "G", "partitionKey": "${id}"})"),
       {{"/Access Patterns/0/partitionKey",
         "pattern 1 (\"p\"): index \"G\" has 2 partition key attributes (t, "
         "r): \"partitionKey\" must be an array of 2 templates, one for each "
         "(a Query gives every partition key attribute with =)"}}},
      {"a range condition before the last",
       Doc(kGood2x2, kGoodKeys,
           R"({"name": "p", "index": "G", "partitionKey": ["x", "eu"],
               "sortKey": [{">": "A"}, {"=": "1"}]})"),
       {{"/Access Patterns/0/sortKey/0/>",
         "pattern 1 (\"p\"): only the last condition may be \">\": s is "
         "followed by a condition on c, so it needs \"=\" (sort key "
         "attributes are constrained left to right)"}}},
      {"more conditions than sort attributes",
       Doc(kGood2x2, kGoodKeys,
           R"({"name": "p", "index": "G", "partitionKey": ["x", "eu"],
               "sortKey": [{"=": "A"}, {"=": "1"}, {"=": "2"}]})"),
       {{"/Access Patterns/0/sortKey",
         "pattern 1 (\"p\"): index \"G\" has 2 sort key attributes: "
         "\"sortKey\" must be an array of 1 to 2 conditions on them, left to "
         "right ({\"=\": ...} on each but the last)"}}},
      {"begins_with on a number",
       Doc(kGood2x2, kGoodKeys,
           R"({"name": "p", "index": "G", "partitionKey": ["x", "eu"],
               "sortKey": [{"=": "OPEN"}, {"begins_with": "1"}]})"),
       {{"/Access Patterns/0/sortKey/1/begins_with",
         "pattern 1 (\"p\"): begins_with needs an S or B attribute; c is "
         "N"}}},
      {"an array of templates on a classic index",
       Doc(R"({"name": "G", "partitionKey": "PK1", "sortKey": "SK1"})",
           R"("PK1": "x", "SK1": "y")",
           R"({"name": "p", "index": "G", "partitionKey": ["x", "y"]})"),
       {{"/Access Patterns/0/partitionKey",
         "pattern 1 (\"p\"): index \"G\" has one partition key attribute: "
         "give one template (an array of templates is for a "
         "multi-attribute key)"}}},
  };
}

TEST(MultiKeyModelTest, MalformedDefinitionsEntitiesAndPatterns) {
  for (const ErrorCase& c : Cases()) {
    SCOPED_TRACE(c.name);
    std::vector<ModelError> errors;
    StatusOr<Model> m = LoadModel(c.json, "test", &errors);
    EXPECT_FALSE(m.ok());
    EXPECT_EQ(errors, c.errors);
  }
}

TEST(MultiKeyModelTest, AValidTwoByTwoDocumentLoads) {
  std::vector<ModelError> errors;
  StatusOr<Model> m =
      LoadModel(Doc(kGood2x2, kGoodKeys,
                    R"({"name": "p", "index": "G", "partitionKey": ["x", "eu"],
              "sortKey": [{"=": "OPEN"}, {"between": ["1", "2"]}]})"),
                "test", &errors);
  ASSERT_THAT(m, IsOk());
  EXPECT_THAT(errors, ::testing::IsEmpty());
  EXPECT_THAT(m->patterns[0].matching_entity_types, ElementsAre("a"));
}

TEST(MultiKeyModelTest, TypedKeyValue) {
  EXPECT_THAT(TypedKeyValue(ScalarAttributeType::kN, "12"), IsOk());
  EXPECT_FALSE(TypedKeyValue(ScalarAttributeType::kN, "twelve").ok());
  EXPECT_FALSE(TypedKeyValue(ScalarAttributeType::kS, "").ok());
  StatusOr<AttributeValue> b = TypedKeyValue(ScalarAttributeType::kB, "ab");
  ASSERT_THAT(b, IsOk());
  EXPECT_EQ(b->b(), "ab");
  // Distinct tuples, distinct texts.
  EXPECT_NE(MultiKeyText({AttributeValue::S("a|b"), AttributeValue::S("c")}),
            MultiKeyText({AttributeValue::S("a"), AttributeValue::S("b|c")}));
}

}  // namespace
}  // namespace eddy::model
