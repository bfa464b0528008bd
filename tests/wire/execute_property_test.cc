// Copyright 2026 The eddy Authors.
//
// Properties of Execute over hostile bodies (issue #26 item 4): thousands of
// mutated requests (byte flips, truncations, invalid UTF-8, deep nesting,
// stray tokens) for every operation. Whatever the body:
//   - the answer is valid UTF-8 JSON (checked by nlohmann/json, an
//     implementation independent of eddy's reader), an object;
//   - an error answer carries the __type of its ErrorCode and its status;
//   - no status is 500 or above, nothing crashes or throws.
// The mutations come from a fixed seed, so a failure reproduces; its trace
// prints the body.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

using Json = nlohmann::json;

class Rng {
 public:
  explicit Rng(uint64_t seed) : x_(seed) {}
  uint64_t Next() {
    x_ ^= x_ << 13;
    x_ ^= x_ >> 7;
    x_ ^= x_ << 17;
    return x_;
  }
  size_t Below(size_t n) { return n == 0 ? 0 : Next() % n; }

 private:
  uint64_t x_;
};

struct Seed {
  const char* op;
  std::string body;
};

std::vector<Seed> Seeds() {
  const std::string key = R"("Key":{"pk":{"S":"a"},"sk":{"S":"1"}})";
  const std::string item =
      R"("Item":{"pk":{"S":"a"},"sk":{"S":"1"},"n":{"N":"-1.5E3"},)"
      R"("b":{"B":"AAEC"},"ok":{"BOOL":true},"z":{"NULL":true},)"
      R"("ss":{"SS":["x","y\u00e9"]},"ns":{"NS":["1","2"]},"bs":{"BS":["AQ=="]},)"
      R"("l":{"L":[{"S":"\ud83d\ude00"},{"M":{"q":{"N":"7"}}}]},)"
      R"("m":{"M":{"deep":{"L":[{"L":[]}]}}}})";
  return {
      {"PutItem", R"({"TableName":"t01",)" + item +
                      R"J(,"ConditionExpression":"attribute_not_exists(pk)",)J"
                      R"("ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"TOTAL"})"},
      {"GetItem", R"({"TableName":"t01",)" + key +
                      R"(,"ProjectionExpression":"#n, m.deep",)"
                      R"("ExpressionAttributeNames":{"#n":"n"},"ConsistentRead":true})"},
      {"UpdateItem",
       R"({"TableName":"t01",)" + key +
           R"J(,"UpdateExpression":"SET n = n + :one, l = list_append(l, :l))J"
           R"( REMOVE z","ExpressionAttributeValues":{":one":{"N":"1"},)"
           R"(":l":{"L":[{"S":"new"}]}},"ReturnValues":"UPDATED_NEW"})"},
      {"DeleteItem", R"({"TableName":"t01",)" + key +
                         R"(,"Expected":{"n":{"ComparisonOperator":"GT",)"
                         R"("AttributeValueList":[{"N":"0"}]}}})"},
      {"Query", R"({"TableName":"t01","KeyConditionExpression":"pk = :p",)"
                R"J("FilterExpression":"size(ss) > :n","Limit":10,)J"
                R"("ExpressionAttributeValues":{":p":{"S":"a"},":n":{"N":"1"}},)"
                R"("ExclusiveStartKey":{"pk":{"S":"a"},"sk":{"S":"0"}},)"
                R"("ScanIndexForward":false,"Select":"ALL_ATTRIBUTES"})"},
      {"Scan", R"({"TableName":"t01","Segment":0,"TotalSegments":2,)"
               R"("ScanFilter":{"n":{"ComparisonOperator":"NOT_NULL"}},)"
               R"("AttributesToGet":["pk","n"]})"},
      {"BatchWriteItem",
       R"({"RequestItems":{"t01":[{"PutRequest":{)" + item +
           R"(}},{"DeleteRequest":{)" + key +
           R"(}}]},"ReturnItemCollectionMetrics":"SIZE"})"},
      {"BatchGetItem", R"({"RequestItems":{"t01":{"Keys":[{"pk":{"S":"a"},)"
                       R"("sk":{"S":"1"}}],"ProjectionExpression":"pk"}}})"},
      {"TransactWriteItems",
       R"({"TransactItems":[{"Put":{"TableName":"t01",)" + item +
           R"(}},{"ConditionCheck":{"TableName":"t01","Key":{"pk":{"S":"b"},)"
           R"J("sk":{"S":"1"}},"ConditionExpression":"attribute_not_exists(pk)"}}],)J"
           R"("ClientRequestToken":"tok-1"})"},
      {"TransactGetItems",
       R"({"TransactItems":[{"Get":{"TableName":"t01",)" + key + R"(}}]})"},
      {"CreateTable",
       R"({"TableName":"t02","BillingMode":"PROVISIONED",)"
       R"("ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},)"
       R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],)"
       R"("AttributeDefinitions":[{"AttributeName":"id","AttributeType":"N"},)"
       R"({"AttributeName":"g","AttributeType":"S"}],)"
       R"("GlobalSecondaryIndexes":[{"IndexName":"g","KeySchema":[{"AttributeName":"g",)"
       R"("KeyType":"HASH"}],"Projection":{"ProjectionType":"INCLUDE",)"
       R"("NonKeyAttributes":["x"]},"ProvisionedThroughput":{"ReadCapacityUnits":1,)"
       R"("WriteCapacityUnits":1}}],"Tags":[{"Key":"k","Value":"v"}]})"},
      {"UpdateTable", R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",)"
                      R"("GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"x"}}]})"},
      {"DescribeTable", R"({"TableName":"t01"})"},
      {"ListTables", R"({"Limit":5,"ExclusiveStartTableName":"a"})"},
      {"UpdateTimeToLive", R"({"TableName":"t01","TimeToLiveSpecification":)"
                           R"({"Enabled":true,"AttributeName":"ttl"}})"},
      {"TagResource",
       R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/t01",)"
       R"("Tags":[{"Key":"a","Value":"b"}]})"},
      {"EddyInjectFault", R"({"Kind":"Throttling","Operation":"GetItem",)"
                          R"("Count":1,"ThrottlingReasons":[{"reason":"r",)"
                          R"("resource":"x"}]})"},
  };
}

// Byte sequences that are not UTF-8, and JSON pieces that break structure.
const char* const kInvalidUtf8[] = {
    "\xff",         "\x80",         "\xc0\xaf",     "\xc3",
    "\xe6\x97",     "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x9f\x98",
    "\xfe\xfe",     "\xe0\x80\x80"};
const char* const kTokens[] = {
    "{",    "}",        "[",           "]",        ",",       ":",
    "\"",   "\\",       "null",        "true",     "1e999",   "-0",
    "01",   "\\u0000",  "\\ud800",     "\\ude00",  "\x01",    "\0",
    "\"S\":", "{\"S\":", "\"N\":\"1\"", "\"NULL\":false", " ", "\t\n"};

std::string Mutate(std::string body, Rng& rng) {
  const int rounds = 1 + static_cast<int>(rng.Below(3));
  for (int r = 0; r < rounds; ++r) {
    const size_t at = rng.Below(body.size() + 1);
    switch (rng.Below(8)) {
      case 0:  // flip a byte
        if (!body.empty()) {
          body[rng.Below(body.size())] = static_cast<char>(rng.Next() & 0xff);
        }
        break;
      case 1:  // truncate
        body.resize(at);
        break;
      case 2:  // invalid UTF-8
        body.insert(at, kInvalidUtf8[rng.Below(std::size(kInvalidUtf8))]);
        break;
      case 3: {  // a stray token
        const char* t = kTokens[rng.Below(std::size(kTokens))];
        body.insert(at, t, t[0] == '\0' ? 1 : std::char_traits<char>::length(t));
        break;
      }
      case 4:  // delete a range
        body.erase(at, rng.Below(16));
        break;
      case 5: {  // duplicate a range
        const size_t n = rng.Below(32);
        body.insert(at, body.substr(at, n));
        break;
      }
      case 6: {  // deep nesting, closed or not
        const size_t depth = 1 + rng.Below(rng.Below(4) == 0 ? 200'000 : 64);
        const bool maps = rng.Below(2) == 0;
        std::string open, close;
        for (size_t i = 0; i < depth; ++i) open += maps ? R"({"M":)" : "[";
        for (size_t i = 0; i < depth; ++i) close += maps ? "}" : "]";
        body.insert(at, open + (rng.Below(2) == 0 ? close : ""));
        break;
      }
      case 7: {  // raw bytes, any value, inside whatever is there
        std::string junk;
        for (size_t i = rng.Below(8); i > 0; --i) {
          junk.push_back(static_cast<char>(rng.Next() & 0xff));
        }
        body.insert(at, junk);
        break;
      }
    }
  }
  return body;
}

// What every answer must be. `what` names the request in failures.
void CheckAnswer(const WireResponse& r, const std::string& what) {
  ASSERT_LT(r.http_status, 500) << what << "\n-> " << r.body;
  ASSERT_NE(r.error, ErrorCode::kInternalServerError) << what;
  ASSERT_TRUE(Json::accept(r.body)) << "not UTF-8 JSON: " << r.body << "\n"
                                    << what;
  const Json j = Json::parse(r.body);
  ASSERT_TRUE(j.is_object()) << r.body;
  if (r.error == ErrorCode::kOk) {
    ASSERT_EQ(r.http_status, 200) << r.body;
    return;
  }
  ASSERT_EQ(r.http_status, ErrorCodeHttpStatus(r.error)) << r.body;
  ASSERT_TRUE(j.contains("__type") && j["__type"].is_string()) << r.body;
  ASSERT_EQ(j["__type"].get<std::string>(), ErrorCodeWireType(r.error))
      << r.body;
}

std::string Printable(const std::string& body) {
  std::string out;
  for (unsigned char c : body.substr(0, 400)) {
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(static_cast<char>(c));
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  if (body.size() > 400) out += "... (" + std::to_string(body.size()) + " bytes)";
  return out;
}

void CreateTable(Database& db) {
  ASSERT_EQ(Execute(db, "CreateTable",
                    R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
                                     {"AttributeName":"sk","KeyType":"RANGE"}],
                        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                                                {"AttributeName":"sk","AttributeType":"S"}]})")
                .http_status,
            200);
}

TEST(ExecutePropertyTest, EveryAnswerToAMutatedRequestIsCleanJson) {
  constexpr int kPerSeed = 400;
  Rng rng(0x5eed'decade'1234ULL);
  int cases = 0;
  for (const Seed& seed : Seeds()) {
    ManualClock clock(1'700'000'000'000'000);
    Options options;
    options.clock = &clock;
    Database db(options);
    CreateTable(db);
    // The seed itself is a well-formed request.
    CheckAnswer(Execute(db, seed.op, seed.body), seed.op);
    for (int i = 0; i < kPerSeed; ++i) {
      const std::string body = Mutate(seed.body, rng);
      const std::string what =
          std::string(seed.op) + " #" + std::to_string(i) + ": " +
          Printable(body);
      ASSERT_NO_FATAL_FAILURE(CheckAnswer(Execute(db, seed.op, body), what));
      // The same request in eddy exec's envelope.
      if (i % 8 == 0) {
        const std::string envelope =
            std::string(R"({"op":")") + seed.op + R"(","request":)" + body + "}";
        ASSERT_NO_FATAL_FAILURE(
            CheckAnswer(ExecuteEnvelope(db, envelope), "envelope " + what));
      }
      ++cases;
    }
  }
  EXPECT_GE(cases, 6000);
}

// Every malformed body is answered the same way: the SerializationException
// with no message, so nothing of the body is echoed.
TEST(ExecutePropertyTest, MalformedBodiesEchoNothing) {
  Database db;
  CreateTable(db);
  Rng rng(77);
  for (int i = 0; i < 2000; ++i) {
    std::string body = R"({"TableName":"t01","Key":{"pk":{"S":"a)";
    body += kInvalidUtf8[rng.Below(std::size(kInvalidUtf8))];
    body += R"("},"sk":{"S":"1"}}})";
    body = rng.Below(2) == 0 ? body : Mutate(body, rng);
    const WireResponse r = Execute(db, "GetItem", body);
    ASSERT_NO_FATAL_FAILURE(CheckAnswer(r, Printable(body)));
    if (!Json::accept(body)) {
      ASSERT_EQ(r.body,
                R"({"__type":"com.amazon.coral.service#SerializationException"})")
          << Printable(body);
    }
  }
}

}  // namespace
}  // namespace eddy
