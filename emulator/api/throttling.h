// Copyright 2026 The eddy Authors.
//
// The throttling lab, from the Database's side: what DynamoDB's admission
// control would do to your traffic, on a clock you drive.
//
// Every table and every global secondary index of a Database is a resource
// of its throttling simulator (capacity/simulator.h): a partition space with
// per-partition token buckets (3,000 RCU / 1,000 WCU per second), table-level
// limits (provisioned rate with a 300 s burst bank and adaptive capacity, or
// the on-demand ramp: twice the previous peak, at most doubling per 30
// minutes), quotas, splits for size, throughput and heat, and GSI
// back-pressure on base-table writes (throughput-model.md §3–§6). Every data
// operation is admitted before it changes or returns anything; a throttled
// request consumes nothing and fails as DynamoDB fails it:
//
//   eddy::ManualClock clock;
//   eddy::Options options;
//   options.clock = &clock;                                // time you drive
//   options.throttle.mode = eddy::ThrottleMode::kSimulate;
//   eddy::Database db(options);
//   ... CreateTable "t" (PAY_PER_REQUEST) ...
//   for (int i = 0; i < 2000; ++i) {                       // one second of
//     clock.AdvanceMicros(500);                            // 2,000 writes
//     auto r = db.PutItem({.table_name = "t", .item = hot_item});
//     // about half fail: r.status().code() == ErrorCode::kThrottling,
//     // r.status().throttling_reasons()[0].reason ==
//     //     "TableWriteKeyRangeThroughputExceeded"
//   }
//   db.FlushThrottleMetrics();
//   eddy::ThrottleCounters c = *db.GetThrottleCounters("t");
//   // c.write_throttle_events ~ 1,000; c.throttled_requests likewise
//   std::vector<eddy::KeyCount> hot =
//       *db.GetTopKeys("t", "", eddy::TopKeysKind::kMostThrottled, false, 5);
//
// How each operation is admitted:
// - PutItem / UpdateItem / DeleteItem: under the table's lock, after the
//   condition is evaluated and before anything changes: the table access
//   (item units plus LSI units) and one access per affected GSI at the GSI
//   key (an index key changed A→B is two accesses). A failed condition is
//   charged the stored item's size (1 WCU when there is none) and may itself
//   be throttled.
// - GetItem: one read; Query and Scan: one read per partition touched, the
//   units shared by evaluated bytes; GSI reads are eventually consistent.
// - BatchGetItem / BatchWriteItem: each key or write on its own; throttled
//   parts come back in UnprocessedKeys / UnprocessedItems, and the call
//   fails only when every part is throttled.
// - TransactWriteItems / TransactGetItems: all accesses admitted at once;
//   throttled actions carry the ProvisionedThroughputExceeded /
//   ThrottlingError cancellation reason, the others None.
// - Time-to-live deletions are free and never throttled.
//
// Metrics: cumulative CloudWatch-style counters per table and per GSI,
// per-second series with per-partition consumption and throttles, the
// partition history (every split), Contributor-Insights-style top keys.
// Units in all of them are integer half-units (a 1 KB write is 2).
//
// Approximations are the simulator's (throughput-model.md §8 lists the
// parameters AWS does not publish; all are ThrottleOptions members), plus:
// a transaction cancelled by a failed condition is not charged; a
// transaction replayed by its ClientRequestToken is not admitted.
//
// Thread safety: the Database methods below are safe from many threads. With
// a ManualClock and one driving thread, a run is deterministic to the byte.

#ifndef EDDY_EMULATOR_API_THROTTLING_H_
#define EDDY_EMULATOR_API_THROTTLING_H_

#include "emulator/capacity/simulator.h"

namespace eddy {

using ThrottleMode = capacity::ThrottleMode;
using ThrottleOptions = capacity::SimulatorOptions;
// Cumulative counters of a table or GSI (ConsumedRead/WriteCapacityUnits,
// ThrottledRequests, Read/WriteThrottleEvents by cause, splits).
using ThrottleCounters = capacity::ResourceCounters;
// One virtual second of a table or GSI, with its partitions.
using ThrottleSecond = capacity::SecondMetrics;
using PartitionSecond = capacity::PartitionSecond;
// A partition, live or retired, with its first key position.
using PartitionInfo = capacity::PartitionInfo;
using KeyPosition = capacity::KeyPosition;
// Contributor Insights rules and their rows.
using TopKeysKind = capacity::TopKeysKind;
using KeyCount = capacity::KeyCount;
using LimitType = capacity::LimitType;

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_THROTTLING_H_
