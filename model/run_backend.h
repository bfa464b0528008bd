// Copyright 2026 The eddy Authors.
//
// RunBackend: where RunModel (runner.h) sends its requests — the few
// operations it needs, typed. DatabaseBackend serves them from an in-process
// eddy Database (what RunModel uses by default, on a fresh Database with a
// virtual clock); endpoint mode (tools/endpoint/model_backend.h) sends them
// to a DynamoDB-compatible endpoint over HTTP.
//
//   Database db;
//   DatabaseBackend backend(&db);
//   RunOptions options;
//   options.backend = &backend;
//   StatusOr<RunReport> report = RunModel(model, options);
//
// Contract: each method behaves as the Database method of the same name
// (DynamoDB's errors as Status values); an implementation may add its own
// errors (a connection failure, a table it refuses to touch).
//
// Concurrency: a backend whose concurrency() is above 1 (endpoint mode with
// --connections N) is given independent requests to make at once through
// ForEach — RunModel's load batches and its patterns' runs; the default
// makes them one after the other on the calling thread.
//
// Thread safety: RunModel calls a backend from one thread, except inside
// ForEach, where a backend with concurrency() > 1 calls `fn` from several
// threads at once and so must take its requests concurrently (EndpointBackend
// does). DatabaseBackend keeps concurrency() 1 and is as safe as its
// Database.

#ifndef EDDY_MODEL_RUN_BACKEND_H_
#define EDDY_MODEL_RUN_BACKEND_H_

#include <cstddef>
#include <functional>

#include "emulator/api/database.h"
#include "emulator/api/requests.h"
#include "emulator/base/status.h"

namespace eddy::model {

class RunBackend {
 public:
  virtual ~RunBackend() = default;
  virtual StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) = 0;
  virtual StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) = 0;
  virtual StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) = 0;
  virtual StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) = 0;
  virtual StatusOr<QueryResponse> Query(const QueryRequest& r) = 0;
  // For PartiQL access patterns; a backend without it answers an error
  // (the pattern's runs then fail with it).
  virtual StatusOr<ExecuteStatementResponse> ExecuteStatement(
      const ExecuteStatementRequest& r) {
    (void)r;
    return Status::Validation("ExecuteStatement is not supported here");
  }
  // For a migration's backfill (RunOptions::migrate); a backend without it
  // answers an error.
  virtual StatusOr<ScanResponse> Scan(const ScanRequest& r) {
    (void)r;
    return Status::Validation("Scan is not supported here");
  }
  // Requests the backend makes at once (1: one at a time).
  virtual int concurrency() const { return 1; }
  // Calls fn(0) ... fn(n-1), each once, and returns when all have returned:
  // by default in order on this thread; at most concurrency() at a time,
  // from threads of the backend's, when that is above 1. fn must touch only
  // what belongs to its i (and the backend).
  virtual void ForEach(size_t n, const std::function<void(size_t)>& fn) {
    for (size_t i = 0; i < n; ++i) fn(i);
  }
};

// The backend over an in-process Database (not owned; must outlive it).
class DatabaseBackend final : public RunBackend {
 public:
  explicit DatabaseBackend(Database* db) : db_(db) {}
  StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) override {
    return db_->CreateTable(r);
  }
  StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) override {
    return db_->DescribeTable(r);
  }
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override {
    return db_->PutItem(r);
  }
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) override {
    return db_->BatchWriteItem(r);
  }
  StatusOr<QueryResponse> Query(const QueryRequest& r) override {
    return db_->Query(r);
  }
  StatusOr<ExecuteStatementResponse> ExecuteStatement(
      const ExecuteStatementRequest& r) override {
    return db_->ExecuteStatement(r);
  }
  StatusOr<ScanResponse> Scan(const ScanRequest& r) override {
    return db_->Scan(r);
  }

 private:
  Database* db_;
};

}  // namespace eddy::model

#endif  // EDDY_MODEL_RUN_BACKEND_H_
