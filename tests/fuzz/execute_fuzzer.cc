// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: DynamoDB JSON requests through eddy::Execute. The first
// byte picks the operation, the rest is the body, run against a fresh
// Database holding two tables (one with a GSI and an LSI). Invariants checked
// on every input: no crash or sanitizer report, no status >= 500 (nothing
// here injects faults), and the response body is valid UTF-8 JSON.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/wire/execute.h"
#include "nlohmann/json.hpp"

namespace {

constexpr std::string_view kOperations[] = {
    "CreateTable",        "DescribeTable",      "ListTables",
    "DeleteTable",        "UpdateTable",        "PutItem",
    "GetItem",            "DeleteItem",         "UpdateItem",
    "Query",              "Scan",               "BatchGetItem",
    "BatchWriteItem",     "TransactWriteItems", "TransactGetItems",
    "UpdateTimeToLive",   "DescribeTimeToLive", "TagResource",
    "UntagResource",      "ListTagsOfResource", "EddyInjectFault",
    "EddyClearFaults",    "ExecuteStatement",   "BatchExecuteStatement",
    "ExecuteTransaction", "NoSuchOperation"};

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
       "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})",
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view op =
      kOperations[data[0] % (sizeof(kOperations) / sizeof(kOperations[0]))];
  const std::string_view body(reinterpret_cast<const char*>(data + 1),
                              size - 1);
  eddy::Database db;
  eddy::Execute(db, "CreateTable", kSetup[0]);
  eddy::Execute(db, "CreateTable", kSetup[1]);
  eddy::Execute(db, "PutItem",
                R"({"TableName":"fuzz","Item":{"pk":{"S":"a"},"sk":{"N":"1"},)"
                R"("g":{"S":"x"},"l":{"B":"AA=="},"m":{"M":{"n":{"L":[]}}}}})");
  const eddy::WireResponse r = eddy::Execute(db, op, body);
  if (r.http_status >= 500) std::abort();
  if (!nlohmann::json::accept(r.body)) std::abort();  // also checks UTF-8
  return 0;
}
