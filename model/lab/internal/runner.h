// Copyright 2026 The eddy Authors.
//
// The scenario runner's insides (model/lab/scenario.h's RunScenario is its
// public face): the Runner that plays a scenario's traffic as real calls on a
// manual clock, and the pieces its files share. Not part of eddy's API.
//
// Split by responsibility:
//   simulate.cc            the run: Database options, the table and its
//                          updates, the second-by-second loop, RunScenario;
//   simulate_call.cc       one call: Issue (the request, its outcome, the
//                          retry), the request pool, error counting;
//   simulate_migration.cc  the migration's and online index's glue: the
//                          backfill worker's turn and the bookkeeping when a
//                          request is done;
//   simulate_cache.cc      the cache remedy (Scenario::cache);
//   simulate_collect.cc    result collection: consumed units, the
//                          simulator's counters and series, stream shards.
//
// Thread safety: a Runner is used by one thread for one run; with an
// endpoint target of several connections, Runner::Call also runs on the
// CallPool's workers (it only reads the scenario and calls the target), and
// everything else stays on the run's thread.

#ifndef EDDY_MODEL_LAB_INTERNAL_RUNNER_H_
#define EDDY_MODEL_LAB_INTERNAL_RUNNER_H_

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "model/lab/cache.h"
#include "model/lab/call_pool.h"
#include "model/lab/migration.h"
#include "model/lab/online_index.h"
#include "model/lab/scenario.h"
#include "model/lab/series_buckets.h"
#include "model/lab/target.h"
#include "model/lab/traffic.h"

namespace eddy::lab::internal {

constexpr int64_t kMicros = 1'000'000;
// The clock's start: 2023-11-14T22:00:00Z, a whole hour, so that the
// simulator's minute windows (on-demand peaks) align with the run's minutes.
constexpr int64_t kStartMicros = 1'699'999'200LL * kMicros;

inline int64_t Scaled(int64_t units, double scale) {
  if (units <= 0) return units;
  return std::max<int64_t>(1, std::llround(static_cast<double>(units) * scale));
}

// A request on its way: its items (keys for reads and deletes), and how
// often it was tried.
struct Request {
  int stream = 0;
  int attempt = 0;            // attempts made so far
  int64_t origin_micros = 0;  // arrival (with a write queue: enqueued)
  bool shadow = false;        // a migration's dual write to the other version
  std::vector<Item> items;
};

// What one call answered (Runner::Call), counted by Runner::Finish.
struct CallAnswer {
  Status status;
  std::vector<Item> unprocessed;  // batch parts to retry
  std::optional<Item> got;        // a GetItem's answer (migrations)
  std::vector<Item> got_items;    // a BatchGetItem's or a Query's
  bool more_pages = false;        // a Query answered with LastEvaluatedKey
  std::optional<ConsumedCapacity> consumed;      // a one-item call's units
  std::vector<ConsumedCapacity> consumed_batch;  // a batch call's
};

// A Due with this slot wakes the migration's backfill instead.
constexpr size_t kBackfillWake = static_cast<size_t>(-1);
// ... and this one the online index's backfill (Scenario::online_index).
constexpr size_t kIndexWake = static_cast<size_t>(-2);

struct Due {
  int64_t micros;
  uint64_t seq;
  size_t slot;  // into the pending-request pool, or kBackfillWake
  bool operator>(const Due& o) const {
    return micros != o.micros ? micros > o.micros : seq > o.seq;
  }
};

inline bool IsThrottle(ErrorCode c) {
  return c == ErrorCode::kThrottling ||
         c == ErrorCode::kProvisionedThroughputExceeded ||
         c == ErrorCode::kRequestLimitExceeded;
}

// Adds x's counts into `into`.
void Accumulate(ClientSecond& into, const ClientSecond& x);
// Sums each stream's seconds into its total and into result->seconds /
// total / latency (result->seconds sized to the run), then moves the
// streams into result->streams.
void SumStreams(std::vector<StreamResult> streams, ScenarioResult* result);
// The simulator's options for a run at `scale`: the scenario's, every
// per-second capacity scaled, metrics kept for the run (long runs: drained
// as they go, series_buckets.h), seeded by the scenario.
ThrottleOptions ScaledThrottleOptions(const Scenario& scenario, double scale);

// Runs one scenario (RunScenario): construct, call Run() once.
class Runner {
 public:
  Runner(const Scenario& scenario, const RunOptions& options)
      : scenario_(EffectiveScenario(scenario, options)),
        scale_(options.rate_scale),
        on_progress_(options.on_progress),
        clock_(kStartMicros),
        target_(options.target) {}

  StatusOr<ScenarioResult> Run();

 private:
  Options DatabaseOptions() const;
  Status CreateTable();
  Status ApplyUpdate(const TableUpdate& u);
  // OnDemandThroughput for non-zero maxima (scaled like every capacity).
  std::optional<OnDemandThroughput> MaxThroughput(int64_t read,
                                                  int64_t write) const {
    if (read <= 0 && write <= 0) return std::nullopt;
    OnDemandThroughput t;
    if (read > 0) t.max_read_request_units = Scaled(read, scale_);
    if (write > 0) t.max_write_request_units = Scaled(write, scale_);
    return t;
  }
  void Issue(size_t slot, int64_t now);
  // The call for `req` itself, nothing counted: safe on a CallPool worker.
  CallAnswer Call(Request* req, const Stream& stream,
                  ReturnConsumedCapacity units) const;
  // Counts what the call for `slot` made at `now` answered; schedules the
  // retry or frees the slot.
  void Finish(size_t slot, int64_t now, CallAnswer answer);
  // Whether a Due is at or before `limit`, once the answers back from the
  // CallPool (if any) are counted.
  bool DueBy(int64_t limit);
  // With a CallPool: waits for every call in flight and counts its answer;
  // true when there was one (its retry may be due).
  bool Settle();
  // The cache remedy (Scenario::cache): serves a read from the cache (true)
  // or returns false; after a call that succeeded, fills or writes through.
  bool ServeFromCache(const Request& req, const Stream& stream, int64_t now);
  void UpdateCache(const Request& req, const Stream& stream, int64_t now);
  std::string CacheKey(const Item& item, const std::string& index) const;
  // The stream a request belongs to: a scenario stream or the backfill's.
  const Stream& StreamOf(int index) const {
    return index < static_cast<int>(scenario_.streams.size())
               ? scenario_.streams[static_cast<size_t>(index)]
               : backfill_stream_;
  }
  size_t NewSlot();
  // A backfill worker's time between calls: a rate, so scaled like one.
  int64_t BackfillCallMicros() const {
    return std::max<int64_t>(
        1,
        std::llround(migration_->spec().backfill.call_millis * 1000 / scale_));
  }
  // The migration (Scenario::migration): a backfill worker's turn at
  // `now`, and the bookkeeping when a request is done.
  void BackfillWake(int64_t now);
  void MigrationDone(const Request& req, const CallAnswer& answer, int64_t now);
  ClientSecond& At(int stream, int64_t now);
  void CountError(const Status& s, int64_t parts);
  // Endpoint mode: the units an answer reports (ReturnConsumedCapacity
  // TOTAL), added to the run's read or write total.
  void AddConsumed(const std::optional<ConsumedCapacity>& c, bool write);
  void AddConsumed(const std::vector<ConsumedCapacity>& c, bool write);
  void Collect(ScenarioResult* result);
  // The stream's shards (ScenarioResult::stream_shards).
  void CollectShards(ScenarioResult* result);

  Scenario scenario_;
  const double scale_;
  const std::function<void(int64_t, int64_t)> on_progress_;
  mutable ManualClock clock_;
  // The calls' target: RunOptions::target, or db_ through own_target_.
  ScenarioTarget* target_;
  std::unique_ptr<Database> db_;  // in-process runs only
  std::unique_ptr<DatabaseTarget> own_target_;
  int64_t consumed_read_half_units_ = 0;  // endpoint mode
  int64_t consumed_write_half_units_ = 0;
  std::vector<Generator> generators_;
  std::vector<StreamResult> streams_;
  std::vector<Request> pool_;  // pending requests (retries), by slot
  std::vector<size_t> free_slots_;
  std::priority_queue<Due, std::vector<Due>, std::greater<Due>> due_;
  uint64_t seq_ = 0;
  std::map<std::string, int64_t> reasons_, errors_;
  std::map<std::string, int> partitions_at_start_;
  std::unique_ptr<TtlLruCache> item_cache_, query_cache_;
  std::unique_ptr<Migration> migration_;
  std::unique_ptr<OnlineIndex> online_index_;
  // Long runs: the per-partition series folded into minutes as the run
  // goes (model/lab/series_buckets.h); null for runs up to six hours.
  std::unique_ptr<SeriesBuckets> series_buckets_;
  Stream backfill_stream_;  // the backfill's calls, as one more stream
  int backfill_index_ = -1;
  // Endpoint mode with several connections: the calls in flight. Last, so
  // that it is destroyed (its calls waited for) before what they read.
  std::unique_ptr<CallPool> calls_;
};

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_INTERNAL_RUNNER_H_
