// Copyright 2026 The eddy Authors.
//
// EndpointBackend: the model runner's requests (model/run_backend.h) sent to
// a DynamoDB-compatible endpoint through a DynamoDBClient (http_client.h),
// encoded by codec.h — `eddy model run --endpoint URL`.
//
//   EndpointBackend backend(client.get());
//   RunOptions options;
//   options.backend = &backend;
//   options.table_name = MakeRunPrefix(now, random) + model.table.name;
//   StatusOr<RunReport> report = RunModel(model, options);
//   Status cleanup = backend.DeleteCreatedTables();   // unless --keep
//
// Contract
// - The backend touches only tables it created: a request naming any other
//   table fails with a ValidationException ("eddy refuses to touch table
//   ... it did not create") before anything is sent. CreateTable of a name
//   that exists fails with the endpoint's ResourceInUseException and the
//   table stays someone else's.
// - CreateTable returns when the endpoint describes the table and all its
//   GSIs as ACTIVE (DynamoDB creates them asynchronously), polling
//   DescribeTable every `poll_micros` for at most `create_timeout_micros`.
// - Errors are the endpoint's error as a Status (DynamoDB's ErrorCode), or
//   InternalServerError for a connection failure or an answer that is not
//   DynamoDB JSON; retries happen inside the client.
//
// - concurrency() is the client's max_concurrency (--connections N):
//   ForEach spreads the runner's independent requests over that many
//   threads (parallel.h), each call holding one of the client's keep-alive
//   connections.
//
// Thread safety: every request method, ForEach and the accessors may be
// called from several threads at once (the created tables behind a Mutex,
// the throttle count an atomic; the client is thread-safe). CreateTable
// and DeleteCreatedTables are meant for one thread (a table's creation and
// the end of a run); they are safe beside other calls all the same.

#ifndef EDDY_TOOLS_ENDPOINT_MODEL_BACKEND_H_
#define EDDY_TOOLS_ENDPOINT_MODEL_BACKEND_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/base/mutex.h"
#include "model/run_backend.h"
#include "tools/endpoint/http_client.h"

namespace eddy::endpoint {

struct EndpointBackendOptions {
  int64_t poll_micros = 1'000'000;
  int64_t create_timeout_micros = 600'000'000;
  // Sleeps while polling; default: std::this_thread::sleep_for.
  std::function<void(int64_t micros)> sleep;
};

class EndpointBackend final : public model::RunBackend {
 public:
  // `client` is not owned and must outlive the backend.
  explicit EndpointBackend(DynamoDBClient* client,
                           EndpointBackendOptions options = {});

  StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) override;
  StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) override;
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override;
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) override;
  StatusOr<QueryResponse> Query(const QueryRequest& r) override;
  // A PartiQL access pattern. The table the statement names is found by
  // eddy's own PartiQL planner and checked like any other request's; a
  // statement the planner refuses before it reaches its table (a syntax
  // error) is answered with the planner's error and not sent.
  StatusOr<ExecuteStatementResponse> ExecuteStatement(
      const ExecuteStatementRequest& r) override;
  // Also a migration's backfill (run_backend.h); `eddy model run` makes
  // a model's migration in process only, so only scenarios send it here.
  StatusOr<ScanResponse> Scan(const ScanRequest& r) override;
  // Beyond the model runner's operations: what scenarios send
  // (scenario_target.h).
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& r);
  StatusOr<UpdateTableResponse> UpdateTable(const UpdateTableRequest& r);
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r);
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r);
  StatusOr<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& r);

  int concurrency() const override;
  void ForEach(size_t n, const std::function<void(size_t)>& fn) override;

  // Deletes every table this backend created and has not deleted yet, in
  // creation order; tries all, returns the first error.
  Status DeleteCreatedTables();
  // Tables created and not deleted.
  std::vector<std::string> created_tables() const;
  // Attempts answered with a throttling error, over all calls.
  int64_t throttled_attempts() const { return throttled_attempts_.load(); }

 private:
  Status CheckOwned(const std::string& table) const;
  // Sends one operation; the body of a 200 or the error as a Status.
  StatusOr<std::string> Send(const char* op, const std::string& body);

  DynamoDBClient* const client_;
  const EndpointBackendOptions options_;
  mutable Mutex mu_;
  std::vector<std::string> created_ ABSL_GUARDED_BY(mu_);
  std::atomic<int64_t> throttled_attempts_{0};
};

// A run's table-name prefix, "eddy-run-20261126T020000Z-3f2a-", from the
// wall-clock time (microseconds since the Unix epoch) and a random number.
std::string MakeRunPrefix(int64_t unix_micros, uint64_t random);

}  // namespace eddy::endpoint

#endif  // EDDY_TOOLS_ENDPOINT_MODEL_BACKEND_H_
