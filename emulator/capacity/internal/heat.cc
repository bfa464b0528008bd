// Copyright 2026 The eddy Authors.
//
// Split for heat: observations, the verdict and the queued splits (see
// heat.h).

#include "emulator/capacity/internal/heat.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/capacity/internal/partitions.h"
#include "emulator/capacity/partition_map.h"

namespace eddy::capacity::internal {
namespace {

// a mod m in [0, m), for m > 0.
int64_t Mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

// SplitMix64: the next number of the sequence `state` walks.
uint64_t SplitMix(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// CompareKeyPositions of a sample and a position.
int Compare(const Heat::Sample& a, const KeyPosition& b) {
  return CompareKeyPositions(a.hash, a.sort_key, b.hash, b.sort_key);
}

// p's observations, created on first use with an empty ring of
// split_window_seconds and a generator seeded for (r, p).
Heat& HeatOf(const SimulatorOptions& o, Resource& r, Partition& p) {
  if (p.heat == nullptr) {
    p.heat = std::make_unique<Heat>();
    const size_t w =
        static_cast<size_t>(std::max<int64_t>(1, o.split_window_seconds));
    p.heat->ring_read.assign(w, 0);
    p.heat->ring_write.assign(w, 0);
    p.heat->rng = o.seed ^ (static_cast<uint64_t>(r.id) << 32) ^
                  static_cast<uint64_t>(p.id) * 0x9e3779b97f4a7c15ULL;
  }
  return *p.heat;
}

// What EvaluateSplit decided; kNoCut counts as a single-item skip.
enum class SplitVerdict { kSplit, kSingleItem, kMonotonic, kLsi, kNoCut };

// Where partition `index` (hot for split_detection_seconds) should split.
SplitVerdict EvaluateSplit(const SimulatorOptions& o, const Resource& r,
                           int index, Heat& h, KeyPosition* cut) {
  std::vector<Heat::Sample>& s = h.samples;
  if (s.empty()) return SplitVerdict::kNoCut;
  std::sort(
      s.begin(), s.end(), [](const Heat::Sample& a, const Heat::Sample& b) {
        return CompareKeyPositions(a.hash, a.sort_key, b.hash, b.sort_key) < 0;
      });
  int64_t total = 0;
  int64_t best_item = 0, run = 0;
  int64_t best_key = 0, key_run = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    total += s[i].weight;
    const bool same_item = i > 0 && s[i].hash == s[i - 1].hash &&
                           s[i].sort_key == s[i - 1].sort_key;
    const bool same_key = i > 0 && s[i].hash == s[i - 1].hash;
    run = same_item ? run + s[i].weight : s[i].weight;
    key_run = same_key ? key_run + s[i].weight : s[i].weight;
    best_item = std::max(best_item, run);
    best_key = std::max(best_key, key_run);
  }
  // (i) one item carries >= θ of the load (also: one key without a sort key).
  if (static_cast<double>(best_item) >= o.split_threshold * total)
    return SplitVerdict::kSingleItem;
  // (ii) monotonic sort keys: most writes were a new extreme position.
  if (h.writes >= 16 && static_cast<double>(h.extreme_writes) >
                            o.monotonic_write_fraction * h.writes) {
    return SplitVerdict::kMonotonic;
  }
  // (iii) with an LSI the cut must fall between partition keys; a single
  // collection carrying >= θ of the load cannot be helped.
  const bool lsi = r.config.has_local_secondary_index;
  if (lsi && static_cast<double>(best_key) >= o.split_threshold * total)
    return SplitVerdict::kLsi;
  // Weighted median of consumption.
  const KeyPosition start = r.map.start(index);
  int64_t cumulative = 0;
  size_t m = 0;
  for (; m < s.size(); ++m) {
    cumulative += s[m].weight;
    if (2 * cumulative >= total) break;
  }
  size_t j = m;
  while (j < s.size() && Compare(s[j], start) <= 0) ++j;
  if (j == s.size()) return SplitVerdict::kNoCut;
  cut->hash = s[j].hash;
  cut->sort_key = lsi ? std::string() : s[j].sort_key;
  if (lsi &&
      CompareKeyPositions(cut->hash, {}, start.hash, start.sort_key) <= 0) {
    while (j < s.size() && s[j].hash == cut->hash) ++j;
    if (j == s.size()) return SplitVerdict::kLsi;
    cut->hash = s[j].hash;
  }
  if (index + 1 < r.map.count()) {
    const KeyPosition end = r.map.start(index + 1);
    if (CompareKeyPositions(cut->hash, cut->sort_key, end.hash, end.sort_key) >=
        0)
      return SplitVerdict::kNoCut;
  }
  return SplitVerdict::kSplit;
}

// An access's weight in the samples (a write counts three times a read)
// and its sort key cut to the bytes samples keep.
int64_t SampleWeight(const Access& a) {
  return 3 * a.write_half_units + a.read_half_units;
}
std::string_view SampledSortKey(const SimulatorOptions& o, const Access& a) {
  return a.sort_key.substr(
      0, static_cast<size_t>(std::max(0, o.split_sample_sort_key_bytes)));
}
size_t SampleCapacity(const SimulatorOptions& o) {
  return static_cast<size_t>(std::max(1, o.split_sample_size));
}
void Overwrite(Heat::Sample& s, const Access& a, std::string_view sk,
               int64_t weight) {
  s.hash = a.hash;
  s.sort_key.assign(sk);
  s.weight = weight;
}

// Where live partition `p` sits in r.map now.
int IndexOf(const Resource& r, const Partition& p) {
  const KeyPosition& start = r.infos[p.id].start;
  return r.map.PartitionOf(start.hash, start.sort_key);
}

}  // namespace

void SampleAccess(const SimulatorOptions& o, Resource& r, Partition& p,
                  const Access& a) {
  const int64_t weight = SampleWeight(a);
  if (weight <= 0) return;
  Heat& h = HeatOf(o, r, p);
  const size_t k = SampleCapacity(o);
  const std::string_view sk = SampledSortKey(o, a);
  ++h.seen;
  if (h.samples.size() < k) {
    h.samples.push_back(Heat::Sample{a.hash, std::string(sk), weight});
  } else {
    const uint64_t j = SplitMix(&h.rng) % static_cast<uint64_t>(h.seen);
    if (j < k) Overwrite(h.samples[j], a, sk, weight);
  }
  if (a.write_half_units > 0) {
    ++h.writes;
    if (!h.has_extremes) {
      h.has_extremes = true;
      h.max_hash = h.min_hash = a.hash;
      h.max_sort_key.assign(sk);
      h.min_sort_key.assign(sk);
    } else if (CompareKeyPositions(a.hash, sk, h.max_hash, h.max_sort_key) >=
               0) {
      ++h.extreme_writes;
      h.max_hash = a.hash;
      h.max_sort_key.assign(sk);
    } else if (CompareKeyPositions(a.hash, sk, h.min_hash, h.min_sort_key) <=
               0) {
      ++h.extreme_writes;
      h.min_hash = a.hash;
      h.min_sort_key.assign(sk);
    }
  }
}

void SampleAccesses(const SimulatorOptions& o, Resource& r, Partition& p,
                    const Access& a, int64_t count) {
  if (count <= 0) return;
  if (count == 1) return SampleAccess(o, r, p, a);
  const int64_t weight = SampleWeight(a);
  if (weight <= 0) return;
  Heat& h = HeatOf(o, r, p);
  const size_t k = SampleCapacity(o);
  const std::string_view sk = SampledSortKey(o, a);
  int64_t rest = count;
  while (h.samples.size() < k && rest > 0) {
    h.samples.push_back(Heat::Sample{a.hash, std::string(sk), weight});
    ++h.seen;
    --rest;
  }
  if (rest > 0) {
    // Arrival i replaces a sample with probability k / seen_i: about
    // k × ln((seen + rest) / seen) replacements, rounded at random.
    const double before = static_cast<double>(std::max<int64_t>(h.seen, 1));
    const double expected =
        static_cast<double>(k) *
        std::log((before + static_cast<double>(rest)) / before);
    const double u = static_cast<double>(SplitMix(&h.rng) >> 11) * 0x1.0p-53;
    const int64_t replace = std::min<int64_t>(
        static_cast<int64_t>(k), static_cast<int64_t>(expected + u));
    for (int64_t i = 0; i < replace; ++i) {
      Overwrite(h.samples[SplitMix(&h.rng) % k], a, sk, weight);
    }
    h.seen += rest;
  }
  if (a.write_half_units > 0) {
    h.writes += count;
    if (!h.has_extremes) {
      h.has_extremes = true;
      h.max_hash = h.min_hash = a.hash;
      h.max_sort_key.assign(sk);
      h.min_sort_key.assign(sk);
      h.extreme_writes += count - 1;  // the repeats equal the maximum
    } else if (const int c =
                   CompareKeyPositions(a.hash, sk, h.max_hash, h.max_sort_key);
               c >= 0) {
      // At the maximum: every repeat is an extreme. A new maximum counts
      // once: the groups of a window arrive in no time order, and counting
      // all of its writes would make keys seen in ascending order look
      // monotonic.
      h.extreme_writes += c == 0 ? count : 1;
      h.max_hash = a.hash;
      h.max_sort_key.assign(sk);
    } else if (const int d =
                   CompareKeyPositions(a.hash, sk, h.min_hash, h.min_sort_key);
               d <= 0) {
      h.extreme_writes += d == 0 ? count : 1;
      h.min_hash = a.hash;
      h.min_sort_key.assign(sk);
    }
  }
}

void UpdateHeat(const SimulatorOptions& o, Resource& r, Partition& p,
                const PartitionSecond& m, int64_t second) {
  Heat& h = HeatOf(o, r, p);
  const int64_t w = static_cast<int64_t>(h.ring_read.size());
  if (h.ring_second >= 0) {
    const int64_t gap = second - h.ring_second;
    if (gap >= w) {
      std::fill(h.ring_read.begin(), h.ring_read.end(), 0);
      std::fill(h.ring_write.begin(), h.ring_write.end(), 0);
      h.sum_read = h.sum_write = 0;
    } else {
      for (int64_t k = 1; k <= gap; ++k) {
        const size_t i = static_cast<size_t>(Mod(h.ring_second + k, w));
        h.sum_read -= h.ring_read[i];
        h.sum_write -= h.ring_write[i];
        h.ring_read[i] = h.ring_write[i] = 0;
      }
    }
  }
  h.ring_second = second;
  const size_t i = static_cast<size_t>(Mod(second, w));
  h.ring_read[i] += m.consumed_read;
  h.ring_write[i] += m.consumed_write;
  h.sum_read += m.consumed_read;
  h.sum_write += m.consumed_write;

  const double window = static_cast<double>(w);
  const bool hot =
      h.sum_write >=
          o.split_threshold * 2.0 * o.partition_write_units * window ||
      h.sum_read >= o.split_threshold * 2.0 * o.partition_read_units * window;
  if (!hot) {
    h.hot_since = -1;
    return;
  }
  if (h.hot_since < 0) {
    h.hot_since = second;
    h.ResetObservations();
    return;
  }
  if (second - h.hot_since + 1 < o.split_detection_seconds) return;
  h.hot_since = -1;  // detection restarts whatever the verdict
  KeyPosition cut;
  switch (EvaluateSplit(o, r, IndexOf(r, p), h, &cut)) {
    case SplitVerdict::kSplit:
      r.pending_splits.push_back(PendingSplit{
          p.id, std::move(cut), second + 1 + o.split_delay_seconds});
      break;
    case SplitVerdict::kSingleItem:
    case SplitVerdict::kNoCut:
      ++r.counters.split_skipped_single_item;
      break;
    case SplitVerdict::kMonotonic:
      ++r.counters.split_skipped_monotonic;
      break;
    case SplitVerdict::kLsi:
      ++r.counters.split_skipped_lsi;
      break;
  }
}

void ApplyDueSplits(const SimulatorOptions& o, Resource& r, int64_t second,
                    int64_t now) {
  if (r.pending_splits.empty()) return;
  std::vector<PendingSplit> later;
  for (PendingSplit& s : r.pending_splits) {
    if (s.due_second > second) {
      later.push_back(std::move(s));
      continue;
    }
    int index = -1;
    for (size_t i = 0; i < r.parts.size(); ++i) {
      if (r.parts[i]->id == s.partition_id) index = static_cast<int>(i);
    }
    if (index < 0) continue;  // already split for another reason
    if (SplitPartition(o, r, index, s.cut, now)) {
      ++r.counters.splits_for_heat;
    } else {
      ++r.counters.split_skipped_limit;
    }
  }
  r.pending_splits = std::move(later);
}

}  // namespace eddy::capacity::internal
