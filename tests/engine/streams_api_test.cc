// Copyright 2026 The eddy Authors.
//
// DynamoDB Streams' control plane and API errors over the typed API:
// StreamSpecification on CreateTable / UpdateTable with DynamoDB's
// messages, the stream in every TableDescription, disabling and
// re-enabling, DeleteTable, ListStreams paging, and the validation,
// not-found and iterator errors of DescribeStream, GetShardIterator and
// GetRecords.

#include <string>
#include <vector>

#include "tests/engine/streams_testing.h"

namespace eddy {
namespace {

using streams_testing::N;
using streams_testing::S;
using streams_testing::TableRequest;

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

class StreamApiTest : public streams_testing::StreamsTest {
 protected:
  StatusOr<UpdateTableResponse> SetStream(const std::string& table,
                                          std::optional<bool> enabled,
                                          std::optional<StreamViewType> view) {
    UpdateTableRequest u;
    u.table_name = table;
    u.stream_specification = StreamSpecification{.stream_enabled = enabled,
                                                 .stream_view_type = view};
    return db_.UpdateTable(u);
  }
};

TEST_F(StreamApiTest, CreateTableStreamSpecification) {
  CreateTableRequest r = TableRequest("tab", StreamViewType::kNewAndOldImages);
  StatusOr<CreateTableResponse> c = db_.CreateTable(r);
  ASSERT_THAT(c, IsOk());
  const TableDescription& d = c->table_description;
  ASSERT_TRUE(d.stream_specification);
  EXPECT_EQ(d.stream_specification->stream_enabled, true);
  EXPECT_EQ(d.stream_specification->stream_view_type,
            StreamViewType::kNewAndOldImages);
  ASSERT_TRUE(d.latest_stream_label);
  EXPECT_EQ(*d.latest_stream_label, "2023-11-14T22:13:20.000");
  EXPECT_EQ(*d.latest_stream_arn,
            "arn:aws:dynamodb:us-east-1:000000000000:table/tab/stream/"
            "2023-11-14T22:13:20.000");
  // The same in DescribeTable.
  StatusOr<DescribeTableResponse> described =
      db_.DescribeTable({.table_name = "tab"});
  ASSERT_THAT(described, IsOk());
  EXPECT_EQ(described->table.latest_stream_arn, d.latest_stream_arn);
  EXPECT_EQ(described->table.stream_specification->stream_view_type,
            StreamViewType::kNewAndOldImages);

  // {StreamEnabled: false} alone: accepted, no stream.
  r = TableRequest("uuu", std::nullopt);
  r.stream_specification = StreamSpecification{.stream_enabled = false};
  c = db_.CreateTable(r);
  ASSERT_THAT(c, IsOk());
  EXPECT_FALSE(c->table_description.stream_specification);
  EXPECT_FALSE(c->table_description.latest_stream_arn);

  r = TableRequest("vvv", std::nullopt);
  r.stream_specification = StreamSpecification{.stream_enabled = true};
  EXPECT_THAT(db_.CreateTable(r),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "Table is being created with a stream "
                                  "enabled, UpdateViewType is required"));
  r.stream_specification = StreamSpecification{
      .stream_enabled = false, .stream_view_type = StreamViewType::kNewImage};
  EXPECT_THAT(db_.CreateTable(r),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "Table is being created with a stream "
                                  "disabled, UpdateViewType should not be "
                                  "specified"));
  r.stream_specification =
      StreamSpecification{.stream_view_type = StreamViewType::kNewImage};
  EXPECT_THAT(db_.CreateTable(r),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Value null at "
                              "'streamSpecification.streamEnabled' failed to "
                              "satisfy constraint: Member must not be null"));
  // A failed CreateTable (the table exists) leaves no stream behind.
  r = TableRequest("tab", StreamViewType::kKeysOnly);
  clock_.AdvanceMicros(1000);
  EXPECT_THAT(db_.CreateTable(r), StatusIs(ErrorCode::kResourceInUse, ""));
  StatusOr<ListStreamsResponse> listed = db_.ListStreams({});
  ASSERT_THAT(listed, IsOk());
  EXPECT_EQ(listed->streams.size(), 1u);
}

TEST_F(StreamApiTest, UpdateTableEnablesDisablesAndReEnables) {
  Create(TableRequest("tab", std::nullopt));
  EXPECT_THAT(
      SetStream("tab", false, std::nullopt),
      StatusIsExactly(ErrorCode::kValidation,
                      "Table has no stream to disable: TableName: tab"));
  EXPECT_THAT(
      SetStream("tab", true, std::nullopt),
      StatusIsExactly(ErrorCode::kValidation,
                      std::string(kInvalid) + "If stream is being enabled then "
                                              "UpdateViewType is required"));
  StatusOr<UpdateTableResponse> on =
      SetStream("tab", true, StreamViewType::kKeysOnly);
  ASSERT_THAT(on, IsOk());
  const std::string first = *on->table_description.latest_stream_arn;
  EXPECT_EQ(on->table_description.stream_specification->stream_view_type,
            StreamViewType::kKeysOnly);
  // Enabling again, with the same or another view type.
  for (StreamViewType v :
       {StreamViewType::kKeysOnly, StreamViewType::kNewImage}) {
    EXPECT_THAT(SetStream("tab", true, v),
                StatusIsExactly(ErrorCode::kValidation,
                                "Table already has an enabled stream: "
                                "TableName: tab"));
  }
  EXPECT_THAT(SetStream("tab", false, StreamViewType::kKeysOnly),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "If stream is being disabled, then "
                                  "UpdateViewType must not be specified"));
  EXPECT_THAT(SetStream("tab", std::nullopt, StreamViewType::kKeysOnly),
              StatusIs(ErrorCode::kValidation,
                       "Value null at 'streamSpecification.streamEnabled'"));
  // Not together with throughput changes or index creation.
  UpdateTableRequest both;
  both.table_name = "tab";
  both.stream_specification = StreamSpecification{.stream_enabled = false};
  both.provisioned_throughput = ProvisionedThroughput{6, 6};
  EXPECT_THAT(db_.UpdateTable(both),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "You cannot modify stream status while "
                                  "updating table IOPS"));
  both.provisioned_throughput.reset();
  GlobalSecondaryIndexUpdate create;
  create.create = GlobalSecondaryIndex{
      .index_name = "g",
      .key_schema = {{"pk", KeyType::kHash}},
      .projection = {.projection_type = ProjectionType::kAll},
      .provisioned_throughput = ProvisionedThroughput{1, 1}};
  both.global_secondary_index_updates = {create};
  EXPECT_THAT(db_.UpdateTable(both),
              StatusIsExactly(ErrorCode::kValidation,
                              std::string(kInvalid) +
                                  "You cannot create or delete index while "
                                  "changing stream status"));

  Put("tab", Item{{"pk", S("a")}});
  StatusOr<UpdateTableResponse> off = SetStream("tab", false, std::nullopt);
  ASSERT_THAT(off, IsOk());
  EXPECT_FALSE(off->table_description.stream_specification);
  EXPECT_EQ(off->table_description.latest_stream_arn, first);
  // Disabled: DISABLED, every shard closed, records still readable.
  StatusOr<DescribeStreamResponse> d =
      db_.DescribeStream({.stream_arn = first});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->stream_description.stream_status, StreamStatus::kDisabled);
  for (const Shard& s : d->stream_description.shards) {
    EXPECT_TRUE(s.sequence_number_range.ending_sequence_number);
  }
  StatusOr<std::vector<StreamsRecord>> kept =
      StreamReader::ForStream(db_, first).ReadNew();
  ASSERT_THAT(kept, IsOk());
  EXPECT_EQ(kept->size(), 1u);
  // Writes while disabled make no record anywhere.
  Put("tab", Item{{"pk", S("b")}});
  EXPECT_EQ(StreamReader::ForStream(db_, first).ReadNew()->size(), 1u);

  // Re-enabling at the same instant: a new stream, a new label.
  StatusOr<UpdateTableResponse> again =
      SetStream("tab", true, StreamViewType::kNewImage);
  ASSERT_THAT(again, IsOk());
  const std::string second = *again->table_description.latest_stream_arn;
  EXPECT_NE(second, first);
  EXPECT_EQ(*again->table_description.latest_stream_label,
            "2023-11-14T22:13:20.001");
  StatusOr<ListStreamsResponse> listed = db_.ListStreams({.table_name = "tab"});
  ASSERT_THAT(listed, IsOk());
  ASSERT_EQ(listed->streams.size(), 2u);
  EXPECT_EQ(listed->streams[0].stream_arn, second);  // newest first
  EXPECT_EQ(listed->streams[1].stream_arn, first);
  EXPECT_EQ(listed->streams[1].table_name, "tab");

  // 24 hours after it was disabled, the old stream is gone.
  clock_.AdvanceMicros(24LL * 3600 * 1'000'000);
  EXPECT_THAT(db_.DescribeStream({.stream_arn = first}),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found: Stream: " + first +
                                  " not found"));
  EXPECT_EQ(db_.ListStreams({.table_name = "tab"})->streams.size(), 1u);
}

TEST_F(StreamApiTest, DeleteTableDisablesTheStream) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  Put("tab", Item{{"pk", S("a")}, {"v", N(1)}});
  StatusOr<DeleteTableResponse> del = db_.DeleteTable({.table_name = "tab"});
  ASSERT_THAT(del, IsOk());
  StatusOr<DescribeStreamResponse> d = db_.DescribeStream({.stream_arn = arn});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->stream_description.stream_status, StreamStatus::kDisabled);
  EXPECT_EQ(d->stream_description.table_name, "tab");
  EXPECT_EQ(d->stream_description.stream_view_type, StreamViewType::kNewImage);
  ASSERT_EQ(d->stream_description.key_schema.size(), 1u);
  EXPECT_EQ(StreamReader::ForStream(db_, arn).ReadNew()->size(), 1u);
  // A new table of the same name has its own stream; both are listed.
  clock_.AdvanceMicros(5000);
  const std::string arn2 =
      Create(TableRequest("tab", StreamViewType::kNewImage));
  EXPECT_NE(arn2, arn);
  Put("tab", Item{{"pk", S("b")}});
  EXPECT_EQ(StreamReader::ForStream(db_, arn).ReadNew()->size(), 1u);
  EXPECT_EQ(StreamReader::ForStream(db_, arn2).ReadNew()->size(), 1u);
  EXPECT_EQ(db_.ListStreams({.table_name = "tab"})->streams.size(), 2u);
}

TEST_F(StreamApiTest, ListStreamsPagesAndFilters) {
  std::vector<std::string> arns;
  for (const char* name : {"ccc", "aaa", "bbb"}) {
    arns.push_back(Create(TableRequest(name, StreamViewType::kKeysOnly)));
  }
  Create(TableRequest("nostream", std::nullopt));
  std::vector<std::string> seen;
  ListStreamsRequest r{.limit = 2};
  while (true) {
    StatusOr<ListStreamsResponse> page = db_.ListStreams(r);
    ASSERT_THAT(page, IsOk());
    for (const auto& s : page->streams) seen.push_back(s.table_name);
    if (!page->last_evaluated_stream_arn) break;
    EXPECT_EQ(page->streams.size(), 2u);
    r.exclusive_start_stream_arn = page->last_evaluated_stream_arn;
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"aaa", "bbb", "ccc"}));
  StatusOr<ListStreamsResponse> none =
      db_.ListStreams({.table_name = "nostream"});
  ASSERT_THAT(none, IsOk());
  EXPECT_TRUE(none->streams.empty());
  EXPECT_FALSE(none->last_evaluated_stream_arn);
  EXPECT_THAT(db_.ListStreams({.limit = 0}),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Value '0' at "
                              "'limit' failed to satisfy constraint: Member "
                              "must have value greater than or equal to 1"));
  EXPECT_THAT(db_.ListStreams({.limit = 101}),
              StatusIs(ErrorCode::kValidation, "Limit cannot be greater"));
  EXPECT_THAT(db_.ListStreams({.table_name = "x"}),
              StatusIs(ErrorCode::kValidation, "at 'tableName'"));
  EXPECT_THAT(
      db_.ListStreams({.exclusive_start_stream_arn = std::string(40, 'x')}),
      StatusIsExactly(ErrorCode::kValidation, "Invalid StreamArn"));
}

TEST_F(StreamApiTest, RequestErrors) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kKeysOnly));
  const std::string shard = Shards(arn)[0].shard_id;
  // DescribeStream.
  EXPECT_THAT(db_.DescribeStream({.stream_arn = "short"}),
              StatusIsExactly(ErrorCode::kValidation,
                              "1 validation error detected: Value 'short' at "
                              "'streamArn' failed to satisfy constraint: "
                              "Member must have length greater than or equal "
                              "to 37"));
  EXPECT_THAT(db_.DescribeStream({.stream_arn = std::string(40, 'x')}),
              StatusIsExactly(ErrorCode::kValidation, "Invalid StreamArn"));
  const std::string missing =
      "arn:aws:dynamodb:us-east-1:000000000000:table/tab/stream/"
      "2020-01-01T00:00:00.000";
  EXPECT_THAT(db_.DescribeStream({.stream_arn = missing}),
              StatusIs(ErrorCode::kResourceNotFound, missing));
  EXPECT_THAT(db_.DescribeStream({.stream_arn = arn, .limit = 0}),
              StatusIs(ErrorCode::kValidation, "at 'limit'"));
  EXPECT_THAT(db_.DescribeStream({.stream_arn = arn, .limit = 101}),
              StatusIs(ErrorCode::kValidation, "maximum: 100"));
  EXPECT_THAT(
      db_.DescribeStream({.stream_arn = arn, .exclusive_start_shard_id = "s"}),
      StatusIs(ErrorCode::kValidation,
               "at 'exclusiveStartShardId' failed to satisfy "
               "constraint: Member must have length greater than or "
               "equal to 28"));
  // A well-formed unknown shard id is no error.
  StatusOr<DescribeStreamResponse> after_last = db_.DescribeStream(
      {.stream_arn = arn, .exclusive_start_shard_id = shard});
  ASSERT_THAT(after_last, IsOk());
  EXPECT_TRUE(after_last->stream_description.shards.empty());

  // GetShardIterator.
  EXPECT_THAT(db_.GetShardIterator({.stream_arn = arn, .shard_id = "x"}),
              StatusIs(ErrorCode::kValidation, "at 'shardId'"));
  EXPECT_THAT(db_.GetShardIterator(
                  {.stream_arn = arn,
                   .shard_id = "shardId-00000000000000000000-000000ff"}),
              StatusIs(ErrorCode::kResourceNotFound, "Shard"));
  EXPECT_THAT(db_.GetShardIterator({.stream_arn = missing, .shard_id = shard}),
              StatusIs(ErrorCode::kResourceNotFound, "Stream"));
  EXPECT_THAT(db_.GetShardIterator({.stream_arn = arn,
                                    .shard_id = shard,
                                    .shard_iterator_type =
                                        ShardIteratorType::kAtSequenceNumber}),
              StatusIs(ErrorCode::kValidation, "SequenceNumber is required"));
  EXPECT_THAT(
      db_.GetShardIterator({.stream_arn = arn,
                            .shard_id = shard,
                            .sequence_number = "100000000000000000001"}),
      StatusIs(ErrorCode::kValidation, "must not be given"));
  EXPECT_THAT(
      db_.GetShardIterator(
          {.stream_arn = arn,
           .shard_id = shard,
           .shard_iterator_type = ShardIteratorType::kAfterSequenceNumber,
           .sequence_number = "12"}),
      StatusIs(ErrorCode::kValidation,
               "at 'sequenceNumber' failed to satisfy constraint: Member must "
               "have length greater than or equal to 21"));
  EXPECT_THAT(
      db_.GetShardIterator(
          {.stream_arn = arn,
           .shard_id = shard,
           .shard_iterator_type = ShardIteratorType::kAfterSequenceNumber,
           .sequence_number = "10000000000000000000x"}),
      StatusIs(ErrorCode::kValidation, "decimal"));

  // GetRecords.
  EXPECT_THAT(db_.GetRecords({.shard_iterator = ""}),
              StatusIs(ErrorCode::kValidation, "at 'shardIterator'"));
  EXPECT_THAT(db_.GetRecords({.shard_iterator = "garbage"}),
              StatusIsExactly(ErrorCode::kValidation, "Invalid ShardIterator"));
  StatusOr<GetShardIteratorResponse> it =
      db_.GetShardIterator({.stream_arn = arn, .shard_id = shard});
  ASSERT_THAT(it, IsOk());
  std::string tampered = *it->shard_iterator;
  tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
  EXPECT_THAT(db_.GetRecords({.shard_iterator = tampered}),
              StatusIs(ErrorCode::kValidation, "Invalid ShardIterator"));
  EXPECT_THAT(
      db_.GetRecords({.shard_iterator = *it->shard_iterator, .limit = 1001}),
      StatusIs(ErrorCode::kValidation, "1000"));
  EXPECT_THAT(
      db_.GetRecords({.shard_iterator = *it->shard_iterator, .limit = 0}),
      StatusIs(ErrorCode::kValidation, "at 'limit'"));
  // Iterators look like DynamoDB's: the stream ARN, "|1|", opaque text.
  EXPECT_EQ(it->shard_iterator->rfind(arn + "|1|", 0), 0u);
}

TEST_F(StreamApiTest, FaultsMatchTheStreamsTable) {
  const std::string arn =
      Create(TableRequest("tab", StreamViewType::kKeysOnly));
  Fault f;
  f.kind = Fault::Kind::kInternalServerError;
  f.operation = "GetRecords";
  f.table_name = "tab";
  ASSERT_THAT(db_.ArmFault(f), IsOk());
  StatusOr<GetShardIteratorResponse> it = db_.GetShardIterator(
      {.stream_arn = arn, .shard_id = Shards(arn)[0].shard_id});
  ASSERT_THAT(it, IsOk());
  EXPECT_THAT(db_.GetRecords({.shard_iterator = *it->shard_iterator}),
              StatusIs(ErrorCode::kInternalServerError, ""));
  EXPECT_THAT(db_.GetRecords({.shard_iterator = *it->shard_iterator}), IsOk());
}

// --- The consumer helpers ---------------------------------------------------

TEST_F(StreamApiTest, ReaderResumesAndWalksLineage) {
  Create(TableRequest("tab", StreamViewType::kNewImage));
  StreamReader reader(db_, "tab");
  StatusOr<std::vector<StreamsRecord>> none = reader.ReadNew();
  ASSERT_THAT(none, IsOk());
  EXPECT_TRUE(none->empty());
  for (int i = 0; i < 3; ++i) Put("tab", Item{{"pk", S("a")}, {"v", N(i)}});
  ASSERT_THAT(
      db_.SplitPartitionForTesting("tab", (*db_.GetPartitions("tab"))[0].id),
      IsOk());
  for (int i = 3; i < 6; ++i) Put("tab", Item{{"pk", S("a")}, {"v", N(i)}});
  StatusOr<std::vector<StreamsRecord>> got = reader.ReadNew();
  ASSERT_THAT(got, IsOk());
  ASSERT_EQ(got->size(), 6u);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ((*got)[i].dynamodb.new_image->Find("v")->n().ToString(),
              std::to_string(i));
  }
  EXPECT_EQ(reader.finished_shards(), 1u);
  EXPECT_TRUE(reader.ReadNew()->empty());
  EXPECT_THAT(StreamReader(db_, "missing").ReadNew(),
              StatusIs(ErrorCode::kResourceNotFound, ""));
}

TEST_F(StreamApiTest, TriggerBatchesOnTheClockAndRetriesAtLeastOnce) {
  Create(TableRequest("tab", StreamViewType::kNewImage));
  std::vector<std::vector<std::string>> batches;
  bool fail = false;
  StreamTrigger trigger(db_, "tab",
                        [&](const std::vector<StreamsRecord>& batch) {
                          std::vector<std::string> keys;
                          for (const auto& r : batch)
                            keys.push_back(r.dynamodb.keys.Find("pk")->s());
                          batches.push_back(keys);
                          return !fail;
                        },
                        {.batch_size = 3, .batching_window_micros = 1'000'000});
  for (const char* k : {"a", "b"}) Put("tab", Item{{"pk", S(k)}});
  EXPECT_EQ(*trigger.Pump(), 0);  // 2 < 3 and the window is open
  EXPECT_EQ(trigger.waiting_records(), 2u);
  clock_.AdvanceMicros(1'000'000);
  EXPECT_EQ(*trigger.Pump(), 1);  // the window passed
  for (const char* k : {"c", "d", "e", "f"}) Put("tab", Item{{"pk", S(k)}});
  EXPECT_EQ(*trigger.Pump(), 1);  // a full batch; "f" waits
  fail = true;
  clock_.AdvanceMicros(1'000'000);
  EXPECT_EQ(*trigger.Pump(), 1);  // "f" fails
  EXPECT_EQ(*trigger.Pump(), 1);  // and comes again
  fail = false;
  EXPECT_EQ(*trigger.Pump(), 1);
  EXPECT_EQ(batches, (std::vector<std::vector<std::string>>{
                         {"a", "b"}, {"c", "d", "e"}, {"f"}, {"f"}, {"f"}}));
  EXPECT_EQ(trigger.stats().delivered_records, 6);
  EXPECT_EQ(trigger.stats().failed_invocations, 2);
  EXPECT_EQ(trigger.waiting_records(), 0u);
}

TEST_F(StreamApiTest, TriggerBisectsAFailingBatch) {
  Create(TableRequest("tab", StreamViewType::kNewImage));
  std::vector<size_t> sizes;
  StreamTrigger trigger(db_, "tab",
                        [&](const std::vector<StreamsRecord>& batch) {
                          sizes.push_back(batch.size());
                          for (const auto& r : batch) {
                            if (r.dynamodb.keys.Find("pk")->s() == "poison")
                              return false;
                          }
                          return true;
                        },
                        {.batch_size = 8,
                         .bisect_batch_on_error = true,
                         .maximum_retry_attempts = 3});
  for (int i = 0; i < 8; ++i) {
    Put("tab", Item{{"pk", S(i == 5 ? "poison" : "k" + std::to_string(i))}});
  }
  for (int i = 0; i < 10; ++i) ASSERT_THAT(trigger.Pump(), IsOk());
  // 8 fails -> [4 ok][4 fails] -> [2 ok][2 fails] -> [1 poison fails, discarded
  // after the retries][1 ok].
  EXPECT_EQ(trigger.stats().delivered_records, 7);
  EXPECT_EQ(trigger.stats().discarded_records, 1);
  EXPECT_EQ(sizes.front(), 8u);
}

TEST_F(StreamApiTest, TriggerLatestSkipsWhatIsThere) {
  Create(TableRequest("tab", StreamViewType::kKeysOnly));
  Put("tab", Item{{"pk", S("before")}});
  int delivered = 0;
  StreamTrigger trigger(db_, "tab",
                        [&](const std::vector<StreamsRecord>& batch) {
                          for (const auto& r : batch) {
                            EXPECT_EQ(r.dynamodb.keys.Find("pk")->s(), "after");
                            ++delivered;
                          }
                          return true;
                        },
                        {.starting_position = ShardIteratorType::kLatest});
  ASSERT_THAT(trigger.Pump(), IsOk());
  Put("tab", Item{{"pk", S("after")}});
  ASSERT_THAT(trigger.Pump(), IsOk());
  EXPECT_EQ(delivered, 1);
}

}  // namespace
}  // namespace eddy
