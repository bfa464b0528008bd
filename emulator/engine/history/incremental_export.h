// Copyright 2026 The eddy Authors.
//
// The changes an INCREMENTAL_EXPORT writes (ExportTableToPointInTime with
// an IncrementalExportSpecification, export_table.cc): the items of one
// table that its point-in-time history changed in a period [from, to) on
// the Options clock, each once, with
//
//   - write_micros: the millisecond of its last change in the period (the
//     log's clock records have millisecond resolution), in microseconds;
//   - keys: its key attributes;
//   - old_image: the item as it was just before `from` (absent: it did
//     not exist then);
//   - new_image: the item as it is just before `to` (absent: deleted).
//
// An item created and deleted within the period is left out, as DynamoDB
// compacts each item to its final state. Changes are in key order.
//
// How: the table is rebuilt twice, aside (never published, under a name of
// its own), through persist::Loader from ReplayHistory (memory_history.h:
// the data directory's snapshots and log, or the in-memory history):
// once as of just before `from`, once as of just before `to`. Both rebuilds
// start from the newest snapshot cut at or before `from`, so every change
// of the period comes from the log, where the loader's change observer
// sees it with its time, even when a checkpoint was taken inside the
// period. Memory: the two rebuilt tables and the changed keys.
//
// Errors: InternalServerError when the history is no longer held
// (ReplayHistory), or a loader's error.
//
// Thread safety: callable from any thread; takes no table lock of the
// live table. REQUIRES: no table lock held.

#ifndef EDDY_EMULATOR_ENGINE_HISTORY_INCREMENTAL_EXPORT_H_
#define EDDY_EMULATOR_ENGINE_HISTORY_INCREMENTAL_EXPORT_H_

#include <cstdint>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/transfer/formats.h"

namespace eddy::engine::internal {

// The changes of the table the journal numbers `number` in
// [from_micros, to_micros). REQUIRES: from_micros < to_micros.
StatusOr<std::vector<transfer::ItemChange>> IncrementalChanges(
    Context& ctx, uint64_t number, int64_t from_micros, int64_t to_micros);

}  // namespace eddy::engine::internal

#endif  // EDDY_EMULATOR_ENGINE_HISTORY_INCREMENTAL_EXPORT_H_
