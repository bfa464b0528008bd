// Copyright 2026 The eddy Authors.
//
// `eddy scenario run FILE [--html OUT] [--json] [--scale X] [--duration S]
// [--seed N] [--progress | --quiet]`: replays a throttling-lab scenario
// (model/lab/README.md) through an in-process Database on a manual clock,
// prints a summary (or JSON) and optionally writes the HTML report. Same
// scenario and seed, same bytes.
//
// `eddy scenario compare FILE --remedy X [--remedy Y ...] [--html OUT]
// [--scale X] [--duration S] [--seed N] [--progress | --quiet]`: the same
// scenario before and after each remedy (model/lab/remedy.h), side by side.

#include "model/lab/scenario.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "model/lab/compare.h"
#include "model/lab/remedy.h"
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
    "  eddy scenario run model/scenarios/hot_item.json --html hot_item.html\n"
    "\n"
    "See also: eddy scenario compare FILE --remedy X (eddy scenario compare "
    "--help).\n";

constexpr char kCompareUsage[] =
    "usage: eddy scenario compare FILE --remedy X [--remedy Y ...]\n"
    "                              [--html OUT] [--scale X] [--duration S]\n"
    "                              [--seed N] [--progress | --quiet]\n"
    "\n"
    "Runs the scenario as it is and with each remedy applied, on the same\n"
    "traffic and virtual clock, and prints them side by side: throttled "
    "calls,\n"
    "p50/p99 latency including retries and queueing, consumed units, cache\n"
    "hits, queue backlog and cost (model/lab/README.md, \"Remedies\").\n"
    "\n"
    "remedies (NAME or NAME:option=value,...):\n"
    "  cache             a DAX-style item and query cache (items, queries,\n"
    "                    itemTtl, queryTtl, nodes, nodeHour)\n"
    "  queue:rate=R      a write queue drained at R calls/s (perMillion)\n"
    "  shard             write sharding, scatter-gather reads (n, default 10)\n"
    "  table-per-period  a table per period instead of deleting items\n"
    "                    (tables, oldRcu, oldWcu)\n"
    "  chunk             large items as a metadata item and chunks (bytes)\n"
    "\n"
    "options:\n"
    "  --remedy X      a remedy to compare (repeat for more)\n"
    "  --html OUT      also write a self-contained HTML comparison with each\n"
    "                  run's lab report\n"
    "  --scale X       multiply every rate and per-second capacity by X\n"
    "  --duration S    override the scenario's duration, in seconds\n"
    "  --seed N        override the scenario's seed\n"
    "  --progress      show the progress bar even when stderr is not a\n"
    "                  terminal\n"
    "  --quiet         no progress output\n"
    "\n"
    "example:\n"
    "  eddy scenario compare model/scenarios/hot_read.json --remedy cache\n"
    "      --remedy shard:n=10 --html hot_read.html\n";

bool WriteText(const std::string& command, const std::string& path,
               const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::fprintf(stderr,
                 "%s: cannot write %s: check that its folder exists and is "
                 "writable\n",
                 command.c_str(), path.c_str());
    return false;
  }
  return true;
}

// The flags `scenario run` and `scenario compare` share: --progress,
// --quiet, --html, --scale, --duration, --seed. Returns 1 when p's flag is
// one of them and was read, 0 when it is another flag, 2 when its value is
// refused (p has said why).
struct RunFlags {
  std::string html;
  bool force_progress = false;
  bool quiet = false;
};

int ReadRunFlag(FlagParser& p, lab::RunOptions* options, RunFlags* flags) {
  int64_t v = 0;
  if (p.Is("--progress")) {
    if (!p.NoValue()) return 2;
    flags->force_progress = true;
  } else if (p.Is("--quiet")) {
    if (!p.NoValue()) return 2;
    flags->quiet = true;
  } else if (p.Is("--html")) {
    if (!p.Value(&flags->html)) return 2;
  } else if (p.Is("--scale")) {
    if (!p.PositiveDouble(&options->rate_scale)) return 2;
  } else if (p.Is("--duration")) {
    if (!p.Int(1, 30LL * 86400, &v)) return 2;
    options->duration_seconds = v;
  } else if (p.Is("--seed")) {
    if (!p.Int(0, INT64_MAX, &v)) return 2;
    options->seed = static_cast<uint64_t>(v);
  } else {
    return 0;
  }
  return 1;
}

int CompareScenario(const std::vector<std::string>& rest) {
  const std::string command = "eddy scenario compare";
  if (WantsHelp(rest)) return ShowHelp(kCompareUsage);
  const std::vector<std::string> known = {"--remedy",   "--html", "--scale",
                                          "--duration", "--seed", "--progress",
                                          "--quiet",    "--help"};
  std::string file;
  RunFlags flags;
  std::vector<lab::Remedy> remedies;
  lab::RunOptions options;
  FlagParser p(command, rest);
  while (p.Next()) {
    std::string text;
    if (p.Positional()) {
      if (!file.empty()) return p.Unknown(known);
      file = p.arg();
    } else if (p.Is("--remedy")) {
      if (!p.Value(&text)) return 2;
      StatusOr<lab::Remedy> r = lab::ParseRemedy(text);
      if (!r.ok())
        return UsageError(command, std::string(r.status().message()));
      remedies.push_back(*std::move(r));
    } else if (int read = ReadRunFlag(p, &options, &flags); read != 0) {
      if (read == 2) return 2;
    } else {
      return p.Unknown(known);
    }
  }
  if (flags.force_progress && flags.quiet) {
    return UsageError(command, "--progress and --quiet contradict each other");
  }
  if (file.empty()) {
    return UsageError(command, "missing FILE: name a scenario, e.g. " +
                                   command +
                                   " model/scenarios/hot_read.json --remedy "
                                   "cache");
  }
  if (remedies.empty()) {
    return UsageError(command,
                      "name at least one --remedy (cache, queue:rate=R, "
                      "shard, table-per-period, chunk)");
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
  // Every remedy must apply before anything runs.
  for (const lab::Remedy& r : remedies) {
    if (StatusOr<lab::Scenario> s = lab::ApplyRemedy(*scenario, r); !s.ok()) {
      std::fprintf(stderr, "%s: %s\n", command.c_str(),
                   std::string(s.status().message()).c_str());
      return 1;
    }
  }
  Progress progress(Progress::Choose(flags.force_progress, flags.quiet),
                    command);
  const int64_t duration =
      lab::EffectiveScenario(*scenario, options).duration_seconds;
  const int64_t runs = static_cast<int64_t>(remedies.size()) + 1;
  progress.Phase("simulate", duration * runs, "virtual s");
  int64_t done = 0;
  options.on_progress = [&](int64_t seconds, int64_t total) {
    progress.Update(done + seconds, total * runs);
    if (seconds == total) done += total;
  };
  StatusOr<lab::Comparison> c =
      lab::CompareRemedies(*scenario, remedies, options);
  progress.Done();
  if (!c.ok()) {
    std::fprintf(stderr, "%s: %s\n", command.c_str(),
                 c.status().ToString().c_str());
    return 1;
  }
  std::cout << lab::FormatComparison(*c);
  if (!flags.html.empty()) {
    if (!WriteText(command, flags.html, lab::RenderComparisonHtml(*c)))
      return 1;
    std::cout << "\nreport: " << flags.html << "\n";
  }
  std::cout.flush();
  return 0;
}

}  // namespace

int RunScenario(const std::vector<std::string>& args) {
  const std::string command = "eddy scenario run";
  if (args.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "compare") return CompareScenario(rest);
  if (args[0] == "help" || WantsHelp(args)) return ShowHelp(kUsage);
  if (args[0] != "run") {
    return UsageError("eddy scenario",
                      "unknown sub-command '" + args[0] + "'" +
                          model::DidYouMean(args[0], {"run", "compare"}) +
                          "; the sub-commands are run (eddy scenario run "
                          "FILE) and compare (eddy scenario compare FILE "
                          "--remedy X)");
  }
  const std::vector<std::string> known = {"--html",     "--json", "--scale",
                                          "--duration", "--seed", "--progress",
                                          "--quiet",    "--help"};
  std::string file;
  RunFlags flags;
  bool json = false;
  lab::RunOptions options;
  FlagParser p(command, rest);
  while (p.Next()) {
    if (p.Positional()) {
      if (!file.empty()) return p.Unknown(known);
      file = p.arg();
    } else if (p.Is("--json")) {
      if (!p.NoValue()) return 2;
      json = true;
    } else if (int read = ReadRunFlag(p, &options, &flags); read != 0) {
      if (read == 2) return 2;
    } else {
      return p.Unknown(known);
    }
  }
  if (flags.force_progress && flags.quiet) {
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
  Progress progress(Progress::Choose(flags.force_progress, flags.quiet),
                    command);
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
  if (!flags.html.empty()) {
    if (!WriteText(command, flags.html, lab::RenderHtml(*result))) return 1;
    if (!json) std::cout << "\nreport: " << flags.html << "\n";
  }
  return 0;
}

}  // namespace eddy::cli
