// Copyright 2026 The eddy Authors.
//
// RunScenario: the scenario's traffic as real calls (model/lab/target.h) on
// a manual clock. Each second, every stream's new requests are spread evenly
// over the second and merged in time order with the retries that fall due; a
// call is made at its instant with the clock set there. Random choices (keys,
// sort keys, values, jitter) come from one splitmix64 generator per stream,
// seeded from the scenario's seed and the stream's position.
//
// The Runner is declared in model/lab/internal/runner.h; this file holds the
// run itself (Database options, the table, its updates, the second-by-second
// loop) and RunScenario. The call, the migration glue, the cache remedy and
// result collection have files of their own (listed in that header).

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "model/lab/aggregate.h"
#include "model/lab/internal/runner.h"
#include "model/lab/scenario.h"

namespace eddy::lab {
namespace internal {
void Accumulate(ClientSecond& into, const ClientSecond& x) {
  into.offered += x.offered;
  into.attempts += x.attempts;
  into.accepted += x.accepted;
  into.throttled += x.throttled;
  into.partial += x.partial;
  into.retries += x.retries;
  into.gave_up += x.gave_up;
  into.other_errors += x.other_errors;
  into.items_ok += x.items_ok;
  into.items_throttled += x.items_throttled;
  into.cache_hits += x.cache_hits;
  into.queue_depth += x.queue_depth;
}

void SumStreams(std::vector<StreamResult> streams, ScenarioResult* result) {
  for (StreamResult& s : streams) {
    for (size_t i = 0; i < s.seconds.size(); ++i) {
      Accumulate(s.total, s.seconds[i]);
      Accumulate(result->seconds[i], s.seconds[i]);
    }
    Accumulate(result->total, s.total);
    result->latency.Merge(s.latency);
  }
  result->streams = std::move(streams);
}

ThrottleOptions ScaledThrottleOptions(const Scenario& scenario, double scale) {
  ThrottleOptions t = scenario.simulator;
  t.partition_read_units = Scaled(t.partition_read_units, scale);
  t.partition_write_units = Scaled(t.partition_write_units, scale);
  t.eventually_consistent_read_partition_units =
      Scaled(t.eventually_consistent_read_partition_units, scale);
  t.on_demand_warm_read_units = Scaled(t.on_demand_warm_read_units, scale);
  t.on_demand_warm_write_units = Scaled(t.on_demand_warm_write_units, scale);
  t.table_read_quota_units = Scaled(t.table_read_quota_units, scale);
  t.table_write_quota_units = Scaled(t.table_write_quota_units, scale);
  t.account_read_quota_units = Scaled(t.account_read_quota_units, scale);
  t.account_write_quota_units = Scaled(t.account_write_quota_units, scale);
  t.metrics_retention_seconds = std::max<int64_t>(
      t.metrics_retention_seconds, scenario.duration_seconds + 60);
  // Long runs (issue 24 item 4): the runner drains the series as it goes.
  if (const int64_t b = SeriesBucketSeconds(scenario.duration_seconds); b > 1) {
    t.metrics_retention_seconds = SeriesRetentionSeconds(b);
  }
  t.seed ^= scenario.seed;
  return t;
}

Options Runner::DatabaseOptions() const {
  Options options;
  options.clock = &clock_;
  options.throttle = ScaledThrottleOptions(scenario_, scale_);
  return options;
}

Status Runner::CreateTable() {
  const TableSpec& t = scenario_.table;
  CreateTableRequest c;
  c.table_name = t.name;
  std::vector<std::string> defined;
  auto define = [&](const std::string& name) {
    if (name.empty() ||
        std::find(defined.begin(), defined.end(), name) != defined.end()) {
      return;
    }
    defined.push_back(name);
    c.attribute_definitions.push_back({name, ScalarAttributeType::kS});
  };
  c.key_schema.push_back({t.partition_key, KeyType::kHash});
  define(t.partition_key);
  if (!t.sort_key.empty()) {
    c.key_schema.push_back({t.sort_key, KeyType::kRange});
    define(t.sort_key);
  }
  c.billing_mode = t.billing_mode;
  if (t.billing_mode == BillingMode::kProvisioned) {
    c.provisioned_throughput =
        ProvisionedThroughput{Scaled(t.read_capacity_units, scale_),
                              Scaled(t.write_capacity_units, scale_)};
  }
  c.on_demand_throughput =
      MaxThroughput(t.max_read_request_units, t.max_write_request_units);
  for (const IndexSpec& g : t.global_secondary_indexes) {
    GlobalSecondaryIndex x;
    x.index_name = g.name;
    x.key_schema.push_back({g.partition_key, KeyType::kHash});
    define(g.partition_key);
    if (!g.sort_key.empty()) {
      x.key_schema.push_back({g.sort_key, KeyType::kRange});
      define(g.sort_key);
    }
    x.projection.projection_type = g.projection;
    if (t.billing_mode == BillingMode::kProvisioned) {
      x.provisioned_throughput =
          ProvisionedThroughput{Scaled(g.read_capacity_units, scale_),
                                Scaled(g.write_capacity_units, scale_)};
    }
    x.on_demand_throughput =
        MaxThroughput(g.max_read_request_units, g.max_write_request_units);
    c.global_secondary_indexes.push_back(std::move(x));
  }
  for (const IndexSpec& l : t.local_secondary_indexes) {
    LocalSecondaryIndex x;
    x.index_name = l.name;
    x.key_schema = {{t.partition_key, KeyType::kHash},
                    {l.sort_key, KeyType::kRange}};
    define(l.sort_key);
    x.projection.projection_type = l.projection;
    c.local_secondary_indexes.push_back(std::move(x));
  }
  if (t.stream_view_type) {
    c.stream_specification = StreamSpecification{
        .stream_enabled = true, .stream_view_type = *t.stream_view_type};
  }
  StatusOr<CreateTableResponse> r = target_->CreateTable(c);
  if (!r.ok()) return r.status().WithMessagePrefix("CreateTable: ");
  return Status::OK();
}

Status Runner::ApplyUpdate(const TableUpdate& u) {
  UpdateTableRequest r;
  r.table_name = scenario_.table.name;
  r.billing_mode = u.billing_mode;
  const bool provisioned = u.billing_mode == BillingMode::kProvisioned ||
                           (!u.billing_mode && u.write_capacity_units > 0);
  if (provisioned) {
    r.provisioned_throughput =
        ProvisionedThroughput{Scaled(u.read_capacity_units, scale_),
                              Scaled(u.write_capacity_units, scale_)};
    if (scenario_.table.billing_mode == BillingMode::kPayPerRequest) {
      for (const IndexSpec& g : scenario_.table.global_secondary_indexes) {
        GlobalSecondaryIndexUpdate x;
        x.update = {g.name, ProvisionedThroughput{
                                Scaled(g.read_capacity_units, scale_),
                                Scaled(g.write_capacity_units, scale_)}};
        r.global_secondary_index_updates.push_back(std::move(x));
      }
    }
  }
  target_->Pace(u.at_second * kMicros);
  StatusOr<UpdateTableResponse> x = target_->UpdateTable(r);
  if (!x.ok()) {
    return x.status().WithMessagePrefix("UpdateTable at second " +
                                        std::to_string(u.at_second) + ": ");
  }
  return Status::OK();
}

StatusOr<ScenarioResult> Runner::Run() {
  if (!(scale_ > 0) || scale_ > 1000) {
    return Status::Validation("rate scale must be in (0, 1000]");
  }
  const TableSpec& t = scenario_.table;
  for (const Stream& s : scenario_.streams) {
    if (!s.index.empty()) {
      bool known = false;
      for (const IndexSpec& g : t.global_secondary_indexes)
        known = known || g.name == s.index;
      for (const IndexSpec& l : t.local_secondary_indexes)
        known = known || l.name == s.index;
      if (!known || s.operation != Operation::kQuery) {
        return Status::Validation("stream " + s.name +
                                  ": \"index\" must name an index of the "
                                  "table, on a Query stream");
      }
    }
  }
  if (target_ == nullptr) {
    db_ = std::make_unique<Database>(DatabaseOptions());
    own_target_ = std::make_unique<DatabaseTarget>(db_.get());
    target_ = own_target_.get();
  } else if (!target_->in_process() && t.stream_view_type) {
    return Status::Validation(
        "a scenario with a stream (\"streamViewType\") runs in process only");
  } else if (!target_->in_process() && scenario_.migration) {
    return Status::Validation(
        "a scenario with a migration (\"migration\") runs in process only");
  } else if (!target_->in_process() && target_->connections() > 1) {
    calls_ = std::make_unique<CallPool>(target_->connections());
  }
  if (scenario_.online_index) {
    if (db_ == nullptr) {
      return Status::Validation(
          "a scenario with an online index (\"onlineIndex\") runs in process "
          "only");
    }
    EDDY_RETURN_IF_ERROR(OnlineIndex::Check(scenario_));
    online_index_ = std::make_unique<OnlineIndex>(*scenario_.online_index, t);
  }
  if (scenario_.migration) {
    EDDY_RETURN_IF_ERROR(Migration::Check(scenario_));
    migration_ = std::make_unique<Migration>(*scenario_.migration, t,
                                             scenario_.duration_seconds);
    backfill_stream_.name = "migration.backfill";
    backfill_stream_.operation = Operation::kPutItem;
    backfill_index_ = static_cast<int>(scenario_.streams.size());
  }
  EDDY_RETURN_IF_ERROR(CreateTable());
  if (const int64_t b = SeriesBucketSeconds(scenario_.duration_seconds);
      b > 1 && db_ != nullptr) {
    std::vector<std::string> indexes = {""};
    for (const IndexSpec& g : t.global_secondary_indexes)
      indexes.push_back(g.name);
    if (online_index_ != nullptr)
      indexes.push_back(online_index_->spec().index.name);
    series_buckets_ = std::make_unique<SeriesBuckets>(
        t.name, std::move(indexes), kStartMicros / kMicros, b);
  }
  if (scenario_.cache) {
    const CacheSpec& c = *scenario_.cache;
    item_cache_ = std::make_unique<TtlLruCache>(c.item_capacity,
                                                c.item_ttl_seconds * kMicros);
    query_cache_ = std::make_unique<TtlLruCache>(c.query_capacity,
                                                 c.query_ttl_seconds * kMicros);
  }
  const int64_t duration = scenario_.duration_seconds;
  generators_.reserve(scenario_.streams.size());
  for (size_t i = 0; i < scenario_.streams.size(); ++i) {
    const Stream& s = scenario_.streams[i];
    generators_.emplace_back(
        s, t, scenario_.seed * 0x9e3779b97f4a7c15ULL + 0x1234567ULL * (i + 1));
    StreamResult r;
    r.name = s.name;
    r.operation = s.operation;
    r.seconds.resize(static_cast<size_t>(duration));
    streams_.push_back(std::move(r));
  }
  if (migration_ != nullptr) {
    // The backfill's calls: one more stream in the results (its jitter
    // from a generator of its own).
    generators_.emplace_back(backfill_stream_, t,
                             scenario_.seed * 0x9e3779b97f4a7c15ULL + 0xbacf11);
    StreamResult r;
    r.name = backfill_stream_.name;
    r.operation = Operation::kPutItem;
    r.seconds.resize(static_cast<size_t>(duration));
    streams_.push_back(std::move(r));
  }
  double backfill_carry = 0, index_carry = 0;

  std::vector<TableUpdate> updates = scenario_.updates;
  std::stable_sort(updates.begin(), updates.end(),
                   [](const TableUpdate& a, const TableUpdate& b) {
                     return a.at_second < b.at_second;
                   });
  size_t next_update = 0;
  std::vector<double> carry(scenario_.streams.size(), 0.0);
  struct Arrival {
    int64_t micros;
    int stream;
    int64_t origin;  // the arrival itself, or when it was enqueued
  };
  // Write queues (Stream::queue_per_second): the messages' arrival times,
  // and the consumer's next free instant.
  std::vector<std::deque<int64_t>> queues(scenario_.streams.size());
  std::vector<int64_t> consumer_free(scenario_.streams.size(), 0);
  std::vector<Arrival> arrivals;
  for (int64_t second = 0; second < duration; ++second) {
    const int64_t begin = kStartMicros + second * kMicros;
    while (next_update < updates.size() &&
           updates[next_update].at_second <= second) {
      clock_.SetMicros(begin);
      EDDY_RETURN_IF_ERROR(ApplyUpdate(updates[next_update++]));
    }
    if (second == 0 && db_ != nullptr) {
      clock_.SetMicros(begin);
      auto count = [&](const std::string& index) {
        StatusOr<std::vector<uint64_t>> p =
            db_->DescribePartitions(t.name, index);
        return p.ok() ? static_cast<int>(p->size()) : 0;
      };
      partitions_at_start_[""] = count("");
      for (const IndexSpec& g : t.global_secondary_indexes) {
        partitions_at_start_[g.name] = count(g.name);
      }
    }
    if (migration_ != nullptr) {
      const MigrationSpec& m = migration_->spec();
      if (m.cutover_at_second && second >= *m.cutover_at_second) {
        migration_->SetCutover(second);
      }
      if (second == m.backfill.at_second) {
        migration_->StartBackfill(second);
        if (m.backfill.per_second <= 0) {
          for (int w = 0; w < m.backfill.workers; ++w) {
            due_.push(Due{begin, seq_++, kBackfillWake});
          }
        }
      }
      if (m.backfill.per_second > 0 && migration_->BackfillActive()) {
        backfill_carry += m.backfill.per_second * scale_;
        const auto n = static_cast<int64_t>(std::floor(backfill_carry + 1e-9));
        backfill_carry -= static_cast<double>(n);
        for (int64_t k = 0; k < n; ++k) {
          due_.push(Due{begin + k * kMicros / n, seq_++, kBackfillWake});
        }
      }
    }
    if (online_index_ != nullptr) {
      const OnlineIndexSpec& o = online_index_->spec();
      if (second == o.at_second) {
        clock_.SetMicros(begin);
        StatusOr<UpdateTableResponse> u =
            target_->UpdateTable(online_index_->CreateRequest(scale_));
        if (!u.ok()) {
          return u.status().WithMessagePrefix(
              "UpdateTable (onlineIndex) at second " + std::to_string(second) +
              ": ");
        }
        online_index_->Created(second);
      }
      if (online_index_->Active()) {
        index_carry += o.items_per_second * scale_;
        const auto n = static_cast<int64_t>(std::floor(index_carry + 1e-9));
        index_carry -= static_cast<double>(n);
        for (int64_t k = 0; k < n; ++k) {
          due_.push(Due{begin + k * kMicros / n, seq_++, kIndexWake});
        }
      }
    }
    arrivals.clear();
    for (size_t i = 0; i < scenario_.streams.size(); ++i) {
      const Stream& s = scenario_.streams[i];
      double rate = 0;
      for (const RatePoint& p : s.rate) {
        if (p.at_second <= second) rate = p.per_second;
      }
      carry[i] += rate * scale_;
      const int64_t n = static_cast<int64_t>(std::floor(carry[i] + 1e-9));
      carry[i] -= static_cast<double>(n);
      const int64_t end = begin + kMicros;
      if (s.queue_per_second <= 0) {
        for (int64_t k = 0; k < n; ++k) {
          const int64_t at = begin + k * kMicros / n;
          arrivals.push_back(Arrival{at, static_cast<int>(i), at});
        }
        continue;
      }
      // The consumer takes the oldest message when it is free, at most
      // queue_per_second (scaled) calls a second.
      std::deque<int64_t>& q = queues[i];
      for (int64_t k = 0; k < n; ++k) q.push_back(begin + k * kMicros / n);
      const auto gap = static_cast<int64_t>(
          std::ceil(static_cast<double>(kMicros) /
                    std::max(1e-9, s.queue_per_second * scale_)));
      while (!q.empty()) {
        const int64_t at = std::max(consumer_free[i], q.front());
        if (at >= end) break;
        arrivals.push_back(Arrival{at, static_cast<int>(i), q.front()});
        q.pop_front();
        consumer_free[i] = at + gap;
      }
      streams_[i].seconds[static_cast<size_t>(second)].queue_depth =
          static_cast<int64_t>(q.size());
    }
    std::stable_sort(
        arrivals.begin(), arrivals.end(),
        [](const Arrival& a, const Arrival& b) { return a.micros < b.micros; });
    auto run_due_before = [&](int64_t limit) {
      while (DueBy(limit)) {
        const Due d = due_.top();
        due_.pop();
        if (d.slot == kBackfillWake) {
          BackfillWake(d.micros);
        } else if (d.slot == kIndexWake) {
          clock_.SetMicros(d.micros);
          online_index_->Turn(db_.get(), (d.micros - kStartMicros) / kMicros);
        } else {
          Issue(d.slot, d.micros);
        }
      }
    };
    for (const Arrival& a : arrivals) {
      run_due_before(a.micros);
      const size_t slot = NewSlot();
      Request& req = pool_[slot];
      req.stream = a.stream;
      req.attempt = 0;
      req.origin_micros = a.origin;
      req.shadow = false;
      req.items.clear();
      const Stream& s = scenario_.streams[static_cast<size_t>(a.stream)];
      Generator& g = generators_[static_cast<size_t>(a.stream)];
      const bool writes = s.operation == Operation::kPutItem ||
                          s.operation == Operation::kUpdateItem ||
                          s.operation == Operation::kBatchWriteItem;
      const bool batch = s.operation == Operation::kBatchWriteItem ||
                         s.operation == Operation::kBatchGetItem;
      if (!batch) {
        req.items.push_back(g.Next(writes));
      } else {
        // Distinct keys (a batch may not name one twice).
        std::vector<std::pair<std::string, std::string>> seen;
        for (int tries = 0; static_cast<int>(req.items.size()) < s.batch_size &&
                            tries < 4 * s.batch_size;
             ++tries) {
          Item item = g.Next(writes);
          auto key = std::make_pair(
              item.Find(t.partition_key)->s(),
              t.sort_key.empty() ? std::string() : item.Find(t.sort_key)->s());
          if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
          seen.push_back(std::move(key));
          req.items.push_back(std::move(item));
        }
      }
      ++At(a.stream, a.origin).offered;
      if (migration_ != nullptr) {
        const bool deletes = s.operation == Operation::kDeleteItem;
        for (Item& item : req.items) {
          if (writes)
            item.Set(kRevAttribute, AttributeValue::S(migration_->NextRev()));
          if (migration_->ReadsNew()) item = migration_->To(item);
        }
        if ((writes || deletes) && migration_->DualWrites(second)) {
          // The same write to the other version: a call of its own.
          std::vector<Item> other;
          for (const Item& item : req.items) {
            other.push_back(migration_->ReadsNew() ? migration_->From(item)
                                                   : migration_->To(item));
          }
          const size_t twin = NewSlot();
          Request& shadow = pool_[twin];
          shadow.stream = a.stream;
          shadow.attempt = 0;
          shadow.origin_micros = a.origin;
          shadow.shadow = true;
          shadow.items = std::move(other);
          ++At(a.stream, a.origin).offered;
          Issue(slot, a.micros);
          Issue(twin, a.micros);
          continue;
        }
      }
      Issue(slot, a.micros);
    }
    do {  // with a CallPool: until this second's answers are all in
      run_due_before(begin + kMicros - 1);
    } while (Settle());
    if (migration_ != nullptr) migration_->EndSecond(second);
    if (series_buckets_ != nullptr)  // long runs: fold what is closed
      series_buckets_->Drain(*db_, clock_.NowMicros() / kMicros);
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
  result.errors = std::move(errors_);
  Collect(&result);
  if (db_ != nullptr && scenario_.table.stream_view_type) {
    CollectShards(&result);
  }
  if (migration_ != nullptr) result.migration = migration_->TakeResult();
  if (online_index_ != nullptr) result.online_index = online_index_->result();
  return result;
}

}  // namespace internal
namespace {

double Mean(const ScenarioResult& r, int64_t from, int64_t to,
            std::string_view stream, int64_t ClientSecond::*field) {
  from = std::max<int64_t>(0, from);
  to = std::min<int64_t>(to, r.scenario.duration_seconds);
  if (to <= from) return 0;
  int64_t sum = 0;
  for (const StreamResult& s : r.streams) {
    if (!stream.empty() && s.name != stream) continue;
    for (int64_t i = from; i < to; ++i) sum += s.seconds[i].*field;
  }
  return static_cast<double>(sum) / static_cast<double>(to - from);
}

}  // namespace

double ScenarioResult::AcceptedPerSecond(int64_t from, int64_t to,
                                         std::string_view stream) const {
  return Mean(*this, from, to, stream, &ClientSecond::accepted);
}
double ScenarioResult::ThrottledPerSecond(int64_t from, int64_t to,
                                          std::string_view stream) const {
  return Mean(*this, from, to, stream, &ClientSecond::throttled);
}
double ScenarioResult::ItemsOkPerSecond(int64_t from, int64_t to,
                                        std::string_view stream) const {
  return Mean(*this, from, to, stream, &ClientSecond::items_ok);
}

const ResourceResult* ScenarioResult::Resource(
    std::string_view index_name) const {
  for (const ResourceResult& r : resources) {
    if (r.index_name == index_name) return &r;
  }
  return nullptr;
}

Scenario EffectiveScenario(const Scenario& scenario,
                           const RunOptions& options) {
  Scenario s = scenario;
  if (options.duration_seconds) s.duration_seconds = *options.duration_seconds;
  if (options.seed) s.seed = *options.seed;
  if (options.simulation) s.simulation = *options.simulation;
  return s;
}

StatusOr<ScenarioResult> RunScenario(const Scenario& scenario,
                                     const RunOptions& options) {
  if (EffectiveScenario(scenario, options).simulation ==
      Simulation::kAggregate) {
    return internal::RunAggregate(scenario, options);
  }
  internal::Runner runner(scenario, options);
  return runner.Run();
}

}  // namespace eddy::lab
