// Copyright 2026 The eddy Authors.
//
// The kayak-rental model's index patterns (first seed): one table, six sparse
// GSIs overloaded by several entity types, the inverted pair GSI2/GSI3 over
// materialized-graph relationship items. A handful of hand-written items, so
// every expected result can be read off the test.

#include <algorithm>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }

class KayakIndexTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CreateTableRequest r;
    r.table_name = "kayak";
    r.billing_mode = BillingMode::kPayPerRequest;
    r.key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}};
    r.attribute_definitions = {{"PK", ScalarAttributeType::kS},
                               {"SK", ScalarAttributeType::kS}};
    for (int i = 1; i <= 6; ++i) {
      const std::string n = std::to_string(i);
      r.attribute_definitions.push_back({"PK" + n, ScalarAttributeType::kS});
      r.attribute_definitions.push_back({"SK" + n, ScalarAttributeType::kS});
      GlobalSecondaryIndex g;
      g.index_name = "GSI" + n;
      g.key_schema = {{"PK" + n, KeyType::kHash}, {"SK" + n, KeyType::kRange}};
      g.projection.projection_type = ProjectionType::kAll;
      r.global_secondary_indexes.push_back(std::move(g));
    }
    ASSERT_THAT(db_.CreateTable(r), IsOk());

    for (const char* store : {"S1", "S2"}) {
      Put({{"PK", S(std::string("v1#store#storeULID#") + store)},
           {"SK", S("metadata")},
           {"entityType", S("storeMetadata")},
           {"PK1", S("v1#stores")},
           {"SK1", S(std::string("storeULID#") + store)}});
    }
    // Employment edges: P1 worked at S1 twice and at S2 once; P2 at S1.
    Employment("E1", "S1", "P1");
    Employment("E2", "S2", "P1");
    Employment("E3", "S1", "P1");
    Employment("E4", "S1", "P2");
    // Rental edges (location x, person y; inventory x, person y).
    Rental("R1", "S1", "P1", "K1");
    Rental("R2", "S2", "P1", "K2");
    Rental("R3", "S1", "P2", "K1");
    // Active rentals live in the store's collection, with GSI4.
    Put({{"PK", S("v1#store#storeULID#S1")},
         {"SK", S("activeRentals#personULID#P1#inventoryULID#K1")},
         {"entityType", S("storeActiveRental")},
         {"PK4", S("v1#activeRentals#personULID#P1")},
         {"SK4", S("inventoryULID#K1")}});
    Put({{"PK", S("v1#store#storeULID#S2")},
         {"SK", S("activeRentals#personULID#P1#inventoryULID#K2")},
         {"entityType", S("storeActiveRental")},
         {"PK4", S("v1#activeRentals#personULID#P1")},
         {"SK4", S("inventoryULID#K2")}});
  }

  void Put(Item item) {
    PutItemRequest p;
    p.table_name = "kayak";
    p.item = std::move(item);
    ASSERT_THAT(db_.PutItem(p), IsOk());
  }
  void Employment(const std::string& id, const std::string& x,
                  const std::string& y) {
    Put({{"PK", S("v1#employment#employmentULID#" + id)},
         {"SK", S("metadata")},
         {"entityType", S("employmentRelationship")},
         {"PK2", S("v1#employment#" + x)},
         {"SK2", S("v1#employment#" + y)},
         {"PK3", S("v1#employment#" + y)},
         {"SK3", S("v1#employment#" + x)}});
  }
  void Rental(const std::string& id, const std::string& store,
              const std::string& person, const std::string& inventory) {
    Put({{"PK", S("v1#rental#rentalULID#" + id)},
         {"SK", S("metadata")},
         {"entityType", S("rentalRelationship")},
         {"PK2", S("v1#rentalLocationPerson#" + store)},
         {"SK2", S("v1#rentalPersonLocation#" + person)},
         {"PK3", S("v1#rentalPersonLocation#" + person)},
         {"SK3", S("v1#rentalLocationPerson#" + store)},
         {"PK5", S("v1#rentalInventoryPerson#" + inventory)},
         {"SK5", S("v1#rentalPersonInventory#" + person)},
         {"PK6", S("v1#rentalPersonInventory#" + person)},
         {"SK6", S("v1#rentalInventoryPerson#" + inventory)}});
  }

  // The table PKs (sorted) a query returns.
  std::vector<std::string> Query(const std::string& index,
                                 const std::string& pk_value,
                                 const std::string& sk_value = "") {
    const std::string n = index.substr(3);
    QueryRequest q;
    q.table_name = "kayak";
    q.index_name = index;
    q.key_condition_expression = "PK" + n + " = :p";
    q.expression_attribute_values = AttributeMap{{":p", S(pk_value)}};
    if (!sk_value.empty()) {
      *q.key_condition_expression += " AND SK" + n + " = :s";
      q.expression_attribute_values->Set(":s", S(sk_value));
    }
    StatusOr<QueryResponse> page = db_.Query(q);
    EXPECT_THAT(page, IsOk());
    std::vector<std::string> out;
    if (!page.ok()) return out;
    for (const Item& item : page->items) out.push_back(item.Find("PK")->s());
    std::sort(out.begin(), out.end());
    return out;
  }

  Database db_;
};

TEST_F(KayakIndexTest, AllStoresThroughGsi1) {
  EXPECT_EQ(Query("GSI1", "v1#stores"),
            (std::vector<std::string>{"v1#store#storeULID#S1",
                                      "v1#store#storeULID#S2"}));
}

TEST_F(KayakIndexTest, EmploymentInBothDirectionsThroughTheInvertedPair) {
  // Pattern 4: everyone who has worked at S1 (P1 twice).
  EXPECT_EQ(Query("GSI2", "v1#employment#S1"),
            (std::vector<std::string>{"v1#employment#employmentULID#E1",
                                      "v1#employment#employmentULID#E3",
                                      "v1#employment#employmentULID#E4"}));
  // Pattern 5: every store P1 has worked at, with the repeat.
  EXPECT_EQ(Query("GSI3", "v1#employment#P1"),
            (std::vector<std::string>{"v1#employment#employmentULID#E1",
                                      "v1#employment#employmentULID#E2",
                                      "v1#employment#employmentULID#E3"}));
  // GSI2 and GSI3 hold the same edges, keys swapped.
  StatusOr<DescribeTableResponse> d = db_.DescribeTable({"kayak"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->table.global_secondary_indexes[1].item_count,
            7);  // 4 + 3 rentals
  EXPECT_EQ(d->table.global_secondary_indexes[2].item_count, 7);
}

TEST_F(KayakIndexTest, RentalsThroughGsi4Gsi3AndGsi5Gsi6) {
  // Pattern 6: P1's active rentals across stores.
  EXPECT_EQ(Query("GSI4", "v1#activeRentals#personULID#P1"),
            (std::vector<std::string>{"v1#store#storeULID#S1",
                                      "v1#store#storeULID#S2"}));
  // Pattern 7: P1's rental history at S1.
  EXPECT_EQ(
      Query("GSI3", "v1#rentalPersonLocation#P1", "v1#rentalLocationPerson#S1"),
      (std::vector<std::string>{"v1#rental#rentalULID#R1"}));
  // Pattern 8: P1's rental history everywhere.
  EXPECT_EQ(Query("GSI3", "v1#rentalPersonLocation#P1"),
            (std::vector<std::string>{"v1#rental#rentalULID#R1",
                                      "v1#rental#rentalULID#R2"}));
  // Inventory <-> person, both ways.
  EXPECT_EQ(Query("GSI5", "v1#rentalInventoryPerson#K1"),
            (std::vector<std::string>{"v1#rental#rentalULID#R1",
                                      "v1#rental#rentalULID#R3"}));
  EXPECT_EQ(Query("GSI6", "v1#rentalPersonInventory#P2"),
            (std::vector<std::string>{"v1#rental#rentalULID#R3"}));
}

TEST_F(KayakIndexTest, SparseIndexesHoldOnlyTheirEntities) {
  StatusOr<DescribeTableResponse> d = db_.DescribeTable({"kayak"});
  ASSERT_THAT(d, IsOk());
  const auto& g = d->table.global_secondary_indexes;
  EXPECT_EQ(d->table.item_count, 2 + 4 + 3 + 2);
  EXPECT_EQ(g[0].item_count, 2);  // GSI1: store metadata only
  EXPECT_EQ(g[3].item_count, 2);  // GSI4: active rentals only
  EXPECT_EQ(g[4].item_count, 3);  // GSI5: rental edges only
  EXPECT_EQ(g[5].item_count, 3);
  // Returning a rental removes it from GSI4 (the item is deleted).
  DeleteItemRequest del;
  del.table_name = "kayak";
  del.key = {{"PK", S("v1#store#storeULID#S1")},
             {"SK", S("activeRentals#personULID#P1#inventoryULID#K1")}};
  ASSERT_THAT(db_.DeleteItem(del), IsOk());
  EXPECT_EQ(Query("GSI4", "v1#activeRentals#personULID#P1"),
            (std::vector<std::string>{"v1#store#storeULID#S2"}));
}

}  // namespace
}  // namespace eddy
