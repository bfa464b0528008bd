// Copyright 2026 The eddy Authors.
//
// Options: how a Database is set up. Every member has a default that behaves
// like DynamoDB Local: real time, us-east-1, one shared account, indexes
// ready at once and updated with every write.
//
//   eddy::ManualClock clock;
//   eddy::Options options;
//   options.clock = &clock;
//   options.gsi_lag = {.min_micros = 200'000, .max_micros = 200'000};
//   eddy::Database db(options);

#ifndef EDDY_EMULATOR_API_OPTIONS_H_
#define EDDY_EMULATOR_API_OPTIONS_H_

#include <cstdint>
#include <string>

#include "emulator/api/persistence.h"
#include "emulator/base/clock.h"
#include "emulator/capacity/simulator.h"
#include "emulator/types/limits.h"

namespace eddy {

// How long after a write its change reaches the table's global secondary
// indexes. DynamoDB propagates GSI changes asynchronously ("within a fraction
// of a second, under normal conditions"); DynamoDB Local does it at once, which
// hides bugs in code that reads its own writes from a GSI.
struct GsiLag {
  // Each write's delay is drawn uniformly from [min_micros, max_micros] by a
  // generator seeded with `seed` (fixed when the two are equal). Changes to
  // one index become visible in write order. Default 0/0: no lag.
  int64_t min_micros = 0;
  int64_t max_micros = 0;
  uint64_t seed = 1;

  bool enabled() const { return max_micros > 0; }
};

// How long a GSI added by UpdateTable stays CREATING, with Backfilling set,
// before it turns ACTIVE: `base_micros` plus the table's item count divided by
// `items_per_second` (0: no per-item time). Default: ACTIVE at once.
struct IndexBackfill {
  int64_t base_micros = 0;
  int64_t items_per_second = 0;
};

// How long tables stay in DynamoDB's transient statuses (CREATING, UPDATING,
// DELETING) on the Options clock before the change is over. DynamoDB's
// CreateTable, UpdateTable and DeleteTable return at once and finish in the
// background; code that does not wait for ACTIVE (or for the table to be
// gone) works against DynamoDB Local and fails against DynamoDB. During the
// windows eddy answers as DynamoDB does (table/lifecycle.h): item operations
// on a CREATING or DELETING table get ResourceNotFoundException, UpdateTable
// and DeleteTable of a CREATING or UPDATING table ResourceInUseException,
// DescribeTable shows the status. Default: all 0, tables ACTIVE at once (as
// DynamoDB Local without -delayTransientStatuses).
struct TransientStatuses {
  // CREATING after CreateTable, RestoreTableFromBackup and
  // RestoreTableToPointInTime (with its GSIs and LSIs).
  int64_t create_table_micros = 0;
  // UPDATING after an UpdateTable that changes throughput, billing mode or
  // global secondary indexes.
  int64_t update_table_micros = 0;
  // DELETING after DeleteTable: DescribeTable still answers (TableStatus
  // DELETING), then ResourceNotFoundException.
  int64_t delete_table_micros = 0;
  // A GSI deleted by UpdateTable stays in the description, IndexStatus
  // DELETING (it serves no reads from the start).
  int64_t delete_index_micros = 0;

  bool enabled() const {
    return create_table_micros > 0 || update_table_micros > 0 ||
           delete_table_micros > 0 || delete_index_micros > 0;
  }
};

// When items whose time-to-live has passed are deleted. DynamoDB deletes
// expired items in the background, "typically within a few days", and until
// then reads still return them. eddy runs an expiry pass over a table on the
// first operation on it at least `sweep_interval_micros` after the previous
// pass; the pass deletes the items expired for at least
// `deletion_delay_micros`. Defaults: passes at most once a second, items
// deleted a minute after they expire. Time is the Options clock.
struct TimeToLiveOptions {
  int64_t deletion_delay_micros = 60'000'000;
  int64_t sweep_interval_micros = 1'000'000;
};

// DynamoDB Streams (streams.h). Retention (24 hours) and the iterator
// lifetime (15 minutes) are DynamoDB's and fixed; these are the parts
// DynamoDB does not publish or that tests want to change.
struct StreamsOptions {
  // How long after its commit a record becomes readable by GetRecords.
  // DynamoDB's is "near real time" (sub-second, not guaranteed); a delay
  // makes a consumer's polling and LATEST iterators testable. Default 0:
  // readable at once.
  int64_t propagation_delay_micros = 0;
  // A shard older than this closes and a child shard of the same partition
  // opens (ParentShardId: the old one). DynamoDB rolls shards over about
  // every four hours (its examples and DynamoDB Local's constant); the exact
  // cadence is undocumented. Default: 4 hours. 0 disables rollover.
  int64_t shard_rollover_micros = 4LL * 3600 * 1'000'000;
};

struct Options {
  // Where time comes from (creation times, index backfill and lag; later TTL,
  // idempotency windows and throttling). Not owned; must outlive the
  // Database. Default: the process's real clock. Tests pass a ManualClock.
  Clock* clock = Clock::Real();

  // Region and account used in ARNs, which read
  // "arn:aws:dynamodb:<region>:<account>:table/<name>".
  // Default: "us-east-1" and "000000000000".
  std::string region = "us-east-1";
  std::string account_id = "000000000000";

  // GSI propagation delay. Default: none (indexes change with the write).
  GsiLag gsi_lag;

  // Online index creation time. Default: instant.
  IndexBackfill index_backfill;

  // Table status windows (CREATING / UPDATING / DELETING). Default: none.
  TransientStatuses transient_statuses;

  // The most an item collection (one partition-key value: its items and
  // their local-secondary-index entries) may hold on a table with an LSI
  // before writes that grow it fail with ItemCollectionSizeLimitExceeded.
  // Default: DynamoDB's 10 GB. Tests lower it to reach the limit cheaply.
  int64_t item_collection_size_limit_bytes = limits::kMaxItemCollectionBytes;

  // Tables one Database holds at most (DynamoDB's default quota per account
  // and region); CreateTable beyond it is a LimitExceededException.
  int max_tables = limits::kMaxTablesPerRegion;

  // Table operations in progress at once (tables CREATING, UPDATING or
  // DELETING under transient_statuses) and, among them, creations of tables
  // with secondary indexes. One more CreateTable, UpdateTable, DeleteTable,
  // UpdateTimeToLive or restore is a LimitExceededException. Without
  // transient-status windows nothing is ever in progress.
  int max_concurrent_table_operations = limits::kMaxConcurrentTableOperations;
  int max_concurrent_indexed_table_creations =
      limits::kMaxConcurrentIndexedTableCreations;

  // Time-to-live expiry timing.
  TimeToLiveOptions time_to_live;

  // The throttling simulator (emulator/api/throttling.h): DynamoDB's
  // partitions and admission control. Default: ThrottleMode::kOff — nothing
  // is throttled, as in DynamoDB Local, while consumption, partitions and
  // top keys are still recorded. kSimulate throttles as DynamoDB would
  // (per-partition 3,000 RCU / 1,000 WCU, burst, adaptive capacity, split
  // for heat, on-demand ramp, GSI back-pressure). Every other member is a
  // model parameter with its documented default (capacity/simulator.h).
  // `throttle.clock` is ignored: the simulator reads `clock` above.
  capacity::SimulatorOptions throttle;

  // DynamoDB Streams: propagation delay and shard rollover.
  StreamsOptions streams;

  // Durable data (persistence.h): the data directory and sync policy.
  // Default: none, everything in memory.
  PersistenceOptions persistence;
  // Without a data directory, the point-in-time-recovery history of a table
  // with PITR on is kept in memory (docs/persistence.md): the table as PITR
  // found it plus every change since, within the recovery window. This caps
  // the bytes of changes one table's history holds (approximately: each
  // change counts its stored item's bytes, or its key's, plus 64 bytes).
  // Past it the oldest changes are folded into the base a whole second at a
  // time and the table's EarliestRestorableDateTime moves forward to the
  // first second still restorable, as DescribeContinuousBackups then
  // reports (restores and exports before it are InvalidRestoreTime /
  // InvalidExportTime). DynamoDB has no such bound - its window is always
  // the recovery period - so a test that writes more than this between
  // PITR's start and its restore sees an approximation. The base (at most
  // one stored item per key the table held) is not counted. 0: bounded by
  // the window only. Default: 256 MB per table.
  int64_t pitr_memory_history_bytes = 256LL << 20;
  // Export and import: the local directory that stands in for S3. An
  // export's S3Bucket (and S3Prefix) and an import's S3BucketSource name
  // folders under it. Empty (the default): ExportTableToPointInTime and
  // ImportTable fail with a ValidationException naming this setting.
  std::string export_root;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_OPTIONS_H_
