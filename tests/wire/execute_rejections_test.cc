// Copyright 2026 The eddy Authors.
//
// Execute(json) alone: every serialization, request-model and placeholder
// error path of the JSON layer. Response shapes are in execute_test.cc.

#include <string>

#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "emulator/wire/internal/json_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/wire/execute_fixture.h"

namespace eddy {
namespace {

using execute_testing::Err;
using execute_testing::ExecuteTest;
using execute_testing::Invalid;
using execute_testing::kSerialization;
using execute_testing::kValidation;
// --- Serialization
// -----------------------------------------------------------------

// A body that is not JSON (or not UTF-8) gets DynamoDB's SerializationException
// with no message at all: nothing of the parser's text or the body's bytes.
TEST_F(ExecuteTest, MalformedBodiesAreSerializationErrors) {
  using namespace std::string_literals;
  const std::string no_message =
      std::string("{\"__type\":\"") + kSerialization + "\"}";
  for (const std::string& body :
       {"{\"TableName\":\"t01\""s, ""s, "   "s, "{]"s,
        "{\"TableName\":\"t01\"} trailing"s, "{\"TableName\":\"t01\"}\0"s,
        "{\"TableName\":\"t\xff"
        "01\"}"s,
        "{\"TableName\":\"t\xc3\"}"s, "{\"TableName\":\"\xed\xa0\x80\"}"s,
        "{\"TableName\":\"\\ud800\"}"s, "{\"Table\xffName\":\"t01\"}"s,
        "{\"X\":[\"\xc0\xaf\"],\"TableName\":\"t01\"}"s,
        "{\"TableName\":\"t01\",}"s, "{\"TableName\":'t01'}"s,
        "{\"Limit\":01,\"TableName\":\"t01\"}"s}) {
    SCOPED_TRACE(body);
    WireResponse r = Run("DescribeTable", body);
    EXPECT_EQ(r.error, ErrorCode::kSerialization);
    EXPECT_EQ(r.http_status, 400);
    EXPECT_EQ(r.body, no_message);
  }
  // A body that is JSON but not an object: eddy answers it the same way
  // (DynamoDB's answer is unconfirmed).
  for (const char* body : {"[]", "\"t01\"", "7", "null", "true"}) {
    SCOPED_TRACE(body);
    EXPECT_EQ(Body("DescribeTable", body), no_message);
  }
  // A malformed body beats a type error earlier in it.
  EXPECT_EQ(Body("DescribeTable", R"({"TableName":5,)"), no_message);
  // Escapes are JSON's: an escaped member name is the name.
  EXPECT_EQ(Run("DescribeTable", R"({"Table\u004eame":"t01"})").http_status,
            200);
}

TEST_F(ExecuteTest, HugeNestingNeverCrashes) {
  const int depth = 100000;
  const std::string arrays = std::string(depth, '[') + std::string(depth, ']');
  EXPECT_EQ(Run("PutItem", arrays).error, ErrorCode::kSerialization);
  std::string deep;
  for (int i = 0; i < depth; ++i) deep += R"({"M":{"a":)";
  deep += R"({"S":"x"})";
  for (int i = 0; i < depth; ++i) deep += "}}";
  const std::string put =
      R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"d":)" +
      deep + "}}";
  EXPECT_EQ(Body("PutItem", put),
            Invalid("1 validation error detected: "
                    "Nesting Levels have exceeded supported limits: Attributes "
                    "in the item "
                    "have nested levels beyond supported limit"));
  const std::string eav =
      R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},)"
      R"("ConditionExpression":"d = :v","ExpressionAttributeValues":{":v":)" +
      deep + "}}";
  EXPECT_EQ(Body("DeleteItem", eav),
            Invalid("1 validation error detected: Nesting Levels have "
                    "exceeded supported limits: Attributes in the item have "
                    "nested levels beyond supported limit"));
  // An unterminated deep document.
  EXPECT_EQ(Run("PutItem", std::string(depth, '{')).error,
            ErrorCode::kSerialization);
  // Deeply nested unknown members are ignored.
  EXPECT_EQ(Run("DescribeTable", R"({"TableName":"t01","X":)" + arrays + "}")
                .http_status,
            200);
  // Through the envelope too.
  EXPECT_EQ(
      ExecuteEnvelope(db_, R"({"op":"PutItem","request":)" + put + "}").error,
      ErrorCode::kValidation);
}

// DynamoDB's deserializer texts (the token received x where it sits), from
// /work/research/serialization_errors.md §3.
TEST_F(ExecuteTest, WrongJsonTypesAreSerializationErrors) {
  const std::string kCast =
      "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl "
      "cannot be cast to class java.lang.Class (sun.reflect.generics."
      "reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in "
      "module java.base of loader 'bootstrap')";
  const std::string kAttributeMap =
      "Unrecognized collection type java.util.Map<java.lang.String, "
      "com.amazonaws.dynamodb.v20120810.AttributeValue>";
  const std::string kShape =
      "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.";
  struct Case {
    const char* op;
    const char* body;
    std::string message;
  };
  const Case cases[] = {
      // String members.
      {"DescribeTable", R"({"TableName":5})",
       "NUMBER_VALUE cannot be converted to String"},
      {"DescribeTable", R"({"TableName":5.5})",
       "DECIMAL_VALUE cannot be converted to String"},
      {"DescribeTable", R"({"TableName":1e3})",
       "DECIMAL_VALUE cannot be converted to String"},
      {"DescribeTable", R"({"TableName":true})",
       "TRUE_VALUE cannot be converted to String"},
      {"DescribeTable", R"({"TableName":false})",
       "FALSE_VALUE cannot be converted to String"},
      {"DescribeTable", R"({"TableName":{}})",
       "Start of structure or map found where not expected"},
      {"DescribeTable", R"({"TableName":[]})",
       "Unrecognized collection type class java.lang.String"},
      // Boolean members.
      {"GetItem",
       R"({"TableName":"t01","Key":{"pk":{"S":"a"}},"ConsistentRead":"maybe"})",
       "Unexpected token received from parser"},
      {"GetItem",
       R"({"TableName":"t01","Key":{"pk":{"S":"a"}},"ConsistentRead":1})",
       "NUMBER_VALUE cannot be converted to Boolean"},
      {"GetItem",
       R"({"TableName":"t01","Key":{"pk":{"S":"a"}},"ConsistentRead":0.5})",
       "DECIMAL_VALUE cannot be converted to Boolean"},
      {"GetItem",
       R"({"TableName":"t01","Key":{"pk":{"S":"a"}},"ConsistentRead":[]})",
       "Unrecognized collection type class java.lang.Boolean"},
      // Integer and Long members (out of range: eddy's choice, unconfirmed).
      {"Query", R"({"TableName":"t01","Limit":"1"})",
       "STRING_VALUE cannot be converted to Integer"},
      {"Query", R"({"TableName":"t01","Limit":1e20})",
       "DECIMAL_VALUE cannot be converted to Integer"},
      {"Query", R"({"TableName":"t01","Limit":99999999999})",
       "NUMBER_VALUE cannot be converted to Integer"},
      {"Scan", R"({"TableName":"t01","Segment":true})",
       "TRUE_VALUE cannot be converted to Integer"},
      {"CreateTable",
       R"({"TableName":"t09","ProvisionedThroughput":{"ReadCapacityUnits":"5"}})",
       "STRING_VALUE cannot be converted to Long"},
      {"CreateTable",
       R"({"TableName":"t09","ProvisionedThroughput":{"ReadCapacityUnits":false}})",
       "FALSE_VALUE cannot be converted to Long"},
      // Maps.
      {"GetItem", R"({"TableName":"t01","Key":[]})", kAttributeMap},
      {"GetItem", R"({"TableName":"t01","Key":"k"})", "Unexpected field type"},
      {"Query", R"({"TableName":"t01","ExpressionAttributeValues":[]})",
       kAttributeMap},
      {"Query", R"({"TableName":"t01","ExpressionAttributeNames":[]})",
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "java.lang.String>"},
      {"Query", R"({"TableName":"t01","ExpressionAttributeNames":{"#a":1}})",
       "NUMBER_VALUE cannot be converted to String"},
      {"Scan", R"({"TableName":"t01","ScanFilter":[]})",
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "com.amazonaws.dynamodb.v20120810.Condition>"},
      // AttributeValues.
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"N":123}}})",
       "NUMBER_VALUE cannot be converted to String"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":5}})",
       "Unexpected value type in payload"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":[]}})",
       kShape + "AttributeValue"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"M":[]}}})",
       kAttributeMap},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"L":{}}}})",
       "Start of structure or map found where not expected"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"SS":"a"}}})",
       "Unexpected field type"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"L":[7]}}})",
       "Unexpected value type in payload"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"BOOL":"maybe"}}})",
       "Unexpected token received from parser"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"B":true}}})",
       "only base-64-encoded strings are convertible to bytes"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"BS":[12]}}})",
       "only base-64-encoded strings are convertible to bytes"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"B":"=+/="}}})",
       "Invalid last non-pad Base64 character dectected"},
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"B":"+/+="}}})",
       "Invalid last non-pad Base64 character dectected"},
      // A character outside the alphabet is quoted whole (wording unconfirmed).
      {"PutItem", R"({"TableName":"t01","Item":{"pk":{"B":"ab\u00e9="}}})",
       "Invalid Base64 character: '\xc3\xa9'"},
      // Structures and lists.
      {"CreateTable", R"({"TableName":"t09","KeySchema":{}})",
       "Start of structure or map found where not expected"},
      {"CreateTable", R"({"TableName":"t09","KeySchema":"x"})",
       "Unexpected field type"},
      {"CreateTable", R"({"TableName":"t09","KeySchema":["x"]})",
       "Unexpected value type in payload"},
      {"CreateTable", R"({"TableName":"t09","KeySchema":[[]]})",
       kShape + "KeySchemaElement"},
      {"CreateTable", R"({"TableName":"t09","ProvisionedThroughput":5})",
       "Unexpected field type"},
      {"CreateTable", R"({"TableName":"t09","ProvisionedThroughput":[]})",
       kShape + "ProvisionedThroughput"},
      {"CreateTable", R"({"TableName":"t09","StreamSpecification":true})",
       "Unexpected field type"},
      {"UpdateTimeToLive",
       R"({"TableName":"t01","TimeToLiveSpecification":[]})",
       kShape + "TimeToLiveSpecification"},
      {"TransactWriteItems", R"({"TransactItems":[{"Put":5}]})",
       "Unexpected field type"},
      {"TransactWriteItems", R"({"TransactItems":{}})",
       "Start of structure or map found where not expected"},
      // Batches: a list in a map, a map in a list.
      {"BatchGetItem", R"({"RequestItems":{"t01":{"Keys":{}}}})",
       "Start of structure or map found where not expected"},
      {"BatchGetItem", R"({"RequestItems":{"t01":[]}})",
       kShape + "KeysAndAttributes"},
      {"BatchGetItem", R"({"RequestItems":{"t01":{"Keys":["k"]}}})", kCast},
      {"BatchGetItem", R"({"RequestItems":{"t01":{"Keys":[[]]}}})",
       kAttributeMap},
      {"BatchWriteItem", R"({"RequestItems":{"t01":{}}})",
       "Start of structure or map found where not expected"},
      {"BatchWriteItem", R"({"RequestItems":{"t01":"x"}})", kCast},
      {"BatchWriteItem", R"({"RequestItems":{"t01":[5]}})",
       "Unexpected value type in payload"},
      {"BatchWriteItem", R"({"RequestItems":[]})",
       "Unrecognized collection type java.util.Map<java.lang.String, "
       "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>"},
      {"BatchWriteItem",
       R"({"RequestItems":{"t01":[{"PutRequest":{"Item":{"pk":{"B":"!!"}}}}]}})",
       "Base64 encoded length is expected a multiple of 4 bytes but found: "
       "2"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.body);
    WireResponse r = Run(c.op, c.body);
    EXPECT_EQ(r.error, ErrorCode::kSerialization);
    EXPECT_EQ(r.body, Err(kSerialization, c.message));
  }
}

// Boolean members take DynamoDB's words as strings, in any case.
TEST_F(ExecuteTest, BooleanMembersAcceptWords) {
  Body("PutItem", R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},)"
                  R"("b":{"BOOL":"TRUE"},"n":{"NULL":"yes"}}})");
  EXPECT_EQ(Body("GetItem",
                 R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},)"
                 R"("ConsistentRead":"yes","ProjectionExpression":"b, n"})"),
            R"({"Item":{"b":{"BOOL":true},"n":{"NULL":true}}})");
  // A NULL given a word meaning false is a ValidationException, as false is.
  EXPECT_EQ(Body("PutItem", R"({"TableName":"t01","Item":{"pk":{"S":"a"},)"
                            R"("sk":{"S":"1"},"n":{"NULL":"no"}}})"),
            Invalid("One or more parameter values were invalid: Null "
                    "attribute value types must have the value of true"));
}

// Of several type errors, the first in the body is reported.
TEST_F(ExecuteTest, FirstTypeErrorInTheBodyWins) {
  EXPECT_EQ(Body("Query", R"({"TableName":"t01","Limit":"5","IndexName":5})"),
            Err(kSerialization, "STRING_VALUE cannot be converted to Integer"));
  EXPECT_EQ(Body("Query", R"({"TableName":"t01","IndexName":5,"Limit":"5"})"),
            Err(kSerialization, "NUMBER_VALUE cannot be converted to String"));
}

// Numbers for Integer / Long members are read from their text, exactly; a
// fraction is truncated as the Java request model does.
TEST_F(ExecuteTest, IntegerMembersTruncateDecimals) {
  Body("PutItem",
       R"({"TableName":"t01","Item":{"pk":{"S":"p"},"sk":{"S":"1"}}})");
  Body("PutItem",
       R"({"TableName":"t01","Item":{"pk":{"S":"p"},"sk":{"S":"2"}}})");
  for (const char* limit : {"1.9", "1e0", "0.1e1", "1.000000000000000000001"}) {
    SCOPED_TRACE(limit);
    EXPECT_EQ(
        Body("Query",
             std::string(R"({"TableName":"t01","Select":"COUNT",)"
                         R"("KeyConditionExpression":"pk = :p",)"
                         R"("ExpressionAttributeValues":{":p":{"S":"p"}},)"
                         R"("Limit":)") +
                 limit + "}"),
        R"({"Count":1,"ScannedCount":1,"LastEvaluatedKey":{"pk":{"S":"p"},"sk":{"S":"1"}}})");
  }
}

TEST_F(ExecuteTest, SerializationWinsOverValidationAnywhere) {
  // A missing table name, a bad enum and a bad value come first in the body,
  // the wrong JSON type last.
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"ReturnValues":"BOGUS","Item":{"pk":{"N":"abc"}},"ConditionExpression":7})"),
      Err(kSerialization, "NUMBER_VALUE cannot be converted to String"));
  EXPECT_EQ(
      Body("Query",
           R"({"ExpressionAttributeValues":{":a":{"N":"x"},":b":{"S":1}}})"),
      Err(kSerialization, "NUMBER_VALUE cannot be converted to String"));
}

// --- Request-model (generic) errors
// ---------------------------------------------------

TEST_F(ExecuteTest, MissingRequiredMembers) {
  const std::string null_table =
      "Value null at 'tableName' failed to satisfy constraint: Member must not "
      "be null";
  EXPECT_EQ(Body("DescribeTable", "{}"),
            Invalid("1 validation error detected: " + null_table));
  EXPECT_EQ(Body("DeleteTable", R"({"TableName":null})"),
            Invalid("1 validation error detected: " + null_table));
  EXPECT_EQ(Body("GetItem", "{}"),
            Invalid("2 validation errors detected: " + null_table +
                    "; Value null at 'key' failed to satisfy constraint: "
                    "Member must not be null"));
  EXPECT_EQ(
      Body("PutItem", R"({"TableName":"t01"})"),
      Invalid(
          "1 validation error detected: Value null at 'item' failed to satisfy "
          "constraint: Member must not be null"));
  EXPECT_EQ(Body("Scan", "{}"),
            Invalid("1 validation error detected: " + null_table));
  EXPECT_EQ(
      Body(
          "CreateTable",
          R"({"TableName":"t09","KeySchema":[{}],"AttributeDefinitions":[{"AttributeName":"pk"}]})"),
      Invalid("3 validation errors detected: "
              "Value null at 'attributeDefinitions.1.member.attributeType' "
              "failed to satisfy "
              "constraint: Member must not be null; "
              "Value null at 'keySchema.1.member.attributeName' failed to "
              "satisfy constraint: "
              "Member must not be null; "
              "Value null at 'keySchema.1.member.keyType' failed to satisfy "
              "constraint: "
              "Member must not be null"));
  EXPECT_EQ(
      Body(
          "CreateTable",
          R"({"TableName":"t09","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
                                    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
                                    "ProvisionedThroughput":{}})"),
      Invalid("2 validation errors detected: "
              "Value null at 'provisionedThroughput.writeCapacityUnits' failed "
              "to satisfy "
              "constraint: Member must not be null; "
              "Value null at 'provisionedThroughput.readCapacityUnits' failed "
              "to satisfy "
              "constraint: Member must not be null"));
  EXPECT_EQ(Body("BatchGetItem", "{}"),
            Invalid("1 validation error detected: Value null at 'requestItems' "
                    "failed to satisfy "
                    "constraint: Member must not be null"));
  EXPECT_EQ(Body("BatchGetItem", R"({"RequestItems":{"t01":{}}})"),
            Invalid("1 validation error detected: Value null at "
                    "'requestItems.t01.member.keys' "
                    "failed to satisfy constraint: Member must not be null"));
  EXPECT_EQ(
      Body(
          "BatchWriteItem",
          R"({"RequestItems":{"t01":[{"PutRequest":{}},{"DeleteRequest":{}}]}})"),
      Invalid("2 validation errors detected: "
              "Value null at "
              "'requestItems.t01.member.1.member.putRequest.item' failed to "
              "satisfy constraint: Member must not be null; "
              "Value null at "
              "'requestItems.t01.member.2.member.deleteRequest.key' failed to "
              "satisfy constraint: Member must not be null"));
}

TEST_F(ExecuteTest, BadEnumValues) {
  auto enum_error = [](const std::string& value, const std::string& path,
                       const std::string& set) {
    return Invalid("1 validation error detected: Value '" + value + "' at '" +
                   path +
                   "' failed to satisfy constraint: Member must satisfy enum "
                   "value set: [" +
                   set + "]");
  };
  const std::string key =
      R"("TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}})";
  EXPECT_EQ(
      Body("GetItem", "{" + key + R"(,"ReturnConsumedCapacity":"ALL"})"),
      enum_error("ALL", "returnConsumedCapacity", "INDEXES, TOTAL, NONE"));
  EXPECT_EQ(
      Body("DeleteItem", "{" + key + R"(,"ReturnValues":"all_old"})"),
      Invalid("1 validation error detected: " +
              std::string("Failed to satisfy constraint: Member must satisfy "
                          "enum value set: [ALL_OLD, UPDATED_OLD, ALL_NEW, "
                          "UPDATE_NEW, NONE]")));
  EXPECT_EQ(
      Body("UpdateItem",
           "{" + key + R"(,"ReturnValuesOnConditionCheckFailure":"ALL_NEW"})"),
      enum_error("ALL_NEW", "returnValuesOnConditionCheckFailure",
                 "ALL_OLD, NONE"));
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"}},"ReturnItemCollectionMetrics":"X"})"),
      enum_error("X", "returnItemCollectionMetrics", "SIZE, NONE"));
  EXPECT_EQ(Body("Query", R"({"TableName":"t01","Select":"ALL"})"),
            enum_error("ALL", "select",
                       "SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
                       "ALL_PROJECTED_ATTRIBUTES"));
  EXPECT_EQ(Body("Scan", R"({"TableName":"t01","Select":""})"),
            enum_error("", "select",
                       "SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, "
                       "ALL_PROJECTED_ATTRIBUTES"));
  EXPECT_EQ(
      Body(
          "BatchWriteItem",
          R"({"RequestItems":{"t01":[{"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"S":"1"}}}}]},
                                      "ReturnConsumedCapacity":"BOGUS"})"),
      enum_error("BOGUS", "returnConsumedCapacity", "INDEXES, TOTAL, NONE"));
  EXPECT_EQ(
      Body("CreateTable", R"({"TableName":"t09","BillingMode":"",
                                    "KeySchema":[{"AttributeName":"pk","KeyType":"INVALID"}],
                                    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"X"}]})"),
      Invalid("3 validation errors detected: "
              "Value 'X' at 'attributeDefinitions.1.member.attributeType' "
              "failed to satisfy "
              "constraint: Member must satisfy enum value set: [B, N, S]; "
              "Value '' at 'billingMode' failed to satisfy constraint: Member "
              "must satisfy "
              "enum value set: [PROVISIONED, PAY_PER_REQUEST]; "
              "Value 'INVALID' at 'keySchema.1.member.keyType' failed to "
              "satisfy constraint: "
              "Member must satisfy enum value set: [HASH, RANGE]"));
  EXPECT_EQ(
      Body("UpdateTable", R"({"TableName":"t01","BillingMode":"ON_DEMAND"})"),
      enum_error("ON_DEMAND", "billingMode", "PROVISIONED, PAY_PER_REQUEST"));
}

TEST_F(ExecuteTest, TableNameConstraintsJoinOtherRequestModelErrors) {
  // A data-plane TableName may be 1..1024 characters (a name or an ARN; API
  // reference, PutItem): "a!" breaks only the pattern. PutItem lists
  // ReturnValues before tableName, in us-east-1's 2026-08 text (dynamodb-
  // conformance captures/2026-08-12-wording-drift.json).
  EXPECT_EQ(Body("PutItem", R"({"TableName":"a!","ReturnValues":"X"})"),
            Invalid("3 validation errors detected: "
                    "Failed to satisfy constraint: Member must satisfy enum "
                    "value set: [ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATE_NEW, "
                    "NONE]; "
                    "Value 'a!' at 'tableName' failed to satisfy constraint: "
                    "Member must satisfy "
                    "regular expression pattern: [a-zA-Z0-9_.-]+; "
                    "Value null at 'item' failed to satisfy constraint: Member "
                    "must not be null"));
  // Alone, the Database reports them (with the limit check of Query).
  EXPECT_EQ(
      Body("DescribeTable", R"({"TableName":"ab"})"),
      Invalid(
          "1 validation error detected: Value 'ab' at 'tableName' failed to "
          "satisfy "
          "constraint: Member must have length greater than or equal to 3"));
}

// --- Values and placeholders
// -----------------------------------------------------------

TEST_F(ExecuteTest, ValueErrorsAreValidationErrors) {
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"n":{"N":"abc"}}})"),
      Invalid("1 validation error detected: "
              "The parameter cannot be converted to a numeric value: abc"));
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"n":{}}})"),
      Invalid("1 validation error detected: "
              "Supplied AttributeValue is empty, must contain exactly one of "
              "the supported datatypes"));
  EXPECT_EQ(
      Body("GetItem", R"({"TableName":"t01","Key":{"pk":{"S":"a","N":"1"}}})"),
      Invalid("Supplied AttributeValue has more than one datatypes set, must "
              "contain exactly "
              "one of the supported datatypes"));
  EXPECT_EQ(
      Body("Scan",
           R"({"TableName":"t01","ExclusiveStartKey":{"pk":{"NULL":false}}})"),
      Invalid(
          "The provided starting key is invalid: One or more parameter values "
          "were "
          "invalid: Null attribute value types must have the value of true"));
  // Request-model errors come before value errors.
  EXPECT_EQ(Body("PutItem", R"({"Item":{"pk":{"N":"abc"}}})"),
            Invalid("1 validation error detected: Value null at 'tableName' "
                    "failed to satisfy "
                    "constraint: Member must not be null"));
}

TEST_F(ExecuteTest, PlaceholderKeysAndValues) {
  const std::string key =
      R"("TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}})";
  EXPECT_EQ(
      Body(
          "GetItem",
          "{" + key +
              R"(,"ProjectionExpression":"#a","ExpressionAttributeNames":{"a":"x"}})"),
      Invalid(
          R"(ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\")"));
  EXPECT_EQ(
      Body(
          "GetItem",
          "{" + key +
              R"(,"ProjectionExpression":"#a","ExpressionAttributeNames":{"#a-b":"x"}})"),
      Invalid(
          R"(ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\")"));
  EXPECT_EQ(
      Body(
          "GetItem",
          "{" + key +
              R"(,"ProjectionExpression":"#a","ExpressionAttributeNames":{"#":"x"}})"),
      Invalid(
          R"(ExpressionAttributeNames contains invalid key: Syntax error; key: \"#\")"));
  EXPECT_EQ(
      Body(
          "DeleteItem",
          "{" + key +
              R"(,"ConditionExpression":"a = :v","ExpressionAttributeValues":{"v":{"S":"x"}}})"),
      Invalid(
          R"(1 validation error detected: ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\")"));
  EXPECT_EQ(
      Body(
          "DeleteItem",
          "{" + key +
              R"(,"ConditionExpression":"a = :v","ExpressionAttributeValues":{":v":{"N":"1e999"}}})"),
      Invalid("1 validation error detected: "
              "ExpressionAttributeValues contains invalid value: Number "
              "overflow. Attempting to "
              "store a number with magnitude larger than supported range for "
              "key :v"));
  EXPECT_EQ(
      Body(
          "Query",
          R"({"TableName":"t01","KeyConditionExpression":"pk = :v","ExpressionAttributeValues":{":v":{"SS":[]}}})"),
      Invalid("ExpressionAttributeValues contains invalid value: One or more "
              "parameter values "
              "were invalid: An string set  may not be empty for key :v"));
  // Names are checked before values.
  EXPECT_EQ(
      Body(
          "Scan",
          R"({"TableName":"t01","FilterExpression":"#a = :v","ExpressionAttributeValues":{"v":{"S":"x"}},
                            "ExpressionAttributeNames":{"a":"x"}})"),
      Invalid(
          R"(ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\")"));
  // Good placeholders pass through to the Database.
  Body(
      "PutItem",
      R"({"TableName":"t01","Item":{"pk":{"S":"p"},"sk":{"S":"1"},"a":{"S":"x"}}})");
  EXPECT_EQ(
      Body("Query", R"({"TableName":"t01","KeyConditionExpression":"#k = :v_1",
                             "ExpressionAttributeNames":{"#k":"pk"},"ExpressionAttributeValues":{":v_1":{"S":"p"}},
                             "Select":"COUNT"})"),
      R"({"Count":1,"ScannedCount":1})");
}

TEST_F(ExecuteTest, LegacyParametersWorkOverJson) {
  const std::string key =
      R"("TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}})";
  Body(
      "PutItem",
      R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"n":{"N":"1"},"s":{"S":"x"}}})");
  // Expected guards writes.
  EXPECT_EQ(
      Body("PutItem",
           R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"}},
                               "Expected":{"n":{"Exists":false}}})"),
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","message":"The conditional request failed"})");
  // AttributeUpdates edits items: ADD to a number, PUT a value.
  EXPECT_EQ(
      Body("UpdateItem",
           "{" + key +
               R"(,"AttributeUpdates":{"n":{"Action":"ADD","Value":{"N":"2"}},
                                              "t":{"Value":{"S":"new"}}},"ReturnValues":"UPDATED_NEW"})"),
      R"({"Attributes":{"n":{"N":"3"},"t":{"S":"new"}}})");
  // AttributesToGet projects.
  EXPECT_EQ(Body("GetItem", "{" + key + R"(,"AttributesToGet":["n","s"]})"),
            R"({"Item":{"n":{"N":"3"},"s":{"S":"x"}}})");
  // KeyConditions and QueryFilter query.
  EXPECT_EQ(Body("Query", R"({"TableName":"t01","Select":"COUNT",
                             "KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},
                             "QueryFilter":{"n":{"ComparisonOperator":"GT","AttributeValueList":[{"N":"2"}]}}})"),
            R"({"Count":1,"ScannedCount":1})");
  EXPECT_EQ(
      Body("Scan",
           R"({"TableName":"t01","Select":"COUNT","ConditionalOperator":"OR",
                            "ScanFilter":{"n":{"ComparisonOperator":"LT","AttributeValueList":[{"N":"0"}]},
                                          "s":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"x"}]}}})"),
      R"({"Count":1,"ScannedCount":1})");
  // Bad enum values and mixing get DynamoDB's errors.
  EXPECT_EQ(
      Body(
          "Scan",
          R"({"TableName":"t01","ScanFilter":{"n":{"ComparisonOperator":"ABOUT"}}})"),
      Invalid("1 validation error detected: Value 'ABOUT' at "
              "'scanFilter.n.member.comparisonOperator' "
              "failed to satisfy constraint: Member must satisfy enum value "
              "set: [IN, NULL, BETWEEN, "
              "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, "
              "CONTAINS]"));
  EXPECT_EQ(
      Body("GetItem",
           "{" + key +
               R"(,"AttributesToGet":["n"],"ProjectionExpression":"n"})"),
      Invalid(
          "Can not use both expression and non-expression parameters in the "
          "same request: "
          "Non-expression parameters: {AttributesToGet} Expression parameters: "
          "{ProjectionExpression}"));
}

TEST_F(ExecuteTest, UnsupportedTableFeaturesAreRejected) {
  EXPECT_EQ(
      Body("CreateTable", R"({"TableName":"t09","BillingMode":"PAY_PER_REQUEST",
                                    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
                                    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
                                    "SSESpecification":{"Enabled":true}})"),
      Invalid("SSESpecification is not supported by this version of eddy yet"));
}

// SSESpecification without a KMS key is DynamoDB's default encryption:
// accepted and meaning nothing (#17 item 16).
TEST_F(ExecuteTest, SseSpecificationWithoutKmsIsAccepted) {
  const std::string table =
      R"("BillingMode":"PAY_PER_REQUEST",
         "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
         "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])";
  for (const char* sse : {R"({"Enabled":false})", "{}"}) {
    const WireResponse r = Execute(
        db_, "CreateTable",
        std::string(R"({"TableName":"sse)") + (sse[1] == '}' ? "2" : "1") +
            R"(",)" + table + R"(,"SSESpecification":)" + sse + "}");
    EXPECT_EQ(r.http_status, 200) << sse << ": " << r.body;
  }
  EXPECT_EQ(
      Body("CreateTable",
           R"({"TableName":"sse3",)" + table +
               R"(,"SSESpecification":{"Enabled":true,"SSEType":"KMS"}})"),
      Invalid("SSESpecification is not supported by this version of "
              "eddy yet"));
}

TEST_F(ExecuteTest, EmptyIndexListsAreRejected) {
  EXPECT_EQ(
      Body("CreateTable", R"({"TableName":"t09","BillingMode":"PAY_PER_REQUEST",
                                    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
                                    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
                                    "GlobalSecondaryIndexes":[]})"),
      Invalid("One or more parameter values were invalid: List of "
              "GlobalSecondaryIndexes is "
              "empty"));
}

TEST_F(ExecuteTest, UnknownMembersAreIgnored) {
  EXPECT_EQ(Body("PutItem",
                 R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"}},
                               "Unknown":{"deep":[1,2,{"x":null}]},"tablename":5})"),
            "{}");
  EXPECT_EQ(
      Body(
          "GetItem",
          R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"ConsistentRead":null})"),
      R"({"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
}

TEST_F(ExecuteTest, ExpressionsPassThroughToTheDatabase) {
  // Whatever the Database answers for an UpdateExpression (implemented or not
  // yet), the JSON layer returns the same.
  UpdateItemRequest typed;
  typed.table_name = "t01";
  typed.key = {{"pk", AttributeValue::S("u")}, {"sk", AttributeValue::S("1")}};
  typed.update_expression = "SET a = :v";
  typed.expression_attribute_values =
      AttributeMap{{":v", AttributeValue::S("x")}};
  Database other;
  ASSERT_EQ(Execute(other, "CreateTable",
                    R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
                        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"}]})")
                .http_status,
            200);
  StatusOr<UpdateItemResponse> expected = other.UpdateItem(typed);
  WireResponse r = Run(
      "UpdateItem", R"({"TableName":"t01","Key":{"pk":{"S":"u"},"sk":{"S":"1"}},
                                        "UpdateExpression":"SET a = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})");
  if (expected.ok()) {
    EXPECT_EQ(r.http_status, 200);
  } else {
    EXPECT_EQ(r.body, ErrorBodyJson(expected.status()));
  }
}

TEST_F(ExecuteTest, EnvelopeErrors) {
  EXPECT_EQ(ExecuteEnvelope(db_, "{").error, ErrorCode::kSerialization);
  EXPECT_EQ(ExecuteEnvelope(db_, R"({"request":{}})").error,
            ErrorCode::kValidation);
  EXPECT_EQ(ExecuteEnvelope(db_, R"({"op":"Nope"})").error,
            ErrorCode::kUnknownOperation);
  EXPECT_EQ(ExecuteEnvelope(db_, R"({"op":"ListTables"})").body,
            R"({"TableNames":["t01"]})");
}

}  // namespace
}  // namespace eddy
