// Copyright 2026 The eddy Authors.
//
// TokenBucket: an integer token bucket on virtual time, refilled lazily when
// it is looked at (no timers, no per-tick loops). Tokens are capacity
// half-units scaled by one million ("half-unit-microseconds"), so a rate in
// half-units per second adds exactly `rate` tokens per microsecond and all
// arithmetic is exact: a run on a ManualClock is deterministic to the byte.
//
// clang-format off
//   // 1,000 WCU/s, 1 s deep:
//   TokenBucket b(/*rate=*/2000, /*depth_micros=*/1'000'000, now);
//   b.Refill(now);
//   if (b.CanTake(2)) b.Take(2);  // a 1 KB write
// clang-format on
//
// A request larger than the whole bucket can still pass when the bucket is
// full; the bucket then goes into debt, paid back by the refill (so a 400 KB
// write on a 1 WCU table is slow, not impossible).
//
// Thread safety: none; the owner synchronizes.

#ifndef EDDY_EMULATOR_CAPACITY_TOKEN_BUCKET_H_
#define EDDY_EMULATOR_CAPACITY_TOKEN_BUCKET_H_

#include <algorithm>
#include <cstdint>

namespace eddy::capacity {

class TokenBucket {
 public:
  static constexpr int64_t kScale = 1'000'000;  // tokens per half-unit

  TokenBucket() = default;
  // Starts with `initial_micros` of the rate (clamped to the depth).
  TokenBucket(int64_t rate_half_units_per_second, int64_t depth_micros,
              int64_t now_micros, int64_t initial_micros = -1) {
    Reset(rate_half_units_per_second, depth_micros, now_micros, initial_micros);
  }

  void Reset(int64_t rate, int64_t depth_micros, int64_t now_micros,
             int64_t initial_micros = -1) {
    rate_ = std::max<int64_t>(rate, 0);
    capacity_ = Mul(rate_, std::max<int64_t>(depth_micros, 1));
    tokens_ = initial_micros < 0
                  ? capacity_
                  : std::min(capacity_, Mul(rate_, initial_micros));
    last_ = now_micros;
  }

  // Changes rate and depth keeping the tokens (clamped to the new depth).
  void Reconfigure(int64_t rate, int64_t depth_micros, int64_t now_micros) {
    Refill(now_micros);
    rate_ = std::max<int64_t>(rate, 0);
    capacity_ = Mul(rate_, std::max<int64_t>(depth_micros, 1));
    tokens_ = std::min(tokens_, capacity_);
  }

  void Refill(int64_t now_micros) {
    if (now_micros <= last_) return;
    const int64_t elapsed = now_micros - last_;
    last_ = now_micros;
    if (tokens_ >= capacity_) return;
    // Time to fill completely; past it (or on overflow risk) the bucket is
    // full.
    if (rate_ == 0) return;
    const int64_t to_fill = (capacity_ - tokens_) / rate_ + 1;
    tokens_ = elapsed >= to_fill
                  ? capacity_
                  : std::min(capacity_, tokens_ + elapsed * rate_);
  }

  // REQUIRES: Refill(now) was called for the current time.
  bool CanTake(int64_t half_units) const {
    if (half_units <= 0) return true;
    const int64_t need = Mul(half_units, kScale);
    return tokens_ >= need || (tokens_ >= capacity_ && capacity_ > 0);
  }
  void Take(int64_t half_units) {
    if (half_units > 0) tokens_ -= Mul(half_units, kScale);
  }

  // --- Fluid use (ThrottleSimulator::AdmitBulk) ---------------------------
  // Requests spread evenly over [now, to_micros) of virtual time, treated as
  // a flow rather than one by one. REQUIRES: Refill(now) was called.
  // The whole half-units the bucket can give them: its tokens now plus the
  // refill until `to_micros` (0 when in debt).
  int64_t SpreadSupply(int64_t to_micros) const {
    const int64_t elapsed = std::max<int64_t>(0, to_micros - last_);
    const int64_t refill = Mul(rate_, elapsed);
    const int64_t supply =
        tokens_ > INT64_MAX / 4 - refill ? INT64_MAX / 4 : tokens_ + refill;
    return std::max<int64_t>(0, supply / kScale);
  }
  // Takes `half_units` spread evenly until `to_micros`, and leaves the
  // bucket at `to_micros`. The flow in and out is constant, so the bucket
  // ends at min(capacity, tokens + refill - taken): full all along when the
  // refill outpaces the takes, never capped when it does not.
  void TakeSpread(int64_t half_units, int64_t to_micros) {
    const int64_t elapsed = std::max<int64_t>(0, to_micros - last_);
    const int64_t refill = Mul(rate_, elapsed);
    const int64_t take = Mul(std::max<int64_t>(half_units, 0), kScale);
    const int64_t supply =
        tokens_ > INT64_MAX / 4 - refill ? INT64_MAX / 4 : tokens_ + refill;
    tokens_ = std::min(capacity_, supply - take);
    last_ = std::max(last_, to_micros);
  }

  int64_t rate() const { return rate_; }
  int64_t capacity() const { return capacity_; }
  int64_t tokens() const { return tokens_; }
  // Whole half-units available now (after Refill).
  int64_t available_half_units() const { return tokens_ / kScale; }

 private:
  // Saturating multiply for non-negative operands.
  static int64_t Mul(int64_t a, int64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a > INT64_MAX / b) return INT64_MAX / 4;
    return a * b;
  }

  int64_t rate_ = 0;      // half-units per second == tokens per microsecond
  int64_t capacity_ = 0;  // tokens
  int64_t tokens_ = 0;    // may be negative (debt)
  int64_t last_ = 0;      // micros of the last refill
};

}  // namespace eddy::capacity

#endif  // EDDY_EMULATOR_CAPACITY_TOKEN_BUCKET_H_
