// Copyright 2026 The eddy Authors.
//
// The table and items both eddy-server benchmarks (server_bench.cc,
// server_load.cc) load before they measure, so that their figures are of the
// same workload: table "bench" (pk, sk: strings, on demand), kGetItems items
// "item#<n>"/"0" for GetItem and PutItem, and one partition "query#0" of
// kQueryItems items for the Query. Each benchmark sends the requests with its
// own client through `call(operation, body)`, which returns true on a 200.
//
// Thread safety: plain functions of their arguments.

#ifndef EDDY_BENCH_SERVER_WORKLOAD_H_
#define EDDY_BENCH_SERVER_WORKLOAD_H_

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>

namespace eddy::bench {

inline constexpr int kGetItems = 10'000;
inline constexpr int kQueryItems = 40;

// A ~200-byte item, like a typical small DynamoDB record.
inline std::string ItemJson(const std::string& pk, const std::string& sk) {
  return R"({"pk":{"S":")" + pk + R"("},"sk":{"S":")" + sk +
         R"("},"model":{"S":"Sea Eagle 370 Pro, tandem"},)"
         R"("price":{"N":"79.99"},"capacity":{"N":"3"},"available":{"BOOL":true},)"
         R"("notes":{"S":"Rinse with fresh water after each rental."}})";
}

using CallFn =
    std::function<bool(const char* operation, const std::string& body)>;

// Items item_of(0) .. item_of(count - 1), 25 per BatchWriteItem.
inline bool PutItems(const CallFn& call,
                     const std::function<std::string(int)>& item_of,
                     int count) {
  for (int start = 0; start < count; start += 25) {
    std::string body = R"({"RequestItems":{"bench":[)";
    for (int i = start; i < std::min(count, start + 25); ++i) {
      if (i > start) body += ",";
      body += R"({"PutRequest":{"Item":)" + item_of(i) + "}}";
    }
    body += "]}}";
    if (!call("BatchWriteItem", body)) return false;
  }
  return true;
}

// Creates table "bench" and loads the GetItem and Query items.
inline bool CreateAndLoadBenchTable(const CallFn& call) {
  if (!call(
          "CreateTable",
          R"({"TableName":"bench","BillingMode":"PAY_PER_REQUEST",)"
          R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
          R"({"AttributeName":"sk","KeyType":"RANGE"}],)"
          R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},)"
          R"({"AttributeName":"sk","AttributeType":"S"}]})")) {
    return false;
  }
  return PutItems(
             call,
             [](int i) { return ItemJson("item#" + std::to_string(i), "0"); },
             kGetItems) &&
         PutItems(
             call,
             [](int i) {
               char sk[16];
               std::snprintf(sk, sizeof(sk), "%04d", i);
               return ItemJson("query#0", sk);
             },
             kQueryItems);
}

}  // namespace eddy::bench

#endif  // EDDY_BENCH_SERVER_WORKLOAD_H_
