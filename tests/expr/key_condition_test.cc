// Copyright 2026 The eddy Authors.
//
// KeyConditionExpression compilation against a key schema: what storage gets,
// and every §1.4 error.

#include "emulator/expr/key_condition.h"

#include <string>

#include "emulator/expr/resolve.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/expr/expr_test_util.h"

namespace eddy::expr {
namespace {

using SortOp = KeyCondition::SortOp;

const KeySchemaView kStringNumber{"pk", AttributeType::kS, "sk",
                                  AttributeType::kN};
const KeySchemaView kStringString{"pk", AttributeType::kS, "sk",
                                  AttributeType::kS};
const KeySchemaView kBinaryBinary{"pk", AttributeType::kB, "sk",
                                  AttributeType::kB};
const KeySchemaView kHashOnly{"pk", AttributeType::kS, "", AttributeType::kS};

const AttributeMap& Values() {
  static const AttributeMap* values = new AttributeMap{
      {":p", AttributeValue::S("user#1")}, {":p2", AttributeValue::S("user#2")},
      {":n1", AttributeValue::N(1)},       {":n2", AttributeValue::N(2)},
      {":s", AttributeValue::S("a")},      {":s2", AttributeValue::S("b")},
      {":e", AttributeValue::S("")},       {":b", AttributeValue::B("k")},
      {":eb", AttributeValue::B("")},      {":c", AttributeValue::S("c")},
  };
  return *values;
}

StatusOr<KeyCondition> Compile(std::string_view text,
                               const KeySchemaView& schema) {
  ExpressionAttributeNames names = {
      {"#pk", "pk"}, {"#sk", "sk"}, {"#data", "data"}};
  PlaceholderUsage usage;
  EDDY_ASSIGN_OR_RETURN(ResolvedCondition resolved,
                        CompileCondition(text, ExpressionKind::kKeyCondition,
                                         &names, &Values(), &usage));
  return CompileKeyCondition(resolved, schema);
}

struct SuccessCase {
  const char* expression;
  const KeySchemaView* schema;
  SortOp op;
  const char* low;   // DebugString of sort_low, "" when none
  const char* high;  // DebugString of sort_high, "" when none
};

const SuccessCase kSuccessCases[] = {
    {"pk = :p", &kStringNumber, SortOp::kNone, "", ""},
    {" pk  =   :p ", &kStringNumber, SortOp::kNone, "", ""},
    {":p = pk", &kStringNumber, SortOp::kNone, "", ""},
    {"#pk = :p", &kStringNumber, SortOp::kNone, "", ""},
    {"pk = :p", &kHashOnly, SortOp::kNone, "", ""},
    {"pk = :p AND sk = :n1", &kStringNumber, SortOp::kEq, "{N:1}", ""},
    {"pk = :p AND sk < :n1", &kStringNumber, SortOp::kLt, "{N:1}", ""},
    {"pk = :p AND sk <= :n1", &kStringNumber, SortOp::kLe, "{N:1}", ""},
    {"pk = :p AND sk > :n1", &kStringNumber, SortOp::kGt, "{N:1}", ""},
    {"pk = :p AND sk >= :n1", &kStringNumber, SortOp::kGe, "{N:1}", ""},
    {"pk = :p AND :n1 < sk", &kStringNumber, SortOp::kGt, "{N:1}", ""},
    {"pk = :p AND :n1 <= sk", &kStringNumber, SortOp::kGe, "{N:1}", ""},
    {"pk = :p AND :n1 > sk", &kStringNumber, SortOp::kLt, "{N:1}", ""},
    {"pk = :p AND :n1 >= sk", &kStringNumber, SortOp::kLe, "{N:1}", ""},
    {":p = pk AND :n1 = sk", &kStringNumber, SortOp::kEq, "{N:1}", ""},
    {"sk = :n1 AND pk = :p", &kStringNumber, SortOp::kEq, "{N:1}", ""},
    {"pk = :p AND sk BETWEEN :n1 AND :n2", &kStringNumber, SortOp::kBetween,
     "{N:1}", "{N:2}"},
    {"pk = :p AnD sk BeTwEeN :n1 aNd :n2", &kStringNumber, SortOp::kBetween,
     "{N:1}", "{N:2}"},
    {"pk = :p AND begins_with(sk, :s)", &kStringString, SortOp::kBeginsWith,
     "{S:\"a\"}", ""},
    {"pk = :p AND begins_with(#sk, :s)", &kStringString, SortOp::kBeginsWith,
     "{S:\"a\"}", ""},
    {"#pk = :b AND begins_with(sk, :b)", &kBinaryBinary, SortOp::kBeginsWith,
     "{B:\"aw==\"}", ""},
    {"((sk = :n1) AND (pk = :p))", &kStringNumber, SortOp::kEq, "{N:1}", ""},
    {"(pk = :p AND sk > :n1)", &kStringNumber, SortOp::kGt, "{N:1}", ""},
};

TEST(KeyConditionTest, SuccessTable) {
  for (const SuccessCase& c : kSuccessCases) {
    SCOPED_TRACE(c.expression);
    StatusOr<KeyCondition> key = Compile(c.expression, *c.schema);
    ASSERT_THAT(key, IsOk());
    EXPECT_EQ(key->sort_op, c.op);
    if (c.schema->hash_type == AttributeType::kS) {
      EXPECT_EQ(key->partition_value, AttributeValue::S("user#1"));
    }
    if (*c.low) {
      EXPECT_EQ(key->sort_low.DebugString(), c.low);
    }
    if (*c.high) {
      EXPECT_EQ(key->sort_high.DebugString(), c.high);
    }
  }
}

struct ErrorCase {
  const char* expression;
  const KeySchemaView* schema;
  const char* message;  // exact
};

const ErrorCase kErrorCases[] = {
    {"pk = :p OR sk = :n1", &kStringNumber,
     "Invalid operator used in KeyConditionExpression: OR"},
    {"NOT sk = :n1 AND pk = :p", &kStringNumber,
     "Invalid operator used in KeyConditionExpression: NOT"},
    {"pk = :p AND sk <> :n1", &kStringNumber,
     "Invalid operator used in KeyConditionExpression: <>"},
    {"pk = :p AND sk IN (:n1)", &kStringNumber,
     "Invalid operator used in KeyConditionExpression: IN"},
    {"pk = :p AND attribute_exists(sk)", &kStringNumber,
     "Invalid operator used in KeyConditionExpression: attribute_exists"},
    {"pk = :p AND contains(sk, :n1)", &kStringNumber,
     "Invalid operator used in KeyConditionExpression: contains"},
    {"pk = :p AND dog(sk, :n1)", &kStringNumber,
     "Invalid KeyConditionExpression: Invalid function name; function: dog"},
    {"pk = :p AND size(sk) = :n1", &kStringNumber,
     "KeyConditionExpressions cannot contain nested operations"},
    {"pk = :p AND sk.a = :n1", &kStringNumber,
     "KeyConditionExpressions cannot have conditions on nested attributes"},
    {"pk[0] = :p", &kStringNumber,
     "KeyConditionExpressions cannot have conditions on nested attributes"},
    {"pk = sk", &kStringNumber,
     "Invalid condition in KeyConditionExpression: Multiple attribute names "
     "used in one condition"},
    {"pk = :p AND sk BETWEEN pk AND :n2", &kStringNumber,
     "Invalid condition in KeyConditionExpression: Multiple attribute names "
     "used in one condition"},
    {"pk = :p AND :n1 = :n2", &kStringNumber,
     "Invalid condition in KeyConditionExpression: No key attribute specified"},
    {"pk = :p AND pk = :p", &kStringNumber,
     "KeyConditionExpressions must only contain one condition per key"},
    {"pk = :p AND sk > :n1 AND sk < :n2", &kStringNumber,
     "KeyConditionExpressions must only contain one condition per key"},
    {"pk = :p AND pk = :p2", &kHashOnly,
     "KeyConditionExpressions must only contain one condition per key"},
    {"sk = :n1", &kStringNumber,
     "Query condition missed key schema element: pk"},
    {"extra = :p", &kStringNumber,
     "Query condition missed key schema element: pk"},
    {"extra = :p AND sk = :n1", &kStringNumber,
     "Query condition missed key schema element: pk"},
    {"pk = :p AND extra = :n1", &kStringNumber,
     "Query condition missed key schema element: sk"},
    {"pk = :p AND begins_with(extra, :s)", &kStringString,
     "Query condition missed key schema element: sk"},
    {"extra = :p", &kHashOnly, "Query condition missed key schema element: pk"},
    {"pk = :p AND extra = :s", &kHashOnly, "Query key condition not supported"},
    {"pk = :p AND sk = :n1", &kHashOnly, "Query key condition not supported"},
    {"pk < :p", &kStringNumber, "Query key condition not supported"},
    {"pk BETWEEN :p AND :p2", &kStringNumber,
     "Query key condition not supported"},
    {"begins_with(pk, :p)", &kStringNumber,
     "Query key condition not supported"},
    {"pk > :p AND sk = :n1", &kStringNumber,
     "Query key condition not supported"},
    {"pk = :p AND begins_with(sk, :s)", &kStringNumber,
     "Invalid KeyConditionExpression: Incorrect operand type for operator or "
     "function; operator or function: begins_with, operand type: N"},
    {"pk = :p AND begins_with(sk, :n1)", &kStringNumber,
     "Invalid KeyConditionExpression: Incorrect operand type for operator or "
     "function; operator or function: begins_with, operand type: N"},
    {"pk = :n1", &kStringNumber,
     "One or more parameter values were invalid: Condition parameter type does "
     "not match schema type"},
    {"pk = :p AND sk = :s", &kStringNumber,
     "One or more parameter values were invalid: Condition parameter type does "
     "not match schema type"},
    {"pk = :p AND sk BETWEEN :n1 AND :s", &kStringNumber,
     "Invalid KeyConditionExpression: The BETWEEN operator requires same data "
     "type for lower and upper bounds; lower bound operand: AttributeValue: "
     "{N:1}, upper bound operand: AttributeValue: {S:a}"},
    {"pk = :p AND sk BETWEEN :s AND :s2", &kStringNumber,
     "One or more parameter values were invalid: Condition parameter type does "
     "not match schema type"},
    {"pk = :p AND sk BETWEEN :n2 AND :n1", &kStringNumber,
     "Invalid KeyConditionExpression: The BETWEEN operator requires upper "
     "bound to be greater than or equal to lower bound; lower bound operand: "
     "AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}"},
    {"pk = :e", &kStringNumber,
     "One or more parameter values are not valid. The AttributeValue for a key "
     "attribute cannot contain an empty string value. Key: pk"},
    {"pk = :p AND sk = :e", &kStringString,
     "One or more parameter values are not valid. The AttributeValue for a key "
     "attribute cannot contain an empty string value. Key: sk"},
    {"pk = :eb", &kBinaryBinary,
     "One or more parameter values are not valid. The AttributeValue for a key "
     "attribute cannot contain an empty binary value. Key: pk"},
    {"pk = :p AND sk = :missing", &kStringNumber,
     "Invalid KeyConditionExpression: An expression attribute value used in "
     "expression is not defined; attribute value: :missing"},
    {"#data = :p", &kStringNumber,
     "Query condition missed key schema element: pk"},
    {"data = :p", &kStringNumber,
     "Invalid KeyConditionExpression: Attribute name is a reserved keyword; "
     "reserved keyword: data"},
    {"", &kStringNumber,
     "Invalid KeyConditionExpression: The expression can not be empty;"},
    {"pk = :p AND sk != :n1", &kStringNumber,
     "Invalid KeyConditionExpression: Syntax error; token: \"!\", near: \"sk "
     "!=\""},
};

TEST(KeyConditionTest, ErrorTable) {
  for (const ErrorCase& c : kErrorCases) {
    SCOPED_TRACE(c.expression);
    EXPECT_THAT(Compile(c.expression, *c.schema),
                StatusIsExactly(ErrorCode::kValidation, c.message));
  }
}

}  // namespace
}  // namespace eddy::expr
