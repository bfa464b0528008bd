// Copyright 2026 The eddy Authors.
//
// DescribeTable and ListTables.

#include <algorithm>
#include <iterator>
#include <mutex>

#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<DescribeTableResponse> DescribeTable(
    Context& ctx, const DescribeTableRequest& request) {
  ValidationErrors errors;
  // A table ARN is accepted too (DynamoDB answers for it under the name).
  if (request.table_name.starts_with("arn:")) {
    errors.CheckDataTableName(request.table_name);
  } else {
    errors.CheckTableName(request.table_name);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(std::string name,
                        ResolveTableName(ctx, request.table_name));
  std::shared_ptr<Table> table = ctx.catalog->Find(name);
  const int64_t now = ctx.options->clock->NowMicros();
  if (table == nullptr) {
    // A table DeleteTable removed is DELETING for its window.
    if (auto deleting = ctx.catalog->deleting().Find(name, now)) {
      return DescribeTableResponse{std::move(*deleting)};
    }
    return TableNotFound(name, /*describe_form=*/true);
  }
  CatchUp(*table, *ctx.options->clock);
  ReaderMutexLock lock(&table->mu());
  return DescribeTableResponse{table->Describe(now)};
}

StatusOr<ListTablesResponse> ListTables(Context& ctx,
                                        const ListTablesRequest& request) {
  ValidationErrors errors;
  if (request.exclusive_start_table_name) {
    errors.CheckTableName(*request.exclusive_start_table_name,
                          "exclusiveStartTableName");
  }
  if (request.limit && *request.limit < 1) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  } else if (request.limit && *request.limit > 100) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value less than or equal to 100");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  // Sorted; a table being deleted is listed until it is gone (DynamoDB's
  // DELETING tables exist until deleted; dynalite, checked against
  // DynamoDB, lists them).
  std::vector<std::string> names = ctx.catalog->Names();
  std::vector<std::string> deleting =
      ctx.catalog->deleting().Names(ctx.options->clock->NowMicros());
  if (!deleting.empty()) {
    std::vector<std::string> all;
    std::set_union(names.begin(), names.end(), deleting.begin(), deleting.end(),
                   std::back_inserter(all));
    names = std::move(all);
  }
  auto it = names.begin();
  if (request.exclusive_start_table_name) {
    it = std::upper_bound(names.begin(), names.end(),
                          *request.exclusive_start_table_name);
  }
  const size_t limit = static_cast<size_t>(request.limit.value_or(100));
  ListTablesResponse response;
  for (; it != names.end() && response.table_names.size() < limit; ++it) {
    response.table_names.push_back(*it);
  }
  if (it != names.end() && !response.table_names.empty()) {
    response.last_evaluated_table_name = response.table_names.back();
  }
  return response;
}

}  // namespace eddy::engine
