// Copyright 2026 The eddy Authors.
//
// Split for heat (throughput-model.md §5), in kSimulate mode with
// options.split_for_heat. Private to emulator/capacity.
//
// Each partition keeps bounded observations (internal::Heat, resource.h): a
// ring of its consumption over the last options.split_window_seconds, and,
// over its current hot streak, a reservoir sample of
// options.split_sample_size accesses (sort keys cut to
// options.split_sample_sort_key_bytes) and the extreme positions written.
// A partition whose average over the ring stays at or above
// options.split_threshold of its cap (reads or writes) for
// options.split_detection_seconds is evaluated once, and detection starts
// again whatever the verdict. It splits at the weighted median of the
// sampled traffic, options.split_delay_seconds later (at the start of a
// whole second), unless (the counter that records the skip in brackets):
//
//   - one item carries at least split_threshold of the load, or no cut
//     falls strictly inside the range [split_skipped_single_item];
//   - more than options.monotonic_write_fraction of at least 16 writes
//     were a new maximum or minimum position [split_skipped_monotonic];
//   - the table has an LSI and one partition key carries the load, or no
//     cut between partition keys exists [split_skipped_lsi];
//   - the resource has options.max_partitions_per_resource partitions when
//     the split is due [split_skipped_limit].
//
// Sampling is deterministic: each partition's generator is seeded from
// options.seed and the resource and partition ids.
//
// Thread safety: none; the caller holds ThrottleSimulator's mutex.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_HEAT_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_HEAT_H_

#include <cstdint>

#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity::internal {

// Records an admitted access to partition `p` of `r` in its reservoir and
// its monotonic-write counts. Accesses that consume nothing are ignored.
void SampleAccess(const SimulatorOptions& o, Resource& r, Partition& p,
                  const Access& a);
// `count` admitted accesses like `a` at once (AdmitBulk): the reservoir
// sees them as `count` arrivals, replacing about k × ln(after / before) of
// its samples (a seeded draw) instead of drawing for each; the monotonic
// counts as `count` writes at one position (a new extreme position counts
// once: a window's groups arrive in no time order). count == 1 is
// SampleAccess.
void SampleAccesses(const SimulatorOptions& o, Resource& r, Partition& p,
                    const Access& a, int64_t count);

// Adds a closed second's consumption `m` of live partition `p` to its ring
// and, when the partition has been hot for split_detection_seconds, decides:
// queues a split in r.pending_splits or counts why it is skipped.
void UpdateHeat(const SimulatorOptions& o, Resource& r, Partition& p,
                const PartitionSecond& m, int64_t second);

// Applies the queued splits due at `second` (those of partitions that have
// split meanwhile are dropped), counting splits_for_heat or
// split_skipped_limit.
void ApplyDueSplits(const SimulatorOptions& o, Resource& r, int64_t second,
                    int64_t now);

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_HEAT_H_
