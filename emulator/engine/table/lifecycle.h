// Copyright 2026 The eddy Authors.
//
// Table lifecycle: DynamoDB's transient table statuses (CREATING, UPDATING,
// DELETING) as windows on the Options clock (Options::transient_statuses).
// With the default (all windows 0) every table is ACTIVE at once and none of
// this changes an answer.
//
// What DynamoDB documents, and eddy does, during the windows:
// - CREATING (CreateTable, RestoreTableFromBackup, RestoreTableToPointInTime):
//   "You can perform read and write operations only on an ACTIVE table"; item
//   operations get ResourceNotFoundException "Requested resource not found"
//   (the exception's documented cause: "its status might not be ACTIVE").
//   The table's indexes are CREATING with it. UpdateTable and DeleteTable get
//   ResourceInUseException "Attempt to change a resource which is still in
//   use: Table is being created: <name>".
// - UPDATING (UpdateTable of throughput, billing mode or GSIs): item
//   operations work ("The table/index remains available for data operations
//   when UPDATING"); a second UpdateTable, and DeleteTable, get
//   ResourceInUseException "... Table is being updated: <name>".
// - DELETING (DeleteTable): the table is gone for item operations at once
//   (ResourceNotFoundException); DescribeTable answers its last description
//   with TableStatus DELETING until the window ends, then
//   ResourceNotFoundException; DeleteTable again returns the same
//   description ("If the table is in the DELETING state, no error is
//   returned"); UpdateTable gets "... Table is being deleted: <name>";
//   CreateTable of the name "Table already exists: <name>".
// - A GSI deleted by UpdateTable is described with IndexStatus DELETING for
//   its window; it serves no reads from the start. A GSI created by
//   UpdateTable is CREATING with Backfilling (Options::index_backfill).
// - Capacity changes take effect when the update ends ("While the table is
//   in the UPDATING state, the table still has the provisioned throughput
//   from before the call"): an UpdateTable of BillingMode or of the table's
//   or a GSI's ProvisionedThroughput (and OnDemandThroughput changes made
//   with it) keeps the old settings in force, for throttling and in the
//   description, until the UPDATING window ends; a GSI whose throughput
//   changes is UPDATING meanwhile. LastIncreaseDateTime (LastDecreaseDate-
//   Time) is stamped when the update starts and again when it ends;
//   NumberOfDecreasesToday counts a decrease when it ends (as DynamoDB-
//   checked suites record). Without a window all of it happens at once.
//
// Thread safety: the free functions follow the locking each states;
// DeletingTables is internally synchronized (a leaf lock).

#ifndef EDDY_EMULATOR_ENGINE_TABLE_LIFECYCLE_H_
#define EDDY_EMULATOR_ENGINE_TABLE_LIFECYCLE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/engine/table/table.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

// The table's status at `now_micros`: CREATING or UPDATING inside their
// windows, ACTIVE otherwise (a table in the catalog is never DELETING).
TableStatus StatusAt(const Table& table, int64_t now_micros);

// Starts the CREATING window of a new (or restored) table not yet
// published. Nothing when the window is 0.
void StartCreating(Table& table, int64_t now_micros);

// Starts the UPDATING window after an UpdateTable changed the table.
// Nothing when the window is 0.
void StartUpdating(Table& table, int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// OK when the table may be changed (UpdateTable, DeleteTable) at
// `now_micros`; ResourceInUseException "Attempt to change a resource which
// is still in use: Table is being created|updated: <name>" otherwise.
Status CheckChangeable(const Table& table, int64_t now_micros);

// ResourceInUseException "... Table is being deleted: <name>".
Status TableBeingDeleted(const std::string& name);

// Keeps `index` (about to be removed by UpdateTable) in the table's
// description as DELETING for the index-deletion window, if there is one.
void StartDeletingIndex(Table& table,
                        const GlobalSecondaryIndexDescription& index,
                        int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// The capacity settings in force before UpdateTable changes them: billing
// mode, throughput, maximums of the table and of each GSI (those named in
// `updating` are described UPDATING while the change waits).
TableState::CapacityInForce CaptureCapacity(
    const Table& table, const std::vector<std::string>& updating)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// After UpdateTable changed the table's capacity settings (state() holds the
// new ones; `before` from CaptureCapacity; `increase`/`decrease` of the
// table's throughput) and called StartUpdating: with an UPDATING window,
// keeps `before` in force until it ends and returns true (the simulator is
// left alone until FinishCapacityChange); without one, counts a decrease and
// returns false (the caller updates the simulator at once).
bool StartCapacityChange(Table& table, TableState::CapacityInForce before,
                         bool increase, bool decrease, int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// When the window of a waiting capacity change has passed at `now_micros`:
// the simulator takes the new settings as of the window's end, which stamps
// LastIncreaseDateTime or LastDecreaseDateTime (and counts a decrease).
// Nothing otherwise. Called by Table::DoDueWork.
void FinishCapacityChange(Table& table, int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// Adjusts a description made at `now_micros` to the table's lifecycle: its
// status, its indexes' CREATING while the table is CREATING, the GSIs still
// DELETING (expired ones are left out), the capacity settings still in
// force and NumberOfDecreasesToday.
void ApplyLifecycle(const Table& table, int64_t now_micros,
                    TableDescription& description)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// Tables DeleteTable removed that DescribeTable still shows as DELETING.
// Owned by the Catalog; entries past their window are forgotten when next
// looked at.
class DeletingTables {
 public:
  // Records `description` (TableStatus DELETING) until `until_micros`.
  void Add(TableDescription description, int64_t until_micros);
  // The description of a table being deleted at `now_micros`, if any.
  std::optional<TableDescription> Find(const std::string& name,
                                       int64_t now_micros);
  // The names of the tables being deleted at `now_micros`, sorted
  // (ListTables lists them: a DELETING table exists until it is gone).
  std::vector<std::string> Names(int64_t now_micros);

 private:
  struct Entry {
    TableDescription description;
    int64_t until_micros = 0;
  };
  mutable Mutex mu_;
  std::map<std::string, Entry> tables_ ABSL_GUARDED_BY(mu_);
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_LIFECYCLE_H_
