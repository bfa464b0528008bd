// Copyright 2026 The eddy Authors.
//
// The throttling simulator wired into the Database (emulator/api/
// throttling.h): every operation admits before it changes or returns
// anything, throttles look as DynamoDB sends them, and the metrics are
// readable through the Database. The traffic-shaped scenarios of
// throughput-model.md §9 run through the scenario runner
// (tests/lab/scenarios_test.cc); this file holds the exact, operation-level
// checks, including §9.11's accounting.

#include <optional>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using ::testing::ElementsAre;
using ::testing::SizeIs;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

constexpr int64_t kStart = 1'700'000'000'000'000;
const char kArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/";

class ThrottlingTest : public ::testing::Test {
 protected:
  ThrottlingTest() : clock_(kStart) {
    options_.clock = &clock_;
    options_.throttle.mode = ThrottleMode::kSimulate;
  }
  Database& db() {
    if (!db_) db_ = std::make_unique<Database>(options_);
    return *db_;
  }
  void OnDemandTable(const std::string& name, bool sort_key = false,
                     std::vector<GlobalSecondaryIndex> gsis = {},
                     std::optional<OnDemandThroughput> limits = std::nullopt) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    if (sort_key) {
      r.key_schema.push_back({"sk", KeyType::kRange});
      r.attribute_definitions.push_back({"sk", ScalarAttributeType::kS});
    }
    for (const GlobalSecondaryIndex& g : gsis) {
      for (const KeySchemaElement& k : g.key_schema)
        r.attribute_definitions.push_back(
            {k.attribute_name, ScalarAttributeType::kS});
    }
    r.global_secondary_indexes = std::move(gsis);
    r.billing_mode = BillingMode::kPayPerRequest;
    r.on_demand_throughput = limits;
    ASSERT_THAT(db().CreateTable(r), IsOk());
  }
  void ProvisionedTable(const std::string& name, int64_t rcu, int64_t wcu) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.provisioned_throughput = ProvisionedThroughput{rcu, wcu};
    ASSERT_THAT(db().CreateTable(r), IsOk());
  }
  static GlobalSecondaryIndex Gsi(const std::string& name,
                                  const std::string& key) {
    GlobalSecondaryIndex g;
    g.index_name = name;
    g.key_schema = {{key, KeyType::kHash}};
    g.projection.projection_type = ProjectionType::kKeysOnly;
    return g;
  }
  Status Put(const std::string& table, Item item) {
    return db()
        .PutItem({.table_name = table, .item = std::move(item)})
        .status();
  }
  // Spends a partition's write bucket: one put of an item just under
  // `kilobytes` KB on `pk` (throttled or not).
  Status BigPut(const std::string& table, const std::string& pk,
                int kilobytes) {
    return Put(table, Item{{"pk", S(pk)},
                           {"d", S(std::string(kilobytes * 1024 - 64, 'x'))}});
  }

  ManualClock clock_;
  Options options_;
  std::unique_ptr<Database> db_;
};

TEST_F(ThrottlingTest, OffModeAdmitsEverythingAndStillCounts) {
  options_.throttle.mode = ThrottleMode::kOff;
  OnDemandTable("tbl");
  for (int i = 0; i < 3000; ++i) {
    ASSERT_THAT(Put("tbl", Item{{"pk", S("hot")}}), IsOk());
  }
  const ThrottleCounters c = *db().GetThrottleCounters("tbl");
  EXPECT_EQ(c.consumed_write_half_units, 6000);
  EXPECT_EQ(c.write_throttle_events, 0);
  EXPECT_THAT(*db().DescribePartitions("tbl"), SizeIs(4));
}

// §9.1 in miniature: three seconds of 2,000 puts/s of a small item on one
// key. The partition bucket (1,000 WCU, 1 s deep, full at creation) admits
// what it banked plus 1,000 per second.
TEST_F(ThrottlingTest, HotItemIsThrottledAsDynamoDbThrottlesIt) {
  OnDemandTable("tbl");
  int admitted = 0, last_second_admitted = 0;
  Status first;
  for (int i = 0; i < 6000; ++i) {
    clock_.SetMicros(kStart + i * 500);
    const Status s =
        Put("tbl", Item{{"pk", S("hot")}, {"n", S(std::to_string(i))}});
    if (s.ok()) {
      ++admitted;
      if (i >= 4000) ++last_second_admitted;
    } else if (first.ok()) {
      first = s;
    }
  }
  EXPECT_NEAR(admitted, 4000, 2);
  EXPECT_NEAR(last_second_admitted, 1000, 2);
  EXPECT_EQ(first.code(), ErrorCode::kThrottling);
  ASSERT_THAT(first.throttling_reasons(), SizeIs(1));
  EXPECT_EQ(first.throttling_reasons()[0].reason,
            "TableWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(first.throttling_reasons()[0].resource, std::string(kArn) + "tbl");
  // A throttled write changed nothing: the item is the last admitted one.
  StatusOr<GetItemResponse> got =
      db().GetItem({.table_name = "tbl", .key = Item{{"pk", S("hot")}}});
  ASSERT_THAT(got, IsOk());
  EXPECT_LE(std::stoi(got->item->Find("n")->s()), 5999);
  db().FlushThrottleMetrics();
  const ThrottleCounters c = *db().GetThrottleCounters("tbl");
  EXPECT_EQ(c.consumed_write_half_units, 2 * admitted);
  EXPECT_EQ(c.write_throttle_events, 6000 - admitted);
  EXPECT_EQ(c.throttled_requests, 6000 - admitted);
  const std::vector<KeyCount> top =
      *db().GetTopKeys("tbl", "", TopKeysKind::kMostThrottled, false, 1);
  ASSERT_THAT(top, SizeIs(1));
  EXPECT_EQ(top[0].partition_key, "hot");
  EXPECT_EQ(top[0].count, 6000 - admitted);
  const std::vector<ThrottleSecond> series = *db().GetThrottleSeries(
      "tbl", "", kStart / 1'000'000, kStart / 1'000'000 + 10);
  ASSERT_THAT(series, SizeIs(3));
  EXPECT_LE(series[0].write_throttle_events, 1);  // the last request of it
  EXPECT_NEAR(series[2].write_throttle_events, 1000, 2);
}

// A failed condition is charged (the stored item's size, or 1 WCU when
// missing), and that charge can itself be throttled.
TEST_F(ThrottlingTest, FailedConditionIsChargedAndCanBeThrottled) {
  ProvisionedTable("tbl", 1, 1);  // a new table's bank holds 1 s: 1 WCU
  PutItemRequest r{.table_name = "tbl",
                   .item = Item{{"pk", S("a")}},
                   .condition_expression = "attribute_exists(pk)"};
  EXPECT_THAT(db().PutItem(r).status(),
              StatusIs(ErrorCode::kConditionalCheckFailed, ""));
  EXPECT_EQ(db().GetThrottleCounters("tbl")->consumed_write_half_units, 2);
  // The bank is empty now: the next conditional put is throttled instead.
  const Status s = db().PutItem(r).status();
  EXPECT_EQ(s.code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_EQ(s.throttling_reasons()[0].reason,
            "TableWriteProvisionedThroughputExceeded");
}

// §9.9 in miniature: a base write whose GSI partition is out of write
// capacity is throttled with the index's reason and ARN, and nothing is
// written to the table.
TEST_F(ThrottlingTest, GsiBackPressureThrottlesTheBaseWrite) {
  OnDemandTable("tbl", false, {Gsi("byStatus", "status")});
  // 1,000 WCU of index entries on "active" drain the GSI partition.
  for (int i = 0; i < 1000; ++i) {
    ASSERT_THAT(Put("tbl", Item{{"pk", S("k" + std::to_string(i))},
                                {"status", S("active")}}),
                IsOk());
  }
  const Status s = Put("tbl", Item{{"pk", S("new")}, {"status", S("active")}});
  EXPECT_EQ(s.code(), ErrorCode::kThrottling);
  ASSERT_THAT(s.throttling_reasons(), SizeIs(1));
  EXPECT_EQ(s.throttling_reasons()[0].reason,
            "IndexWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(s.throttling_reasons()[0].resource,
            std::string(kArn) + "tbl/index/byStatus");
  EXPECT_FALSE(
      db().GetItem({.table_name = "tbl", .key = Item{{"pk", S("new")}}})->item);
  // A second later the GSI partition has refilled.
  clock_.AdvanceMicros(1'000'000);
  EXPECT_THAT(Put("tbl", Item{{"pk", S("new")}, {"status", S("active")}}),
              IsOk());
  const ThrottleCounters table = *db().GetThrottleCounters("tbl");
  const ThrottleCounters index = *db().GetThrottleCounters("tbl", "byStatus");
  EXPECT_EQ(table.throttled_requests, 1);
  EXPECT_EQ(table.write_throttle_events, 0);
  EXPECT_EQ(index.write_throttle_events, 1);
  EXPECT_TRUE(db().GetTopKeys("tbl", "", TopKeysKind::kMostThrottled, false, 5)
                  ->empty());
}

// On-demand maximum throughput (MaxWriteRequestUnits = 100): 200 puts/s of
// 1 WCU on distinct keys for 3 s. The limit's bucket holds 1 s (full at
// creation) and refills 100 WCU/s; what is above it is throttled with
// ThrottlingException and TableWriteMaxOnDemandThroughputExceeded, long
// before the partitions or the on-demand capacity would throttle.
TEST_F(ThrottlingTest, OnDemandMaximumThrottlesWritesAboveIt) {
  OnDemandTable("tbl", false, {},
                OnDemandThroughput{.max_write_request_units = 100});
  int admitted = 0, last_second_admitted = 0;
  Status first;
  for (int i = 0; i < 600; ++i) {
    clock_.SetMicros(kStart + i * 5000);
    const Status s = Put("tbl", Item{{"pk", S("k" + std::to_string(i))}});
    if (s.ok()) {
      ++admitted;
      if (i >= 400) ++last_second_admitted;
    } else if (first.ok()) {
      first = s;
    }
  }
  EXPECT_NEAR(admitted, 100 + 300, 2);
  EXPECT_NEAR(last_second_admitted, 100, 1);
  EXPECT_EQ(first.code(), ErrorCode::kThrottling);
  ASSERT_THAT(first.throttling_reasons(), SizeIs(1));
  EXPECT_EQ(first.throttling_reasons()[0].reason,
            "TableWriteMaxOnDemandThroughputExceeded");
  EXPECT_EQ(first.throttling_reasons()[0].resource, std::string(kArn) + "tbl");
  db().FlushThrottleMetrics();
  const ThrottleCounters c = *db().GetThrottleCounters("tbl");
  const int kMax = static_cast<int>(LimitType::kMaxOnDemand);
  EXPECT_EQ(c.consumed_write_half_units, 2 * admitted);
  EXPECT_EQ(c.write_throttle_events, 600 - admitted);
  EXPECT_EQ(c.write_throttle_events_by_limit[kMax], 600 - admitted);
  // Reads have no maximum here and are not affected.
  for (int i = 0; i < 50; ++i) {
    EXPECT_THAT(db().GetItem({.table_name = "tbl",
                              .key = Item{{"pk", S("k" + std::to_string(i))}}}),
                IsOk());
  }
}

TEST_F(ThrottlingTest, OnDemandMaximumThrottlesReads) {
  OnDemandTable("tbl", false, {},
                OnDemandThroughput{.max_read_request_units = 10});
  // 10 RRU at one instant: 20 eventually consistent reads of 0.5 each.
  for (int i = 0; i < 20; ++i) {
    ASSERT_THAT(
        db().GetItem({.table_name = "tbl", .key = Item{{"pk", S("a")}}}),
        IsOk())
        << i;
  }
  const Status s =
      db().GetItem({.table_name = "tbl", .key = Item{{"pk", S("a")}}}).status();
  EXPECT_EQ(s.code(), ErrorCode::kThrottling);
  ASSERT_THAT(s.throttling_reasons(), SizeIs(1));
  EXPECT_EQ(s.throttling_reasons()[0].reason,
            "TableReadMaxOnDemandThroughputExceeded");
  // Writes have no maximum.
  EXPECT_THAT(Put("tbl", Item{{"pk", S("a")}}), IsOk());
}

// UpdateTable changes the maximum at once: raised, the bucket refills at the
// new rate; removed with -1, nothing but the partitions limits the table.
TEST_F(ThrottlingTest, UpdateTableChangesTheMaximumAtRuntime) {
  OnDemandTable("tbl", false, {},
                OnDemandThroughput{.max_write_request_units = 10});
  int n = 0;
  auto burst = [&](int count) {
    int ok = 0;
    for (int i = 0; i < count; ++i) {
      ok += Put("tbl", Item{{"pk", S("k" + std::to_string(n++))}}).ok();
    }
    return ok;
  };
  EXPECT_EQ(burst(20), 10);
  UpdateTableRequest u;
  u.table_name = "tbl";
  u.on_demand_throughput = OnDemandThroughput{.max_write_request_units = 1000};
  ASSERT_THAT(db().UpdateTable(u), IsOk());
  // 100 ms at 1,000 WCU/s: 100 writes (at the old maximum, 10).
  clock_.AdvanceMicros(100'000);
  EXPECT_EQ(burst(150), 100);
  u.on_demand_throughput = OnDemandThroughput{.max_write_request_units = -1};
  ASSERT_THAT(db().UpdateTable(u), IsOk());
  clock_.AdvanceMicros(1'000'000);
  EXPECT_EQ(burst(1500), 1500);
  const ThrottleCounters c = *db().GetThrottleCounters("tbl");
  EXPECT_EQ(c.write_throttle_events_by_limit[static_cast<int>(
                LimitType::kMaxOnDemand)],
            10 + 50);
}

// A GSI's own maximum throttles the base-table writes that would write to
// it, with the index's reason and ARN; writes that leave the index alone
// are not limited by it.
TEST_F(ThrottlingTest, GsiMaximumThrottlesBaseWritesWithTheIndexReason) {
  GlobalSecondaryIndex g = Gsi("byStatus", "status");
  g.on_demand_throughput = OnDemandThroughput{.max_write_request_units = 50};
  OnDemandTable("tbl", false, {g});
  // 100 puts/s for 2 s, each with its own status (one index entry each).
  int admitted = 0;
  Status first;
  std::string first_pk;
  for (int i = 0; i < 200; ++i) {
    clock_.SetMicros(kStart + i * 10'000);
    const std::string pk = "k" + std::to_string(i);
    const Status s =
        Put("tbl", Item{{"pk", S(pk)}, {"status", S("s" + std::to_string(i))}});
    if (s.ok()) {
      ++admitted;
    } else if (first.ok()) {
      first = s;
      first_pk = pk;
    }
  }
  EXPECT_NEAR(admitted, 50 + 100, 2);
  EXPECT_EQ(first.code(), ErrorCode::kThrottling);
  ASSERT_THAT(first.throttling_reasons(), SizeIs(1));
  EXPECT_EQ(first.throttling_reasons()[0].reason,
            "IndexWriteMaxOnDemandThroughputExceeded");
  EXPECT_EQ(first.throttling_reasons()[0].resource,
            std::string(kArn) + "tbl/index/byStatus");
  // The throttled write wrote nothing.
  EXPECT_FALSE(
      db().GetItem({.table_name = "tbl", .key = Item{{"pk", S(first_pk)}}})
          ->item);
  // Items without a status have no index entry: not limited by the GSI.
  for (int i = 0; i < 100; ++i) {
    ASSERT_THAT(Put("tbl", Item{{"pk", S("plain" + std::to_string(i))}}),
                IsOk());
  }
  const int kMax = static_cast<int>(LimitType::kMaxOnDemand);
  const ThrottleCounters index = *db().GetThrottleCounters("tbl", "byStatus");
  const ThrottleCounters table = *db().GetThrottleCounters("tbl");
  EXPECT_EQ(index.write_throttle_events_by_limit[kMax], 200 - admitted);
  EXPECT_EQ(table.write_throttle_events, 0);
  EXPECT_EQ(table.throttled_requests, 200 - admitted);
}

// §9.11: an update that changes a GSI key is the base write plus two index
// writes — the old entry's delete at A, the new entry's put at B.
TEST_F(ThrottlingTest, GsiKeyChangeIsTwoIndexWritesAtTwoKeys) {
  OnDemandTable("tbl", false, {Gsi("byStatus", "status")});
  ASSERT_THAT(Put("tbl", Item{{"pk", S("o1")}, {"status", S("A")}}), IsOk());
  UpdateItemRequest u;
  u.table_name = "tbl";
  u.key = Item{{"pk", S("o1")}};
  u.update_expression = "SET #s = :b";
  u.expression_attribute_names = ExpressionAttributeNames{{"#s", "status"}};
  u.expression_attribute_values = ExpressionAttributeValues{{":b", S("B")}};
  u.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  StatusOr<UpdateItemResponse> r = db().UpdateItem(u);
  ASSERT_THAT(r, IsOk());
  EXPECT_EQ(r->consumed_capacity->capacity_units, 3);
  EXPECT_EQ(r->consumed_capacity->global_secondary_indexes.at("byStatus")
                .capacity_units,
            2);
  const ThrottleCounters index = *db().GetThrottleCounters("tbl", "byStatus");
  EXPECT_EQ(index.consumed_write_half_units, 2 + 4);  // put, then A->B
  std::vector<KeyCount> keys =
      *db().GetTopKeys("tbl", "byStatus", TopKeysKind::kMostAccessed, false, 5);
  std::vector<std::string> names;
  for (const KeyCount& k : keys) names.push_back(k.partition_key);
  std::sort(names.begin(), names.end());
  EXPECT_THAT(names, ElementsAre("A", "B"));
}

// §9.10: BatchWriteItem admits each item on its own; throttled items come
// back in UnprocessedItems, and the call fails only when all are throttled.
TEST_F(ThrottlingTest, BatchWriteReturnsThrottledItemsUnprocessed) {
  OnDemandTable("tbl", /*sort_key=*/true);
  auto batch = [&](int first) {
    BatchWriteItemRequest r;
    for (int i = 0; i < 25; ++i) {
      WriteRequest w;
      w.put_item = Item{{"pk", S("hot")}, {"sk", S(std::to_string(first + i))}};
      r.request_items["tbl"].push_back(std::move(w));
    }
    return db().BatchWriteItem(r);
  };
  // Drain the partition: 40 batches of 25 (1,000 WCU) at one instant.
  for (int b = 0; b < 40; ++b) {
    StatusOr<BatchWriteItemResponse> r = batch(b * 25);
    ASSERT_THAT(r, IsOk());
    ASSERT_TRUE(r->unprocessed_items.empty()) << b;
  }
  StatusOr<BatchWriteItemResponse> all = batch(5000);
  EXPECT_EQ(all.status().code(), ErrorCode::kThrottling);
  EXPECT_EQ(db().GetThrottleCounters("tbl")->throttled_requests, 1);
  EXPECT_EQ(db().GetThrottleCounters("tbl")->write_throttle_events, 25);
  // 10 ms later 10 WCU have refilled: 10 items pass, 15 come back.
  clock_.AdvanceMicros(10'000);
  StatusOr<BatchWriteItemResponse> some = batch(6000);
  ASSERT_THAT(some, IsOk());
  ASSERT_EQ(some->unprocessed_items.at("tbl").size(), 15u);
  EXPECT_EQ(*some->unprocessed_items.at("tbl")[0].put_item->Find("sk"),
            S("6010"));
  EXPECT_EQ(db().GetThrottleCounters("tbl")->throttled_requests, 1);
  EXPECT_EQ(db().GetThrottleCounters("tbl")->write_throttle_events, 40);
  ScanRequest scan{.table_name = "tbl", .select = Select::kCount};
  EXPECT_EQ(db().Scan(scan)->count, 1010);
}

TEST_F(ThrottlingTest, BatchGetReturnsThrottledKeysUnprocessed) {
  ProvisionedTable("tbl", 10, 1);
  BatchGetItemRequest r;
  for (int i = 0; i < 30; ++i) {
    r.request_items["tbl"].keys.push_back(Item{{"pk", S(std::to_string(i))}});
  }
  r.request_items["tbl"].consistent_read = true;
  // The table bank holds 10 RCU (1 s): 10 missing items at 1 RCU each.
  StatusOr<BatchGetItemResponse> first = db().BatchGetItem(r);
  ASSERT_THAT(first, IsOk());
  EXPECT_EQ(first->unprocessed_keys.at("tbl").keys.size(), 20u);
  StatusOr<BatchGetItemResponse> second = db().BatchGetItem(r);
  EXPECT_EQ(second.status().code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_EQ(second.status().throttling_reasons()[0].reason,
            "TableReadProvisionedThroughputExceeded");
}

// Transactions: all accesses admitted at once; the throttled action carries
// ThrottlingError, the others None; nothing is applied.
TEST_F(ThrottlingTest, ThrottledTransactionIsCancelledWithThrottlingError) {
  OnDemandTable("tbl");
  OnDemandTable("other");
  ASSERT_THAT(BigPut("tbl", "hot", 400), IsOk());  // 400 WCU
  ASSERT_THAT(BigPut("tbl", "hot", 400), IsOk());  // 800 of the 1,000 banked
  TransactWriteItemsRequest r;
  TransactWriteItem cold, hot;
  cold.put =
      TransactPut{.table_name = "other", .item = Item{{"pk", S("cold")}}};
  // Replacing the 400 KB item: 2 x 400 WCU, more than the 200 left.
  hot.put = TransactPut{.table_name = "tbl", .item = Item{{"pk", S("hot")}}};
  r.transact_items = {cold, hot};
  const Status s = db().TransactWriteItems(r).status();
  ASSERT_EQ(s.code(), ErrorCode::kTransactionCanceled);
  ASSERT_THAT(s.cancellation_reasons(), SizeIs(2));
  EXPECT_EQ(s.cancellation_reasons()[0].code, "None");
  EXPECT_EQ(s.cancellation_reasons()[1].code, "ThrottlingError");
  EXPECT_EQ(s.message(),
            "Transaction cancelled, please refer cancellation reasons for "
            "specific reasons [None, ThrottlingError]");
  EXPECT_FALSE(
      db().GetItem({.table_name = "other", .key = Item{{"pk", S("cold")}}})
          ->item);
  EXPECT_EQ(db().GetThrottleCounters("other")->consumed_write_half_units, 0);

  TransactGetItemsRequest g;
  g.transact_items = {{.table_name = "tbl", .key = Item{{"pk", S("hot")}}}};
  // Reads have their own bucket: admitted.
  EXPECT_THAT(db().TransactGetItems(g), IsOk());
}

// Query and Scan are admitted before they return anything, charged by the
// bytes they evaluate.
TEST_F(ThrottlingTest, ScanIsThrottledOnAProvisionedTable) {
  ProvisionedTable("tbl", 5, 100);
  for (int i = 0; i < 50; ++i) {
    ASSERT_THAT(BigPut("tbl", "k" + std::to_string(i), 1), IsOk());
    clock_.AdvanceMicros(20'000);
  }
  // ~48 KB evaluated: 12 RCU strongly consistent, more than the ~10 banked.
  ScanRequest scan{.table_name = "tbl", .consistent_read = true};
  StatusOr<ScanResponse> r = db().Scan(scan);
  EXPECT_EQ(r.status().code(), ErrorCode::kProvisionedThroughputExceeded)
      << r.status().ToString();
  // Eventually consistent: 6 RCU; a few seconds of refill cover it.
  clock_.AdvanceMicros(10'000'000);
  scan.consistent_read = false;
  EXPECT_THAT(db().Scan(scan), IsOk());
  EXPECT_EQ(db().GetThrottleCounters("tbl")->consumed_read_half_units, 12);
}

// §9.11, the accounting checks, through the Database.
TEST_F(ThrottlingTest, AccountingChecksOfScenarioEleven) {
  OnDemandTable("tbl", /*sort_key=*/true);
  // A Query returning 10 items totalling 40.8 KB: 11 RCU SC, 5.5 EC.
  for (int i = 0; i < 10; ++i) {
    ASSERT_THAT(Put("tbl", Item{{"pk", S("q")},
                                {"sk", S(std::to_string(i))},
                                {"d", S(std::string(4178 - 4, 'x'))}}),
                IsOk());
  }
  QueryRequest q;
  q.table_name = "tbl";
  q.key_condition_expression = "pk = :p";
  q.expression_attribute_values = ExpressionAttributeValues{{":p", S("q")}};
  q.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  q.consistent_read = true;
  EXPECT_EQ(db().Query(q)->consumed_capacity->capacity_units, 11);
  q.consistent_read = false;
  EXPECT_EQ(db().Query(q)->consumed_capacity->capacity_units, 5.5);
  // BatchGetItem of 1.5 KB + 6.5 KB items: 1 + 2 = 3 RCU SC.
  ASSERT_THAT(Put("tbl", Item{{"pk", S("b")},
                              {"sk", S("1")},
                              {"d", S(std::string(1536 - 7, 'x'))}}),
              IsOk());
  ASSERT_THAT(Put("tbl", Item{{"pk", S("b")},
                              {"sk", S("2")},
                              {"d", S(std::string(6656 - 7, 'x'))}}),
              IsOk());
  BatchGetItemRequest bg;
  bg.request_items["tbl"].keys = {Item{{"pk", S("b")}, {"sk", S("1")}},
                                  Item{{"pk", S("b")}, {"sk", S("2")}}};
  bg.request_items["tbl"].consistent_read = true;
  bg.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  EXPECT_EQ(db().BatchGetItem(bg)->consumed_capacity[0].capacity_units, 3);
  // A read of a missing item, eventually consistent: 0.5 RCU.
  GetItemRequest get{
      .table_name = "tbl",
      .key = Item{{"pk", S("none")}, {"sk", S("x")}},
      .return_consumed_capacity = ReturnConsumedCapacity::kTotal};
  EXPECT_EQ(db().GetItem(get)->consumed_capacity->capacity_units, 0.5);
  // The simulator consumed exactly what the responses reported, plus the
  // writes: 11 + 5.5 + 3 + 0.5 RCU.
  EXPECT_EQ(db().GetThrottleCounters("tbl")->consumed_read_half_units,
            22 + 11 + 6 + 1);
  // Provisioned 5,000 R / 2,000 W: 4 partitions; RCU raised to 8,000: 8.
  ProvisionedTable("prov", 5000, 2000);
  EXPECT_THAT(*db().DescribePartitions("prov"), SizeIs(4));
  UpdateTableRequest up{
      .table_name = "prov",
      .provisioned_throughput = ProvisionedThroughput{8000, 2000}};
  ASSERT_THAT(db().UpdateTable(up), IsOk());
  EXPECT_THAT(*db().DescribePartitions("prov"), SizeIs(8));
  up.provisioned_throughput = ProvisionedThroughput{1000, 2000};
  ASSERT_THAT(db().UpdateTable(up), IsOk());
  EXPECT_THAT(*db().DescribePartitions("prov"), SizeIs(8));  // never merged
}

// The control plane keeps the simulator in step: GSIs added and deleted,
// billing switches (the pre-warm trick), DeleteTable.
TEST_F(ThrottlingTest, ControlPlaneRegistersAndRemovesResources) {
  ProvisionedTable("tbl", 1, 10000);
  EXPECT_THAT(*db().DescribePartitions("tbl"), SizeIs(11));
  UpdateTableRequest to_on_demand{.table_name = "tbl",
                                  .billing_mode = BillingMode::kPayPerRequest};
  ASSERT_THAT(db().UpdateTable(to_on_demand), IsOk());
  // Previous peak 10,000: serves 20,000 at once, on >= 20 partitions.
  EXPECT_GE(db().DescribePartitions("tbl")->size(), 20u);

  UpdateTableRequest add{.table_name = "tbl"};
  add.attribute_definitions = {{"g", ScalarAttributeType::kS}};
  GlobalSecondaryIndexUpdate create;
  create.create = Gsi("byG", "g");
  add.global_secondary_index_updates = {create};
  ASSERT_THAT(db().UpdateTable(add), IsOk());
  EXPECT_THAT(*db().DescribePartitions("tbl", "byG"), SizeIs(4));
  UpdateTableRequest drop{.table_name = "tbl"};
  GlobalSecondaryIndexUpdate del;
  del.delete_index_name = "byG";
  drop.global_secondary_index_updates = {del};
  ASSERT_THAT(db().UpdateTable(drop), IsOk());
  EXPECT_THAT(db().DescribePartitions("tbl", "byG"),
              StatusIs(ErrorCode::kValidation, "byG"));
  ASSERT_THAT(db().DeleteTable({.table_name = "tbl"}), IsOk());
  EXPECT_THAT(db().GetThrottleCounters("tbl"),
              StatusIs(ErrorCode::kResourceNotFound, ""));
}

// Sizes feed split for size: with 64 KB partitions, 200 items of ~2 KB
// (plus 100 B each) split the table's partitions.
TEST_F(ThrottlingTest, StoredBytesSplitPartitionsForSize) {
  options_.throttle.partition_size_bytes = 64 * 1024;
  OnDemandTable("tbl");
  for (int i = 0; i < 200; ++i) {
    ASSERT_THAT(BigPut("tbl", "k" + std::to_string(i), 2), IsOk());
    clock_.AdvanceMicros(10'000);
  }
  EXPECT_GT(db().DescribePartitions("tbl")->size(), 4u);
  EXPECT_GT(db().GetThrottleCounters("tbl")->splits_for_size, 0);
}

// §9.4's limit: a table with an LSI refuses growing writes past the item
// collection limit (lowered here), and the refused write is not charged.
TEST_F(ThrottlingTest, LsiCollectionLimitStillApplies) {
  options_.item_collection_size_limit_bytes = 8 * 1024;
  CreateTableRequest r;
  r.table_name = "tbl";
  r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"sk", ScalarAttributeType::kS},
                             {"l", ScalarAttributeType::kS}};
  LocalSecondaryIndex lsi;
  lsi.index_name = "byL";
  lsi.key_schema = {{"pk", KeyType::kHash}, {"l", KeyType::kRange}};
  lsi.projection.projection_type = ProjectionType::kKeysOnly;
  r.local_secondary_indexes = {lsi};
  r.billing_mode = BillingMode::kPayPerRequest;
  ASSERT_THAT(db().CreateTable(r), IsOk());
  Status last;
  int stored = 0;
  for (int i = 0; i < 10 && last.ok(); ++i) {
    last = Put("tbl", Item{{"pk", S("c")},
                           {"sk", S(std::to_string(i))},
                           {"l", S("x")},
                           {"d", S(std::string(1500, 'x'))}});
    stored += last.ok();
  }
  EXPECT_EQ(last.code(), ErrorCode::kItemCollectionSizeLimitExceeded);
  EXPECT_EQ(db().GetThrottleCounters("tbl")->consumed_write_half_units,
            2 * 2 * stored + 2 * stored);  // 2 WCU item + 1 WCU LSI entry
}

// Injected faults still work with the simulator on.
TEST_F(ThrottlingTest, FaultInjectionStillFiresFirst) {
  OnDemandTable("tbl");
  Fault f;
  f.kind = Fault::Kind::kInternalServerError;
  f.operation = "PutItem";
  db().InjectFault(f);
  EXPECT_EQ(Put("tbl", Item{{"pk", S("a")}}).code(),
            ErrorCode::kInternalServerError);
  EXPECT_THAT(Put("tbl", Item{{"pk", S("a")}}), IsOk());
}

}  // namespace
}  // namespace eddy
