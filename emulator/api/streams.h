// Copyright 2026 The eddy Authors.
//
// DynamoDB Streams (the DynamoDBStreams_20120810 service): typed requests and
// responses of ListStreams, DescribeStream, GetShardIterator and GetRecords,
// named as in the Streams API (GetRecordsInput -> GetRecordsRequest). The
// Database methods that take them are in database.h; the consumer helpers
// (a lineage-ordered reader and a Lambda-like trigger pump) in
// streams_reader.h.
//
//   eddy::CreateTableRequest create = ...;
//   create.stream_specification = eddy::StreamSpecification{
//       .stream_enabled = true,
//       .stream_view_type = eddy::StreamViewType::kNewAndOldImages};
//   std::string arn = *db.CreateTable(create)->table_description
//                          .latest_stream_arn;
//   auto stream = db.DescribeStream({.stream_arn = arn});
//   for (const eddy::Shard& shard : stream->stream_description.shards) {
//     auto it = db.GetShardIterator(
//         {.stream_arn = arn, .shard_id = shard.shard_id,
//          .shard_iterator_type = eddy::ShardIteratorType::kTrimHorizon});
//     auto page = db.GetRecords({.shard_iterator = *it->shard_iterator});
//     // page->records[i].event_name == eddy::OperationType::kInsert, ...
//   }
//
// The shard model (how shards follow the table's partitions, roll over and
// expire) and what is approximated are described in engine/streams/stream.h
// and the README's "Streams" section.
//
// Thread safety: plain value types.

#ifndef EDDY_EMULATOR_API_STREAMS_H_
#define EDDY_EMULATOR_API_STREAMS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emulator/types/schema.h"

namespace eddy {

enum class StreamStatus { kEnabling, kEnabled, kDisabling, kDisabled };
enum class ShardIteratorType {
  kTrimHorizon,
  kLatest,
  kAtSequenceNumber,
  kAfterSequenceNumber
};
// A record's eventName.
enum class OperationType { kInsert, kModify, kRemove };

// --- ListStreams
// ---------------------------------------------------------------

struct ListStreamsRequest {
  std::optional<std::string> table_name;  // only this table's streams
  std::optional<int> limit;               // 1..100, default 100
  std::optional<std::string> exclusive_start_stream_arn;
};
// ListStreams' "Stream".
struct StreamSummary {
  std::string stream_arn;
  std::string table_name;
  std::string stream_label;
};
struct ListStreamsResponse {
  std::vector<StreamSummary> streams;
  std::optional<std::string> last_evaluated_stream_arn;
};

// --- DescribeStream
// ------------------------------------------------------------

// DescribeStream's ShardFilter: only the children of `shard_id`. Both
// members are optional, as in the API reference: Type CHILD_SHARDS is the
// only type there is (absent means it), and a filter without a ShardId
// selects every shard (what the service does then is unconfirmed).
enum class ShardFilterType { kChildShards };
struct ShardFilter {
  std::optional<std::string> shard_id;  // 28..65 characters
  std::optional<ShardFilterType> type;
};
struct DescribeStreamRequest {
  std::string stream_arn;
  std::optional<int> limit;  // shards, 1..100, default 100
  std::optional<std::string> exclusive_start_shard_id;
  std::optional<ShardFilter> shard_filter;
};
struct SequenceNumberRange {
  std::optional<std::string> starting_sequence_number;
  std::optional<std::string> ending_sequence_number;  // closed shards only
};
struct Shard {
  std::string shard_id;
  SequenceNumberRange sequence_number_range;
  std::optional<std::string> parent_shard_id;
};
struct StreamDescription {
  std::string stream_arn;
  std::string stream_label;
  StreamStatus stream_status = StreamStatus::kEnabled;
  StreamViewType stream_view_type = StreamViewType::kKeysOnly;
  double creation_request_date_time = 0;  // epoch seconds
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<Shard> shards;  // in ShardId order
  std::optional<std::string> last_evaluated_shard_id;
};
struct DescribeStreamResponse {
  StreamDescription stream_description;
};

// --- GetShardIterator
// ----------------------------------------------------------

struct GetShardIteratorRequest {
  std::string stream_arn;
  std::string shard_id;
  ShardIteratorType shard_iterator_type = ShardIteratorType::kTrimHorizon;
  // AT_SEQUENCE_NUMBER / AFTER_SEQUENCE_NUMBER only.
  std::optional<std::string> sequence_number;
};
struct GetShardIteratorResponse {
  std::optional<std::string> shard_iterator;
};

// --- GetRecords
// ----------------------------------------------------------------

struct GetRecordsRequest {
  std::string shard_iterator;
  std::optional<int> limit;  // 1..1000, default 1000
};

// A record's "dynamodb" member.
struct StreamRecord {
  // Epoch seconds, rounded down to the second.
  std::optional<double> approximate_creation_date_time;
  Item keys;
  std::optional<Item> new_image;  // NEW_IMAGE, NEW_AND_OLD_IMAGES
  std::optional<Item> old_image;  // OLD_IMAGE, NEW_AND_OLD_IMAGES
  std::string sequence_number;
  int64_t size_bytes = 0;
  StreamViewType stream_view_type = StreamViewType::kKeysOnly;
};
// A record's userIdentity: set only on deletions by time to live
// ({"PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"}).
struct Identity {
  std::string principal_id;
  std::string type;
};
// One stream record (the Streams API's "Record").
struct StreamsRecord {
  std::string event_id;  // 32 lowercase hex characters
  OperationType event_name = OperationType::kInsert;
  std::string event_version = "1.1";
  std::string event_source = "aws:dynamodb";
  std::string aws_region;
  StreamRecord dynamodb;
  std::optional<Identity> user_identity;
};
struct GetRecordsResponse {
  std::vector<StreamsRecord> records;
  // Absent once a closed shard has been read to its end.
  std::optional<std::string> next_shard_iterator;
};

// Wire names ("NEW_AND_OLD_IMAGES", "TRIM_HORIZON", "INSERT", "ENABLED").
inline const char* StreamViewTypeName(StreamViewType t) {
  switch (t) {
    case StreamViewType::kKeysOnly:
      return "KEYS_ONLY";
    case StreamViewType::kNewImage:
      return "NEW_IMAGE";
    case StreamViewType::kOldImage:
      return "OLD_IMAGE";
    case StreamViewType::kNewAndOldImages:
      return "NEW_AND_OLD_IMAGES";
  }
  return "KEYS_ONLY";
}
inline const char* ShardIteratorTypeName(ShardIteratorType t) {
  switch (t) {
    case ShardIteratorType::kTrimHorizon:
      return "TRIM_HORIZON";
    case ShardIteratorType::kLatest:
      return "LATEST";
    case ShardIteratorType::kAtSequenceNumber:
      return "AT_SEQUENCE_NUMBER";
    case ShardIteratorType::kAfterSequenceNumber:
      return "AFTER_SEQUENCE_NUMBER";
  }
  return "TRIM_HORIZON";
}
inline const char* OperationTypeName(OperationType t) {
  switch (t) {
    case OperationType::kInsert:
      return "INSERT";
    case OperationType::kModify:
      return "MODIFY";
    case OperationType::kRemove:
      return "REMOVE";
  }
  return "INSERT";
}
inline const char* StreamStatusName(StreamStatus s) {
  switch (s) {
    case StreamStatus::kEnabling:
      return "ENABLING";
    case StreamStatus::kEnabled:
      return "ENABLED";
    case StreamStatus::kDisabling:
      return "DISABLING";
    case StreamStatus::kDisabled:
      return "DISABLED";
  }
  return "ENABLED";
}

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_STREAMS_H_
