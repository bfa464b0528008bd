// Copyright 2026 The eddy Authors.

#include "emulator/base/status.h"

#include <cstdio>
#include <cstdlib>

namespace eddy {

namespace internal {
void DieOfBadAccess(const Status& status) {
  std::fprintf(stderr, "eddy: StatusOr::value() called on an error: %s\n",
               status.ToString().c_str());
  std::fflush(stderr);
  std::abort();
}
}  // namespace internal

Status::Status(ErrorCode code, std::string message) {
  if (code == ErrorCode::kOk) return;
  auto state = std::make_shared<State>();
  state->code = code;
  state->message = std::move(message);
  state_ = std::move(state);
}

const std::vector<CancellationReason>& Status::cancellation_reasons() const {
  static const std::vector<CancellationReason> kNone;
  return ok() ? kNone : state_->cancellation_reasons;
}

const std::vector<ThrottlingReason>& Status::throttling_reasons() const {
  static const std::vector<ThrottlingReason> kNone;
  return ok() ? kNone : state_->throttling_reasons;
}

const std::shared_ptr<const AttributeMap>& Status::item() const {
  static const std::shared_ptr<const AttributeMap> kNone;
  return ok() ? kNone : state_->item;
}

Status Status::WithCancellationReasons(
    std::vector<CancellationReason> reasons) const {
  if (ok()) return *this;
  auto copy = std::make_shared<State>(*state_);
  copy->cancellation_reasons = std::move(reasons);
  return Status(std::shared_ptr<const State>(std::move(copy)));
}

Status Status::WithThrottlingReasons(
    std::vector<ThrottlingReason> reasons) const {
  if (ok()) return *this;
  auto copy = std::make_shared<State>(*state_);
  copy->throttling_reasons = std::move(reasons);
  return Status(std::shared_ptr<const State>(std::move(copy)));
}

Status Status::WithItem(std::shared_ptr<const AttributeMap> item) const {
  if (ok()) return *this;
  auto copy = std::make_shared<State>(*state_);
  copy->item = std::move(item);
  return Status(std::shared_ptr<const State>(std::move(copy)));
}

Status Status::WithMessagePrefix(std::string_view prefix) const {
  if (ok()) return *this;
  auto copy = std::make_shared<State>(*state_);
  copy->message.insert(0, prefix);
  return Status(std::shared_ptr<const State>(std::move(copy)));
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out(ErrorCodeName(code()));
  out += ": ";
  out += state_->message;
  return out;
}

}  // namespace eddy
