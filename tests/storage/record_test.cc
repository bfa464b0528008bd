// Copyright 2026 The eddy Authors.
//
// Records: the encoding round trip, key slots, LocateKeys, and the views an
// ALL index keeps (ShareRecord) — their keys, and that a payload lives as
// long as its last view, whichever is freed first.

#include "emulator/storage/record.h"

#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace eddy::storage {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(int64_t n) { return AttributeValue::N(n); }

Item Rental() {
  return Item{{"PK", S("CUSTOMER#42")},
              {"SK", S("RENTAL#01HV")},
              {"GSI1PK", S("STORE#7")},
              {"GSI1SK", N(1700)},
              {"note", AttributeValue::M(Item{{"x", S("y")}})},
              {"price", N(35)}};
}

TEST(RecordTest, DecodesToTheItemAndExposesItsKeys) {
  const Item item = Rental();
  RecordPtr r = MakeRecord(item, "PK", "SK");
  EXPECT_EQ(r->Decode(), item);
  EXPECT_EQ(r->partition_key(), "CUSTOMER#42");
  EXPECT_EQ(r->sort_key(), "RENTAL#01HV");
  EXPECT_EQ(r->base_partition_key(), "");
  EXPECT_EQ(r->hash(), HashPartitionKey("CUSTOMER#42"));
  EXPECT_EQ(r->item_size(), ItemSizeBytes(item));
  EXPECT_FALSE(r->is_view());
}

TEST(RecordTest, LocateKeysFindsScalarsAndLeavesTheRestNull) {
  RecordPtr r = MakeRecord(Rental(), "PK", "SK");
  const std::string_view names[] = {"GSI1PK", "GSI1SK", "missing", "note",
                                    "price"};
  std::string_view found[5];
  LocateKeys(*r, names, found);
  EXPECT_EQ(found[0], "STORE#7");
  EXPECT_EQ(found[1], KeyBytes(N(1700)));  // numbers in their ordered form
  EXPECT_EQ(found[2].data(), nullptr);     // absent
  EXPECT_EQ(found[3].data(), nullptr);     // a map is not a key
  EXPECT_EQ(found[4], KeyBytes(N(35)));
  // The views point into the record's payload.
  const std::string_view payload = r->payload();
  EXPECT_GE(found[0].data(), payload.data());
  EXPECT_LE(found[0].data() + found[0].size(), payload.data() + payload.size());
}

TEST(RecordTest, AViewHasTheIndexKeysThenTheTableKeys) {
  const Item item = Rental();
  RecordPtr table = MakeRecord(item, "PK", "SK");
  const std::string_view names[] = {"GSI1PK", "GSI1SK"};
  std::string_view keys[2];
  LocateKeys(*table, names, keys);
  RecordPtr view = ShareRecord(*table, keys[0], keys[1]);
  EXPECT_TRUE(view->is_view());
  EXPECT_EQ(view->partition_key(), "STORE#7");
  EXPECT_EQ(view->sort_key(), KeyBytes(N(1700)));
  EXPECT_EQ(view->base_partition_key(), "CUSTOMER#42");
  EXPECT_EQ(view->base_sort_key(), "RENTAL#01HV");
  EXPECT_EQ(view->hash(), HashPartitionKey("STORE#7"));
  EXPECT_EQ(view->item_size(), table->item_size());
  EXPECT_EQ(view->payload().data(), table->payload().data());  // not copied
  EXPECT_EQ(view->Decode(), item);
}

TEST(RecordTest, AHashOnlyIndexViewHasAnEmptySortKey) {
  RecordPtr table = MakeRecord(Rental(), "PK", "SK");
  const std::string_view name = "GSI1PK";
  std::string_view pk;
  LocateKeys(*table, {&name, 1}, &pk);
  RecordPtr view = ShareRecord(*table, pk, {});
  EXPECT_EQ(view->partition_key(), "STORE#7");
  EXPECT_EQ(view->sort_key(), "");
  EXPECT_EQ(view->base_sort_key(), "RENTAL#01HV");
}

TEST(RecordTest, AViewWithItsOwnKeysSharesThePayloadAndKeepsTheKeys) {
  const Item item = Rental();
  RecordPtr table = MakeRecord(item, "PK", "SK");
  // Composite keys of a multi-attribute index: bytes not in the payload.
  std::string pk("STORE#7\0\x01", 9);
  const std::string sk = CompositeKeyBytes(
      std::vector<const AttributeValue*>{item.Find("GSI1SK")});
  RecordPtr view = ShareRecordWithKeys(*table, pk, sk);
  pk.assign(pk.size(), 'x');  // the view holds its own copy
  EXPECT_TRUE(view->is_view());
  EXPECT_EQ(view->partition_key(), std::string_view("STORE#7\0\x01", 9));
  EXPECT_EQ(view->sort_key(), sk);
  EXPECT_EQ(view->base_partition_key(), "CUSTOMER#42");
  EXPECT_EQ(view->base_sort_key(), "RENTAL#01HV");
  EXPECT_EQ(view->hash(), HashPartitionKey(view->partition_key()));
  EXPECT_EQ(view->item_size(), table->item_size());
  EXPECT_EQ(view->payload().data(), table->payload().data());  // not copied
  table.reset();  // the entry outlives the table item (ASan checks)
  EXPECT_EQ(view->Decode(), item);
  EXPECT_EQ(view->base_partition_key(), "CUSTOMER#42");
}

// Run under ASan in CI: a payload freed too early is a use after free here.
TEST(RecordTest, ThePayloadOutlivesItsOwnerWhileAViewRemains) {
  const Item item = Rental();
  RecordPtr table = MakeRecord(item, "PK", "SK");
  std::string_view pk;
  const std::string_view name = "GSI1PK";
  LocateKeys(*table, {&name, 1}, &pk);
  RecordPtr first = ShareRecord(*table, pk, {});
  RecordPtr second = ShareRecord(*table, pk, table->sort_key());
  table.reset();  // the table item is replaced; the index entries remain
  EXPECT_EQ(first->Decode(), item);
  first.reset();
  EXPECT_EQ(second->Decode(), item);
  EXPECT_EQ(second->base_partition_key(), "CUSTOMER#42");
}

// Index entries are freed on whichever thread drops them; the count of
// views is atomic. (TSan runs this suite's Concurrent tests in CI.)
TEST(RecordTest, ConcurrentFreesOfAPayloadsViews) {
  for (int round = 0; round < 200; ++round) {
    RecordPtr table = MakeRecord(Rental(), "PK", "SK");
    std::vector<RecordPtr> views;
    for (int i = 0; i < 8; ++i) {
      views.push_back(ShareRecord(*table, table->partition_key(), {}));
    }
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&views, t] {
        views[2 * t].reset();
        views[2 * t + 1].reset();
      });
    }
    table.reset();
    for (std::thread& t : threads) t.join();
  }
}

}  // namespace
}  // namespace eddy::storage
