// Copyright 2026 The eddy Authors.
//
// Export and import rates: ExportTableToPointInTime of a 100,000-item table
// (DYNAMODB_JSON and ION, gzip) and ImportTable of that export into a new
// table, in items per second (the items_per_second counter).

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "emulator/api/database.h"

namespace eddy {
namespace {

namespace fs = std::filesystem;

constexpr int kItems = 100'000;

struct Fixture {
  fs::path root;
  std::unique_ptr<Database> db;
  std::string arn;

  Fixture() {
    root = fs::temp_directory_path() /
           ("eddy_transfer_bench_" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
    Options o;
    o.export_root = root.string();
    db = std::make_unique<Database>(o);
    CreateTableRequest c;
    c.table_name = "src";
    c.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kN}};
    c.billing_mode = BillingMode::kPayPerRequest;
    arn = db->CreateTable(c)->table_description.table_arn;
    for (int i = 0; i < kItems; ++i) {
      Item item;
      item.Set("pk", AttributeValue::S("user#" + std::to_string(i % 5000)));
      item.Set("sk", AttributeValue::N(i));
      item.Set("name", AttributeValue::S("name of item " + std::to_string(i)));
      item.Set("score", AttributeValue::N(i * 7 % 1000));
      item.Set("tags", AttributeValue::SS({"a", "b", "c"}).value());
      item.Set("active", AttributeValue::Bool(i % 2 == 0));
      (void)db->PutItem({.table_name = "src", .item = std::move(item)});
    }
    UpdateContinuousBackupsRequest u;
    u.table_name = "src";
    u.point_in_time_recovery_specification.point_in_time_recovery_enabled =
        true;
    (void)db->UpdateContinuousBackups(u);
  }
  ~Fixture() { fs::remove_all(root); }

  std::string ExportOnce(ExportFormat format) {
    ExportTableToPointInTimeRequest e;
    e.table_arn = arn;
    e.s3_bucket = "bucket";
    e.export_format = format;
    return db->ExportTableToPointInTime(e)->export_description.export_arn;
  }
};

Fixture& Shared() {
  static Fixture* f = new Fixture();
  return *f;
}

void BM_Export(benchmark::State& state) {
  Fixture& f = Shared();
  const ExportFormat format =
      state.range(0) == 0 ? ExportFormat::kDynamoDbJson : ExportFormat::kIon;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f.ExportOnce(format));
  }
  state.SetItemsProcessed(state.iterations() * kItems);
  state.SetLabel(state.range(0) == 0 ? "DYNAMODB_JSON gzip" : "ION gzip");
}
BENCHMARK(BM_Export)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_Import(benchmark::State& state) {
  Fixture& f = Shared();
  const bool ion = state.range(0) == 1;
  const std::string arn =
      f.ExportOnce(ion ? ExportFormat::kIon : ExportFormat::kDynamoDbJson);
  const std::string id = arn.substr(arn.rfind('/') + 1);
  int n = 0;
  for (auto _ : state) {
    ImportTableRequest i;
    i.s3_bucket_source.s3_bucket = "bucket";
    i.s3_bucket_source.s3_key_prefix = "AWSDynamoDB/" + id + "/data/";
    i.input_format = ion ? InputFormat::kIon : InputFormat::kDynamoDbJson;
    i.input_compression_type = InputCompressionType::kGzip;
    CreateTableRequest& c = i.table_creation_parameters;
    c.table_name = "dst" + std::to_string(ion) + "_" + std::to_string(n++);
    c.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kN}};
    c.billing_mode = BillingMode::kPayPerRequest;
    benchmark::DoNotOptimize(f.db->ImportTable(i));
    state.PauseTiming();
    (void)f.db->DeleteTable({.table_name = c.table_name});
    state.ResumeTiming();
  }
  state.SetItemsProcessed(state.iterations() * kItems);
  state.SetLabel(ion ? "ION gzip" : "DYNAMODB_JSON gzip");
}
BENCHMARK(BM_Import)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
