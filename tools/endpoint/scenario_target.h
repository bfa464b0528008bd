// Copyright 2026 The eddy Authors.
//
// EndpointScenarioTarget: a throttling-lab scenario's calls
// (model/lab/target.h) sent to a DynamoDB-compatible endpoint through an
// EndpointBackend (model_backend.h), on the wall clock — `eddy scenario run
// FILE --endpoint URL [--time-scale S]`.
//
//   EndpointScenarioTarget target(&session->backend, session->prefix,
//                                 {.time_scale = 0.1});
//   lab::RunOptions options;
//   options.target = &target;
//   StatusOr<lab::ScenarioResult> observed = lab::RunScenario(s, options);
//   session->backend.DeleteCreatedTables();   // unless --keep
//
// Contract
// - Every request's table name gets the run's prefix (the scenario's "lab"
//   becomes "eddy-run-...-lab"), so the run creates its own table; the
//   backend refuses any table it did not create.
// - Pace: the first call fixes the wall-clock origin; a call at virtual
//   time t (microseconds since the run's start) is made at origin +
//   t * time_scale, after sleeping when it is early. A late call is made at
//   once and its lateness is recorded (max_lag_micros). connections() is
//   the backend's concurrency() (--connections N): the runner keeps up to N
//   calls in flight (model/lab/target.h), so a schedule falls behind only
//   when it asks for more than N calls per round trip; with 1 the calls
//   are made one at a time.
// - Throttles are the endpoint's errors; the client should make one attempt
//   per call (ClientOptions::max_attempts = 1) so that the scenario's own
//   retry policy is what retries, as in the simulator.
//
// Thread safety: Pace, CreateTable, UpdateTable and the pacing counters are
// for the runner's thread; the other calls may come from several threads
// at once (they only read the prefix and go through the thread-safe
// backend).

#ifndef EDDY_TOOLS_ENDPOINT_SCENARIO_TARGET_H_
#define EDDY_TOOLS_ENDPOINT_SCENARIO_TARGET_H_

#include <cstdint>
#include <functional>
#include <string>

#include "model/lab/target.h"
#include "tools/endpoint/model_backend.h"

namespace eddy::endpoint {

struct ScenarioPacing {
  // Wall seconds per virtual second (1: real time; 0.1: ten times faster).
  double time_scale = 1.0;
  // A monotonic clock in microseconds and a sleep; defaults: steady_clock
  // and std::this_thread::sleep_for. Tests pass their own.
  std::function<int64_t()> now_micros;
  std::function<void(int64_t micros)> sleep;
};

class EndpointScenarioTarget final : public lab::ScenarioTarget {
 public:
  // `backend` is not owned and must outlive the target.
  EndpointScenarioTarget(EndpointBackend* backend, std::string table_prefix,
                         ScenarioPacing pacing = {});

  bool in_process() const override { return false; }
  void Pace(int64_t run_micros) override;
  int connections() const override { return backend_->concurrency(); }

  StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) override;
  StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) override;
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override;
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override;
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override;
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) override;
  StatusOr<QueryResponse> Query(const QueryRequest& r) override;
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) override;
  StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) override;

  // The latest a paced call was made after its scheduled wall time.
  int64_t max_lag_micros() const { return max_lag_micros_; }
  // Calls paced so far, and how many of them were more than 10 ms late.
  int64_t paced_calls() const { return paced_calls_; }
  int64_t late_calls() const { return late_calls_; }

 private:
  std::string Name(const std::string& table) const { return prefix_ + table; }

  EndpointBackend* const backend_;
  const std::string prefix_;
  ScenarioPacing pacing_;
  bool started_ = false;
  int64_t origin_wall_ = 0;  // wall micros of virtual time 0
  int64_t max_lag_micros_ = 0;
  int64_t paced_calls_ = 0;
  int64_t late_calls_ = 0;
};

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_SCENARIO_TARGET_H_
