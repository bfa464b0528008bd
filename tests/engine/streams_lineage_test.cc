// Copyright 2026 The eddy Authors.
//
// DynamoDB Streams shards: one per partition, closed by a split (forced or
// for heat) with the children's ParentShardId, rolled over after four hours;
// reading parents before children yields every record once and each item's
// records in order; retention, trimming, iterator expiry, disabled streams
// and the propagation delay on the manual clock; eight writer threads and a
// reader lose and duplicate nothing.

#include <atomic>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/engine/streams_testing.h"

namespace eddy {
namespace {

using streams_testing::N;
using streams_testing::S;
using streams_testing::TableRequest;

constexpr int64_t kHour = 3600LL * 1'000'000;
constexpr int64_t kMinute = 60LL * 1'000'000;

Item KV(const std::string& pk, int64_t v) {
  return Item{{"pk", S(pk)}, {"v", N(v)}};
}

// Per key, the v of each record's new image must increase by one from 0.
void ExpectEveryVersionOnceInOrder(const std::vector<StreamsRecord>& records,
                                   int keys, int versions) {
  std::map<std::string, int64_t> next;
  for (const StreamsRecord& r : records) {
    ASSERT_TRUE(r.dynamodb.new_image);
    const std::string pk = r.dynamodb.keys.Find("pk")->s();
    const int64_t v =
        std::stoll(r.dynamodb.new_image->Find("v")->n().ToString());
    EXPECT_EQ(v, next[pk]) << pk;
    next[pk] = v + 1;
  }
  EXPECT_EQ(next.size(), static_cast<size_t>(keys));
  for (const auto& [pk, n] : next) EXPECT_EQ(n, versions) << pk;
}

class StreamLineageTest : public streams_testing::StreamsTest {};

TEST_F(StreamLineageTest, OneOpenShardPerPartition) {
  const std::string one =
      Create(TableRequest("one", StreamViewType::kKeysOnly));
  std::vector<Shard> shards = Shards(one);
  ASSERT_EQ(shards.size(), 1u);
  EXPECT_FALSE(shards[0].parent_shard_id);
  EXPECT_TRUE(shards[0].sequence_number_range.starting_sequence_number);
  EXPECT_FALSE(shards[0].sequence_number_range.ending_sequence_number);
  EXPECT_EQ(shards[0].shard_id.size(), 37u);
  EXPECT_EQ(shards[0].shard_id.substr(0, 8), "shardId-");

  const std::string four = Create(
      TableRequest("four", StreamViewType::kKeysOnly, /*on_demand=*/true));
  StatusOr<std::vector<PartitionInfo>> partitions = db_.GetPartitions("four");
  ASSERT_THAT(partitions, IsOk());
  shards = Shards(four);
  EXPECT_EQ(shards.size(), partitions->size());
  EXPECT_EQ(shards.size(), 4u);
  for (const Shard& s : shards) {
    EXPECT_FALSE(s.parent_shard_id);
    EXPECT_FALSE(s.sequence_number_range.ending_sequence_number);
  }
}

TEST_F(StreamLineageTest, ForcedSplitClosesTheShardAndOpensChildren) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewAndOldImages));
  for (int i = 0; i < 20; ++i) Put("tab", KV("k" + std::to_string(i), 0));
  std::vector<Shard> before = Shards(arn);
  ASSERT_EQ(before.size(), 1u);
  const int32_t partition = (*db_.GetPartitions("tab"))[0].id;
  ASSERT_THAT(db_.SplitPartitionForTesting("tab", partition), IsOk());
  EXPECT_THAT(db_.SplitPartitionForTesting("tab", partition),
              StatusIs(ErrorCode::kValidation, "No live partition"));
  EXPECT_THAT(db_.SplitPartitionForTesting("nope", 0),
              StatusIs(ErrorCode::kResourceNotFound, "nope"));

  std::vector<Shard> after = Shards(arn);
  ASSERT_EQ(after.size(), 3u);
  EXPECT_EQ(after[0].shard_id, before[0].shard_id);
  ASSERT_TRUE(after[0].sequence_number_range.ending_sequence_number);
  for (int i = 1; i < 3; ++i) {
    EXPECT_EQ(after[i].parent_shard_id, after[0].shard_id);
    EXPECT_FALSE(after[i].sequence_number_range.ending_sequence_number);
    EXPECT_GT(*after[i].sequence_number_range.starting_sequence_number,
              *after[0].sequence_number_range.ending_sequence_number);
  }
  // The parent: its 20 records, then no NextShardIterator.
  StatusOr<GetShardIteratorResponse> it =
      db_.GetShardIterator({.stream_arn = arn, .shard_id = after[0].shard_id});
  ASSERT_THAT(it, IsOk());
  StatusOr<GetRecordsResponse> page =
      db_.GetRecords({.shard_iterator = *it->shard_iterator});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->records.size(), 20u);
  EXPECT_FALSE(page->next_shard_iterator);
  EXPECT_EQ(page->records.back().dynamodb.sequence_number,
            *after[0].sequence_number_range.ending_sequence_number);
  // ShardFilter: the children of the parent.
  DescribeStreamRequest children{.stream_arn = arn};
  children.shard_filter = ShardFilter{after[0].shard_id};
  StatusOr<DescribeStreamResponse> d = db_.DescribeStream(children);
  ASSERT_THAT(d, IsOk());
  ASSERT_EQ(d->stream_description.shards.size(), 2u);
  EXPECT_EQ(d->stream_description.shards[0].shard_id, after[1].shard_id);

  // New writes go to the children, by key.
  for (int i = 0; i < 20; ++i) Put("tab", KV("k" + std::to_string(i), 1));
  StreamReader reader(db_, "tab");
  StatusOr<std::vector<StreamsRecord>> all = reader.ReadNew();
  ASSERT_THAT(all, IsOk());
  ExpectEveryVersionOnceInOrder(*all, 20, 2);
}

TEST_F(StreamLineageTest, SplitsDuringWritesKeepEveryRecordOnceAndInOrder) {
  const std::string arn = Create(
      TableRequest("tab", StreamViewType::kNewImage, /*on_demand=*/true));
  constexpr int kKeys = 64, kVersions = 12;
  StreamReader reader(db_, "tab");
  std::vector<StreamsRecord> got;
  for (int v = 0; v < kVersions; ++v) {
    for (int k = 0; k < kKeys; ++k) {
      Put("tab", KV("key" + std::to_string(k), v));
      if (k % 16 == 7) {
        // Split the live partition with the most items' share: any will do.
        std::vector<PartitionInfo> live = *db_.GetPartitions("tab");
        const PartitionInfo& p = live[(v * 7 + k) % live.size()];
        ASSERT_THAT(db_.SplitPartitionForTesting("tab", p.id), IsOk());
      }
    }
    if (v % 3 == 1) {  // read part of the way, resume later
      StatusOr<std::vector<StreamsRecord>> part = reader.ReadNew();
      ASSERT_THAT(part, IsOk());
      got.insert(got.end(), part->begin(), part->end());
    }
    clock_.AdvanceMicros(kMinute);
  }
  StatusOr<std::vector<StreamsRecord>> rest = reader.ReadNew();
  ASSERT_THAT(rest, IsOk());
  got.insert(got.end(), rest->begin(), rest->end());
  EXPECT_EQ(got.size(), static_cast<size_t>(kKeys * kVersions));
  ExpectEveryVersionOnceInOrder(got, kKeys, kVersions);
  // Every retired partition's shard is closed, every live one has one open
  // shard.
  std::vector<Shard> shards = Shards(arn);
  size_t open = 0;
  for (const Shard& s : shards) {
    open += !s.sequence_number_range.ending_sequence_number;
  }
  EXPECT_EQ(open, db_.GetPartitions("tab")->size());
  EXPECT_EQ(shards.size(), db_.GetPartitionHistory("tab")->size());
}

TEST_F(StreamLineageTest, HeatSplitsUnderSimulatedThrottlingSplitShards) {
  // The natural path: hot traffic over many keys on a partition with a low
  // cap splits it for heat, and the stream follows.
  Options o;
  o.throttle.mode = ThrottleMode::kSimulate;
  o.throttle.partition_write_units = 10;
  o.throttle.split_window_seconds = 5;
  o.throttle.split_detection_seconds = 5;
  ManualClock clock(kStart);
  o.clock = &clock;
  Database db(o);
  CreateTableRequest r = TableRequest("hot", StreamViewType::kNewImage);
  r.provisioned_throughput = ProvisionedThroughput{1, 9};
  ASSERT_THAT(db.CreateTable(r), IsOk());
  ASSERT_EQ(db.GetPartitions("hot")->size(), 1u);
  int64_t accepted = 0;
  std::map<std::string, int64_t> versions;
  for (int second = 0; second < 60; ++second) {
    for (int i = 0; i < 20; ++i) {
      clock.AdvanceMicros(50'000);
      const std::string pk = "k" + std::to_string((second * 20 + i) % 97);
      PutItemRequest put{.table_name = "hot", .item = KV(pk, versions[pk])};
      if (db.PutItem(put).ok()) {
        ++accepted;
        ++versions[pk];
      }
    }
  }
  StatusOr<ThrottleCounters> counters = db.GetThrottleCounters("hot");
  ASSERT_THAT(counters, IsOk());
  ASSERT_GE(counters->splits_for_heat, 1);
  StatusOr<std::vector<StreamsRecord>> all = StreamReader(db, "hot").ReadNew();
  ASSERT_THAT(all, IsOk());
  EXPECT_EQ(static_cast<int64_t>(all->size()), accepted);
  std::map<std::string, int64_t> next;
  for (const StreamsRecord& rec : *all) {
    const std::string pk = rec.dynamodb.keys.Find("pk")->s();
    EXPECT_EQ(std::stoll(rec.dynamodb.new_image->Find("v")->n().ToString()),
              next[pk]++);
  }
  std::vector<Shard> shards = *eddy::internal::ListShards(
      db, *db.DescribeTable({.table_name = "hot"})->table.latest_stream_arn);
  int children = 0;
  for (const Shard& s : shards) children += s.parent_shard_id.has_value();
  EXPECT_GE(children, 2);
}

TEST_F(StreamLineageTest, ShardsRollOverAfterFourHours) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  Put("tab", KV("a", 0));
  clock_.AdvanceMicros(4 * kHour - 1);
  Put("tab", KV("a", 1));
  ASSERT_EQ(Shards(arn).size(), 1u);
  clock_.AdvanceMicros(1);
  Put("tab", KV("a", 2));  // the shard is four hours old: a new one takes it
  std::vector<Shard> shards = Shards(arn);
  ASSERT_EQ(shards.size(), 2u);
  EXPECT_TRUE(shards[0].sequence_number_range.ending_sequence_number);
  EXPECT_EQ(shards[1].parent_shard_id, shards[0].shard_id);
  // Without writes, describing the stream rolls it over too.
  clock_.AdvanceMicros(4 * kHour);
  shards = Shards(arn);
  ASSERT_EQ(shards.size(), 3u);
  EXPECT_EQ(shards[2].parent_shard_id, shards[1].shard_id);
  StatusOr<std::vector<StreamsRecord>> all = StreamReader(db_, "tab").ReadNew();
  ASSERT_THAT(all, IsOk());
  ExpectEveryVersionOnceInOrder(*all, 1, 3);
}

class StreamRolloverOffTest : public streams_testing::StreamsTest {
 protected:
  StreamRolloverOffTest() : StreamsTest(Off()) {}
  static Options Off() {
    Options o;
    o.streams.shard_rollover_micros = 0;
    return o;
  }
};

TEST_F(StreamRolloverOffTest, ZeroDisablesRollover) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kKeysOnly));
  Put("tab", KV("a", 0));
  clock_.AdvanceMicros(10 * kHour);
  Put("tab", KV("a", 1));
  EXPECT_EQ(Shards(arn).size(), 1u);
}

TEST_F(StreamLineageTest, RecordsAreTrimmedAfter24Hours) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  Put("tab", KV("old", 0));
  const std::string shard = Shards(arn)[0].shard_id;
  StatusOr<GetShardIteratorResponse> horizon =
      db_.GetShardIterator({.stream_arn = arn, .shard_id = shard});
  ASSERT_THAT(horizon, IsOk());
  StatusOr<GetRecordsResponse> first =
      db_.GetRecords({.shard_iterator = *horizon->shard_iterator});
  ASSERT_THAT(first, IsOk());
  ASSERT_EQ(first->records.size(), 1u);
  const std::string old_sequence = first->records[0].dynamodb.sequence_number;

  clock_.AdvanceMicros(3 * kHour);
  Put("tab", KV("young", 0));
  // Just before the old record's 24 hours: an iterator at it.
  clock_.AdvanceMicros(21 * kHour - kMinute);
  StatusOr<GetShardIteratorResponse> at = db_.GetShardIterator(
      {.stream_arn = arn,
       .shard_id = shard,
       .shard_iterator_type = ShardIteratorType::kAtSequenceNumber,
       .sequence_number = old_sequence});
  ASSERT_THAT(at, IsOk());
  clock_.AdvanceMicros(2 * kMinute);  // now trimmed
  EXPECT_THAT(db_.GetRecords({.shard_iterator = *at->shard_iterator}),
              StatusIsExactly(ErrorCode::kTrimmedDataAccess,
                              "The data you are trying to access has been "
                              "trimmed"));
  EXPECT_THAT(db_.GetShardIterator({.stream_arn = arn,
                                    .shard_id = shard,
                                    .shard_iterator_type =
                                        ShardIteratorType::kAfterSequenceNumber,
                                    .sequence_number = old_sequence}),
              StatusIs(ErrorCode::kTrimmedDataAccess, ""));
  // TRIM_HORIZON now starts at the young record.
  horizon = db_.GetShardIterator({.stream_arn = arn, .shard_id = shard});
  ASSERT_THAT(horizon, IsOk());
  StatusOr<GetRecordsResponse> rest =
      db_.GetRecords({.shard_iterator = *horizon->shard_iterator});
  ASSERT_THAT(rest, IsOk());
  ASSERT_EQ(rest->records.size(), 1u);
  EXPECT_EQ(rest->records[0].dynamodb.keys.Find("pk")->s(), "young");
  // Closed shards disappear 24 hours after they closed (the first one
  // closed by age when the stream was read at 24 hours).
  clock_.AdvanceMicros(48 * kHour);
  for (const Shard& remaining : Shards(arn)) {
    EXPECT_NE(remaining.shard_id, shard);
  }
  EXPECT_THAT(db_.GetShardIterator({.stream_arn = arn, .shard_id = shard}),
              StatusIs(ErrorCode::kResourceNotFound, "Shard"));
}

TEST_F(StreamLineageTest, IteratorsExpireAfter15Minutes) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kKeysOnly));
  const std::string shard = Shards(arn)[0].shard_id;
  StatusOr<GetShardIteratorResponse> it =
      db_.GetShardIterator({.stream_arn = arn, .shard_id = shard});
  ASSERT_THAT(it, IsOk());
  clock_.AdvanceMicros(15 * kMinute);
  StatusOr<GetRecordsResponse> page =
      db_.GetRecords({.shard_iterator = *it->shard_iterator});
  ASSERT_THAT(page, IsOk());  // exactly 15 minutes: still good
  ASSERT_TRUE(page->next_shard_iterator);
  clock_.AdvanceMicros(1);
  EXPECT_THAT(db_.GetRecords({.shard_iterator = *it->shard_iterator}),
              StatusIs(ErrorCode::kExpiredIterator, "maximum age"));
  // The fresh iterator GetRecords returned has 15 minutes of its own.
  clock_.AdvanceMicros(15 * kMinute - 1);
  EXPECT_THAT(db_.GetRecords({.shard_iterator = *page->next_shard_iterator}),
              IsOk());
}

TEST_F(StreamLineageTest, IteratorTypesAndPaging) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  for (int i = 0; i < 5; ++i) Put("tab", KV("a", i));
  const std::string shard = Shards(arn)[0].shard_id;
  StatusOr<GetShardIteratorResponse> latest =
      db_.GetShardIterator({.stream_arn = arn,
                            .shard_id = shard,
                            .shard_iterator_type = ShardIteratorType::kLatest});
  ASSERT_THAT(latest, IsOk());
  Put("tab", KV("a", 5));
  StatusOr<GetRecordsResponse> page =
      db_.GetRecords({.shard_iterator = *latest->shard_iterator});
  ASSERT_THAT(page, IsOk());
  ASSERT_EQ(page->records.size(), 1u);  // only what came after LATEST
  EXPECT_EQ(page->records[0].dynamodb.new_image->Find("v")->n().ToString(),
            "5");
  // Paging with Limit, then an empty page with an iterator on an open shard.
  StatusOr<GetShardIteratorResponse> horizon =
      db_.GetShardIterator({.stream_arn = arn, .shard_id = shard});
  std::vector<std::string> sequences;
  std::string it = *horizon->shard_iterator;
  for (int call = 0; call < 3; ++call) {
    StatusOr<GetRecordsResponse> p =
        db_.GetRecords({.shard_iterator = it, .limit = 2});
    ASSERT_THAT(p, IsOk());
    EXPECT_EQ(p->records.size(), 2u);
    for (const auto& r : p->records) {
      sequences.push_back(r.dynamodb.sequence_number);
    }
    ASSERT_TRUE(p->next_shard_iterator);
    it = *p->next_shard_iterator;
  }
  StatusOr<GetRecordsResponse> empty = db_.GetRecords({.shard_iterator = it});
  ASSERT_THAT(empty, IsOk());
  EXPECT_TRUE(empty->records.empty());
  EXPECT_TRUE(empty->next_shard_iterator);
  // AT and AFTER a sequence number.
  StatusOr<GetShardIteratorResponse> at = db_.GetShardIterator(
      {.stream_arn = arn,
       .shard_id = shard,
       .shard_iterator_type = ShardIteratorType::kAtSequenceNumber,
       .sequence_number = sequences[2]});
  ASSERT_THAT(at, IsOk());
  page = db_.GetRecords({.shard_iterator = *at->shard_iterator, .limit = 1});
  EXPECT_EQ(page->records[0].dynamodb.sequence_number, sequences[2]);
  StatusOr<GetShardIteratorResponse> after = db_.GetShardIterator(
      {.stream_arn = arn,
       .shard_id = shard,
       .shard_iterator_type = ShardIteratorType::kAfterSequenceNumber,
       .sequence_number = sequences[2]});
  page = db_.GetRecords({.shard_iterator = *after->shard_iterator, .limit = 1});
  EXPECT_EQ(page->records[0].dynamodb.sequence_number, sequences[3]);
  // AT the shard's StartingSequenceNumber reads everything.
  StatusOr<GetShardIteratorResponse> start = db_.GetShardIterator(
      {.stream_arn = arn,
       .shard_id = shard,
       .shard_iterator_type = ShardIteratorType::kAtSequenceNumber,
       .sequence_number =
           *Shards(arn)[0].sequence_number_range.starting_sequence_number});
  page = db_.GetRecords({.shard_iterator = *start->shard_iterator});
  EXPECT_EQ(page->records.size(), 6u);
  // Past the newest number: not a sequence number of this shard.
  EXPECT_THAT(db_.GetShardIterator(
                  {.stream_arn = arn,
                   .shard_id = shard,
                   .shard_iterator_type = ShardIteratorType::kAtSequenceNumber,
                   .sequence_number = "999999999999999999999"}),
              StatusIsExactly(ErrorCode::kValidation,
                              "Invalid SequenceNumber for the shard"));
}

TEST_F(StreamLineageTest, PagesStopAtOneMegabyte) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  const std::string big(300 * 1024, 'x');
  for (int i = 0; i < 7; ++i) {
    Put("tab", Item{{"pk", S("k" + std::to_string(i))}, {"blob", S(big)}});
  }
  StatusOr<GetShardIteratorResponse> it = db_.GetShardIterator(
      {.stream_arn = arn, .shard_id = Shards(arn)[0].shard_id});
  StatusOr<GetRecordsResponse> page =
      db_.GetRecords({.shard_iterator = *it->shard_iterator});
  ASSERT_THAT(page, IsOk());
  EXPECT_EQ(page->records.size(), 3u);  // 3 × ~300 KB ≤ 1 MB < 4 ×
  page = db_.GetRecords({.shard_iterator = *page->next_shard_iterator});
  EXPECT_EQ(page->records.size(), 3u);
  page = db_.GetRecords({.shard_iterator = *page->next_shard_iterator});
  EXPECT_EQ(page->records.size(), 1u);
  EXPECT_EQ(page->records[0].dynamodb.keys.Find("pk")->s(), "k6");
}

class StreamDelayTest : public streams_testing::StreamsTest {
 protected:
  StreamDelayTest() : StreamsTest(Delayed()) {}
  static Options Delayed() {
    Options o;
    o.streams.propagation_delay_micros = 500'000;
    return o;
  }
};

TEST_F(StreamDelayTest, RecordsBecomeReadableAfterThePropagationDelay) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  const std::string shard = Shards(arn)[0].shard_id;
  StatusOr<GetShardIteratorResponse> latest =
      db_.GetShardIterator({.stream_arn = arn,
                            .shard_id = shard,
                            .shard_iterator_type = ShardIteratorType::kLatest});
  Put("tab", KV("a", 0));
  StatusOr<GetRecordsResponse> page =
      db_.GetRecords({.shard_iterator = *latest->shard_iterator});
  ASSERT_THAT(page, IsOk());
  EXPECT_TRUE(page->records.empty());
  // A LATEST iterator taken now still reads the propagating record.
  StatusOr<GetShardIteratorResponse> latest2 =
      db_.GetShardIterator({.stream_arn = arn,
                            .shard_id = shard,
                            .shard_iterator_type = ShardIteratorType::kLatest});
  clock_.AdvanceMicros(499'999);
  page = db_.GetRecords({.shard_iterator = *page->next_shard_iterator});
  EXPECT_TRUE(page->records.empty());
  clock_.AdvanceMicros(1);
  page = db_.GetRecords({.shard_iterator = *page->next_shard_iterator});
  EXPECT_EQ(page->records.size(), 1u);
  page = db_.GetRecords({.shard_iterator = *latest2->shard_iterator});
  EXPECT_EQ(page->records.size(), 1u);
  // A closed shard is exhausted only once its records have propagated.
  Put("tab", KV("a", 1));
  ASSERT_THAT(
      db_.SplitPartitionForTesting("tab", (*db_.GetPartitions("tab"))[0].id),
      IsOk());
  page = db_.GetRecords({.shard_iterator = *page->next_shard_iterator});
  EXPECT_TRUE(page->records.empty());
  ASSERT_TRUE(page->next_shard_iterator);
  clock_.AdvanceMicros(500'000);
  page = db_.GetRecords({.shard_iterator = *page->next_shard_iterator});
  EXPECT_EQ(page->records.size(), 1u);
  EXPECT_FALSE(page->next_shard_iterator);
}

TEST_F(StreamLineageTest, ConcurrentWritersAndAReaderLoseNothing) {
  const std::string arn = Create(
      TableRequest("tab", StreamViewType::kNewImage, /*on_demand=*/true));
  constexpr int kThreads = 8, kKeysPerThread = 8, kVersions = 40;
  std::atomic<int> finished{0};
  std::vector<std::thread> writers;
  for (int t = 0; t < kThreads; ++t) {
    writers.emplace_back([&, t] {
      for (int v = 0; v < kVersions; ++v) {
        for (int k = 0; k < kKeysPerThread; ++k) {
          PutItemRequest put{
              .table_name = "tab",
              .item = KV("w" + std::to_string(t) + "k" + std::to_string(k), v)};
          EXPECT_THAT(db_.PutItem(put), IsOk());
        }
        if (t == 0 && v % 10 == 5) {
          std::vector<PartitionInfo> live = *db_.GetPartitions("tab");
          EXPECT_THAT(
              db_.SplitPartitionForTesting("tab", live[v % live.size()].id),
              IsOk());
        }
      }
      finished.fetch_add(1);
    });
  }
  std::vector<StreamsRecord> got;
  StreamReader reader(db_, "tab");
  while (finished.load() < kThreads) {
    StatusOr<std::vector<StreamsRecord>> part = reader.ReadNew();
    ASSERT_THAT(part, IsOk());
    got.insert(got.end(), part->begin(), part->end());
  }
  for (std::thread& w : writers) w.join();
  StatusOr<std::vector<StreamsRecord>> rest = reader.ReadNew();
  ASSERT_THAT(rest, IsOk());
  got.insert(got.end(), rest->begin(), rest->end());
  EXPECT_EQ(got.size(),
            static_cast<size_t>(kThreads * kKeysPerThread * kVersions));
  ExpectEveryVersionOnceInOrder(got, kThreads * kKeysPerThread, kVersions);
  std::set<std::string> ids;
  for (const StreamsRecord& r : got) ids.insert(r.event_id);
  EXPECT_EQ(ids.size(), got.size());
}

}  // namespace
}  // namespace eddy
