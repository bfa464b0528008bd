// Copyright 2026 The eddy Authors.
//
// A seed model that declares its data versions (workload "migration",
// model/lab/model_migration.h): `eddy model run` verifies every access
// pattern before, during and after the migration; a cutover before the
// backfill has copied everything is caught by the reads during it.

#include "model/lab/model_migration.h"

#include <fstream>
#include <sstream>
#include <string>

#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "model/model.h"
#include "model/report.h"
#include "model/runner.h"

namespace eddy::lab {
namespace {

using ::testing::HasSubstr;

// The kayak model (every key starts with ${version}; six GSIs) with
// `migration` as its workload's "migration" member.
model::Model Kayak(const std::string& migration) {
  std::ifstream in(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json");
  std::ostringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  const std::string anchor = "\"constants\": {\"version\": \"v1\"},";
  const size_t at = text.find(anchor);
  EXPECT_NE(at, std::string::npos);
  if (!migration.empty()) {
    text.insert(at + anchor.size(), "\"migration\": " + migration + ",");
  }
  StatusOr<model::Model> m = model::LoadModel(text, "kayak");
  EXPECT_THAT(m, IsOk());
  return m.ok() ? *std::move(m) : model::Model();
}

// Runs the model with its migration, 10 runs a pattern (the "before" and
// "after" phases), 7 items a page so that answers are paged.
model::RunReport RunWithMigration(const model::Model& m) {
  model::RunOptions options;
  options.runs = 10;
  options.page_size = 7;
  Status added = AddModelMigration(m, &options);
  EXPECT_THAT(added, IsOk());
  StatusOr<model::RunReport> r = model::RunModel(m, options);
  EXPECT_THAT(r, IsOk());
  return r.ok() ? *std::move(r) : model::RunReport();
}

TEST(ModelMigration, EveryReadIsVerifiedBeforeDuringAndAfter) {
  const model::Model m = Kayak(
      R"({"fromVersion": "v1", "toVersion": "v2", "dualWriteAtSecond": 2,
          "backfill": {"atSecond": 4, "perSecond": 2000}})");
  ASSERT_TRUE(HasMigration(m));
  const model::RunReport r = RunWithMigration(m);
  ASSERT_TRUE(r.migration.has_value());
  const model::MigrationReport& g = *r.migration;
  const int64_t patterns = m.executable_pattern_count();
  ASSERT_EQ(patterns, 8);
  // Before: the run's own 10 runs a pattern, plus one run a pattern for
  // the seconds before the dual writes (nothing changes in them: verified
  // once).
  EXPECT_EQ(g.phases[0].reads, patterns * 10 + patterns);
  // During: one run a pattern each second from the dual writes until the
  // backfill has copied everything (the second it ends is not counted).
  EXPECT_EQ(g.phases[1].reads,
            patterns * (g.backfill_end_second - g.dual_write_second));
  EXPECT_GT(g.phases[1].reads, patterns * 2);
  EXPECT_EQ(g.seconds, g.backfill_end_second + 1);
  EXPECT_EQ(g.phases[2].reads, patterns * 10);
  for (const model::MigrationPhaseReport& p : g.phases) {
    EXPECT_EQ(p.verified, p.reads);
    EXPECT_TRUE(p.failures.empty()) << p.failures[0];
  }
  EXPECT_TRUE(r.ok());
  // Every old item scanned was copied or found already written by a dual
  // write (dual writes started before the backfill).
  EXPECT_EQ(g.backfill_start_second, 4);
  EXPECT_EQ(g.cutover_second, g.backfill_end_second);
  EXPECT_EQ(g.scanned_items, r.load.items);
  EXPECT_EQ(g.copied + g.skipped, g.scanned_items);
  EXPECT_GT(g.skipped, 0);
  EXPECT_GT(g.dual_writes, 0);
  EXPECT_EQ(g.given_up, 0);
  EXPECT_GT(g.read_units, 0);
  EXPECT_GE(g.write_units, static_cast<double>(g.copied));
  // The report says so, in text and JSON.
  const std::string text = model::FormatReportText(r);
  EXPECT_THAT(text, HasSubstr("Migration v1 -> v2 (virtual seconds)"));
  EXPECT_THAT(text, HasSubstr("reads verified: before " +
                              std::to_string(g.phases[0].reads) + " of " +
                              std::to_string(g.phases[0].reads)));
  EXPECT_THAT(text, HasSubstr("\nOK: "));
  const std::string json = model::FormatReportJson(r);
  EXPECT_THAT(json, HasSubstr("\"migration\""));
  EXPECT_THAT(json, HasSubstr("\"during\""));
}

TEST(ModelMigration, ACutoverBeforeTheBackfillEndsIsCaught) {
  // Reads move to v2 at second 1, the backfill starts at 1 and copies 300
  // items a second: reads at v2 miss what is not copied yet.
  const model::Model m = Kayak(
      R"({"fromVersion": "v1", "toVersion": "v2", "cutoverAtSecond": 1,
          "backfill": {"atSecond": 1, "perSecond": 300}})");
  const model::RunReport r = RunWithMigration(m);
  ASSERT_TRUE(r.migration.has_value());
  const model::MigrationReport& g = *r.migration;
  EXPECT_EQ(g.cutover_second, 1);
  EXPECT_GT(g.backfill_end_second, 1);
  EXPECT_EQ(g.phases[0].verified, g.phases[0].reads);
  EXPECT_LT(g.phases[1].verified, g.phases[1].reads);
  ASSERT_FALSE(g.phases[1].failures.empty());
  // Once the backfill is done, reads at v2 verify again.
  EXPECT_EQ(g.phases[2].verified, g.phases[2].reads);
  EXPECT_FALSE(r.ok());
  const std::string text = model::FormatReportText(r);
  EXPECT_THAT(text, HasSubstr("  mismatch during: pattern "));
  EXPECT_THAT(text, HasSubstr("the migration's reads mismatched"));
}

TEST(ModelMigration, WithoutTheSectionNothingChanges) {
  const model::Model m = Kayak("");
  EXPECT_FALSE(HasMigration(m));
  model::RunOptions options;
  options.runs = 3;
  ASSERT_THAT(AddModelMigration(m, &options), IsOk());
  EXPECT_FALSE(options.migrate);
  StatusOr<model::RunReport> r = model::RunModel(m, options);
  ASSERT_THAT(r, IsOk());
  EXPECT_FALSE(r->migration.has_value());
  EXPECT_THAT(model::FormatReportText(*r),
              ::testing::Not(HasSubstr("Migration")));
}

TEST(ModelMigration, TheSectionIsChecked) {
  model::RunOptions options;
  // fromVersion must be the version the items are generated at.
  Status s = AddModelMigration(
      Kayak(R"({"fromVersion": "v9", "toVersion": "v2", "backfill": {}})"),
      &options);
  EXPECT_THAT(s.message(), HasSubstr("/workload/migration/fromVersion"));
  s = AddModelMigration(
      Kayak(R"({"fromVersion": "v1", "toVersion": "v1", "backfill": {}})"),
      &options);
  EXPECT_THAT(s.message(), HasSubstr("two different"));
  s = AddModelMigration(Kayak(R"({"fromVersion": "v1", "toVersion": "v2"})"),
                        &options);
  EXPECT_THAT(s.message(), HasSubstr("backfill"));
  s = AddModelMigration(
      Kayak(R"({"fromVersion": "v1", "toVersion": "v2", "dualWriteAtSecond": 5,
                "backfill": {"atSecond": 2}})"),
      &options);
  EXPECT_THAT(s.message(), HasSubstr("atSecond"));
}

TEST(ModelReport, ManyConnectionsSayLatenciesIncludeClientQueueing) {
  model::RunReport r;
  EXPECT_THAT(model::FormatReportText(r),
              ::testing::Not(HasSubstr("free connection")));
  EXPECT_THAT(model::FormatReportJson(r),
              ::testing::Not(HasSubstr("latencyIncludesClientQueueing")));
  r.concurrency = 16;
  EXPECT_THAT(model::FormatReportText(r),
              HasSubstr("16 requests at once: each latency includes the time "
                        "the request waited on the client for a free "
                        "connection"));
  EXPECT_THAT(model::FormatReportJson(r),
              HasSubstr("\"latencyIncludesClientQueueing\": true"));
}

}  // namespace
}  // namespace eddy::lab
