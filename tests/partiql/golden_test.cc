// Copyright 2026 The eddy Authors.
//
// Data-driven golden tests for the PartiQL front end, in the format of
// tests/expr/golden_test.cc. Each file under tests/partiql/testdata is a list
// of cases separated by blank lines; `#` lines between cases are comments.
// A case is
//
//   <command> [arg ...]
//   params: [1, "x", <<"a">>]     optional; the Parameters, item notation
//   stmt: SELECT * FROM "Music"   the statement; more `stmt:` lines are
//   stmt: WHERE Artist = ?        joined with newlines
//   ----
//   <expected output, up to the next blank line>
//
// Commands:
//   parse                  ParseStatement: the tree's DebugString, or the
//                          error
//   plan [context=batch|transaction] [consistent] [limit=N]
//        [capacity=total] [all-old]
//                          PlanStatement against the test catalog
//                          (kCatalog below): FormatPlan, or the error
// Errors print as `error: <message>` for a ValidationException and
// `error: <ErrorCodeName>: <message>` otherwise.
//
// Maintainers can regenerate the expected blocks with EDDY_GOLDEN_REWRITE=1.
// Never use it to create expected results: decide them from DynamoDB's
// documentation, then run.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/error_code.h"
#include "emulator/base/status.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/partiql.h"
#include "gtest/gtest.h"
#include "tests/expr/item_notation.h"

#ifndef EDDY_PARTIQL_TESTDATA_DIR
#error "EDDY_PARTIQL_TESTDATA_DIR must name tests/partiql/testdata"
#endif

namespace eddy::partiql {
namespace {

constexpr std::string_view kSeparator = "----";

struct GoldenCase {
  int line = 0;
  std::string command;
  std::vector<std::pair<std::string, std::string>> args;
  std::vector<std::string> input;
  std::vector<std::string> expected;
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
    std::istringstream words(lines[i]);
    words >> c.command;
    std::string word;
    while (words >> word) {
      size_t eq = word.find('=');
      if (eq == std::string::npos) {
        c.args.emplace_back(word, "");
      } else {
        c.args.emplace_back(word.substr(0, eq), word.substr(eq + 1));
      }
    }
    ++i;
    while (i < lines.size() && lines[i] != kSeparator && !IsBlank(lines[i])) {
      c.input.push_back(lines[i]);
      ++i;
    }
    if (i >= lines.size() || lines[i] != kSeparator) {
      ADD_FAILURE_AT(path.c_str(), c.line) << "case has no \"----\" line";
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

// The tables every `plan` case can name.
const MapSchemaLookup& Catalog() {
  static const MapSchemaLookup* catalog = [] {
    auto* c = new MapSchemaLookup();
    auto key = [](std::string name, ScalarAttributeType type) {
      return KeyAttribute{std::move(name), type};
    };
    using T = ScalarAttributeType;
    TableSchema music;
    music.table_name = "Music";
    music.key = {key("Artist", T::kS), key("SongTitle", T::kS)};
    music.indexes.push_back(
        IndexSchema{"AlbumIndex",
                    true,
                    {key("AlbumTitle", T::kS), std::nullopt},
                    ProjectionType::kKeysOnly,
                    {}});
    music.indexes.push_back(
        IndexSchema{"GenreIndex",
                    true,
                    {key("Genre", T::kS), key("Year", T::kN)},
                    ProjectionType::kInclude,
                    {"Price"}});
    music.indexes.push_back(IndexSchema{"LabelIndex",
                                        true,
                                        {key("Label", T::kS), std::nullopt},
                                        ProjectionType::kAll,
                                        {}});
    music.indexes.push_back(
        IndexSchema{"ArtistYear",
                    false,
                    {key("Artist", T::kS), key("Year", T::kN)},
                    ProjectionType::kInclude,
                    {"Price"}});
    c->Add(std::move(music));
    TableSchema orders;
    orders.table_name = "Orders";
    orders.key = {key("OrderID", T::kN), std::nullopt};
    c->Add(std::move(orders));
    TableSchema users;
    users.table_name = "users";
    users.key = {key("pk", T::kS), std::nullopt};
    c->Add(std::move(users));
    TableSchema composite;
    composite.table_name = "composite";
    composite.key = {key("pk", T::kS), key("sk", T::kS)};
    // A GSI keyed on two partition and one sort attribute (h1, h2; r1).
    IndexSchema multi{"multi",
                      true,
                      {key("h1", T::kS), key("r1", T::kS)},
                      ProjectionType::kAll};
    multi.multi_attribute_key = true;
    composite.indexes.push_back(std::move(multi));
    c->Add(std::move(composite));
    TableSchema nums;
    nums.table_name = "nums";
    nums.key = {key("pk", T::kN), key("sk", T::kN)};
    c->Add(std::move(nums));
    TableSchema bin;
    bin.table_name = "bin";
    bin.key = {key("pk", T::kB), std::nullopt};
    c->Add(std::move(bin));
    return c;
  }();
  return *catalog;
}

struct CaseInput {
  std::string statement;
  std::vector<AttributeValue> params;
};

std::string ParseInput(const GoldenCase& c, CaseInput* in) {
  bool first = true;
  for (const std::string& line : c.input) {
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      return "input line without a field: " + line;
    std::string field = line.substr(0, colon);
    std::string_view rest = std::string_view(line).substr(colon + 1);
    if (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    if (field == "stmt") {
      if (!first) in->statement.push_back('\n');
      in->statement.append(rest);
      first = false;
    } else if (field == "params") {
      AttributeMap wrapped =
          expr::testing::ParseItem("{p=" + std::string(rest) + "}");
      in->params = wrapped.Find("p")->l();
    } else {
      return "unknown input field: " + field;
    }
  }
  if (first) return "no stmt: line";
  return "";
}

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::vector<std::string> RunParse(const GoldenCase&, const CaseInput& in) {
  StatusOr<ParsedStatement> parsed = ParseStatement(in.statement);
  if (!parsed.ok()) return {ErrorLine(parsed.status())};
  return {parsed->root->DebugString()};
}

std::vector<std::string> RunPlan(const GoldenCase& c, const CaseInput& in) {
  PlanOptions options;
  if (const std::string* context = c.Arg("context")) {
    if (*context == "batch") {
      options.context = StatementContext::kBatchExecuteStatement;
    } else if (*context == "transaction") {
      options.context = StatementContext::kExecuteTransaction;
    } else {
      return {"bad context: " + *context};
    }
  }
  if (c.Arg("consistent")) options.consistent_read = true;
  if (const std::string* limit = c.Arg("limit")) {
    options.limit = std::stoi(*limit);
  }
  if (c.Arg("capacity")) {
    options.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  }
  if (c.Arg("all-old")) {
    options.return_values_on_condition_check_failure_all_old = true;
  }
  StatusOr<Plan> plan =
      PlanStatement(in.statement, in.params, Catalog(), options);
  if (!plan.ok()) return {ErrorLine(plan.status())};
  return SplitLines(FormatPlan(*plan));
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

int RunGoldenFile(const std::string& name) {
  GoldenFile file =
      ReadGoldenFile(std::string(EDDY_PARTIQL_TESTDATA_DIR) + "/" + name);
  std::vector<std::vector<std::string>> actual(file.cases.size());
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
    if (c.command == "parse") {
      actual[k] = RunParse(c, input);
    } else if (c.command == "plan") {
      actual[k] = RunPlan(c, input);
    } else {
      ADD_FAILURE_AT(path, c.line) << "unknown command: " << c.command;
      actual[k] = c.expected;
      continue;
    }
    if (actual[k] != c.expected) {
      ADD_FAILURE_AT(path, c.line)
          << "stmt: " << input.statement << "\n  expected:\n"
          << JoinLines(c.expected) << "  actual:\n"
          << JoinLines(actual[k]);
    }
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

TEST(PartiqlGoldenTest, Parse) { EXPECT_GE(RunGoldenFile("parse.txt"), 40); }
TEST(PartiqlGoldenTest, SyntaxErrors) {
  EXPECT_GE(RunGoldenFile("syntax_errors.txt"), 30);
}
TEST(PartiqlGoldenTest, Select) { EXPECT_GE(RunGoldenFile("select.txt"), 40); }
TEST(PartiqlGoldenTest, Conditions) {
  EXPECT_GE(RunGoldenFile("conditions.txt"), 40);
}
TEST(PartiqlGoldenTest, Writes) { EXPECT_GE(RunGoldenFile("writes.txt"), 30); }
TEST(PartiqlGoldenTest, Values) { EXPECT_GE(RunGoldenFile("values.txt"), 20); }
TEST(PartiqlGoldenTest, BatchAndTransaction) {
  EXPECT_GE(RunGoldenFile("batch_transaction.txt"), 15);
}

}  // namespace
}  // namespace eddy::partiql
