// Copyright 2026 The eddy Authors.
//
// TableInUseException and BackupInUseException (issue #21 item 5) where
// eddy can reach DynamoDB's in-use states: with table status windows
// (Options::transient_statuses) a restored table stays CREATING, its
// restore in progress, for the creation window. Typed API and Execute, on
// a virtual clock; in memory (backups need no data directory).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"

namespace eddy {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

constexpr int64_t kStart = 1'700'000'000'000'000;
constexpr int64_t kWindow = 5'000'000;  // 5 s in each transient status

class BackupInUseTest : public ::testing::Test {
 protected:
  BackupInUseTest() : clock_(kStart) {
    Options o;
    o.clock = &clock_;
    o.transient_statuses.create_table_micros = kWindow;
    o.transient_statuses.delete_table_micros = kWindow;
    db_ = std::make_unique<Database>(o);
  }

  void CreateTable(const std::string& name) {
    CreateTableRequest c;
    c.table_name = name;
    c.key_schema = {{"pk", KeyType::kHash}};
    c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    c.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_TRUE(db_->CreateTable(c).ok());
  }

  Status Restore(const std::string& arn, const std::string& target) {
    RestoreTableFromBackupRequest r;
    r.backup_arn = arn;
    r.target_table_name = target;
    return db_->RestoreTableFromBackup(r).status();
  }

  ManualClock clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(BackupInUseTest, TableAndBackupInUseWhileCreatingOrDeleting) {
  CreateTable("src");
  // CreateBackup of a table still CREATING.
  StatusOr<CreateBackupResponse> early =
      db_->CreateBackup({.table_name = "src", .backup_name = "nightly"});
  EXPECT_EQ(early.status().code(), ErrorCode::kTableInUse);
  EXPECT_THAT(std::string(early.status().message()),
              HasSubstr("Table is being created: src"));
  clock_.AdvanceMicros(kWindow);
  StatusOr<CreateBackupResponse> b =
      db_->CreateBackup({.table_name = "src", .backup_name = "nightly"});
  ASSERT_TRUE(b.ok()) << b.status().message();
  const std::string arn = b->backup_details.backup_arn;

  // The restored table is CREATING: its restore is in progress.
  ASSERT_TRUE(Restore(arn, "copy").ok());
  StatusOr<DescribeTableResponse> d = db_->DescribeTable({"copy"});
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->table.table_status, TableStatus::kCreating);
  ASSERT_TRUE(d->table.restore_summary.has_value());
  EXPECT_TRUE(d->table.restore_summary->restore_in_progress);
  // Restoring into it again: TableInUseException, not TableAlreadyExists.
  Status s = Restore(arn, "copy");
  EXPECT_EQ(s.code(), ErrorCode::kTableInUse);
  EXPECT_THAT(std::string(s.message()), HasSubstr("being created: copy"));
  RestoreTableToPointInTimeRequest p;
  p.source_table_name = "src";
  p.target_table_name = "copy";
  p.use_latest_restorable_time = true;
  EXPECT_EQ(db_->RestoreTableToPointInTime(p).status().code(),
            ErrorCode::kTableInUse);
  // Deleting the backup the restore reads: BackupInUseException.
  StatusOr<DeleteBackupResponse> del = db_->DeleteBackup({arn});
  EXPECT_EQ(del.status().code(), ErrorCode::kBackupInUse);
  EXPECT_THAT(std::string(del.status().message()),
              HasSubstr("restored to table copy"));
  WireResponse r =
      Execute(*db_, "DeleteBackup", R"({"BackupArn":")" + arn + R"("})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_THAT(r.body, HasSubstr("#BackupInUseException"));

  // Once ACTIVE: the restore is done, the name is taken, the backup free.
  clock_.AdvanceMicros(kWindow);
  d = db_->DescribeTable({"copy"});
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->table.table_status, TableStatus::kActive);
  EXPECT_FALSE(d->table.restore_summary->restore_in_progress);
  EXPECT_EQ(Restore(arn, "copy").code(), ErrorCode::kTableAlreadyExists);

  // A target still DELETING: TableInUseException.
  ASSERT_TRUE(db_->DeleteTable({"copy"}).ok());
  s = Restore(arn, "copy");
  EXPECT_EQ(s.code(), ErrorCode::kTableInUse);
  EXPECT_THAT(std::string(s.message()), HasSubstr("being deleted: copy"));
  r = Execute(*db_, "RestoreTableFromBackup",
              R"({"BackupArn":")" + arn + R"(","TargetTableName":"copy"})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_THAT(r.body, HasSubstr("#TableInUseException"));
  clock_.AdvanceMicros(kWindow);
  EXPECT_TRUE(Restore(arn, "copy").ok());
  clock_.AdvanceMicros(kWindow);
  EXPECT_TRUE(db_->DeleteBackup({arn}).ok());
}

}  // namespace
}  // namespace eddy
