// Copyright 2026 The eddy Authors.
//
// What DynamoDB Streams cost (emulator/api/streams.h):
// - BM_StreamsPutItem: PutItem overwriting items of about 300 bytes, on a
//   table without a stream and on one with a NEW_AND_OLD_IMAGES stream, in
//   one run (target: with ≤ 1.3× without). The stream keeps every record
//   (24 hours on the clock), so the streamed table's memory grows.
// - BM_StreamsGetRecords: GetRecords of 1,000 records (both images decoded)
//   from a fresh TRIM_HORIZON iterator; items_per_second gives µs per record.
// - BM_StreamsRetainedBytes: heap bytes per retained record, measured with
//   mallinfo2 around 100,000 overwrites, against the item's DynamoDB size
//   (the table without a stream is measured the same way for reference).
//
//   build/test/bench/streams_bench --benchmark_min_time=0.5

#include <malloc.h>

#include <memory>
#include <random>
#include <string>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"
#include "emulator/api/streams_reader.h"

namespace eddy {
namespace {

constexpr int kItems = 20'000;

Item MakeItem(int i, int version) {
  return Item{
      {"PK", AttributeValue::S("v1#store#storeULID#01HZX3K4Q8W2N5RT" +
                               std::to_string(100000 + i / 50))},
      {"SK", AttributeValue::S("inventory#metadata#inventoryULID#01HZX3M2A4C6" +
                               std::to_string(1000 + i % 50))},
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

void CreateTable(Database& db, const std::string& name, bool stream) {
  CreateTableRequest create;
  create.table_name = name;
  create.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
  create.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                                  {"SK", ScalarAttributeType::kS}};
  create.billing_mode = BillingMode::kPayPerRequest;
  if (stream) {
    create.stream_specification = StreamSpecification{
        .stream_enabled = true,
        .stream_view_type = StreamViewType::kNewAndOldImages};
  }
  (void)db.CreateTable(create);
  for (int i = 0; i < kItems; i += 25) {
    BatchWriteItemRequest batch;
    for (int j = i; j < i + 25 && j < kItems; ++j) {
      WriteRequest w;
      w.put_item = MakeItem(j, 0);
      batch.request_items[name].push_back(std::move(w));
    }
    (void)db.BatchWriteItem(batch);
  }
}

// Both tables in one Database, so both rows run on the same heap and
// machine state.
Database& Shared() {
  static Database* db = [] {
    auto* d = new Database();
    CreateTable(*d, "plain", false);
    CreateTable(*d, "streamed", true);
    return d;
  }();
  return *db;
}

// state.range(0): 0 the table without a stream, 1 the one with.
void BM_StreamsPutItem(benchmark::State& state) {
  Database& db = Shared();
  std::mt19937 rng(2);
  PutItemRequest put;
  put.table_name = state.range(0) == 1 ? "streamed" : "plain";
  int version = 1;
  for (auto _ : state) {
    put.item = MakeItem(static_cast<int>(rng() % kItems), version++);
    StatusOr<PutItemResponse> r = db.PutItem(put);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StreamsPutItem)->Arg(0)->Arg(1)->ArgName("stream");

void BM_StreamsGetRecords(benchmark::State& state) {
  static Database* db = [] {
    auto* d = new Database();
    CreateTableRequest create;
    create.table_name = "tab";
    create.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
    create.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                                    {"SK", ScalarAttributeType::kS}};
    create.provisioned_throughput = ProvisionedThroughput{5, 5};  // 1 shard
    create.stream_specification = StreamSpecification{
        .stream_enabled = true,
        .stream_view_type = StreamViewType::kNewAndOldImages};
    (void)d->CreateTable(create);
    for (int i = 0; i < 1000; ++i) {
      (void)d->PutItem({.table_name = "tab", .item = MakeItem(i % 500, i)});
    }
    return d;
  }();
  const std::string arn =
      *db->DescribeTable({.table_name = "tab"})->table.latest_stream_arn;
  const std::string shard = (*eddy::internal::ListShards(*db, arn))[0].shard_id;
  size_t records = 0;
  for (auto _ : state) {
    StatusOr<GetShardIteratorResponse> it =
        db->GetShardIterator({.stream_arn = arn, .shard_id = shard});
    StatusOr<GetRecordsResponse> page =
        db->GetRecords({.shard_iterator = *it->shard_iterator});
    records = page->records.size();
    benchmark::DoNotOptimize(page);
  }
  state.counters["records_per_call"] = static_cast<double>(records);
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(records));
}
BENCHMARK(BM_StreamsGetRecords)->Unit(benchmark::kMicrosecond);

// state.range(0): 0 without a stream, 1 with NEW_AND_OLD_IMAGES.
void BM_StreamsRetainedBytes(benchmark::State& state) {
  constexpr int kOverwrites = 100'000;
  for (auto _ : state) {
    Database db;
    const std::string name = "mem";
    CreateTable(db, name, state.range(0) == 1);
    const size_t before = mallinfo2().uordblks;
    std::mt19937 rng(3);
    for (int v = 1; v <= kOverwrites; ++v) {
      (void)db.PutItem({.table_name = name,
                        .item = MakeItem(static_cast<int>(rng() % kItems), v)});
    }
    const size_t after = mallinfo2().uordblks;
    state.counters["bytes_per_overwrite"] =
        static_cast<double>(after - before) / kOverwrites;
    state.counters["item_bytes"] =
        static_cast<double>(ItemSizeBytes(MakeItem(0, kOverwrites)));
  }
}
BENCHMARK(BM_StreamsRetainedBytes)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("stream")
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
