// Copyright 2026 The eddy Authors.
//
// eddy: the command-line front end of the emulator. `eddy --help` lists the
// commands; every command and sub-command takes --help.

#include <cstdio>
#include <string>
#include <vector>

#include "eddy_version.h"
#include "model/suggest.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"

namespace {

constexpr char kUsage[] =
    "usage: eddy <command> [args]\n"
    "       eddy <command> --help     (every command and sub-command)\n"
    "       eddy --version\n"
    "\n"
    "eddy is an in-process emulator of Amazon DynamoDB. Its commands:\n"
    "\n"
    "  model     access-pattern models: validate a single-table design, run\n"
    "            its access patterns on generated data with verification,\n"
    "            generate its data, or run the design-pattern examples\n"
    "              eddy model run model/kayak.json\n"
    "  scenario  the throttling lab: replay a traffic scenario on DynamoDB's\n"
    "            partition model, with an HTML report\n"
    "              eddy scenario run model/scenarios/hot_item.json --html "
    "r.html\n"
    "  snapshot  snapshot files for fixtures: save one from a model or\n"
    "            request lines, show its tables, dump a table's items\n"
    "              eddy snapshot save kayak.eddysnap --load model/kayak.json\n"
    "  export    write a table in DynamoDB's export layout (DYNAMODB_JSON,\n"
    "            ION) from a snapshot, model, request lines or data dir\n"
    "              eddy export model/kayak.json --table kayak --to exports\n"
    "  import    create a table from DynamoDB import files (JSON, ION, CSV)\n"
    "            into a snapshot file or a data directory\n"
    "  exec      run DynamoDB JSON requests, one {\"op\":...,\"request\":...}\n"
    "            per line of a file or stdin, printing each response\n"
    "              eddy exec requests.jsonl\n"
    "  demo      a tour of eddy's value layer: exact numbers, item sizes,\n"
    "            DynamoDB JSON and DynamoDB's error messages\n"
    "  help      this text, or `eddy help <command>`\n"
    "\n"
    "eddy-server (a separate program) serves the same engine over HTTP for\n"
    "the AWS CLI and SDKs: eddy-server --help.\n";

struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>& args);
};

constexpr Command kCommands[] = {
    {"demo", eddy::cli::RunDemo},         {"exec", eddy::cli::RunExec},
    {"export", eddy::cli::RunExport},     {"import", eddy::cli::RunImport},
    {"model", eddy::cli::RunModel},       {"scenario", eddy::cli::RunScenario},
    {"snapshot", eddy::cli::RunSnapshot},
};

std::string VersionText() {
  return std::string("eddy ") + EDDY_VERSION + " (commit " + EDDY_GIT_COMMIT +
         ")\n";
}

const Command* Find(const std::string& name) {
  for (const Command& c : kCommands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

int UnknownCommand(const std::string& name) {
  std::vector<std::string> names = {"help"};
  for (const Command& c : kCommands) names.push_back(c.name);
  std::fprintf(stderr,
               "eddy: unknown command '%s'%s\nrun 'eddy --help' for the list "
               "of commands\n",
               name.c_str(), eddy::model::DidYouMean(name, names).c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string name = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  if (name == "--help" || name == "-h") return eddy::cli::ShowHelp(kUsage);
  if (name == "--version" || name == "version") {
    return eddy::cli::ShowHelp(VersionText());
  }
  if (name == "help") {
    if (args.empty()) return eddy::cli::ShowHelp(kUsage);
    // `eddy help model run` is `eddy model run --help`.
    const Command* c = Find(args[0]);
    if (c == nullptr) return UnknownCommand(args[0]);
    std::vector<std::string> rest(args.begin() + 1, args.end());
    rest.push_back("--help");
    return c->run(rest);
  }
  if (const Command* c = Find(name)) return c->run(args);
  return UnknownCommand(name);
}
