// Copyright 2026 The eddy Authors.
//
// RunScenario: the scenario's traffic as real calls (model/lab/target.h) on
// a manual clock. Each second, every stream's new requests are spread evenly
// over the second and merged in time order with the retries that fall due; a
// call is made at its instant with the clock set there. Random choices (keys,
// sort keys, values, jitter) come from one splitmix64 generator per stream,
// seeded from the scenario's seed and the stream's position.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <queue>

#include "emulator/api/database.h"
#include "model/lab/cache.h"
#include "model/lab/migration.h"
#include "model/lab/online_index.h"
#include "model/lab/scenario.h"
#include "model/lab/series_buckets.h"
#include "model/lab/target.h"
#include "model/lab/traffic.h"

namespace eddy::lab {
namespace {

using internal::Generator;
using internal::Migration;

constexpr int64_t kMicros = 1'000'000;
// The clock's start: 2023-11-14T22:00:00Z, a whole hour, so that the
// simulator's minute windows (on-demand peaks) align with the run's minutes.
constexpr int64_t kStartMicros = 1'699'999'200LL * kMicros;

int64_t Scaled(int64_t units, double scale) {
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

bool IsThrottle(ErrorCode c) {
  return c == ErrorCode::kThrottling ||
         c == ErrorCode::kProvisionedThroughputExceeded ||
         c == ErrorCode::kRequestLimitExceeded;
}

// "arn:...:table/t/index/g" -> "t/g"; "arn:...:table/t" -> "t".
std::string ShortResource(const std::string& arn) {
  std::string s = arn.substr(
      arn.find(":table/") == std::string::npos ? 0 : arn.find(":table/") + 7);
  const size_t index = s.find("/index/");
  if (index != std::string::npos)
    s = s.substr(0, index) + "/" + s.substr(index + 7);
  return s;
}

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
  // The cache remedy (Scenario::cache): serves a read from the cache (true)
  // or returns false; after a call that succeeded, fills or writes through.
  bool ServeFromCache(const Request& req, const Stream& stream, int64_t now);
  void UpdateCache(const Request& req, const Stream& stream, int64_t now);
  std::string CacheKey(const Item& item, const std::string& index) const;
  void Retry(size_t slot, int64_t now);
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
  void MigrationDone(const Request& req, const Status& status,
                     const std::vector<Item>& unprocessed,
                     const std::optional<Item>& got,
                     const std::vector<Item>& got_items, int64_t now);
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
  std::unique_ptr<internal::OnlineIndex> online_index_;
  // Long runs: the per-partition series folded into minutes as the run
  // goes (model/lab/series_buckets.h); null for runs up to six hours.
  std::unique_ptr<internal::SeriesBuckets> series_buckets_;
  Stream backfill_stream_;  // the backfill's calls, as one more stream
  int backfill_index_ = -1;
};

Options Runner::DatabaseOptions() const {
  Options options;
  options.clock = &clock_;
  ThrottleOptions t = scenario_.simulator;
  t.partition_read_units = Scaled(t.partition_read_units, scale_);
  t.partition_write_units = Scaled(t.partition_write_units, scale_);
  t.eventually_consistent_read_partition_units =
      Scaled(t.eventually_consistent_read_partition_units, scale_);
  t.on_demand_warm_read_units = Scaled(t.on_demand_warm_read_units, scale_);
  t.on_demand_warm_write_units = Scaled(t.on_demand_warm_write_units, scale_);
  t.table_read_quota_units = Scaled(t.table_read_quota_units, scale_);
  t.table_write_quota_units = Scaled(t.table_write_quota_units, scale_);
  t.account_read_quota_units = Scaled(t.account_read_quota_units, scale_);
  t.account_write_quota_units = Scaled(t.account_write_quota_units, scale_);
  t.metrics_retention_seconds = std::max<int64_t>(
      t.metrics_retention_seconds, scenario_.duration_seconds + 60);
  // Long runs (issue 24 item 4): the runner drains the series as it goes.
  if (const int64_t b =
          internal::SeriesBucketSeconds(scenario_.duration_seconds);
      b > 1) {
    t.metrics_retention_seconds = internal::SeriesRetentionSeconds(b);
  }
  t.seed ^= scenario_.seed;
  options.throttle = t;
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

ClientSecond& Runner::At(int stream, int64_t now) {
  int64_t second = (now - kStartMicros) / kMicros;
  second = std::clamp<int64_t>(second, 0, scenario_.duration_seconds - 1);
  return streams_[static_cast<size_t>(stream)]
      .seconds[static_cast<size_t>(second)];
}

void Runner::CountError(const Status& s, int64_t parts) {
  if (IsThrottle(s.code())) {
    for (const ThrottlingReason& r : s.throttling_reasons()) {
      reasons_[std::string(ErrorCodeName(s.code())) + ": " + r.reason + " (" +
               ShortResource(r.resource) + ")"] += parts;
    }
    if (s.throttling_reasons().empty()) {
      reasons_[std::string(ErrorCodeName(s.code()))] += parts;
    }
  } else {
    errors_[std::string(ErrorCodeName(s.code()))] += parts;
  }
}

// Makes the call for the request in `slot` at `now`; schedules a retry or
// frees the slot.
void Runner::Issue(size_t slot, int64_t now) {
  clock_.SetMicros(now);
  Request& req = pool_[slot];
  const Stream& stream = StreamOf(req.stream);
  const bool copy = req.stream == backfill_index_;
  ClientSecond& cs = At(req.stream, now);
  if (req.attempt == 0 && ServeFromCache(req, stream, now)) {
    ++cs.accepted;
    ++cs.cache_hits;
    cs.items_ok += static_cast<int64_t>(req.items.size());
    streams_[static_cast<size_t>(req.stream)].latency.Add(now -
                                                          req.origin_micros);
    req.items.clear();
    free_slots_.push_back(slot);
    return;
  }
  ++cs.attempts;
  if (req.attempt > 0) ++cs.retries;
  ++req.attempt;
  target_->Pace(now - kStartMicros);
  const std::string& table = scenario_.table.name;
  // Endpoint mode asks for the units each call consumed (in process, the
  // simulator's metrics count them).
  const ReturnConsumedCapacity units = target_->in_process() && !copy
                                           ? ReturnConsumedCapacity::kNone
                                           : ReturnConsumedCapacity::kTotal;
  Status status;
  std::vector<Item> unprocessed;  // batch parts to retry
  std::optional<Item> got;        // a GetItem's answer (migrations)
  std::vector<Item> got_items;    // a BatchGetItem's
  const int64_t parts = static_cast<int64_t>(req.items.size());
  switch (stream.operation) {
    case Operation::kPutItem: {
      // The item moves into the call and back (retries and the cache need
      // it): no copy of its padding per call.
      PutItemRequest r{.table_name = table, .item = std::move(req.items[0])};
      r.return_consumed_capacity = units;
      if (copy) {
        // A backfill copy never overwrites a dual write.
        r.condition_expression = "attribute_not_exists(#k)";
        r.expression_attribute_names =
            ExpressionAttributeNames{{"#k", scenario_.table.partition_key}};
      }
      StatusOr<PutItemResponse> x = target_->PutItem(r);
      req.items[0] = std::move(r.item);
      status = x.status();
      if (x.ok() && copy) {
        migration_->AddUnits(x->consumed_capacity, true);
        if (target_->in_process()) break;
      }
      if (x.ok()) AddConsumed(x->consumed_capacity, true);
      break;
    }
    case Operation::kUpdateItem: {
      UpdateItemRequest r;
      r.table_name = table;
      Item& item = req.items[0];
      std::string set;
      ExpressionAttributeNames names;
      ExpressionAttributeValues values;
      int n = 0;
      for (const auto& e : item) {
        if (e.name == scenario_.table.partition_key ||
            e.name == scenario_.table.sort_key) {
          r.key.Set(e.name, e.value);
          continue;
        }
        const std::string i = std::to_string(n++);
        names["#a" + i] = e.name;
        values.Set(":v" + i, e.value);
        set += (set.empty() ? "SET " : ", ") + ("#a" + i) + " = :v" + i;
      }
      if (!set.empty()) {
        r.update_expression = set;
        r.expression_attribute_names = std::move(names);
        r.expression_attribute_values = std::move(values);
      }
      r.return_consumed_capacity = units;
      StatusOr<UpdateItemResponse> x = target_->UpdateItem(r);
      status = x.status();
      if (x.ok()) AddConsumed(x->consumed_capacity, true);
      break;
    }
    case Operation::kDeleteItem: {
      DeleteItemRequest r{.table_name = table, .key = req.items[0]};
      r.return_consumed_capacity = units;
      StatusOr<DeleteItemResponse> x = target_->DeleteItem(r);
      status = x.status();
      if (x.ok()) AddConsumed(x->consumed_capacity, true);
      break;
    }
    case Operation::kGetItem: {
      GetItemRequest r{.table_name = table,
                       .key = req.items[0],
                       .consistent_read = stream.consistent_read};
      r.return_consumed_capacity = units;
      StatusOr<GetItemResponse> x = target_->GetItem(r);
      status = x.status();
      if (x.ok()) AddConsumed(x->consumed_capacity, false);
      if (x.ok() && migration_ != nullptr) got = std::move(x->item);
      break;
    }
    case Operation::kQuery: {
      QueryRequest r;
      r.table_name = table;
      std::string key_name = scenario_.table.partition_key;
      for (const IndexSpec& g : scenario_.table.global_secondary_indexes) {
        if (g.name == stream.index) key_name = g.partition_key;
      }
      if (!stream.index.empty()) r.index_name = stream.index;
      r.key_condition_expression = "#k = :k";
      r.expression_attribute_names = ExpressionAttributeNames{{"#k", key_name}};
      r.expression_attribute_values = ExpressionAttributeValues{
          {":k", *req.items[0].Find(scenario_.table.partition_key)}};
      r.consistent_read = stream.consistent_read;
      r.return_consumed_capacity = units;
      StatusOr<QueryResponse> x = target_->Query(r);
      status = x.status();
      if (x.ok()) AddConsumed(x->consumed_capacity, false);
      break;
    }
    case Operation::kBatchWriteItem: {
      BatchWriteItemRequest r;
      std::vector<WriteRequest>& writes = r.request_items[table];
      for (const Item& item : req.items) {
        WriteRequest w;
        w.put_item = item;
        writes.push_back(std::move(w));
      }
      r.return_consumed_capacity = units;
      StatusOr<BatchWriteItemResponse> x = target_->BatchWriteItem(r);
      status = x.status();
      if (x.ok()) {
        AddConsumed(x->consumed_capacity, true);
        for (auto& [name, rest] : x->unprocessed_items) {
          for (WriteRequest& w : rest) unprocessed.push_back(*w.put_item);
        }
      }
      break;
    }
    case Operation::kBatchGetItem: {
      BatchGetItemRequest r;
      KeysAndAttributes& k = r.request_items[table];
      k.keys = req.items;
      k.consistent_read = stream.consistent_read;
      r.return_consumed_capacity = units;
      StatusOr<BatchGetItemResponse> x = target_->BatchGetItem(r);
      status = x.status();
      if (x.ok()) {
        AddConsumed(x->consumed_capacity, false);
        for (auto& [name, rest] : x->unprocessed_keys) {
          for (Item& key : rest.keys) unprocessed.push_back(std::move(key));
        }
        if (migration_ != nullptr) got_items = std::move(x->responses[table]);
      }
      break;
    }
  }

  bool retry = false;
  if (status.ok()) {
    const int64_t left = static_cast<int64_t>(unprocessed.size());
    cs.items_ok += parts - left;
    if (item_cache_ != nullptr) UpdateCache(req, stream, now);
    if ((migration_ != nullptr || online_index_ != nullptr) && !copy) {
      MigrationDone(req, status, unprocessed, got, got_items, now);
    }
    if (copy && online_index_ != nullptr) {
      online_index_->Written({req.items[0]}, false);
    }
    if (left == 0) {
      ++cs.accepted;
      streams_[static_cast<size_t>(req.stream)].latency.Add(now -
                                                            req.origin_micros);
    } else {
      ++cs.partial;
      cs.items_throttled += left;
      req.items = std::move(unprocessed);
      retry = true;
    }
  } else if (IsThrottle(status.code())) {
    ++cs.throttled;
    cs.items_throttled += parts;
    CountError(status, parts);
    retry = true;
  } else if (copy && status.code() == ErrorCode::kConditionalCheckFailed) {
    ++cs.accepted;  // a dual write got there first: the copy is done
  } else {
    ++cs.other_errors;
    CountError(status, parts);
  }
  if (retry && req.attempt < scenario_.retry.max_attempts) {
    const RetryPolicy& p = scenario_.retry;
    double millis = std::min(
        p.cap_millis, p.base_millis * std::pow(p.growth, req.attempt - 1));
    if (p.jitter) millis *= generators_[req.stream].rng().Unit();
    const int64_t delay = std::max<int64_t>(1, std::llround(millis * 1000));
    due_.push(Due{now + delay, seq_++, slot});
    return;
  }
  if (retry) ++cs.gave_up;
  if (copy) {
    const int64_t second = (now - kStartMicros) / kMicros;
    using Outcome = Migration::CopyOutcome;
    Outcome outcome = Outcome::kGaveUp;
    if (status.ok()) outcome = Outcome::kWritten;
    if (IsThrottle(status.code())) outcome = Outcome::kThrottled;
    if (status.code() == ErrorCode::kConditionalCheckFailed) {
      // Charged as DynamoDB charges a failed condition: the stored item's
      // write units (the answer reports none).
      ConsumedCapacity c;
      c.capacity_units = static_cast<double>(
          std::max<int64_t>(1, (ItemSizeBytes(req.items[0]) + 1023) / 1024));
      migration_->AddUnits(c, true);
      outcome = Outcome::kSkipped;
    }
    migration_->CopyFinished(req.items[0], outcome, second);
    req.items.clear();
    free_slots_.push_back(slot);
    if (migration_->spec().backfill.per_second <= 0) {
      due_.push(Due{now + BackfillCallMicros(), seq_++, kBackfillWake});
    }
    if (migration_->CheckDone(second) &&
        !migration_->spec().cutover_at_second) {
      migration_->SetCutover(second);
    }
    return;
  }
  req.items.clear();
  free_slots_.push_back(slot);
}

size_t Runner::NewSlot() {
  if (free_slots_.empty()) {
    pool_.emplace_back();
    return pool_.size() - 1;
  }
  const size_t slot = free_slots_.back();
  free_slots_.pop_back();
  return slot;
}

void Runner::BackfillWake(int64_t now) {
  if (!migration_->BackfillActive()) return;
  const MigrationSpec& m = migration_->spec();
  const bool closed = m.backfill.per_second <= 0;
  const int64_t call = BackfillCallMicros();
  const int64_t second = (now - kStartMicros) / kMicros;
  if (migration_->NeedsPage()) {
    clock_.SetMicros(now);
    target_->Pace(now - kStartMicros);
    StatusOr<ScanResponse> page =
        target_->Scan(migration_->PageRequest(scenario_.table.name));
    if (!page.ok()) {
      // Throttled (or failed): this worker backs off and tries again.
      migration_->PageThrottled();
      if (IsThrottle(page.status().code())) {
        CountError(page.status(), 1);
      } else {
        errors_[std::string(ErrorCodeName(page.status().code()))] += 1;
      }
      if (closed) {
        const int64_t wait =
            std::llround(std::min(scenario_.retry.cap_millis,
                                  scenario_.retry.base_millis *
                                      std::pow(scenario_.retry.growth, 2)) *
                         1000);
        due_.push(Due{now + std::max(call, wait), seq_++, kBackfillWake});
      }
      return;
    }
    migration_->AddUnits(page->consumed_capacity, false);
    migration_->Page(*page);
  }
  std::optional<Item> item = migration_->NextCopy();
  if (!item) {
    if (migration_->CheckDone(second)) {
      if (!m.cutover_at_second) migration_->SetCutover(second);
    } else if (closed) {
      due_.push(Due{now + call, seq_++, kBackfillWake});  // next page
    }
    return;
  }
  const size_t slot = NewSlot();
  Request& req = pool_[slot];
  req.stream = backfill_index_;
  req.attempt = 0;
  req.origin_micros = now;
  req.shadow = false;
  req.items.clear();
  req.items.push_back(*std::move(item));
  ++At(backfill_index_, now).offered;
  migration_->CopyStarted();
  Issue(slot, now);
}

void Runner::MigrationDone(const Request& req, const Status& status,
                           const std::vector<Item>& unprocessed,
                           const std::optional<Item>& got,
                           const std::vector<Item>& got_items, int64_t now) {
  if (!status.ok()) return;
  const Stream& stream = StreamOf(req.stream);
  const int64_t second = (now - kStartMicros) / kMicros;
  const bool writes = stream.operation != Operation::kGetItem &&
                      stream.operation != Operation::kBatchGetItem &&
                      stream.operation != Operation::kQuery;
  if (migration_ == nullptr && !writes) return;
  const TableSpec& t = scenario_.table;
  auto same_key = [&](const Item& a, const Item& b) {
    const AttributeValue* x = a.Find(t.partition_key);
    const AttributeValue* y = b.Find(t.partition_key);
    if (x == nullptr || y == nullptr || !(*x == *y)) return false;
    if (t.sort_key.empty()) return true;
    x = a.Find(t.sort_key);
    y = b.Find(t.sort_key);
    return x != nullptr && y != nullptr && *x == *y;
  };
  auto done = [&](const Item& item) {
    for (const Item& u : unprocessed) {
      if (same_key(u, item)) return false;
    }
    return true;
  };
  switch (stream.operation) {
    case Operation::kPutItem:
    case Operation::kUpdateItem:
    case Operation::kDeleteItem:
    case Operation::kBatchWriteItem: {
      std::vector<Item> written;
      for (const Item& item : req.items) {
        if (done(item)) written.push_back(item);
      }
      const bool deleted = stream.operation == Operation::kDeleteItem;
      if (migration_ != nullptr)
        migration_->Written(written, deleted, !req.shadow);
      if (online_index_ != nullptr) online_index_->Written(written, deleted);
      return;
    }
    case Operation::kGetItem:
      migration_->Read(req.items[0], got ? &*got : nullptr, second);
      return;
    case Operation::kBatchGetItem:
      for (const Item& key : req.items) {
        if (!done(key)) continue;
        const Item* found = nullptr;
        for (const Item& g : got_items) {
          if (same_key(g, key)) found = &g;
        }
        migration_->Read(key, found, second);
      }
      return;
    case Operation::kQuery:
      return;  // a collection: not verified item by item
  }
}

std::string Runner::CacheKey(const Item& item, const std::string& index) const {
  const TableSpec& t = scenario_.table;
  const AttributeValue* pk = item.Find(t.partition_key);
  std::string key = index + '\x1f' + (pk != nullptr ? pk->s() : "");
  if (index.empty() && !t.sort_key.empty()) {
    const AttributeValue* sk = item.Find(t.sort_key);
    key += '\x1f' + (sk != nullptr ? sk->s() : "");
  }
  return key;
}

bool Runner::ServeFromCache(const Request& req, const Stream& stream,
                            int64_t now) {
  if (item_cache_ == nullptr || stream.consistent_read) return false;
  switch (stream.operation) {
    case Operation::kGetItem:
      return item_cache_->Get(CacheKey(req.items[0], ""), now);
    case Operation::kQuery:
      // The query cache's key is the request: the index and key value.
      return query_cache_->Get(CacheKey(req.items[0], "q" + stream.index), now);
    case Operation::kBatchGetItem:
      for (const Item& key : req.items) {
        if (!item_cache_->Get(CacheKey(key, ""), now)) return false;
      }
      return true;
    default:
      return false;
  }
}

void Runner::UpdateCache(const Request& req, const Stream& stream,
                         int64_t now) {
  switch (stream.operation) {
    case Operation::kGetItem:
    case Operation::kBatchGetItem:
      if (stream.consistent_read) return;
      for (const Item& key : req.items)
        item_cache_->Put(CacheKey(key, ""), now);
      return;
    case Operation::kQuery:
      if (!stream.consistent_read) {
        query_cache_->Put(CacheKey(req.items[0], "q" + stream.index), now);
      }
      return;
    case Operation::kPutItem:
    case Operation::kUpdateItem:
    case Operation::kBatchWriteItem:
      // Write-through: the item cache holds what was written (the query
      // cache is not updated by writes).
      for (const Item& item : req.items) {
        item_cache_->Put(CacheKey(item, ""), now);
      }
      return;
    case Operation::kDeleteItem:
      item_cache_->Erase(CacheKey(req.items[0], ""));
      return;
  }
}

void Runner::AddConsumed(const std::optional<ConsumedCapacity>& c, bool write) {
  if (!c) return;
  (write ? consumed_write_half_units_ : consumed_read_half_units_) +=
      std::llround(c->capacity_units * 2);
}

void Runner::AddConsumed(const std::vector<ConsumedCapacity>& c, bool write) {
  for (const ConsumedCapacity& x : c) AddConsumed(x, write);
}

void Runner::Collect(ScenarioResult* result) {
  if (!target_->in_process()) {
    // An endpoint shows the client's view only: the units its answers
    // reported, on the table's line (its GSIs' included).
    ResourceResult r;
    r.name = scenario_.table.name;
    r.counters.consumed_read_half_units = consumed_read_half_units_;
    r.counters.consumed_write_half_units = consumed_write_half_units_;
    result->resources.push_back(std::move(r));
    return;
  }
  db_->FlushThrottleMetrics();
  const int64_t from = kStartMicros / kMicros;
  const int64_t to = from + scenario_.duration_seconds + 1;
  std::vector<std::string> indexes = {""};
  for (const IndexSpec& g : scenario_.table.global_secondary_indexes)
    indexes.push_back(g.name);
  if (online_index_ != nullptr && online_index_->result().created_second >= 0)
    indexes.push_back(online_index_->spec().index.name);
  const ThrottleOptions t = DatabaseOptions().throttle;
  for (const std::string& index : indexes) {
    ResourceResult r;
    r.index_name = index;
    r.name = scenario_.table.name + (index.empty() ? "" : "/" + index);
    r.partition_write_cap = 2 * t.partition_write_units;
    r.partition_read_cap = 2 * t.partition_read_units;
    const std::string& table = scenario_.table.name;
    if (auto c = db_->GetThrottleCounters(table, index); c.ok()) {
      r.counters = *c;
    }
    if (series_buckets_ != nullptr) {
      series_buckets_->Finish(*db_, to);
      r.series = series_buckets_->Take(index);
      r.series_bucket_seconds = series_buckets_->bucket_seconds();
    } else if (auto s = db_->GetThrottleSeries(table, index, from, to);
               s.ok()) {
      r.series = *std::move(s);
    }
    if (auto h = db_->GetPartitionHistory(table, index); h.ok()) {
      r.history = *std::move(h);
    }
    if (auto p = db_->DescribePartitions(table, index); p.ok()) {
      r.partitions_at_end = static_cast<int>(p->size());
    }
    r.partitions_at_start = partitions_at_start_[index];
    if (auto k =
            db_->GetTopKeys(table, index, TopKeysKind::kMostAccessed, false, 5);
        k.ok()) {
      r.top_accessed = *std::move(k);
    }
    if (auto k = db_->GetTopKeys(table, index, TopKeysKind::kMostThrottled,
                                 false, 5);
        k.ok()) {
      r.top_throttled = *std::move(k);
    }
    result->resources.push_back(std::move(r));
  }
}

void Runner::CollectShards(ScenarioResult* result) {
  StatusOr<DescribeTableResponse> table =
      db_->DescribeTable({.table_name = scenario_.table.name});
  if (!table.ok() || !table->table.latest_stream_arn) return;
  DescribeStreamRequest request{.stream_arn = *table->table.latest_stream_arn};
  std::vector<ShardSpan>& shards = result->stream_shards;
  while (true) {
    StatusOr<DescribeStreamResponse> page = db_->DescribeStream(request);
    if (!page.ok()) return;
    for (const Shard& s : page->stream_description.shards) {
      ShardSpan span;
      span.shard_id = s.shard_id;
      span.parent_shard_id = s.parent_shard_id.value_or("");
      // eddy's ShardIds are "shardId-<20-digit epoch ms>-<8 hex>".
      if (s.shard_id.size() >= 28) {
        span.opened_micros =
            std::strtoll(s.shard_id.substr(8, 20).c_str(), nullptr, 10) * 1000;
      }
      // Closed: when its first child opened (else still open at the end).
      span.closed_micros =
          s.sequence_number_range.ending_sequence_number ? 0 : -1;
      shards.push_back(std::move(span));
    }
    if (!page->stream_description.last_evaluated_shard_id) break;
    request.exclusive_start_shard_id =
        page->stream_description.last_evaluated_shard_id;
  }
  for (ShardSpan& s : shards) {
    if (s.closed_micros < 0) continue;
    int64_t closed = -1;
    for (const ShardSpan& child : shards) {
      if (child.parent_shard_id == s.shard_id &&
          (closed < 0 || child.opened_micros < closed)) {
        closed = child.opened_micros;
      }
    }
    s.closed_micros = closed >= 0
                          ? closed
                          : kStartMicros + scenario_.duration_seconds * kMicros;
  }
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
  }
  if (scenario_.online_index) {
    if (db_ == nullptr) {
      return Status::Validation(
          "a scenario with an online index (\"onlineIndex\") runs in process "
          "only");
    }
    EDDY_RETURN_IF_ERROR(internal::OnlineIndex::Check(scenario_));
    online_index_ =
        std::make_unique<internal::OnlineIndex>(*scenario_.online_index, t);
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
  if (const int64_t b =
          internal::SeriesBucketSeconds(scenario_.duration_seconds);
      b > 1 && db_ != nullptr) {
    std::vector<std::string> indexes = {""};
    for (const IndexSpec& g : t.global_secondary_indexes)
      indexes.push_back(g.name);
    if (online_index_ != nullptr)
      indexes.push_back(online_index_->spec().index.name);
    series_buckets_ = std::make_unique<internal::SeriesBuckets>(
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
      while (!due_.empty() && due_.top().micros <= limit) {
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
            item.Set(internal::kRevAttribute,
                     AttributeValue::S(migration_->NextRev()));
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
    run_due_before(begin + kMicros - 1);
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
  for (StreamResult& s : streams_) {
    for (size_t i = 0; i < s.seconds.size(); ++i) {
      Accumulate(s.total, s.seconds[i]);
      Accumulate(result.seconds[i], s.seconds[i]);
    }
    Accumulate(result.total, s.total);
    result.latency.Merge(s.latency);
  }
  result.streams = std::move(streams_);
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
  return s;
}

StatusOr<ScenarioResult> RunScenario(const Scenario& scenario,
                                     const RunOptions& options) {
  Runner runner(scenario, options);
  return runner.Run();
}

}  // namespace eddy::lab
