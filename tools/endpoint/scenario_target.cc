// Copyright 2026 The eddy Authors.

#include "tools/endpoint/scenario_target.h"

#include <chrono>
#include <cmath>
#include <thread>
#include <utility>

namespace eddy::endpoint {
namespace {

// A copy of a single-table request naming the run's table.
template <typename Request>
Request WithTable(const Request& r, std::string table) {
  Request x = r;
  x.table_name = std::move(table);
  return x;
}

}  // namespace

EndpointScenarioTarget::EndpointScenarioTarget(EndpointBackend* backend,
                                               std::string table_prefix,
                                               ScenarioPacing pacing)
    : backend_(backend),
      prefix_(std::move(table_prefix)),
      pacing_(std::move(pacing)) {
  if (!pacing_.now_micros) {
    pacing_.now_micros = [] {
      return std::chrono::duration_cast<std::chrono::microseconds>(
                 std::chrono::steady_clock::now().time_since_epoch())
          .count();
    };
  }
  if (!pacing_.sleep) {
    pacing_.sleep = [](int64_t micros) {
      std::this_thread::sleep_for(std::chrono::microseconds(micros));
    };
  }
}

void EndpointScenarioTarget::Pace(int64_t run_micros) {
  const auto scaled = static_cast<int64_t>(
      std::llround(static_cast<double>(run_micros) * pacing_.time_scale));
  const int64_t now = pacing_.now_micros();
  if (!started_) {
    started_ = true;
    origin_wall_ = now - scaled;
  }
  ++paced_calls_;
  const int64_t due = origin_wall_ + scaled;
  if (now < due) {
    pacing_.sleep(due - now);
    return;
  }
  const int64_t lag = now - due;
  if (lag > max_lag_micros_) max_lag_micros_ = lag;
  if (lag > 10'000) ++late_calls_;
}

StatusOr<CreateTableResponse> EndpointScenarioTarget::CreateTable(
    const CreateTableRequest& r) {
  return backend_->CreateTable(WithTable(r, Name(r.table_name)));
}

StatusOr<UpdateTableResponse> EndpointScenarioTarget::UpdateTable(
    const UpdateTableRequest& r) {
  return backend_->UpdateTable(WithTable(r, Name(r.table_name)));
}

StatusOr<PutItemResponse> EndpointScenarioTarget::PutItem(
    const PutItemRequest& r) {
  return backend_->PutItem(WithTable(r, Name(r.table_name)));
}

StatusOr<UpdateItemResponse> EndpointScenarioTarget::UpdateItem(
    const UpdateItemRequest& r) {
  return backend_->UpdateItem(WithTable(r, Name(r.table_name)));
}

StatusOr<DeleteItemResponse> EndpointScenarioTarget::DeleteItem(
    const DeleteItemRequest& r) {
  return backend_->DeleteItem(WithTable(r, Name(r.table_name)));
}

StatusOr<GetItemResponse> EndpointScenarioTarget::GetItem(
    const GetItemRequest& r) {
  return backend_->GetItem(WithTable(r, Name(r.table_name)));
}

StatusOr<QueryResponse> EndpointScenarioTarget::Query(const QueryRequest& r) {
  return backend_->Query(WithTable(r, Name(r.table_name)));
}

StatusOr<BatchWriteItemResponse> EndpointScenarioTarget::BatchWriteItem(
    const BatchWriteItemRequest& r) {
  BatchWriteItemRequest x;
  x.return_consumed_capacity = r.return_consumed_capacity;
  x.return_item_collection_metrics = r.return_item_collection_metrics;
  for (const auto& [table, writes] : r.request_items) {
    x.request_items[Name(table)] = writes;
  }
  return backend_->BatchWriteItem(x);
}

StatusOr<BatchGetItemResponse> EndpointScenarioTarget::BatchGetItem(
    const BatchGetItemRequest& r) {
  BatchGetItemRequest x;
  x.return_consumed_capacity = r.return_consumed_capacity;
  for (const auto& [table, keys] : r.request_items) {
    x.request_items[Name(table)] = keys;
  }
  return backend_->BatchGetItem(x);
}

}  // namespace eddy::endpoint
