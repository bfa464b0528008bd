// Copyright 2026 The eddy Authors.
//
// Consumers of DynamoDB Streams for C++ tests, over the Database's Streams
// API (streams.h): a reader that returns every record of a table's stream in
// shard-lineage order, and a trigger that imitates a Lambda event source
// mapping. Both keep their place as sequence numbers, never as iterators
// (which expire after 15 minutes), so a test may move a ManualClock as far
// as it likes between calls.
//
//   eddy::StreamReader reader(db, "orders");      // the table's latest stream
//   ... writes ...
//   auto records = reader.ReadNew();               // everything so far
//   ... more writes, a partition split ...
//   auto more = reader.ReadNew();                  // only what is new
//
//   std::vector<std::string> seen;
//   eddy::StreamTrigger trigger(db, "orders",
//       [&](const std::vector<eddy::StreamsRecord>& batch) {
//         for (const auto& r : batch)
//         seen.push_back(r.dynamodb.sequence_number); return true; // false:
//         the batch fails
//       },
//       {.batch_size = 10, .batching_window_micros = 1'000'000});
//   clock.AdvanceMicros(1'000'000);
//   trigger.Pump();                                 // delivers what is due
//
// Lineage order: a shard's records are read (or delivered) before any record
// of its child shards (ParentShardId), so the records of one item come in
// the order they were written, across splits and rollovers. Shards whose
// parent is gone (expired) or unknown are read at once.
//
// Errors are the Database's (a stream that does not exist:
// ResourceNotFoundException; records trimmed before they were read:
// TrimmedDataAccessException, after which the shard continues from its
// oldest record on the next call).
//
// Thread safety: a reader or trigger is used by one thread at a time; the
// Database may be written concurrently.

#ifndef EDDY_EMULATOR_API_STREAMS_READER_H_
#define EDDY_EMULATOR_API_STREAMS_READER_H_

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/streams.h"

namespace eddy {

namespace internal {

// Every shard of a stream, following LastEvaluatedShardId.
inline StatusOr<std::vector<Shard>> ListShards(Database& db,
                                               const std::string& arn) {
  std::vector<Shard> shards;
  DescribeStreamRequest request;
  request.stream_arn = arn;
  while (true) {
    EDDY_ASSIGN_OR_RETURN(DescribeStreamResponse page,
                          db.DescribeStream(request));
    StreamDescription& d = page.stream_description;
    for (Shard& s : d.shards) shards.push_back(std::move(s));
    if (!d.last_evaluated_shard_id) break;
    request.exclusive_start_shard_id = d.last_evaluated_shard_id;
  }
  return shards;
}

// The table's latest stream ARN.
inline StatusOr<std::string> LatestStreamArn(Database& db,
                                             const std::string& table) {
  EDDY_ASSIGN_OR_RETURN(DescribeTableResponse d,
                        db.DescribeTable({.table_name = table}));
  if (!d.table.latest_stream_arn) {
    return Status::ResourceNotFound("Table " + table + " has no stream");
  }
  return *d.table.latest_stream_arn;
}

// A shard's place: where the next read starts and whether it is finished.
struct ShardCursor {
  std::optional<std::string> parent;
  std::string last_sequence;  // empty: from TRIM_HORIZON
  bool exhausted = false;     // closed, and read to its end
};

// Reads what is readable in `shard_id` after `cursor` into `out`.
inline Status ReadShard(Database& db, const std::string& arn,
                        const std::string& shard_id, ShardCursor& cursor,
                        std::vector<StreamsRecord>& out) {
  GetShardIteratorRequest get;
  get.stream_arn = arn;
  get.shard_id = shard_id;
  if (cursor.last_sequence.empty()) {
    get.shard_iterator_type = ShardIteratorType::kTrimHorizon;
  } else {
    get.shard_iterator_type = ShardIteratorType::kAfterSequenceNumber;
    get.sequence_number = cursor.last_sequence;
  }
  StatusOr<GetShardIteratorResponse> it = db.GetShardIterator(get);
  if (!it.ok()) {
    if (it.status().code() == ErrorCode::kTrimmedDataAccess) {
      cursor.last_sequence.clear();  // go on from the oldest record
    }
    return it.status();
  }
  std::optional<std::string> iterator = it->shard_iterator;
  while (iterator) {
    EDDY_ASSIGN_OR_RETURN(GetRecordsResponse page,
                          db.GetRecords({.shard_iterator = *iterator}));
    for (StreamsRecord& r : page.records) {
      cursor.last_sequence = r.dynamodb.sequence_number;
      out.push_back(std::move(r));
    }
    if (!page.next_shard_iterator) {
      cursor.exhausted = true;
      break;
    }
    if (page.records.empty()) break;  // open shard: nothing more yet
    iterator = std::move(page.next_shard_iterator);
  }
  return Status::OK();
}

}  // namespace internal

class StreamReader {
 public:
  // Reads the latest stream of `table_name` (resolved on the first read).
  StreamReader(Database& db, std::string table_name)
      : db_(&db), table_name_(std::move(table_name)) {}
  // Reads the stream `stream_arn`.
  static StreamReader ForStream(Database& db, std::string stream_arn) {
    StreamReader r(db, "");
    r.arn_ = std::move(stream_arn);
    return r;
  }

  // Every record readable now that no earlier call returned, in lineage
  // order (the first call starts at each shard's TRIM_HORIZON).
  StatusOr<std::vector<StreamsRecord>> ReadNew() {
    if (arn_.empty()) {
      EDDY_ASSIGN_OR_RETURN(arn_,
                            eddy::internal::LatestStreamArn(*db_, table_name_));
    }
    EDDY_ASSIGN_OR_RETURN(std::vector<Shard> listed,
                          eddy::internal::ListShards(*db_, arn_));
    std::map<std::string, eddy::internal::ShardCursor> next;
    for (const Shard& s : listed) {
      auto it = cursors_.find(s.shard_id);
      eddy::internal::ShardCursor c =
          it != cursors_.end() ? it->second : eddy::internal::ShardCursor{};
      c.parent = s.parent_shard_id;
      next[s.shard_id] = std::move(c);
    }
    cursors_ = std::move(next);  // shards that expired are forgotten
    std::vector<StreamsRecord> out;
    bool progress = true;
    while (progress) {
      progress = false;
      for (auto& [id, cursor] : cursors_) {
        if (cursor.exhausted || !ParentDone(cursor)) continue;
        EDDY_RETURN_IF_ERROR(
            eddy::internal::ReadShard(*db_, arn_, id, cursor, out));
        progress = progress || cursor.exhausted;
      }
    }
    return out;
  }

  // The stream read (empty before the first ReadNew of a table's reader).
  const std::string& stream_arn() const { return arn_; }
  // Shards read to their end.
  size_t finished_shards() const {
    return static_cast<size_t>(
        std::count_if(cursors_.begin(), cursors_.end(),
                      [](const auto& c) { return c.second.exhausted; }));
  }

 private:
  bool ParentDone(const eddy::internal::ShardCursor& c) const {
    if (!c.parent) return true;
    auto it = cursors_.find(*c.parent);
    return it == cursors_.end() || it->second.exhausted;
  }

  Database* db_;
  std::string table_name_;
  std::string arn_;
  std::map<std::string, eddy::internal::ShardCursor> cursors_;
};

// How a StreamTrigger delivers, as a Lambda event source mapping's
// settings.
struct TriggerOptions {
  // BatchSize: the most records per invocation (Lambda's default for
  // DynamoDB streams: 100).
  int batch_size = 100;
  // MaximumBatchingWindowInSeconds, in microseconds of the Database's
  // clock: a batch smaller than batch_size waits this long after its first
  // record was read. 0: delivered at once.
  int64_t batching_window_micros = 0;
  // BisectBatchOnFunctionError: a failed batch is split in two and the
  // halves are retried separately (first half first).
  bool bisect_batch_on_error = false;
  // MaximumRetryAttempts: retries of a failing batch before it is
  // discarded (counted in stats().discarded_records); -1 retries until the
  // records expire (Lambda's default).
  int maximum_retry_attempts = -1;
  // StartingPosition: TRIM_HORIZON (every record kept) or LATEST (only
  // records written after the first Pump; shards opened later are read
  // from their start, as Lambda does).
  ShardIteratorType starting_position = ShardIteratorType::kTrimHorizon;
};

struct TriggerStats {
  int64_t invocations = 0;
  int64_t failed_invocations = 0;
  int64_t delivered_records = 0;  // in batches the handler accepted
  int64_t discarded_records = 0;  // past maximum_retry_attempts
};

// StreamTrigger: a Lambda event source mapping on a table's stream. Each
// Pump polls the stream and invokes the handler with every batch that is
// due at the clock's time, shard by shard, a parent shard's records before
// its children's. Within a shard batches go in order, one at a time: when
// the handler returns false, the shard stops until the next Pump, which
// delivers the same batch again (at least once), or its first half when
// bisecting.
class StreamTrigger {
 public:
  using Handler = std::function<bool(const std::vector<StreamsRecord>&)>;

  StreamTrigger(Database& db, std::string table_name, Handler handler,
                TriggerOptions options = {})
      : db_(&db),
        table_name_(std::move(table_name)),
        handler_(std::move(handler)),
        options_(options) {
    options_.batch_size = std::max(1, options_.batch_size);
  }

  // Returns the number of invocations this call made.
  StatusOr<int> Pump() {
    const int64_t before = stats_.invocations;
    if (arn_.empty()) {
      EDDY_ASSIGN_OR_RETURN(arn_,
                            eddy::internal::LatestStreamArn(*db_, table_name_));
    }
    EDDY_ASSIGN_OR_RETURN(std::vector<Shard> listed,
                          eddy::internal::ListShards(*db_, arn_));
    const bool first = !started_;
    started_ = true;
    for (const Shard& s : listed) {
      auto [it, added] = shards_.try_emplace(s.shard_id);
      it->second.cursor.parent = s.parent_shard_id;
      if (added && first &&
          options_.starting_position == ShardIteratorType::kLatest) {
        // Skip what is there now.
        std::vector<StreamsRecord> skipped;
        EDDY_RETURN_IF_ERROR(eddy::internal::ReadShard(
            *db_, arn_, s.shard_id, it->second.cursor, skipped));
      }
    }
    const int64_t now = db_->options().clock->NowMicros();
    bool progress = true;
    while (progress) {
      progress = false;
      for (auto& [id, shard] : shards_) {
        if (shard.done || !ParentDone(shard)) continue;
        if (!shard.cursor.exhausted) {
          std::vector<StreamsRecord> fresh;
          EDDY_RETURN_IF_ERROR(
              eddy::internal::ReadShard(*db_, arn_, id, shard.cursor, fresh));
          if (shard.buffer.empty() && !fresh.empty()) {
            shard.buffered_since = now;
          }
          for (StreamsRecord& r : fresh) shard.buffer.push_back(std::move(r));
        }
        Deliver(shard, now);
        if (shard.cursor.exhausted && shard.buffer.empty() &&
            shard.pending.empty()) {
          shard.done = true;
          progress = true;
        }
      }
    }
    return static_cast<int>(stats_.invocations - before);
  }

  const TriggerStats& stats() const { return stats_; }
  // Records read but not yet delivered (waiting for a batch or a retry).
  size_t waiting_records() const {
    size_t n = 0;
    for (const auto& [id, s] : shards_) {
      n += s.buffer.size();
      for (const auto& b : s.pending) n += b.size();
    }
    return n;
  }

 private:
  struct ShardState {
    eddy::internal::ShardCursor cursor;
    std::deque<StreamsRecord> buffer;  // read, not yet in a batch
    int64_t buffered_since = 0;
    // Batches formed and not yet accepted; the front is the one in flight.
    std::deque<std::vector<StreamsRecord>> pending;
    int attempts = 0;  // failures of the front batch
    bool done = false;
  };

  bool ParentDone(const ShardState& s) const {
    if (!s.cursor.parent) return true;
    auto it = shards_.find(*s.cursor.parent);
    return it == shards_.end() || it->second.done;
  }

  void Deliver(ShardState& s, int64_t now) {
    while (true) {
      if (s.pending.empty()) {
        if (s.buffer.empty()) return;
        const bool full =
            s.buffer.size() >= static_cast<size_t>(options_.batch_size);
        if (!full && now - s.buffered_since < options_.batching_window_micros)
          return;
        const size_t n =
            std::min(s.buffer.size(), static_cast<size_t>(options_.batch_size));
        std::vector<StreamsRecord> batch(
            std::make_move_iterator(s.buffer.begin()),
            std::make_move_iterator(s.buffer.begin() + n));
        s.buffer.erase(s.buffer.begin(), s.buffer.begin() + n);
        s.pending.push_back(std::move(batch));
        s.attempts = 0;
      }
      std::vector<StreamsRecord>& batch = s.pending.front();
      ++stats_.invocations;
      if (handler_(batch)) {
        stats_.delivered_records += static_cast<int64_t>(batch.size());
        s.pending.pop_front();
        s.attempts = 0;
        continue;
      }
      ++stats_.failed_invocations;
      ++s.attempts;
      if (options_.maximum_retry_attempts >= 0 &&
          s.attempts > options_.maximum_retry_attempts) {
        stats_.discarded_records += static_cast<int64_t>(batch.size());
        s.pending.pop_front();
        s.attempts = 0;
        continue;
      }
      if (options_.bisect_batch_on_error && batch.size() > 1) {
        const size_t half = batch.size() / 2;
        std::vector<StreamsRecord> second(
            std::make_move_iterator(batch.begin() + half),
            std::make_move_iterator(batch.end()));
        batch.resize(half);
        s.pending.insert(s.pending.begin() + 1, std::move(second));
      }
      return;  // this shard waits for the next Pump
    }
  }

  Database* db_;
  std::string table_name_;
  Handler handler_;
  TriggerOptions options_;
  std::string arn_;
  bool started_ = false;
  std::map<std::string, ShardState> shards_;
  TriggerStats stats_;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_STREAMS_READER_H_
