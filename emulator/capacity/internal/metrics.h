// Copyright 2026 The eddy Authors.
//
// Per-second metrics of a resource (throughput-model.md §6.3): the current
// virtual second accumulates in r.cur (resource totals) and r.cur_slots (one
// PartitionSecond per partition touched this second); FlushSecond closes it
// into r.series. Defined in ../metrics.cc with the simulator's metric
// queries. Private to emulator/capacity.
//
// Invariants: a partition's `slot` indexes r.cur_slots while it has traffic
// this second and is -1 otherwise; a partition retired while it has a slot
// stays in r.graveyard until the flush, so every slot points at an object.
// r.series is in increasing second order and holds at most
// options.metrics_retention_seconds seconds (none when that is 0).
//
// Thread safety: none; the caller holds ThrottleSimulator's mutex.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_METRICS_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_METRICS_H_

#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity::internal {

// Closes r's current second (if it saw anything) into r.series, its
// partitions in key order, and feeds each live partition's second to split
// for heat (kSimulate with options.split_for_heat). Frees the partitions
// retired during the second. Leaves r.cur_second unchanged.
void FlushSecond(const SimulatorOptions& o, Resource& r);

// Partition p's metrics for the current second (created on first use);
// marks the second as having data.
PartitionSecond& SlotOf(Resource& r, Partition& p);

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_METRICS_H_
