// Copyright 2026 The eddy Authors.
//
// `eddy scenario run FILE [--html OUT] [--json] [--scale X] [--duration S]
// [--seed N] [--progress | --quiet]`: replays a throttling-lab scenario
// (model/lab/README.md) through an in-process Database on a manual clock,
// prints a summary (or JSON) and optionally writes the HTML report. Same
// scenario and seed, same bytes.

#include "model/lab/scenario.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "model/lab/report.h"
#include "model/suggest.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"
#include "tools/eddy/progress.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy scenario run FILE [--html OUT] [--json] [--scale X]\n"
    "                              [--duration SECONDS] [--seed N]\n"
    "                              [--progress | --quiet]\n"
    "\n"
    "The throttling lab. Replays a traffic scenario (model/scenarios/*.json,\n"
    "format in model/lab/README.md) as real operations on a virtual clock\n"
    "with DynamoDB's partition and admission model on, then prints what the\n"
    "client saw and what the partitions did. The summary's first lines are\n"
    "printed before the run starts; progress goes to stderr.\n"
    "\n"
    "options:\n"
    "  --html OUT      also write a self-contained HTML report (heat maps,\n"
    "                  throttle curves per stream, consumed capacity)\n"
    "  --json          print JSON instead of the summary\n"
    "  --scale X       multiply every rate and per-second capacity by X\n"
    "                  (same shape, fewer operations)\n"
    "  --duration S    override the scenario's duration, in seconds\n"
    "  --seed N        override the scenario's seed\n"
    "  --progress      show the progress bar even when stderr is not a\n"
    "                  terminal (default: a bar on a terminal, one line per\n"
    "                  phase otherwise)\n"
    "  --quiet         no progress output\n"
    "\n"
    "example:\n"
    "  eddy scenario run model/scenarios/hot_item.json --html hot_item.html\n";

}  // namespace

int RunScenario(const std::vector<std::string>& args) {
  const std::string command = "eddy scenario run";
  if (args.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (args[0] == "help" || WantsHelp(args)) return ShowHelp(kUsage);
  if (args[0] != "run") {
    return UsageError("eddy scenario",
                      "unknown sub-command '" + args[0] + "'" +
                          model::DidYouMean(args[0], {"run"}) +
                          "; the one sub-command is run: eddy scenario run "
                          "FILE");
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  const std::vector<std::string> known = {"--html",     "--json", "--scale",
                                          "--duration", "--seed", "--progress",
                                          "--quiet",    "--help"};
  std::string file, html;
  bool json = false, force_progress = false, quiet = false;
  lab::RunOptions options;
  FlagParser p(command, rest);
  while (p.Next()) {
    int64_t v = 0;
    if (p.Positional()) {
      if (!file.empty()) return p.Unknown(known);
      file = p.arg();
    } else if (p.Is("--json")) {
      if (!p.NoValue()) return 2;
      json = true;
    } else if (p.Is("--progress")) {
      if (!p.NoValue()) return 2;
      force_progress = true;
    } else if (p.Is("--quiet")) {
      if (!p.NoValue()) return 2;
      quiet = true;
    } else if (p.Is("--html")) {
      if (!p.Value(&html)) return 2;
    } else if (p.Is("--scale")) {
      if (!p.PositiveDouble(&options.rate_scale)) return 2;
    } else if (p.Is("--duration")) {
      if (!p.Int(1, 30LL * 86400, &v)) return 2;
      options.duration_seconds = v;
    } else if (p.Is("--seed")) {
      if (!p.Int(0, INT64_MAX, &v)) return 2;
      options.seed = static_cast<uint64_t>(v);
    } else {
      return p.Unknown(known);
    }
  }
  if (force_progress && quiet) {
    return UsageError(command, "--progress and --quiet contradict each other");
  }
  if (file.empty()) {
    return UsageError(command, "missing FILE: name a scenario, e.g. " +
                                   command + " model/scenarios/hot_item.json");
  }
  StatusOr<lab::Scenario> scenario = lab::LoadScenarioFile(file);
  if (!scenario.ok()) {
    std::fprintf(stderr,
                 "%s: %s\n(model/lab/README.md describes the scenario "
                 "format)\n",
                 command.c_str(),
                 std::string(scenario.status().message()).c_str());
    return 1;
  }
  // The header first, so that a long run shows what it is doing at once.
  if (!json) {
    std::cout << lab::FormatSummaryHeader(
        lab::EffectiveScenario(*scenario, options), options.rate_scale);
    std::cout.flush();
  }
  Progress progress(Progress::Choose(force_progress, quiet), command);
  progress.Phase("simulate",
                 lab::EffectiveScenario(*scenario, options).duration_seconds,
                 "virtual s");
  options.on_progress = [&progress](int64_t seconds, int64_t duration) {
    progress.Update(seconds, duration);
  };
  StatusOr<lab::ScenarioResult> result = lab::RunScenario(*scenario, options);
  progress.Done();
  if (!result.ok()) {
    std::fprintf(stderr, "%s: %s\n", command.c_str(),
                 result.status().ToString().c_str());
    return 1;
  }
  if (json) {
    std::cout << lab::FormatJson(*result) + "\n";
  } else {
    const std::string summary = lab::FormatSummary(*result);
    const std::string header =
        lab::FormatSummaryHeader(result->scenario, result->rate_scale);
    std::cout << summary.substr(
        summary.compare(0, header.size(), header) == 0 ? header.size() : 0);
  }
  std::cout.flush();
  if (!html.empty()) {
    std::ofstream out(html, std::ios::binary);
    out << lab::RenderHtml(*result);
    out.close();
    if (!out) {
      std::fprintf(stderr,
                   "%s: cannot write %s: check that its folder exists and is "
                   "writable\n",
                   command.c_str(), html.c_str());
      return 1;
    }
    if (!json) std::cout << "\nreport: " << html << "\n";
  }
  return 0;
}

}  // namespace eddy::cli
