// Copyright 2026 The eddy Authors.
//
// Helpers shared by the design-pattern examples (model/design_patterns.h):
// recording lines, checks and figures, creating small tables, and placing a
// partition key in a table's partitions.
//
// Thread safety: PatternRecorder is not thread-safe; the functions are pure.

#ifndef EDDY_MODEL_PATTERNS_PATTERN_UTIL_H_
#define EDDY_MODEL_PATTERNS_PATTERN_UTIL_H_

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/database.h"
#include "model/design_patterns.h"

namespace eddy::model::internal {

std::string Fmt(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

class PatternRecorder {
 public:
  explicit PatternRecorder(model::DesignPatternResult* r) : r_(r) {}
  void Line(std::string line) { r_->lines.push_back(std::move(line)); }
  // Records the check; returns `passed`.
  bool Check(bool passed, std::string what) {
    r_->checks.push_back({std::move(what), passed});
    return passed;
  }
  // Records a failed check from an unexpected error.
  void Fail(std::string_view step, const Status& s) {
    Check(false, std::string(step) + ": " + s.ToString());
  }
  void Figure(const std::string& name, double value) {
    r_->figures[name] = value;
  }

 private:
  model::DesignPatternResult* r_;
};

// A table with an S partition key and, when sort_key is non-empty, an S sort
// key. On-demand unless `throughput` is given.
Status CreateSimpleTable(Database& db, const std::string& name,
                         const std::string& partition_key,
                         const std::string& sort_key,
                         std::optional<ProvisionedThroughput> throughput = {});

// Where eddy places a string partition key in the hash space
// (eddy::PartitionKeyHash). Callers still cross-check it against Scan's order
// (Scan walks the key space in hash order).
uint64_t PartitionKeyHash(std::string_view key);

// Index of the partition owning `hash`, given DescribePartitions' starts.
int PartitionOf(const std::vector<uint64_t>& starts, uint64_t hash);

// Scans the whole table (all pages) and reports whether the partition-key
// hashes of the items come in non-decreasing order — the check that
// PartitionKeyHash agrees with the engine. Sets *items to the number seen.
StatusOr<bool> ScanOrderMatchesHash(Database& db, const std::string& table,
                                    const std::string& partition_key,
                                    int64_t* items);

// A BatchWriteItem of `items` in calls of 25, retrying unprocessed items.
Status PutAll(Database& db, const std::string& table, std::vector<Item> items);

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_PATTERNS_PATTERN_UTIL_H_
