// Copyright 2026 The eddy Authors.
//
// `eddy scenario run FILE [--html OUT] [--json] [--scale X] [--duration S]
// [--seed N]`: replays a throttling-lab scenario (model/lab/README.md)
// through an in-process Database on a manual clock, prints a summary (or
// JSON) and optionally writes the HTML report. Same scenario and seed, same
// bytes.

#include "model/lab/scenario.h"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "model/lab/report.h"
#include "tools/eddy/commands.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy scenario run FILE [--html OUT] [--json] [--scale X]\n"
    "                              [--duration SECONDS] [--seed N]\n"
    "\n"
    "Replays a throttling scenario (model/scenarios/*.json) as real\n"
    "operations on a virtual clock with DynamoDB's partition and admission\n"
    "model on, then prints what the client saw and what the partitions did.\n"
    "  --html OUT      also write a self-contained HTML report (heat map,\n"
    "                  throttle curves)\n"
    "  --json          print JSON instead of the summary\n"
    "  --scale X       multiply every rate and per-second capacity by X\n"
    "                  (same shape, fewer operations)\n"
    "  --duration S    override the scenario's duration\n"
    "  --seed N        override the scenario's seed\n";

bool ParseDouble(const std::string& s, double* out) {
  try {
    size_t used = 0;
    *out = std::stod(s, &used);
    return used == s.size();
  } catch (...) {
    return false;
  }
}

template <typename Int>
bool ParseInt(const std::string& s, Int* out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

int RunScenario(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "help" || args[0] == "--help") {
    std::fputs(kUsage, args.empty() ? stderr : stdout);
    return args.empty() ? 2 : 0;
  }
  if (args[0] != "run" || args.size() < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string file = args[1];
  std::string html;
  bool json = false;
  lab::RunOptions options;
  for (size_t i = 2; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string* out) {
      if (i + 1 >= args.size()) return false;
      *out = args[++i];
      return true;
    };
    std::string v;
    if (a == "--json") {
      json = true;
    } else if (a == "--html" && value(&v)) {
      html = v;
    } else if (a == "--scale" && value(&v) &&
               ParseDouble(v, &options.rate_scale)) {
    } else if (a == "--duration" && value(&v)) {
      int64_t d = 0;
      if (!ParseInt(v, &d) || d < 1) {
        std::fprintf(stderr, "eddy scenario: bad --duration %s\n", v.c_str());
        return 2;
      }
      options.duration_seconds = d;
    } else if (a == "--seed" && value(&v)) {
      uint64_t s = 0;
      if (!ParseInt(v, &s)) {
        std::fprintf(stderr, "eddy scenario: bad --seed %s\n", v.c_str());
        return 2;
      }
      options.seed = s;
    } else {
      std::fprintf(stderr, "eddy scenario: bad argument '%s'\n\n%s", a.c_str(),
                   kUsage);
      return 2;
    }
  }
  StatusOr<lab::Scenario> scenario = lab::LoadScenarioFile(file);
  if (!scenario.ok()) {
    std::fprintf(stderr, "eddy scenario: %s\n",
                 std::string(scenario.status().message()).c_str());
    return 1;
  }
  StatusOr<lab::ScenarioResult> result = lab::RunScenario(*scenario, options);
  if (!result.ok()) {
    std::fprintf(stderr, "eddy scenario: %s\n",
                 result.status().ToString().c_str());
    return 1;
  }
  std::cout << (json ? lab::FormatJson(*result) + "\n"
                     : lab::FormatSummary(*result));
  if (!html.empty()) {
    std::ofstream out(html, std::ios::binary);
    out << lab::RenderHtml(*result);
    if (!out) {
      std::fprintf(stderr, "eddy scenario: cannot write %s\n", html.c_str());
      return 1;
    }
    if (!json) std::cout << "\nreport: " << html << "\n";
  }
  return 0;
}

}  // namespace eddy::cli
