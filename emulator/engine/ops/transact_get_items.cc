// Copyright 2026 The eddy Authors.
//
// TransactGetItems: up to 100 Gets read as of one moment — every table is
// locked (shared, in name order) for the whole read, so no transaction is
// ever seen half applied. Each item is charged as a transactional read: twice
// a strongly consistent read, rounded up to 4 KB per item (a missing item
// still costs one block).

#include <algorithm>
#include <map>
#include <set>

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/transact_actions.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/engine/table/transactions.h"
#include "emulator/engine/table/write.h"
#include "emulator/expr/projection.h"
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

StatusOr<TransactGetItemsResponse> TransactGetItems(
    Context& ctx, const TransactGetItemsRequest& request) {
  ValidationErrors errors;
  if (request.transact_items.empty()) {
    errors.Add("'[]'", "transactItems",
               "Member must have length greater than or equal to 1");
  } else if (request.transact_items.size() >
             static_cast<size_t>(limits::kMaxTransactItems)) {
    errors.Add("'[...]'", "transactItems",
               "Member must have length less than or equal to 100");
  }
  for (size_t i = 0; i < request.transact_items.size(); ++i) {
    errors.CheckDataTableName(
        request.transact_items[i].table_name,
        "transactItems." + std::to_string(i + 1) + ".member.get.tableName");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  std::vector<GetAction> gets;
  gets.reserve(request.transact_items.size());
  for (const TransactGetItem& t : request.transact_items) {
    EDDY_RETURN_IF_ERROR(CheckProjectionNames(t.expression_attribute_names,
                                              t.projection_expression));
    static const std::optional<ExpressionAttributeValues> kNoValues;
    Placeholders placeholders(t.expression_attribute_names, kNoValues);
    EDDY_ASSIGN_OR_RETURN(
        std::optional<expr::ResolvedProjection> projection,
        CompileProjection(t.projection_expression, std::nullopt, placeholders));
    EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
    GetAction g;
    g.table_name = &t.table_name;
    g.key = &t.key;
    if (projection) {
      g.projection = std::make_shared<const expr::ResolvedProjection>(
          *std::move(projection));
    }
    gets.push_back(std::move(g));
  }
  return RunTransactGet(ctx, gets, request.return_consumed_capacity);
}

StatusOr<TransactGetItemsResponse> RunTransactGet(
    Context& ctx, const std::vector<GetAction>& actions,
    ReturnConsumedCapacity return_consumed_capacity) {
  struct Get {
    std::shared_ptr<Table> table;
    StorageKey key;
    const expr::ResolvedProjection* projection = nullptr;
  };
  std::vector<Get> gets;
  std::set<std::tuple<const Table*, std::string, std::string>> seen;
  for (const GetAction& t : actions) {
    Get g;
    g.projection = t.projection.get();
    EDDY_ASSIGN_OR_RETURN(g.table, FindTable(ctx, *t.table_name));
    StatusOr<StorageKey> key = KeyFromKeyParameter(*g.table, *t.key);
    if (!key.ok()) {
      // A key that does not fit the schema cancels the transaction with a
      // ValidationError reason; an empty key value is a top-level error.
      if (key.status().message() !=
          "The provided key element does not match the schema") {
        return key.status();
      }
      std::vector<CancellationReason> reasons(
          actions.size(), CancellationReason{"None", "", nullptr});
      reasons[gets.size()] = CancellationReason{
          "ValidationError", std::string(key.status().message()), nullptr};
      return TransactionCanceled(std::move(reasons));
    }
    g.key = *std::move(key);
    if (!seen.emplace(g.table.get(), g.key.pk, g.key.sk).second) {
      return Status::Validation(
          "Transaction request cannot include multiple operations on one "
          "item");
    }
    gets.push_back(std::move(g));
  }

  TransactGetItemsResponse response;
  std::vector<std::string> order;  // tables as they first appear
  std::map<std::string, WriteUnits> half_units;
  {
    std::vector<std::shared_ptr<Table>> tables;
    for (const Get& g : gets) tables.push_back(g.table);
    for (const std::shared_ptr<Table>& t : tables) {
      CatchUp(*t, *ctx.options->clock);
    }
    TableLocks locks(std::move(tables), /*exclusive=*/false);
    std::vector<capacity::Access> accesses;
    int64_t response_bytes = 0;
    for (const Get& g : gets) {
      g.table->AssertReaderHeld();  // by `locks`
      ItemResponse r;
      const storage::Record* record = g.table->state().store.Find(g.key.ref());
      accesses.push_back(ReadAccess(
          *g.table, g.key,
          2 * capacity::ReadHalfUnits(record ? record->item_size() : 0,
                                      /*strongly_consistent=*/true),
          /*eventually_consistent=*/false));
      if (record != nullptr) {
        response_bytes += record->item_size();
        if (response_bytes > limits::kMaxTransactRequestBytes) {
          // DynamoDB refuses a TransactGetItems whose items add up to more
          // than 4 MB (API reference); the text is eddy's own, unconfirmed.
          return Status::Validation(
              "Transaction response size cannot exceed 4 MB");
        }
        r.item = g.projection != nullptr
                     ? expr::Project(*g.projection, record->Decode())
                     : record->Decode();
      }
      if (std::find(order.begin(), order.end(), g.table->name()) ==
          order.end()) {
        order.push_back(g.table->name());
      }
      half_units[g.table->name()].table +=
          2 * capacity::ReadHalfUnits(record ? record->item_size() : 0,
                                      /*strongly_consistent=*/true);
      response.responses.push_back(std::move(r));
    }
    // Every read admitted at once, before anything is returned; throttled
    // gets show ProvisionedThroughputExceeded / ThrottlingError.
    if (ctx.simulator != nullptr) {
      const capacity::AdmitDecision d = ctx.simulator->Admit(accesses);
      if (!d.admitted()) {
        std::vector<CancellationReason> reasons(
            gets.size(), CancellationReason{"None", "", nullptr});
        for (size_t k = 0; k < gets.size(); ++k) {
          if (d.AccessThrottled(k)) reasons[k] = d.ToCancellationReason();
        }
        return TransactionCanceled(std::move(reasons));
      }
    }
  }
  for (const std::string& table : order) {
    if (std::optional<ConsumedCapacity> c =
            TransactionalCapacity(return_consumed_capacity, table,
                                  half_units[table], /*write=*/false)) {
      response.consumed_capacity.push_back(*std::move(c));
    }
  }
  return response;
}

}  // namespace eddy::engine
