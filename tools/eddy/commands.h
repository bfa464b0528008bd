// Copyright 2026 The eddy Authors.
//
// The subcommands of the `eddy` CLI, one function each; main.cc dispatches.

#ifndef EDDY_TOOLS_EDDY_COMMANDS_H_
#define EDDY_TOOLS_EDDY_COMMANDS_H_

#include <string>
#include <vector>

namespace eddy::cli {

// `eddy demo`: a tour of the value layer (numbers, sizes, JSON, errors).
int RunDemo(const std::vector<std::string>& args);

// `eddy exec [FILE]`: DynamoDB JSON requests, one {"op":..,"request":..} per
// line, against one in-memory Database; one response line each.
int RunExec(const std::vector<std::string>& args);

// `eddy model validate|run|generate|patterns ...`: access-pattern models
// (model/README.md).
int RunModel(const std::vector<std::string>& args);

// `eddy scenario run FILE [--html OUT] [--json] ...`: a throttling-lab
// scenario (model/lab/README.md).
int RunScenario(const std::vector<std::string>& args);

// `eddy snapshot save|info|dump ...`: snapshot files for fixtures
// (docs/persistence.md).
int RunSnapshot(const std::vector<std::string>& args);

// `eddy export SOURCE --table NAME --to DIR ...` and `eddy import DIR
// --table NAME --key pk:S ...`: DynamoDB's export and import files.
int RunExport(const std::vector<std::string>& args);
int RunImport(const std::vector<std::string>& args);

}  // namespace eddy::cli

#endif  // EDDY_TOOLS_EDDY_COMMANDS_H_
