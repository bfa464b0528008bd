// Copyright 2026 The eddy Authors.
//
// An `aws dynamodb <operation> ...` command line, as the AWS MCP server's
// data-model validation writes it in each access pattern's "implementation",
// turned into the DynamoDB JSON request the AWS CLI would send.
//
//   StatusOr<CliRequest> r = ParseAwsCliCommand(
//       "aws dynamodb query --table-name Orders "
//       "--key-condition-expression 'pk = :p' "
//       "--expression-attribute-values '{\":p\":{\"S\":\"c#1\"}}' "
//       "--no-scan-index-forward");
//   // r->operation == "Query"
//   // r->request == {"TableName":"Orders","KeyConditionExpression":"pk = :p",
//   //                "ExpressionAttributeValues":{...},
//   //                "ScanIndexForward":false}
//   // r->paginate == true (the CLI follows LastEvaluatedKey to the end)
//
// Contract
// - Words are split as the MCP server's command runner splits them (Python's
//   shlex.split, posix mode; no shell runs the command): whitespace
//   separates words; single quotes are literal; in double quotes a backslash
//   escapes only " and \; outside quotes a backslash escapes the next
//   character. Like a shell (and unlike shlex), backslash-newline is a line
//   continuation. Nothing is expanded: $VAR, `...`, globs and # are literal
//   characters, as they are for the MCP server. A shell operator standing
//   alone (| || && & ; > >> <) is refused with an error naming it: the
//   implementation must be one command.
// - The words must start `aws dynamodb <operation>`; AWS CLI global options
//   (--region, --endpoint-url, --profile, --output, --debug, --no-paginate,
//   ...) may appear anywhere and are accepted; --query (JMESPath) is accepted
//   but not applied, which `warnings` says.
// - Options are the operation's request members named as the CLI names them
//   (botocore's xform_name: "ReturnValuesOnConditionCheckFailure" is
//   --return-values-on-condition-check-failure). Values:
//   - strings as given; integers checked; booleans are flags, `--name` for
//     true and `--no-name` for false (a value after a flag is an error, as
//     `--consistent-read true` is in the CLI);
//   - structures, maps and lists: JSON when the value starts with `{` or `[`,
//     otherwise the CLI's shorthand syntax (`AttributeName=pk,KeyType=HASH`,
//     `pk={S=a},sk={N=1}`, `NonKeyAttributes=a,b`, `L=[{S=x}]`), coerced to
//     the member types (numbers, booleans) as the CLI does; a list takes one
//     or more words (`--key-schema A=pk,KeyType=HASH A=sk,KeyType=RANGE`);
//   - `file://` and `fileb://` values are refused: the command must carry its
//     own values;
//   - --cli-input-json '{...}' gives members as JSON, overridden by options.
// - Paginated operations (Query, Scan, ListTables): unless --limit, the
//   input token (--exclusive-start-key) or --no-paginate is given, the CLI
//   fetches every page and merges them; `paginate` says so, with the
//   --page-size (the Limit of each page) and --max-items it was given.
// - Errors (Status::Validation) read like the CLI's: unknown operation or
//   option (with "did you mean"), missing required option, bad JSON
//   ("Error parsing parameter '--key': Invalid JSON: ..."), bad shorthand,
//   unknown member of a structure.
//
// Thread safety: pure functions; the tables behind them are immutable.

#ifndef EDDY_MODEL_FORMATS_CLI_COMMAND_H_
#define EDDY_MODEL_FORMATS_CLI_COMMAND_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"

namespace eddy::model {

// Splits `line` into words as a POSIX shell would (see the contract above).
StatusOr<std::vector<std::string>> SplitShellWords(std::string_view line);

// botocore's xform_name with "-": "GlobalSecondaryIndexes" ->
// "global-secondary-indexes", "SSESpecification" -> "sse-specification".
std::string CliName(std::string_view member);

struct CliRequest {
  std::string cli_operation;  // "query"
  std::string operation;      // "Query": the X-Amz-Target operation
  std::string request_json;   // the request body, a JSON object
  // The CLI's automatic pagination (see the contract).
  bool paginate = false;
  std::optional<int64_t> page_size;
  std::optional<int64_t> max_items;
  // Names of the paginator's members, when `paginate`.
  std::string input_token, output_token, limit_key;
  std::vector<std::string> result_keys;  // merged across pages
  // Options accepted but without effect here ("--query is not applied").
  std::vector<std::string> warnings;
};

StatusOr<CliRequest> ParseAwsCliCommand(std::string_view command_line);

// The CLI operation names ParseAwsCliCommand knows ("batch-get-item", ...).
std::vector<std::string> KnownCliOperations();

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_CLI_COMMAND_H_
