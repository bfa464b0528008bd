// Copyright 2026 The eddy Authors.
//
// GetRecords: up to Limit (1,000) records or 1 MB of one shard from an
// iterator, with the next iterator; none once a closed shard is read to its
// end.

#include "emulator/engine/ops/stream_ops.h"

namespace eddy::engine {

StatusOr<GetRecordsResponse> GetRecords(Context& ctx,
                                        const GetRecordsRequest& request) {
  ValidationErrors errors;
  CheckLength(errors, request.shard_iterator, "shardIterator", 1, 2048);
  if (request.limit && *request.limit < 1) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (request.limit && *request.limit > 1000) {
    // DynamoDB Local's text; DynamoDB answers a ValidationException naming
    // the limit (observed), its exact text unconfirmed.
    return Status::Validation(
        "One or more parameter values were invalid: Limit should be less "
        "than or equal to 1000");
  }
  std::optional<ShardIteratorToken> iterator =
      DecodeShardIterator(request.shard_iterator);
  if (!iterator) return Status::Validation("Invalid ShardIterator");
  const int limit = request.limit.value_or(1000);
  return WithStreamTable(ctx, iterator->stream_arn, [&](bool table_locked) {
    return ctx.streams->GetRecords(*iterator, limit, table_locked,
                                   ctx.options->clock->NowMicros());
  });
}

}  // namespace eddy::engine
