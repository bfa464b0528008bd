// Copyright 2026 The eddy Authors.
//
// `eddy model validate|run FILE` for the AWS DynamoDB MCP server's
// data-model validation format (dynamodb_data_model.json;
// model/formats/aws_data_model.h). tools/eddy/model.cc detects the format
// from the document's shape and hands the command line over.
//
// Thread safety: not thread-safe (writes files, stdout and stderr).

#ifndef EDDY_TOOLS_EDDY_MODEL_AWS_H_
#define EDDY_TOOLS_EDDY_MODEL_AWS_H_

#include <string>
#include <vector>

namespace eddy::cli {

// The FILE argument of `args` (the first word that is not a flag or a flag's
// value), or "" when there is none.
std::string ModelFileArgument(const std::vector<std::string>& args);

// `eddy model validate FILE` and `eddy model run FILE [--result OUT]
// [--json] [--html OUT] [--rps [PATTERN=]N]... [--utilization U]
// [--region R] [--prices FILE]` for an AWS data model; return the exit
// status.
int ValidateAwsDataModel(const std::vector<std::string>& args);
int RunAwsDataModel(const std::vector<std::string>& args);

// A --rps/--wps value: "N" or "NAME=N" (NAME may itself hold '='; the last
// one splits); false unless N is a finite number, 0 or more.
bool SplitRate(const std::string& text, std::string* name, double* rate);

}  // namespace eddy::cli

#endif  // EDDY_TOOLS_EDDY_MODEL_AWS_H_
