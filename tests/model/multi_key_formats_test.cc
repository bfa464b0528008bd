// Copyright 2026 The eddy Authors.
//
// Converting a model with a multi-attribute GSI key to the formats that
// cannot hold one (an AWS MCP schema's gsi_list, a NoSQL Workbench model's
// KeyAttributes: one partition and one sort attribute each): the index and
// the patterns on it are left out with a warning that says so, and the
// result still loads.

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/formats/aws_schema.h"
#include "model/formats/convert.h"

namespace eddy::model {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

std::string Example() {
  std::ifstream in(std::string(EDDY_SOURCE_DIR) +
                   "/model/orders_multikey.json");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(MultiKeyConvert, ToAwsSchemaLeavesTheIndexOutWithAWarning) {
  ConvertOptions to;
  to.to = ModelFormat::kAwsSchema;
  std::vector<std::string> warnings;
  StatusOr<std::string> aws =
      ConvertModel(Example(), "orders", to, nullptr, &warnings);
  ASSERT_THAT(aws, IsOk());
  EXPECT_THAT(warnings,
              Contains(HasSubstr("index OrdersByTenantRegion has a "
                                 "multi-attribute key, which the schema's "
                                 "gsi_list cannot hold")));
  EXPECT_THAT(warnings,
              Contains(HasSubstr("whose multi-attribute key the schema "
                                 "cannot hold, and is not kept")));
  EXPECT_THAT(*aws, Not(HasSubstr("OrdersByTenantRegion")));
  // The table pattern is kept, and the schema loads back.
  StatusOr<std::vector<AwsSchemaTable>> back = LoadAwsSchema(*aws, "orders");
  ASSERT_THAT(back, IsOk());
  ASSERT_EQ(back->size(), 1u);
  EXPECT_EQ((*back)[0].model.executable_pattern_count(), 1);
}

TEST(MultiKeyConvert, ToWorkbenchLeavesTheIndexOutWithAWarning) {
  ConvertOptions to;
  to.to = ModelFormat::kWorkbench;
  std::vector<std::string> warnings;
  StatusOr<std::string> wb =
      ConvertModel(Example(), "orders", to, nullptr, &warnings);
  ASSERT_THAT(wb, IsOk());
  EXPECT_THAT(warnings,
              Contains(HasSubstr("index OrdersByTenantRegion has a "
                                 "multi-attribute key, which a Workbench "
                                 "model cannot hold")));
  EXPECT_THAT(*wb, Not(HasSubstr("GlobalSecondaryIndexes")));
  // The key attributes stay as the sample items' attributes.
  EXPECT_THAT(*wb, HasSubstr("\"createdAt\""));
  std::vector<ModelError> errors;
  StatusOr<std::vector<LoadedTable>> back =
      LoadAnyModel(*wb, "orders", &errors);
  EXPECT_THAT(back, IsOk());
}

TEST(MultiKeyConvert, ToSeedKeepsTheKeys) {
  ConvertOptions to;
  to.to = ModelFormat::kSeed;
  StatusOr<std::string> seed = ConvertModel(Example(), "orders", to);
  ASSERT_THAT(seed, IsOk());
  StatusOr<Model> m = LoadModel(*seed, "orders");
  ASSERT_THAT(m, IsOk());
  const IndexDefinition* g = m->table.FindIndex("OrdersByTenantRegion");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->partition_attributes.size(), 2u);
  EXPECT_EQ(g->sort_attributes.size(), 2u);
}

}  // namespace
}  // namespace eddy::model
