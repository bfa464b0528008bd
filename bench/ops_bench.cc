// Copyright 2026 The eddy Authors.
//
// Item operations on a table of 1,000,000 items of about 300 bytes
// (20,000 partition keys x 50 sort keys), through the typed API, next to
// their floors measured in the same run:
//   - GetItem vs an absl::flat_hash_map lookup plus a copy of the same Item;
//   - resident memory of the table vs the DynamoDB-accounted size of the data.
//
//   build/test/bench/ops_bench --benchmark_min_time=0.5

#include <unistd.h>

#include <fstream>
#include <random>
#include <string>

#include "absl/container/btree_map.h"
#include "absl/container/flat_hash_map.h"
#include "benchmark/benchmark.h"
#include "emulator/api/database.h"

namespace eddy {
namespace {

constexpr int kPartitions = 20'000;
constexpr int kSortKeys = 50;
constexpr int kItems = kPartitions * kSortKeys;

std::string Pk(int p) {
  return "v1#store#storeULID#01HZX3K4Q8W2N5RT" + std::to_string(100000 + p);
}
std::string Sk(int s) {
  return "inventory#metadata#inventoryULID#01HZX3M2A4C6" +
         std::to_string(1000 + s);
}

Item MakeItem(int p, int s) {
  return Item{
      {"PK", AttributeValue::S(Pk(p))},
      {"SK", AttributeValue::S(Sk(s))},
      {"entityType", AttributeValue::S("storeInventory")},
      {"model", AttributeValue::S("Sea Eagle 370 Pro, tandem")},
      {"length", AttributeValue::N(*Number::Parse("12.5"))},
      {"capacity", AttributeValue::N(3)},
      {"price", AttributeValue::N(*Number::Parse("79.99"))},
      {"available", AttributeValue::Bool(true)},
      {"tags", *AttributeValue::SS({"inflatable", "tandem", "touring"})},
      {"dims", AttributeValue::M({{"w", AttributeValue::N(87)},
                                  {"h", AttributeValue::N(31)}})},
      {"notes",
       AttributeValue::S("Rinse with fresh water after each rental.")}};
}

int64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  int64_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

struct Fixture {
  Database db;
  int64_t data_bytes = 0;  // DynamoDB-accounted size of all items
  int64_t table_rss = 0;   // resident memory the table added
  Fixture() {
    CreateTableRequest c;
    c.table_name = "kayak";
    c.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
    c.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                               {"SK", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    (void)db.CreateTable(c);
    const int64_t before = ResidentBytes();
    PutItemRequest put;
    put.table_name = "kayak";
    for (int p = 0; p < kPartitions; ++p) {
      for (int s = 0; s < kSortKeys; ++s) {
        put.item = MakeItem(p, s);
        data_bytes += ItemSizeBytes(put.item);
        (void)db.PutItem(put);
      }
    }
    table_rss = ResidentBytes() - before;
  }
};

Fixture& GetFixture() {
  static Fixture* f = new Fixture();
  return *f;
}

void BM_OpsGetItemTyped(benchmark::State& state) {
  Fixture& f = GetFixture();
  std::mt19937 rng(1);
  GetItemRequest get;
  get.table_name = "kayak";
  for (auto _ : state) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    get.key = Item{{"PK", AttributeValue::S(Pk(p))},
                   {"SK", AttributeValue::S(Sk(s))}};
    StatusOr<GetItemResponse> r = f.db.GetItem(get);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OpsGetItemTyped);

// The floor: the same lookups in a flat_hash_map<key, Item>, copying the Item
// out, with the same key construction per iteration.
void BM_FloorHashMapGetCopy(benchmark::State& state) {
  static auto* map = [] {
    auto* m = new absl::flat_hash_map<std::string, Item>();
    m->reserve(kItems);
    for (int p = 0; p < kPartitions; ++p) {
      for (int s = 0; s < kSortKeys; ++s)
        m->emplace(Pk(p) + '\0' + Sk(s), MakeItem(p, s));
    }
    return m;
  }();
  std::mt19937 rng(1);
  for (auto _ : state) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    Item key{{"PK", AttributeValue::S(Pk(p))},
             {"SK", AttributeValue::S(Sk(s))}};
    auto it = map->find(key.Find("PK")->s() + '\0' + key.Find("SK")->s());
    Item copy = it->second;
    benchmark::DoNotOptimize(copy);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_FloorHashMapGetCopy);

void BM_OpsPutItemTyped(benchmark::State& state) {
  Fixture& f = GetFixture();
  std::mt19937 rng(2);
  PutItemRequest put;
  put.table_name = "kayak";
  for (auto _ : state) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    put.item = MakeItem(p, s);
    StatusOr<PutItemResponse> r = f.db.PutItem(put);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OpsPutItemTyped);

// Query of the first `n` sort keys of a random partition key.
void BM_OpsQueryTyped(benchmark::State& state) {
  Fixture& f = GetFixture();
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(3);
  QueryRequest q;
  q.table_name = "kayak";
  q.key_condition_expression = "PK = :pk";
  q.limit = n;
  int64_t items = 0;
  for (auto _ : state) {
    q.expression_attribute_values =
        AttributeMap{{":pk", AttributeValue::S(Pk(static_cast<int>(rng() % kPartitions)))}};
    StatusOr<QueryResponse> r = f.db.Query(q);
    items += r->count;
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_OpsQueryTyped)->Arg(10)->Arg(50)->ArgName("items");

// The floor: an absl::btree_map<(pk, sk), Item> range read copying the same
// items out, with the same request-value construction per iteration.
void BM_FloorBtreeRangeCopy(benchmark::State& state) {
  static auto* map = [] {
    auto* m = new absl::btree_map<std::string, Item>();
    for (int p = 0; p < kPartitions; ++p) {
      for (int s = 0; s < kSortKeys; ++s) m->emplace(Pk(p) + '\0' + Sk(s), MakeItem(p, s));
    }
    return m;
  }();
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(3);
  int64_t items = 0;
  for (auto _ : state) {
    AttributeMap values{{":pk", AttributeValue::S(Pk(static_cast<int>(rng() % kPartitions)))}};
    const std::string prefix = values.Find(":pk")->s() + '\0';
    std::vector<Item> out;
    for (auto it = map->lower_bound(prefix); it != map->end() && static_cast<int>(out.size()) < n &&
                                             it->first.compare(0, prefix.size(), prefix) == 0;
         ++it) {
      out.push_back(it->second);
    }
    items += static_cast<int64_t>(out.size());
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_FloorBtreeRangeCopy)->Arg(10)->Arg(50)->ArgName("items");

void BM_OpsScanAllTyped(benchmark::State& state) {
  Fixture& f = GetFixture();
  int64_t items = 0;
  for (auto _ : state) {
    ScanRequest scan;
    scan.table_name = "kayak";
    while (true) {
      StatusOr<ScanResponse> page = f.db.Scan(scan);
      items += page->count;
      if (!page->last_evaluated_key) break;
      scan.exclusive_start_key = page->last_evaluated_key;
    }
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_OpsScanAllTyped)->Unit(benchmark::kMillisecond)->Iterations(2);

void BM_OpsMemory(benchmark::State& state) {
  Fixture& f = GetFixture();
  for (auto _ : state) benchmark::DoNotOptimize(f.table_rss);
  const double items = kItems;
  state.counters["data_bytes_per_item"] =
      static_cast<double>(f.data_bytes) / items;
  state.counters["rss_bytes_per_item"] =
      static_cast<double>(f.table_rss) / items;
  state.counters["budget_bytes_per_item"] =
      1.5 * static_cast<double>(f.data_bytes) / items + 64;
  state.counters["rss_over_budget"] =
      static_cast<double>(f.table_rss) /
      (1.5 * static_cast<double>(f.data_bytes) + 64 * items);
}
BENCHMARK(BM_OpsMemory)->Iterations(1);

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
