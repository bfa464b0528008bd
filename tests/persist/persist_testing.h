// Copyright 2026 The eddy Authors.
//
// Helpers of the persistence tests: a scratch directory per test, and
// requests written as DynamoDB JSON (through Execute) so that a test reads
// like what a client sends. Also the typed requests the durable-history tests
// under tests/engine/ (backups, point-in-time restore, exports) share: their
// table, the PITR setting and a point-in-time restore.

#ifndef EDDY_TESTS_PERSIST_PERSIST_TESTING_H_
#define EDDY_TESTS_PERSIST_PERSIST_TESTING_H_

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "emulator/api/database.h"
#include "emulator/wire/execute.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace eddy::persist_testing {

// A fresh directory under the test's temporary directory, removed after.
class ScratchDir {
 public:
  ScratchDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    static int next = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("eddy-persist-" + std::to_string(::getpid()) + "-" +
             info->test_suite_name() + "-" + info->name() + "-" +
             std::to_string(next++));
    std::filesystem::remove_all(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string path() const { return path_.string(); }
  // Fills this directory with a copy of data directory `other` (without
  // its lock file).
  void CopyFrom(const std::string& other) const {
    std::filesystem::copy(other, path_);
    std::filesystem::remove(path_ / "LOCK");
  }
  std::string file(const std::string& name) const {
    return (path_ / name).string();
  }

 private:
  std::filesystem::path path_;
};

inline Options DirOptions(const std::string& dir,
                          SyncPolicy sync = SyncPolicy::kAlways) {
  Options o;
  o.persistence.data_dir = dir;
  o.persistence.sync = sync;
  o.persistence.snapshot_log_bytes = 0;  // tests checkpoint explicitly
  return o;
}

inline std::unique_ptr<Database> OpenOrDie(const Options& options) {
  StatusOr<std::unique_ptr<Database>> db = Database::Open(options);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  return db.ok() ? *std::move(db) : nullptr;
}

// Runs an operation; fails the test unless it succeeds; the response.
inline nlohmann::json Call(Database& db, std::string_view operation,
                           const nlohmann::json& body) {
  WireResponse r = Execute(db, operation, body.dump());
  EXPECT_EQ(r.http_status, 200) << operation << ": " << r.body;
  return nlohmann::json::parse(r.body);
}

// Every item of a table, by a consistent Scan, as a sorted JSON array.
inline nlohmann::json AllItems(Database& db, const std::string& table,
                               const std::string& index = "") {
  nlohmann::json items = nlohmann::json::array();
  nlohmann::json request = {{"TableName", table}};
  if (!index.empty()) request["IndexName"] = index;
  while (true) {
    nlohmann::json page = Call(db, "Scan", request);
    for (const auto& item : page["Items"]) items.push_back(item);
    if (!page.contains("LastEvaluatedKey")) break;
    request["ExclusiveStartKey"] = page["LastEvaluatedKey"];
  }
  std::sort(items.begin(), items.end(),
            [](const auto& a, const auto& b) { return a.dump() < b.dump(); });
  return items;
}

// An on-demand table keyed by attribute "k" of `type` ("S" or "N").
inline void CreateKeyTable(Database& db, const std::string& table,
                           const std::string& type) {
  Call(db, "CreateTable",
       {{"TableName", table},
        {"KeySchema", {{{"AttributeName", "k"}, {"KeyType", "HASH"}}}},
        {"AttributeDefinitions",
         {{{"AttributeName", "k"}, {"AttributeType", type}}}},
        {"BillingMode", "PAY_PER_REQUEST"}});
}

inline nlohmann::json Put(Database& db, const std::string& table,
                          const nlohmann::json& item) {
  return Call(db, "PutItem", {{"TableName", table}, {"Item", item}});
}

// The table of the backup, restore and export tests: keys "pk" (S) and "sk"
// (N), on demand, and a GSI "byG" on "g" (S) projecting every attribute.
inline CreateTableRequest PkSkGsiTable(const std::string& name) {
  CreateTableRequest c;
  c.table_name = name;
  c.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                             {"sk", ScalarAttributeType::kN},
                             {"g", ScalarAttributeType::kS}};
  c.billing_mode = BillingMode::kPayPerRequest;
  GlobalSecondaryIndex gsi;
  gsi.index_name = "byG";
  gsi.key_schema = {{"g", KeyType::kHash}};
  gsi.projection.projection_type = ProjectionType::kAll;
  c.global_secondary_indexes = {gsi};
  return c;
}

// UpdateContinuousBackups turning point-in-time recovery on or off, with
// the recovery period `days` when given.
inline UpdateContinuousBackupsRequest PitrRequest(
    const std::string& table, bool on, std::optional<int> days = std::nullopt) {
  UpdateContinuousBackupsRequest u;
  u.table_name = table;
  u.point_in_time_recovery_specification.point_in_time_recovery_enabled = on;
  u.point_in_time_recovery_specification.recovery_period_in_days = days;
  return u;
}

// RestoreTableToPointInTime of `source` into `target` at `when` (epoch
// seconds), or at the latest restorable time when `when` is nullopt.
inline RestoreTableToPointInTimeRequest RestoreAtRequest(
    const std::string& source, const std::string& target,
    std::optional<double> when) {
  RestoreTableToPointInTimeRequest r;
  r.source_table_name = source;
  r.target_table_name = target;
  if (when) {
    r.restore_date_time = *when;
  } else {
    r.use_latest_restorable_time = true;
  }
  return r;
}

}  // namespace eddy::persist_testing

#endif  // EDDY_TESTS_PERSIST_PERSIST_TESTING_H_
