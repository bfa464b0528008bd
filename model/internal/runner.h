// Copyright 2026 The eddy Authors.
//
// The model runner's insides (model/runner.h is its public face): the ground
// truth of one run (IndexTruth) and the Runner that creates the table, loads
// the generated items, checks the indexes' counts, runs and verifies every
// access pattern and finds the hottest keys. Not part of eddy's API.
//
// Split by responsibility:
//   runner.cc          the run itself: table, load, index counts, hot keys,
//                      RunModel;
//   runner_truth.cc    the ground truth and the verification of one answer;
//   runner_pattern.cc  one access pattern's runs (Query or PartiQL pages).
//
// Thread safety: a Runner is used by one thread for one run; nothing is
// shared between runners but the Database's process-wide leak list
// (LeakDatabase, behind a mutex).

#ifndef EDDY_MODEL_INTERNAL_RUNNER_H_
#define EDDY_MODEL_INTERNAL_RUNNER_H_

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "model/run_backend.h"
#include "model/runner.h"

namespace eddy::model::internal {

// Failures kept per pattern in its report.
constexpr int kMaxFailuresKept = 5;

// The steady clock in nanoseconds: eddy's own speed for the report, not
// emulated time (which comes from the Database's ManualClock).
int64_t SteadyNanos();

inline std::string Quoted(std::string_view s) {
  return "\"" + std::string(s) + "\"";
}

// `name`'s value in `item` when it is a String, else empty.
std::string_view KeyString(const Item& item, const std::string& name);

// Whether sort-key value `sk` satisfies `c` with its rendered `values`
// (one, or two for BETWEEN).
bool SortKeyMatches(const SortKeyCondition& c, std::string_view sk,
                    const std::vector<std::string>& values);

// The key of an expectation's index: the values of the `match` bindings,
// each followed by \x1f; *complete is false when one is missing.
std::string MatchKey(const std::vector<std::string>& match,
                     const Bindings& bindings, bool* complete);

// One index (or the table) as the ground truth sees it: partition-key value
// -> (sort-key value, item id), sorted by sort key. Views point into the
// runner's item records, which outlive this.
//
// A multi-attribute index (multi): the partition key is MultiKeyText of its
// attributes' values and the sort key MultiSortBytes of its sort
// attributes' values (byte order is DynamoDB's order of the tuples); both
// are owned by `owned`.
struct IndexTruth {
  std::string name;                      // "table" or the GSI's name
  const IndexDefinition* def = nullptr;  // null for the table
  std::string pk_attr, sk_attr;
  bool multi = false;
  absl::flat_hash_map<std::string_view,
                      std::vector<std::pair<std::string_view, int32_t>>>
      buckets;
  std::deque<std::string> owned;  // multi: the keys the views point into
  int64_t count = 0;
};

// The text of binding `name` in a compact record: an S attribute's value,
// a number's, binary's or boolean's text (as the generator binds them);
// empty when absent.
std::string BindingText(std::string_view record, const std::string& name);

// Whether the composite sort key `sk` satisfies a multi-attribute key
// condition whose last operator is `op`, given `values`: [0] the
// composite bytes of the "=" prefix before the last condition, [1] the
// composite bytes of that prefix and the last value (for begins_with: the
// prefix and the value's escaped bytes, unterminated), [2] BETWEEN's high
// end as [1] is built.
bool MultiSortKeyMatches(SortKeyOp op, std::string_view sk,
                         const std::vector<std::string>& values);

// The ground truth is kept as one compact record per generated item
// (internal/compact_item.h), made while loading: when the runner owns the
// generated data (`owned`), each Item is moved into its write request and
// the generated items are freed after the load, so the process never holds
// the data set twice over beside the database.
class Runner {
 public:
  // Requests go to options.backend, or to a Database of its own on a
  // ManualClock when that is null.
  Runner(const Model& model, const GeneratedData& data, const RunOptions& opt,
         GeneratedData* owned);

  StatusOr<RunReport> Run();
  // RunOptions::migrate's `verify` (runner.h's VerifyReads).
  MigrationPhaseReport VerifyAt(const std::string& from_version,
                                const std::string& read_version, int runs);
  // RunOptions::free_database false: the Database is never destroyed (nor
  // is anything using the clock it points to).
  void LeakDatabase();

 private:
  Status CreateTable();
  Status Load(RunReport* report);
  void BuildTruth();
  // Fills a multi-attribute index's truth from the records.
  void BuildMultiTruth(IndexTruth* truth);
  // A multi-attribute pattern's Query key condition with `params`: the
  // expression in *kce, its names and values added to *names and *values,
  // the truth's partition key in *pk, the sort values MultiSortKeyMatches
  // takes in *sk_values and the condition with this run's values in
  // *rendered (for the report's example).
  Status MultiKeyCondition(const AccessPattern& p, const IndexDefinition& def,
                           const Bindings& params, std::string* kce,
                           ExpressionAttributeNames* names,
                           ExpressionAttributeValues* values, std::string* pk,
                           std::vector<std::string>* sk_values,
                           AccessPattern* rendered) const;
  void CheckIndexes(RunReport* report);
  void RunPattern(int number, const AccessPattern& p, RunReport* report);
  // A PartiQL pattern's statement with `params` bound, every NextToken page
  // followed; adds to *items, *units, *elapsed and *pages. Returns the
  // failure ("" when it ran).
  std::string RunStatement(const PartiqlStatement& statement,
                           const Bindings& params, std::optional<int> limit,
                           bool consistent, std::vector<Item>* items,
                           double* units, int64_t* elapsed, int64_t* pages);
  std::string Verify(const AccessPattern& p, const IndexTruth& truth,
                     const std::string& pk,
                     const std::vector<std::string>& sk_values,
                     const std::vector<Item>& items,
                     const std::vector<int32_t>* expected);
  absl::flat_hash_map<std::string, std::vector<int32_t>> ExpectIndex(
      const Expectation& x) const;
  void HotKeys(RunReport* report);
  const IndexTruth* Truth(const std::string& index_name) const;
  // The id of the item written with this primary key (the table's truth:
  // its bucket, then a binary search on the sort key), or nullopt.
  std::optional<int32_t> ItemId(std::string_view pk, std::string_view sk) const;
  Item Project(const Item& item, const IndexTruth& truth) const;

  // The item's bindings (its S attributes of the entry's binding names).
  Bindings BindingsOf(int32_t id) const;
  // `id`'s item as `truth` projects it.
  Item ProjectedItem(int32_t id, const IndexTruth& truth) const;
  int64_t ProjectedSize(int32_t id, const IndexTruth& truth) const;

  const Model& model_;
  const Workload& workload_;
  const GeneratedData& data_;  // items empty after Load when owned_
  GeneratedData* owned_;       // null: data_ is the caller's, kept intact
  const RunOptions& options_;
  // Per generated item, filled by Load: its compact record, shape, entry
  // and size.
  std::vector<std::string> records_;
  std::vector<int32_t> shapes_, entries_;
  std::vector<int32_t> sizes_;
  std::function<int64_t()> now_;
  ManualClock clock_;
  std::unique_ptr<Database> db_;  // null when options_.backend is set
  std::unique_ptr<DatabaseBackend> own_backend_;
  RunBackend* backend_ = nullptr;  // where every request goes
  bool indexes_created_ = false;

  std::vector<IndexTruth> truths_;  // [0] is the table
  // (index, partition-key value) -> (read units, requests)
  std::map<std::pair<std::string, std::string>, std::pair<double, int64_t>>
      traffic_;
  int64_t runs_done_ = 0, total_runs_ = 0;  // for on_progress
  // Set by VerifyAt while it runs the patterns again: the old version's
  // prefix and the one reads go to ("v1#", "v2#"; read_to_ empty: the old
  // version), the runs per pattern, and the round (varies the parameters).
  std::string read_from_, read_to_;
  int runs_override_ = 0;
  int verify_round_ = 0;
  // Each pattern's ExpectIndex while VerifyAt runs them (the ground truth
  // does not change); freed when the run's migration ends.
  absl::flat_hash_map<int,
                      absl::flat_hash_map<std::string, std::vector<int32_t>>>
      expect_cache_;
};

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_RUNNER_H_
