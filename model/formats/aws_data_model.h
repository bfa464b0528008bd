// Copyright 2026 The eddy Authors.
//
// The AWS DynamoDB MCP server's data-model validation format
// (dynamodb_data_model.json; model/README.md, "Designs from the AWS MCP
// server") loaded, checked and run in-process:
//
//   {"tables": [<CreateTable request>, ...],
//    "items": {"<table>": [<BatchWriteItem WriteRequest>, ...], ...},
//    "access_patterns": [{"pattern": "1", "description": "...",
//                         "table": "...", "index": "...",
//                         "dynamodb_operation": "Query",
//                         "implementation": "aws dynamodb query ...",
//                         "reason": "..."}, ...]}
//
//   std::vector<ModelError> errors;
//   StatusOr<AwsDataModel> m = LoadAwsDataModelFile(path, &errors);
//   StatusOr<AwsRunReport> r = RunAwsDataModel(*m);
//   WriteFile("dynamodb_model_validation.json", FormatAwsValidationResult(*r));
//   std::cout << FormatAwsReportText(*r);
//
// Contract
// - Loading checks the document's shape as the MCP server does (the three
//   keys tables, items and access_patterns are required, even empty) and
//   more strictly: every table has a string TableName, every items entry is
//   an array of objects, every access pattern is an object whose
//   "implementation", when present, is a string that parses as an
//   `aws dynamodb` command (model/formats/cli_command.h). Every error found
//   is reported with its RFC 6901 pointer ("/access_patterns/3/implementation:
//   unknown option --tabel-name ... (did you mean --table-name?)"); a
//   document with errors is not run.
// - Running uses one fresh in-process Database: creates the tables in order
//   (CreateTable), writes each table's items with BatchWriteItem in batches of
//   25 (the MCP server's batch size), then executes every pattern that has an
//   implementation, in order, through eddy's JSON API (eddy::Execute), with
//   the CLI's automatic pagination for Query, Scan and ListTables. Loads
//   and patterns ask for ReturnConsumedCapacity INDEXES to record the units
//   each table and index consumed; a pattern's recorded response carries
//   ConsumedCapacity only as its command asked for it (TOTAL: without the
//   per-index members). A failing
//   table, batch or pattern is recorded and the run goes on, as the MCP
//   server's does. Patterns without an implementation are skipped (their
//   "reason", if any, is reported).
// - The result file (FormatAwsValidationResult) has the MCP server's shape:
//   {"validation_response": [...]} where a run pattern is {"pattern_id",
//   "description", "dynamodb_operation", "command", "response"} and a skipped
//   one is the access pattern object as the document gave it. "response" is
//   the DynamoDB response the CLI prints (pages merged), or on failure
//   {"error": "An error occurred (<Code>) when calling the <Op> operation:
//   <message>", "error_code", "status_code"}.
//
// Thread safety: a loaded AwsDataModel is immutable; the functions are
// reentrant (each run has its own Database).

#ifndef EDDY_MODEL_FORMATS_AWS_DATA_MODEL_H_
#define EDDY_MODEL_FORMATS_AWS_DATA_MODEL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "model/formats/cli_command.h"
#include "model/model.h"

namespace eddy::model {

struct AwsAccessPattern {
  std::string pointer;     // "/access_patterns/3"
  std::string pattern_id;  // "pattern": a string as given, a number as text
  std::string description;
  std::string dynamodb_operation;  // as the document names it, may be ""
  std::optional<std::string> implementation;
  std::optional<std::string> reason;
  std::optional<CliRequest> request;  // parsed implementation
  std::string document_json;          // the pattern object as given
  // Where the command disagrees with the pattern's own fields: another
  // operation than dynamodb_operation, another table than "table", another
  // index than "index" ("dynamodb_operation says Query but the command runs
  // Scan").
  std::vector<std::string> notes;
};

struct AwsTableItems {
  std::string table;
  std::vector<std::string> write_requests;  // WriteRequest objects as JSON
};

struct AwsDataModel {
  std::string name;                        // the file's stem
  std::vector<std::string> create_tables;  // CreateTable requests as JSON
  std::vector<std::string> table_names;
  std::vector<AwsTableItems> items;  // in document order
  std::vector<AwsAccessPattern> patterns;
};

// True when `json` is an object with an "access_patterns" member: the shape
// the MCP server's validation format has and no other eddy format has.
bool IsAwsDataModel(std::string_view json);
bool IsAwsDataModelFile(const std::string& path);

// Null errors are allowed. On failure the status is a ValidationException
// summarising the count; `errors` has each with its pointer.
StatusOr<AwsDataModel> LoadAwsDataModel(std::string_view json, std::string name,
                                        std::vector<ModelError>* errors);
StatusOr<AwsDataModel> LoadAwsDataModelFile(const std::string& path,
                                            std::vector<ModelError>* errors);

// Capacity units consumed on one table or one of its secondary indexes.
struct AwsIndexUnits {
  std::string table;
  std::string index;  // "" for the table itself
  double units = 0;
};

// A secondary index as DescribeTable gives it after the items are written.
struct AwsIndexResult {
  std::string name;
  bool global = true;  // a GSI (else an LSI)
  int64_t item_count = 0;
  double storage_bytes = 0;     // IndexSizeBytes + 100 B per entry
  double load_write_units = 0;  // measured while writing the items
};

struct AwsTableResult {
  std::string table;
  std::string status;  // "success", "exists" or "error"
  std::string table_arn;
  std::string error;
  int gsi_count = 0;
  // From DescribeTable after the items are written: the table's items, and
  // the bytes stored for it and its secondary indexes, each item or index
  // entry with DynamoDB's 100-byte overhead (what storage is billed on).
  int64_t item_count = 0;
  double storage_bytes = 0;  // the table's and all its indexes'
  // The table's own share of storage_bytes, and the write units the items'
  // BatchWriteItem calls consumed on the table itself (ReturnConsumedCapacity
  // INDEXES); each secondary index's figures are in `indexes`.
  double table_bytes = 0;
  double load_write_units = 0;
  std::vector<AwsIndexResult> indexes;  // GSIs, then LSIs, as described
};

struct AwsItemsResult {
  std::string table;
  std::string status;  // "success" or "error"
  int64_t items_processed = 0;
  int64_t items_total = 0;
  std::string error;
};

struct AwsPatternResult {
  const AwsAccessPattern* pattern = nullptr;
  enum class Outcome { kSuccess, kError, kSkipped } outcome = Outcome::kSkipped;
  std::string response_json;  // the "response" member (kSuccess, kError)
  std::string error_code;     // "ValidationException" (kError)
  std::string error_message;  // the CLI's "An error occurred ..." line
  int http_status = 0;
  int64_t items = 0;  // Items/Responses returned (0 for writes)
  int pages = 0;
  double capacity_units = 0;  // consumed, all pages and tables
  // The same units split by table and index (the run asks for
  // ReturnConsumedCapacity INDEXES; the recorded response keeps only what
  // the command asked for).
  std::vector<AwsIndexUnits> index_units;
  double micros = 0;  // wall time of the requests
};

struct AwsRunReport {
  std::string model_name;
  const AwsDataModel* model = nullptr;  // the model run (it outlives this)
  std::vector<AwsTableResult> tables;
  std::vector<AwsItemsResult> items;
  std::vector<AwsPatternResult> patterns;
  double setup_micros = 0;  // tables and items
  double total_micros = 0;
  int succeeded = 0, failed = 0, skipped = 0;
  // Every table, batch and run pattern succeeded.
  bool ok() const;
};

// REQUIRES: `model` outlives the report (patterns point into it).
StatusOr<AwsRunReport> RunAwsDataModel(const AwsDataModel& model);

// The MCP server's dynamodb_model_validation.json (2-space indent).
std::string FormatAwsValidationResult(const AwsRunReport& report);
// eddy's report: text for people, JSON for programs.
std::string FormatAwsReportText(const AwsRunReport& report);
std::string FormatAwsReportJson(const AwsRunReport& report);

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_AWS_DATA_MODEL_H_
