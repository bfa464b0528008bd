// Copyright 2026 The eddy Authors.
//
// DeleteTable: removes the table at once and returns its last description
// with TableStatus DELETING, as DynamoDB does; its stream, if any, is
// disabled.

#include <mutex>

#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/stream_ops.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/journal.h"
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
  std::shared_ptr<Table> table = ctx.catalog->Remove(name);
  if (table == nullptr) return TableNotFound(name, /*describe_form=*/true);
  MutexLock lock(&table->mu());
  table->set_dropped();
  if (Journal* journal = table->definition().journal) {
    journal->AppendDrop(*table);
  }
  RemoveResources(*table);
  const int64_t now = ctx.options->clock->NowMicros();
  TableDescription d = table->Describe(now);
  d.table_status = TableStatus::kDeleting;
  // The stream is disabled with its table (DynamoDB shows it DISABLING for
  // a few seconds) and stays readable for 24 hours.
  DisableTableStream(ctx, *table, now);
  return DeleteTableResponse{std::move(d)};
}

}  // namespace eddy::engine
