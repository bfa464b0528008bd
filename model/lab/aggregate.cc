// Copyright 2026 The eddy Authors.
//
// The aggregate simulation (see aggregate.h): the per-second loop, the
// retries' fixed point within a second, and the result.

#include "model/lab/aggregate.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "emulator/api/options.h"
#include "emulator/api/throttling.h"
#include "emulator/base/clock.h"
#include "emulator/capacity/simulator.h"
#include "emulator/capacity/units.h"
#include "model/lab/internal/runner.h"
#include "model/lab/key_mass.h"
#include "model/lab/series_buckets.h"
#include "model/lab/traffic.h"

namespace eddy::lab {
namespace {

bool Writes(Operation op) {
  return op == Operation::kPutItem || op == Operation::kUpdateItem;
}

Status Refuse(const std::string& what) {
  return Status::Validation(
      "aggregate simulation: " + what +
      "; run the scenario per call (without --aggregate or \"simulation\": "
      "\"aggregate\")");
}

// The DynamoDB size of the items a write stream writes (its generator's
// first few, the largest).
int64_t WrittenItemBytes(const Stream& stream, const TableSpec& table) {
  internal::Generator g(stream, table, 1);
  int64_t size = 0;
  for (int i = 0; i < 8; ++i)
    size = std::max(size, ItemSizeBytes(g.Next(true)));
  return size;
}

}  // namespace

Status CheckAggregate(const Scenario& scenario, const RunOptions& options) {
  const Scenario s = EffectiveScenario(scenario, options);
  const TableSpec& t = s.table;
  if (options.target != nullptr) return Refuse("endpoint targets are called");
  if (s.migration) return Refuse("a migration (\"migration\") needs items");
  if (s.online_index) {
    return Refuse("an online index (\"onlineIndex\") backfills items");
  }
  if (s.cache) return Refuse("the cache remedy (\"cache\") caches items");
  if (!t.sort_key.empty()) {
    return Refuse("a table with a sort key is not laid out by key");
  }
  if (!t.global_secondary_indexes.empty() ||
      !t.local_secondary_indexes.empty()) {
    return Refuse("secondary indexes need the items' attributes");
  }
  if (t.stream_view_type) return Refuse("a table stream records items");
  int64_t written = 0;
  for (const Stream& x : s.streams) {
    if (x.queue_per_second > 0) {
      return Refuse("stream " + x.name + ": a write queue orders its calls");
    }
    if (x.operation != Operation::kGetItem && !Writes(x.operation)) {
      return Refuse("stream " + x.name + ": " +
                    std::string(OperationName(x.operation)) +
                    " consumes what the items hold (only GetItem, PutItem "
                    "and UpdateItem are aggregated)");
    }
    if (Writes(x.operation))
      written = std::max(written, WrittenItemBytes(x, t));
  }
  if (written > 4096) {
    for (const Stream& x : s.streams) {
      if (x.operation == Operation::kGetItem) {
        return Refuse("stream " + x.name +
                      ": items over 4 KB are written, so a GetItem's units "
                      "depend on whether its item exists");
      }
    }
  }
  return Status::OK();
}

namespace internal {
namespace {

using capacity::BulkGroup;
using capacity::ThrottleSimulator;

// Requests of one stream at one key (or cell) that make their first
// attempt of this second at `attempt` (attempts made before; 0: new).
struct Entry {
  int32_t stream = 0;
  int32_t hot = -1;  // index into the stream's hot keys; -1: a cell
  uint64_t hash = 0;
  int32_t attempt = 0;
  int64_t count = 0;
  int64_t latency = 0;  // micros since arrival, so far
};

struct StreamState {
  KeyMass mass;
  Rng rng;
  int64_t read_half_units = 0;
  int64_t write_half_units = 0;
  bool eventually_consistent = false;
  double carry = 0;
  std::vector<int64_t> counts;
};

// Where the retry after attempt k lands: P(offset) whole seconds later for
// a request at a uniform point of its second, and the mean delay of those
// landing in the same second (micros).
struct Landing {
  std::vector<double> p;  // by offset; p[0]: the same second
  int64_t same_mean_micros = 0;
};

Landing LandingOf(const RetryPolicy& r, int attempts_made) {
  const double millis = std::min(
      r.cap_millis, r.base_millis * std::pow(r.growth, attempts_made - 1));
  const double d = std::max(1e-6, millis / 1000);  // seconds (>= 1 µs)
  // CDF of x + y, x ~ U[0,1), y ~ U[0,d) (jitter) or y = d.
  auto h = [](double t) { return t <= 0 ? 0.0 : t <= 1 ? t * t / 2 : t - 0.5; };
  auto cdf = [&](double z) {
    if (r.jitter) return (h(z) - h(z - d)) / d;
    return std::clamp(z - d, 0.0, 1.0);
  };
  Landing l;
  const int last = static_cast<int>(std::ceil(d)) + 1;
  for (int k = 0; k <= last; ++k) l.p.push_back(cdf(k + 1) - cdf(k));
  // Mean delay given the same second: E[y | x + y < 1].
  if (r.jitter) {
    const double m = std::min(d, 1.0);
    // ∫∫_{x+y<1} y dy dx / P, y in [0,m): ∫_0^m y (1 - y) dy / (d P).
    const double num = (m * m / 2 - m * m * m / 3) / d;
    l.same_mean_micros = l.p[0] > 0 ? std::llround(num / l.p[0] * 1e6) : 0;
  } else {
    l.same_mean_micros = std::llround(d * 1e6);
  }
  return l;
}

int64_t Floor(double x) { return static_cast<int64_t>(std::floor(x + 1e-9)); }

class Aggregate {
 public:
  Aggregate(const Scenario& scenario, const RunOptions& options)
      : scenario_(EffectiveScenario(scenario, options)),
        scale_(options.rate_scale),
        on_progress_(options.on_progress),
        clock_(kStartMicros) {}

  StatusOr<ScenarioResult> Run();

 private:
  capacity::ResourceConfig TableConfig() const;
  // The same-second attempts of `e` at each attempt number when a
  // fraction `phi` of attempts is admitted: levels[a] for a >= e.attempt.
  void Expand(const Entry& e, double phi, std::vector<int64_t>* levels) const;
  // Counts what the client saw of entry i (admitted by the simulator as
  // `g`) and schedules its later retries.
  void Account(const Entry& e, const BulkGroup& g, double phi, int64_t second);

  const Scenario scenario_;
  const double scale_;
  const std::function<void(int64_t, int64_t)> on_progress_;
  ManualClock clock_;
  std::unique_ptr<ThrottleSimulator> sim_;
  capacity::ResourceId table_ = capacity::kNoResource;
  capacity::ResourceConfig config_;
  std::vector<StreamState> state_;
  std::vector<StreamResult> streams_;
  std::vector<Landing> landing_;  // by attempts made (1 .. max_attempts-1)
  std::vector<std::vector<Entry>> ring_;  // retries by second % size
  std::map<std::string, int64_t> reasons_;
  std::vector<int64_t> levels_;  // scratch
  int partitions_at_start_ = 0;
  std::unique_ptr<SeriesBuckets> series_buckets_;
};

capacity::ResourceConfig Aggregate::TableConfig() const {
  const TableSpec& t = scenario_.table;
  capacity::ResourceConfig c;
  const Options defaults;
  c.arn = "arn:aws:dynamodb:" + defaults.region + ":" + defaults.account_id +
          ":table/" + t.name;
  c.name = t.name;
  c.kind = capacity::ResourceKind::kTable;
  if (t.billing_mode == BillingMode::kProvisioned) {
    c.billing = capacity::Billing::kProvisioned;
    c.read_capacity_units = Scaled(t.read_capacity_units, scale_);
    c.write_capacity_units = Scaled(t.write_capacity_units, scale_);
  } else {
    c.billing = capacity::Billing::kOnDemand;
  }
  c.max_read_request_units = t.max_read_request_units > 0
                                 ? Scaled(t.max_read_request_units, scale_)
                                 : -1;
  c.max_write_request_units = t.max_write_request_units > 0
                                  ? Scaled(t.max_write_request_units, scale_)
                                  : -1;
  return c;
}

void Aggregate::Expand(const Entry& e, double phi,
                       std::vector<int64_t>* levels) const {
  const int last = std::max(1, scenario_.retry.max_attempts);
  levels->assign(static_cast<size_t>(last), 0);
  if (e.attempt >= last) return;
  (*levels)[static_cast<size_t>(e.attempt)] = e.count;
  for (int a = e.attempt; a + 1 < last; ++a) {
    const int64_t n = (*levels)[static_cast<size_t>(a)];
    const int64_t throttled = n - std::llround(static_cast<double>(n) * phi);
    (*levels)[static_cast<size_t>(a + 1)] =
        std::llround(static_cast<double>(throttled) *
                     landing_[static_cast<size_t>(a + 1)].p[0]);
  }
}

void Aggregate::Account(const Entry& e, const BulkGroup& g, double phi,
                        int64_t second) {
  if (g.count <= 0) return;
  Expand(e, phi, &levels_);
  const StreamState& st = state_[static_cast<size_t>(e.stream)];
  StreamResult& sr = streams_[static_cast<size_t>(e.stream)];
  ClientSecond& cs = sr.seconds[static_cast<size_t>(second)];
  const int last = std::max(1, scenario_.retry.max_attempts);
  const double ratio =
      static_cast<double>(g.admitted) / static_cast<double>(g.count);
  double seen = 0;
  int64_t latency = e.latency;
  const int64_t duration = scenario_.duration_seconds;
  for (int a = e.attempt; a < last; ++a) {
    const int64_t n = levels_[static_cast<size_t>(a)];
    if (n <= 0) break;
    if (a > e.attempt)
      latency += landing_[static_cast<size_t>(a)].same_mean_micros;
    if (a > 0) cs.retries += n;  // attempts after a throttle
    const int64_t admitted = std::clamp<int64_t>(
        Floor((seen + static_cast<double>(n)) * ratio) - Floor(seen * ratio), 0,
        n);
    seen += static_cast<double>(n);
    const int64_t throttled = n - admitted;
    cs.attempts += n;
    cs.accepted += admitted;
    cs.items_ok += admitted;
    cs.throttled += throttled;
    cs.items_throttled += throttled;
    sr.latency.Add(latency, admitted);
    if (throttled <= 0) continue;
    if (a + 1 >= last) {
      cs.gave_up += throttled;
      continue;
    }
    // The retries not already in this second's next level land later.
    const Landing& l = landing_[static_cast<size_t>(a + 1)];
    const int64_t later =
        std::max<int64_t>(0, throttled - levels_[static_cast<size_t>(a + 1)]);
    const double rest = 1 - l.p[0];
    if (later <= 0 || rest <= 0) continue;
    double cum = 0;
    int64_t placed = 0;
    for (size_t k = 1; k < l.p.size(); ++k) {
      cum += l.p[k] / rest;
      const int64_t upto =
          k + 1 == l.p.size()
              ? later
              : std::min<int64_t>(later, std::llround(cum * later));
      const int64_t c = upto - placed;
      placed = upto;
      const int64_t at = second + static_cast<int64_t>(k);
      if (c <= 0 || at >= duration) continue;
      Entry r = e;
      r.attempt = a + 1;
      r.count = c;
      r.latency = latency + static_cast<int64_t>(k) * kMicros;
      ring_[static_cast<size_t>(at) % ring_.size()].push_back(r);
    }
  }
  // Reasons, as the per-call run names them.
  const bool write = st.write_half_units > 0;
  const std::string table = scenario_.table.name;
  for (size_t l = 0; l < g.throttled.size(); ++l) {
    if (g.throttled[l] <= 0) continue;
    const auto limit = static_cast<capacity::LimitType>(l);
    const ErrorCode code = limit == capacity::LimitType::kAccountLimit
                               ? ErrorCode::kRequestLimitExceeded
                           : config_.billing == capacity::Billing::kOnDemand
                               ? ErrorCode::kThrottling
                               : ErrorCode::kProvisionedThroughputExceeded;
    reasons_[std::string(ErrorCodeName(code)) + ": " +
             capacity::ThrottlingReasonName(capacity::ResourceKind::kTable,
                                            write, limit) +
             " (" + table + ")"] += g.throttled[l];
  }
}

StatusOr<ScenarioResult> Aggregate::Run() {
  if (!(scale_ > 0) || scale_ > 1000) {
    return Status::Validation("rate scale must be in (0, 1000]");
  }
  EDDY_RETURN_IF_ERROR(CheckAggregate(scenario_, {}));
  ThrottleOptions o = ScaledThrottleOptions(scenario_, scale_);
  o.clock = &clock_;
  sim_ = std::make_unique<ThrottleSimulator>(o);
  config_ = TableConfig();
  StatusOr<capacity::ResourceId> id = sim_->Register(config_);
  if (!id.ok()) return id.status().WithMessagePrefix("CreateTable: ");
  table_ = *id;
  const TableSpec& t = scenario_.table;
  const int64_t duration = scenario_.duration_seconds;
  const int last = std::max(1, scenario_.retry.max_attempts);
  landing_.resize(static_cast<size_t>(last));
  size_t horizon = 2;
  for (int k = 1; k < last; ++k) {
    landing_[static_cast<size_t>(k)] = LandingOf(scenario_.retry, k);
    horizon = std::max(horizon, landing_[static_cast<size_t>(k)].p.size() + 1);
  }
  ring_.resize(horizon);
  int64_t written = 0;
  for (const Stream& s : scenario_.streams) {
    if (Writes(s.operation))
      written = std::max(written, WrittenItemBytes(s, t));
  }
  for (size_t i = 0; i < scenario_.streams.size(); ++i) {
    const Stream& s = scenario_.streams[i];
    StatusOr<KeyMass> mass = KeyMass::Make(s);
    if (!mass.ok()) return mass.status();
    StreamState st{
        *std::move(mass),
        Rng(scenario_.seed * 0x9e3779b97f4a7c15ULL + 0x1234567ULL * (i + 1))};
    if (Writes(s.operation)) {
      st.write_half_units = capacity::WriteHalfUnits(WrittenItemBytes(s, t));
    } else {
      st.read_half_units = capacity::ReadHalfUnits(written, s.consistent_read);
      st.eventually_consistent = !s.consistent_read;
    }
    state_.push_back(std::move(st));
    StreamResult r;
    r.name = s.name;
    r.operation = s.operation;
    r.seconds.resize(static_cast<size_t>(duration));
    streams_.push_back(std::move(r));
  }
  if (const int64_t b = SeriesBucketSeconds(duration); b > 1) {
    series_buckets_ = std::make_unique<SeriesBuckets>(
        t.name, std::vector<std::string>{""}, kStartMicros / kMicros, b);
  }
  const SeriesBuckets::Source source = [this](const std::string&, int64_t from,
                                              int64_t to) {
    return sim_->Series(table_, from, to);
  };

  std::vector<TableUpdate> updates = scenario_.updates;
  std::stable_sort(updates.begin(), updates.end(),
                   [](const TableUpdate& a, const TableUpdate& b) {
                     return a.at_second < b.at_second;
                   });
  size_t next_update = 0;
  std::vector<uint64_t> starts;
  std::vector<Entry> entries;
  std::vector<BulkGroup> groups;
  std::vector<double> phi;
  constexpr int kRounds = 4;
  for (int64_t second = 0; second < duration; ++second) {
    const int64_t begin = kStartMicros + second * kMicros;
    const int64_t end = begin + kMicros;
    clock_.SetMicros(begin);
    while (next_update < updates.size() &&
           updates[next_update].at_second <= second) {
      const TableUpdate& u = updates[next_update++];
      const bool provisioned = u.billing_mode == BillingMode::kProvisioned ||
                               (!u.billing_mode && u.write_capacity_units > 0);
      if (u.billing_mode == BillingMode::kPayPerRequest)
        config_.billing = capacity::Billing::kOnDemand;
      if (provisioned) {
        config_.billing = capacity::Billing::kProvisioned;
        config_.read_capacity_units = Scaled(u.read_capacity_units, scale_);
        config_.write_capacity_units = Scaled(u.write_capacity_units, scale_);
      }
      Status s = sim_->Update(table_, config_);
      if (!s.ok()) {
        return s.WithMessagePrefix("UpdateTable at second " +
                                   std::to_string(u.at_second) + ": ");
      }
    }
    // The partitions of this second (splits due now are applied here).
    StatusOr<std::vector<uint64_t>> now_starts = sim_->PartitionStarts(table_);
    if (!now_starts.ok()) return now_starts.status();
    if (*now_starts != starts) {
      starts = *std::move(now_starts);
      for (StreamState& st : state_) st.mass.Layout(starts);
    }
    if (second == 0) partitions_at_start_ = static_cast<int>(starts.size());

    entries.clear();
    entries.swap(ring_[static_cast<size_t>(second) % ring_.size()]);
    for (size_t i = 0; i < scenario_.streams.size(); ++i) {
      const Stream& s = scenario_.streams[i];
      StreamState& st = state_[i];
      double rate = 0;
      for (const RatePoint& p : s.rate) {
        if (p.at_second <= second) rate = p.per_second;
      }
      st.carry += rate * scale_;
      const int64_t n = static_cast<int64_t>(std::floor(st.carry + 1e-9));
      st.carry -= static_cast<double>(n);
      streams_[i].seconds[static_cast<size_t>(second)].offered += n;
      if (n <= 0) continue;
      st.mass.Draw(st.rng, n, &st.counts);
      const size_t hot = st.mass.hot().size();
      for (size_t k = 0; k < st.counts.size(); ++k) {
        if (st.counts[k] <= 0) continue;
        Entry e;
        e.stream = static_cast<int32_t>(i);
        e.count = st.counts[k];
        if (k < hot) {
          e.hot = static_cast<int32_t>(k);
          e.hash = st.mass.hot()[k].hash;
        } else {
          e.hash = st.mass.cells()[k - hot].hash;
        }
        entries.push_back(e);
      }
    }
    groups.resize(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
      const Entry& e = entries[i];
      const StreamState& st = state_[static_cast<size_t>(e.stream)];
      BulkGroup& g = groups[i];
      g = BulkGroup{};
      g.hash = e.hash;
      if (e.hot >= 0)
        g.partition_key = st.mass.hot()[static_cast<size_t>(e.hot)].key;
      g.read_half_units = st.read_half_units;
      g.write_half_units = st.write_half_units;
      g.eventually_consistent = st.eventually_consistent;
    }
    // The retries within the second: admit, see what is throttled, add its
    // same-second retries, until the admitted fractions settle.
    phi.assign(entries.size(), 1.0);
    auto set_counts = [&] {
      for (size_t i = 0; i < entries.size(); ++i) {
        Expand(entries[i], phi[i], &levels_);
        int64_t total = 0;
        for (int64_t n : levels_) total += n;
        groups[i].count = total;
      }
    };
    for (int round = 0; round < kRounds && last > 1; ++round) {
      set_counts();
      sim_->PlanBulk(table_, groups, end);
      double change = 0;
      bool throttled = false;
      for (size_t i = 0; i < entries.size(); ++i) {
        const BulkGroup& g = groups[i];
        const double p = g.count > 0 ? static_cast<double>(g.admitted) /
                                           static_cast<double>(g.count)
                                     : 1.0;
        throttled = throttled || g.admitted < g.count;
        change = std::max(change, std::abs(p - phi[i]));
        phi[i] = p;
      }
      if (!throttled || change < 1e-4) break;
    }
    // The demand as the last fractions make it; Account expands the same.
    set_counts();
    sim_->AdmitBulk(table_, groups, end);
    for (size_t i = 0; i < entries.size(); ++i)
      Account(entries[i], groups[i], phi[i], second);
    if (series_buckets_ != nullptr) {
      clock_.SetMicros(end - 1);
      series_buckets_->Drain(source, clock_.NowMicros() / kMicros);
    }
    if (on_progress_) on_progress_(second + 1, duration);
  }
  clock_.SetMicros(kStartMicros + duration * kMicros);

  ScenarioResult result;
  result.scenario = scenario_;
  result.rate_scale = scale_;
  result.start_second = kStartMicros / kMicros;
  result.seconds.resize(static_cast<size_t>(duration));
  SumStreams(std::move(streams_), &result);
  result.reasons = std::move(reasons_);
  sim_->Flush();
  ResourceResult r;
  r.name = t.name;
  r.partition_write_cap = 2 * o.partition_write_units;
  r.partition_read_cap = 2 * o.partition_read_units;
  const int64_t from = kStartMicros / kMicros;
  const int64_t to = from + duration + 1;
  if (auto c = sim_->Counters(table_); c.ok()) r.counters = *c;
  if (series_buckets_ != nullptr) {
    series_buckets_->Finish(source, to);
    r.series = series_buckets_->Take("");
    r.series_bucket_seconds = series_buckets_->bucket_seconds();
  } else if (auto s = sim_->Series(table_, from, to); s.ok()) {
    r.series = *std::move(s);
  }
  if (auto h = sim_->PartitionHistory(table_); h.ok())
    r.history = *std::move(h);
  if (auto p = sim_->PartitionStarts(table_); p.ok())
    r.partitions_at_end = static_cast<int>(p->size());
  r.partitions_at_start = partitions_at_start_;
  if (auto k = sim_->TopKeys(table_, TopKeysKind::kMostAccessed, false, 5);
      k.ok()) {
    r.top_accessed = *std::move(k);
  }
  if (auto k = sim_->TopKeys(table_, TopKeysKind::kMostThrottled, false, 5);
      k.ok()) {
    r.top_throttled = *std::move(k);
  }
  result.resources.push_back(std::move(r));
  return result;
}

}  // namespace

StatusOr<ScenarioResult> RunAggregate(const Scenario& scenario,
                                      const RunOptions& options) {
  if (Status s = CheckAggregate(scenario, options); !s.ok()) return s;
  Aggregate run(scenario, options);
  return run.Run();
}

}  // namespace internal
}  // namespace eddy::lab
