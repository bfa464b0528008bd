// Copyright 2026 The eddy Authors.
//
// The data generator on the kayak model: the workload's counts, repeats in
// the employment history, ULIDs that sort by creation time, and
// determinism (same seed, same bytes; another seed, other items).

#include "model/generator.h"

#include <map>
#include <set>
#include <string>

#include "emulator/testing/status_matchers.h"
#include "emulator/wire/attribute_json.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/analysis.h"
#include "model/profile.h"
#include "model/report.h"
#include "model/runner.h"
#include "model/ulid.h"

namespace eddy::model {
namespace {

const Model& Kayak() {
  static const Model* m = [] {
    StatusOr<Model> loaded =
        LoadModelFile(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json");
    EXPECT_THAT(loaded, IsOk());
    return new Model(loaded.ok() ? *std::move(loaded) : Model());
  }();
  return *m;
}

std::map<std::string, int64_t> CountByType(const Model& m,
                                           const GeneratedData& d) {
  std::map<std::string, int64_t> out;
  for (const GeneratedItem& g : d.items) ++out[m.entities[g.shape].entity_type];
  return out;
}

const std::vector<int32_t>& Entry(const Model& m, const GeneratedData& d,
                                  std::string_view name) {
  for (size_t e = 0; e < m.workload->entries.size(); ++e) {
    if (m.workload->entries[e].name == name) return d.by_entry[e];
  }
  static const std::vector<int32_t> kNone;
  ADD_FAILURE() << "no entry " << name;
  return kNone;
}

TEST(GeneratorTest, KayakDefaults) {
  StatusOr<GeneratedData> d = Generate(Kayak());
  ASSERT_THAT(d, IsOk());
  std::map<std::string, int64_t> counts = CountByType(Kayak(), *d);
  EXPECT_EQ(counts["storeMetadata"], 40);
  EXPECT_EQ(counts["storeInventoryItem"], 40 * 50);
  EXPECT_EQ(counts["personMetadata"], 2000 + 300);
  EXPECT_EQ(counts["rentalRelationship"], 5000);
  EXPECT_EQ(counts["storeActiveRental"], 500);
  // ~5 current employees per store, each a distinct staff member.
  EXPECT_GE(counts["storeEmployee"], 40 * 4);
  EXPECT_LE(counts["storeEmployee"], 40 * 6);
  std::map<std::string, int> employees_per_store;
  std::set<std::string> employed;
  for (int32_t id : Entry(Kayak(), *d, "currentEmployees")) {
    ++employees_per_store[*d->items[id].bindings.Find("storeULID")];
    EXPECT_TRUE(
        employed.insert(*d->items[id].bindings.Find("personULID")).second);
  }
  EXPECT_EQ(employees_per_store.size(), 40u);
  for (const auto& [store, n] : employees_per_store) {
    EXPECT_GE(n, 4);
    EXPECT_LE(n, 6);
  }
  // Employment history with repeats: someone worked at the same store more
  // than once, and every current employee has a stint at their store.
  std::map<std::pair<std::string, std::string>, int> stints;
  for (const GeneratedItem& g : d->items) {
    if (Kayak().entities[g.shape].entity_type != "employmentRelationship")
      continue;
    ++stints[{*g.bindings.Find("storeULID"), *g.bindings.Find("personULID")}];
  }
  int repeated = 0;
  for (const auto& [_, n] : stints) repeated += n > 1 ? 1 : 0;
  EXPECT_GT(repeated, 50);
  for (int32_t id : Entry(Kayak(), *d, "currentEmployees")) {
    EXPECT_GE((stints[{*d->items[id].bindings.Find("storeULID"),
                       *d->items[id].bindings.Find("personULID")}]),
              1);
  }
  // Active rentals: each one of the rentals, at most one per inventory item.
  std::set<std::string> inventory, rentals;
  for (int32_t id : Entry(Kayak(), *d, "rentals")) {
    rentals.insert(*d->items[id].bindings.Find("rentalULID"));
  }
  for (int32_t id : Entry(Kayak(), *d, "activeRentals")) {
    EXPECT_TRUE(
        inventory.insert(*d->items[id].bindings.Find("inventoryULID")).second);
    EXPECT_TRUE(rentals.contains(*d->items[id].bindings.Find("rentalULID")));
  }
}

TEST(GeneratorTest, ItemsCarryKeysEntityTypeAndBindings) {
  StatusOr<GeneratedData> d = Generate(Kayak());
  ASSERT_THAT(d, IsOk());
  const GeneratedItem& rental = d->items[Entry(Kayak(), *d, "rentals")[0]];
  const Item& item = rental.item;
  const std::string store = *rental.bindings.Find("storeULID");
  const std::string person = *rental.bindings.Find("personULID");
  const std::string inventory = *rental.bindings.Find("inventoryULID");
  EXPECT_EQ(item.Find("PK")->s(),
            "v1#rental#rentalULID#" + *rental.bindings.Find("rentalULID"));
  EXPECT_EQ(item.Find("SK")->s(), "metadata");
  EXPECT_EQ(item.Find("entityType")->s(), "rentalRelationship");
  EXPECT_EQ(item.Find("PK2")->s(), "v1#rentalLocationPerson#" + store);
  EXPECT_EQ(item.Find("SK3")->s(), "v1#rentalLocationPerson#" + store);
  EXPECT_EQ(item.Find("PK5")->s(), "v1#rentalInventoryPerson#" + inventory);
  EXPECT_EQ(item.Find("SK6")->s(), "v1#rentalInventoryPerson#" + inventory);
  EXPECT_EQ(item.Find("PK6")->s(), "v1#rentalPersonInventory#" + person);
  EXPECT_EQ(item.Find("personULID")->s(), person);
  EXPECT_EQ(item.Find("PK1"), nullptr);  // sparse: not in GSI1
  EXPECT_TRUE(item.Find("days")->is(AttributeType::kN));
  // The rental's inventory item is at the rental's store.
  bool found = false;
  for (int32_t id : Entry(Kayak(), *d, "inventory")) {
    if (*d->items[id].bindings.Find("inventoryULID") == inventory) {
      EXPECT_EQ(*d->items[id].bindings.Find("storeULID"), store);
      found = true;
    }
  }
  EXPECT_TRUE(found);
  // Stores take the states in order.
  const Item& first_store = d->items[Entry(Kayak(), *d, "stores")[0]].item;
  EXPECT_EQ(first_store.Find("state")->s(), "AL");
  EXPECT_EQ(first_store.Find("PK1")->s(), "v1#stores");
  EXPECT_EQ(first_store.Find("openedAt")->s().size(), 24u);  // ISO 8601, ms
}

TEST(GeneratorTest, UlidsSortByCreationTime) {
  StatusOr<GeneratedData> d = Generate(Kayak());
  ASSERT_THAT(d, IsOk());
  const Workload& w = *Kayak().workload;
  int64_t previous_millis = w.clock_start_millis;
  std::string previous_ulid;
  for (int32_t id : Entry(Kayak(), *d, "rentals")) {
    const GeneratedItem& g = d->items[id];
    const std::string& ulid = *g.bindings.Find("rentalULID");
    EXPECT_EQ(UlidMillis(ulid), g.created_millis);
    EXPECT_GT(g.created_millis, previous_millis);  // steps are at least 1 ms
    EXPECT_LT(previous_ulid, ulid);
    previous_millis = g.created_millis;
    previous_ulid = ulid;
  }
  // Stores were made before rentals, so their ULIDs sort first.
  EXPECT_LT(
      *d->items[Entry(Kayak(), *d, "stores").back()].bindings.Find("storeULID"),
      *d->items[Entry(Kayak(), *d, "rentals").front()].bindings.Find(
          "rentalULID"));
}

TEST(GeneratorTest, SameSeedSameBytesOtherSeedOtherItems) {
  StatusOr<GeneratedData> a = Generate(Kayak());
  StatusOr<GeneratedData> b = Generate(Kayak());
  StatusOr<GeneratedData> c = Generate(Kayak(), {.seed = 7});
  ASSERT_THAT(a, IsOk());
  ASSERT_THAT(b, IsOk());
  ASSERT_THAT(c, IsOk());
  ASSERT_EQ(a->items.size(), b->items.size());
  for (size_t i = 0; i < a->items.size(); ++i) {
    ASSERT_EQ(EncodeItemJson(a->items[i].item),
              EncodeItemJson(b->items[i].item))
        << i;
    ASSERT_EQ(a->items[i].created_millis, b->items[i].created_millis);
  }
  EXPECT_EQ(a->total_bytes, b->total_bytes);
  EXPECT_EQ(c->seed, 7u);
  EXPECT_NE(EncodeItemJson(a->items[0].item), EncodeItemJson(c->items[0].item));
}

// The generator's output is pinned: eddy's own PRNG and range reduction make
// it the same on every platform, so a change here is a change of format.
TEST(GeneratorTest, GoldenFirstItem) {
  StatusOr<GeneratedData> d = Generate(Kayak());
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(EncodeItemJson(d->items[0].item),
            R"({"PK":{"S":"v1#store#storeULID#01HK153Z8AFNVBWB2DZPF5CS54"},)"
            R"("PK1":{"S":"v1#stores"},"SK":{"S":"metadata"},)"
            R"("SK1":{"S":"storeULID#01HK153Z8AFNVBWB2DZPF5CS54"},)"
            R"("city":{"S":"nxkjdwamej"},"entityType":{"S":"storeMetadata"},)"
            R"("openedAt":{"S":"2024-01-01T00:00:02.314Z"},"state":{"S":"AL"},)"
            R"("storeULID":{"S":"01HK153Z8AFNVBWB2DZPF5CS54"},)"
            R"("street":{"S":"vaznwulssncwbygfwoasan"},"zip":{"N":"53654"}})");
}

TEST(GeneratorTest, ScaleMultipliesTopLevelCounts) {
  StatusOr<GeneratedData> d = Generate(Kayak(), {.scale = 10});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->scale, 10);
  std::map<std::string, int64_t> counts = CountByType(Kayak(), *d);
  EXPECT_EQ(counts["storeMetadata"], 400);
  EXPECT_EQ(counts["storeInventoryItem"], 400 * 50);  // per store: unscaled
  EXPECT_EQ(counts["personMetadata"], 23000);
  EXPECT_EQ(counts["rentalRelationship"], 50000);
  EXPECT_EQ(counts["storeActiveRental"], 5000);
}

TEST(GeneratorTest, Errors) {
  StatusOr<Model> m = LoadModel(R"({
      "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
      "h": [{"PK": "h#${id}", "SK": {"x": {"entityType": "b"}}}],
      "workload": {"generate": [
        {"name": "as", "entityType": "a", "count": 3, "new": ["id"]},
        {"name": "bs", "entityType": "b", "count": 4,
         "pick": [{"from": "as", "unique": true}]}]}})");
  ASSERT_THAT(m, IsOk());
  EXPECT_THAT(Generate(*m), StatusIsExactly(ErrorCode::kValidation,
                                            "generator entry \"bs\": pick from "
                                            "\"as\" is unique but \"as\" has "
                                            "only 3 items"));
  StatusOr<Model> dup = LoadModel(R"({
      "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
      "h": [{"PK": "h#${id}", "SK": {"x": {"entityType": "b"}}}],
      "workload": {"generate": [
        {"name": "as", "entityType": "a", "count": 3, "new": ["id"]},
        {"name": "bs", "entityType": "b", "count": 4, "pick": [{"from": "as"}]}]}})");
  ASSERT_THAT(dup, IsOk());
  EXPECT_THAT(Generate(*dup),
              StatusIs(ErrorCode::kValidation,
                       "generator entry \"bs\": no draw in 1000 attempts gave "
                       "new values for \"distinct\" and a primary key not used "
                       "before"));
  StatusOr<Model> big = LoadModel(R"({
      "g": [{"PK": "g#${id}", "SK": {"metadata": {"entityType": "a"}}}],
      "workload": {"generate": [
        {"name": "as", "entityType": "a", "count": 1, "new": ["id"],
         "attributes": {"a": {"text": 300000}, "b": {"text": 300000}}}]}})");
  ASSERT_THAT(big, IsOk());
  EXPECT_THAT(Generate(*big), StatusIs(ErrorCode::kValidation,
                                       "exceeds DynamoDB's 400 KB item limit"));
  StatusOr<Model> none =
      LoadModel(R"({"g": [{"PK": "g", "SK": {"m": {"entityType": "a"}}}]})");
  ASSERT_THAT(none, IsOk());
  EXPECT_THAT(Generate(*none),
              StatusIsExactly(ErrorCode::kValidation,
                              "the model has no \"workload\" section"));
}

// An attribute named after a key placeholder that nothing else binds gives
// the placeholder its value (the item's own field in its index key), and
// keeps its own type; "list" and "map" make L and M values.
TEST(GeneratorTest, AttributesBindPlaceholdersAndMakeListsAndMaps) {
  StatusOr<Model> m = LoadModel(R"({
      "table": {"name": "orders", "partitionKey": "PK", "sortKey": "SK",
                "globalSecondaryIndexes": [
                  {"name": "GSI1", "partitionKey": "PK1", "sortKey": "SK1"}]},
      "order": [{"PK": "ORDER#${id}", "SK": {"META": {"entityType": "order",
                 "PK1": "STATUS#${status}", "SK1": "${id}"}}}],
      "Access Patterns": [
        {"name": "orders in a status", "index": "GSI1",
         "partitionKey": "STATUS#${status}", "parametersFrom": "orders",
         "expect": {"entityType": "order", "match": ["status"]}}],
      "workload": {"runs": 10, "generate": [
        {"name": "orders", "entityType": "order", "count": 60, "new": ["id"],
         "attributes": {
           "status": {"oneOf": ["OPEN", "SHIPPED", "CLOSED"]},
           "tags": {"list": {"of": {"text": 3}, "count": 2}},
           "address": {"map": {"city": "Oslo", "zip": {"int": [1000, 9999]}}}
         }}]}})");
  ASSERT_THAT(m, IsOk());
  EXPECT_THAT(m->workload->entries[0].attribute_bindings,
              testing::ElementsAre("status"));
  StatusOr<GeneratedData> d = Generate(*m);
  ASSERT_THAT(d, IsOk());
  ASSERT_EQ(d->items.size(), 60u);
  std::set<std::string> statuses;
  for (const GeneratedItem& g : d->items) {
    const AttributeValue* status = g.item.Find("status");
    ASSERT_NE(status, nullptr);
    statuses.insert(status->s());
    EXPECT_EQ(g.item.Find("PK1")->s(), "STATUS#" + status->s());
    EXPECT_EQ(*g.bindings.Find("status"), status->s());
    const AttributeValue* tags = g.item.Find("tags");
    ASSERT_TRUE(tags != nullptr && tags->is(AttributeType::kL));
    ASSERT_EQ(tags->l().size(), 2u);
    EXPECT_EQ(tags->l()[0].s().size(), 3u);
    const AttributeValue* address = g.item.Find("address");
    ASSERT_TRUE(address != nullptr && address->is(AttributeType::kM));
    EXPECT_EQ(address->m().Find("city")->s(), "Oslo");
    EXPECT_TRUE(address->m().Find("zip")->is(AttributeType::kN));
  }
  EXPECT_EQ(statuses, (std::set<std::string>{"OPEN", "SHIPPED", "CLOSED"}));
  // The query by status is verified: ~20 orders a partition.
  StatusOr<RunReport> r = RunModel(*m);
  ASSERT_THAT(r, IsOk());
  ASSERT_EQ(r->patterns.size(), 1u);
  EXPECT_EQ(r->patterns[0].verified, r->patterns[0].runs);
  EXPECT_GT(r->patterns[0].items_min, 5);

  // A key placeholder's attribute must be a scalar.
  std::vector<ModelError> errors;
  EXPECT_THAT(LoadModel(R"({
      "order": [{"PK": "ORDER#${id}", "SK": {"S#${status}": {"entityType": "o"}}}],
      "workload": {"generate": [
        {"name": "os", "entityType": "o", "count": 2, "new": ["id"],
         "attributes": {"status": {"list": {"of": "x"}}}}]}})",
                        "m", &errors),
              StatusIs(ErrorCode::kValidation));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].ToString(),
            "/workload/generate/0/attributes/status: ${status} is a key "
            "placeholder, so its attribute must be a string, number or "
            "boolean");
  errors.clear();
  EXPECT_THAT(LoadModel(R"({
      "g": [{"PK": "g#${id}", "SK": {"m": {"entityType": "a"}}}],
      "workload": {"generate": [
        {"name": "as", "entityType": "a", "count": 1, "new": ["id"],
         "attributes": {"a": {"lists": 1}}}]}})",
                        "m", &errors),
              StatusIs(ErrorCode::kValidation));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0].ToString(),
              testing::HasSubstr("(did you mean \"list\"?)"));
}

// A local secondary index: declared in the table, filled by the shapes that
// have its sort key attribute (keyed by their own partition key), created
// with the table, queried verified; the review's lsi-collection check runs
// for it.
TEST(GeneratorTest, LocalSecondaryIndexesAreCreatedLoadedAndQueried) {
  StatusOr<Model> m = LoadModel(R"({
      "table": {"name": "orders", "partitionKey": "PK", "sortKey": "SK",
                "localSecondaryIndexes": [
                  {"name": "ByDate", "sortKey": "orderedAt",
                   "projection": "KEYS_ONLY"}]},
      "customer": [{"PK": "C#${cid}", "SK": {
        "PROFILE": {"entityType": "customer"},
        "ORDER#${oid}": {"entityType": "order", "orderedAt": "D#${oid}"}}}],
      "Access Patterns": [
        {"name": "a customer's orders by date", "index": "ByDate",
         "partitionKey": "C#${cid}", "sortKey": {"begins_with": "D#"},
         "consistentRead": true, "parametersFrom": "customers",
         "expect": {"entityType": "order", "match": ["cid"]}}],
      "traffic": {"writes": {"order": 200}},
      "workload": {"runs": 10, "generate": [
        {"name": "customers", "entityType": "customer", "count": 5,
         "new": ["cid"]},
        {"name": "orders", "entityType": "order", "per": "customers",
         "count": 20, "new": ["oid"]}]}})");
  ASSERT_THAT(m, IsOk());
  ASSERT_EQ(m->table.local_secondary_indexes.size(), 1u);
  const IndexDefinition* lsi = m->table.FindIndex("ByDate");
  ASSERT_NE(lsi, nullptr);
  EXPECT_TRUE(lsi->local);
  EXPECT_EQ(lsi->partition_key, "PK");
  const EntityShape* order = m->FindEntity("order");
  ASSERT_EQ(order->indexes.size(), 1u);
  EXPECT_EQ(order->indexes[0].partition_key.text(), "C#${cid}");
  EXPECT_EQ(m->FindEntity("customer")->indexes.size(), 0u);
  DataProfile profile;
  RunOptions options;
  options.on_generated = [&](const GeneratedData& data) {
    profile = ProfileData(*m, data);
  };
  StatusOr<RunReport> r = RunModel(*m, options);
  ASSERT_THAT(r, IsOk());
  EXPECT_TRUE(r->ok()) << FormatReportText(*r);
  ASSERT_EQ(r->patterns.size(), 1u);
  EXPECT_EQ(r->patterns[0].verified, r->patterns[0].runs);
  EXPECT_EQ(r->patterns[0].items_min, 20);
  StatusOr<ModelAnalysis> a = Analyze(*m, profile, *r);
  ASSERT_THAT(a, IsOk());
  bool collection = false;
  for (const Finding& f : a->findings) {
    if (f.check == "lsi-collection") collection = true;
  }
  EXPECT_TRUE(collection) << FormatAnalysisText(*a);

  // Malformed: a table key as the LSI's sort key, a name taken by a GSI.
  std::vector<ModelError> errors;
  EXPECT_THAT(LoadModel(R"({
      "table": {"name": "orders", "partitionKey": "PK", "sortKey": "SK",
                "globalSecondaryIndexes": [
                  {"name": "X", "partitionKey": "PK1", "sortKey": "SK1"}],
                "localSecondaryIndexes": [{"name": "A", "sortKey": "SK"},
                                          {"name": "X", "sortKey": "d"}]},
      "g": [{"PK": "g", "SK": {"m": {"entityType": "a"}}}]})",
                        "m", &errors),
              StatusIs(ErrorCode::kValidation));
  std::vector<std::string> got;
  for (const ModelError& e : errors) got.push_back(e.ToString());
  EXPECT_THAT(got,
              testing::ElementsAre(
                  "/table/globalSecondaryIndexes/0/name: duplicate index name "
                  "\"X\" (an LSI's)",
                  "/table/localSecondaryIndexes/0/sortKey: an LSI's sort key "
                  "must be another attribute than the table's keys"));
}

}  // namespace
}  // namespace eddy::model
