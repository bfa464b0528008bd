// Copyright 2026 The eddy Authors.

#include "model/lab/model_migration.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "model/lab/internal/runner.h"
#include "model/lab/migration.h"
#include "model/lab/scenario.h"

namespace eddy::lab {
namespace {

using internal::Migration;

// A migration that has not ended after this many virtual seconds is an
// error (a backfill that cannot progress).
constexpr int64_t kMaxSeconds = 10'000'000;

void Add(const model::MigrationPhaseReport& from,
         model::MigrationPhaseReport* to) {
  to->reads += from.reads;
  to->verified += from.verified;
  for (const std::string& f : from.failures) {
    if (to->failures.size() >= 5) break;
    to->failures.push_back(f);
  }
}

void AddUnits(const std::optional<ConsumedCapacity>& c, double* units) {
  if (c) *units += c->capacity_units;
}

class ModelMigration {
 public:
  ModelMigration(const model::Model& m, MigrationSpec spec)
      : spec_(std::move(spec)) {
    table_.partition_key = m.table.partition_key;
    table_.sort_key = m.table.sort_key;
  }

  Status Run(model::RunBackend* backend, const model::VerifyReads& verify,
             model::RunReport* report);

 private:
  // One dual write: the next old-version item, re-written unchanged to
  // both versions.
  Status DualWrite(model::RunBackend* b, model::MigrationReport* out);
  // This second's copies.
  Status Backfill(model::RunBackend* b, int64_t second,
                  model::MigrationReport* out);

  MigrationSpec spec_;
  TableSpec table_;
  std::unique_ptr<Migration> mig_;
  std::optional<Item> dual_cursor_;
  bool dual_done_ = false;
};

Status ModelMigration::DualWrite(model::RunBackend* b,
                                 model::MigrationReport* out) {
  if (dual_done_) return Status::OK();
  for (int tries = 0; tries < 100; ++tries) {
    ScanRequest scan;
    scan.table_name = table_.name;
    scan.limit = 1;
    scan.exclusive_start_key = dual_cursor_;
    scan.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    StatusOr<ScanResponse> page = b->Scan(scan);
    if (!page.ok()) return page.status().WithMessagePrefix("Scan: ");
    AddUnits(page->consumed_capacity, &out->read_units);
    dual_cursor_ = page->last_evaluated_key;
    if (!dual_cursor_) dual_done_ = true;
    if (page->items.empty() || mig_->IsNew(page->items[0])) {
      if (dual_done_) return Status::OK();
      continue;
    }
    const Item& item = page->items[0];
    for (const Item& version : {item, mig_->To(item)}) {
      PutItemRequest put;
      put.table_name = table_.name;
      put.item = version;
      put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
      StatusOr<PutItemResponse> r = b->PutItem(put);
      if (!r.ok()) return r.status().WithMessagePrefix("PutItem: ");
      AddUnits(r->consumed_capacity, &out->write_units);
    }
    ++out->dual_writes;
    return Status::OK();
  }
  return Status::OK();
}

Status ModelMigration::Backfill(model::RunBackend* b, int64_t second,
                                model::MigrationReport* out) {
  const int64_t copies =
      spec_.backfill.per_second > 0
          ? std::max<int64_t>(1, std::llround(spec_.backfill.per_second))
          : spec_.backfill.scan_page_items;
  for (int64_t i = 0; i < copies; ++i) {
    if (mig_->NeedsPage()) {
      StatusOr<ScanResponse> page = b->Scan(mig_->PageRequest(table_.name));
      if (!page.ok()) {
        if (!internal::IsThrottle(page.status().code())) {
          return page.status().WithMessagePrefix("Scan: ");
        }
        mig_->PageThrottled();
        break;  // again next second
      }
      AddUnits(page->consumed_capacity, &out->read_units);
      mig_->Page(*page);
    }
    std::optional<Item> copy = mig_->NextCopy();
    if (!copy) break;
    PutItemRequest put;
    put.table_name = table_.name;
    put.item = *copy;
    put.condition_expression = "attribute_not_exists(#k)";
    put.expression_attribute_names =
        ExpressionAttributeNames{{"#k", table_.partition_key}};
    put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    mig_->CopyStarted();
    StatusOr<PutItemResponse> r = b->PutItem(put);
    using Outcome = Migration::CopyOutcome;
    Outcome outcome = Outcome::kGaveUp;
    if (r.ok()) {
      outcome = Outcome::kWritten;
      AddUnits(r->consumed_capacity, &out->write_units);
    } else if (r.status().code() == ErrorCode::kConditionalCheckFailed) {
      outcome = Outcome::kSkipped;
    } else if (internal::IsThrottle(r.status().code())) {
      outcome = Outcome::kThrottled;
    }
    mig_->CopyFinished(*copy, outcome, second);
    if (outcome == Outcome::kThrottled) break;
  }
  if (mig_->CheckDone(second) && !spec_.cutover_at_second) {
    mig_->SetCutover(second);
  }
  return Status::OK();
}

Status ModelMigration::Run(model::RunBackend* backend,
                           const model::VerifyReads& verify,
                           model::RunReport* report) {
  table_.name = report->table;
  dual_cursor_.reset();
  dual_done_ = false;
  mig_ = std::make_unique<Migration>(spec_, table_, 0);
  model::MigrationReport out;
  out.from_version = spec_.from_version;
  out.to_version = spec_.to_version;
  out.dual_write_second = spec_.dual_write_at_second;
  // Before: the run's own verified pattern runs.
  for (const model::PatternReport& p : report->patterns) {
    if (!p.executable || !p.skipped.empty() || p.IsWrite()) continue;
    out.phases[0].reads += p.runs;
    out.phases[0].verified += p.verified;
    for (const std::string& f : p.failures) {
      if (out.phases[0].failures.size() >= 5) break;
      out.phases[0].failures.push_back("pattern " + std::to_string(p.number) +
                                       " " + f);
    }
  }
  const std::string& from = spec_.from_version;
  int64_t second = 0;
  for (;; ++second) {
    if (second >= kMaxSeconds) {
      return Status::Internal("the migration did not end within " +
                              std::to_string(kMaxSeconds) + " virtual seconds");
    }
    if (second >= spec_.backfill.at_second) mig_->StartBackfill(second);
    if (mig_->DualWrites(second)) {
      EDDY_RETURN_IF_ERROR(DualWrite(backend, &out));
    }
    if (mig_->BackfillActive()) {
      EDDY_RETURN_IF_ERROR(Backfill(backend, second, &out));
    }
    if (spec_.cutover_at_second && second >= *spec_.cutover_at_second) {
      mig_->SetCutover(second);
    }
    if (mig_->BackfillDone() && mig_->CutOver()) break;
    if (!spec_.verify_reads) continue;
    const std::string& reads = mig_->ReadsNew() ? spec_.to_version : from;
    Add(verify(from, reads, 1), &out.phases[mig_->DualWrites(second) ? 1 : 0]);
    // Seconds in which nothing can change (before the dual writes, or
    // after they have re-written every item and before the backfill) are
    // skipped to the next event: their reads would be this second's.
    const bool changing =
        (mig_->DualWrites(second) && !dual_done_) || mig_->BackfillActive();
    if (!changing) {
      int64_t next = kMaxSeconds;
      for (int64_t at : {spec_.dual_write_at_second, spec_.backfill.at_second,
                         spec_.cutover_at_second.value_or(kMaxSeconds)}) {
        if (at > second) next = std::min(next, at);
      }
      second = std::max(second, next - 1);
    }
  }
  out.seconds = second + 1;
  if (spec_.verify_reads) {
    out.phases[2] = verify(from, spec_.to_version, report->runs_per_pattern);
  }
  MigrationResult m = mig_->TakeResult();
  out.backfill_start_second = m.backfill_start_second;
  out.backfill_end_second = m.backfill_end_second;
  out.cutover_second = m.cutover_second;
  out.scan_calls = m.scan_calls;
  out.scanned_items = m.scanned_items;
  out.copied = m.copied;
  out.skipped = m.skipped;
  out.given_up = m.copies_given_up;
  report->migration = std::move(out);
  return Status::OK();
}

}  // namespace

bool HasMigration(const model::Model& m) {
  return m.workload && m.workload->migration;
}

Status AddModelMigration(const model::Model& m, model::RunOptions* options) {
  if (!HasMigration(m)) return Status::OK();
  EDDY_ASSIGN_OR_RETURN(
      MigrationSpec spec,
      ParseMigrationSpec(*m.workload->migration, "/workload/migration"));
  EDDY_RETURN_IF_ERROR(
      Migration::CheckVersions(spec).WithMessagePrefix("/workload"));
  if (spec.backfill.at_second < spec.dual_write_at_second) {
    return Status::Validation(
        "/workload/migration/backfill/atSecond: the backfill must start at "
        "or after the dual writes (dualWriteAtSecond)");
  }
  const std::string* version = m.workload->constants.Find("version");
  if (version == nullptr || *version != spec.from_version) {
    return Status::Validation(
        "/workload/migration/fromVersion: must be the workload's constant "
        "\"version\" (the version the model's items are generated at)");
  }
  auto migration = std::make_shared<ModelMigration>(m, std::move(spec));
  options->migrate = [migration](model::RunBackend* backend,
                                 const model::VerifyReads& verify,
                                 model::RunReport* report) {
    return migration->Run(backend, verify, report);
  };
  return Status::OK();
}

}  // namespace eddy::lab
