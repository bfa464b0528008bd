// Copyright 2026 The eddy Authors.
//
// What the change feed (emulator/api/change_feed.h) costs a write: PutItem
// overwriting items of about 300 bytes in a table of 100,000, with no
// subscriber (the feed only advances the sequence number) and with one
// subscriber that counts records (every write then builds its record: both
// images decoded, the partition looked up). Target: with ≤ 1.1× without.
//
//   build/test/bench/change_feed_bench --benchmark_min_time=0.5
//
// On a noisy machine, count instructions instead (the table is loaded with
// BatchWriteItem, so only the measured PutItems are collected):
//   valgrind --tool=callgrind --toggle-collect='eddy::Database::PutItem*'
//     build/test/bench/change_feed_bench --benchmark_filter=subscribers:1
//     --benchmark_min_time=0.01

#include <atomic>
#include <memory>
#include <random>
#include <string>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"

namespace eddy {
namespace {

constexpr int kPartitions = 2'000;
constexpr int kSortKeys = 50;

Item MakeItem(int p, int s, int version) {
  return Item{
      {"PK", AttributeValue::S("v1#store#storeULID#01HZX3K4Q8W2N5RT" +
                               std::to_string(100000 + p))},
      {"SK", AttributeValue::S("inventory#metadata#inventoryULID#01HZX3M2A4C6" +
                               std::to_string(1000 + s))},
      {"entityType", AttributeValue::S("storeInventory")},
      {"model", AttributeValue::S("Sea Eagle 370 Pro, tandem")},
      {"length", AttributeValue::N(*Number::Parse("12.5"))},
      {"capacity", AttributeValue::N(3)},
      {"version", AttributeValue::N(version)},
      {"available", AttributeValue::Bool(true)},
      {"tags", *AttributeValue::SS({"inflatable", "tandem", "touring"})},
      {"dims", AttributeValue::M({{"w", AttributeValue::N(87)},
                                  {"h", AttributeValue::N(31)}})},
      {"notes",
       AttributeValue::S("Rinse with fresh water after each rental.")}};
}

class Counter : public ChangeSubscriber {
 public:
  void OnCommit(std::span<const ChangeRecord> records) override {
    count.fetch_add(records.size(), std::memory_order_relaxed);
  }
  std::atomic<size_t> count{0};
};

std::unique_ptr<Database> MakeTable() {
  auto db = std::make_unique<Database>();
  CreateTableRequest create;
  create.table_name = "kayak";
  create.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  create.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                                  {"SK", ScalarAttributeType::kS}};
  create.billing_mode = BillingMode::kPayPerRequest;
  (void)db->CreateTable(create);
  // Loaded with BatchWriteItem, so that a profile of PutItem sees only the
  // measured calls.
  for (int p = 0; p < kPartitions; ++p) {
    BatchWriteItemRequest batch;
    for (int s = 0; s < kSortKeys; ++s) {
      WriteRequest w;
      w.put_item = MakeItem(p, s, 0);
      batch.request_items["kayak"].push_back(std::move(w));
      if (batch.request_items["kayak"].size() == 25) {
        (void)db->BatchWriteItem(batch);
        batch.request_items.clear();
      }
    }
  }
  return db;
}

// state.range(0): 0 without a subscriber, 1 with a counting one.
void BM_ChangeFeedPutItem(benchmark::State& state) {
  static std::unique_ptr<Database> db = MakeTable();
  auto counter = std::make_shared<Counter>();
  SubscriptionId id = 0;
  if (state.range(0) == 1) id = db->SubscribeChanges(counter, "kayak");
  std::mt19937 rng(2);
  PutItemRequest put;
  put.table_name = "kayak";
  int version = 1;
  for (auto _ : state) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    put.item = MakeItem(p, s, version++);
    StatusOr<PutItemResponse> r = db->PutItem(put);
    benchmark::DoNotOptimize(r);
  }
  if (state.range(0) == 1) {
    db->UnsubscribeChanges(id);
    state.counters["records"] = static_cast<double>(counter->count.load());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ChangeFeedPutItem)->Arg(0)->Arg(1)->ArgName("subscribers");

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
