// Copyright 2026 The eddy Authors.
//
// The partitions of one resource and their buckets (throughput model,
// throughput-model.md §3, §5): how many a new resource starts with, the rate
// and depth of each partition's read, strongly consistent read and write
// buckets, and splits — at a given cut (a split for heat, see heat.h) or
// doubling at hash midpoints (splits for size and for throughput).
// Private to emulator/capacity.
//
// Invariants kept by every function here (see resource.h): r.parts.size() ==
// r.map.count(), r.parts[i] owns map range i, r.infos[id] describes partition
// `id` (ids dense from 0, never reused). A split retires the parent (its info
// keeps retired_micros; the object stays in r.graveyard while this second's
// metrics point at it) and creates two children that inherit the parent's
// bucket tokens and divide its bytes. A resource never has more than
// options.max_partitions_per_resource partitions; partitions never merge.
//
// Thread safety: none; the caller holds ThrottleSimulator's mutex.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_PARTITIONS_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_PARTITIONS_H_

#include <cstdint>
#include <memory>

#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/partition_map.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity::internal {

// Partitions of a provisioned resource: the historical formula
// ceil(RCU/3000 + WCU/1000) with the partition caps of the options
// (throughput-model.md §3.2), and ceil(size / partition size); at least 1.
int64_t ProvisionedCount(const SimulatorOptions& o, int64_t read_units,
                         int64_t write_units, int64_t size_bytes);

// Sets the rate and depth of every live partition's buckets from the options
// and the resource (keeping their tokens). Needed when the per-partition rate
// depends on the partition count or the provisioned throughput
// (options.adaptive_capacity == false).
void ReconfigureAllPartitions(const SimulatorOptions& o, Resource& r,
                              int64_t now);

// A new partition starting at `start`, recorded in r.infos with the next id.
// Its buckets are copies of `copy_from`'s (a split: each child can serve the
// full cap at once) or, when `copy_from` is null, full buckets configured
// for `r`. The caller places it in r.parts.
std::unique_ptr<Partition> NewPartition(const SimulatorOptions& o, Resource& r,
                                        const KeyPosition& start,
                                        int32_t parent,
                                        const Partition* copy_from,
                                        int64_t now);

// Splits partition `index` at `cut`; false (nothing changes) if the cut is
// not strictly inside it or the partition limit is reached.
bool SplitPartition(const SimulatorOptions& o, Resource& r, int index,
                    const KeyPosition& cut, int64_t now);

// Doubles the partitions (every one split at its hash midpoint) until there
// are at least `target` (capped by the partition limit) or no partition can
// split. Returns the number of splits.
int64_t GrowPartitions(const SimulatorOptions& o, Resource& r, int64_t target,
                       int64_t now);

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_PARTITIONS_H_
