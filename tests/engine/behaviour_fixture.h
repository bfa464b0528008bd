// Copyright 2026 The eddy Authors.
//
// The fixture of the behaviour suites: one Database on a manual clock and a
// Client over it, typed or JSON (the test parameter). Suites using it are
// instantiated over both kinds, so every case runs through both APIs.

#ifndef EDDY_TESTS_ENGINE_BEHAVIOUR_FIXTURE_H_
#define EDDY_TESTS_ENGINE_BEHAVIOUR_FIXTURE_H_

#include <memory>
#include <optional>
#include <string>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/engine/wire_client.h"

namespace eddy {

using testing_wire::Client;
using testing_wire::ClientKind;
using testing_wire::MakeClient;

inline AttributeValue S(std::string s) {
  return AttributeValue::S(std::move(s));
}
inline AttributeValue N(int64_t n) { return AttributeValue::N(n); }

class BehaviourTest : public ::testing::TestWithParam<ClientKind> {
 protected:
  BehaviourTest()
      : clock_(1'700'000'000'000'000),
        db_(MakeOptions()),
        client_(MakeClient(GetParam(), &db_)) {}
  Options MakeOptions() {
    Options o;
    o.clock = &clock_;
    return o;
  }

  void CreateHashRangeTable(
      const std::string& name,
      ScalarAttributeType sk_type = ScalarAttributeType::kS) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", sk_type}};
    r.billing_mode = BillingMode::kPayPerRequest;
    ASSERT_THAT(client_->CreateTable(r), IsOk());
  }
  void CreateHashTable(const std::string& name) {
    CreateTableRequest r;
    r.table_name = name;
    r.key_schema = {{"pk", KeyType::kHash}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
    r.provisioned_throughput = ProvisionedThroughput{5, 5};
    ASSERT_THAT(client_->CreateTable(r), IsOk());
  }
  StatusOr<PutItemResponse> Put(const std::string& table, Item item) {
    PutItemRequest r;
    r.table_name = table;
    r.item = std::move(item);
    return client_->PutItem(r);
  }
  std::optional<Item> Get(const std::string& table, Item key) {
    GetItemRequest r;
    r.table_name = table;
    r.key = std::move(key);
    StatusOr<GetItemResponse> resp = client_->GetItem(r);
    EXPECT_THAT(resp, IsOk());
    return resp.ok() ? resp->item : std::nullopt;
  }

  ManualClock clock_;
  Database db_;
  std::unique_ptr<Client> client_;
};

inline std::string KindName(const ::testing::TestParamInfo<ClientKind>& info) {
  return info.param == ClientKind::kTyped ? "Typed" : "Json";
}

}  // namespace eddy

#endif  // EDDY_TESTS_ENGINE_BEHAVIOUR_FIXTURE_H_
