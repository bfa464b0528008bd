// Copyright 2026 The eddy Authors.
//
// The AWS MCP server's data-model validation format
// (model/formats/aws_data_model.h): the example document run end to end,
// the result file's shape, and the malformed variants with their pointers.

#include "model/formats/aws_data_model.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Json = nlohmann::json;
using Outcome = AwsPatternResult::Outcome;

const std::string kExample = std::string(EDDY_SOURCE_DIR) +
                             "/model/formats/examples/dynamodb_data_model.json";

std::vector<std::string> Errors(std::string_view doc) {
  std::vector<ModelError> errors;
  StatusOr<AwsDataModel> m = LoadAwsDataModel(doc, "t", &errors);
  EXPECT_FALSE(m.ok()) << doc;
  std::vector<std::string> out;
  for (const ModelError& e : errors) out.push_back(e.ToString());
  return out;
}

AwsDataModel Load(std::string_view doc) {
  std::vector<ModelError> errors;
  StatusOr<AwsDataModel> m = LoadAwsDataModel(doc, "t", &errors);
  EXPECT_TRUE(m.ok()) << (errors.empty() ? m.status().ToString()
                                         : errors[0].ToString());
  return m.ok() ? *m : AwsDataModel{};
}

TEST(AwsDataModelTest, DetectsTheFormatByItsShape) {
  EXPECT_TRUE(IsAwsDataModel(R"({"tables":[],"items":{},
                                 "access_patterns":[]})"));
  EXPECT_TRUE(IsAwsDataModel(R"({"access_patterns":[]})"));
  EXPECT_FALSE(IsAwsDataModel(R"({"Access Patterns":[],"store":{}})"));
  EXPECT_FALSE(IsAwsDataModel(R"({"tables":[{"entities":{}}]})"));
  EXPECT_FALSE(IsAwsDataModel("not json"));
  EXPECT_TRUE(IsAwsDataModelFile(kExample));
  EXPECT_FALSE(
      IsAwsDataModelFile(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json"));
}

TEST(AwsDataModelTest, RunsTheExampleEndToEnd) {
  std::vector<ModelError> errors;
  StatusOr<AwsDataModel> m = LoadAwsDataModelFile(kExample, &errors);
  ASSERT_TRUE(m.ok()) << (errors.empty() ? "" : errors[0].ToString());
  EXPECT_EQ(m->name, "dynamodb_data_model");
  EXPECT_THAT(m->table_names, ElementsAre("Shop", "EmailLookup"));
  ASSERT_EQ(m->patterns.size(), 9u);

  StatusOr<AwsRunReport> r = RunAwsDataModel(*m);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->tables.size(), 2u);
  EXPECT_EQ(r->tables[0].status, "success");
  EXPECT_EQ(r->tables[0].gsi_count, 1);
  EXPECT_THAT(r->tables[0].table_arn, HasSubstr(":table/Shop"));
  ASSERT_EQ(r->items.size(), 2u);
  EXPECT_EQ(r->items[0].items_processed, 5);
  EXPECT_EQ(r->items[1].items_processed, 2);
  // Pattern 8 is meant to fail (a taken email); 9 has only a reason.
  EXPECT_EQ(r->succeeded, 7);
  EXPECT_EQ(r->failed, 1);
  EXPECT_EQ(r->skipped, 1);
  EXPECT_FALSE(r->ok());

  const std::vector<AwsPatternResult>& p = r->patterns;
  // 1: GetItem finds the profile.
  EXPECT_EQ(p[0].outcome, Outcome::kSuccess);
  EXPECT_EQ(p[0].items, 1);
  EXPECT_EQ(Json::parse(p[0].response_json)["Item"]["name"]["S"], "Ada");
  // The capacity was asked for eddy's report, not recorded in the response.
  EXPECT_FALSE(Json::parse(p[0].response_json).contains("ConsumedCapacity"));
  EXPECT_DOUBLE_EQ(p[0].capacity_units, 1.0);  // a strongly consistent read
  // 2: newest order first (--no-scan-index-forward).
  Json orders = Json::parse(p[1].response_json);
  ASSERT_EQ(orders["Items"].size(), 2u);
  EXPECT_EQ(orders["Items"][0]["sk"]["S"], "ORDER#2026-02-11#o2");
  EXPECT_EQ(orders["Count"], 2);
  // 3: --page-size 1 on GSI1: the CLI's pages merged, Count summed.
  EXPECT_EQ(p[2].pages, 3);
  Json pending = Json::parse(p[2].response_json);
  EXPECT_EQ(pending["Count"], 2);
  EXPECT_EQ(pending["Items"].size(), 2u);
  EXPECT_FALSE(pending.contains("LastEvaluatedKey"));
  // 4: shorthand key and a projection.
  EXPECT_EQ(Json::parse(p[3].response_json),
            Json::parse(R"({"Item":{"customer":{"S":"CUST#2"}}})"));
  // 6: ALL_NEW shows the update.
  EXPECT_EQ(Json::parse(p[5].response_json)["Attributes"]["status"]["S"],
            "SHIPPED");
  // 7: two profiles.
  EXPECT_EQ(p[6].items, 2);
  // 8: the CLI's error line.
  EXPECT_EQ(p[7].outcome, Outcome::kError);
  EXPECT_EQ(p[7].error_code, "ConditionalCheckFailedException");
  EXPECT_EQ(p[7].error_message,
            "An error occurred (ConditionalCheckFailedException) when calling "
            "the PutItem operation: The conditional request failed");
  EXPECT_EQ(p[8].outcome, Outcome::kSkipped);

  // The MCP server's result file.
  Json result = Json::parse(FormatAwsValidationResult(*r));
  ASSERT_TRUE(result.contains("validation_response"));
  const Json& v = result["validation_response"];
  ASSERT_EQ(v.size(), 9u);
  EXPECT_EQ(v[0]["pattern_id"], "1");
  EXPECT_EQ(v[0]["description"], "Get a customer's profile");
  EXPECT_EQ(v[0]["dynamodb_operation"], "GetItem");
  EXPECT_THAT(v[0]["command"].get<std::string>(),
              HasSubstr("aws dynamodb get-item"));
  EXPECT_EQ(v[0]["response"]["Item"]["pk"]["S"], "CUST#1");
  EXPECT_EQ(v[7]["response"]["error_code"], "ConditionalCheckFailedException");
  EXPECT_EQ(v[7]["response"]["status_code"], 400);
  // A skipped pattern is copied as the document gave it.
  EXPECT_EQ(v[8], Json::parse(R"({"pattern":"9",
      "description":"Search products by keyword",
      "reason":"Full-text search belongs in OpenSearch, fed by DynamoDB Streams"})"));

  const std::string text = FormatAwsReportText(*r);
  EXPECT_THAT(text, HasSubstr("7 ok, 1 failed, 1 skipped"));
  EXPECT_THAT(text, HasSubstr("reason: Full-text search"));
  Json json = Json::parse(FormatAwsReportJson(*r));
  EXPECT_EQ(json["summary"]["ok"], 7);
  EXPECT_EQ(json["patterns"][7]["errorCode"],
            "ConditionalCheckFailedException");
  EXPECT_EQ(json["patterns"][0]["pointer"], "/access_patterns/0");
}

TEST(AwsDataModelTest, FailuresAreRecordedAndTheRunGoesOn) {
  AwsDataModel m = Load(R"({
    "tables": [
      {"TableName": "bad", "KeySchema": [{"AttributeName": "k",
        "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"},
      {"TableName": "tab", "AttributeDefinitions": [{"AttributeName": "k",
        "AttributeType": "S"}], "KeySchema": [{"AttributeName": "k",
        "KeyType": "HASH"}], "BillingMode": "PAY_PER_REQUEST"}],
    "items": {"missing": [{"PutRequest": {"Item": {"k": {"S": "a"}}}}],
              "tab": [{"PutRequest": {"Item": {"k": {"S": "a"}}}},
                    {"PutRequest": {"Item": {"k": {"S": "b"}}}},
                    {"PutRequest": {"Item": {"k": {"S": "c"}}}}]},
    "access_patterns": [
      {"pattern": 1, "implementation": "aws dynamodb scan --table-name tab --max-items 2 --page-size 1"},
      {"pattern": 2, "implementation": "aws dynamodb scan --table-name nope"},
      {"pattern": "3", "description": "nothing to run"}]})");
  StatusOr<AwsRunReport> r = RunAwsDataModel(m);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->tables[0].status, "error");
  EXPECT_THAT(r->tables[0].error,
              HasSubstr("An error occurred (ValidationException) when "
                        "calling the CreateTable operation"));
  EXPECT_EQ(r->tables[1].status, "success");
  EXPECT_EQ(r->items[0].status, "error");
  EXPECT_THAT(r->items[0].error, HasSubstr("ResourceNotFoundException"));
  EXPECT_EQ(r->items[1].items_processed, 3);
  // --max-items 2 over pages of 1: two items and a NextToken.
  ASSERT_EQ(r->patterns[0].outcome, Outcome::kSuccess);
  Json scan = Json::parse(r->patterns[0].response_json);
  EXPECT_EQ(scan["Items"].size(), 2u);
  EXPECT_TRUE(scan.contains("NextToken"));
  EXPECT_EQ(r->patterns[0].pattern->pattern_id, "1");  // a number, as text
  EXPECT_EQ(r->patterns[1].outcome, Outcome::kError);
  EXPECT_EQ(r->patterns[1].error_code, "ResourceNotFoundException");
  EXPECT_EQ(r->patterns[2].outcome, Outcome::kSkipped);
  // The result file keeps the pattern id as the document typed it.
  Json v = Json::parse(FormatAwsValidationResult(*r))["validation_response"];
  EXPECT_EQ(v[0]["pattern_id"], 1);
  EXPECT_TRUE(v[0]["description"].is_null());
  EXPECT_EQ(v[2], Json::parse(R"({"pattern":"3",
                                  "description":"nothing to run"})"));
}

TEST(AwsDataModelTest, MalformedDocumentsPointAtTheFault) {
  EXPECT_THAT(Errors("[1]"),
              ElementsAre(HasSubstr("(document): the document must be an "
                                    "object")));
  EXPECT_THAT(Errors("{"), ElementsAre(HasSubstr("(document): not JSON")));
  EXPECT_THAT(Errors(R"({"access_patterns": []})"),
              ElementsAre(HasSubstr("missing required key \"tables\""),
                          HasSubstr("missing required key \"items\"")));
  EXPECT_THAT(
      Errors(R"({"tables": {}, "items": [], "access_patterns": "x"})"),
      ElementsAre("/tables: must be an array of CreateTable requests, not an "
                  "object",
                  HasSubstr("/items: must be an object of table name"),
                  "/access_patterns: must be an array of access patterns, not "
                  "a string"));
  EXPECT_THAT(Errors(R"({"tables": [1, {"KeySchema": []}, {"TableName": 5},
                          {"TableName": "a"}, {"TableName": "a"}],
                         "items": {}, "access_patterns": []})"),
              ElementsAre("/tables/0: must be a CreateTable request (an "
                          "object), not a number",
                          "/tables/1/TableName: missing: every table needs a "
                          "TableName",
                          "/tables/2/TableName: must be a string, not a number",
                          "/tables/4/TableName: table \"a\" is defined twice"));
  EXPECT_THAT(Errors(R"({"tables": [], "items": {"a/b": {}, "c": [1]},
                         "access_patterns": []})"),
              ElementsAre(HasSubstr("/items/a~1b: must be an array of write "
                                    "requests"),
                          "/items/c/0: must be a write request object, not a "
                          "number"));
  EXPECT_THAT(
      Errors(R"({"tables": [], "items": {}, "access_patterns": [
        "x",
        {"pattern": "2", "description": 7},
        {"pattern": "3", "implementation": "aws dynamodb qeury --table-name t"},
        {"pattern": "4", "implementation": "aws dynamodb scan --table-name t --consistent-read false"},
        {"pattern": "5", "implementation": null},
        {"pattern": "6", "implementation": "aws s3 ls"},
        {"pattern": "7", "implementation": "aws dynamodb get-item --table-name t --key '{\"a\""}]})"),
      ElementsAre(
          "/access_patterns/0: must be an access pattern object, not a string",
          "/access_patterns/1/description: must be a string, not a number",
          "/access_patterns/2/implementation: unknown operation 'aws dynamodb "
          "qeury' (did you mean query?); eddy runs batch-execute-statement, "
          "batch-get-item, batch-write-item, create-table, delete-item, "
          "delete-table, describe-table, describe-time-to-live, "
          "execute-statement, execute-transaction, get-item, list-tables, "
          "put-item, query, scan, transact-get-items, transact-write-items, "
          "update-item, update-table, update-time-to-live",
          HasSubstr("/access_patterns/3/implementation: aws: error: "
                    "--consistent-read is a flag and takes no value"),
          "/access_patterns/4/implementation: must be an `aws dynamodb ...` "
          "command, not null",
          "/access_patterns/5/implementation: the command must start with "
          "'aws dynamodb', not 'aws s3'",
          "/access_patterns/6/implementation: unterminated single quote at "
          "column 44"));
}

TEST(AwsDataModelTest, NotesWhereTheCommandDisagreesWithThePattern) {
  AwsDataModel m = Load(R"({"tables": [], "items": {}, "access_patterns": [
      {"pattern": "1", "dynamodb_operation": "Query", "table": "Shop",
       "implementation": "aws dynamodb scan --table-name Shop"},
      {"pattern": "2", "dynamodb_operation": "TransactWrite",
       "implementation": "aws dynamodb transact-write-items --transact-items '[]'"},
      {"pattern": "3", "dynamodb_operation": "get-item", "table": "Users",
       "index": null,
       "implementation": "aws dynamodb get-item --table-name Shop --key k={S=a}"},
      {"pattern": "4", "dynamodb_operation": "Query", "index": "GSI1",
       "implementation": "aws dynamodb query --table-name Shop --key-condition-expression 'a = :a'"},
      {"pattern": "5", "index": "GSI1",
       "implementation": "aws dynamodb query --table-name Shop --index-name GSI2 --key-condition-expression 'a = :a'"}]})");
  ASSERT_EQ(m.patterns.size(), 5u);
  EXPECT_THAT(m.patterns[0].notes,
              ElementsAre("dynamodb_operation says Query but the command "
                          "runs Scan"));
  EXPECT_THAT(m.patterns[1].notes, ElementsAre());
  EXPECT_THAT(m.patterns[2].notes,
              ElementsAre("table says Users but the command reads Shop"));
  EXPECT_THAT(m.patterns[3].notes,
              ElementsAre("index says GSI1 but the command names no index"));
  EXPECT_THAT(m.patterns[4].notes,
              ElementsAre("index says GSI1 but the command uses GSI2"));
}

TEST(AwsDataModelTest, RefusesDeepNestingWithoutRecursing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_THAT(Errors(deep),
              ElementsAre("(document): the document is nested more than 256 "
                          "levels deep"));
  EXPECT_FALSE(IsAwsDataModel(deep));
  StatusOr<CliRequest> r = ParseAwsCliCommand(
      "aws dynamodb get-item --table-name t --key '" + deep + "'");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("nested more than 256"));
  r = ParseAwsCliCommand("aws dynamodb get-item --table-name t --key 'k=" +
                         std::string(100000, '[') + "'");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("nested more than 64"));
}

}  // namespace
}  // namespace eddy::model
