// Copyright 2026 The eddy Authors.
//
// Hostile statements end in a ValidationException (or a plan), never a
// crash, a hang or unbounded memory: deep nesting, huge IN lists, thousands
// of parameters, long operator chains, and random byte mutations of valid
// statements. The parser is also driven past the 8192-character request
// limit (ParseOptions), to show its own bounds hold.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "emulator/base/error_code.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/partiql.h"
#include "emulator/testing/status_matchers.h"
#include "gtest/gtest.h"

namespace eddy::partiql {
namespace {

const MapSchemaLookup& Schemas() {
  static const MapSchemaLookup* schemas = [] {
    auto* s = new MapSchemaLookup();
    TableSchema t;
    t.table_name = "Tab";
    t.key = {KeyAttribute{"pk", ScalarAttributeType::kS},
             KeyAttribute{"sk", ScalarAttributeType::kN}};
    IndexSchema g;
    g.index_name = "G";
    g.key = {KeyAttribute{"g", ScalarAttributeType::kS}, std::nullopt};
    g.projection_type = ProjectionType::kKeysOnly;
    t.indexes.push_back(g);
    s->Add(t);
    return s;
  }();
  return *schemas;
}

std::string Repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out.append(s);
  return out;
}

// Parsing with no request-size limit: only the parser's own bounds.
StatusOr<ParsedStatement> ParseUnbounded(const std::string& text) {
  ParseOptions options;
  options.max_statement_length = text.size() + 1;
  return ParseStatement(text, options);
}

StatusOr<Plan> PlanIt(const std::string& text,
                      const std::vector<AttributeValue>& params = {}) {
  return PlanStatement(text, params, Schemas());
}

TEST(PartiqlRobustnessTest, StatementOverTheRequestLimit) {
  std::string text =
      "SELECT * FROM \"Tab\" WHERE a = '" + std::string(8200, 'x') + "'";
  EXPECT_THAT(PlanIt(text),
              StatusIs(ErrorCode::kValidation,
                       "Member must have length less than or equal to 8192"));
}

TEST(PartiqlRobustnessTest, DeeplyNestedParentheses) {
  for (size_t depth : {100u, 300u, 100000u}) {
    std::string text = "SELECT * FROM \"Tab\" WHERE " + Repeat("(", depth) +
                       "a = 1" + Repeat(")", depth);
    StatusOr<ParsedStatement> parsed = ParseUnbounded(text);
    if (depth < kMaxParseDepth) {
      EXPECT_THAT(parsed, IsOk()) << depth;
    } else {
      EXPECT_THAT(parsed, StatusIs(ErrorCode::kValidation,
                                   "Statement wasn't well formed"))
          << depth;
    }
  }
  // Through the planner (within the 8192-character limit).
  std::string text = "SELECT * FROM \"Tab\" WHERE " + Repeat("(", 4000) +
                     "a = 1" + Repeat(")", 4000);
  EXPECT_THAT(PlanIt(text), StatusIs(ErrorCode::kValidation, ""));
}

TEST(PartiqlRobustnessTest, DeepPrefixOperatorsAndLiterals) {
  for (const std::string& text :
       {"SELECT * FROM \"Tab\" WHERE " + Repeat("NOT ", 50000) + "a = 1",
        "SELECT * FROM \"Tab\" WHERE a = " + Repeat("- ", 50000) + "1",
        "SELECT * FROM \"Tab\" WHERE a = " + Repeat("[", 50000) + "1" +
            Repeat("]", 50000),
        "SELECT * FROM \"Tab\" WHERE a = " + Repeat("{'k':", 50000) + "1" +
            Repeat("}", 50000),
        "SELECT * FROM \"Tab\" WHERE a = " + Repeat("f(", 50000) + "1" +
            Repeat(")", 50000),
        "SELECT * FROM \"Tab\" WHERE a" + Repeat("[0]", 50000) + " = 1",
        "SELECT * FROM \"Tab\" WHERE " + Repeat("a = 1 AND ", 50000) + "b = 2",
        "SELECT * FROM \"Tab\" WHERE a = " + Repeat("1 + ", 50000) + "1"}) {
    EXPECT_THAT(ParseUnbounded(text), StatusIs(ErrorCode::kValidation, ""))
        << text.substr(0, 60);
  }
  // Values nest 32 levels; deeper literal documents get DynamoDB's nesting
  // error even when the parser can read them.
  std::string text = "UPDATE \"Tab\" SET d = " + Repeat("[", 100) + "1" +
                     Repeat("]", 100) + " WHERE pk = 'a' AND sk = 1";
  EXPECT_THAT(PlanIt(text),
              StatusIs(ErrorCode::kValidation,
                       "Nesting Levels have exceeded supported limits under "
                       "root[0][0]"));
}

TEST(PartiqlRobustnessTest, LongestAndChainWithinTheLimits) {
  // A chain as tall as the parser allows still plans (a Query on pk).
  std::string where = "pk = 'a'";
  for (int i = 1; i < kMaxParseDepth - 2; ++i) {
    where += " AND a" + std::to_string(i) + " = " + std::to_string(i);
  }
  StatusOr<Plan> plan = PlanIt("SELECT * FROM \"Tab\" WHERE " + where);
  ASSERT_THAT(plan, IsOk());
  EXPECT_EQ(plan->operation, PlanOperation::kQuery);
  // One more link is refused.
  where += " AND b = 1 AND c = 2 AND d = 3";
  EXPECT_THAT(PlanIt("SELECT * FROM \"Tab\" WHERE " + where),
              StatusIs(ErrorCode::kValidation, "Statement wasn't well formed"));
}

TEST(PartiqlRobustnessTest, HugeInLists) {
  // 100,000 values: the request limit, and past it the parser's node bound.
  std::string values = "1";
  for (int i = 1; i < 100000; ++i) values += ", 1";
  std::string text = "SELECT * FROM \"Tab\" WHERE a IN [" + values + "]";
  EXPECT_THAT(PlanIt(text), StatusIs(ErrorCode::kValidation, ""));
  EXPECT_THAT(ParseUnbounded(text),
              StatusIs(ErrorCode::kValidation, "Statement wasn't well formed"));
  // 101 values of a non-key attribute, and 51 partition keys.
  std::string in101 = "1";
  for (int i = 1; i < 101; ++i) in101 += ", " + std::to_string(i);
  EXPECT_THAT(PlanIt("SELECT * FROM \"Tab\" WHERE a IN [" + in101 + "]"),
              StatusIs(ErrorCode::kValidation,
                       "The IN operator is provided with too many operands"));
  std::string keys51 = "'0'";
  for (int i = 1; i < 51; ++i) keys51 += ", '" + std::to_string(i) + "'";
  EXPECT_THAT(PlanIt("SELECT * FROM \"Tab\" WHERE pk IN [" + keys51 + "]"),
              StatusIs(ErrorCode::kValidation,
                       "Too many decomposed read operations for a given "
                       "query."));
  // 50 partition keys decompose into 50 Queries.
  std::string keys50 = "'0'";
  for (int i = 1; i < 50; ++i) keys50 += ", '" + std::to_string(i) + "'";
  StatusOr<Plan> plan =
      PlanIt("SELECT * FROM \"Tab\" WHERE pk IN [" + keys50 + "]");
  ASSERT_THAT(plan, IsOk());
  EXPECT_EQ(plan->queries.size(), 50u);
  // A cross product past 50 reads is refused too.
  EXPECT_THAT(
      PlanIt("SELECT * FROM \"Tab\" WHERE pk IN ['a','b','c','d','e','f'"
             ",'g','h'] AND sk IN [1,2,3,4,5,6,7]"),
      StatusIs(ErrorCode::kValidation, "Too many decomposed read"));
}

TEST(PartiqlRobustnessTest, ThousandsOfParameters) {
  for (int n : {4000, 10000}) {
    std::string marks = "?";
    for (int i = 1; i < n; ++i) marks += ",?";
    std::vector<AttributeValue> params(static_cast<size_t>(n),
                                       AttributeValue::N(1));
    std::string text = "SELECT * FROM \"Tab\" WHERE a IN [" + marks + "]";
    EXPECT_THAT(PlanIt(text, params), StatusIs(ErrorCode::kValidation, ""))
        << n;
    // Too few and too many.
    params.pop_back();
    EXPECT_THAT(PlanIt(text, params), StatusIs(ErrorCode::kValidation, ""))
        << n;
  }
  // The parser alone reads 10,000 parameters.
  std::string marks = "?";
  for (int i = 1; i < 10000; ++i) marks += ",?";
  StatusOr<ParsedStatement> parsed =
      ParseUnbounded("SELECT * FROM \"Tab\" WHERE a IN [" + marks + "]");
  ASSERT_THAT(parsed, IsOk());
  EXPECT_EQ(parsed->parameter_count, 10000);
}

TEST(PartiqlRobustnessTest, BooleanComparisonsOfBooleansAreBounded) {
  std::string text = "attribute_exists(a)";
  for (int i = 0; i < 40; ++i) text = "(" + text + ") = attribute_exists(b)";
  StatusOr<Plan> plan = PlanIt("SELECT * FROM \"Tab\" WHERE " + text);
  EXPECT_THAT(plan, StatusIs(ErrorCode::kValidation, ""));
}

// Random edits of valid statements: every result is a plan or a
// ValidationException / ResourceNotFoundException.
TEST(PartiqlRobustnessTest, RandomByteMutations) {
  const std::vector<std::string> seeds = {
      "SELECT a, b.c[1] FROM \"Tab\" WHERE pk = 'x' AND sk BETWEEN 1 AND 5 "
      "ORDER BY sk DESC",
      "SELECT * FROM \"Tab\".\"G\" WHERE g IN ['a', 'b'] AND (x = 1 OR "
      "attribute_exists(y))",
      "INSERT INTO \"Tab\" VALUE {'pk': 'a', 'sk': 1, 'l': [1, {'m': "
      "<<'x'>>}]}",
      "UPDATE \"Tab\" SET a = a + 1, b = list_append(b, [?]) REMOVE c WHERE pk "
      "= ? AND sk = 2 RETURNING ALL NEW *",
      "DELETE FROM \"Tab\" WHERE pk = 'a' AND sk = 1 AND x IS NOT MISSING "
      "RETURNING ALL OLD *",
      "FROM \"Tab\" WHERE pk = 'a' AND sk = 1 SET s = set_add(s, <<'q'>>)",
      "EXISTS(SELECT * FROM \"Tab\" WHERE pk = 'a' AND sk = 1 AND v > 2)",
  };
  const std::string alphabet =
      "abcxyz019 _'\"()[]{}<>=!.,;:?*+-/%|@#`\n\r\t\xc3\xa9\x80\xff";
  std::mt19937 rng(20261201);
  int plans = 0, errors = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text = seeds[rng() % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t at = rng() % text.size();
      char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0:
          text[at] = c;
          break;
        case 1:
          text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          text.erase(text.begin() + static_cast<std::ptrdiff_t>(at));
          break;
      }
    }
    std::vector<AttributeValue> params;
    for (char c : text) {
      if (c == '?') params.push_back(AttributeValue::S("p"));
    }
    PlanOptions options;
    options.context = static_cast<StatementContext>(rng() % 3);
    StatusOr<Plan> plan = PlanStatement(text, params, Schemas(), options);
    if (plan.ok()) {
      ++plans;
      EXPECT_FALSE(FormatPlan(*plan).empty());
    } else {
      ++errors;
      ErrorCode code = plan.status().code();
      EXPECT_TRUE(code == ErrorCode::kValidation ||
                  code == ErrorCode::kResourceNotFound)
          << text << "\n"
          << plan.status().ToString();
      EXPECT_FALSE(plan.status().message().empty()) << text;
    }
  }
  EXPECT_GT(plans, 0);
  EXPECT_GT(errors, 0);
}

}  // namespace
}  // namespace eddy::partiql
