// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/table.h"

#include <algorithm>
#include <mutex>

#include "emulator/engine/table/expiry.h"

namespace eddy::engine {

std::vector<std::string> Table::key_names() const {
  std::vector<std::string> names = {hash_key.name};
  if (range_key) names.push_back(range_key->name);
  return names;
}

SecondaryIndex* Table::FindIndex(std::string_view index_name) const {
  for (const auto& index : indexes) {
    if (index->name() == index_name) return index.get();
  }
  return nullptr;
}

void Table::RebuildIndexKeys() {
  index_keys.clear();
  auto slot_of = [this](const KeyAttribute& key) {
    for (size_t i = 0; i < index_keys.size(); ++i) {
      if (index_keys[i].name == key.name) return static_cast<int>(i);
    }
    index_keys.push_back(key);
    return static_cast<int>(index_keys.size() - 1);
  };
  for (const auto& index : indexes) {
    slot_of(index->hash_key());
    if (index->range_key()) slot_of(*index->range_key());
  }
  std::sort(index_keys.begin(), index_keys.end(),
            [](const KeyAttribute& a, const KeyAttribute& b) {
              return a.name < b.name;
            });
  index_key_names.clear();
  for (const KeyAttribute& key : index_keys)
    index_key_names.push_back(key.name);
  for (const auto& index : indexes) {
    index->hash_slot = slot_of(index->hash_key());
    index->range_slot = index->range_key() ? slot_of(*index->range_key()) : -1;
  }
}

IndexKeyValues Table::IndexKeysOf(const Item& item) const {
  IndexKeyValues values(index_keys.size(), nullptr);
  auto it = item.begin();
  for (size_t i = 0; i < index_keys.size() && it != item.end();) {
    const int c = std::string_view(it->name).compare(index_keys[i].name);
    if (c < 0) {
      ++it;
    } else if (c > 0) {
      ++i;
    } else {
      values[i++] = &it->value;
      ++it;
    }
  }
  return values;
}

bool Table::HasDueWork(int64_t now_micros) const {
  if (ttl_enabled.load(std::memory_order_relaxed) &&
      now_micros >= next_ttl_sweep_micros) {
    return true;
  }
  for (const auto& index : indexes) {
    if (!index->pending.empty() &&
        index->pending.front().visible_at_micros <= now_micros) {
      return true;
    }
  }
  return false;
}

void Table::DoDueWork(int64_t now_micros) {
  if (ttl_enabled.load(std::memory_order_relaxed) &&
      now_micros >= next_ttl_sweep_micros) {
    ExpireItems(*this, now_micros);
    next_ttl_sweep_micros = now_micros + time_to_live.sweep_interval_micros;
  }
  for (const auto& index : indexes) {
    while (!index->pending.empty() &&
           index->pending.front().visible_at_micros <= now_micros) {
      SecondaryIndex::PendingChange& c = index->pending.front();
      if (c.has_remove) {
        index->store.Erase(storage::KeyRef{c.remove_hash, c.remove_pk,
                                           c.remove_sk, c.remove_base_pk,
                                           c.remove_base_sk});
      }
      if (c.add) index->store.Put(std::move(c.add));
      index->pending.pop_front();
    }
  }
}

TableDescription Table::Describe(int64_t now_micros) const {
  TableDescription d;
  d.table_name = name;
  d.table_arn = arn;
  d.table_id = id;
  d.table_status = TableStatus::kActive;
  d.key_schema = key_schema;
  d.attribute_definitions = attribute_definitions;
  d.creation_date_time = creation_date_time;
  d.item_count = store.item_count();
  d.table_size_bytes = store.total_item_bytes();
  d.provisioned_throughput.read_capacity_units =
      billing_mode == BillingMode::kProvisioned ? throughput.read_capacity_units
                                                : 0;
  d.provisioned_throughput.write_capacity_units =
      billing_mode == BillingMode::kProvisioned
          ? throughput.write_capacity_units
          : 0;
  d.provisioned_throughput.last_increase_date_time = last_increase;
  d.provisioned_throughput.last_decrease_date_time = last_decrease;
  if (billing_mode == BillingMode::kPayPerRequest) {
    d.billing_mode_summary = BillingModeSummary{BillingMode::kPayPerRequest,
                                                last_update_to_pay_per_request};
    if (!on_demand.empty()) d.on_demand_throughput = on_demand;
  }
  for (const auto& index : indexes) {
    if (index->is_global()) {
      GlobalSecondaryIndexDescription g;
      g.index_name = index->name();
      g.key_schema = index->key_schema();
      g.projection = index->projection();
      const bool active = index->IsActive(now_micros);
      g.index_status = active ? IndexStatus::kActive : IndexStatus::kCreating;
      if (!active) g.backfilling = true;
      if (billing_mode == BillingMode::kProvisioned) {
        g.provisioned_throughput.read_capacity_units =
            index->throughput.read_capacity_units;
        g.provisioned_throughput.write_capacity_units =
            index->throughput.write_capacity_units;
      } else if (!index->on_demand.empty()) {
        g.on_demand_throughput = index->on_demand;
      }
      g.index_size_bytes = index->store.total_item_bytes();
      g.item_count = index->store.item_count();
      g.index_arn = index->arn();
      d.global_secondary_indexes.push_back(std::move(g));
    } else {
      LocalSecondaryIndexDescription l;
      l.index_name = index->name();
      l.key_schema = index->key_schema();
      l.projection = index->projection();
      l.index_size_bytes = index->store.total_item_bytes();
      l.item_count = index->store.item_count();
      l.index_arn = index->arn();
      d.local_secondary_indexes.push_back(std::move(l));
    }
  }
  return d;
}

std::shared_ptr<Table> Catalog::Find(const std::string& name) const {
  std::shared_lock lock(mu_);
  auto it = tables_.find(name);
  return it == tables_.end() ? nullptr : it->second;
}

Status Catalog::Add(std::shared_ptr<Table> table) {
  std::unique_lock lock(mu_);
  const std::string name = table->name;
  if (!tables_.emplace(name, std::move(table)).second) {
    return Status::ResourceInUse("Table already exists: " + name);
  }
  return Status::OK();
}

std::shared_ptr<Table> Catalog::Remove(const std::string& name) {
  std::unique_lock lock(mu_);
  auto it = tables_.find(name);
  if (it == tables_.end()) return nullptr;
  std::shared_ptr<Table> t = std::move(it->second);
  tables_.erase(it);
  return t;
}

std::vector<std::string> Catalog::Names() const {
  std::shared_lock lock(mu_);
  std::vector<std::string> names;
  names.reserve(tables_.size());
  for (const auto& [name, table] : tables_) names.push_back(name);
  return names;
}

Status TableNotFound(const std::string& name, bool describe_form) {
  if (describe_form) {
    return Status::ResourceNotFound(
        "Requested resource not found: Table: " + name + " not found");
  }
  return Status::ResourceNotFound("Requested resource not found");
}

ScalarAttributeType ToScalarType(AttributeType t) {
  switch (t) {
    case AttributeType::kN:
      return ScalarAttributeType::kN;
    case AttributeType::kB:
      return ScalarAttributeType::kB;
    default:
      return ScalarAttributeType::kS;
  }
}

AttributeType FromScalarType(ScalarAttributeType t) {
  switch (t) {
    case ScalarAttributeType::kN:
      return AttributeType::kN;
    case ScalarAttributeType::kB:
      return AttributeType::kB;
    default:
      return AttributeType::kS;
  }
}

void CatchUp(Table& table, const Clock& clock) {
  if (!table.gsi_lag.enabled() &&
      !table.ttl_enabled.load(std::memory_order_relaxed)) {
    return;
  }
  const int64_t now_micros = clock.NowMicros();
  {
    std::shared_lock lock(table.mu);
    if (!table.HasDueWork(now_micros)) return;
  }
  std::unique_lock lock(table.mu);
  table.DoDueWork(now_micros);
}

}  // namespace eddy::engine
