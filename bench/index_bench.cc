// Copyright 2026 The eddy Authors.
//
// Secondary-index costs, through the typed API, on the kayak model's table
// shape (PK/SK plus six sparse GSIs GSI1..GSI6 on PKn/SKn, projecting ALL):
//   - BM_IndexPut/k: PutItem of a ~300-byte item that fills k of the six
//     GSIs (k = 0..6). Every put overwrites one of 100,000 items and moves
//     its entries to new index keys, so each filled index does a removal and
//     an insertion — the expensive case. Target: put(k) <= (1 + k) x put(0).
//   - BM_IndexQueryGsi / BM_IndexQueryTable: a Query returning N items from
//     one GSI partition vs the same shape on the base table (the same items,
//     keyed the same way). Target: GSI Query <= 1.3x the table Query.
//
//   - BM_IndexPutMultiKey/k: PutItem overwriting one of 100,000 items on a
//     table with one GSI keyed on k partition-key and k sort-key attributes
//     (k = 1: a classic 1+1 key; k = 4: the largest multi-attribute key);
//     every put moves the item's entry. Target: k=4 <= 1.3x k=1.
//   - BM_IndexPutMultiKeySameItems/k: the fair form of the comparison. Both
//     sides write the same items (all eight key attributes h1..h4, r1..r4);
//     the GSI is keyed on h1 + r1 (k = 1) or on all eight (k = 4), so the
//     ratio measures the index, not the item's size.
//
//   build/test/bench/index_bench --benchmark_min_time=0.5

#include <random>
#include <string>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"

namespace eddy {
namespace {

constexpr int kItems = 100'000;
constexpr int kCollections = 2'000;  // 50 items each

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

std::string Id(int i) {
  return "01HZX3K4Q8W2N5RT" + std::to_string(1'000'000 + i);
}

// A ~300-byte item; `filled` index keys, whose values depend on `version`
// so that every overwrite moves the item's entries.
Item MakeItem(int i, int filled, int version) {
  Item item{{"PK", S("v1#store#storeULID#" + Id(i / 50))},
            {"SK", S("inventory#metadata#inventoryULID#" + Id(i))},
            {"entityType", S("storeInventoryItem")},
            {"model", S("Sea Eagle 370 Pro, tandem")},
            {"price", AttributeValue::N(*Number::Parse("79.99"))},
            {"available", AttributeValue::Bool(true)},
            {"notes", S("Rinse with fresh water after each rental.")}};
  for (int n = 1; n <= filled; ++n) {
    const std::string k = std::to_string(n);
    item.Set("PK" + k, S("v1#index" + k + "#" + Id((i + version) % 5000)));
    item.Set("SK" + k, S("entry#" + Id(i) + "#" + std::to_string(version)));
  }
  return item;
}

CreateTableRequest KayakTable(const std::string& name) {
  CreateTableRequest r;
  r.table_name = name;
  r.billing_mode = BillingMode::kPayPerRequest;
  r.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  r.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                             {"SK", ScalarAttributeType::kS}};
  for (int n = 1; n <= 6; ++n) {
    const std::string k = std::to_string(n);
    r.attribute_definitions.push_back({"PK" + k, ScalarAttributeType::kS});
    r.attribute_definitions.push_back({"SK" + k, ScalarAttributeType::kS});
    GlobalSecondaryIndex g;
    g.index_name = "GSI" + k;
    g.key_schema = {{"PK" + k, KeyType::kHash}, {"SK" + k, KeyType::kRange}};
    g.projection.projection_type = ProjectionType::kAll;
    r.global_secondary_indexes.push_back(std::move(g));
  }
  return r;
}

void BM_IndexPut(benchmark::State& state) {
  const int filled = static_cast<int>(state.range(0));
  Database db;
  (void)db.CreateTable(KayakTable("kayak"));
  PutItemRequest put;
  put.table_name = "kayak";
  for (int i = 0; i < kItems; ++i) {
    put.item = MakeItem(i, filled, 0);
    (void)db.PutItem(put);
  }
  // Items built outside the timed loop: what is measured is the put.
  constexpr int kPrepared = 4096;
  std::vector<Item> items;
  items.reserve(kPrepared);
  std::mt19937 rng(7);
  for (int j = 0; j < kPrepared; ++j) {
    items.push_back(MakeItem(static_cast<int>(rng() % kItems), filled, j + 1));
  }
  size_t next = 0;
  for (auto _ : state) {
    put.item = items[next];
    next = (next + 1) % kPrepared;
    StatusOr<PutItemResponse> r = db.PutItem(put);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["indexes_filled"] = filled;
}
BENCHMARK(BM_IndexPut)->DenseRange(0, 6)->ArgName("k");

CreateTableRequest MultiKeyTable(int k, bool with_gsi) {
  CreateTableRequest r;
  r.table_name = "multi";
  r.billing_mode = BillingMode::kPayPerRequest;
  r.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  r.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                             {"SK", ScalarAttributeType::kS}};
  GlobalSecondaryIndex g;
  g.index_name = "GSI";
  for (int n = 1; n <= k; ++n) {
    r.attribute_definitions.push_back(
        {"h" + std::to_string(n), ScalarAttributeType::kS});
    g.key_schema.push_back({"h" + std::to_string(n), KeyType::kHash});
  }
  for (int n = 1; n <= k; ++n) {
    r.attribute_definitions.push_back(
        {"r" + std::to_string(n), ScalarAttributeType::kS});
    g.key_schema.push_back({"r" + std::to_string(n), KeyType::kRange});
  }
  g.projection.projection_type = ProjectionType::kAll;
  if (with_gsi) {
    r.global_secondary_indexes.push_back(std::move(g));
  } else {
    r.attribute_definitions.resize(2);  // only the table's keys
  }
  return r;
}

// The kayak item plus the GSI's k + k key attributes, whose values move
// with `version`.
Item MultiKeyItem(int i, int k, int version) {
  Item item = MakeItem(i, 0, version);
  for (int n = 1; n <= k; ++n) {
    const std::string s = std::to_string(n);
    item.Set("h" + s, S("tenant" + s + "#" + Id((i + version) % 5000)));
    item.Set("r" + s,
             S("entry" + s + "#" + Id(i) + "#" + std::to_string(version)));
  }
  return item;
}

void RunPutMultiKey(benchmark::State& state, int k, bool with_gsi, int item_k) {
  Database db;
  if (!db.CreateTable(MultiKeyTable(k, with_gsi)).ok()) {
    state.SkipWithError("CreateTable failed");
    return;
  }
  PutItemRequest put;
  put.table_name = "multi";
  for (int i = 0; i < kItems; ++i) {
    put.item = MultiKeyItem(i, item_k, 0);
    (void)db.PutItem(put);
  }
  constexpr int kPrepared = 4096;
  std::vector<Item> items;
  items.reserve(kPrepared);
  std::mt19937 rng(7);
  for (int j = 0; j < kPrepared; ++j) {
    items.push_back(
        MultiKeyItem(static_cast<int>(rng() % kItems), item_k, j + 1));
  }
  size_t next = 0;
  for (auto _ : state) {
    put.item = items[next];
    next = (next + 1) % kPrepared;
    StatusOr<PutItemResponse> r = db.PutItem(put);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["key_attributes"] = 2 * k;
}

void BM_IndexPutMultiKey(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  RunPutMultiKey(state, k, state.range(1) != 0, k);
}
// gsi:0 writes the same items to a table without the GSI: what the larger
// 4+4 item costs the table alone, apart from maintaining the index.
BENCHMARK(BM_IndexPutMultiKey)
    ->Args({1, 1})
    ->Args({4, 1})
    ->Args({1, 0})
    ->Args({4, 0})
    ->ArgNames({"k", "gsi"});

// Both sides write the 4+4 item; only the GSI's key differs.
void BM_IndexPutMultiKeySameItems(benchmark::State& state) {
  RunPutMultiKey(state, static_cast<int>(state.range(0)), true, 4);
}
BENCHMARK(BM_IndexPutMultiKeySameItems)->Arg(1)->Arg(4)->ArgName("k");

// The same 100,000 items are in the table under PK = collection and in GSI1
// under PK1 = the same collection, so both queries read identical data.
struct QueryFixture {
  Database db;
  QueryFixture() {
    (void)db.CreateTable(KayakTable("kayak"));
    PutItemRequest put;
    put.table_name = "kayak";
    for (int i = 0; i < kItems; ++i) {
      Item item = MakeItem(i, 0, 0);
      item.Set("PK1", S("v1#index1#" + Id(i / 50)));
      item.Set("SK1", *item.Find("SK"));
      put.item = std::move(item);
      (void)db.PutItem(put);
    }
  }
};

QueryFixture& GetQueryFixture() {
  static QueryFixture* f = new QueryFixture();
  return *f;
}

void RunQuery(benchmark::State& state, bool on_gsi) {
  QueryFixture& f = GetQueryFixture();
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(1);
  QueryRequest q;
  q.table_name = "kayak";
  q.limit = n;
  if (on_gsi) q.index_name = "GSI1";
  q.key_condition_expression = on_gsi ? "PK1 = :p" : "PK = :p";
  int64_t items = 0;
  for (auto _ : state) {
    const int c = static_cast<int>(rng() % kCollections);
    q.expression_attribute_values =
        AttributeMap{{":p", S(on_gsi ? "v1#index1#" + Id(c)
                                     : "v1#store#storeULID#" + Id(c))}};
    StatusOr<QueryResponse> r = f.db.Query(q);
    items += r.ok() ? static_cast<int64_t>(r->items.size()) : 0;
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(items);
}

void BM_IndexQueryTable(benchmark::State& state) { RunQuery(state, false); }
void BM_IndexQueryGsi(benchmark::State& state) { RunQuery(state, true); }
BENCHMARK(BM_IndexQueryTable)->Arg(10)->Arg(50)->ArgName("items");
BENCHMARK(BM_IndexQueryGsi)->Arg(10)->Arg(50)->ArgName("items");

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
