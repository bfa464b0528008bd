// Copyright 2026 The eddy Authors.
//
// `eddy model run` of a 20-entity AWS MCP schema.json
// (bench/data/saas_20_entities_schema.json: one table, 3 GSIs, 66 access
// patterns of which 20 GetItem, 17 Query, 20 PutItem, 3 UpdateItem and 2
// DeleteItem) at the default data size, end to end: parse and convert the
// schema, generate the data, create the table, load it, run every read
// pattern verified (100 runs each) and every write pattern checked. The
// target is 1 s, about what DynamoDB Local needs merely to start.
//
//   build/bench/model_formats_bench
//
// Counters: items (generated and loaded), patterns, load_s, run_s.

#include <fstream>
#include <sstream>
#include <string>

#include "benchmark/benchmark.h"
#include "model/formats/aws_schema.h"
#include "model/runner.h"

namespace eddy::model {
namespace {

std::string Schema() {
  std::ifstream in(std::string(EDDY_SOURCE_DIR) +
                   "/bench/data/saas_20_entities_schema.json");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void BM_AwsSchema20EntitiesEndToEnd(benchmark::State& state) {
  const std::string text = Schema();
  RunReport last;
  for (auto _ : state) {
    StatusOr<std::vector<AwsSchemaTable>> tables = LoadAwsSchema(text, "saas");
    if (!tables.ok() || tables->size() != 1) {
      state.SkipWithError("the schema does not load");
      return;
    }
    StatusOr<RunReport> r = RunAwsSchemaTable((*tables)[0]);
    if (!r.ok() || !r->ok()) {
      state.SkipWithError("the run failed or did not verify");
      return;
    }
    last = *std::move(r);
  }
  state.counters["items"] = static_cast<double>(last.load.items);
  state.counters["patterns"] = static_cast<double>(last.patterns.size());
  state.counters["load_s"] = last.load.load_seconds;
  state.counters["run_s"] = last.run_seconds;
}
BENCHMARK(BM_AwsSchema20EntitiesEndToEnd)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace eddy::model

BENCHMARK_MAIN();
