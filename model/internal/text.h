// Copyright 2026 The eddy Authors.
//
// Number and key formatting shared by the lab's text and HTML reports.
// Internal to model/ (the lab's reports and the model report).

#ifndef EDDY_MODEL_INTERNAL_TEXT_H_
#define EDDY_MODEL_INTERNAL_TEXT_H_

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace eddy::lab::internal {

// `v` with `decimals` digits after the point; a non-finite value as 0.
inline std::string Fixed(double v, int decimals) {
  if (!std::isfinite(v)) v = 0;
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

// 1234567 -> "1,234,567".
inline std::string Grouped(int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return v < 0 ? "-" + out : out;
}

// Key bytes as text: printable bytes as they are, others as \xNN; cut at
// `max` characters with `ellipsis`.
inline std::string Printable(std::string_view s, size_t max,
                             std::string_view ellipsis) {
  std::string out;
  for (unsigned char c : s) {
    if (out.size() >= max) {
      out += ellipsis;
      break;
    }
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_INTERNAL_TEXT_H_
