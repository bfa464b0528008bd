// Copyright 2026 The eddy Authors.

#include "emulator/wire/decode_budget.h"

#include <algorithm>

namespace eddy {
namespace {

// Bytes taken from the DecodeBudget at a time, so that the (atomic) budget
// is touched once per 16 KiB of decoded values, not per node.
constexpr size_t kStep = 16 * 1024;

thread_local ScopedDecodeBudget* current_scope = nullptr;

}  // namespace

ScopedDecodeBudget::ScopedDecodeBudget(DecodeBudget* budget)
    : budget_(budget), previous_(current_scope) {
  current_scope = this;
}

ScopedDecodeBudget::~ScopedDecodeBudget() {
  current_scope = previous_;
  if (held_ > 0) budget_->Release(held_);
}

ScopedDecodeBudget* ScopedDecodeBudget::Current() { return current_scope; }

bool ScopedDecodeBudget::Grow() {
  if (refused_) return false;
  const size_t step = std::max(kStep, charged_ - held_);
  if (!budget_->TryAcquire(step)) {
    refused_ = true;
    return false;
  }
  held_ += step;
  return true;
}

Status DecodeBudgetRefusal() {
  return Status(ErrorCode::kServiceUnavailable,
                "The server is holding too many request bytes at once; retry "
                "the request later");
}

}  // namespace eddy
