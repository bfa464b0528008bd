// Copyright 2026 The eddy Authors.
//
// GetItem: one item by its full key. A missing item returns no Item and
// still costs one read unit (half when eventually consistent).

#include <mutex>

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/resolved_ops.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<GetItemResponse> GetItem(Context& ctx, const GetItemRequest& request) {
  ValidationErrors errors;
  errors.CheckDataTableName(request.table_name);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckProjectionNames(request.expression_attribute_names,
                                            request.projection_expression));
  static const std::optional<ExpressionAttributeValues> kNoValues;
  Placeholders placeholders(request.expression_attribute_names, kNoValues);
  EDDY_ASSIGN_OR_RETURN(
      std::optional<expr::ResolvedProjection> projection,
      CompileProjection(request.projection_expression,
                        request.attributes_to_get, placeholders));
  EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  return RunGetItem(ctx, request, projection ? &*projection : nullptr);
}

StatusOr<GetItemResponse> RunGetItem(
    Context& ctx, const GetItemRequest& request,
    const expr::ResolvedProjection* projection) {
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTable(ctx, request.table_name));
  EDDY_ASSIGN_OR_RETURN(StorageKey key,
                        KeyFromKeyParameter(*table, request.key));
  CatchUp(*table, *ctx.options->clock);
  GetItemResponse response;
  int64_t size = 0;
  {
    ReaderMutexLock lock(&table->mu());
    const storage::Record* r = table->state().store.Find(key.ref());
    if (r != nullptr) size = r->item_size();
    // Admitted before anything is returned; a throttled read consumes
    // nothing.
    EDDY_RETURN_IF_ERROR(AdmitRead(
        *table, key, capacity::ReadHalfUnits(size, request.consistent_read),
        !request.consistent_read));
    if (r != nullptr) {
      response.item =
          projection ? expr::Project(*projection, r->Decode()) : r->Decode();
    }
  }
  response.consumed_capacity = MakeConsumedCapacity(
      request.return_consumed_capacity, table->name(),
      capacity::ReadHalfUnits(size, request.consistent_read), 0);
  return response;
}

}  // namespace eddy::engine
