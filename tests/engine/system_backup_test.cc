// Copyright 2026 The eddy Authors.
//
// The SYSTEM backup DynamoDB keeps of a table deleted with point-in-time
// recovery on (issue #21): named "<table>$DeletedTableBackup", BackupType
// SYSTEM, BackupExpiryDateTime 35 days after the deletion; listed under the
// SYSTEM and ALL filters (not the default USER), described, restorable
// (the table as it was just before the deletion), gone once expired; in
// memory and with a data directory (across a restart), typed API and
// Execute. A table deleted with PITR off leaves none.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "tests/persist/persist_testing.h"

namespace eddy {
namespace {

namespace fs = std::filesystem;
using persist_testing::PitrRequest;
using ::testing::HasSubstr;
using Json = nlohmann::json;

constexpr int64_t kStart = 1'700'000'000'000'000;  // 2023-11-14
constexpr int64_t kDay = 24LL * 3600 * 1'000'000;

class SystemBackupTest : public ::testing::TestWithParam<bool> {
 protected:
  SystemBackupTest()
      : dir_(fs::temp_directory_path() /
             ("eddy_sysbackup_" + std::to_string(::getpid()) + "_" +
              std::to_string(GetParam()))),
        clock_(kStart) {
    fs::remove_all(dir_);
    Open();
  }
  ~SystemBackupTest() override {
    db_.reset();
    fs::remove_all(dir_);
  }

  // GetParam(): with a data directory.
  void Open() {
    db_.reset();
    Options o;
    o.clock = &clock_;
    if (GetParam()) {
      o.persistence.data_dir = dir_.string();
      o.persistence.sync = SyncPolicy::kNone;
    }
    StatusOr<std::unique_ptr<Database>> db = Database::Open(o);
    ASSERT_TRUE(db.ok()) << db.status().message();
    db_ = *std::move(db);
  }

  void CreateWithItems(const std::string& name, int n, bool pitr) {
    CreateTableRequest c;
    c.table_name = name;
    c.key_schema = {{"pk", KeyType::kHash}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_TRUE(db_->CreateTable(c).ok());
    for (int i = 0; i < n; ++i) {
      Item item;
      item.Set("pk", AttributeValue::S("k" + std::to_string(i)));
      item.Set("v", AttributeValue::N(i));
      ASSERT_TRUE(db_->PutItem({.table_name = name, .item = item}).ok());
    }
    if (pitr) {
      ASSERT_TRUE(db_->UpdateContinuousBackups(PitrRequest(name, true)).ok());
    }
  }

  std::vector<BackupSummary> List(BackupTypeFilter type) {
    StatusOr<ListBackupsResponse> r = db_->ListBackups({.backup_type = type});
    EXPECT_TRUE(r.ok()) << r.status().message();
    return r.ok() ? r->backup_summaries : std::vector<BackupSummary>{};
  }

  fs::path dir_;
  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

TEST_P(SystemBackupTest, DeletingAPitrTableKeepsASystemBackup) {
  CreateWithItems("withpitr", 25, /*pitr=*/true);
  CreateWithItems("nopitr", 5, /*pitr=*/false);
  clock_.AdvanceMicros(1'000'000);
  const double deleted_at = static_cast<double>(clock_.NowMicros()) / 1e6;
  ASSERT_TRUE(db_->DeleteTable({.table_name = "withpitr"}).ok());
  ASSERT_TRUE(db_->DeleteTable({.table_name = "nopitr"}).ok());

  // ListBackups lists USER backups by default.
  EXPECT_TRUE(List(BackupTypeFilter::kUser).empty());
  EXPECT_TRUE(List(BackupTypeFilter::kAwsBackup).empty());
  std::vector<BackupSummary> system = List(BackupTypeFilter::kSystem);
  ASSERT_EQ(system.size(), 1u);
  EXPECT_EQ(List(BackupTypeFilter::kAll).size(), 1u);
  const BackupSummary& s = system[0];
  EXPECT_EQ(s.backup_name, "withpitr$DeletedTableBackup");
  EXPECT_EQ(s.table_name, "withpitr");
  EXPECT_EQ(s.backup_type, BackupType::kSystem);
  EXPECT_EQ(s.backup_status, BackupStatus::kAvailable);
  EXPECT_DOUBLE_EQ(s.backup_creation_date_time, deleted_at);
  ASSERT_TRUE(s.backup_expiry_date_time.has_value());
  EXPECT_DOUBLE_EQ(*s.backup_expiry_date_time, deleted_at + 35 * 86400.0);

  if (GetParam()) Open();  // a restart: the backup is on disk

  StatusOr<DescribeBackupResponse> d =
      db_->DescribeBackup({.backup_arn = s.backup_arn});
  ASSERT_TRUE(d.ok()) << d.status().message();
  const BackupDetails& details = d->backup_description.backup_details;
  EXPECT_EQ(details.backup_type, BackupType::kSystem);
  EXPECT_EQ(details.backup_name, "withpitr$DeletedTableBackup");
  ASSERT_TRUE(details.backup_expiry_date_time.has_value());
  EXPECT_DOUBLE_EQ(*details.backup_expiry_date_time, deleted_at + 35 * 86400.0);
  EXPECT_EQ(d->backup_description.source_table_details.item_count, 25);

  // Restoring it gives the table as it was just before the deletion (under
  // its old name too: the name is free again).
  RestoreTableFromBackupRequest r;
  r.backup_arn = s.backup_arn;
  r.target_table_name = "withpitr";
  StatusOr<RestoreTableFromBackupResponse> restored =
      db_->RestoreTableFromBackup(r);
  ASSERT_TRUE(restored.ok()) << restored.status().message();
  EXPECT_EQ(restored->table_description.item_count, 25);
  StatusOr<ScanResponse> scan = db_->Scan({.table_name = "withpitr"});
  ASSERT_TRUE(scan.ok());
  EXPECT_EQ(scan->items.size(), 25u);
}

TEST_P(SystemBackupTest, ExpiresAfterThirtyFiveDays) {
  CreateWithItems("shortlived", 3, /*pitr=*/true);
  ASSERT_TRUE(db_->DeleteTable({.table_name = "shortlived"}).ok());
  std::vector<BackupSummary> system = List(BackupTypeFilter::kSystem);
  ASSERT_EQ(system.size(), 1u);
  const std::string arn = system[0].backup_arn;
  clock_.AdvanceMicros(35 * kDay - 1'000'000);
  EXPECT_EQ(List(BackupTypeFilter::kAll).size(), 1u);
  clock_.AdvanceMicros(1'000'000);
  EXPECT_TRUE(List(BackupTypeFilter::kAll).empty());
  EXPECT_EQ(db_->DescribeBackup({.backup_arn = arn}).status().code(),
            ErrorCode::kBackupNotFound);
  if (GetParam()) {
    Open();  // its files went with it
    EXPECT_TRUE(List(BackupTypeFilter::kAll).empty());
  }
}

TEST_P(SystemBackupTest, JsonApi) {
  CreateWithItems("wiretbl", 2, /*pitr=*/true);
  WireResponse r = Execute(*db_, "DeleteTable", R"({"TableName":"wiretbl"})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  r = Execute(*db_, "ListBackups", "{}");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_TRUE(Json::parse(r.body)["BackupSummaries"].empty());
  r = Execute(*db_, "ListBackups", R"({"BackupType":"SYSTEM"})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  Json j = Json::parse(r.body);
  ASSERT_EQ(j["BackupSummaries"].size(), 1u);
  EXPECT_EQ(j["BackupSummaries"][0]["BackupType"], "SYSTEM");
  EXPECT_EQ(j["BackupSummaries"][0]["BackupName"],
            "wiretbl$DeletedTableBackup");
  EXPECT_TRUE(j["BackupSummaries"][0].contains("BackupExpiryDateTime"));
  const std::string arn = j["BackupSummaries"][0]["BackupArn"];
  EXPECT_THAT(arn, HasSubstr(":table/wiretbl/backup/"));
  r = Execute(*db_, "DescribeBackup", R"({"BackupArn":")" + arn + R"("})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  j = Json::parse(r.body);
  EXPECT_EQ(j["BackupDescription"]["BackupDetails"]["BackupType"], "SYSTEM");
  EXPECT_TRUE(
      j["BackupDescription"]["BackupDetails"].contains("BackupExpiryDateTime"));
  r = Execute(*db_, "RestoreTableFromBackup",
              R"({"TargetTableName":"wirecopy","BackupArn":")" + arn + R"("})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(Json::parse(r.body)["TableDescription"]["ItemCount"], 2);
}

INSTANTIATE_TEST_SUITE_P(MemoryAndDataDirectory, SystemBackupTest,
                         ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? std::string("DataDirectory")
                                             : std::string("Memory");
                         });

}  // namespace
}  // namespace eddy
