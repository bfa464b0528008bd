// Copyright 2026 The eddy Authors.

#include "tools/endpoint/model_backend.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "emulator/partiql/partiql.h"
#include "emulator/partiql/schema.h"
#include "emulator/wire/request_json.h"
#include "tools/endpoint/codec.h"
#include "tools/endpoint/parallel.h"

namespace eddy::endpoint {
namespace {

// Remembers the tables the PartiQL planner looks up and knows none of them,
// so planning stops at the first table the statement names.
class RecordingSchemas final : public partiql::SchemaLookup {
 public:
  const partiql::TableSchema* FindTable(
      std::string_view table_name) const override {
    looked_up_.emplace_back(table_name);
    return nullptr;
  }
  const std::vector<std::string>& looked_up() const { return looked_up_; }

 private:
  mutable std::vector<std::string> looked_up_;
};

EndpointBackendOptions WithDefaults(EndpointBackendOptions o) {
  if (!o.sleep) {
    o.sleep = [](int64_t micros) {
      std::this_thread::sleep_for(std::chrono::microseconds(micros));
    };
  }
  return o;
}

}  // namespace

EndpointBackend::EndpointBackend(DynamoDBClient* client,
                                 EndpointBackendOptions options)
    : client_(client), options_(WithDefaults(std::move(options))) {}

int EndpointBackend::concurrency() const {
  return client_->options().max_concurrency;
}

void EndpointBackend::ForEach(size_t n, const std::function<void(size_t)>& fn) {
  ParallelFor(concurrency(), n, fn);
}

std::vector<std::string> EndpointBackend::created_tables() const {
  MutexLock l(&mu_);
  return created_;
}

Status EndpointBackend::CheckOwned(const std::string& table) const {
  MutexLock l(&mu_);
  if (std::find(created_.begin(), created_.end(), table) != created_.end()) {
    return Status::OK();
  }
  return Status::Validation("eddy refuses to touch table '" + table +
                            "' at the endpoint: this run did not create it");
}

StatusOr<std::string> EndpointBackend::Send(const char* op,
                                            const std::string& body) {
  CallResult r = client_->Call(op, body);
  throttled_attempts_ += r.throttled_attempts;
  if (!r.ok()) return r.ToStatus();
  return std::move(r.body);
}

StatusOr<CreateTableResponse> EndpointBackend::CreateTable(
    const CreateTableRequest& r) {
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("CreateTable", EncodeRequestJson(r)));
  {
    MutexLock l(&mu_);
    created_.push_back(r.table_name);
  }
  EDDY_ASSIGN_OR_RETURN(CreateTableResponse created,
                        DecodeCreateTableResponse(body));
  // Wait for the table and its indexes to be ACTIVE.
  TableDescription t = std::move(created.table_description);
  for (int64_t waited = 0;;) {
    bool active = t.table_status == TableStatus::kActive;
    for (const GlobalSecondaryIndexDescription& g :
         t.global_secondary_indexes) {
      active = active && g.index_status == IndexStatus::kActive;
    }
    if (active) break;
    if (waited >= options_.create_timeout_micros) {
      return Status::Internal("CreateTable: table '" + r.table_name +
                              "' is not ACTIVE after " +
                              std::to_string(waited / 1'000'000) + " s");
    }
    options_.sleep(options_.poll_micros);
    waited += options_.poll_micros;
    EDDY_ASSIGN_OR_RETURN(
        std::string described,
        Send("DescribeTable",
             EncodeRequestJson(DescribeTableRequest{r.table_name})));
    EDDY_ASSIGN_OR_RETURN(DescribeTableResponse d,
                          DecodeDescribeTableResponse(described));
    t = std::move(d.table);
  }
  return CreateTableResponse{std::move(t)};
}

StatusOr<DescribeTableResponse> EndpointBackend::DescribeTable(
    const DescribeTableRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("DescribeTable", EncodeRequestJson(r)));
  return DecodeDescribeTableResponse(body);
}

StatusOr<PutItemResponse> EndpointBackend::PutItem(const PutItemRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("PutItem", EncodeRequestJson(r)));
  return DecodePutItemResponse(body);
}

StatusOr<BatchWriteItemResponse> EndpointBackend::BatchWriteItem(
    const BatchWriteItemRequest& r) {
  for (const auto& [table, _] : r.request_items) {
    EDDY_RETURN_IF_ERROR(CheckOwned(table));
  }
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("BatchWriteItem", EncodeRequestJson(r)));
  return DecodeBatchWriteItemResponse(body);
}

StatusOr<QueryResponse> EndpointBackend::Query(const QueryRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body, Send("Query", EncodeRequestJson(r)));
  return DecodeQueryResponse(body);
}

StatusOr<ExecuteStatementResponse> EndpointBackend::ExecuteStatement(
    const ExecuteStatementRequest& r) {
  RecordingSchemas schemas;
  std::vector<AttributeValue> none;
  StatusOr<partiql::Plan> plan = partiql::PlanStatement(
      r.statement, r.parameters ? *r.parameters : none, schemas);
  if (schemas.looked_up().empty()) {
    return plan.ok() ? Status::Validation("the statement names no table")
                     : plan.status();
  }
  for (const std::string& table : schemas.looked_up()) {
    EDDY_RETURN_IF_ERROR(CheckOwned(table));
  }
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("ExecuteStatement", EncodeRequestJson(r)));
  return DecodeExecuteStatementResponse(body);
}

StatusOr<GetItemResponse> EndpointBackend::GetItem(const GetItemRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("GetItem", EncodeRequestJson(r)));
  return DecodeGetItemResponse(body);
}

StatusOr<ScanResponse> EndpointBackend::Scan(const ScanRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body, Send("Scan", EncodeRequestJson(r)));
  return DecodeScanResponse(body);
}

StatusOr<UpdateTableResponse> EndpointBackend::UpdateTable(
    const UpdateTableRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("UpdateTable", EncodeRequestJson(r)));
  return DecodeUpdateTableResponse(body);
}

StatusOr<UpdateItemResponse> EndpointBackend::UpdateItem(
    const UpdateItemRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("UpdateItem", EncodeRequestJson(r)));
  return DecodeUpdateItemResponse(body);
}

StatusOr<DeleteItemResponse> EndpointBackend::DeleteItem(
    const DeleteItemRequest& r) {
  EDDY_RETURN_IF_ERROR(CheckOwned(r.table_name));
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("DeleteItem", EncodeRequestJson(r)));
  return DecodeDeleteItemResponse(body);
}

StatusOr<BatchGetItemResponse> EndpointBackend::BatchGetItem(
    const BatchGetItemRequest& r) {
  for (const auto& [table, _] : r.request_items) {
    EDDY_RETURN_IF_ERROR(CheckOwned(table));
  }
  EDDY_ASSIGN_OR_RETURN(std::string body,
                        Send("BatchGetItem", EncodeRequestJson(r)));
  return DecodeBatchGetItemResponse(body);
}

Status EndpointBackend::DeleteCreatedTables() {
  Status first;
  std::vector<std::string> deleted;
  for (const std::string& table : created_tables()) {
    StatusOr<std::string> r =
        Send("DeleteTable", EncodeRequestJson(DeleteTableRequest{table}));
    if (r.ok()) {
      deleted.push_back(table);
    } else if (first.ok()) {
      first = r.status().WithMessagePrefix("DeleteTable " + table + ": ");
    }
  }
  MutexLock l(&mu_);
  for (const std::string& table : deleted) {
    created_.erase(std::find(created_.begin(), created_.end(), table));
  }
  return first;
}

std::string MakeRunPrefix(int64_t unix_micros, uint64_t random) {
  char tail[8];
  std::snprintf(tail, sizeof tail, "%04x",
                static_cast<unsigned>(random & 0xffff));
  return "eddy-run-" + AmzDate(unix_micros) + "-" + tail + "-";
}

}  // namespace eddy::endpoint
