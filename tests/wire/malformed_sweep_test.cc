// Copyright 2026 The eddy Authors.
//
// The malformed-request sweep (issue 20 item 8): for every operation, a valid
// request is taken apart member by member — each member removed, given every
// other JSON type, an empty string/list/map, out-of-range numbers, and each
// AttributeValue inside it made malformed — and every answer must be one of
// DynamoDB's: HTTP 200 or 400, a JSON body, a known exception type (a missing
// required member is a ValidationException, a wrong JSON type a
// SerializationException or, where DynamoDB's deserializer accepts it, a
// ValidationException), and a refused write changes nothing. Each mutation
// runs on a fresh Database, so the sweep takes well under a second.

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace eddy {
namespace {

using nlohmann::json;

struct Operation {
  const char* name;
  const char* body;                   // valid against the fixture's tables
  std::vector<const char*> required;  // top-level members
  bool writes = false;                // a refusal must change nothing
};

// The fixture: "tbl" (pk S, sk S) with GSI "gix" (gk S) holding one item.
const std::vector<Operation>& Operations() {
  static const std::vector<Operation>* ops =
      new std::vector<Operation>{
          {"GetItem",
           R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"ProjectionExpression":"#n","ExpressionAttributeNames":{"#n":"v"},"ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"})",
           {"TableName", "Key"}},
          {"PutItem",
           R"({"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"S":"2"},"v":{"N":"1"},"l":{"L":[{"S":"x"}]},"m":{"M":{"k":{"BOOL":true}}}},"ConditionExpression":"attribute_not_exists(pk) AND :z = :z","ExpressionAttributeValues":{":z":{"N":"0"}},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"INDEXES","ReturnItemCollectionMetrics":"SIZE"})",
           {"TableName", "Item"},
           true},
          {"UpdateItem",
           R"j({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"UpdateExpression":"SET #v = :v ADD c :one","ConditionExpression":"attribute_exists(pk)","ExpressionAttributeNames":{"#v":"v"},"ExpressionAttributeValues":{":v":{"SS":["x","y"]},":one":{"N":"1"}},"ReturnValues":"UPDATED_NEW"})j",
           {"TableName", "Key"},
           true},
          {"DeleteItem",
           R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"ConditionExpression":"v = :v","ExpressionAttributeValues":{":v":{"S":"old"}},"ReturnValues":"ALL_OLD"})",
           {"TableName", "Key"},
           true},
          {"Query",
           R"({"TableName":"tbl","KeyConditionExpression":"pk = :p AND sk BETWEEN :a AND :b","FilterExpression":"size(v) > :z","ProjectionExpression":"v","ExpressionAttributeValues":{":p":{"S":"a"},":a":{"S":"0"},":b":{"S":"9"},":z":{"N":"0"}},"Limit":10,"ScanIndexForward":false,"ExclusiveStartKey":{"pk":{"S":"a"},"sk":{"S":"8"}},"ReturnConsumedCapacity":"INDEXES"})",
           {"TableName"}},
          {"Scan",
           R"({"TableName":"tbl","IndexName":"gix","FilterExpression":"v <> :x","ExpressionAttributeValues":{":x":{"S":"x"}},"Limit":5,"Segment":0,"TotalSegments":2,"Select":"ALL_PROJECTED_ATTRIBUTES"})",
           {"TableName"}},
          {"BatchGetItem",
           R"({"RequestItems":{"tbl":{"Keys":[{"pk":{"S":"a"},"sk":{"S":"1"}}],"ConsistentRead":true,"ProjectionExpression":"v"}},"ReturnConsumedCapacity":"TOTAL"})",
           {"RequestItems"}},
          {"BatchWriteItem",
           R"({"RequestItems":{"tbl":[{"PutRequest":{"Item":{"pk":{"S":"b"},"sk":{"S":"1"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"S":"1"}}}}]},"ReturnConsumedCapacity":"TOTAL","ReturnItemCollectionMetrics":"SIZE"})",
           {"RequestItems"},
           true},
          {"TransactWriteItems",
           R"j({"TransactItems":[{"Put":{"TableName":"tbl","Item":{"pk":{"S":"c"},"sk":{"S":"1"}}}},{"Update":{"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"UpdateExpression":"REMOVE v"}},{"ConditionCheck":{"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"2"}},"ConditionExpression":"attribute_not_exists(pk)"}}],"ClientRequestToken":"tok","ReturnConsumedCapacity":"TOTAL"})j",
           {"TransactItems"},
           true},
          {"TransactGetItems",
           R"({"TransactItems":[{"Get":{"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"ProjectionExpression":"v"}}]})",
           {"TransactItems"}},
          {"CreateTable",
           R"({"TableName":"new","KeySchema":[{"AttributeName":"h","KeyType":"HASH"},{"AttributeName":"r","KeyType":"RANGE"}],"AttributeDefinitions":[{"AttributeName":"h","AttributeType":"S"},{"AttributeName":"r","AttributeType":"N"},{"AttributeName":"x","AttributeType":"B"}],"LocalSecondaryIndexes":[{"IndexName":"lsi1","KeySchema":[{"AttributeName":"h","KeyType":"HASH"},{"AttributeName":"x","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},"Tags":[{"Key":"k","Value":"v"}]})",
           {"TableName", "KeySchema", "AttributeDefinitions"}},
          {"UpdateTable",
           R"({"TableName":"tbl","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":3},"GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gix","ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":3}}}]})",
           {"TableName"}},
          {"DescribeTable", R"({"TableName":"tbl"})", {"TableName"}},
          {"DeleteTable", R"({"TableName":"tbl"})", {"TableName"}},
          {"ListTables", R"({"ExclusiveStartTableName":"abc","Limit":5})", {}},
          {"UpdateTimeToLive",
           R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"ttl"}})",
           {"TableName", "TimeToLiveSpecification"}},
          {"DescribeTimeToLive", R"({"TableName":"tbl"})", {"TableName"}},
          {"TagResource",
           R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/tbl","Tags":[{"Key":"k","Value":"v"}]})",
           {"ResourceArn", "Tags"}},
          {"UntagResource",
           R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/tbl","TagKeys":["k"]})",
           {"ResourceArn", "TagKeys"}},
          {"ListTagsOfResource",
           R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/tbl"})",
           {"ResourceArn"}},
          {"ExecuteStatement",
           R"({"Statement":"SELECT * FROM tbl WHERE pk = ?","Parameters":[{"S":"a"}],"Limit":3})",
           {"Statement"}},
          {"BatchExecuteStatement",
           R"({"Statements":[{"Statement":"SELECT * FROM tbl WHERE pk = ? AND sk = ?","Parameters":[{"S":"a"},{"S":"1"}]}]})",
           {"Statements"}},
          {"ExecuteTransaction",
           R"({"TransactStatements":[{"Statement":"UPDATE tbl SET v = 'n' WHERE pk = 'a' AND sk = '1'"}]})",
           {"TransactStatements"}},
          {"DescribeLimits", "{}", {}},
          {"DescribeEndpoints", "{}", {}},
      };
  return *ops;
}

// The exception types a malformed request may get.
const std::set<std::string>& Allowed() {
  static const std::set<std::string>* allowed = new std::set<std::string>{
      "com.amazon.coral.validate#ValidationException",
      "com.amazon.coral.service#SerializationException",
      "com.amazon.coral.service#AccessDeniedException",
      "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
      "com.amazonaws.dynamodb.v20120810#ResourceInUseException",
      "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException",
      "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
      "com.amazonaws.dynamodb.v20120810#LimitExceededException",
      "com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException",
      "com.amazonaws.dynamodb.v20120810#DuplicateItemException",
  };
  return *allowed;
}

// Replacements for a member's value: every JSON type, empty forms and
// numbers out of range.
std::vector<json> Replacements(const json& original) {
  std::vector<json> out = {json(true),
                           json(false),
                           json(0),
                           json(-1),
                           json(1.5),
                           json(2147483648LL),
                           json(""),
                           json("BOGUS"),
                           json::array(),
                           json::object(),
                           json::array({json::object()}),
                           json::object({{"x", json::object()}}),
                           json(std::string(1100, 'a'))};
  (void)original;
  return out;
}

// Malformed AttributeValues, for every AttributeValue found in a map.
std::vector<json> BadAttributeValues() {
  return {json::object(),
          json::object({{"S", 1}}),
          json::object({{"N", "x"}}),
          json::object({{"N", "1e200"}}),
          json::object({{"SS", json::array()}}),
          json::object({{"SS", json::array({"a", "a"})}}),
          json::object({{"NULL", false}}),
          json::object({{"B", "!!!"}}),
          json::object({{"S", "a"}, {"N", "1"}}),
          json::object({{"L", json::object()}}),
          json::object({{"M", json::array()}}),
          json::object({{"BOGUS", "a"}})};
}

class MalformedSweepTest : public ::testing::Test {
 protected:
  static Options MakeOptions(ManualClock* clock) {
    Options o;
    o.clock = clock;
    return o;
  }
  static void SetUpTables(Database& db) {
    const WireResponse created =
        Execute(db, "CreateTable",
                R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
            "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
            "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"gk","AttributeType":"S"}],
            "GlobalSecondaryIndexes":[{"IndexName":"gix","KeySchema":[{"AttributeName":"gk","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]})");
    ASSERT_EQ(created.http_status, 200) << created.body;
    ASSERT_EQ(
        Execute(
            db, "PutItem",
            R"({"TableName":"tbl","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"gk":{"S":"g"},"v":{"S":"old"}}})")
            .http_status,
        200);
  }
  static std::string Contents(Database& db) {
    return Execute(db, "Scan", R"({"TableName":"tbl","ConsistentRead":true})")
        .body;
  }

  // Runs one body on a fresh Database; checks the answer's shape.
  void Check(const Operation& op, const json& body, const std::string& what,
             const char* expect_type = nullptr, bool must_fail = false) {
    ManualClock clock(1'700'000'000'000'000);
    Database db(MakeOptions(&clock));
    SetUpTables(db);
    const std::string before = op.writes ? Contents(db) : std::string();
    const std::string text = body.dump();
    const WireResponse r = Execute(db, op.name, text);
    ++runs_;
    SCOPED_TRACE(std::string(op.name) + " " + what + ": " +
                 text.substr(0, 300));
    ASSERT_TRUE(r.http_status == 200 || r.http_status == 400)
        << r.http_status << " " << r.body;
    const json answer =
        json::parse(r.body, nullptr, /*allow_exceptions=*/false);
    ASSERT_FALSE(answer.is_discarded()) << r.body;
    if (must_fail) {
      EXPECT_EQ(r.http_status, 400) << r.body;
    }
    if (r.http_status == 200) return;
    const std::string type = answer.value("__type", "");
    EXPECT_TRUE(Allowed().count(type)) << r.body;
    if (expect_type != nullptr) {
      EXPECT_EQ(type, expect_type) << r.body;
    }
    if (op.writes) {
      EXPECT_EQ(Contents(db), before) << "a refused write wrote";
    }
  }

  int runs_ = 0;
};

// Every AttributeValue inside `j` (objects whose single key is a type
// letter), by JSON pointer.
void FindAttributeValues(const json& j, const json::json_pointer& at,
                         std::vector<json::json_pointer>* out) {
  static const std::set<std::string> kTypes = {"S",  "N", "B", "SS",   "NS",
                                               "BS", "M", "L", "NULL", "BOOL"};
  if (j.is_object()) {
    if (j.size() == 1 && kTypes.count(j.begin().key())) out->push_back(at);
    for (auto it = j.begin(); it != j.end(); ++it) {
      FindAttributeValues(it.value(), at / it.key(), out);
    }
  } else if (j.is_array()) {
    for (size_t i = 0; i < j.size(); ++i) {
      FindAttributeValues(j[i], at / i, out);
    }
  }
}

TEST_F(MalformedSweepTest, EveryOperationAnswersEveryMalformedFormAsDynamoDB) {
  for (const Operation& op : Operations()) {
    const json base = json::parse(op.body);
    {
      ManualClock clock(1'700'000'000'000'000);
      Database db(MakeOptions(&clock));
      SetUpTables(db);
      const WireResponse ok = Execute(db, op.name, op.body);
      EXPECT_EQ(ok.http_status, 200) << op.name << ": " << ok.body;
    }
    // Members removed: a required one is a ValidationException.
    for (auto it = base.begin(); it != base.end(); ++it) {
      json body = base;
      body.erase(it.key());
      const bool required = std::find_if(op.required.begin(), op.required.end(),
                                         [&](const char* r) {
                                           return it.key() == r;
                                         }) != op.required.end();
      Check(
          op, body, "without " + it.key(),
          required ? "com.amazon.coral.validate#ValidationException" : nullptr);
    }
    // Members replaced, at the top level and one level down.
    for (auto it = base.begin(); it != base.end(); ++it) {
      for (const json& v : Replacements(it.value())) {
        json body = base;
        body[it.key()] = v;
        Check(op, body, it.key() + " = " + v.dump().substr(0, 20));
      }
      if (!it.value().is_object() && !it.value().is_array()) continue;
      const json& inner = it.value();
      std::vector<json::json_pointer> children;
      if (inner.is_object()) {
        for (auto c = inner.begin(); c != inner.end(); ++c) {
          children.push_back(json::json_pointer("/" + it.key()) / c.key());
        }
      } else {
        for (size_t i = 0; i < inner.size(); ++i) {
          children.push_back(json::json_pointer("/" + it.key()) / i);
        }
      }
      for (const json::json_pointer& child : children) {
        for (const json& v :
             {json(true), json(1), json(""), json::array(), json::object()}) {
          json body = base;
          body[child] = v;
          Check(op, body, child.to_string() + " = " + v.dump());
        }
      }
    }
    // Every AttributeValue made malformed: never a 200.
    std::vector<json::json_pointer> values;
    FindAttributeValues(base, json::json_pointer(), &values);
    for (const json::json_pointer& at : values) {
      for (const json& bad : BadAttributeValues()) {
        json body = base;
        body[at] = bad;
        Check(op, body, at.to_string() + " = " + bad.dump(), nullptr,
              /*must_fail=*/true);
      }
    }
  }
  EXPECT_GT(runs_, 1500);
}

// A body that is not an object, for every operation.
TEST_F(MalformedSweepTest, NonObjectBodiesAreSerializationErrors) {
  for (const Operation& op : Operations()) {
    for (const char* body : {"", "[]", "1", "\"x\"", "{", "{\"a\":}", "null"}) {
      ManualClock clock(1'700'000'000'000'000);
      Database db(MakeOptions(&clock));
      const WireResponse r = Execute(db, op.name, body);
      SCOPED_TRACE(std::string(op.name) + " " + body);
      EXPECT_EQ(r.http_status, 400);
      EXPECT_NE(r.body.find("SerializationException"), std::string::npos)
          << r.body;
    }
  }
}

}  // namespace
}  // namespace eddy
