// Copyright 2026 The eddy Authors.
//
// Optimistic locking with a version number (second seed: read the item and
// its version, change it in memory, write it with the version incremented
// and a condition that the stored version is still the one read; on failure
// start again). An account-status item, a shopping cart kept as one item,
// and threads racing on one cart.

#include <atomic>
#include <thread>

#include "model/design_patterns.h"
#include "model/patterns/pattern_util.h"

namespace eddy::model {
namespace {

using model::internal::Fmt;

int64_t IntOf(const Item& item, std::string_view name) {
  const AttributeValue* v = item.Find(name);
  int64_t n = -1;
  if (v == nullptr || !v->is(AttributeType::kN) || !v->n().ToInt64(&n))
    return -1;
  return n;
}

StatusOr<Item> Read(Database& db, const std::string& table,
                    const std::string& pk) {
  GetItemRequest get;
  get.table_name = table;
  get.key = {{"PK", AttributeValue::S(pk)}};
  get.consistent_read = true;  // read what the last write left
  EDDY_ASSIGN_OR_RETURN(GetItemResponse r, db.GetItem(get));
  if (!r.item) return Status::ResourceNotFound("no item " + pk);
  return *std::move(r.item);
}

// Writes the whole item with version+1, on condition that the stored version
// is still `read_version` (or, for a blind write, unconditionally).
Status WriteVersioned(Database& db, const std::string& table, Item item,
                      int64_t read_version, bool conditional) {
  item.Set("version", AttributeValue::N(read_version + 1));
  PutItemRequest put;
  put.table_name = table;
  put.item = std::move(item);
  if (conditional) {
    put.condition_expression = "version = :read";
    put.expression_attribute_values =
        AttributeMap{{":read", AttributeValue::N(read_version)}};
  }
  return db.PutItem(put).status();
}

// The cart's quantity of `sku` (0 if absent).
int64_t Quantity(const Item& cart, const std::string& sku) {
  const AttributeValue* items = cart.Find("items");
  if (items == nullptr || !items->is(AttributeType::kM)) return 0;
  const AttributeValue* q = items->m().Find(sku);
  int64_t n = 0;
  if (q == nullptr || !q->is(AttributeType::kN) || !q->n().ToInt64(&n))
    return 0;
  return n;
}

void AddToCart(Item* cart, const std::string& sku, int64_t quantity) {
  AttributeMap items;
  if (const AttributeValue* v = cart->Find("items");
      v && v->is(AttributeType::kM)) {
    items = v->m();
  }
  items.Set(sku, AttributeValue::N(Quantity(*cart, sku) + quantity));
  cart->Set("items", AttributeValue::M(std::move(items)));
}

}  // namespace

DesignPatternResult RunOptimisticLocking(
    const OptimisticLockingOptions& options) {
  DesignPatternResult result;
  result.name = "optimistic locking";
  result.advice =
      "Writers carry the version they read and write on condition that it is "
      "unchanged; a writer that loses re-reads and retries, so no update is "
      "lost.";
  model::internal::PatternRecorder rec(&result);
  Database db;
  const std::string table = "accounts";
  if (Status s = model::internal::CreateSimpleTable(db, table, "PK", "");
      !s.ok()) {
    rec.Fail("CreateTable", s);
    return result;
  }

  // 1. AccountStatus: two writers read version 1; the second conflicts.
  {
    const std::string pk = "account#1001";
    PutItemRequest put;
    put.table_name = table;
    put.item = {{"PK", AttributeValue::S(pk)},
                {"accountLocked", AttributeValue::Bool(false)},
                {"failedLogins", AttributeValue::N(0)},
                {"version", AttributeValue::N(1)}};
    if (Status s = db.PutItem(put).status(); !s.ok()) {
      rec.Fail("PutItem", s);
      return result;
    }
    StatusOr<Item> a = Read(db, table, pk), b = Read(db, table, pk);
    if (!a.ok() || !b.ok()) {
      rec.Fail("GetItem", a.ok() ? b.status() : a.status());
      return result;
    }
    // Writer A locks the account.
    UpdateItemRequest lock;
    lock.table_name = table;
    lock.key = {{"PK", AttributeValue::S(pk)}};
    lock.update_expression = "SET accountLocked = :t, version = :next";
    lock.condition_expression = "version = :read";
    lock.expression_attribute_values =
        AttributeMap{{":t", AttributeValue::Bool(true)},
                     {":read", AttributeValue::N(IntOf(*a, "version"))},
                     {":next", AttributeValue::N(IntOf(*a, "version") + 1)}};
    Status sa = db.UpdateItem(lock).status();
    // Writer B records a failed login against the version it read.
    auto record_failure = [&](const Item& seen) {
      UpdateItemRequest up;
      up.table_name = table;
      up.key = {{"PK", AttributeValue::S(pk)}};
      up.update_expression = "SET failedLogins = :f, version = :next";
      up.condition_expression = "version = :read";
      up.expression_attribute_values = AttributeMap{
          {":f", AttributeValue::N(IntOf(seen, "failedLogins") + 1)},
          {":read", AttributeValue::N(IntOf(seen, "version"))},
          {":next", AttributeValue::N(IntOf(seen, "version") + 1)}};
      return db.UpdateItem(up).status();
    };
    Status sb = record_failure(*b);
    StatusOr<Item> again = Read(db, table, pk);
    Status sb2 = again.ok() ? record_failure(*again) : again.status();
    StatusOr<Item> final_item = Read(db, table, pk);
    rec.Line(
        Fmt("account: A locks it at version 1 -> %s; B's write against "
            "version 1 -> %s; B re-reads (version %lld) and retries -> %s",
            sa.ok() ? "OK" : sa.ToString().c_str(),
            sb.ok() ? "OK" : std::string(ErrorCodeName(sb.code())).c_str(),
            static_cast<long long>(again.ok() ? IntOf(*again, "version") : -1),
            sb2.ok() ? "OK" : sb2.ToString().c_str()));
    rec.Check(sa.ok(), "the first writer's conditional update succeeds");
    rec.Check(sb.IsConditionalCheckFailed(),
              "the second writer, holding a stale version, gets "
              "ConditionalCheckFailedException");
    rec.Check(
        sb2.ok() && final_item.ok() && IntOf(*final_item, "version") == 3 &&
            IntOf(*final_item, "failedLogins") == 1 &&
            final_item->Find("accountLocked") != nullptr &&
            *final_item->Find("accountLocked") == AttributeValue::Bool(true),
        "after the retry both changes are kept (locked, failedLogins 1, "
        "version 3)");
  }

  // 2. A shopping cart kept as one item: blind writes lose an update,
  // versioned writes do not.
  for (bool conditional : {false, true}) {
    const std::string pk = conditional ? "cart#versioned" : "cart#blind";
    PutItemRequest put;
    put.table_name = table;
    put.item = {
        {"PK", AttributeValue::S(pk)},
        {"items", AttributeValue::M({{"kayak-rental", AttributeValue::N(1)}})},
        {"version", AttributeValue::N(1)}};
    if (Status s = db.PutItem(put).status(); !s.ok()) {
      rec.Fail("PutItem", s);
      return result;
    }
    StatusOr<Item> a = Read(db, table, pk), b = Read(db, table, pk);
    if (!a.ok() || !b.ok()) {
      rec.Fail("GetItem", a.ok() ? b.status() : a.status());
      return result;
    }
    AddToCart(&*a, "paddle", 1);
    AddToCart(&*b, "life-jacket", 2);
    Status sa =
        WriteVersioned(db, table, *a, IntOf(*a, "version"), conditional);
    Status sb =
        WriteVersioned(db, table, *b, IntOf(*b, "version"), conditional);
    int retries = 0;
    while (conditional && sb.IsConditionalCheckFailed() && retries < 10) {
      ++retries;
      StatusOr<Item> fresh = Read(db, table, pk);
      if (!fresh.ok()) break;
      AddToCart(&*fresh, "life-jacket", 2);
      sb = WriteVersioned(db, table, *fresh, IntOf(*fresh, "version"), true);
    }
    StatusOr<Item> cart = Read(db, table, pk);
    if (!cart.ok() || !sa.ok() || !sb.ok()) {
      rec.Fail("cart", !cart.ok() ? cart.status() : !sa.ok() ? sa : sb);
      return result;
    }
    const bool both = Quantity(*cart, "paddle") == 1 &&
                      Quantity(*cart, "life-jacket") == 2 &&
                      Quantity(*cart, "kayak-rental") == 1;
    rec.Line(
        Fmt("cart (%s): A adds a paddle, B adds two life jackets, both from "
            "version 1; %d retr%s; final cart: paddle %lld, life-jacket "
            "%lld, version %lld",
            conditional ? "versioned writes" : "blind writes", retries,
            retries == 1 ? "y" : "ies",
            static_cast<long long>(Quantity(*cart, "paddle")),
            static_cast<long long>(Quantity(*cart, "life-jacket")),
            static_cast<long long>(IntOf(*cart, "version"))));
    if (conditional) {
      rec.Check(both && retries == 1,
                "with the version condition, B conflicts once, retries, and "
                "the cart keeps both additions");
    } else {
      rec.Check(
          !both && Quantity(*cart, "paddle") == 0,
          "without the condition, B's blind write silently loses A's paddle");
    }
  }

  // 3. Threads racing on one cart: every increment survives.
  {
    const std::string pk = "cart#raced";
    PutItemRequest put;
    put.table_name = table;
    put.item = {{"PK", AttributeValue::S(pk)},
                {"items", AttributeValue::M({})},
                {"version", AttributeValue::N(0)}};
    if (Status s = db.PutItem(put).status(); !s.ok()) {
      rec.Fail("PutItem", s);
      return result;
    }
    std::atomic<int64_t> conflicts{0}, errors{0};
    std::vector<std::thread> threads;
    const int n = std::max(options.threads, 1);
    for (int t = 0; t < n; ++t) {
      threads.emplace_back([&, t] {
        const std::string sku = "sku-" + std::to_string(t);
        for (int i = 0; i < options.increments_per_thread; ++i) {
          for (;;) {
            StatusOr<Item> cart = Read(db, table, pk);
            if (!cart.ok()) {
              ++errors;
              return;
            }
            AddToCart(&*cart, sku, 1);
            Status s =
                WriteVersioned(db, table, *cart, IntOf(*cart, "version"), true);
            if (s.ok()) break;
            if (!s.IsConditionalCheckFailed()) {
              ++errors;
              return;
            }
            ++conflicts;
          }
        }
      });
    }
    for (std::thread& th : threads) th.join();
    StatusOr<Item> cart = Read(db, table, pk);
    bool all = cart.ok() && errors == 0;
    int64_t total = 0;
    for (int t = 0; all && t < n; ++t) {
      const int64_t q = Quantity(*cart, "sku-" + std::to_string(t));
      total += q;
      all = all && q == options.increments_per_thread;
    }
    const int64_t expected =
        static_cast<int64_t>(n) * options.increments_per_thread;
    rec.Line(Fmt(
        "%d threads x %d read-modify-write increments of one cart: "
        "%lld conflicts retried; %lld increments in the cart, version %lld",
        n, options.increments_per_thread,
        static_cast<long long>(conflicts.load()), static_cast<long long>(total),
        static_cast<long long>(cart.ok() ? IntOf(*cart, "version") : -1)));
    rec.Figure("race_conflicts", static_cast<double>(conflicts.load()));
    rec.Check(all && cart.ok() && IntOf(*cart, "version") == expected,
              "under contention every increment is kept and the version counts "
              "every successful write");
  }
  return result;
}

}  // namespace eddy::model
