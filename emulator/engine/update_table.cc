// Copyright 2026 The eddy Authors.
//
// UpdateTable: billing mode and provisioned throughput. Raising throughput
// past what the partitions serve doubles the partition count
// (throughput-model.md §3.2); partitions never merge.

#include <mutex>

#include "emulator/engine/operations.h"
#include "emulator/engine/request_validation.h"

namespace eddy::engine {

void CheckThroughputValues(
    const std::optional<ProvisionedThroughput>& throughput,
    ValidationErrors& errors);  // create_table.cc

StatusOr<UpdateTableResponse> UpdateTable(Context& ctx,
                                          const UpdateTableRequest& request) {
  constexpr char kInvalid[] = "One or more parameter values were invalid: ";
  ValidationErrors errors;
  errors.CheckTableName(request.table_name);
  CheckThroughputValues(request.provisioned_throughput, errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::shared_ptr<Table> table = ctx.catalog->Find(request.table_name);
  if (table == nullptr)
    return TableNotFound(request.table_name, /*describe_form=*/true);

  if (!request.global_secondary_index_updates.empty()) {
    return Status::Validation(
        "GlobalSecondaryIndexUpdates is not supported by this version of eddy yet");
  }
  std::unique_lock lock(table->mu);
  if (!request.billing_mode && !request.provisioned_throughput) {
    return Status::Validation(
        "At least one of ProvisionedThroughput, BillingMode, "
        "UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is "
        "required");
  }
  const BillingMode mode = request.billing_mode.value_or(table->billing_mode);
  if (mode == BillingMode::kPayPerRequest && request.provisioned_throughput) {
    return Status::Validation(
        std::string(kInvalid) +
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
        "specified when BillingMode is PAY_PER_REQUEST");
  }
  if (mode == BillingMode::kProvisioned &&
      table->billing_mode == BillingMode::kPayPerRequest &&
      !request.provisioned_throughput) {
    return Status::Validation(
        std::string(kInvalid) +
        "ProvisionedThroughput must be specified when BillingMode is "
        "PROVISIONED");
  }
  if (mode == BillingMode::kProvisioned &&
      table->billing_mode == BillingMode::kProvisioned &&
      request.provisioned_throughput &&
      request.provisioned_throughput->read_capacity_units ==
          table->throughput.read_capacity_units &&
      request.provisioned_throughput->write_capacity_units ==
          table->throughput.write_capacity_units) {
    const auto& t = table->throughput;
    return Status::Validation(
        "The provisioned throughput for the table will not change. The "
        "requested value equals "
        "the current value. Current ReadCapacityUnits provisioned for the "
        "table: " +
        std::to_string(t.read_capacity_units) +
        ". Requested ReadCapacityUnits: " +
        std::to_string(t.read_capacity_units) +
        ". Current WriteCapacityUnits provisioned for the table: " +
        std::to_string(t.write_capacity_units) +
        ". Requested WriteCapacityUnits: " +
        std::to_string(t.write_capacity_units) +
        ". Refer to the Amazon DynamoDB Developer Guide for current limits and "
        "how to request "
        "higher limits.");
  }

  const double now = static_cast<double>(ctx.options->clock->NowMicros()) / 1e6;
  if (mode == BillingMode::kPayPerRequest) {
    if (table->billing_mode != BillingMode::kPayPerRequest)
      table->last_update_to_pay_per_request = now;
    table->billing_mode = BillingMode::kPayPerRequest;
    table->partitions.GrowTo(
        capacity::PartitionMap::kOnDemandInitialPartitions);
  } else {
    const ProvisionedThroughput next = *request.provisioned_throughput;
    if (table->billing_mode == BillingMode::kProvisioned) {
      if (next.read_capacity_units > table->throughput.read_capacity_units ||
          next.write_capacity_units > table->throughput.write_capacity_units) {
        table->last_increase = now;
      }
      if (next.read_capacity_units < table->throughput.read_capacity_units ||
          next.write_capacity_units < table->throughput.write_capacity_units) {
        table->last_decrease = now;
      }
    }
    table->billing_mode = BillingMode::kProvisioned;
    table->throughput = next;
    table->partitions.GrowTo(capacity::PartitionMap::ProvisionedPartitionCount(
        next.read_capacity_units, next.write_capacity_units,
        table->store.total_item_bytes()));
  }
  return UpdateTableResponse{table->Describe()};
}

}  // namespace eddy::engine
