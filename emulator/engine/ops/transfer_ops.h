// Copyright 2026 The eddy Authors.
//
// Continuous backups (the PITR setting), export and import: the operations
// (continuous_backups.cc, export_table.cc, describe_export.cc,
// import_table.cc, describe_import.cc) and the Database's record of its
// exports and imports (TransferRegistry, transfer_registry.cc).
//
// Exports and imports run to the end during their call (the files are
// written or read before it returns); their responses say IN_PROGRESS as
// DynamoDB's do, and DescribeExport / DescribeImport then report the final
// state. The files live under Options::export_root (emulator/transfer has
// the formats).
//
// Locking: an export holds its table's lock shared only while it takes
// counted references to the stored records (storage::Retain), then encodes
// and writes without it. An import writes through PutItem (the table's lock
// per item). The registry's mutex is a leaf: it is never held while a table
// lock is taken or files are read or written.

#ifndef EDDY_EMULATOR_ENGINE_OPS_TRANSFER_OPS_H_
#define EDDY_EMULATOR_ENGINE_OPS_TRANSFER_OPS_H_

#include <optional>
#include <string>
#include <vector>

#include "emulator/api/export_import.h"
#include "emulator/base/mutex.h"
#include "emulator/engine/ops/operations.h"

namespace eddy::engine {

class TransferRegistry {
 public:
  struct ExportEntry {
    ExportDescription description;
    std::string fingerprint;  // the request's parameters (ClientToken reuse)
  };
  struct ImportEntry {
    ImportTableDescription description;
    std::string fingerprint;
  };

  // Adds or replaces (same ARN) an entry.
  void PutExport(ExportEntry e);
  void PutImport(ImportEntry e);
  std::optional<ExportEntry> FindExport(const std::string& arn) const;
  std::optional<ImportEntry> FindImport(const std::string& arn) const;
  // The entry started with this ClientToken at most 8 hours before `now`.
  std::optional<ExportEntry> FindExportByToken(const std::string& token,
                                               double now_seconds) const;
  std::optional<ImportEntry> FindImportByToken(const std::string& token,
                                               double now_seconds) const;
  // In start order.
  std::vector<ExportDescription> Exports() const;
  std::vector<ImportTableDescription> Imports() const;

 private:
  mutable Mutex mu_;
  std::vector<ExportEntry> exports_ ABSL_GUARDED_BY(mu_);
  std::vector<ImportEntry> imports_ ABSL_GUARDED_BY(mu_);
};

StatusOr<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
    Context& ctx, const UpdateContinuousBackupsRequest& request);
StatusOr<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
    Context& ctx, const DescribeContinuousBackupsRequest& request);

StatusOr<ExportTableToPointInTimeResponse> ExportTableToPointInTime(
    Context& ctx, TransferRegistry& registry,
    const ExportTableToPointInTimeRequest& request);
StatusOr<DescribeExportResponse> DescribeExport(
    Context& ctx, TransferRegistry& registry,
    const DescribeExportRequest& request);
StatusOr<ListExportsResponse> ListExports(Context& ctx,
                                          TransferRegistry& registry,
                                          const ListExportsRequest& request);

StatusOr<ImportTableResponse> ImportTable(Context& ctx,
                                          TransferRegistry& registry,
                                          const ImportTableRequest& request);
StatusOr<DescribeImportResponse> DescribeImport(
    Context& ctx, TransferRegistry& registry,
    const DescribeImportRequest& request);
StatusOr<ListImportsResponse> ListImports(Context& ctx,
                                          TransferRegistry& registry,
                                          const ListImportsRequest& request);

// Shared by the files above ---------------------------------------------------

// The table a TableName-or-ARN member names (null when none).
std::shared_ptr<Table> FindTableByNameOrArn(Context& ctx,
                                            const std::string& name_or_arn);
// "Table not found: <name or ARN>" (TableNotFoundException; DynamoDB's text
// for ExportTableToPointInTime as recorded by moto's AWS-verified tests,
// used by the other backup operations too).
Status ContinuousBackupsTableNotFound(const std::string& name_or_arn);
// The PITR window on the clock now: earliest and latest restorable times in
// epoch seconds. REQUIRES: the table's PITR on.
struct PitrWindow {
  double earliest = 0;
  double latest = 0;
};
PitrWindow PitrWindowOf(const Table& table, int64_t now_micros)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
// The earliest restorable time in microseconds (not rounded to the second:
// what the data directory must keep the history for): the last
// RecoveryPeriodInDays days, never before PITR was turned on, nor before
// what the journal can still rebuild (Journal::HistoryFloorMicros).
// REQUIRES: the table's PITR on.
int64_t PitrEarliestMicros(const Table& table, int64_t now_micros)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
// The ValidationException for an operation that needs Options::export_root.
Status NoExportRoot(std::string_view operation);
// Page of `items` from `next_token` (a decimal index, "" for the start);
// ValidationException for a token that is not one of ours.
StatusOr<size_t> PageStart(const std::optional<std::string>& next_token,
                           size_t size);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_TRANSFER_OPS_H_
