// Copyright 2026 The eddy Authors.
//
// How a SELECT's WHERE becomes key reads (select_planner.cc uses it):
//
// 1. Expand decomposes the WHERE into branches: an OR whose subtree names a
//    key attribute of the target (table or index) splits into its sides, an
//    IN on a key attribute into one equality per value, and AND distributes
//    over both. Other ORs stay whole, as filter conjuncts.
// 2. ReadBranch reads each branch's conjuncts the way DynamoDB's key
//    extractor reads them: `pk = v` fixes the partition, one of
//    `sk = < <= > >= BETWEEN begins_with` the sort range, everything else
//    filters. A key under NOT (directly), a partition key compared any other
//    way, a sort key under `<>`, contains, attribute_exists, size(), or two
//    different conditions on one key make DynamoDB give up on keys: the
//    statement is a Scan.
// 3. The sort-range helpers order the branches of one partition and find
//    overlapping ranges, which DynamoDB refuses.
//
// Internal to emulator/partiql. Thread safety: pure functions; a Branch
// points into the condition trees it was read from, which must outlive it.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_WHERE_BRANCHES_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_WHERE_BRANCHES_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/expr/ast.h"
#include "emulator/partiql/internal/translate.h"
#include "emulator/partiql/schema.h"
#include "emulator/types/attribute_value.h"

namespace eddy::partiql::internal {

// DynamoDB reads at most this many partitions (or ranges) for one SELECT.
inline constexpr size_t kMaxDecomposedReads = 50;

// A branch: the conjuncts of one decomposed read, pointing into the WHERE
// tree (or into the pool of equalities an IN decomposed into).
using Conjuncts = std::vector<const expr::Condition*>;
using Pool = std::vector<ConditionPtr>;

// Whether `name` is the partition or sort key of `key`.
bool IsKey(std::string_view name, const KeySchema& key);

// Step 1: appends the branches of `c` to `out`; equalities made from IN
// lists are owned by `pool`. Returns false when there would be more than
// kMaxDecomposedReads branches.
bool Expand(const expr::Condition& c, const KeySchema& key,
            std::vector<Conjuncts>* out, Pool* pool);

// Whether every branch names a partition-key value (DynamoDB's check for
// ORDER BY, and for the decomposition limit).
bool PinsPartition(const expr::Condition& c, const KeySchema& key);

// A sort-key condition, as a range of values.
struct Range {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  Op op = Op::kEq;
  AttributeValue low;   // the value (kEq, kLt..kGe, kBeginsWith) or lower
  AttributeValue high;  // kBetween
};

// One read: its partition, its sort range, and what filters it.
struct Branch {
  std::optional<AttributeValue> hash;
  std::optional<Range> range;
  Conjuncts filter;
};

// kKeyed: the branch fixes a partition; kUnkeyed: it does not (but names no
// key in a way that forbids a key condition); kScan: DynamoDB scans.
enum class BranchResult { kKeyed, kUnkeyed, kScan };

// Step 2 for one branch.
BranchResult ReadBranch(const Conjuncts& conjuncts, const KeySchema& key,
                        Branch* out);

// Orders ranges by their lower bound (no range and unbounded first):
// negative, zero or positive.
int CompareRangeStarts(const std::optional<Range>& a,
                       const std::optional<Range>& b);

// Whether two sort ranges (none: every value) share a value.
bool Overlap(const std::optional<Range>& a, const std::optional<Range>& b);

// The conjuncts as one AND chain, in order (copies); null when empty.
ConditionPtr AndAll(const Conjuncts& conjuncts);

// The key condition `name <op> value(s)` of a range.
ConditionPtr RangeCondition(const std::string& name, const Range& r);

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_WHERE_BRANCHES_H_
