// Copyright 2026 The eddy Authors.
//
// GetShardIterator: an iterator for TRIM_HORIZON (the oldest record kept),
// LATEST (just after the newest readable record), AT_SEQUENCE_NUMBER or
// AFTER_SEQUENCE_NUMBER; it expires 15 minutes after it was issued.

#include "emulator/engine/ops/stream_ops.h"

namespace eddy::engine {

StatusOr<GetShardIteratorResponse> GetShardIterator(
    Context& ctx, const GetShardIteratorRequest& request) {
  ValidationErrors errors;
  CheckLength(errors, request.stream_arn, "streamArn", 37, 1024);
  CheckLength(errors, request.shard_id, "shardId", 28, 65);
  if (request.sequence_number) {
    CheckLength(errors, *request.sequence_number, "sequenceNumber", 21, 40);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  const bool by_number =
      request.shard_iterator_type == ShardIteratorType::kAtSequenceNumber ||
      request.shard_iterator_type == ShardIteratorType::kAfterSequenceNumber;
  // The texts of these three are eddy's (DynamoDB's are unconfirmed; it
  // answers each with a ValidationException).
  if (by_number && !request.sequence_number) {
    return Status::Validation(
        std::string("One or more parameter values were invalid: A "
                    "SequenceNumber is required for ShardIteratorType ") +
        ShardIteratorTypeName(request.shard_iterator_type));
  }
  if (!by_number && request.sequence_number) {
    return Status::Validation(
        std::string(
            "One or more parameter values were invalid: A "
            "SequenceNumber must not be given with ShardIteratorType ") +
        ShardIteratorTypeName(request.shard_iterator_type));
  }
  if (request.sequence_number &&
      !ParseSequenceNumber(*request.sequence_number)) {
    return Status::Validation(
        "One or more parameter values were invalid: SequenceNumber must be "
        "a decimal number");
  }
  EDDY_RETURN_IF_ERROR(CheckStreamArnShape(request.stream_arn));
  return WithStreamTable(ctx, request.stream_arn, [&](bool table_locked) {
    return ctx.streams->GetShardIterator(request, table_locked,
                                         ctx.options->clock->NowMicros());
  });
}

}  // namespace eddy::engine
