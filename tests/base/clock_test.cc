// Copyright 2026 The eddy Authors.

#include "emulator/base/clock.h"

#include "gtest/gtest.h"

namespace eddy {
namespace {

TEST(ClockTest, ManualClockMovesOnlyForward) {
  ManualClock clock(1'000);
  EXPECT_EQ(clock.NowMicros(), 1'000);
  clock.AdvanceMicros(500);
  EXPECT_EQ(clock.NowMicros(), 1'500);
  clock.AdvanceSeconds(2.0);
  EXPECT_EQ(clock.NowMicros(), 2'001'500);
  clock.SetMicros(10);  // earlier: ignored
  EXPECT_EQ(clock.NowMicros(), 2'001'500);
  clock.SetMicros(5'000'000);
  EXPECT_EQ(clock.NowMicros(), 5'000'000);
  clock.AdvanceMicros(-7);  // negative: ignored
  EXPECT_EQ(clock.NowMicros(), 5'000'000);
}

TEST(ClockTest, RealClockIsNearTheEpochTime) {
  const int64_t now = Clock::Real()->NowMicros();
  EXPECT_GT(now, 1'700'000'000'000'000);  // after 2023
  EXPECT_LE(now, Clock::Real()->NowMicros());
}

}  // namespace
}  // namespace eddy
