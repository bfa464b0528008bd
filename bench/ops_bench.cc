// Copyright 2026 The eddy Authors.
//
// Item operations on a table of 1,000,000 items of about 300 bytes
// (20,000 partition keys x 50 sort keys), through the typed API and through
// the JSON API (eddy::Execute, the request and response bodies an SDK
// exchanges with DynamoDB), next to their floors measured in the same run:
//   - GetItem vs an absl::flat_hash_map lookup plus a copy of the same Item;
//   - Query(10/50) vs an absl::btree_map range read of the same items;
//   - resident memory of the table vs the DynamoDB-accounted size of the data.
// The *Json variants build each request body as text in the loop, as an
// SDK's serializer does (one buffer, pieces appended; the key strings made
// as the typed variants make them), and count items from the response body;
// they report the response bytes as bytes processed. The typed and JSON rows
// of one operation run in the same process, so their ratio is the cost of
// DynamoDB's JSON protocol (README, Performance).
//
//   build/test/bench/ops_bench --benchmark_min_time=0.3

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/container/btree_map.h"
#include "absl/container/flat_hash_map.h"
#include "benchmark/benchmark.h"
#include "emulator/api/database.h"
#include "emulator/wire/execute.h"

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

// Request bodies carrying MakeItem(p, s)'s key or the whole item, written
// as a serializer writes them: into one buffer.
std::string GetItemBody(int p, int s) {
  std::string body;
  body.reserve(192);
  body.append(R"({"TableName":"kayak","Key":{"PK":{"S":")");
  body.append(Pk(p));
  body.append(R"("},"SK":{"S":")");
  body.append(Sk(s));
  body.append(R"("}}})");
  return body;
}
std::string PutItemBody(int p, int s) {
  std::string body;
  body.reserve(512);
  body.append(R"({"TableName":"kayak","Item":{"PK":{"S":")");
  body.append(Pk(p));
  body.append(R"("},"SK":{"S":")");
  body.append(Sk(s));
  body.append(
      R"("},"entityType":{"S":"storeInventory"},)"
      R"("model":{"S":"Sea Eagle 370 Pro, tandem"},"length":{"N":"12.5"},)"
      R"("capacity":{"N":"3"},"price":{"N":"79.99"},"available":{"BOOL":true},)"
      R"("tags":{"SS":["inflatable","tandem","touring"]},)"
      R"("dims":{"M":{"w":{"N":"87"},"h":{"N":"31"}}},)"
      R"("notes":{"S":"Rinse with fresh water after each rental."}}})");
  return body;
}
std::string QueryBody(int p, const std::string& limit) {
  std::string body;
  body.reserve(192);
  body.append(R"({"TableName":"kayak","KeyConditionExpression":"PK = :pk",)"
              R"("ExpressionAttributeValues":{":pk":{"S":")");
  body.append(Pk(p));
  body.append(R"("}},"Limit":)");
  body.append(limit);
  body.push_back('}');
  return body;
}

// The value of the top-level "Count" of a Query/Scan response body (eddy
// writes it after "Items", so the search from the end is short); -1 if
// absent.
int64_t CountOf(const std::string& body) {
  const size_t at = body.rfind("\"Count\":");
  if (at == std::string::npos) return -1;
  return std::strtoll(body.c_str() + at + 8, nullptr, 10);
}

// The JSON object after "LastEvaluatedKey": in a response body, or empty
// when the member is absent. Brace matching is enough here: the keys of this
// table hold no braces or quotes.
std::string_view LastEvaluatedKeyOf(const std::string& body) {
  static constexpr std::string_view kMember = "\"LastEvaluatedKey\":";
  const size_t at = body.rfind(kMember);
  if (at == std::string::npos) return {};
  const size_t begin = at + kMember.size();
  int depth = 0;
  for (size_t i = begin; i < body.size(); ++i) {
    if (body[i] == '{') ++depth;
    if (body[i] == '}' && --depth == 0) {
      return std::string_view(body).substr(begin, i + 1 - begin);
    }
  }
  return {};
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

void BM_OpsGetItemJson(benchmark::State& state) {
  Fixture& f = GetFixture();
  std::mt19937 rng(1);
  int64_t bytes = 0;
  for (auto _ : state) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    WireResponse r = Execute(f.db, "GetItem", GetItemBody(p, s));
    if (r.http_status != 200 || r.body.size() < 100) {
      state.SkipWithError(r.body.c_str());
      return;
    }
    bytes += static_cast<int64_t>(r.body.size());
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_OpsGetItemJson);

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

void BM_OpsPutItemJson(benchmark::State& state) {
  Fixture& f = GetFixture();
  {
    // The JSON body must store exactly MakeItem's item.
    WireResponse put = Execute(f.db, "PutItem", PutItemBody(0, 0));
    GetItemRequest get;
    get.table_name = "kayak";
    get.key = Item{{"PK", AttributeValue::S(Pk(0))},
                   {"SK", AttributeValue::S(Sk(0))}};
    StatusOr<GetItemResponse> stored = f.db.GetItem(get);
    if (put.http_status != 200 || !stored.ok() || !stored->item ||
        !(*stored->item == MakeItem(0, 0))) {
      state.SkipWithError("PutItemBody does not match MakeItem");
      return;
    }
  }
  std::mt19937 rng(2);
  for (auto _ : state) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    WireResponse r = Execute(f.db, "PutItem", PutItemBody(p, s));
    if (r.http_status != 200) {
      state.SkipWithError(r.body.c_str());
      return;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OpsPutItemJson);

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
    q.expression_attribute_values = AttributeMap{
        {":pk", AttributeValue::S(Pk(static_cast<int>(rng() % kPartitions)))}};
    StatusOr<QueryResponse> r = f.db.Query(q);
    items += r->count;
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_OpsQueryTyped)->Arg(10)->Arg(50)->ArgName("items");

void BM_OpsQueryJson(benchmark::State& state) {
  Fixture& f = GetFixture();
  const int n = static_cast<int>(state.range(0));
  const std::string limit = std::to_string(n);
  std::mt19937 rng(3);
  int64_t items = 0, bytes = 0;
  for (auto _ : state) {
    WireResponse r = Execute(
        f.db, "Query", QueryBody(static_cast<int>(rng() % kPartitions), limit));
    const int64_t count = CountOf(r.body);
    if (r.http_status != 200 || count != n) {
      state.SkipWithError(r.body.c_str());
      return;
    }
    items += count;
    bytes += static_cast<int64_t>(r.body.size());
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(items);
  state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_OpsQueryJson)->Arg(10)->Arg(50)->ArgName("items");

// The floor: an absl::btree_map<(pk, sk), Item> range read copying the same
// items out, with the same request-value construction per iteration.
void BM_FloorBtreeRangeCopy(benchmark::State& state) {
  static auto* map = [] {
    auto* m = new absl::btree_map<std::string, Item>();
    for (int p = 0; p < kPartitions; ++p) {
      for (int s = 0; s < kSortKeys; ++s)
        m->emplace(Pk(p) + '\0' + Sk(s), MakeItem(p, s));
    }
    return m;
  }();
  const int n = static_cast<int>(state.range(0));
  std::mt19937 rng(3);
  int64_t items = 0;
  for (auto _ : state) {
    AttributeMap values{
        {":pk", AttributeValue::S(Pk(static_cast<int>(rng() % kPartitions)))}};
    const std::string prefix = values.Find(":pk")->s() + '\0';
    std::vector<Item> out;
    for (auto it = map->lower_bound(prefix);
         it != map->end() && static_cast<int>(out.size()) < n &&
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

// The same full Scan split into TotalSegments = state.range(0) parallel
// segments, one thread per segment (a parallel Scan as DynamoDB documents
// it), wall time: items/s over all segments (issue #25 item 3). Scans take
// the table's lock shared, so the segments run at once.
void BM_OpsScanParallelTyped(benchmark::State& state) {
  Fixture& f = GetFixture();
  const int segments = static_cast<int>(state.range(0));
  int64_t items = 0;
  for (auto _ : state) {
    std::vector<int64_t> counts(segments, 0);
    std::vector<std::thread> threads;
    for (int seg = 0; seg < segments; ++seg) {
      threads.emplace_back([&f, &counts, seg, segments] {
        ScanRequest scan;
        scan.table_name = "kayak";
        scan.segment = seg;
        scan.total_segments = segments;
        while (true) {
          StatusOr<ScanResponse> page = f.db.Scan(scan);
          if (!page.ok()) return;
          counts[seg] += page->count;
          if (!page->last_evaluated_key) break;
          scan.exclusive_start_key = page->last_evaluated_key;
        }
      });
    }
    for (std::thread& t : threads) t.join();
    int64_t scanned = 0;
    for (int64_t c : counts) scanned += c;
    if (scanned != kItems) {
      state.SkipWithError("the segments must return every item once");
      return;
    }
    items += scanned;
  }
  state.SetItemsProcessed(items);
  state.counters["threads"] = segments;
}
BENCHMARK(BM_OpsScanParallelTyped)
    ->Arg(1)
    ->Arg(2)
    ->Arg(4)
    ->ArgName("segments")
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2)
    ->UseRealTime();

// A full Scan through Execute: 1 MB pages, each next request carrying the
// previous page's LastEvaluatedKey as ExclusiveStartKey, until it is absent.
void BM_OpsScanAllJson(benchmark::State& state) {
  Fixture& f = GetFixture();
  int64_t items = 0, bytes = 0, pages = 0;
  for (auto _ : state) {
    std::string request = R"({"TableName":"kayak"})";
    int64_t scanned = 0;
    while (true) {
      WireResponse page = Execute(f.db, "Scan", request);
      const int64_t count = CountOf(page.body);
      if (page.http_status != 200 || count < 0) {
        state.SkipWithError(page.body.substr(0, 200).c_str());
        return;
      }
      scanned += count;
      bytes += static_cast<int64_t>(page.body.size());
      ++pages;
      std::string_view last = LastEvaluatedKeyOf(page.body);
      if (last.empty()) break;
      request = R"({"TableName":"kayak","ExclusiveStartKey":)";
      request.append(last);
      request.push_back('}');
    }
    if (scanned != kItems) {
      state.SkipWithError("the scan must return every item");
      return;
    }
    items += scanned;
  }
  state.SetItemsProcessed(items);
  state.SetBytesProcessed(bytes);
  state.counters["pages"] =
      static_cast<double>(pages) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_OpsScanAllJson)->Unit(benchmark::kMillisecond)->Iterations(2);

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
