// Copyright 2026 The eddy Authors.
//
// Expression costs (issue 4), on the kayak inventory item of ops_bench.cc
// (~300 bytes):
//   - BM_ExprParseCondition / BM_ExprParseResolveCondition: the front end on
//     a 10-clause condition (every function, BETWEEN, IN, NOT, OR, nested
//     path, #names and 13 :values).
//   - BM_ExprEvaluateCondition/clauses:{1,10}: Evaluate() of a compiled
//     condition against one item (both conditions hold for it).
//   - BM_ExprScan/filter:{none,1 clause,10 clauses}: a full Scan (1 MB pages
//     until LastEvaluatedKey is absent) of a 100,000-item table through the
//     typed Database API, with no FilterExpression or with one that keeps
//     every item.
//   - BM_ExprScanFilterOverhead/clauses:{1,10}: the same two Scans
//     alternated in each iteration, so the shared machine's noise hits both
//     alike; counter `ratio` = filtered / unfiltered wall time.
//     Target: ratio <= 1.5.
//   - BM_Legacy{AttributesToGet,AttributeUpdates,Expected,ScanFilterIn}/
//     elements:{1k,10k,100k,1M}: one request through the typed Database API
//     whose legacy parameter has that many elements (issue 26's worst
//     shapes): GetItem with n AttributesToGet names; UpdateItem with n
//     AttributeUpdates (DELETE of a string set from n absent attributes, a
//     no-op); PutItem with n Expected entries (each `aN NE 0`, true for the
//     absent aN); Scan of 10 items with ScanFilter `v IN (n numbers)` (half
//     the items match nothing, so the whole list is compared). Every request
//     succeeds. Linear translation shows as a constant time per element
//     (items_per_second).
//
//   build/dev/bench/expr_bench --benchmark_min_time=0.3

#include <chrono>
#include <map>
#include <string>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/condition_parser.h"
#include "emulator/expr/evaluate.h"
#include "emulator/expr/resolve.h"

namespace eddy {
namespace {

constexpr int kItems = 100'000;
constexpr int kSortKeys = 50;

Item MakeItem(int i) {
  return Item{
      {"PK", AttributeValue::S("v1#store#storeULID#01HZX3K4Q8W2N5RT" +
                               std::to_string(100000 + i / kSortKeys))},
      {"SK", AttributeValue::S("inventory#metadata#inventoryULID#01HZX3M2A4C6" +
                               std::to_string(1000 + i % kSortKeys))},
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

// Ten clauses joined by AND; every one holds for MakeItem().
constexpr char kTenClauses[] =
    "attribute_exists(PK) AND entityType = :type"
    " AND price BETWEEN :lo AND :hi AND begins_with(model, :prefix)"
    " AND contains(tags, :tag) AND size(notes) > :minlen"
    " AND #cap IN (:c2, :c3, :c4) AND dims.w >= :minw"
    " AND NOT attribute_type(available, :nulltype)"
    " AND (#len < :maxlen OR entityType <> :retired)";
constexpr char kOneClause[] = "entityType = :type";

const ExpressionAttributeNames& TenClauseNames() {
  static const auto* names =
      new ExpressionAttributeNames{{"#cap", "capacity"}, {"#len", "length"}};
  return *names;
}

const ExpressionAttributeValues& TenClauseValues() {
  static const auto* values = new ExpressionAttributeValues{
      {":type", AttributeValue::S("storeInventory")},
      {":lo", AttributeValue::N(10)},
      {":hi", AttributeValue::N(100)},
      {":prefix", AttributeValue::S("Sea Eagle")},
      {":tag", AttributeValue::S("tandem")},
      {":minlen", AttributeValue::N(10)},
      {":c2", AttributeValue::N(2)},
      {":c3", AttributeValue::N(3)},
      {":c4", AttributeValue::N(4)},
      {":minw", AttributeValue::N(80)},
      {":nulltype", AttributeValue::S("NULL")},
      {":maxlen", AttributeValue::N(20)},
      {":retired", AttributeValue::S("retired")},
  };
  return *values;
}

const ExpressionAttributeValues& OneClauseValues() {
  static const auto* values = new ExpressionAttributeValues{
      {":type", AttributeValue::S("storeInventory")}};
  return *values;
}

void BM_ExprParseCondition(benchmark::State& state) {
  for (auto _ : state) {
    StatusOr<expr::ParsedCondition> parsed =
        expr::ParseCondition(kTenClauses, expr::ExpressionKind::kFilter);
    if (!parsed.ok()) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(parsed);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(sizeof(kTenClauses) - 1));
}
BENCHMARK(BM_ExprParseCondition);

void BM_ExprParseResolveCondition(benchmark::State& state) {
  for (auto _ : state) {
    expr::PlaceholderUsage usage;
    StatusOr<expr::ResolvedCondition> resolved =
        expr::CompileCondition(kTenClauses, expr::ExpressionKind::kFilter,
                               &TenClauseNames(), &TenClauseValues(), &usage);
    if (!resolved.ok()) state.SkipWithError("compile failed");
    benchmark::DoNotOptimize(resolved);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(sizeof(kTenClauses) - 1));
}
BENCHMARK(BM_ExprParseResolveCondition);

void BM_ExprEvaluateCondition(benchmark::State& state) {
  const bool ten = state.range(0) == 10;
  expr::PlaceholderUsage usage;
  StatusOr<expr::ResolvedCondition> condition = expr::CompileCondition(
      ten ? kTenClauses : kOneClause, expr::ExpressionKind::kFilter,
      ten ? &TenClauseNames() : nullptr,
      ten ? &TenClauseValues() : &OneClauseValues(), &usage);
  const Item item = MakeItem(7);
  if (!condition.ok() || !expr::Evaluate(*condition, item)) {
    state.SkipWithError("the condition must hold for the item");
    return;
  }
  for (auto _ : state) {
    bool keep = expr::Evaluate(*condition, item);
    benchmark::DoNotOptimize(keep);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ExprEvaluateCondition)->Arg(1)->Arg(10)->ArgName("clauses");

Database& GetTable() {
  static Database* db = [] {
    auto* d = new Database();
    CreateTableRequest c;
    c.table_name = "kayak";
    c.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
    c.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                               {"SK", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    (void)d->CreateTable(c);
    PutItemRequest put;
    put.table_name = "kayak";
    for (int i = 0; i < kItems; ++i) {
      put.item = MakeItem(i);
      (void)d->PutItem(put);
    }
    return d;
  }();
  return *db;
}

// Filter clauses: 0 (no FilterExpression), 1 or 10.
ScanRequest MakeScan(int clauses) {
  ScanRequest scan;
  scan.table_name = "kayak";
  if (clauses == 1) {
    scan.filter_expression = kOneClause;
    scan.expression_attribute_values = OneClauseValues();
  } else if (clauses == 10) {
    scan.filter_expression = kTenClauses;
    scan.expression_attribute_names = TenClauseNames();
    scan.expression_attribute_values = TenClauseValues();
  }
  return scan;
}

// Scans the whole table; returns the items returned (after the filter), or
// -1 on an error.
int64_t ScanAll(Database& db, ScanRequest scan) {
  int64_t items = 0;
  while (true) {
    StatusOr<ScanResponse> page = db.Scan(scan);
    if (!page.ok()) return -1;
    items += page->count;
    if (!page->last_evaluated_key) return items;
    scan.exclusive_start_key = std::move(page->last_evaluated_key);
  }
}

void BM_ExprScan(benchmark::State& state) {
  Database& db = GetTable();
  const ScanRequest scan = MakeScan(static_cast<int>(state.range(0)));
  int64_t items = 0;
  for (auto _ : state) {
    const int64_t n = ScanAll(db, scan);
    if (n != kItems) {
      state.SkipWithError("the scan must return every item");
      return;
    }
    items += n;
  }
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_ExprScan)
    ->Arg(0)
    ->Arg(1)
    ->Arg(10)
    ->ArgName("filter_clauses")
    ->Unit(benchmark::kMillisecond);

void BM_ExprScanFilterOverhead(benchmark::State& state) {
  using Clock = std::chrono::steady_clock;
  Database& db = GetTable();
  const ScanRequest plain = MakeScan(0);
  const ScanRequest filtered = MakeScan(static_cast<int>(state.range(0)));
  Clock::duration plain_time{}, filtered_time{};
  int64_t items = 0;
  for (auto _ : state) {
    const Clock::time_point t0 = Clock::now();
    const int64_t a = ScanAll(db, plain);
    const Clock::time_point t1 = Clock::now();
    const int64_t b = ScanAll(db, filtered);
    const Clock::time_point t2 = Clock::now();
    if (a != kItems || b != kItems) {
      state.SkipWithError("both scans must return every item");
      return;
    }
    plain_time += t1 - t0;
    filtered_time += t2 - t1;
    items += a + b;
  }
  const double iterations = static_cast<double>(state.iterations());
  const double plain_ms =
      std::chrono::duration<double, std::milli>(plain_time).count();
  const double filtered_ms =
      std::chrono::duration<double, std::milli>(filtered_time).count();
  state.counters["no_filter_ms"] = plain_ms / iterations;
  state.counters["filter_ms"] = filtered_ms / iterations;
  state.counters["ratio"] = filtered_ms / plain_ms;
  state.SetItemsProcessed(items);
}
BENCHMARK(BM_ExprScanFilterOverhead)
    ->Arg(1)
    ->Arg(10)
    ->ArgName("clauses")
    ->Unit(benchmark::kMillisecond);

// A small table for the legacy shapes: pk = k0..k9, v = i or -i.
Database& LegacyTable() {
  static Database* db = [] {
    auto* d = new Database();
    CreateTableRequest c;
    c.table_name = "legacy";
    c.key_schema = {{"pk", KeyType::kHash}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    (void)d->CreateTable(c);
    PutItemRequest put;
    put.table_name = "legacy";
    for (int i = 0; i < 10; ++i) {
      put.item = {{"pk", AttributeValue::S("k" + std::to_string(i))},
                  {"v", AttributeValue::N(i % 2 ? -i : i)},
                  {"a1", AttributeValue::S("one")}};
      (void)d->PutItem(put);
    }
    return d;
  }();
  return *db;
}

std::string LegacyName(int64_t i) { return "a" + std::to_string(i); }

// Runs `call` (which returns whether the request succeeded) once per
// iteration; n elements per request.
template <typename Call>
void RunLegacy(benchmark::State& state, const Call& call) {
  for (auto _ : state) {
    if (!call()) {
      state.SkipWithError("the request must succeed");
      return;
    }
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}

void BM_LegacyAttributesToGet(benchmark::State& state) {
  Database& db = LegacyTable();
  GetItemRequest get;
  get.table_name = "legacy";
  get.key = {{"pk", AttributeValue::S("k0")}};
  get.attributes_to_get.emplace();
  for (int64_t i = 0; i < state.range(0); ++i) {
    get.attributes_to_get->push_back(LegacyName(i));
  }
  RunLegacy(state, [&] {
    StatusOr<GetItemResponse> r = db.GetItem(get);
    return r.ok() && r->item && r->item->size() == 1;
  });
}

void BM_LegacyAttributeUpdates(benchmark::State& state) {
  Database& db = LegacyTable();
  UpdateItemRequest update;
  update.table_name = "legacy";
  update.key = {{"pk", AttributeValue::S("k0")}};
  update.attribute_updates.emplace();
  const AttributeValue set = *AttributeValue::SS({"x"});
  for (int64_t i = 0; i < state.range(0); ++i) {
    update.attribute_updates->emplace(
        "u" + std::to_string(i),
        AttributeValueUpdate{set, AttributeAction::kDelete});
  }
  RunLegacy(state, [&] { return db.UpdateItem(update).ok(); });
}

void BM_LegacyExpected(benchmark::State& state) {
  Database& db = LegacyTable();
  PutItemRequest put;
  put.table_name = "legacy";
  put.item = {{"pk", AttributeValue::S("expected")}};
  put.expected.emplace();
  for (int64_t i = 0; i < state.range(0); ++i) {
    put.expected->emplace(LegacyName(i),
                          ExpectedAttributeValue{std::nullopt,
                                                 std::nullopt,
                                                 ComparisonOperator::kNe,
                                                 {AttributeValue::N(0)}});
  }
  RunLegacy(state, [&] { return db.PutItem(put).ok(); });
}

void BM_LegacyScanFilterIn(benchmark::State& state) {
  Database& db = LegacyTable();
  ScanRequest scan;
  scan.table_name = "legacy";
  Condition in{ComparisonOperator::kIn, {}};
  for (int64_t i = 0; i < state.range(0); ++i) {
    in.attribute_value_list.push_back(AttributeValue::N(i));
  }
  scan.scan_filter = std::map<std::string, Condition>{{"v", std::move(in)}};
  RunLegacy(state, [&] {
    StatusOr<ScanResponse> r = db.Scan(scan);
    return r.ok() && r->count == 5;  // v = 0, 2, 4, 6, 8
  });
}

void LegacySizes(benchmark::internal::Benchmark* b) {
  b->RangeMultiplier(10)
      ->Range(1000, 1000000)
      ->ArgName("elements")
      ->Unit(benchmark::kMillisecond);
}
BENCHMARK(BM_LegacyAttributesToGet)->Apply(LegacySizes);
BENCHMARK(BM_LegacyAttributeUpdates)->Apply(LegacySizes);
BENCHMARK(BM_LegacyExpected)->Apply(LegacySizes);
BENCHMARK(BM_LegacyScanFilterIn)->Apply(LegacySizes);

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
