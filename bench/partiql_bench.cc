// Copyright 2026 The eddy Authors.
//
// PartiQL front-end costs (issue 19), on the kayak inventory shape of
// expr_bench.cc:
//   - BM_PartiqlParseWhere10: ParseStatement of a SELECT whose WHERE has ten
//     clauses (every condition function, BETWEEN, IN, NOT, OR, a nested
//     path, literals of five types). Lexing and parsing only.
//   - BM_PartiqlPlanWhere10: PlanStatement of the same statement: parse,
//     translate, validate with the expression module's resolve pass, and
//     build the Query (the partition key fixes it; the nine other clauses
//     filter).
//   - BM_PartiqlPlanGetItem: PlanStatement of a SELECT by the whole key (the
//     statement ExecuteStatement's GetItem comparison runs).
//   - BM_PartiqlPlanUpdate: PlanStatement of an UPDATE with SET, REMOVE and
//     a condition.
//   - BM_ExprParseCondition10: for comparison in the same run, the
//     expression module's parser on the equivalent ConditionExpression.
//
//   build/bench/partiql_bench --benchmark_min_time=0.3

#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "emulator/expr/condition_parser.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/partiql.h"

namespace eddy::partiql {
namespace {

constexpr char kWhere10[] =
    "SELECT * FROM \"inventory\" WHERE PK = 'v1#store#storeULID#01HZX3K4Q8W2'"
    " AND entityType = 'storeInventory' AND price BETWEEN 10 AND 99.5"
    " AND begins_with(model, 'Sea Eagle') AND contains(tags, 'tandem')"
    " AND size(notes) > 10 AND capacity IN [2, 3, 4]"
    " AND NOT available = false AND (dims.w > 80 OR dims.h < 20)"
    " AND attribute_type(length, 'N')";

constexpr char kCondition10[] =
    "PK = :pk AND entityType = :type AND price BETWEEN :lo AND :hi"
    " AND begins_with(model, :prefix) AND contains(tags, :tag)"
    " AND size(notes) > :minlen AND #cap IN (:c2, :c3, :c4)"
    " AND NOT available = :f AND (dims.w > :w OR dims.h < :h)"
    " AND attribute_type(#len, :n)";

const MapSchemaLookup& Schemas() {
  static const MapSchemaLookup* schemas = [] {
    auto* s = new MapSchemaLookup();
    TableSchema t;
    t.table_name = "inventory";
    t.key = {KeyAttribute{"PK", ScalarAttributeType::kS},
             KeyAttribute{"SK", ScalarAttributeType::kS}};
    s->Add(t);
    return s;
  }();
  return *schemas;
}

void BM_PartiqlParseWhere10(benchmark::State& state) {
  const std::string text = kWhere10;
  for (auto _ : state) {
    StatusOr<ParsedStatement> parsed = ParseStatement(text);
    if (!parsed.ok()) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(parsed);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_PartiqlParseWhere10);

void BM_PartiqlPlanWhere10(benchmark::State& state) {
  const std::string text = kWhere10;
  for (auto _ : state) {
    StatusOr<Plan> plan = PlanStatement(text, {}, Schemas());
    if (!plan.ok() || plan->operation != PlanOperation::kQuery) {
      state.SkipWithError("plan failed");
    }
    benchmark::DoNotOptimize(plan);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PartiqlPlanWhere10);

void BM_PartiqlPlanGetItem(benchmark::State& state) {
  const std::string text =
      "SELECT * FROM \"inventory\" WHERE PK = ? AND SK = ?";
  const std::vector<AttributeValue> params = {
      AttributeValue::S("v1#store#storeULID#01HZX3K4Q8W2"),
      AttributeValue::S("inventory#metadata#inventoryULID#01HZX3M2A4C6")};
  for (auto _ : state) {
    StatusOr<Plan> plan = PlanStatement(text, params, Schemas());
    if (!plan.ok() || plan->operation != PlanOperation::kGetItem) {
      state.SkipWithError("plan failed");
    }
    benchmark::DoNotOptimize(plan);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PartiqlPlanGetItem);

void BM_PartiqlPlanUpdate(benchmark::State& state) {
  const std::string text =
      "UPDATE \"inventory\" SET price = price + 5, tags = set_add(tags, "
      "<<'sale'>>) REMOVE notes WHERE PK = 'p' AND SK = 's' AND available = "
      "true RETURNING ALL NEW *";
  for (auto _ : state) {
    StatusOr<Plan> plan = PlanStatement(text, {}, Schemas());
    if (!plan.ok()) state.SkipWithError("plan failed");
    benchmark::DoNotOptimize(plan);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PartiqlPlanUpdate);

void BM_ExprParseCondition10(benchmark::State& state) {
  const std::string text = kCondition10;
  for (auto _ : state) {
    StatusOr<expr::ParsedCondition> parsed =
        expr::ParseCondition(text, expr::ExpressionKind::kCondition);
    if (!parsed.ok()) state.SkipWithError("parse failed");
    benchmark::DoNotOptimize(parsed);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ExprParseCondition10);

}  // namespace
}  // namespace eddy::partiql

BENCHMARK_MAIN();
