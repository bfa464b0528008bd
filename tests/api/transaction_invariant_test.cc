// Copyright 2026 The eddy Authors.
//
// The transaction invariant under concurrency: 8 threads x 10,000 (2,000
// under the sanitizers)
// TransactWriteItems moving random amounts between 100 accounts, each guarded
// by "balance >= amount", while readers take TransactGetItems snapshots of
// account pairs. The total never changes, no balance goes negative, and no
// snapshot ever sees half a transfer. Run under ThreadSanitizer too (the
// test's name starts with "Concurrent", which tools/test.sh selects).

#include <atomic>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

constexpr int kAccounts = 100;
constexpr int kInitial = 1000;
constexpr int kWriters = 8;
#ifdef EDDY_SANITIZE
// The sanitizer builds (ASan at -O0, TSan) run each transfer 10-50x slower;
// 2,000 per writer still interleaves eight writers and the readers.
constexpr int kTransfersPerWriter = 2'000;
#else
constexpr int kTransfersPerWriter = 10'000;
#endif

std::string Account(int i) { return "acct#" + std::to_string(i); }

int64_t BalanceOf(const Item& item) {
  int64_t v = 0;
  (void)item.Find("balance")->n().ToInt64(&v);
  return v;
}

TEST(ConcurrentTransactions, TransfersKeepTheTotalAndReadersNeverSeeHalfOfOne) {
  Database db;
  CreateTableRequest c;
  c.table_name = "accounts";
  c.key_schema = {{"pk", KeyType::kHash}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  c.billing_mode = BillingMode::kPayPerRequest;
  ASSERT_THAT(db.CreateTable(c), IsOk());
  for (int i = 0; i < kAccounts; ++i) {
    PutItemRequest p;
    p.table_name = "accounts";
    p.item = {{"pk", AttributeValue::S(Account(i))},
              {"balance", AttributeValue::N(kInitial)},
              {"moves", AttributeValue::N(0)}};
    ASSERT_THAT(db.PutItem(p), IsOk());
  }

  std::atomic<int> committed{0}, cancelled{0}, other_errors{0};
  std::atomic<bool> writers_done{false};
  std::atomic<int> torn_snapshots{0}, snapshots{0};

  auto writer = [&](int seed) {
    std::mt19937 rng(seed);
    for (int n = 0; n < kTransfersPerWriter; ++n) {
      const int from = static_cast<int>(rng() % kAccounts);
      int to = static_cast<int>(rng() % (kAccounts - 1));
      if (to >= from) ++to;
      const int amount = 1 + static_cast<int>(rng() % 300);
      TransactWriteItemsRequest t;
      TransactWriteItem debit, credit;
      debit.update =
          TransactUpdate{"accounts",
                         {{"pk", AttributeValue::S(Account(from))}},
                         "SET balance = balance - :a, moves = moves + :one",
                         "balance >= :a",
                         {},
                         AttributeMap{{":a", AttributeValue::N(amount)},
                                      {":one", AttributeValue::N(1)}},
                         false};
      credit.update =
          TransactUpdate{"accounts",
                         {{"pk", AttributeValue::S(Account(to))}},
                         "SET balance = balance + :a, moves = moves + :one",
                         std::nullopt,
                         {},
                         AttributeMap{{":a", AttributeValue::N(amount)},
                                      {":one", AttributeValue::N(1)}},
                         false};
      t.transact_items = {debit, credit};
      StatusOr<TransactWriteItemsResponse> r = db.TransactWriteItems(t);
      if (r.ok()) {
        ++committed;
      } else if (r.status().code() == ErrorCode::kTransactionCanceled) {
        ++cancelled;
      } else {
        ++other_errors;
      }
    }
  };

  // Readers check two invariants: the total of the balances, and the parity
  // of the "moves" counters — both accounts of a transfer count a move in the
  // same transaction, so in a consistent snapshot the sum of moves is even.
  // Every snapshot reads all 100 accounts in one TransactGetItems.
  auto reader = [&] {
    TransactGetItemsRequest g;
    for (int i = 0; i < kAccounts; ++i) {
      g.transact_items.push_back(TransactGetItem{
          "accounts", {{"pk", AttributeValue::S(Account(i))}}, {}, {}});
    }
    while (!writers_done.load()) {
      StatusOr<TransactGetItemsResponse> r = db.TransactGetItems(g);
      if (!r.ok()) continue;
      int64_t total = 0, moves = 0;
      for (const ItemResponse& item : r->responses) {
        total += BalanceOf(*item.item);
        int64_t m = 0;
        (void)item.item->Find("moves")->n().ToInt64(&m);
        moves += m;
        if (BalanceOf(*item.item) < 0) ++torn_snapshots;
      }
      if (total != kAccounts * kInitial || moves % 2 != 0) ++torn_snapshots;
      ++snapshots;
    }
  };

  std::vector<std::thread> threads;
  for (int i = 0; i < kWriters; ++i) threads.emplace_back(writer, i + 1);
  std::thread r1(reader), r2(reader);
  for (std::thread& t : threads) t.join();
  writers_done = true;
  r1.join();
  r2.join();

  EXPECT_EQ(other_errors.load(), 0);
  EXPECT_EQ(committed.load() + cancelled.load(),
            kWriters * kTransfersPerWriter);
  EXPECT_GT(committed.load(), 0);
  EXPECT_EQ(torn_snapshots.load(), 0);
  EXPECT_GT(snapshots.load(), 0);

  ScanRequest s;
  s.table_name = "accounts";
  StatusOr<ScanResponse> all = db.Scan(s);
  ASSERT_THAT(all, IsOk());
  int64_t total = 0, moves = 0;
  for (const Item& item : all->items) {
    EXPECT_GE(BalanceOf(item), 0);
    total += BalanceOf(item);
    int64_t m = 0;
    (void)item.Find("moves")->n().ToInt64(&m);
    moves += m;
  }
  EXPECT_EQ(total, kAccounts * kInitial);
  EXPECT_EQ(moves, 2 * committed.load());
}

}  // namespace
}  // namespace eddy
