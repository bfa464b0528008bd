// Copyright 2026 The eddy Authors.
//
// ThrottleSimulator: DynamoDB's admission control on a virtual clock, as the
// throughput model describes it (../shared/design/throughput-model.md §3–§6;
// "the throughput model" in capacity/'s comments always means that
// document's facts). One simulator per Database manages *resources* — a
// table or one of its global secondary indexes, each with its own partition
// space — and decides, request by request, whether DynamoDB would serve it or
// throttle it:
//
//   (a) on-demand maximum throughput (MaxRead/WriteRequestUnits),
//   (b) per-table and per-account quotas (on-demand),
//   (c) the table level: the provisioned rate with a burst reservoir of up to
//       300 s of unused capacity, or the on-demand capacity
//       max(warm, 2 × previous peak) with the peak set by sustained traffic
//       and taking effect 30 minutes later,
//   (d) per-partition buckets (3,000 RCU / 1,000 WCU per second, ~1 s deep)
//       for each table partition and each GSI partition touched,
//
// all or nothing: a request is admitted only if every check passes for every
// access, and a throttled request is charged nothing. Partitions split for
// size, for throughput raises, and for heat (sustained load, at the weighted
// median of observed traffic, except for a single hot item, monotonic sort
// keys, and item collections of tables with an LSI). Metrics per resource,
// per partition and per virtual second, CloudWatch-style counters and
// Contributor-Insights-style top keys are kept with bounded memory.
//
// The simulator sees ARNs, sizes, key hashes/bytes, units and a Clock, never
// tables (capacity sits below the engine, docs/architecture.md): the engine
// registers each table and GSI, calls Admit once per request with the
// accesses the request makes, and turns the decision into the Status
// DynamoDB sends (AdmitDecision::ToStatus).
//
// clang-format off
//   ManualClock clock;
//   SimulatorOptions options;
//   options.mode = ThrottleMode::kSimulate;
//   options.clock = &clock;
//   ThrottleSimulator sim(options);
//   ResourceConfig table;
//   table.arn = "arn:aws:dynamodb:us-east-1:000000000000:table/t";
//   table.billing = Billing::kOnDemand;
//   ResourceId t = *sim.Register(table);
//   Access put{.resource = t, .hash = storage::HashPartitionKey(pk),
//              .partition_key = pk, .write_half_units = 2};   // a 1 KB write
//   AdmitDecision d = sim.Admit({&put, 1});
//   if (!d.admitted()) return d.ToStatus();  // ThrottlingException + reasons
// clang-format on
//
// Units are integer half-units everywhere (capacity/units.h): a 1 KB write is
// 2, a 4 KB eventually consistent read is 1.
//
// Thread safety: a ThrottleSimulator is internally synchronized (one mutex);
// every method may be called from many threads. Decisions depend on the order
// in which concurrent calls take the mutex; with a ManualClock and one
// driving thread a run is deterministic to the byte.

#ifndef EDDY_EMULATOR_CAPACITY_SIMULATOR_H_
#define EDDY_EMULATOR_CAPACITY_SIMULATOR_H_

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "emulator/base/clock.h"
#include "emulator/base/status.h"
#include "emulator/capacity/partition_map.h"

namespace eddy::capacity {

namespace internal {
struct Account;
struct AdmitScratch;
struct Resource;
class TopKeys;
}  // namespace internal

// kOff: everything is admitted (like DynamoDB Local); consumption, top keys
// and per-second metrics are still recorded and partitions still split for
// size and throughput, but not for heat.
// kSimulate: the whole throughput model.
enum class ThrottleMode { kOff, kSimulate };

enum class Billing : uint8_t { kProvisioned, kOnDemand };
enum class ResourceKind : uint8_t { kTable, kIndex };

// The <LimitType> of a ThrottlingReason (throughput-model.md §6.1).
enum class LimitType : uint8_t {
  kKeyRange = 0,      // KeyRangeThroughputExceeded: a partition's cap
  kProvisioned = 1,   // ProvisionedThroughputExceeded: provisioned table/GSI
  kAccountLimit = 2,  // AccountLimitExceeded: per-table / account quotas
  kMaxOnDemand = 3,  // MaxOnDemandThroughputExceeded: MaxRead/WriteRequestUnits
};
inline constexpr int kLimitTypeCount = 4;

// "<Table|Index><Read|Write><LimitType>", e.g.
// "TableWriteKeyRangeThroughputExceeded" (one of DynamoDB's 16 reasons).
const std::string& ThrottlingReasonName(ResourceKind kind, bool write,
                                        LimitType limit);

using ResourceId = int32_t;
inline constexpr ResourceId kNoResource = -1;

// Every parameter AWS does not publish (throughput-model.md §8), with its
// default. Times are virtual seconds unless the name says otherwise.
struct SimulatorOptions {
  // kOff (default, what unit tests want) or kSimulate.
  ThrottleMode mode = ThrottleMode::kOff;

  // Where time comes from. Not owned; must outlive the simulator.
  // Default: the real clock. Scenarios pass a ManualClock.
  Clock* clock = Clock::Real();

  // Per-partition caps, in units per second, for tables and GSIs alike [D].
  int64_t partition_read_units = 3000;
  int64_t partition_write_units = 1000;
  // Ceiling for eventually consistent reads on one partition. AWS measured
  // ~4,500 RCU of EC queries on one key [R12a], cause undocumented; with a
  // value above partition_read_units, EC reads may use the difference while
  // strongly consistent reads stay at partition_read_units.
  int64_t eventually_consistent_read_partition_units = 3000;
  // Depth of each partition bucket: 1 s of its cap [I].
  int64_t partition_bucket_seconds = 1;

  // Adaptive capacity [D]: a hot partition of a provisioned table may use up
  // to the partition cap while the table total fits. false models the
  // pre-2018 static split: each partition gets min(cap, provisioned / N).
  bool adaptive_capacity = true;

  // Burst (provisioned tables and GSIs) [D]: up to this many seconds of
  // unused provisioned capacity are banked and may be spent above the rate.
  // 1 disables burst. A new table starts with 1 s of tokens.
  int64_t burst_window_seconds = 300;

  // On-demand [D numbers, I curve]: a new table serves this much at once
  // (warm throughput), and max(warm, 2 × previous peak) in general. The peak
  // is the highest average over one `on_demand_peak_window_seconds` window
  // of admitted traffic; a new peak takes effect
  // `on_demand_doubling_seconds` later ("throttling can occur if you exceed
  // double your previous peak within 30 minutes"). The on-demand table
  // bucket is `on_demand_bucket_seconds` deep.
  int64_t on_demand_warm_read_units = 12000;
  int64_t on_demand_warm_write_units = 4000;
  int64_t on_demand_peak_window_seconds = 60;
  int64_t on_demand_doubling_seconds = 1800;
  int64_t on_demand_bucket_seconds = 1;

  // Quotas [D]: per on-demand table or GSI, and per account over every
  // on-demand resource of this simulator. 0 disables a quota. Exceeding one
  // throttles with RequestLimitExceeded + <...>AccountLimitExceeded.
  int64_t table_read_quota_units = 40000;
  int64_t table_write_quota_units = 40000;
  int64_t account_read_quota_units = 80000;
  int64_t account_write_quota_units = 80000;

  // Split for heat [I]: a partition whose consumption, averaged over the
  // last `split_window_seconds`, stays at or above `split_threshold` of its
  // cap (reads or writes) for `split_detection_seconds` splits at the
  // weighted median of the traffic it saw, `split_delay_seconds` later
  // (applied at the next whole second). Skipped when one item carries at
  // least split_threshold of the load, when more than
  // `monotonic_write_fraction` of the writes were a new maximum or minimum
  // position (monotonic sort keys), when the cut would fall inside a
  // partition key of a table with an LSI, or when the range holds one key.
  bool split_for_heat = true;
  double split_threshold = 0.8;
  int64_t split_window_seconds = 60;
  int64_t split_detection_seconds = 300;
  int64_t split_delay_seconds = 0;
  double monotonic_write_fraction = 0.9;
  // Accesses kept per partition to find the median (reservoir sample), and
  // the sort-key prefix kept per sampled access.
  int split_sample_size = 64;
  int split_sample_sort_key_bytes = 64;

  // Split for size [D]: a partition holding more than this splits in two at
  // its hash midpoint, the bytes divided equally.
  int64_t partition_size_bytes = 10LL * 1024 * 1024 * 1024;

  // Bounds on memory. A resource never has more partitions than this (splits
  // past it are skipped); top keys keep this many candidates per resource and
  // per kind (Space-Saving); per-second series keep this many seconds per
  // resource (0 keeps none; older seconds are dropped first).
  int max_partitions_per_resource = 4096;
  int top_keys_capacity = 128;
  int64_t metrics_retention_seconds = 6 * 3600;

  // Seeds the deterministic sampling of split-for-heat.
  uint64_t seed = 0x5eed;
};

// What the engine knows about a table or a GSI. An index's throughput and
// billing mode are its own (a GSI of an on-demand table is on-demand).
struct ResourceConfig {
  std::string arn;   // ThrottlingReason.resource
  std::string name;  // for reports: "orders" or "orders/byStatus"
  ResourceKind kind = ResourceKind::kTable;
  ResourceId table = kNoResource;  // for an index: its table's id
  Billing billing = Billing::kProvisioned;
  // Provisioned: RCU / WCU, each >= 1.
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  // On-demand: MaxReadRequestUnits / MaxWriteRequestUnits; -1 = no limit.
  int64_t max_read_request_units = -1;
  int64_t max_write_request_units = -1;
  // On-demand warm throughput; unset = SimulatorOptions' new-table values.
  std::optional<int64_t> warm_read_units;
  std::optional<int64_t> warm_write_units;
  // The table has a local secondary index: a split never cuts inside a
  // partition key (an item collection lives in one partition).
  bool has_local_secondary_index = false;
  // Bytes stored now (items plus index entries); sets the initial partition
  // count (ceil(size / 10 GB)) and the size of each partition.
  int64_t size_bytes = 0;
  // At least this many partitions (e.g. for a table that was once larger:
  // partitions never merge).
  int min_partitions = 1;
};

// One thing a request touches: a key of a table or of a GSI, and what it
// consumes there. A PutItem on a table with two GSIs is up to three accesses.
struct Access {
  ResourceId resource = kNoResource;
  uint64_t hash = 0;               // storage::HashPartitionKey(pk bytes)
  std::string_view partition_key;  // pk bytes (top keys)
  std::string_view sort_key;       // ordered sk bytes; empty without
  int64_t read_half_units = 0;
  int64_t write_half_units = 0;
  bool eventually_consistent = false;  // a read that may use the EC ceiling
  // Stored bytes this access adds at its key (negative: removes) when it is
  // admitted: the item or index entry plus DynamoDB's 100-byte overhead
  // (split for size). Nothing changes when the request is throttled.
  int64_t delta_bytes = 0;
};

// The outcome of one Admit. Admitted decisions allocate nothing; throttled
// ones keep their reasons compact (enums and a shared ARN) until asked.
struct AdmitDecision {
  // One throttling reason: "<kind><Read|Write><limit>" on `arn`.
  struct Reason {
    ResourceKind kind = ResourceKind::kTable;
    bool write = false;
    LimitType limit = LimitType::kKeyRange;
    std::shared_ptr<const std::string> arn;
  };

  ErrorCode error = ErrorCode::kOk;  // kOk, kProvisionedThroughputExceeded,
                                     // kThrottling or kRequestLimitExceeded
  // Unique reasons in evaluation order; empty if admitted.
  absl::InlinedVector<Reason, 2> compact_reasons;
  // Per access of the request: bit 0 = its read was throttled, bit 1 = its
  // write was. Empty when admitted. An access can be unthrottled in a
  // throttled request (e.g. the base-table write of a PutItem throttled by
  // its GSI).
  absl::InlinedVector<uint8_t, 4> throttled;
  // The resource kind of the first reason (selects the message).
  ResourceKind first_kind = ResourceKind::kTable;

  bool admitted() const { return error == ErrorCode::kOk; }
  bool AccessThrottled(size_t i) const {
    return i < throttled.size() && throttled[i] != 0;
  }
  // ThrottlingReasons as DynamoDB sends them: (reason, resource ARN).
  std::vector<ThrottlingReason> reasons() const;
  // The Status DynamoDB sends: OK, or the exception with DynamoDB's message
  // and the ThrottlingReasons attached.
  Status ToStatus() const;
  // The TransactionCanceledException reason for a throttled transaction
  // item: code "ProvisionedThroughputExceeded" (provisioned) or
  // "ThrottlingError" (on-demand, quotas), with DynamoDB's message.
  // REQUIRES: !admitted().
  CancellationReason ToCancellationReason() const;
};

// BatchWriteItem / BatchGetItem: every part admitted separately.
struct BatchDecision {
  std::vector<AdmitDecision> parts;
  int throttled_parts = 0;
  // True when the batch had parts and all were throttled: the call fails.
  bool all_throttled() const {
    return !parts.empty() && throttled_parts == static_cast<int>(parts.size());
  }
  // OK unless all parts were throttled; then the first part's error.
  Status ToStatus() const;
};

// Bulk admission (ThrottleSimulator::AdmitBulk): `count` requests, each one
// access of `read_half_units` / `write_half_units` at one key of one
// resource, spread evenly over a window of virtual time. The out members
// say what admission made of them.
struct BulkGroup {
  uint64_t hash = 0;  // storage::HashPartitionKey(pk bytes)
  // The key's bytes (top keys). Empty: many keys of the partition owning
  // `hash`, taken together (not counted in the top keys; `hash` is where
  // split-for-heat sees them).
  std::string_view partition_key;
  int64_t read_half_units = 0;  // per request
  int64_t write_half_units = 0;
  bool eventually_consistent = false;
  int64_t count = 0;
  // Out: requests admitted, and the rest by the LimitType that throttled
  // them (a partition's cap: kKeyRange; the table level: its own limit).
  int64_t admitted = 0;
  std::array<int64_t, kLimitTypeCount> throttled{};
};

// Cumulative CloudWatch-style counters of one resource (throughput-model.md
// §6.3). Units are half-units. Events of a GSI are counted on the GSI.
struct ResourceCounters {
  int64_t consumed_read_half_units = 0;
  int64_t consumed_write_half_units = 0;
  // ThrottledRequests: requests whose first access is on this table (or
  // index) with any throttled event; a batch counts only when all its parts
  // were throttled.
  int64_t throttled_requests = 0;
  int64_t read_throttle_events = 0;
  int64_t write_throttle_events = 0;
  // Per cause, indexed by LimitType: Read/Write KeyRange-, Provisioned-,
  // AccountLimit-, MaxOnDemandThroughput- ThrottleEvents, and the units
  // those events asked for.
  std::array<int64_t, kLimitTypeCount> read_throttle_events_by_limit{};
  std::array<int64_t, kLimitTypeCount> write_throttle_events_by_limit{};
  std::array<int64_t, kLimitTypeCount> throttled_read_half_units_by_limit{};
  std::array<int64_t, kLimitTypeCount> throttled_write_half_units_by_limit{};
  // Partition changes.
  int64_t splits_for_heat = 0;
  int64_t splits_for_size = 0;
  int64_t splits_for_throughput = 0;
  // Heat splits considered and skipped: one hot item, monotonic keys, the
  // cut would fall inside an LSI item collection, partition limit reached.
  int64_t split_skipped_single_item = 0;
  int64_t split_skipped_monotonic = 0;
  int64_t split_skipped_lsi = 0;
  int64_t split_skipped_limit = 0;
};

// One partition during one virtual second (half-units).
struct PartitionSecond {
  int32_t partition_id = 0;
  int64_t consumed_read = 0;
  int64_t consumed_write = 0;
  int64_t throttled_read = 0;
  int64_t throttled_write = 0;
};

// One resource during one virtual second with traffic (seconds without any
// access are absent). Units are half-units.
struct SecondMetrics {
  int64_t second = 0;  // NowMicros() / 1e6
  int partition_count = 0;
  int64_t consumed_read = 0;
  int64_t consumed_write = 0;
  int64_t throttled_requests = 0;
  int64_t read_throttle_events = 0;
  int64_t write_throttle_events = 0;
  std::array<int64_t, kLimitTypeCount> throttled_read_by_limit{};
  std::array<int64_t, kLimitTypeCount> throttled_write_by_limit{};
  // Partitions with traffic this second, in key order.
  std::vector<PartitionSecond> partitions;
};

// A partition, current or past. Ids are unique within a resource; a split
// retires the parent and creates two children.
struct PartitionInfo {
  int32_t id = 0;
  int32_t parent_id = -1;
  KeyPosition start;
  int64_t created_micros = 0;
  int64_t retired_micros = -1;  // -1 while live
  int64_t size_bytes = 0;       // live partitions only
};

// Contributor Insights (throughput-model.md §6.4).
enum class TopKeysKind {
  kMostAccessed,   // by ConsumedThroughputUnits = 3 × write + read
  kMostThrottled,  // by ThrottleCount (GSI-caused writes not counted)
};
struct KeyCount {
  std::string partition_key;
  std::string sort_key;  // empty for the PK-only rules
  int64_t count = 0;     // half-units (accessed) or throttled events
  int64_t error = 0;     // Space-Saving overestimate bound
};

class ThrottleSimulator {
 public:
  explicit ThrottleSimulator(SimulatorOptions options = {});
  ~ThrottleSimulator();
  ThrottleSimulator(const ThrottleSimulator&) = delete;
  ThrottleSimulator& operator=(const ThrottleSimulator&) = delete;

  const SimulatorOptions& options() const { return options_; }

  // --- Resources -----------------------------------------------------------
  // Adds a table or a GSI with its initial partitions: provisioned
  // max(ceil(RCU/3000 + WCU/1000), ceil(size/10 GB), min_partitions, 1)
  // (3000 and 1000 being partition_read_units / partition_write_units),
  // on-demand max(4, warm/cap, ceil(size/10 GB), min_partitions).
  // ValidationException for an empty ARN, provisioned units < 1, max request
  // units 0 or < -1, or an index whose table is unknown.
  StatusOr<ResourceId> Register(const ResourceConfig& config);
  // UpdateTable: new throughput, billing mode, max units, LSI flag. Raising
  // provisioned throughput past what the partitions serve doubles them;
  // switching to on-demand sets the previous peak to the highest throughput
  // ever provisioned; partitions never merge. `size_bytes` and
  // `min_partitions` are ignored here (see SetSize). Same errors as Register,
  // and ResourceNotFoundException for an unknown id. With `at_micros` the
  // change counts from that time (at most now): a change the engine applies
  // after it was due (the end of UpdateTable's UPDATING window, noticed at
  // the next request) refills from then at the new rates.
  Status Update(ResourceId id, const ResourceConfig& config,
                std::optional<int64_t> at_micros = std::nullopt);
  // Forgets a resource (DeleteTable / DeleteGlobalSecondaryIndex). Its id is
  // never reused. ResourceNotFoundException for an unknown id.
  Status Remove(ResourceId id);

  // --- Sizes (split for size) --------------------------------------------
  // The engine reports every change of stored bytes at a key: +size of a new
  // item (+ index entry), the difference on replace, −size on delete.
  void AddBytes(ResourceId id, uint64_t hash, std::string_view sort_key,
                int64_t delta_bytes);
  // The `delta_bytes` of each access, without admission, consumption or
  // metrics (writes DynamoDB does not charge: time-to-live deletions).
  void AddBytes(std::span<const Access> accesses);
  // Total bytes of a resource (e.g. after a bulk load), spread evenly over
  // its partitions; grows the partition count to ceil(size / 10 GB).
  Status SetSize(ResourceId id, int64_t size_bytes);

  // --- Admission -----------------------------------------------------------
  // One request: every access is admitted or none is (charged nothing).
  // Accesses naming unknown resources are ignored (admitted, not counted).
  AdmitDecision Admit(std::span<const Access> accesses);
  // BatchWriteItem / BatchGetItem: each part is admitted on its own, in order
  // (a part is one item's accesses). ThrottledRequests counts the batch once,
  // and only when every part was throttled.
  BatchDecision AdmitBatch(std::span<const std::span<const Access>> parts);

  // --- Bulk admission (fluid) ---------------------------------------------
  // A whole window of requests at once, for simulations too large to admit
  // request by request (the lab's aggregate mode, model/lab/aggregate.h):
  // the groups' requests are spread evenly over [now, to_micros), which must
  // lie within one virtual second, and treated as a flow. On every partition
  // touched, each bucket admits min(1, supply / demand) of the requests
  // asking it (supply: its tokens now plus its refill until to_micros,
  // TokenBucket::SpreadSupply), shared by the groups in proportion; then
  // the resource level (on-demand maxima, quotas, the account quota, the
  // table's provisioned or on-demand capacity) admits the same fraction of
  // what the partitions admitted. Buckets are charged the admitted flow
  // (TokenBucket::TakeSpread); counters, per-second and per-partition
  // metrics, top keys (named keys only) and split-for-heat samples record
  // it as Admit would record each request (a throttled request counts one
  // ThrottledRequests). Unlike Admit: no ThrottlingReasons, no stored bytes
  // (call AddBytes), and a throttled request does not leave its tokens to a
  // later one of the window (the partition stage is evaluated before the
  // resource stage, not request by request). An unknown id admits all.
  void AdmitBulk(ResourceId id, std::span<BulkGroup> groups, int64_t to_micros);
  // What AdmitBulk would do now, filling the out members and changing
  // nothing that a later Admit or AdmitBulk could see: for clients whose
  // demand depends on the outcome (retries within the window).
  void PlanBulk(ResourceId id, std::span<BulkGroup> groups, int64_t to_micros);

  // --- Partitions ----------------------------------------------------------
  // The index (in key order) of the partition owning (hash, sort_key) now;
  // -1 for an unknown id.
  int PartitionOf(ResourceId id, uint64_t hash, std::string_view sort_key);
  // The id (PartitionInfo::id) of that partition; -1 for an unknown id.
  int32_t PartitionIdOf(ResourceId id, uint64_t hash,
                        std::string_view sort_key);
  // For tests: splits the live partition `partition_id` at its hash midpoint
  // now, as a split for size would (not counted among the splits).
  // ResourceNotFoundException for an unknown resource; ValidationException
  // for an unknown or retired partition, one too narrow to halve, or one
  // past max_partitions_per_resource.
  Status SplitPartitionNow(ResourceId id, int32_t partition_id);
  // First hash of each partition (Database::DescribePartitions).
  StatusOr<std::vector<uint64_t>> PartitionStarts(ResourceId id);
  // Where a read that walks positions with hashes in [from_hash, to_hash]
  // crosses partitions: the start of every partition after the one owning
  // (from_hash, "") that begins at or before (to_hash, any sort key), in
  // key order. Empty (and allocation-free) when the range lies in one
  // partition, or for an unknown id. Query and Scan group what they
  // evaluated by these boundaries.
  std::vector<KeyPosition> BoundariesBetween(ResourceId id, uint64_t from_hash,
                                             uint64_t to_hash);
  // Live partitions in key order, and every partition ever (history).
  StatusOr<std::vector<PartitionInfo>> Partitions(ResourceId id);
  StatusOr<std::vector<PartitionInfo>> PartitionHistory(ResourceId id);

  // --- Metrics -------------------------------------------------------------
  StatusOr<ResourceCounters> Counters(ResourceId id);
  // Per-second samples with from_second <= second < to_second, in order.
  // The current second is included once it is over (a later call at a later
  // time flushes it) — call Flush() to close it at once.
  StatusOr<std::vector<SecondMetrics>> Series(ResourceId id,
                                              int64_t from_second,
                                              int64_t to_second);
  // Closes the current second of every resource into its series.
  void Flush();
  // Contributor-Insights-style top keys, highest first. `with_sort_key`
  // selects the PK+SK rule (else PK only). At most `k` entries.
  StatusOr<std::vector<KeyCount>> TopKeys(ResourceId id, TopKeysKind kind,
                                          bool with_sort_key, int k);

 private:
  // The members below are defined in simulator.cc, admission.cc and
  // metrics.cc (see simulator.cc). All of them REQUIRE mu_ held.

  // The live resource `id`, or null.
  internal::Resource* Find(ResourceId id);
  // Brings `r` to `now` before anything looks at it: once a new virtual
  // second has begun, closes the last one into the series and (kSimulate)
  // applies the on-demand peaks and the splits for heat that are due.
  void AdvanceTo(internal::Resource& r, int64_t now);
  // Admit without the lock; `count_request` false leaves ThrottledRequests
  // to the caller (AdmitBatch counts a batch once).
  AdmitDecision AdmitLocked(std::span<const Access> accesses, int64_t now,
                            bool count_request);
  // AdmitBulk (commit) or PlanBulk (!commit), in bulk_admission.cc.
  void BulkLocked(ResourceId id, std::span<BulkGroup> groups, int64_t to_micros,
                  bool commit);
  // Counts one ThrottledRequests on the table of the first known access.
  void CountThrottledRequest(std::span<const Access> accesses);
  // Adds `delta_bytes` at (hash, sort_key) of `r` and splits the partition
  // for size when it outgrows options_.partition_size_bytes.
  void AddBytesLocked(internal::Resource& r, uint64_t hash,
                      std::string_view sort_key, int64_t delta_bytes,
                      int64_t now);

  const SimulatorOptions options_;
  std::mutex mu_;
  // Guarded by mu_.
  std::vector<std::unique_ptr<internal::Resource>> resources_;  // by id
  std::unique_ptr<internal::Account> account_;       // account-wide quotas
  std::unique_ptr<internal::AdmitScratch> scratch_;  // reused by Admit
};

}  // namespace eddy::capacity

#endif  // EDDY_EMULATOR_CAPACITY_SIMULATOR_H_
