// Copyright 2026 The eddy Authors.
//
// The aggregate mode's view of a stream's keys (model/lab/aggregate.h): the
// probability of each partition key the stream's distribution can draw
// (model/lab/traffic.h draws them one by one), laid out so that a second's
// requests are split over the partitions by sampling counts rather than by
// drawing each key:
//
//   - the hottest keys (kHotKeys of them; among equals, the first in key
//     order) are kept one by one, with their key bytes, so top keys and
//     hot-key throttling see them individually;
//   - every other key is placed by its hash; Layout() cuts them, for the
//     partitions of the moment, into up to kCellsPerPartition cells of
//     equal probability per partition, each standing at the hash of its
//     middle key (where split-for-heat sees it);
//   - Draw() splits n requests over hot keys and cells by a multinomial
//     draw (successive binomials, seeded).
//
//   KeyMass mass(stream);                       // once per stream
//   mass.Layout(partition_starts);              // after each split
//   mass.Draw(rng, 100'000, &counts);           // hot keys, then cells
//
// Memory: 16 bytes per key (hash and probability); the number of keys
// (count × shards) is bounded by kMaxKeys.
//
// Thread safety: none; one KeyMass per stream of one run.

#ifndef EDDY_MODEL_LAB_KEY_MASS_H_
#define EDDY_MODEL_LAB_KEY_MASS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "model/lab/scenario.h"
#include "model/lab/traffic.h"

namespace eddy::lab::internal {

// A draw from Binomial(n, p): inversion below a mean of 25, else the normal
// approximation (rounded, clamped to [0, n]). Deterministic for a seed.
int64_t Binomial(Rng& rng, int64_t n, double p);

class KeyMass {
 public:
  static constexpr int kHotKeys = 256;
  static constexpr int kCellsPerPartition = 4;
  static constexpr int64_t kMaxKeys = 20'000'000;

  // ValidationException when the stream's key space exceeds kMaxKeys.
  static StatusOr<KeyMass> Make(const Stream& stream);

  struct HotKey {
    std::string key;  // the partition key's bytes (storage::KeyBytes)
    uint64_t hash = 0;
    double p = 0;
  };
  struct Cell {
    uint64_t hash = 0;  // its middle key's hash
    double p = 0;
  };

  const std::vector<HotKey>& hot() const { return hot_; }
  const std::vector<Cell>& cells() const { return cells_; }
  // Cuts the keys that are not hot into cells for partitions starting at
  // `starts` (ascending first hashes, the first 0).
  void Layout(const std::vector<uint64_t>& starts);
  // Splits `n` requests: counts->size() == hot().size() + cells().size(),
  // hot keys first.
  void Draw(Rng& rng, int64_t n, std::vector<int64_t>* counts) const;

 private:
  KeyMass() = default;

  std::vector<HotKey> hot_;
  // The other keys, in hash order, and their cumulative probability.
  std::vector<uint64_t> hashes_;
  std::vector<double> cumulative_;
  std::vector<Cell> cells_;
};

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_KEY_MASS_H_
