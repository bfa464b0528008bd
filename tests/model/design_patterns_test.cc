// Copyright 2026 The eddy Authors.
//
// The second seed's design patterns, each run and its checks asserted, with
// the figures that make the point.

#include "model/design_patterns.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy::model {
namespace {

void ExpectAllChecksPass(const DesignPatternResult& r) {
  EXPECT_TRUE(r.ok()) << FormatDesignPatternsText({r});
  EXPECT_GE(r.checks.size(), 3u);
  for (const DesignPatternCheck& c : r.checks) EXPECT_TRUE(c.passed) << c.what;
}

TEST(DesignPatternsTest, WriteSharding) {
  DesignPatternResult r = RunWriteSharding();
  ExpectAllChecksPass(r);
  EXPECT_EQ(r.figures.at("hot_key_share_unsharded"), 1.0);
  EXPECT_LE(r.figures.at("hot_key_share_sharded"), 0.2);
  EXPECT_EQ(r.figures.at("hot_partitions_unsharded"), 1);
  EXPECT_GT(r.figures.at("hot_partitions_sharded"), 1);
}

TEST(DesignPatternsTest, WriteShardingWithOneShardIsTheHotKey) {
  WriteShardingOptions options;
  options.shards = 1;
  options.votes = {{"a", 300}, {"b", 10}};
  DesignPatternResult r = RunWriteSharding(options);
  EXPECT_EQ(r.figures.at("hot_key_share_sharded"), 1.0);
  // Sums still agree; but one shard cannot spread over partitions.
  EXPECT_TRUE(r.checks[0].passed);
  EXPECT_FALSE(r.ok());
}

TEST(DesignPatternsTest, LargeObject) {
  DesignPatternResult r = RunLargeObject();
  ExpectAllChecksPass(r);
  EXPECT_EQ(r.figures.at("chunks"), 5);  // 1,500,000 bytes in 300 KiB chunks
  EXPECT_GE(r.figures.at("query_pages"), 2);
}

TEST(DesignPatternsTest, LargeObjectOddSizes) {
  LargeObjectOptions options;
  options.object_bytes = 409'601;  // one byte over the item limit
  options.chunk_bytes = 100'000;
  DesignPatternResult r = RunLargeObject(options);
  ExpectAllChecksPass(r);
  EXPECT_EQ(r.figures.at("chunks"), 5);
}

TEST(DesignPatternsTest, OptimisticLocking) {
  DesignPatternResult r = RunOptimisticLocking();
  ExpectAllChecksPass(r);
  EXPECT_EQ(r.checks.size(), 6u);
}

TEST(DesignPatternsTest, KeyCardinality) {
  DesignPatternResult r = RunKeyCardinality();
  ExpectAllChecksPass(r);
  EXPECT_EQ(r.figures.at("partitions"), 8);
  EXPECT_LE(r.figures.at("users_by_country_partitions_used"), 2);
  EXPECT_EQ(r.figures.at("users_by_id_partitions_used"), 8);
  EXPECT_GE(r.figures.at("users_by_country_hottest_share"), 0.5);
  EXPECT_LT(r.figures.at("users_by_id_hottest_share"), 0.25);
}

TEST(DesignPatternsTest, AllAndFormats) {
  std::vector<DesignPatternResult> all = RunDesignPatterns();
  ASSERT_EQ(all.size(), 4u);
  for (const DesignPatternResult& r : all) EXPECT_TRUE(r.ok()) << r.name;
  EXPECT_THAT(
      FormatDesignPatternsText(all),
      ::testing::HasSubstr("OK: 4 of 4 design patterns passed their checks"));
  EXPECT_THAT(FormatDesignPatternsJson(all),
              ::testing::HasSubstr("\"name\": \"optimistic locking\""));
}

}  // namespace
}  // namespace eddy::model
