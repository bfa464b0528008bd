// Copyright 2026 The eddy Authors.
//
// Admission: how the engine asks the Database's throttling simulator
// (capacity/simulator.h) whether DynamoDB would serve a request, and tells
// it what each write stores. Every table and GSI is a simulator resource
// (RegisterResources at CreateTable); every data operation describes what it
// touches as capacity::Access values and admits them before it changes or
// returns anything (throughput-model.md §4):
//
//   MutexLock lock(&table.mu());
//   ... evaluate the condition, PlanWrite ...
//   EDDY_RETURN_IF_ERROR(AdmitWrite(table, plan));   // the throttle, if any
//   ApplyWrite(table, std::move(plan));
//
// What a write touches: one access on the table at the item's key, carrying
// the table units plus the LSI units (LSIs live in the table's partitions);
// one access per affected GSI at the GSI key (an index key changed A→B is two
// accesses: the old entry's delete at A, the new entry's put at B). Each
// access also carries the stored bytes it adds or removes there (item or
// entry + 100 B), which drive split for size.
//
// A read touches the partition holding its key; a Query or Scan touches
// every partition its evaluated items lie in, each charged its share of the
// read's units by evaluated bytes (ReadCharge). Eventually consistent reads
// and every GSI read may use the simulator's EC ceiling.
//
// Thread safety: callers hold the table's mu as each function says; the
// simulator synchronizes itself (lock order: table locks, then the
// simulator's mutex).

#ifndef EDDY_EMULATOR_ENGINE_TABLE_ADMISSION_H_
#define EDDY_EMULATOR_ENGINE_TABLE_ADMISSION_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "emulator/capacity/simulator.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/table.h"
#include "emulator/engine/table/write.h"

namespace eddy::engine {

// --- Resources ---------------------------------------------------------------

// The simulator's view of a table (billing, throughput or on-demand maximum
// throughput, LSI flag) and of one of its GSIs (its own throughput or
// maximum; the table's billing mode).
// REQUIRES: table.mu held.
capacity::ResourceConfig TableResourceConfig(const Table& table)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
capacity::ResourceConfig IndexResourceConfig(const Table& table,
                                             const SecondaryIndex& index)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// CreateTable: registers the table, then each GSI. On failure nothing stays
// registered. REQUIRES: the table is not yet published, its lock
// exclusively). Errors: whatever ThrottleSimulator::Register returns.
Status RegisterResources(Table& table)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());
// One GSI added by UpdateTable, after its backfill (its entries' bytes set
// its initial size). REQUIRES: mu held exclusively.
Status RegisterIndexResource(Table& table, SecondaryIndex& index)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());
// DeleteTable / DeleteGlobalSecondaryIndex. REQUIRES: mu held exclusively.
void RemoveResources(Table& table) ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());
void RemoveIndexResource(Table& table, SecondaryIndex& index)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());
// UpdateTable changed the billing mode, throughput or maximum throughput of
// the table and/or GSIs: the new settings go to the simulator
// (`table_changed`: the table and every GSI; else only `indexes`), as of
// `at_micros` when given (ThrottleSimulator::Update).
// REQUIRES: mu held exclusively.
Status UpdateResources(Table& table, bool table_changed,
                       const std::vector<const SecondaryIndex*>& indexes,
                       std::optional<int64_t> at_micros = std::nullopt)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// --- Writes
// --------------------------------------------------------------------

// The accesses of one or more writes. Views point into the plans and keys
// given, which must outlive the WriteAccesses.
class WriteAccesses {
 public:
  // A planned write: table + LSI units on the table, each GSI change at its
  // key, with the bytes stored. `transactional` doubles the units.
  void AddPlan(const Table& table, const WritePlan& plan,
               bool transactional = false)
      ABSL_SHARED_LOCKS_REQUIRED(table.mu());
  // A write charged without storing anything: a failed condition, an
  // UpdateItem that changes nothing, a transaction's ConditionCheck.
  void AddCharge(const Table& table, const StorageKey& key,
                 int64_t write_half_units)
      ABSL_SHARED_LOCKS_REQUIRED(table.mu());

  std::span<const capacity::Access> accesses() const { return accesses_; }
  size_t size() const { return accesses_.size(); }
  bool empty() const { return accesses_.empty(); }

 private:
  void Add(capacity::ResourceId resource, uint64_t hash,
           std::string_view partition_key, std::string_view sort_key,
           int64_t write_half_units, int64_t delta_bytes);

  absl::InlinedVector<capacity::Access, 4> accesses_;
};

// Admits one planned write (under the table's lock, before ApplyWrite).
// OK, or the throttle DynamoDB sends: ProvisionedThroughputExceeded /
// Throttling / RequestLimitExceeded with ThrottlingReasons. REQUIRES: mu.
Status AdmitWrite(const Table& table, const WritePlan& plan)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
// Admits a write that stores nothing (see AddCharge), e.g. the 1 WCU of a
// failed conditional put on a missing item. REQUIRES: mu.
Status AdmitCharge(const Table& table, const StorageKey& key,
                   int64_t write_half_units)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
// A failed ConditionExpression is still charged (throughput-model.md §1.3):
// the stored item's size, or 1 WCU when there is none. Returns the throttle
// when the charge is throttled, else `failure`. REQUIRES: mu.
Status ChargeFailedCondition(const Table& table, const StorageKey& key,
                             const storage::Record* existing, Status failure)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
// The bytes of a write DynamoDB does not charge (time-to-live deletions).
// REQUIRES: mu, before ApplyWrite.
void RecordUnchargedWrite(const Table& table, const WritePlan& plan)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// --- Reads
// ---------------------------------------------------------------------

// GetItem (and each part of a batch): one read at `key`. REQUIRES: mu.
capacity::Access ReadAccess(const Table& table, const StorageKey& key,
                            int64_t read_half_units, bool eventually_consistent)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());
Status AdmitRead(const Table& table, const StorageKey& key,
                 int64_t read_half_units, bool eventually_consistent)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// Query and Scan: the partitions a page's evaluated records lie in.
//
//   ReadCharge charge(table, target.index, hash, hash, pk);
//   for (...) { charge.Add(record); if (!page.Add(record)) break; }
//   EDDY_RETURN_IF_ERROR(charge.Admit(read_half_units, eventually_consistent,
//                                     page.fetch_half_units()));
//
// REQUIRES: mu held from construction to Admit (records are viewed).
class ReadCharge {
 public:
  // A read of `index` (null: the table; an LSI reads the table's
  // partitions) over hashes [from_hash, to_hash]; a read that evaluates
  // nothing is charged at (from_hash, `empty_partition_key`).
  ReadCharge(const Table& table, const SecondaryIndex* index,
             uint64_t from_hash, uint64_t to_hash,
             std::string_view empty_partition_key = {})
      ABSL_SHARED_LOCKS_REQUIRED(table.mu());

  // One evaluated record (a table item or an index entry).
  void Add(const storage::Record& record);

  // Admits the read as one request: `half_units` (the read's units, as
  // reported) split over the partitions touched by evaluated bytes;
  // `fetch_half_units` (an LSI read's table fetches) on the first one.
  Status Admit(int64_t half_units, bool eventually_consistent,
               int64_t fetch_half_units);

 private:
  struct Segment {
    int64_t bytes = 0;
    uint64_t hash = 0;
    std::string partition_key;
    std::string sort_key;
  };
  capacity::ThrottleSimulator* simulator_;
  capacity::ResourceId resource_;
  bool lsi_;
  std::vector<capacity::KeyPosition> boundaries_;
  absl::InlinedVector<Segment, 1> segments_;
  absl::InlinedVector<int, 1> boundaries_seen_;  // per segment: its partition
  int current_ = -1;  // index in segments_ of the last record's partition
  int current_boundary_ = -1;
};

// --- Batches and transactions ----------------------------------------------

// Admits the parts of a BatchWriteItem / BatchGetItem / transaction.
// `parts[i]` is the range [begin, end) of `accesses` belonging to part i.
struct PartRange {
  size_t begin = 0, end = 0;
};
capacity::BatchDecision AdmitBatch(capacity::ThrottleSimulator* simulator,
                                   std::span<const capacity::Access> accesses,
                                   const std::vector<PartRange>& parts);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_ADMISSION_H_
