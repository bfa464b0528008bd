// Copyright 2026 The eddy Authors.
//
// The resolve pass: placeholder substitution and usage, and the checks that
// need the values, as {expression -> resolved dump} and {expression -> exact
// error} tables.

#include "emulator/expr/resolve.h"

#include <string>

#include "emulator/expr/condition_parser.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/expr/expr_test_util.h"

namespace eddy::expr {
namespace {

using testing::TestNames;
using testing::TestValues;

StatusOr<ResolvedCondition> Compile(
    std::string_view text, ExpressionKind kind = ExpressionKind::kCondition) {
  PlaceholderUsage usage;
  return CompileCondition(text, kind, &TestNames(), &TestValues(), &usage);
}

struct ResolvedCase {
  const char* expression;
  const char* dump;
};

const ResolvedCase kResolvedCases[] = {
    {"a = :s", "(= a {S:\"x\"})"},
    {"#a = :n", "(= `a` {N:1})"},
    {"#n.#dot[1] = :b", "(= `name`.`x.y`[1] {B:\"YWI=\"})"},
    {"a BETWEEN :n AND :n5", "(between a {N:1} {N:5})"},
    {"a BETWEEN :n AND :n", "(between a {N:1} {N:1})"},
    {"a BETWEEN :s AND :s2", "(between a {S:\"x\"} {S:\"y\"})"},
    {"a IN (:s, :n)", "(in a {S:\"x\"} {N:1})"},
    {"attribute_type(a, :tl)", "(attribute_type a {S:\"L\"})"},
    {"begins_with(a, :b)", "(begins_with a {B:\"YWI=\"})"},
    {"begins_with(:s, a)", "(begins_with {S:\"x\"} a)"},
    {"contains(a, :n)", "(contains a {N:1})"},
    {"size(:s) = :n", "(= (size {S:\"x\"}) {N:1})"},
    {"size(:l) = :n", "(= (size {L:[{S:\"x\"},{N:1}]}) {N:1})"},
    {"#a = #b", "(= `a` `b`)"},
    {"a.b = a.c", "(= a.b a.c)"},
    {"a[0] = a[1]", "(= a[0] a[1])"},
    {"contains(a, a.b)", "(contains a a.b)"},
    {"size(a) = size(a)", "(= (size a) (size a))"},
    {":s = :s", "(= {S:\"x\"} {S:\"x\"})"},
};

struct ErrorCase {
  const char* expression;
  const char* message;  // after "Invalid ConditionExpression: "
};

const ErrorCase kErrorCases[] = {
    // §6 #21, #22: undefined placeholders.
    {"a = :nope",
     "An expression attribute value used in expression is not defined; "
     "attribute value: :nope"},
    {"#nope = :s",
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #nope"},
    {"a.#nope = :s",
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #nope"},
    {"#a = :s AND b IN (:s, :x)",
     "An expression attribute value used in expression is not defined; "
     "attribute value: :x"},
    {"size(#zz) = :n",
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #zz"},
    {"#S = :s",
     "An expression attribute name used in the document path is not defined; "
     "attribute name: #S"},
    // Operand counts.
    {"attribute_exists(a, b)",
     "Incorrect number of operands for operator or function; operator or "
     "function: attribute_exists, number of operands: 2"},
    {"attribute_not_exists(a, :s)",
     "Incorrect number of operands for operator or function; operator or "
     "function: attribute_not_exists, number of operands: 2"},
    {"begins_with(a)",
     "Incorrect number of operands for operator or function; operator or "
     "function: begins_with, number of operands: 1"},
    {"contains(a, :s, :s2)",
     "Incorrect number of operands for operator or function; operator or "
     "function: contains, number of operands: 3"},
    {"attribute_type(a)",
     "Incorrect number of operands for operator or function; operator or "
     "function: attribute_type, number of operands: 1"},
    {"size(a, b) = :n",
     "Incorrect number of operands for operator or function; operator or "
     "function: size, number of operands: 2"},
    // Distinct operands.
    {"a = a",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: =, first operand: [a]"},
    {"a.b[1] <> a.b[1]",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: <>, first operand: [a, b, [1]]"},
    {"#a < a",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: <, first operand: [a]"},
    {"contains(a, a)",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: contains, first operand: [a]"},
    {"begins_with(#n, #n)",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: begins_with, first operand: [name]"},
    {"attribute_type(a, a)",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: attribute_type, first operand: [a]"},
    // Function operand types (§6 #32).
    {"attribute_exists(:s)",
     "Operator or function requires a document path; operator or function: "
     "attribute_exists"},
    {"attribute_not_exists(:s)",
     "Operator or function requires a document path; operator or function: "
     "attribute_not_exists"},
    {"attribute_exists(size(a))",
     "Operator or function requires a document path; operator or function: "
     "attribute_exists"},
    {"begins_with(a, :n)",
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: N"},
    {"begins_with(a, :ss)",
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: SS"},
    {"begins_with(:bool, a)",
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: BOOL"},
    {"begins_with(a, size(b))",
     "Incorrect operand type for operator or function; operator or function: "
     "begins_with, operand type: N"},
    {"attribute_type(a, :n)",
     "Incorrect operand type for operator or function; operator or function: "
     "attribute_type, operand type: N"},
    {"attribute_type(a, b)",
     "Incorrect operand type for operator or function; operator or function: "
     "attribute_type, operand type: {NS,SS,L,BS,N,M,B,BOOL,NULL,S}"},
    {"attribute_type(a, :badtype)",
     "Invalid attribute type name found; type: STRING, valid types: "
     "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
    {"attribute_type(a, :s)",
     "Invalid attribute type name found; type: x, valid types: "
     "{B,NULL,SS,BOOL,L,BS,N,NS,S,M}"},
    {"size(:n) = :n",
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: N"},
    {"size(:bool) = :n",
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: BOOL"},
    {"size(:null) = :n",
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: NULL"},
    {"size(size(a)) = :n",
     "Incorrect operand type for operator or function; operator or function: "
     "size, operand type: N"},
    // BETWEEN bounds (§6 #39).
    {"a BETWEEN :n5 AND :n3",
     "The BETWEEN operator requires upper bound to be greater than or equal to "
     "lower bound; lower bound operand: AttributeValue: {N:5}, upper bound "
     "operand: AttributeValue: {N:3}"},
    {"a BETWEEN :s2 AND :s",
     "The BETWEEN operator requires upper bound to be greater than or equal to "
     "lower bound; lower bound operand: AttributeValue: {S:y}, upper bound "
     "operand: AttributeValue: {S:x}"},
    {"a BETWEEN :b2 AND :b",
     "The BETWEEN operator requires upper bound to be greater than or equal to "
     "lower bound; lower bound operand: AttributeValue: {B:Yg==}, upper bound "
     "operand: AttributeValue: {B:YWI=}"},
    {"a BETWEEN :s AND :n",
     "The BETWEEN operator requires same data type for lower and upper bounds; "
     "lower bound operand: AttributeValue: {S:x}, upper bound operand: "
     "AttributeValue: {N:1}"},
    {"a BETWEEN :n AND :bool",
     "The BETWEEN operator requires same data type for lower and upper bounds; "
     "lower bound operand: AttributeValue: {N:1}, upper bound operand: "
     "AttributeValue: {BOOL:true}"},
    // A request value that cannot be ordered (after a BETWEEN's mixed types).
    {"a BETWEEN :bool AND :bool",
     "Incorrect operand type for operator or function; operator or function: "
     "BETWEEN, operand type: BOOL"},
    {"a BETWEEN :l AND :l",
     "Incorrect operand type for operator or function; operator or function: "
     "BETWEEN, operand type: L"},
    {"a < :l",
     "Incorrect operand type for operator or function; operator or function: "
     "<, operand type: L"},
    {"a >= :m",
     "Incorrect operand type for operator or function; operator or function: "
     ">=, operand type: M"},
    {":ss > a",
     "Incorrect operand type for operator or function; operator or function: "
     ">, operand type: SS"},
    {"a <= :null",
     "Incorrect operand type for operator or function; operator or function: "
     "<=, operand type: NULL"},
    {"size(a) > :bool",
     "Incorrect operand type for operator or function; operator or function: "
     ">, operand type: BOOL"},
    // Order within a leaf: undefined > count > distinct > type.
    {"begins_with(a, :nope, a)",
     "An expression attribute value used in expression is not defined; "
     "attribute value: :nope"},
    {"contains(a, a, :s)",
     "Incorrect number of operands for operator or function; operator or "
     "function: contains, number of operands: 3"},
    {"begins_with(a, a)",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: begins_with, first operand: [a]"},
    // Across leaves: text order.
    {"a = a AND b = :nope",
     "The first operand must be distinct from the remaining operands for this "
     "operator or function; operator: =, first operand: [a]"},
    {"b = :nope AND a = a",
     "An expression attribute value used in expression is not defined; "
     "attribute value: :nope"},
    {"a BETWEEN :n5 AND :n3 OR begins_with(a, :n)",
     "The BETWEEN operator requires upper bound to be greater than or equal to "
     "lower bound; lower bound operand: AttributeValue: {N:5}, upper bound "
     "operand: AttributeValue: {N:3}"},
};

TEST(ResolveTest, ResolvedTable) {
  for (const ResolvedCase& c : kResolvedCases) {
    SCOPED_TRACE(c.expression);
    StatusOr<ResolvedCondition> resolved = Compile(c.expression);
    ASSERT_THAT(resolved, IsOk());
    EXPECT_EQ(resolved->DebugString(), c.dump);
  }
}

TEST(ResolveTest, ErrorTable) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.expression);
    EXPECT_THAT(Compile(c.expression),
                StatusIsExactly(
                    ErrorCode::kValidation,
                    std::string("Invalid ConditionExpression: ") + c.message));
  }
}

TEST(ResolveTest, ParseErrorsComeBeforeResolveErrors) {
  // A reserved word is reported even when a placeholder is undefined.
  EXPECT_THAT(Compile("name = :nope"),
              StatusIs(ErrorCode::kValidation, "reserved keyword: name"));
  EXPECT_THAT(Compile("((a = :nope))"),
              StatusIs(ErrorCode::kValidation, "redundant parentheses"));
}

TEST(ResolveTest, AbsentMapsMeanUndefined) {
  PlaceholderUsage usage;
  EXPECT_THAT(
      CompileCondition("a = :v", ExpressionKind::kFilter, nullptr, nullptr,
                       &usage),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid FilterExpression: An expression attribute value used "
          "in expression is not defined; attribute value: :v"));
  EXPECT_THAT(
      CompileCondition("#k = :v", ExpressionKind::kKeyCondition, nullptr,
                       nullptr, &usage),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Invalid KeyConditionExpression: An expression attribute name "
          "used in the document path is not defined; attribute name: #k"));
}

TEST(ResolveTest, UsageAcrossExpressions) {
  ExpressionAttributeNames names = {{"#a", "a"}, {"#b", "b"}, {"#c", "c"}};
  AttributeMap values = {{":x", AttributeValue::N(1)},
                         {":y", AttributeValue::N(2)},
                         {":z", AttributeValue::N(3)}};
  PlaceholderUsage usage;
  ASSERT_THAT(CompileCondition("#a = :x", ExpressionKind::kCondition, &names,
                               &values, &usage),
              IsOk());
  EXPECT_THAT(
      CheckAllPlaceholdersUsed(&names, &values, usage),
      StatusIsExactly(ErrorCode::kValidation,
                      "Value provided in ExpressionAttributeNames unused in "
                      "expressions: keys: {#b, #c}"));
  ASSERT_THAT(CompileCondition("#b = :y AND #c <> :x", ExpressionKind::kFilter,
                               &names, &values, &usage),
              IsOk());
  EXPECT_THAT(
      CheckAllPlaceholdersUsed(&names, &values, usage),
      StatusIsExactly(ErrorCode::kValidation,
                      "Value provided in ExpressionAttributeValues unused in "
                      "expressions: keys: {:z}"));
  ASSERT_THAT(CompileCondition("size(#a) > :z", ExpressionKind::kFilter, &names,
                               &values, &usage),
              IsOk());
  EXPECT_THAT(CheckAllPlaceholdersUsed(&names, &values, usage), IsOk());
  EXPECT_THAT(usage.names, ::testing::ElementsAre("#a", "#b", "#c"));
  EXPECT_THAT(usage.values, ::testing::ElementsAre(":x", ":y", ":z"));
  EXPECT_THAT(CheckAllPlaceholdersUsed(nullptr, nullptr, PlaceholderUsage()),
              IsOk());
}

TEST(ResolveTest, ParsedTreeIsUntouched) {
  StatusOr<ParsedCondition> parsed =
      ParseCondition("#a = :s", ExpressionKind::kCondition);
  ASSERT_THAT(parsed, IsOk());
  PlaceholderUsage usage;
  ASSERT_THAT(ResolveCondition(*parsed, &TestNames(), &TestValues(), &usage),
              IsOk());
  EXPECT_EQ(parsed->DebugString(), "(= #a :s)");
}

}  // namespace
}  // namespace eddy::expr
