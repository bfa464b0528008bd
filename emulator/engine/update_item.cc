// Copyright 2026 The eddy Authors.
//
// UpdateItem: edits one item in place, creating it from its key when missing
// (upsert). Charged on the larger of the old and new item. ReturnValues
// accepts all five values.
//
// The UpdateExpression language plugs in through emulator/expr; without an
// expression the call creates a key-only item when none exists and otherwise
// leaves the item unchanged, as DynamoDB does.

#include <mutex>

#include "emulator/capacity/units.h"
#include "emulator/engine/item_checks.h"
#include "emulator/engine/keys.h"
#include "emulator/engine/operations.h"
#include "emulator/engine/request_validation.h"

namespace eddy::engine {

StatusOr<UpdateItemResponse> UpdateItem(Context& ctx, const UpdateItemRequest& request) {
  ValidationErrors errors;
  errors.CheckTableName(request.table_name);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckExpressionMaps(
      request.expression_attribute_names, request.expression_attribute_values,
      request.update_expression.has_value() || request.condition_expression.has_value(),
      "UpdateExpression"));
  EDDY_RETURN_IF_ERROR(RejectUnsupported(request.update_expression, "UpdateExpression"));
  EDDY_RETURN_IF_ERROR(RejectUnsupported(request.condition_expression, "ConditionExpression"));
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table, FindTable(ctx, request.table_name));
  EDDY_ASSIGN_OR_RETURN(StorageKey key, KeyFromKeyParameter(*table, request.key));

  UpdateItemResponse response;
  int64_t charged = 0;
  {
    std::unique_lock lock(table->mu);
    const storage::Record* existing = table->store.Find(key.ref());
    if (existing != nullptr) {
      charged = existing->item_size();
      if (request.return_values == ReturnValue::kAllOld ||
          request.return_values == ReturnValue::kAllNew) {
        response.attributes = existing->Decode();
      }
    } else {
      // Upsert: the new item is the key.
      storage::RecordPtr record =
          storage::MakeRecord(request.key, table->hash_key.name, table->range_key_name());
      charged = record->item_size();
      Item created = request.key;
      table->store.Put(std::move(record));
      if (request.return_values == ReturnValue::kAllNew) response.attributes = std::move(created);
    }
  }
  response.consumed_capacity = MakeConsumedCapacity(request.return_consumed_capacity,
                                                    table->name, 0,
                                                    capacity::WriteHalfUnits(charged));
  return response;
}

}  // namespace eddy::engine
