// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/expiry.h"

#include <optional>
#include <vector>

#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/table.h"
#include "emulator/engine/table/write.h"

namespace eddy::engine {
namespace {

// DynamoDB leaves alone items whose TTL lies more than five years in the
// past (they are taken for values written in another unit).
constexpr int64_t kIgnoredAfterSeconds = 5LL * 365 * 24 * 3600;

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
  const TableState& state = table.state();
  const int64_t now_seconds = now_micros / 1'000'000;
  const int64_t cutoff =
      (now_micros - table.definition().time_to_live.deletion_delay_micros) /
      1'000'000;
  std::vector<StorageKey> expired;
  for (auto it = state.store.begin(); it != state.store.end(); ++it) {
    const Item item = it->Decode();
    std::optional<int64_t> at = ExpiryOf(item, state.ttl_attribute);
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
    const storage::Record* existing = state.store.Find(key.ref());
    StatusOr<WritePlan> plan =
        PlanWrite(table, key, nullptr, nullptr, existing, nullptr, now_micros);
    if (!plan.ok()) continue;  // a delete never grows a collection
    // Time-to-live deletions are free and never throttled; only the stored
    // bytes change. Each is a commit of its own.
    RecordUnchargedWrite(table, *plan);
    Commit commit(ChangeOrigin::kTimeToLive, now_micros);
    commit.Apply(table, *std::move(plan));
    commit.Publish();
    ++table.mutable_state().ttl_deleted_items;
  }
}

}  // namespace eddy::engine
