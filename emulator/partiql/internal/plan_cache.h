// Copyright 2026 The eddy Authors.
//
// The plan cache behind PlanStatement: a statement is parsed and planned
// once, and later calls with the same text bind their `?` parameters into
// the cached plan's parameter slots instead of planning again.
//
//   StatusOr<Plan> plan = PlanCached(text, params, schemas, options,
//       [&] { return PlanUncached(text, params, schemas, options); });
//
// Which statements have slots (every other statement is planned in full
// on every call, with only its parse memoized by internal/parse_cache.h):
// - SELECT ... FROM "t" WHERE k1 = ? [AND k2 = ?] that plans as a GetItem:
//   each `?` is a key value of the GetItem.
// - DELETE FROM "t" WHERE k1 = ? [AND k2 = ?] [RETURNING ALL OLD *] with
//   nothing but the key in the WHERE: each `?` is a key value.
// - INSERT INTO "t" VALUE {'a': ?, 'b': <literal>, ...}: each `?` is the
//   whole value of a top-level attribute of the item.
// Every `?` must appear once, in one of those places, and nowhere else;
// an UPDATE, a SELECT that becomes a Query or Scan, a `?` inside a list or
// map, or a key named twice are planned in full.
//
// Contract:
// - The answer is always exactly what planning in full would answer
//   (tests/partiql/plan_cache_test.cc compares the two on generated
//   parameters): a cached plan is used only for the same text, the same
//   PlanOptions and parameters of the same DynamoDB types in the same
//   order (the planner's checks on parameters depend on their types only:
//   key types, operand types), and only while the table's schema (key
//   attributes and their types, indexes) is the one the plan was made
//   for. A table deleted and re-created with another key, or no longer
//   there, drops the entry and the statement is planned in full (and
//   errors, such as ResourceNotFoundException, come from that).
// - Errors are never cached.
// - Bounded memory: statements of at most kMaxCachedStatementLength bytes,
//   at most kMaxCachedPlans entries; when full, the cache is emptied before
//   the next entry is added. Statements without slots are remembered too
//   (as such), so they are not examined again. A cached plan keeps no
//   parameter's value (its slots hold NULL until bound).
// - Thread safety: safe from any number of threads (one mutex around the
//   map; planning and binding happen outside it). Entries are immutable
//   and shared.
// - SetPlanCacheEnabled(false) turns the cache off process-wide (every
//   call plans in full), for benchmarks and tests that compare the two;
//   it is on by default.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_PLAN_CACHE_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_PLAN_CACHE_H_

#include <cstddef>
#include <functional>
#include <span>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/partiql/parser.h"
#include "emulator/partiql/partiql.h"
#include "emulator/partiql/schema.h"
#include "emulator/types/attribute_value.h"

namespace eddy::partiql::internal {

inline constexpr size_t kMaxCachedPlans = 256;

// Returns the plan of `statement` with `parameters`: from the cache when an
// entry fits (see the file comment), else plan_in_full(), whose successful
// answer is remembered together with `parsed` (the statement's parse,
// which tells where the slots are).
// REQUIRES: plan_in_full() plans exactly `statement`, `parameters`,
// `schemas`, `options`; `parsed` is that statement's parse.
StatusOr<Plan> PlanCached(std::string_view statement,
                          const ParsedStatement& parsed,
                          std::span<const AttributeValue> parameters,
                          const SchemaLookup& schemas,
                          const PlanOptions& options,
                          const std::function<StatusOr<Plan>()>& plan_in_full);

void SetPlanCacheEnabled(bool enabled);
bool PlanCacheEnabled();

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_PLAN_CACHE_H_
