// Copyright 2026 The eddy Authors.
//
// DynamoDB Streams' JSON (the DynamoDBStreams_20120810 target): ListStreams,
// DescribeStream, GetShardIterator, GetRecords; and eddy's own
// EddySplitPartition (a DynamoDB_20120810 operation of eddy's, like
// EddyInjectFault) that splits a table's partition now, for tests of stream
// consumers. Member names and shapes follow the Streams service model.

#include <limits>

#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {

StatusOr<std::string> ListStreamsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ListStreamsRequest req;
  req.table_name = r.String("TableName");
  req.limit = r.Integer("Limit");
  req.exclusive_start_stream_arn = r.String("ExclusiveStartStreamArn");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListStreamsResponse resp, db.ListStreams(req));
  JsonWriter w;
  w.BeginObject();
  if (resp.last_evaluated_stream_arn) {
    w.Key("LastEvaluatedStreamArn");
    w.String(*resp.last_evaluated_stream_arn);
  }
  w.Key("Streams");
  w.BeginArray();
  for (const StreamSummary& s : resp.streams) {
    w.BeginObject();
    w.Key("StreamArn");
    w.String(s.stream_arn);
    w.Key("StreamLabel");
    w.String(s.stream_label);
    w.Key("TableName");
    w.String(s.table_name);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DescribeStreamOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DescribeStreamRequest req;
  req.stream_arn = r.String("StreamArn", /*required=*/true).value_or("");
  req.limit = r.Integer("Limit");
  req.exclusive_start_shard_id = r.String("ExclusiveStartShardId");
  if (const JsonValue* f = r.Structure("ShardFilter", "ShardFilter")) {
    ObjectReader fr(f, r.PathOf("ShardFilter"), &errors);
    // Both members optional (the API reference's ShardFilter).
    ShardFilter filter;
    filter.type = fr.Enum<ShardFilterType>(
        "Type", {{"CHILD_SHARDS", ShardFilterType::kChildShards}});
    filter.shard_id = fr.String("ShardId");
    req.shard_filter = std::move(filter);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeStreamResponse resp, db.DescribeStream(req));
  const StreamDescription& d = resp.stream_description;
  JsonWriter w;
  w.BeginObject();
  w.Key("StreamDescription");
  w.BeginObject();
  w.Key("CreationRequestDateTime");
  w.Double(d.creation_request_date_time);
  w.Key("KeySchema");
  WriteKeySchema(d.key_schema, w);
  if (d.last_evaluated_shard_id) {
    w.Key("LastEvaluatedShardId");
    w.String(*d.last_evaluated_shard_id);
  }
  w.Key("Shards");
  w.BeginArray();
  for (const Shard& s : d.shards) {
    w.BeginObject();
    if (s.parent_shard_id) {
      w.Key("ParentShardId");
      w.String(*s.parent_shard_id);
    }
    w.Key("SequenceNumberRange");
    w.BeginObject();
    if (s.sequence_number_range.ending_sequence_number) {
      w.Key("EndingSequenceNumber");
      w.String(*s.sequence_number_range.ending_sequence_number);
    }
    if (s.sequence_number_range.starting_sequence_number) {
      w.Key("StartingSequenceNumber");
      w.String(*s.sequence_number_range.starting_sequence_number);
    }
    w.EndObject();
    w.Key("ShardId");
    w.String(s.shard_id);
    w.EndObject();
  }
  w.EndArray();
  w.Key("StreamArn");
  w.String(d.stream_arn);
  w.Key("StreamLabel");
  w.String(d.stream_label);
  w.Key("StreamStatus");
  w.String(StreamStatusName(d.stream_status));
  w.Key("StreamViewType");
  w.String(StreamViewTypeName(d.stream_view_type));
  w.Key("TableName");
  w.String(d.table_name);
  w.EndObject();
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> GetShardIteratorOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  GetShardIteratorRequest req;
  req.stream_arn = r.String("StreamArn", /*required=*/true).value_or("");
  req.shard_id = r.String("ShardId", /*required=*/true).value_or("");
  req.shard_iterator_type =
      r.Enum<ShardIteratorType>(
           "ShardIteratorType",
           {{"TRIM_HORIZON", ShardIteratorType::kTrimHorizon},
            {"LATEST", ShardIteratorType::kLatest},
            {"AT_SEQUENCE_NUMBER", ShardIteratorType::kAtSequenceNumber},
            {"AFTER_SEQUENCE_NUMBER", ShardIteratorType::kAfterSequenceNumber}},
           /*required=*/true)
          .value_or(ShardIteratorType::kTrimHorizon);
  req.sequence_number = r.String("SequenceNumber");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(GetShardIteratorResponse resp,
                        db.GetShardIterator(req));
  JsonWriter w;
  w.BeginObject();
  if (resp.shard_iterator) {
    w.Key("ShardIterator");
    w.String(*resp.shard_iterator);
  }
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> GetRecordsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  GetRecordsRequest req;
  req.shard_iterator =
      r.String("ShardIterator", /*required=*/true).value_or("");
  req.limit = r.Integer("Limit");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(GetRecordsResponse resp, db.GetRecords(req));
  JsonWriter w;
  w.BeginObject();
  if (resp.next_shard_iterator) {
    w.Key("NextShardIterator");
    w.String(*resp.next_shard_iterator);
  }
  w.Key("Records");
  w.BeginArray();
  for (const StreamsRecord& rec : resp.records) {
    w.BeginObject();
    w.Key("awsRegion");
    w.String(rec.aws_region);
    w.Key("dynamodb");
    w.BeginObject();
    const StreamRecord& d = rec.dynamodb;
    if (d.approximate_creation_date_time) {
      w.Key("ApproximateCreationDateTime");
      w.Double(*d.approximate_creation_date_time);
    }
    w.Key("Keys");
    w.Item(d.keys);
    if (d.new_image) {
      w.Key("NewImage");
      w.Item(*d.new_image);
    }
    if (d.old_image) {
      w.Key("OldImage");
      w.Item(*d.old_image);
    }
    w.Key("SequenceNumber");
    w.String(d.sequence_number);
    w.Key("SizeBytes");
    w.Int(d.size_bytes);
    w.Key("StreamViewType");
    w.String(StreamViewTypeName(d.stream_view_type));
    w.EndObject();
    w.Key("eventID");
    w.String(rec.event_id);
    w.Key("eventName");
    w.String(OperationTypeName(rec.event_name));
    w.Key("eventSource");
    w.String(rec.event_source);
    w.Key("eventVersion");
    w.String(rec.event_version);
    if (rec.user_identity) {
      // The service model's Identity members (PrincipalId, Type); Lambda's
      // events spell them in lower case. Which the service sends is
      // unconfirmed.
      w.Key("userIdentity");
      w.BeginObject();
      w.Key("PrincipalId");
      w.String(rec.user_identity->principal_id);
      w.Key("Type");
      w.String(rec.user_identity->type);
      w.EndObject();
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

// {"TableName": "t", "PartitionId"?: n}; strict, as eddy's own operations
// are (admin.cc): an unknown member is a ValidationException.
StatusOr<std::string> EddySplitPartitionOp(Database& db, ObjectReader& r) {
  EDDY_RETURN_IF_ERROR(CheckMembers(r.object(), "EddySplitPartition", "",
                                    {"TableName", "PartitionId"}));
  RequestErrors& errors = *r.errors();
  const std::string table = r.TableName();
  r.Long("PartitionId");  // records a PartitionId of the wrong JSON type
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  int32_t partition = 0;
  if (const JsonValue* id = r.Member("PartitionId")) {
    // A whole number, as eddy's other operations require (never truncated).
    const std::optional<int64_t> n =
        WholeNumber(*id, std::numeric_limits<int32_t>::max());
    if (!n) {
      return Status::Validation(
          "EddySplitPartition: PartitionId must be a whole number from 0 to "
          "2147483647, not " +
          std::string(id->text));
    }
    partition = static_cast<int32_t>(*n);
  } else {
    // The first live partition in key order.
    EDDY_ASSIGN_OR_RETURN(std::vector<PartitionInfo> live,
                          db.GetPartitions(table));
    if (!live.empty()) partition = live.front().id;
  }
  EDDY_RETURN_IF_ERROR(db.SplitPartitionForTesting(table, partition));
  EDDY_ASSIGN_OR_RETURN(std::vector<PartitionInfo> live,
                        db.GetPartitions(table));
  JsonWriter w;
  w.BeginObject();
  w.Key("Partitions");
  w.BeginArray();
  for (const PartitionInfo& p : live) {
    w.BeginObject();
    w.Key("PartitionId");
    w.Int(p.id);
    if (p.parent_id >= 0) {
      w.Key("ParentPartitionId");
      w.Int(p.parent_id);
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
