// Copyright 2026 The eddy Authors.
//
// The throttling lab's traffic: one deterministic request generator per
// scenario stream (model/lab/scenario.h), drawing partition keys from the
// stream's distribution (uniform, zipf, a hot key, sequential; write
// shards), sort keys, low-cardinality values and padding to the stream's
// item size. Used by RunScenario (simulate.cc); not for use outside
// model/lab.
//
// Determinism: every choice comes from the generator's own splitmix64
// sequence, seeded by the caller; the same seed gives the same items.
//
// Thread safety: a Generator is used by one thread. It keeps references to
// the Stream and TableSpec it was built from, which must outlive it.

#ifndef EDDY_MODEL_LAB_TRAFFIC_H_
#define EDDY_MODEL_LAB_TRAFFIC_H_

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/types/attribute_value.h"
#include "model/lab/scenario.h"

namespace eddy::lab::internal {

// splitmix64.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t Next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) (n > 0), without modulo bias worth noticing for the
  // ranges used here (128-bit multiply-shift).
  uint64_t Below(uint64_t n) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * n) >>
                                 64);
  }
  // Uniform in [0, 1).
  double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  uint64_t s_;
};

// One stream's request generator.
class Generator {
 public:
  Generator(const Stream& stream, const TableSpec& table, uint64_t seed);

  // The partition-key value of the next request.
  std::string PartitionKey();
  // The sort-key value of the next request (KeySpec::sort_keys).
  std::string SortKey();
  // The key of the next item, and (for writes) the whole item.
  Item Next(bool whole_item);

  Rng& rng() { return rng_; }

 private:
  const Stream& stream_;
  const TableSpec& table_;
  Rng rng_;
  std::vector<double> cdf_;
  std::vector<std::vector<double>> value_cdfs_;
  uint64_t sequence_ = 0;
};

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_TRAFFIC_H_
