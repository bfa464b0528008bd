// Copyright 2026 The eddy Authors.
//
// The scenario runner's result collection: the units the answers reported
// (AddConsumed, endpoint mode), the simulator's counters, series, partition
// history and top keys per table and index (Collect), and the stream's
// shards (CollectShards).

#include <cstdlib>
#include <string>
#include <vector>

#include "model/lab/internal/runner.h"

namespace eddy::lab::internal {

void Runner::AddConsumed(const std::optional<ConsumedCapacity>& c, bool write) {
  if (!c) return;
  (write ? consumed_write_half_units_ : consumed_read_half_units_) +=
      std::llround(c->capacity_units * 2);
}

void Runner::AddConsumed(const std::vector<ConsumedCapacity>& c, bool write) {
  for (const ConsumedCapacity& x : c) AddConsumed(x, write);
}

void Runner::Collect(ScenarioResult* result) {
  if (!target_->in_process()) {
    // An endpoint shows the client's view only: the units its answers
    // reported, on the table's line (its GSIs' included).
    ResourceResult r;
    r.name = scenario_.table.name;
    r.counters.consumed_read_half_units = consumed_read_half_units_;
    r.counters.consumed_write_half_units = consumed_write_half_units_;
    result->resources.push_back(std::move(r));
    return;
  }
  db_->FlushThrottleMetrics();
  const int64_t from = kStartMicros / kMicros;
  const int64_t to = from + scenario_.duration_seconds + 1;
  std::vector<std::string> indexes = {""};
  for (const IndexSpec& g : scenario_.table.global_secondary_indexes)
    indexes.push_back(g.name);
  if (online_index_ != nullptr && online_index_->result().created_second >= 0)
    indexes.push_back(online_index_->spec().index.name);
  const ThrottleOptions t = DatabaseOptions().throttle;
  for (const std::string& index : indexes) {
    ResourceResult r;
    r.index_name = index;
    r.name = scenario_.table.name + (index.empty() ? "" : "/" + index);
    r.partition_write_cap = 2 * t.partition_write_units;
    r.partition_read_cap = 2 * t.partition_read_units;
    const std::string& table = scenario_.table.name;
    if (auto c = db_->GetThrottleCounters(table, index); c.ok()) {
      r.counters = *c;
    }
    if (series_buckets_ != nullptr) {
      series_buckets_->Finish(*db_, to);
      r.series = series_buckets_->Take(index);
      r.series_bucket_seconds = series_buckets_->bucket_seconds();
    } else if (auto s = db_->GetThrottleSeries(table, index, from, to);
               s.ok()) {
      r.series = *std::move(s);
    }
    if (auto h = db_->GetPartitionHistory(table, index); h.ok()) {
      r.history = *std::move(h);
    }
    if (auto p = db_->DescribePartitions(table, index); p.ok()) {
      r.partitions_at_end = static_cast<int>(p->size());
    }
    r.partitions_at_start = partitions_at_start_[index];
    if (auto k =
            db_->GetTopKeys(table, index, TopKeysKind::kMostAccessed, false, 5);
        k.ok()) {
      r.top_accessed = *std::move(k);
    }
    if (auto k = db_->GetTopKeys(table, index, TopKeysKind::kMostThrottled,
                                 false, 5);
        k.ok()) {
      r.top_throttled = *std::move(k);
    }
    result->resources.push_back(std::move(r));
  }
}

void Runner::CollectShards(ScenarioResult* result) {
  StatusOr<DescribeTableResponse> table =
      db_->DescribeTable({.table_name = scenario_.table.name});
  if (!table.ok() || !table->table.latest_stream_arn) return;
  DescribeStreamRequest request{.stream_arn = *table->table.latest_stream_arn};
  std::vector<ShardSpan>& shards = result->stream_shards;
  while (true) {
    StatusOr<DescribeStreamResponse> page = db_->DescribeStream(request);
    if (!page.ok()) return;
    for (const Shard& s : page->stream_description.shards) {
      ShardSpan span;
      span.shard_id = s.shard_id;
      span.parent_shard_id = s.parent_shard_id.value_or("");
      // eddy's ShardIds are "shardId-<20-digit epoch ms>-<8 hex>".
      if (s.shard_id.size() >= 28) {
        span.opened_micros =
            std::strtoll(s.shard_id.substr(8, 20).c_str(), nullptr, 10) * 1000;
      }
      // Closed: when its first child opened (else still open at the end).
      span.closed_micros =
          s.sequence_number_range.ending_sequence_number ? 0 : -1;
      shards.push_back(std::move(span));
    }
    if (!page->stream_description.last_evaluated_shard_id) break;
    request.exclusive_start_shard_id =
        page->stream_description.last_evaluated_shard_id;
  }
  for (ShardSpan& s : shards) {
    if (s.closed_micros < 0) continue;
    int64_t closed = -1;
    for (const ShardSpan& child : shards) {
      if (child.parent_shard_id == s.shard_id &&
          (closed < 0 || child.opened_micros < closed)) {
        closed = child.opened_micros;
      }
    }
    s.closed_micros = closed >= 0
                          ? closed
                          : kStartMicros + scenario_.duration_seconds * kMicros;
  }
}

}  // namespace eddy::lab::internal
