// Copyright 2026 The eddy Authors.
//
// Time to live, the expiry pass (the operations UpdateTimeToLive and
// DescribeTimeToLive are in ops/time_to_live.cc). An item expires when its TTL
// attribute is a number (epoch seconds) at or before the current time (values
// more than five years in the past are ignored, as DynamoDB ignores them); it
// is still read, queried and scanned until an expiry pass deletes it, which
// happens once it has been expired for
// Options::time_to_live.deletion_delay_micros (DynamoDB deletes "typically
// within a few days"). A deletion by TTL maintains indexes like any other
// delete, consumes no capacity, and is counted as a service deletion. Turning
// TTL on or off twice within 30 minutes is refused, as DynamoDB refuses it.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_EXPIRY_H_
#define EDDY_EMULATOR_ENGINE_TABLE_EXPIRY_H_

#include <cstdint>

#include "absl/base/thread_annotations.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine {

// Deletes every item of `table` expired for at least the deletion delay at
// `now_micros`, as the time-to-live service: free, never throttled, and on
// the change feed with ChangeOrigin::kTimeToLive.
void ExpireItems(Table& table, int64_t now_micros)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_EXPIRY_H_
