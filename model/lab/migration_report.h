// Copyright 2026 The eddy Authors.
//
// The report's migration and online-index parts (ScenarioResult::migration,
// ScenarioResult::online_index): text lines for FormatSummary, members for
// FormatJson and the per-second series the HTML report charts (items of
// each version, backfill copies). Used by report.cc and html.cc; not for use
// outside model/lab.
//
// Phases, for the live traffic's throttling: before the backfill, while it
// runs (its start to its end, or the run's end), after it. Live traffic is
// every stream but the backfill's own ("migration.backfill").
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_LAB_MIGRATION_REPORT_H_
#define EDDY_MODEL_LAB_MIGRATION_REPORT_H_

#include <string>

#include "model/lab/scenario.h"
#include "nlohmann/json.hpp"

namespace eddy::lab::internal {

// The backfill's stream name in ScenarioResult::streams.
inline constexpr char kBackfillStream[] = "migration.backfill";

// Live calls throttled per second over [from, to) (every stream but the
// backfill's); 0 for an empty range.
double LiveThrottledPerSecond(const ScenarioResult& r, int64_t from,
                              int64_t to);

// Text for the summary; empty without a migration or online index.
std::string FormatMigration(const ScenarioResult& r);
// JSON members "migration" and "onlineIndex" added to `doc` when present.
void AddMigrationJson(const ScenarioResult& r, nlohmann::ordered_json& doc);

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_MIGRATION_REPORT_H_
