// Copyright 2026 The eddy Authors.

#include "model/lab/online_index.h"

#include <algorithm>
#include <cmath>

#include "emulator/capacity/units.h"

namespace eddy::lab::internal {
namespace {

int64_t Scaled(int64_t units, double scale) {
  if (units <= 0) return units;
  return std::max<int64_t>(1, std::llround(static_cast<double>(units) * scale));
}

bool IsThrottle(ErrorCode c) {
  return c == ErrorCode::kThrottling ||
         c == ErrorCode::kProvisionedThroughputExceeded ||
         c == ErrorCode::kRequestLimitExceeded;
}

}  // namespace

Status OnlineIndex::Check(const Scenario& s) {
  const OnlineIndexSpec& o = *s.online_index;
  for (const IndexSpec& g : s.table.global_secondary_indexes) {
    if (g.name == o.index.name) {
      return Status::Validation(
          "/onlineIndex/index/name: the table has an "
          "index named " +
          g.name + " already");
    }
  }
  if (s.table.billing_mode == BillingMode::kProvisioned &&
      (o.index.read_capacity_units <= 0 || o.index.write_capacity_units <= 0)) {
    return Status::Validation(
        "/onlineIndex/index: a provisioned table's new index needs "
        "readCapacityUnits and writeCapacityUnits");
  }
  return Status::OK();
}

std::string OnlineIndex::TableKey(const Item& item) const {
  auto value = [&](const std::string& name) -> std::string {
    const AttributeValue* v = name.empty() ? nullptr : item.Find(name);
    return v != nullptr && v->type() == AttributeType::kS ? v->s() : "";
  };
  return value(table_.partition_key) + '\x1f' + value(table_.sort_key);
}

void OnlineIndex::Written(const std::vector<Item>& items, bool deleted) {
  for (const Item& item : items) {
    const std::string key = TableKey(item);
    const AttributeValue* pk = item.Find(spec_.index.partition_key);
    const AttributeValue* sk = spec_.index.sort_key.empty()
                                   ? nullptr
                                   : item.Find(spec_.index.sort_key);
    const bool indexed = pk != nullptr && pk->type() == AttributeType::kS &&
                         (spec_.index.sort_key.empty() || sk != nullptr);
    if (deleted || !indexed) {
      // A put without the index key replaces the item: no entry.
      items_.erase(key);
      continue;
    }
    items_[key] = {pk->s(), ItemSizeBytes(item)};
  }
}

UpdateTableRequest OnlineIndex::CreateRequest(double scale) const {
  const IndexSpec& g = spec_.index;
  UpdateTableRequest r;
  r.table_name = table_.name;
  std::vector<std::string> names = {table_.partition_key, g.partition_key};
  if (!table_.sort_key.empty()) names.push_back(table_.sort_key);
  if (!g.sort_key.empty()) names.push_back(g.sort_key);
  for (const IndexSpec& other : table_.global_secondary_indexes) {
    names.push_back(other.partition_key);
    if (!other.sort_key.empty()) names.push_back(other.sort_key);
  }
  for (const IndexSpec& l : table_.local_secondary_indexes) {
    names.push_back(l.sort_key);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const std::string& n : names) {
    r.attribute_definitions.push_back({n, ScalarAttributeType::kS});
  }
  GlobalSecondaryIndex x;
  x.index_name = g.name;
  x.key_schema.push_back({g.partition_key, KeyType::kHash});
  if (!g.sort_key.empty())
    x.key_schema.push_back({g.sort_key, KeyType::kRange});
  x.projection.projection_type = g.projection;
  if (table_.billing_mode == BillingMode::kProvisioned) {
    x.provisioned_throughput =
        ProvisionedThroughput{Scaled(g.read_capacity_units, scale),
                              Scaled(g.write_capacity_units, scale)};
  }
  GlobalSecondaryIndexUpdate u;
  u.create = std::move(x);
  r.global_secondary_index_updates.push_back(std::move(u));
  return r;
}

void OnlineIndex::Created(int64_t second) {
  created_ = true;
  result_.created_second = second;
  for (const auto& [key, entry] : items_) queue_.push_back(entry);
  result_.items_to_backfill = static_cast<int64_t>(queue_.size());
  if (queue_.empty()) {
    done_ = true;
    result_.active_second = second;
  }
}

void OnlineIndex::Turn(Database* db, int64_t second) {
  if (!Active()) return;
  const auto& [pk, size] = queue_.front();
  // A KEYS_ONLY entry is the keys (1 WCU); ALL projects the whole item.
  const int64_t units = spec_.index.projection == ProjectionType::kAll
                            ? capacity::WriteHalfUnits(size)
                            : capacity::WriteHalfUnits(1);
  const Status s = db->AdmitIndexBackfillWrite(table_.name, spec_.index.name,
                                               AttributeValue::S(pk), units);
  if (!s.ok()) {
    if (IsThrottle(s.code())) ++result_.backfill_throttled;
    return;  // tried again next turn
  }
  result_.write_half_units += units;
  ++result_.items_backfilled;
  queue_.pop_front();
  if (queue_.empty()) {
    done_ = true;
    result_.active_second = second;
  }
}

}  // namespace eddy::lab::internal
