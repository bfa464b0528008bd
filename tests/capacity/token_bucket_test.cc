// Copyright 2026 The eddy Authors.

#include "emulator/capacity/token_bucket.h"

#include <map>
#include <random>
#include <string>
#include <vector>

#include "emulator/capacity/internal/top_keys.h"
#include "gtest/gtest.h"

namespace eddy::capacity {
namespace {

TEST(TokenBucketTest, RefillsLazilyAndExactly) {
  TokenBucket b(/*rate=*/2000, /*depth_micros=*/1'000'000, /*now=*/0);
  EXPECT_EQ(b.available_half_units(), 2000);  // starts full
  b.Take(2000);
  EXPECT_FALSE(b.CanTake(2));
  b.Refill(999);  // 999 µs × 2000 half-units/s = 1.998 half-units
  EXPECT_FALSE(b.CanTake(2));
  b.Refill(1000);
  EXPECT_TRUE(b.CanTake(2));
  EXPECT_FALSE(b.CanTake(3));
  b.Refill(5'000'000);  // long idle: clamped to the depth
  EXPECT_EQ(b.available_half_units(), 2000);
}

TEST(TokenBucketTest, InitialTokensAndReconfigure) {
  TokenBucket b(300, 300'000'000, 0, /*initial_micros=*/1'000'000);
  EXPECT_EQ(b.available_half_units(), 300);
  b.Refill(300'000'000);
  EXPECT_EQ(b.available_half_units(), 90'000);  // 300 s of 150 RCU
  b.Reconfigure(100, 1'000'000, 300'000'000);
  EXPECT_EQ(b.available_half_units(), 100);  // clamped to the new depth
}

TEST(TokenBucketTest, AFullBucketAdmitsAnOversizedRequestIntoDebt) {
  TokenBucket b(2, 1'000'000, 0);  // 1 WCU/s
  EXPECT_TRUE(b.CanTake(800));     // a 400 KB write
  b.Take(800);
  EXPECT_LT(b.tokens(), 0);
  b.Refill(399'000'000);
  EXPECT_FALSE(b.CanTake(1));
  b.Refill(400'000'000);
  EXPECT_TRUE(b.CanTake(2));
}

TEST(TokenBucketTest, NoOverflowAfterYearsIdle) {
  TokenBucket b(160'000, 300'000'000, 0);
  b.Take(1'000'000);
  b.Refill(100LL * 365 * 24 * 3600 * 1'000'000);
  EXPECT_EQ(b.tokens(), b.capacity());
}

TEST(TopKeysTest, ExactBelowCapacityAndHeavyHittersSurvive) {
  internal::TopKeys top(8);
  for (int i = 0; i < 5; ++i) top.Add(i, "k" + std::to_string(i), "", i + 1);
  std::vector<KeyCount> best = top.Top(3);
  ASSERT_EQ(best.size(), 3u);
  EXPECT_EQ(best[0].partition_key, "k4");
  EXPECT_EQ(best[0].count, 5);
  EXPECT_EQ(best[0].error, 0);
  // A heavy key among 10,000 distinct light ones keeps its place; memory
  // stays at the capacity.
  for (int i = 0; i < 10'000; ++i) {
    top.Add(1000 + i, "light" + std::to_string(i), "", 1);
    top.Add(999, "hot", "", 3);
  }
  EXPECT_EQ(top.size(), 8u);
  best = top.Top(1);
  EXPECT_EQ(best[0].partition_key, "hot");
  EXPECT_GE(best[0].count, 30'000);
  EXPECT_LE(best[0].count - best[0].error, 30'000);
}

// Space-Saving's guarantees on a skewed random stream with many evictions:
// every reported count bounds the key's true count from above, and count -
// error from below. A hit on a monitored key that went uncounted (say, a
// lookup wrongly skipped) would break the upper bound.
TEST(TopKeysTest, CountsBoundTheTruthUnderChurn) {
  for (int capacity : {4, 16, 300}) {
    internal::TopKeys top(capacity);
    std::map<uint64_t, int64_t> truth;
    std::mt19937_64 rng(capacity);
    for (int i = 0; i < 200'000; ++i) {
      // Half the traffic on 8 hot keys, the rest spread over 50,000.
      const uint64_t id = rng() % 2 == 0 ? rng() % 8 : 8 + rng() % 50'000;
      const int64_t weight = 1 + static_cast<int64_t>(rng() % 4);
      top.Add(id, std::to_string(id), "", weight);
      truth[id] += weight;
    }
    EXPECT_EQ(top.size(), static_cast<size_t>(capacity));
    const std::vector<KeyCount> best = top.Top(capacity);
    for (const KeyCount& k : best) {
      const int64_t real = truth[std::stoull(k.partition_key)];
      EXPECT_GE(k.count, real)
          << "capacity " << capacity << " key " << k.partition_key;
      EXPECT_LE(k.count - k.error, real)
          << "capacity " << capacity << " key " << k.partition_key;
    }
    // The 8 hot keys (about 31,000 each) lead.
    for (int i = 0; i < 4; ++i) {
      EXPECT_LT(std::stoull(best[i].partition_key), 8u) << capacity;
    }
  }
}

TEST(TopKeysTest, KeyIdSeparatesSortKeys) {
  EXPECT_EQ(internal::KeyId(7, ""), 7u);
  EXPECT_NE(internal::KeyId(7, "a"), internal::KeyId(7, "b"));
  EXPECT_NE(internal::KeyId(7, "a"), internal::KeyId(8, "a"));
}

}  // namespace
}  // namespace eddy::capacity
