// Copyright 2026 The eddy Authors.
//
// Shared pieces of the DynamoDB Streams tests: a Database on a ManualClock
// and small helpers for items and writes.

#ifndef EDDY_TESTS_ENGINE_STREAMS_TESTING_H_
#define EDDY_TESTS_ENGINE_STREAMS_TESTING_H_

#include <string>
#include <utility>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/streams_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/testing/status_matchers.h"

namespace eddy::streams_testing {

inline AttributeValue S(std::string s) {
  return AttributeValue::S(std::move(s));
}
inline AttributeValue N(int64_t n) { return AttributeValue::N(n); }

// A table `name` keyed by "pk" (S), optionally "sk" (S), with a stream of
// `view` (none when nullopt). Provisioned with 5/5 units it has one
// partition (so one open shard); on-demand it has four.
inline CreateTableRequest TableRequest(const std::string& name,
                                       std::optional<StreamViewType> view,
                                       bool on_demand = false,
                                       bool sort_key = false) {
  CreateTableRequest r;
  r.table_name = name;
  r.key_schema = {{"pk", KeyType::kHash}};
  r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  if (sort_key) {
    r.key_schema.push_back({"sk", KeyType::kRange});
    r.attribute_definitions.push_back({"sk", ScalarAttributeType::kS});
  }
  if (on_demand) {
    r.billing_mode = BillingMode::kPayPerRequest;
  } else {
    r.provisioned_throughput = ProvisionedThroughput{5, 5};
  }
  if (view) {
    r.stream_specification =
        StreamSpecification{.stream_enabled = true, .stream_view_type = view};
  }
  return r;
}

class StreamsTest : public ::testing::Test {
 protected:
  static constexpr int64_t kStart = 1'700'000'000'000'000;
  // `options` without its clock (the fixture's ManualClock is used).
  explicit StreamsTest(Options options = Options())
      : clock_(kStart), db_(WithClock(std::move(options))) {}
  Options WithClock(Options o) {
    o.clock = &clock_;
    return o;
  }
  std::string Create(const CreateTableRequest& r) {
    StatusOr<CreateTableResponse> c = db_.CreateTable(r);
    EXPECT_THAT(c, IsOk());
    if (!c.ok()) return "";
    return c->table_description.latest_stream_arn.value_or("");
  }
  void Put(const std::string& table, Item item) {
    PutItemRequest r;
    r.table_name = table;
    r.item = std::move(item);
    ASSERT_THAT(db_.PutItem(r), IsOk());
  }
  void Delete(const std::string& table, Item key) {
    DeleteItemRequest r;
    r.table_name = table;
    r.key = std::move(key);
    ASSERT_THAT(db_.DeleteItem(r), IsOk());
  }
  std::vector<Shard> Shards(const std::string& arn) {
    StatusOr<std::vector<Shard>> s = eddy::internal::ListShards(db_, arn);
    EXPECT_THAT(s, IsOk());
    return s.ok() ? *s : std::vector<Shard>{};
  }

  ManualClock clock_;
  Database db_;
};

}  // namespace eddy::streams_testing

#endif  // EDDY_TESTS_ENGINE_STREAMS_TESTING_H_
