// Copyright 2026 The eddy Authors.
//
// Execute(json) alone: exact response bodies and the error envelope. The
// serialization, request-model and placeholder error paths are in
// execute_rejections_test.cc.

#include "emulator/wire/execute.h"

#include <string>

#include "emulator/base/clock.h"
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

// --- Successful shapes
// ---------------------------------------------------------

TEST_F(ExecuteTest, ItemResponsesAreShapedAsDynamoDB) {
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"n":{"N":"01.50"}}})"),
      "{}");
  EXPECT_EQ(
      Body("GetItem",
           R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"2"}}})"),
      "{}");
  EXPECT_EQ(
      Body("GetItem",
           R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})"),
      R"({"Item":{"n":{"N":"1.5"},"pk":{"S":"a"},"sk":{"S":"1"}}})");
  EXPECT_EQ(Body("GetItem",
                 R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
                               "ReturnConsumedCapacity":"TOTAL","ConsistentRead":true})"),
            R"({"Item":{"n":{"N":"1.5"},"pk":{"S":"a"},"sk":{"S":"1"}},)"
            R"("ConsumedCapacity":{"TableName":"t01","CapacityUnits":1.0}})");
  EXPECT_EQ(
      Body(
          "PutItem",
          R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"}},"ReturnValues":"ALL_OLD"})"),
      R"({"Attributes":{"n":{"N":"1.5"},"pk":{"S":"a"},"sk":{"S":"1"}}})");
  EXPECT_EQ(
      Body(
          "DeleteItem",
          R"({"TableName":"t01","Key":{"pk":{"S":"zz"},"sk":{"S":"1"}},"ReturnValues":"ALL_OLD"})"),
      "{}");
  EXPECT_EQ(Body("DeleteItem",
                 R"({"TableName":"t01","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
                                  "ReturnConsumedCapacity":"INDEXES"})"),
            R"({"ConsumedCapacity":{"TableName":"t01","CapacityUnits":1.0,)"
            R"("Table":{"CapacityUnits":1.0}}})");
}

TEST_F(ExecuteTest, TableResponsesAreShapedAsDynamoDB) {
  const std::string table =
      R"({"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
      R"({"AttributeName":"sk","AttributeType":"S"}],"TableName":"t01",)"
      R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],)"
      R"("TableStatus":"ACTIVE","CreationDateTime":1.7E9,)"
      R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0},)"
      R"("TableSizeBytes":0,"ItemCount":0,"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/t01",)";
  const std::string described = Body("DescribeTable", R"({"TableName":"t01"})");
  EXPECT_EQ(described.rfind("{\"Table\":" + table, 0), 0u) << described;
  EXPECT_THAT(described,
              ::testing::HasSubstr(
                  R"("BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST",)"
                  R"("LastUpdateToPayPerRequestDateTime":1.7E9}}})"));
  EXPECT_EQ(Body("ListTables", "{}"), R"({"TableNames":["t01"]})");
  ASSERT_EQ(
      Run("CreateTable",
          R"({"TableName":"t02","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},
                                   "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
                                   "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"N"}]})")
          .http_status,
      200);
  const std::string t02 = Body("DescribeTable", R"({"TableName":"t02"})");
  EXPECT_THAT(
      t02,
      ::testing::HasSubstr(
          R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":5})"));
  EXPECT_THAT(t02, ::testing::Not(::testing::HasSubstr("BillingModeSummary")));
  EXPECT_EQ(Body("ListTables", R"({"Limit":1})"),
            R"({"LastEvaluatedTableName":"t01","TableNames":["t01"]})");
  EXPECT_THAT(Body("DeleteTable", R"({"TableName":"t02"})"),
              ::testing::HasSubstr(R"("TableStatus":"DELETING")"));
}

TEST_F(ExecuteTest, QueryScanAndBatchShapes) {
  Body("PutItem",
       R"({"TableName":"t01","Item":{"pk":{"S":"p"},"sk":{"S":"1"}}})");
  Body("PutItem",
       R"({"TableName":"t01","Item":{"pk":{"S":"p"},"sk":{"S":"2"}}})");
  EXPECT_EQ(
      Body("Query", R"({"TableName":"t01","KeyConditionExpression":"pk = :p",
                              "ExpressionAttributeValues":{":p":{"S":"p"}},"Limit":1})"),
      R"({"Items":[{"pk":{"S":"p"},"sk":{"S":"1"}}],"Count":1,"ScannedCount":1,)"
      R"("LastEvaluatedKey":{"pk":{"S":"p"},"sk":{"S":"1"}}})");
  EXPECT_EQ(
      Body(
          "Query",
          R"({"TableName":"t01","KeyConditionExpression":"pk = :p","Select":"COUNT",
                              "ExpressionAttributeValues":{":p":{"S":"p"}},"ReturnConsumedCapacity":"TOTAL"})"),
      R"({"Count":2,"ScannedCount":2,"ConsumedCapacity":{"TableName":"t01","CapacityUnits":0.5}})");
  EXPECT_EQ(
      Body("Query", R"({"TableName":"t01","KeyConditionExpression":"pk = :p",
                              "ExpressionAttributeValues":{":p":{"S":"nobody"}}})"),
      R"({"Items":[],"Count":0,"ScannedCount":0})");
  EXPECT_EQ(
      Body(
          "Scan",
          R"({"TableName":"t01","ScanIndexForward":"ignored-unknown-member-of-scan"})"),
      R"({"Items":[{"pk":{"S":"p"},"sk":{"S":"1"}},{"pk":{"S":"p"},"sk":{"S":"2"}}],"Count":2,"ScannedCount":2})");
  EXPECT_EQ(
      Body(
          "BatchWriteItem",
          R"({"RequestItems":{"t01":[{"PutRequest":{"Item":{"pk":{"S":"q"},"sk":{"S":"1"}}}},
                                                              {"DeleteRequest":{"Key":{"pk":{"S":"p"},"sk":{"S":"2"}}}}]}})"),
      R"({"UnprocessedItems":{}})");
  EXPECT_EQ(
      Body(
          "BatchGetItem",
          R"({"RequestItems":{"t01":{"Keys":[{"pk":{"S":"q"},"sk":{"S":"1"}}]}}})"),
      R"({"Responses":{"t01":[{"pk":{"S":"q"},"sk":{"S":"1"}}]},"UnprocessedKeys":{}})");
  const std::string with_capacity = Body(
      "BatchWriteItem",
      R"({"RequestItems":{"t01":[{"PutRequest":{"Item":{"pk":{"S":"r"},"sk":{"S":"1"}}}}]},
                                 "ReturnConsumedCapacity":"TOTAL"})");
  EXPECT_EQ(
      with_capacity,
      R"({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"t01","CapacityUnits":1.0}]})");
}

TEST(JavaDoubleTest, PrintsAsDynamoDBsJavaServiceDoes) {
  using wire::internal::FormatJavaDouble;
  EXPECT_EQ(FormatJavaDouble(1.0), "1.0");
  EXPECT_EQ(FormatJavaDouble(0.5), "0.5");
  EXPECT_EQ(FormatJavaDouble(128.0), "128.0");
  EXPECT_EQ(FormatJavaDouble(1'700'000'000.0), "1.7E9");
  EXPECT_EQ(FormatJavaDouble(1'562'054'355.238), "1.562054355238E9");
  EXPECT_EQ(FormatJavaDouble(9'999'999.0), "9999999.0");
  EXPECT_EQ(FormatJavaDouble(0.001), "0.001");
  EXPECT_EQ(FormatJavaDouble(0.0001), "1.0E-4");
  EXPECT_EQ(FormatJavaDouble(0.0), "0.0");
  EXPECT_EQ(FormatJavaDouble(-2.5), "-2.5");
}

// --- Errors: envelope, status, unknown operation
// ------------------------------

TEST_F(ExecuteTest, ErrorResponsesCarryTypeStatusAndCode) {
  WireResponse r =
      Run("GetItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(r.error, ErrorCode::kResourceNotFound);
  EXPECT_EQ(
      r.body,
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",)"
      R"("message":"Requested resource not found"})");
  r = Run("CreateTable", R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                            "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
                            "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
  EXPECT_EQ(r.error, ErrorCode::kResourceInUse);
  EXPECT_EQ(r.http_status, 400);
}

TEST_F(ExecuteTest, UnknownOperation) {
  for (const char* op : {"Frobnicate", "getItem", "", "TransactWriteItems "}) {
    WireResponse r = Run(op, "{}");
    EXPECT_EQ(r.http_status, 400);
    EXPECT_EQ(r.error, ErrorCode::kUnknownOperation);
    EXPECT_EQ(
        r.body,
        R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");
  }
  // Answered before the body is read.
  EXPECT_EQ(Run("Frobnicate", "{not json").error, ErrorCode::kUnknownOperation);
  // A DynamoDB operation eddy does not serve says so (#17 item 15).
  WireResponse r = Run("CreateGlobalTable", "{not json");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(r.body,
            R"({"__type":"com.amazon.coral.service#UnknownOperationException",)"
            R"("message":"eddy does not implement the DynamoDB operation )"
            R"(CreateGlobalTable yet"})");
}

// #17 item 15: the small operations clients probe.
TEST_F(ExecuteTest, DescribeLimitsAndDescribeEndpoints) {
  EXPECT_EQ(Body("DescribeLimits", "{}"),
            R"({"AccountMaxReadCapacityUnits":80000,)"
            R"("AccountMaxWriteCapacityUnits":80000,)"
            R"("TableMaxReadCapacityUnits":40000,)"
            R"("TableMaxWriteCapacityUnits":40000})");
  // Without a host: the region's address; with one (eddy-server's Host
  // header), that address, so endpoint discovery stays on eddy.
  EXPECT_EQ(Body("DescribeEndpoints", "{}"),
            R"({"Endpoints":[{"Address":"dynamodb.us-east-1.amazonaws.com",)"
            R"("CachePeriodInMinutes":1440}]})");
  EXPECT_EQ(
      ExecuteForHost(db_, "DescribeEndpoints", "{}", "localhost:8000").body,
      R"({"Endpoints":[{"Address":"localhost:8000",)"
      R"("CachePeriodInMinutes":1440}]})");
  EXPECT_EQ(
      ExecuteForHost(db_, "DescribeLimits", "{}", "localhost:8000").http_status,
      200);
}

TEST_F(ExecuteTest, ContributorInsightsSettingPerTableAndIndex) {
  EXPECT_EQ(Body("DescribeContributorInsights", R"({"TableName":"t01"})"),
            R"({"TableName":"t01","ContributorInsightsStatus":"DISABLED"})");
  EXPECT_EQ(Body("UpdateContributorInsights",
                 R"({"TableName":"t01","ContributorInsightsAction":"ENABLE"})"),
            R"({"TableName":"t01","ContributorInsightsStatus":"ENABLING"})");
  EXPECT_EQ(
      Body("DescribeContributorInsights", R"({"TableName":"t01"})"),
      R"({"TableName":"t01","ContributorInsightsRuleList":[)"
      R"("DynamoDBContributorInsights-PKC-t01-1700000000000",)"
      R"("DynamoDBContributorInsights-PKT-t01-1700000000000",)"
      R"("DynamoDBContributorInsights-SKC-t01-1700000000000",)"
      R"("DynamoDBContributorInsights-SKT-t01-1700000000000"],)"
      R"("ContributorInsightsStatus":"ENABLED","LastUpdateDateTime":1.7E9})");
  EXPECT_EQ(Body("ListContributorInsights", "{}"),
            R"({"ContributorInsightsSummaries":[{"TableName":"t01",)"
            R"("ContributorInsightsStatus":"ENABLED"}]})");
  EXPECT_EQ(
      Body("UpdateContributorInsights",
           R"({"TableName":"t01","ContributorInsightsAction":"DISABLE"})"),
      R"({"TableName":"t01","ContributorInsightsStatus":"DISABLING"})");
  EXPECT_EQ(Body("ListContributorInsights", R"({"TableName":"t01"})"),
            R"({"ContributorInsightsSummaries":[{"TableName":"t01",)"
            R"("ContributorInsightsStatus":"DISABLED"}]})");
  // Bad requests.
  EXPECT_EQ(Body("UpdateContributorInsights",
                 R"({"TableName":"t01","ContributorInsightsAction":"ON"})"),
            Invalid("1 validation error detected: Value 'ON' at "
                    "'contributorInsightsAction' failed to satisfy "
                    "constraint: Member must satisfy enum value set: "
                    "[ENABLE, DISABLE]"));
  WireResponse r = Run("DescribeContributorInsights",
                       R"({"TableName":"t01","IndexName":"nope"})");
  EXPECT_EQ(r.error, ErrorCode::kResourceNotFound);
  r = Run("DescribeContributorInsights", R"({"TableName":"missing"})");
  EXPECT_EQ(r.error, ErrorCode::kResourceNotFound);
  r = Run("ListContributorInsights", R"({"MaxResults":101})");
  EXPECT_EQ(r.error, ErrorCode::kValidation);
}

TEST(ErrorBodyTest, DetailsAreRendered) {
  Status ccf = Status::ConditionalCheckFailed().WithItem(
      std::make_shared<const AttributeMap>(
          AttributeMap{{"pk", AttributeValue::S("a")}}));
  EXPECT_EQ(
      ErrorBodyJson(ccf),
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",)"
      R"("message":"The conditional request failed","Item":{"pk":{"S":"a"}}})");
  Status cancelled =
      Status(ErrorCode::kTransactionCanceled,
             "Transaction cancelled, please refer cancellation reasons for "
             "specific reasons "
             "[None, ConditionalCheckFailed]")
          .WithCancellationReasons(
              {{"None", "", nullptr},
               {"ConditionalCheckFailed", "The conditional request failed",
                std::make_shared<const AttributeMap>(
                    AttributeMap{{"pk", AttributeValue::S("b")}})}});
  EXPECT_EQ(
      ErrorBodyJson(cancelled),
      R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",)"
      R"("Message":"Transaction cancelled, please refer cancellation reasons for specific )"
      R"(reasons [None, ConditionalCheckFailed]","CancellationReasons":[{"Code":"None"},)"
      R"({"Code":"ConditionalCheckFailed","Message":"The conditional request failed",)"
      R"("Item":{"pk":{"S":"b"}}}]})");
  Status throttled =
      Status(ErrorCode::kProvisionedThroughputExceeded,
             "Throughput exceeds the current capacity")
          .WithThrottlingReasons(
              {{"TableWriteKeyRangeThroughputExceeded",
                "arn:aws:dynamodb:us-east-1:000000000000:table/t"}});
  EXPECT_EQ(
      ErrorBodyJson(throttled),
      R"({"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",)"
      R"("message":"Throughput exceeds the current capacity","ThrottlingReasons":)"
      R"([{"reason":"TableWriteKeyRangeThroughputExceeded",)"
      R"("resource":"arn:aws:dynamodb:us-east-1:000000000000:table/t"}]})");
}

}  // namespace
}  // namespace eddy
