// Copyright 2026 The eddy Authors.
//
// DescribeStream: a stream's status, view type, key schema and shards (in
// ShardId order, paged by ExclusiveStartShardId, or the children of one shard
// with ShardFilter CHILD_SHARDS; the filter's Type and ShardId are both
// optional, as the API reference has them).

#include "emulator/engine/ops/stream_ops.h"

namespace eddy::engine {

StatusOr<DescribeStreamResponse> DescribeStream(
    Context& ctx, const DescribeStreamRequest& request) {
  ValidationErrors errors;
  CheckLength(errors, request.stream_arn, "streamArn", 37, 1024);
  if (request.limit && *request.limit < 1) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  }
  if (request.exclusive_start_shard_id) {
    CheckLength(errors, *request.exclusive_start_shard_id,
                "exclusiveStartShardId", 28, 65);
  }
  if (request.shard_filter && request.shard_filter->shard_id) {
    CheckLength(errors, *request.shard_filter->shard_id, "shardFilter.shardId",
                28, 65);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (request.limit && *request.limit > 100) {
    // DynamoDB Local's text; the service's is unconfirmed.
    return Status::Validation(
        "One or more parameter values were invalid: Limit cannot be greater "
        "than the maximum: 100");
  }
  EDDY_RETURN_IF_ERROR(CheckStreamArnShape(request.stream_arn));
  return WithStreamTable(ctx, request.stream_arn, [&](bool table_locked) {
    return ctx.streams->DescribeStream(request, table_locked,
                                       ctx.options->clock->NowMicros());
  });
}

}  // namespace eddy::engine
