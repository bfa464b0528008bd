// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: DynamoDB JSON requests through eddy::Execute. The first
// byte picks the operation, the rest is the body, run against a fresh
// Database (on a manual clock, so that stream ARNs and shard ids are the same
// every run) holding two tables (one with a GSI and an LSI, the other with a
// NEW_AND_OLD_IMAGES stream). DynamoDB Streams' operations go to their own
// target (DynamoDBStreams_20120810); in their bodies "@ARN@", "@SHARD@" and
// "@ITER@" stand for the stream's ARN, its first shard and a TRIM_HORIZON
// iterator of it, so that the fuzzer reaches past the lookups. The backup
// operations come last (appended, so that earlier first bytes keep their
// meaning); in their bodies "@BACKUP@" stands for the ARN of a backup of
// "fuzz" made before the request. Invariants
// checked on every input: no crash or sanitizer report, no status >= 500
// (nothing here injects faults), and the response body is valid UTF-8 JSON.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "emulator/wire/execute.h"
#include "nlohmann/json.hpp"

namespace {

constexpr std::string_view kOperations[] = {
    "CreateTable", "DescribeTable", "ListTables", "DeleteTable", "UpdateTable",
    "PutItem", "GetItem", "DeleteItem", "UpdateItem", "Query", "Scan",
    "BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems",
    "UpdateTimeToLive", "DescribeTimeToLive", "TagResource", "UntagResource",
    "ListTagsOfResource", "EddyInjectFault", "EddyClearFaults",
    "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction",
    "NoSuchOperation", "EddySplitPartition",
    // DynamoDB Streams (kStreamsBegin..+4: sent to the Streams target).
    "ListStreams", "DescribeStream", "GetShardIterator", "GetRecords",
    // Backups and point-in-time restore (issue 21).
    "CreateBackup", "DescribeBackup", "ListBackups", "DeleteBackup",
    "RestoreTableFromBackup", "RestoreTableToPointInTime"};
constexpr size_t kStreamsBegin = 27;
constexpr size_t kStreamsOps = 4;
constexpr size_t kOperationCount = sizeof(kOperations) / sizeof(kOperations[0]);
static_assert(kOperations[kStreamsBegin] == "ListStreams");

// Replaces every `from` in `text` by `to`.
void ReplaceAll(std::string& text, std::string_view from, std::string_view to) {
  for (size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

constexpr std::string_view kSetup[] = {
    R"({"TableName":"fuzz","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
       {"AttributeName":"sk","KeyType":"RANGE"}],
       "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
       {"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"g","AttributeType":"S"},
       {"AttributeName":"l","AttributeType":"B"}],
       "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
       "Projection":{"ProjectionType":"KEYS_ONLY"}}],
       "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
       {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],
       "BillingMode":"PAY_PER_REQUEST"})",
    R"({"TableName":"plain","KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
       "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],
       "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},
       "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const size_t pick = data[0] % kOperationCount;
  const std::string_view op = kOperations[pick];
  std::string body(reinterpret_cast<const char*>(data + 1), size - 1);
  eddy::ManualClock clock(1'700'000'000'000'000);
  eddy::Options options;
  options.clock = &clock;
  eddy::Database db(options);
  eddy::Execute(db, "CreateTable", kSetup[0]);
  eddy::Execute(db, "CreateTable", kSetup[1]);
  eddy::Execute(db, "PutItem",
                R"({"TableName":"fuzz","Item":{"pk":{"S":"a"},"sk":{"N":"1"},)"
                R"("g":{"S":"x"},"l":{"B":"AA=="},"m":{"M":{"n":{"L":[]}}}}})");
  eddy::Execute(
      db, "PutItem",
      R"({"TableName":"plain","Item":{"id":{"S":"a"},"v":{"N":"1"}}})");
  eddy::Execute(
      db, "PutItem",
      R"({"TableName":"plain","Item":{"id":{"S":"a"},"v":{"N":"2"}}})");
  eddy::WireResponse r;
  if (body.find("@BACKUP@") != std::string::npos) {
    const nlohmann::json backup = nlohmann::json::parse(
        eddy::Execute(db, "CreateBackup",
                      R"({"TableName":"fuzz","BackupName":"seed"})")
            .body);
    ReplaceAll(body, "@BACKUP@",
               backup["BackupDetails"]["BackupArn"].get<std::string>());
  }
  if (pick >= kStreamsBegin && pick < kStreamsBegin + kStreamsOps) {
    if (body.find('@') != std::string::npos) {
      const nlohmann::json table = nlohmann::json::parse(
          eddy::Execute(db, "DescribeTable", R"({"TableName":"plain"})").body);
      const std::string arn = table["Table"]["LatestStreamArn"];
      const nlohmann::json stream = nlohmann::json::parse(
          eddy::Execute(db, eddy::kStreamsService, "DescribeStream",
                        nlohmann::json{{"StreamArn", arn}}.dump())
              .body);
      const std::string shard =
          stream["StreamDescription"]["Shards"][0]["ShardId"];
      const nlohmann::json it = nlohmann::json::parse(
          eddy::Execute(db, eddy::kStreamsService, "GetShardIterator",
                        nlohmann::json{{"StreamArn", arn},
                                       {"ShardId", shard},
                                       {"ShardIteratorType", "TRIM_HORIZON"}}
                            .dump())
              .body);
      ReplaceAll(body, "@ARN@", arn);
      ReplaceAll(body, "@SHARD@", shard);
      ReplaceAll(body, "@ITER@", it["ShardIterator"].get<std::string>());
    }
    r = eddy::Execute(db, eddy::kStreamsService, op, body);
  } else {
    r = eddy::Execute(db, op, body);
  }
  if (r.http_status >= 500) std::abort();
  if (!nlohmann::json::accept(r.body)) std::abort();  // also checks UTF-8
  return 0;
}
