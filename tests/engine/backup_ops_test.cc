// Copyright 2026 The eddy Authors.
//
// On-demand backups and restores (issue #21 items 4 and 5) over the typed
// API and Execute: CreateBackup, DescribeBackup, ListBackups (filters and
// paging), DeleteBackup, RestoreTableFromBackup (with overrides) and
// RestoreTableToPointInTime, each error, backups surviving a restart, and
// point-in-time restores reproducing the table states recorded at several
// instants (across a checkpoint and a reopen).

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/attribute_json.h"
#include "emulator/wire/execute.h"
#include "tests/persist/persist_testing.h"

namespace eddy {
namespace {

using persist_testing::PitrRequest;

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using Json = nlohmann::json;

constexpr int64_t kStart = 1'700'000'000'000'000;  // 2023-11-14

class BackupTest : public ::testing::Test {
 protected:
  BackupTest()
      : dir_(fs::temp_directory_path() /
             ("eddy_backup_" + std::to_string(::getpid()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name())),
        clock_(kStart) {
    fs::remove_all(dir_);
  }
  ~BackupTest() override {
    db_.reset();
    fs::remove_all(dir_);
  }

  void Open(bool with_dir) {
    db_.reset();
    Options o;
    o.clock = &clock_;
    if (with_dir) {
      o.persistence.data_dir = dir_.string();
      o.persistence.sync = SyncPolicy::kNone;
      o.persistence.snapshot_log_bytes = 0;
    }
    o.export_root = (dir_ / "s3").string();
    StatusOr<std::unique_ptr<Database>> db = Database::Open(o);
    ASSERT_TRUE(db.ok()) << db.status().message();
    db_ = *std::move(db);
  }

  void CreateTable(const std::string& name) {
    CreateTableRequest c = persist_testing::PkSkGsiTable(name);
    c.tags = {{"team", "x"}};
    StatusOr<CreateTableResponse> created = db_->CreateTable(c);
    ASSERT_TRUE(created.ok()) << created.status().message();
  }

  void Put(const std::string& table, int i, const std::string& value) {
    Item item;
    item.Set("pk", AttributeValue::S("p" + std::to_string(i % 7)));
    item.Set("sk", AttributeValue::N(i));
    item.Set("g", AttributeValue::S("g" + std::to_string(i % 3)));
    item.Set("v", AttributeValue::S(value));
    ASSERT_TRUE(db_->PutItem({.table_name = table, .item = item}).ok());
  }

  void Delete(const std::string& table, int i) {
    Item key;
    key.Set("pk", AttributeValue::S("p" + std::to_string(i % 7)));
    key.Set("sk", AttributeValue::N(i));
    ASSERT_TRUE(db_->DeleteItem({.table_name = table, .key = key}).ok());
  }

  // Every item, as JSON, sorted.
  std::vector<std::string> Items(const std::string& table) {
    std::vector<std::string> out;
    ScanRequest s;
    s.table_name = table;
    while (true) {
      StatusOr<ScanResponse> r = db_->Scan(s);
      EXPECT_TRUE(r.ok()) << r.status().message();
      if (!r.ok()) break;
      for (const Item& item : r->items) out.push_back(EncodeItemJson(item));
      if (!r->last_evaluated_key) break;
      s.exclusive_start_key = r->last_evaluated_key;
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  // How many items the GSI byG holds under g = "g1".
  int64_t GsiCount(const std::string& table) {
    QueryRequest q;
    q.table_name = table;
    q.index_name = "byG";
    q.key_condition_expression = "g = :g";
    q.expression_attribute_values = {{":g", AttributeValue::S("g1")}};
    StatusOr<QueryResponse> r = db_->Query(q);
    EXPECT_TRUE(r.ok()) << r.status().message();
    return r.ok() ? static_cast<int64_t>(r->items.size()) : -1;
  }

  std::string Backup(const std::string& table, const std::string& name) {
    StatusOr<CreateBackupResponse> r =
        db_->CreateBackup({.table_name = table, .backup_name = name});
    EXPECT_TRUE(r.ok()) << r.status().message();
    return r.ok() ? r->backup_details.backup_arn : "";
  }

  StatusOr<RestoreTableFromBackupResponse> RestoreBackup(
      const std::string& arn, const std::string& target,
      RestoreOverrides overrides = {}) {
    RestoreTableFromBackupRequest r;
    r.backup_arn = arn;
    r.target_table_name = target;
    r.overrides = std::move(overrides);
    return db_->RestoreTableFromBackup(r);
  }

  void EnablePitr(const std::string& table) {
    ASSERT_TRUE(db_->UpdateContinuousBackups(PitrRequest(table, true)).ok());
  }

  StatusOr<RestoreTableToPointInTimeResponse> RestoreAt(
      const std::string& source, const std::string& target,
      std::optional<double> when) {
    return db_->RestoreTableToPointInTime(
        persist_testing::RestoreAtRequest(source, target, when));
  }

  double Now() const { return static_cast<double>(clock_.NowMicros()) / 1e6; }

  fs::path dir_;
  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(BackupTest, CreateDescribeListDelete) {
  Open(false);
  CreateTable("tbl");
  for (int i = 0; i < 20; ++i) Put("tbl", i, "v");
  StatusOr<CreateBackupResponse> c =
      db_->CreateBackup({.table_name = "tbl", .backup_name = "first"});
  ASSERT_TRUE(c.ok()) << c.status().message();
  const BackupDetails& d = c->backup_details;
  EXPECT_EQ(d.backup_status, BackupStatus::kCreating);
  EXPECT_EQ(d.backup_type, BackupType::kUser);
  EXPECT_EQ(d.backup_name, "first");
  EXPECT_THAT(d.backup_arn,
              HasSubstr("arn:aws:dynamodb:us-east-1:000000000000:table/tbl/"
                        "backup/"));
  EXPECT_EQ(d.backup_creation_date_time, Now());

  StatusOr<DescribeBackupResponse> desc =
      db_->DescribeBackup({.backup_arn = d.backup_arn});
  ASSERT_TRUE(desc.ok()) << desc.status().message();
  const BackupDescription& b = desc->backup_description;
  EXPECT_EQ(b.backup_details.backup_status, BackupStatus::kAvailable);
  EXPECT_GT(b.backup_details.backup_size_bytes.value_or(0), 0);
  EXPECT_EQ(b.source_table_details.table_name, "tbl");
  EXPECT_EQ(b.source_table_details.item_count, 20);
  EXPECT_EQ(b.source_table_details.billing_mode, BillingMode::kPayPerRequest);
  ASSERT_EQ(b.source_table_details.key_schema.size(), 2u);
  ASSERT_EQ(b.source_table_feature_details.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(
      b.source_table_feature_details.global_secondary_indexes[0].index_name,
      "byG");

  StatusOr<ListBackupsResponse> list = db_->ListBackups({});
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->backup_summaries.size(), 1u);
  EXPECT_EQ(list->backup_summaries[0].backup_arn, d.backup_arn);
  EXPECT_EQ(list->backup_summaries[0].table_name, "tbl");

  StatusOr<DeleteBackupResponse> del =
      db_->DeleteBackup({.backup_arn = d.backup_arn});
  ASSERT_TRUE(del.ok());
  EXPECT_EQ(del->backup_description.backup_details.backup_status,
            BackupStatus::kDeleted);
  EXPECT_EQ(db_->DescribeBackup({.backup_arn = d.backup_arn}).status().code(),
            ErrorCode::kBackupNotFound);
  EXPECT_EQ(db_->DeleteBackup({.backup_arn = d.backup_arn}).status().code(),
            ErrorCode::kBackupNotFound);
  EXPECT_TRUE(db_->ListBackups({})->backup_summaries.empty());
}

TEST_F(BackupTest, Errors) {
  Open(false);
  CreateTable("tbl");
  StatusOr<CreateBackupResponse> r =
      db_->CreateBackup({.table_name = "nope", .backup_name = "bk"});
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);  // name too short
  r = db_->CreateBackup({.table_name = "nope", .backup_name = "bak"});
  EXPECT_EQ(r.status().code(), ErrorCode::kTableNotFound);
  EXPECT_EQ(r.status().message(), "Table not found: nope");
  r = db_->CreateBackup({.table_name = "tbl", .backup_name = "bad name"});
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  EXPECT_THAT(r.status().message(), HasSubstr("backupName"));

  const std::string missing =
      "arn:aws:dynamodb:us-east-1:000000000000:table/tbl/backup/"
      "01700000000000-00000000";
  EXPECT_EQ(db_->DescribeBackup({.backup_arn = missing}).status().code(),
            ErrorCode::kBackupNotFound);
  EXPECT_EQ(db_->DescribeBackup({.backup_arn = "short"}).status().code(),
            ErrorCode::kValidation);
  EXPECT_EQ(RestoreBackup(missing, "copy").status().code(),
            ErrorCode::kBackupNotFound);

  const std::string arn = Backup("tbl", "bak");
  StatusOr<RestoreTableFromBackupResponse> restore = RestoreBackup(arn, "tbl");
  EXPECT_EQ(restore.status().code(), ErrorCode::kTableAlreadyExists);
  EXPECT_EQ(restore.status().message(), "Table already exists: tbl");
  EXPECT_EQ(RestoreBackup(arn, "x").status().code(), ErrorCode::kValidation);
  EXPECT_EQ(db_->ListBackups({.limit = 0}).status().code(),
            ErrorCode::kValidation);
  EXPECT_EQ(db_->ListBackups({.limit = 101}).status().code(),
            ErrorCode::kValidation);

  RestoreOverrides bad;
  bad.global_secondary_index_override = std::vector<GlobalSecondaryIndex>{
      {.index_name = "nope", .key_schema = {{"g", KeyType::kHash}}}};
  EXPECT_EQ(RestoreBackup(arn, "copy", bad).status().code(),
            ErrorCode::kValidation);
  RestoreOverrides provisioned;
  provisioned.billing_mode_override = BillingMode::kProvisioned;
  EXPECT_EQ(RestoreBackup(arn, "copy", provisioned).status().code(),
            ErrorCode::kValidation);
  EXPECT_EQ(db_->DescribeTable({.table_name = "copy"}).status().code(),
            ErrorCode::kResourceNotFound);
}

TEST_F(BackupTest, RestoreFromBackupIsTheTableAtTheBackup) {
  Open(false);
  CreateTable("tbl");
  for (int i = 0; i < 50; ++i) Put("tbl", i, "before");
  const std::vector<std::string> at_backup = Items("tbl");
  const int64_t gsi_at_backup = GsiCount("tbl");
  const std::string arn = Backup("tbl", "snap");
  for (int i = 0; i < 10; ++i) Delete("tbl", i);
  for (int i = 40; i < 70; ++i) Put("tbl", i, "after");
  ASSERT_NE(Items("tbl"), at_backup);

  clock_.AdvanceSeconds(10);
  StatusOr<RestoreTableFromBackupResponse> r = RestoreBackup(arn, "copy");
  ASSERT_TRUE(r.ok()) << r.status().message();
  const TableDescription& t = r->table_description;
  EXPECT_EQ(t.table_name, "copy");
  EXPECT_EQ(t.table_arn, "arn:aws:dynamodb:us-east-1:000000000000:table/copy");
  EXPECT_EQ(t.table_status, TableStatus::kActive);
  EXPECT_EQ(t.creation_date_time, Now());
  EXPECT_EQ(t.item_count, 50);
  ASSERT_EQ(t.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(Items("copy"), at_backup);
  EXPECT_EQ(GsiCount("copy"), gsi_at_backup);
  // Tags are not restored (DynamoDB: set them up again).
  StatusOr<ListTagsOfResourceResponse> tags =
      db_->ListTagsOfResource({.resource_arn = t.table_arn});
  ASSERT_TRUE(tags.ok());
  EXPECT_TRUE(tags->tags.empty());
  // The restored table is a table like any other.
  Put("copy", 1000, "new");
  EXPECT_EQ(Items("copy").size(), 51u);
  EXPECT_EQ(Items("tbl").size(), 60u);
}

TEST_F(BackupTest, RestoreOverrides) {
  Open(false);
  CreateTable("tbl");
  for (int i = 0; i < 30; ++i) Put("tbl", i, "v");
  const std::string arn = Backup("tbl", "snap");

  RestoreOverrides o;
  o.billing_mode_override = BillingMode::kProvisioned;
  o.provisioned_throughput_override = ProvisionedThroughput{7, 9};
  o.global_secondary_index_override = std::vector<GlobalSecondaryIndex>{};
  StatusOr<RestoreTableFromBackupResponse> r = RestoreBackup(arn, "plain", o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->table_description.global_secondary_indexes.empty());
  EXPECT_EQ(r->table_description.provisioned_throughput.read_capacity_units, 7);
  EXPECT_EQ(r->table_description.provisioned_throughput.write_capacity_units,
            9);
  EXPECT_FALSE(r->table_description.billing_mode_summary.has_value() &&
               r->table_description.billing_mode_summary->billing_mode ==
                   BillingMode::kPayPerRequest);
  // Only the attributes a key still uses stay defined.
  EXPECT_EQ(r->table_description.attribute_definitions.size(), 2u);
  EXPECT_EQ(Items("plain"), Items("tbl"));

  RestoreOverrides keys_only;
  keys_only.global_secondary_index_override = std::vector<GlobalSecondaryIndex>{
      {.index_name = "byG",
       .key_schema = {{"g", KeyType::kHash}},
       .projection = {ProjectionType::kKeysOnly, {}}}};
  r = RestoreBackup(arn, "slim", keys_only);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->table_description.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(r->table_description.global_secondary_indexes[0]
                .projection.projection_type,
            ProjectionType::kKeysOnly);
  EXPECT_EQ(GsiCount("slim"), GsiCount("tbl"));
}

TEST_F(BackupTest, ListBackupsFiltersAndPages) {
  Open(false);
  CreateTable("aaa");
  CreateTable("bbb");
  std::vector<std::string> arns;
  std::vector<double> times;
  for (int i = 0; i < 5; ++i) {
    times.push_back(Now());
    arns.push_back(
        Backup(i % 2 == 0 ? "aaa" : "bbb", "bk" + std::to_string(i)));
    clock_.AdvanceSeconds(60);
  }
  StatusOr<ListBackupsResponse> r = db_->ListBackups({.table_name = "aaa"});
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->backup_summaries.size(), 3u);
  EXPECT_EQ(r->backup_summaries[1].backup_arn, arns[2]);
  r = db_->ListBackups(
      {.table_name = "arn:aws:dynamodb:us-east-1:000000000000:table/bbb"});
  EXPECT_EQ(r->backup_summaries.size(), 2u);
  r = db_->ListBackups(
      {.time_range_lower_bound = times[1], .time_range_upper_bound = times[3]});
  ASSERT_EQ(r->backup_summaries.size(), 2u);
  EXPECT_EQ(r->backup_summaries[0].backup_arn, arns[1]);
  EXPECT_EQ(r->backup_summaries[1].backup_arn, arns[2]);
  EXPECT_TRUE(db_->ListBackups({.backup_type = BackupTypeFilter::kSystem})
                  ->backup_summaries.empty());
  EXPECT_EQ(db_->ListBackups({.backup_type = BackupTypeFilter::kAll})
                ->backup_summaries.size(),
            5u);
  // Pages of two: LastEvaluatedBackupArn while more remain.
  std::vector<std::string> seen;
  ListBackupsRequest page{.limit = 2};
  int pages = 0;
  while (true) {
    StatusOr<ListBackupsResponse> p = db_->ListBackups(page);
    ASSERT_TRUE(p.ok());
    ++pages;
    for (const BackupSummary& s : p->backup_summaries) {
      seen.push_back(s.backup_arn);
    }
    if (!p->last_evaluated_backup_arn) break;
    page.exclusive_start_backup_arn = p->last_evaluated_backup_arn;
  }
  EXPECT_EQ(pages, 3);
  EXPECT_EQ(seen, arns);
}

TEST_F(BackupTest, BackupsSurviveARestart) {
  Open(true);
  CreateTable("tbl");
  for (int i = 0; i < 40; ++i) Put("tbl", i, "v");
  const std::vector<std::string> at_backup = Items("tbl");
  const std::string arn = Backup("tbl", "durable");
  const std::string gone = Backup("tbl", "deleted");
  ASSERT_TRUE(db_->DeleteBackup({.backup_arn = gone}).ok());
  Put("tbl", 99, "later");

  Open(true);  // a restart
  StatusOr<ListBackupsResponse> list = db_->ListBackups({});
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->backup_summaries.size(), 1u);
  EXPECT_EQ(list->backup_summaries[0].backup_arn, arn);
  StatusOr<DescribeBackupResponse> d = db_->DescribeBackup({.backup_arn = arn});
  ASSERT_TRUE(d.ok()) << d.status().message();
  EXPECT_EQ(d->backup_description.source_table_details.item_count, 40);
  EXPECT_EQ(d->backup_description.backup_details.backup_name, "durable");
  ASSERT_TRUE(RestoreBackup(arn, "copy").ok());
  EXPECT_EQ(Items("copy"), at_backup);

  Open(true);  // the restored table is durable too
  EXPECT_EQ(Items("copy"), at_backup);
}

TEST_F(BackupTest, PointInTimeErrors) {
  Open(false);
  CreateTable("tbl");
  EXPECT_EQ(RestoreAt("tbl", "ccc", std::nullopt).status().code(),
            ErrorCode::kPointInTimeRecoveryUnavailable);
  EXPECT_EQ(RestoreAt("nope", "ccc", std::nullopt).status().code(),
            ErrorCode::kTableNotFound);
  EnablePitr("tbl");
  clock_.AdvanceSeconds(600);
  EXPECT_EQ(RestoreAt("tbl", "tbl", std::nullopt).status().code(),
            ErrorCode::kTableAlreadyExists);
  EXPECT_EQ(RestoreAt("tbl", "ccc", Now()).status().code(),
            ErrorCode::kInvalidRestoreTime);  // within the last 5 minutes
  EXPECT_EQ(RestoreAt("tbl", "ccc", Now() - 3600).status().code(),
            ErrorCode::kInvalidRestoreTime);  // before PITR was enabled
  RestoreTableToPointInTimeRequest both;
  both.source_table_name = "tbl";
  both.target_table_name = "ccc";
  both.use_latest_restorable_time = true;
  both.restore_date_time = Now() - 400;
  EXPECT_EQ(db_->RestoreTableToPointInTime(both).status().code(),
            ErrorCode::kValidation);
  RestoreTableToPointInTimeRequest no_source;
  no_source.target_table_name = "ccc";
  no_source.use_latest_restorable_time = true;
  EXPECT_EQ(db_->RestoreTableToPointInTime(no_source).status().code(),
            ErrorCode::kValidation);
  // Without a data directory the in-memory history serves the restore
  // (engine_memory_pitr_test checks the states it restores).
  EXPECT_TRUE(RestoreAt("tbl", "ccc", std::nullopt).ok());
}

// Write, note the time, write more; restoring to each noted time gives the
// table as it was then: across a checkpoint (the snapshot base) and a
// reopen (the history is on disk), with transactions touching other tables.
TEST_F(BackupTest, PointInTimeRestoreReproducesRecordedStates) {
  Open(true);
  CreateTable("tbl");
  CreateTable("other");
  EnablePitr("tbl");
  clock_.AdvanceSeconds(1);
  std::vector<std::pair<double, std::vector<std::string>>> states;
  int next = 0;
  for (int round = 0; round < 6; ++round) {
    for (int i = 0; i < 15; ++i, ++next)
      Put("tbl", next, "r" + std::to_string(round));
    for (int i = 0; i < 4; ++i) Delete("tbl", next - 1 - 3 * i);
    Put("other", next, "o");
    TransactWriteItemsRequest tx;
    for (const std::string table : {"tbl", "other"}) {
      TransactPut p;
      p.table_name = table;
      p.item.Set("pk", AttributeValue::S("tx"));
      p.item.Set("sk", AttributeValue::N(round));
      tx.transact_items.push_back({.put = p});
    }
    ASSERT_TRUE(db_->TransactWriteItems(tx).ok());
    states.emplace_back(Now(), Items("tbl"));
    clock_.AdvanceSeconds(1);  // the next writes fall in a later second
    // Three checkpoints: without the PITR window's retention the third
    // would drop the log the first states are rebuilt from.
    if (round >= 1 && round <= 3) {
      ASSERT_TRUE(db_->Checkpoint().ok());
    }
    if (round == 4) Open(true);
  }
  clock_.AdvanceSeconds(301);  // every noted time is now restorable
  for (size_t k = 0; k < states.size(); ++k) {
    const std::string target = "at" + std::to_string(k);
    StatusOr<RestoreTableToPointInTimeResponse> r =
        RestoreAt("tbl", target, states[k].first);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(Items(target), states[k].second) << "state " << k;
  }
  // UseLatestRestorableTime: five minutes ago, after the last writes.
  StatusOr<RestoreTableToPointInTimeResponse> latest =
      RestoreAt("tbl", "latest", std::nullopt);
  ASSERT_TRUE(latest.ok()) << latest.status().message();
  EXPECT_EQ(Items("latest"), states.back().second);
  EXPECT_EQ(GsiCount("latest"), GsiCount("tbl"));
  // Restored tables are durable.
  Open(true);
  EXPECT_EQ(Items("at0"), states[0].second);
}

// ExportTableToPointInTime at a past ExportTime exports the table as the
// history has it then.
TEST_F(BackupTest, ExportAtAPastTime) {
  Open(true);
  CreateTable("tbl");
  EnablePitr("tbl");
  clock_.AdvanceSeconds(1);
  for (int i = 0; i < 12; ++i) Put("tbl", i, "early");
  const double noted = Now();
  clock_.AdvanceSeconds(1);
  for (int i = 12; i < 30; ++i) Put("tbl", i, "late");
  ASSERT_TRUE(db_->Checkpoint().ok());
  clock_.AdvanceSeconds(60);
  ExportTableToPointInTimeRequest e;
  e.table_arn = "arn:aws:dynamodb:us-east-1:000000000000:table/tbl";
  e.s3_bucket = "bucket";
  e.export_time = noted;
  StatusOr<ExportTableToPointInTimeResponse> r =
      db_->ExportTableToPointInTime(e);
  ASSERT_TRUE(r.ok()) << r.status().message();
  StatusOr<DescribeExportResponse> d =
      db_->DescribeExport({.export_arn = r->export_description.export_arn});
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->export_description.export_status, ExportStatus::kCompleted);
  EXPECT_EQ(d->export_description.item_count, 12);
  e.export_time.reset();
  r = db_->ExportTableToPointInTime(e);
  ASSERT_TRUE(r.ok()) << r.status().message();
  d = db_->DescribeExport({.export_arn = r->export_description.export_arn});
  EXPECT_EQ(d->export_description.item_count, 30);
  // The table built aside for the export is not left behind.
  EXPECT_EQ(db_->ListTables({})->table_names.size(), 1u);
}

TEST_F(BackupTest, JsonApi) {
  Open(false);
  CreateTable("tbl");
  Put("tbl", 1, "v");
  WireResponse r = Execute(*db_, "CreateBackup",
                           R"({"TableName":"tbl","BackupName":"wire"})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  Json j = Json::parse(r.body);
  EXPECT_EQ(j["BackupDetails"]["BackupStatus"], "CREATING");
  EXPECT_EQ(j["BackupDetails"]["BackupType"], "USER");
  const std::string arn = j["BackupDetails"]["BackupArn"];

  r = Execute(*db_, "DescribeBackup", R"({"BackupArn":")" + arn + R"("})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  j = Json::parse(r.body);
  EXPECT_EQ(j["BackupDescription"]["BackupDetails"]["BackupStatus"],
            "AVAILABLE");
  EXPECT_EQ(j["BackupDescription"]["SourceTableDetails"]["ItemCount"], 1);
  EXPECT_EQ(j["BackupDescription"]["SourceTableDetails"]["BillingMode"],
            "PAY_PER_REQUEST");
  EXPECT_EQ(j["BackupDescription"]["SourceTableFeatureDetails"]
             ["GlobalSecondaryIndexes"][0]["IndexName"],
            "byG");

  r = Execute(*db_, "ListBackups", R"({"TableName":"tbl","BackupType":"ALL"})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  j = Json::parse(r.body);
  ASSERT_EQ(j["BackupSummaries"].size(), 1u);
  EXPECT_EQ(j["BackupSummaries"][0]["BackupArn"], arn);

  r = Execute(*db_, "RestoreTableFromBackup",
              R"({"TargetTableName":"copy","BackupArn":")" + arn +
                  R"(","BillingModeOverride":"PROVISIONED",)"
                  R"("ProvisionedThroughputOverride":)"
                  R"({"ReadCapacityUnits":3,"WriteCapacityUnits":4},)"
                  R"("GlobalSecondaryIndexOverride":[{"IndexName":"byG",)"
                  R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
                  R"("Projection":{"ProjectionType":"ALL"},)"
                  R"("ProvisionedThroughput":)"
                  R"({"ReadCapacityUnits":1,"WriteCapacityUnits":1}}]})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  j = Json::parse(r.body);
  EXPECT_EQ(j["TableDescription"]["TableName"], "copy");
  EXPECT_EQ(j["TableDescription"]["ItemCount"], 1);
  EXPECT_EQ(j["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"],
            3);

  r = Execute(*db_, "RestoreTableFromBackup",
              R"({"TargetTableName":"copy","BackupArn":")" + arn + R"("})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_THAT(r.body, HasSubstr("#TableAlreadyExistsException"));
  r = Execute(*db_, "DescribeBackup", R"({"BackupArn":")" + arn + R"(0"})");
  EXPECT_THAT(r.body, HasSubstr("#BackupNotFoundException"));
  r = Execute(*db_, "RestoreTableToPointInTime",
              R"({"SourceTableName":"tbl","TargetTableName":"ppp",)"
              R"("UseLatestRestorableTime":true})");
  EXPECT_THAT(r.body, HasSubstr("#PointInTimeRecoveryUnavailableException"));
  r = Execute(*db_, "DeleteBackup", R"({"BackupArn":")" + arn + R"("})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  j = Json::parse(r.body);
  EXPECT_EQ(j["BackupDescription"]["BackupDetails"]["BackupStatus"], "DELETED");
}

// The restored table's DescribeTable carries a RestoreSummary: the backup
// and source table, the time restored to (the backup's creation time, or
// the point in time), RestoreInProgress false; it survives a restart and is
// in the JSON answer. Tables not made by a restore have none.
TEST_F(BackupTest, RestoreSummary) {
  Open(true);
  CreateTable("tbl");
  Put("tbl", 1, "v");
  EnablePitr("tbl");
  const double backup_time = Now();
  const std::string arn = Backup("tbl", "snap");
  clock_.AdvanceSeconds(400);
  const std::string source_arn =
      "arn:aws:dynamodb:us-east-1:000000000000:table/tbl";

  StatusOr<RestoreTableFromBackupResponse> b = RestoreBackup(arn, "frombak");
  ASSERT_TRUE(b.ok()) << b.status().message();
  ASSERT_TRUE(b->table_description.restore_summary.has_value());
  const RestoreSummary& bs = *b->table_description.restore_summary;
  EXPECT_EQ(bs.source_backup_arn, arn);
  EXPECT_EQ(bs.source_table_arn, source_arn);
  EXPECT_EQ(bs.restore_date_time, backup_time);
  EXPECT_FALSE(bs.restore_in_progress);

  const double when = std::floor(Now()) - 350;
  StatusOr<RestoreTableToPointInTimeResponse> p =
      RestoreAt("tbl", "pitr", when);
  ASSERT_TRUE(p.ok()) << p.status().message();
  ASSERT_TRUE(p->table_description.restore_summary.has_value());
  const RestoreSummary& ps = *p->table_description.restore_summary;
  EXPECT_FALSE(ps.source_backup_arn.has_value());
  EXPECT_EQ(ps.source_table_arn, source_arn);
  EXPECT_EQ(ps.restore_date_time, when);
  EXPECT_FALSE(ps.restore_in_progress);

  StatusOr<DescribeTableResponse> source = db_->DescribeTable({"tbl"});
  ASSERT_TRUE(source.ok());
  EXPECT_FALSE(source->table.restore_summary.has_value());

  Open(true);  // a restart keeps it
  StatusOr<DescribeTableResponse> again = db_->DescribeTable({"frombak"});
  ASSERT_TRUE(again.ok());
  ASSERT_TRUE(again->table.restore_summary.has_value());
  EXPECT_EQ(again->table.restore_summary->source_backup_arn, arn);
  EXPECT_EQ(again->table.restore_summary->restore_date_time, backup_time);

  WireResponse r = Execute(*db_, "DescribeTable", R"({"TableName":"pitr"})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  const Json j = Json::parse(r.body)["Table"]["RestoreSummary"];
  EXPECT_EQ(j["SourceTableArn"], source_arn);
  EXPECT_FALSE(j.contains("SourceBackupArn"));
  EXPECT_EQ(j["RestoreDateTime"], when);
  EXPECT_EQ(j["RestoreInProgress"], false);
  r = Execute(*db_, "DescribeTable", R"({"TableName":"tbl"})");
  EXPECT_FALSE(Json::parse(r.body)["Table"].contains("RestoreSummary"));
}

}  // namespace
}  // namespace eddy
