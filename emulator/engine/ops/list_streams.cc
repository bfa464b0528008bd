// Copyright 2026 The eddy Authors.
//
// ListStreams: every stream of the account, or of one table, enabled or
// disabled until it expires (24 hours after it was disabled), by table name
// and newest first, paged by ExclusiveStartStreamArn.

#include "emulator/engine/ops/stream_ops.h"

namespace eddy::engine {

StatusOr<ListStreamsResponse> ListStreams(Context& ctx,
                                          const ListStreamsRequest& request) {
  ValidationErrors errors;
  if (request.table_name) errors.CheckTableName(*request.table_name);
  if (request.limit && *request.limit < 1) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  }
  if (request.exclusive_start_stream_arn) {
    CheckLength(errors, *request.exclusive_start_stream_arn,
                "exclusiveStartStreamArn", 37, 1024);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (request.limit && *request.limit > 100) {
    // DynamoDB Local's text; the service's is unconfirmed.
    return Status::Validation(
        "One or more parameter values were invalid: Limit cannot be greater "
        "than the maximum allowed size: 100");
  }
  if (request.exclusive_start_stream_arn) {
    EDDY_RETURN_IF_ERROR(
        CheckStreamArnShape(*request.exclusive_start_stream_arn));
  }
  // A table that does not exist (or no longer does) lists what streams it
  // left; none at all is an empty list (DynamoDB's answer unconfirmed).
  return ctx.streams->ListStreams(request, ctx.options->clock->NowMicros());
}

}  // namespace eddy::engine
