// Copyright 2026 The eddy Authors.
//
// Issue 24, item 4: the one-day, 1,000-partition scenario
// (model/scenarios/one_day_1000_partitions.json) and what long runs change in
// the lab: series folded into minutes (model/lab/series_buckets.h), exact
// sums, the same bytes for the same input. The full day runs in the
// benchmark (bench/lab_scale_bench.cc); here the day is compressed to an
// hour (every rate point and update at 1/24 of its second) at a small
// scale, and the folding path runs on a light scenario just past six hours.

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/lab/report.h"
#include "model/lab/scenario.h"
#include "model/lab/series_buckets.h"

namespace eddy::lab {
namespace {

Scenario OneDay() {
  StatusOr<Scenario> s =
      LoadScenarioFile(std::string(EDDY_SOURCE_DIR) +
                       "/model/scenarios/one_day_1000_partitions.json");
  EXPECT_THAT(s, IsOk());
  return s.ok() ? *std::move(s) : Scenario{};
}

// The day in `seconds`: every moment of the scenario at seconds / 86,400 of
// its place.
Scenario Compressed(Scenario s, int64_t seconds) {
  const int64_t day = s.duration_seconds;
  s.duration_seconds = seconds;
  for (TableUpdate& u : s.updates) u.at_second = u.at_second * seconds / day;
  for (Stream& st : s.streams) {
    for (RatePoint& p : st.rate) p.at_second = p.at_second * seconds / day;
  }
  return s;
}

int64_t Reason(const ScenarioResult& r, const std::string& key) {
  auto it = r.reasons.find(key);
  return it == r.reasons.end() ? 0 : it->second;
}

TEST(LongRunTest, OneDayScenarioCompressedToAnHour) {
  const Scenario day = OneDay();
  ASSERT_EQ(day.duration_seconds, 86'400);
  ASSERT_EQ(day.streams.size(), 2u);
  // At 0.002 of the rates a partition takes 2 WCU/s and 6 RCU/s, and the
  // provisioned throughput keeps the partition counts of the full scale.
  StatusOr<ScenarioResult> r =
      RunScenario(Compressed(day, 3600), {.rate_scale = 0.002});
  ASSERT_THAT(r, IsOk());
  const ResourceResult* t = r->Resource("");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->series_bucket_seconds, 1);  // an hour: per second
  EXPECT_EQ(t->partitions_at_start, 125);  // 150,000 RCU / 75,000 WCU
  EXPECT_EQ(t->partitions_at_end, 1000);   // 1,200,000 RCU / 600,000 WCU
  EXPECT_EQ(t->counters.splits_for_heat, 0);
  // The hot set: key#0 (about 7% of the writes) is the most throttled key,
  // on its partition's cap, never on the table's throughput.
  ASSERT_FALSE(t->top_throttled.empty());
  EXPECT_EQ(t->top_throttled[0].partition_key, "key#0");
  EXPECT_GT(Reason(*r,
                   "ProvisionedThroughputExceededException: "
                   "TableWriteKeyRangeThroughputExceeded (events)"),
            0);
  for (const auto& [reason, count] : r->reasons) {
    EXPECT_THAT(reason, testing::HasSubstr("KeyRange")) << count;
  }
  // Most requests succeed: 1,000 partitions serve 100,000 requests/s.
  EXPECT_GT(r->total.accepted, r->total.offered * 9 / 10);
}

TEST(LongRunTest, FoldSeriesSumsEachBucket) {
  std::vector<ThrottleSecond> s(3);
  for (int i = 0; i < 3; ++i) {
    s[i].second = 100 + i;
    s[i].partition_count = 2 + i;
    s[i].consumed_write = 10 * (i + 1);
    s[i].throttled_write_by_limit[0] = i;
    s[i].partitions.push_back(
        PartitionSecond{.partition_id = 7 - i, .consumed_write = 10 * (i + 1)});
    s[i].partitions.push_back(
        PartitionSecond{.partition_id = 7, .consumed_read = 1});
  }
  s[0].partitions.pop_back();  // partition 7 once in second 100
  std::vector<ThrottleSecond> out;
  internal::FoldSeries(s, /*origin=*/100, /*bucket=*/2, &out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].second, 100);
  EXPECT_EQ(out[0].partition_count, 3);
  EXPECT_EQ(out[0].consumed_write, 30);
  EXPECT_EQ(out[0].throttled_write_by_limit[0], 1);
  ASSERT_EQ(out[0].partitions.size(), 2u);  // 7, then 6: first appearance
  EXPECT_EQ(out[0].partitions[0].partition_id, 7);
  EXPECT_EQ(out[0].partitions[0].consumed_write, 10);
  EXPECT_EQ(out[0].partitions[0].consumed_read, 1);
  EXPECT_EQ(out[0].partitions[1].partition_id, 6);
  EXPECT_EQ(out[1].second, 102);
  EXPECT_EQ(out[1].consumed_write, 30);
  // A later call continues the last bucket.
  std::vector<ThrottleSecond> more(1);
  more[0].second = 103;
  more[0].consumed_write = 5;
  internal::FoldSeries(more, 100, 2, &out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].consumed_write, 35);
}

// Past six hours the series are folded into minutes as the run goes: the
// sums are exact (they add up to the counters) and the same input gives the
// same bytes.
TEST(LongRunTest, LongRunFoldsSeriesIntoMinutes) {
  Scenario s = OneDay();
  s.duration_seconds = internal::kPerSecondSeriesLimit + 300;
  for (Stream& st : s.streams) {
    st.rate = {{.at_second = 0, .per_second = 1000}};
  }
  const RunOptions options{.rate_scale = 0.001};
  StatusOr<ScenarioResult> a = RunScenario(s, options);
  ASSERT_THAT(a, IsOk());
  const ResourceResult* t = a->Resource("");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->series_bucket_seconds, 60);
  EXPECT_EQ(t->series.size(), static_cast<size_t>(s.duration_seconds / 60));
  int64_t read = 0, write = 0;
  for (const ThrottleSecond& x : t->series) {
    EXPECT_EQ((x.second - a->start_second) % 60, 0);
    read += x.consumed_read;
    write += x.consumed_write;
  }
  EXPECT_EQ(read, t->counters.consumed_read_half_units);
  EXPECT_EQ(write, t->counters.consumed_write_half_units);
  StatusOr<ScenarioResult> b = RunScenario(s, options);
  ASSERT_THAT(b, IsOk());
  const std::string json = FormatJson(*a);
  EXPECT_THAT(json, testing::HasSubstr("\"seriesBucketSeconds\": 60"));
  EXPECT_EQ(json, FormatJson(*b));
  EXPECT_EQ(RenderHtml(*a), RenderHtml(*b));
}

// Provisioned throughput is bounded by the table quota, which a scenario may
// raise (as AWS does on request): the one-day table needs 1,200,000 RCU.
TEST(LongRunTest, ProvisionedThroughputWithinTheTableQuota) {
  const std::string table =
      R"({"name": "t", "billingMode": "PROVISIONED",
          "readCapacityUnits": 50000, "writeCapacityUnits": 10})";
  const std::string streams =
      R"("streams": [{"name": "w", "rate": [{"atSecond": 0, "perSecond": 1}]}])";
  EXPECT_THAT(ParseScenario(R"({"table": )" + table + ", " + streams + "}"),
              StatusIs(ErrorCode::kValidation,
                       "/table/readCapacityUnits: must be an integer from "
                       "1 to 40000 (simulator.tableReadQuotaUnits)"));
  EXPECT_THAT(
      ParseScenario(R"({"table": )" + table +
                    R"(, "simulator": {"tableReadQuotaUnits": 50000}, )" +
                    streams + "}"),
      IsOk());
  EXPECT_THAT(
      ParseScenario(R"({"table": )" + table +
                    R"(, "simulator": {"tableReadQuotaUnits": 50000},
              "updates": [{"atSecond": 5, "writeCapacityUnits": 40001}], )" +
                    streams + "}"),
      StatusIs(ErrorCode::kValidation, "/updates/0/writeCapacityUnits"));
}

}  // namespace
}  // namespace eddy::lab
