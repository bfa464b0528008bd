// Copyright 2026 The eddy Authors.

#include <mutex>
#include <shared_mutex>

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/write.h"

namespace eddy::engine {

void SetDatabaseParts(const Context& ctx, TableDefinition& def) {
  def.gsi_lag = ctx.options->gsi_lag;
  def.time_to_live = ctx.options->time_to_live;
  def.index_backfill = ctx.options->index_backfill;
  def.item_collection_size_limit_bytes =
      ctx.options->item_collection_size_limit_bytes;
  // The table and its GSIs become resources of the throttling simulator,
  // which owns their partitions (admission.h).
  def.simulator = ctx.simulator;
  def.feed = ctx.feed;
  def.journal = ctx.journal;
}

StatusOr<std::shared_ptr<Table>> FindTable(Context& ctx,
                                           const std::string& name) {
  std::shared_ptr<Table> table = ctx.catalog->Find(name);
  if (table == nullptr) return TableNotFound(name, /*describe_form=*/false);
  return table;
}

std::optional<ConsumedCapacity> MakeConsumedCapacity(
    ReturnConsumedCapacity mode, const std::string& table,
    int64_t read_half_units, int64_t write_half_units) {
  if (mode == ReturnConsumedCapacity::kNone) return std::nullopt;
  ConsumedCapacity c;
  c.table_name = table;
  // Outside transactions DynamoDB reports only CapacityUnits (no read/write
  // split), for the request and, with INDEXES, for the table.
  c.capacity_units = capacity::ToUnits(read_half_units + write_half_units);
  if (mode == ReturnConsumedCapacity::kIndexes) {
    c.table = Capacity{c.capacity_units, std::nullopt, std::nullopt};
  }
  return c;
}

std::optional<ConsumedCapacity> MakeConsumedCapacity(
    ReturnConsumedCapacity mode, const std::string& table,
    int64_t table_half_units, std::span<const IndexUnits> indexes) {
  if (mode == ReturnConsumedCapacity::kNone) return std::nullopt;
  ConsumedCapacity c;
  c.table_name = table;
  int64_t total = table_half_units;
  for (const IndexUnits& u : indexes) total += u.half_units;
  c.capacity_units = capacity::ToUnits(total);
  if (mode == ReturnConsumedCapacity::kIndexes) {
    if (table_half_units > 0 || indexes.empty()) {
      c.table = Capacity{capacity::ToUnits(table_half_units), std::nullopt,
                         std::nullopt};
    }
    for (const IndexUnits& u : indexes) {
      auto& map = u.index->is_global() ? c.global_secondary_indexes
                                       : c.local_secondary_indexes;
      map[u.index->name()].capacity_units += capacity::ToUnits(u.half_units);
    }
  }
  return c;
}

std::optional<ConsumedCapacity> TransactionalCapacity(
    ReturnConsumedCapacity mode, const std::string& table,
    const WriteUnits& units, bool write) {
  std::optional<ConsumedCapacity> c =
      MakeConsumedCapacity(mode, table, units.table, units.indexes);
  if (!c) return c;
  auto split = [write](double v, std::optional<double>& r,
                       std::optional<double>& w) { (write ? w : r) = v; };
  split(c->capacity_units, c->read_capacity_units, c->write_capacity_units);
  if (c->table) {
    split(c->table->capacity_units, c->table->read_capacity_units,
          c->table->write_capacity_units);
  }
  for (auto* map :
       {&c->global_secondary_indexes, &c->local_secondary_indexes}) {
    for (auto& [name, cap] : *map) {
      split(cap.capacity_units, cap.read_capacity_units,
            cap.write_capacity_units);
    }
  }
  return c;
}

}  // namespace eddy::engine
