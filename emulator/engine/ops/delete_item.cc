// Copyright 2026 The eddy Authors.
//
// DeleteItem: removes one item by its full key, and its index entries;
// deleting a missing item succeeds. Charged on the deleted item's size (one
// unit when absent) plus one write per index entry removed.

#include <mutex>

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/item_checks.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/write.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<DeleteItemResponse> DeleteItem(Context& ctx,
                                        const DeleteItemRequest& request) {
  ValidationErrors errors;
  errors.CheckTableName(request.table_name);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckReturnValuesNoneOrAllOld(request.return_values));
  EDDY_RETURN_IF_ERROR(CheckExpressionMaps(
      request.expression_attribute_names, request.expression_attribute_values,
      request.condition_expression.has_value(), "ConditionExpression"));
  EDDY_ASSIGN_OR_RETURN(
      std::optional<expr::ResolvedCondition> condition,
      CompileWriteCondition(request.condition_expression,
                            request.expression_attribute_names,
                            request.expression_attribute_values,
                            request.expected, request.conditional_operator));
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTable(ctx, request.table_name));
  EDDY_ASSIGN_OR_RETURN(StorageKey key,
                        KeyFromKeyParameter(*table, request.key));
  const int64_t now = ctx.options->clock->NowMicros();
  CatchUp(*table, *ctx.options->clock);
  DeleteItemResponse response;
  WriteUnits units;
  storage::RecordPtr old;
  {
    std::unique_lock lock(table->mu);
    const storage::Record* existing = table->store.Find(key.ref());
    std::optional<Item> old_item;
    if (existing != nullptr && (condition || !table->indexes.empty())) {
      old_item = existing->Decode();
    }
    if (Status s = CheckCondition(
            condition, old_item ? &*old_item : nullptr,
            request.return_values_on_condition_check_failure_all_old);
        !s.ok()) {
      return ChargeFailedCondition(*table, key, existing, std::move(s));
    }
    EDDY_ASSIGN_OR_RETURN(WritePlan plan,
                          PlanWrite(*table, key, nullptr, nullptr, existing,
                                    old_item ? &*old_item : nullptr, now));
    EDDY_RETURN_IF_ERROR(AdmitWrite(*table, plan));
    units = plan.units;
    old = ApplyWrite(*table, std::move(plan));
    if (request.return_item_collection_metrics ==
            ReturnItemCollectionMetrics::kSize &&
        table->has_local_indexes) {
      response.item_collection_metrics =
          CollectionMetrics(*table, key, request.key);
    }
  }
  if (old && request.return_values == ReturnValue::kAllOld)
    response.attributes = old->Decode();
  response.consumed_capacity =
      MakeConsumedCapacity(request.return_consumed_capacity, table->name,
                           units.table, units.indexes);
  return response;
}

}  // namespace eddy::engine
