// Copyright 2026 The eddy Authors.
//
// DynamoDB Streams over the JSON API: StreamSpecification on CreateTable
// and UpdateTable with DynamoDB's request-model messages, the stream in
// TableDescription, the four Streams operations through ExecuteStreams and
// the service-aware Execute, records as DynamoDB sends them, error bodies,
// and eddy's EddySplitPartition.

#include <nlohmann/json.hpp>
#include <string>

#include "emulator/api/database.h"
#include "emulator/wire/execute.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using Json = nlohmann::json;

class StreamWireTest : public ::testing::Test {
 protected:
  StreamWireTest() : clock_(1'700'000'000'000'000), db_(MakeOptions()) {}
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }
  // A DynamoDB operation; the body parsed.
  Json Ddb(const std::string& op, const Json& body, int status = 200) {
    WireResponse r = Execute(db_, op, body.dump());
    EXPECT_EQ(r.http_status, status) << op << ": " << r.body;
    return Json::parse(r.body);
  }
  Json Streams(const std::string& op, const Json& body, int status = 200) {
    WireResponse r = Execute(db_, "DynamoDBStreams_20120810", op, body.dump());
    EXPECT_EQ(r.http_status, status) << op << ": " << r.body;
    return Json::parse(r.body);
  }
  std::vector<Json> ReadAll(const std::string& arn) {
    std::vector<Json> records;
    Json d = Streams("DescribeStream", {{"StreamArn", arn}});
    for (const Json& shard : d["StreamDescription"]["Shards"]) {
      Json it =
          Streams("GetShardIterator", {{"StreamArn", arn},
                                       {"ShardId", shard["ShardId"]},
                                       {"ShardIteratorType", "TRIM_HORIZON"}});
      Json page =
          Streams("GetRecords", {{"ShardIterator", it["ShardIterator"]}});
      for (const Json& r : page["Records"]) records.push_back(r);
    }
    return records;
  }

  ManualClock clock_;
  Database db_;
};

TEST_F(StreamWireTest, StreamSpecificationOnCreateAndUpdateTable) {
  WireResponse r = Execute(
      db_, "CreateTable",
      R"({"TableName":"tab","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
          "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
          "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  Json d = Json::parse(r.body)["TableDescription"];
  EXPECT_EQ(d["StreamSpecification"],
            Json({{"StreamEnabled", true},
                  {"StreamViewType", "NEW_AND_OLD_IMAGES"}}));
  EXPECT_EQ(d["LatestStreamLabel"], "2023-11-14T22:13:20.000");
  EXPECT_EQ(d["LatestStreamArn"],
            "arn:aws:dynamodb:us-east-1:000000000000:table/tab/stream/"
            "2023-11-14T22:13:20.000");
  Json described = Ddb("DescribeTable", {{"TableName", "tab"}})["Table"];
  EXPECT_EQ(described["LatestStreamArn"], d["LatestStreamArn"]);

  r = Execute(
      db_, "CreateTable",
      R"({"TableName":"uuu","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
                  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
                  "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"new_image"}})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(Json::parse(r.body)["message"],
            "1 validation error detected: Value 'new_image' at "
            "'streamSpecification.streamViewType' failed to satisfy "
            "constraint: Member must satisfy enum value set: [OLD_IMAGE, "
            "KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]");
  r = Execute(
      db_, "UpdateTable",
      R"({"TableName":"tab","StreamSpecification":{"StreamViewType":"KEYS_ONLY"}})");
  EXPECT_EQ(Json::parse(r.body)["message"],
            "1 validation error detected: Value null at "
            "'streamSpecification.streamEnabled' failed to satisfy "
            "constraint: Member must not be null");
  r = Execute(
      db_, "UpdateTable",
      R"({"TableName":"tab","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})");
  Json err = Json::parse(r.body);
  EXPECT_EQ(err["__type"], "com.amazon.coral.validate#ValidationException");
  EXPECT_EQ(err["message"],
            "Table already has an enabled stream: TableName: tab");
  r = Execute(
      db_, "UpdateTable",
      R"({"TableName":"tab","StreamSpecification":{"StreamEnabled":false}})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  d = Json::parse(r.body)["TableDescription"];
  EXPECT_FALSE(d.contains("StreamSpecification"));
  EXPECT_TRUE(d.contains("LatestStreamArn"));
}

TEST_F(StreamWireTest, RecordsAsDynamoDBSendsThem) {
  Ddb("CreateTable",
      {{"TableName", "tab"},
       {"AttributeDefinitions",
        {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
       {"BillingMode", "PAY_PER_REQUEST"},
       {"StreamSpecification",
        {{"StreamEnabled", true}, {"StreamViewType", "NEW_AND_OLD_IMAGES"}}}});
  Ddb("PutItem", {{"TableName", "tab"},
                  {"Item", {{"pk", {{"S", "a"}}}, {"n", {{"N", "1"}}}}}});
  Ddb("UpdateItem", {{"TableName", "tab"},
                     {"Key", {{"pk", {{"S", "a"}}}}},
                     {"UpdateExpression", "SET n = :n"},
                     {"ExpressionAttributeValues", {{":n", {{"N", "2"}}}}}});
  Ddb("DeleteItem", {{"TableName", "tab"}, {"Key", {{"pk", {{"S", "a"}}}}}});

  Json list = Streams("ListStreams", {{"TableName", "tab"}});
  ASSERT_EQ(list["Streams"].size(), 1u);
  EXPECT_FALSE(list.contains("LastEvaluatedStreamArn"));
  const std::string arn = list["Streams"][0]["StreamArn"];
  EXPECT_EQ(list["Streams"][0]["TableName"], "tab");
  EXPECT_EQ(list["Streams"][0]["StreamLabel"], "2023-11-14T22:13:20.000");

  Json d = Streams("DescribeStream", {{"StreamArn", arn}})["StreamDescription"];
  EXPECT_EQ(d["StreamStatus"], "ENABLED");
  EXPECT_EQ(d["StreamViewType"], "NEW_AND_OLD_IMAGES");
  EXPECT_EQ(d["TableName"], "tab");
  EXPECT_EQ(d["CreationRequestDateTime"], 1.7e9);
  EXPECT_EQ(d["KeySchema"],
            Json::parse(R"([{"AttributeName":"pk","KeyType":"HASH"}])"));
  EXPECT_EQ(d["Shards"].size(), 4u);  // on-demand: four partitions
  for (const Json& s : d["Shards"]) {
    EXPECT_TRUE(s["SequenceNumberRange"].contains("StartingSequenceNumber"));
    EXPECT_FALSE(s["SequenceNumberRange"].contains("EndingSequenceNumber"));
    EXPECT_FALSE(s.contains("ParentShardId"));
  }

  std::vector<Json> records = ReadAll(arn);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0]["eventName"], "INSERT");
  EXPECT_EQ(records[1]["eventName"], "MODIFY");
  EXPECT_EQ(records[2]["eventName"], "REMOVE");
  const Json& insert = records[0];
  EXPECT_EQ(insert["eventVersion"], "1.1");
  EXPECT_EQ(insert["eventSource"], "aws:dynamodb");
  EXPECT_EQ(insert["awsRegion"], "us-east-1");
  EXPECT_EQ(insert["eventID"].get<std::string>().size(), 32u);
  EXPECT_FALSE(insert.contains("userIdentity"));
  const Json& dyn = insert["dynamodb"];
  EXPECT_EQ(dyn["Keys"], Json::parse(R"({"pk":{"S":"a"}})"));
  EXPECT_EQ(dyn["NewImage"], Json::parse(R"({"n":{"N":"1"},"pk":{"S":"a"}})"));
  EXPECT_FALSE(dyn.contains("OldImage"));
  EXPECT_TRUE(dyn["SequenceNumber"].is_string());
  // SizeBytes: the keys' item size plus the image's.
  EXPECT_EQ(dyn["SizeBytes"],
            ItemSizeBytes(Item{{"pk", AttributeValue::S("a")}}) +
                ItemSizeBytes(Item{{"pk", AttributeValue::S("a")},
                                   {"n", AttributeValue::N(1)}}));
  EXPECT_EQ(dyn["StreamViewType"], "NEW_AND_OLD_IMAGES");
  EXPECT_EQ(dyn["ApproximateCreationDateTime"], 1.7e9);
  EXPECT_EQ(records[1]["dynamodb"]["OldImage"],
            Json::parse(R"({"n":{"N":"1"},"pk":{"S":"a"}})"));
  EXPECT_EQ(records[1]["dynamodb"]["NewImage"],
            Json::parse(R"({"n":{"N":"2"},"pk":{"S":"a"}})"));
  EXPECT_FALSE(records[2]["dynamodb"].contains("NewImage"));

  // The raw text: ApproximateCreationDateTime as a Java double, as
  // DynamoDB writes it.
  Json it = Streams("GetShardIterator", {{"StreamArn", arn},
                                         {"ShardId", d["Shards"][0]["ShardId"]},
                                         {"ShardIteratorType", "LATEST"}});
  WireResponse raw = ExecuteStreams(
      db_, "GetRecords", Json({{"ShardIterator", it["ShardIterator"]}}).dump());
  EXPECT_EQ(raw.http_status, 200);
  EXPECT_THAT(raw.body, ::testing::HasSubstr("\"Records\":[]"));
  EXPECT_THAT(raw.body, ::testing::HasSubstr("\"NextShardIterator\":"));
}

TEST_F(StreamWireTest, TimeToLiveRecordsCarryTheServiceIdentity) {
  Ddb("CreateTable",
      {{"TableName", "tab"},
       {"AttributeDefinitions",
        {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
       {"ProvisionedThroughput",
        {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}}},
       {"StreamSpecification",
        {{"StreamEnabled", true}, {"StreamViewType", "OLD_IMAGE"}}}});
  Ddb("UpdateTimeToLive", {{"TableName", "tab"},
                           {"TimeToLiveSpecification",
                            {{"Enabled", true}, {"AttributeName", "exp"}}}});
  Ddb("PutItem",
      {{"TableName", "tab"},
       {"Item", {{"pk", {{"S", "a"}}}, {"exp", {{"N", "1699999000"}}}}}});
  clock_.AdvanceMicros(3600LL * 1'000'000);
  const std::string arn =
      Ddb("DescribeTable", {{"TableName", "tab"}})["Table"]["LatestStreamArn"];
  std::vector<Json> records = ReadAll(arn);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1]["eventName"], "REMOVE");
  EXPECT_EQ(
      records[1]["userIdentity"],
      Json({{"PrincipalId", "dynamodb.amazonaws.com"}, {"Type", "Service"}}));
  EXPECT_EQ(records[1]["dynamodb"]["OldImage"]["exp"],
            Json({{"N", "1699999000"}}));
}

TEST_F(StreamWireTest, ErrorBodies) {
  Ddb("CreateTable",
      {{"TableName", "tab"},
       {"AttributeDefinitions",
        {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
       {"BillingMode", "PAY_PER_REQUEST"},
       {"StreamSpecification",
        {{"StreamEnabled", true}, {"StreamViewType", "KEYS_ONLY"}}}});
  const std::string arn =
      Ddb("DescribeTable", {{"TableName", "tab"}})["Table"]["LatestStreamArn"];
  Json d = Streams("DescribeStream", {{"StreamArn", arn}, {"Limit", 1}});
  ASSERT_EQ(d["StreamDescription"]["Shards"].size(), 1u);
  EXPECT_EQ(d["StreamDescription"]["LastEvaluatedShardId"],
            d["StreamDescription"]["Shards"][0]["ShardId"]);
  const std::string shard = d["StreamDescription"]["Shards"][0]["ShardId"];

  Json e = Streams(
      "GetShardIterator",
      {{"StreamArn", arn}, {"ShardId", shard}, {"ShardIteratorType", "bulle"}},
      400);
  EXPECT_EQ(e["message"],
            "1 validation error detected: Value 'bulle' at "
            "'shardIteratorType' failed to satisfy constraint: Member must "
            "satisfy enum value set: [TRIM_HORIZON, LATEST, "
            "AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]");
  e = Streams("GetShardIterator", {{"StreamArn", arn}}, 400);
  EXPECT_THAT(e["message"].get<std::string>(),
              ::testing::HasSubstr("Value null at 'shardId'"));
  e = Streams("DescribeStream",
              {{"StreamArn", arn.substr(0, arn.size() - 3) + "999"}}, 400);
  EXPECT_EQ(e["__type"],
            "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException");
  Json it =
      Streams("GetShardIterator", {{"StreamArn", arn},
                                   {"ShardId", shard},
                                   {"ShardIteratorType", "TRIM_HORIZON"}});
  clock_.AdvanceMicros(16LL * 60 * 1'000'000);
  e = Streams("GetRecords", {{"ShardIterator", it["ShardIterator"]}}, 400);
  EXPECT_EQ(e["__type"],
            "com.amazonaws.dynamodb.v20120810#ExpiredIteratorException");
  e = Streams("GetRecords", {{"ShardIterator", "nope"}}, 400);
  EXPECT_EQ(e["message"], "Invalid ShardIterator");
  e = Streams("GetRecords", {{"ShardIterator", 5}}, 400);
  EXPECT_EQ(e["__type"], "com.amazon.coral.service#SerializationException");
  // A DynamoDB operation on the Streams target, and the other way round.
  WireResponse wrong = ExecuteStreams(db_, "PutItem", "{}");
  EXPECT_EQ(wrong.error, ErrorCode::kUnknownOperation);
  wrong = Execute(db_, "GetRecords", "{}");
  EXPECT_EQ(wrong.error, ErrorCode::kUnknownOperation);
  wrong = Execute(db_, "Nope_20120810", "GetRecords", "{}");
  EXPECT_EQ(wrong.error, ErrorCode::kUnknownOperation);
  // eddy exec's envelope knows both services' operations.
  WireResponse env = ExecuteEnvelope(
      db_, R"({"op":"ListStreams","request":{"TableName":"tab"}})");
  EXPECT_EQ(env.http_status, 200) << env.body;
}

// The streaming request reader: JSON null counts as absent, unknown members
// are ignored, a member of the wrong JSON type is a SerializationException in
// the deserializer's words (the earliest in the body wins, and it beats the
// request-model errors), and a body that is not a JSON object is a
// SerializationException without a message.
TEST_F(StreamWireTest, RequestsAreReadAsDynamoDBReadsThem) {
  const std::string table =
      R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
         "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
         "BillingMode":"PAY_PER_REQUEST")";
  const std::string kSerialization =
      "com.amazon.coral.service#SerializationException";
  WireResponse r = Execute(
      db_, "CreateTable",
      R"({"TableName":"tab",)" + table + R"(,"StreamSpecification":null})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_FALSE(
      Json::parse(r.body)["TableDescription"].contains("StreamSpecification"));
  r = Execute(
      db_, "CreateTable",
      R"({"TableName":"ta2",)" + table + R"(,"StreamSpecification":[]})");
  Json e = Json::parse(r.body);
  EXPECT_EQ(e["__type"], kSerialization);
  EXPECT_THAT(e["Message"].get<std::string>(),
              ::testing::HasSubstr("StreamSpecification"));
  r = Execute(
      db_, "CreateTable",
      R"({"TableName":"ta2",)" + table +
          R"(,"StreamSpecification":{"StreamEnabled":5,"StreamViewType":"bad"}})");
  e = Json::parse(r.body);
  EXPECT_EQ(e["__type"], kSerialization);
  EXPECT_EQ(e["Message"], "NUMBER_VALUE cannot be converted to Boolean");

  Json list =
      Streams("ListStreams",
              {{"TableName", nullptr}, {"Unknown", {1, 2}}, {"Limit", 1}});
  EXPECT_TRUE(list["Streams"].empty());
  e = Streams("ListStreams", {{"Limit", "x"}}, 400);
  EXPECT_EQ(e["__type"], kSerialization);
  EXPECT_EQ(e["Message"], "STRING_VALUE cannot be converted to Integer");
  e = Streams("ListStreams", {{"Limit", 99999999999}}, 400);
  EXPECT_EQ(e["Message"], "NUMBER_VALUE cannot be converted to Integer");
  e = Streams("GetShardIterator",
              {{"StreamArn", true}, {"ShardIteratorType", "bulle"}}, 400);
  EXPECT_EQ(e["__type"], kSerialization);
  EXPECT_EQ(e["Message"], "TRUE_VALUE cannot be converted to String");
  WireResponse d = ExecuteStreams(db_, "DescribeStream",
                                  R"({"StreamArn":5,"ShardFilter":[]})");
  EXPECT_EQ(Json::parse(d.body)["Message"],
            "NUMBER_VALUE cannot be converted to String");
  e = Streams("GetRecords", {{"ShardIterator", nullptr}}, 400);
  EXPECT_EQ(e["message"],
            "1 validation error detected: Value null at 'shardIterator' "
            "failed to satisfy constraint: Member must not be null");
  e = Streams("GetRecords", {{"ShardIterator", "x"}, {"Limit", Json::object()}},
              400);
  EXPECT_EQ(e["Message"], "Start of structure or map found where not expected");

  for (const char* body : {"[]", "", "{", "{\"ShardIterator\":\"\xff\"}"}) {
    WireResponse bad = ExecuteStreams(db_, "GetRecords", body);
    EXPECT_EQ(bad.http_status, 400);
    EXPECT_EQ(bad.body, R"({"__type":")" + kSerialization + R"("})") << body;
  }
}

TEST_F(StreamWireTest, EddySplitPartition) {
  Ddb("CreateTable",
      {{"TableName", "tab"},
       {"AttributeDefinitions",
        {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
       {"ProvisionedThroughput",
        {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}}},
       {"StreamSpecification",
        {{"StreamEnabled", true}, {"StreamViewType", "KEYS_ONLY"}}}});
  Json split = Ddb("EddySplitPartition", {{"TableName", "tab"}});
  ASSERT_EQ(split["Partitions"].size(), 2u);
  EXPECT_EQ(split["Partitions"][0]["ParentPartitionId"], 0);
  Json again = Ddb("EddySplitPartition",
                   {{"TableName", "tab"},
                    {"PartitionId", split["Partitions"][1]["PartitionId"]}});
  EXPECT_EQ(again["Partitions"].size(), 3u);
  Json bad = Ddb("EddySplitPartition",
                 {{"TableName", "tab"}, {"PartitionId", 0}}, 400);
  EXPECT_EQ(bad["__type"], "com.amazon.coral.validate#ValidationException");
  // Strict, like eddy's other operations: a misspelt member is refused, not
  // taken as "the first live partition".
  bad = Ddb("EddySplitPartition", {{"TableName", "tab"}, {"PartitionID", 1}},
            400);
  EXPECT_EQ(bad["message"],
            "EddySplitPartition: unknown member \"PartitionID\"; the members "
            "are TableName and PartitionId");
  // PartitionId is a whole number, as eddy's other operations require:
  // never truncated (1.5 is not partition 1, 2^32 not partition 0).
  for (const char* id : {"1.5", "1e0", "-1", "4294967296", "1.0"}) {
    WireResponse r =
        Execute(db_, "EddySplitPartition",
                std::string(R"({"TableName":"tab","PartitionId":)") + id + "}");
    EXPECT_EQ(r.http_status, 400) << id;
    EXPECT_EQ(Json::parse(r.body)["message"],
              std::string("EddySplitPartition: PartitionId must be a whole "
                          "number from 0 to 2147483647, not ") +
                  id);
  }
  WireResponse wrong_type = Execute(db_, "EddySplitPartition",
                                    R"({"TableName":"tab","PartitionId":"1"})");
  EXPECT_EQ(wrong_type.http_status, 400);
  // Nothing was split by the above: still the two splits' five shards.
  const std::string arn =
      Ddb("DescribeTable", {{"TableName", "tab"}})["Table"]["LatestStreamArn"];
  Json d = Streams("DescribeStream", {{"StreamArn", arn}})["StreamDescription"];
  ASSERT_EQ(d["Shards"].size(), 5u);
  EXPECT_TRUE(
      d["Shards"][0]["SequenceNumberRange"].contains("EndingSequenceNumber"));
  EXPECT_EQ(d["Shards"][1]["ParentShardId"], d["Shards"][0]["ShardId"]);
}

// DescribeStream's ShardFilter: Type and ShardId are both optional (the API
// reference's ShardFilter); Type, when given, must be CHILD_SHARDS and
// ShardId 28 to 65 characters.
TEST_F(StreamWireTest, ShardFilterMembersAreOptional) {
  Ddb("CreateTable",
      {{"TableName", "tab"},
       {"AttributeDefinitions",
        {{{"AttributeName", "pk"}, {"AttributeType", "S"}}}},
       {"KeySchema", {{{"AttributeName", "pk"}, {"KeyType", "HASH"}}}},
       {"ProvisionedThroughput",
        {{"ReadCapacityUnits", 5}, {"WriteCapacityUnits", 5}}},
       {"StreamSpecification",
        {{"StreamEnabled", true}, {"StreamViewType", "KEYS_ONLY"}}}});
  Ddb("EddySplitPartition", {{"TableName", "tab"}});
  const std::string arn =
      Ddb("DescribeTable", {{"TableName", "tab"}})["Table"]["LatestStreamArn"];
  const Json all =
      Streams("DescribeStream", {{"StreamArn", arn}})["StreamDescription"];
  ASSERT_EQ(all["Shards"].size(), 3u);
  const std::string parent = all["Shards"][0]["ShardId"];

  auto shards = [&](const Json& filter) {
    return Streams("DescribeStream",
                   {{"StreamArn", arn},
                    {"ShardFilter", filter}})["StreamDescription"]["Shards"];
  };
  // Both members: the children.
  Json children = shards({{"Type", "CHILD_SHARDS"}, {"ShardId", parent}});
  ASSERT_EQ(children.size(), 2u);
  EXPECT_EQ(children[0]["ParentShardId"], parent);
  EXPECT_EQ(children[1]["ParentShardId"], parent);
  // No Type: CHILD_SHARDS is the only type there is.
  EXPECT_EQ(shards({{"ShardId", parent}}), children);
  // No ShardId: nothing to filter by; every shard.
  EXPECT_EQ(shards({{"Type", "CHILD_SHARDS"}}), all["Shards"]);
  EXPECT_EQ(shards(Json::object()), all["Shards"]);
  // A shard without children: none.
  EXPECT_TRUE(shards({{"ShardId", children[0]["ShardId"]}}).empty());

  Json bad = Streams("DescribeStream",
                     {{"StreamArn", arn},
                      {"ShardFilter", {{"Type", "foo"}, {"ShardId", parent}}}},
                     400);
  EXPECT_EQ(bad["message"],
            "1 validation error detected: Value 'foo' at 'shardFilter.type' "
            "failed to satisfy constraint: Member must satisfy enum value "
            "set: [CHILD_SHARDS]");
  bad = Streams("DescribeStream",
                {{"StreamArn", arn}, {"ShardFilter", {{"ShardId", "short"}}}},
                400);
  EXPECT_EQ(bad["message"],
            "1 validation error detected: Value 'short' at "
            "'shardFilter.shardId' failed to satisfy constraint: Member must "
            "have length greater than or equal to 28");
}

}  // namespace
}  // namespace eddy
