// Copyright 2026 The eddy Authors.
//
// The throttling lab's scenarios: a traffic shape, written as JSON, replayed
// as real operations through a typed eddy::Database on a manual clock with
// the throttling simulator on (emulator/api/throttling.h). A scenario names
// a table (keys, billing mode, GSIs, LSIs), the simulator's parameters,
// traffic streams (operation, key distribution, item size, a rate schedule
// over virtual time), a client retry policy and a duration; the run reports
// what the client saw each second (accepted, throttled, retried, given up)
// and what the partitions did (per-partition consumption and throttles,
// splits, top keys). model/scenarios/*.json are the 12 scenarios of
// throughput-model.md §9; model/lab/README.md describes the format.
//
//   StatusOr<Scenario> s = LoadScenarioFile("model/scenarios/hot_item.json");
//   StatusOr<ScenarioResult> r = RunScenario(*s);
//   std::cout << FormatSummary(*r);              // report.h
//   WriteFile("hot_item.html", RenderHtml(*r));  // heat map, throttle curves
//
// Determinism: every random choice comes from the scenario's seed through
// eddy's own generator, time from a ManualClock, and every figure is formatted
// without locale or floating-point surprises: the same scenario, seed and
// options give byte-identical summaries, JSON and HTML.
//
// Scaling: RunOptions::rate_scale multiplies every rate of the scenario and
// every per-second capacity of the model (partition caps, provisioned
// throughput, on-demand warm throughput, quotas) by the same factor. The
// token-bucket model is linear in them, so the shape of the run is the same
// with proportionally fewer operations (tests use it to stay fast, notably
// under sanitizers); item sizes, durations and time constants are unchanged.
//
// Thread safety: RunScenario is reentrant (each call builds its own
// Database and clock).

#ifndef EDDY_MODEL_LAB_SCENARIO_H_
#define EDDY_MODEL_LAB_SCENARIO_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/api/throttling.h"
#include "emulator/base/status.h"
#include "emulator/types/schema.h"
#include "model/lab/latency.h"

namespace eddy::lab {

// --- The scenario ------------------------------------------------------------

struct IndexSpec {
  std::string name;
  std::string partition_key;  // GSI only (an LSI shares the table's)
  std::string sort_key;       // empty: none (GSI); required for an LSI
  ProjectionType projection = ProjectionType::kKeysOnly;
  int64_t read_capacity_units = 0;  // provisioned tables: the GSI's own
  int64_t write_capacity_units = 0;
  // On-demand tables: the GSI's own maximum throughput; 0 = none.
  int64_t max_read_request_units = 0;
  int64_t max_write_request_units = 0;
};

struct TableSpec {
  std::string name = "lab";
  std::string partition_key = "pk";
  std::string sort_key;  // empty: a hash-only table
  BillingMode billing_mode = BillingMode::kPayPerRequest;
  int64_t read_capacity_units = 0;  // provisioned only
  int64_t write_capacity_units = 0;
  // On-demand only: MaxRead/WriteRequestUnits; 0 = no maximum.
  int64_t max_read_request_units = 0;
  int64_t max_write_request_units = 0;
  std::vector<IndexSpec> global_secondary_indexes;
  std::vector<IndexSpec> local_secondary_indexes;
  // "streamViewType": a DynamoDB stream on the table (its shards follow the
  // partitions; the result lists them, ScenarioResult::stream_shards).
  std::optional<StreamViewType> stream_view_type;
};

// An UpdateTable at a given second (e.g. provisioned -> on-demand).
struct TableUpdate {
  int64_t at_second = 0;
  std::optional<BillingMode> billing_mode;
  int64_t read_capacity_units = 0;  // with PROVISIONED
  int64_t write_capacity_units = 0;
};

enum class Distribution {
  kUniform,     // partition keys drawn uniformly from `count`
  kZipf,        // rank r drawn with probability ∝ 1 / r^zipf_exponent
  kHotKey,      // `hot_fraction` of requests on `hot_key`, the rest uniform
  kSequential,  // keys 1, 2, 3, ... in turn (round robin over `count`)
};

enum class SortKeys {
  kNone,       // the table has no sort key, or always `fixed_sort_key`
  kRandom,     // uniform over `sort_key_count` values
  kMonotonic,  // ever increasing: the request's sequence number
};

struct KeySpec {
  Distribution distribution = Distribution::kUniform;
  int64_t count = 100'000;  // distinct partition keys (0 .. count-1)
  double zipf_exponent = 1.0;
  std::string prefix = "key#";  // keys are prefix + number
  std::string hot_key = "hot";  // kHotKey
  double hot_fraction = 1.0;    // kHotKey
  SortKeys sort_keys = SortKeys::kNone;
  int64_t sort_key_count = 100'000;  // kRandom: distinct values
  std::string fixed_sort_key = "item";
  // Write sharding: each partition key gets a suffix ".1" ... ".N", drawn
  // at random per request (0: none).
  int shards = 0;
};

// An attribute with a small set of values (e.g. a low-cardinality GSI
// key): one of `values`, drawn with `weights` (default: equal).
struct ValueSpec {
  std::string attribute;
  std::vector<std::string> values;
  std::vector<double> weights;
};

enum class Operation {
  kPutItem,
  kUpdateItem,  // SET of the padding attribute (and the value attributes)
  kDeleteItem,
  kGetItem,
  kQuery,           // the partition key's collection (or a GSI's, with `index`)
  kBatchWriteItem,  // `batch_size` puts per call
  kBatchGetItem,    // `batch_size` keys per call
};
std::string_view OperationName(Operation op);

struct RatePoint {
  int64_t at_second = 0;
  double per_second = 0;
};

struct Stream {
  std::string name;
  Operation operation = Operation::kPutItem;
  KeySpec keys;
  std::vector<ValueSpec> values;
  int64_t item_bytes = 500;  // written items, approximately (DynamoDB size)
  bool consistent_read = false;
  std::string index;  // Query: a GSI's (or LSI's) name
  int batch_size = 25;
  // Requests per second: a step schedule (each point holds until the
  // next); rates are per virtual second, requests evenly spaced in it.
  std::vector<RatePoint> rate;
  // A write queue in front of the table (the write-queue remedy,
  // model/lab/remedy.h): producers enqueue at `rate`; one consumer takes
  // messages in order and calls the table at most `per_second` times a
  // second (0: no queue). A message's latency counts its time in the queue.
  double queue_per_second = 0;
};

// A read cache in front of the table (the cache remedy, model/lab/remedy.h),
// as DAX documents it: an item cache (GetItem / BatchGetItem results by key,
// written through by PutItem / UpdateItem / DeleteItem / BatchWriteItem
// that succeed) and a query cache (Query results by request, not updated by
// writes), each with a TTL and a capacity in entries (least recently used
// evicted first). A hit consumes no table capacity and makes no table call;
// a miss calls the table and caches what succeeded. Strongly consistent
// reads pass through (DAX does not cache them).
struct CacheSpec {
  int64_t item_ttl_seconds = 300;  // DAX's default item TTL: 5 minutes
  int64_t query_ttl_seconds = 300;
  int64_t item_capacity = 100'000;  // entries
  int64_t query_capacity = 10'000;
};

// How the client retries a throttled request (throughput-model.md §6.5):
// up to `max_attempts` attempts in all, waiting min(cap, base × growth^(n-1))
// before retry n, with full jitter (a uniform draw below it) when `jitter`.
// Batch calls retry their unprocessed parts the same way.
struct RetryPolicy {
  int max_attempts = 1;  // 1: no retries
  double base_millis = 50;
  double growth = 2;
  double cap_millis = 20'000;
  bool jitter = true;
};

// A data-version migration under live traffic (Scenario::migration,
// model/lab/migration.h). Every string attribute of the scenario's items
// that starts with "<from_version>#" (the seed's ${version} key prefix)
// names the old version; the new version is the same item with
// "<to_version>#" instead. From `dual_write_at_second` every write of the
// streams is made twice, to the old and the new version (two calls, each
// retried on its own); a backfill from `backfill.at_second` scans the table
// (Scan pages of `scan_page_items`) and copies each old-version item to the
// new version with a PutItem conditional on attribute_not_exists (a dual
// write already there wins); reads move to the new version at
// `cutover_at_second`, or when the backfill ends. With `verify_reads`,
// every GetItem / BatchGetItem answer is compared with the application's
// last acknowledged write of that key (its "rev" attribute).
struct BackfillSpec {
  int64_t at_second = 0;
  // Copies started per second (even spacing, each retried by the
  // scenario's retry policy); 0: as fast as admission allows, `workers`
  // copies in flight, each worker waiting `call_millis` between calls and
  // the retry policy's back-off on a throttle (as the SDKs do); the wait
  // is divided by RunOptions::rate_scale, like every rate.
  double per_second = 0;
  int workers = 4;
  double call_millis = 5;
  int scan_page_items = 100;
};

struct MigrationSpec {
  std::string from_version = "v1";
  std::string to_version = "v2";
  int64_t dual_write_at_second = 0;
  BackfillSpec backfill;
  std::optional<int64_t> cutover_at_second;  // none: when the backfill ends
  bool verify_reads = true;
};

// The online creation of a GSI on the loaded table (Scenario::
// online_index): an UpdateTable at `at_second` adds `index`. DynamoDB
// backfills it from the table's items, and the backfill shares the index's
// write throughput with the live writes (a narrow index key can then
// throttle base-table writes by back-pressure); the index is CREATING
// until the backfill has written every item.
struct OnlineIndexSpec {
  int64_t at_second = 0;
  IndexSpec index;
  // Items the backfill writes per second at most (DynamoDB's own pace;
  // AWS publishes none), each admitted on the index's partitions.
  double items_per_second = 1000;
};

// How a scenario is simulated. kPerCall (the default): every request is a
// real call through a Database. kAggregate (model/lab/aggregate.h): each
// second's requests are split over keys and partitions by sampled counts
// and admitted in bulk by the same throttling simulator, without items: a
// fluid approximation for scenarios too large to call (a day at 100,000
// requests/s), refused for what needs items.
enum class Simulation { kPerCall, kAggregate };

struct Scenario {
  std::string name;
  std::string description;
  // What the scenario shows (documentation; tests assert it in C++).
  std::string expect;
  uint64_t seed = 1;
  int64_t duration_seconds = 60;
  TableSpec table;
  std::vector<TableUpdate> updates;
  ThrottleOptions simulator;  // mode kSimulate unless the file says "off"
  std::vector<Stream> streams;
  RetryPolicy retry;
  std::optional<CacheSpec> cache;  // none: reads go to the table
  std::optional<MigrationSpec> migration;
  std::optional<OnlineIndexSpec> online_index;
  // "simulation": "per-call" (default) or "aggregate".
  Simulation simulation = Simulation::kPerCall;
};

// Parses a scenario document. ValidationException naming the JSON member
// at fault ("/streams/0/rate/1/perSecond: must be a number >= 0").
StatusOr<Scenario> ParseScenario(std::string_view json,
                                 std::string_view default_name = "scenario");
// ResourceNotFoundException when the file cannot be read.
StatusOr<Scenario> LoadScenarioFile(const std::string& path);
// Parses a "migration" section alone, as a scenario's is read (a model's
// workload has one too: model/lab/model_migration.h); `at` is the JSON
// pointer errors name it by ("/workload/migration").
StatusOr<MigrationSpec> ParseMigrationSpec(std::string_view json,
                                           const std::string& at);

// --- The run
// -------------------------------------------------------------------

class ScenarioTarget;  // model/lab/target.h

struct RunOptions {
  double rate_scale = 1.0;                  // see the header comment
  std::optional<int64_t> duration_seconds;  // overrides the scenario's
  std::optional<uint64_t> seed;             // overrides the scenario's
  // Called after each virtual second with (seconds done, duration), for
  // progress bars. Keep it cheap.
  std::function<void(int64_t seconds, int64_t duration)> on_progress;
  // Where the calls go (not owned). Null: a Database of the run's own with
  // the simulator on a manual clock. An endpoint target (endpoint mode,
  // tools/endpoint/scenario_target.h) gets the same calls, started in the
  // same order and paced on its clock (with more than one connection,
  // answered in any order within their second); its result holds what the
  // client saw and the units the answers reported (one resource line, no
  // partitions), and a scenario with a stream is refused.
  ScenarioTarget* target = nullptr;
  // Overrides the scenario's "simulation" (eddy scenario run --aggregate).
  std::optional<Simulation> simulation;
};

// The scenario as RunScenario runs it: duration and seed after `options`.
Scenario EffectiveScenario(const Scenario& scenario, const RunOptions& options);

// What the client saw in one second (of one stream, or of all).
struct ClientSecond {
  int64_t offered = 0;    // new requests
  int64_t attempts = 0;   // calls made (new + retries)
  int64_t accepted = 0;   // calls that succeeded (batches: fully processed)
  int64_t throttled = 0;  // calls throttled (batches: all parts)
  int64_t partial = 0;    // batch calls with some parts unprocessed
  int64_t retries = 0;    // attempts that were retries
  int64_t gave_up = 0;    // requests abandoned after max_attempts
  int64_t other_errors = 0;
  // Items written or read by accepted calls (batches count each part).
  int64_t items_ok = 0;
  int64_t items_throttled = 0;
  // Reads served by the cache (Scenario::cache), counted in `accepted`.
  int64_t cache_hits = 0;
  // Messages waiting in the stream's write queue at the second's end (in
  // a total: summed over the seconds, i.e. message-seconds of waiting).
  int64_t queue_depth = 0;
};

struct StreamResult {
  std::string name;
  Operation operation = Operation::kPutItem;
  ClientSecond total;
  std::vector<ClientSecond> seconds;  // one per second of the run
  // Virtual time from a request's arrival (its enqueueing, with a write
  // queue) to the call that completed it, retries' back-off and queueing
  // included; the calls themselves take no virtual time. Requests given up
  // or failed are not in it.
  LatencyHistogram latency;
};

// One table or GSI, as the simulator saw it.
struct ResourceResult {
  std::string name;                 // "t" or "t/byStatus"
  std::string index_name;           // empty for the table
  int64_t partition_write_cap = 0;  // half-units per second
  int64_t partition_read_cap = 0;
  ThrottleCounters counters;
  std::vector<ThrottleSecond> series;  // seconds with traffic
  // Seconds each `series` sample stands for: 1, or for runs longer than six
  // hours a minute (model/lab/series_buckets.h: the sums over the bucket).
  int64_t series_bucket_seconds = 1;
  std::vector<PartitionInfo> history;  // every partition ever
  int partitions_at_start = 0;
  int partitions_at_end = 0;
  std::vector<KeyCount> top_accessed;
  std::vector<KeyCount> top_throttled;
};

// One shard of the table's stream (TableSpec::stream_view_type), from
// DescribeStream after the run. The open time is the one in eddy's ShardId
// (when the stream noticed the partition, i.e. its next record or read);
// a closed shard closed when its children opened (a split or a rollover).
struct ShardSpan {
  std::string shard_id;
  std::string parent_shard_id;  // empty: none
  int64_t opened_micros = 0;
  int64_t closed_micros = -1;  // -1: still open at the end
};

// What a migration did (Scenario::migration), per second and in all.
struct MigrationSecond {
  int64_t old_items = 0;  // items of each version at the second's end
  int64_t new_items = 0;
  int64_t copied = 0;  // backfill copies written in the second
  int64_t reads_verified = 0;
  int64_t reads_mismatched = 0;
};

struct MigrationResult {
  // Seconds of the run; -1: did not happen within the run.
  int64_t backfill_start_second = -1;
  int64_t backfill_end_second = -1;  // every old item copied or skipped
  int64_t cutover_second = -1;
  int64_t scan_calls = 0;
  int64_t scan_throttled = 0;
  int64_t scanned_items = 0;  // old-version items the scan returned
  int64_t copied = 0;         // conditional puts that wrote
  int64_t skipped = 0;        // conditional puts that found a dual write there
  // Copies throttled on every attempt of the retry policy, queued again.
  int64_t copies_requeued = 0;
  int64_t copies_given_up = 0;  // failed otherwise (not throttled)
  // Units the backfill's calls consumed (ReturnConsumedCapacity TOTAL),
  // in half-units at the run's scale.
  int64_t read_half_units = 0;
  int64_t write_half_units = 0;
  // Reads compared with the last acknowledged write: before the dual
  // writes, during the migration (until the cutover), after it.
  int64_t verified[3] = {0, 0, 0};
  int64_t mismatched[3] = {0, 0, 0};
  std::vector<std::string> mismatch_examples;  // the first few
  std::vector<MigrationSecond> seconds;
};

// What the online index creation did (Scenario::online_index).
struct OnlineIndexResult {
  int64_t created_second = -1;  // the UpdateTable
  int64_t active_second = -1;   // backfill done (-1: not within the run)
  int64_t items_to_backfill = 0;
  int64_t items_backfilled = 0;
  int64_t backfill_throttled = 0;  // backfill writes the index refused
  int64_t write_half_units = 0;    // OnlineIndexConsumedWriteCapacity
};

struct ScenarioResult {
  Scenario scenario;  // as run (duration and seed after the options)
  double rate_scale = 1.0;
  int64_t start_second = 0;  // the clock's first second (series are absolute)
  std::vector<StreamResult> streams;
  std::vector<ClientSecond> seconds;  // all streams together
  ClientSecond total;
  LatencyHistogram latency;  // all streams together
  // "ThrottlingException: TableWriteKeyRangeThroughputExceeded (t)" -> count
  // of throttled calls or batch parts with that reason; other errors by
  // exception name.
  std::map<std::string, int64_t> reasons;
  std::map<std::string, int64_t> errors;
  std::vector<ResourceResult> resources;  // the table, then each GSI
  // The stream's shards in ShardId order (empty without a stream).
  std::vector<ShardSpan> stream_shards;
  std::optional<MigrationResult> migration;
  std::optional<OnlineIndexResult> online_index;

  // Mean accepted calls per second of one stream (or all when empty) over
  // [from, to) seconds of the run; likewise throttled calls and items.
  double AcceptedPerSecond(int64_t from, int64_t to,
                           std::string_view stream = {}) const;
  double ThrottledPerSecond(int64_t from, int64_t to,
                            std::string_view stream = {}) const;
  double ItemsOkPerSecond(int64_t from, int64_t to,
                          std::string_view stream = {}) const;
  const ResourceResult* Resource(std::string_view index_name) const;
};

// Runs the scenario. Errors: what CreateTable or UpdateTable return for the
// table it describes (prefixed), or ValidationException for a stream that
// does not fit the table (a Query on an index it lacks, ...). Throttles and
// other failed calls are results, not errors.
StatusOr<ScenarioResult> RunScenario(const Scenario& scenario,
                                     const RunOptions& options = {});

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_SCENARIO_H_
