// Copyright 2026 The eddy Authors.
//
// The plan cache (internal/plan_cache.h): PlanStatement with the cache gives
// exactly the answer it gives without (plan or error), for generated
// parameters of every type on statements with and without parameter slots;
// a table re-created with another key, or gone, is noticed; the cache stays
// correct past its bound and from several threads.

#include "emulator/partiql/internal/plan_cache.h"

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "emulator/partiql/partiql.h"
#include "emulator/testing/status_matchers.h"
#include "gtest/gtest.h"

namespace eddy::partiql {
namespace {

using partiql::internal::kMaxCachedPlans;
using partiql::internal::SetPlanCacheEnabled;

TableSchema Table(std::string name, ScalarAttributeType pk,
                  std::optional<ScalarAttributeType> sk) {
  TableSchema t;
  t.table_name = std::move(name);
  t.key.hash = KeyAttribute{"pk", pk};
  if (sk) t.key.range = KeyAttribute{"sk", *sk};
  return t;
}

// The answer as text: the plan's dump or the error.
std::string Answer(const StatusOr<Plan>& plan) {
  if (!plan.ok()) return "error: " + plan.status().ToString();
  return FormatPlan(*plan);
}

std::string PlanBoth(const std::string& text,
                     const std::vector<AttributeValue>& params,
                     const SchemaLookup& schemas, const PlanOptions& options,
                     std::string* uncached) {
  SetPlanCacheEnabled(false);
  *uncached = Answer(PlanStatement(text, params, schemas, options));
  SetPlanCacheEnabled(true);
  return Answer(PlanStatement(text, params, schemas, options));
}

AttributeValue RandomValue(std::mt19937& rng) {
  const int n = static_cast<int>(rng() % 100);
  switch (rng() % 8) {
    case 0:
    case 1:
    case 2:
      return AttributeValue::S("s" + std::to_string(n));
    case 3:
    case 4:
      return AttributeValue::N(n);
    case 5:
      return AttributeValue::B("b" + std::to_string(n));
    case 6:
      return AttributeValue::Bool(n % 2 == 0);
    default:
      return AttributeValue::L({AttributeValue::N(n)});
  }
}

TEST(PlanCacheTest, CachedAnswersAreThePlannersAnswers) {
  MapSchemaLookup schemas;
  schemas.Add(Table("Tb2", ScalarAttributeType::kS, ScalarAttributeType::kN));
  schemas.Add(Table("Tb1", ScalarAttributeType::kS, std::nullopt));
  const std::vector<std::string> statements = {
      "SELECT * FROM \"Tb2\" WHERE pk = ? AND sk = ?",
      "SELECT a, b.c FROM \"Tb2\" WHERE ? = sk AND \"pk\" = ?",
      "SELECT * FROM \"Tb1\" WHERE pk = ?",
      "SELECT * FROM \"Tb2\" WHERE pk = ?",  // a Query: no slots
      "SELECT * FROM \"Tb2\" WHERE pk = ? AND sk = ? AND a = ?",
      "SELECT * FROM \"Tb1\" WHERE pk = ? AND pk = ?",
      "DELETE FROM \"Tb2\" WHERE pk = ? AND sk = ?",
      "DELETE FROM \"Tb2\" WHERE pk = ? AND sk = ? RETURNING ALL OLD *",
      "DELETE FROM \"Tb1\" WHERE pk = ? AND a = ?",
      "INSERT INTO \"Tb2\" VALUE {'pk': ?, 'sk': ?, 'a': ?, 'b': 1}",
      "INSERT INTO \"Tb1\" VALUE {'pk': ?, 'a': [?]}",
      "INSERT INTO \"Tb1\" VALUE {'pk': ?, 'pk': ?}",
      "UPDATE \"Tb2\" SET a = ? WHERE pk = ? AND sk = ?",
      "SELECT * FROM \"Missing\" WHERE pk = ?",
  };
  std::mt19937 rng(19);
  int compared = 0, planned = 0;
  for (int round = 0; round < 40; ++round) {
    for (const std::string& text : statements) {
      StatusOr<ParsedStatement> parsed = ParseStatement(text);
      ASSERT_THAT(parsed, IsOk()) << text;
      std::vector<AttributeValue> params;
      for (int64_t i = 0; i < parsed->parameter_count; ++i) {
        params.push_back(RandomValue(rng));
      }
      PlanOptions options;
      options.consistent_read = round % 3 == 0;
      if (round % 5 == 0) {
        options.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
      }
      std::string uncached;
      EXPECT_EQ(PlanBoth(text, params, schemas, options, &uncached), uncached)
          << text;
      ++compared;
      if (uncached.rfind("error: ", 0) != 0) ++planned;
    }
  }
  EXPECT_EQ(compared, 40 * static_cast<int>(statements.size()));
  EXPECT_GT(planned, compared / 4);  // not only errors
}

TEST(PlanCacheTest, BindsEachCallsParameters) {
  MapSchemaLookup schemas;
  schemas.Add(Table("Tb2", ScalarAttributeType::kS, ScalarAttributeType::kN));
  const std::string text = "SELECT * FROM \"Tb2\" WHERE pk = ? AND sk = ?";
  for (int i = 0; i < 5; ++i) {
    const std::vector<AttributeValue> params = {
        AttributeValue::S("p" + std::to_string(i)), AttributeValue::N(i)};
    StatusOr<Plan> plan = PlanStatement(text, params, schemas);
    ASSERT_THAT(plan, IsOk());
    ASSERT_EQ(plan->operation, PlanOperation::kGetItem);
    EXPECT_EQ(*plan->get_item->key.Find("pk"), params[0]);
    EXPECT_EQ(*plan->get_item->key.Find("sk"), params[1]);
  }
  const std::string insert = "INSERT INTO \"Tb2\" VALUE {'pk': ?, 'sk': ?}";
  for (int i = 0; i < 3; ++i) {
    const std::vector<AttributeValue> params = {
        AttributeValue::S("p" + std::to_string(i)), AttributeValue::N(i)};
    StatusOr<Plan> plan = PlanStatement(insert, params, schemas);
    ASSERT_THAT(plan, IsOk());
    EXPECT_EQ(plan->put_item->item,
              (Item{{"pk", params[0]}, {"sk", params[1]}}));
  }
}

TEST(PlanCacheTest, TableRecreatedWithAnotherKeyIsNoticed) {
  const std::string text = "SELECT * FROM \"Tab\" WHERE pk = ?";
  const std::vector<AttributeValue> params = {AttributeValue::S("a")};
  MapSchemaLookup before;
  before.Add(Table("Tab", ScalarAttributeType::kS, std::nullopt));
  ASSERT_EQ(PlanStatement(text, params, before)->operation,
            PlanOperation::kGetItem);
  ASSERT_EQ(PlanStatement(text, params, before)->operation,
            PlanOperation::kGetItem);

  // Same key name, another type: the planner's type error.
  MapSchemaLookup retyped;
  retyped.Add(Table("Tab", ScalarAttributeType::kN, std::nullopt));
  EXPECT_THAT(PlanStatement(text, params, retyped),
              StatusIsExactly(ErrorCode::kValidation,
                              "Key attribute's data type should match its "
                              "data type in table's schema: Key pk"));
  // A sort key added: the SELECT is a Query now.
  MapSchemaLookup ranged;
  ranged.Add(Table("Tab", ScalarAttributeType::kS, ScalarAttributeType::kS));
  EXPECT_EQ(PlanStatement(text, params, ranged)->operation,
            PlanOperation::kQuery);
  // Gone.
  MapSchemaLookup none;
  EXPECT_THAT(PlanStatement(text, params, none),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
  EXPECT_EQ(PlanStatement(text, params, before)->operation,
            PlanOperation::kGetItem);
}

TEST(PlanCacheTest, CorrectPastItsBound) {
  MapSchemaLookup schemas;
  schemas.Add(Table("Tb1", ScalarAttributeType::kS, std::nullopt));
  for (size_t i = 0; i < kMaxCachedPlans * 2 + 3; ++i) {
    // Distinct texts (the projection differs), each planned twice.
    const std::string text =
        "SELECT a" + std::to_string(i) + " FROM \"Tb1\" WHERE pk = ?";
    for (int call = 0; call < 2; ++call) {
      const std::vector<AttributeValue> params = {
          AttributeValue::S(std::to_string(i * 2 + call))};
      StatusOr<Plan> plan = PlanStatement(text, params, schemas);
      ASSERT_THAT(plan, IsOk());
      EXPECT_EQ(*plan->get_item->key.Find("pk"), params[0]);
    }
  }
}

TEST(PlanCacheTest, ManyThreadsBindTheirOwnParameters) {
  MapSchemaLookup schemas;
  schemas.Add(Table("Tb2", ScalarAttributeType::kS, ScalarAttributeType::kN));
  const std::string text = "SELECT * FROM \"Tb2\" WHERE pk = ? AND sk = ?";
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        const std::vector<AttributeValue> params = {
            AttributeValue::S("t" + std::to_string(t)), AttributeValue::N(i)};
        StatusOr<Plan> plan = PlanStatement(text, params, schemas);
        if (!plan.ok() || !(*plan->get_item->key.Find("pk") == params[0]) ||
            !(*plan->get_item->key.Find("sk") == params[1])) {
          ++wrong[t];
        }
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace eddy::partiql
