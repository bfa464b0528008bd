// Copyright 2026 The eddy Authors.
//
// ParseCached (internal/parse_cache.h): the memoized parse is the parse, a
// cached statement planned with new parameters binds the new ones, errors
// are not cached, and the cache stays correct past its bound.

#include "emulator/partiql/internal/parse_cache.h"

#include <memory>
#include <string>
#include <vector>

#include "emulator/partiql/partiql.h"
#include "emulator/testing/status_matchers.h"
#include "gtest/gtest.h"

namespace eddy::partiql {
namespace {

using partiql::internal::kMaxCachedStatementLength;
using partiql::internal::kMaxCachedStatements;
using partiql::internal::ParseCached;

const MapSchemaLookup& Schemas() {
  static const MapSchemaLookup* schemas = [] {
    auto* s = new MapSchemaLookup();
    TableSchema t;
    t.table_name = "Tbl";
    t.key = {KeyAttribute{"pk", ScalarAttributeType::kS}};
    s->Add(t);
    return s;
  }();
  return *schemas;
}

TEST(ParseCacheTest, SameTextSameParse) {
  const std::string text = "SELECT * FROM \"Tbl\" WHERE pk = ? AND a > 1";
  StatusOr<std::shared_ptr<const ParsedStatement>> first = ParseCached(text);
  StatusOr<std::shared_ptr<const ParsedStatement>> second = ParseCached(text);
  ASSERT_THAT(first, IsOk());
  ASSERT_THAT(second, IsOk());
  EXPECT_EQ(first->get(), second->get());  // one shared parse
  StatusOr<ParsedStatement> fresh = ParseStatement(text);
  ASSERT_THAT(fresh, IsOk());
  EXPECT_EQ((*first)->parameter_count, fresh->parameter_count);
  EXPECT_EQ(KindOf(**first), KindOf(*fresh));
}

TEST(ParseCacheTest, CachedStatementBindsNewParameters) {
  const std::string text = "SELECT * FROM \"Tbl\" WHERE pk = ?";
  for (const char* key : {"a", "b", "c"}) {
    const std::vector<AttributeValue> params = {AttributeValue::S(key)};
    StatusOr<Plan> plan = PlanStatement(text, params, Schemas());
    ASSERT_THAT(plan, IsOk());
    ASSERT_EQ(plan->operation, PlanOperation::kGetItem);
    EXPECT_EQ(*plan->get_item->key.Find("pk"), AttributeValue::S(key));
  }
  // The wrong number of parameters is still the planner's error.
  EXPECT_THAT(PlanStatement(text, {}, Schemas()),
              StatusIsExactly(ErrorCode::kValidation,
                              "Number of parameters in request and statement "
                              "don't match."));
}

TEST(ParseCacheTest, ErrorsAreReturnedEveryTime) {
  for (int i = 0; i < 2; ++i) {
    EXPECT_THAT(ParseCached("SELEC * FROM \"Tbl\""),
                StatusIs(ErrorCode::kValidation,
                         "Statement wasn't well formed, can't be processed"));
  }
}

TEST(ParseCacheTest, StaysCorrectPastItsBounds) {
  // More distinct statements than the cache holds, then each again.
  const int n = static_cast<int>(kMaxCachedStatements) + 50;
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < n; ++i) {
      const std::string text =
          "SELECT * FROM \"Tbl\" WHERE pk = 'k" + std::to_string(i) + "'";
      StatusOr<Plan> plan = PlanStatement(text, {}, Schemas());
      ASSERT_THAT(plan, IsOk());
      EXPECT_EQ(*plan->get_item->key.Find("pk"),
                AttributeValue::S("k" + std::to_string(i)));
    }
  }
  // A statement longer than the cached length is parsed, not kept.
  std::string text = "SELECT * FROM \"Tbl\" WHERE pk = '";
  text.append(kMaxCachedStatementLength, 'x');
  text += "'";
  StatusOr<Plan> plan = PlanStatement(text, {}, Schemas());
  ASSERT_THAT(plan, IsOk());
  EXPECT_EQ(plan->get_item->key.Find("pk")->s().size(),
            kMaxCachedStatementLength);
}

}  // namespace
}  // namespace eddy::partiql
