// Copyright 2026 The eddy Authors.
//
// The order of checks over the JSON API (docs/validation-order.md): for every
// operation, a request with a request-only problem sent to a table that does
// not exist answers that problem's ValidationException, and the same request
// made valid answers ResourceNotFoundException. Also the JSON-only forms:
// CreateTable without TableName, an empty data-plane TableName alongside
// other errors, the KeySchema echo.

#include <string>
#include <vector>

#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

constexpr char kValidation[] = "com.amazon.coral.validate#ValidationException";
constexpr char kNotFound[] =
    "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";

std::string Err(const char* type, const std::string& message) {
  return std::string("{\"__type\":\"") + type + "\",\"message\":\"" + message +
         "\"}";
}

class ValidationOrderTest : public ::testing::Test {
 protected:
  ValidationOrderTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {}
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }
  std::string Body(std::string_view op, std::string_view body) {
    return Execute(db_, op, body).body;
  }

  ManualClock clock_;
  Database db_;
};

struct Case {
  const char* op;
  const char* invalid;    // a request-only problem, table "nope" missing
  const char* message;    // its ValidationException
  const char* valid;      // the same request without the problem
  const char* not_found;  // its ResourceNotFoundException message
};

constexpr char kRnf[] = "Requested resource not found";

// One row per operation (and per kind of request-only check).
const std::vector<Case>& Cases() {
  static const std::vector<Case>* cases = new std::vector<Case>{
      {"GetItem",
       R"({"TableName":"nope","Key":{"pk":{"S":"a"}},"ProjectionExpression":"#x"})",
       "Invalid ProjectionExpression: An expression attribute name used in "
       "the document path is not defined; attribute name: #x",
       R"({"TableName":"nope","Key":{"pk":{"S":"a"}},"ProjectionExpression":"x"})",
       kRnf},
      {"PutItem",
       R"({"TableName":"nope","Item":{"pk":{"S":"a"}},"ConditionExpression":"a = :v"})",
       "1 validation error detected: "
       "Invalid ConditionExpression: An expression attribute value used in "
       "expression is not defined; attribute value: :v",
       R"j({"TableName":"nope","Item":{"pk":{"S":"a"}},"ConditionExpression":"attribute_not_exists(a)"})j",
       kRnf},
      {"PutItem",
       R"({"TableName":"nope","Item":{"pk":{"S":"a"}},"ReturnValues":"ALL_NEW"})",
       "1 validation error detected: "
       "ReturnValues can only be ALL_OLD or NONE",
       R"({"TableName":"nope","Item":{"pk":{"S":"a"}},"ReturnValues":"ALL_OLD"})",
       kRnf},
      {"UpdateItem",
       R"({"TableName":"nope","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET a = :v, a = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})",
       "1 validation error detected: "
       "Invalid UpdateExpression: Two document paths overlap with each other; "
       "must remove or rewrite one of these paths; path one: [a], path two: "
       "[a]",
       R"({"TableName":"nope","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET a = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})",
       kRnf},
      {"DeleteItem",
       R"j({"TableName":"nope","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(a)","Expected":{"a":{"Exists":false}}})j",
       "1 validation error detected: "
       "Can not use both expression and non-expression parameters in the same "
       "request: Non-expression parameters: {Expected} Expression parameters: "
       "{ConditionExpression}",
       R"j({"TableName":"nope","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(a)"})j",
       kRnf},
      {"Query",
       R"({"TableName":"nope","KeyConditionExpression":"pk = :v OR pk = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})",
       "Invalid operator used in KeyConditionExpression: OR",
       R"({"TableName":"nope","KeyConditionExpression":"pk = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})",
       kRnf},
      {"Query",
       R"({"TableName":"nope","KeyConditionExpression":"pk = :v","ExpressionAttributeValues":{":v":{"S":"x"},":w":{"S":"y"}}})",
       "Value provided in ExpressionAttributeValues unused in expressions: "
       "keys: {:w}",
       R"({"TableName":"nope","KeyConditionExpression":"pk = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})",
       kRnf},
      {"Scan", R"({"TableName":"nope","FilterExpression":"a = :v"})",
       "Invalid FilterExpression: An expression attribute value used in "
       "expression is not defined; attribute value: :v",
       R"j({"TableName":"nope","FilterExpression":"attribute_exists(a)"})j",
       kRnf},
      {"Scan", R"({"TableName":"nope","Segment":1})",
       "The TotalSegments parameter is required but was not present in the "
       "request when Segment parameter is present",
       R"({"TableName":"nope","Segment":1,"TotalSegments":2})", kRnf},
      {"BatchGetItem",
       R"({"RequestItems":{"nope":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"#x"}}})",
       "Invalid ProjectionExpression: An expression attribute name used in "
       "the document path is not defined; attribute name: #x",
       R"({"RequestItems":{"nope":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"x"}}})",
       kRnf},
      {"TransactWriteItems",
       R"({"TransactItems":[{"Update":{"TableName":"nope","Key":{"pk":{"S":"a"}},"UpdateExpression":"SET a = :v"}}]})",
       "Invalid UpdateExpression: An expression attribute value used in "
       "expression is not defined; attribute value: :v",
       R"({"TransactItems":[{"Update":{"TableName":"nope","Key":{"pk":{"S":"a"}},"UpdateExpression":"REMOVE a"}}]})",
       kRnf},
      {"TransactGetItems",
       R"({"TransactItems":[{"Get":{"TableName":"nope","Key":{"pk":{"S":"a"}},"ProjectionExpression":"#x"}}]})",
       "Invalid ProjectionExpression: An expression attribute name used in "
       "the document path is not defined; attribute name: #x",
       R"({"TransactItems":[{"Get":{"TableName":"nope","Key":{"pk":{"S":"a"}}}}]})",
       kRnf},
      {"DescribeTable", R"({"TableName":"ab"})",
       "1 validation error detected: Value 'ab' at 'tableName' failed to "
       "satisfy constraint: Member must have length greater than or equal to "
       "3",
       R"({"TableName":"nope"})",
       "Requested resource not found: Table: nope "
       "not found"},
      {"UpdateTable",
       R"({"TableName":"nope","ProvisionedThroughput":{"ReadCapacityUnits":0,"WriteCapacityUnits":1}})",
       "1 validation error detected: Value '0' at "
       "'provisionedThroughput.readCapacityUnits' failed to satisfy "
       "constraint: Member must have value greater than or equal to 1",
       R"({"TableName":"nope","ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}})",
       "Requested resource not found: Table: nope not found"},
      {"UpdateTable", R"({"TableName":"nope"})",
       "At least one of ProvisionedThroughput, BillingMode, "
       "UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, "
       "ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
       "MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, "
       "WarmThroughput or TableClass is required",
       R"({"TableName":"nope","BillingMode":"PAY_PER_REQUEST"})",
       "Requested resource not found: Table: nope not found"},
      {"DeleteTable", R"({"TableName":"a;b"})",
       "1 validation error detected: Value 'a;b' at 'tableName' failed to "
       "satisfy constraint: Member must satisfy regular expression pattern: "
       "[a-zA-Z0-9_.-]+",
       R"({"TableName":"nope"})",
       "Requested resource not found: Table: nope not found"},
      {"UpdateTimeToLive",
       R"({"TableName":"nope","TimeToLiveSpecification":{"Enabled":true,"AttributeName":""}})",
       "1 validation error detected: Value '' at "
       "'timeToLiveSpecification.attributeName' failed to satisfy constraint: "
       "Member must have length greater than or equal to 1",
       R"({"TableName":"nope","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"ttl"}})",
       "Requested resource not found: Table: nope not found"},
  };
  return *cases;
}

TEST_F(ValidationOrderTest, RequestOnlyErrorsComeBeforeTheMissingTable) {
  for (const Case& c : Cases()) {
    SCOPED_TRACE(std::string(c.op) + " " + c.invalid);
    EXPECT_EQ(Body(c.op, c.invalid), Err(kValidation, c.message));
    EXPECT_EQ(Body(c.op, c.valid), Err(kNotFound, c.not_found));
  }
}

// Item size and attribute names are request-only too (the bodies are built:
// 400 KB does not fit a literal).
TEST_F(ValidationOrderTest, ItemSizeComesBeforeTheMissingTable) {
  const std::string big = std::string(400 * 1024, 'x');
  const std::string item = R"({"pk":{"S":"a"},"big":{"S":")" + big + R"("}})";
  const std::string size_error =
      Err(kValidation, "Item size has exceeded the maximum allowed size");
  // PutItem's in DynamoDB's 2026 list form (docs/validation-order.md).
  EXPECT_EQ(Body("PutItem", R"({"TableName":"nope","Item":)" + item + "}"),
            Err(kValidation,
                "1 validation error detected: "
                "Item size has exceeded the maximum allowed size"));
  EXPECT_EQ(Body("BatchWriteItem",
                 R"({"RequestItems":{"nope":[{"PutRequest":{"Item":)" + item +
                     "}}]}}"),
            size_error);
  EXPECT_EQ(Body("TransactWriteItems",
                 R"({"TransactItems":[{"Put":{"TableName":"nope","Item":)" +
                     item + "}}]}"),
            size_error);
  // Duplicate keys need the key schema: the missing table wins.
  EXPECT_EQ(
      Body(
          "BatchWriteItem",
          R"({"RequestItems":{"nope":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}},{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})"),
      Err(kNotFound, kRnf));
}

TEST_F(ValidationOrderTest, CreateTableWithoutTableNameSaysSoAlone) {
  EXPECT_EQ(Body("CreateTable", "{}"),
            Err(kValidation,
                "The parameter 'TableName' is required but was not present "
                "in the request"));
  // A wrong JSON type still comes first.
  EXPECT_EQ(Body("CreateTable", R"({"KeySchema":"x"})"),
            "{\"__type\":\"com.amazon.coral.service#SerializationException\","
            "\"Message\":\"Unexpected field type\"}");
  // With a name, the constraint list.
  EXPECT_EQ(Body("CreateTable", R"({"TableName":"abc;"})"),
            Err(kValidation,
                "3 validation errors detected: Value null at "
                "'attributeDefinitions' failed to satisfy constraint: Member "
                "must not be null; Value 'abc;' at 'tableName' failed to "
                "satisfy constraint: Member must satisfy regular expression "
                "pattern: [a-zA-Z0-9_.-]+; Value null at 'keySchema' failed "
                "to satisfy constraint: Member must not be null"));
}

TEST_F(ValidationOrderTest, KeySchemaIsEchoedAsDynamoDBEchoesIt) {
  EXPECT_EQ(
      Body("CreateTable",
           R"({"TableName":"abc","BillingMode":"PAY_PER_REQUEST",
               "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
               "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
                            {"AttributeName":"sk","KeyType":"RANGE"},
                            {"AttributeName":"extra","KeyType":"RANGE"}]})"),
      Err(kValidation,
          "1 validation error detected: Value "
          "'[KeySchemaElement(attributeName=pk, keyType=HASH), "
          "KeySchemaElement(attributeName=sk, keyType=RANGE), "
          "KeySchemaElement(attributeName=extra, keyType=RANGE)]' at "
          "'keySchema' failed to satisfy constraint: Member must have length "
          "less than or equal to 2"));
}

TEST_F(ValidationOrderTest, EmptyDataPlaneTableNameIsReportedAlone) {
  const std::string empty =
      Err(kValidation,
          "1 validation error detected: Value at 'TableName' failed to "
          "satisfy constraint: Member must have length greater than or equal "
          "to 1");
  EXPECT_EQ(Body("GetItem", R"({"TableName":"","Key":{"pk":{"S":"a"}}})"),
            empty);
  // us-east-1 stops at the table name.
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"TableName":"","Item":{"pk":{"S":"a"}},"ReturnValues":"INVALID"})"),
      empty);
  // A name too long and a bad enum: both listed (the order within the list
  // is eddy's reading order; DynamoDB's member order is unconfirmed here).
  const std::string long_name(256, 'a');
  const std::string both = Body(
      "PutItem", R"({"TableName":")" + long_name +
                     R"(","Item":{"pk":{"S":"a"}},"ReturnValues":"INVALID"})");
  EXPECT_NE(both.find("2 validation errors detected: "), std::string::npos);
  EXPECT_NE(both.find("' at 'tableName' failed to satisfy constraint: Member "
                      "must have length less than or equal to 255"),
            std::string::npos);
  EXPECT_NE(both.find("Failed to satisfy constraint: Member must satisfy "
                      "enum value set: [ALL_OLD, UPDATED_OLD, ALL_NEW, "
                      "UPDATE_NEW, NONE]"),
            std::string::npos);
}

// The capture of a request with four problems, in DynamoDB's order: with
// Key missing, the empty TableName is listed in the per-value form.
TEST_F(ValidationOrderTest, UpdateItemListsItsErrorsInDynamoDBsOrder) {
  EXPECT_EQ(
      Body(
          "UpdateItem",
          R"({"TableName":"","ReturnConsumedCapacity":"INVALID","ReturnValues":"INVALID"})"),
      Err(kValidation,
          "4 validation errors detected: Value 'INVALID' at "
          "'returnConsumedCapacity' failed to satisfy constraint: Member must "
          "satisfy enum value set: [INDEXES, TOTAL, NONE]; Value '' at "
          "'tableName' failed to satisfy constraint: Member must have length "
          "greater than or equal to 1; Failed to satisfy constraint: Member "
          "must satisfy enum value set: [ALL_OLD, UPDATED_OLD, ALL_NEW, "
          "UPDATE_NEW, NONE]; Value null at "
          "'key' failed to satisfy constraint: Member must not be null"));
  // PutItem: ReturnValues before tableName, in us-east-1's 2026-08 text
  // (dynamodb-conformance 2026-08-12-wording-drift.json).
  EXPECT_EQ(
      Body("PutItem",
           R"({"TableName":"a;","Item":{},"ReturnValues":"INVALID"})"),
      Err(kValidation,
          "2 validation errors detected: Failed to satisfy constraint: Member "
          "must satisfy enum value set: [ALL_OLD, UPDATED_OLD, ALL_NEW, "
          "UPDATE_NEW, NONE]; Value 'a;' at "
          "'tableName' failed to satisfy constraint: Member must satisfy "
          "regular expression pattern: [a-zA-Z0-9_.-]+"));
}

TEST_F(ValidationOrderTest, TableArnsOverJson) {
  ASSERT_EQ(Execute(db_, "CreateTable",
                    R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
                        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})")
                .http_status,
            200);
  const std::string arn = "arn:aws:dynamodb:us-east-1:000000000000:table/t01";
  EXPECT_EQ(Body("PutItem",
                 R"({"TableName":")" + arn + R"(","Item":{"pk":{"S":"a"}}})"),
            "{}");
  EXPECT_EQ(Body("GetItem",
                 R"({"TableName":")" + arn + R"(","Key":{"pk":{"S":"a"}}})"),
            R"({"Item":{"pk":{"S":"a"}}})");
  WireResponse denied = Execute(
      db_, "GetItem",
      R"({"TableName":"arn:aws:dynamodb:us-east-1:111111111111:table/t01","Key":{"pk":{"S":"a"}}})");
  EXPECT_EQ(denied.http_status, 400);
  EXPECT_EQ(denied.body,
            "{\"__type\":\"com.amazon.coral.service#AccessDeniedException\","
            "\"message\":\"Access is denied\"}");
}

}  // namespace
}  // namespace eddy
