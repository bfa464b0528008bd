// Copyright 2026 The eddy Authors.
//
// Execute: parse, dispatch to the operation's codec (ops/*.cc), and turn an
// error Status into DynamoDB's error body.

#include "emulator/wire/execute.h"

#include <array>
#include <utility>

#include "emulator/wire/internal/json_writer.h"
#include "emulator/wire/ops/ops.h"

namespace eddy {
namespace {

using wire_internal::Json;
using wire_internal::JsonWriter;
using wire_internal::OpFunction;

constexpr std::array<std::pair<std::string_view, OpFunction>, 23> kOperations =
    {{
        {"BatchGetItem", wire_internal::BatchGetItemOp},
        {"BatchWriteItem", wire_internal::BatchWriteItemOp},
        {"CreateTable", wire_internal::CreateTableOp},
        {"DeleteItem", wire_internal::DeleteItemOp},
        {"DeleteTable", wire_internal::DeleteTableOp},
        {"DescribeTable", wire_internal::DescribeTableOp},
        {"DescribeTimeToLive", wire_internal::DescribeTimeToLiveOp},
        {"EddyAdvanceClock", wire_internal::EddyAdvanceClockOp},
        {"EddyClearFaults", wire_internal::EddyClearFaultsOp},
        {"EddyInjectFault", wire_internal::EddyInjectFaultOp},
        {"GetItem", wire_internal::GetItemOp},
        {"ListTables", wire_internal::ListTablesOp},
        {"ListTagsOfResource", wire_internal::ListTagsOfResourceOp},
        {"PutItem", wire_internal::PutItemOp},
        {"Query", wire_internal::QueryOp},
        {"Scan", wire_internal::ScanOp},
        {"TagResource", wire_internal::TagResourceOp},
        {"TransactGetItems", wire_internal::TransactGetItemsOp},
        {"TransactWriteItems", wire_internal::TransactWriteItemsOp},
        {"UntagResource", wire_internal::UntagResourceOp},
        {"UpdateItem", wire_internal::UpdateItemOp},
        {"UpdateTable", wire_internal::UpdateTableOp},
        {"UpdateTimeToLive", wire_internal::UpdateTimeToLiveOp},
    }};

WireResponse ErrorResponse(const Status& status) {
  WireResponse r;
  r.error = status.code();
  r.http_status = ErrorCodeHttpStatus(status.code());
  r.body = ErrorBodyJson(status);
  return r;
}

OpFunction FindOperation(std::string_view operation) {
  for (const auto& [name, fn] : kOperations) {
    if (name == operation) return fn;
  }
  return nullptr;
}

// DynamoDB answers an unknown target before it reads the body, and with no
// message at all.
Status UnknownOperation() { return Status(ErrorCode::kUnknownOperation, ""); }

WireResponse Run(Database& db, OpFunction op, const Json& body) {
  if (!body.is_object()) {
    return ErrorResponse(wire_internal::WrongJsonType(body, "structure"));
  }
  StatusOr<std::string> out = op(db, body);
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
  if (op == nullptr) return ErrorResponse(UnknownOperation());
  StatusOr<Json> body = wire_internal::ParseJson(request_json);
  if (!body.ok()) return ErrorResponse(body.status());
  return Run(db, op, *body);
}

WireResponse ExecuteEnvelope(Database& db, std::string_view envelope_json) {
  StatusOr<Json> j = wire_internal::ParseJson(envelope_json);
  if (!j.ok()) return ErrorResponse(j.status());
  const Json* op_name = nullptr;
  if (j->is_object()) {
    auto it = j->find("op");
    if (it != j->end() && it->is_string()) op_name = &*it;
  }
  if (op_name == nullptr) {
    return ErrorResponse(
        Status::Validation("An eddy request envelope is "
                           "{\"op\":\"<Operation>\",\"request\":{...}}"));
  }
  OpFunction op = FindOperation(op_name->get_ref<const std::string&>());
  if (op == nullptr) return ErrorResponse(UnknownOperation());
  auto it = j->find("request");
  if (it == j->end() || it->is_null()) return Run(db, op, Json::object());
  return Run(db, op, *it);
}

}  // namespace eddy
