// Copyright 2026 The eddy Authors.

#include "tools/eddy-server/internal/request_id.h"

namespace eddy::server::internal {
namespace {

constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// splitmix64's finalizer: a bijection on 64-bit integers.
uint64_t Mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

}  // namespace

void RequestIdGenerator::Next(char* out) {
  const uint64_t n = counter_.fetch_add(1, std::memory_order_relaxed);
  // Unique part: Mix is a bijection, and 13 base-36 digits hold any uint64.
  uint64_t unique = Mix(n + seed_);
  for (size_t i = 0; i < 13; ++i) {
    out[kLength - 1 - i] = kAlphabet[unique % 36];
    unique /= 36;
  }
  // Decoration: a pseudo-random stream keyed by seed and counter, 12 base-36
  // digits per 64-bit word (36^12 < 2^64).
  const uint64_t base = Mix(seed_ ^ Mix(n ^ 0x9E3779B97F4A7C15ull));
  uint64_t word = 0;
  for (size_t i = 0; i < kLength - 13; ++i) {
    if (i % 12 == 0) word = Mix(base + (i / 12 + 1) * 0x9E3779B97F4A7C15ull);
    out[i] = kAlphabet[word % 36];
    word /= 36;
  }
}

}  // namespace eddy::server::internal
