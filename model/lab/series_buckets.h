// Copyright 2026 The eddy Authors.
//
// Bounded memory for long lab runs (issue 24, item 4): the simulator keeps a
// per-second, per-partition series (emulator/capacity/simulator.h, Series);
// a day over 1,000 partitions is 86,400 x 1,000 cells, about 3.5 GB of
// PartitionSecond, held twice when the runner copies it out. A run longer
// than kPerSecondSeriesLimit therefore folds the series into buckets of
// kLongRunBucketSeconds (a minute, CloudWatch's own period for DynamoDB's
// metrics) while it runs: the runner drains every whole bucket from the
// Database as soon as its seconds are closed, and the simulator keeps only a
// few buckets' worth of seconds (SeriesRetentionSeconds).
//
// A folded sample (ThrottleSecond) stands for the seconds
// [second, second + bucket): its units, throttles and events are the sums
// over them, `partition_count` the most partitions of any of them, and
// `partitions` one entry per partition with traffic in any of them (summed),
// in the order the partitions first appear. Nothing is approximated in the
// sums; what is lost is the second within the bucket, so reports spread a
// bucket evenly over its seconds (model/lab/html.cc) and the JSON says
// "seriesBucketSeconds". Runs up to the limit keep per-second series
// unchanged (bucket 1): their output is byte-identical to before.
//
//   SeriesBuckets b("events", {"", "byStatus"}, start_second, 60);
//   b.Drain(db, now_second);                 // after each virtual second
//   b.Finish(db, end_second);                // after the run
//   std::vector<ThrottleSecond> s = b.Take("");
//
// Thread safety: none (one per run). Deterministic: the same calls give the
// same buckets.

#ifndef EDDY_MODEL_LAB_SERIES_BUCKETS_H_
#define EDDY_MODEL_LAB_SERIES_BUCKETS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "emulator/api/throttling.h"
#include "emulator/base/status.h"

namespace eddy {
class Database;
}

namespace eddy::lab::internal {

// Longest run (seconds) whose series stay per second: 6 hours, the
// simulator's default retention.
inline constexpr int64_t kPerSecondSeriesLimit = 6 * 3600;
inline constexpr int64_t kLongRunBucketSeconds = 60;

// 1 for runs up to kPerSecondSeriesLimit seconds, else kLongRunBucketSeconds.
int64_t SeriesBucketSeconds(int64_t duration_seconds);

// The simulator's metrics_retention_seconds for a run folded into buckets of
// `bucket` seconds (> 1): enough for the seconds not yet drained.
int64_t SeriesRetentionSeconds(int64_t bucket_seconds);

// Folds `seconds` (per-second samples in order) into buckets of `bucket`
// seconds aligned on `origin` (absolute seconds), appending to `out` (a
// sample of the bucket already last in `out` is added to).
void FoldSeries(const std::vector<ThrottleSecond>& seconds, int64_t origin,
                int64_t bucket, std::vector<ThrottleSecond>* out);

class SeriesBuckets {
 public:
  // `indexes`: "" for the table, then index names; an index that does not
  // exist yet (an online index) is skipped until it does.
  SeriesBuckets(std::string table, std::vector<std::string> indexes,
                int64_t origin_second, int64_t bucket_seconds);

  int64_t bucket_seconds() const { return bucket_; }

  // Where the per-second samples come from: (index, from, to) -> the
  // samples of [from, to) (the aggregate mode reads its simulator).
  using Source = std::function<StatusOr<std::vector<ThrottleSecond>>(
      const std::string& index, int64_t from_second, int64_t to_second)>;

  // Moves every whole bucket that ends at or before `closed_to` (absolute
  // second: every earlier second is over) from the Database's series.
  void Drain(Database& db, int64_t closed_to);
  void Drain(const Source& source, int64_t closed_to);
  // After the run (metrics flushed): moves what is left before `to_second`.
  void Finish(Database& db, int64_t to_second);
  void Finish(const Source& source, int64_t to_second);
  // The folded series of one index ("" the table); empty when unknown.
  std::vector<ThrottleSecond> Take(const std::string& index);

 private:
  void Move(const Source& source, int64_t to_second);
  static Source Of(Database& db, const std::string& table);

  std::string table_;
  std::vector<std::string> indexes_;
  int64_t origin_;
  int64_t bucket_;
  int64_t drained_to_;  // absolute second: everything before it is folded
  std::map<std::string, std::vector<ThrottleSecond>> folded_;
};

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_SERIES_BUCKETS_H_
