// Copyright 2026 The eddy Authors.
//
// DescribeExport and ListExports: the registry's record of exports.

#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<DescribeExportResponse> DescribeExport(
    Context& ctx, TransferRegistry& registry,
    const DescribeExportRequest& request) {
  (void)ctx;
  ValidationErrors errors;
  if (request.export_arn.size() < 37) {
    errors.Add("'" + request.export_arn + "'", "exportArn",
               "Member must have length greater than or equal to 37");
  } else if (request.export_arn.size() > 1024) {
    errors.Add("'" + request.export_arn + "'", "exportArn",
               "Member must have length less than or equal to 1024");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::optional<TransferRegistry::ExportEntry> e =
      registry.FindExport(request.export_arn);
  if (!e) {
    return Status(ErrorCode::kExportNotFound,
                  "Export not found: " + request.export_arn);
  }
  return DescribeExportResponse{e->description};
}

StatusOr<ListExportsResponse> ListExports(Context& ctx,
                                          TransferRegistry& registry,
                                          const ListExportsRequest& request) {
  (void)ctx;
  ValidationErrors errors;
  if (request.max_results &&
      (*request.max_results < 1 || *request.max_results > 25)) {
    errors.Add("'" + std::to_string(*request.max_results) + "'", "maxResults",
               *request.max_results < 1
                   ? "Member must have value greater than or equal to 1"
                   : "Member must have value less than or equal to 25");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::vector<ExportSummary> all;
  for (const ExportDescription& d : registry.Exports()) {
    if (request.table_arn && d.table_arn != *request.table_arn) continue;
    all.push_back({d.export_arn, d.export_status, d.export_type});
  }
  EDDY_ASSIGN_OR_RETURN(size_t start,
                        PageStart(request.next_token, all.size()));
  const size_t limit = static_cast<size_t>(request.max_results.value_or(25));
  ListExportsResponse response;
  for (size_t i = start; i < all.size() && i < start + limit; ++i) {
    response.export_summaries.push_back(all[i]);
  }
  if (start + limit < all.size()) {
    response.next_token = std::to_string(start + limit);
  }
  return response;
}

}  // namespace eddy::engine
