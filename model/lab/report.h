// Copyright 2026 The eddy Authors.
//
// Renders a ScenarioResult: a text summary for people, JSON for programs,
// and a self-contained HTML report (inline SVG and CSS, no script, no
// network) with a partition × time heat map per table and GSI, the client's
// throttle curves, consumed capacity, the partition count over time (and
// the open stream shards, when the table has a stream, with a table of its
// shards), the throttling reasons and the top keys.
//
//   std::cout << FormatSummary(result);
//   std::ofstream("report.html") << RenderHtml(result);
//
// Every figure is formatted with fixed rules (no locale, no shortest-float
// printing), so equal results render to equal bytes.
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_LAB_REPORT_H_
#define EDDY_MODEL_LAB_REPORT_H_

#include <string>

#include "model/lab/scenario.h"

namespace eddy::lab {

std::string FormatSummary(const ScenarioResult& result);
// The summary's first lines (name, description, duration, seed, rate scale,
// retries, expectation), known before the run: FormatSummary(result) begins
// with FormatSummaryHeader(result.scenario, result.rate_scale).
std::string FormatSummaryHeader(const Scenario& scenario, double rate_scale);
std::string FormatJson(const ScenarioResult& result);
std::string RenderHtml(const ScenarioResult& result);

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_REPORT_H_
