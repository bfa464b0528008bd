// Copyright 2026 The eddy Authors.
//
// The item operations after their expressions are compiled. Each public
// entry (get_item.cc, put_item.cc, ...) validates its request, compiles the
// expressions from the request's strings or legacy parameters, and calls its
// Run* function here; PartiQL (execute_statement.cc and friends) calls the
// same Run* functions with the trees its planner already resolved. So each
// operation has one implementation after expression compilation: the same
// table lookup, key checks, locking, conditions, capacity, admission
// (throttling) and change feed.
//
//   std::optional<expr::ResolvedCondition> condition = ...;  // compiled
//   return RunPutItem(ctx, request, condition ? &*condition : nullptr);
//
// The Run* functions ignore the request's expression strings, names and
// values (and legacy parameters): only the trees passed in count. Requests
// must already have passed their request-model checks (table name, Limit,
// ReturnValues). Errors: those of the operation from the table lookup on
// (ResourceNotFoundException, key ValidationExceptions,
// ConditionalCheckFailedException, throttling, ...).
//
// Thread safety: as the public operations (each takes its table's lock).

#ifndef EDDY_EMULATOR_ENGINE_OPS_RESOLVED_OPS_H_
#define EDDY_EMULATOR_ENGINE_OPS_RESOLVED_OPS_H_

#include <cstdint>

#include "emulator/api/requests.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/update.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

// The resolved expressions of a Query or Scan (null: none of that kind).
struct ReadExpressions {
  const expr::ResolvedCondition* key_condition = nullptr;  // Query: required
  const expr::ResolvedCondition* filter = nullptr;
  const expr::ResolvedProjection* projection = nullptr;
  // Query: how "<X> can only contain non-primary key attributes" names the
  // filter ("Filter Expression", "QueryFilter"); null skips the check
  // (a PartiQL WHERE may filter on key attributes).
  const char* filter_key_check = "Filter Expression";
  // The item bytes a page may evaluate: 1 MB, or what is left of it when
  // several reads share one page (a PartiQL SELECT decomposed into Queries).
  int64_t max_page_bytes = limits::kMaxPageBytes;
};

StatusOr<GetItemResponse> RunGetItem(
    Context& ctx, const GetItemRequest& request,
    const expr::ResolvedProjection* projection);
StatusOr<QueryResponse> RunQuery(Context& ctx, const QueryRequest& request,
                                 const ReadExpressions& expressions);
StatusOr<ScanResponse> RunScan(Context& ctx, const ScanRequest& request,
                               const ReadExpressions& expressions);
StatusOr<PutItemResponse> RunPutItem(Context& ctx,
                                     const PutItemRequest& request,
                                     const expr::ResolvedCondition* condition);
StatusOr<DeleteItemResponse> RunDeleteItem(
    Context& ctx, const DeleteItemRequest& request,
    const expr::ResolvedCondition* condition);
StatusOr<UpdateItemResponse> RunUpdateItem(
    Context& ctx, const UpdateItemRequest& request,
    const expr::ResolvedUpdate* update,
    const expr::ResolvedCondition* condition);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_RESOLVED_OPS_H_
