// Copyright 2026 The eddy Authors.
//
// CompareRemedies: one scenario run as it is and with each remedy applied
// (model/lab/remedy.h), on the same traffic (same seed, same virtual clock,
// same scale), and the figures side by side: calls throttled and given up,
// p50 / p99 latency including retries' back-off and queueing, consumed
// capacity, the cache's hit ratio, the queue's deepest backlog, and the
// cost. `eddy scenario compare FILE --remedy X [--remedy Y]` prints
// FormatComparison and, with --html, writes RenderComparisonHtml.
//
// Units and money are at the scenario's full rates: a run at rate scale s
// has its consumed units and per-request costs divided by s (the token-bucket
// model is linear in the rates, model/lab/scenario.h); by-the-hour costs (DAX
// nodes, provisioned capacity) are not scaled. Prices: model/prices.json's
// us-east-1 (DynamoDB), remedy.h (DAX, SQS). Provisioned capacity is charged
// at the table's initial RCU/WCU (and its GSIs') for the whole run.
//
//   std::vector<Remedy> remedies = {*ParseRemedy("cache")};
//   StatusOr<Comparison> c = CompareRemedies(scenario, remedies, {});
//   std::cout << FormatComparison(*c);
//
// Thread safety: pure functions (each run builds its own Database).

#ifndef EDDY_MODEL_LAB_COMPARE_H_
#define EDDY_MODEL_LAB_COMPARE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "model/lab/remedy.h"
#include "model/lab/scenario.h"

namespace eddy::lab {

struct ComparisonRow {
  std::string label;  // "baseline" or the remedy as written
  ScenarioResult result;
  int64_t requests = 0;   // offered
  int64_t throttled = 0;  // calls throttled (batches: all parts)
  int64_t gave_up = 0;
  int64_t failed = 0;  // other errors (e.g. items over 400 KB)
  int64_t p50_micros = 0;
  int64_t p99_micros = 0;
  double read_units = 0;  // consumed, table and GSIs, full rate
  double write_units = 0;
  double cache_hit_ratio = 0;   // cache hits / read requests (cache only)
  int64_t max_queue_depth = 0;  // messages, at the run's scale
  double table_cost = 0;        // dollars over the run, full rate
  double remedy_cost = 0;
  double cost() const { return table_cost + remedy_cost; }
};

struct Comparison {
  std::string scenario;
  // What the runs are ("remedies compared", "predicted and observed"): the
  // HTML page's title after the scenario's name.
  std::string title = "remedies compared";
  int64_t duration_seconds = 0;
  double rate_scale = 1;
  std::vector<ComparisonRow> rows;  // baseline first, then each remedy
};

// Errors: ApplyRemedy's and RunScenario's (prefixed with the remedy).
StatusOr<Comparison> CompareRemedies(const Scenario& scenario,
                                     const std::vector<Remedy>& remedies,
                                     const RunOptions& options);

// One run's row (no remedy cost): for comparisons of other runs than
// remedies, e.g. the simulator's prediction next to an endpoint's run.
ComparisonRow SummarizeRun(std::string label, ScenarioResult result);

std::string FormatComparison(const Comparison& comparison);
// A self-contained page: the table, the throttled and accepted calls per
// second of every run on one chart each, and each run's lab report
// (RenderHtml) in a collapsible frame.
std::string RenderComparisonHtml(const Comparison& comparison);

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_COMPARE_H_
