// Copyright 2026 The eddy Authors.
//
// UpdateContinuousBackups and DescribeContinuousBackups: the table's
// point-in-time-recovery setting and its restorable window. Continuous
// backups themselves are always ENABLED, as DynamoDB reports them.

#include <algorithm>

#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/table/journal.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

constexpr int64_t kDayMicros = 24LL * 3600 * 1'000'000;
// DynamoDB: "LatestRestorableDateTime is typically 5 minutes before the
// current time".
constexpr int64_t kLatestLagMicros = 5LL * 60 * 1'000'000;

ContinuousBackupsDescription Describe(const Table& table, int64_t now_micros)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu()) {
  const TableState& state = table.state();
  ContinuousBackupsDescription d;
  PointInTimeRecoveryDescription& p = d.point_in_time_recovery_description;
  p.enabled = state.pitr_enabled;
  if (state.pitr_enabled) {
    const PitrWindow w = PitrWindowOf(table, now_micros);
    p.recovery_period_in_days = state.pitr_recovery_period_days;
    p.earliest_restorable_date_time = w.earliest;
    p.latest_restorable_date_time = w.latest;
  }
  return d;
}

}  // namespace

std::shared_ptr<Table> FindTableByNameOrArn(Context& ctx,
                                            const std::string& name_or_arn) {
  if (name_or_arn.starts_with("arn:")) {
    const size_t at = name_or_arn.find(":table/");
    if (at == std::string::npos) return nullptr;
    std::string name = name_or_arn.substr(at + 7);
    if (name.find('/') != std::string::npos) return nullptr;
    std::shared_ptr<Table> t = ctx.catalog->Find(name);
    return t != nullptr && t->arn() == name_or_arn ? t : nullptr;
  }
  return ctx.catalog->Find(name_or_arn);
}

Status ContinuousBackupsTableNotFound(const std::string& name_or_arn) {
  return Status(ErrorCode::kTableNotFound, "Table not found: " + name_or_arn);
}

int64_t PitrEarliestMicros(const Table& table, int64_t now_micros) {
  const TableState& state = table.state();
  int64_t floor = 0;
  if (const Journal* journal = table.definition().journal) {
    floor = journal->HistoryFloorMicros(table.definition().journal_number);
  }
  return std::max({state.pitr_enabled_since_micros,
                   now_micros - state.pitr_recovery_period_days * kDayMicros,
                   floor});
}

PitrWindow PitrWindowOf(const Table& table, int64_t now_micros) {
  const int64_t earliest = PitrEarliestMicros(table, now_micros);
  const int64_t latest = std::max(earliest, now_micros - kLatestLagMicros);
  // Whole seconds, as DynamoDB reports restorable times.
  return PitrWindow{static_cast<double>(earliest / 1'000'000),
                    static_cast<double>(latest / 1'000'000)};
}

StatusOr<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
    Context& ctx, const UpdateContinuousBackupsRequest& request) {
  ValidationErrors errors;
  if (request.table_name.empty()) {
    errors.Add("''", "tableName",
               "Member must have length greater than or equal to 1");
  } else if (request.table_name.size() > 1024) {
    errors.Add("'" + request.table_name + "'", "tableName",
               "Member must have length less than or equal to 1024");
  }
  const PointInTimeRecoverySpecification& spec =
      request.point_in_time_recovery_specification;
  if (spec.recovery_period_in_days) {
    const int days = *spec.recovery_period_in_days;
    if (days < 1) {
      errors.Add("'" + std::to_string(days) + "'",
                 "pointInTimeRecoverySpecification.recoveryPeriodInDays",
                 "Member must have value greater than or equal to 1");
    } else if (days > 35) {
      errors.Add("'" + std::to_string(days) + "'",
                 "pointInTimeRecoverySpecification.recoveryPeriodInDays",
                 "Member must have value less than or equal to 35");
    }
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::shared_ptr<Table> table = FindTableByNameOrArn(ctx, request.table_name);
  if (table == nullptr) {
    return ContinuousBackupsTableNotFound(request.table_name);
  }
  const int64_t now = ctx.options->clock->NowMicros();
  MutexLock lock(&table->mu());
  TableState& state = table->mutable_state();
  if (spec.point_in_time_recovery_enabled) {
    if (!state.pitr_enabled) {
      state.pitr_enabled = true;
      state.pitr_enabled_since_micros = now;
    }
    state.pitr_recovery_period_days = spec.recovery_period_in_days.value_or(35);
  } else {
    state.pitr_enabled = false;
    state.pitr_enabled_since_micros = 0;
    state.pitr_recovery_period_days = 35;
  }
  LogSettingsChange(*table);
  return UpdateContinuousBackupsResponse{Describe(*table, now)};
}

StatusOr<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
    Context& ctx, const DescribeContinuousBackupsRequest& request) {
  ValidationErrors errors;
  if (request.table_name.empty()) {
    errors.Add("''", "tableName",
               "Member must have length greater than or equal to 1");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::shared_ptr<Table> table = FindTableByNameOrArn(ctx, request.table_name);
  if (table == nullptr) {
    return ContinuousBackupsTableNotFound(request.table_name);
  }
  const int64_t now = ctx.options->clock->NowMicros();
  ReaderMutexLock lock(&table->mu());
  return DescribeContinuousBackupsResponse{Describe(*table, now)};
}

}  // namespace eddy::engine
