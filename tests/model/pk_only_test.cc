// Copyright 2026 The eddy Authors.
//
// Tables keyed by their partition key alone (#23): a seed document without a
// table sortKey (entities give an "item" in place of their "SK" object)
// loads, generates items without a sort-key attribute, creates a HASH-only
// table, runs every pattern verified and is costed; its malformed variants
// are reported with pointers; it converts to Workbench and to an AWS schema
// and back keeping every shape and index; and an AWS schema or a Workbench
// model without a sort key loads and runs.

#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/analysis.h"
#include "model/formats/aws_schema.h"
#include "model/formats/convert.h"
#include "model/generator.h"
#include "model/profile.h"
#include "model/report.h"
#include "model/runner.h"
#include "tests/model/model_testing.h"

namespace eddy::model {
namespace {

using model_testing::Read;
using model_testing::Replace;
using model_testing::Shapes;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

Model Load(const std::string& text) {
  return model_testing::LoadOne(text, "t");
}

std::string Users() {
  return Read("tests/model/testdata/pk_only/users_pk_only.json");
}

std::vector<std::string> SeedErrors(const std::string& json) {
  std::vector<ModelError> errors;
  EXPECT_FALSE(LoadModel(json, "t", &errors).ok());
  std::vector<std::string> out;
  for (const ModelError& e : errors) out.push_back(e.ToString());
  return out;
}

TEST(PartitionKeyOnly, SeedLoadsAndCreatesAHashOnlyTable) {
  const Model m = Load(Users());
  EXPECT_EQ(m.table.sort_key, "");
  EXPECT_THAT(
      Shapes(m),
      ElementsAre("team team#${teamId} | -",
                  "user user#${userId} | - | byTeam team#${teamId} "
                  "user#${userId} | byEmail email#${userId} -",
                  "table users PK -", "byTeam PK1 SK1 0", "byEmail PK2 - 1"));
  const CreateTableRequest req = MakeCreateTableRequest(m.table, true);
  ASSERT_EQ(req.key_schema.size(), 1u);
  EXPECT_EQ(req.key_schema[0].attribute_name, "PK");
  EXPECT_EQ(req.key_schema[0].key_type, KeyType::kHash);
  for (const AttributeDefinition& d : req.attribute_definitions) {
    EXPECT_NE(d.attribute_name, "SK");
  }
  // The generated items carry no sort-key attribute.
  StatusOr<GeneratedData> data = Generate(m);
  ASSERT_THAT(data, IsOk());
  ASSERT_EQ(data->items.size(), 25u);  // 5 teams, 4 users each
  for (const GeneratedItem& g : data->items) {
    EXPECT_EQ(g.item.Find("SK"), nullptr);
    EXPECT_NE(g.item.Find("PK"), nullptr);
  }
}

TEST(PartitionKeyOnly, SeedRunsVerifiedAndIsCosted) {
  const Model m = Load(Users());
  DataProfile profile;
  RunOptions ro;
  ro.on_generated = [&](const GeneratedData& d) {
    profile = ProfileData(m, d);
  };
  StatusOr<RunReport> r = RunModel(m, ro);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ASSERT_EQ(r->patterns.size(), 4u);
  for (const PatternReport& p : r->patterns) {
    EXPECT_EQ(p.verified, p.runs) << p.name;
    EXPECT_EQ(p.runs, 5) << p.name;
  }
  EXPECT_EQ(r->patterns[0].items_total, 5);   // one user a run
  EXPECT_EQ(r->patterns[2].items_total, 20);  // four users of a team a run
  ASSERT_GE(r->indexes.size(), 3u);
  EXPECT_EQ(r->indexes[0].key_schema, "PK");
  EXPECT_EQ(r->indexes[0].item_count, 25);
  StatusOr<ModelAnalysis> a = Analyze(m, std::move(profile), *r);
  ASSERT_THAT(a, IsOk());
  // "get a user": 100 requests/s of one item under 4 KB, eventually
  // consistent: 0.5 read units each, priced from the default table.
  const RegionPrices& prices = DefaultPriceTable().regions.at("us-east-1");
  const double month = 730 * 3600.0;
  ASSERT_FALSE(a->cost.patterns.empty());
  EXPECT_DOUBLE_EQ(a->cost.patterns[0].read_units_per_request, 0.5);
  EXPECT_NEAR(a->cost.patterns[0].on_demand,
              50 * month * prices.read_per_million / 1e6, 1e-6);
  // A team (under 1 KB) writes 1 unit to the table and none to the GSIs.
  bool team = false;
  for (const WriteCost& w : a->cost.writes) {
    if (w.entity_type != "team") continue;
    team = true;
    EXPECT_DOUBLE_EQ(w.units_per_write, 1);
  }
  EXPECT_TRUE(team);
}

TEST(PartitionKeyOnly, MalformedSeedVariants) {
  // "SK" where the table has no sort key.
  EXPECT_THAT(SeedErrors(Replace(Users(),
                                 "{\"PK\": \"team#${teamId}\", \"item\": "
                                 "{\"entityType\": \"team\"}}",
                                 "{\"PK\": \"team#${teamId}\", \"SK\": {\"x\": "
                                 "{\"entityType\": \"team\"}}}")),
              Contains(HasSubstr("/team/0/SK: unknown member \"SK\"")));
  // A sort-key condition on the table.
  EXPECT_THAT(
      SeedErrors(Replace(Users(), "\"partitionKey\": \"user#${userId}\",",
                         "\"partitionKey\": \"user#${userId}\", "
                         "\"sortKey\": {\"=\": \"x\"},")),
      ElementsAre("/Access Patterns/0/sortKey: pattern 1 (\"get a user\"): "
                  "the table has no sort key"));
  // LSIs need a sort key on the table.
  EXPECT_THAT(
      SeedErrors(Replace(Users(), "\"globalSecondaryIndexes\"",
                         "\"localSecondaryIndexes\": [{\"name\": \"l\", "
                         "\"sortKey\": \"at\"}], \"globalSecondaryIndexes\"")),
      ElementsAre("/table/localSecondaryIndexes: a table without a sort key "
                  "cannot have local secondary indexes"));
  // An empty sortKey is not "no sort key".
  EXPECT_THAT(
      SeedErrors(Replace(Users(), "\"partitionKey\": \"PK\",",
                         "\"partitionKey\": \"PK\", \"sortKey\": \"\",")),
      Contains("/table/sortKey: must not be empty"));
}

TEST(PartitionKeyOnly, ConvertsThroughWorkbenchAndAwsSchemaAndBack) {
  const std::string seed = Users();
  const Model original = Load(seed);
  for (ModelFormat to : {ModelFormat::kWorkbench, ModelFormat::kAwsSchema}) {
    SCOPED_TRACE(std::string(ModelFormatName(to)));
    ConvertOptions options;
    options.to = to;
    StatusOr<std::string> out = ConvertModel(seed, "users", options);
    ASSERT_THAT(out, IsOk());
    EXPECT_EQ(DetectModelFormat(*out), to);
    EXPECT_THAT(*out, testing::Not(HasSubstr("SortKeyAlias")));
    EXPECT_THAT(*out, testing::Not(HasSubstr("\"sk_template\": \"{")));
    const Model back = Load(*out);
    EXPECT_EQ(Shapes(back), Shapes(original));
    // And on to seed: the same shapes, and it runs verified.
    options.to = ModelFormat::kSeed;
    StatusOr<std::string> again = ConvertModel(*out, "users", options);
    ASSERT_THAT(again, IsOk());
    EXPECT_THAT(*again, HasSubstr("\"item\""));
    const Model seed_back = Load(*again);
    EXPECT_EQ(Shapes(seed_back), Shapes(original));
    RunOptions ro;
    ro.runs = 3;
    StatusOr<RunReport> r = RunModel(seed_back, ro);
    ASSERT_THAT(r, IsOk());
    EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  }
}

TEST(PartitionKeyOnly, AwsSchemaWithoutSortKey) {
  const std::string schema = R"({"tables": [{
    "table_config": {"table_name": "Accounts", "partition_key": "pk"},
    "entities": {
      "Account": {
        "entity_type": "ACCOUNT",
        "pk_template": "ACCOUNT#{account_id}",
        "fields": [
          {"name": "account_id", "type": "string", "required": true},
          {"name": "email", "type": "string", "required": true}
        ],
        "access_patterns": [
          {"pattern_id": 1, "name": "get_account", "description": "by id",
           "operation": "GetItem",
           "parameters": [{"name": "account_id", "type": "string"}],
           "return_type": "single_entity"}
        ]
      }
    }
  }]})";
  StatusOr<std::vector<AwsSchemaTable>> t = LoadAwsSchema(schema, "accounts");
  ASSERT_THAT(t, IsOk());
  ASSERT_EQ(t->size(), 1u);
  EXPECT_EQ((*t)[0].model.table.sort_key, "");
  RunOptions ro;
  ro.runs = 4;
  StatusOr<RunReport> r = RunAwsSchemaTable((*t)[0], ro);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ASSERT_EQ(r->patterns.size(), 1u);
  EXPECT_EQ(r->patterns[0].verified, 4);
  EXPECT_EQ(r->patterns[0].items_total, 4);
  // An sk_template on such a table is an error at the entity.
  std::vector<ModelError> errors;
  EXPECT_FALSE(LoadAwsSchema(
                   Replace(schema, "\"pk_template\": \"ACCOUNT#{account_id}\",",
                           "\"pk_template\": \"ACCOUNT#{account_id}\", "
                           "\"sk_template\": \"A\","),
                   "accounts", &errors)
                   .ok());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].ToString(),
            "/tables/0/entities/Account/sk_template: the table has no "
            "sort_key, so an entity can have no sk_template");
}

}  // namespace
}  // namespace eddy::model
