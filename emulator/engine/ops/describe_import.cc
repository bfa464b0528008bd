// Copyright 2026 The eddy Authors.
//
// DescribeImport and ListImports: the registry's record of imports.

#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<DescribeImportResponse> DescribeImport(
    Context& ctx, TransferRegistry& registry,
    const DescribeImportRequest& request) {
  (void)ctx;
  ValidationErrors errors;
  if (request.import_arn.size() < 37) {
    errors.Add("'" + request.import_arn + "'", "importArn",
               "Member must have length greater than or equal to 37");
  } else if (request.import_arn.size() > 1024) {
    errors.Add("'" + request.import_arn + "'", "importArn",
               "Member must have length less than or equal to 1024");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::optional<TransferRegistry::ImportEntry> e =
      registry.FindImport(request.import_arn);
  if (!e) {
    return Status(ErrorCode::kImportNotFound,
                  "Import not found: " + request.import_arn);
  }
  return DescribeImportResponse{e->description};
}

StatusOr<ListImportsResponse> ListImports(Context& ctx,
                                          TransferRegistry& registry,
                                          const ListImportsRequest& request) {
  (void)ctx;
  ValidationErrors errors;
  if (request.page_size &&
      (*request.page_size < 1 || *request.page_size > 25)) {
    errors.Add("'" + std::to_string(*request.page_size) + "'", "pageSize",
               *request.page_size < 1
                   ? "Member must have value greater than or equal to 1"
                   : "Member must have value less than or equal to 25");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::vector<ImportSummary> all;
  for (const ImportTableDescription& d : registry.Imports()) {
    if (request.table_arn && d.table_arn != *request.table_arn) continue;
    all.push_back({d.import_arn, d.import_status, d.table_arn,
                   d.s3_bucket_source, d.cloud_watch_log_group_arn,
                   d.input_format, d.start_time, d.end_time});
  }
  EDDY_ASSIGN_OR_RETURN(size_t start,
                        PageStart(request.next_token, all.size()));
  const size_t limit = static_cast<size_t>(request.page_size.value_or(25));
  ListImportsResponse response;
  for (size_t i = start; i < all.size() && i < start + limit; ++i) {
    response.import_summary_list.push_back(all[i]);
  }
  if (start + limit < all.size()) {
    response.next_token = std::to_string(start + limit);
  }
  return response;
}

}  // namespace eddy::engine
