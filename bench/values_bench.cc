// Copyright 2026 The eddy Authors.
//
// The value layer: Number parse / compare / add, and DynamoDB-JSON decode and
// encode of a typical 300-byte item and of a 40 KB item. BM_JsonSaxFloor*
// runs nlohmann/json's SAX parser over the same text with a handler that
// does nothing: what decoding through that interface would cost before
// building anything (the reason emulator/wire has a reader of its own).
//
//   build/test/bench/values_bench --benchmark_min_time=0.2

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/number.h"
#include "emulator/wire/attribute_json.h"

namespace eddy {
namespace {

const std::vector<std::string>& NumberTexts() {
  static const std::vector<std::string> texts = {
      "42",         "-17.5",    "3.1415926535897932384626433832795028841",
      "1.5E2",      "0.000123", "99999999999999999999999999999999999999",
      "1700000000", "-0.5"};
  return texts;
}

void BM_NumberParse(benchmark::State& state) {
  const auto& texts = NumberTexts();
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(Number::Parse(texts[i++ % texts.size()]));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NumberParse);

void BM_NumberCompare(benchmark::State& state) {
  std::vector<Number> numbers;
  for (const auto& t : NumberTexts()) numbers.push_back(*Number::Parse(t));
  size_t i = 0;
  for (auto _ : state) {
    const Number& a = numbers[i % numbers.size()];
    const Number& b = numbers[(i + 3) % numbers.size()];
    benchmark::DoNotOptimize(a.Compare(b));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NumberCompare);

void BM_NumberAdd(benchmark::State& state) {
  const Number a = *Number::Parse("12345.678"), b = *Number::Parse("-0.00042");
  for (auto _ : state) benchmark::DoNotOptimize(Number::Add(a, b));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NumberAdd);

void BM_NumberToString(benchmark::State& state) {
  const Number n = *Number::Parse("-1234567.890123");
  for (auto _ : state) benchmark::DoNotOptimize(n.ToString());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NumberToString);

// About 300 bytes of DynamoDB size: a single-table-design entity.
std::string SmallItemJson() {
  return R"({"PK":{"S":"v1#store#storeULID#01HZX3K4Q8W2N5RTV7Y9B1C3D5"},)"
         R"("SK":{"S":"inventory#metadata#inventoryULID#01HZX3M2A4C6E8G0J2L4N6P8R0"},)"
         R"("entityType":{"S":"storeInventory"},"model":{"S":"Sea Eagle 370 Pro"},)"
         R"("length":{"N":"12.5"},"capacity":{"N":"3"},"price":{"N":"79.99"},)"
         R"("available":{"BOOL":true},"tags":{"SS":["inflatable","tandem","touring"]},)"
         R"("dims":{"M":{"w":{"N":"0.87"},"h":{"N":"0.31"},"kg":{"N":"18"}}},)"
         R"("history":{"L":[{"S":"2026-01-04"},{"S":"2026-03-11"}]}})";
}

// About 40 KB: 200 line items of ~200 bytes each.
std::string LargeItemJson() {
  std::string json =
      R"({"PK":{"S":"order#1"},"SK":{"S":"order#1"},"lines":{"L":[)";
  for (int i = 0; i < 200; ++i) {
    if (i) json += ",";
    json += R"({"M":{"sku":{"S":"SKU-)" + std::to_string(100000 + i) +
            R"("},"qty":{"N":")" + std::to_string(i % 7 + 1) +
            R"("},"price":{"N":"19.95"},"note":{"S":")" +
            std::string(140, 'x') + R"("}}})";
  }
  json += "]}}";
  return json;
}

void DecodeBench(benchmark::State& state, const std::string& json) {
  const int64_t size = ItemSizeBytes(*DecodeItemJson(json));
  for (auto _ : state) {
    StatusOr<Item> item = DecodeItemJson(json);
    benchmark::DoNotOptimize(item);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(json.size()));
  state.counters["item_bytes"] = static_cast<double>(size);
}

void EncodeBench(benchmark::State& state, const std::string& json) {
  const Item item = *DecodeItemJson(json);
  size_t out_bytes = 0;
  for (auto _ : state) {
    std::string out = EncodeItemJson(item);
    out_bytes = out.size();
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(out_bytes));
  state.counters["item_bytes"] = static_cast<double>(ItemSizeBytes(item));
}

void BM_ItemDecode300B(benchmark::State& state) {
  DecodeBench(state, SmallItemJson());
}
void BM_ItemEncode300B(benchmark::State& state) {
  EncodeBench(state, SmallItemJson());
}
void BM_ItemDecode40KB(benchmark::State& state) {
  DecodeBench(state, LargeItemJson());
}
void BM_ItemEncode40KB(benchmark::State& state) {
  EncodeBench(state, LargeItemJson());
}
BENCHMARK(BM_ItemDecode300B);
BENCHMARK(BM_ItemEncode300B);
BENCHMARK(BM_ItemDecode40KB);
BENCHMARK(BM_ItemEncode40KB);

// A SAX handler that accepts every event and keeps nothing.
struct NullSax : nlohmann::json_sax<nlohmann::json> {
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception&) override {
    return false;
  }
};

void SaxFloorBench(benchmark::State& state, const std::string& json) {
  for (auto _ : state) {
    NullSax sax;
    benchmark::DoNotOptimize(nlohmann::json::sax_parse(json, &sax));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(json.size()));
}
void BM_JsonSaxFloor300B(benchmark::State& state) {
  SaxFloorBench(state, SmallItemJson());
}
void BM_JsonSaxFloor40KB(benchmark::State& state) {
  SaxFloorBench(state, LargeItemJson());
}
BENCHMARK(BM_JsonSaxFloor300B);
BENCHMARK(BM_JsonSaxFloor40KB);

void BM_ItemSize300B(benchmark::State& state) {
  const Item item = *DecodeItemJson(SmallItemJson());
  for (auto _ : state) benchmark::DoNotOptimize(ItemSizeBytes(item));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ItemSize300B);

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
