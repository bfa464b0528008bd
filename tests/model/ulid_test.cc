// Copyright 2026 The eddy Authors.

#include "model/ulid.h"

#include <set>
#include <string>

#include "gtest/gtest.h"

namespace eddy::model {
namespace {

TEST(UlidTest, EncodesTimestampThenRandomness) {
  // The timestamp of the ULID specification's example, 1469918176385 ms.
  EXPECT_EQ(EncodeUlid(1469918176385, 0, 0), "01ARYZ6S410000000000000000");
  EXPECT_EQ(EncodeUlid(1469918176385, 0xFFFF, ~uint64_t{0}),
            "01ARYZ6S41ZZZZZZZZZZZZZZZZ");
  EXPECT_EQ(EncodeUlid(0, 0, 1), "00000000000000000000000001");
  EXPECT_EQ(EncodeUlid(0xFFFFFFFFFFFF, 0, 0), "7ZZZZZZZZZ0000000000000000");
}

TEST(UlidTest, MillisRoundTrip) {
  EXPECT_EQ(UlidMillis("01ARYZ6S41ZZZZZZZZZZZZZZZZ"), 1469918176385);
  EXPECT_EQ(UlidMillis("01ARYZ6S41"), -1);                  // too short
  EXPECT_EQ(UlidMillis("01ARYZ6S41ZZZZZZZZZZZZZZZU"), -1);  // U is not base32
  EXPECT_EQ(UlidMillis("81ARYZ6S41ZZZZZZZZZZZZZZZZ"), -1);  // over 128 bits
}

TEST(UlidTest, SeededGeneratorIsDeterministicAndSortsByTime) {
  ManualClock clock(1'704'067'200'000'000);  // 2024-01-01T00:00:00Z
  UlidGenerator a(42, &clock);
  ManualClock clock2(1'704'067'200'000'000);
  UlidGenerator b(42, &clock2);
  std::string previous;
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string x = a.Next();
    EXPECT_EQ(x, b.Next());
    EXPECT_EQ(x.size(), 26u);
    EXPECT_EQ(UlidMillis(x), clock.NowMicros() / 1000);
    EXPECT_LT(previous, x);  // one millisecond later sorts later
    EXPECT_TRUE(seen.insert(x).second);
    previous = x;
    clock.AdvanceMicros(1000);
    clock2.AdvanceMicros(1000);
  }
  UlidGenerator c(43, &clock);
  UlidGenerator d(42, &clock);
  EXPECT_NE(c.Next(), d.Next());  // another seed, other random bits
}

}  // namespace
}  // namespace eddy::model
