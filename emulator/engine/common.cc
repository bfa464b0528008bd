// Copyright 2026 The eddy Authors.

#include "emulator/capacity/units.h"
#include "emulator/engine/operations.h"

namespace eddy::engine {

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

Status RejectUnsupported(const std::optional<std::string>& expression,
                         const char* parameter) {
  if (!expression.has_value()) return Status::OK();
  return Status::Validation(std::string(parameter) +
                            " is not supported by this version of eddy yet");
}

}  // namespace eddy::engine
