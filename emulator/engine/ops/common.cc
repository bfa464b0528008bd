// Copyright 2026 The eddy Authors.

#include <mutex>
#include <shared_mutex>
#include <string_view>
#include <vector>

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/engine/table/write.h"

namespace eddy::engine {

Status CheckTableOperationQuota(const Context& ctx, int64_t now_micros,
                                bool indexed_creation) {
  return ctx.catalog->CheckOperationQuota(
      now_micros, ctx.options->max_concurrent_table_operations,
      ctx.options->max_concurrent_indexed_table_creations, indexed_creation);
}

void SetDatabaseParts(const Context& ctx, TableDefinition& def) {
  def.gsi_lag = ctx.options->gsi_lag;
  def.time_to_live = ctx.options->time_to_live;
  def.index_backfill = ctx.options->index_backfill;
  def.transient_statuses = ctx.options->transient_statuses;
  def.item_collection_size_limit_bytes =
      ctx.options->item_collection_size_limit_bytes;
  // The table and its GSIs become resources of the throttling simulator,
  // which owns their partitions (admission.h).
  def.simulator = ctx.simulator;
  def.feed = ctx.feed;
  def.journal = ctx.journal;
}

StatusOr<std::string> ResolveTableName(const Context& ctx,
                                       const std::string& name_or_arn) {
  if (!name_or_arn.starts_with("arn:")) return name_or_arn;
  auto invalid = [&](std::string_view what) {
    return Status::Validation("1 validation error detected: Invalid " +
                              std::string(what) + " in '" + name_or_arn + "'");
  };
  // arn:<partition>:<service>:<region>:<account>:<resource>
  std::vector<std::string_view> parts;
  std::string_view rest = name_or_arn;
  for (int i = 0; i < 5; ++i) {
    const size_t colon = rest.find(':');
    if (colon == std::string_view::npos) return invalid("resource type");
    parts.push_back(rest.substr(0, colon));
    rest.remove_prefix(colon + 1);
  }
  parts.push_back(rest);
  if (parts[1] != "aws") return invalid("AWS partition");
  constexpr std::string_view kTable = "table/";
  const std::string_view resource = parts[5];
  if (parts[2] != "dynamodb" || !resource.starts_with(kTable) ||
      resource.size() == kTable.size() ||
      resource.find('/', kTable.size()) != std::string_view::npos) {
    return invalid("resource type");
  }
  if (parts[3] != ctx.options->region) return invalid("AWS region");
  if (parts[4] != ctx.options->account_id) {
    return Status(ErrorCode::kAccessDenied, "Access is denied");
  }
  return std::string(resource.substr(kTable.size()));
}

StatusOr<std::shared_ptr<Table>> FindTable(Context& ctx,
                                           const std::string& name) {
  EDDY_ASSIGN_OR_RETURN(std::string resolved, ResolveTableName(ctx, name));
  std::shared_ptr<Table> table = ctx.catalog->Find(resolved);
  if (table == nullptr) return TableNotFound(name, /*describe_form=*/false);
  // Item operations see only ACTIVE (or UPDATING) tables: a CREATING one
  // is not found yet (table/lifecycle.h).
  if (table->creating_until_micros() != 0 &&
      StatusAt(*table, ctx.options->clock->NowMicros()) ==
          TableStatus::kCreating) {
    return TableNotFound(name, /*describe_form=*/false);
  }
  return table;
}

Status TableNamedTwice(const std::string& name) {
  return Status::Validation("Table " + name +
                            " is named more than once in RequestItems");
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
    // The table's member is always there, {CapacityUnits: 0} when an index
    // served the whole read (DynamoDB's answer to a Query on an index).
    c.table = Capacity{capacity::ToUnits(table_half_units), std::nullopt,
                       std::nullopt};
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
