// Copyright 2026 The eddy Authors.
//
// StreamsService: the Database's DynamoDB Streams — every stream of every
// table, enabled or disabled until it expires, fed by ONE database-wide
// subscription to the change feed (a passive one: writes build change
// records for it only on tables with an enabled stream, Table::streamed).
// The engine's operations call it: CreateTable / UpdateTable / DeleteTable
// enable and disable streams, ListStreams / DescribeStream /
// GetShardIterator / GetRecords read them (after validating the request).
// stream.h describes the shard model.
//
//   auto streams = std::make_shared<StreamsService>(options, simulator);
//   feed.Subscribe(streams, "", /*passive=*/true);
//   // CreateTable, under the new table's lock:
//   StreamsService::Created s = streams->Enable(table, view_type, now);
//
// Locking: one mutex guards all streams. It is a leaf under table locks:
// OnCommit runs under the written table's exclusive lock (and the change
// feed's), and the read operations call in holding the stream's table lock
// shared when the table is live, so that partition splits are followed in
// commit order. Under it only the simulator's mutex is taken (its partition
// history, a leaf). Records are decoded after it is released.
//
// Thread safety: internally synchronized.

#ifndef EDDY_EMULATOR_ENGINE_STREAMS_SERVICE_H_
#define EDDY_EMULATOR_ENGINE_STREAMS_SERVICE_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "emulator/api/change_feed.h"
#include "emulator/api/options.h"
#include "emulator/api/streams.h"
#include "emulator/base/mutex.h"
#include "emulator/engine/streams/stream.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine {

// A decoded shard iterator: "<StreamArn>|1|<base64 payload>" (the shape of
// DynamoDB's), the payload naming the shard, the position and the time the
// iterator was issued, with a checksum.
struct ShardIteratorToken {
  std::string stream_arn;
  uint64_t shard_ordinal = 0;
  uint64_t position = 0;
  int64_t issued_micros = 0;
};
std::string EncodeShardIterator(const ShardIteratorToken& token);
// nullopt for anything EncodeShardIterator did not make.
std::optional<ShardIteratorToken> DecodeShardIterator(std::string_view text);

// The parts of a stream ARN
// ("arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>");
// nullopt when `arn` does not have that shape.
struct StreamArnParts {
  std::string table_name;
  std::string label;
};
std::optional<StreamArnParts> ParseStreamArn(std::string_view arn);

class StreamsService : public ChangeSubscriber {
 public:
  StreamsService(const Options& options,
                 capacity::ThrottleSimulator* simulator);

  // The change feed's delivery: appends each changed item's record to its
  // table's enabled stream (records marked `unchanged` make none).
  void OnCommit(std::span<const ChangeRecord> records) override;

  // --- Control plane ------------------------------------------------------
  struct Created {
    std::string arn;
    std::string label;
  };
  // Creates and enables a stream of `table` (ENABLED at once; DynamoDB
  // shows ENABLING for a moment) with a label unique among the table's
  // streams. The caller records it in the table's state and sets
  // Table::streamed. REQUIRES: the table's lock held exclusively, no
  // enabled stream for the table.
  Created Enable(const Table& table, StreamViewType view_type,
                 int64_t now_micros) ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());
  // Disables the stream (DISABLED at once; its shards close and it stays
  // readable for 24 hours). REQUIRES: its table's lock held exclusively.
  void Disable(const std::string& arn, int64_t now_micros);
  // Forgets a stream that never served (a CreateTable that failed later).
  void Discard(const std::string& arn);

  // --- The Streams API ----------------------------------------------------
  // The ops have validated the request. `table_locked`: the caller holds
  // the stream's live table's lock (shared at least), so that the stream
  // may follow the table's partitions before answering.
  ListStreamsResponse ListStreams(const ListStreamsRequest& request,
                                  int64_t now_micros);
  StatusOr<DescribeStreamResponse> DescribeStream(
      const DescribeStreamRequest& request, bool table_locked,
      int64_t now_micros);
  StatusOr<GetShardIteratorResponse> GetShardIterator(
      const GetShardIteratorRequest& request, bool table_locked,
      int64_t now_micros);
  // Errors: ExpiredIteratorException (15 minutes), ResourceNotFoundException
  // (the stream is gone), TrimmedDataAccessException.
  StatusOr<GetRecordsResponse> GetRecords(const ShardIteratorToken& iterator,
                                          int limit, bool table_locked,
                                          int64_t now_micros);

  // For tests and benchmarks: records a stream retains (0 when unknown).
  size_t RetainedRecords(const std::string& arn) const;

 private:
  Stream* Find(const std::string& arn) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Trims the stream and, when allowed, follows its table's partitions.
  void Prepare(Stream& stream, bool table_locked, int64_t now)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Forgets disabled streams whose retention has passed.
  void Sweep(int64_t now) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  const StreamsOptions options_;
  const std::string region_;
  const std::string arn_prefix_;  // "arn:aws:dynamodb:<region>:<account>:"
  capacity::ThrottleSimulator* const simulator_;
  mutable Mutex mu_;
  // Every stream by ARN, and each table's enabled one by table name.
  std::map<std::string, std::unique_ptr<Stream>> streams_ ABSL_GUARDED_BY(mu_);
  absl::flat_hash_map<std::string, Stream*> enabled_ ABSL_GUARDED_BY(mu_);
  // A stream enabled for a table name that already had one (a CreateTable
  // that will fail, or one racing a DeleteTable): the one it displaced, to
  // restore if it is discarded.
  absl::flat_hash_map<std::string, Stream*> displaced_ ABSL_GUARDED_BY(mu_);
  // enabled_.size(): commits skip the mutex while no stream is enabled.
  std::atomic<int> enabled_count_{0};
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_STREAMS_SERVICE_H_
