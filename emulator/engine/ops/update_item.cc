// Copyright 2026 The eddy Authors.
//
// UpdateItem: edits one item in place, creating it from its key when missing
// (upsert). The UpdateExpression is applied to the stored item under the
// table's write lock, after the ConditionExpression passed; the result must
// keep the key, stay within 400 KB and 32 levels. Charged on the larger of
// the old and new item. ReturnValues takes all five values; UPDATED_* return
// only the touched paths. Without an UpdateExpression the call creates a
// key-only item when none exists and otherwise changes nothing.

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/item_checks.h"
#include "emulator/engine/ops/legacy.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/resolved_ops.h"
#include "emulator/engine/ops/single_write.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/write.h"
#include "emulator/expr/update.h"
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

// An UpdateExpression may not write inside a secondary-index key attribute
// (api-semantics.md §1.5).
Status CheckIndexKeyPaths(const Table& table,
                          const expr::ResolvedUpdate& update)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu()) {
  for (const expr::UpdateAction& action : update.actions) {
    if (action.path.elements.size() < 2) continue;
    const std::string& top = action.path.elements[0].name;
    for (const auto& index : table.state().indexes) {
      if (index->IsKeyAttribute(top)) {
        return Status::Validation(
            "Key attributes must be scalars; list random access '[]' and map "
            "lookup '.' are "
            "not allowed: IndexKey: " +
            top);
      }
    }
  }
  return Status::OK();
}

// Does the update only take away (REMOVE, or DELETE from a set)? On a
// missing item it then has nothing to do.
bool OnlyRemoves(const expr::ResolvedUpdate& update) {
  for (const expr::UpdateAction& action : update.actions) {
    if (action.kind != expr::UpdateAction::Kind::kRemove &&
        action.kind != expr::UpdateAction::Kind::kDelete) {
      return false;
    }
  }
  return true;
}

// The checks of the request alone, before the table is looked up.
Status CheckUpdateItem(const UpdateItemRequest& request,
                       std::optional<expr::ResolvedUpdate>* update_out,
                       std::optional<expr::ResolvedCondition>* condition_out) {
  std::optional<expr::ResolvedUpdate>& update = *update_out;
  std::optional<expr::ResolvedCondition>& condition = *condition_out;
  ValidationErrors errors;
  errors.CheckDataTableName(request.table_name);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckExpressionMaps(
      request.expression_attribute_names, request.expression_attribute_values,
      request.update_expression.has_value() ||
          request.condition_expression.has_value(),
      /*condition_name=*/nullptr));

  std::vector<std::string_view> legacy, expressions;
  if (request.attribute_updates) legacy.push_back("AttributeUpdates");
  if (request.expected) legacy.push_back("Expected");
  if (request.conditional_operator) legacy.push_back("ConditionalOperator");
  if (request.update_expression) expressions.push_back("UpdateExpression");
  if (request.condition_expression)
    expressions.push_back("ConditionExpression");
  EDDY_RETURN_IF_ERROR(CheckNotMixed(legacy, expressions));
  EDDY_RETURN_IF_ERROR(CheckConditionalOperator(
      request.conditional_operator.has_value(),
      request.expected ? std::optional<size_t>(request.expected->size())
                       : std::nullopt));

  if (!legacy.empty()) {
    // The legacy form, compiled to the trees the expressions compile to.
    if (request.attribute_updates && !request.attribute_updates->empty()) {
      EDDY_ASSIGN_OR_RETURN(
          update, CompileAttributeUpdates(*request.attribute_updates));
    }
    EDDY_ASSIGN_OR_RETURN(
        condition,
        CompileWriteCondition(std::nullopt, std::nullopt, std::nullopt,
                              request.expected, request.conditional_operator));
  } else {
    // Expressions in DynamoDB's order: update, then condition; unused
    // placeholders last.
    Placeholders placeholders(request.expression_attribute_names,
                              request.expression_attribute_values);
    if (request.update_expression) {
      EDDY_ASSIGN_OR_RETURN(
          update,
          expr::CompileUpdate(*request.update_expression, placeholders.names(),
                              placeholders.values(), placeholders.usage()));
    }
    EDDY_ASSIGN_OR_RETURN(
        condition, placeholders.Compile(request.condition_expression,
                                        expr::ExpressionKind::kCondition));
    EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  }
  return Status::OK();
}

}  // namespace

StatusOr<UpdateItemResponse> UpdateItem(Context& ctx,
                                        const UpdateItemRequest& request) {
  // The request's own errors in DynamoDB's 2026 list form.
  std::optional<expr::ResolvedUpdate> update;
  std::optional<expr::ResolvedCondition> condition;
  EDDY_RETURN_IF_ERROR(
      AsValidationList(CheckUpdateItem(request, &update, &condition)));
  return RunUpdateItem(ctx, request, update ? &*update : nullptr,
                       condition ? &*condition : nullptr);
}

StatusOr<UpdateItemResponse> RunUpdateItem(
    Context& ctx, const UpdateItemRequest& request,
    const expr::ResolvedUpdate* update,
    const expr::ResolvedCondition* condition) {
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTable(ctx, request.table_name));
  EDDY_ASSIGN_OR_RETURN(StorageKey key,
                        KeyFromKeyParameter(*table, request.key));
  if (update) {
    std::vector<std::string> key_names = {table->hash_key().name};
    if (table->range_key()) key_names.push_back(table->range_key()->name);
    EDDY_RETURN_IF_ERROR(expr::CheckKeyAttributesUntouched(*update, key_names));
  }

  SingleWriteSpec spec;
  spec.key = std::move(key);
  spec.key_item = &request.key;
  spec.condition = condition;
  spec.return_old_on_condition_failure =
      request.return_values_on_condition_check_failure_all_old;
  spec.decode_old = true;
  if (update) {
    spec.check_first = [update](const Table& t) {
      t.AssertReaderHeld();
      return CheckIndexKeyPaths(t, *update);
    };
  }
  spec.return_item_collection_metrics =
      request.return_item_collection_metrics ==
      ReturnItemCollectionMetrics::kSize;
  expr::UpdateOutcome outcome;
  bool changed = false;
  EDDY_ASSIGN_OR_RETURN(
      SingleWriteResult written,
      CommitSingleWrite(
          ctx, *table, std::move(spec),
          [&](const Item* old_item) -> StatusOr<WriteDecision> {
            if (old_item != nullptr && !update) {
              return WriteDecision::NoChange();  // nothing to change
            }
            if (old_item == nullptr && update && OnlyRemoves(*update)) {
              // REMOVE / DELETE of what a missing item does not have:
              // DynamoDB creates nothing.
              return WriteDecision::NoChange();
            }
            if (update) {
              // A new item starts from its key, so that the update sees the
              // key attributes (SET c = pk).
              EDDY_ASSIGN_OR_RETURN(
                  outcome, expr::ApplyUpdate(
                               *update, old_item ? *old_item : request.key));
            }
            // Upsert: the key is always there.
            for (const auto& e : request.key) outcome.item.Set(e.name, e.value);
            if (ItemSizeBytes(outcome.item) > limits::kMaxItemSizeBytes) {
              return Status::Validation(
                  "Item size to update has exceeded the maximum allowed size");
            }
            changed = true;
            return WriteDecision::Put(&outcome.item);
          }));

  UpdateItemResponse response;
  if (!changed) {
    // Nothing written: ALL_OLD and ALL_NEW both show the stored item.
    if (request.return_values == ReturnValue::kAllOld ||
        request.return_values == ReturnValue::kAllNew) {
      response.attributes = std::move(written.old_item);
    }
  } else {
    switch (request.return_values) {
      case ReturnValue::kNone:
        break;
      case ReturnValue::kAllOld:
        response.attributes = std::move(written.old_item);
        break;
      case ReturnValue::kAllNew:
        response.attributes = std::move(outcome.item);
        break;
      case ReturnValue::kUpdatedOld:
        if (!outcome.updated_old.empty())
          response.attributes = std::move(outcome.updated_old);
        break;
      case ReturnValue::kUpdatedNew:
        if (!outcome.updated_new.empty())
          response.attributes = std::move(outcome.updated_new);
        break;
    }
    response.item_collection_metrics =
        std::move(written.item_collection_metrics);
  }
  response.consumed_capacity =
      MakeConsumedCapacity(request.return_consumed_capacity, table->name(),
                           written.units.table, written.units.indexes);
  return response;
}

}  // namespace eddy::engine
