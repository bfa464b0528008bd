// Copyright 2026 The eddy Authors.
//
// LatencyHistogram: a bounded-memory histogram of virtual latencies in
// microseconds for the throttling lab (model/lab/scenario.h), with
// percentiles. Zero is its own bucket (a request served at its first call);
// above it, 8 logarithmic buckets per doubling, so a percentile is the upper
// edge of its bucket: at most ~9% above the true value, never below it.
//
//   LatencyHistogram h;
//   h.Add(0); h.Add(120'000);
//   int64_t p99 = h.Percentile(0.99);  // 120,000 µs rounded up to its bucket
//
// Thread safety: none (a value type).

#ifndef EDDY_MODEL_LAB_LATENCY_H_
#define EDDY_MODEL_LAB_LATENCY_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace eddy::lab {

class LatencyHistogram {
 public:
  static constexpr int kPerDoubling = 8;
  static constexpr int kBuckets = 1 + 48 * kPerDoubling;  // up to 2^48 µs

  void Add(int64_t micros) {
    ++buckets_[static_cast<size_t>(Bucket(micros))];
    ++count_;
  }
  // `count` requests of the same latency (the aggregate mode).
  void Add(int64_t micros, int64_t count) {
    if (count <= 0) return;
    buckets_[static_cast<size_t>(Bucket(micros))] += count;
    count_ += count;
  }
  void Merge(const LatencyHistogram& other) {
    for (int i = 0; i < kBuckets; ++i) {
      buckets_[static_cast<size_t>(i)] +=
          other.buckets_[static_cast<size_t>(i)];
    }
    count_ += other.count_;
  }
  int64_t count() const { return count_; }

  // The smallest bucket edge at or above the latency of the request at
  // quantile `q` (0 < q <= 1), in microseconds; 0 when empty.
  int64_t Percentile(double q) const {
    if (count_ == 0) return 0;
    const auto rank = static_cast<int64_t>(
        std::ceil(std::clamp(q, 0.0, 1.0) * static_cast<double>(count_)));
    int64_t seen = 0;
    for (int i = 0; i < kBuckets; ++i) {
      seen += buckets_[static_cast<size_t>(i)];
      if (seen >= std::max<int64_t>(rank, 1)) return UpperEdge(i);
    }
    return UpperEdge(kBuckets - 1);
  }

 private:
  // 0 -> 0; micros in (2^((i-1)/k), 2^(i/k)] -> i.
  static int Bucket(int64_t micros) {
    if (micros <= 0) return 0;
    const int b = static_cast<int>(std::ceil(
        std::log2(static_cast<double>(micros)) * kPerDoubling - 1e-9));
    return std::clamp(b + 1, 1, kBuckets - 1);
  }
  static int64_t UpperEdge(int bucket) {
    if (bucket == 0) return 0;
    return static_cast<int64_t>(std::ceil(
        std::exp2(static_cast<double>(bucket - 1) / kPerDoubling) - 1e-9));
  }

  std::array<int64_t, kBuckets> buckets_{};
  int64_t count_ = 0;
};

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_LATENCY_H_
