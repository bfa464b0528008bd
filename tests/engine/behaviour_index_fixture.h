// Copyright 2026 The eddy Authors.
//
// The secondary-index behaviour suites' fixture (behaviour_index_test.cc,
// behaviour_index_lifecycle_test.cc): a table "idx" with three GSIs and an
// LSI, created through the client under test (typed or JSON), and helpers to
// query and describe its indexes. Each suite derives its own fixture from
// IndexTest and instantiates it over both clients.

#ifndef EDDY_TESTS_ENGINE_BEHAVIOUR_INDEX_FIXTURE_H_
#define EDDY_TESTS_ENGINE_BEHAVIOUR_INDEX_FIXTURE_H_

#include <string>
#include <utility>
#include <vector>

#include "tests/engine/behaviour_fixture.h"

namespace eddy::testing_index {

inline constexpr char kInvalid[] =
    "One or more parameter values were invalid: ";

inline GlobalSecondaryIndex Gsi(std::string name, std::string pk,
                                std::string sk,
                                ProjectionType type = ProjectionType::kAll,
                                std::vector<std::string> include = {}) {
  GlobalSecondaryIndex g;
  g.index_name = std::move(name);
  g.key_schema = {{std::move(pk), KeyType::kHash}};
  if (!sk.empty()) g.key_schema.push_back({std::move(sk), KeyType::kRange});
  g.projection.projection_type = type;
  g.projection.non_key_attributes = std::move(include);
  return g;
}

class IndexTest : public BehaviourTest {
 protected:
  // "idx": pk/sk table; GSIs "byStatus" (status, created; ALL), "keys"
  // (ownerId; KEYS_ONLY), "incl" (ownerId, created; INCLUDE title); LSI
  // "byPrice" (pk, price; KEYS_ONLY).
  void SetUp() override {
    CreateTableRequest r;
    r.table_name = "idx";
    r.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
    r.attribute_definitions = {{"pk", ScalarAttributeType::kS},
                               {"sk", ScalarAttributeType::kS},
                               {"status", ScalarAttributeType::kS},
                               {"created", ScalarAttributeType::kN},
                               {"ownerId", ScalarAttributeType::kS},
                               {"price", ScalarAttributeType::kN}};
    r.billing_mode = BillingMode::kPayPerRequest;
    r.global_secondary_indexes = {
        Gsi("byStatus", "status", "created"),
        Gsi("keys", "ownerId", "", ProjectionType::kKeysOnly),
        Gsi("incl", "ownerId", "created", ProjectionType::kInclude, {"title"})};
    LocalSecondaryIndex l;
    l.index_name = "byPrice";
    l.key_schema = {{"pk", KeyType::kHash}, {"price", KeyType::kRange}};
    l.projection.projection_type = ProjectionType::kKeysOnly;
    r.local_secondary_indexes = {l};
    ASSERT_THAT(client_->CreateTable(r), IsOk());
  }

  StatusOr<QueryResponse> QueryIndex(const std::string& index,
                                     const std::string& condition,
                                     AttributeMap values) {
    QueryRequest q;
    q.table_name = "idx";
    q.index_name = index;
    q.key_condition_expression = condition;
    q.expression_attribute_values = std::move(values);
    return client_->Query(q);
  }

  // The sort keys (table "sk") of every entry an index query returns.
  std::vector<std::string> Sks(const StatusOr<QueryResponse>& page) {
    std::vector<std::string> out;
    if (!page.ok()) return out;
    for (const Item& item : page->items) out.push_back(item.Find("sk")->s());
    return out;
  }

  GlobalSecondaryIndexDescription DescribeGsi(const std::string& name) {
    StatusOr<DescribeTableResponse> d = client_->DescribeTable({"idx"});
    EXPECT_THAT(d, IsOk());
    for (const auto& g : d->table.global_secondary_indexes) {
      if (g.index_name == name) return g;
    }
    ADD_FAILURE() << "no index " << name;
    return {};
  }
};

}  // namespace eddy::testing_index

#endif  // EDDY_TESTS_ENGINE_BEHAVIOUR_INDEX_FIXTURE_H_
