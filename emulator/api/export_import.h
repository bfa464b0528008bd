// Copyright 2026 The eddy Authors.
//
// Typed requests and responses of the point-in-time recovery setting
// (UpdateContinuousBackups, DescribeContinuousBackups), of exports
// (ExportTableToPointInTime, DescribeExport, ListExports) and of imports
// (ImportTable, DescribeImport, ListImports), named as in the DynamoDB API
// reference. Timestamps are epoch seconds on the Options clock. Export and
// import read and write files under Options::export_root (options.h); an
// "S3 bucket" is a folder there. The file formats are emulator/transfer's.
//
//   eddy::ExportTableToPointInTimeRequest e;
//   e.table_arn = db.DescribeTable({.table_name = "users"})->table.table_arn;
//   e.s3_bucket = "exports";
//   eddy::StatusOr<eddy::ExportTableToPointInTimeResponse> r =
//       db.ExportTableToPointInTime(e);
//   // r->export_description.export_arn names it for DescribeExport.
//
// Thread safety: plain value types.

#ifndef EDDY_EMULATOR_API_EXPORT_IMPORT_H_
#define EDDY_EMULATOR_API_EXPORT_IMPORT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/api/requests.h"

namespace eddy {

struct PointInTimeRecoverySpecification {
  bool point_in_time_recovery_enabled = false;
  std::optional<int> recovery_period_in_days;  // 1..35; default 35
};
struct PointInTimeRecoveryDescription {
  bool enabled = false;  // PointInTimeRecoveryStatus ENABLED / DISABLED
  std::optional<int> recovery_period_in_days;           // while enabled
  std::optional<double> earliest_restorable_date_time;  // while enabled
  std::optional<double> latest_restorable_date_time;    // while enabled
};
struct ContinuousBackupsDescription {
  bool continuous_backups_enabled = true;  // always ENABLED, as DynamoDB
  PointInTimeRecoveryDescription point_in_time_recovery_description;
};
struct UpdateContinuousBackupsRequest {
  std::string table_name;  // a name or an ARN
  PointInTimeRecoverySpecification point_in_time_recovery_specification;
};
struct UpdateContinuousBackupsResponse {
  ContinuousBackupsDescription continuous_backups_description;
};
struct DescribeContinuousBackupsRequest {
  std::string table_name;  // a name or an ARN
};
struct DescribeContinuousBackupsResponse {
  ContinuousBackupsDescription continuous_backups_description;
};

enum class ExportFormat { kDynamoDbJson, kIon };
enum class ExportType { kFullExport, kIncrementalExport };
enum class ExportViewType { kNewImage, kNewAndOldImages };
enum class ExportStatus { kInProgress, kCompleted, kFailed };
struct IncrementalExportSpecification {
  std::optional<double> export_from_time;
  std::optional<double> export_to_time;
  std::optional<ExportViewType> export_view_type;  // NEW_AND_OLD_IMAGES
};
struct ExportTableToPointInTimeRequest {
  std::string table_arn;
  std::string s3_bucket;  // a folder under Options::export_root
  std::optional<std::string> s3_prefix;
  std::optional<std::string> s3_bucket_owner;
  std::optional<std::string> s3_sse_algorithm;  // AES256 | KMS
  std::optional<std::string> s3_sse_kms_key_id;
  std::optional<std::string> client_token;
  std::optional<double> export_time;          // absent: now
  std::optional<ExportFormat> export_format;  // DYNAMODB_JSON
  std::optional<ExportType> export_type;      // FULL_EXPORT
  std::optional<IncrementalExportSpecification>
      incremental_export_specification;
};
struct ExportDescription {
  std::string export_arn;
  ExportStatus export_status = ExportStatus::kInProgress;
  double start_time = 0;
  std::optional<double> end_time;
  std::optional<std::string> export_manifest;  // manifest-summary.json key
  std::string table_arn;
  std::string table_id;
  double export_time = 0;
  std::optional<std::string> client_token;
  std::string s3_bucket;
  std::optional<std::string> s3_bucket_owner;
  std::optional<std::string> s3_prefix;
  std::string s3_sse_algorithm = "AES256";
  std::optional<std::string> s3_sse_kms_key_id;
  std::optional<std::string> failure_code;
  std::optional<std::string> failure_message;
  ExportFormat export_format = ExportFormat::kDynamoDbJson;
  std::optional<int64_t> billed_size_bytes;  // once completed
  std::optional<int64_t> item_count;         // once completed
  ExportType export_type = ExportType::kFullExport;
  std::optional<IncrementalExportSpecification>
      incremental_export_specification;
};
struct ExportTableToPointInTimeResponse {
  ExportDescription export_description;
};
struct DescribeExportRequest {
  std::string export_arn;
};
struct DescribeExportResponse {
  ExportDescription export_description;
};
struct ListExportsRequest {
  std::optional<std::string> table_arn;
  std::optional<int> max_results;  // 1..25
  std::optional<std::string> next_token;
};
struct ExportSummary {
  std::string export_arn;
  ExportStatus export_status = ExportStatus::kInProgress;
  ExportType export_type = ExportType::kFullExport;
};
struct ListExportsResponse {
  std::vector<ExportSummary> export_summaries;
  std::optional<std::string> next_token;
};

enum class InputFormat { kDynamoDbJson, kIon, kCsv };
enum class InputCompressionType { kGzip, kZstd, kNone };
enum class ImportStatus {
  kInProgress,
  kCompleted,
  kCancelling,
  kCancelled,
  kFailed
};
struct S3BucketSource {
  std::string s3_bucket;  // a folder under Options::export_root
  std::optional<std::string> s3_bucket_owner;
  std::optional<std::string> s3_key_prefix;  // files whose path starts so
};
struct CsvOptions {
  std::optional<std::string> delimiter;  // one character; default ","
  std::optional<std::vector<std::string>> header_list;
};
struct InputFormatOptions {
  std::optional<CsvOptions> csv;
};
struct ImportTableRequest {
  std::optional<std::string> client_token;
  S3BucketSource s3_bucket_source;
  InputFormat input_format = InputFormat::kDynamoDbJson;
  std::optional<InputFormatOptions> input_format_options;
  InputCompressionType input_compression_type = InputCompressionType::kNone;
  // DynamoDB's TableCreationParameters: TableName, AttributeDefinitions,
  // KeySchema, BillingMode, ProvisionedThroughput, OnDemandThroughput,
  // GlobalSecondaryIndexes (other members must stay empty).
  CreateTableRequest table_creation_parameters;
};
struct ImportTableDescription {
  std::string import_arn;
  ImportStatus import_status = ImportStatus::kInProgress;
  std::string table_arn;
  std::string table_id;
  std::optional<std::string> client_token;
  S3BucketSource s3_bucket_source;
  int64_t error_count = 0;
  std::string cloud_watch_log_group_arn;
  InputFormat input_format = InputFormat::kDynamoDbJson;
  std::optional<InputFormatOptions> input_format_options;
  InputCompressionType input_compression_type = InputCompressionType::kNone;
  CreateTableRequest table_creation_parameters;
  double start_time = 0;
  std::optional<double> end_time;
  int64_t processed_size_bytes = 0;
  int64_t processed_item_count = 0;
  int64_t imported_item_count = 0;
  std::optional<std::string> failure_code;
  std::optional<std::string> failure_message;
};
struct ImportTableResponse {
  ImportTableDescription import_table_description;
};
struct DescribeImportRequest {
  std::string import_arn;
};
struct DescribeImportResponse {
  ImportTableDescription import_table_description;
};
struct ListImportsRequest {
  std::optional<std::string> table_arn;
  std::optional<int> page_size;  // 1..25
  std::optional<std::string> next_token;
};
struct ImportSummary {
  std::string import_arn;
  ImportStatus import_status = ImportStatus::kInProgress;
  std::string table_arn;
  S3BucketSource s3_bucket_source;
  std::string cloud_watch_log_group_arn;
  InputFormat input_format = InputFormat::kDynamoDbJson;
  double start_time = 0;
  std::optional<double> end_time;
};
struct ListImportsResponse {
  std::vector<ImportSummary> import_summary_list;
  std::optional<std::string> next_token;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_EXPORT_IMPORT_H_
