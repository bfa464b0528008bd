// Copyright 2026 The eddy Authors.
//
// Typed requests and responses of DynamoDB's backup operations (issue #21):
// on-demand backups (CreateBackup, DescribeBackup, ListBackups,
// DeleteBackup, RestoreTableFromBackup) and point-in-time restore
// (RestoreTableToPointInTime), named as in the DynamoDB API reference.
// Timestamps are epoch seconds on the Options clock.
//
//   eddy::CreateBackupRequest c{.table_name = "users", .backup_name = "b1"};
//   eddy::StatusOr<eddy::CreateBackupResponse> b = db.CreateBackup(c);
//   eddy::RestoreTableFromBackupRequest r;
//   r.target_table_name = "users_copy";
//   r.backup_arn = b->backup_details.backup_arn;
//   db.RestoreTableFromBackup(r);
//
// Thread safety: plain value types.

#ifndef EDDY_EMULATOR_API_BACKUPS_H_
#define EDDY_EMULATOR_API_BACKUPS_H_

#include <optional>
#include <string>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/types/schema.h"

namespace eddy {

enum class BackupStatus { kCreating, kDeleted, kAvailable };
// What a backup is (BackupType) and what ListBackups lists (BackupTypeFilter,
// which adds ALL). eddy makes USER backups (CreateBackup) and SYSTEM
// backups (a table deleted with point-in-time recovery on: named
// "<table>$DeletedTableBackup", expiring after 35 days); never AWS_BACKUP.
enum class BackupType { kUser, kSystem, kAwsBackup };
enum class BackupTypeFilter { kUser, kSystem, kAwsBackup, kAll };

struct BackupDetails {
  std::string backup_arn;
  std::string backup_name;
  std::optional<int64_t> backup_size_bytes;
  BackupStatus backup_status = BackupStatus::kAvailable;
  BackupType backup_type = BackupType::kUser;
  double backup_creation_date_time = 0;
  std::optional<double> backup_expiry_date_time;  // SYSTEM backups only
};

// The table as it was when the backup was made.
struct SourceTableDetails {
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  std::optional<int64_t> table_size_bytes;
  std::vector<KeySchemaElement> key_schema;
  double table_creation_date_time = 0;
  ProvisionedThroughput provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<int64_t> item_count;
  BillingMode billing_mode = BillingMode::kProvisioned;
};

struct LocalSecondaryIndexInfo {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
};
struct GlobalSecondaryIndexInfo {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
};
struct SourceTableFeatureDetails {
  std::vector<LocalSecondaryIndexInfo> local_secondary_indexes;
  std::vector<GlobalSecondaryIndexInfo> global_secondary_indexes;
  std::optional<StreamSpecification> stream_description;
  std::optional<TimeToLiveDescription> time_to_live_description;
};

struct BackupDescription {
  BackupDetails backup_details;
  SourceTableDetails source_table_details;
  SourceTableFeatureDetails source_table_feature_details;
};

struct CreateBackupRequest {
  std::string table_name;  // a name or an ARN
  std::string backup_name;
};
struct CreateBackupResponse {
  BackupDetails backup_details;
};

struct DescribeBackupRequest {
  std::string backup_arn;
};
struct DescribeBackupResponse {
  BackupDescription backup_description;
};

struct DeleteBackupRequest {
  std::string backup_arn;
};
// The backup as it was, with BackupStatus DELETED.
struct DeleteBackupResponse {
  BackupDescription backup_description;
};

struct ListBackupsRequest {
  std::optional<std::string> table_name;         // a name or an ARN
  std::optional<int> limit;                      // 1..100
  std::optional<double> time_range_lower_bound;  // inclusive
  std::optional<double> time_range_upper_bound;  // exclusive
  std::optional<std::string> exclusive_start_backup_arn;
  std::optional<BackupTypeFilter> backup_type;  // USER when absent
};
struct BackupSummary {
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  std::string backup_arn;
  std::string backup_name;
  double backup_creation_date_time = 0;
  std::optional<double> backup_expiry_date_time;
  BackupStatus backup_status = BackupStatus::kAvailable;
  BackupType backup_type = BackupType::kUser;
  std::optional<int64_t> backup_size_bytes;
};
struct ListBackupsResponse {
  std::vector<BackupSummary> backup_summaries;  // oldest first
  // Set when the page ended at `limit` and more backups match.
  std::optional<std::string> last_evaluated_backup_arn;
};

// SSESpecificationOverride: accepted and checked; eddy does not encrypt.
struct SSESpecification {
  std::optional<bool> enabled;
  std::optional<std::string> sse_type;  // AES256 | KMS
  std::optional<std::string> kms_master_key_id;
};

// The overrides both restores take (absent: the source's settings).
struct RestoreOverrides {
  std::optional<BillingMode> billing_mode_override;
  // The indexes of the restored table: a subset of the source's (by name),
  // each with the source's key schema; absent: all of them.
  std::optional<std::vector<GlobalSecondaryIndex>>
      global_secondary_index_override;
  std::optional<std::vector<LocalSecondaryIndex>>
      local_secondary_index_override;
  std::optional<ProvisionedThroughput> provisioned_throughput_override;
  std::optional<OnDemandThroughput> on_demand_throughput_override;
  std::optional<SSESpecification> sse_specification_override;
};

struct RestoreTableFromBackupRequest {
  std::string target_table_name;
  std::string backup_arn;
  RestoreOverrides overrides;
};
struct RestoreTableFromBackupResponse {
  TableDescription table_description;
};

struct RestoreTableToPointInTimeRequest {
  // One of the two names the source table.
  std::optional<std::string> source_table_arn;
  std::optional<std::string> source_table_name;
  std::string target_table_name;
  std::optional<bool> use_latest_restorable_time;
  std::optional<double> restore_date_time;
  RestoreOverrides overrides;
};
struct RestoreTableToPointInTimeResponse {
  TableDescription table_description;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_BACKUPS_H_
