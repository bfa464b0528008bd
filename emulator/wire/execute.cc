// Copyright 2026 The eddy Authors.
//
// Execute: read the body (ObjectReader::ParseBody checks it and notes its
// members; nothing is decoded before a codec asks), dispatch to the
// operation's codec (ops/*.cc), and turn an error Status into DynamoDB's
// error body.

#include "emulator/wire/execute.h"

#include <array>
#include <utility>

#include "emulator/wire/internal/json_writer.h"
#include "emulator/wire/ops/ops.h"

namespace eddy {
namespace {

using wire_internal::JsonReader;
using wire_internal::JsonType;
using wire_internal::JsonValue;
using wire_internal::JsonWriter;
using wire_internal::ObjectReader;
using wire_internal::OpFunction;
using wire_internal::RequestErrors;

constexpr std::array<std::pair<std::string_view, OpFunction>, 46> kOperations =
    {{
        {"BatchExecuteStatement", wire_internal::BatchExecuteStatementOp},
        {"BatchGetItem", wire_internal::BatchGetItemOp},
        {"BatchWriteItem", wire_internal::BatchWriteItemOp},
        {"CreateBackup", wire_internal::CreateBackupOp},
        {"CreateTable", wire_internal::CreateTableOp},
        {"DeleteBackup", wire_internal::DeleteBackupOp},
        {"DeleteItem", wire_internal::DeleteItemOp},
        {"DeleteTable", wire_internal::DeleteTableOp},
        {"DescribeBackup", wire_internal::DescribeBackupOp},
        {"DescribeContinuousBackups",
         wire_internal::DescribeContinuousBackupsOp},
        {"DescribeContributorInsights",
         wire_internal::DescribeContributorInsightsOp},
        {"DescribeEndpoints", wire_internal::DescribeEndpointsOp},
        {"DescribeExport", wire_internal::DescribeExportOp},
        {"DescribeImport", wire_internal::DescribeImportOp},
        {"DescribeLimits", wire_internal::DescribeLimitsOp},
        {"DescribeTable", wire_internal::DescribeTableOp},
        {"DescribeTimeToLive", wire_internal::DescribeTimeToLiveOp},
        {"EddyAdvanceClock", wire_internal::EddyAdvanceClockOp},
        {"EddyClearFaults", wire_internal::EddyClearFaultsOp},
        {"EddyInjectFault", wire_internal::EddyInjectFaultOp},
        {"EddySplitPartition", wire_internal::EddySplitPartitionOp},
        {"ExecuteStatement", wire_internal::ExecuteStatementOp},
        {"ExecuteTransaction", wire_internal::ExecuteTransactionOp},
        {"ExportTableToPointInTime", wire_internal::ExportTableToPointInTimeOp},
        {"GetItem", wire_internal::GetItemOp},
        {"ImportTable", wire_internal::ImportTableOp},
        {"ListBackups", wire_internal::ListBackupsOp},
        {"ListContributorInsights", wire_internal::ListContributorInsightsOp},
        {"ListExports", wire_internal::ListExportsOp},
        {"ListImports", wire_internal::ListImportsOp},
        {"ListTables", wire_internal::ListTablesOp},
        {"ListTagsOfResource", wire_internal::ListTagsOfResourceOp},
        {"PutItem", wire_internal::PutItemOp},
        {"Query", wire_internal::QueryOp},
        {"RestoreTableFromBackup", wire_internal::RestoreTableFromBackupOp},
        {"RestoreTableToPointInTime",
         wire_internal::RestoreTableToPointInTimeOp},
        {"Scan", wire_internal::ScanOp},
        {"TagResource", wire_internal::TagResourceOp},
        {"TransactGetItems", wire_internal::TransactGetItemsOp},
        {"TransactWriteItems", wire_internal::TransactWriteItemsOp},
        {"UntagResource", wire_internal::UntagResourceOp},
        {"UpdateContinuousBackups", wire_internal::UpdateContinuousBackupsOp},
        {"UpdateContributorInsights",
         wire_internal::UpdateContributorInsightsOp},
        {"UpdateItem", wire_internal::UpdateItemOp},
        {"UpdateTable", wire_internal::UpdateTableOp},
        {"UpdateTimeToLive", wire_internal::UpdateTimeToLiveOp},
    }};

// The DynamoDBStreams_20120810 target's operations.
constexpr std::array<std::pair<std::string_view, OpFunction>, 4>
    kStreamsOperations = {{
        {"DescribeStream", wire_internal::DescribeStreamOp},
        {"GetRecords", wire_internal::GetRecordsOp},
        {"GetShardIterator", wire_internal::GetShardIteratorOp},
        {"ListStreams", wire_internal::ListStreamsOp},
    }};

WireResponse ErrorResponse(const Status& status) {
  WireResponse r;
  r.error = status.code();
  r.http_status = ErrorCodeHttpStatus(status.code());
  r.body = ErrorBodyJson(status);
  return r;
}

template <size_t N>
OpFunction FindIn(
    const std::array<std::pair<std::string_view, OpFunction>, N>& table,
    std::string_view operation) {
  for (const auto& [name, fn] : table) {
    if (name == operation) return fn;
  }
  return nullptr;
}

OpFunction FindOperation(std::string_view operation) {
  return FindIn(kOperations, operation);
}

// Every operation of DynamoDB's API (the API reference's list, 2026), served
// by eddy or not.
constexpr std::string_view kDynamoDbOperations[] = {
    "BatchExecuteStatement",
    "BatchGetItem",
    "BatchWriteItem",
    "CreateBackup",
    "CreateGlobalTable",
    "CreateTable",
    "DeleteBackup",
    "DeleteItem",
    "DeleteResourcePolicy",
    "DeleteTable",
    "DescribeBackup",
    "DescribeContinuousBackups",
    "DescribeContributorInsights",
    "DescribeEndpoints",
    "DescribeExport",
    "DescribeGlobalTable",
    "DescribeGlobalTableSettings",
    "DescribeImport",
    "DescribeKinesisStreamingDestination",
    "DescribeLimits",
    "DescribeTable",
    "DescribeTableReplicaAutoScaling",
    "DescribeTimeToLive",
    "DisableKinesisStreamingDestination",
    "EnableKinesisStreamingDestination",
    "ExecuteStatement",
    "ExecuteTransaction",
    "ExportTableToPointInTime",
    "GetItem",
    "GetResourcePolicy",
    "ImportTable",
    "ListBackups",
    "ListContributorInsights",
    "ListExports",
    "ListGlobalTables",
    "ListImports",
    "ListTables",
    "ListTagsOfResource",
    "PutItem",
    "PutResourcePolicy",
    "Query",
    "RestoreTableFromBackup",
    "RestoreTableToPointInTime",
    "Scan",
    "TagResource",
    "TransactGetItems",
    "TransactWriteItems",
    "UntagResource",
    "UpdateContinuousBackups",
    "UpdateContributorInsights",
    "UpdateGlobalTable",
    "UpdateGlobalTableSettings",
    "UpdateItem",
    "UpdateKinesisStreamingDestination",
    "UpdateTable",
    "UpdateTableReplicaAutoScaling",
    "UpdateTimeToLive"};

// DynamoDB answers an unknown target before it reads the body, and with no
// message at all; so does eddy for a name that is no DynamoDB operation. A
// DynamoDB operation eddy does not serve gets a message saying so, which is
// what a user reading the AWS CLI's or an SDK's error needs.
Status UnknownOperation(std::string_view operation) {
  for (std::string_view known : kDynamoDbOperations) {
    if (known == operation) {
      return Status(ErrorCode::kUnknownOperation,
                    "eddy does not implement the DynamoDB operation " +
                        std::string(operation) + " yet");
    }
  }
  return Status(ErrorCode::kUnknownOperation, "");
}
// On the DynamoDB Streams target (eddy serves all four of its operations)
// and for an unknown service: DynamoDB's empty answer.
Status UnknownOperation() { return Status(ErrorCode::kUnknownOperation, ""); }

WireResponse Run(Database& db, OpFunction op, std::string_view body) {
  RequestErrors errors;
  ObjectReader reader;
  if (Status s = ObjectReader::ParseBody(body, &errors, &reader); !s.ok()) {
    return ErrorResponse(s);
  }
  StatusOr<std::string> out = op(db, reader);
  if (!out.ok()) return ErrorResponse(out.status());
  WireResponse r;
  r.body = *std::move(out);
  return r;
}

}  // namespace

std::string ErrorBodyJson(const Status& status) {
  JsonWriter w;
  w.BeginObject();
  w.Key("__type");
  w.String(ErrorCodeWireType(status.code()));
  if (!status.message().empty()) {
    w.Key(ErrorCodeUsesCapitalMessageKey(status.code()) ? "Message"
                                                        : "message");
    w.String(status.message());
  }
  if (!status.cancellation_reasons().empty()) {
    w.Key("CancellationReasons");
    w.BeginArray();
    for (const CancellationReason& reason : status.cancellation_reasons()) {
      w.BeginObject();
      w.Key("Code");
      w.String(reason.code);
      if (!reason.message.empty()) {
        w.Key("Message");
        w.String(reason.message);
      }
      if (reason.item != nullptr) {
        w.Key("Item");
        w.Item(*reason.item);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  if (!status.throttling_reasons().empty()) {
    w.Key("ThrottlingReasons");
    w.BeginArray();
    for (const ThrottlingReason& reason : status.throttling_reasons()) {
      w.BeginObject();
      w.Key("reason");
      w.String(reason.reason);
      w.Key("resource");
      w.String(reason.resource);
      w.EndObject();
    }
    w.EndArray();
  }
  if (status.item() != nullptr) {
    w.Key("Item");
    w.Item(*status.item());
  }
  w.EndObject();
  return std::move(w).Take();
}

WireResponse Execute(Database& db, std::string_view operation,
                     std::string_view request_json) {
  OpFunction op = FindOperation(operation);
  if (op == nullptr) return ErrorResponse(UnknownOperation(operation));
  return Run(db, op, request_json);
}

WireResponse ExecuteForHost(Database& db, std::string_view operation,
                            std::string_view request_json,
                            std::string_view host) {
  if (operation != "DescribeEndpoints" || host.empty()) {
    return Execute(db, operation, request_json);
  }
  RequestErrors errors;
  ObjectReader reader;
  if (Status s = ObjectReader::ParseBody(request_json, &errors, &reader);
      !s.ok()) {
    return ErrorResponse(s);
  }
  StatusOr<std::string> out =
      wire_internal::DescribeEndpointsOp(db, reader, host);
  if (!out.ok()) return ErrorResponse(out.status());
  WireResponse r;
  r.body = *std::move(out);
  return r;
}

WireResponse ExecuteStreams(Database& db, std::string_view operation,
                            std::string_view request_json) {
  OpFunction op = FindIn(kStreamsOperations, operation);
  if (op == nullptr) return ErrorResponse(UnknownOperation());
  return Run(db, op, request_json);
}

WireResponse Execute(Database& db, std::string_view service,
                     std::string_view operation,
                     std::string_view request_json) {
  if (service == kStreamsService) {
    return ExecuteStreams(db, operation, request_json);
  }
  if (service != kDynamoDBService) return ErrorResponse(UnknownOperation());
  return Execute(db, operation, request_json);
}

WireResponse ExecuteEnvelope(Database& db, std::string_view envelope_json) {
  JsonReader in(envelope_json);
  JsonValue op_name, request;
  if (in.Peek() == JsonType::kObject) {
    in.EnterObject();
    std::string_view key;
    while (in.NextMember(&key)) {
      if (key == "op") {
        op_name = in.SkipValue();
      } else if (key == "request") {
        request = in.SkipValue();
      } else {
        in.Skip();
      }
    }
  } else {
    in.Skip();
  }
  if (!in.Finish()) return ErrorResponse(wire_internal::MalformedBody());
  if (op_name.type != JsonType::kString) {
    return ErrorResponse(
        Status::Validation("An eddy request envelope is "
                           "{\"op\":\"<Operation>\",\"request\":{...}}"));
  }
  // DynamoDB's operations, then DynamoDB Streams' (no name is in both).
  const std::string name = wire_internal::StringOf(op_name);
  OpFunction op = FindOperation(name);
  if (op == nullptr) op = FindIn(kStreamsOperations, name);
  if (op == nullptr) return ErrorResponse(UnknownOperation(name));
  if (request.type == JsonType::kNone || request.type == JsonType::kNull) {
    return Run(db, op, "{}");
  }
  return Run(db, op, request.text);
}

}  // namespace eddy
