// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/lifecycle.h"

#include <algorithm>
#include <mutex>
#include <utility>

#include "emulator/engine/table/admission.h"

namespace eddy::engine {
namespace {

constexpr char kInUse[] =
    "Attempt to change a resource which is still in use: ";

constexpr int64_t kMicrosPerDay = 86'400'000'000;

double Seconds(int64_t micros) { return static_cast<double>(micros) / 1e6; }

int64_t DayOf(int64_t micros) { return micros / kMicrosPerDay; }

void CountDecrease(TableState& state, int64_t at_micros) {
  const int64_t day = DayOf(at_micros);
  if (state.decrease_day != day) {
    state.decrease_day = day;
    state.decreases_that_day = 0;
  }
  ++state.decreases_that_day;
}

// The description's capacity members as the settings `c` make them
// (Table::Describe's rules: throughput 0 on demand, maximums when set).
void DescribeCapacity(const TableState::CapacityInForce& c,
                      TableDescription& d) {
  const bool provisioned = c.billing_mode == BillingMode::kProvisioned;
  d.provisioned_throughput.read_capacity_units =
      provisioned ? c.throughput.read_capacity_units : 0;
  d.provisioned_throughput.write_capacity_units =
      provisioned ? c.throughput.write_capacity_units : 0;
  d.billing_mode_summary.reset();
  d.on_demand_throughput.reset();
  if (!provisioned) {
    d.billing_mode_summary = BillingModeSummary{
        BillingMode::kPayPerRequest, c.last_update_to_pay_per_request};
    if (!c.on_demand.empty()) d.on_demand_throughput = c.on_demand;
  }
  for (GlobalSecondaryIndexDescription& g : d.global_secondary_indexes) {
    for (const TableState::CapacityInForce::Index& i : c.indexes) {
      if (i.name != g.index_name) continue;
      g.provisioned_throughput.read_capacity_units =
          provisioned ? i.throughput.read_capacity_units : 0;
      g.provisioned_throughput.write_capacity_units =
          provisioned ? i.throughput.write_capacity_units : 0;
      g.on_demand_throughput.reset();
      if (!provisioned && !i.on_demand.empty()) {
        g.on_demand_throughput = i.on_demand;
      }
      if (i.updating && g.index_status == IndexStatus::kActive) {
        g.index_status = IndexStatus::kUpdating;
      }
    }
  }
}

}  // namespace

TableStatus StatusAt(const Table& table, int64_t now_micros) {
  if (now_micros < table.creating_until_micros()) return TableStatus::kCreating;
  if (now_micros < table.updating_until_micros()) return TableStatus::kUpdating;
  return TableStatus::kActive;
}

void StartCreating(Table& table, int64_t now_micros) {
  const int64_t window =
      table.definition().transient_statuses.create_table_micros;
  if (window > 0) table.set_creating_until_micros(now_micros + window);
}

void StartUpdating(Table& table, int64_t now_micros) {
  const int64_t window =
      table.definition().transient_statuses.update_table_micros;
  if (window > 0) table.set_updating_until_micros(now_micros + window);
}

Status CheckChangeable(const Table& table, int64_t now_micros) {
  switch (StatusAt(table, now_micros)) {
    case TableStatus::kCreating:
      return Status::ResourceInUse(std::string(kInUse) +
                                   "Table is being created: " + table.name());
    case TableStatus::kUpdating:
      return Status::ResourceInUse(std::string(kInUse) +
                                   "Table is being updated: " + table.name());
    default:
      return Status::OK();
  }
}

Status TableBeingDeleted(const std::string& name) {
  return Status::ResourceInUse(std::string(kInUse) +
                               "Table is being deleted: " + name);
}

void StartDeletingIndex(Table& table,
                        const GlobalSecondaryIndexDescription& index,
                        int64_t now_micros) {
  const int64_t window =
      table.definition().transient_statuses.delete_index_micros;
  if (window <= 0) return;
  TableState::DeletingIndex d{index, now_micros + window};
  d.description.index_status = IndexStatus::kDeleting;
  d.description.backfilling.reset();
  table.mutable_state().deleting_indexes.push_back(std::move(d));
}

TableState::CapacityInForce CaptureCapacity(
    const Table& table, const std::vector<std::string>& updating) {
  const TableState& s = table.state();
  TableState::CapacityInForce c;
  c.billing_mode = s.billing_mode;
  c.throughput = s.throughput;
  c.on_demand = s.on_demand;
  c.last_update_to_pay_per_request = s.last_update_to_pay_per_request;
  for (const auto& index : s.indexes) {
    if (!index->is_global()) continue;
    c.indexes.push_back(
        {.name = index->name(),
         .throughput = index->throughput,
         .on_demand = index->on_demand,
         .updating = std::find(updating.begin(), updating.end(),
                               index->name()) != updating.end()});
  }
  return c;
}

bool StartCapacityChange(Table& table, TableState::CapacityInForce before,
                         bool increase, bool decrease, int64_t now_micros) {
  TableState& s = table.mutable_state();
  if (table.updating_until_micros() <= now_micros) {
    if (decrease) CountDecrease(s, now_micros);
    return false;
  }
  before.increase = increase;
  before.decrease = decrease;
  before.until_micros = table.updating_until_micros();
  s.capacity_in_force = std::move(before);
  return true;
}

void FinishCapacityChange(Table& table, int64_t now_micros) {
  TableState& s = table.mutable_state();
  if (!s.capacity_in_force || now_micros < s.capacity_in_force->until_micros) {
    return;
  }
  const TableState::CapacityInForce c = std::move(*s.capacity_in_force);
  s.capacity_in_force.reset();
  if (c.increase) {
    s.last_increase = Seconds(c.until_micros);
  } else if (c.decrease) {
    s.last_decrease = Seconds(c.until_micros);
    CountDecrease(s, c.until_micros);
  }
  // The settings were validated when UpdateTable accepted them: the
  // simulator cannot refuse them here (a refusal would leave the old rates,
  // never lose data).
  (void)UpdateResources(table, /*table_changed=*/true, {}, c.until_micros);
  LogSettingsChange(table);
}

void ApplyLifecycle(const Table& table, int64_t now_micros,
                    TableDescription& description) {
  description.table_status = StatusAt(table, now_micros);
  const TableState& s = table.state();
  int64_t decreases =
      DayOf(now_micros) == s.decrease_day ? s.decreases_that_day : 0;
  if (const auto& c = s.capacity_in_force) {
    if (now_micros < c->until_micros) {
      DescribeCapacity(*c, description);
    } else if (c->increase) {  // ended, not yet finished
      description.provisioned_throughput.last_increase_date_time =
          Seconds(c->until_micros);
    } else if (c->decrease) {
      description.provisioned_throughput.last_decrease_date_time =
          Seconds(c->until_micros);
      if (DayOf(c->until_micros) == DayOf(now_micros)) {
        decreases =
            DayOf(c->until_micros) == s.decrease_day ? decreases + 1 : 1;
      }
    }
  }
  description.provisioned_throughput.number_of_decreases_today = decreases;
  if (description.table_status == TableStatus::kCreating) {
    for (auto& g : description.global_secondary_indexes) {
      g.index_status = IndexStatus::kCreating;
    }
  }
  for (const TableState::DeletingIndex& d : table.state().deleting_indexes) {
    if (now_micros < d.until_micros) {
      description.global_secondary_indexes.push_back(d.description);
    }
  }
}

void DeletingTables::Add(TableDescription description, int64_t until_micros) {
  MutexLock lock(&mu_);
  std::string name = description.table_name;
  tables_[std::move(name)] = Entry{std::move(description), until_micros};
}

std::optional<TableDescription> DeletingTables::Find(const std::string& name,
                                                     int64_t now_micros) {
  MutexLock lock(&mu_);
  // Forget every entry past its window (the map stays small).
  std::erase_if(tables_, [now_micros](const auto& entry) {
    return entry.second.until_micros <= now_micros;
  });
  auto it = tables_.find(name);
  if (it == tables_.end()) return std::nullopt;
  return it->second.description;
}

std::vector<std::string> DeletingTables::Names(int64_t now_micros) {
  MutexLock lock(&mu_);
  std::vector<std::string> names;
  for (const auto& [name, entry] : tables_) {
    if (now_micros < entry.until_micros) names.push_back(name);
  }
  return names;
}

}  // namespace eddy::engine
