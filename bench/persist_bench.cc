// Copyright 2026 The eddy Authors.
//
// Durable data (docs/persistence.md), on a data directory on this machine's
// disk (EDDY_BENCH_DIR, default /var/tmp/eddy-persist-bench; not /tmp,
// which may be memory):
//   BM_PutItem/<sync>/threads:N   PutItem of a 300-byte item, acknowledged
//                                 under the policy (0 always, 1 batch,
//                                 2 none); with 16 threads group commit
//                                 shares each fdatasync.
//   BM_PutItemInMemory            the same without a data directory.
//   BM_LoadSnapshot/N             LoadSnapshot of N 300-byte items into an
//                                 empty Database (items/s).
//   BM_Recover/N                  opening a data directory whose N items are
//                                 in a snapshot, or (second arg 0) in the log.
//   BM_SaveSnapshot/N             SaveSnapshot of N items.

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "emulator/api/database.h"

namespace eddy {
namespace {

std::string BenchDir(const std::string& name) {
  const char* env = std::getenv("EDDY_BENCH_DIR");
  std::filesystem::path root =
      env != nullptr ? env : "/var/tmp/eddy-persist-bench";
  std::filesystem::create_directories(root);
  return (root / name).string();
}

CreateTableRequest Table() {
  CreateTableRequest create;
  create.table_name = "bench";
  create.key_schema = {{"pk", KeyType::kHash}};
  create.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  create.billing_mode = BillingMode::kPayPerRequest;
  return create;
}

PutItemRequest Put(int64_t i) {
  PutItemRequest put;
  put.table_name = "bench";
  put.item.Set("pk", AttributeValue::S("item#" + std::to_string(i)));
  put.item.Set("body", AttributeValue::S(std::string(260, 'x')));
  put.item.Set("n", AttributeValue::N(i));
  return put;
}

struct Shared {
  std::unique_ptr<Database> db;
  std::atomic<int64_t> next{0};
};
Shared* shared = nullptr;

void BM_PutItem(benchmark::State& state) {
  if (state.thread_index() == 0) {
    const std::string dir = BenchDir("put");
    std::filesystem::remove_all(dir);
    Options o;
    o.persistence.data_dir = dir;
    o.persistence.sync = static_cast<SyncPolicy>(state.range(0));
    shared = new Shared;
    shared->db = *Database::Open(o);
    (void)shared->db->CreateTable(Table());
  }
  for (auto _ : state) {
    StatusOr<PutItemResponse> r = shared->db->PutItem(Put(shared->next++));
    if (!r.ok()) state.SkipWithError(r.status().ToString().c_str());
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0) {
    delete shared;
    shared = nullptr;
  }
}
BENCHMARK(BM_PutItem)
    ->ArgName("sync")
    ->DenseRange(0, 2)
    ->Threads(1)
    ->Threads(16)
    ->UseRealTime();

void BM_PutItemInMemory(benchmark::State& state) {
  Database db;
  (void)db.CreateTable(Table());
  int64_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(db.PutItem(Put(i++)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PutItemInMemory);

// A Database holding n items.
std::unique_ptr<Database> Filled(int64_t n, const Options& options = {}) {
  auto db = std::make_unique<Database>(options);
  (void)db->CreateTable(Table());
  BatchWriteItemRequest batch;
  for (int64_t i = 0; i < n; ++i) {
    WriteRequest w;
    w.put_item = Put(i).item;
    batch.request_items["bench"].push_back(std::move(w));
    if (batch.request_items["bench"].size() == 25 || i + 1 == n) {
      (void)db->BatchWriteItem(batch);
      batch.request_items.clear();
    }
  }
  return db;
}

std::string SnapshotOf(int64_t n) {
  const std::string path = BenchDir("fixture-" + std::to_string(n));
  if (!std::filesystem::exists(path)) (void)Filled(n)->SaveSnapshot(path);
  return path;
}

void BM_SaveSnapshot(benchmark::State& state) {
  auto db = Filled(state.range(0));
  const std::string path = BenchDir("save");
  for (auto _ : state) {
    Status s = db->SaveSnapshot(path);
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SaveSnapshot)->Arg(100'000)->Unit(benchmark::kMillisecond);

void BM_LoadSnapshot(benchmark::State& state) {
  const std::string path = SnapshotOf(state.range(0));
  for (auto _ : state) {
    auto db = std::make_unique<Database>();
    Status s = db->LoadSnapshot(path);
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
    state.PauseTiming();  // freeing the tables is not loading them
    db.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_LoadSnapshot)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

void BM_Recover(benchmark::State& state) {
  const int64_t n = state.range(0);
  const bool from_snapshot = state.range(1) == 1;
  const std::string dir =
      BenchDir("recover-" + std::to_string(n) + (from_snapshot ? "s" : "l"));
  Options o;
  o.persistence.data_dir = dir;
  o.persistence.sync = SyncPolicy::kNone;
  o.persistence.snapshot_log_bytes = 0;
  if (!std::filesystem::exists(dir)) {
    auto db = Filled(n, o);
    if (from_snapshot) (void)db->Checkpoint();
  }
  for (auto _ : state) {
    StatusOr<std::unique_ptr<Database>> db = Database::Open(o);
    if (!db.ok()) state.SkipWithError(db.status().ToString().c_str());
    state.PauseTiming();
    db = Status::OK();  // closing is not recovering
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_Recover)
    ->Args({100'000, 0})
    ->Args({1'000'000, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
