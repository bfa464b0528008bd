// Copyright 2026 The eddy Authors.
//
// Renders a RunReport: a text report for people and JSON for programs.
//
//   std::cout << FormatReportText(report);
//   std::cout << FormatReportJson(report) << "\n";
//
// The JSON document's members mirror the RunReport structs with camelCase
// names ("patterns[].readUnits.total", "indexes[].itemCount", ...).
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_REPORT_H_
#define EDDY_MODEL_REPORT_H_

#include <string>

#include "model/runner.h"

namespace eddy::model {

// The whole text report: FormatReportHeaderText + FormatReportBodyText.
std::string FormatReportText(const RunReport& report);
// Its first lines (model, table, scale, seed), which need only the fields
// of PlannedReport, so a CLI can print them before the run starts.
std::string FormatReportHeaderText(const RunReport& report);
std::string FormatReportBodyText(const RunReport& report);
std::string FormatReportJson(const RunReport& report);

}  // namespace eddy::model

#endif  // EDDY_MODEL_REPORT_H_
