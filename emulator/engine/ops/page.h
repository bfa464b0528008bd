// Copyright 2026 The eddy Authors.
//
// PageCollector: the page rules Query and Scan share, for a table or an
// index. Records are offered in the order the operation walks them; the
// collector counts each as evaluated (ScannedCount, capacity), applies the
// FilterExpression (Count) and the projection, and says when the page is
// full — at Limit evaluated items or at 1 MB of item data, measured before
// the filter — recording LastEvaluatedKey then.
//
// On a local secondary index a read may need attributes the index does not
// project; the collector then fetches each table item (set `fetch_from`),
// and each fetch is charged as DynamoDB charges it: a read of the table item
// rounded up to 4 KB on its own (throughput-model.md §1.2).

#ifndef EDDY_EMULATOR_ENGINE_OPS_PAGE_H_
#define EDDY_EMULATOR_ENGINE_OPS_PAGE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/storage/record.h"
#include "emulator/storage/table_store.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

class PageCollector {
 public:
  struct Options {
    // The attributes LastEvaluatedKey carries: the key of what is walked
    // (for an index, its keys and the table's).
    std::vector<std::string> key_names;
    std::optional<int> limit;  // null: no limit
    bool count_only = false;
    const expr::ResolvedCondition* filter = nullptr;
    const expr::ResolvedProjection* projection = nullptr;
    // LSI reads that need the whole item: the table's store, and whether the
    // fetches are strongly consistent. Null: return what was walked.
    const storage::TableStore* fetch_from = nullptr;
    bool consistent_fetch = false;
    // The page ends once this many bytes of item data were evaluated.
    int64_t max_bytes = limits::kMaxPageBytes;
  };

  explicit PageCollector(Options options);

  // Evaluates one record. Returns false when the page is full and the walk
  // must stop (the record was still counted).
  bool Add(const storage::Record& record);

  // Bytes of item (or index entry) data evaluated: what the read is charged
  // on.
  int64_t read_bytes() const { return read_bytes_; }
  // Capacity of the table fetches, in half-units (0 without fetch_from).
  int64_t fetch_half_units() const { return fetch_half_units_; }
  QueryResponse& response() { return response_; }

 private:
  Options options_;
  size_t limit_;
  int64_t read_bytes_ = 0;
  int64_t fetch_half_units_ = 0;
  QueryResponse response_;
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_PAGE_H_
