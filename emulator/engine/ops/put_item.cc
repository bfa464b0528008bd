// Copyright 2026 The eddy Authors.
//
// PutItem: replaces the whole item (or creates it) and its index entries.
// Charged on the larger of the old and new item, plus the index writes
// (throughput-model.md §1.3; item_write.h).

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/item_checks.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/resolved_ops.h"
#include "emulator/engine/ops/single_write.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/write.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

namespace {

// The checks of the request alone, before the table is looked up.
Status CheckPutItem(const PutItemRequest& request,
                    std::optional<expr::ResolvedCondition>* condition) {
  ValidationErrors errors;
  errors.CheckDataTableName(request.table_name);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckReturnValuesNoneOrAllOld(request.return_values));
  EDDY_RETURN_IF_ERROR(CheckExpressionMaps(
      request.expression_attribute_names, request.expression_attribute_values,
      request.condition_expression.has_value(), /*condition_name=*/nullptr));
  EDDY_ASSIGN_OR_RETURN(
      *condition,
      CompileWriteCondition(request.condition_expression,
                            request.expression_attribute_names,
                            request.expression_attribute_values,
                            request.expected, request.conditional_operator));
  return CheckItemToWrite(request.item);
}

}  // namespace

StatusOr<PutItemResponse> PutItem(Context& ctx, const PutItemRequest& request) {
  std::optional<expr::ResolvedCondition> condition;
  EDDY_RETURN_IF_ERROR(AsValidationList(CheckPutItem(request, &condition)));
  return RunPutItem(ctx, request, condition ? &*condition : nullptr);
}

StatusOr<PutItemResponse> RunPutItem(Context& ctx,
                                     const PutItemRequest& request,
                                     const expr::ResolvedCondition* condition) {
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTable(ctx, request.table_name));
  EDDY_ASSIGN_OR_RETURN(StorageKey key, KeyFromItem(*table, request.item));

  // Encode before taking the lock; the table is locked only to swap records.
  storage::RecordPtr record =
      storage::MakeRecord(request.item, table->hash_key().name,
                          table->range_key_name(), key.item_size);
  SingleWriteSpec spec;
  spec.key = std::move(key);
  spec.key_item = &request.item;
  spec.known_new_item = &request.item;
  spec.condition = condition;
  spec.return_old_on_condition_failure =
      request.return_values_on_condition_check_failure_all_old;
  spec.return_item_collection_metrics =
      request.return_item_collection_metrics ==
      ReturnItemCollectionMetrics::kSize;
  EDDY_ASSIGN_OR_RETURN(
      SingleWriteResult written,
      CommitSingleWrite(ctx, *table, std::move(spec), [&](const Item*) {
        return StatusOr<WriteDecision>(
            WriteDecision::Put(&request.item, std::move(record)));
      }));

  PutItemResponse response;
  if (written.old_record && request.return_values == ReturnValue::kAllOld) {
    response.attributes = written.old_item ? std::move(written.old_item)
                                           : written.old_record->Decode();
  }
  response.item_collection_metrics = std::move(written.item_collection_metrics);
  response.consumed_capacity =
      MakeConsumedCapacity(request.return_consumed_capacity, table->name(),
                           written.units.table, written.units.indexes);
  return response;
}

}  // namespace eddy::engine
