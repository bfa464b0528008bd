// Copyright 2026 The eddy Authors.
//
// The simulator's state for one resource (a table or a GSI): its partition
// map and per-partition buckets (changed by partitions.cc), table-level
// buckets and on-demand peaks (table_level.cc), split-for-heat trackers
// (heat.cc) and metrics (../metrics.cc). Private to emulator/capacity.
//
// Invariants: parts.size() == map.count(); parts[i] owns map range i;
// infos[id] describes partition `id` (ids are dense from 0).
//
// Thread safety: none; ThrottleSimulator's mutex guards everything here.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_RESOURCE_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_RESOURCE_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "emulator/capacity/internal/top_keys.h"
#include "emulator/capacity/partition_map.h"
#include "emulator/capacity/simulator.h"
#include "emulator/capacity/token_bucket.h"

namespace eddy::capacity::internal {

// Split-for-heat observations of one partition (bounded: a ring of
// split_window_seconds per-second sums, a reservoir of split_sample_size
// accesses, two extreme positions).
struct Heat {
  struct Sample {
    uint64_t hash = 0;
    std::string sort_key;  // prefix, at most split_sample_sort_key_bytes
    int64_t weight = 0;    // 3 × write + read half-units
  };

  std::vector<int64_t> ring_read;  // per-second consumption, by second % W
  std::vector<int64_t> ring_write;
  int64_t ring_second = -1;  // last second written into the ring
  int64_t sum_read = 0;
  int64_t sum_write = 0;
  int64_t hot_since = -1;  // first second of the current hot streak

  std::vector<Sample> samples;  // reservoir over the hot streak
  int64_t seen = 0;
  uint64_t rng = 0;

  // Monotonic detection over the hot streak: writes, and writes that were a
  // new maximum or minimum position.
  bool has_extremes = false;
  uint64_t max_hash = 0, min_hash = 0;
  std::string max_sort_key, min_sort_key;
  int64_t writes = 0;
  int64_t extreme_writes = 0;

  void ResetObservations() {
    samples.clear();
    seen = 0;
    has_extremes = false;
    writes = 0;
    extreme_writes = 0;
  }
};

struct Partition {
  int32_t id = 0;
  TokenBucket read;     // rate max(cap, EC ceiling) when EC ceiling is higher
  TokenBucket sc_read;  // strongly consistent reads, only if EC ceiling > cap
  TokenBucket write;
  int64_t size_bytes = 0;
  int32_t slot = -1;  // index into Resource::cur_slots this second, or -1
  bool retired = false;
  std::unique_ptr<Heat> heat;  // split for heat only; made on first use
};

// On-demand previous peak of one kind (reads or writes), in half-units/s.
struct Peak {
  int64_t window_index = -1;  // current peak window (NowMicros / window)
  int64_t window_units = 0;   // admitted half-units in it
  int64_t peak = 0;           // effective previous peak
  struct Pending {
    int64_t due_micros;
    int64_t value;
  };
  // Peaks not yet in effect, increasing in time and value (at most
  // 1 + doubling / window of them).
  std::deque<Pending> pending;
};

struct PendingSplit {
  int32_t partition_id;
  KeyPosition cut;
  int64_t due_second;
};

struct SlotEntry {
  Partition* partition;
  PartitionSecond metrics;
};

struct Resource {
  ResourceId id = kNoResource;
  ResourceConfig config;
  std::shared_ptr<const std::string> arn;  // config.arn, shared by decisions

  PartitionMap map;
  std::vector<std::unique_ptr<Partition>> parts;
  std::vector<std::unique_ptr<Partition>> graveyard;  // retired this second
  std::vector<PartitionInfo> infos;                   // by id
  int64_t live_bytes = 0;

  // Table level.
  TokenBucket table_read, table_write;  // provisioned (+burst) or on-demand
  bool has_max_read = false, has_max_write = false;
  TokenBucket max_read, max_write;  // MaxRead/WriteRequestUnits
  bool has_quota_read = false, has_quota_write = false;
  TokenBucket quota_read, quota_write;  // per-table quota (on-demand)
  Peak peak_read, peak_write;
  int64_t max_provisioned_read = 0;  // units ever provisioned
  int64_t max_provisioned_write = 0;
  int64_t allowed_read = 0;  // on-demand capacity, half-units/s
  int64_t allowed_write = 0;
  bool sc_bucket = false;  // partitions keep a separate SC read bucket

  std::vector<PendingSplit> pending_splits;

  // Metrics.
  ResourceCounters counters;
  int64_t cur_second = INT64_MIN;
  SecondMetrics cur;
  bool cur_has_data = false;
  std::vector<SlotEntry> cur_slots;
  std::deque<SecondMetrics> series;
  TopKeys accessed_pk, accessed_pk_sk, throttled_pk, throttled_pk_sk;

  explicit Resource(int top_keys)
      : accessed_pk(top_keys),
        accessed_pk_sk(top_keys),
        throttled_pk(top_keys),
        throttled_pk_sk(top_keys) {}

  bool on_demand() const { return config.billing == Billing::kOnDemand; }
};

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_RESOURCE_H_
