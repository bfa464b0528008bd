// Copyright 2026 The eddy Authors.
//
// gtest matchers and assertions for eddy::Status and eddy::StatusOr<T>
// (part of eddy::testing; link the CMake target eddy::testing).
//
//   EXPECT_THAT(db.PutItem(put), eddy::IsOk());
//   EXPECT_THAT(db.PutItem(put),
//               eddy::StatusIs(eddy::ErrorCode::kConditionalCheckFailed));
//   EXPECT_THAT(Number::Parse("x"),
//               eddy::StatusIs(eddy::ErrorCode::kValidation, "numeric value"));
//   EXPECT_THAT(eddy::GetNumber<int>(item, "copies"), eddy::IsOkAndHolds(3));
//   ASSERT_OK(db.CreateTable(create));
//   ASSERT_OK_AND_ASSIGN(eddy::GetItemResponse got, db.GetItem(get));
//
// Why these rather than `.value()`: StatusOr<T>::value() on an error prints
// the status and aborts the whole test binary (emulator/base/status.h); these
// report the status as the failure of the one test and go on.
//
// Matchers (namespace eddy, so that tests inside namespace eddy find them
// unqualified):
//   IsOk()                        the Status (or StatusOr's status) is OK
//   IsOkAndHolds(m)               a StatusOr that is OK and whose value
//                                 matches m (a value or a matcher)
//   StatusIs(code)                the code matches, any message
//   StatusIs(code, substring)     ... and the message contains substring
//   StatusIsExactly(code, text)   the code matches and the message is text
// Macros (each also spelled EDDY_...; the short names are defined only when
// no other library defined them first):
//   ASSERT_OK(expr) / EXPECT_OK(expr)     expr is a Status or a StatusOr
//   ASSERT_OK_AND_ASSIGN(lhs, expr)       lhs = the value of the StatusOr
//                                         expr, or a fatal failure showing
//                                         its status; lhs may declare
//                                         ("auto x"); only in functions
//                                         returning void (as ASSERT_*)
//
// Thread safety: as gtest's assertions.

#ifndef EDDY_EMULATOR_TESTING_STATUS_MATCHERS_H_
#define EDDY_EMULATOR_TESTING_STATUS_MATCHERS_H_

#include <ostream>
#include <string>
#include <utility>

#include "emulator/base/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {

inline void PrintTo(const Status& s, std::ostream* os) { *os << s.ToString(); }
template <typename T>
void PrintTo(const StatusOr<T>& s, std::ostream* os) {
  if (s.ok()) {
    *os << "OK: " << ::testing::PrintToString(*s);
  } else {
    *os << s.status().ToString();
  }
}

namespace internal {
inline const Status& GetStatus(const Status& s) { return s; }
template <typename T>
const Status& GetStatus(const StatusOr<T>& s) {
  return s.status();
}
}  // namespace internal

MATCHER(IsOk, "is OK") {
  const Status& s = internal::GetStatus(arg);
  if (!s.ok()) *result_listener << "status is " << s.ToString();
  return s.ok();
}

// A StatusOr that is OK and whose value matches `inner` (a value or a
// matcher): IsOkAndHolds(3), IsOkAndHolds(::testing::SizeIs(2)).
MATCHER_P(IsOkAndHolds, inner,
          std::string("is OK and holds a value that ") +
              ::testing::DescribeMatcher<
                  const typename std::decay_t<arg_type>::value_type&>(inner)) {
  if (!arg.ok()) {
    *result_listener << "status is " << arg.status().ToString();
    return false;
  }
  return ::testing::ExplainMatchResult(inner, *arg, result_listener);
}

// The code matches (any message).
MATCHER_P(StatusIs, code,
          std::string("has code ") + std::string(ErrorCodeName(code))) {
  const Status& s = internal::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code;
}

// The code matches and the message contains `substring` (empty: any message).
MATCHER_P2(StatusIs, code, substring,
           std::string("has code ") + std::string(ErrorCodeName(code)) +
               " and a message containing \"" + std::string(substring) + "\"") {
  const Status& s = internal::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code &&
         s.message().find(std::string(substring)) != std::string_view::npos;
}

// The code matches and the message is exactly `message`.
MATCHER_P2(StatusIsExactly, code, message,
           std::string("is ") + std::string(ErrorCodeName(code)) + ": " +
               std::string(message)) {
  const Status& s = internal::GetStatus(arg);
  *result_listener << "status is " << s.ToString();
  return s.code() == code && s.message() == std::string(message);
}

}  // namespace eddy

#define EDDY_ASSERT_OK(expr) ASSERT_THAT((expr), ::eddy::IsOk())
#define EDDY_EXPECT_OK(expr) EXPECT_THAT((expr), ::eddy::IsOk())

#define EDDY_ASSERT_OK_AND_ASSIGN(lhs, rexpr)                           \
  EDDY_ASSERT_OK_AND_ASSIGN_IMPL_(                                      \
      EDDY_STATUS_CONCAT_(eddy_assert_statusor_, __LINE__), lhs, rexpr, \
      #rexpr)
#define EDDY_ASSERT_OK_AND_ASSIGN_IMPL_(var, lhs, rexpr, text)        \
  auto var = (rexpr);                                                 \
  ASSERT_TRUE(var.ok()) << text << " is " << var.status().ToString(); \
  lhs = std::move(var).value()

#ifndef ASSERT_OK
#define ASSERT_OK(expr) EDDY_ASSERT_OK(expr)
#endif
#ifndef EXPECT_OK
#define EXPECT_OK(expr) EDDY_EXPECT_OK(expr)
#endif
#ifndef ASSERT_OK_AND_ASSIGN
#define ASSERT_OK_AND_ASSIGN(lhs, rexpr) EDDY_ASSERT_OK_AND_ASSIGN(lhs, rexpr)
#endif

#endif  // EDDY_EMULATOR_TESTING_STATUS_MATCHERS_H_
