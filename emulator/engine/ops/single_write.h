// Copyright 2026 The eddy Authors.
//
// The locked tail of every single-item write (PutItem, DeleteItem,
// UpdateItem), written once: under the table's exclusive lock it reads the
// stored item, checks the ConditionExpression (a failed one is still
// charged), lets the operation decide the new item, checks its index keys,
// plans, admits (throttling), commits (table, indexes, change feed) and
// reports ItemCollectionMetrics. Everything before (request validation,
// expressions, the key) and after (ReturnValues, ConsumedCapacity) stays in
// the operation's own file.
//
//   SingleWriteSpec spec{.key = key, .key_item = &request.key,
//                        .condition = condition, ...};
//   EDDY_ASSIGN_OR_RETURN(SingleWriteResult r, CommitSingleWrite(ctx, *table,
//       spec, [&](const Item* old_item) -> StatusOr<WriteDecision> {
//         return WriteDecision::Delete();
//       }));
//
// Thread safety: takes the table's lock; REQUIRES it not held.

#ifndef EDDY_EMULATOR_ENGINE_OPS_SINGLE_WRITE_H_
#define EDDY_EMULATOR_ENGINE_OPS_SINGLE_WRITE_H_

#include <cstdint>
#include <functional>
#include <optional>

#include "absl/functional/function_ref.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/table.h"
#include "emulator/engine/table/write.h"
#include "emulator/expr/resolve.h"
#include "emulator/storage/record.h"

namespace eddy::engine {

// What the operation makes of the stored item.
struct WriteDecision {
  enum class Kind {
    kPut,       // store `item` (replacing the stored one, if any)
    kDelete,    // remove the stored item (a missing one costs 1 WCU)
    kNoChange,  // store nothing; charged as a write of the stored item
                // (1 WCU when there is none)
  };
  Kind kind = Kind::kNoChange;
  // kPut: the new item, alive until CommitSingleWrite returns, and its
  // record when the caller made it already (else made here).
  const Item* item = nullptr;
  storage::RecordPtr record;

  static WriteDecision Put(const Item* item, storage::RecordPtr record = {}) {
    WriteDecision d;
    d.kind = Kind::kPut;
    d.item = item;
    d.record = std::move(record);
    return d;
  }
  static WriteDecision Delete() {
    WriteDecision d;
    d.kind = Kind::kDelete;
    return d;
  }
  static WriteDecision NoChange() { return WriteDecision(); }
};

struct SingleWriteSpec {
  StorageKey key;
  // The request's key attributes (for ItemCollectionMetrics).
  const Item* key_item = nullptr;
  const expr::ResolvedCondition* condition = nullptr;  // null: none
  // PutItem: the new item, known before the stored one is read. Its index
  // keys are then checked before the condition (DynamoDB's order); the
  // decider must return it.
  const Item* known_new_item = nullptr;
  // Request checks that need the table's current definition (its indexes),
  // run under the lock before the stored item is read; may be empty.
  std::function<Status(const Table&)> check_first;
  // ReturnValuesOnConditionCheckFailure ALL_OLD.
  bool return_old_on_condition_failure = false;
  // The decider needs the stored item decoded even without a condition or
  // indexes (UpdateItem applies its update to it).
  bool decode_old = false;
  bool return_item_collection_metrics = false;
};

struct SingleWriteResult {
  WriteUnits units;
  // The stored item before the write, decoded when it was needed (a
  // condition, indexes, decode_old).
  std::optional<Item> old_item;
  // The replaced record (null when there was none, or for kNoChange).
  storage::RecordPtr old_record;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

// Called under the table's exclusive lock (it may assert it, see
// Table::AssertHeld) with the stored item (null when missing).
using WriteDecider =
    absl::FunctionRef<StatusOr<WriteDecision>(const Item* old_item)>;

// Errors: ConditionalCheckFailedException (charged), whatever `decide`
// returns, the index-key ValidationExceptions, the item-collection limit,
// throttling.
StatusOr<SingleWriteResult> CommitSingleWrite(Context& ctx, Table& table,
                                              SingleWriteSpec spec,
                                              WriteDecider decide)
    ABSL_LOCKS_EXCLUDED(table.mu());

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_SINGLE_WRITE_H_
