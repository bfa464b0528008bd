// Copyright 2026 The eddy Authors.

#include "model/lab/series_buckets.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "emulator/api/database.h"

namespace eddy::lab::internal {

int64_t SeriesBucketSeconds(int64_t duration_seconds) {
  return duration_seconds > kPerSecondSeriesLimit ? kLongRunBucketSeconds : 1;
}

int64_t SeriesRetentionSeconds(int64_t bucket_seconds) {
  // A bucket not yet whole, the one being drained, and slack for seconds
  // closed late (a resource without traffic closes its second at its next
  // access or at the drain's own look).
  return 3 * bucket_seconds + 60;
}

void FoldSeries(const std::vector<ThrottleSecond>& seconds, int64_t origin,
                int64_t bucket, std::vector<ThrottleSecond>* out) {
  // Position of each partition id in the last bucket's `partitions`.
  std::unordered_map<int32_t, size_t> where;
  if (!out->empty()) {
    const std::vector<PartitionSecond>& p = out->back().partitions;
    for (size_t i = 0; i < p.size(); ++i) where[p[i].partition_id] = i;
  }
  for (const ThrottleSecond& s : seconds) {
    const int64_t start = origin + (s.second - origin) / bucket * bucket -
                          ((s.second - origin) % bucket < 0 ? bucket : 0);
    if (out->empty() || out->back().second != start) {
      ThrottleSecond b;
      b.second = start;
      out->push_back(std::move(b));
      where.clear();
    }
    ThrottleSecond& b = out->back();
    b.partition_count = std::max(b.partition_count, s.partition_count);
    b.consumed_read += s.consumed_read;
    b.consumed_write += s.consumed_write;
    b.throttled_requests += s.throttled_requests;
    b.read_throttle_events += s.read_throttle_events;
    b.write_throttle_events += s.write_throttle_events;
    for (size_t i = 0; i < b.throttled_read_by_limit.size(); ++i) {
      b.throttled_read_by_limit[i] += s.throttled_read_by_limit[i];
      b.throttled_write_by_limit[i] += s.throttled_write_by_limit[i];
    }
    for (const PartitionSecond& p : s.partitions) {
      auto [it, added] = where.try_emplace(p.partition_id, b.partitions.size());
      if (added) {
        b.partitions.push_back(p);
        continue;
      }
      PartitionSecond& q = b.partitions[it->second];
      q.consumed_read += p.consumed_read;
      q.consumed_write += p.consumed_write;
      q.throttled_read += p.throttled_read;
      q.throttled_write += p.throttled_write;
    }
  }
}

SeriesBuckets::SeriesBuckets(std::string table,
                             std::vector<std::string> indexes,
                             int64_t origin_second, int64_t bucket_seconds)
    : table_(std::move(table)),
      indexes_(std::move(indexes)),
      origin_(origin_second),
      bucket_(std::max<int64_t>(1, bucket_seconds)),
      drained_to_(origin_second) {}

SeriesBuckets::Source SeriesBuckets::Of(Database& db,
                                        const std::string& table) {
  return [&db, &table](const std::string& index, int64_t from, int64_t to) {
    return db.GetThrottleSeries(table, index, from, to);
  };
}

void SeriesBuckets::Drain(Database& db, int64_t closed_to) {
  Drain(Of(db, table_), closed_to);
}

void SeriesBuckets::Drain(const Source& source, int64_t closed_to) {
  const int64_t whole = origin_ + (closed_to - origin_) / bucket_ * bucket_;
  if (whole > drained_to_) Move(source, whole);
}

void SeriesBuckets::Finish(Database& db, int64_t to_second) {
  Finish(Of(db, table_), to_second);
}

void SeriesBuckets::Finish(const Source& source, int64_t to_second) {
  if (to_second > drained_to_) Move(source, to_second);
}

void SeriesBuckets::Move(const Source& source, int64_t to_second) {
  for (const std::string& index : indexes_) {
    StatusOr<std::vector<ThrottleSecond>> s =
        source(index, drained_to_, to_second);
    if (!s.ok()) continue;  // not created yet
    FoldSeries(*s, origin_, bucket_, &folded_[index]);
  }
  drained_to_ = to_second;
}

std::vector<ThrottleSecond> SeriesBuckets::Take(const std::string& index) {
  auto it = folded_.find(index);
  if (it == folded_.end()) return {};
  return std::move(it->second);
}

}  // namespace eddy::lab::internal
