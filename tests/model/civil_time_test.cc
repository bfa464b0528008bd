// Copyright 2026 The eddy Authors.

#include "model/internal/civil_time.h"

#include "gtest/gtest.h"

namespace eddy::model::internal {
namespace {

TEST(CivilTimeTest, FormatAndParse) {
  EXPECT_EQ(FormatIsoMillis(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(FormatIsoMillis(1'704'067'200'000), "2024-01-01T00:00:00.000Z");
  EXPECT_EQ(FormatIsoMillis(1'709'210'096'789), "2024-02-29T12:34:56.789Z");
  EXPECT_EQ(ParseIsoMillis("2024-02-29T12:34:56.789Z"), 1'709'210'096'789);
  EXPECT_EQ(ParseIsoMillis("2024-01-01T00:00:00Z"), 1'704'067'200'000);
  for (int64_t ms :
       {int64_t{0}, int64_t{951'782'400'123}, int64_t{4'102'444'799'999}}) {
    EXPECT_EQ(ParseIsoMillis(FormatIsoMillis(ms)), ms);
  }
}

TEST(CivilTimeTest, RejectsOtherForms) {
  for (const char* bad : {"2024-01-01", "2024-01-01T00:00:00",
                          "2024-01-01 00:00:00Z", "2024-13-01T00:00:00Z",
                          "1969-12-31T23:59:59Z", "2024-01-01T00:00:00.5Z",
                          "2024-01-01T24:00:00Z", "+024-01-01T00:00:00Z"}) {
    EXPECT_FALSE(ParseIsoMillis(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace eddy::model::internal
