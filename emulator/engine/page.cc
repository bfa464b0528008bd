// Copyright 2026 The eddy Authors.

#include "emulator/engine/page.h"

#include "emulator/engine/keys.h"
#include "emulator/expr/evaluate.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

PageCollector::PageCollector(const Table& table, std::optional<int> limit, bool count_only,
                             const expr::ResolvedCondition* filter,
                             const expr::ResolvedProjection* projection)
    : table_(table),
      limit_(limit ? static_cast<size_t>(*limit) : SIZE_MAX),
      count_only_(count_only),
      filter_(filter),
      projection_(projection) {}

bool PageCollector::Add(const storage::Record& record) {
  ++response_.scanned_count;
  read_bytes_ += record.item_size();
  Item item = record.Decode();
  const bool full = static_cast<size_t>(response_.scanned_count) >= limit_ ||
                    read_bytes_ >= limits::kMaxPageBytes;
  if (full) response_.last_evaluated_key = KeyAttributesOf(table_, item);
  if (filter_ == nullptr || expr::Evaluate(*filter_, item)) {
    ++response_.count;
    if (!count_only_) {
      response_.items.push_back(projection_ ? expr::Project(*projection_, item) : std::move(item));
    }
  }
  return !full;
}

}  // namespace eddy::engine
