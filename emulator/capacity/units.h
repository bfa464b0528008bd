// Copyright 2026 The eddy Authors.
//
// Capacity-unit arithmetic of the throughput model (throughput-model.md §1).
// Units are counted in integer half-units — an eventually consistent 4 KB
// read is 1 — and turned into DynamoDB's decimal units only at the edge
// (ToUnits).
//
// clang-format off
//   int64_t r = ReadHalfUnits(/*bytes=*/8 * 1024,
//                             /*strongly_consistent=*/true);  // 4 (= 2 RCU)
//   int64_t w = WriteHalfUnits(1600);                         // 4 (= 2 WCU)
// clang-format on
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_CAPACITY_UNITS_H_
#define EDDY_EMULATOR_CAPACITY_UNITS_H_

#include <algorithm>
#include <cstdint>

#include "emulator/types/limits.h"

namespace eddy::capacity {

// A read of `bytes` (one item, or the summed items of a Query/Scan page),
// rounded up to 4 KB, at least one block (a missing item still costs one).
inline int64_t ReadHalfUnits(int64_t bytes, bool strongly_consistent) {
  const int64_t blocks = std::max<int64_t>(
      1, (bytes + limits::kReadUnitBytes - 1) / limits::kReadUnitBytes);
  return blocks * (strongly_consistent ? 2 : 1);
}

// A write of `bytes`, rounded up to 1 KB, at least one unit.
inline int64_t WriteHalfUnits(int64_t bytes) {
  const int64_t blocks = std::max<int64_t>(
      1, (bytes + limits::kWriteUnitBytes - 1) / limits::kWriteUnitBytes);
  return blocks * 2;
}

inline double ToUnits(int64_t half_units) {
  return static_cast<double>(half_units) / 2.0;
}

}  // namespace eddy::capacity

#endif  // EDDY_EMULATOR_CAPACITY_UNITS_H_
