// Copyright 2026 The eddy Authors.
//
// The bookkeeping of a data-version migration under live traffic
// (Scenario::migration, scenario.h): which version a request goes to, the
// application's last acknowledged write of every key (to verify reads), the
// items of each version, and the backfill's scan cursor and copy queue.
// RunScenario (simulate.cc) makes the calls; this class decides and counts.
// Not for use outside model/lab.
//
// Versions: an item's string attributes that start with "<from>#" belong to
// the old version; To(item) rewrites them to "<to>#", From(item) back. A
// key's logical name is its key attributes with the version prefix removed.
//
// Verification: every write the streams make during a migration carries a
// "rev" attribute (a run-wide sequence number). A write acknowledged on the
// primary version (the old one until the cutover, the new one after) sets
// the key's expected rev (a delete: expected absent); a read verifies when
// the item it returns has that rev (or none when absent). A Query of the
// table (one partition key, on the version reads go to) verifies when every
// item it returns has its key's expected rev and, when it returned the
// whole partition (no LastEvaluatedKey), no key whose last acknowledged
// write left an item in that partition is missing from it; a paged answer
// (a LastEvaluatedKey: the 1 MB page limit) is complete up to its last
// item, so no such key whose sort key is at or before that item's may be
// missing (sort keys compared without their version prefix). A Query of a
// GSI (on the version reads go to) verifies when every item it returns is
// one whose last acknowledged write put it in that index partition (with
// its expected rev when the index projects every attribute) and, when the
// answer is whole, none of those is missing; a paged GSI answer is checked
// item by item only. Queries of an LSI are not verified. Calls take no
// virtual time and are made one at a time, and eddy's GSIs change with the
// write (no propagation lag by default), so the expected state at a read
// is exactly what a correct migration shows.
//
// Thread safety: none (one run, one thread).

#ifndef EDDY_MODEL_LAB_MIGRATION_H_
#define EDDY_MODEL_LAB_MIGRATION_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/types/attribute_value.h"
#include "model/lab/scenario.h"

namespace eddy::lab::internal {

// The attribute holding a write's sequence number during a migration.
inline constexpr char kRevAttribute[] = "rev";

class Migration {
 public:
  // `spec` and `table` must outlive the object; `duration` sizes the
  // per-second series.
  Migration(const MigrationSpec& spec, const TableSpec& table,
            int64_t duration_seconds);

  // Validation of the scenario against the migration: every stream's keys
  // must carry the old version's prefix.
  static Status Check(const Scenario& s);
  // The versions alone: two different, non-empty versions, neither a
  // prefix of the other (also a model's migration,
  // model/lab/model_migration.h).
  static Status CheckVersions(const MigrationSpec& m);

  const MigrationSpec& spec() const { return spec_; }

  // Phases, by the run's second.
  bool DualWrites(int64_t second) const {
    return second >= spec_.dual_write_at_second;
  }
  bool CutOver() const { return cutover_second_ >= 0; }
  void SetCutover(int64_t second);
  bool ReadsNew() const { return CutOver(); }

  // The item with every old-version string rewritten to the new version,
  // and back.
  Item To(const Item& item) const { return Rewrite(item, from_, to_); }
  Item From(const Item& item) const { return Rewrite(item, to_, from_); }
  // Whether the item's partition key is of the new version.
  bool IsNew(const Item& item) const;
  // A fresh rev for a write.
  std::string NextRev() { return std::to_string(++rev_); }

  // Writes that succeeded: `items` (for deletes, the keys) of one version,
  // on the primary version or not. Copies are the backfill's.
  // `update`: the items are UpdateItem SETs (an attribute they lack keeps
  // its value).
  void Written(const std::vector<Item>& items, bool deleted, bool primary,
               bool update = false);
  void Copied(const Item& item, int64_t second);
  // A read of `key` answered with `got` (null: no such item) at `second`.
  void Read(const Item& key, const Item* got, int64_t second);
  // A Query of the partition of `key` (an item carrying its partition key)
  // answered with `items`; `complete`: the answer had no LastEvaluatedKey.
  // Counted as one read, verified or mismatched.
  void QueryRead(const Item& key, const std::vector<Item>& items, bool complete,
                 int64_t second);
  // A Query of GSI `index` for partition-key value `value` answered with
  // `items`; not counted for an index that is not one of the table's GSIs.
  void IndexQueryRead(const std::string& index, const AttributeValue& value,
                      const std::vector<Item>& items, bool complete,
                      int64_t second);

  // --- The backfill -------------------------------------------------------
  bool BackfillActive() const { return backfill_started_ && !backfill_done_; }
  bool BackfillDone() const { return backfill_done_; }
  void StartBackfill(int64_t second);
  // The scan's next request, when a page is needed: the copy queue is
  // empty and the scan is not finished.
  bool NeedsPage() const { return copies_.empty() && !scan_done_; }
  ScanRequest PageRequest(const std::string& table) const;
  // A page's answer (queues its old-version items' copies), or a throttle.
  void Page(const ScanResponse& page);
  void PageThrottled() { ++result_.scan_throttled; }
  // The next copy to write (the new-version item), if any.
  std::optional<Item> NextCopy();
  void CopyStarted() { ++in_flight_; }
  // A copy finished: written, skipped (already there), throttled on every
  // attempt (queued again, as a backfill that must not lose an item does),
  // or failed otherwise (given up).
  enum class CopyOutcome { kWritten, kSkipped, kThrottled, kGaveUp };
  void CopyFinished(const Item& item, CopyOutcome outcome, int64_t second);
  // True once when the backfill has just ended (scan done, nothing queued
  // or in flight); records the second.
  bool CheckDone(int64_t second);
  void AddUnits(const std::optional<ConsumedCapacity>& c, bool write);

  // Records the counts of each version for the second just ended.
  void EndSecond(int64_t second);
  MigrationResult TakeResult() { return std::move(result_); }

 private:
  static Item Rewrite(const Item& item, const std::string& from,
                      const std::string& to);
  // `s` without its version prefix (either version's).
  std::string Strip(const std::string& s) const;
  std::string LogicalKey(const Item& item) const;
  // The logical key's partition part (before its \x1f).
  static std::string PartitionOf(const std::string& logical_key) {
    return logical_key.substr(0, logical_key.find('\x1f'));
  }
  // Counts a read (GetItem, a BatchGetItem key, a Query) as verified or
  // mismatched at `second`; `example` says what went wrong.
  void CountRead(bool verified, int64_t second, const std::string& example);
  int Phase(int64_t second) const;

  const MigrationSpec& spec_;
  const TableSpec& table_;
  const std::string from_, to_;  // "v1#", "v2#"
  uint64_t rev_ = 0;
  int64_t cutover_second_ = -1;
  // Logical key -> the rev of its last acknowledged primary write ("" when
  // deleted).
  std::unordered_map<std::string, std::string> expected_;
  // Logical partition -> the logical keys whose expected rev is an item's
  // (what a Query of the partition must return).
  std::unordered_map<std::string, std::unordered_set<std::string>> live_;
  // Per GSI of the table: the logical partition-key value each logical key
  // has there after its last acknowledged primary write, and the keys in
  // each index partition.
  struct IndexTrack {
    const IndexSpec* spec = nullptr;
    bool has_rev = false;  // projects every attribute
    std::unordered_map<std::string, std::string> value_of;
    std::unordered_map<std::string, std::unordered_set<std::string>> members;
  };
  std::vector<IndexTrack> indexes_;
  std::unordered_set<std::string> old_items_, new_items_;
  bool backfill_started_ = false, backfill_done_ = false, scan_done_ = false;
  std::optional<Item> cursor_;
  std::deque<Item> copies_;
  int64_t in_flight_ = 0;
  MigrationResult result_;
};

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_MIGRATION_H_
