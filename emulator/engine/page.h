// Copyright 2026 The eddy Authors.
//
// PageCollector: the page rules Query and Scan share. Records are offered in
// the order the operation walks them; the collector counts each as evaluated
// (ScannedCount, capacity), applies the FilterExpression (Count), and says
// when the page is full — at Limit evaluated items or at 1 MB of item data,
// measured before the filter — recording LastEvaluatedKey then.

#ifndef EDDY_EMULATOR_ENGINE_PAGE_H_
#define EDDY_EMULATOR_ENGINE_PAGE_H_

#include <cstdint>
#include <optional>

#include "emulator/api/requests.h"
#include "emulator/engine/table.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/storage/record.h"

namespace eddy::engine {

class PageCollector {
 public:
  // `limit` null for no limit; `filter` / `projection` null for none.
  PageCollector(const Table& table, std::optional<int> limit, bool count_only,
                const expr::ResolvedCondition* filter,
                const expr::ResolvedProjection* projection);

  // Evaluates one record. Returns false when the page is full and the walk
  // must stop (the record was still counted).
  bool Add(const storage::Record& record);

  // Bytes of item data evaluated (what the read is charged on).
  int64_t read_bytes() const { return read_bytes_; }
  QueryResponse& response() { return response_; }

 private:
  const Table& table_;
  size_t limit_;
  bool count_only_;
  const expr::ResolvedCondition* filter_;
  const expr::ResolvedProjection* projection_;
  int64_t read_bytes_ = 0;
  QueryResponse response_;
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_PAGE_H_
