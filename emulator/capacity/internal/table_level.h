// Copyright 2026 The eddy Authors.
//
// The table level of the throughput model (throughput-model.md §4.2, §3.2):
// the limits a resource (a table or a GSI) has as a whole, above its
// partitions. Private to emulator/capacity.
//
//   - provisioned: the provisioned rate, with a burst reservoir of up to
//     options.burst_window_seconds of unused capacity (a new resource
//     starts with 1 s of tokens);
//   - on-demand: the capacity max(warm, 2 × previous peak), where the
//     previous peak is the highest average over one peak window of admitted
//     traffic and takes effect options.on_demand_doubling_seconds after its
//     window ends (the ramp); raising it grows the partitions to serve it;
//   - on-demand: MaxRead/WriteRequestUnits and the per-table quota.
//
// Admission (admission.cc) checks and charges these buckets; it adds the
// admitted half-units of an on-demand resource to its current peak window.
//
// Thread safety: none; the caller holds ThrottleSimulator's mutex.

#ifndef EDDY_EMULATOR_CAPACITY_INTERNAL_TABLE_LEVEL_H_
#define EDDY_EMULATOR_CAPACITY_INTERNAL_TABLE_LEVEL_H_

#include <cstdint>

#include "emulator/capacity/internal/resource.h"
#include "emulator/capacity/simulator.h"

namespace eddy::capacity::internal {

// Sets r's table-level buckets from r.config (and, on-demand, from its
// peaks). `reset` (a new resource, or a change of billing mode) fills them;
// otherwise each keeps its tokens, except that a MaxRead/WriteRequestUnits
// limit that did not apply before starts full. On-demand, also grows the
// partitions to serve the capacity (counted as splits for throughput).
void ConfigureTableLevel(const SimulatorOptions& o, Resource& r, int64_t now,
                         bool reset);

// Brings an on-demand resource's ramp to `now`: closes the peak windows that
// ended (a higher average becomes a pending peak) and applies the pending
// peaks that are due, reconfiguring the capacity when one changed. Nothing
// for a provisioned resource. REQUIRES: options.mode == kSimulate.
void AdvanceOnDemand(const SimulatorOptions& o, Resource& r, int64_t now);

}  // namespace eddy::capacity::internal

#endif  // EDDY_EMULATOR_CAPACITY_INTERNAL_TABLE_LEVEL_H_
