// Copyright 2026 The eddy Authors.
//
// The throttling simulator (see simulator.h). Layout of this file:
// partition and table-level configuration; splits; per-second flush and
// split-for-heat; admission; the public methods. Throttling reasons and the
// statuses of decisions are in decision.cc.

#include "emulator/capacity/simulator.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "emulator/capacity/internal/resource.h"

namespace eddy::capacity {

using internal::Heat;
using internal::Partition;
using internal::Resource;

namespace {

constexpr int64_t kMicros = 1'000'000;

int64_t SecondOf(int64_t micros) {
  return micros >= 0 ? micros / kMicros : -((-micros + kMicros - 1) / kMicros);
}

int64_t CeilDiv(int64_t a, int64_t b) { return b <= 0 ? 0 : (a + b - 1) / b; }

// The historical formula ceil(RCU/3000 + WCU/1000) with the partition caps
// of the options (throughput-model.md §3.2), and ceil(size / partition size).
int64_t ProvisionedCount(const SimulatorOptions& o, int64_t read_units,
                         int64_t write_units, int64_t size_bytes) {
  const int64_t r = std::max<int64_t>(1, o.partition_read_units);
  const int64_t w = std::max<int64_t>(1, o.partition_write_units);
  // ceil(a/r + b/w) = ceil((a*w + b*r) / (r*w)), in 128 bits.
  const __int128 num =
      static_cast<__int128>(std::max<int64_t>(0, read_units)) * w +
      static_cast<__int128>(std::max<int64_t>(0, write_units)) * r;
  const __int128 den = static_cast<__int128>(r) * w;
  const __int128 by_throughput = (num + den - 1) / den;
  const int64_t by_size = CeilDiv(size_bytes, o.partition_size_bytes);
  return std::max<int64_t>(
      {1, by_size,
       static_cast<int64_t>(std::min<__int128>(by_throughput, 1 << 20))});
}

int64_t Mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

uint64_t SplitMix(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int Compare(const Heat::Sample& a, const KeyPosition& b) {
  return CompareKeyPositions(a.hash, a.sort_key, b.hash, b.sort_key);
}

// --- Partition rates ---------------------------------------------------------

int64_t PartitionWriteRate(const SimulatorOptions& o, const Resource& r) {
  int64_t rate = 2 * o.partition_write_units;
  if (!o.adaptive_capacity && !r.on_demand() && !r.parts.empty()) {
    rate = std::min(
        rate, std::max<int64_t>(1, 2 * r.config.write_capacity_units /
                                       static_cast<int64_t>(r.parts.size())));
  }
  return rate;
}

int64_t PartitionScReadRate(const SimulatorOptions& o, const Resource& r) {
  int64_t rate = 2 * o.partition_read_units;
  if (!o.adaptive_capacity && !r.on_demand() && !r.parts.empty()) {
    rate = std::min(
        rate, std::max<int64_t>(1, 2 * r.config.read_capacity_units /
                                       static_cast<int64_t>(r.parts.size())));
  }
  return rate;
}

void ConfigurePartition(const SimulatorOptions& o, const Resource& r,
                        Partition& p, int64_t now, bool reset) {
  const int64_t depth =
      std::max<int64_t>(1, o.partition_bucket_seconds) * kMicros;
  const int64_t sc = PartitionScReadRate(o, r);
  const int64_t read =
      r.sc_bucket
          ? std::max(sc, 2 * o.eventually_consistent_read_partition_units)
          : sc;
  const int64_t write = PartitionWriteRate(o, r);
  if (reset) {
    p.read.Reset(read, depth, now);
    p.sc_read.Reset(sc, depth, now);
    p.write.Reset(write, depth, now);
  } else {
    p.read.Reconfigure(read, depth, now);
    p.sc_read.Reconfigure(sc, depth, now);
    p.write.Reconfigure(write, depth, now);
  }
}

void ReconfigureAllPartitions(const SimulatorOptions& o, Resource& r,
                              int64_t now) {
  for (auto& p : r.parts) ConfigurePartition(o, r, *p, now, /*reset=*/false);
}

std::unique_ptr<Partition> NewPartition(const SimulatorOptions& o, Resource& r,
                                        const KeyPosition& start,
                                        int32_t parent,
                                        const Partition* copy_from,
                                        int64_t now) {
  auto p = std::make_unique<Partition>();
  p->id = static_cast<int32_t>(r.infos.size());
  PartitionInfo info;
  info.id = p->id;
  info.parent_id = parent;
  info.start = start;
  info.created_micros = now;
  r.infos.push_back(std::move(info));
  if (copy_from != nullptr) {
    // Each child can serve the full cap at once (throughput-model.md §5).
    p->read = copy_from->read;
    p->sc_read = copy_from->sc_read;
    p->write = copy_from->write;
  } else {
    ConfigurePartition(o, r, *p, now, /*reset=*/true);
  }
  return p;
}

void Retire(Resource& r, std::unique_ptr<Partition> p, int64_t now) {
  r.infos[p->id].retired_micros = now;
  r.infos[p->id].size_bytes = 0;
  p->retired = true;
  // Keep it alive while this second's metrics point at it.
  if (p->slot >= 0) r.graveyard.push_back(std::move(p));
}

// Splits partition `index` at `cut`; false if the cut is not strictly inside
// it or the partition limit is reached.
bool SplitPartition(const SimulatorOptions& o, Resource& r, int index,
                    const KeyPosition& cut, int64_t now) {
  if (static_cast<int>(r.parts.size()) >= o.max_partitions_per_resource)
    return false;
  const KeyPosition start = r.map.start(index);
  if (!r.map.SplitAt(index, cut)) return false;
  std::unique_ptr<Partition> parent = std::move(r.parts[index]);
  auto left = NewPartition(o, r, start, parent->id, parent.get(), now);
  auto right = NewPartition(o, r, cut, parent->id, parent.get(), now);
  left->size_bytes = parent->size_bytes / 2;
  right->size_bytes = parent->size_bytes - left->size_bytes;
  r.infos[left->id].size_bytes = left->size_bytes;
  r.infos[right->id].size_bytes = right->size_bytes;
  Retire(r, std::move(parent), now);
  r.parts[index] = std::move(left);
  r.parts.insert(r.parts.begin() + index + 1, std::move(right));
  if (!o.adaptive_capacity && !r.on_demand())
    ReconfigureAllPartitions(o, r, now);
  return true;
}

// Doubles the partitions (every one split at its hash midpoint) until there
// are at least `target`. Returns the number of splits.
int64_t GrowPartitions(const SimulatorOptions& o, Resource& r, int64_t target,
                       int64_t now) {
  target = std::min<int64_t>(target, o.max_partitions_per_resource);
  int64_t splits = 0;
  while (static_cast<int64_t>(r.parts.size()) < target) {
    bool any = false;
    KeyPosition mid;
    for (int i = static_cast<int>(r.parts.size()) - 1; i >= 0; --i) {
      if (r.map.MidpointOf(i, &mid) && SplitPartition(o, r, i, mid, now)) {
        any = true;
        ++splits;
      }
    }
    if (!any) break;
  }
  return splits;
}

// --- Table level
// ---------------------------------------------------------------

void RecomputeOnDemand(const SimulatorOptions& o, Resource& r, int64_t now,
                       bool reset) {
  const int64_t warm_read =
      2 * r.config.warm_read_units.value_or(o.on_demand_warm_read_units);
  const int64_t warm_write =
      2 * r.config.warm_write_units.value_or(o.on_demand_warm_write_units);
  r.allowed_read = std::max(warm_read, 2 * r.peak_read.peak);
  r.allowed_write = std::max(warm_write, 2 * r.peak_write.peak);
  const int64_t depth =
      std::max<int64_t>(1, o.on_demand_bucket_seconds) * kMicros;
  if (reset) {
    r.table_read.Reset(r.allowed_read, depth, now);
    r.table_write.Reset(r.allowed_write, depth, now);
  } else {
    r.table_read.Reconfigure(r.allowed_read, depth, now);
    r.table_write.Reconfigure(r.allowed_write, depth, now);
  }
  // [I] Keep enough partitions to serve the on-demand capacity
  // (throughput-model.md §9.8: >= 2 × peak / cap).
  const int64_t target =
      std::max({static_cast<int64_t>(r.parts.size()),
                CeilDiv(r.allowed_read, 2 * o.partition_read_units),
                CeilDiv(r.allowed_write, 2 * o.partition_write_units)});
  r.counters.splits_for_throughput += GrowPartitions(o, r, target, now);
}

void ConfigureTableLevel(const SimulatorOptions& o, Resource& r, int64_t now,
                         bool reset) {
  const int64_t one_second = kMicros;
  if (r.on_demand()) {
    // A limit that already applied keeps its tokens (an UpdateTable of
    // something else must not refill it); a new one starts full.
    const bool had_max_read = r.has_max_read && !reset;
    const bool had_max_write = r.has_max_write && !reset;
    r.has_max_read = r.config.max_read_request_units >= 1;
    r.has_max_write = r.config.max_write_request_units >= 1;
    if (r.has_max_read) {
      const int64_t rate = 2 * r.config.max_read_request_units;
      if (had_max_read) {
        r.max_read.Reconfigure(rate, one_second, now);
      } else {
        r.max_read.Reset(rate, one_second, now);
      }
    }
    if (r.has_max_write) {
      const int64_t rate = 2 * r.config.max_write_request_units;
      if (had_max_write) {
        r.max_write.Reconfigure(rate, one_second, now);
      } else {
        r.max_write.Reset(rate, one_second, now);
      }
    }
    r.has_quota_read = o.table_read_quota_units > 0;
    r.has_quota_write = o.table_write_quota_units > 0;
    if (r.has_quota_read && reset)
      r.quota_read.Reset(2 * o.table_read_quota_units, one_second, now);
    if (r.has_quota_write && reset)
      r.quota_write.Reset(2 * o.table_write_quota_units, one_second, now);
    RecomputeOnDemand(o, r, now, reset);
  } else {
    r.has_max_read = r.has_max_write = false;
    r.has_quota_read = r.has_quota_write = false;
    const int64_t depth =
        std::max<int64_t>(1, o.burst_window_seconds) * kMicros;
    if (reset) {
      r.table_read.Reset(2 * r.config.read_capacity_units, depth, now,
                         one_second);
      r.table_write.Reset(2 * r.config.write_capacity_units, depth, now,
                          one_second);
    } else {
      r.table_read.Reconfigure(2 * r.config.read_capacity_units, depth, now);
      r.table_write.Reconfigure(2 * r.config.write_capacity_units, depth, now);
    }
  }
}

// Closes the peak window if `now` is in a later one; a higher average becomes
// a pending peak effective on_demand_doubling_seconds after the window ends.
void RollPeak(const SimulatorOptions& o, internal::Peak& peak, int64_t now) {
  const int64_t window = std::max<int64_t>(1, o.on_demand_peak_window_seconds);
  const int64_t index = now / (window * kMicros);
  if (index == peak.window_index) return;
  if (peak.window_index >= 0 && peak.window_units > 0) {
    const int64_t average = peak.window_units / window;
    const int64_t best = peak.pending.empty()
                             ? peak.peak
                             : std::max(peak.peak, peak.pending.back().value);
    if (average > best) {
      peak.pending.push_back({(peak.window_index + 1) * window * kMicros +
                                  o.on_demand_doubling_seconds * kMicros,
                              average});
    }
  }
  peak.window_index = index;
  peak.window_units = 0;
}

bool ApplyDuePeaks(internal::Peak& peak, int64_t now) {
  bool changed = false;
  while (!peak.pending.empty() && peak.pending.front().due_micros <= now) {
    if (peak.pending.front().value > peak.peak) {
      peak.peak = peak.pending.front().value;
      changed = true;
    }
    peak.pending.pop_front();
  }
  return changed;
}

// --- Split for heat
// --------------------------------------------------------------

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

void SampleAccess(const SimulatorOptions& o, Resource& r, Partition& p,
                  const Access& a) {
  const int64_t weight = 3 * a.write_half_units + a.read_half_units;
  if (weight <= 0) return;
  Heat& h = HeatOf(o, r, p);
  const size_t k = static_cast<size_t>(std::max(1, o.split_sample_size));
  const std::string_view sk = a.sort_key.substr(
      0, static_cast<size_t>(std::max(0, o.split_sample_sort_key_bytes)));
  ++h.seen;
  if (h.samples.size() < k) {
    h.samples.push_back(Heat::Sample{a.hash, std::string(sk), weight});
  } else {
    const uint64_t j = SplitMix(&h.rng) % static_cast<uint64_t>(h.seen);
    if (j < k) {
      Heat::Sample& s = h.samples[j];
      s.hash = a.hash;
      s.sort_key.assign(sk);
      s.weight = weight;
    }
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

int IndexOf(const Resource& r, const Partition& p) {
  const KeyPosition& start = r.infos[p.id].start;
  return r.map.PartitionOf(start.hash, start.sort_key);
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
      r.pending_splits.push_back(internal::PendingSplit{
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
  std::vector<internal::PendingSplit> later;
  for (internal::PendingSplit& s : r.pending_splits) {
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

// --- Per-second metrics
// ------------------------------------------------------------

void FlushSecond(const SimulatorOptions& o, Resource& r) {
  if (!r.cur_has_data) return;
  SecondMetrics s = std::move(r.cur);
  r.cur = SecondMetrics{};
  r.cur_has_data = false;
  s.second = r.cur_second;
  s.partition_count = static_cast<int>(r.parts.size());
  s.partitions.reserve(r.cur_slots.size());
  const bool heat = o.mode == ThrottleMode::kSimulate && o.split_for_heat;
  for (internal::SlotEntry& e : r.cur_slots) {
    e.partition->slot = -1;
    s.partitions.push_back(e.metrics);
    if (heat && !e.partition->retired)
      UpdateHeat(o, r, *e.partition, e.metrics, s.second);
  }
  r.cur_slots.clear();
  r.graveyard.clear();
  std::sort(s.partitions.begin(), s.partitions.end(),
            [&r](const PartitionSecond& a, const PartitionSecond& b) {
              const KeyPosition& x = r.infos[a.partition_id].start;
              const KeyPosition& y = r.infos[b.partition_id].start;
              const int c =
                  CompareKeyPositions(x.hash, x.sort_key, y.hash, y.sort_key);
              return c != 0 ? c < 0 : a.partition_id < b.partition_id;
            });
  if (o.metrics_retention_seconds > 0) {
    const int64_t second = s.second;
    r.series.push_back(std::move(s));
    while (!r.series.empty() &&
           r.series.front().second <= second - o.metrics_retention_seconds) {
      r.series.pop_front();
    }
  }
}

PartitionSecond& SlotOf(Resource& r, Partition& p) {
  if (p.slot < 0) {
    p.slot = static_cast<int32_t>(r.cur_slots.size());
    r.cur_slots.push_back(internal::SlotEntry{&p, PartitionSecond{p.id}});
  }
  r.cur_has_data = true;
  return r.cur_slots[p.slot].metrics;
}

Status ValidateConfig(const ResourceConfig& c) {
  if (c.arn.empty()) return Status::Validation("A resource needs an ARN");
  if (c.billing == Billing::kProvisioned &&
      (c.read_capacity_units < 1 || c.write_capacity_units < 1)) {
    return Status::Validation(
        "Provisioned read and write capacity units must be at least 1");
  }
  if (c.max_read_request_units == 0 || c.max_read_request_units < -1 ||
      c.max_write_request_units == 0 || c.max_write_request_units < -1) {
    return Status::Validation(
        "MaxReadRequestUnits and MaxWriteRequestUnits must be -1 or at least "
        "1");
  }
  if (c.size_bytes < 0) return Status::Validation("A size cannot be negative");
  return Status::OK();
}

Status NotFound(ResourceId id) {
  return Status::ResourceNotFound("Requested resource not found: resource " +
                                  std::to_string(id));
}

}  // namespace

// --- The simulator
// -------------------------------------------------------------

struct ThrottleSimulator::Account {
  bool has_read = false, has_write = false;
  TokenBucket read, write;
};

struct ThrottleSimulator::Scratch {
  struct Demand {
    Resource* r;
    Partition* p;  // null: the resource level
    int64_t read = 0, write = 0, sc_read = 0;
    int8_t fail_read = -1, fail_write = -1;  // LimitType or -1
  };
  std::vector<Resource*> res;
  std::vector<Partition*> part;
  std::vector<int32_t> res_demand, part_demand;
  std::vector<Demand> demands;
  absl::flat_hash_map<std::pair<const void*, const void*>, int32_t> index;

  int32_t DemandFor(Resource* r, Partition* p) {
    constexpr size_t kLinear = 16;
    if (demands.size() < kLinear) {
      for (size_t i = 0; i < demands.size(); ++i) {
        if (demands[i].r == r && demands[i].p == p)
          return static_cast<int32_t>(i);
      }
    } else {
      if (index.empty()) {
        for (size_t i = 0; i < demands.size(); ++i)
          index[{demands[i].r, demands[i].p}] = static_cast<int32_t>(i);
      }
      auto it = index.find({r, p});
      if (it != index.end()) return it->second;
      index[{r, p}] = static_cast<int32_t>(demands.size());
    }
    demands.push_back(Demand{r, p});
    return static_cast<int32_t>(demands.size() - 1);
  }
};

ThrottleSimulator::ThrottleSimulator(SimulatorOptions options)
    : options_(std::move(options)),
      account_(std::make_unique<Account>()),
      scratch_(std::make_unique<Scratch>()) {
  const int64_t now = options_.clock->NowMicros();
  account_->has_read = options_.account_read_quota_units > 0;
  account_->has_write = options_.account_write_quota_units > 0;
  if (account_->has_read)
    account_->read.Reset(2 * options_.account_read_quota_units, kMicros, now);
  if (account_->has_write)
    account_->write.Reset(2 * options_.account_write_quota_units, kMicros, now);
}

ThrottleSimulator::~ThrottleSimulator() = default;

Resource* ThrottleSimulator::Find(ResourceId id) {
  if (id < 0 || static_cast<size_t>(id) >= resources_.size()) return nullptr;
  return resources_[id].get();
}

void ThrottleSimulator::AdvanceTo(Resource& r, int64_t now) {
  const int64_t second = SecondOf(now);
  if (second <= r.cur_second) return;
  FlushSecond(options_, r);
  r.cur_second = second;
  if (options_.mode != ThrottleMode::kSimulate) return;
  if (r.on_demand()) {
    RollPeak(options_, r.peak_read, now);
    RollPeak(options_, r.peak_write, now);
    const bool read_changed = ApplyDuePeaks(r.peak_read, now);
    const bool write_changed = ApplyDuePeaks(r.peak_write, now);
    if (read_changed || write_changed)
      RecomputeOnDemand(options_, r, now, /*reset=*/false);
  }
  ApplyDueSplits(options_, r, second, now);
}

StatusOr<ResourceId> ThrottleSimulator::Register(const ResourceConfig& config) {
  EDDY_RETURN_IF_ERROR(ValidateConfig(config));
  std::lock_guard<std::mutex> lock(mu_);
  if (config.kind == ResourceKind::kIndex && Find(config.table) == nullptr)
    return Status::Validation("An index needs a registered table");
  const int64_t now = options_.clock->NowMicros();
  auto r = std::make_unique<Resource>(options_.top_keys_capacity);
  r->id = static_cast<ResourceId>(resources_.size());
  r->config = config;
  r->arn = std::make_shared<const std::string>(config.arn);
  r->sc_bucket = options_.eventually_consistent_read_partition_units >
                 options_.partition_read_units;
  int64_t count;
  if (config.billing == Billing::kProvisioned) {
    count = ProvisionedCount(options_, config.read_capacity_units,
                             config.write_capacity_units, config.size_bytes);
    r->max_provisioned_read = config.read_capacity_units;
    r->max_provisioned_write = config.write_capacity_units;
  } else {
    count = std::max<int64_t>(
        PartitionMap::kOnDemandInitialPartitions,
        CeilDiv(config.size_bytes, options_.partition_size_bytes));
  }
  count = std::max<int64_t>({count, config.min_partitions, 1});
  count = std::min<int64_t>(count, 1 << 20);
  r->map = PartitionMap(static_cast<int>(count));
  for (int i = 0; i < r->map.count(); ++i) {
    r->parts.push_back(
        NewPartition(options_, *r, r->map.start(i), -1, nullptr, now));
  }
  if (!options_.adaptive_capacity) ReconfigureAllPartitions(options_, *r, now);
  ConfigureTableLevel(options_, *r, now, /*reset=*/true);
  r->live_bytes = config.size_bytes;
  const int64_t n = static_cast<int64_t>(r->parts.size());
  for (int64_t i = 0; i < n; ++i) {
    r->parts[i]->size_bytes =
        config.size_bytes / n + (i < config.size_bytes % n);
    r->infos[r->parts[i]->id].size_bytes = r->parts[i]->size_bytes;
  }
  r->cur_second = SecondOf(now) - 1;
  const ResourceId id = r->id;
  resources_.push_back(std::move(r));
  return id;
}

Status ThrottleSimulator::Update(ResourceId id, const ResourceConfig& config) {
  EDDY_RETURN_IF_ERROR(ValidateConfig(config));
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  const bool was_on_demand = r->on_demand();
  ResourceConfig next = config;
  next.kind = r->config.kind;
  next.table = r->config.table;
  next.size_bytes = r->config.size_bytes;
  next.min_partitions = r->config.min_partitions;
  r->config = std::move(next);
  if (*r->arn != r->config.arn)
    r->arn = std::make_shared<const std::string>(r->config.arn);
  if (r->on_demand()) {
    if (!was_on_demand) {
      // Provisioned -> on-demand: previous peak = the highest throughput
      // ever provisioned (throughput-model.md §3.2); warm covers the default.
      r->peak_read.peak =
          std::max(r->peak_read.peak, 2 * r->max_provisioned_read);
      r->peak_write.peak =
          std::max(r->peak_write.peak, 2 * r->max_provisioned_write);
    }
    ConfigureTableLevel(options_, *r, now, /*reset=*/!was_on_demand);
  } else {
    r->max_provisioned_read =
        std::max(r->max_provisioned_read, r->config.read_capacity_units);
    r->max_provisioned_write =
        std::max(r->max_provisioned_write, r->config.write_capacity_units);
    ConfigureTableLevel(options_, *r, now, /*reset=*/was_on_demand);
    const int64_t target =
        ProvisionedCount(options_, r->config.read_capacity_units,
                         r->config.write_capacity_units, r->live_bytes);
    r->counters.splits_for_throughput +=
        GrowPartitions(options_, *r, target, now);
    if (!options_.adaptive_capacity)
      ReconfigureAllPartitions(options_, *r, now);
  }
  return Status::OK();
}

Status ThrottleSimulator::Remove(ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  if (Find(id) == nullptr) return NotFound(id);
  resources_[id].reset();
  return Status::OK();
}

void ThrottleSimulator::AddBytes(ResourceId id, uint64_t hash,
                                 std::string_view sort_key,
                                 int64_t delta_bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr || delta_bytes == 0) return;
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  AddBytesLocked(*r, hash, sort_key, delta_bytes, now);
}

void ThrottleSimulator::AddBytes(std::span<const Access> accesses) {
  std::lock_guard<std::mutex> lock(mu_);
  const int64_t now = options_.clock->NowMicros();
  for (const Access& a : accesses) {
    Resource* r = Find(a.resource);
    if (r == nullptr || a.delta_bytes == 0) continue;
    AdvanceTo(*r, now);
    AddBytesLocked(*r, a.hash, a.sort_key, a.delta_bytes, now);
  }
}

void ThrottleSimulator::AddBytesLocked(Resource& r, uint64_t hash,
                                       std::string_view sort_key,
                                       int64_t delta_bytes, int64_t now) {
  r.live_bytes = std::max<int64_t>(0, r.live_bytes + delta_bytes);
  const int index = r.map.PartitionOf(hash, sort_key);
  Partition& p = *r.parts[index];
  p.size_bytes = std::max<int64_t>(0, p.size_bytes + delta_bytes);
  r.infos[p.id].size_bytes = p.size_bytes;
  KeyPosition mid;
  if (p.size_bytes > options_.partition_size_bytes &&
      r.map.MidpointOf(index, &mid) &&
      SplitPartition(options_, r, index, mid, now)) {
    ++r.counters.splits_for_size;
  }
}

Status ThrottleSimulator::SetSize(ResourceId id, int64_t size_bytes) {
  if (size_bytes < 0) return Status::Validation("A size cannot be negative");
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  r->counters.splits_for_size += GrowPartitions(
      options_, *r, CeilDiv(size_bytes, options_.partition_size_bytes), now);
  r->live_bytes = size_bytes;
  const int64_t n = static_cast<int64_t>(r->parts.size());
  for (int64_t i = 0; i < n; ++i) {
    r->parts[i]->size_bytes = size_bytes / n + (i < size_bytes % n);
    r->infos[r->parts[i]->id].size_bytes = r->parts[i]->size_bytes;
  }
  return Status::OK();
}

// --- Admission
// -------------------------------------------------------------------------

AdmitDecision ThrottleSimulator::Admit(std::span<const Access> accesses) {
  std::lock_guard<std::mutex> lock(mu_);
  return AdmitLocked(accesses, options_.clock->NowMicros(),
                     /*count_request=*/true);
}

BatchDecision ThrottleSimulator::AdmitBatch(
    std::span<const std::span<const Access>> parts) {
  std::lock_guard<std::mutex> lock(mu_);
  const int64_t now = options_.clock->NowMicros();
  BatchDecision batch;
  batch.parts.reserve(parts.size());
  for (std::span<const Access> part : parts) {
    batch.parts.push_back(AdmitLocked(part, now, /*count_request=*/false));
    if (!batch.parts.back().admitted()) ++batch.throttled_parts;
  }
  if (batch.all_throttled()) {
    for (std::span<const Access> part : parts) {
      if (!part.empty()) {
        CountThrottledRequest(part);
        break;
      }
    }
  }
  return batch;
}

void ThrottleSimulator::CountThrottledRequest(
    std::span<const Access> accesses) {
  for (const Access& a : accesses) {
    Resource* r = Find(a.resource);
    if (r == nullptr) continue;
    // ThrottledRequests is reported on the table (an index's table).
    if (r->config.kind == ResourceKind::kIndex) {
      if (Resource* t = Find(r->config.table); t != nullptr) r = t;
    }
    AdvanceTo(*r, options_.clock->NowMicros());
    ++r->counters.throttled_requests;
    ++r->cur.throttled_requests;
    r->cur_has_data = true;
    return;
  }
}

AdmitDecision ThrottleSimulator::AdmitLocked(std::span<const Access> accesses,
                                             int64_t now, bool count_request) {
  Scratch& sc = *scratch_;
  const size_t n = accesses.size();
  sc.res.assign(n, nullptr);
  sc.part.assign(n, nullptr);
  for (size_t i = 0; i < n; ++i) {
    const Access& a = accesses[i];
    Resource* r = Find(a.resource);
    if (r == nullptr) continue;
    AdvanceTo(*r, now);
    sc.res[i] = r;
    sc.part[i] = r->parts[r->map.PartitionOf(a.hash, a.sort_key)].get();
  }
  const bool simulate = options_.mode == ThrottleMode::kSimulate;

  if (simulate) {
    // Aggregate what the request asks of each resource and each partition.
    sc.demands.clear();
    sc.index.clear();
    sc.res_demand.assign(n, -1);
    sc.part_demand.assign(n, -1);
    for (size_t i = 0; i < n; ++i) {
      if (sc.res[i] == nullptr) continue;
      const Access& a = accesses[i];
      const int32_t rd = sc.DemandFor(sc.res[i], nullptr);
      const int32_t pd = sc.DemandFor(sc.res[i], sc.part[i]);
      sc.res_demand[i] = rd;
      sc.part_demand[i] = pd;
      for (int32_t d : {rd, pd}) {
        sc.demands[d].read += a.read_half_units;
        sc.demands[d].write += a.write_half_units;
        if (!a.eventually_consistent)
          sc.demands[d].sc_read += a.read_half_units;
      }
    }
    using Demand = Scratch::Demand;
    constexpr int8_t kKeyRange = static_cast<int8_t>(LimitType::kKeyRange);
    constexpr int8_t kProvisioned =
        static_cast<int8_t>(LimitType::kProvisioned);
    constexpr int8_t kAccount = static_cast<int8_t>(LimitType::kAccountLimit);
    constexpr int8_t kMax = static_cast<int8_t>(LimitType::kMaxOnDemand);
    auto check = [now](TokenBucket& b, int64_t units) {
      b.Refill(now);
      return b.CanTake(units);
    };
    bool throttled = false;
    // (a) on-demand maximum throughput, (b) the per-table quota.
    int64_t account_read = 0, account_write = 0;
    for (Demand& d : sc.demands) {
      if (d.p != nullptr || !d.r->on_demand()) continue;
      Resource& r = *d.r;
      if (d.read > 0) {
        if (r.has_max_read && !check(r.max_read, d.read)) {
          d.fail_read = kMax;
        } else if (r.has_quota_read && !check(r.quota_read, d.read)) {
          d.fail_read = kAccount;
        } else {
          account_read += d.read;
        }
      }
      if (d.write > 0) {
        if (r.has_max_write && !check(r.max_write, d.write)) {
          d.fail_write = kMax;
        } else if (r.has_quota_write && !check(r.quota_write, d.write)) {
          d.fail_write = kAccount;
        } else {
          account_write += d.write;
        }
      }
    }
    // (b) the account quota over every on-demand resource.
    const bool account_read_fails = account_read > 0 && account_->has_read &&
                                    !check(account_->read, account_read);
    const bool account_write_fails = account_write > 0 && account_->has_write &&
                                     !check(account_->write, account_write);
    for (Demand& d : sc.demands) {
      if (d.p != nullptr) {
        // (d) partition buckets.
        Partition& p = *d.p;
        if (d.read > 0 &&
            (!check(p.read, d.read) || (d.r->sc_bucket && d.sc_read > 0 &&
                                        !check(p.sc_read, d.sc_read)))) {
          d.fail_read = kKeyRange;
        }
        if (d.write > 0 && !check(p.write, d.write)) d.fail_write = kKeyRange;
      } else {
        Resource& r = *d.r;
        if (r.on_demand()) {
          if (d.fail_read < 0 && account_read_fails && d.read > 0)
            d.fail_read = kAccount;
          if (d.fail_write < 0 && account_write_fails && d.write > 0)
            d.fail_write = kAccount;
        }
        // (c) the table level. On-demand: throttling past the current
        // capacity surfaces as KeyRange [I]: AWS has no reason of its own
        // for "more than double the previous peak".
        const int8_t table_limit = r.on_demand() ? kKeyRange : kProvisioned;
        if (d.fail_read < 0 && d.read > 0 && !check(r.table_read, d.read))
          d.fail_read = table_limit;
        if (d.fail_write < 0 && d.write > 0 && !check(r.table_write, d.write))
          d.fail_write = table_limit;
      }
      if (d.fail_read >= 0 || d.fail_write >= 0) throttled = true;
    }

    if (throttled) {
      AdmitDecision decision;
      decision.throttled.assign(n, 0);
      bool first = true;
      for (size_t i = 0; i < n; ++i) {
        Resource* r = sc.res[i];
        if (r == nullptr) continue;
        const Access& a = accesses[i];
        const Demand& rd = sc.demands[sc.res_demand[i]];
        const Demand& pd = sc.demands[sc.part_demand[i]];
        bool any = false;
        for (int write = 0; write < 2; ++write) {
          const int64_t units = write ? a.write_half_units : a.read_half_units;
          if (units <= 0) continue;
          int8_t limit = write ? rd.fail_write : rd.fail_read;
          if (limit < 0) limit = write ? pd.fail_write : pd.fail_read;
          if (limit < 0) continue;
          any = true;
          decision.throttled[i] |= static_cast<uint8_t>(1 << write);
          const LimitType lt = static_cast<LimitType>(limit);
          if (first) {
            first = false;
            decision.first_kind = r->config.kind;
            decision.error = lt == LimitType::kAccountLimit
                                 ? ErrorCode::kRequestLimitExceeded
                             : r->on_demand()
                                 ? ErrorCode::kThrottling
                                 : ErrorCode::kProvisionedThroughputExceeded;
          }
          bool seen = false;
          for (const AdmitDecision::Reason& t : decision.compact_reasons) {
            if (t.kind == r->config.kind && t.write == (write != 0) &&
                t.limit == lt && t.arn == r->arn) {
              seen = true;
              break;
            }
          }
          if (!seen) {
            decision.compact_reasons.push_back(
                AdmitDecision::Reason{r->config.kind, write != 0, lt, r->arn});
          }
          // Metrics of the throttled event.
          ResourceCounters& c = r->counters;
          PartitionSecond& ps = SlotOf(*r, *sc.part[i]);
          if (write) {
            ++c.write_throttle_events;
            ++c.write_throttle_events_by_limit[limit];
            c.throttled_write_half_units_by_limit[limit] += units;
            ++r->cur.write_throttle_events;
            r->cur.throttled_write_by_limit[limit] += units;
            ps.throttled_write += units;
          } else {
            ++c.read_throttle_events;
            ++c.read_throttle_events_by_limit[limit];
            c.throttled_read_half_units_by_limit[limit] += units;
            ++r->cur.read_throttle_events;
            r->cur.throttled_read_by_limit[limit] += units;
            ps.throttled_read += units;
          }
        }
        if (any) {
          // Contributor Insights ThrottleCount: only accesses throttled
          // themselves (a base write throttled by its GSI is not counted).
          r->throttled_pk.Add(a.hash, a.partition_key, {}, 1);
          if (!a.sort_key.empty()) {
            r->throttled_pk_sk.Add(internal::KeyId(a.hash, a.sort_key),
                                   a.partition_key, a.sort_key, 1);
          }
        }
      }
      if (count_request) CountThrottledRequest(accesses);
      return decision;
    }

    // Admitted: charge every bucket.
    for (Demand& d : sc.demands) {
      if (d.p != nullptr) {
        d.p->read.Take(d.read);
        if (d.r->sc_bucket) d.p->sc_read.Take(d.sc_read);
        d.p->write.Take(d.write);
        continue;
      }
      Resource& r = *d.r;
      r.table_read.Take(d.read);
      r.table_write.Take(d.write);
      if (r.on_demand()) {
        if (r.has_max_read) r.max_read.Take(d.read);
        if (r.has_max_write) r.max_write.Take(d.write);
        if (r.has_quota_read) r.quota_read.Take(d.read);
        if (r.has_quota_write) r.quota_write.Take(d.write);
        r.peak_read.window_units += d.read;
        r.peak_write.window_units += d.write;
      }
    }
    if (account_->has_read) account_->read.Take(account_read);
    if (account_->has_write) account_->write.Take(account_write);
  }

  // Record consumption (both modes).
  for (size_t i = 0; i < n; ++i) {
    Resource* r = sc.res[i];
    if (r == nullptr) continue;
    const Access& a = accesses[i];
    Partition& p = *sc.part[i];
    r->counters.consumed_read_half_units += a.read_half_units;
    r->counters.consumed_write_half_units += a.write_half_units;
    r->cur.consumed_read += a.read_half_units;
    r->cur.consumed_write += a.write_half_units;
    PartitionSecond& ps = SlotOf(*r, p);
    ps.consumed_read += a.read_half_units;
    ps.consumed_write += a.write_half_units;
    const int64_t weight = 3 * a.write_half_units + a.read_half_units;
    r->accessed_pk.Add(a.hash, a.partition_key, {}, weight);
    if (!a.sort_key.empty()) {
      r->accessed_pk_sk.Add(internal::KeyId(a.hash, a.sort_key),
                            a.partition_key, a.sort_key, weight);
    }
    if (simulate && options_.split_for_heat) SampleAccess(options_, *r, p, a);
  }
  // Stored bytes last: a split for size may retire partitions looked up above.
  for (size_t i = 0; i < n; ++i) {
    if (sc.res[i] != nullptr && accesses[i].delta_bytes != 0) {
      AddBytesLocked(*sc.res[i], accesses[i].hash, accesses[i].sort_key,
                     accesses[i].delta_bytes, now);
    }
  }
  return AdmitDecision{};
}

// --- Partitions and metrics
// -----------------------------------------------------------------

int ThrottleSimulator::PartitionOf(ResourceId id, uint64_t hash,
                                   std::string_view sort_key) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return -1;
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->map.PartitionOf(hash, sort_key);
}

int32_t ThrottleSimulator::PartitionIdOf(ResourceId id, uint64_t hash,
                                         std::string_view sort_key) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return -1;
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->parts[r->map.PartitionOf(hash, sort_key)]->id;
}

Status ThrottleSimulator::SplitPartitionNow(ResourceId id,
                                            int32_t partition_id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const int64_t now = options_.clock->NowMicros();
  AdvanceTo(*r, now);
  for (size_t i = 0; i < r->parts.size(); ++i) {
    if (r->parts[i]->id != partition_id) continue;
    KeyPosition mid;
    if (!r->map.MidpointOf(static_cast<int>(i), &mid)) {
      return Status::Validation("Partition " + std::to_string(partition_id) +
                                " is too narrow to split");
    }
    if (!SplitPartition(options_, *r, static_cast<int>(i), mid, now)) {
      return Status::Validation("Partition " + std::to_string(partition_id) +
                                " cannot split: the resource has the most "
                                "partitions allowed");
    }
    return Status::OK();
  }
  return Status::Validation("No live partition has the id " +
                            std::to_string(partition_id));
}

StatusOr<std::vector<uint64_t>> ThrottleSimulator::PartitionStarts(
    ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->map.starts();
}

std::vector<KeyPosition> ThrottleSimulator::BoundariesBetween(
    ResourceId id, uint64_t from_hash, uint64_t to_hash) {
  std::vector<KeyPosition> out;
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return out;
  AdvanceTo(*r, options_.clock->NowMicros());
  const std::vector<uint64_t>& starts = r->map.starts();
  int i = r->map.PartitionOf(from_hash, {}) + 1;
  for (; i < r->map.count() && starts[i] <= to_hash; ++i)
    out.push_back(r->map.start(i));
  return out;
}

StatusOr<std::vector<PartitionInfo>> ThrottleSimulator::Partitions(
    ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  std::vector<PartitionInfo> out;
  out.reserve(r->parts.size());
  for (const auto& p : r->parts) out.push_back(r->infos[p->id]);
  return out;
}

StatusOr<std::vector<PartitionInfo>> ThrottleSimulator::PartitionHistory(
    ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->infos;
}

StatusOr<ResourceCounters> ThrottleSimulator::Counters(ResourceId id) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  return r->counters;
}

StatusOr<std::vector<SecondMetrics>> ThrottleSimulator::Series(
    ResourceId id, int64_t from_second, int64_t to_second) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  AdvanceTo(*r, options_.clock->NowMicros());
  std::vector<SecondMetrics> out;
  auto it = std::lower_bound(
      r->series.begin(), r->series.end(), from_second,
      [](const SecondMetrics& s, int64_t v) { return s.second < v; });
  for (; it != r->series.end() && it->second < to_second; ++it)
    out.push_back(*it);
  return out;
}

void ThrottleSimulator::Flush() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& r : resources_) {
    if (r != nullptr) FlushSecond(options_, *r);
  }
}

StatusOr<std::vector<KeyCount>> ThrottleSimulator::TopKeys(ResourceId id,
                                                           TopKeysKind kind,
                                                           bool with_sort_key,
                                                           int k) {
  std::lock_guard<std::mutex> lock(mu_);
  Resource* r = Find(id);
  if (r == nullptr) return NotFound(id);
  const internal::TopKeys& top =
      kind == TopKeysKind::kMostAccessed
          ? (with_sort_key ? r->accessed_pk_sk : r->accessed_pk)
          : (with_sort_key ? r->throttled_pk_sk : r->throttled_pk);
  return top.Top(k);
}

}  // namespace eddy::capacity
