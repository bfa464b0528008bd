// Copyright 2026 The eddy Authors.
//
// DatabaseTest: a gtest fixture with a fresh eddy Database on a ManualClock
// for every test (part of eddy::testing; link the CMake target
// eddy::testing, which brings GoogleTest and GoogleMock).
//
//   #include "emulator/testing/fixture.h"
//
//   class RentalsTest : public eddy_testing::DatabaseTest {};
//
//   TEST_F(RentalsTest, PutThenGet) {
//     ASSERT_OK(CreateTableFromJsonFile("testdata/rentals_table.json"));
//     ASSERT_OK(PutItemsFromJsonLines("rentals", R"(
//       {"PK": {"S": "store#1"}, "SK": {"S": "kayak#7"}, "seats": {"N": "2"}}
//     )"));
//     ASSERT_OK_AND_ASSIGN(eddy::Item kayak,
//                          GetItemByKey("rentals", {{"PK", S("store#1")},
//                                                   {"SK", S("kayak#7")}}));
//     EXPECT_THAT(eddy::GetNumber<int>(kayak, "seats"), eddy::IsOkAndHolds(2));
//     clock_.AdvanceSeconds(3600);   // TTL, GSI lag, throttling: no sleeping
//   }
//
// What each test gets
// - clock_: an eddy::ManualClock at kStartMicros (2026-01-01T00:00:00Z); it
//   moves only when the test moves it.
// - db_: an eddy::Database whose Options are the constructor's, with
//   options.clock = &clock_. Destroyed after the test (TearDown has run).
// - The helpers of tables.h bound to db_, the item builders of items.h, the
//   typed getters of emulator/types/attribute_value.h, and the matchers and
//   ASSERT_OK / EXPECT_OK / ASSERT_OK_AND_ASSIGN of status_matchers.h: this
//   header includes them all.
//
// Other Options: pass them up from the derived fixture's constructor,
//   class ThrottledTest : public eddy_testing::DatabaseTest {
//    protected:
//     ThrottledTest() : DatabaseTest(Throttled()) {}
//     static eddy::Options Throttled() {
//       eddy::Options o;
//       o.throttle.mode = eddy::ThrottleMode::kSimulate;
//       return o;
//     }
//   };
//
// Namespace: eddy_testing, not eddy::testing, so that a test file with
// `using namespace eddy;` still means GoogleTest by `testing::` (Abseil's
// absl_testing avoids the same clash).
//
// Thread safety: the Database is thread-safe and so is the ManualClock;
// the fixture's helpers are as safe as the functions of tables.h.

#ifndef EDDY_EMULATOR_TESTING_FIXTURE_H_
#define EDDY_EMULATOR_TESTING_FIXTURE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/options.h"
#include "emulator/base/clock.h"
#include "emulator/base/status.h"
#include "emulator/testing/items.h"
#include "emulator/testing/status_matchers.h"
#include "emulator/testing/tables.h"
#include "emulator/types/attribute_value.h"
#include "gtest/gtest.h"

namespace eddy_testing {

// 2026-01-01T00:00:00Z in microseconds since the Unix epoch: where every
// DatabaseTest's clock starts.
inline constexpr int64_t kStartMicros = 1'767'225'600'000'000;

class DatabaseTest : public ::testing::Test {
 protected:
  explicit DatabaseTest(eddy::Options options = eddy::Options());
  ~DatabaseTest() override;

  // tables.h, on db_.
  eddy::Status CreateTableFromJson(std::string_view create_table_json);
  eddy::Status CreateTableFromJsonFile(const std::string& path);
  eddy::StatusOr<int64_t> PutItemsFromJsonLines(std::string_view table,
                                                std::string_view json_lines);
  eddy::StatusOr<int64_t> PutItemsFromJsonLinesFile(std::string_view table,
                                                    const std::string& path);
  eddy::StatusOr<LoadedModel> LoadModelFile(const std::string& path,
                                            const ModelOptions& options = {});
  eddy::StatusOr<eddy::Item> GetItemByKey(std::string_view table,
                                          eddy::Item key);
  eddy::StatusOr<std::vector<eddy::Item>> ScanAll(
      std::string_view table,
      std::optional<std::string> index_name = std::nullopt);

  // Values for keys and expression_attribute_values: S("x"), N(3),
  // Num("1.5") (items.h).
  static eddy::AttributeValue S(std::string value) {
    return eddy::AttributeValue::S(std::move(value));
  }
  template <typename T,
            std::enable_if_t<eddy::internal::kIsInteger<T>, int> = 0>
  static eddy::AttributeValue N(T value) {
    return eddy::AttributeValue::N(value);
  }

  eddy::ManualClock clock_{kStartMicros};
  eddy::Database db_;  // after clock_, which it reads
};

}  // namespace eddy_testing

#endif  // EDDY_EMULATOR_TESTING_FIXTURE_H_
