// Copyright 2026 The eddy Authors.
//
// The second seed's design advice as runnable, self-checking examples. Each
// builds its own tables in a fresh eddy Database, does the thing the advice
// describes, measures it through the public API, and asserts the outcome:
//
//   - RunWriteSharding: a hot key (votes for one candidate) sharded into N
//     items written at random, read back by scatter-gather and summed; the
//     totals equal the votes cast, and the hot candidate's writes spread over
//     its shards and partitions instead of one key.
//   - RunLargeObject: an object too large for one item (PutItem is refused
//     at 400 KB) split into chunk items under a metadata item recording the
//     chunk count; reassembled twice (BatchGetItem by key, and a paged Query)
//     and compared byte for byte.
//   - RunOptimisticLocking: a version number and ConditionExpression: an
//     account-status update that conflicts and retries; a shopping cart kept
//     as one item where a blind write loses an update and the versioned write
//     does not; and threads racing on one cart, every increment kept.
//   - RunKeyCardinality: the same users keyed by a two-value country code, by
//     country code with a computed suffix, and by user id, with the items'
//     spread over the table's partitions (from Database::DescribePartitions
//     and the partition-key hash).
//
//   for (const DesignPatternResult& r : RunDesignPatterns()) {
//     std::cout << r.name << (r.ok() ? " ok" : " FAILED") << "\n";
//   }
//
// Thread safety: each function is reentrant (RunOptimisticLocking starts
// threads of its own and joins them before returning).

#ifndef EDDY_MODEL_DESIGN_PATTERNS_H_
#define EDDY_MODEL_DESIGN_PATTERNS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace eddy::model {

struct DesignPatternCheck {
  std::string what;
  bool passed = false;
};

struct DesignPatternResult {
  std::string name;                // "write sharding"
  std::string advice;              // the seed's point, in one sentence
  std::vector<std::string> lines;  // what was done and measured
  std::vector<DesignPatternCheck> checks;
  // Named figures for programs and tests ("hot_key_share_unsharded", ...).
  std::map<std::string, double> figures;

  bool ok() const;
};

struct WriteShardingOptions {
  int shards = 10;
  std::vector<std::pair<std::string, int>> votes = {
      {"candidateA", 20000}, {"candidateB", 3000}, {"candidateC", 500}};
  uint64_t seed = 7;
};
DesignPatternResult RunWriteSharding(const WriteShardingOptions& options = {});

struct LargeObjectOptions {
  int64_t object_bytes = 1'500'000;
  int64_t chunk_bytes = 300 * 1024;
  uint64_t seed = 11;
};
DesignPatternResult RunLargeObject(const LargeObjectOptions& options = {});

struct OptimisticLockingOptions {
  int threads = 4;
  int increments_per_thread = 250;
};
DesignPatternResult RunOptimisticLocking(
    const OptimisticLockingOptions& options = {});

struct KeyCardinalityOptions {
  int users = 10000;
  int suffixes = 10;  // the computed suffix spreads each country this far
  // Provisioned throughput of each table: ceil(6000/3000 + 6000/1000) = 8
  // partitions.
  int64_t read_units = 6000;
  int64_t write_units = 6000;
  uint64_t seed = 3;
};
DesignPatternResult RunKeyCardinality(
    const KeyCardinalityOptions& options = {});

// All four with their default options.
std::vector<DesignPatternResult> RunDesignPatterns();

std::string FormatDesignPatternsText(const std::vector<DesignPatternResult>& r);
std::string FormatDesignPatternsJson(const std::vector<DesignPatternResult>& r);

}  // namespace eddy::model

#endif  // EDDY_MODEL_DESIGN_PATTERNS_H_
