// Copyright 2026 The eddy Authors.
//
// Number formatting for the model's cost and review reports: the lab's
// helpers (model/internal/text.h) plus dollars and byte sizes. Internal
// to model/.

#ifndef EDDY_MODEL_INTERNAL_MONEY_H_
#define EDDY_MODEL_INTERNAL_MONEY_H_

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "model/internal/text.h"

namespace eddy::model::internal {

using lab::internal::Fixed;
using lab::internal::Grouped;

// "$1,234.56"; under a dollar with four decimals ("$0.0042"); "$0" for 0.
inline std::string Dollars(double v) {
  if (!std::isfinite(v)) v = 0;
  if (v == 0) return "$0";
  if (std::fabs(v) < 1) return "$" + Fixed(v, 4);
  const double cents = std::round(v * 100);
  const auto whole = static_cast<int64_t>(cents / 100);
  const auto frac = static_cast<int>(std::llround(cents) % 100);
  char buf[8];
  std::snprintf(buf, sizeof(buf), ".%02d", frac < 0 ? -frac : frac);
  return "$" + Grouped(whole) + buf;
}

// 1 KB = 1024 B.
inline std::string ByteSize(double b) {
  if (!std::isfinite(b) || b < 0) b = 0;
  if (b < 1024) return Fixed(b, 0) + " B";
  if (b < 1024.0 * 1024) return Fixed(b / 1024, 1) + " KB";
  if (b < 1024.0 * 1024 * 1024) return Fixed(b / 1024 / 1024, 1) + " MB";
  return Fixed(b / 1024 / 1024 / 1024, 2) + " GB";
}

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_MONEY_H_
