// Copyright 2026 The eddy Authors.
//
// Random: the seeded pseudo-random generator behind the model's data
// generator and runner. xoshiro256** seeded through splitmix64, with its own
// uniform-range reduction, so a seed produces the same sequence with every
// compiler and standard library (std::uniform_int_distribution is
// implementation-defined and would not).
//
//   model::internal::Random rng(/*seed=*/42);
//   uint64_t die = rng.Uniform(6) + 1;   // 1..6
//
// Thread safety: none; one generator per thread.

#ifndef EDDY_MODEL_INTERNAL_RANDOM_H_
#define EDDY_MODEL_INTERNAL_RANDOM_H_

#include <cstdint>

namespace eddy::model::internal {

class Random {
 public:
  explicit Random(uint64_t seed) {
    uint64_t x = seed;
    for (uint64_t& s : state_) s = SplitMix64(&x);
  }

  // 64 uniformly distributed bits.
  uint64_t Next() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n). REQUIRES: n > 0. Rejection sampling, so exactly
  // uniform.
  uint64_t Uniform(uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do {
      v = Next();
    } while (v >= limit);
    return v % n;
  }

  // Uniform in [lo, hi]. REQUIRES: lo <= hi.
  int64_t Range(int64_t lo, int64_t hi) {
    const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    if (span == UINT64_MAX) return static_cast<int64_t>(Next());
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + Uniform(span + 1));
  }

  // A new generator whose sequence is independent of this one's future
  // output (for giving each phase its own stream).
  Random Fork() { return Random(Next()); }

 private:
  static uint64_t SplitMix64(uint64_t* x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  uint64_t state_[4];
};

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_RANDOM_H_
