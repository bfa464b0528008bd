// Copyright 2026 The eddy Authors.
//
// `eddy exec [FILE]`: runs DynamoDB JSON requests against one in-memory
// Database. Each input line is {"op":"PutItem","request":{...}}; each output
// line is the response body (an error as {"__type":...,"message":...}).
// Blank lines and lines starting with '#' are skipped. The clock is a manual
// clock at 2023-11-14T22:13:20Z that moves only with EddyAdvanceClock, so
// output is the same on every run.
//
// Bounds (eddy-server's, for one request at a time): a line longer than
// kMaxLineBytes is answered with RequestEntityTooLargeException and skipped
// without being held; a line's decoded attribute values may take what is
// left of kRequestShareBytes after the line (the default share of
// eddy-server's --max-buffered-bytes), past which the line is answered with
// RequestEntityTooLargeException and nothing of it runs.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/decode_budget.h"
#include "emulator/wire/execute.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"

namespace eddy::cli {
namespace {

// eddy-server's default --max-body-bytes, and a kilobyte for the envelope.
constexpr size_t kMaxLineBytes = 17 * 1024 * 1024 + 1024;
// A quarter of eddy-server's default --max-buffered-bytes.
constexpr size_t kRequestShareBytes = size_t{64} << 20;

// Reads one line (without its '\n') into *line; false at the end of input.
// A line longer than `max` is not kept: *line is left empty, *too_long set
// and the rest of the line skipped.
bool ReadLine(std::istream& in, size_t max, std::string* line, bool* too_long) {
  line->clear();
  *too_long = false;
  std::streambuf* buffer = in.rdbuf();
  int c = buffer->sbumpc();
  if (c == std::char_traits<char>::eof()) return false;
  for (; c != std::char_traits<char>::eof() && c != '\n';
       c = buffer->sbumpc()) {
    if (*too_long) continue;
    if (line->size() == max) {
      *too_long = true;
      line->clear();
      line->shrink_to_fit();
      continue;
    }
    line->push_back(static_cast<char>(c));
  }
  return true;
}

// The decode budget of one line: what is left of its share.
class LineBudget : public DecodeBudget {
 public:
  explicit LineBudget(size_t room) : room_(room) {}
  bool TryAcquire(size_t bytes) override {
    if (bytes > room_ - taken_) return false;
    taken_ += bytes;
    return true;
  }
  void Release(size_t bytes) override { taken_ -= bytes; }

 private:
  const size_t room_;
  size_t taken_ = 0;
};

// One line's answer, within the bounds above.
std::string Answer(Database& db, std::string_view line) {
  LineBudget budget(kRequestShareBytes - line.size());
  ScopedDecodeBudget scope(&budget);
  WireResponse r = ExecuteEnvelope(db, line);
  if (!scope.refused()) return std::move(r.body);
  return ErrorBodyJson(Status(
      ErrorCode::kRequestEntityTooLarge,
      "The request's attribute values need more memory than one request may "
      "hold (" +
          std::to_string(kRequestShareBytes) + " bytes, line included)"));
}

constexpr char kUsage[] =
    "usage: eddy exec [FILE | -]\n"
    "\n"
    "Runs DynamoDB requests, written as JSON, against one in-memory eddy\n"
    "database and prints one response per request, so any language can\n"
    "drive eddy through a pipe. FILE absent or '-' reads stdin.\n"
    "\n"
    "Input: one request per line,\n"
    "  {\"op\": \"<Operation>\", \"request\": {<the body DynamoDB takes>}}\n"
    "where the body is exactly what an SDK sends (DynamoDB JSON). Blank\n"
    "lines and lines starting with # are skipped.\n"
    "\n"
    "Output: one line per request, the body DynamoDB answers with, as\n"
    "compact JSON; an error is\n"
    "  {\"__type\":\"com.amazonaws.dynamodb.v20120810#<Name>\","
    "\"message\":\"...\"}\n"
    "The exit status is 0 even when requests fail (their errors are output).\n"
    "A line over 17 MiB, or one whose attribute values decode into more than\n"
    "64 MiB (eddy-server's default bounds), is answered with\n"
    "RequestEntityTooLargeException.\n"
    "\n"
    "Operations: CreateTable, DescribeTable, ListTables, UpdateTable,\n"
    "DeleteTable, PutItem, GetItem, UpdateItem, DeleteItem, Query, Scan,\n"
    "BatchGetItem, BatchWriteItem, TransactGetItems, TransactWriteItems,\n"
    "UpdateTimeToLive, DescribeTimeToLive, TagResource, UntagResource,\n"
    "ListTagsOfResource, ExecuteStatement, BatchExecuteStatement,\n"
    "ExecuteTransaction; DynamoDB Streams' ListStreams, DescribeStream,\n"
    "GetShardIterator, GetRecords; and eddy's own EddyInjectFault,\n"
    "EddyClearFaults, EddyAdvanceClock and EddySplitPartition.\n"
    "\n"
    "Time is virtual: the clock starts at 2023-11-14T22:13:20Z and moves\n"
    "only when asked, "
    "{\"op\":\"EddyAdvanceClock\",\"request\":{\"Seconds\":3600}},\n"
    "so the same input always gives the same output (TTL expiry and GSI lag\n"
    "included).\n"
    "\n"
    "Example (requests.jsonl):\n"
    "  {\"op\":\"CreateTable\",\"request\":{\"TableName\":\"notes\","
    "\"BillingMode\":\"PAY_PER_REQUEST\",\n"
    "   \"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}],\n"
    "   \"AttributeDefinitions\":[{\"AttributeName\":\"pk\","
    "\"AttributeType\":\"S\"}]}}\n"
    "  {\"op\":\"PutItem\",\"request\":{\"TableName\":\"notes\","
    "\"Item\":{\"pk\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}}\n"
    "  {\"op\":\"GetItem\",\"request\":{\"TableName\":\"notes\","
    "\"Key\":{\"pk\":{\"S\":\"a\"}}}}\n"
    "  {\"op\":\"GetItem\",\"request\":{\"TableName\":\"nope\","
    "\"Key\":{\"pk\":{\"S\":\"a\"}}}}\n"
    "(each request on one line; the first is folded here). Then\n"
    "  eddy exec requests.jsonl\n"
    "prints\n"
    "  {\"TableDescription\":{...,\"TableName\":\"notes\",\"TableStatus\":"
    "\"ACTIVE\"}}\n"
    "  {}\n"
    "  {\"Item\":{\"n\":{\"N\":\"1\"},\"pk\":{\"S\":\"a\"}}}\n"
    "  {\"__type\":\"com.amazonaws.dynamodb.v20120810#"
    "ResourceNotFoundException\",\n"
    "   \"message\":\"Requested resource not found\"}\n";

int Run(std::istream& in) {
  ManualClock clock(1'700'000'000'000'000);
  Options options;
  options.clock = &clock;
  Database db(options);
  std::string line;
  bool too_long = false;
  while (ReadLine(in, kMaxLineBytes, &line, &too_long)) {
    if (too_long) {
      std::cout << ErrorBodyJson(Status(ErrorCode::kRequestEntityTooLarge,
                                        "Request line longer than " +
                                            std::to_string(kMaxLineBytes) +
                                            " bytes"))
                << '\n';
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#')
      continue;
    std::cout << Answer(db, line) << '\n';
  }
  std::cout.flush();
  return 0;
}

}  // namespace

int RunExec(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kUsage);
  if (args.size() > 1) {
    return UsageError("eddy exec",
                      "takes at most one FILE (got " +
                          std::to_string(args.size()) +
                          " arguments); to run several files, concatenate "
                          "them: cat a.jsonl b.jsonl | eddy exec");
  }
  if (args.empty() || args[0] == "-") return Run(std::cin);
  if (args[0].size() > 1 && args[0][0] == '-') {
    return UsageError("eddy exec", "unknown option " + args[0]);
  }
  std::ifstream file(args[0]);
  if (!file) {
    std::fprintf(stderr,
                 "eddy exec: cannot open %s: check the path, or pass the "
                 "requests on stdin\n",
                 args[0].c_str());
    return 1;
  }
  return Run(file);
}

}  // namespace eddy::cli
