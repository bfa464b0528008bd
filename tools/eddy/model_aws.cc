// Copyright 2026 The eddy Authors.
//
// `eddy model validate|run` for dynamodb_data_model.json
// (tools/eddy/model_aws.h).

#include "tools/eddy/model_aws.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <vector>

#include "model/cost.h"
#include "model/formats/aws_data_model.h"
#include "model/formats/aws_data_model_cost.h"
#include "model/formats/aws_data_model_review.h"
#include "tools/eddy/cli.h"

namespace eddy::cli {
namespace {

constexpr char kCommand[] = "eddy model run";

std::optional<model::AwsDataModel> Load(const std::string& file) {
  std::vector<model::ModelError> errors;
  StatusOr<model::AwsDataModel> m = model::LoadAwsDataModelFile(file, &errors);
  if (m.ok()) return *std::move(m);
  if (errors.empty()) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(),
                 std::string(m.status().message()).c_str());
    return std::nullopt;
  }
  for (const model::ModelError& e : errors) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(), e.ToString().c_str());
  }
  std::fprintf(stderr,
               "%s: %zu error%s in this AWS MCP data model "
               "(dynamodb_data_model.json); fix %s and check again with "
               "`eddy model validate %s` (model/README.md, \"Designs from "
               "the AWS MCP server\")\n",
               file.c_str(), errors.size(), errors.size() == 1 ? "" : "s",
               errors.size() == 1 ? "it" : "them", file.c_str());
  return std::nullopt;
}

// dynamodb_model_validation.json beside `file`, as the MCP server writes it
// in the workspace of dynamodb_data_model.json.
std::string DefaultResultPath(const std::string& file) {
  const size_t slash = file.find_last_of('/');
  const std::string dir =
      slash == std::string::npos ? "" : file.substr(0, slash + 1);
  return dir + "dynamodb_model_validation.json";
}

}  // namespace

bool SplitRate(const std::string& text, std::string* name, double* rate) {
  const size_t eq = text.rfind('=');
  const std::string number =
      eq == std::string::npos ? text : text.substr(eq + 1);
  *name = eq == std::string::npos ? std::string() : text.substr(0, eq);
  char* end = nullptr;
  errno = 0;
  const double v = number.empty() ? -1 : std::strtod(number.c_str(), &end);
  if (number.empty() || errno != 0 || *end != '\0' || !std::isfinite(v) ||
      v < 0) {
    return false;
  }
  *rate = v;
  return true;
}

std::string ModelFileArgument(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) == 0) {
      const bool takes_value =
          a == "--scale" || a == "--seed" || a == "--runs" ||
          a == "--page-size" || a == "--result" || a == "--html" ||
          a == "--rps" || a == "--wps" || a == "--utilization" ||
          a == "--region" || a == "--prices" || a == "--endpoint";
      if (takes_value) ++i;
      continue;
    }
    return a;
  }
  return "";
}

int ValidateAwsDataModel(const std::vector<std::string>& args) {
  std::string file;
  FlagParser p("eddy model validate", args);
  while (p.Next()) {
    if (p.Positional() && file.empty()) {
      file = p.arg();
    } else {
      return p.Unknown({"--help"});
    }
  }
  std::optional<model::AwsDataModel> m = Load(file);
  if (!m) return 1;
  int runnable = 0;
  for (const model::AwsAccessPattern& ap : m->patterns) {
    runnable += ap.request ? 1 : 0;
  }
  std::printf(
      "%s: ok: AWS MCP data model with %zu tables, %zu item lists, %zu "
      "access patterns (%d with an implementation, %zu skipped)\n",
      file.c_str(), m->table_names.size(), m->items.size(), m->patterns.size(),
      runnable, m->patterns.size() - runnable);
  for (const model::AwsAccessPattern& ap : m->patterns) {
    if (!ap.request) continue;
    std::printf("  %s: %s\n", ap.pattern_id.c_str(),
                ap.request->operation.c_str());
    for (const std::string& n : ap.notes) {
      std::printf("    note: %s\n", n.c_str());
    }
  }
  return 0;
}

int RunAwsDataModel(const std::vector<std::string>& args) {
  std::string file, result, html, prices_file;
  bool json = false;
  model::AwsCostOptions cost_options;
  std::vector<std::string> rps;
  FlagParser p(kCommand, args);
  const std::vector<std::string> known = {
      "--result", "--json",   "--html",  "--rps",      "--utilization",
      "--region", "--prices", "--quiet", "--progress", "--help"};
  while (p.Next()) {
    if (p.Positional()) {
      if (!file.empty()) return p.Unknown(known);
      file = p.arg();
    } else if (p.Is("--result")) {
      if (!p.Value(&result)) return 2;
    } else if (p.Is("--json")) {
      if (!p.NoValue()) return 2;
      json = true;
    } else if (p.Is("--html")) {
      if (!p.Value(&html)) return 2;
    } else if (p.Is("--rps")) {
      std::string value;
      if (!p.Value(&value)) return 2;
      rps.push_back(value);
    } else if (p.Is("--utilization")) {
      double u = 0;
      if (!p.PositiveDouble(&u)) return 2;
      if (u > 1) {
        return UsageError(kCommand,
                          "--utilization takes a share in (0, 1], e.g. 0.7");
      }
      cost_options.utilization = u;
    } else if (p.Is("--region")) {
      if (!p.Value(&cost_options.region)) return 2;
    } else if (p.Is("--prices")) {
      if (!p.Value(&prices_file)) return 2;
    } else if (p.Is("--wps")) {
      return UsageError(kCommand,
                        "--wps is for entity types, which an AWS MCP data "
                        "model does not have: price its write patterns with "
                        "--rps PATTERN=N");
    } else if (p.Is("--endpoint") || p.Is("--keep")) {
      return UsageError(kCommand,
                        p.arg() +
                            " is not supported for an AWS MCP data "
                            "model (its commands run in-process); "
                            "convert the design to eddy's format "
                            "first, or run it against DynamoDB Local");
    } else if (p.Is("--quiet") || p.Is("--progress")) {
      if (!p.NoValue()) return 2;  // the run is too short for progress
    } else if (p.Is("--scale") || p.Is("--seed") || p.Is("--runs") ||
               p.Is("--page-size") || p.Is("--no-indexes")) {
      return UsageError(kCommand,
                        p.arg() + " is for eddy's own model format; " + file +
                            " is an AWS MCP data model, whose items and "
                            "commands are run as written");
    } else {
      return p.Unknown(known);
    }
  }
  std::optional<model::PriceTable> prices;
  if (!prices_file.empty()) {
    StatusOr<model::PriceTable> t = model::LoadPriceTableFile(prices_file);
    if (!t.ok()) {
      std::fprintf(stderr, "%s: %s\n", kCommand,
                   std::string(t.status().message()).c_str());
      return 1;
    }
    prices = *std::move(t);
    cost_options.prices = &*prices;
  }
  for (const std::string& r : rps) {
    std::string name;
    double rate = 0;
    if (!SplitRate(r, &name, &rate)) {
      return UsageError(kCommand,
                        "--rps takes N or PATTERN=N (a number of requests "
                        "per second, 0 or more), not '" +
                            r + "'");
    }
    if (name.empty()) {
      cost_options.default_rps = rate;
    } else {
      cost_options.rps[name] = rate;
    }
  }
  std::optional<model::AwsDataModel> m = Load(file);
  if (!m) return 1;
  StatusOr<model::AwsRunReport> report = model::RunAwsDataModel(*m);
  if (!report.ok()) {
    std::fprintf(stderr, "%s: %s\n", kCommand,
                 report.status().ToString().c_str());
    return 1;
  }
  if (result.empty()) result = DefaultResultPath(file);
  {
    std::ofstream out(result, std::ios::binary | std::ios::trunc);
    out << model::FormatAwsValidationResult(*report) << "\n";
    if (!out) {
      std::fprintf(stderr, "%s: cannot write the result file %s\n", kCommand,
                   result.c_str());
      return 1;
    }
  }
  StatusOr<model::AwsDataModelCost> cost =
      model::EstimateAwsDataModelCost(*report, cost_options);
  if (!cost.ok()) {
    std::fprintf(stderr, "%s: %s\n", kCommand,
                 std::string(cost.status().message()).c_str());
    return 1;
  }
  const std::vector<model::Finding> findings =
      model::ReviewAwsDataModel(*m, *report, *cost);
  if (!html.empty()) {
    std::ofstream out(html, std::ios::binary | std::ios::trunc);
    out << model::RenderAwsDataModelHtml(*report, *cost, findings);
    if (!out) {
      std::fprintf(stderr, "%s: cannot write %s\n", kCommand, html.c_str());
      return 1;
    }
  }
  if (json) {
    std::cout << model::FormatAwsReportJson(*report, *cost, findings) << "\n";
  } else {
    std::cout << model::FormatAwsReportText(*report);
    std::cout << model::FormatAwsCostText(*cost);
    std::cout << model::FormatFindingsText(findings);
    if (!html.empty()) std::cout << "html report: " << html << "\n";
    std::cout << "result file (the MCP server's dynamodb_model_validation.json "
                 "shape): "
              << result << "\n";
  }
  std::cout.flush();
  return report->ok() ? 0 : 1;
}

}  // namespace eddy::cli
