// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/single_write.h"

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/table/admission.h"

namespace eddy::engine {

StatusOr<SingleWriteResult> CommitSingleWrite(Context& ctx, Table& table,
                                              SingleWriteSpec spec,
                                              WriteDecider decide) {
  const int64_t now = ctx.options->clock->NowMicros();
  CatchUp(table, *ctx.options->clock);
  SingleWriteResult result;
  MutexLock lock(&table.mu());
  if (spec.check_first) EDDY_RETURN_IF_ERROR(spec.check_first(table));
  IndexKeyValues index_keys;
  if (spec.known_new_item != nullptr) {
    EDDY_RETURN_IF_ERROR(
        CheckIndexKeys(table, *spec.known_new_item, &index_keys));
  }
  const TableState& state = table.state();
  const storage::Record* existing = state.store.Find(spec.key.ref());
  const bool has_condition = spec.condition != nullptr;
  if (existing != nullptr &&
      (spec.decode_old || has_condition || !state.indexes.empty())) {
    result.old_item = existing->Decode();
  }
  const Item* old_item = result.old_item ? &*result.old_item : nullptr;
  if (has_condition) {
    if (Status s = CheckCondition(spec.condition, old_item,
                                  spec.return_old_on_condition_failure);
        !s.ok()) {
      return ChargeFailedCondition(table, spec.key, existing, std::move(s));
    }
  }
  EDDY_ASSIGN_OR_RETURN(WriteDecision decision, decide(old_item));
  if (decision.kind == WriteDecision::Kind::kNoChange) {
    // Nothing stored changes; charged as a write of the item.
    result.units.table =
        capacity::WriteHalfUnits(existing ? existing->item_size() : 0);
    EDDY_RETURN_IF_ERROR(AdmitCharge(table, spec.key, result.units.table));
    return result;
  }

  const Item* new_item = nullptr;
  if (decision.kind == WriteDecision::Kind::kPut) {
    new_item = decision.item;
    if (new_item != spec.known_new_item) {
      // Only UpdateItem decides an item not known before (its update's
      // result).
      EDDY_RETURN_IF_ERROR(CheckIndexKeys(table, *new_item, &index_keys,
                                          IndexKeySource::kUpdate));
    }
    if (!decision.record) {
      decision.record = storage::MakeRecord(*new_item, table.hash_key().name,
                                            table.range_key_name());
    }
  }
  EDDY_ASSIGN_OR_RETURN(
      WritePlan plan,
      PlanWrite(table, spec.key, new_item, std::move(decision.record), existing,
                old_item, now, new_item ? &index_keys : nullptr));
  EDDY_RETURN_IF_ERROR(AdmitWrite(table, plan));
  result.units = plan.units;
  Commit commit(ChangeOrigin::kUser, now);
  result.old_record = commit.Apply(table, std::move(plan));
  commit.Publish();
  if (spec.return_item_collection_metrics && table.has_local_indexes()) {
    result.item_collection_metrics =
        CollectionMetrics(table, spec.key, *spec.key_item);
  }
  return result;
}

}  // namespace eddy::engine
