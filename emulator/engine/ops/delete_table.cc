// Copyright 2026 The eddy Authors.
//
// DeleteTable: removes the table at once and returns its last description
// with TableStatus DELETING, as DynamoDB does; its stream, if any, is
// disabled. With a deletion window (Options::transient_statuses)
// DescribeTable keeps answering DELETING until it ends (table/lifecycle.h).
// A table with point-in-time recovery on leaves a SYSTEM backup
// ("<name>$DeletedTableBackup", kept 35 days) through
// Context::keep_deleted_table.

#include <mutex>

#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/stream_ops.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/journal.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<DeleteTableResponse> DeleteTable(Context& ctx,
                                          const DeleteTableRequest& request) {
  ValidationErrors errors;
  // A table ARN is accepted too (DescribeTable's rule).
  if (request.table_name.starts_with("arn:")) {
    errors.CheckDataTableName(request.table_name);
  } else {
    errors.CheckTableName(request.table_name);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(std::string name,
                        ResolveTableName(ctx, request.table_name));
  const int64_t now = ctx.options->clock->NowMicros();
  // DELETING already: DynamoDB returns no error (table/lifecycle.h).
  if (auto deleting = ctx.catalog->deleting().Find(name, now)) {
    return DeleteTableResponse{std::move(*deleting)};
  }
  std::shared_ptr<Table> found = ctx.catalog->Find(name);
  if (found == nullptr) return TableNotFound(name, /*describe_form=*/true);
  // CREATING or UPDATING: ResourceInUseException.
  EDDY_RETURN_IF_ERROR(CheckChangeable(*found, now));
  EDDY_RETURN_IF_ERROR(CheckTableOperationQuota(ctx, now));
  std::shared_ptr<Table> table = ctx.catalog->Remove(name);
  if (table == nullptr) return TableNotFound(name, /*describe_form=*/true);
  MutexLock lock(&table->mu());
  table->set_dropped();
  // PITR on: DynamoDB keeps a SYSTEM backup of the table as it was just
  // before the deletion. Made before the drop is logged, so a crash between
  // the two leaves the table and its backup, never neither.
  Status kept = Status::OK();
  if (table->state().pitr_enabled && ctx.keep_deleted_table) {
    kept = ctx.keep_deleted_table(*table, now);
  }
  if (Journal* journal = table->definition().journal) {
    journal->AppendDrop(*table);
  }
  RemoveResources(*table);
  TableDescription d = table->Describe(now);
  d.table_status = TableStatus::kDeleting;
  // DescribeTable answers DELETING for the deletion window.
  const int64_t window =
      table->definition().transient_statuses.delete_table_micros;
  if (window > 0) ctx.catalog->deleting().Add(d, now + window);
  // The stream is disabled with its table (DynamoDB shows it DISABLING for
  // a few seconds) and stays readable for 24 hours.
  DisableTableStream(ctx, *table, now);
  if (!kept.ok()) return kept;  // deleted, but its backup could not be kept
  return DeleteTableResponse{std::move(d)};
}

}  // namespace eddy::engine
