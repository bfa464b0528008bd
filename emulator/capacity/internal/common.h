// Copyright 2026 The eddy Authors.
//
// Small helpers every part of the throttling simulator uses: the virtual
// second of a time, ceiling division, and the status of an unknown resource.
// Private to emulator/capacity.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_COMMON_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_COMMON_H_

#include <cstdint>
#include <string>

#include "emulator/base/status.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity::internal {

inline constexpr int64_t kMicros = 1'000'000;  // per second

// The virtual second holding `micros` (floor division: -1 µs is second -1).
inline int64_t SecondOf(int64_t micros) {
  return micros >= 0 ? micros / kMicros : -((-micros + kMicros - 1) / kMicros);
}

// ceil(a / b) for a >= 0 and b > 0; 0 when b <= 0.
inline int64_t CeilDiv(int64_t a, int64_t b) {
  return b <= 0 ? 0 : (a + b - 1) / b;
}

// ResourceNotFoundException for an id the simulator does not know.
inline Status NotFound(ResourceId id) {
  return Status::ResourceNotFound("Requested resource not found: resource " +
                                  std::to_string(id));
}

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_COMMON_H_
