// Copyright 2026 The eddy Authors.
//
// Transactions, through the typed API:
//   - BM_TransactPut4 vs BM_TransactPutItemX4: a TransactWriteItems of four
//     ~300-byte puts vs the same four puts as separate PutItems, in one run.
//     Target: the transaction <= 2x the four PutItems.
//   - BM_TransactTransfers/threads:N: the invariant workload of
//     tests/api/transaction_invariant_test.cc (conditional transfers between
//     100 accounts), transactions per second with 1, 2 and 8 threads.
//
//   build/test/bench/transact_bench --benchmark_min_time=0.5

#include <atomic>
#include <random>
#include <string>

#include "benchmark/benchmark.h"
#include "emulator/api/database.h"

namespace eddy {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

Item MakeItem(int i) {
  return Item{{"pk", S("order#" + std::to_string(1'000'000 + i))},
              {"customer", S("customer#01HZX3K4Q8W2N5RT")},
              {"state", S("open")},
              {"total", AttributeValue::N(*Number::Parse("129.95"))},
              {"notes", S(std::string(200, 'n'))}};
}

Database& OrdersDb() {
  static Database* db = [] {
    auto* d = new Database();
    CreateTableRequest c;
    c.table_name = "orders";
    c.key_schema = {{"pk", KeyType::kHash}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    (void)d->CreateTable(c);
    return d;
  }();
  return *db;
}

constexpr int kKeys = 100'000;

void BM_TransactPut4(benchmark::State& state) {
  Database& db = OrdersDb();
  std::mt19937 rng(1);
  TransactWriteItemsRequest t;
  t.transact_items.resize(4);
  for (auto _ : state) {
    // Four distinct items (a transaction may not name one twice).
    const int base = static_cast<int>(rng() % (kKeys - 4));
    for (int i = 0; i < 4; ++i) {
      t.transact_items[i].put = TransactPut{
          "orders", MakeItem(base + i), std::nullopt, {}, {}, false};
    }
    StatusOr<TransactWriteItemsResponse> r = db.TransactWriteItems(t);
    if (!r.ok()) state.SkipWithError("transaction failed");
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations() * 4);
}
BENCHMARK(BM_TransactPut4);

void BM_TransactPutItemX4(benchmark::State& state) {
  Database& db = OrdersDb();
  std::mt19937 rng(1);
  PutItemRequest p;
  p.table_name = "orders";
  for (auto _ : state) {
    const int base = static_cast<int>(rng() % (kKeys - 4));
    for (int i = 0; i < 4; ++i) {
      p.item = MakeItem(base + i);
      StatusOr<PutItemResponse> r = db.PutItem(p);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(state.iterations() * 4);
}
BENCHMARK(BM_TransactPutItemX4);

constexpr int kAccounts = 100;

Database& AccountsDb() {
  static Database* db = [] {
    auto* d = new Database();
    CreateTableRequest c;
    c.table_name = "accounts";
    c.key_schema = {{"pk", KeyType::kHash}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    (void)d->CreateTable(c);
    for (int i = 0; i < kAccounts; ++i) {
      PutItemRequest p;
      p.table_name = "accounts";
      p.item = {{"pk", S("acct#" + std::to_string(i))},
                {"balance", AttributeValue::N(1000)}};
      (void)d->PutItem(p);
    }
    return d;
  }();
  return *db;
}

void BM_TransactTransfers(benchmark::State& state) {
  Database& db = AccountsDb();
  std::mt19937 rng(static_cast<unsigned>(state.thread_index() + 1));
  int64_t committed = 0;
  for (auto _ : state) {
    const int from = static_cast<int>(rng() % kAccounts);
    const int to =
        (from + 1 + static_cast<int>(rng() % (kAccounts - 1))) % kAccounts;
    const AttributeMap values{{":a", AttributeValue::N(1 + rng() % 300)}};
    TransactWriteItemsRequest t;
    TransactWriteItem debit, credit;
    debit.update = TransactUpdate{"accounts",
                                  {{"pk", S("acct#" + std::to_string(from))}},
                                  "SET balance = balance - :a",
                                  "balance >= :a",
                                  {},
                                  values,
                                  false};
    credit.update = TransactUpdate{"accounts",
                                   {{"pk", S("acct#" + std::to_string(to))}},
                                   "SET balance = balance + :a",
                                   std::nullopt,
                                   {},
                                   values,
                                   false};
    t.transact_items = {std::move(debit), std::move(credit)};
    StatusOr<TransactWriteItemsResponse> r = db.TransactWriteItems(t);
    committed += r.ok();
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["committed"] = static_cast<double>(committed);
}
BENCHMARK(BM_TransactTransfers)
    ->Threads(1)
    ->Threads(2)
    ->Threads(8)
    ->UseRealTime();

}  // namespace
}  // namespace eddy

BENCHMARK_MAIN();
