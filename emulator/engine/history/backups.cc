// Copyright 2026 The eddy Authors.
//
// CreateBackup, DescribeBackup, ListBackups and DeleteBackup, and the SYSTEM
// backup DeleteTable keeps of a table with PITR on (backup_ops.h).

#include <atomic>
#include <cstdio>
#include <random>

#include "emulator/engine/history/backup_ops.h"
#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/persist/table_image.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

// "<14-digit milliseconds>-<8 hex>", as DynamoDB's backup ids.
std::string BackupId(int64_t now_micros) {
  static std::atomic<uint64_t> counter{0};
  std::mt19937_64 rng(static_cast<uint64_t>(now_micros) *
                          0x9E3779B97F4A7C15ULL +
                      counter.fetch_add(1) * 0xBF58476D1CE4E5B9ULL);
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%014lld-%08x",
                static_cast<long long>(now_micros / 1000),
                static_cast<unsigned>(rng() & 0xffffffffu));
  return buf;
}

// BackupArn: 37..1024 characters (the API reference's constraint).
void CheckBackupArn(const std::string& arn, ValidationErrors& errors) {
  if (arn.size() < 37) {
    errors.Add("'" + arn + "'", "backupArn",
               "Member must have length greater than or equal to 37");
  } else if (arn.size() > 1024) {
    errors.Add("'" + arn + "'", "backupArn",
               "Member must have length less than or equal to 1024");
  }
}

// DynamoDB's text for DescribeBackup (a failure logged against the live
// service in steampipe-plugin-aws issue #1913).
Status BackupNotFound(const std::string& arn) {
  return Status(ErrorCode::kBackupNotFound, "Backup not found: " + arn);
}

// The backup of `table` as it is at `now_micros`: its details, and in
// `copy` its image and items. REQUIRES: `table` locked, shared at least.
persist::StoredBackup CopyForBackup(const Table& table, int64_t now_micros,
                                    const std::string& name, BackupType type,
                                    persist::TableCopy& copy)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu()) {
  persist::StoredBackup backup;
  copy = persist::CopyTable(table, /*number=*/1);
  const TableDescription t = table.Describe(now_micros);
  backup.item_count = t.item_count;
  backup.details.backup_size_bytes = t.table_size_bytes;
  backup.image = copy.image;
  backup.details.backup_arn = table.arn() + "/backup/" + BackupId(now_micros);
  backup.details.backup_name = name;
  backup.details.backup_status = BackupStatus::kAvailable;
  backup.details.backup_type = type;
  backup.details.backup_creation_date_time =
      static_cast<double>(now_micros) / 1e6;
  if (type == BackupType::kSystem) {
    backup.details.backup_expiry_date_time =
        static_cast<double>(now_micros + kSystemBackupRetentionMicros) / 1e6;
  }
  return backup;
}

bool Matches(BackupTypeFilter filter, BackupType type) {
  switch (filter) {
    case BackupTypeFilter::kUser:
      return type == BackupType::kUser;
    case BackupTypeFilter::kSystem:
      return type == BackupType::kSystem;
    case BackupTypeFilter::kAwsBackup:
      return type == BackupType::kAwsBackup;
    case BackupTypeFilter::kAll:
      return true;
  }
  return false;
}

// Forgets the SYSTEM backups whose BackupExpiryDateTime has passed.
void ForgetExpired(Context& ctx, persist::BackupStore& store) {
  store.RemoveExpired(static_cast<double>(ctx.options->clock->NowMicros()) /
                      1e6);
}

BackupDescription Describe(const persist::StoredBackup& b) {
  BackupDescription d;
  d.backup_details = b.details;
  StatusOr<persist::TableImage> image = persist::DecodeTableImage(b.image);
  if (!image.ok()) return d;  // written by this store: does not happen
  SourceTableDetails& s = d.source_table_details;
  s.table_name = image->name;
  s.table_id = image->id;
  s.table_arn = image->arn;
  s.table_size_bytes = b.details.backup_size_bytes;
  s.key_schema = image->key_schema;
  s.table_creation_date_time = image->creation_date_time;
  s.provisioned_throughput = image->throughput;
  if (!image->on_demand.empty()) s.on_demand_throughput = image->on_demand;
  s.item_count = b.item_count;
  s.billing_mode = image->billing_mode;
  SourceTableFeatureDetails& f = d.source_table_feature_details;
  for (const persist::TableImage::Index& i : image->indexes) {
    if (i.global) {
      GlobalSecondaryIndexInfo g{i.name, i.key_schema, i.projection,
                                 std::nullopt, std::nullopt};
      if (image->billing_mode == BillingMode::kProvisioned) {
        g.provisioned_throughput = i.throughput;
      }
      if (!i.on_demand.empty()) g.on_demand_throughput = i.on_demand;
      f.global_secondary_indexes.push_back(std::move(g));
    } else {
      f.local_secondary_indexes.push_back({i.name, i.key_schema, i.projection});
    }
  }
  if (image->stream_view_type) {
    f.stream_description = StreamSpecification{true, image->stream_view_type};
  }
  if (!image->ttl_attribute.empty()) {
    f.time_to_live_description =
        TimeToLiveDescription{TimeToLiveStatus::kEnabled, image->ttl_attribute};
  }
  return d;
}

}  // namespace

StatusOr<CreateBackupResponse> CreateBackup(
    Context& ctx, persist::BackupStore& store,
    const CreateBackupRequest& request) {
  ValidationErrors errors;
  if (request.table_name.empty()) {
    errors.Add("''", "tableName",
               "Member must have length greater than or equal to 1");
  } else if (request.table_name.size() > 1024) {
    errors.Add("'" + request.table_name + "'", "tableName",
               "Member must have length less than or equal to 1024");
  }
  errors.CheckTableName(request.backup_name, "backupName");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::shared_ptr<Table> table = FindTableByNameOrArn(ctx, request.table_name);
  if (table == nullptr) {
    return ContinuousBackupsTableNotFound(request.table_name);
  }
  CatchUp(*table, *ctx.options->clock);
  const int64_t now = ctx.options->clock->NowMicros();
  persist::StoredBackup backup;
  persist::TableCopy copy;
  {
    ReaderMutexLock lock(&table->mu());
    if (table->dropped()) {
      return ContinuousBackupsTableNotFound(request.table_name);
    }
    if (StatusAt(*table, now) == TableStatus::kCreating) {
      return Status(ErrorCode::kTableInUse,
                    "Table is being created: " + table->name());
    }
    backup = CopyForBackup(*table, now, request.backup_name, BackupType::kUser,
                           copy);
  }
  CreateBackupResponse response{backup.details};
  // DynamoDB answers CREATING; the backup is AVAILABLE once described.
  response.backup_details.backup_status = BackupStatus::kCreating;
  EDDY_RETURN_IF_ERROR(store.Add(std::move(backup), std::move(copy)));
  return response;
}

Status KeepDeletedTableBackup(persist::BackupStore& store, const Table& table,
                              int64_t now_micros) {
  persist::TableCopy copy;
  persist::StoredBackup backup =
      CopyForBackup(table, now_micros, table.name() + "$DeletedTableBackup",
                    BackupType::kSystem, copy);
  return store.Add(std::move(backup), std::move(copy));
}

StatusOr<DescribeBackupResponse> DescribeBackup(
    Context& ctx, persist::BackupStore& store,
    const DescribeBackupRequest& request) {
  ValidationErrors errors;
  CheckBackupArn(request.backup_arn, errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  ForgetExpired(ctx, store);
  std::optional<persist::StoredBackup> b = store.Find(request.backup_arn);
  if (!b) return BackupNotFound(request.backup_arn);
  return DescribeBackupResponse{Describe(*b)};
}

StatusOr<DeleteBackupResponse> DeleteBackup(
    Context& ctx, persist::BackupStore& store,
    const DeleteBackupRequest& request) {
  ValidationErrors errors;
  CheckBackupArn(request.backup_arn, errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  ForgetExpired(ctx, store);
  std::optional<persist::StoredBackup> b = store.Find(request.backup_arn);
  if (b) {
    // A table still CREATING from this backup is its restore in progress.
    const int64_t now = ctx.options->clock->NowMicros();
    for (const std::string& name : ctx.catalog->Names()) {
      std::shared_ptr<Table> t = ctx.catalog->Find(name);
      if (t == nullptr || StatusAt(*t, now) != TableStatus::kCreating) {
        continue;
      }
      ReaderMutexLock lock(&t->mu());
      const std::optional<RestoreSummary>& r = t->state().restore_summary;
      if (r && r->source_backup_arn == request.backup_arn) {
        return Status(ErrorCode::kBackupInUse,
                      "Backup is being restored to table " + name + ": " +
                          request.backup_arn);
      }
    }
  }
  if (!b || !store.Remove(request.backup_arn)) {
    return BackupNotFound(request.backup_arn);
  }
  DeleteBackupResponse response{Describe(*b)};
  response.backup_description.backup_details.backup_status =
      BackupStatus::kDeleted;
  return response;
}

StatusOr<ListBackupsResponse> ListBackups(Context& ctx,
                                          persist::BackupStore& store,
                                          const ListBackupsRequest& request) {
  ValidationErrors errors;
  if (request.limit && *request.limit < 1) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  } else if (request.limit && *request.limit > 100) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value less than or equal to 100");
  }
  if (request.table_name && request.table_name->empty()) {
    errors.Add("''", "tableName",
               "Member must have length greater than or equal to 1");
  }
  if (request.exclusive_start_backup_arn) {
    CheckBackupArn(*request.exclusive_start_backup_arn, errors);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (request.time_range_lower_bound && request.time_range_upper_bound &&
      *request.time_range_lower_bound > *request.time_range_upper_bound) {
    // eddy's text: DynamoDB documents no message for this case.
    return Status::Validation(
        "TimeRangeLowerBound must not be after TimeRangeUpperBound");
  }
  ForgetExpired(ctx, store);
  // A table name filter matches the source's name, an ARN its ARN.
  const std::string table_filter = request.table_name.value_or("");
  const BackupTypeFilter type =
      request.backup_type.value_or(BackupTypeFilter::kUser);
  const std::vector<persist::StoredBackup> all = store.All();
  std::vector<BackupSummary> summaries;
  for (const persist::StoredBackup& b : all) {
    if (!Matches(type, b.details.backup_type)) continue;
    const double t = b.details.backup_creation_date_time;
    if (request.time_range_lower_bound && t < *request.time_range_lower_bound) {
      continue;
    }
    if (request.time_range_upper_bound &&
        t >= *request.time_range_upper_bound) {
      continue;
    }
    BackupDescription d = Describe(b);
    const SourceTableDetails& s = d.source_table_details;
    if (!table_filter.empty() && table_filter != s.table_name &&
        table_filter != s.table_arn) {
      continue;
    }
    BackupSummary summary;
    summary.table_name = s.table_name;
    summary.table_id = s.table_id;
    summary.table_arn = s.table_arn;
    summary.backup_arn = b.details.backup_arn;
    summary.backup_name = b.details.backup_name;
    summary.backup_creation_date_time = t;
    summary.backup_expiry_date_time = b.details.backup_expiry_date_time;
    summary.backup_status = b.details.backup_status;
    summary.backup_type = b.details.backup_type;
    summary.backup_size_bytes = b.details.backup_size_bytes;
    summaries.push_back(std::move(summary));
  }
  // After ExclusiveStartBackupArn (an ARN no longer listed: nothing after).
  size_t start = 0;
  if (request.exclusive_start_backup_arn) {
    start = summaries.size();
    for (size_t i = 0; i < summaries.size(); ++i) {
      if (summaries[i].backup_arn == *request.exclusive_start_backup_arn) {
        start = i + 1;
        break;
      }
    }
  }
  const size_t limit = static_cast<size_t>(request.limit.value_or(100));
  ListBackupsResponse response;
  for (size_t i = start; i < summaries.size() && i - start < limit; ++i) {
    response.backup_summaries.push_back(summaries[i]);
  }
  if (start + response.backup_summaries.size() < summaries.size()) {
    response.last_evaluated_backup_arn =
        response.backup_summaries.back().backup_arn;
  }
  return response;
}

}  // namespace eddy::engine
