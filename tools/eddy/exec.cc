// Copyright 2026 The eddy Authors.
//
// `eddy exec [FILE]`: runs DynamoDB JSON requests against one in-memory
// Database. Each input line is {"op":"PutItem","request":{...}}; each output
// line is the response body (an error as {"__type":...,"message":...}).
// Blank lines and lines starting with '#' are skipped. The clock is a manual
// clock at 2023-11-14T22:13:20Z, so output is the same on every run.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "tools/eddy/commands.h"

namespace eddy::cli {
namespace {

int Run(std::istream& in) {
  ManualClock clock(1'700'000'000'000'000);
  Options options;
  options.clock = &clock;
  Database db(options);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#')
      continue;
    std::cout << ExecuteEnvelope(db, line).body << '\n';
  }
  std::cout.flush();
  return 0;
}

}  // namespace

int RunExec(const std::vector<std::string>& args) {
  if (args.size() > 1) {
    std::fprintf(stderr, "usage: eddy exec [FILE]\n");
    return 2;
  }
  if (args.empty() || args[0] == "-") return Run(std::cin);
  std::ifstream file(args[0]);
  if (!file) {
    std::fprintf(stderr, "eddy exec: cannot open %s\n", args[0].c_str());
    return 1;
  }
  return Run(file);
}

}  // namespace eddy::cli
