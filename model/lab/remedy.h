// Copyright 2026 The eddy Authors.
//
// The throttling lab's remedies (issue 24, item 1): what a team does about a
// design that throttles, each written as a transformation of a scenario's
// traffic or design that the runner then replays on the same virtual clock
// (model/lab/scenario.h), so that the same traffic can be compared before
// and after (model/lab/compare.h, `eddy scenario compare`).
//
//   cache            a DAX-style read cache in front of the table
//                    (Scenario::cache): item cache with write-through and a
//                    query cache, TTL and capacity in entries; cached reads
//                    make no table call and consume nothing, so the hit
//                    ratio follows from the key distribution and the TTL.
//                    Options: items, queries (capacities), itemTtl, queryTtl
//                    (seconds), nodes, nodeHour (dollars per node-hour).
//   queue            a write queue (SQS-style) in front of every write
//                    stream: producers enqueue at the stream's rate, one
//                    consumer calls the table at most `rate` times a second
//                    (Stream::queue_per_second); a message's latency includes
//                    its wait; the queue depth is reported per second.
//                    Options: rate (calls/s, required), perMillion (dollars
//                    per million queue requests; 3 per message: send,
//                    receive, delete).
//   shard            write sharding: every write stream's keys get a random
//                    suffix .1 ... .N (KeySpec::shards); every read stream
//                    becomes a scatter-gather of N reads (its rate × N, each
//                    read on a random shard). Options: n (default 10).
//   table-per-period one table per period instead of deleting expired
//                    items: the scenario's DeleteItem streams (the cleanup)
//                    disappear — dropping last period's table is free — and
//                    the older tables, scaled down to `oldRcu`/`oldWcu`
//                    provisioned units, are charged by the hour. Options:
//                    tables (kept, default 2), oldRcu, oldWcu (default 1).
//                    The scenario must have a DeleteItem stream.
//   chunk            chunked large items: each write stream whose items are
//                    larger than `bytes` writes ceil(size / bytes) chunks of
//                    `bytes` (its rate × chunks, each chunk a key suffix
//                    .1 ... .N) plus one 200-byte metadata item; each
//                    GetItem / BatchGetItem stream reads the metadata item
//                    and the chunks (the largest chunk count). Options:
//                    bytes (default 10240). A chunk read is its own request
//                    (the parallel reads' common latency is not joined).
//
// A remedy is written `name` or `name:option=value,option=value`, e.g.
// `cache:itemTtl=60,items=5000` or `queue:rate=800`.
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_LAB_REMEDY_H_
#define EDDY_MODEL_LAB_REMEDY_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "model/lab/scenario.h"

namespace eddy::lab {

enum class RemedyKind { kCache, kQueue, kShard, kTablePerPeriod, kChunk };

struct Remedy {
  RemedyKind kind = RemedyKind::kCache;
  std::string spec;  // as written ("queue:rate=800")
  // Options by name, numbers (validated by ParseRemedy).
  std::map<std::string, double> options;

  // The option's value, or `fallback` when not given.
  double Option(const std::string& name, double fallback) const;
};

// The remedies' names, in the order above.
const std::vector<std::string>& RemedyNames();

// Parses "name[:option=value,...]". ValidationException for an unknown
// name (with a suggestion), an unknown option, a value that is not a
// number in the option's range, or a missing required option.
StatusOr<Remedy> ParseRemedy(std::string_view spec);

// The scenario with the remedy applied (its name gets " + <spec>").
// ValidationException when the remedy does not apply to it (a queue without
// write streams, table-per-period without a DeleteItem stream, chunking
// without items larger than a chunk, sharding of keys already sharded).
StatusOr<Scenario> ApplyRemedy(const Scenario& scenario, const Remedy& remedy);

// What the remedy itself costs during `result`'s run, in US dollars at the
// run's rates (DAX nodes by the hour, queue requests per million, the older
// tables' provisioned capacity by the hour); 0 for sharding and chunking.
double RemedyCost(const Remedy& remedy, const ScenarioResult& result);

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_REMEDY_H_
