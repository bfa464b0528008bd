// Copyright 2026 The eddy Authors.
//
// ScenarioTarget: where RunScenario (scenario.h) sends a scenario's calls.
// By default the run builds an in-process Database with the throttling
// simulator on a manual clock and calls it through DatabaseTarget; endpoint
// mode (tools/endpoint/scenario_target.h, `eddy scenario run --endpoint`)
// sends the same calls, started in the same order, to a DynamoDB-compatible
// endpoint over HTTP, paced on the wall clock.
//
//   Database db(options);
//   DatabaseTarget target(&db);
//   RunOptions run;
//   run.target = &target;   // what RunScenario does itself when unset
//
// Contract
// - Each call behaves as the Database method of the same name (DynamoDB's
//   errors as Status values, throttles included); a target may add its own
//   errors (a connection failure, a table it refuses to touch).
// - Pace(run_micros) is called before every call and table update with the
//   run's virtual time (microseconds since the run's start, never
//   decreasing); an in-process target ignores it, an endpoint target sleeps
//   until the wall time it maps to.
// - in_process() is true when the calls reach a Database whose simulator
//   the run may inspect afterwards (partitions, metrics, streams); false
//   for an endpoint, where the run reports what the client saw and the
//   units the endpoint returned (ReturnConsumedCapacity TOTAL).
//
// - connections() is how many calls the target takes at once (1 by
//   default). Above 1 (endpoint mode with --connections N), RunScenario
//   keeps its schedule on its own thread — Pace, then the call handed to
//   one of N workers (model/lab/call_pool.h) — so up to N calls are in
//   flight, started in the schedule's order; each answer is counted when
//   it is back (a retry is still due at the call's instant plus its
//   backoff), and every call of a virtual second has been answered before
//   the next second starts.
//
// Thread safety: RunScenario calls Pace, CreateTable and UpdateTable from
// its own thread; with connections() > 1 the other call methods come from
// up to that many worker threads at once (and must be thread-safe), else
// from the runner's thread too. DatabaseTarget keeps connections() 1 and is
// as safe as its Database.

#ifndef EDDY_MODEL_LAB_TARGET_H_
#define EDDY_MODEL_LAB_TARGET_H_

#include <cstdint>

#include "emulator/api/database.h"
#include "emulator/api/requests.h"
#include "emulator/base/status.h"

namespace eddy::lab {

class ScenarioTarget {
 public:
  virtual ~ScenarioTarget() = default;

  virtual bool in_process() const = 0;
  virtual void Pace(int64_t run_micros) = 0;
  virtual int connections() const { return 1; }

  virtual StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) = 0;
  virtual StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) = 0;
  virtual StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) = 0;
  virtual StatusOr<UpdateItemResponse> UpdateItem(
      const UpdateItemRequest& r) = 0;
  virtual StatusOr<DeleteItemResponse> DeleteItem(
      const DeleteItemRequest& r) = 0;
  virtual StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) = 0;
  virtual StatusOr<QueryResponse> Query(const QueryRequest& r) = 0;
  virtual StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) = 0;
  virtual StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) = 0;
  // A migration's backfill scan (Scenario::migration). Targets without it
  // answer ValidationException; RunScenario runs migrations in process
  // only.
  virtual StatusOr<ScanResponse> Scan(const ScanRequest&) {
    return Status::Validation("this target does not make Scan calls");
  }
};

// The target over an in-process Database (not owned; must outlive it).
// Tests derive from it to stand a Database in for an endpoint.
class DatabaseTarget : public ScenarioTarget {
 public:
  explicit DatabaseTarget(Database* db) : db_(db) {}

  bool in_process() const override { return true; }
  void Pace(int64_t) override {}

  StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) override {
    return db_->CreateTable(r);
  }
  StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) override {
    return db_->UpdateTable(r);
  }
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override {
    return db_->PutItem(r);
  }
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override {
    return db_->UpdateItem(r);
  }
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override {
    return db_->DeleteItem(r);
  }
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) override {
    return db_->GetItem(r);
  }
  StatusOr<QueryResponse> Query(const QueryRequest& r) override {
    return db_->Query(r);
  }
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) override {
    return db_->BatchWriteItem(r);
  }
  StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) override {
    return db_->BatchGetItem(r);
  }
  StatusOr<ScanResponse> Scan(const ScanRequest& r) override {
    return db_->Scan(r);
  }

 private:
  Database* db_;
};

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_TARGET_H_
