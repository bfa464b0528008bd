// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/table.h"

#include <algorithm>

#include "emulator/engine/index/index_change.h"
#include "emulator/engine/table/expiry.h"
#include "emulator/engine/table/journal.h"
#include "emulator/engine/table/lifecycle.h"

namespace eddy::engine {

Table::Table(TableDefinition definition)
    : def_(std::move(definition)),
      key_shape_(std::make_shared<const KeyShape>(
          KeyShape{def_.hash_key, def_.range_key})) {}

std::vector<std::string> Table::key_names() const {
  std::vector<std::string> names = {def_.hash_key.name};
  if (def_.range_key) names.push_back(def_.range_key->name);
  return names;
}

SecondaryIndex* Table::FindIndex(std::string_view index_name) const {
  for (const auto& index : state_.indexes) {
    if (index->name() == index_name) return index.get();
  }
  return nullptr;
}

namespace {

// The slot of `key` in `keys`, appended when new.
int SlotOf(std::vector<KeyAttribute>& keys, const KeyAttribute& key) {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].name == key.name) return static_cast<int>(i);
  }
  keys.push_back(key);
  return static_cast<int>(keys.size() - 1);
}

}  // namespace

void Table::RebuildIndexKeys() {
  std::vector<KeyAttribute>& keys = state_.index_keys;
  keys.clear();
  for (const auto& index : state_.indexes) {
    for (const KeyAttribute& k : index->hash_keys()) SlotOf(keys, k);
    for (const KeyAttribute& k : index->range_keys()) SlotOf(keys, k);
  }
  std::sort(keys.begin(), keys.end(),
            [](const KeyAttribute& a, const KeyAttribute& b) {
              return a.name < b.name;
            });
  state_.index_key_names.clear();
  for (const KeyAttribute& key : keys) {
    state_.index_key_names.push_back(key.name);
  }
  for (const auto& index : state_.indexes) {
    index->hash_slots.clear();
    index->range_slots.clear();
    for (const KeyAttribute& k : index->hash_keys()) {
      index->hash_slots.push_back(SlotOf(keys, k));
    }
    for (const KeyAttribute& k : index->range_keys()) {
      index->range_slots.push_back(SlotOf(keys, k));
    }
  }
}

IndexKeyValues Table::IndexKeysOf(const Item& item) const {
  const std::vector<KeyAttribute>& index_keys = state_.index_keys;
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
  if (ttl_enabled() && now_micros >= state_.next_ttl_sweep_micros) {
    return true;
  }
  // The end of an UPDATING window (a capacity change to finish).
  const int64_t updating_until = updating_until_micros();
  if (updating_until != 0 && now_micros >= updating_until) return true;
  for (const auto& index : state_.indexes) {
    if (!index->pending.empty() &&
        index->pending.front().visible_at_micros <= now_micros) {
      return true;
    }
  }
  return false;
}

void Table::DoDueWork(int64_t now_micros) {
  const int64_t updating_until = updating_until_micros();
  if (updating_until != 0 && now_micros >= updating_until) {
    FinishCapacityChange(*this, now_micros);
    set_updating_until_micros(0);  // ACTIVE, and nothing left to finish
  }
  if (ttl_enabled() && now_micros >= state_.next_ttl_sweep_micros) {
    ExpireItems(*this, now_micros);
    state_.next_ttl_sweep_micros =
        now_micros + def_.time_to_live.sweep_interval_micros;
  }
  for (const auto& index : state_.indexes) {
    while (!index->pending.empty() &&
           index->pending.front().visible_at_micros <= now_micros) {
      ApplyIndexChange(std::move(index->pending.front().change));
      index->pending.pop_front();
    }
  }
}

TableDescription Table::Describe(int64_t now_micros) const {
  const TableState& s = state_;
  TableDescription d;
  d.table_name = def_.name;
  d.table_arn = def_.arn;
  d.table_id = def_.id;
  d.table_status = TableStatus::kActive;
  d.key_schema = def_.key_schema;
  d.attribute_definitions = s.attribute_definitions;
  d.creation_date_time = def_.creation_date_time;
  d.item_count = s.store.item_count();
  d.table_size_bytes = s.store.total_item_bytes();
  d.provisioned_throughput.read_capacity_units =
      s.billing_mode == BillingMode::kProvisioned
          ? s.throughput.read_capacity_units
          : 0;
  d.provisioned_throughput.write_capacity_units =
      s.billing_mode == BillingMode::kProvisioned
          ? s.throughput.write_capacity_units
          : 0;
  d.provisioned_throughput.last_increase_date_time = s.last_increase;
  d.provisioned_throughput.last_decrease_date_time = s.last_decrease;
  if (s.billing_mode == BillingMode::kPayPerRequest) {
    d.billing_mode_summary = BillingModeSummary{
        BillingMode::kPayPerRequest, s.last_update_to_pay_per_request};
    if (!s.on_demand.empty()) d.on_demand_throughput = s.on_demand;
  }
  for (const auto& index : s.indexes) {
    if (index->is_global()) {
      GlobalSecondaryIndexDescription g;
      g.index_name = index->name();
      g.key_schema = index->key_schema();
      g.projection = index->projection();
      const bool active = index->IsActive(now_micros);
      g.index_status = active ? IndexStatus::kActive : IndexStatus::kCreating;
      if (!active) g.backfilling = true;
      if (s.billing_mode == BillingMode::kProvisioned) {
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
  if (state_.stream_view_type) {
    d.stream_specification = StreamSpecification{
        .stream_enabled = true, .stream_view_type = state_.stream_view_type};
  }
  if (!state_.latest_stream_arn.empty()) {
    d.latest_stream_arn = state_.latest_stream_arn;
    d.latest_stream_label = state_.latest_stream_label;
  }
  d.restore_summary = state_.restore_summary;
  ApplyLifecycle(*this, now_micros, d);
  // A restored table is CREATING while its restore runs.
  if (d.restore_summary && d.table_status == TableStatus::kCreating) {
    d.restore_summary->restore_in_progress = true;
  }
  return d;
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
  if (!table.definition().gsi_lag.enabled() && !table.ttl_enabled() &&
      table.updating_until_micros() == 0) {
    return;
  }
  const int64_t now_micros = clock.NowMicros();
  {
    ReaderMutexLock lock(&table.mu());
    if (!table.HasDueWork(now_micros)) return;
  }
  MutexLock lock(&table.mu());
  table.DoDueWork(now_micros);
}

void LogSettingsChange(const Table& table) {
  Journal* journal = table.definition().journal;
  // A table DeleteTable removed stays deleted, whatever came after.
  if (journal == nullptr || table.dropped()) return;
  journal->AppendTable(table.definition().journal_number,
                       journal->EncodeTable(table));
}

}  // namespace eddy::engine
