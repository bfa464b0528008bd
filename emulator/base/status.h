// Copyright 2026 The eddy Authors.
//
// Status and StatusOr<T>: how every eddy function reports an expected failure.
//
// A Status is OK or carries an ErrorCode (one per DynamoDB `__type`), the exact
// message DynamoDB would send, and optional details: the cancellation reasons
// of a TransactionCanceledException, the throttling reasons of a throttle, or
// the item returned by ReturnValuesOnConditionCheckFailure. Exceptions are
// never used for these outcomes and never cross eddy's public API.
//
//   Status s = Status::Validation(
//       "The provided key element does not match the schema");
//   if (!s.ok()) std::cerr << s.ToString();
//
//   StatusOr<Number> n = Number::Parse("1.50");
//   EDDY_ASSIGN_OR_RETURN(Number value, Number::Parse(text));
//
// Cost: an OK Status is a null pointer; creating and copying one allocates
// nothing. An error holds an immutable, shared state, so copies are cheap.
//
// Thread safety: a Status is immutable after construction and may be read from
// many threads; distinct Status objects may be used freely from any thread.

#ifndef EDDY_EMULATOR_BASE_STATUS_H_
#define EDDY_EMULATOR_BASE_STATUS_H_

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/error_code.h"

namespace eddy {

class AttributeMap;  // emulator/types/attribute_value.h; an item.

class Status;
namespace internal {
// Prints "eddy: StatusOr::value() called on an error: <status>" to stderr
// and aborts.
[[noreturn]] void DieOfBadAccess(const Status& status);
}  // namespace internal

// One entry of TransactionCanceledException.CancellationReasons.
struct CancellationReason {
  std::string code;  // "None", "ConditionalCheckFailed", "ValidationError", ...
  std::string message;  // empty when DynamoDB sends none
  // The item returned by ReturnValuesOnConditionCheckFailure.
  std::shared_ptr<const AttributeMap> item;
};

// One entry of a throttle's ThrottlingReasons.
struct ThrottlingReason {
  std::string reason;    // e.g. "TableWriteKeyRangeThroughputExceeded"
  std::string resource;  // the table or index ARN
};

class [[nodiscard]] Status {
 public:
  // An OK status.
  Status() noexcept = default;
  // An error; `code` must not be kOk.
  Status(ErrorCode code, std::string message);

  static Status OK() { return Status(); }
  static Status Validation(std::string message) {
    return Status(ErrorCode::kValidation, std::move(message));
  }
  static Status Serialization(std::string message) {
    return Status(ErrorCode::kSerialization, std::move(message));
  }
  static Status ResourceNotFound(std::string message) {
    return Status(ErrorCode::kResourceNotFound, std::move(message));
  }
  static Status ResourceInUse(std::string message) {
    return Status(ErrorCode::kResourceInUse, std::move(message));
  }
  static Status ConditionalCheckFailed() {
    return Status(ErrorCode::kConditionalCheckFailed,
                  "The conditional request failed");
  }
  static Status Internal(std::string message) {
    return Status(ErrorCode::kInternalServerError, std::move(message));
  }

  bool ok() const { return state_ == nullptr; }
  ErrorCode code() const { return ok() ? ErrorCode::kOk : state_->code; }
  // Empty for OK.
  std::string_view message() const {
    return ok() ? std::string_view() : std::string_view(state_->message);
  }

  bool IsValidation() const { return code() == ErrorCode::kValidation; }
  bool IsConditionalCheckFailed() const {
    return code() == ErrorCode::kConditionalCheckFailed;
  }
  bool IsResourceNotFound() const {
    return code() == ErrorCode::kResourceNotFound;
  }

  // Details; empty (or null) unless set.
  const std::vector<CancellationReason>& cancellation_reasons() const;
  const std::vector<ThrottlingReason>& throttling_reasons() const;
  const std::shared_ptr<const AttributeMap>& item() const;

  // Copies of this error with a detail attached. REQUIRES: !ok().
  Status WithCancellationReasons(std::vector<CancellationReason> reasons) const;
  Status WithThrottlingReasons(std::vector<ThrottlingReason> reasons) const;
  Status WithItem(std::shared_ptr<const AttributeMap> item) const;
  // The same error with `prefix` put before its message.
  Status WithMessagePrefix(std::string_view prefix) const;

  // "OK" or "ValidationException: <message>".
  std::string ToString() const;

  friend bool operator==(const Status& a, const Status& b) {
    return a.code() == b.code() && a.message() == b.message();
  }

 private:
  struct State {
    ErrorCode code;
    std::string message;
    std::vector<CancellationReason> cancellation_reasons;
    std::vector<ThrottlingReason> throttling_reasons;
    std::shared_ptr<const AttributeMap> item;
  };
  explicit Status(std::shared_ptr<const State> state)
      : state_(std::move(state)) {}

  std::shared_ptr<const State> state_;  // null when OK
};

// Either a T or an error Status.
//
// Accessing the value of an error (value(), operator*, operator->) is a
// programming error: it prints the status to stderr and aborts, as Abseil's
// StatusOr does:
//   eddy: StatusOr::value() called on an error: ValidationException: ...
// Code that can fail checks ok() first or uses EDDY_ASSIGN_OR_RETURN; tests
// use ASSERT_OK_AND_ASSIGN and the matchers of emulator/testing/
// status_matchers.h, which report the status as a test failure instead.
template <typename T>
class [[nodiscard]] StatusOr {
 public:
  using value_type = T;

  // REQUIRES: !status.ok(). An OK status is turned into an internal error so
  // that misuse is loud but not undefined.
  StatusOr(Status status) : status_(std::move(status)) {  // NOLINT
    if (status_.ok()) status_ = Status::Internal("StatusOr built from OK");
  }
  StatusOr(T value) : value_(std::move(value)) {}  // NOLINT
  template <typename U, typename = std::enable_if_t<
                            std::is_constructible_v<T, U&&> &&
                            !std::is_same_v<std::decay_t<U>, T> &&
                            !std::is_same_v<std::decay_t<U>, Status>>>
  StatusOr(U&& value)  // NOLINT
      : value_(std::in_place, std::forward<U>(value)) {}

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }

  const T& value() const& { return *Checked(); }
  T& value() & { return *Checked(); }
  T&& value() && { return std::move(*Checked()); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  T&& operator*() && { return std::move(*Checked()); }
  const T* operator->() const { return Checked(); }
  T* operator->() { return Checked(); }

 private:
  T* Checked() {
    if (!value_) eddy::internal::DieOfBadAccess(status_);
    return &*value_;
  }
  const T* Checked() const {
    if (!value_) eddy::internal::DieOfBadAccess(status_);
    return &*value_;
  }

  Status status_;
  std::optional<T> value_;
};

namespace internal {
inline Status AsStatus(Status s) { return s; }
template <typename T>
Status AsStatus(const StatusOr<T>& s) {
  return s.status();
}
}  // namespace internal

}  // namespace eddy

#define EDDY_STATUS_CONCAT_INNER_(a, b) a##b
#define EDDY_STATUS_CONCAT_(a, b) EDDY_STATUS_CONCAT_INNER_(a, b)

// Returns the Status of `expr` from the enclosing function if it is an error.
#define EDDY_RETURN_IF_ERROR(expr)                                  \
  do {                                                              \
    ::eddy::Status eddy_status_ = ::eddy::internal::AsStatus(expr); \
    if (!eddy_status_.ok()) return eddy_status_;                    \
  } while (0)

// Evaluates `rexpr` (a StatusOr<T>); on error returns its Status, otherwise
// declares/assigns `lhs` from the value: EDDY_ASSIGN_OR_RETURN(auto x, F());
#define EDDY_ASSIGN_OR_RETURN(lhs, rexpr)                                    \
  EDDY_ASSIGN_OR_RETURN_IMPL_(EDDY_STATUS_CONCAT_(eddy_statusor_, __LINE__), \
                              lhs, rexpr)
#define EDDY_ASSIGN_OR_RETURN_IMPL_(var, lhs, rexpr) \
  auto var = (rexpr);                                \
  if (!var.ok()) return var.status();                \
  lhs = std::move(var).value()

#endif  // EDDY_EMULATOR_BASE_STATUS_H_
