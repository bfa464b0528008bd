// Copyright 2026 The eddy Authors.
//
// Point-in-time restore without a data directory (issue #21): the in-memory
// history (engine/history/memory_history.h) over the typed API and Execute.
// Restores to several seconds of the window give exactly the table as it
// was then (items written, updated and deleted across those seconds, a
// transaction touching another table, the GSI's contents); restores outside
// the window are InvalidRestoreTimeException; turning PITR off and on again
// restarts the window; history older than the window is folded away while
// the window's earliest second still restores exactly; past the byte cap
// (Options::pitr_memory_history_bytes) the earliest restorable time moves
// forward; a past ExportTime exports the table as it was. Virtual time
// (ManualClock), small tables.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/attribute_json.h"
#include "emulator/wire/execute.h"
#include "tests/persist/persist_testing.h"

namespace eddy {
namespace {

using persist_testing::PitrRequest;

using Json = nlohmann::json;
using ::testing::HasSubstr;

constexpr int64_t kStart = 1'700'000'000'000'000;  // 2023-11-14
constexpr int64_t kDay = 24 * 3600;

// What a restore must reproduce: every item, and what the GSI answers for
// each of its keys.
struct TableState {
  std::vector<std::string> items;
  std::map<std::string, std::vector<std::string>> gsi;
  bool operator==(const TableState&) const = default;
};

class MemoryPitrTest : public ::testing::Test {
 protected:
  MemoryPitrTest() : clock_(kStart) {
    Options o;
    o.clock = &clock_;
    o.export_root = ::testing::TempDir() + "/eddy_memory_pitr_s3";
    db_ = std::make_unique<Database>(o);
  }

  void CreateTable(const std::string& name) {
    StatusOr<CreateTableResponse> created =
        db_->CreateTable(persist_testing::PkSkGsiTable(name));
    ASSERT_TRUE(created.ok()) << created.status().message();
  }

  static Item Key(int i) {
    Item key;
    key.Set("pk", AttributeValue::S("p" + std::to_string(i % 5)));
    key.Set("sk", AttributeValue::N(i));
    return key;
  }

  void Put(const std::string& table, int i, const std::string& value) {
    Item item = Key(i);
    item.Set("g", AttributeValue::S("g" + std::to_string(i % 3)));
    item.Set("v", AttributeValue::S(value));
    ASSERT_TRUE(db_->PutItem({.table_name = table, .item = item}).ok());
  }

  // Moves item i to another GSI key and changes its value.
  void Update(const std::string& table, int i, const std::string& value) {
    UpdateItemRequest u;
    u.table_name = table;
    u.key = Key(i);
    u.update_expression = "SET v = :v, g = :g";
    u.expression_attribute_values = {{":v", AttributeValue::S(value)},
                                     {":g", AttributeValue::S("g9")}};
    ASSERT_TRUE(db_->UpdateItem(u).ok());
  }

  void Delete(const std::string& table, int i) {
    ASSERT_TRUE(db_->DeleteItem({.table_name = table, .key = Key(i)}).ok());
  }

  TableState State(const std::string& table) {
    TableState out;
    StatusOr<ScanResponse> r = db_->Scan({.table_name = table});
    EXPECT_TRUE(r.ok()) << r.status().message();
    if (r.ok()) {
      for (const Item& item : r->items)
        out.items.push_back(EncodeItemJson(item));
    }
    std::sort(out.items.begin(), out.items.end());
    for (const std::string g : {"g0", "g1", "g2", "g9"}) {
      QueryRequest q;
      q.table_name = table;
      q.index_name = "byG";
      q.key_condition_expression = "g = :g";
      q.expression_attribute_values = {{":g", AttributeValue::S(g)}};
      StatusOr<QueryResponse> a = db_->Query(q);
      EXPECT_TRUE(a.ok()) << a.status().message();
      if (!a.ok()) continue;
      std::vector<std::string>& v = out.gsi[g];
      for (const Item& item : a->items) v.push_back(EncodeItemJson(item));
      std::sort(v.begin(), v.end());
    }
    return out;
  }

  Status SetPitr(const std::string& table, bool on,
                 std::optional<int> days = std::nullopt) {
    return db_->UpdateContinuousBackups(PitrRequest(table, on, days)).status();
  }

  StatusOr<RestoreTableToPointInTimeResponse> RestoreAt(
      const std::string& source, const std::string& target,
      std::optional<double> when) {
    return db_->RestoreTableToPointInTime(
        persist_testing::RestoreAtRequest(source, target, when));
  }

  double Now() const { return static_cast<double>(clock_.NowMicros()) / 1e6; }

  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

// Writes, updates and deletes across six seconds (with a transaction that
// also writes another table, and a TTL-free GSI move); each noted second
// restores to exactly its state, through the typed API and Execute.
TEST_F(MemoryPitrTest, RestoresEachRecordedSecond) {
  CreateTable("tbl");
  CreateTable("other");
  for (int i = 0; i < 10; ++i) Put("tbl", i, "before");  // the base
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  std::vector<std::pair<double, TableState>> states;
  states.emplace_back(Now(), State("tbl"));
  int next = 10;
  for (int round = 0; round < 6; ++round) {
    clock_.AdvanceSeconds(1);  // a later second than the last state
    clock_.AdvanceMicros(250'000);
    for (int i = 0; i < 6; ++i, ++next) {
      Put("tbl", next, "r" + std::to_string(round));
    }
    Update("tbl", next - 6 - round, "u" + std::to_string(round));
    Delete("tbl", round * 2);
    Put("other", next, "o");
    TransactWriteItemsRequest tx;
    for (const std::string table : {"tbl", "other"}) {
      TransactPut p;
      p.table_name = table;
      p.item = Key(1000 + round);
      p.item.Set("g", AttributeValue::S("g1"));
      tx.transact_items.push_back({.put = p});
    }
    ASSERT_TRUE(db_->TransactWriteItems(tx).ok());
    states.emplace_back(Now(), State("tbl"));
  }
  clock_.AdvanceSeconds(301);  // every noted second is now restorable
  for (size_t k = 0; k < states.size(); ++k) {
    const std::string target = "at" + std::to_string(k);
    StatusOr<RestoreTableToPointInTimeResponse> r =
        RestoreAt("tbl", target, states[k].first);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(State(target), states[k].second) << "state " << k;
    ASSERT_TRUE(r->table_description.restore_summary.has_value());
    EXPECT_EQ(r->table_description.restore_summary->restore_date_time,
              states[k].first);
  }
  // UseLatestRestorableTime: five minutes ago, after the last writes.
  ASSERT_TRUE(RestoreAt("tbl", "latest", std::nullopt).ok());
  EXPECT_EQ(State("latest"), State("tbl"));
  // Execute, with the restore time as the wire carries it.
  WireResponse w = Execute(*db_, "RestoreTableToPointInTime",
                           R"({"SourceTableName":"tbl",)"
                           R"("TargetTableName":"wire","RestoreDateTime":)" +
                               Json(states[3].first).dump() + "}");
  ASSERT_EQ(w.http_status, 200) << w.body;
  EXPECT_EQ(
      Json::parse(
          w.body)["TableDescription"]["RestoreSummary"]["RestoreInProgress"],
      false);
  EXPECT_EQ(State("wire"), states[3].second);
  // The restored table has no PITR of its own; the source's history goes
  // on (a restore writes nothing into it).
  EXPECT_EQ(RestoreAt("at1", "again", std::nullopt).status().code(),
            ErrorCode::kPointInTimeRecoveryUnavailable);
  ASSERT_TRUE(RestoreAt("tbl", "again", states[1].first).ok());
  EXPECT_EQ(State("again"), states[1].second);
}

TEST_F(MemoryPitrTest, OutsideTheWindowIsInvalidRestoreTime) {
  CreateTable("tbl");
  Put("tbl", 1, "a");
  const double before = Now();
  clock_.AdvanceSeconds(10);
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  clock_.AdvanceSeconds(600);
  for (double t : {before, Now(), Now() - 60, Now() + 3600}) {
    StatusOr<RestoreTableToPointInTimeResponse> r = RestoreAt("tbl", "xxx", t);
    EXPECT_EQ(r.status().code(), ErrorCode::kInvalidRestoreTime) << t;
    EXPECT_THAT(r.status().message(),
                HasSubstr("RestoreDateTime must be between"));
  }
  WireResponse w = Execute(*db_, "RestoreTableToPointInTime",
                           R"({"SourceTableName":"tbl",)"
                           R"("TargetTableName":"xxx","RestoreDateTime":)" +
                               Json(before).dump() + "}");
  EXPECT_EQ(w.http_status, 400);
  EXPECT_THAT(w.body, HasSubstr("InvalidRestoreTimeException"));
  EXPECT_EQ(db_->DescribeTable({.table_name = "xxx"}).status().code(),
            ErrorCode::kResourceNotFound);
}

// Turning PITR off forgets the history; on again starts a new window whose
// base is the table as it is then.
TEST_F(MemoryPitrTest, OffThenOnRestartsTheWindow) {
  CreateTable("tbl");
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  clock_.AdvanceSeconds(5);
  Put("tbl", 1, "first");
  const double first = Now();
  clock_.AdvanceSeconds(400);
  ASSERT_TRUE(SetPitr("tbl", false).ok());
  EXPECT_EQ(RestoreAt("tbl", "xxx", first).status().code(),
            ErrorCode::kPointInTimeRecoveryUnavailable);
  Put("tbl", 2, "while off");
  clock_.AdvanceSeconds(5);
  // On again, through Execute.
  WireResponse w =
      Execute(*db_, "UpdateContinuousBackups",
              R"({"TableName":"tbl","PointInTimeRecoverySpecification":)"
              R"({"PointInTimeRecoveryEnabled":true}})");
  ASSERT_EQ(w.http_status, 200) << w.body;
  const double enabled = Now();
  EXPECT_EQ(Json::parse(w.body)["ContinuousBackupsDescription"]
                               ["PointInTimeRecoveryDescription"]
                               ["EarliestRestorableDateTime"],
            std::floor(enabled));
  const TableState at_enable = State("tbl");
  clock_.AdvanceSeconds(2);
  Put("tbl", 3, "after");
  Delete("tbl", 1);
  clock_.AdvanceSeconds(400);
  EXPECT_EQ(RestoreAt("tbl", "xxx", first).status().code(),
            ErrorCode::kInvalidRestoreTime);
  ASSERT_TRUE(RestoreAt("tbl", "xxx", enabled).ok());
  EXPECT_EQ(State("xxx"), at_enable);  // items 1 and 2, from the new base
  ASSERT_TRUE(RestoreAt("tbl", "yyy", std::nullopt).ok());
  EXPECT_EQ(State("yyy"), State("tbl"));
}

// After more than the window, the changes older than it are folded into
// the base: the earliest restorable second still restores exactly, and
// later ones too, with a one-day window set by RecoveryPeriodInDays.
TEST_F(MemoryPitrTest, HistoryOlderThanTheWindowIsFolded) {
  CreateTable("tbl");
  ASSERT_TRUE(SetPitr("tbl", true, /*days=*/1).ok());
  std::vector<std::pair<double, TableState>> states;
  for (int hour = 0; hour < 40; ++hour) {
    Put("tbl", hour, "h" + std::to_string(hour));
    if (hour % 4 == 3) Delete("tbl", hour - 2);
    if (hour % 5 == 4) Update("tbl", hour - 1, "u");
    states.emplace_back(Now(), State("tbl"));
    clock_.AdvanceSeconds(3600);
  }
  StatusOr<DescribeContinuousBackupsResponse> d =
      db_->DescribeContinuousBackups({.table_name = "tbl"});
  ASSERT_TRUE(d.ok());
  const double earliest =
      *d->continuous_backups_description.point_in_time_recovery_description
           .earliest_restorable_date_time;
  EXPECT_EQ(earliest, Now() - kDay);
  int restored = 0;
  for (size_t k = 0; k < states.size(); ++k) {
    if (states[k].first < earliest) {
      EXPECT_EQ(RestoreAt("tbl", "old", states[k].first).status().code(),
                ErrorCode::kInvalidRestoreTime);
      continue;
    }
    const std::string target = "h" + std::to_string(k);
    ASSERT_TRUE(RestoreAt("tbl", target, states[k].first).ok());
    EXPECT_EQ(State(target), states[k].second) << "hour " << k;
    ++restored;
  }
  EXPECT_EQ(restored, 24);
  // A second after the earliest: what the first restorable hour left.
  ASSERT_TRUE(RestoreAt("tbl", "edge", earliest + 1).ok());
  EXPECT_EQ(State("edge"), states[16].second);
}

// Options::pitr_memory_history_bytes: past the cap the oldest seconds are
// folded away, the earliest restorable time moves forward (and is what
// DescribeContinuousBackups reports), every second from it on still
// restores exactly, and earlier ones are InvalidRestoreTimeException.
TEST_F(MemoryPitrTest, ByteCapMovesTheEarliestRestorableTime) {
  Options o;
  o.clock = &clock_;
  o.pitr_memory_history_bytes = 20'000;
  db_ = std::make_unique<Database>(o);
  CreateTable("tbl");
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  const double enabled = Now();
  const std::string padding(200, 'x');
  std::vector<std::pair<double, TableState>> states;
  for (int second = 0; second < 300; ++second) {
    clock_.AdvanceSeconds(1);
    Put("tbl", second % 40, padding + std::to_string(second));
    if (second % 7 == 6) Delete("tbl", (second + 3) % 40);
    states.emplace_back(Now(), State("tbl"));
  }
  clock_.AdvanceSeconds(400);  // past LatestRestorableDateTime's lag
  StatusOr<DescribeContinuousBackupsResponse> d =
      db_->DescribeContinuousBackups({.table_name = "tbl"});
  ASSERT_TRUE(d.ok());
  const double earliest =
      *d->continuous_backups_description.point_in_time_recovery_description
           .earliest_restorable_date_time;
  // About 20 KB of ~300-byte changes: some 60 seconds are kept.
  EXPECT_GT(earliest, enabled + 200);
  EXPECT_LT(earliest, states.back().first);
  int restored = 0;
  for (size_t k = 0; k < states.size(); k += 5) {
    const std::string target = "at" + std::to_string(k);
    if (states[k].first < earliest) {
      EXPECT_EQ(RestoreAt("tbl", target, states[k].first).status().code(),
                ErrorCode::kInvalidRestoreTime);
      continue;
    }
    ASSERT_TRUE(RestoreAt("tbl", target, states[k].first).ok()) << k;
    EXPECT_EQ(State(target), states[k].second) << "second " << k;
    ++restored;
  }
  EXPECT_GT(restored, 5);
  // The earliest second itself restores what the table held at its end.
  auto at = std::find_if(states.begin(), states.end(),
                         [&](const auto& s) { return s.first == earliest; });
  ASSERT_NE(at, states.end());
  ASSERT_TRUE(RestoreAt("tbl", "edge", earliest).ok());
  EXPECT_EQ(State("edge"), at->second);
}

// A deleted table's history goes with it: a new table of the same name
// starts its own window.
TEST_F(MemoryPitrTest, DeletedTableStartsOver) {
  CreateTable("tbl");
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  Put("tbl", 1, "old");
  clock_.AdvanceSeconds(400);
  const double old_time = Now();
  ASSERT_TRUE(db_->DeleteTable({.table_name = "tbl"}).ok());
  clock_.AdvanceSeconds(10);
  CreateTable("tbl");
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  Put("tbl", 2, "new");
  clock_.AdvanceSeconds(400);
  EXPECT_EQ(RestoreAt("tbl", "xxx", old_time).status().code(),
            ErrorCode::kInvalidRestoreTime);
  ASSERT_TRUE(RestoreAt("tbl", "xxx", std::nullopt).ok());
  EXPECT_EQ(State("xxx"), State("tbl"));
}

// ExportTableToPointInTime at a past ExportTime exports the table as the
// in-memory history has it then.
TEST_F(MemoryPitrTest, ExportAtAPastTime) {
  CreateTable("tbl");
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  clock_.AdvanceSeconds(1);
  for (int i = 0; i < 12; ++i) Put("tbl", i, "early");
  const double noted = Now();
  clock_.AdvanceSeconds(1);
  for (int i = 12; i < 30; ++i) Put("tbl", i, "late");
  Delete("tbl", 0);
  clock_.AdvanceSeconds(60);
  ExportTableToPointInTimeRequest e;
  e.table_arn = "arn:aws:dynamodb:us-east-1:000000000000:table/tbl";
  e.s3_bucket = "bucket";
  e.export_time = noted;
  StatusOr<ExportTableToPointInTimeResponse> r =
      db_->ExportTableToPointInTime(e);
  ASSERT_TRUE(r.ok()) << r.status().message();
  StatusOr<DescribeExportResponse> x =
      db_->DescribeExport({.export_arn = r->export_description.export_arn});
  ASSERT_TRUE(x.ok());
  EXPECT_EQ(x->export_description.export_status, ExportStatus::kCompleted);
  EXPECT_EQ(x->export_description.item_count, 12);
  EXPECT_EQ(db_->ListTables({})->table_names.size(), 1u);
}

// Writers on a PITR table and another table, with a transaction across
// both, while restores and PITR off/on run: no deadlock (the history's lock
// is a leaf under the table locks), and a restore after the writers stop
// gives the final state.
TEST_F(MemoryPitrTest, ConcurrentWritersAndRestores) {
  CreateTable("tbl");
  CreateTable("other");
  ASSERT_TRUE(SetPitr("tbl", true).ok());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i) {
        const int n = t * 1000 + i;
        Put("tbl", n, "c");
        Put("other", n, "c");
        if (i % 10 == 0) Delete("tbl", n - 5);
        TransactWriteItemsRequest tx;
        for (const std::string table : {"tbl", "other"}) {
          TransactPut p;
          p.table_name = table;
          p.item = Key(5000 + n);
          tx.transact_items.push_back({.put = p});
        }
        (void)db_->TransactWriteItems(tx);  // may conflict: either is fine
      }
    });
  }
  threads.emplace_back([&] {
    for (int i = 0; i < 10; ++i) {
      (void)RestoreAt("tbl", "during" + std::to_string(i), std::nullopt);
    }
  });
  threads.emplace_back([&] {
    for (int i = 0; i < 10; ++i) (void)SetPitr("other", i % 2 == 0);
  });
  for (std::thread& t : threads) t.join();
  clock_.AdvanceSeconds(301);
  ASSERT_TRUE(RestoreAt("tbl", "after", std::nullopt).ok());
  EXPECT_EQ(State("after"), State("tbl"));
}

}  // namespace
}  // namespace eddy
