// Copyright 2026 The eddy Authors.
//
// The typed requests and responses of DynamoDB's PartiQL operations:
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, named as
// in the DynamoDB API reference (ExecuteStatementInput ->
// ExecuteStatementRequest, Statement -> statement). They live here until the
// operations are wired into the engine; they will move to
// emulator/api/requests.h then.
//
//   ExecuteStatementRequest request;
//   request.statement = "SELECT * FROM \"Music\" WHERE Artist = ?";
//   request.parameters =
//   std::vector<AttributeValue>{AttributeValue::S("Acme")};
//
// Thread safety: plain value types.

#ifndef EDDY_EMULATOR_PARTIQL_REQUESTS_H_
#define EDDY_EMULATOR_PARTIQL_REQUESTS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/schema.h"

namespace eddy {

// --- ExecuteStatement
// ---------------------------------------------------------

struct ExecuteStatementRequest {
  std::string statement;  // 1..8192 characters
  // Absent, or 1 or more values bound to the `?`s in order.
  std::optional<std::vector<AttributeValue>> parameters;
  bool consistent_read = false;
  std::optional<std::string> next_token;  // 1..32768 characters
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  std::optional<int> limit;  // at least 1: items evaluated per page
  bool return_values_on_condition_check_failure_all_old = false;
};

struct ExecuteStatementResponse {
  // Present even when empty: [] for writes without RETURNING and for reads
  // that match nothing.
  std::vector<Item> items;
  std::optional<std::string> next_token;
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<Item> last_evaluated_key;
};

// --- BatchExecuteStatement
// ----------------------------------------------------

struct BatchStatementRequest {
  std::string statement;
  std::optional<std::vector<AttributeValue>> parameters;
  bool consistent_read = false;
  bool return_values_on_condition_check_failure_all_old = false;
};

struct BatchExecuteStatementRequest {
  std::vector<BatchStatementRequest> statements;  // 1..25
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};

// BatchStatementError.Code.
enum class BatchStatementErrorCode {
  kConditionalCheckFailed,
  kItemCollectionSizeLimitExceeded,
  kRequestLimitExceeded,
  kValidationError,
  kProvisionedThroughputExceeded,
  kTransactionConflict,
  kThrottlingError,
  kInternalServerError,
  kResourceNotFound,
  kAccessDenied,
  kDuplicateItem,
};
// "ConditionalCheckFailed", ..., "DuplicateItem".
std::string_view BatchStatementErrorCodeName(BatchStatementErrorCode code);

struct BatchStatementError {
  BatchStatementErrorCode code = BatchStatementErrorCode::kValidationError;
  std::string message;
  // The item whose condition failed, with ReturnValuesOnConditionCheckFailure
  // ALL_OLD.
  std::optional<Item> item;
};

// One entry per statement, in request order: an error, or the item (a
// SELECT's item; a write's RETURNING item) and the table name.
struct BatchStatementResponse {
  std::optional<BatchStatementError> error;
  std::optional<std::string> table_name;
  std::optional<Item> item;
};

struct BatchExecuteStatementResponse {
  std::vector<BatchStatementResponse> responses;
  std::vector<ConsumedCapacity> consumed_capacity;
};

// --- ExecuteTransaction
// -------------------------------------------------------

struct ParameterizedStatement {
  std::string statement;
  std::optional<std::vector<AttributeValue>> parameters;
  bool return_values_on_condition_check_failure_all_old = false;
};

struct ExecuteTransactionRequest {
  std::vector<ParameterizedStatement> transact_statements;  // 1..100
  std::optional<std::string> client_request_token;          // 1..36
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};

struct ExecuteTransactionResponse {
  // One ItemResponse per statement for a transaction of reads; empty for a
  // transaction of writes (as DynamoDB answers).
  std::vector<ItemResponse> responses;
  std::vector<ConsumedCapacity> consumed_capacity;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_PARTIQL_REQUESTS_H_
