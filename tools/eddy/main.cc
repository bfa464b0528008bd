// Copyright 2026 The eddy Authors.
//
// eddy: the command-line front end of the emulator.

#include <cstdio>
#include <string>
#include <vector>

#include "tools/eddy/commands.h"

namespace {

constexpr char kUsage[] =
    "usage: eddy <command> [args]\n"
    "\n"
    "commands:\n"
    "  demo     a tour of eddy's value layer: exact numbers, item sizes,\n"
    "           DynamoDB JSON and DynamoDB's error messages\n"
    "  exec     run DynamoDB JSON requests, one {\"op\":...,\"request\":...}\n"
    "           per line of FILE or stdin, printing each response\n"
    "  model    access-pattern models: validate FILE, run FILE [--scale N]\n"
    "           [--json], generate FILE, patterns (see `eddy model help`)\n"
    "  scenario throttling lab: run FILE [--html OUT] [--json] replays a\n"
    "           traffic scenario on DynamoDB's partition model (see\n"
    "           `eddy scenario help`)\n"
    "  help     this text\n";

struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>& args);
};

constexpr Command kCommands[] = {
    {"demo", eddy::cli::RunDemo},
    {"exec", eddy::cli::RunExec},
    {"model", eddy::cli::RunModel},
    {"scenario", eddy::cli::RunScenario},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "help" ||
      std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string name = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  for (const Command& c : kCommands) {
    if (name == c.name) return c.run(args);
  }
  std::fprintf(stderr, "eddy: unknown command '%s'\n\n%s", name.c_str(),
               kUsage);
  return 2;
}
