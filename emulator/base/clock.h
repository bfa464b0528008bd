// Copyright 2026 The eddy Authors.
//
// Clock: the only way eddy reads time. Anything that depends on time (TTL
// expiry, idempotency windows, index backfill, token buckets, throttling) asks
// an injected Clock, so tests and the throttling simulator drive time with a
// ManualClock and never sleep.
//
//   ManualClock clock(/*start_micros=*/0);
//   Options options; options.clock = &clock;
//   clock.AdvanceMicros(5'000'000);  // five seconds later, instantly
//
// Thread safety: both implementations may be used from many threads.

#ifndef EDDY_EMULATOR_BASE_CLOCK_H_
#define EDDY_EMULATOR_BASE_CLOCK_H_

#include <atomic>
#include <cstdint>

namespace eddy {

class Clock {
 public:
  virtual ~Clock() = default;
  // Microseconds since the Unix epoch.
  virtual int64_t NowMicros() const = 0;

  // The process-wide wall clock.
  static Clock* Real();
};

// Reads std::chrono::system_clock.
class RealClock final : public Clock {
 public:
  int64_t NowMicros() const override;
};

// A clock that moves only when told to. Time never goes backwards: SetMicros
// to an earlier time is ignored.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(int64_t start_micros = 0) : now_(start_micros) {}

  int64_t NowMicros() const override {
    return now_.load(std::memory_order_acquire);
  }
  void AdvanceMicros(int64_t delta);
  void AdvanceSeconds(double seconds) {
    AdvanceMicros(static_cast<int64_t>(seconds * 1e6));
  }
  void SetMicros(int64_t micros);

 private:
  std::atomic<int64_t> now_;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_BASE_CLOCK_H_
