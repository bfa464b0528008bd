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
// Thread safety: RunModel calls a backend from one thread; DatabaseBackend
// is as safe as its Database.

#ifndef EDDY_MODEL_RUN_BACKEND_H_
#define EDDY_MODEL_RUN_BACKEND_H_

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

 private:
  Database* db_;
};

}  // namespace eddy::model

#endif  // EDDY_MODEL_RUN_BACKEND_H_
