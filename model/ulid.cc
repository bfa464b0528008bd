// Copyright 2026 The eddy Authors.

#include "model/ulid.h"

namespace eddy::model {
namespace {

constexpr char kCrockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

int CrockfordValue(char c) {
  for (int i = 0; i < 32; ++i) {
    if (kCrockford[i] == c) return i;
  }
  return -1;
}

}  // namespace

std::string EncodeUlid(uint64_t millis, uint16_t random_high,
                       uint64_t random_low) {
  // 128 bits: 48 of time, 80 of randomness; 26 base32 digits hold 130, so the
  // first digit carries only the top 3 bits.
  unsigned __int128 value = (millis & 0xFFFFFFFFFFFFULL);
  value = (value << 16) | random_high;
  value = (value << 64) | random_low;
  std::string out(26, '0');
  for (int i = 25; i >= 0; --i) {
    out[i] = kCrockford[static_cast<int>(value & 31)];
    value >>= 5;
  }
  return out;
}

int64_t UlidMillis(const std::string& ulid) {
  if (ulid.size() != 26) return -1;
  unsigned __int128 value = 0;
  for (size_t i = 0; i < ulid.size(); ++i) {
    const int v = CrockfordValue(ulid[i]);
    if (v < 0 || (i == 0 && v > 7)) return -1;  // 26 digits carry 130 bits
    value = (value << 5) | static_cast<unsigned>(v);
  }
  return static_cast<int64_t>(value >> 80);
}

std::string UlidGenerator::Next() {
  const uint64_t millis = static_cast<uint64_t>(clock_->NowMicros() / 1000);
  const uint64_t high = random_.Next();
  const uint64_t low = random_.Next();
  return EncodeUlid(millis, static_cast<uint16_t>(high >> 48), low);
}

}  // namespace eddy::model
