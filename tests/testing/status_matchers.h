// Copyright 2026 The eddy Authors.
//
// gtest matchers for eddy::Status and eddy::StatusOr<T>.
//
//   EXPECT_THAT(Number::Parse("1"), IsOk());
//   EXPECT_THAT(Number::Parse("x"), StatusIs(ErrorCode::kValidation, "numeric
//   value")); EXPECT_THAT(s, StatusIs(ErrorCode::kValidation));

#ifndef EDDY_TESTS_TESTING_STATUS_MATCHERS_H_
#define EDDY_TESTS_TESTING_STATUS_MATCHERS_H_

#include <ostream>
#include <string>

#include "emulator/base/status.h"
#include "gmock/gmock.h"

namespace eddy {

inline void PrintTo(const Status& s, std::ostream* os) { *os << s.ToString(); }
template <typename T>
void PrintTo(const StatusOr<T>& s, std::ostream* os) {
  *os << (s.ok() ? std::string("OK (value)") : s.status().ToString());
}

namespace testing_internal {
inline const Status& GetStatus(const Status& s) { return s; }
template <typename T>
const Status& GetStatus(const StatusOr<T>& s) {
  return s.status();
}
}  // namespace testing_internal

MATCHER(IsOk, "is OK") {
  const Status& s = testing_internal::GetStatus(arg);
  if (!s.ok()) *result_listener << "status is " << s.ToString();
  return s.ok();
}

// Code matches and the message contains `substring` (empty: any message).
MATCHER_P2(StatusIs, code, substring,
           std::string("has code ") + std::string(ErrorCodeName(code)) +
               " and a message containing \"" + std::string(substring) + "\"") {
  const Status& s = testing_internal::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code &&
         s.message().find(std::string(substring)) != std::string_view::npos;
}

// Code matches and the message is exactly `message`.
MATCHER_P2(StatusIsExactly, code, message,
           std::string("is ") + std::string(ErrorCodeName(code)) + ": " +
               std::string(message)) {
  const Status& s = testing_internal::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code && s.message() == std::string(message);
}

}  // namespace eddy

#endif  // EDDY_TESTS_TESTING_STATUS_MATCHERS_H_
