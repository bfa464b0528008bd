// Copyright 2026 The eddy Authors.
//
// PageCollector: the page rules Query and Scan share, for a table or an
// index. Records are offered in the order the operation walks them; the
// collector counts each as evaluated (ScannedCount, capacity), applies the
// FilterExpression (Count) and the projection, and says when the page is
// full — at Limit evaluated items or at 1 MB of item data, measured before
// the filter — recording LastEvaluatedKey then.
//
// The 1 MB rule (DynamoDB's Query.Pagination page: a Query "only returns a
// result set that fits within the 1 MB size limit"; pages are "1 MB in size
// (or less)"): a record that would take the evaluated data past 1 MB is not
// evaluated — the page ends before it, with the previous record as
// LastEvaluatedKey — unless it is the page's first record (a page is never
// empty because of size). Callers ask `Fits` before charging and adding.
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
    // The page holds at most this many bytes of evaluated item data (or one
    // record of any size).
    int64_t max_bytes = limits::kMaxPageBytes;
  };

  explicit PageCollector(Options options);

  // Whether `record` still fits the page's bytes. When it does not, the page
  // ends before it: LastEvaluatedKey is the last added record's key and the
  // walk must stop without adding or charging `record`. The first record
  // always fits.
  bool Fits(const storage::Record& record);

  // Evaluates one record. Returns false when the page is full and the walk
  // must stop (the record was still counted).
  // REQUIRES: Fits(record) was true. `record` stays valid (the walk holds
  // the store's lock) until the next Add or Fits.
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
  const storage::Record* last_ = nullptr;  // the last record added
  QueryResponse response_;
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_PAGE_H_
