// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/lifecycle.h"

#include <algorithm>
#include <mutex>
#include <utility>

namespace eddy::engine {
namespace {

constexpr char kInUse[] =
    "Attempt to change a resource which is still in use: ";

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

void ApplyLifecycle(const Table& table, int64_t now_micros,
                    TableDescription& description) {
  description.table_status = StatusAt(table, now_micros);
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

}  // namespace eddy::engine
