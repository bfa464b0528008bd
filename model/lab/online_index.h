// Copyright 2026 The eddy Authors.
//
// The online creation of a GSI on a loaded table (Scenario::online_index,
// scenario.h), for RunScenario (simulate.cc); not for use outside
// model/lab.
//
// What DynamoDB documents (developerguide GSI.OnlineOps, the
// OnlineIndex* CloudWatch metrics): UpdateTable adds the index, which is
// CREATING (Backfilling) while DynamoDB reads the table's items and writes
// an entry for each that has the index key; the backfill and the live
// writes share the index's write throughput, so a narrow index key can
// throttle the base table's writes (back-pressure) while it runs, and an
// index short of write capacity makes the backfill take longer. The
// backfill's reads are not charged to the table.
//
// The model: the run tracks, from the client's side, every item its
// successful writes left in the table with the new index's partition key
// (and the item's size). At the UpdateTable the engine copies the entries
// at once (emulator/engine/ops/update_table.cc) and from then on maintains
// the index on live writes (throttled by it, back-pressure included); the
// backfill's charge is modelled here: `items_per_second` (scaled) times a
// second it admits the next entry's write on the index's partitions
// (Database::AdmitIndexBackfillWrite). A refused write stays first in line
// for the next turn. The index is reported ACTIVE when every entry has been
// admitted. Approximations: the engine's own CREATING time (Options::
// index_backfill) is not this one; the index's metrics include the
// backfill's units and throttles, which DynamoDB reports apart.
//
// Thread safety: none (one run, one thread).

#ifndef EDDY_MODEL_LAB_ONLINE_INDEX_H_
#define EDDY_MODEL_LAB_ONLINE_INDEX_H_

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/requests.h"
#include "model/lab/scenario.h"

namespace eddy::lab::internal {

class OnlineIndex {
 public:
  // `spec` and `table` must outlive the object.
  OnlineIndex(const OnlineIndexSpec& spec, const TableSpec& table)
      : spec_(spec), table_(table) {}

  // The scenario's checks: the index's name is new, its keys are strings.
  static Status Check(const Scenario& s);

  const OnlineIndexSpec& spec() const { return spec_; }

  // Writes that succeeded (for deletes, the keys).
  void Written(const std::vector<Item>& items, bool deleted);

  // The UpdateTable that creates the index (throughput scaled by `scale`
  // on a provisioned table).
  UpdateTableRequest CreateRequest(double scale) const;
  // The UpdateTable succeeded at `second`: the backfill's queue is the
  // items tracked so far.
  void Created(int64_t second);
  bool Active() const { return created_ && !done_; }
  // One backfill turn at `second`: admits the next entry's write.
  void Turn(Database* db, int64_t second);

  OnlineIndexResult result() const { return result_; }

 private:
  std::string TableKey(const Item& item) const;

  const OnlineIndexSpec& spec_;
  const TableSpec& table_;
  // Table key -> the index partition key and the item's size.
  std::map<std::string, std::pair<std::string, int64_t>> items_;
  std::deque<std::pair<std::string, int64_t>> queue_;
  bool created_ = false, done_ = false;
  OnlineIndexResult result_;
};

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_ONLINE_INDEX_H_
