// Copyright 2026 The eddy Authors.
//
// The model formats (model/formats/): an AWS MCP schema.json and a NoSQL
// Workbench model load as eddy models, run verified (the schema's write
// patterns checked for their effect), report their malformed variants with
// JSON pointers, and convert: seed -> Workbench -> seed and
// seed -> aws-schema -> seed keep every entity shape, key template and index.

#include <set>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/analysis.h"
#include "model/formats/aws_schema.h"
#include "model/formats/convert.h"
#include "model/formats/template_syntax.h"
#include "model/formats/workbench.h"
#include "model/generator.h"
#include "model/profile.h"
#include "model/report.h"
#include "tests/model/model_testing.h"

namespace eddy::model {
namespace {

using model_testing::Read;
using model_testing::Replace;
using model_testing::Shapes;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// A converted document loaded back.
Model Back(const std::string& text) {
  return model_testing::LoadOne(text, "back");
}

std::string Shop() {
  return Read("tests/model/testdata/formats/shop_schema.json");
}
std::string Music() {
  return Read("tests/model/testdata/formats/music_workbench.json");
}

// The errors LoadAwsSchema reports for `json`, as "pointer: message".
std::vector<std::string> AwsErrors(const std::string& json) {
  std::vector<ModelError> errors;
  StatusOr<std::vector<AwsSchemaTable>> t = LoadAwsSchema(json, "t", &errors);
  EXPECT_FALSE(t.ok());
  std::vector<std::string> out;
  for (const ModelError& e : errors) out.push_back(e.ToString());
  return out;
}

std::vector<std::string> WorkbenchErrors(const std::string& json) {
  std::vector<ModelError> errors;
  StatusOr<std::vector<WorkbenchTable>> t = LoadWorkbench(json, "t", &errors);
  EXPECT_FALSE(t.ok());
  std::vector<std::string> out;
  for (const ModelError& e : errors) out.push_back(e.ToString());
  return out;
}

TEST(TemplateSyntax, BracesAndDollars) {
  std::string seed, problem;
  std::vector<std::string> names;
  ASSERT_TRUE(
      BraceTemplateToSeed("TENANT#{t}#USER#{u}#{t}", &seed, &names, &problem));
  EXPECT_EQ(seed, "TENANT#${t}#USER#${u}#${t}");
  EXPECT_THAT(names, ElementsAre("t", "u"));
  EXPECT_EQ(SeedTemplateToBrace(seed), "TENANT#{t}#USER#{u}#{t}");
  EXPECT_EQ(SeedLiteralPrefix("ORDER#${id}"), "ORDER#");
  EXPECT_FALSE(BraceTemplateToSeed("A#{x", &seed, &names, &problem));
  EXPECT_EQ(problem, "Unmatched braces in template: 1 opening, 0 closing");
  EXPECT_FALSE(BraceTemplateToSeed("A#{}", &seed, &names, &problem));
  EXPECT_EQ(problem, "Template contains empty parameter placeholders {}");
  EXPECT_FALSE(BraceTemplateToSeed("A#{a-b}", &seed, &names, &problem));
  EXPECT_EQ(problem, "Template contains invalid parameter names: a-b");
  EXPECT_FALSE(BraceTemplateToSeed("  ", &seed, &names, &problem));
  EXPECT_EQ(problem, "Template cannot be empty");
}

TEST(Detect, ByShape) {
  EXPECT_EQ(DetectModelFormat(Shop()), ModelFormat::kAwsSchema);
  EXPECT_EQ(DetectModelFormat(Music()), ModelFormat::kWorkbench);
  EXPECT_EQ(DetectModelFormat(Read("model/kayak.json")), ModelFormat::kSeed);
  EXPECT_EQ(DetectModelFormat("not json"), ModelFormat::kSeed);
}

// Text nested past 256 levels is never parsed (its parsed document would
// cost ~100 times the text): not recognized as either format, and refused by
// either loader.
TEST(Detect, TooDeepIsNeitherFormat) {
  const std::string deep = R"({"DataModel":)" + std::string(100000, '[') +
                           std::string(100000, ']') + "}";
  EXPECT_EQ(DetectModelFormat(deep), ModelFormat::kSeed);
  for (const auto& load :
       {+[](std::string_view json, std::vector<ModelError>*errors) {
          return LoadWorkbench(json, "m", errors, nullptr).status();
        },
        +[](std::string_view json, std::vector<ModelError>*errors) {
          return LoadAwsSchema(json, "m", errors, nullptr).status();
        }}) {
    std::vector<ModelError> errors;
    const Status s = load(deep, &errors);
    EXPECT_FALSE(s.ok());
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].message,
              "invalid JSON: nested more than 256 levels deep");
  }
}

TEST(AwsSchema, LoadsAsAModel) {
  std::vector<std::string> warnings;
  StatusOr<std::vector<AwsSchemaTable>> tables =
      LoadAwsSchema(Shop(), "shop", nullptr, &warnings);
  ASSERT_THAT(tables, IsOk());
  ASSERT_EQ(tables->size(), 1u);
  const AwsSchemaTable& t = (*tables)[0];
  EXPECT_EQ(t.table_name, "Shop");
  const Model& m = t.model;
  EXPECT_EQ(m.name, "shop.Shop");
  EXPECT_EQ(m.table.partition_key, "pk");
  ASSERT_EQ(m.table.global_secondary_indexes.size(), 2u);
  EXPECT_EQ(m.table.global_secondary_indexes[1].projection,
            ProjectionType::kInclude);
  const EntityShape* order = m.FindEntity("Order");
  ASSERT_NE(order, nullptr);
  EXPECT_EQ(order->partition_key.text(), "ORDERS#${customer_id}");
  EXPECT_EQ(order->sort_key.text(), "ORDER#${order_id}");
  ASSERT_EQ(order->indexes.size(), 1u);
  EXPECT_EQ(order->indexes[0].partition_key.text(), "STATUS#${status}");
  // 5 queries (one a GetItem), a Scan, and 4 writes.
  EXPECT_EQ(m.patterns.size(), 5u);
  EXPECT_EQ(m.executable_pattern_count(), 5);
  ASSERT_EQ(t.reads.size(), 2u);
  EXPECT_EQ(t.reads[0].operation, "Scan");
  EXPECT_EQ(t.reads[1].operation, "BatchGetItem");
  ASSERT_EQ(t.writes.size(), 4u);
  EXPECT_EQ(t.writes[0].operation, "PutItem");
  EXPECT_EQ(t.writes[1].operation, "UpdateItem");
  EXPECT_THAT(t.writes[1].update_fields, ElementsAre("email"));
  // The array field is a list now: nothing to warn about.
  EXPECT_THAT(warnings, testing::Not(testing::Contains(HasSubstr("\'tags\'"))));
  // The seed form loads on its own.
  EXPECT_THAT(LoadModel(t.seed_json, "x"), IsOk());
}

TEST(AwsSchema, RunsVerifiedWithWrites) {
  StatusOr<std::vector<AwsSchemaTable>> tables = LoadAwsSchema(Shop(), "shop");
  ASSERT_THAT(tables, IsOk());
  RunOptions options;
  options.runs = 20;
  StatusOr<RunReport> r = RunAwsSchemaTable((*tables)[0], options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ASSERT_EQ(r->patterns.size(), 11u);
  int writes = 0;
  for (const PatternReport& p : r->patterns) {
    if (!p.executable || !p.skipped.empty()) continue;
    EXPECT_EQ(p.verified, p.runs) << p.name;
    if (!p.IsWrite()) {
      EXPECT_GT(p.read_units_total, 0) << p.name;
      continue;
    }
    ++writes;
    EXPECT_GT(p.write_units_total, 0) << p.name;
  }
  EXPECT_EQ(writes, 4);
  // The Scan (after the queries, before the writes) read every item.
  const PatternReport& scan = r->patterns[5];
  EXPECT_THAT(scan.name, HasSubstr("[Scan"));
  EXPECT_EQ(scan.verified, scan.runs);
  EXPECT_EQ(scan.items_total, r->load.items * scan.runs);
  // The BatchGetItem read 25 products a run, each as generated.
  const PatternReport& get = r->patterns[6];
  EXPECT_THAT(get.name, HasSubstr("[BatchGetItem"));
  EXPECT_EQ(get.verified, get.runs);
  EXPECT_EQ(get.items_total, 25 * get.runs);
  EXPECT_DOUBLE_EQ(get.read_units_total, 0.5 * 25 * get.runs);
  // The BatchWriteItem runs write 25 items each; an Order also writes its
  // GSI, so each costs 2 WCU (1 KB or less).
  const PatternReport& batch = r->patterns.back();
  EXPECT_EQ(batch.operation, "BatchWriteItem");
  EXPECT_EQ(batch.items_total, 25 * batch.runs);
  EXPECT_DOUBLE_EQ(batch.write_units_total, 2.0 * 25 * batch.runs);
  EXPECT_THAT(FormatReportText(*r),
              HasSubstr("25.0 written per run   WCU 50.00"));
}

// The schema means `STATUS#{status}` to be the order's own status field:
// the generated status (one of a few values of the field's type) is the
// attribute and the index key alike, so an index partition holds many
// orders; array and object fields are lists and maps.
TEST(AwsSchema, IndexKeysComeFromTheItemsFieldsAndArraysAreLists) {
  const std::string shop =
      Replace(Shop(), "{\"name\": \"gift\", \"type\": \"boolean\"",
              "{\"name\": \"address\", \"type\": \"object\", \"required\": "
              "false}, {\"name\": \"gift\", \"type\": \"boolean\"");
  StatusOr<std::vector<AwsSchemaTable>> tables = LoadAwsSchema(shop, "shop");
  ASSERT_THAT(tables, IsOk());
  const Model& m = (*tables)[0].model;
  StatusOr<GeneratedData> data = Generate(m);
  ASSERT_THAT(data, IsOk());
  std::set<std::string> statuses;
  int orders = 0;
  for (const GeneratedItem& g : data->items) {
    if (m.entities[g.shape].entity_type != "Order") continue;
    ++orders;
    const AttributeValue* status = g.item.Find("status");
    ASSERT_NE(status, nullptr);
    ASSERT_TRUE(status->is(AttributeType::kS));
    statuses.insert(status->s());
    EXPECT_EQ(g.item.Find("gsi1pk")->s(), "STATUS#" + status->s());
    const AttributeValue* tags = g.item.Find("tags");
    ASSERT_NE(tags, nullptr);
    ASSERT_TRUE(tags->is(AttributeType::kL));
    EXPECT_GE(tags->l().size(), 1u);
    EXPECT_LE(tags->l().size(), 4u);
    for (const AttributeValue& t : tags->l()) {
      EXPECT_TRUE(t.is(AttributeType::kS));
    }
    const AttributeValue* address = g.item.Find("address");
    ASSERT_NE(address, nullptr);
    ASSERT_TRUE(address->is(AttributeType::kM));
    EXPECT_NE(address->m().Find("id"), nullptr);
  }
  EXPECT_GT(orders, 50);
  EXPECT_LE(statuses.size(), 8u);
  EXPECT_GE(statuses.size(), 2u);
  // The status query is verified over those shared partitions.
  RunOptions options;
  options.runs = 10;
  StatusOr<RunReport> r = RunAwsSchemaTable((*tables)[0], options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  for (const PatternReport& p : r->patterns) {
    if (p.name.find("get_orders_by_status") == std::string::npos) continue;
    EXPECT_EQ(p.verified, p.runs);
    EXPECT_GT(p.items_min, 1) << "a status holds several orders";
  }
  // Back to an AWS schema: status keeps its field, the list its item type.
  const std::string back = ModelToAwsSchema(m);
  EXPECT_THAT(back, HasSubstr("\"item_type\": \"string\""));
  EXPECT_THAT(back, HasSubstr("\"type\": \"object\""));
}

// A Scan pattern is reported as the Scan it is ("scan"), not as a query
// that reads everything ("full-read").
TEST(AwsSchema, ScanPatternsAreReviewedAsScans) {
  StatusOr<std::vector<AwsSchemaTable>> tables = LoadAwsSchema(Shop(), "shop");
  ASSERT_THAT(tables, IsOk());
  const Model& m = (*tables)[0].model;
  RunOptions options;
  options.runs = 5;
  DataProfile profile;
  options.on_generated = [&](const GeneratedData& data) {
    profile = ProfileData(m, data);
  };
  StatusOr<RunReport> r = RunAwsSchemaTable((*tables)[0], options);
  ASSERT_THAT(r, IsOk());
  AnalysisOptions a;
  a.review.full_read_items = 1;  // so that a Scan would qualify
  StatusOr<ModelAnalysis> analysis = Analyze(m, profile, *r, a);
  ASSERT_THAT(analysis, IsOk());
  int scans = 0;
  for (const Finding& f : analysis->findings) {
    if (f.check == "scan") {
      ++scans;
      EXPECT_EQ(f.subject, "pattern 6");
      EXPECT_THAT(f.message, HasSubstr("is a Scan of the table: "));
      EXPECT_THAT(f.message, HasSubstr("100% of its"));
      EXPECT_GT(f.figure, 0);
    }
    if (f.check == "full-read") {
      EXPECT_NE(f.subject, "pattern 6");
    }
  }
  EXPECT_EQ(scans, 1);
  EXPECT_THAT(FormatReportJson(*r, *analysis),
              HasSubstr("\"operation\": \"Scan\""));
}

TEST(AwsSchema, CatchesADesignThatReturnsOtherEntities) {
  // Orders in the customer's partition: "get_customer_orders" (entity_list,
  // no range condition) also returns the customer's profile.
  const std::string flawed =
      Replace(Shop(), "\"pk_template\": \"ORDERS#{customer_id}\"",
              "\"pk_template\": \"CUSTOMER#{customer_id}\"");
  StatusOr<std::vector<AwsSchemaTable>> tables = LoadAwsSchema(flawed, "shop");
  ASSERT_THAT(tables, IsOk());
  RunOptions options;
  options.runs = 5;
  StatusOr<RunReport> r = RunAwsSchemaTable((*tables)[0], options);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->ok());
  EXPECT_THAT(FormatReportText(*r), HasSubstr("unexpected pk=\"CUSTOMER#"));
  EXPECT_THAT(FormatReportText(*r), HasSubstr("sk=\"PROFILE\""));
}

TEST(AwsSchema, MalformedVariants) {
  EXPECT_THAT(AwsErrors(Replace(
                  Shop(), "\"pk_template\": \"PRODUCT#{product_id}\",", "")),
              ElementsAre("/tables/0/entities/Product/pk_template: Missing "
                          "required field 'pk_template'"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"operation\": \"Scan\"",
                        "\"operation\": \"Scna\"")),
      ElementsAre("/tables/0/entities/Product/access_patterns/1/operation: "
                  "Invalid operation value 'Scna' (did you mean Scan?); "
                  "valid: GetItem, PutItem, DeleteItem, Query, Scan, "
                  "UpdateItem, BatchGetItem, BatchWriteItem"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"STATUS#{status}\"", "\"STATUS#{stauts}\"")),
      ElementsAre("/tables/0/entities/Order/gsi_mappings/0/pk_template: "
                  "Template parameter 'stauts' not found in entity fields "
                  "(did you mean status?)"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"PRODUCT#{product_id}\",\n",
                        "\"PRODUCT#{product_id\",\n")),
      ElementsAre("/tables/0/entities/Product/pk_template: Unmatched braces "
                  "in template: 1 opening, 0 closing"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"range_condition\": \">=\",",
                        "\"range_condition\": \"between\",")),
      ElementsAre("/tables/0/entities/Order/access_patterns/1/parameters: "
                  "Range condition 'between' requires exactly 3 parameters "
                  "(partition key + 2 range values), got 2"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"index_name\": \"OrdersByStatus\",",
                        "\"index_name\": \"OrderByStatus\",")),
      ElementsAre("/tables/0/entities/Order/access_patterns/2/index_name: "
                  "Access pattern references unknown GSI 'OrderByStatus' "
                  "(did you mean OrdersByStatus?)"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"pattern_id\": 10,", "\"pattern_id\": 9,")),
      ElementsAre("/tables/0/entities/Product/access_patterns/1/pattern_id: "
                  "Duplicate pattern_id 9"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"name\": \"OrdersByStatus\", \"pk",
                        "\"name\": \"Missing\", \"pk")),
      ElementsAre("/tables/0/entities/Order/gsi_mappings/0/name: GSI "
                  "'Missing' referenced in entity mapping but not found in "
                  "table gsi_list"));
  // A table without a sort key (tests/model/pk_only_test.cc) has entities
  // without sk_template.
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), ", \"sort_key\": \"sk\"}", "}")),
      testing::Contains("/tables/0/entities/Customer/sk_template: the table "
                        "has no sort_key, so an entity can have no "
                        "sk_template"));
  EXPECT_THAT(
      AwsErrors(Replace(Shop(), "\"sk_template\": \"DETAILS\"",
                        "\"sk_template\": null")),
      ElementsAre("/tables/0/entities/Product/sk_template: missing: the "
                  "table has a sort key, so each entity needs an "
                  "sk_template"));
  EXPECT_THAT(AwsErrors("{\"tables\": []}"),
              ElementsAre("/tables: tables cannot be empty"));
}

TEST(Workbench, ImportsFacetsAndInfersTemplates) {
  std::vector<std::string> warnings;
  StatusOr<std::vector<WorkbenchTable>> tables =
      LoadWorkbench(Music(), "music", nullptr, &warnings);
  ASSERT_THAT(tables, IsOk());
  ASSERT_EQ(tables->size(), 1u);
  const Model& m = (*tables)[0].model;
  EXPECT_EQ(m.table.name, "Music");
  ASSERT_EQ(m.entities.size(), 2u);
  const EntityShape* artist = m.FindEntity("Artist");
  ASSERT_NE(artist, nullptr);
  EXPECT_EQ(artist->partition_key.text(), "ARTIST#${artist_id}");
  EXPECT_EQ(artist->sort_key.text(), "PROFILE");
  ASSERT_EQ(artist->indexes.size(), 1u);
  EXPECT_EQ(artist->indexes[0].partition_key.text(), "GENRE#${genre}");
  EXPECT_EQ(artist->indexes[0].sort_key->text(), "ARTIST#${artist_id}");
  const EntityShape* song = m.FindEntity("Song");
  ASSERT_NE(song, nullptr);
  EXPECT_EQ(song->partition_key.text(), "ARTIST#${artist_id}");
  EXPECT_EQ(song->sort_key.text(), "SONG#${song_id}");
  EXPECT_TRUE(song->indexes.empty());
  EXPECT_EQ(m.table.global_secondary_indexes[0].projection,
            ProjectionType::kKeysOnly);
  // It runs: one pattern per facet, verified.
  RunOptions options;
  options.runs = 10;
  StatusOr<RunReport> r = RunModel(m, options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
}

TEST(Workbench, MalformedVariants) {
  EXPECT_THAT(
      WorkbenchErrors(
          Replace(Music(),
                  ",\n        \"SortKey\": {\"AttributeName\": \"SK\", "
                  "\"AttributeType\": \"S\"}",
                  "")),
      // Without its SortKey the music table is keyed by PK alone, where an
      // artist and their songs share a partition key.
      ElementsAre("/DataModel/0: as a seed-format model (eddy model convert "
                  "--to seed): /Song/0/item: entityType \"Song\" can have "
                  "the same primary key as entityType \"Artist\" "
                  "(/Artist/0/item): both can produce PK \"ARTIST#x\""));
  EXPECT_THAT(
      WorkbenchErrors(Replace(Music(),
                              "\"AttributeName\": \"PK\", \"AttributeType\": "
                              "\"S\"",
                              "\"AttributeName\": \"PK\", \"AttributeType\": "
                              "\"N\"")),
      ElementsAre("/DataModel/0/KeyAttributes/PartitionKey/AttributeType: key "
                  "attribute type N: eddy's model keys are strings (S), "
                  "written from templates"));
  EXPECT_THAT(
      WorkbenchErrors(Replace(Music(), "\"plays\": {\"N\": \"10\"}",
                              "\"plays\": {\"N\": \"ten\"}")),
      ElementsAre(HasSubstr("/DataModel/0/TableData/2: not a DynamoDB JSON "
                            "item")));
  EXPECT_THAT(
      WorkbenchErrors(Replace(Music(), "\"FacetName\": \"Song\"",
                              "\"FacetName\": \"Artist\"")),
      testing::Contains("/DataModel/0/TableFacets/1/FacetName: duplicate "
                        "FacetName \"Artist\""));
  EXPECT_THAT(WorkbenchErrors("{\"ModelName\": \"x\", \"DataModel\": []}"),
              ElementsAre("/DataModel: missing or empty \"DataModel\" (the "
                          "tables)"));
}

TEST(Convert, KayakThroughWorkbenchAndBack) {
  const std::string kayak = Read("model/kayak.json");
  const Model original = Back(kayak);
  ConvertOptions to;
  to.to = ModelFormat::kWorkbench;
  std::vector<std::string> warnings;
  StatusOr<std::string> wb =
      ConvertModel(kayak, "kayak", to, nullptr, &warnings);
  ASSERT_THAT(wb, IsOk());
  EXPECT_EQ(DetectModelFormat(*wb), ModelFormat::kWorkbench);
  EXPECT_THAT(warnings, testing::Contains(HasSubstr("access patterns")));
  const Model back = Back(*wb);
  EXPECT_EQ(Shapes(back), Shapes(original));
  // And to seed explicitly: the same shapes again.
  to.to = ModelFormat::kSeed;
  StatusOr<std::string> seed = ConvertModel(*wb, "kayak", to);
  ASSERT_THAT(seed, IsOk());
  EXPECT_EQ(Shapes(Back(*seed)), Shapes(original));
}

TEST(Convert, KayakThroughAwsSchemaAndBack) {
  const std::string kayak = Read("model/kayak.json");
  const Model original = Back(kayak);
  ConvertOptions to;
  to.to = ModelFormat::kAwsSchema;
  std::vector<std::string> warnings;
  StatusOr<std::string> aws =
      ConvertModel(kayak, "kayak", to, nullptr, &warnings);
  ASSERT_THAT(aws, IsOk());
  EXPECT_EQ(DetectModelFormat(*aws), ModelFormat::kAwsSchema);
  EXPECT_THAT(warnings, testing::Contains(HasSubstr("the workload")));
  const Model back = Back(*aws);
  EXPECT_EQ(Shapes(back), Shapes(original));
  // It runs as it comes back (a derived workload).
  RunOptions options;
  options.runs = 5;
  StatusOr<std::vector<AwsSchemaTable>> tables = LoadAwsSchema(*aws, "k");
  ASSERT_THAT(tables, IsOk());
  StatusOr<RunReport> r = RunAwsSchemaTable((*tables)[0], options);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->entities.size(), original.entities.size());
}

TEST(Convert, ShopSchemaToSeedWarnsAboutWrites) {
  ConvertOptions to;
  to.to = ModelFormat::kSeed;
  std::vector<std::string> warnings;
  StatusOr<std::string> seed =
      ConvertModel(Shop(), "shop", to, nullptr, &warnings);
  ASSERT_THAT(seed, IsOk());
  EXPECT_THAT(warnings,
              testing::Contains(HasSubstr("4 write patterns (PutItem")));
  EXPECT_EQ(Shapes(Back(*seed)), Shapes(Back(Shop())));
  to.table = "Nope";
  EXPECT_THAT(ConvertModel(Shop(), "shop", to).status().message(),
              HasSubstr("no table named \"Nope\" (the document has Shop)"));
}

}  // namespace
}  // namespace eddy::model
