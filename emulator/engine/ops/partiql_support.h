// Copyright 2026 The eddy Authors.
//
// What the three PartiQL operations (partiql_ops.h) share: the SchemaLookup
// the planner reads tables through, running a single-item plan through its
// operation, shaping results, the per-statement error codes of
// BatchExecuteStatement, and summing consumed capacity.
//
// Thread safety: CatalogSchemas is used by one thread (one planning pass);
// it takes each table's lock (shared) while it copies the definition. The
// functions take the locks of the operations they run.

#ifndef EDDY_EMULATOR_ENGINE_OPS_PARTIQL_SUPPORT_H_
#define EDDY_EMULATOR_ENGINE_OPS_PARTIQL_SUPPORT_H_

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/partiql/partiql.h"
#include "emulator/partiql/schema.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

// The planner's view of the catalog: a table's key schema and its
// secondary indexes (a GSI with a multi-attribute key is marked, and the
// planner refuses to read it), copied under the table's shared lock the
// first time the planner asks. The pointers it returns live as long as the
// lookup.
class CatalogSchemas : public partiql::SchemaLookup {
 public:
  explicit CatalogSchemas(const Catalog* catalog) : catalog_(catalog) {}
  const partiql::TableSchema* FindTable(
      std::string_view table_name) const override;

 private:
  const Catalog* catalog_;
  mutable std::map<std::string, partiql::TableSchema, std::less<>> tables_;
};

// A request's Parameters as the planner takes them.
inline std::span<const AttributeValue> ParametersOf(
    const std::optional<std::vector<AttributeValue>>& parameters) {
  if (!parameters) return {};
  return {parameters->data(), parameters->size()};
}

// A SELECT's result item as DynamoDB returns it: unchanged for SELECT *,
// else each projected path under its output name (`a.b[1]` as "b[1]").
Item ShapeItem(const partiql::Plan& plan, Item item);

// The key a single-item plan names (GetItem, writes, EXISTS), or null.
const Item* PlanKey(const partiql::Plan& plan);

// What a single-item plan returned: a SELECT's item, or a write's RETURNING
// item (none without RETURNING, or when ReturnValues produced nothing).
struct SingleItemOutcome {
  std::optional<Item> item;
  std::optional<ConsumedCapacity> consumed_capacity;
};
// Runs a GetItem, PutItem, UpdateItem or DeleteItem plan through its
// operation with the plan's resolved expressions. An INSERT whose condition
// fails (the key exists) is DuplicateItemException "Duplicate primary key
// exists in table". REQUIRES: plan.operation is one of those four.
StatusOr<SingleItemOutcome> RunSingleItemPlan(Context& ctx,
                                              const partiql::Plan& plan);

// BatchStatementError.Code for an error.
BatchStatementErrorCode BatchErrorCode(ErrorCode code);

// Adds `c` into `into` (the same table): total, table and index units.
void AddCapacity(ConsumedCapacity& into, const ConsumedCapacity& c);
// Adds `c` to the entry of its table in `per_table` (appended when the
// table is new, so tables keep the order they first appear in).
void AddTableCapacity(std::vector<ConsumedCapacity>& per_table,
                      const ConsumedCapacity& c);

// A statement's length in characters (UTF-8 code points), and the most
// DynamoDB's request model allows.
size_t StatementLength(std::string_view statement);
inline constexpr size_t kMaxStatementLength = 8192;

// The request-model checks of the statements of a batch or transaction:
// each 1..8192 characters (`path` is "statements" or "transactStatements").
void CheckStatementLengths(std::span<const std::string* const> statements,
                           std::string_view path, ValidationErrors& errors);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_PARTIQL_SUPPORT_H_
