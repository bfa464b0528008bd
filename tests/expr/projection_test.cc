// Copyright 2026 The eddy Authors.
//
// ProjectionExpression: {expression -> dump}, {expression -> exact error},
// {item, projection -> projected item}, a print/parse round trip; and the
// top-level attribute names of a condition (Query's key-in-filter check).

#include "emulator/expr/projection.h"

#include <string>
#include <vector>

#include "emulator/expr/resolve.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/expr/expr_test_util.h"
#include "tests/expr/item_notation.h"

namespace eddy::expr {
namespace {

using testing::ParseItem;
using testing::TestNames;
using testing::TestValues;

StatusOr<ResolvedProjection> Compile(std::string_view text) {
  PlaceholderUsage usage;
  return CompileProjection(text, &TestNames(), &usage);
}

struct ParseCase {
  const char* expression;
  const char* dump;
};

const ParseCase kParseCases[] = {
    {"a", "(project a)"},
    {"a, b", "(project a b)"},
    {" a , b ", "(project a b)"},
    {"a,b,c", "(project a b c)"},
    {"a.b[1].c, #n", "(project a.b[1].c #n)"},
    {"a[0], a[2]", "(project a[0] a[2])"},
    {"#a.#dot[3]", "(project #a.#dot[3])"},
    {"a . b [ 1 ]", "(project a.b[1])"},
    {"pk, sk, A1_b", "(project pk sk A1_b)"},
    {"a, a", "(project a a)"},
    {"a.b, a[1]", "(project a.b a[1])"},
    {"l[007]", "(project l[7])"},
};

TEST(ProjectionParserTest, ParseTableAndRoundTrip) {
  for (const ParseCase& c : kParseCases) {
    StatusOr<ParsedProjection> parsed = ParseProjection(c.expression);
    ASSERT_THAT(parsed, IsOk()) << c.expression;
    EXPECT_EQ(parsed->DebugString(), c.dump) << c.expression;
    StatusOr<ParsedProjection> again = ParseProjection(parsed->ToExpression());
    ASSERT_THAT(again, IsOk()) << parsed->ToExpression();
    EXPECT_EQ(again->DebugString(), c.dump);
  }
}

struct ErrorCase {
  const char* expression;
  const char* error;  // without "Invalid ProjectionExpression: "
};

const ErrorCase kErrorCases[] = {
    {"", "The expression can not be empty;"},
    {" \t", "The expression can not be empty;"},
    {"a,", "Syntax error; token: \"<EOF>\", near: \",\""},
    {",a", "Syntax error; token: \",\", near: \",a\""},
    {"a b", "Syntax error; token: \"b\", near: \"a b\""},
    {":v", "Syntax error; token: \":v\", near: \":v\""},
    {"a, :v", "Syntax error; token: \":v\", near: \", :v\""},
    {"a.b.", "Syntax error; token: \"<EOF>\", near: \".\""},
    {"a[x]", "Syntax error; token: \"x\", near: \"[x]\""},
    {"a[-1]", "Syntax error; token: \"-\", near: \"[-1\""},
    {"a = b", "Syntax error; token: \"=\", near: \"a = b\""},
    {"size(a)", "Syntax error; token: \"(\", near: \"size(a\""},
    {"_a", "Syntax error; token: \"_a\", near: \"_a\""},
    {"1a", "Syntax error; token: \"1\", near: \"1a\""},
    {"name", "Attribute name is a reserved keyword; reserved keyword: name"},
    {"a, Size, status",
     "Attribute name is a reserved keyword; reserved keyword: Size"},
    {"a.#undefined, name",
     "Attribute name is a reserved keyword; reserved keyword: name"},
    {"#undefined",
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #undefined"},
    {"a, a",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a]"},
    {"a.b, a",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a]"},
    {"a, a.b",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a, b]"},
    {"#a, a[0]",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a], path two: [a, [0]]"},
    {"l[1].x, l[1]",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [l, [1], x], path two: [l, [1]]"},
    {"a.b, a[1]",
     "Two document paths conflict with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a, [1]]"},
    {"a.b, a[0], a.b",
     "Two document paths overlap with each other; must remove or rewrite one "
     "of these paths; path one: [a, b], path two: [a, b]"},
    {"#n.x, name.y",
     "Attribute name is a reserved keyword; reserved keyword: name"},
};

TEST(ProjectionParserTest, ErrorTable) {
  for (const ErrorCase& c : kErrorCases) {
    EXPECT_THAT(Compile(c.expression),
                StatusIsExactly(
                    ErrorCode::kValidation,
                    std::string("Invalid ProjectionExpression: ") + c.error))
        << c.expression;
  }
}

TEST(ProjectionParserTest, Limits) {
  std::string path32 = "a";
  for (int i = 1; i < 32; ++i) path32 += ".b";
  EXPECT_THAT(Compile(path32), IsOk());
  EXPECT_THAT(Compile(path32 + "[0]"),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid ProjectionExpression: The document path "
                              "has too many nesting levels; nesting levels: "
                              "33"));
  std::string many = "a0";
  for (int i = 1; many.size() < 4096; ++i) many += ",a" + std::to_string(i);
  EXPECT_THAT(Compile(many.substr(0, 4097)),
              StatusIs(ErrorCode::kValidation,
                       "Expression size has exceeded the maximum allowed "
                       "size; expression size: 4097"));
}

TEST(ProjectionResolveTest, NamesAndUsage) {
  PlaceholderUsage usage;
  StatusOr<ResolvedProjection> p =
      CompileProjection("#n.#dot, #a[1], b", &TestNames(), &usage);
  ASSERT_THAT(p, IsOk());
  EXPECT_EQ(p->DebugString(), "(project `name`.`x.y` `a`[1] b)");
  EXPECT_THAT(usage.names, ::testing::ElementsAre("#a", "#dot", "#n"));
  EXPECT_TRUE(usage.values.empty());
  EXPECT_THAT(CompileProjection("#a", nullptr, &usage),
              StatusIs(ErrorCode::kValidation, "attribute name: #a"));
}

struct ProjectCase {
  const char* item;
  const char* projection;
  const char* result;
};

const ProjectCase kProjectCases[] = {
    {"{a=1, b=2, c=3}", "a, c", "{a=1, c=3}"},
    {"{a=1, b=2}", "a, z", "{a=1}"},
    {"{a=1}", "z", ""},
    {"", "a, b.c", ""},
    {"{m={x=1, y=2, z={q=1, r=2}}}", "m.x, m.z.q", "{m={x=1, z={q=1}}}"},
    {"{m={x=1}}", "m.y", ""},
    {"{m={}}", "m", "{m={}}"},
    {"{l=[\"a\", \"b\", \"c\"]}", "l[2], l[0]", "{l=[\"a\", \"c\"]}"},
    {"{l=[\"a\", \"b\", \"c\"]}", "l[1]", "{l=[\"b\"]}"},
    {"{l=[\"a\", \"b\", \"c\"]}", "l[5]", ""},
    {"{l=[\"a\", \"b\", \"c\"]}", "l[2], l[9]", "{l=[\"c\"]}"},
    {"{l=[{a=1, b=2}, {a=3}]}", "l[0].b, l[1].a", "{l=[{b=2}, {a=3}]}"},
    {"{l=[{a=1}, {b=2}, {a=3}]}", "l[0].a, l[1].a, l[2].a",
     "{l=[{a=1}, {a=3}]}"},
    {"{l=[[1, 2], [3, 4]]}", "l[1][0]", "{l=[[3]]}"},
    {"{a=\"s\"}", "a.b", ""},
    {"{a={b=1}}", "a[0]", ""},
    {"{\"x.y\"=1, x={y=2}}", "#dot", "{\"x.y\"=1}"},
    {"{\"x.y\"=1, x={y=2}}", "x.y", "{x={y=2}}"},
    {"{pk=\"k\", sk=1, a=1}", "#pk, a", "{pk=\"k\", a=1}"},
    {"{a={b={c={d=1, e=2}}}}", "a.b.c.e", "{a={b={c={e=2}}}}"},
    {"{s=<<\"a\", \"b\">>}", "s", "{s=<<\"a\", \"b\">>}"},
    {"{s=<<\"a\", \"b\">>}", "s[0]", ""},
};

TEST(ProjectTest, ProjectTable) {
  for (const ProjectCase& c : kProjectCases) {
    StatusOr<ResolvedProjection> p = Compile(c.projection);
    ASSERT_THAT(p, IsOk()) << c.projection;
    EXPECT_EQ(Project(*p, ParseItem(c.item)), ParseItem(c.result))
        << c.projection << " on " << c.item;
  }
}

TEST(ConditionAttributesTest, TopLevelNamesInFirstUseOrder) {
  struct Row {
    const char* condition;
    std::vector<std::string> names;
  };
  const Row rows[] = {
      {"a = :s", {"a"}},
      {"a.b[1] = :s AND (size(#n) > :n OR contains(c, a))", {"a", "name", "c"}},
      {"#sk BETWEEN :n AND :n5", {"sk"}},
      {"NOT attribute_exists(#dot.z)", {"x.y"}},
      {":s = :s2", {}},
      {"b IN (a, :s, c.d)", {"b", "a", "c"}},
  };
  for (const Row& row : rows) {
    PlaceholderUsage usage;
    StatusOr<ResolvedCondition> c =
        CompileCondition(row.condition, ExpressionKind::kFilter, &TestNames(),
                         &TestValues(), &usage);
    ASSERT_THAT(c, IsOk()) << row.condition;
    EXPECT_EQ(c->TopLevelAttributeNames(), row.names) << row.condition;
  }
}

}  // namespace
}  // namespace eddy::expr
