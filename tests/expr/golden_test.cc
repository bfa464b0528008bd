// Copyright 2026 The eddy Authors.
//
// Data-driven golden tests for the expression languages, in the style of
// cockroachdb/pebble's datadriven files. Each file under tests/expr/testdata
// is a list of cases separated by blank lines; `#` lines between cases are
// comments. A case is
//
//   <command> [arg=value ...]
//   item: {a=1, l=["x", 2]}         optional; the stored item (default {})
//   names: {#n="name"}              optional; ExpressionAttributeNames
//   values: {:v=1, :s="x"}          optional; ExpressionAttributeValues
//   expr: a = :v AND #n <> :s       the expression, verbatim to end of line
//   ----
//   <expected output, up to the next blank line>
//
// Items and values use the notation of tests/expr/item_notation.h. A missing
// `names:` or `values:` line means the request parameter is absent. Every
// case is a whole request: after compiling, unused placeholders are errors
// as in DynamoDB.
//
// Commands and their output:
//   cond [kind=condition|filter]     CompileCondition + Evaluate:
//                                    `true`, `false` or `error: <message>`
//   update [keys=pk,sk]              CompileUpdate (+ the key check when
//                                    `keys` is given) + ApplyUpdate:
//                                      item: {...}
//                                      updated_old: {...}
//                                      updated_new: {...}
//                                    or `error: <message>`
//   project                          CompileProjection + Project: `{...}` or
//                                    `error: <message>`
// Errors print the exact message of a ValidationException; any other code
// prints as `error: <ErrorCodeName>: <message>`.
//
// Known engine bugs: a case whose command line carries `known-bug=<tag>`
// keeps DynamoDB's expected answer but is kept out of the pass/fail verdict:
// a mismatch is only logged. When such a case starts to match, the test
// fails so that the marker is removed.
//
// Maintainers can regenerate the expected blocks from eddy's current output
// with EDDY_GOLDEN_REWRITE=1 (known-bug cases are left alone). Never use it
// to create expected results: decide them from DynamoDB's documentation,
// then run.

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/error_code.h"
#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/evaluate.h"
#include "emulator/expr/expression_kind.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/resolve.h"
#include "emulator/expr/update.h"
#include "gtest/gtest.h"
#include "tests/expr/item_notation.h"

#ifndef EDDY_GOLDEN_TESTDATA_DIR
#error "EDDY_GOLDEN_TESTDATA_DIR must name tests/expr/testdata"
#endif

namespace eddy::expr {
namespace {

using testing::FormatItem;
using testing::ParseItem;

constexpr std::string_view kSeparator = "----";

struct GoldenCase {
  int line = 0;  // 1-based line of the command
  std::string command;
  std::vector<std::pair<std::string, std::string>> args;
  std::vector<std::string> input;  // the lines between command and ----
  std::vector<std::string> expected;
  // Lines [expected_begin, expected_end) (0-based) hold `expected`.
  size_t expected_begin = 0;
  size_t expected_end = 0;

  const std::string* Arg(std::string_view key) const {
    for (const auto& [k, v] : args) {
      if (k == key) return &v;
    }
    return nullptr;
  }
};

struct GoldenFile {
  std::string path;
  std::vector<std::string> lines;
  std::vector<GoldenCase> cases;
};

bool IsBlank(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

std::vector<std::string> SplitWords(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) words.push_back(word);
  return words;
}

// Reads and splits `path` into cases; records a failure for malformed input.
GoldenFile ReadGoldenFile(const std::string& path) {
  GoldenFile file;
  file.path = path;
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path;
    return file;
  }
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    file.lines.push_back(line);
  }
  const std::vector<std::string>& lines = file.lines;
  size_t i = 0;
  while (i < lines.size()) {
    if (IsBlank(lines[i]) || lines[i][0] == '#') {
      ++i;
      continue;
    }
    GoldenCase c;
    c.line = static_cast<int>(i) + 1;
    std::vector<std::string> words = SplitWords(lines[i]);
    c.command = words[0];
    for (size_t w = 1; w < words.size(); ++w) {
      size_t eq = words[w].find('=');
      if (eq == std::string::npos) {
        c.args.emplace_back(words[w], "");
      } else {
        c.args.emplace_back(words[w].substr(0, eq), words[w].substr(eq + 1));
      }
    }
    ++i;
    while (i < lines.size() && lines[i] != kSeparator) {
      if (IsBlank(lines[i])) break;
      c.input.push_back(lines[i]);
      ++i;
    }
    if (i >= lines.size() || lines[i] != kSeparator) {
      ADD_FAILURE_AT(path.c_str(), c.line)
          << "case has no \"----\" line before a blank line or the end";
      while (i < lines.size() && !IsBlank(lines[i])) ++i;
      continue;
    }
    ++i;
    c.expected_begin = i;
    while (i < lines.size() && !IsBlank(lines[i])) {
      c.expected.push_back(lines[i]);
      ++i;
    }
    c.expected_end = i;
    file.cases.push_back(std::move(c));
  }
  return file;
}

std::string ErrorLine(const Status& status) {
  std::string out = "error: ";
  if (status.code() != ErrorCode::kValidation) {
    out.append(ErrorCodeName(status.code()));
    out.append(": ");
  }
  out.append(status.message());
  return out;
}

// The parsed `item:`, `names:`, `values:` and `expr:` lines of a case.
struct CaseInput {
  Item item;
  bool has_names = false;
  ExpressionAttributeNames names;
  bool has_values = false;
  AttributeMap values;
  bool has_expression = false;
  std::string expression;

  const ExpressionAttributeNames* names_or_null() const {
    return has_names ? &names : nullptr;
  }
  const AttributeMap* values_or_null() const {
    return has_values ? &values : nullptr;
  }
};

// Parses the input lines, or returns a description of what is wrong.
std::string ParseInput(const GoldenCase& c, CaseInput* input) {
  for (const std::string& line : c.input) {
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      return "input line without a field: " + line;
    std::string field = line.substr(0, colon);
    std::string_view rest = std::string_view(line).substr(colon + 1);
    // The value starts after one optional space; `expr:` keeps the rest of
    // the line verbatim (leading blanks beyond that one are significant).
    if (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    if (field == "item") {
      input->item = ParseItem(rest);
    } else if (field == "names") {
      input->has_names = true;
      for (const auto& entry : ParseItem(rest)) {
        if (!entry.value.is(AttributeType::kS)) {
          return "names: values must be strings";
        }
        input->names[entry.name] = entry.value.s();
      }
    } else if (field == "values") {
      input->has_values = true;
      input->values = ParseItem(rest);
    } else if (field == "expr") {
      input->has_expression = true;
      input->expression = std::string(rest);
    } else {
      return "unknown input field: " + field;
    }
  }
  if (!input->has_expression) return "no expr: line";
  return "";
}

std::vector<std::string> RunCondition(const GoldenCase& c,
                                      const CaseInput& in) {
  ExpressionKind kind = ExpressionKind::kCondition;
  if (const std::string* k = c.Arg("kind")) {
    if (*k == "filter") {
      kind = ExpressionKind::kFilter;
    } else if (*k != "condition") {
      return {"bad kind: " + *k};
    }
  }
  PlaceholderUsage usage;
  StatusOr<ResolvedCondition> condition = CompileCondition(
      in.expression, kind, in.names_or_null(), in.values_or_null(), &usage);
  if (!condition.ok()) return {ErrorLine(condition.status())};
  Status unused =
      CheckAllPlaceholdersUsed(in.names_or_null(), in.values_or_null(), usage);
  if (!unused.ok()) return {ErrorLine(unused)};
  return {Evaluate(*condition, in.item) ? "true" : "false"};
}

std::vector<std::string> RunUpdate(const GoldenCase& c, const CaseInput& in) {
  PlaceholderUsage usage;
  StatusOr<ResolvedUpdate> update = CompileUpdate(
      in.expression, in.names_or_null(), in.values_or_null(), &usage);
  if (!update.ok()) return {ErrorLine(update.status())};
  Status unused =
      CheckAllPlaceholdersUsed(in.names_or_null(), in.values_or_null(), usage);
  if (!unused.ok()) return {ErrorLine(unused)};
  if (const std::string* keys = c.Arg("keys")) {
    std::vector<std::string> key_names;
    std::istringstream list(*keys);
    std::string key;
    while (std::getline(list, key, ',')) key_names.push_back(key);
    Status untouched = CheckKeyAttributesUntouched(*update, key_names);
    if (!untouched.ok()) return {ErrorLine(untouched)};
  }
  StatusOr<UpdateOutcome> outcome = ApplyUpdate(*update, in.item);
  if (!outcome.ok()) return {ErrorLine(outcome.status())};
  return {"item: " + FormatItem(outcome->item),
          "updated_old: " + FormatItem(outcome->updated_old),
          "updated_new: " + FormatItem(outcome->updated_new)};
}

std::vector<std::string> RunProjection(const GoldenCase&, const CaseInput& in) {
  if (in.has_values) return {"project takes no values: line"};
  PlaceholderUsage usage;
  StatusOr<ResolvedProjection> projection =
      CompileProjection(in.expression, in.names_or_null(), &usage);
  if (!projection.ok()) return {ErrorLine(projection.status())};
  Status unused = CheckAllPlaceholdersUsed(in.names_or_null(), nullptr, usage);
  if (!unused.ok()) return {ErrorLine(unused)};
  return {FormatItem(Project(*projection, in.item))};
}

std::string JoinLines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out.append("    ").append(line) += '\n';
  return out.empty() ? "    (nothing)\n" : out;
}

bool RewriteRequested() {
  const char* flag = std::getenv("EDDY_GOLDEN_REWRITE");
  return flag != nullptr && std::string_view(flag) == "1";
}

// Runs every case of testdata/<name>; returns how many ran.
int RunGoldenFile(const std::string& name) {
  GoldenFile file =
      ReadGoldenFile(std::string(EDDY_GOLDEN_TESTDATA_DIR) + "/" + name);
  std::vector<std::vector<std::string>> actual(file.cases.size());
  int known_bugs = 0;
  for (size_t k = 0; k < file.cases.size(); ++k) {
    const GoldenCase& c = file.cases[k];
    const char* path = file.path.c_str();
    CaseInput input;
    std::string problem = ParseInput(c, &input);
    if (!problem.empty()) {
      ADD_FAILURE_AT(path, c.line) << problem;
      actual[k] = c.expected;
      continue;
    }
    if (c.command == "cond") {
      actual[k] = RunCondition(c, input);
    } else if (c.command == "update") {
      actual[k] = RunUpdate(c, input);
    } else if (c.command == "project") {
      actual[k] = RunProjection(c, input);
    } else {
      ADD_FAILURE_AT(path, c.line) << "unknown command: " << c.command;
      actual[k] = c.expected;
      continue;
    }
    const std::string* bug = c.Arg("known-bug");
    bool match = actual[k] == c.expected;
    std::string report = "expr: " + input.expression + "\n  expected:\n" +
                         JoinLines(c.expected) + "  actual:\n" +
                         JoinLines(actual[k]);
    if (bug != nullptr) {
      ++known_bugs;
      if (match) {
        ADD_FAILURE_AT(path, c.line)
            << "known-bug=" << *bug
            << " case now gives DynamoDB's answer; remove the marker.\n  "
            << report;
      } else {
        std::printf("%s:%d: known bug %s still present (not counted)\n  %s",
                    path, c.line, bug->c_str(), report.c_str());
      }
      actual[k] = c.expected;  // a rewrite keeps DynamoDB's answer
    } else if (!match) {
      ADD_FAILURE_AT(path, c.line) << report;
    }
  }
  if (known_bugs > 0) {
    std::printf("%s: %d known-bug case(s) kept out of the verdict\n",
                file.path.c_str(), known_bugs);
  }

  if (RewriteRequested()) {
    std::vector<std::string> out;
    size_t next = 0;
    for (size_t k = 0; k < file.cases.size(); ++k) {
      const GoldenCase& c = file.cases[k];
      for (; next < c.expected_begin; ++next) out.push_back(file.lines[next]);
      for (const std::string& line : actual[k]) out.push_back(line);
      next = c.expected_end;
    }
    for (; next < file.lines.size(); ++next) out.push_back(file.lines[next]);
    std::ofstream rewrite(file.path, std::ios::trunc);
    for (const std::string& line : out) rewrite << line << '\n';
    std::printf("rewrote %s\n", file.path.c_str());
  }
  return static_cast<int>(file.cases.size());
}

TEST(GoldenTest, Conditions) { EXPECT_GE(RunGoldenFile("conditions.txt"), 80); }

TEST(GoldenTest, Updates) { EXPECT_GE(RunGoldenFile("updates.txt"), 50); }

TEST(GoldenTest, Projections) {
  EXPECT_GE(RunGoldenFile("projections.txt"), 25);
}

// The notation the golden files are written in round-trips through the
// formatter, escapes included.
TEST(GoldenTest, ItemNotationRoundTrip) {
  const char* kItems[] = {
      "{}",
      R"({a=1, b="x", c=b"\x00\xff", d=true, e=false, f=null})",
      R"({l=[1, "two", [3], {m=4}], m={k=[], "key with space"=1}})",
      R"({bs=<<b"a", b"b">>, ns=<<-1.5, 2, 10>>, ss=<<"", "a", "b">>})",
      R"({"q\"uote"="back\\slash", u="\xc3\xa9"})",
  };
  for (const char* text : kItems) {
    Item item = ParseItem(text);
    EXPECT_EQ(FormatItem(item), text);
    EXPECT_EQ(ParseItem(FormatItem(item)), item) << text;
  }
  EXPECT_EQ(FormatItem(ParseItem("{z=1.0, a=<<3, 1>>, m={y=00042}}")),
            "{a=<<1, 3>>, m={y=42}, z=1}");
}

}  // namespace
}  // namespace eddy::expr
