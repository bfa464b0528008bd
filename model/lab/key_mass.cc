// Copyright 2026 The eddy Authors.

#include "model/lab/key_mass.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "emulator/storage/record.h"
#include "emulator/types/attribute_value.h"

namespace eddy::lab::internal {
namespace {

// The key bytes the engine hashes and names in top keys.
std::string BytesOf(const std::string& key) {
  return storage::KeyBytes(AttributeValue::S(key));
}
uint64_t HashOf(const std::string& key) {
  return storage::HashPartitionKey(BytesOf(key));
}

}  // namespace

int64_t Binomial(Rng& rng, int64_t n, double p) {
  if (n <= 0 || !(p > 0)) return 0;
  if (p >= 1) return n;
  const bool flip = p > 0.5;
  if (flip) p = 1 - p;
  const double mean = static_cast<double>(n) * p;
  int64_t k = 0;
  if (mean < 25) {
    // Inversion: walk the probability mass function from 0.
    const double q = 1 - p;
    const double s = p / q;
    const double a = static_cast<double>(n + 1) * s;
    double r = std::pow(q, static_cast<double>(n));
    double u = rng.Unit();
    while (u > r && k < n) {
      u -= r;
      ++k;
      r *= a / static_cast<double>(k) - s;
      if (r <= 0) break;
    }
  } else {
    // Box-Muller.
    const double u1 = 1.0 - rng.Unit();  // (0, 1]
    const double u2 = rng.Unit();
    const double z =
        std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
    k = std::clamp<int64_t>(std::llround(mean + z * std::sqrt(mean * (1 - p))),
                            0, n);
  }
  return flip ? n - k : k;
}

StatusOr<KeyMass> KeyMass::Make(const Stream& stream) {
  const KeySpec& k = stream.keys;
  const int64_t shards = std::max(1, k.shards);
  const int64_t keys = std::max<int64_t>(1, k.count) * shards +
                       (k.distribution == Distribution::kHotKey ? 1 : 0);
  if (keys > kMaxKeys) {
    return Status::Validation(
        "stream " + stream.name + ": " + std::to_string(keys) +
        " partition keys; the aggregate simulation lays out at most " +
        std::to_string(kMaxKeys));
  }
  // Every key the generator can draw, with its probability.
  std::vector<std::pair<std::string, double>> all;
  all.reserve(static_cast<size_t>(keys));
  auto add = [&](const std::string& base, double p) {
    if (k.shards <= 0) {
      all.emplace_back(base, p);
      return;
    }
    for (int s = 1; s <= k.shards; ++s)
      all.emplace_back(base + "." + std::to_string(s), p / k.shards);
  };
  switch (k.distribution) {
    case Distribution::kUniform:
      for (int64_t i = 0; i < k.count; ++i)
        add(k.prefix + std::to_string(i), 1.0 / static_cast<double>(k.count));
      break;
    case Distribution::kZipf: {
      double sum = 0;
      for (int64_t r = 1; r <= k.count; ++r)
        sum += 1.0 / std::pow(static_cast<double>(r), k.zipf_exponent);
      for (int64_t r = 1; r <= k.count; ++r) {
        add(k.prefix + std::to_string(r - 1),
            1.0 / std::pow(static_cast<double>(r), k.zipf_exponent) / sum);
      }
      break;
    }
    case Distribution::kHotKey: {
      const double hot = std::min(1.0, k.hot_fraction);
      add(k.hot_key, hot);
      if (hot < 1) {
        for (int64_t i = 0; i < k.count; ++i) {
          add(k.prefix + std::to_string(i),
              (1 - hot) / static_cast<double>(k.count));
        }
      }
      break;
    }
    case Distribution::kSequential:
      // Round robin: every key as often as the others.
      for (int64_t i = 1; i <= k.count; ++i)
        add(k.prefix + std::to_string(i), 1.0 / static_cast<double>(k.count));
      break;
  }
  // One entry per distinct key (a hot key may also be a uniform one).
  std::sort(all.begin(), all.end());
  std::vector<std::pair<std::string, double>> merged;
  merged.reserve(all.size());
  for (auto& [key, p] : all) {
    if (!merged.empty() && merged.back().first == key) {
      merged.back().second += p;
    } else {
      merged.emplace_back(std::move(key), p);
    }
  }
  all.clear();
  all.shrink_to_fit();
  // The hot keys: the most probable (ties: in key order).
  KeyMass mass;
  std::vector<size_t> order(merged.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const size_t hot = std::min<size_t>(kHotKeys, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<long>(hot),
                    order.end(), [&](size_t a, size_t b) {
                      return merged[a].second != merged[b].second
                                 ? merged[a].second > merged[b].second
                                 : merged[a].first < merged[b].first;
                    });
  std::vector<char> is_hot(merged.size(), 0);
  for (size_t i = 0; i < hot; ++i) {
    const auto& [key, p] = merged[order[i]];
    is_hot[order[i]] = 1;
    mass.hot_.push_back(HotKey{BytesOf(key), HashOf(key), p});
  }
  // The rest, by hash.
  std::vector<std::pair<uint64_t, double>> rest;
  rest.reserve(merged.size() - mass.hot_.size());
  for (size_t i = 0; i < merged.size(); ++i) {
    if (!is_hot[i])
      rest.emplace_back(HashOf(merged[i].first), merged[i].second);
  }
  std::sort(rest.begin(), rest.end());
  mass.hashes_.reserve(rest.size());
  mass.cumulative_.reserve(rest.size() + 1);
  mass.cumulative_.push_back(0);
  for (const auto& [h, p] : rest) {
    mass.hashes_.push_back(h);
    mass.cumulative_.push_back(mass.cumulative_.back() + p);
  }
  mass.Layout({0});
  return mass;
}

void KeyMass::Layout(const std::vector<uint64_t>& starts) {
  cells_.clear();
  for (size_t p = 0; p < starts.size(); ++p) {
    const size_t lo = static_cast<size_t>(
        std::lower_bound(hashes_.begin(), hashes_.end(), starts[p]) -
        hashes_.begin());
    const size_t hi = p + 1 < starts.size()
                          ? static_cast<size_t>(
                                std::lower_bound(hashes_.begin(), hashes_.end(),
                                                 starts[p + 1]) -
                                hashes_.begin())
                          : hashes_.size();
    if (lo >= hi) continue;
    const double base = cumulative_[lo];
    const double total = cumulative_[hi] - base;
    // Cells of equal probability: cut where the cumulative probability
    // passes each quantile.
    size_t from = lo;
    for (int c = 1; c <= kCellsPerPartition && from < hi; ++c) {
      size_t to = hi;
      if (c < kCellsPerPartition) {
        const double cut = base + total * c / kCellsPerPartition;
        to = static_cast<size_t>(
            std::lower_bound(cumulative_.begin() + 1 + static_cast<long>(from),
                             cumulative_.begin() + 1 + static_cast<long>(hi),
                             cut) -
            cumulative_.begin());
        to = std::clamp(to, from + 1, hi);
      }
      const double p = cumulative_[to] - cumulative_[from];
      // The middle key by probability stands for the cell.
      const double middle = cumulative_[from] + p / 2;
      size_t m = static_cast<size_t>(
          std::lower_bound(cumulative_.begin() + 1 + static_cast<long>(from),
                           cumulative_.begin() + 1 + static_cast<long>(to),
                           middle) -
          cumulative_.begin());
      m = std::clamp(m, from + 1, to) - 1;
      cells_.push_back(Cell{hashes_[m], p});
      from = to;
    }
  }
}

void KeyMass::Draw(Rng& rng, int64_t n, std::vector<int64_t>* counts) const {
  counts->assign(hot_.size() + cells_.size(), 0);
  double left = 1;
  size_t i = 0;
  auto take = [&](double p) {
    if (n <= 0 || left <= 0) return int64_t{0};
    const int64_t c = p >= left ? n : Binomial(rng, n, p / left);
    n -= c;
    left -= p;
    return c;
  };
  for (const HotKey& h : hot_) (*counts)[i++] = take(h.p);
  for (const Cell& c : cells_) (*counts)[i++] = take(c.p);
  // Rounding of the probabilities: whatever is left goes to the last cell.
  if (n > 0 && !counts->empty()) counts->back() += n;
}

}  // namespace eddy::lab::internal
