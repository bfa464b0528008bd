// Copyright 2026 The eddy Authors.
//
// Conversions between Unix milliseconds and ISO 8601 UTC text
// ("2024-01-01T00:00:00.000Z"), proleptic Gregorian, for the model's virtual
// clock. Pure functions.

#ifndef EDDY_MODEL_INTERNAL_CIVIL_TIME_H_
#define EDDY_MODEL_INTERNAL_CIVIL_TIME_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace eddy::model::internal {

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
inline int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

inline void CivilFromDays(int64_t z, int64_t* y, int64_t* m, int64_t* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp + (mp < 10 ? 3 : -9);
  *y = yoe + era * 400 + (*m <= 2);
}

// "YYYY-MM-DDTHH:MM:SSZ" or "YYYY-MM-DDTHH:MM:SS.mmmZ" (years 1970..9999).
inline std::optional<int64_t> ParseIsoMillis(std::string_view t) {
  if (t.size() != 20 && t.size() != 24) return std::nullopt;
  auto digits = [&](size_t at, size_t n, int* out) {
    int v = 0;
    for (size_t i = at; i < at + n; ++i) {
      if (t[i] < '0' || t[i] > '9') return false;
      v = v * 10 + (t[i] - '0');
    }
    *out = v;
    return true;
  };
  int y, mo, d, h, mi, s, ms = 0;
  if (!digits(0, 4, &y) || t[4] != '-' || !digits(5, 2, &mo) || t[7] != '-' ||
      !digits(8, 2, &d) || t[10] != 'T' || !digits(11, 2, &h) || t[13] != ':' ||
      !digits(14, 2, &mi) || t[16] != ':' || !digits(17, 2, &s) ||
      t.back() != 'Z') {
    return std::nullopt;
  }
  if (t.size() == 24 && (t[19] != '.' || !digits(20, 3, &ms))) {
    return std::nullopt;
  }
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 ||
      s > 59) {
    return std::nullopt;
  }
  return ((DaysFromCivil(y, mo, d) * 24 + h) * 60 + mi) * 60000 +
         int64_t{s} * 1000 + ms;
}

inline std::string FormatIsoMillis(int64_t millis) {
  const int64_t days =
      millis >= 0 ? millis / 86400000 : -((-millis + 86399999) / 86400000);
  const int64_t rest = millis - days * 86400000;
  int64_t y, m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y < 0 || y > 9999) y = 9999;  // the clock is bounded far below this
  // "YYYY-MM-DDTHH:MM:SS.mmmZ", written digit by digit (snprintf was a
  // seventh of the generator's time).
  std::string out = "0000-00-00T00:00:00.000Z";
  auto put = [&out](size_t at, int64_t v, int width) {
    for (int i = width - 1; i >= 0; --i) {
      out[at + i] = static_cast<char>('0' + v % 10);
      v /= 10;
    }
  };
  put(0, y, 4);
  put(5, m, 2);
  put(8, d, 2);
  put(11, rest / 3600000, 2);
  put(14, rest / 60000 % 60, 2);
  put(17, rest / 1000 % 60, 2);
  put(20, rest % 1000, 3);
  return out;
}

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_CIVIL_TIME_H_
