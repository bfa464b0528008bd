// Copyright 2026 The eddy Authors.
//
// The kayak model end to end (model/kayak.json): generating its data,
// loading it through the typed BatchWriteItem (25 items per call), and the
// whole run (load + every access pattern, verified), at scale 1 and 100.
//
//   build/test/bench/model_bench                       # everything
//   build/test/bench/model_bench --benchmark_filter=Load
//
// Counters: items_per_second (loading), load_items_per_s (the runner's whole
// load) and load_api_items_per_s (inside its write calls), load_s, run_s, and
// per pattern p<N>_p50_us / p<N>_p99_us (Query latency over the pattern's
// runs). Generation is outside the timed loop except in BM_ModelKayakEndToEnd,
// which is the README command's work (generate + load + run) at scale 1.

#include <map>
#include <memory>
#include <string>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"
#include "model/generator.h"
#include "model/model.h"
#include "model/runner.h"

namespace eddy::model {
namespace {

const Model& Kayak() {
  static const Model* m = [] {
    StatusOr<Model> loaded =
        LoadModelFile(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json");
    if (!loaded.ok()) std::abort();
    return new Model(*std::move(loaded));
  }();
  return *m;
}

const GeneratedData& Data(int64_t scale) {
  static std::map<int64_t, GeneratedData>* cache =
      new std::map<int64_t, GeneratedData>();
  auto it = cache->find(scale);
  if (it == cache->end()) {
    StatusOr<GeneratedData> d = Generate(Kayak(), {.scale = scale});
    if (!d.ok()) std::abort();
    it = cache->emplace(scale, *std::move(d)).first;
  }
  return it->second;
}

void BM_ModelKayakGenerate(benchmark::State& state) {
  const int64_t scale = state.range(0);
  int64_t items = 0;
  for (auto _ : state) {
    StatusOr<GeneratedData> d = Generate(Kayak(), {.scale = scale});
    if (!d.ok()) state.SkipWithError("generate failed");
    items += d.ok() ? static_cast<int64_t>(d->items.size()) : 0;
    benchmark::DoNotOptimize(d);
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_ModelKayakGenerate)
    ->ArgName("scale")
    ->Arg(1)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond);

// Loading alone: CreateTable (with or without the six GSIs) and
// BatchWriteItem of every generated item, 25 per call.
void BM_ModelKayakLoad(benchmark::State& state) {
  const int64_t scale = state.range(0);
  const bool with_indexes = state.range(1) != 0;
  const GeneratedData& data = Data(scale);
  const TableDefinition& t = Kayak().table;
  int64_t items = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto db = std::make_unique<Database>();
    CreateTableRequest create;
    create.table_name = t.name;
    create.key_schema = {{t.partition_key, KeyType::kHash},
                         {t.sort_key, KeyType::kRange}};
    create.attribute_definitions = {{t.partition_key, ScalarAttributeType::kS},
                                    {t.sort_key, ScalarAttributeType::kS}};
    create.billing_mode = BillingMode::kPayPerRequest;
    if (with_indexes) {
      for (const IndexDefinition& g : t.global_secondary_indexes) {
        create.attribute_definitions.push_back(
            {g.partition_key, ScalarAttributeType::kS});
        create.attribute_definitions.push_back(
            {g.sort_key, ScalarAttributeType::kS});
        GlobalSecondaryIndex gsi;
        gsi.index_name = g.name;
        gsi.key_schema = {{g.partition_key, KeyType::kHash},
                          {g.sort_key, KeyType::kRange}};
        gsi.projection.projection_type = ProjectionType::kAll;
        create.global_secondary_indexes.push_back(std::move(gsi));
      }
    }
    if (!db->CreateTable(create).ok())
      state.SkipWithError("CreateTable failed");
    // The requests are built outside the timed region: this measures
    // BatchWriteItem, not copying items into requests.
    std::vector<BatchWriteItemRequest> batches;
    batches.reserve(data.items.size() / 25 + 1);
    for (size_t i = 0; i < data.items.size(); i += 25) {
      BatchWriteItemRequest b;
      std::vector<WriteRequest>& w = b.request_items[t.name];
      for (size_t j = i; j < std::min(i + 25, data.items.size()); ++j) {
        w.push_back(WriteRequest{data.items[j].item, std::nullopt});
      }
      batches.push_back(std::move(b));
    }
    state.ResumeTiming();
    for (const BatchWriteItemRequest& b : batches) {
      StatusOr<BatchWriteItemResponse> r = db->BatchWriteItem(b);
      if (!r.ok() || !r->unprocessed_items.empty()) {
        state.SkipWithError("BatchWriteItem failed");
        break;
      }
    }
    items += static_cast<int64_t>(data.items.size());
    state.PauseTiming();
    db.reset();  // freeing the table and the requests is not loading
    batches.clear();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(items);
  state.counters["items"] = static_cast<double>(data.items.size());
}
BENCHMARK(BM_ModelKayakLoad)
    ->ArgNames({"scale", "gsis"})
    ->Args({1, 0})
    ->Args({1, 1})
    ->Args({100, 0})
    ->Args({100, 1})
    ->Unit(benchmark::kMillisecond);

void ReportCounters(benchmark::State& state, const RunReport& r) {
  state.counters["load_items_per_s"] = r.load.items_per_second;
  state.counters["load_api_items_per_s"] = r.load.api_items_per_second;
  state.counters["load_s"] = r.load.load_seconds;
  state.counters["run_s"] = r.run_seconds;
  for (const PatternReport& p : r.patterns) {
    if (!p.executable || !p.skipped.empty()) continue;
    const std::string n = "p" + std::to_string(p.number);
    state.counters[n + "_p50_us"] = p.p50_micros;
    state.counters[n + "_p99_us"] = p.p99_micros;
  }
}

// The whole run on pre-generated data: CreateTable with GSIs, load, every
// pattern `runs` times with verification.
void BM_ModelKayakRun(benchmark::State& state) {
  const int64_t scale = state.range(0);
  const GeneratedData& data = Data(scale);
  RunOptions options;
  options.runs = static_cast<int>(state.range(1));
  RunReport last;
  for (auto _ : state) {
    StatusOr<RunReport> r = RunModel(Kayak(), data, options);
    if (!r.ok() || !r->ok()) {
      state.SkipWithError("run failed or did not verify");
      break;
    }
    last = *std::move(r);
  }
  state.SetItemsProcessed(state.iterations() *
                          static_cast<int64_t>(data.items.size()));
  ReportCounters(state, last);
}
BENCHMARK(BM_ModelKayakRun)
    ->ArgNames({"scale", "runs"})
    ->Args({1, 200})
    ->Args({100, 200})
    ->Unit(benchmark::kMillisecond);

// The README's main job at scale 1: generate + load + run, from the model.
void BM_ModelKayakEndToEnd(benchmark::State& state) {
  RunReport last;
  for (auto _ : state) {
    StatusOr<RunReport> r = RunModel(Kayak());
    if (!r.ok() || !r->ok()) {
      state.SkipWithError("run failed or did not verify");
      break;
    }
    last = *std::move(r);
  }
  ReportCounters(state, last);
  state.counters["generate_s"] = last.load.generate_seconds;
}
BENCHMARK(BM_ModelKayakEndToEnd)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace eddy::model

BENCHMARK_MAIN();
