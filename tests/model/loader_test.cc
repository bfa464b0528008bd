// Copyright 2026 The eddy Authors.
//
// The model loader and validator: the seed's document as published and
// model/kayak.json load; every malformed case gives its exact message at its
// JSON pointer.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/model.h"

namespace eddy::model {

// gtest printer (found by argument-dependent lookup).
void PrintTo(const ModelError& e, std::ostream* os) { *os << e.ToString(); }

namespace {

using ::testing::ElementsAre;

const std::string kSourceDir = EDDY_SOURCE_DIR;

// The errors of a document that must not load.
std::vector<ModelError> Errors(std::string_view json) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(json, "test", &errors);
  EXPECT_FALSE(m.ok()) << json;
  if (!m.ok()) {
    EXPECT_FALSE(errors.empty());
    // The status carries the first error.
    if (!errors.empty()) {
      EXPECT_EQ(m.status().message(), errors.front().ToString());
    }
  }
  return errors;
}

Model Load(std::string_view json) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModel(json, "test", &errors);
  EXPECT_THAT(m, IsOk());
  for (const ModelError& e : errors) ADD_FAILURE() << e.ToString();
  return m.ok() ? *std::move(m) : Model();
}

TEST(LoaderTest, TheSeedDocumentAsPublishedLoads) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModelFile(
      kSourceDir + "/tests/model/testdata/kayak_seed.json", &errors);
  ASSERT_THAT(m, IsOk());
  EXPECT_TRUE(errors.empty());
  EXPECT_EQ(m->name, "kayak_seed");
  EXPECT_FALSE(m->table.declared);
  EXPECT_EQ(m->table.name, "kayak_seed");
  ASSERT_EQ(m->table.global_secondary_indexes.size(), 6u);
  for (int n = 1; n <= 6; ++n) {
    const IndexDefinition& g = m->table.global_secondary_indexes[n - 1];
    EXPECT_EQ(g.name, "GSI" + std::to_string(n));
    EXPECT_EQ(g.partition_key, "PK" + std::to_string(n));
    EXPECT_EQ(g.sort_key, "SK" + std::to_string(n));
    EXPECT_EQ(g.projection, ProjectionType::kAll);
  }
  std::vector<std::string> types;
  for (const EntityShape& s : m->entities) types.push_back(s.entity_type);
  EXPECT_THAT(
      types, ElementsAre("storeMetadata", "storeEmployee", "storeInventoryItem",
                         "storeActiveRental", "personMetadata",
                         "employmentRelationship", "rentalRelationship"));
  EXPECT_EQ(m->patterns.size(), 8u);
  EXPECT_EQ(m->executable_pattern_count(), 0);  // plain strings: documentation
  EXPECT_EQ(m->patterns[0].name, "get the location of all rental stores");
  const EntityShape* rental = m->FindEntity("rentalRelationship");
  ASSERT_NE(rental, nullptr);
  EXPECT_EQ(rental->pointer, "/relationships/1/SK/metadata");
  EXPECT_EQ(rental->indexes.size(), 4u);
  EXPECT_EQ(rental->comments.size(), 4u);
  EXPECT_FALSE(m->workload.has_value());
}

TEST(LoaderTest, KayakModelLoadsWithEightExecutablePatterns) {
  std::vector<ModelError> errors;
  StatusOr<Model> m = LoadModelFile(kSourceDir + "/model/kayak.json", &errors);
  ASSERT_THAT(m, IsOk());
  EXPECT_EQ(m->name, "kayak");
  EXPECT_TRUE(m->table.declared);
  EXPECT_EQ(m->table.global_secondary_indexes.size(), 6u);
  EXPECT_EQ(m->executable_pattern_count(), 8);
  ASSERT_TRUE(m->workload.has_value());
  EXPECT_EQ(m->workload->entries.size(), 9u);
  // The overlap analysis finds exactly the intended entity type per pattern.
  const char* kMatches[] = {"storeMetadata",          "storeInventoryItem",
                            "storeEmployee",          "employmentRelationship",
                            "employmentRelationship", "storeActiveRental",
                            "rentalRelationship",     "rentalRelationship"};
  for (int i = 0; i < 8; ++i) {
    EXPECT_THAT(m->patterns[i].matching_entity_types, ElementsAre(kMatches[i]))
        << m->patterns[i].name;
  }
  EXPECT_EQ(m->patterns[6].KeyConditionText(m->table),
            "PK3 = \"${version}#rentalPersonLocation#${personULID}\" AND SK3 = "
            "\"${version}#rentalLocationPerson#${storeULID}\"");
  EXPECT_EQ(m->patterns[1].KeyConditionText(m->table),
            "PK = \"${version}#store#storeULID#${storeULID}\" AND "
            "begins_with(SK, \"inventory#metadata#inventoryULID#\")");
}

TEST(LoaderTest, MissingFile) {
  EXPECT_THAT(LoadModelFile("/nonexistent/model.json"),
              StatusIs(ErrorCode::kResourceNotFound, "cannot read model file"));
}

TEST(LoaderTest, JsonPointerEscaping) {
  EXPECT_EQ(JsonPointerEscape("a/b~c"), "a~1b~0c");
  EXPECT_EQ(JsonPointerEscape("Access Patterns"), "Access Patterns");
  EXPECT_EQ((ModelError{"", "x"}).ToString(), "(document): x");
  EXPECT_EQ((ModelError{"/a/0", "x"}).ToString(), "/a/0: x");
}

// --- Documents that do not load, one case each
// --------------------------------

struct ErrorCase {
  const char* name;
  const char* json;
  std::vector<ModelError> errors;  // exactly these, in order
};

const ErrorCase kErrorCases[] = {
    {"malformed PK template",
     R"({"g": [{"PK": "${v", "SK": {"metadata": {"entityType": "a"}}}]})",
     {{"/g/0/PK", "malformed template: unterminated placeholder at offset 0"}}},
    {"malformed SK template (a member name)",
     R"({"g": [{"PK": "g#${id}", "SK": {"x#${}": {"entityType": "a"}}}]})",
     {{"/g/0/SK/x#${}",
       "malformed template: empty placeholder name at offset 2"}}},
    {"malformed index template",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
         "PK1": "all#${a}${b}", "SK1": "x"}}}]})",
     {{"/g/0/SK/metadata/PK1",
       "malformed template: placeholders ${a} and ${b} are adjacent at offset "
       "8: separate them with literal text"}}},
    {"template that is not a string",
     R"({"g": [{"PK": 7, "SK": {"metadata": {"entityType": "a"}}}]})",
     {{"/g/0/PK", "a key template must be a string"}}},
    {"PKn without SKn",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
         "PK1": "all"}}}]})",
     {{"/g/0/SK/metadata/PK1",
       "PK1 without SK1: an item is in GSI1 only when it has both keys"}}},
    {"SKn without PKn",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
         "SK2": "x#${id}"}}}]})",
     {{"/g/0/SK/metadata/SK2",
       "SK2 without PK2: an item is in GSI2 only when it has both keys"}}},
    {"duplicate entityType",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "h": [{"PK": "h#${id}", "SK": {"metadata": {"entityType": "a"}}}]})",
     {{"/h/0/SK/metadata/entityType",
       "duplicate entityType \"a\" (also at /g/0/SK/metadata)"}}},
    {"index number the table does not define",
     R"({"table": {"name": "t1", "partitionKey": "PK", "sortKey": "SK",
                   "globalSecondaryIndexes": [
                     {"name": "GSI1", "partitionKey": "PK1", "sortKey": "SK1"}]},
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
               "PK7": "all", "SK7": "${id}"}}}]})",
     {{"/g/0/SK/metadata/PK7",
       "PK7 names index 7, which the table does not define (it defines GSI1)"},
      {"/g/0/SK/metadata/SK7",
       "SK7 names index 7, which the table does not define (it defines "
       "GSI1)"}}},
    {"two shapes that can produce the same primary key",
     R"({"g": [{"PK": "${v}#item#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "h": [{"PK": "${v}#${kind}#${id}", "SK": {"metadata": {"entityType": "b"}}}]})",
     {{"/h/0/SK/metadata",
       "entityType \"b\" can have the same primary key as entityType \"a\" "
       "(/g/0/SK/metadata): both can produce PK \"x#item#x\", SK "
       "\"metadata\""}}},
    {"overlap within one group, through the sort key",
     R"({"g": [{"PK": "g#${id}", "SK": {"order#${n}": {"entityType": "a"},
                                         "${kind}#7": {"entityType": "b"}}}]})",
     {{"/g/0/SK/${kind}#7",
       "entityType \"b\" can have the same primary key as entityType \"a\" "
       "(/g/0/SK/order#${n}): both can produce PK \"g#x\", SK \"order#7\""}}},
    {"missing entityType",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"_comment": "x"}}}]})",
     {{"/g/0/SK/metadata", "missing \"entityType\""}}},
    {"unknown member in an item description",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
         "Pk1": "x"}}}]})",
     {{"/g/0/SK/metadata/Pk1",
       "unknown member \"Pk1\" (did you mean \"PK1\"?)"}}},
    {"unknown member in an item description, unlike any",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
         "colour": "x"}}}]})",
     {{"/g/0/SK/metadata/colour",
       "unknown member \"colour\" (an item description has entityType, index "
       "key templates such as PK1/SK1, and _comment fields)"}}},
    {"duplicate JSON member (a sort-key template written twice)",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"},
                                         "metadata": {"entityType": "b"}}}]})",
     {{"/g/0/SK/metadata", "duplicate member \"metadata\""}}},
    {"not an object",
     R"([1, 2])",
     {{"", "a model document must be a JSON object"}}},
    {"group that is not an array",
     R"({"g": {"PK": "x"}})",
     {{"/g", "an entity group must be an array of {\"PK\", \"SK\"} objects"}}},
    {"SK that is not an object",
     R"({"g": [{"PK": "g", "SK": "metadata"}]})",
     {{"/g/0/SK",
       "\"SK\" must be a non-empty object mapping sort-key templates to item "
       "descriptions"}}},
    {"pattern on an undefined index",
     R"({"Access Patterns": [{"name": "p", "index": "GSI9", "partitionKey": "all"}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
               "PK1": "all", "SK1": "${id}"}}}]})",
     {{"/Access Patterns/0/index",
       "pattern 1 (\"p\"): index \"GSI9\" is not defined by the table (did "
       "you mean \"GSI1\"?)"}}},
    {"pattern whose key condition no shape can satisfy",
     R"({"Access Patterns": [
           "plain strings are documentation",
           {"name": "p", "index": "GSI1", "partitionKey": "everything"},
           {"name": "q", "partitionKey": "g#${id}",
            "sortKey": {"begins_with": "order#"}}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
               "PK1": "all", "SK1": "${id}"}}}]})",
     {{"/Access Patterns/1/partitionKey",
       "pattern 2 (\"p\"): no entity shape writes GSI1 keys that can satisfy "
       "this key condition"},
      // The partition key matches a shape: the sort-key condition is at
      // fault.
      {"/Access Patterns/2/sortKey",
       "pattern 3 (\"q\"): no entity shape writes table keys that can "
       "satisfy this key condition"}}},
    {"pattern with an unknown sort-key operator (pointer escaping)",
     R"({"Access Patterns": [{"name": "p", "partitionKey": "g#${id}",
                              "sortKey": {"~/": "x"}}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}]})",
     {{"/Access Patterns/0/sortKey/~0~1",
       "pattern 1 (\"p\"): unknown sort-key operator \"~/\" (use =, <, <=, >, "
       ">=, begins_with or between)"}}},
    {"pattern with a filter and no expect; consistent read on a GSI",
     R"({"Access Patterns": [{"name": "p", "index": "GSI1", "partitionKey": "all",
                              "consistentRead": true,
                              "filter": {"expression": "#k = :k",
                                         "names": {"#k": "kind"},
                                         "values": {":k": "kayak"}}}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a",
               "PK1": "all", "SK1": "${id}"}}}]})",
     {{"/Access Patterns/0/consistentRead",
       "pattern 1 (\"p\"): consistent reads are not supported on global "
       "secondary indexes"},
      {"/Access Patterns/0/filter",
       "pattern 1 (\"p\"): a pattern with a filter needs \"expect\" so that "
       "its results can be verified"}}},
    {"pattern with a misspelt member",
     R"({"Access Patterns": [{"name": "p", "partitionkey": "g#${id}"}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}]})",
     // Not also "missing partitionKey": the misspelling is the error.
     {{"/Access Patterns/0/partitionkey",
       "pattern 1 (\"p\"): unknown member \"partitionkey\" (did you mean "
       "\"partitionKey\"?)"}}},
    {"pattern with an unknown member unlike any",
     R"({"Access Patterns": [{"name": "p", "partitionKey": "g#${id}",
                              "colour": "red"}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}]})",
     {{"/Access Patterns/0/colour",
       "pattern 1 (\"p\"): unknown member \"colour\" (an access pattern has "
       "name, index, partitionKey, sortKey, filter, parametersFrom, expect, "
       "scanIndexForward, consistentRead, limit, partiql)"}}},
    {"generator entry that leaves a key placeholder without a value",
     R"({"g": [{"PK": "${v}#g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "workload": {"constants": {"v": "v1"},
                      "generate": [{"name": "things", "entityType": "a", "count": 3}]}})",
     {{"/workload/generate/0",
       "entityType \"a\" needs a value for ${id}, which this entry does not "
       "bind (bind it with \"new\", \"pick\" or \"per\", or define it in "
       "\"constants\")"}}},
    {"generator entries: unknown per, a binding given twice",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "h": [{"PK": "h#${id}", "SK": {"x#${other}": {"entityType": "b"}}}],
         "workload": {"generate": [
           {"name": "as", "entityType": "a", "count": 3, "new": ["id"]},
           {"name": "bs", "entityType": "b", "per": "cs", "count": 1},
           {"name": "bs2", "entityType": "b", "per": "as", "count": 1,
            "new": ["id", "other"]}]}})",
     {{"/workload/generate/1/per",
       "\"per\" must name an earlier generator entry; \"cs\" is not one (did "
       "you mean \"as\"?)"},
      {"/workload/generate/2/new/0",
       "${id} is bound twice (by per \"as\" and by new)"}}},
    {"counts out of range",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "workload": {"clock": {"stepMillis": [0, 86400001]},
                      "generate": [{"name": "as", "entityType": "a",
                                    "count": 1000000001, "new": ["id"]},
                                   {"name": "bs", "entityType": "a",
                                    "count": [5, 2], "new": ["id"]}]}})",
     {{"/workload/clock/stepMillis", "must be from 0 to 86400000"},
      {"/workload/generate/0/count", "must be from 0 to 1000000000"},
      {"/workload/generate/1/count",
       "must be from 0 to 1000000000, with min <= max"}}},
    {"constant outside the value domain",
     R"({"g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "workload": {"constants": {"v": "a#b"},
                      "generate": [{"name": "as", "entityType": "a", "count": 1,
                                    "new": ["id"]}]}})",
     {{"/workload/constants/v",
       "placeholder ${v} has value \"a#b\": values must be non-empty and must "
       "not contain '#'"}}},
    {"pattern placeholder that its parameters do not bind",
     R"({"Access Patterns": [{"name": "p", "partitionKey": "g#${id}",
                              "sortKey": {"=": "x#${other}"},
                              "parametersFrom": "as",
                              "expect": {"entityType": "a", "match": ["nope"]}}],
         "g": [{"PK": "g#${id}", "SK": {"x#${other}": {"entityType": "a"}}}],
         "workload": {"generate": [{"name": "as", "entityType": "a", "count": 1,
                                    "new": ["id"], "attributes": {"extra": 1}}]}})",
     // ${other} is the entry's error, not also the pattern's. (Errors come
     // in document order.)
     {{"/Access Patterns/0/expect/match/0",
       "pattern 1 (\"p\"): ${nope} is not a parameter of this pattern"},
      {"/workload/generate/0",
       "entityType \"a\" needs a value for ${other}, which this entry does not "
       "bind (bind it with \"new\", \"pick\" or \"per\", or define it in "
       "\"constants\")"}}},
    {"pattern parameters",
     R"({"Access Patterns": [{"name": "p", "partitionKey": "g#${id}",
                              "sortKey": {"=": "x#${other}"},
                              "parametersFrom": "as",
                              "expect": {"entityType": "a", "match": ["nope"]}}],
         "g": [{"PK": "g#${id}", "SK": {"x#${other}": {"entityType": "a"}}}],
         "workload": {"generate": [{"name": "as", "entityType": "a", "count": 1,
                                    "new": ["id", "other"]}],
                      "seed": -1}})",
     {{"/Access Patterns/0/expect/match/0",
       "pattern 1 (\"p\"): ${nope} is not a parameter of this pattern"},
      {"/workload/seed", "\"seed\" must be a non-negative integer"}}},
    {"pattern without parameters",
     R"({"Access Patterns": [{"name": "p", "partitionKey": "g#${id}"}],
         "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
         "workload": {"generate": [{"name": "as", "entityType": "a", "count": 1,
                                    "new": ["id"]}]}})",
     {{"/Access Patterns/0/partitionKey",
       "pattern 1 (\"p\"): ${id} has no value: the pattern has no "
       "\"parametersFrom\" and it is not a constant"}}},
};

TEST(LoaderTest, ErrorCases) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.name);
    std::vector<ModelError> errors = Errors(c.json);
    EXPECT_EQ(errors, c.errors);
  }
}

TEST(LoaderTest, NotJson) {
  // The text after the position is nlohmann/json's.
  std::vector<ModelError> errors = Errors(R"({"g": [})");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].pointer, "");
  EXPECT_THAT(
      errors[0].message,
      ::testing::StartsWith("invalid JSON: parse error at line 1, column 8: "));
}

// Text nested past 256 levels is refused before it is parsed (its parsed
// document would cost ~100 times the text), and at 256 it is parsed.
TEST(LoaderTest, TooDeeplyNested) {
  std::vector<ModelError> errors =
      Errors(std::string(100000, '[') + std::string(100000, ']'));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].pointer, "");
  EXPECT_EQ(errors[0].message,
            "invalid JSON: nested more than 256 levels deep");
  errors =
      Errors(R"({"g": )" + std::string(255, '[') + std::string(255, ']') + "}");
  ASSERT_FALSE(errors.empty());
  EXPECT_THAT(errors[0].message,
              ::testing::Not(::testing::HasSubstr("levels deep")));
}

TEST(LoaderTest, DerivedTableUsesEveryIndexNumber) {
  Model m = Load(R"({"g": [{"PK": "g#${id}", "SK": {
      "metadata": {"entityType": "a", "PK3": "all", "SK3": "${id}"},
      "child#${c}": {"entityType": "b", "PK12": "c#${c}", "SK12": "${id}"}}}]})");
  ASSERT_EQ(m.table.global_secondary_indexes.size(), 2u);
  EXPECT_EQ(m.table.global_secondary_indexes[0].name, "GSI3");
  EXPECT_EQ(m.table.global_secondary_indexes[1].name, "GSI12");
  EXPECT_EQ(m.table.name, "test");
  EXPECT_EQ(m.entities[1].indexes[0].index_name, "GSI12");
}

TEST(LoaderTest, DeclaredIndexWithoutSortKeyAndCustomKeyNames) {
  Model m = Load(R"({
      "table": {"name": "t1", "partitionKey": "pk", "sortKey": "sk",
                "globalSecondaryIndexes": [
                  {"name": "byEmail", "partitionKey": "email", "projection": "KEYS_ONLY"},
                  {"name": "byKind", "partitionKey": "kindPK", "sortKey": "kindSK",
                   "projection": ["name"]}]},
      "Access Patterns": [{"name": "user by email", "index": "byEmail",
                           "partitionKey": "email#${e}"}],
      "g": [{"PK": "user#${id}", "SK": {"metadata": {"entityType": "user",
            "email": "email#${e}", "kindPK": "users", "kindSK": "${id}"}}}]})");
  ASSERT_EQ(m.entities.size(), 1u);
  ASSERT_EQ(m.entities[0].indexes.size(), 2u);
  EXPECT_FALSE(m.entities[0].indexes[0].sort_key.has_value());
  EXPECT_EQ(m.table.global_secondary_indexes[0].projection,
            ProjectionType::kKeysOnly);
  EXPECT_EQ(m.table.global_secondary_indexes[1].projection,
            ProjectionType::kInclude);
  EXPECT_THAT(m.table.global_secondary_indexes[1].non_key_attributes,
              ElementsAre("name"));
  EXPECT_THAT(m.patterns[0].matching_entity_types, ElementsAre("user"));
}

TEST(LoaderTest, ExecutablePatternMembers) {
  Model m = Load(R"({
      "Access Patterns": [
        {"name": "orders in a range", "partitionKey": "c#${id}",
         "sortKey": {"between": ["order#2024-01", "order#2024-02"]},
         "scanIndexForward": false, "limit": 10, "consistentRead": true,
         "filter": {"expression": "#s = :s AND amount > :a",
                    "names": {"#s": "status"},
                    "values": {":s": "open", ":a": 10}},
         "expect": {"entityType": "order", "attributes": {"status": "open"}}}],
      "g": [{"PK": "c#${id}", "SK": {"order#${date}": {"entityType": "order"}}}]})");
  const AccessPattern& p = m.patterns[0];
  ASSERT_TRUE(p.sort_key.has_value());
  EXPECT_EQ(p.sort_key->op, SortKeyOp::kBetween);
  EXPECT_EQ(p.sort_key->high->text(), "order#2024-02");
  EXPECT_FALSE(p.scan_index_forward);
  EXPECT_TRUE(p.consistent_read);
  EXPECT_EQ(p.limit, 10);
  ASSERT_TRUE(p.filter.has_value());
  EXPECT_EQ(p.filter->values.size(), 2u);
  EXPECT_EQ(p.filter->values[1].second, AttributeValue::N(10));
  EXPECT_EQ(p.KeyConditionText(m.table),
            "PK = \"c#${id}\" AND SK BETWEEN \"order#2024-01\" AND "
            "\"order#2024-02\"");
}

}  // namespace
}  // namespace eddy::model
