// Copyright 2026 The eddy Authors.
//
// The machinery of TransactWriteItems and TransactGetItems after their
// expressions are compiled, shared with ExecuteTransaction (PartiQL), whose
// statements become the same actions: the public operations compile each
// action's expressions from its strings, ExecuteTransaction hands in the
// trees its planner resolved, and both run here — the same table lookup,
// key checks, duplicate-item check, idempotency, locks, conditions,
// cancellation reasons, admission, commit and capacity.
//
//   std::vector<WriteAction> actions = ...;  // one per TransactItem
//   TransactWriteOptions options{.return_consumed_capacity = ...};
//   StatusOr<TransactWriteItemsResponse> r =
//       RunTransactWrite(ctx, actions, options);
//
// Thread safety: as the public operations (the tables are locked through
// TableLocks in name order).

#ifndef EDDY_EMULATOR_ENGINE_OPS_TRANSACT_ACTIONS_H_
#define EDDY_EMULATOR_ENGINE_OPS_TRANSACT_ACTIONS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/table.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/update.h"

namespace eddy::engine {

// One write action of a transaction, its expressions resolved.
struct WriteAction {
  enum class Kind { kConditionCheck, kPut, kDelete, kUpdate };
  Kind kind = Kind::kConditionCheck;
  // REQUIRES: alive while the action runs (they point into the request or
  // the plan).
  const std::string* table_name = nullptr;
  const Item* key_parameter = nullptr;  // Key (or Put's Item)
  const Item* put_item = nullptr;       // kPut
  std::shared_ptr<const expr::ResolvedCondition> condition;  // may be null
  std::shared_ptr<const expr::ResolvedUpdate> update;        // kUpdate
  bool return_old_on_failure = false;
  // A PartiQL INSERT: a failed condition (the key exists) is reported as
  // the DuplicateItem reason ("Duplicate primary key exists in table").
  bool insert = false;

  // Filled by RunTransactWrite.
  std::shared_ptr<Table> table;
  StorageKey key;
  Item key_item;  // the key attributes
  // A key that does not fit the table's schema: DynamoDB reports it as the
  // action's ValidationError reason, not as a top-level error.
  std::optional<std::string> key_error;
};

struct TransactWriteOptions {
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  // ClientRequestToken, or null; `fingerprint` identifies the request's
  // parameters for it (TransactionTokens).
  const std::string* client_request_token = nullptr;
  uint64_t fingerprint = 0;
};

// Runs compiled write actions as one transaction, after the request's own
// checks: tables and keys (ResourceNotFoundException, key errors), no item
// named twice, the 4 MB payload, the token (replays return what the first
// call read, charged as reads), then every action under exclusive locks.
// Errors: the top-level ValidationExceptions above,
// TransactionCanceledException with one reason per action (in order),
// IdempotentParameterMismatchException, TransactionInProgressException.
StatusOr<TransactWriteItemsResponse> RunTransactWrite(
    Context& ctx, std::vector<WriteAction>& actions,
    const TransactWriteOptions& options);

// One get of a TransactGetItems, its projection resolved.
struct GetAction {
  const std::string* table_name = nullptr;  // alive while it runs
  const Item* key = nullptr;
  std::shared_ptr<const expr::ResolvedProjection> projection;  // may be null
};

// Reads the items as of one moment (shared locks on every table), each
// charged as a transactional read. Errors: ResourceNotFoundException, the
// top-level key errors, "Transaction request cannot include multiple
// operations on one item", TransactionCanceledException (a key that does not
// match the schema, throttling).
StatusOr<TransactGetItemsResponse> RunTransactGet(
    Context& ctx, const std::vector<GetAction>& gets,
    ReturnConsumedCapacity return_consumed_capacity);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_TRANSACT_ACTIONS_H_
