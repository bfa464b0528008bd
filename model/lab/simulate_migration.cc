// Copyright 2026 The eddy Authors.
//
// The scenario runner's glue to a migration (Scenario::migration) and an
// online index (Scenario::onlineIndex): a backfill worker's turn
// (BackfillWake: a Scan page, then one copy) and the bookkeeping when a
// request is done (MigrationDone: what was written, read or deleted).

#include <algorithm>
#include <cmath>

#include "model/lab/internal/runner.h"

namespace eddy::lab::internal {

void Runner::BackfillWake(int64_t now) {
  if (!migration_->BackfillActive()) return;
  const MigrationSpec& m = migration_->spec();
  const bool closed = m.backfill.per_second <= 0;
  const int64_t call = BackfillCallMicros();
  const int64_t second = (now - kStartMicros) / kMicros;
  if (migration_->NeedsPage()) {
    clock_.SetMicros(now);
    target_->Pace(now - kStartMicros);
    StatusOr<ScanResponse> page =
        target_->Scan(migration_->PageRequest(scenario_.table.name));
    if (!page.ok()) {
      // Throttled (or failed): this worker backs off and tries again.
      migration_->PageThrottled();
      if (IsThrottle(page.status().code())) {
        CountError(page.status(), 1);
      } else {
        errors_[std::string(ErrorCodeName(page.status().code()))] += 1;
      }
      if (closed) {
        const int64_t wait =
            std::llround(std::min(scenario_.retry.cap_millis,
                                  scenario_.retry.base_millis *
                                      std::pow(scenario_.retry.growth, 2)) *
                         1000);
        due_.push(Due{now + std::max(call, wait), seq_++, kBackfillWake});
      }
      return;
    }
    migration_->AddUnits(page->consumed_capacity, false);
    migration_->Page(*page);
  }
  std::optional<Item> item = migration_->NextCopy();
  if (!item) {
    if (migration_->CheckDone(second)) {
      if (!m.cutover_at_second) migration_->SetCutover(second);
    } else if (closed) {
      due_.push(Due{now + call, seq_++, kBackfillWake});  // next page
    }
    return;
  }
  const size_t slot = NewSlot();
  Request& req = pool_[slot];
  req.stream = backfill_index_;
  req.attempt = 0;
  req.origin_micros = now;
  req.shadow = false;
  req.items.clear();
  req.items.push_back(*std::move(item));
  ++At(backfill_index_, now).offered;
  migration_->CopyStarted();
  Issue(slot, now);
}

void Runner::MigrationDone(const Request& req, const CallAnswer& answer,
                           int64_t now) {
  if (!answer.status.ok()) return;
  const std::vector<Item>& unprocessed = answer.unprocessed;
  const std::optional<Item>& got = answer.got;
  const std::vector<Item>& got_items = answer.got_items;
  const Stream& stream = StreamOf(req.stream);
  const int64_t second = (now - kStartMicros) / kMicros;
  const bool writes = stream.operation != Operation::kGetItem &&
                      stream.operation != Operation::kBatchGetItem &&
                      stream.operation != Operation::kQuery;
  if (migration_ == nullptr && !writes) return;
  const TableSpec& t = scenario_.table;
  auto same_key = [&](const Item& a, const Item& b) {
    const AttributeValue* x = a.Find(t.partition_key);
    const AttributeValue* y = b.Find(t.partition_key);
    if (x == nullptr || y == nullptr || !(*x == *y)) return false;
    if (t.sort_key.empty()) return true;
    x = a.Find(t.sort_key);
    y = b.Find(t.sort_key);
    return x != nullptr && y != nullptr && *x == *y;
  };
  auto done = [&](const Item& item) {
    for (const Item& u : unprocessed) {
      if (same_key(u, item)) return false;
    }
    return true;
  };
  switch (stream.operation) {
    case Operation::kPutItem:
    case Operation::kUpdateItem:
    case Operation::kDeleteItem:
    case Operation::kBatchWriteItem: {
      std::vector<Item> written;
      for (const Item& item : req.items) {
        if (done(item)) written.push_back(item);
      }
      const bool deleted = stream.operation == Operation::kDeleteItem;
      if (migration_ != nullptr) {
        migration_->Written(written, deleted, !req.shadow,
                            stream.operation == Operation::kUpdateItem);
      }
      if (online_index_ != nullptr) online_index_->Written(written, deleted);
      return;
    }
    case Operation::kGetItem:
      migration_->Read(req.items[0], got ? &*got : nullptr, second);
      return;
    case Operation::kBatchGetItem:
      for (const Item& key : req.items) {
        if (!done(key)) continue;
        const Item* found = nullptr;
        for (const Item& g : got_items) {
          if (same_key(g, key)) found = &g;
        }
        migration_->Read(key, found, second);
      }
      return;
    case Operation::kQuery:
      // The table's partition or a GSI's, item by item and as a whole (an
      // LSI's queries are not verified).
      if (stream.index.empty()) {
        migration_->QueryRead(req.items[0], got_items, !answer.more_pages,
                              second);
      } else if (const AttributeValue* v = req.items[0].Find(t.partition_key)) {
        migration_->IndexQueryRead(stream.index, *v, got_items,
                                   !answer.more_pages, second);
      }
      return;
  }
}

}  // namespace eddy::lab::internal
