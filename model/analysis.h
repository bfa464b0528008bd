// Copyright 2026 The eddy Authors.
//
// A model's cost estimate (model/cost.h) and design review
// (model/review.h) beside its run report, in the three report formats:
// text, JSON and a self-contained HTML page.
//
//   DataProfile profile;
//   RunOptions options;
//   options.on_generated = [&](const GeneratedData& d) {
//     profile = ProfileData(model, d);
//   };
//   StatusOr<RunReport> run = RunModel(model, options);
//   StatusOr<ModelAnalysis> a = Analyze(model, std::move(profile), *run);
//   std::cout << FormatReportText(*run) << FormatAnalysisText(*a);
//   std::string json = FormatReportJson(*run, *a);   // + "cost", "review"
//   std::string html = RenderModelHtml(model, *run, *a);
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_ANALYSIS_H_
#define EDDY_MODEL_ANALYSIS_H_

#include <optional>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "model/cost.h"
#include "model/model.h"
#include "model/profile.h"
#include "model/review.h"
#include "model/runner.h"

namespace eddy::model {

struct AnalysisOptions {
  // Replaces the model's "traffic" member when set (the CLI's flags).
  std::optional<Traffic> traffic;
  // Replace the traffic's region and utilization (whichever traffic it is).
  std::optional<std::string> region;
  std::optional<double> utilization;
  const PriceTable* prices = nullptr;  // null: DefaultPriceTable()
  ReviewOptions review;
};

struct ModelAnalysis {
  DataProfile profile;
  Traffic traffic;
  CostReport cost;
  std::vector<Finding> findings;
};

// Errors: EstimateCost's (a region the price table does not have).
StatusOr<ModelAnalysis> Analyze(const Model& model, DataProfile profile,
                                const RunReport& run,
                                const AnalysisOptions& options = {});

// "Cost" and "Design review" sections for the end of the text report.
std::string FormatAnalysisText(const ModelAnalysis& analysis);

// FormatReportJson's document with two more members: "cost" and "review".
std::string FormatReportJson(const RunReport& run,
                             const ModelAnalysis& analysis);

// One self-contained HTML page (inline CSS, no script, nothing fetched):
// the entities × indexes matrix, per-pattern latency, read units and cost,
// index sizes, the cost tables, the review's findings and the hottest keys.
std::string RenderModelHtml(const Model& model, const RunReport& run,
                            const ModelAnalysis& analysis);

}  // namespace eddy::model

#endif  // EDDY_MODEL_ANALYSIS_H_
