// Copyright 2026 The eddy Authors.
//
// DynamoDB's JSON for continuous backups (UpdateContinuousBackups,
// DescribeContinuousBackups), export (ExportTableToPointInTime,
// DescribeExport, ListExports) and import (ImportTable, DescribeImport,
// ListImports).

#include <cstdlib>

#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {

std::optional<double> ReadTimestamp(ObjectReader& r, std::string_view name) {
  const JsonValue* j = r.Member(name);
  if (j == nullptr) return std::nullopt;
  if (j->type == JsonType::kInteger || j->type == JsonType::kDecimal) {
    return std::strtod(std::string(j->text).c_str(), nullptr);
  }
  r.errors()->Generic("'" + std::string(j->text) + "'", r.PathOf(name),
                      "Member must be a timestamp in epoch seconds");
  return std::nullopt;
}

namespace {

std::optional<double> Timestamp(ObjectReader& r, std::string_view name) {
  return ReadTimestamp(r, name);
}

void OptionalString(JsonWriter& w, std::string_view key,
                    const std::optional<std::string>& v) {
  if (!v) return;
  w.Key(key);
  w.String(*v);
}

void WriteContinuousBackups(const ContinuousBackupsDescription& d,
                            JsonWriter& w) {
  w.Key("ContinuousBackupsDescription");
  w.BeginObject();
  w.Key("ContinuousBackupsStatus");
  w.String(d.continuous_backups_enabled ? "ENABLED" : "DISABLED");
  const PointInTimeRecoveryDescription& p =
      d.point_in_time_recovery_description;
  w.Key("PointInTimeRecoveryDescription");
  w.BeginObject();
  w.Key("PointInTimeRecoveryStatus");
  w.String(p.enabled ? "ENABLED" : "DISABLED");
  if (p.recovery_period_in_days) {
    w.Key("RecoveryPeriodInDays");
    w.Int(*p.recovery_period_in_days);
  }
  if (p.earliest_restorable_date_time) {
    w.Key("EarliestRestorableDateTime");
    w.Double(*p.earliest_restorable_date_time);
  }
  if (p.latest_restorable_date_time) {
    w.Key("LatestRestorableDateTime");
    w.Double(*p.latest_restorable_date_time);
  }
  w.EndObject();
  w.EndObject();
}

std::string_view ExportStatusName(ExportStatus s) {
  switch (s) {
    case ExportStatus::kInProgress:
      return "IN_PROGRESS";
    case ExportStatus::kCompleted:
      return "COMPLETED";
    case ExportStatus::kFailed:
      return "FAILED";
  }
  return "FAILED";
}
std::string_view ExportTypeName(ExportType t) {
  return t == ExportType::kIncrementalExport ? "INCREMENTAL_EXPORT"
                                             : "FULL_EXPORT";
}
std::string_view ExportFormatName(ExportFormat f) {
  return f == ExportFormat::kIon ? "ION" : "DYNAMODB_JSON";
}
std::string_view ImportStatusName(ImportStatus s) {
  switch (s) {
    case ImportStatus::kInProgress:
      return "IN_PROGRESS";
    case ImportStatus::kCompleted:
      return "COMPLETED";
    case ImportStatus::kCancelling:
      return "CANCELLING";
    case ImportStatus::kCancelled:
      return "CANCELLED";
    case ImportStatus::kFailed:
      return "FAILED";
  }
  return "FAILED";
}
std::string_view InputFormatName(InputFormat f) {
  switch (f) {
    case InputFormat::kDynamoDbJson:
      return "DYNAMODB_JSON";
    case InputFormat::kIon:
      return "ION";
    case InputFormat::kCsv:
      return "CSV";
  }
  return "DYNAMODB_JSON";
}
std::string_view CompressionName(InputCompressionType c) {
  switch (c) {
    case InputCompressionType::kGzip:
      return "GZIP";
    case InputCompressionType::kZstd:
      return "ZSTD";
    case InputCompressionType::kNone:
      return "NONE";
  }
  return "NONE";
}

void WriteExportDescription(const ExportDescription& d, JsonWriter& w) {
  w.Key("ExportDescription");
  w.BeginObject();
  w.Key("ExportArn");
  w.String(d.export_arn);
  w.Key("ExportStatus");
  w.String(ExportStatusName(d.export_status));
  w.Key("StartTime");
  w.Double(d.start_time);
  if (d.end_time && d.export_status != ExportStatus::kInProgress) {
    w.Key("EndTime");
    w.Double(*d.end_time);
  }
  OptionalString(w, "ExportManifest", d.export_manifest);
  w.Key("TableArn");
  w.String(d.table_arn);
  w.Key("TableId");
  w.String(d.table_id);
  w.Key("ExportTime");
  w.Double(d.export_time);
  OptionalString(w, "ClientToken", d.client_token);
  w.Key("S3Bucket");
  w.String(d.s3_bucket);
  OptionalString(w, "S3BucketOwner", d.s3_bucket_owner);
  OptionalString(w, "S3Prefix", d.s3_prefix);
  w.Key("S3SseAlgorithm");
  w.String(d.s3_sse_algorithm);
  OptionalString(w, "S3SseKmsKeyId", d.s3_sse_kms_key_id);
  OptionalString(w, "FailureCode", d.failure_code);
  OptionalString(w, "FailureMessage", d.failure_message);
  w.Key("ExportFormat");
  w.String(ExportFormatName(d.export_format));
  if (d.billed_size_bytes) {
    w.Key("BilledSizeBytes");
    w.Int(*d.billed_size_bytes);
  }
  if (d.item_count) {
    w.Key("ItemCount");
    w.Int(*d.item_count);
  }
  w.Key("ExportType");
  w.String(ExportTypeName(d.export_type));
  if (d.incremental_export_specification) {
    const IncrementalExportSpecification& s =
        *d.incremental_export_specification;
    w.Key("IncrementalExportSpecification");
    w.BeginObject();
    if (s.export_from_time) {
      w.Key("ExportFromTime");
      w.Double(*s.export_from_time);
    }
    if (s.export_to_time) {
      w.Key("ExportToTime");
      w.Double(*s.export_to_time);
    }
    w.Key("ExportViewType");
    w.String(s.export_view_type.value_or(ExportViewType::kNewAndOldImages) ==
                     ExportViewType::kNewImage
                 ? "NEW_IMAGE"
                 : "NEW_AND_OLD_IMAGES");
    w.EndObject();
  }
  w.EndObject();
}

void WriteBucketSource(const S3BucketSource& s, JsonWriter& w) {
  w.Key("S3BucketSource");
  w.BeginObject();
  w.Key("S3Bucket");
  w.String(s.s3_bucket);
  OptionalString(w, "S3BucketOwner", s.s3_bucket_owner);
  OptionalString(w, "S3KeyPrefix", s.s3_key_prefix);
  w.EndObject();
}

void WriteImportDescription(const ImportTableDescription& d, JsonWriter& w) {
  w.Key("ImportTableDescription");
  w.BeginObject();
  w.Key("ImportArn");
  w.String(d.import_arn);
  w.Key("ImportStatus");
  w.String(ImportStatusName(d.import_status));
  w.Key("TableArn");
  w.String(d.table_arn);
  w.Key("TableId");
  w.String(d.table_id);
  OptionalString(w, "ClientToken", d.client_token);
  WriteBucketSource(d.s3_bucket_source, w);
  w.Key("ErrorCount");
  w.Int(d.error_count);
  w.Key("CloudWatchLogGroupArn");
  w.String(d.cloud_watch_log_group_arn);
  w.Key("InputFormat");
  w.String(InputFormatName(d.input_format));
  if (d.input_format_options && d.input_format_options->csv) {
    const CsvOptions& c = *d.input_format_options->csv;
    w.Key("InputFormatOptions");
    w.BeginObject();
    w.Key("Csv");
    w.BeginObject();
    OptionalString(w, "Delimiter", c.delimiter);
    if (c.header_list) {
      w.Key("HeaderList");
      w.BeginArray();
      for (const std::string& h : *c.header_list) w.String(h);
      w.EndArray();
    }
    w.EndObject();
    w.EndObject();
  }
  w.Key("InputCompressionType");
  w.String(CompressionName(d.input_compression_type));
  const CreateTableRequest& t = d.table_creation_parameters;
  w.Key("TableCreationParameters");
  w.BeginObject();
  w.Key("TableName");
  w.String(t.table_name);
  w.Key("AttributeDefinitions");
  w.BeginArray();
  for (const AttributeDefinition& a : t.attribute_definitions) {
    w.BeginObject();
    w.Key("AttributeName");
    w.String(a.attribute_name);
    w.Key("AttributeType");
    w.String(ScalarAttributeTypeName(a.attribute_type));
    w.EndObject();
  }
  w.EndArray();
  w.Key("KeySchema");
  WriteKeySchema(t.key_schema, w);
  if (t.billing_mode) {
    w.Key("BillingMode");
    w.String(*t.billing_mode == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST"
                                                            : "PROVISIONED");
  }
  if (!t.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    w.BeginArray();
    for (const GlobalSecondaryIndex& g : t.global_secondary_indexes) {
      w.BeginObject();
      w.Key("IndexName");
      w.String(g.index_name);
      w.Key("KeySchema");
      WriteKeySchema(g.key_schema, w);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  if (d.import_status != ImportStatus::kInProgress) {
    w.Key("StartTime");
    w.Double(d.start_time);
    if (d.end_time) {
      w.Key("EndTime");
      w.Double(*d.end_time);
    }
    w.Key("ProcessedSizeBytes");
    w.Int(d.processed_size_bytes);
    w.Key("ProcessedItemCount");
    w.Int(d.processed_item_count);
    w.Key("ImportedItemCount");
    w.Int(d.imported_item_count);
  } else {
    w.Key("StartTime");
    w.Double(d.start_time);
  }
  OptionalString(w, "FailureCode", d.failure_code);
  OptionalString(w, "FailureMessage", d.failure_message);
  w.EndObject();
}

}  // namespace

StatusOr<std::string> UpdateContinuousBackupsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  UpdateContinuousBackupsRequest req;
  req.table_name = r.String("TableName", /*required=*/true).value_or("");
  if (const JsonValue* j = r.Structure("PointInTimeRecoverySpecification",
                                       "PointInTimeRecoverySpecification",
                                       /*required=*/true)) {
    ObjectReader s(j, r.PathOf("PointInTimeRecoverySpecification"), &errors);
    PointInTimeRecoverySpecification& spec =
        req.point_in_time_recovery_specification;
    spec.point_in_time_recovery_enabled =
        s.Required("PointInTimeRecoveryEnabled") &&
        s.Bool("PointInTimeRecoveryEnabled").value_or(false);
    spec.recovery_period_in_days = s.Integer("RecoveryPeriodInDays");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(UpdateContinuousBackupsResponse resp,
                        db.UpdateContinuousBackups(req));
  JsonWriter w;
  w.BeginObject();
  WriteContinuousBackups(resp.continuous_backups_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeContinuousBackupsOp(Database& db,
                                                  ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DescribeContinuousBackupsRequest req;
  req.table_name = r.String("TableName", /*required=*/true).value_or("");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeContinuousBackupsResponse resp,
                        db.DescribeContinuousBackups(req));
  JsonWriter w;
  w.BeginObject();
  WriteContinuousBackups(resp.continuous_backups_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ExportTableToPointInTimeOp(Database& db,
                                                 ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ExportTableToPointInTimeRequest req;
  req.table_arn = r.String("TableArn", /*required=*/true).value_or("");
  req.export_time = Timestamp(r, "ExportTime");
  req.client_token = r.String("ClientToken");
  req.s3_bucket = r.String("S3Bucket", /*required=*/true).value_or("");
  req.s3_bucket_owner = r.String("S3BucketOwner");
  req.s3_prefix = r.String("S3Prefix");
  req.s3_sse_algorithm = r.String("S3SseAlgorithm");
  if (req.s3_sse_algorithm && *req.s3_sse_algorithm != "AES256" &&
      *req.s3_sse_algorithm != "KMS") {
    errors.Generic("'" + *req.s3_sse_algorithm + "'", "s3SseAlgorithm",
                   "Member must satisfy enum value set: [AES256, KMS]");
  }
  req.s3_sse_kms_key_id = r.String("S3SseKmsKeyId");
  req.export_format = r.Enum<ExportFormat>(
      "ExportFormat", {{"DYNAMODB_JSON", ExportFormat::kDynamoDbJson},
                       {"ION", ExportFormat::kIon}});
  req.export_type = r.Enum<ExportType>(
      "ExportType", {{"FULL_EXPORT", ExportType::kFullExport},
                     {"INCREMENTAL_EXPORT", ExportType::kIncrementalExport}});
  if (const JsonValue* j = r.Structure("IncrementalExportSpecification",
                                       "IncrementalExportSpecification")) {
    ObjectReader s(j, r.PathOf("IncrementalExportSpecification"), &errors);
    IncrementalExportSpecification spec;
    spec.export_from_time = Timestamp(s, "ExportFromTime");
    spec.export_to_time = Timestamp(s, "ExportToTime");
    spec.export_view_type = s.Enum<ExportViewType>(
        "ExportViewType",
        {{"NEW_IMAGE", ExportViewType::kNewImage},
         {"NEW_AND_OLD_IMAGES", ExportViewType::kNewAndOldImages}});
    req.incremental_export_specification = spec;
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ExportTableToPointInTimeResponse resp,
                        db.ExportTableToPointInTime(req));
  JsonWriter w;
  w.BeginObject();
  WriteExportDescription(resp.export_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeExportOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DescribeExportRequest req;
  req.export_arn = r.String("ExportArn", /*required=*/true).value_or("");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeExportResponse resp, db.DescribeExport(req));
  JsonWriter w;
  w.BeginObject();
  WriteExportDescription(resp.export_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ListExportsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ListExportsRequest req;
  req.table_arn = r.String("TableArn");
  req.max_results = r.Integer("MaxResults");
  req.next_token = r.String("NextToken");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListExportsResponse resp, db.ListExports(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("ExportSummaries");
  w.BeginArray();
  for (const ExportSummary& s : resp.export_summaries) {
    w.BeginObject();
    w.Key("ExportArn");
    w.String(s.export_arn);
    w.Key("ExportStatus");
    w.String(ExportStatusName(s.export_status));
    w.Key("ExportType");
    w.String(ExportTypeName(s.export_type));
    w.EndObject();
  }
  w.EndArray();
  OptionalString(w, "NextToken", resp.next_token);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ImportTableOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ImportTableRequest req;
  req.client_token = r.String("ClientToken");
  if (const JsonValue* j = r.Structure("S3BucketSource", "S3BucketSource",
                                       /*required=*/true)) {
    ObjectReader s(j, r.PathOf("S3BucketSource"), &errors);
    req.s3_bucket_source.s3_bucket =
        s.String("S3Bucket", /*required=*/true).value_or("");
    req.s3_bucket_source.s3_bucket_owner = s.String("S3BucketOwner");
    req.s3_bucket_source.s3_key_prefix = s.String("S3KeyPrefix");
  }
  req.input_format =
      r.Enum<InputFormat>("InputFormat",
                          {{"DYNAMODB_JSON", InputFormat::kDynamoDbJson},
                           {"ION", InputFormat::kIon},
                           {"CSV", InputFormat::kCsv}},
                          /*required=*/true)
          .value_or(InputFormat::kDynamoDbJson);
  if (const JsonValue* j =
          r.Structure("InputFormatOptions", "InputFormatOptions")) {
    ObjectReader o(j, r.PathOf("InputFormatOptions"), &errors);
    InputFormatOptions options;
    if (const JsonValue* c = o.Structure("Csv", "CsvOptions")) {
      ObjectReader cr(c, o.PathOf("Csv"), &errors);
      CsvOptions csv;
      csv.delimiter = cr.String("Delimiter");
      csv.header_list = cr.Strings("HeaderList");
      options.csv = csv;
    }
    req.input_format_options = options;
  }
  req.input_compression_type =
      r.Enum<InputCompressionType>("InputCompressionType",
                                   {{"GZIP", InputCompressionType::kGzip},
                                    {"ZSTD", InputCompressionType::kZstd},
                                    {"NONE", InputCompressionType::kNone}})
          .value_or(InputCompressionType::kNone);
  if (const JsonValue* j =
          r.Structure("TableCreationParameters", "TableCreationParameters",
                      /*required=*/true)) {
    ObjectReader t(j, r.PathOf("TableCreationParameters"), &errors);
    req.table_creation_parameters = ReadTableCreationParameters(t);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ImportTableResponse resp, db.ImportTable(req));
  JsonWriter w;
  w.BeginObject();
  WriteImportDescription(resp.import_table_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeImportOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DescribeImportRequest req;
  req.import_arn = r.String("ImportArn", /*required=*/true).value_or("");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeImportResponse resp, db.DescribeImport(req));
  JsonWriter w;
  w.BeginObject();
  WriteImportDescription(resp.import_table_description, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> ListImportsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ListImportsRequest req;
  req.table_arn = r.String("TableArn");
  req.page_size = r.Integer("PageSize");
  req.next_token = r.String("NextToken");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListImportsResponse resp, db.ListImports(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("ImportSummaryList");
  w.BeginArray();
  for (const ImportSummary& s : resp.import_summary_list) {
    w.BeginObject();
    w.Key("ImportArn");
    w.String(s.import_arn);
    w.Key("ImportStatus");
    w.String(ImportStatusName(s.import_status));
    w.Key("TableArn");
    w.String(s.table_arn);
    WriteBucketSource(s.s3_bucket_source, w);
    w.Key("CloudWatchLogGroupArn");
    w.String(s.cloud_watch_log_group_arn);
    w.Key("InputFormat");
    w.String(InputFormatName(s.input_format));
    w.Key("StartTime");
    w.Double(s.start_time);
    if (s.end_time) {
      w.Key("EndTime");
      w.Double(*s.end_time);
    }
    w.EndObject();
  }
  w.EndArray();
  OptionalString(w, "NextToken", resp.next_token);
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
