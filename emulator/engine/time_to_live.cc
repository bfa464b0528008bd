// Copyright 2026 The eddy Authors.

#include "emulator/engine/time_to_live.h"

#include <mutex>
#include <vector>

#include "emulator/engine/admission.h"
#include "emulator/engine/item_write.h"
#include "emulator/engine/operations.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

// DynamoDB leaves alone items whose TTL lies more than five years in the
// past (they are taken for values written in another unit).
constexpr int64_t kIgnoredAfterSeconds = 5LL * 365 * 24 * 3600;

// After a successful change, another one is refused for this long. The docs
// say an hour; measured against AWS it is about 31 minutes (research notes:
// aws-controllers-k8s api-quirks, Alternator's test_ttl.py).
constexpr int64_t kChangeCooldownMicros = 30LL * 60 * 1'000'000;

// Seconds since the epoch the item expires at (fractions dropped), or
// nullopt when its TTL attribute is missing or not a number.
std::optional<int64_t> ExpiryOf(const Item& item, const std::string& name) {
  const AttributeValue* v = item.Find(name);
  if (v == nullptr || v->type() != AttributeType::kN) return std::nullopt;
  int64_t seconds = 0;
  if (v->n().ToInt64(&seconds)) return seconds;
  const double d = v->n().ToDouble();  // a fraction, or beyond int64
  if (d >= 9.2e18 || d <= -9.2e18) return std::nullopt;
  return static_cast<int64_t>(d);
}

}  // namespace

void ExpireItems(Table& table, int64_t now_micros) {
  const int64_t now_seconds = now_micros / 1'000'000;
  const int64_t cutoff =
      (now_micros - table.time_to_live.deletion_delay_micros) / 1'000'000;
  std::vector<StorageKey> expired;
  for (auto it = table.store.begin(); it != table.store.end(); ++it) {
    const Item item = it->Decode();
    std::optional<int64_t> at = ExpiryOf(item, table.ttl_attribute);
    if (!at || *at > cutoff || *at < now_seconds - kIgnoredAfterSeconds) {
      continue;
    }
    StorageKey key;
    key.pk = std::string(it->partition_key());
    key.sk = std::string(it->sort_key());
    key.hash = it->hash();
    expired.push_back(std::move(key));
  }
  for (const StorageKey& key : expired) {
    const storage::Record* existing = table.store.Find(key.ref());
    StatusOr<WritePlan> plan =
        PlanWrite(table, key, nullptr, nullptr, existing, nullptr, now_micros);
    if (!plan.ok()) continue;  // a delete never grows a collection
    // Time-to-live deletions are free and never throttled; only the stored
    // bytes change.
    RecordUnchargedWrite(table, *plan);
    ApplyWrite(table, *std::move(plan));
    ++table.ttl_deleted_items;
  }
}

StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
    Context& ctx, const UpdateTimeToLiveRequest& request) {
  ValidationErrors errors;
  errors.CheckTableName(request.table_name);
  const std::string& attribute =
      request.time_to_live_specification.attribute_name;
  if (attribute.empty()) {
    errors.Add("''", "timeToLiveSpecification.attributeName",
               "Member must have length greater than or equal to 1");
  } else if (attribute.size() > 255) {
    errors.Add("'" + attribute + "'", "timeToLiveSpecification.attributeName",
               "Member must have length less than or equal to 255");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::shared_ptr<Table> table = ctx.catalog->Find(request.table_name);
  if (table == nullptr) {
    return TableNotFound(request.table_name, /*describe_form=*/true);
  }
  std::unique_lock lock(table->mu);
  const int64_t now = ctx.options->clock->NowMicros();
  const bool enable = request.time_to_live_specification.enabled;
  // The content checks come before the cooldown.
  auto cooldown = [&]() -> Status {
    if (table->last_ttl_change_micros &&
        now - *table->last_ttl_change_micros < kChangeCooldownMicros) {
      return Status::Validation(
          "Time to live has been modified multiple times within a fixed "
          "interval");
    }
    table->last_ttl_change_micros = now;
    return Status::OK();
  };
  if (enable) {
    if (!table->ttl_attribute.empty()) {
      if (table->ttl_attribute != attribute) {
        return Status::Validation(
            "TimeToLive is active on a different AttributeName: current "
            "AttributeName is " +
            table->ttl_attribute);
      }
      return Status::Validation("TimeToLive is already enabled");
    }
    EDDY_RETURN_IF_ERROR(cooldown());
    table->ttl_attribute = attribute;
    table->next_ttl_sweep_micros = 0;
    table->ttl_enabled.store(true, std::memory_order_relaxed);
  } else {
    if (table->ttl_attribute.empty()) {
      return Status::Validation("TimeToLive is already disabled");
    }
    if (table->ttl_attribute != attribute) {
      return Status::Validation(
          "TimeToLive is active on a different AttributeName: current "
          "AttributeName is " +
          table->ttl_attribute);
    }
    EDDY_RETURN_IF_ERROR(cooldown());
    table->ttl_attribute.clear();
    table->ttl_enabled.store(false, std::memory_order_relaxed);
  }
  return UpdateTimeToLiveResponse{request.time_to_live_specification};
}

StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
    Context& ctx, const DescribeTimeToLiveRequest& request) {
  ValidationErrors errors;
  errors.CheckTableName(request.table_name);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  std::shared_ptr<Table> table = ctx.catalog->Find(request.table_name);
  if (table == nullptr) {
    return TableNotFound(request.table_name, /*describe_form=*/true);
  }
  std::shared_lock lock(table->mu);
  DescribeTimeToLiveResponse response;
  if (table->ttl_attribute.empty()) {
    response.time_to_live_description.time_to_live_status =
        TimeToLiveStatus::kDisabled;
  } else {
    response.time_to_live_description.time_to_live_status =
        TimeToLiveStatus::kEnabled;
    response.time_to_live_description.attribute_name = table->ttl_attribute;
  }
  return response;
}

}  // namespace eddy::engine
