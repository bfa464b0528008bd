// Copyright 2026 The eddy Authors.
//
// Write sharding of a hot key with scatter-gather reads (second seed: "shard
// the key into N items, write to a random shard, read all shards and sum").

#include <algorithm>
#include <map>

#include "model/design_patterns.h"
#include "model/internal/random.h"
#include "model/patterns/pattern_util.h"

namespace eddy::model {

using model::internal::Fmt;

DesignPatternResult RunWriteSharding(const WriteShardingOptions& options) {
  DesignPatternResult result;
  result.name = "write sharding";
  result.advice =
      "A key far hotter than the rest (votes for one candidate) is split into "
      "N shard items written at random and read back by scatter-gather.";
  model::internal::PatternRecorder rec(&result);
  const int shards = std::max(options.shards, 1);

  Database db;
  const std::string sharded = "votes_sharded", single = "votes_unsharded";
  for (const std::string& t : {sharded, single}) {
    Status s = model::internal::CreateSimpleTable(db, t, "PK", "");
    if (!s.ok()) {
      rec.Fail("CreateTable", s);
      return result;
    }
  }
  StatusOr<std::vector<uint64_t>> starts = db.DescribePartitions(sharded);
  if (!starts.ok()) {
    rec.Fail("DescribePartitions", starts.status());
    return result;
  }

  // Cast the votes in a random interleaving, each one an UpdateItem ADD.
  std::vector<int> ballot;
  int64_t total_votes = 0;
  for (size_t c = 0; c < options.votes.size(); ++c) {
    ballot.insert(ballot.end(), options.votes[c].second, static_cast<int>(c));
    total_votes += options.votes[c].second;
  }
  model::internal::Random rng(options.seed);
  for (size_t i = ballot.size(); i > 1; --i) {
    std::swap(ballot[i - 1], ballot[rng.Uniform(i)]);
  }
  std::map<std::string, int64_t> writes_per_key;        // sharded table
  std::map<int, int64_t> writes_per_partition_sharded;  // hot candidate only
  std::map<int, int64_t> writes_per_partition_single;
  double wcu = 0;
  for (int c : ballot) {
    const std::string& candidate = options.votes[c].first;
    const std::string shard_key =
        candidate + "#shard#" + std::to_string(rng.Uniform(shards));
    for (const auto& [table, key] :
         {std::pair{sharded, shard_key}, std::pair{single, candidate}}) {
      UpdateItemRequest up;
      up.table_name = table;
      up.key = {{"PK", AttributeValue::S(key)}};
      up.update_expression = "ADD votes :one";
      up.expression_attribute_values =
          AttributeMap{{":one", AttributeValue::N(1)}};
      up.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
      StatusOr<UpdateItemResponse> r = db.UpdateItem(up);
      if (!r.ok()) {
        rec.Fail("UpdateItem", r.status());
        return result;
      }
      if (table == sharded && r->consumed_capacity) {
        wcu += r->consumed_capacity->capacity_units;
      }
    }
    ++writes_per_key[shard_key];
    if (c == 0) {
      const uint64_t h = model::internal::PartitionKeyHash(shard_key);
      ++writes_per_partition_sharded[model::internal::PartitionOf(*starts, h)];
      const uint64_t hs = model::internal::PartitionKeyHash(candidate);
      ++writes_per_partition_single[model::internal::PartitionOf(*starts, hs)];
    }
  }
  rec.Line(
      Fmt("%lld votes for %zu candidates, each an UpdateItem ADD votes :1 "
          "(%.0f WCU on the sharded table); %d shards per candidate; "
          "the table has %zu partitions",
          static_cast<long long>(total_votes), options.votes.size(), wcu,
          shards, starts->size()));

  // Scatter-gather: BatchGetItem of every shard, summed.
  bool all_equal = true;
  for (const auto& [candidate, cast] : options.votes) {
    BatchGetItemRequest get;
    get.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    KeysAndAttributes& keys = get.request_items[sharded];
    for (int s = 0; s < shards; ++s) {
      keys.keys.push_back({{"PK", AttributeValue::S(candidate + "#shard#" +
                                                    std::to_string(s))}});
    }
    int64_t sum = 0;
    int found = 0;
    double rcu = 0;
    while (!get.request_items.empty()) {
      StatusOr<BatchGetItemResponse> r = db.BatchGetItem(get);
      if (!r.ok()) {
        rec.Fail("BatchGetItem", r.status());
        return result;
      }
      for (const Item& item : r->responses[sharded]) {
        const AttributeValue* v = item.Find("votes");
        int64_t n = 0;
        if (v != nullptr && v->is(AttributeType::kN) && v->n().ToInt64(&n)) {
          sum += n;
          ++found;
        }
      }
      for (const ConsumedCapacity& cc : r->consumed_capacity)
        rcu += cc.capacity_units;
      get.request_items = r->unprocessed_keys;
    }
    GetItemRequest one;
    one.table_name = single;
    one.key = {{"PK", AttributeValue::S(candidate)}};
    StatusOr<GetItemResponse> direct = db.GetItem(one);
    int64_t direct_sum = -1;
    if (direct.ok() && direct->item) {
      const AttributeValue* v = direct->item->Find("votes");
      if (v == nullptr || !v->is(AttributeType::kN) ||
          !v->n().ToInt64(&direct_sum)) {
        direct_sum = -1;
      }
    }
    rec.Line(
        Fmt("%s: %lld votes cast; scatter-gather read %d shard items "
            "(%.1f RCU) summing to %lld; the unsharded item says %lld",
            candidate.c_str(), static_cast<long long>(cast), found, rcu,
            static_cast<long long>(sum), static_cast<long long>(direct_sum)));
    all_equal = all_equal && sum == cast && direct_sum == cast;
  }
  rec.Check(all_equal,
            "every candidate's scatter-gather sum equals the votes cast (and "
            "the unsharded counter)");

  // How the hot candidate's writes spread.
  const std::string& hot = options.votes.front().first;
  const int64_t hot_votes = options.votes.front().second;
  int64_t hottest_shard = 0;
  int used_shards = 0;
  for (const auto& [key, n] : writes_per_key) {
    if (key.rfind(hot + "#", 0) != 0) continue;
    hottest_shard = std::max(hottest_shard, n);
    ++used_shards;
  }
  const double share_single = 1.0;
  const double share_sharded =
      static_cast<double>(hottest_shard) / static_cast<double>(hot_votes);
  rec.Figure("hot_key_share_unsharded", share_single);
  rec.Figure("hot_key_share_sharded", share_sharded);
  rec.Figure("hot_partitions_unsharded",
             static_cast<double>(writes_per_partition_single.size()));
  rec.Figure("hot_partitions_sharded",
             static_cast<double>(writes_per_partition_sharded.size()));
  std::string spread;
  for (const auto& [p, n] : writes_per_partition_sharded) {
    spread += Fmt("%sP%d: %lld", spread.empty() ? "" : ", ", p,
                  static_cast<long long>(n));
  }
  rec.Line(
      Fmt("%s unsharded: all %lld writes on one key in one partition; "
          "sharded: %d keys, the busiest took %lld (%.1f%%), over "
          "partitions {%s}",
          hot.c_str(), static_cast<long long>(hot_votes), used_shards,
          static_cast<long long>(hottest_shard), 100 * share_sharded,
          spread.c_str()));
  rec.Line(
      Fmt("if %s's votes arrived over 10 s (%lld writes/s), the "
          "unsharded key would need %lld WCU/s in one partition, which "
          "serves at most 1,000; sharded, the busiest key would need "
          "about %lld",
          hot.c_str(), static_cast<long long>(hot_votes / 10),
          static_cast<long long>(hot_votes / 10),
          static_cast<long long>(hottest_shard / 10)));
  rec.Check(used_shards == shards,
            "the hot candidate's writes reached every shard");
  rec.Check(share_sharded <= 2.0 / shards,
            Fmt("the busiest shard took at most twice its fair share (1/%d)",
                shards));
  rec.Check(writes_per_partition_sharded.size() > 1 ||
                static_cast<int>(starts->size()) == 1,
            "sharded writes of the hot key land in more than one partition");
  return result;
}

}  // namespace eddy::model
