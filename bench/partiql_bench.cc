// Copyright 2026 The eddy Authors.
//
// PartiQL front-end costs (issue 19), on the kayak inventory shape of
// expr_bench.cc:
//   - BM_PartiqlParseWhere10: ParseStatement of a SELECT whose WHERE has ten
//     clauses (every condition function, BETWEEN, IN, NOT, OR, a nested
//     path, literals of five types). Lexing and parsing only.
//   - BM_PartiqlPlanWhere10: PlanStatement of the same statement: translate,
//     validate with the expression module's resolve pass, and build the
//     Query (the partition key fixes it; the nine other clauses filter).
//     PlanStatement memoizes the parse by the statement's text
//     (internal/parse_cache.h), so from the second iteration on the parse
//     is a lookup: this and the two rows below are planning after the
//     parse, as a program repeating its statements sees it.
//   - BM_PartiqlPlanGetItem: PlanStatement of a SELECT by the whole key (the
//     statement ExecuteStatement's GetItem comparison runs).
//   - BM_PartiqlPlanUpdate: PlanStatement of an UPDATE with SET, REMOVE and
//     a condition.
//   - BM_ExprParseCondition10: for comparison in the same run, the
//     expression module's parser on the equivalent ConditionExpression.
//
// And ExecuteStatement through Execute (DynamoDB JSON in, DynamoDB JSON out,
// as an SDK drives it) next to the operation it becomes, in the same run,
// on a table of 100,000 items of about 300 bytes (2,000 partition keys x 50
// sort keys, ops_bench's item):
//   - BM_PartiqlSelectByKeyJson vs BM_GetItemJson: a SELECT whose WHERE fixes
//     the whole key (`?` parameters) vs the GetItem of the same key;
//   - BM_PartiqlSelectByKeyJsonNoPlanCache: the same SELECT with the plan
//     cache (internal/plan_cache.h) off: planned in full on every call;
//   - BM_PartiqlInsertJson / ...NoPlanCache vs BM_PutItemJson: an INSERT of a
//     new item with `?` parameters vs the PutItem of the same item (new
//     keys every iteration, in partitions the reads do not touch);
//   - BM_PartiqlSelect50Json vs BM_Query50Json: a SELECT of one partition
//     key's 50 items vs the Query of the same partition.
// The request bodies are built in the loop as a serializer writes them.
//
//   build/bench/partiql_bench --benchmark_min_time=0.3

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"
#include "emulator/expr/condition_parser.h"
#include "emulator/partiql/internal/plan_cache.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/partiql.h"
#include "emulator/wire/execute.h"

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

// ---- ExecuteStatement vs the operation it becomes, through Execute ----

constexpr int kPartitions = 2'000;
constexpr int kSortKeys = 50;

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

Database& KayakDb() {
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
    for (int p = 0; p < kPartitions; ++p) {
      for (int s = 0; s < kSortKeys; ++s) {
        put.item = MakeItem(p, s);
        (void)d->PutItem(put);
      }
    }
    return d;
  }();
  return *db;
}

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
std::string SelectByKeyBody(int p, int s) {
  std::string body;
  body.reserve(224);
  body.append(
      R"({"Statement":"SELECT * FROM \"kayak\" WHERE PK = ? AND SK = ?",)"
      R"("Parameters":[{"S":")");
  body.append(Pk(p));
  body.append(R"("},{"S":")");
  body.append(Sk(s));
  body.append(R"("}]})");
  return body;
}
std::string QueryBody(int p) {
  std::string body;
  body.reserve(192);
  body.append(R"({"TableName":"kayak","KeyConditionExpression":"PK = :pk",)"
              R"("ExpressionAttributeValues":{":pk":{"S":")");
  body.append(Pk(p));
  body.append(R"("}}})");
  return body;
}
std::string SelectPartitionBody(int p) {
  std::string body;
  body.reserve(192);
  body.append(R"({"Statement":"SELECT * FROM \"kayak\" WHERE PK = ?",)"
              R"("Parameters":[{"S":")");
  body.append(Pk(p));
  body.append(R"("}]})");
  return body;
}

// The number of top-level "Items" entries in a response body: counts the
// items' "PK" members (every item has exactly one; no value holds the text).
int64_t ItemsIn(const std::string& body) {
  int64_t n = 0;
  for (size_t at = body.find("\"PK\":"); at != std::string::npos;
       at = body.find("\"PK\":", at + 5)) {
    ++n;
  }
  return n;
}

// Runs `operation` with body(rng) per iteration; every response must be a 200
// holding `expected_items` items.
template <typename MakeBody>
void RunJson(benchmark::State& state, const char* operation, uint32_t seed,
             int64_t expected_items, MakeBody make_body) {
  Database& db = KayakDb();
  std::mt19937 rng(seed);
  int64_t items = 0, bytes = 0;
  for (auto _ : state) {
    WireResponse r = eddy::Execute(db, operation, make_body(rng));
    if (r.http_status != 200 || ItemsIn(r.body) != expected_items) {
      state.SkipWithError(r.body.substr(0, 200).c_str());
      return;
    }
    items += expected_items;
    bytes += static_cast<int64_t>(r.body.size());
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(items);
  state.SetBytesProcessed(bytes);
}

void BM_GetItemJson(benchmark::State& state) {
  RunJson(state, "GetItem", 1, 1, [](std::mt19937& rng) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    return GetItemBody(p, s);
  });
}
BENCHMARK(BM_GetItemJson);

void BM_PartiqlSelectByKeyJson(benchmark::State& state) {
  RunJson(state, "ExecuteStatement", 1, 1, [](std::mt19937& rng) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    return SelectByKeyBody(p, s);
  });
}
BENCHMARK(BM_PartiqlSelectByKeyJson);

// The same SELECT with the plan cache off (internal/plan_cache.h): parsed
// (memoized) and planned in full on every call, as before the cache.
void BM_PartiqlSelectByKeyJsonNoPlanCache(benchmark::State& state) {
  internal::SetPlanCacheEnabled(false);
  RunJson(state, "ExecuteStatement", 1, 1, [](std::mt19937& rng) {
    const int p = static_cast<int>(rng() % kPartitions),
              s = static_cast<int>(rng() % kSortKeys);
    return SelectByKeyBody(p, s);
  });
  internal::SetPlanCacheEnabled(true);
}
BENCHMARK(BM_PartiqlSelectByKeyJsonNoPlanCache);

// Writes of new items into partitions the reads never touch (sort keys
// from a counter, so every INSERT's key is new): PutItem vs INSERT with
// `?` parameters, with and without the plan cache.
std::string WriteSk(int64_t n) { return "w#" + std::to_string(n); }
std::string ItemJsonAfterKey() {
  return R"(,"entityType":{"S":"storeInventory"},)"
         R"("model":{"S":"Sea Eagle 370 Pro, tandem"},"price":{"N":"79.99"},)"
         R"("available":{"BOOL":true})";
}
std::string PutItemBody(int p, int64_t n) {
  std::string body = R"({"TableName":"kayak","Item":{"PK":{"S":"w)";
  body += Pk(p);
  body += R"("},"SK":{"S":")";
  body += WriteSk(n);
  body += R"("})";
  body += ItemJsonAfterKey();
  body += "}}";
  return body;
}
std::string InsertBody(int p, int64_t n) {
  std::string body =
      R"({"Statement":"INSERT INTO \"kayak\" VALUE {'PK': ?, 'SK': ?,)"
      R"( 'entityType': ?, 'model': ?, 'price': ?, 'available': ?}",)"
      R"("Parameters":[{"S":"w)";
  body += Pk(p);
  body += R"("},{"S":")";
  body += WriteSk(n);
  body += R"("},{"S":"storeInventory"},{"S":"Sea Eagle 370 Pro, tandem"},)"
          R"({"N":"79.99"},{"BOOL":true}]})";
  return body;
}

// Runs `operation` with body(p, n) on fresh keys; every answer a 200.
template <typename MakeBody>
void RunWrites(benchmark::State& state, const char* operation, int64_t base,
               MakeBody make_body) {
  Database& db = KayakDb();
  // Google Benchmark calls this several times: keys continue across calls.
  static int64_t written = 0;
  int64_t n = base + written;
  for (auto _ : state) {
    WireResponse r = eddy::Execute(
        db, operation, make_body(static_cast<int>(n % kPartitions), n));
    ++n;
    ++written;
    if (r.http_status != 200) {
      state.SkipWithError(r.body.substr(0, 200).c_str());
      return;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_PutItemJson(benchmark::State& state) {
  RunWrites(state, "PutItem", 0, PutItemBody);
}
BENCHMARK(BM_PutItemJson);

void BM_PartiqlInsertJson(benchmark::State& state) {
  RunWrites(state, "ExecuteStatement", int64_t{1} << 40, InsertBody);
}
BENCHMARK(BM_PartiqlInsertJson);

void BM_PartiqlInsertJsonNoPlanCache(benchmark::State& state) {
  internal::SetPlanCacheEnabled(false);
  RunWrites(state, "ExecuteStatement", int64_t{2} << 40, InsertBody);
  internal::SetPlanCacheEnabled(true);
}
BENCHMARK(BM_PartiqlInsertJsonNoPlanCache);

void BM_Query50Json(benchmark::State& state) {
  RunJson(state, "Query", 3, kSortKeys, [](std::mt19937& rng) {
    return QueryBody(static_cast<int>(rng() % kPartitions));
  });
}
BENCHMARK(BM_Query50Json);

void BM_PartiqlSelect50Json(benchmark::State& state) {
  RunJson(state, "ExecuteStatement", 3, kSortKeys, [](std::mt19937& rng) {
    return SelectPartitionBody(static_cast<int>(rng() % kPartitions));
  });
}
BENCHMARK(BM_PartiqlSelect50Json);

}  // namespace
}  // namespace eddy::partiql

BENCHMARK_MAIN();
