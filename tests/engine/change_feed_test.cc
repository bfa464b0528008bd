// Copyright 2026 The eddy Authors.
//
// The change feed (emulator/api/change_feed.h): every write path produces
// exactly the records it should, in commit order, with the right images,
// origins and sequence numbers; nothing for writes that do not commit; a
// transaction's records in one delivery; and under eight writer threads no
// record is lost, duplicated or out of order.

#include "emulator/api/change_feed.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(int64_t n) { return AttributeValue::N(n); }

// Keeps every delivery (one vector per OnCommit call).
class Recorder : public ChangeSubscriber {
 public:
  void OnCommit(std::span<const ChangeRecord> records) override {
    std::lock_guard lock(mu_);
    commits_.emplace_back(records.begin(), records.end());
  }
  std::vector<std::vector<ChangeRecord>> commits() const {
    std::lock_guard lock(mu_);
    return commits_;
  }
  std::vector<ChangeRecord> records() const {
    std::lock_guard lock(mu_);
    std::vector<ChangeRecord> all;
    for (const auto& c : commits_) all.insert(all.end(), c.begin(), c.end());
    return all;
  }
  void Clear() {
    std::lock_guard lock(mu_);
    commits_.clear();
  }

 private:
  mutable std::mutex mu_;
  std::vector<std::vector<ChangeRecord>> commits_;
};

class ChangeFeedTest : public ::testing::Test {
 protected:
  ChangeFeedTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {
    CreateTableRequest r;
    r.table_name = "tab";
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    EXPECT_THAT(db_.CreateTable(r), IsOk());
    r.table_name = "two";
    EXPECT_THAT(db_.CreateTable(r), IsOk());
    recorder_ = std::make_shared<Recorder>();
    id_ = db_.SubscribeChanges(recorder_, "tab");
  }
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }
  static Item Key(const std::string& pk, const std::string& sk) {
    return Item{{"pk", S(pk)}, {"sk", S(sk)}};
  }
  void Put(const std::string& table, Item item) {
    PutItemRequest r;
    r.table_name = table;
    r.item = std::move(item);
    ASSERT_THAT(db_.PutItem(r), IsOk());
  }

  ManualClock clock_;
  Database db_;
  std::shared_ptr<Recorder> recorder_;
  SubscriptionId id_ = 0;
};

TEST_F(ChangeFeedTest, PutNewOverwriteIdenticalAndDelete) {
  Put("tab", Item{{"pk", S("a")}, {"sk", S("1")}, {"v", N(1)}});
  Put("tab", Item{{"pk", S("a")}, {"sk", S("1")}, {"v", N(2)}});
  Put("tab", Item{{"pk", S("a")}, {"sk", S("1")}, {"v", N(2)}});
  DeleteItemRequest del;
  del.table_name = "tab";
  del.key = Key("a", "1");
  ASSERT_THAT(db_.DeleteItem(del), IsOk());
  ASSERT_THAT(db_.DeleteItem(del), IsOk());  // missing: no record

  const std::vector<ChangeRecord> r = recorder_->records();
  ASSERT_EQ(r.size(), 4u);
  for (size_t i = 0; i < r.size(); ++i) {
    EXPECT_EQ(r[i].table_name, "tab");
    EXPECT_EQ(r[i].sequence_number, i + 1);
    EXPECT_EQ(r[i].origin, ChangeOrigin::kUser);
    EXPECT_EQ(r[i].keys.Decode(), Key("a", "1"));
    EXPECT_EQ(r[i].time_micros, 1'700'000'000'000'000);
    EXPECT_GE(r[i].partition_id, 0);
  }
  // Insert.
  EXPECT_FALSE(r[0].old_image);
  EXPECT_EQ(r[0].new_image.Decode().Find("v")->n().ToString(), "1");
  EXPECT_FALSE(r[0].unchanged);
  // Modify.
  EXPECT_EQ(r[1].old_image.Decode().Find("v")->n().ToString(), "1");
  EXPECT_EQ(r[1].new_image.Decode().Find("v")->n().ToString(), "2");
  EXPECT_FALSE(r[1].unchanged);
  // Identical put: recorded, marked unchanged.
  EXPECT_TRUE(r[2].unchanged);
  EXPECT_EQ(r[2].old_image.Decode(), r[2].new_image.Decode());
  // Remove.
  EXPECT_EQ(r[3].old_image.Decode().Find("v")->n().ToString(), "2");
  EXPECT_FALSE(r[3].new_image);
}

TEST_F(ChangeFeedTest, UpdateChangingAndNoOp) {
  UpdateItemRequest u;
  u.table_name = "tab";
  u.key = Key("a", "1");
  u.update_expression = "SET v = :v";
  u.expression_attribute_values = AttributeMap{{":v", N(5)}};
  ASSERT_THAT(db_.UpdateItem(u), IsOk());  // creates
  ASSERT_THAT(db_.UpdateItem(u), IsOk());  // same value: unchanged
  u.update_expression = "REMOVE nothing_here";
  u.expression_attribute_values.reset();
  ASSERT_THAT(db_.UpdateItem(u), IsOk());  // removes a missing attribute
  UpdateItemRequest missing;
  missing.table_name = "tab";
  missing.key = Key("b", "1");
  missing.update_expression = "REMOVE v";
  ASSERT_THAT(db_.UpdateItem(missing), IsOk());  // creates nothing

  const std::vector<ChangeRecord> r = recorder_->records();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_FALSE(r[0].old_image);
  EXPECT_FALSE(r[0].unchanged);
  EXPECT_TRUE(r[1].unchanged);
  EXPECT_TRUE(r[2].unchanged);
  EXPECT_EQ(r[2].sequence_number, 3u);
}

TEST_F(ChangeFeedTest, FailedConditionsAndInvalidWritesProduceNothing) {
  PutItemRequest p;
  p.table_name = "tab";
  p.item = Item{{"pk", S("a")}, {"sk", S("1")}};
  p.condition_expression = "attribute_exists(pk)";
  EXPECT_THAT(db_.PutItem(p), StatusIs(ErrorCode::kConditionalCheckFailed, ""));
  p.condition_expression.reset();
  p.item.Set("sk", N(1));  // wrong key type
  EXPECT_THAT(db_.PutItem(p), StatusIs(ErrorCode::kValidation, ""));
  EXPECT_TRUE(recorder_->records().empty());
}

TEST_F(ChangeFeedTest, BatchWriteDeliversEachPartAsItsOwnCommit) {
  BatchWriteItemRequest b;
  for (int i = 0; i < 3; ++i) {
    WriteRequest w;
    w.put_item = Item{{"pk", S("p")}, {"sk", S(std::to_string(i))}};
    b.request_items["tab"].push_back(w);
    b.request_items["two"].push_back(w);
  }
  ASSERT_THAT(db_.BatchWriteItem(b), IsOk());
  const auto commits = recorder_->commits();
  ASSERT_EQ(commits.size(), 3u);  // table "two" is not subscribed
  for (size_t i = 0; i < commits.size(); ++i) {
    ASSERT_EQ(commits[i].size(), 1u);
    EXPECT_EQ(commits[i][0].sequence_number, i + 1);
    EXPECT_EQ(commits[i][0].keys.Decode(), Key("p", std::to_string(i)));
  }
}

TEST_F(ChangeFeedTest, TransactionIsOneDeliveryWithOneRecordPerWriteAction) {
  auto all = std::make_shared<Recorder>();
  db_.SubscribeChanges(all);  // every table
  Put("tab", Item{{"pk", S("x")}, {"sk", S("1")}, {"v", N(1)}});
  all->Clear();
  recorder_->Clear();

  TransactWriteItemsRequest tx;
  tx.client_request_token = "token-1";
  TransactWriteItem put;
  put.put = TransactPut{};
  put.put->table_name = "tab";
  put.put->item = Item{{"pk", S("a")}, {"sk", S("1")}};
  TransactWriteItem update;
  update.update = TransactUpdate{};
  update.update->table_name = "two";
  update.update->key = Key("b", "1");
  update.update->update_expression = "SET v = :one";
  update.update->expression_attribute_values = AttributeMap{{":one", N(1)}};
  TransactWriteItem check;
  check.condition_check = ConditionCheck{};
  check.condition_check->table_name = "tab";
  check.condition_check->key = Key("x", "1");
  check.condition_check->condition_expression = "attribute_exists(pk)";
  TransactWriteItem del;
  del.delete_item = TransactDelete{};
  del.delete_item->table_name = "tab";
  del.delete_item->key = Key("x", "2");  // missing: nothing to delete
  tx.transact_items = {put, update, check, del};
  ASSERT_THAT(db_.TransactWriteItems(tx), IsOk());

  const auto commits = all->commits();
  ASSERT_EQ(commits.size(), 1u);
  ASSERT_EQ(commits[0].size(), 2u);  // the put and the update
  for (const ChangeRecord& r : commits[0]) {
    EXPECT_EQ(r.origin, ChangeOrigin::kTransaction);
    EXPECT_EQ(r.transaction_id, "token-1");
  }
  EXPECT_EQ(commits[0][0].table_name, "tab");
  EXPECT_EQ(commits[0][1].table_name, "two");
  // The subscriber to "tab" sees its part only, in one delivery.
  const auto t_commits = recorder_->commits();
  ASSERT_EQ(t_commits.size(), 1u);
  ASSERT_EQ(t_commits[0].size(), 1u);
  EXPECT_EQ(t_commits[0][0].keys.Decode(), Key("a", "1"));
  EXPECT_EQ(t_commits[0][0].sequence_number, 2u);

  // A cancelled transaction delivers nothing.
  all->Clear();
  tx.client_request_token = "token-2";
  tx.transact_items[2].condition_check->condition_expression =
      "attribute_not_exists(pk)";
  EXPECT_THAT(db_.TransactWriteItems(tx),
              StatusIs(ErrorCode::kTransactionCanceled, ""));
  EXPECT_TRUE(all->commits().empty());
}

TEST_F(ChangeFeedTest, TimeToLiveDeletionsAreTheServices) {
  UpdateTimeToLiveRequest ttl;
  ttl.table_name = "tab";
  ttl.time_to_live_specification = {true, "expires"};
  ASSERT_THAT(db_.UpdateTimeToLive(ttl), IsOk());
  const int64_t now_seconds = clock_.NowMicros() / 1'000'000;
  Put("tab", Item{{"pk", S("a")}, {"sk", S("1")}, {"expires", N(now_seconds)}});
  Put("tab", Item{{"pk", S("a")}, {"sk", S("2")}});
  recorder_->Clear();
  clock_.AdvanceSeconds(3600);
  GetItemRequest g;  // any operation on the table runs the due expiry pass
  g.table_name = "tab";
  g.key = Key("a", "2");
  ASSERT_THAT(db_.GetItem(g), IsOk());

  const std::vector<ChangeRecord> r = recorder_->records();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].origin, ChangeOrigin::kTimeToLive);
  EXPECT_EQ(r[0].keys.Decode(), Key("a", "1"));
  EXPECT_TRUE(r[0].old_image);
  EXPECT_FALSE(r[0].new_image);
}

TEST_F(ChangeFeedTest, UnsubscribedGetsNothingMoreAndSequenceStillAdvances) {
  Put("tab", Item{{"pk", S("a")}, {"sk", S("1")}});
  EXPECT_TRUE(db_.UnsubscribeChanges(id_));
  EXPECT_FALSE(db_.UnsubscribeChanges(id_));
  Put("tab", Item{{"pk", S("a")}, {"sk", S("2")}});
  EXPECT_EQ(recorder_->records().size(), 1u);
  db_.SubscribeChanges(recorder_, "tab");
  Put("tab", Item{{"pk", S("a")}, {"sk", S("3")}});
  const std::vector<ChangeRecord> r = recorder_->records();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[1].sequence_number, 3u);  // the unobserved write took 2
}

// Eight writers on two tables (puts, updates, deletes, batches,
// transactions); per table the delivered sequence numbers are 1..n without
// gaps or repeats, and each key's records replay to the table's final state.
TEST(ChangeFeedConcurrentTest, EightWritersLoseAndDuplicateNothing) {
  Database db;
  for (const char* name : {"tab", "two"}) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_THAT(db.CreateTable(r), IsOk());
  }
  auto recorder = std::make_shared<Recorder>();
  db.SubscribeChanges(recorder);
  constexpr int kThreads = 8;
  constexpr int kOps = 400;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&db, t] {
      for (int i = 0; i < kOps; ++i) {
        const std::string key = "k" + std::to_string((t * 7 + i) % 23);
        const std::string table = i % 2 ? "tab" : "two";
        switch (i % 5) {
          case 0: {
            PutItemRequest p;
            p.table_name = table;
            p.item = Item{{"pk", S(key)}, {"v", N(i)}};
            (void)db.PutItem(p);
            break;
          }
          case 1: {
            UpdateItemRequest u;
            u.table_name = table;
            u.key = Item{{"pk", S(key)}};
            u.update_expression = "ADD c :one";
            u.expression_attribute_values = AttributeMap{{":one", N(1)}};
            (void)db.UpdateItem(u);
            break;
          }
          case 2: {
            DeleteItemRequest d;
            d.table_name = table;
            d.key = Item{{"pk", S(key)}};
            (void)db.DeleteItem(d);
            break;
          }
          case 3: {
            BatchWriteItemRequest b;
            WriteRequest w;
            w.put_item = Item{{"pk", S(key)}, {"b", N(t)}};
            b.request_items["tab"].push_back(w);
            b.request_items["two"].push_back(w);
            (void)db.BatchWriteItem(b);
            break;
          }
          default: {
            TransactWriteItemsRequest tx;
            TransactWriteItem a, b;
            a.update = TransactUpdate{};
            a.update->table_name = "tab";
            a.update->key = Item{{"pk", S(key)}};
            a.update->update_expression = "ADD x :one";
            a.update->expression_attribute_values =
                AttributeMap{{":one", N(1)}};
            b.update = a.update;
            b.update->table_name = "two";
            tx.transact_items = {a, b};
            (void)db.TransactWriteItems(tx);
            break;
          }
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();

  std::map<std::string, std::vector<const ChangeRecord*>> by_table;
  const std::vector<ChangeRecord> all = recorder->records();
  for (const ChangeRecord& r : all) by_table[r.table_name].push_back(&r);
  ASSERT_EQ(by_table.size(), 2u);
  for (const auto& [table, records] : by_table) {
    // Commit order: consecutive sequence numbers from 1.
    for (size_t i = 0; i < records.size(); ++i) {
      ASSERT_EQ(records[i]->sequence_number, i + 1) << table;
    }
    // Replaying each key's changes gives the table's final items.
    std::map<std::string, std::optional<Item>> replay;
    for (const ChangeRecord* r : records) {
      const std::string pk = r->keys.Decode().Find("pk")->s();
      auto it = replay.find(pk);
      const std::optional<Item> before =
          it == replay.end() ? std::nullopt : it->second;
      EXPECT_EQ(r->old_image.ToOptional(), before) << table << " " << pk;
      replay[pk] = r->new_image.ToOptional();
    }
    for (const auto& [pk, item] : replay) {
      GetItemRequest g;
      g.table_name = table;
      g.key = Item{{"pk", S(pk)}};
      StatusOr<GetItemResponse> got = db.GetItem(g);
      ASSERT_THAT(got, IsOk());
      EXPECT_EQ(got->item, item) << table << " " << pk;
    }
  }
}

}  // namespace
}  // namespace eddy
