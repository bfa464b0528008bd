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

using wire::internal::JsonReader;
using wire::internal::JsonType;
using wire::internal::JsonValue;
using wire::internal::JsonWriter;
using wire::internal::ObjectReader;
using wire::internal::OpFunction;
using wire::internal::RequestErrors;

constexpr std::array<std::pair<std::string_view, OpFunction>, 46> kOperations =
    {{
        {"BatchExecuteStatement", wire::internal::BatchExecuteStatementOp},
        {"BatchGetItem", wire::internal::BatchGetItemOp},
        {"BatchWriteItem", wire::internal::BatchWriteItemOp},
        {"CreateBackup", wire::internal::CreateBackupOp},
        {"CreateTable", wire::internal::CreateTableOp},
        {"DeleteBackup", wire::internal::DeleteBackupOp},
        {"DeleteItem", wire::internal::DeleteItemOp},
        {"DeleteTable", wire::internal::DeleteTableOp},
        {"DescribeBackup", wire::internal::DescribeBackupOp},
        {"DescribeContinuousBackups",
         wire::internal::DescribeContinuousBackupsOp},
        {"DescribeContributorInsights",
         wire::internal::DescribeContributorInsightsOp},
        {"DescribeEndpoints", wire::internal::DescribeEndpointsOp},
        {"DescribeExport", wire::internal::DescribeExportOp},
        {"DescribeImport", wire::internal::DescribeImportOp},
        {"DescribeLimits", wire::internal::DescribeLimitsOp},
        {"DescribeTable", wire::internal::DescribeTableOp},
        {"DescribeTimeToLive", wire::internal::DescribeTimeToLiveOp},
        {"EddyAdvanceClock", wire::internal::EddyAdvanceClockOp},
        {"EddyClearFaults", wire::internal::EddyClearFaultsOp},
        {"EddyInjectFault", wire::internal::EddyInjectFaultOp},
        {"EddySplitPartition", wire::internal::EddySplitPartitionOp},
        {"ExecuteStatement", wire::internal::ExecuteStatementOp},
        {"ExecuteTransaction", wire::internal::ExecuteTransactionOp},
        {"ExportTableToPointInTime",
         wire::internal::ExportTableToPointInTimeOp},
        {"GetItem", wire::internal::GetItemOp},
        {"ImportTable", wire::internal::ImportTableOp},
        {"ListBackups", wire::internal::ListBackupsOp},
        {"ListContributorInsights", wire::internal::ListContributorInsightsOp},
        {"ListExports", wire::internal::ListExportsOp},
        {"ListImports", wire::internal::ListImportsOp},
        {"ListTables", wire::internal::ListTablesOp},
        {"ListTagsOfResource", wire::internal::ListTagsOfResourceOp},
        {"PutItem", wire::internal::PutItemOp},
        {"Query", wire::internal::QueryOp},
        {"RestoreTableFromBackup", wire::internal::RestoreTableFromBackupOp},
        {"RestoreTableToPointInTime",
         wire::internal::RestoreTableToPointInTimeOp},
        {"Scan", wire::internal::ScanOp},
        {"TagResource", wire::internal::TagResourceOp},
        {"TransactGetItems", wire::internal::TransactGetItemsOp},
        {"TransactWriteItems", wire::internal::TransactWriteItemsOp},
        {"UntagResource", wire::internal::UntagResourceOp},
        {"UpdateContinuousBackups", wire::internal::UpdateContinuousBackupsOp},
        {"UpdateContributorInsights",
         wire::internal::UpdateContributorInsightsOp},
        {"UpdateItem", wire::internal::UpdateItemOp},
        {"UpdateTable", wire::internal::UpdateTableOp},
        {"UpdateTimeToLive", wire::internal::UpdateTimeToLiveOp},
    }};

// The DynamoDBStreams_20120810 target's operations.
constexpr std::array<std::pair<std::string_view, OpFunction>, 4>
    kStreamsOperations = {{
        {"DescribeStream", wire::internal::DescribeStreamOp},
        {"GetRecords", wire::internal::GetRecordsOp},
        {"GetShardIterator", wire::internal::GetShardIteratorOp},
        {"ListStreams", wire::internal::ListStreamsOp},
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
      wire::internal::DescribeEndpointsOp(db, reader, host);
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
  if (!in.Finish()) return ErrorResponse(wire::internal::MalformedBody());
  if (op_name.type != JsonType::kString) {
    return ErrorResponse(
        Status::Validation("An eddy request envelope is "
                           "{\"op\":\"<Operation>\",\"request\":{...}}"));
  }
  // DynamoDB's operations, then DynamoDB Streams' (no name is in both).
  const std::string name = wire::internal::StringOf(op_name);
  OpFunction op = FindOperation(name);
  if (op == nullptr) op = FindIn(kStreamsOperations, name);
  if (op == nullptr) return ErrorResponse(UnknownOperation(name));
  if (request.type == JsonType::kNone || request.type == JsonType::kNull) {
    return Run(db, op, "{}");
  }
  return Run(db, op, request.text);
}

}  // namespace eddy
