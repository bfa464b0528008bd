// Copyright 2026 The eddy Authors.
//
// Table tests of the condition grammar: {expression -> canonical AST dump}
// and {expression -> exact error}, a print/parse round-trip property over
// every valid row, and robustness against deep or huge input.

#include "emulator/expr/condition_parser.h"

#include <string>
#include <vector>

#include "emulator/expr/lexer.h"
#include "emulator/expr/reserved_words.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy::expr {
namespace {

struct ValidCase {
  const char* expression;
  const char* dump;
};

// Every row parses, and dumps to exactly this tree.
const ValidCase kValidCases[] = {
    // Comparators, each operand kind.
    {"a = :s", "(= a :s)"},
    {"a <> :s", "(<> a :s)"},
    {"a < :n", "(< a :n)"},
    {"a <= :n", "(<= a :n)"},
    {"a > :n", "(> a :n)"},
    {"a >= :n", "(>= a :n)"},
    {":s = a", "(= :s a)"},
    {":s = :s2", "(= :s :s2)"},
    {":s = :s", "(= :s :s)"},
    {"a = b", "(= a b)"},
    {"a=:s", "(= a :s)"},
    {"  a   =   :s  ", "(= a :s)"},
    {"a\t=\n:s\r", "(= a :s)"},
    {"#a = :s", "(= #a :s)"},
    {"#n = :s", "(= #n :s)"},
    // Document paths.
    {"a.b = :s", "(= a.b :s)"},
    {"a[0] = :s", "(= a[0] :s)"},
    {"a[12].b[3].c = :s", "(= a[12].b[3].c :s)"},
    {"a . b [ 1 ] = :s", "(= a.b[1] :s)"},
    {"#a.#b[2] = :s", "(= #a.#b[2] :s)"},
    {"a1_b2 = :s", "(= a1_b2 :s)"},
    {"A = :s", "(= A :s)"},
    {"a[007] = :s", "(= a[7] :s)"},
    {"a[99999999999] = :s", "(= a[4294967295] :s)"},
    {"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff = "
     ":s",
     "(= a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff "
     ":s)"},
    // BETWEEN and IN.
    {"a BETWEEN :n AND :n5", "(between a :n :n5)"},
    {"a between :n and :n5", "(between a :n :n5)"},
    {"a BeTwEeN :n aNd :n5", "(between a :n :n5)"},
    {"size(a) BETWEEN :n AND :n5", "(between (size a) :n :n5)"},
    {"a BETWEEN b AND c", "(between a b c)"},
    {"a IN (:s)", "(in a :s)"},
    {"a IN (:s, :s2, :n)", "(in a :s :s2 :n)"},
    {"a in (:s,:s2)", "(in a :s :s2)"},
    {"a IN (b, c.d)", "(in a b c.d)"},
    {":s IN (a, b)", "(in :s a b)"},
    // Functions.
    {"attribute_exists(a)", "(attribute_exists a)"},
    {"attribute_not_exists(a.b[1])", "(attribute_not_exists a.b[1])"},
    {"attribute_type(a, :t)", "(attribute_type a :t)"},
    {"begins_with(a, :s)", "(begins_with a :s)"},
    {"contains(a, :s)", "(contains a :s)"},
    {"contains(a, b)", "(contains a b)"},
    {"size(a) = :n", "(= (size a) :n)"},
    {"size(a) > size(b)", "(> (size a) (size b))"},
    {":n < size(a)", "(< :n (size a))"},
    {"size(a) IN (:n, :n3)", "(in (size a) :n :n3)"},
    {"attribute_exists (a)", "(attribute_exists a)"},
    {"attribute_exists( a )", "(attribute_exists a)"},
    {"begins_with(#n, :s)", "(begins_with #n :s)"},
    // Boolean structure and precedence: NOT > AND > OR, left-associative.
    {"a = :s AND b = :s", "(and (= a :s) (= b :s))"},
    {"a = :s OR b = :s", "(or (= a :s) (= b :s))"},
    {"a = :s and b = :s or c = :s", "(or (and (= a :s) (= b :s)) (= c :s))"},
    {"a = :s OR b = :s AND c = :s", "(or (= a :s) (and (= b :s) (= c :s)))"},
    {"a = :s AND b = :s AND c = :s", "(and (and (= a :s) (= b :s)) (= c :s))"},
    {"a = :s OR b = :s OR c = :s", "(or (or (= a :s) (= b :s)) (= c :s))"},
    {"NOT a = :s", "(not (= a :s))"},
    {"not a = :s", "(not (= a :s))"},
    {"NOT NOT a = :s", "(not (not (= a :s)))"},
    {"NOT a = :s AND b = :s", "(and (not (= a :s)) (= b :s))"},
    {"NOT a = :s OR b = :s", "(or (not (= a :s)) (= b :s))"},
    {"a = :s AND NOT b = :s", "(and (= a :s) (not (= b :s)))"},
    {"NOT attribute_exists(a)", "(not (attribute_exists a))"},
    {"NOT (a = :s AND b = :s)", "(not (and (= a :s) (= b :s)))"},
    {"NOT(a = :s)", "(not (= a :s))"},
    {"a BETWEEN :n AND :n5 AND b = :s", "(and (between a :n :n5) (= b :s))"},
    {"attribute_exists(a) AND attribute_not_exists(b) OR contains(c, :s)",
     "(or (and (attribute_exists a) (attribute_not_exists b)) (contains c "
     ":s))"},
    // Parentheses: one pair per level.
    {"(a = :s)", "(= a :s)"},
    {"(a = :s) AND (b = :s)", "(and (= a :s) (= b :s))"},
    {"((a = :s) AND (b = :s))", "(and (= a :s) (= b :s))"},
    {"a = :s AND (b = :s OR c = :s)", "(and (= a :s) (or (= b :s) (= c :s)))"},
    {"(a = :s OR b = :s) AND c = :s", "(and (or (= a :s) (= b :s)) (= c :s))"},
    {"a = :s OR (b = :s AND c = :s)", "(or (= a :s) (and (= b :s) (= c :s)))"},
    {"((a = :s AND b = :s) AND c = :s)",
     "(and (and (= a :s) (= b :s)) (= c :s))"},
    {"((a = :s) OR (b = :s) AND (c = :s))",
     "(or (= a :s) (and (= b :s) (= c :s)))"},
    {"(attribute_exists(a)) AND (((b <> :s) AND (b <> :s2)) AND (c = :n))",
     "(and (attribute_exists a) (and (and (<> b :s) (<> b :s2)) (= c :n)))"},
    {"(a) = :s", "(= a :s)"},
    {"a = (:s)", "(= a :s)"},
    {"(a) = (b)", "(= a b)"},
    {"(attribute_exists(a))", "(attribute_exists a)"},
    {"(size(a)) > :n", "(> (size a) :n)"},
    {"size((a)) > :n", "(> (size a) :n)"},
    {"a IN ((:s), :s2)", "(in a :s :s2)"},
    {"a BETWEEN (:n) AND (:n5)", "(between a :n :n5)"},
    {"NOT (NOT (a = :s))", "(not (not (= a :s)))"},
    // Names that merely contain keywords or reserved words are fine.
    {"android = :s", "(= android :s)"},
    {"orange = :s", "(= orange :s)"},
    {"notes = :s", "(= notes :s)"},
    {"inx = :s", "(= inx :s)"},
    {"sized = :n", "(= sized :n)"},
    {"#status = :s", "(= #status :s)"},
};

struct ErrorCase {
  const char* expression;
  const char* message;  // after "Invalid ConditionExpression: "
};

// Errors ParseCondition reports, with the ConditionExpression prefix.
const ErrorCase kErrorCases[] = {
    // §6 #28: empty.
    {"", "The expression can not be empty;"},
    {"   ", "The expression can not be empty;"},
    {"\t\n", "The expression can not be empty;"},
    // §6 #29: syntax errors; near = previous token .. next token.
    {"a", "Syntax error; token: \"<EOF>\", near: \"a\""},
    {"foo", "Syntax error; token: \"<EOF>\", near: \"foo\""},
    {"a.b", "Syntax error; token: \"<EOF>\", near: \"b\""},
    {"a =", "Syntax error; token: \"<EOF>\", near: \"=\""},
    {"a = ", "Syntax error; token: \"<EOF>\", near: \"=\""},
    {"= :s", "Syntax error; token: \"=\", near: \"= :s\""},
    {"a = :s AND", "Syntax error; token: \"<EOF>\", near: \"AND\""},
    {"a = :s OR", "Syntax error; token: \"<EOF>\", near: \"OR\""},
    {"NOT", "Syntax error; token: \"<EOF>\", near: \"NOT\""},
    {"attribute_exists(a) AND NOT #flag",
     "Syntax error; token: \"<EOF>\", near: \"#flag\""},
    {"attribute_type()", "Syntax error; token: \")\", near: \"()\""},
    {"a = :s b = :s", "Syntax error; token: \"b\", near: \":s b =\""},
    {"a != :s", "Syntax error; token: \"!\", near: \"a !=\""},
    {"a == :s", "Syntax error; token: \"=\", near: \"== :s\""},
    {"a = :s)", "Syntax error; token: \")\", near: \":s)\""},
    {"(a = :s", "Syntax error; token: \"<EOF>\", near: \":s\""},
    {"()", "Syntax error; token: \")\", near: \"()\""},
    {"(", "Syntax error; token: \"<EOF>\", near: \"(\""},
    {")", "Syntax error; token: \")\", near: \")\""},
    {"a = 5", "Syntax error; token: \"5\", near: \"= 5\""},
    {"a = 'x'", "Syntax error; token: \"'\", near: \"= 'x\""},
    {"a = \"x\"", "Syntax error; token: \"\"\", near: \"= \"x\""},
    {"l[a] = :s", "Syntax error; token: \"a\", near: \"[a]\""},
    {"l[-1] = :s", "Syntax error; token: \"-\", near: \"[-1\""},
    {"l[] = :s", "Syntax error; token: \"]\", near: \"[] =\""},
    {"l[1 = :s", "Syntax error; token: \"=\", near: \"1 = :s\""},
    {"a. = :s", "Syntax error; token: \"=\", near: \". = :s\""},
    {"a.1 = :s", "Syntax error; token: \"1\", near: \".1 =\""},
    {".a = :s", "Syntax error; token: \".\", near: \".a\""},
    {"1a = :s", "Syntax error; token: \"1\", near: \"1a\""},
    {"_a = :s", "Syntax error; token: \"_a\", near: \"_a =\""},
    {"a-b = :s", "Syntax error; token: \"-\", near: \"a-b\""},
    {"# = :s", "Syntax error; token: \"#\", near: \"# =\""},
    {"a = :", "Syntax error; token: \":\", near: \"= :\""},
    {"a = :s AND AND b = :s",
     "Syntax error; token: \"AND\", near: \"AND AND b\""},
    {"a BETWEEN :n", "Syntax error; token: \"<EOF>\", near: \":n\""},
    {"a BETWEEN :n OR :n5", "Syntax error; token: \"OR\", near: \":n OR :n5\""},
    {"a IN :s", "Syntax error; token: \":s\", near: \"IN :s\""},
    {"a IN ()", "Syntax error; token: \")\", near: \"()\""},
    {"a IN (:s,)", "Syntax error; token: \")\", near: \",)\""},
    {"a IN (:s", "Syntax error; token: \"<EOF>\", near: \":s\""},
    {"and = :s", "Syntax error; token: \"and\", near: \"and =\""},
    {"a = in", "Syntax error; token: \"in\", near: \"= in\""},
    {"between(a)", "Syntax error; token: \"between\", near: \"between(\""},
    {"a AND b", "Syntax error; token: \"AND\", near: \"a AND b\""},
    {"(a)", "Syntax error; token: \"<EOF>\", near: \")\""},
    {"NOT a", "Syntax error; token: \"<EOF>\", near: \"a\""},
    {"a = :s NOT b = :s", "Syntax error; token: \"NOT\", near: \":s NOT b\""},
    {"a = :s AND b", "Syntax error; token: \"<EOF>\", near: \"b\""},
    {"contains(a, :s", "Syntax error; token: \"<EOF>\", near: \":s\""},
    {"contains a, :s)", "Syntax error; token: \"a\", near: \"contains a,\""},
    {"a = :s;", "Syntax error; token: \";\", near: \":s;\""},
    {"a.#n. = :s", "Syntax error; token: \"=\", near: \". = :s\""},
    {"a = :s + :s2", "Syntax error; token: \"+\", near: \":s + :s2\""},
    {"a = \xC3\xA9", "Syntax error; token: \"\xC3\xA9\", near: \"= \xC3\xA9\""},
    {"a < b < c", "Syntax error; token: \"<\", near: \"b < c\""},
    // Redundant parentheses.
    {"((a = :s))", "The expression has redundant parentheses;"},
    {"((a = :s)) AND b = :s", "The expression has redundant parentheses;"},
    {"(a = :s) AND ((b = :s))", "The expression has redundant parentheses;"},
    {"((c = :s) AND ((p = :s)))", "The expression has redundant parentheses;"},
    {"NOT ((a = :s))", "The expression has redundant parentheses;"},
    {"((a)) = :s", "The expression has redundant parentheses;"},
    {"a = ((:s))", "The expression has redundant parentheses;"},
    {"size(((a))) = :n", "The expression has redundant parentheses;"},
    {"((((a < b))))", "The expression has redundant parentheses;"},
    {"((attribute_exists(a)))", "The expression has redundant parentheses;"},
    // §6 #31: unknown function (names are case-sensitive).
    {"foo(a)", "Invalid function name; function: foo"},
    {"Attribute_Exists(a)",
     "Invalid function name; function: Attribute_Exists"},
    {"SIZE(a) = :n", "Invalid function name; function: SIZE"},
    {"BEGINS_WITH(a, :s)", "Invalid function name; function: BEGINS_WITH"},
    {"a < f(b)", "Invalid function name; function: f"},
    {"if_not_exists(a, :s) = :s",
     "Invalid function name; function: if_not_exists"},
    {"list_append(a, :l) = :l", "Invalid function name; function: list_append"},
    {"a = :s AND dog(a, :s)", "Invalid function name; function: dog"},
    {"((foo(a)))", "The expression has redundant parentheses;"},
    {"foo(name)", "Invalid function name; function: foo"},
    // Misused functions.
    {"size(a)",
     "The function is not allowed to be used this way in an expression; "
     "function: size"},
    {"NOT size(a)",
     "The function is not allowed to be used this way in an expression; "
     "function: size"},
    {"size(a) AND b = :s",
     "The function is not allowed to be used this way in an expression; "
     "function: size"},
    {"attribute_exists(a) = :s",
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"},
    {"a = contains(b, :s)",
     "The function is not allowed to be used this way in an expression; "
     "function: contains"},
    {"a IN (begins_with(b, :s))",
     "The function is not allowed to be used this way in an expression; "
     "function: begins_with"},
    {"size(attribute_type(a, :t)) = :n",
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_type"},
    {"a BETWEEN attribute_exists(b) AND :n",
     "The function is not allowed to be used this way in an expression; "
     "function: attribute_exists"},
    {"size(name)",
     "The function is not allowed to be used this way in an expression; "
     "function: size"},
    // §6 #30: reserved words, echoed as written.
    {"name = :s",
     "Attribute name is a reserved keyword; reserved keyword: name"},
    {"Name = :s",
     "Attribute name is a reserved keyword; reserved keyword: Name"},
    {"STATUS = :s",
     "Attribute name is a reserved keyword; reserved keyword: STATUS"},
    {"a.value = :s",
     "Attribute name is a reserved keyword; reserved keyword: value"},
    {"a = :s AND size = :n",
     "Attribute name is a reserved keyword; reserved keyword: size"},
    {"attribute_exists(data)",
     "Attribute name is a reserved keyword; reserved keyword: data"},
    {"year BETWEEN :n AND :n5",
     "Attribute name is a reserved keyword; reserved keyword: year"},
    {"a IN (b, count)",
     "Attribute name is a reserved keyword; reserved keyword: count"},
    {"zone = :s",
     "Attribute name is a reserved keyword; reserved keyword: zone"},
    {"abort = :s AND key = :s",
     "Attribute name is a reserved keyword; reserved keyword: abort"},
    {"(name = :s)",
     "Attribute name is a reserved keyword; reserved keyword: name"},
    // Priority: redundant > unknown function > misuse > reserved.
    {"((name = :s)) AND foo(a)", "The expression has redundant parentheses;"},
    {"name = :s AND foo(a)", "Invalid function name; function: foo"},
    {"name = :s AND size(a)",
     "The function is not allowed to be used this way in an expression; "
     "function: size"},
    // Limits.
    {"a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r.s.t.u.v.w.x.y.z.aa.bb.cc.dd.ee.ff.gg "
     "= :s",
     "The document path has too many nesting levels; nesting levels: 33"},
    {"a[0][1][2][3][4][5][6][7][8][9][10][11][12][13][14][15][16][17][18][19]["
     "20]"
     "[21][22][23][24][25][26][27][28][29][30][31][32][33] = :s",
     "The document path has too many nesting levels; nesting levels: 35"},
};

Status Parse(std::string_view text) {
  return ParseCondition(text, ExpressionKind::kCondition).status();
}

TEST(ConditionParserTest, ValidTable) {
  for (const ValidCase& c : kValidCases) {
    SCOPED_TRACE(c.expression);
    StatusOr<ParsedCondition> parsed =
        ParseCondition(c.expression, ExpressionKind::kCondition);
    ASSERT_THAT(parsed, IsOk());
    EXPECT_EQ(parsed->DebugString(), c.dump);
  }
}

TEST(ConditionParserTest, ErrorTable) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.expression);
    EXPECT_THAT(Parse(c.expression),
                StatusIsExactly(
                    ErrorCode::kValidation,
                    std::string("Invalid ConditionExpression: ") + c.message));
  }
}

// Property: printing a parsed tree and parsing the text again gives the same
// tree, for every valid row.
TEST(ConditionParserTest, PrintParseRoundTrip) {
  for (const ValidCase& c : kValidCases) {
    SCOPED_TRACE(c.expression);
    StatusOr<ParsedCondition> parsed =
        ParseCondition(c.expression, ExpressionKind::kCondition);
    ASSERT_THAT(parsed, IsOk());
    std::string printed = parsed->ToExpression();
    StatusOr<ParsedCondition> reparsed =
        ParseCondition(printed, ExpressionKind::kCondition);
    ASSERT_THAT(reparsed, IsOk()) << printed;
    EXPECT_EQ(reparsed->DebugString(), parsed->DebugString()) << printed;
    EXPECT_EQ(reparsed->ToExpression(), printed);
  }
}

TEST(ConditionParserTest, KindSetsThePrefix) {
  EXPECT_THAT(
      ParseCondition("", ExpressionKind::kFilter),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid FilterExpression: The expression can not be empty;"));
  EXPECT_THAT(
      ParseCondition("", ExpressionKind::kKeyCondition),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid KeyConditionExpression: The expression can not be empty;"));
  EXPECT_THAT(ParseCondition("a", ExpressionKind::kFilter),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid FilterExpression: Syntax error; token: "
                              "\"<EOF>\", near: \"a\""));
  EXPECT_THAT(
      ParseCondition("name = :v", ExpressionKind::kKeyCondition),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid KeyConditionExpression: Attribute name is a reserved "
          "keyword; reserved keyword: name"));
}

// --- Limits ---------------------------------------------------------------

std::string Repeat(std::string_view piece, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out.append(piece);
  return out;
}

TEST(ConditionParserLimitsTest, SizeLimitIsCheckedFirst) {
  // 4096 bytes are fine, 4097 are not, even for input that is a syntax error.
  std::string ok = "a" + std::string(4085, ' ') + " = :val";
  ok.resize(4096, ' ');
  EXPECT_THAT(Parse(ok), IsOk());
  std::string too_long = ok + " ";
  EXPECT_THAT(
      Parse(too_long),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: Expression size has exceeded the "
          "maximum allowed size; expression size: 4097"));
  EXPECT_THAT(
      Parse(std::string(15000, '(')),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: Expression size has exceeded the "
          "maximum allowed size; expression size: 15000"));
  std::string nots = Repeat("not ", 20000) + "a<b";
  EXPECT_THAT(Parse(nots),
              StatusIs(ErrorCode::kValidation, "expression size: 80003"));
}

TEST(ConditionParserLimitsTest, OperatorCount) {
  // 149 levels of "a<b or (...)" use 299 operators: accepted.
  EXPECT_THAT(Parse("a<b " + Repeat("or (a<b ", 149) + Repeat(")", 149)),
              IsOk());
  // 150 AND'ed comparisons: 150 comparators + 149 ANDs = 299.
  std::string and_chain = "a<b" + Repeat(" AND a<b", 149);
  EXPECT_THAT(Parse(and_chain), IsOk());
  EXPECT_THAT(
      Parse(and_chain + " AND a<b"),  // 301
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: The expression contains too many "
          "operators; operator count: 301"));
  // DynamoDB stops counting at 301.
  EXPECT_THAT(
      Parse("a<b " + Repeat("or (a<b ", 454) + Repeat(")", 454)),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: The expression contains too many "
          "operators; operator count: 301"));
  EXPECT_THAT(Parse(Repeat("not ", 1000) + "a<b"),
              StatusIs(ErrorCode::kValidation, "operator count: 301"));
  EXPECT_THAT(Parse(Repeat("NOT ", 299) + "a<b"), IsOk());  // 300
  EXPECT_THAT(Parse(Repeat("NOT ", 300) + "a<b"),
              StatusIs(ErrorCode::kValidation, "operator count: 301"));
  // BETWEEN and IN count once each; function calls do not count.
  EXPECT_THAT(Parse("a BETWEEN :a AND :b" + Repeat(" AND a IN (:x)", 149)),
              IsOk());
  EXPECT_THAT(Parse("a BETWEEN :a AND :b" + Repeat(" AND a IN (:x)", 150)),
              StatusIs(ErrorCode::kValidation, "operator count: 301"));
  EXPECT_THAT(
      Parse("attribute_exists(a)" + Repeat(" AND attribute_exists(a)", 160)),
      IsOk());
}

TEST(ConditionParserLimitsTest, InOperandCount) {
  std::string in100 = "a IN (:v0";
  for (int i = 1; i < 100; ++i) in100 += ", :v" + std::to_string(i);
  EXPECT_THAT(Parse(in100 + ")"), IsOk());
  EXPECT_THAT(
      Parse(in100 + ", :v100)"),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: The IN operator is provided with "
          "too many operands; number of operands: 101"));
}

TEST(ConditionParserLimitsTest, PathNesting) {
  std::string path32 = "a" + Repeat(".b", 31);
  EXPECT_THAT(Parse(path32 + " = :v"), IsOk());
  EXPECT_THAT(Parse("attribute_exists(" + path32 + "[0])"),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "Invalid ConditionExpression: The document path has too many "
                  "nesting levels; nesting levels: 33"));
}

// --- Robustness: nothing under 4 KB can exhaust the stack ------------------

TEST(ConditionParserRobustnessTest, DeepParenthesesAreRedundant) {
  EXPECT_THAT(Parse(Repeat("(", 2046) + "a<b" + Repeat(")", 2046)),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "Invalid ConditionExpression: The expression has redundant "
                  "parentheses;"));
  EXPECT_THAT(Parse("a = " + Repeat("(", 2000) + ":v" + Repeat(")", 2000)),
              StatusIs(ErrorCode::kValidation, "redundant parentheses"));
}

TEST(ConditionParserRobustnessTest, UnbalancedParentheses) {
  EXPECT_THAT(Parse(std::string(4096, '(')),
              StatusIs(ErrorCode::kValidation, ""));
  EXPECT_THAT(
      Parse(std::string(4096, ')')),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: Syntax error; token: \")\", near: "
          "\"))\""));
  EXPECT_THAT(Parse(Repeat("(a = :v AND ", 400)),
              StatusIs(ErrorCode::kValidation, ""));
}

TEST(ConditionParserRobustnessTest, DeepFunctionNesting) {
  // DynamoDB: "Invalid function name; function: f".
  EXPECT_THAT(
      Parse("a < " + Repeat("f(", 1355) + "b" + Repeat(")", 1355)),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid ConditionExpression: Invalid function name; function: f"));
  EXPECT_THAT(Parse("a < " + Repeat("size(", 680) + "b" + Repeat(")", 680)),
              StatusIs(ErrorCode::kValidation, ""));
  EXPECT_THAT(Parse("a < " + Repeat("size(", 300) + "b" + Repeat(")", 300)),
              IsOk());
}

TEST(ConditionParserRobustnessTest, ValidDeepNestingWithinLimits) {
  // 150 levels of NOT ( ... ) use 150 operators and parse.
  EXPECT_THAT(Parse(Repeat("NOT (", 150) + "a = :v" + Repeat(")", 150)),
              IsOk());
  EXPECT_THAT(Parse(Repeat("(a = :v AND ", 140) + "a = :v" + Repeat(")", 140)),
              IsOk());
}

TEST(ConditionParserRobustnessTest, ArbitraryBytesNeverCrash) {
  // A fixed pseudo-random sweep of short inputs over the token alphabet.
  const char* pieces[] = {"(",         ")",
                          "a",         ".",
                          "[",         "]",
                          "1",         ":v",
                          "#n",        "=",
                          "<",         ">",
                          "<>",        "AND",
                          "OR",        "NOT",
                          "BETWEEN",   "IN",
                          ",",         "size(",
                          "contains(", "attribute_exists(",
                          " ",         "\xFF"};
  uint32_t state = 12345;
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    int length = 1 + static_cast<int>(state % 12);
    for (int j = 0; j < length; ++j) {
      state = state * 1103515245u + 12345u;
      text += pieces[(state >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
      text += ' ';
    }
    StatusOr<ParsedCondition> parsed =
        ParseCondition(text, ExpressionKind::kCondition);
    if (parsed.ok()) {
      StatusOr<ParsedCondition> again =
          ParseCondition(parsed->ToExpression(), ExpressionKind::kCondition);
      ASSERT_THAT(again, IsOk()) << text;
      EXPECT_EQ(again->DebugString(), parsed->DebugString()) << text;
    } else {
      EXPECT_TRUE(parsed.status().message().starts_with(
          "Invalid ConditionExpression: "))
          << text;
    }
  }
}

// --- Lexer and reserved words ---------------------------------------------

TEST(LexerTest, Tokens) {
  std::vector<Token> tokens = Tokenize("a.#b[1] <> :v, ( ) <= >= < > = + - !");
  std::vector<TokenKind> kinds;
  for (const Token& t : tokens) kinds.push_back(t.kind);
  EXPECT_THAT(
      kinds,
      ::testing::ElementsAre(
          TokenKind::kName, TokenKind::kDot, TokenKind::kNamePlaceholder,
          TokenKind::kLeftBracket, TokenKind::kNumber, TokenKind::kRightBracket,
          TokenKind::kNe, TokenKind::kValuePlaceholder, TokenKind::kComma,
          TokenKind::kLeftParen, TokenKind::kRightParen, TokenKind::kLe,
          TokenKind::kGe, TokenKind::kLt, TokenKind::kGt, TokenKind::kEq,
          TokenKind::kPlus, TokenKind::kMinus, TokenKind::kUnknown,
          TokenKind::kEof));
  EXPECT_EQ(tokens[2].text, "#b");
  EXPECT_EQ(tokens[2].begin, 2u);
}

TEST(ReservedWordsTest, ListIsAwsList) {
  EXPECT_EQ(ReservedWords().size(), 573u);
  EXPECT_EQ(ReservedWords().front(), "ABORT");
  EXPECT_EQ(ReservedWords().back(), "ZONE");
  for (std::string_view w :
       {"name", "NAME", "Name", "status", "size", "value", "key", "data",
        "count", "ttl", "flattern", "innter", "loged"}) {
    EXPECT_TRUE(IsReservedWord(w)) << w;
  }
  for (std::string_view w :
       {"pk", "sk", "contains", "begins_with", "attribute_exists", "names_", "",
        "localtimestamps"}) {
    EXPECT_FALSE(IsReservedWord(w)) << w;
  }
  for (std::string_view w : ReservedWords())
    EXPECT_TRUE(IsReservedWord(w)) << w;
}

}  // namespace
}  // namespace eddy::expr
