// Copyright 2026 The eddy Authors.
//
// StreamSpecification on CreateTable and UpdateTable, with DynamoDB's
// messages (observed on DynamoDB; the research notes name the sources), and
// the shared checks of the Streams operations.

#include "emulator/engine/ops/stream_ops.h"

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

}  // namespace

void CheckStreamSpecificationModel(
    const std::optional<StreamSpecification>& spec, ValidationErrors& errors) {
  if (spec && !spec->stream_enabled) {
    errors.Add("null", "streamSpecification.streamEnabled",
               "Member must not be null");
  }
}

Status CheckCreateTableStream(const StreamSpecification& spec) {
  if (*spec.stream_enabled && !spec.stream_view_type) {
    return Status::Validation(std::string(kInvalid) +
                              "Table is being created with a stream enabled, "
                              "UpdateViewType is required");
  }
  if (!*spec.stream_enabled && spec.stream_view_type) {
    return Status::Validation(std::string(kInvalid) +
                              "Table is being created with a stream disabled, "
                              "UpdateViewType should not be specified");
  }
  return Status::OK();
}

Status CheckUpdateTableStream(const Table& table,
                              const UpdateTableRequest& request) {
  const StreamSpecification& spec = *request.stream_specification;
  if (request.provisioned_throughput ||
      request.billing_mode == BillingMode::kProvisioned) {
    return Status::Validation(
        std::string(kInvalid) +
        "You cannot modify stream status while updating table IOPS");
  }
  for (const GlobalSecondaryIndexUpdate& u :
       request.global_secondary_index_updates) {
    if (u.create || u.delete_index_name) {
      return Status::Validation(
          std::string(kInvalid) +
          "You cannot create or delete index while changing stream status");
    }
  }
  if (*spec.stream_enabled && !spec.stream_view_type) {
    return Status::Validation(
        std::string(kInvalid) +
        "If stream is being enabled then UpdateViewType is required");
  }
  if (!*spec.stream_enabled && spec.stream_view_type) {
    return Status::Validation(
        std::string(kInvalid) +
        "If stream is being disabled, then UpdateViewType must not be "
        "specified");
  }
  const bool has_stream = table.state().stream_view_type.has_value();
  if (*spec.stream_enabled && has_stream) {
    // Whether or not the view type differs.
    return Status::Validation(
        "Table already has an enabled stream: "
        "TableName: " +
        table.name());
  }
  if (!*spec.stream_enabled && !has_stream) {
    return Status::Validation("Table has no stream to disable: TableName: " +
                              table.name());
  }
  return Status::OK();
}

void EnableTableStream(Context& ctx, Table& table, StreamViewType view_type,
                       int64_t now_micros) {
  StreamsService::Created s = ctx.streams->Enable(table, view_type, now_micros);
  TableState& state = table.mutable_state();
  state.stream_view_type = view_type;
  state.latest_stream_arn = std::move(s.arn);
  state.latest_stream_label = std::move(s.label);
  table.set_streamed(true);
}

void DisableTableStream(Context& ctx, Table& table, int64_t now_micros) {
  TableState& state = table.mutable_state();
  if (!state.stream_view_type) return;
  ctx.streams->Disable(state.latest_stream_arn, now_micros);
  state.stream_view_type.reset();
  table.set_streamed(false);
}

void CheckLength(ValidationErrors& errors, const std::string& value,
                 std::string_view path, size_t min, size_t max) {
  if (value.size() < min) {
    errors.Add("'" + value + "'", path,
               "Member must have length greater than or equal to " +
                   std::to_string(min));
  } else if (value.size() > max) {
    errors.Add(
        "'" + value + "'", path,
        "Member must have length less than or equal to " + std::to_string(max));
  }
}

Status CheckStreamArnShape(const std::string& arn) {
  if (!ParseStreamArn(arn)) return Status::Validation("Invalid StreamArn");
  return Status::OK();
}

}  // namespace eddy::engine
