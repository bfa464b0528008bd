// Copyright 2026 The eddy Authors.
//
// TableStore against a reference model: any sequence of puts, overwrites and
// erases — in key order (where the insert hint pays), in reverse, at random,
// and with many keys in one item collection — leaves the same records in
// (hash, pk, sk) order as a std::map, finds each of them, and counts the
// same bytes. Both kinds of store: with the point index (tables) and
// without (index entries).

#include "emulator/storage/table_store.h"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "gtest/gtest.h"

namespace eddy::storage {
namespace {

using Key = std::tuple<uint64_t, std::string, std::string>;

struct Op {
  bool erase;
  std::string pk, sk;
  int version;
};

Key KeyOf(const std::string& pk, const std::string& sk) {
  return {HashPartitionKey(pk), pk, sk};
}

RecordPtr Make(const Op& op) {
  Item item{{"pk", AttributeValue::S(op.pk)},
            {"sk", AttributeValue::S(op.sk)},
            {"v", AttributeValue::N(op.version)}};
  return MakeRecord(item, "pk", "sk");
}

// Applies `ops` to a store and to a map, checking each step's result, then
// compares the two.
void Replay(const std::vector<Op>& ops, bool point_index) {
  TableStore store(point_index);
  std::map<Key, std::pair<int, int64_t>> model;  // version, item size
  for (const Op& op : ops) {
    const Key k = KeyOf(op.pk, op.sk);
    auto it = model.find(k);
    if (op.erase) {
      RecordPtr old = store.Erase(KeyRef{std::get<0>(k), op.pk, op.sk});
      ASSERT_EQ(old != nullptr, it != model.end());
      if (it != model.end()) model.erase(it);
      continue;
    }
    RecordPtr r = Make(op);
    const int64_t size = r->item_size();
    RecordPtr old = store.Put(std::move(r));
    ASSERT_EQ(old != nullptr, it != model.end()) << op.pk << " " << op.sk;
    model[k] = {op.version, size};
  }
  ASSERT_EQ(store.item_count(), static_cast<int64_t>(model.size()));
  int64_t bytes = 0;
  auto m = model.begin();
  for (auto it = store.begin(); it != store.end(); ++it, ++m) {
    ASSERT_NE(m, model.end());
    EXPECT_EQ(it->hash(), std::get<0>(m->first));
    EXPECT_EQ(it->partition_key(), std::get<1>(m->first));
    EXPECT_EQ(it->sort_key(), std::get<2>(m->first));
    EXPECT_EQ(it->Decode().Find("v")->n().ToString(),
              std::to_string(m->second.first));
    bytes += m->second.second;
  }
  EXPECT_EQ(m, model.end());
  EXPECT_EQ(store.total_item_bytes(), bytes);
  for (const auto& [k, v] : model) {
    const Record* r =
        store.Find(KeyRef{std::get<0>(k), std::get<1>(k), std::get<2>(k)});
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->sort_key(), std::get<2>(k));
  }
}

std::string Sk(int i) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "ITEM#%06d", i);
  return buf;
}

class TableStoreTest : public ::testing::TestWithParam<bool> {};

TEST_P(TableStoreTest, OneCollectionInKeyOrderThenReversed) {
  std::vector<Op> ops;
  for (int i = 0; i < 2000; ++i) ops.push_back({false, "STORE#1", Sk(i), 1});
  for (int i = 2999; i >= 2000; --i) {
    ops.push_back({false, "STORE#1", Sk(i), 1});
  }
  Replay(ops, GetParam());
}

TEST_P(TableStoreTest, CollectionsLoadedOneAfterAnother) {
  // How a generator emits a model: each collection's items together, in
  // sort-key order, collections in no particular hash order.
  std::vector<Op> ops;
  for (int c = 0; c < 60; ++c) {
    for (int i = 0; i < 50; ++i) {
      ops.push_back({false, "CUSTOMER#" + std::to_string(c), Sk(i), 1});
    }
  }
  Replay(ops, GetParam());
}

TEST_P(TableStoreTest, RandomPutsOverwritesAndErases) {
  std::mt19937 rng(7);
  std::vector<Op> ops;
  for (int i = 0; i < 20000; ++i) {
    const int kind = static_cast<int>(rng() % 10);
    Op op;
    op.erase = kind == 0;
    op.pk = "P" + std::to_string(rng() % 40);
    // Runs of ascending sort keys mixed with random ones.
    op.sk = kind < 6 ? Sk(i % 300) : Sk(static_cast<int>(rng() % 300));
    op.version = i;
    ops.push_back(op);
  }
  Replay(ops, GetParam());
}

TEST_P(TableStoreTest, EraseThenPutAtTheSamePlace) {
  std::vector<Op> ops;
  for (int i = 0; i < 100; ++i) ops.push_back({false, "P", Sk(i), 1});
  for (int i = 0; i < 100; i += 2) {
    ops.push_back({true, "P", Sk(i), 0});
    ops.push_back({false, "P", Sk(i), 2});
    ops.push_back({false, "P", Sk(i + 1), 3});  // an overwrite
  }
  Replay(ops, GetParam());
}

INSTANTIATE_TEST_SUITE_P(PointIndex, TableStoreTest, ::testing::Bool(),
                         [](const auto& info) {
                           return info.param ? "Table" : "IndexEntries";
                         });

}  // namespace
}  // namespace eddy::storage
