// Copyright 2026 The eddy Authors.
//
// Execute: DynamoDB's JSON API over a typed Database. `operation` is the name
// after "DynamoDB_20120810." in X-Amz-Target; `request_json` is the request
// body exactly as an SDK sends it; the result is the body DynamoDB would
// answer with, its HTTP status and the ErrorCode (kOk on success).
//
//   eddy::Database db;
//   eddy::WireResponse r = eddy::Execute(db, "PutItem",
//       R"({"TableName":"t","Item":{"pk":{"S":"a"}}})");
//   // r.http_status == 200, r.body == "{}"
//
// Contract
// - Operations: CreateTable, DescribeTable, ListTables, DeleteTable,
//   UpdateTable, PutItem, GetItem, DeleteItem, UpdateItem, Query, Scan,
//   BatchGetItem, BatchWriteItem, TransactWriteItems, TransactGetItems,
//   UpdateTimeToLive, DescribeTimeToLive, TagResource, UntagResource,
//   ListTagsOfResource, DescribeLimits, DescribeEndpoints,
//   DescribeContributorInsights, UpdateContributorInsights,
//   ListContributorInsights, ExecuteStatement, BatchExecuteStatement,
//   ExecuteTransaction (PartiQL); and eddy's own EddyInjectFault /
//   EddyClearFaults (fault injection, emulator/api/faults.h),
//   EddyAdvanceClock (moves a ManualClock) and EddySplitPartition (splits a
//   table's partition now, for tests of stream consumers: {"TableName": "t",
//   "PartitionId": 0}; without PartitionId the first live partition; the
//   answer lists the live partitions); their wire shapes are in
//   emulator/wire/ops/admin.cc and ops/streams.cc. Any other name is an
//   UnknownOperationException (400): with no message, as DynamoDB sends it,
//   except for a DynamoDB operation eddy does not serve ("eddy does not
//   implement the DynamoDB operation CreateGlobalTable yet").
// - Checks come in DynamoDB's order: a body that is not JSON, not UTF-8 or
//   not an object is a SerializationException with no message (DynamoDB
//   quotes nothing of it); then a member of the wrong JSON type anywhere in
//   the request is a SerializationException in the deserializer's words
//   (the first in the body wins; wire/internal/serialization_errors.cc); then
//   the request-model errors (missing required members, bad enum strings) in
//   the generic "N validation error(s) detected: ..." form; then value and
//   placeholder errors; then whatever the Database reports.
// - The body is read once by a streaming reader straight into the typed
//   request; no document of it is built. A hostile 17 MB body (deep nesting,
//   millions of elements) costs at most a few times its size in memory;
//   lists DynamoDB bounds (TransactItems, BatchWriteItem writes, BatchGetItem
//   keys, KeySchema) are kept up to one element past the bound.
// - Answers are always valid UTF-8 JSON: bytes that are not UTF-8 in any
//   string written (an item stored through the typed API, a message) are
//   replaced by U+FFFD.
// - Unknown members are ignored, as DynamoDB does. The legacy parameters
//   (Expected, AttributeUpdates, KeyConditions, QueryFilter, ScanFilter,
//   AttributesToGet, ConditionalOperator) are decoded like the rest; table
//   features eddy does not model (SSESpecification, ReplicaUpdates) are
//   rejected with a ValidationException saying so.
// - Error bodies are {"__type": <wire type>, "message": ...} ("Message" for
//   SerializationException and TransactionCanceledException), plus "Item",
//   "CancellationReasons" or "ThrottlingReasons" when the Status carries them.
// - Never throws and never crashes on any input (deep nesting, NUL bytes,
//   truncated bodies, invalid UTF-8); no input answers with a status >= 500
//   (tests/wire/execute_property_test.cc).
//
// Thread safety: as safe as the Database; Execute keeps no state.

#ifndef EDDY_EMULATOR_WIRE_EXECUTE_H_
#define EDDY_EMULATOR_WIRE_EXECUTE_H_

#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/base/error_code.h"

namespace eddy {

struct WireResponse {
  int http_status = 200;
  std::string body;  // JSON
  ErrorCode error = ErrorCode::kOk;
};

WireResponse Execute(Database& db, std::string_view operation,
                     std::string_view request_json);
// The same for a request that reached eddy at `host` (eddy-server passes the
// request's Host header, "localhost:8000"): DescribeEndpoints answers that
// address, so an SDK's endpoint discovery keeps talking to eddy. An empty
// host is the form above.
WireResponse ExecuteForHost(Database& db, std::string_view operation,
                            std::string_view request_json,
                            std::string_view host);

// The target prefixes of the two services eddy serves.
inline constexpr std::string_view kDynamoDBService = "DynamoDB_20120810";
inline constexpr std::string_view kStreamsService = "DynamoDBStreams_20120810";

// DynamoDB Streams' JSON API (the DynamoDBStreams_20120810 target):
// ListStreams, DescribeStream, GetShardIterator, GetRecords; any other
// name is an UnknownOperationException.
WireResponse ExecuteStreams(Database& db, std::string_view operation,
                            std::string_view request_json);

// Either service by its target prefix (the part of X-Amz-Target before the
// dot): Execute(db, "DynamoDBStreams_20120810", "GetRecords", body). An
// unknown service is an UnknownOperationException.
WireResponse Execute(Database& db, std::string_view service,
                     std::string_view operation, std::string_view request_json);

// The JSON error body DynamoDB sends for `status`. REQUIRES: !status.ok().
std::string ErrorBodyJson(const Status& status);

// One request in eddy's envelope, {"op":"PutItem","request":{...}} (the line
// format of `eddy exec` and of the wire golden files). An envelope that is
// not JSON is a SerializationException (no message); one without a string
// "op" is a ValidationException; a missing or null "request" is taken as {}.
WireResponse ExecuteEnvelope(Database& db, std::string_view envelope_json);

}  // namespace eddy

#endif  // EDDY_EMULATOR_WIRE_EXECUTE_H_
