// Copyright 2026 The eddy Authors.
//
// `eddy scenario run FILE [--html OUT] [--json] [--scale X] [--duration S]
// [--seed N] [--progress | --quiet]`: replays a throttling-lab scenario
// (model/lab/README.md) through an in-process Database on a manual clock,
// prints a summary (or JSON) and optionally writes the HTML report. Same
// scenario and seed, same bytes. With `--endpoint URL [--time-scale S]
// [--connections N] [--keep]` the same calls also go to a
// DynamoDB-compatible endpoint on the wall clock, and the simulator's
// prediction and what the endpoint did are printed side by side.
//
// `eddy scenario compare FILE --remedy X [--remedy Y ...] [--html OUT]
// [--scale X] [--duration S] [--seed N] [--progress | --quiet]`: the same
// scenario before and after each remedy (model/lab/remedy.h), side by side.

#include "model/lab/scenario.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "model/lab/compare.h"
#include "model/lab/remedy.h"
#include "model/lab/report.h"
#include "model/suggest.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"
#include "tools/eddy/progress.h"
#include "tools/endpoint/scenario_target.h"
#include "tools/endpoint/session.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy scenario run FILE [--html OUT] [--json] [--scale X]\n"
    "                              [--duration SECONDS] [--seed N]\n"
    "                              [--aggregate] [--progress | --quiet]\n"
    "                              [--endpoint URL [--time-scale S]\n"
    "                                   [--connections N] [--keep]]\n"
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
    "  --aggregate     simulate each second's requests in bulk (sampled\n"
    "                  counts per key and partition, admitted by the same\n"
    "                  throttling model, no items): an approximation for\n"
    "                  scenarios too large to call one by one\n"
    "                  (model/lab/README.md says what differs)\n"
    "  --progress      show the progress bar even when stderr is not a\n"
    "                  terminal (default: a bar on a terminal, one line per\n"
    "                  phase otherwise)\n"
    "  --quiet         no progress output\n"
    "  --endpoint URL  also send the scenario's calls to a "
    "DynamoDB-compatible\n"
    "                  endpoint (eddy-server, DynamoDB Local, Alternator,\n"
    "                  DynamoDB) on the wall clock, with the scenario's\n"
    "                  retry policy; print the simulator's\n"
    "                  prediction and what the endpoint did side by side\n"
    "                  (--html: both on one page). Credentials and region\n"
    "                  come from the AWS environment and config files; the\n"
    "                  table gets a run prefix and is deleted at the end\n"
    "  --time-scale S  with --endpoint: wall seconds per virtual second\n"
    "                  (default 1; 0.1 runs ten times faster, so the endpoint\n"
    "                  sees ten times the rate per wall second)\n"
    "  --connections N with --endpoint: keep-alive connections, and so\n"
    "                  calls in flight at once (1..1024, default 8; 1 makes\n"
    "                  one call at a time); each virtual second's calls\n"
    "                  start on schedule over them\n"
    "  --keep          with --endpoint: keep the table\n"
    "\n"
    "examples:\n"
    "  eddy scenario run model/scenarios/hot_item.json --html hot_item.html\n"
    "  eddy scenario run model/scenarios/hot_item.json --scale 0.01\n"
    "      --endpoint http://127.0.0.1:8000\n"
    "\n"
    "See also: eddy scenario compare FILE --remedy X (eddy scenario compare "
    "--help).\n";

constexpr char kCompareUsage[] =
    "usage: eddy scenario compare FILE --remedy X [--remedy Y ...]\n"
    "                              [--html OUT] [--scale X] [--duration S]\n"
    "                              [--seed N] [--aggregate]\n"
    "                              [--progress | --quiet]\n"
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
    "  --aggregate     simulate each second's requests in bulk (sampled\n"
    "                  counts per key and partition, admitted by the same\n"
    "                  throttling model, no items): an approximation for\n"
    "                  scenarios too large to call one by one\n"
    "                  (model/lab/README.md says what differs)\n"
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

// The scenario in `file`, or nullopt after saying why on stderr.
std::optional<lab::Scenario> LoadOrSay(const std::string& command,
                                       const std::string& file) {
  StatusOr<lab::Scenario> scenario = lab::LoadScenarioFile(file);
  if (!scenario.ok()) {
    std::fprintf(stderr,
                 "%s: %s\n(model/lab/README.md describes the scenario "
                 "format)\n",
                 command.c_str(),
                 std::string(scenario.status().message()).c_str());
    return std::nullopt;
  }
  return *std::move(scenario);
}

// The flags `scenario run` and `scenario compare` share: --progress,
// --quiet, --html, --scale, --duration, --seed, --aggregate. Returns 1 when p's
// flag is one of them and was read, 0 when it is another flag, 2 when its value
// is refused (p has said why).
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
  } else if (p.Is("--aggregate")) {
    if (!p.NoValue()) return 2;
    options->simulation = lab::Simulation::kAggregate;
  } else {
    return 0;
  }
  return 1;
}

int CompareScenario(const std::vector<std::string>& rest) {
  const std::string command = "eddy scenario compare";
  if (WantsHelp(rest)) return ShowHelp(kCompareUsage);
  const std::vector<std::string> known = {
      "--remedy",   "--html",  "--scale",     "--duration", "--seed",
      "--progress", "--quiet", "--aggregate", "--help"};
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
  std::optional<lab::Scenario> scenario = LoadOrSay(command, file);
  if (!scenario) return 1;
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

// --endpoint's flags.
struct EndpointFlags {
  std::string url;
  double time_scale = 1.0;
  std::optional<int64_t> connections;
  bool keep = false;
};

// `scenario run --endpoint`: the simulator's run, then the same calls to the
// endpoint, side by side.
int RunOnEndpoint(const std::string& command, const lab::Scenario& scenario,
                  lab::RunOptions options, const RunFlags& flags,
                  const EndpointFlags& e) {
  const lab::Scenario effective = lab::EffectiveScenario(scenario, options);
  std::cout << lab::FormatSummaryHeader(effective, options.rate_scale);
  std::cout.flush();
  Progress progress(Progress::Choose(flags.force_progress, flags.quiet),
                    command);
  options.on_progress = [&progress](int64_t seconds, int64_t duration) {
    progress.Update(seconds, duration);
  };
  progress.Phase("simulate", effective.duration_seconds, "virtual s");
  StatusOr<lab::ScenarioResult> predicted = lab::RunScenario(scenario, options);
  progress.Done();
  if (!predicted.ok()) {
    std::fprintf(stderr, "%s: %s\n", command.c_str(),
                 predicted.status().ToString().c_str());
    return 1;
  }
  // One attempt per call: the scenario's retry policy retries, as it does
  // in the simulator.
  StatusOr<std::unique_ptr<endpoint::EndpointSession>> session =
      endpoint::OpenEndpoint(e.url,
                             static_cast<int>(e.connections.value_or(
                                 endpoint::kDefaultConnections)),
                             endpoint::ProcessEnv, /*max_attempts=*/1);
  if (!session.ok()) {
    std::fprintf(stderr, "%s: %s\n", command.c_str(),
                 std::string(session.status().message()).c_str());
    return 1;
  }
  endpoint::EndpointScenarioTarget target(
      &(*session)->backend, (*session)->prefix, {.time_scale = e.time_scale});
  options.target = &target;
  progress.Phase("endpoint", effective.duration_seconds, "virtual s");
  StatusOr<lab::ScenarioResult> observed = lab::RunScenario(scenario, options);
  progress.Done();
  const bool finished =
      endpoint::FinishEndpoint(command, e.keep, session->get());
  if (!observed.ok()) {
    std::fprintf(stderr, "%s: %s: %s\n", command.c_str(), e.url.c_str(),
                 observed.status().ToString().c_str());
    return 1;
  }
  lab::Comparison c;
  c.scenario = effective.name;
  c.title = "predicted and observed";
  c.duration_seconds = effective.duration_seconds;
  c.rate_scale = options.rate_scale;
  c.rows.push_back(lab::SummarizeRun("predicted", *std::move(predicted)));
  c.rows.push_back(lab::SummarizeRun("observed", *std::move(observed)));
  std::cout << "\npredicted: eddy's simulator; observed: " << e.url
            << " (time scale " << e.time_scale << ", " << target.connections()
            << " connection" << (target.connections() == 1 ? "" : "s")
            << ")\n\n"
            << lab::FormatComparison(c);
  std::printf(
      "pacing: %lld calls, %lld more than 10 ms behind schedule, at most "
      "%.1f ms\n",
      static_cast<long long>(target.paced_calls()),
      static_cast<long long>(target.late_calls()),
      static_cast<double>(target.max_lag_micros()) / 1000.0);
  std::fflush(stdout);
  if (!flags.html.empty()) {
    if (!WriteText(command, flags.html, lab::RenderComparisonHtml(c))) {
      return 1;
    }
    std::cout << "\nreport: " << flags.html << "\n";
  }
  std::cout.flush();
  return finished ? 0 : 1;
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
  const std::vector<std::string> known = {
      "--html",        "--json",      "--scale",    "--duration",   "--seed",
      "--progress",    "--quiet",     "--endpoint", "--time-scale", "--keep",
      "--connections", "--aggregate", "--help"};
  std::string file;
  RunFlags flags;
  EndpointFlags endpoint_flags;
  bool time_scale_given = false;
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
    } else if (p.Is("--endpoint")) {
      if (!p.Value(&endpoint_flags.url)) return 2;
    } else if (p.Is("--time-scale")) {
      if (!p.PositiveDouble(&endpoint_flags.time_scale)) return 2;
      time_scale_given = true;
    } else if (p.Is("--connections")) {
      int64_t n = 0;
      if (!p.Int(1, 1024, &n)) return 2;
      endpoint_flags.connections = n;
    } else if (p.Is("--keep")) {
      if (!p.NoValue()) return 2;
      endpoint_flags.keep = true;
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
  if (endpoint_flags.url.empty() &&
      (time_scale_given || endpoint_flags.keep || endpoint_flags.connections)) {
    return UsageError(command,
                      std::string(time_scale_given      ? "--time-scale"
                                  : endpoint_flags.keep ? "--keep"
                                                        : "--connections") +
                          " needs --endpoint");
  }
  if (!endpoint_flags.url.empty() && options.simulation) {
    return UsageError(command,
                      "--aggregate is not available with --endpoint (an "
                      "endpoint is called request by request)");
  }
  if (!endpoint_flags.url.empty() && json) {
    return UsageError(command,
                      "--json is not available with --endpoint (the "
                      "comparison is printed as text; --html writes it)");
  }
  std::optional<lab::Scenario> scenario = LoadOrSay(command, file);
  if (!scenario) return 1;
  if (!endpoint_flags.url.empty()) {
    return RunOnEndpoint(command, *scenario, options, flags, endpoint_flags);
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
