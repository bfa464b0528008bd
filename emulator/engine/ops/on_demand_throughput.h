// Copyright 2026 The eddy Authors.
//
// On-demand maximum throughput (OnDemandThroughput: MaxReadRequestUnits /
// MaxWriteRequestUnits) of tables and GSIs in CreateTable and UpdateTable:
// DynamoDB's checks and messages, and how a request changes the limits kept.
//
//   OnDemandLimitCheck check{.table_provisioned = false,
//                            .operation = OnDemandOperation::kUpdateTable};
//   EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(*request.on_demand_throughput,
//                                                check));
//   MergeOnDemandThroughput(*request.on_demand_throughput,
//   table.state().on_demand);
//
// What DynamoDB does, as observed against the service (2026 captures, see
// on_demand_throughput.cc for which messages are confirmed):
// - The limits are valid on PAY_PER_REQUEST only; on a PROVISIONED table a
//   member is refused, naming the first member present (read first), before
//   any value is checked.
// - CreateTable: each member present must be >= 1. UpdateTable: >= 1, or -1
//   to remove that limit. A member left out keeps its value.
// - Only the limits set are described; none set: no OnDemandThroughput.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_ENGINE_OPS_ON_DEMAND_THROUGHPUT_H_
#define EDDY_EMULATOR_ENGINE_OPS_ON_DEMAND_THROUGHPUT_H_

#include <string_view>

#include "emulator/base/status.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

enum class OnDemandOperation {
  kCreateTable,  // CreateTable, and its GlobalSecondaryIndexes
  kCreateIndex,  // UpdateTable's GlobalSecondaryIndexUpdates.Create
  kUpdate,       // UpdateTable's OnDemandThroughput, or an index Update
};

struct OnDemandLimitCheck {
  // The billing mode the table has after the request.
  bool table_provisioned = false;
  OnDemandOperation operation = OnDemandOperation::kCreateTable;
  // Empty: the table's own limits; else the GSI the limits are for.
  std::string_view index_name;
};

// The whole check of one OnDemandThroughput (an empty one passes).
// Errors: ValidationException with DynamoDB's message.
Status CheckOnDemandThroughput(const OnDemandThroughput& requested,
                               const OnDemandLimitCheck& check);

// Applies a checked request to the limits kept: a member >= 1 sets that
// limit, -1 removes it, an absent member leaves it.
void MergeOnDemandThroughput(const OnDemandThroughput& requested,
                             OnDemandThroughput& kept);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_ON_DEMAND_THROUGHPUT_H_
