// Copyright 2026 The eddy Authors.
//
// DynamoDB's PartiQL operations: ExecuteStatement, BatchExecuteStatement and
// ExecuteTransaction. Each statement is planned by emulator/partiql (against
// a SchemaLookup over the catalog) into the typed request(s) DynamoDB would
// run for it, and those run through the operations' own implementations
// (resolved_ops.h, transact_actions.h) with the planner's resolved
// expression trees: capacity, throttling, conditions, the change feed and
// every runtime error are the operations' own.
//
// Each operation comes in two halves so that the Database can match injected
// faults against what a statement turned out to touch (its table and key):
//
//   EDDY_ASSIGN_OR_RETURN(PreparedStatement s, PrepareStatement(ctx, r));
//   // ... a fault for "ExecuteStatement" on s.fault_part() may fail here
//   return RunStatement(ctx, s);
//
// Thread safety: as the operations they run (each takes its tables' locks);
// the prepared values are owned by the caller and used from one thread.

#ifndef EDDY_EMULATOR_ENGINE_OPS_PARTIQL_OPS_H_
#define EDDY_EMULATOR_ENGINE_OPS_PARTIQL_OPS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/api/faults.h"
#include "emulator/api/requests.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/partiql/partiql.h"

namespace eddy::engine {

// --- ExecuteStatement (execute_statement.cc) ---------------------------------

struct PreparedStatement {
  const ExecuteStatementRequest* request = nullptr;  // not owned
  partiql::Plan plan;
  // Where a SELECT resumes (from the NextToken): the index of the Query in
  // plan.queries (0 for a Scan) and the key to start after.
  size_t branch = 0;
  std::optional<Item> exclusive_start_key;
  // Binds a NextToken to the statement and its parameters.
  uint64_t digest = 0;

  // The table and (for single-item plans) key faults are matched against.
  FaultInjector::Part fault_part() const;
};

// Request-model checks, planning, NextToken. Errors: ValidationException
// (model, every planning error, "Invalid NextToken", "NextToken does not
// match request"), ResourceNotFoundException. Tokens do not expire (DynamoDB
// also answers "Given NextToken has already expired"; eddy never does).
StatusOr<PreparedStatement> PrepareStatement(
    Context& ctx, const ExecuteStatementRequest& request);
// Runs the plan: a GetItem, the Queries of the branches in order (Limit
// counts the items evaluated across them; each Query pages at 1 MB on its
// own, and a page ends where a Query returned a LastEvaluatedKey), a Scan,
// or one write. Errors: the operation's
// (ConditionalCheckFailedException with the item on ALL_OLD,
// DuplicateItemException for an INSERT of an existing key, throttling, ...).
StatusOr<ExecuteStatementResponse> RunStatement(Context& ctx,
                                                PreparedStatement& statement);

// --- BatchExecuteStatement (batch_execute_statement.cc) ----------------------

struct PreparedBatch {
  const BatchExecuteStatementRequest* request = nullptr;  // not owned
  // One per statement: its plan, or the error it answers with.
  std::vector<StatusOr<partiql::Plan>> plans;
  bool reads = true;  // all SELECT (else all writes)

  // One per statement: the part faults are matched against (an empty table
  // for a statement that failed to plan).
  std::vector<FaultInjector::Part> fault_parts() const;
};

// Request-model checks, planning of each statement (a statement's own error
// is kept for its response), then the request-wide rules: reads and writes
// not mixed ("Read and write requests together in the same batch is not
// supported."), no item named twice ("Provided list of item keys contains
// duplicates"). Both texts are unconfirmed against DynamoDB.
StatusOr<PreparedBatch> PrepareBatch(
    Context& ctx, const BatchExecuteStatementRequest& request);
// Runs each planned statement on its own; `faults` (empty, or one per
// statement) fail single statements as injected. Never fails as a whole
// once prepared.
StatusOr<BatchExecuteStatementResponse> RunBatch(
    Context& ctx, PreparedBatch& batch,
    const std::vector<std::optional<Status>>& faults);

// --- ExecuteTransaction (execute_transaction.cc) -----------------------------

struct PreparedTransaction {
  const ExecuteTransactionRequest* request = nullptr;  // not owned
  std::vector<partiql::Plan> plans;
  bool reads = false;        // all SELECT (else writes and EXISTS checks)
  uint64_t fingerprint = 0;  // of the statements and parameters

  std::vector<FaultInjector::Part> fault_parts() const;
};

// Request-model checks and planning; a planning error is the call's error
// (ResourceNotFoundException included), prefixed "Validation failed in
// TransactStatements[<i>]: " when it is a ValidationException (unconfirmed).
// Reads and writes are not mixed ("ExecuteTransaction API does not support
// both read and write operations in the same request.").
StatusOr<PreparedTransaction> PrepareTransaction(
    Context& ctx, const ExecuteTransactionRequest& request);
// Runs the statements as one TransactGetItems or TransactWriteItems.
StatusOr<ExecuteTransactionResponse> RunTransaction(
    Context& ctx, PreparedTransaction& transaction);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_PARTIQL_OPS_H_
