// Copyright 2026 The eddy Authors.
//
// DynamoDB's JSON for on-demand backups (CreateBackup, DescribeBackup,
// ListBackups, DeleteBackup) and restores (RestoreTableFromBackup,
// RestoreTableToPointInTime).

#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

std::string_view BackupStatusName(BackupStatus s) {
  switch (s) {
    case BackupStatus::kCreating:
      return "CREATING";
    case BackupStatus::kDeleted:
      return "DELETED";
    case BackupStatus::kAvailable:
      return "AVAILABLE";
  }
  return "AVAILABLE";
}

std::string_view BackupTypeName(BackupType t) {
  switch (t) {
    case BackupType::kUser:
      return "USER";
    case BackupType::kSystem:
      return "SYSTEM";
    case BackupType::kAwsBackup:
      return "AWS_BACKUP";
  }
  return "USER";
}

std::string_view BillingName(BillingMode m) {
  return m == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED";
}

void WriteThroughput(const ProvisionedThroughput& t, JsonWriter& w) {
  w.BeginObject();
  w.Key("ReadCapacityUnits");
  w.Int(t.read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int(t.write_capacity_units);
  w.EndObject();
}

void WriteBackupDetails(const BackupDetails& d, JsonWriter& w) {
  w.BeginObject();
  w.Key("BackupArn");
  w.String(d.backup_arn);
  w.Key("BackupName");
  w.String(d.backup_name);
  if (d.backup_size_bytes) {
    w.Key("BackupSizeBytes");
    w.Int(*d.backup_size_bytes);
  }
  w.Key("BackupStatus");
  w.String(BackupStatusName(d.backup_status));
  w.Key("BackupType");
  w.String(BackupTypeName(d.backup_type));
  w.Key("BackupCreationDateTime");
  w.Double(d.backup_creation_date_time);
  if (d.backup_expiry_date_time) {
    w.Key("BackupExpiryDateTime");
    w.Double(*d.backup_expiry_date_time);
  }
  w.EndObject();
}

void WriteBackupDescription(const BackupDescription& d, JsonWriter& w) {
  w.Key("BackupDescription");
  w.BeginObject();
  w.Key("BackupDetails");
  WriteBackupDetails(d.backup_details, w);
  const SourceTableDetails& s = d.source_table_details;
  w.Key("SourceTableDetails");
  w.BeginObject();
  w.Key("TableName");
  w.String(s.table_name);
  w.Key("TableId");
  w.String(s.table_id);
  w.Key("TableArn");
  w.String(s.table_arn);
  if (s.table_size_bytes) {
    w.Key("TableSizeBytes");
    w.Int(*s.table_size_bytes);
  }
  w.Key("KeySchema");
  WriteKeySchema(s.key_schema, w);
  w.Key("TableCreationDateTime");
  w.Double(s.table_creation_date_time);
  w.Key("ProvisionedThroughput");
  WriteThroughput(s.provisioned_throughput, w);
  if (s.on_demand_throughput) {
    w.Key("OnDemandThroughput");
    WriteOnDemandThroughput(*s.on_demand_throughput, w);
  }
  if (s.item_count) {
    w.Key("ItemCount");
    w.Int(*s.item_count);
  }
  w.Key("BillingMode");
  w.String(BillingName(s.billing_mode));
  w.EndObject();
  const SourceTableFeatureDetails& f = d.source_table_feature_details;
  w.Key("SourceTableFeatureDetails");
  w.BeginObject();
  if (!f.local_secondary_indexes.empty()) {
    w.Key("LocalSecondaryIndexes");
    w.BeginArray();
    for (const LocalSecondaryIndexInfo& l : f.local_secondary_indexes) {
      w.BeginObject();
      w.Key("IndexName");
      w.String(l.index_name);
      w.Key("KeySchema");
      WriteKeySchema(l.key_schema, w);
      w.Key("Projection");
      WriteProjection(l.projection, w);
      w.EndObject();
    }
    w.EndArray();
  }
  if (!f.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    w.BeginArray();
    for (const GlobalSecondaryIndexInfo& g : f.global_secondary_indexes) {
      w.BeginObject();
      w.Key("IndexName");
      w.String(g.index_name);
      w.Key("KeySchema");
      WriteKeySchema(g.key_schema, w);
      w.Key("Projection");
      WriteProjection(g.projection, w);
      if (g.provisioned_throughput) {
        w.Key("ProvisionedThroughput");
        WriteThroughput(*g.provisioned_throughput, w);
      }
      if (g.on_demand_throughput) {
        w.Key("OnDemandThroughput");
        WriteOnDemandThroughput(*g.on_demand_throughput, w);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  if (f.stream_description) {
    w.Key("StreamDescription");
    w.BeginObject();
    w.Key("StreamEnabled");
    w.Bool(f.stream_description->stream_enabled.value_or(false));
    if (f.stream_description->stream_view_type) {
      w.Key("StreamViewType");
      switch (*f.stream_description->stream_view_type) {
        case StreamViewType::kKeysOnly:
          w.String("KEYS_ONLY");
          break;
        case StreamViewType::kNewImage:
          w.String("NEW_IMAGE");
          break;
        case StreamViewType::kOldImage:
          w.String("OLD_IMAGE");
          break;
        case StreamViewType::kNewAndOldImages:
          w.String("NEW_AND_OLD_IMAGES");
          break;
      }
    }
    w.EndObject();
  }
  if (f.time_to_live_description) {
    w.Key("TimeToLiveDescription");
    w.BeginObject();
    w.Key("TimeToLiveStatus");
    w.String("ENABLED");
    if (f.time_to_live_description->attribute_name) {
      w.Key("AttributeName");
      w.String(*f.time_to_live_description->attribute_name);
    }
    w.EndObject();
  }
  w.EndObject();
  w.EndObject();
}

}  // namespace

StatusOr<std::string> CreateBackupOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  CreateBackupRequest req;
  req.table_name = r.String("TableName", /*required=*/true).value_or("");
  req.backup_name = r.String("BackupName", /*required=*/true).value_or("");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(CreateBackupResponse resp, db.CreateBackup(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("BackupDetails");
  WriteBackupDetails(resp.backup_details, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeBackupOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DescribeBackupRequest req;
  req.backup_arn = r.String("BackupArn", /*required=*/true).value_or("");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeBackupResponse resp, db.DescribeBackup(req));
  JsonWriter w;
  w.BeginObject();
  WriteBackupDescription(resp.backup_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DeleteBackupOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DeleteBackupRequest req;
  req.backup_arn = r.String("BackupArn", /*required=*/true).value_or("");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DeleteBackupResponse resp, db.DeleteBackup(req));
  JsonWriter w;
  w.BeginObject();
  WriteBackupDescription(resp.backup_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ListBackupsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ListBackupsRequest req;
  req.table_name = r.String("TableName");
  req.limit = r.Integer("Limit");
  req.time_range_lower_bound = ReadTimestamp(r, "TimeRangeLowerBound");
  req.time_range_upper_bound = ReadTimestamp(r, "TimeRangeUpperBound");
  req.exclusive_start_backup_arn = r.String("ExclusiveStartBackupArn");
  req.backup_type = r.Enum<BackupTypeFilter>(
      "BackupType", {{"USER", BackupTypeFilter::kUser},
                     {"SYSTEM", BackupTypeFilter::kSystem},
                     {"AWS_BACKUP", BackupTypeFilter::kAwsBackup},
                     {"ALL", BackupTypeFilter::kAll}});
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListBackupsResponse resp, db.ListBackups(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("BackupSummaries");
  w.BeginArray();
  for (const BackupSummary& s : resp.backup_summaries) {
    w.BeginObject();
    w.Key("TableName");
    w.String(s.table_name);
    w.Key("TableId");
    w.String(s.table_id);
    w.Key("TableArn");
    w.String(s.table_arn);
    w.Key("BackupArn");
    w.String(s.backup_arn);
    w.Key("BackupName");
    w.String(s.backup_name);
    w.Key("BackupCreationDateTime");
    w.Double(s.backup_creation_date_time);
    if (s.backup_expiry_date_time) {
      w.Key("BackupExpiryDateTime");
      w.Double(*s.backup_expiry_date_time);
    }
    w.Key("BackupStatus");
    w.String(BackupStatusName(s.backup_status));
    w.Key("BackupType");
    w.String(BackupTypeName(s.backup_type));
    if (s.backup_size_bytes) {
      w.Key("BackupSizeBytes");
      w.Int(*s.backup_size_bytes);
    }
    w.EndObject();
  }
  w.EndArray();
  if (resp.last_evaluated_backup_arn) {
    w.Key("LastEvaluatedBackupArn");
    w.String(*resp.last_evaluated_backup_arn);
  }
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> RestoreTableFromBackupOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  RestoreTableFromBackupRequest req;
  req.target_table_name =
      r.String("TargetTableName", /*required=*/true).value_or("");
  req.backup_arn = r.String("BackupArn", /*required=*/true).value_or("");
  req.overrides = ReadRestoreOverrides(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(RestoreTableFromBackupResponse resp,
                        db.RestoreTableFromBackup(req));
  return TableDescriptionBody("TableDescription", resp.table_description);
}

StatusOr<std::string> RestoreTableToPointInTimeOp(Database& db,
                                                  ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  RestoreTableToPointInTimeRequest req;
  req.source_table_arn = r.String("SourceTableArn");
  req.source_table_name = r.String("SourceTableName");
  req.target_table_name =
      r.String("TargetTableName", /*required=*/true).value_or("");
  req.use_latest_restorable_time = r.Bool("UseLatestRestorableTime");
  req.restore_date_time = ReadTimestamp(r, "RestoreDateTime");
  req.overrides = ReadRestoreOverrides(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(RestoreTableToPointInTimeResponse resp,
                        db.RestoreTableToPointInTime(req));
  return TableDescriptionBody("TableDescription", resp.table_description);
}

}  // namespace eddy::wire::internal
