// Copyright 2026 The eddy Authors.

#include "emulator/base/clock.h"

#include <chrono>

namespace eddy {

Clock* Clock::Real() {
  static RealClock* clock = new RealClock();  // never destroyed
  return clock;
}

int64_t RealClock::NowMicros() const {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void ManualClock::AdvanceMicros(int64_t delta) {
  if (delta > 0) now_.fetch_add(delta, std::memory_order_acq_rel);
}

void ManualClock::SetMicros(int64_t micros) {
  int64_t current = now_.load(std::memory_order_acquire);
  while (micros > current && !now_.compare_exchange_weak(
                                 current, micros, std::memory_order_acq_rel)) {
  }
}

}  // namespace eddy
