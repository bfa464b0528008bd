// Copyright 2026 The eddy Authors.
//
// The README's C++ examples, compiled and run, so that they stay true.

#include "emulator/api/database.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

TEST(ReadmeExample, TableIndexConditionQueryAndFault) {
  eddy::ManualClock clock;
  eddy::Options options;
  options.clock = &clock;
  eddy::Database db(options);

  eddy::CreateTableRequest create;
  create.table_name = "rentals";
  create.key_schema = {{"PK", eddy::KeyType::kHash},
                       {"SK", eddy::KeyType::kRange}};
  create.attribute_definitions = {{"PK", eddy::ScalarAttributeType::kS},
                                  {"SK", eddy::ScalarAttributeType::kS},
                                  {"GSI1PK", eddy::ScalarAttributeType::kS}};
  create.billing_mode = eddy::BillingMode::kPayPerRequest;
  eddy::GlobalSecondaryIndex gsi;
  gsi.index_name = "GSI1";
  gsi.key_schema = {{"GSI1PK", eddy::KeyType::kHash}};
  gsi.projection.projection_type = eddy::ProjectionType::kKeysOnly;
  create.global_secondary_indexes = {gsi};
  EXPECT_TRUE(db.CreateTable(create).ok());

  eddy::PutItemRequest put{
      .table_name = "rentals",
      .item = {{"PK", eddy::AttributeValue::S("store#1")},
               {"SK", eddy::AttributeValue::S("kayak#7")},
               {"GSI1PK", eddy::AttributeValue::S("available")}}};
  put.condition_expression = "attribute_not_exists(PK)";
  EXPECT_TRUE(db.PutItem(put).ok());
  EXPECT_EQ(db.PutItem(put).status().code(),
            eddy::ErrorCode::kConditionalCheckFailed);

  eddy::QueryRequest query{
      .table_name = "rentals",
      .key_condition_expression = "PK = :s AND begins_with(SK, :k)",
      .expression_attribute_values =
          eddy::AttributeMap{{":s", eddy::AttributeValue::S("store#1")},
                             {":k", eddy::AttributeValue::S("kayak#")}},
      .return_consumed_capacity = eddy::ReturnConsumedCapacity::kTotal};
  eddy::StatusOr<eddy::QueryResponse> page = db.Query(query);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(page->items.size(), 1u);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
  EXPECT_EQ(page->consumed_capacity->capacity_units, 0.5);

  eddy::Fault f;
  f.kind = eddy::Fault::Kind::kProvisionedThroughputExceeded;
  f.operation = "PutItem";
  f.table_name = "rentals";
  f.key = eddy::Item{{"PK", eddy::AttributeValue::S("store#1")}};
  f.count = 2;
  db.InjectFault(f);
  put.condition_expression.reset();
  EXPECT_EQ(db.PutItem(put).status().code(),
            eddy::ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_EQ(db.PutItem(put).status().code(),
            eddy::ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_TRUE(db.PutItem(put).ok());
}

}  // namespace
}  // namespace eddy
