// Copyright 2026 The eddy Authors.
//
// The scenario document format (model/lab/scenario.h): every shipped
// scenario loads, and mistakes are reported at their JSON pointer.

#include <filesystem>
#include <string>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/report.h"
#include "model/lab/scenario.h"

namespace eddy::lab {
namespace {

TEST(ScenarioFormatTest, EveryShippedScenarioLoads) {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(
           std::string(EDDY_SOURCE_DIR) + "/model/scenarios")) {
    if (e.path().extension() != ".json") continue;
    SCOPED_TRACE(e.path().string());
    StatusOr<Scenario> s = LoadScenarioFile(e.path().string());
    ASSERT_THAT(s, IsOk());
    EXPECT_EQ(s->name, e.path().stem().string());
    EXPECT_FALSE(s->description.empty());
    EXPECT_FALSE(s->expect.empty());
    ++n;
  }
  // The 12 of §9, the kayak traffic mix, the stream shards, the
  // remedies' example (hot_read), the two migrations, the online GSI and
  // the one-day, 1,000-partition scenario (issue 24 item 4).
  EXPECT_EQ(n, 19);
}

TEST(ScenarioFormatTest, MistakesNameTheirMember) {
  const std::string base =
      R"({"table": {"name": "tbl", "partitionKey": "pk"},
          "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 10}]}]})";
  EXPECT_THAT(ParseScenario(base), IsOk());
  struct Case {
    std::string json, message;
  };
  const Case cases[] = {
      {"{", "(document): not valid JSON"},
      {std::string(100000, '{'),
       "(document): nested more than 256 levels deep"},
      {R"({"streams": []})", "/table: is required"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk", "billingMode": "X"},
           "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/table/billingMode: must be PAY_PER_REQUEST or PROVISIONED"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk", "streamViewType": "ALL"},
           "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/table/streamViewType: must be KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or "
       "NEW_AND_OLD_IMAGES"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk"},
           "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": -1}]}]})",
       "/streams/0/rate/0/perSecond: must be a number from 0 to"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk"},
           "streams": [{"name": "w", "keys": {"distribtion": "zipf"},
                        "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/streams/0/keys/distribtion: unknown member"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk"},
           "streams": [{"name": "w", "operation": "Scan",
                        "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/streams/0/operation: must be PutItem"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk"},
           "simulator": {"splitThreshold": 2},
           "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/simulator/splitThreshold: must be a number from 0.01 to 1"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk",
                     "billingMode": "PROVISIONED", "readCapacityUnits": 5,
                     "writeCapacityUnits": 5, "maxWriteRequestUnits": 10},
           "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/table: maxReadRequestUnits and maxWriteRequestUnits are for "
       "PAY_PER_REQUEST tables"},
      {R"({"table": {"name": "tbl", "partitionKey": "pk",
                     "maxReadRequestUnits": 0},
           "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 1}]}]})",
       "/table/maxReadRequestUnits: must be an integer from 1 to 40000"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.json);
    EXPECT_THAT(ParseScenario(c.json),
                StatusIs(ErrorCode::kValidation, c.message));
  }
}

// An on-demand maximum (table or GSI) caps what the scenario's table takes.
TEST(ScenarioFormatTest, MaxOnDemandThroughputCapsTheTable) {
  StatusOr<Scenario> s = ParseScenario(
      R"({"name": "capped", "durationSeconds": 10,
          "table": {"name": "tbl", "partitionKey": "pk",
                    "maxWriteRequestUnits": 100,
                    "globalSecondaryIndexes": [{"name": "byG",
                        "partitionKey": "g", "maxReadRequestUnits": 5,
                        "maxWriteRequestUnits": 6}]},
          "streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 300}]}]})");
  ASSERT_THAT(s, IsOk());
  EXPECT_EQ(s->table.max_write_request_units, 100);
  EXPECT_EQ(s->table.global_secondary_indexes[0].max_write_request_units, 6);
  StatusOr<ScenarioResult> r = RunScenario(*s);
  ASSERT_THAT(r, IsOk());
  EXPECT_NEAR(r->AcceptedPerSecond(2, 10), 100, 2);
  EXPECT_NEAR(r->ThrottledPerSecond(2, 10), 200, 2);
  EXPECT_GT(r->reasons.at(
                "ThrottlingException: TableWriteMaxOnDemandThroughputExceeded "
                "(tbl)"),
            0);
}

TEST(ScenarioFormatTest, HtmlReportIsSelfContained) {
  StatusOr<Scenario> s = ParseScenario(
      R"({"name": "tiny", "durationSeconds": 5,
          "table": {"name": "tbl", "partitionKey": "pk"},
          "streams": [{"name": "w", "keys": {"distribution": "hotKey"},
                       "rate": [{"atSecond": 0, "perSecond": 1500}]}]})");
  ASSERT_THAT(s, IsOk());
  StatusOr<ScenarioResult> r = RunScenario(*s);
  ASSERT_THAT(r, IsOk());
  const std::string html = RenderHtml(*r);
  EXPECT_THAT(html, ::testing::StartsWith("<!DOCTYPE html>"));
  EXPECT_THAT(html, ::testing::HasSubstr("<svg"));
  EXPECT_THAT(html, ::testing::HasSubstr("Partitions × time: table tbl"));
  // Nothing is fetched: no scripts, no external references.
  EXPECT_THAT(html, ::testing::Not(::testing::HasSubstr("<script")));
  EXPECT_THAT(html, ::testing::Not(::testing::HasSubstr("src=")));
  EXPECT_THAT(html, ::testing::Not(::testing::HasSubstr("href=")));
  EXPECT_THAT(html, ::testing::Not(::testing::HasSubstr("url(")));
}

}  // namespace
}  // namespace eddy::lab
