// Copyright 2026 The eddy Authors.

#include "emulator/capacity/partition_map.h"

#include "gtest/gtest.h"

namespace eddy::capacity {
namespace {

TEST(PartitionMapTest, ProvisionedCountFollowsTheHistoricalFormula) {
  EXPECT_EQ(PartitionMap::ProvisionedPartitionCount(1000, 500, 0), 1);
  EXPECT_EQ(PartitionMap::ProvisionedPartitionCount(1000, 1000, 0), 2);
  EXPECT_EQ(PartitionMap::ProvisionedPartitionCount(5000, 2000, 0), 4);
  EXPECT_EQ(PartitionMap::ProvisionedPartitionCount(1, 1, 0), 1);
  // ceil(size / 10 GB) when larger.
  EXPECT_EQ(
      PartitionMap::ProvisionedPartitionCount(1, 1, 25LL * 1024 * 1024 * 1024),
      3);
}

TEST(PartitionMapTest, EvenRangesAndDoubling) {
  PartitionMap map(4);
  ASSERT_EQ(map.count(), 4);
  EXPECT_EQ(map.starts()[0], 0u);
  EXPECT_EQ(map.starts()[1], 1ULL << 62);
  EXPECT_EQ(map.PartitionOf(0), 0);
  EXPECT_EQ(map.PartitionOf((1ULL << 62) - 1), 0);
  EXPECT_EQ(map.PartitionOf(1ULL << 62), 1);
  EXPECT_EQ(map.PartitionOf(~0ULL), 3);
  map.GrowTo(5);  // doubles: never a partial round
  EXPECT_EQ(map.count(), 8);
  EXPECT_EQ(map.starts()[1], 1ULL << 61);
  map.GrowTo(3);  // never merges
  EXPECT_EQ(map.count(), 8);
  EXPECT_FALSE(map.has_sort_key_cuts());
}

TEST(PartitionMapTest, SplitInsideOneHashAtASortKey) {
  PartitionMap map(2);
  const uint64_t h = 12345;
  ASSERT_TRUE(map.SplitAt(0, KeyPosition{h, "m"}));
  ASSERT_EQ(map.count(), 3);
  EXPECT_TRUE(map.has_sort_key_cuts());
  EXPECT_EQ(map.PartitionOf(h, "a"), 0);
  EXPECT_EQ(map.PartitionOf(h, ""), 0);
  EXPECT_EQ(map.PartitionOf(h, "m"), 1);
  EXPECT_EQ(map.PartitionOf(h, "z"), 1);
  EXPECT_EQ(map.PartitionOf(h + 1), 1);
  EXPECT_EQ(map.PartitionOf(h - 1), 0);
  EXPECT_EQ(map.PartitionOf(1ULL << 63), 2);
  EXPECT_EQ(map.PartitionsOfHash(h), std::make_pair(0, 1));
  EXPECT_EQ(map.PartitionsOfHash(h + 1), std::make_pair(1, 1));
  // A second cut in the same hash.
  ASSERT_TRUE(map.SplitAt(1, KeyPosition{h, "t"}));
  EXPECT_EQ(map.PartitionOf(h, "p"), 1);
  EXPECT_EQ(map.PartitionOf(h, "t"), 2);
  EXPECT_EQ(map.PartitionOf(h, "\xff"), 2);
  EXPECT_EQ(map.PartitionsOfHash(h), std::make_pair(0, 2));
  EXPECT_EQ(map.starts()[1], h);
  EXPECT_EQ(map.starts()[2], h);
  EXPECT_EQ(map.start_sort_keys()[2], "t");
}

TEST(PartitionMapTest, SplitOutsideThePartitionIsRejected) {
  PartitionMap map(2);
  EXPECT_FALSE(map.SplitAt(0, KeyPosition{0, ""}));           // at its start
  EXPECT_FALSE(map.SplitAt(0, KeyPosition{1ULL << 63, ""}));  // next start
  EXPECT_FALSE(map.SplitAt(1, KeyPosition{5, ""}));           // before it
  EXPECT_FALSE(map.SplitAt(7, KeyPosition{5, ""}));
  EXPECT_EQ(map.count(), 2);
  // Sort-key bytes compare unsigned: "\x80" sorts after "a".
  ASSERT_TRUE(map.SplitAt(0, KeyPosition{9, "a"}));
  EXPECT_EQ(map.PartitionOf(9, "\x80"), 1);
}

TEST(PartitionMapTest, NarrowRangesDoNotHalve) {
  PartitionMap map(1);
  ASSERT_TRUE(map.SplitAt(0, KeyPosition{7, "k"}));  // [0,(7,k)) [(7,k),...)
  ASSERT_TRUE(
      map.SplitAt(1, KeyPosition{8, ""}));  // [(7,k),(8,"")) is one hash
  KeyPosition mid;
  EXPECT_FALSE(map.MidpointOf(1, &mid));
  ASSERT_TRUE(map.MidpointOf(0, &mid));
  EXPECT_EQ(mid.hash, 3u);
  map.GrowTo(6);
  EXPECT_GE(map.count(), 5);
  for (int i = 1; i < map.count(); ++i) {
    EXPECT_LT(
        CompareKeyPositions(map.starts()[i - 1], map.start_sort_keys()[i - 1],
                            map.starts()[i], map.start_sort_keys()[i]),
        0);
  }
}

}  // namespace
}  // namespace eddy::capacity
