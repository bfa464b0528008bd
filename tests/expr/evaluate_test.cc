// Copyright 2026 The eddy Authors.
//
// Evaluator tables: {condition, item} -> true/false, with the shared values
// of expr_test_util.h and the item below.

#include "emulator/expr/evaluate.h"

#include <string>

#include "emulator/expr/condition_parser.h"
#include "emulator/expr/resolve.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/expr/expr_test_util.h"

namespace eddy::expr {
namespace {

using testing::Bs;
using testing::Ns;
using testing::Ss;
using testing::TestNames;
using testing::TestValues;

// The item every row is evaluated against.
const AttributeMap& TestItem() {
  static const AttributeMap* item = new AttributeMap{
      {"s", AttributeValue::S("xyz")},
      {"sx", AttributeValue::S("x")},
      {"e", AttributeValue::S("")},
      {"n", AttributeValue::N(1)},
      {"n3", AttributeValue::N(3)},
      {"n10", AttributeValue::N(10)},
      {"b", AttributeValue::B("abc")},
      {"ss", Ss({"y", "x"})},
      {"ns", Ns({2, 1})},
      {"bs", Bs({"ab", "b"})},
      {"t", AttributeValue::Bool(true)},
      {"z", AttributeValue::Null()},
      {"l",
       AttributeValue::L({AttributeValue::S("x"), AttributeValue::N(1),
                          AttributeValue::L({AttributeValue::S("deep")})})},
      {"m", AttributeValue::M(AttributeMap{
                {"k", AttributeValue::S("v")},
                {"nested", AttributeValue::M(
                               AttributeMap{{"q", AttributeValue::N(3)}})}})},
      {"x.y", AttributeValue::S("dotted")},
      {"name", AttributeValue::S("x")},
      {"a", AttributeValue::N(5)},
  };
  return *item;
}

struct EvalCase {
  const char* expression;
  bool expected;
};

const EvalCase kEvalCases[] = {
    // = and <> on each type; <> is true when absent or mismatched.
    {"sx = :s", true},
    {"s = :s", false},
    {"n = :n", true},
    {"n = :s", false},
    {"n <> :s", true},
    {"absent = :s", false},
    {"absent <> :s", true},
    {"sx <> :s", false},
    {"b = :b", false},
    {"ss = :ss", true},  // sets compare unordered
    {"ns = :ns", true},
    {"l = :l", false},
    {"l[0] = :s", true},
    {"l[1] = :n", true},
    {"l[2][0] = :s", false},
    {"l[9] = :s", false},
    {"l[9] <> :s", true},
    {"m.k = :s", false},
    {"m.nested.q = :n3", true},
    {"m.nested.q.r = :n3", false},
    {"m[0] = :s", false},
    {"l.k = :s", false},
    {"#dot = :s", false},
    {"#n = :s", true},
    {"t = :bool", true},
    {"z = :null", true},
    {":s = :s", true},
    {":s <> :s2", true},
    {"sx = #n", true},
    // Ordering: N numerically, S and B bytewise; other types false.
    {"n < :n3", true},
    {"n3 < :n", false},
    {"n10 > :n3", true},
    {"n10 >= :n5", true},
    {"n <= :n", true},
    {"n >= :n", true},
    {"s > :s", true},
    {"s < :s2", true},
    {"b > :b", true},   // "abc" > "ab"
    {"b < :b2", true},  // "abc" < "b"
    {"s < :n", false},
    {"s > :n", false},
    {"absent < :n", false},
    {"absent >= :n", false},
    {"ss > bs", false},  // (a request value of these types is an error)
    {"t >= z", false},
    {"n < n10", true},
    // BETWEEN.
    {"n3 BETWEEN :n AND :n5", true},
    {"n BETWEEN :n AND :n5", true},
    {"a BETWEEN :n AND :n5", true},
    {"n10 BETWEEN :n AND :n5", false},
    {"s BETWEEN :s AND :s2", true},
    {"s BETWEEN :n AND :n5", false},
    {"absent BETWEEN :n AND :n5", false},
    {"n3 BETWEEN n AND n10", true},
    {"n3 BETWEEN n10 AND n", false},
    // IN.
    {"n IN (:s, :n)", true},
    {"n IN (:s, :s2)", false},
    {"sx IN (:s)", true},
    {"absent IN (:s)", false},
    {"ss IN (:ss)", true},
    {"n3 IN (n, n3)", true},
    // Functions.
    {"attribute_exists(s)", true},
    {"attribute_exists(absent)", false},
    {"attribute_not_exists(absent)", true},
    {"attribute_not_exists(s)", false},
    {"attribute_exists(m.nested.q)", true},
    {"attribute_exists(m.nested.zz)", false},
    {"attribute_exists(l[2][0])", true},
    {"attribute_exists(e)", true},
    {"attribute_type(s, :t)", true},
    {"attribute_type(n, :tn)", true},
    {"attribute_type(l, :tl)", true},
    {"attribute_type(s, :tn)", false},
    {"attribute_type(absent, :t)", false},
    {"begins_with(s, :s)", true},
    {"begins_with(sx, :s2)", false},
    {"begins_with(s, :empty)", true},
    {"begins_with(b, :b)", true},
    {"begins_with(b, :b2)", false},
    {"begins_with(s, :b)", false},
    {"begins_with(ss, :s)", false},
    {"begins_with(absent, :s)", false},
    {"contains(s, :s)", true},
    {"contains(s, :s2)", true},
    {"contains(sx, :s2)", false},
    {"contains(ss, :s)", true},
    {"contains(ss, :n)", false},
    {"contains(ns, :n)", true},
    {"contains(ns, :n3)", false},
    {"contains(bs, :b)", true},
    {"contains(bs, :b2)", true},
    {"contains(l, :s)", true},
    {"contains(l, :n)", true},
    {"contains(l, :n3)", false},
    {"contains(m, :s)", false},
    {"contains(absent, :s)", false},
    {"contains(n, :n)", false},
    {"contains(s, sx)", true},
    // size().
    {"size(s) = :n3", true},
    {"size(e) < :n", true},
    {"size(b) = :n3", true},
    {"size(ss) > :n", true},
    {"size(ns) = :n", false},
    {"size(l) = :n3", true},
    {"size(m) > :n", true},
    {"size(n) = :n", false},
    {"size(n) <> :n", true},
    {"size(t) >= :n", false},
    {"size(absent) = :n", false},
    {"size(absent) <> :n", true},
    {"size(:s) = :n", true},
    {"size(l[2]) = :n", true},
    {"size(s) BETWEEN :n AND :n5", true},
    {"size(s) IN (:n3)", true},
    // Boolean structure.
    {"sx = :s AND n = :n", true},
    {"sx = :s AND n = :n3", false},
    {"sx = :s2 OR n = :n", true},
    {"sx = :s2 OR n = :n3", false},
    {"NOT sx = :s", false},
    {"NOT NOT sx = :s", true},
    {"NOT attribute_exists(absent)", true},
    {"sx = :s2 AND n = :n OR s > :s", true},
    {"sx = :s2 AND (n = :n OR s > :s)", false},
    {"NOT (sx = :s2 OR n = :n3)", true},
    {"(attribute_exists(s)) AND ((n <> :n3) AND (n10 > :n))", true},
};

TEST(EvaluateTest, Table) {
  for (const EvalCase& c : kEvalCases) {
    SCOPED_TRACE(c.expression);
    PlaceholderUsage usage;
    StatusOr<ResolvedCondition> condition =
        CompileCondition(c.expression, ExpressionKind::kCondition, &TestNames(),
                         &TestValues(), &usage);
    ASSERT_THAT(condition, IsOk());
    EXPECT_EQ(Evaluate(*condition, TestItem()), c.expected);
  }
}

TEST(EvaluateTest, EmptyItem) {
  PlaceholderUsage usage;
  AttributeMap empty;
  auto eval = [&](std::string_view text) {
    StatusOr<ResolvedCondition> c = CompileCondition(
        text, ExpressionKind::kCondition, &TestNames(), &TestValues(), &usage);
    EXPECT_THAT(c, IsOk()) << text;
    return c.ok() && Evaluate(*c, empty);
  };
  EXPECT_TRUE(eval("attribute_not_exists(pk)"));
  EXPECT_FALSE(eval("attribute_exists(pk)"));
  EXPECT_TRUE(eval("pk <> :s"));
  EXPECT_FALSE(eval("pk = :s"));
  EXPECT_FALSE(eval("NOT attribute_not_exists(pk)"));
}

TEST(EvaluateTest, NumbersCompareByValue) {
  AttributeMap values = {{":a", *AttributeValue::ParseN("1.50")},
                         {":b", *AttributeValue::ParseN("-2E1")}};
  AttributeMap item = {{"x", *AttributeValue::ParseN("1.5")},
                       {"y", *AttributeValue::ParseN("-20")}};
  PlaceholderUsage usage;
  for (const char* text :
       {"x = :a", "y = :b", "y < x", ":b < :a", "x BETWEEN :b AND :a"}) {
    StatusOr<ResolvedCondition> c = CompileCondition(
        text, ExpressionKind::kCondition, nullptr, &values, &usage);
    ASSERT_THAT(c, IsOk()) << text;
    EXPECT_TRUE(Evaluate(*c, item)) << text;
  }
}

TEST(EvaluateTest, BytesCompareUnsigned) {
  AttributeMap values = {{":lo", AttributeValue::S("\x7f")},
                         {":hi", AttributeValue::B("\x01")}};
  AttributeMap item = {{"s", AttributeValue::S("\xC3\xA9")},
                       {"b", AttributeValue::B("\xFF")}};
  PlaceholderUsage usage;
  StatusOr<ResolvedCondition> c =
      CompileCondition("s > :lo AND b > :hi", ExpressionKind::kCondition,
                       nullptr, &values, &usage);
  ASSERT_THAT(c, IsOk());
  EXPECT_TRUE(Evaluate(*c, item));
}

TEST(EvaluateTest, FindPath) {
  StatusOr<ParsedCondition> p =
      ParseCondition("m.nested.q = :v", ExpressionKind::kCondition);
  ASSERT_THAT(p, IsOk());
  const DocumentPath& path = p->root->operands[0].path;
  const AttributeValue* v = FindPath(TestItem(), path);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(*v, AttributeValue::N(3));
}

}  // namespace
}  // namespace eddy::expr
