// Copyright 2026 The eddy Authors.
//
// BatchExecuteStatement: each statement planned on its own
// (StatementContext kBatchExecuteStatement: a SELECT names one item) and run
// on its own through its single-item operation; a statement's error is its
// own response, never the call's.

#include <string>
#include <utility>

#include "emulator/engine/ops/partiql_ops.h"
#include "emulator/engine/ops/partiql_support.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

constexpr size_t kMaxBatchStatements = 25;

// The key attributes of a plan's item (a PutItem's item holds more).
std::optional<Item> KeyAttributesOf(const partiql::Plan& plan,
                                    const partiql::SchemaLookup& schemas) {
  const Item* key = PlanKey(plan);
  const partiql::TableSchema* table = schemas.FindTable(plan.table_name);
  if (key == nullptr || table == nullptr) return std::nullopt;
  Item out;
  if (const AttributeValue* v = key->Find(table->key.hash.name)) {
    out.Set(table->key.hash.name, *v);
  }
  if (table->key.range) {
    if (const AttributeValue* v = key->Find(table->key.range->name)) {
      out.Set(table->key.range->name, *v);
    }
  }
  return out;
}

BatchStatementError ErrorOf(const Status& s) {
  BatchStatementError e;
  e.code = BatchErrorCode(s.code());
  e.message = std::string(s.message());
  if (s.item() != nullptr) e.item = *s.item();
  return e;
}

}  // namespace

std::vector<FaultInjector::Part> PreparedBatch::fault_parts() const {
  std::vector<FaultInjector::Part> parts;
  parts.reserve(plans.size());
  for (const StatusOr<partiql::Plan>& p : plans) {
    if (p.ok()) {
      parts.push_back(FaultInjector::Part{p->table_name, PlanKey(*p)});
    } else {
      parts.push_back(FaultInjector::Part{"", nullptr});
    }
  }
  return parts;
}

StatusOr<PreparedBatch> PrepareBatch(
    Context& ctx, const BatchExecuteStatementRequest& request) {
  ValidationErrors errors;
  const size_t n = request.statements.size();
  if (n == 0) {
    errors.Add("'[]'", "statements",
               "Member must have length greater than or equal to 1");
  } else if (n > kMaxBatchStatements) {
    errors.Add("'[...]'", "statements",
               "Member must have length less than or equal to 25");
  }
  std::vector<const std::string*> statements;
  for (const BatchStatementRequest& s : request.statements) {
    statements.push_back(&s.statement);
  }
  CheckStatementLengths(statements, "statements", errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  PreparedBatch b;
  b.request = &request;
  std::vector<std::optional<partiql::ParsedStatement>> parsed(n);
  bool any_read = false, any_write = false;
  b.plans.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const BatchStatementRequest& s = request.statements[i];
    StatusOr<partiql::ParsedStatement> p =
        partiql::ParseWithParameters(s.statement, ParametersOf(s.parameters));
    if (!p.ok()) {
      b.plans.push_back(p.status());
      continue;
    }
    const partiql::StatementKind kind = partiql::KindOf(*p);
    any_read |= kind == partiql::StatementKind::kSelect;
    any_write |= kind == partiql::StatementKind::kWrite;
    parsed[i] = *std::move(p);
    b.plans.push_back(Status(ErrorCode::kInternalServerError,
                             "not planned"));  // planned below
  }
  if (any_read && any_write) {
    return Status::Validation(
        "Read and write requests together in the same batch is not "
        "supported.");
  }
  b.reads = !any_write;
  CatalogSchemas schemas(ctx.catalog);
  std::vector<std::pair<std::string, Item>> keys;
  for (size_t i = 0; i < n; ++i) {
    if (!parsed[i]) continue;
    const BatchStatementRequest& s = request.statements[i];
    partiql::PlanOptions options;
    options.context = partiql::StatementContext::kBatchExecuteStatement;
    options.consistent_read = s.consistent_read;
    options.return_consumed_capacity = request.return_consumed_capacity;
    options.return_values_on_condition_check_failure_all_old =
        s.return_values_on_condition_check_failure_all_old;
    b.plans[i] = partiql::PlanParsed(*parsed[i], ParametersOf(s.parameters),
                                     schemas, options);
    if (!b.plans[i].ok()) continue;
    if (std::optional<Item> key = KeyAttributesOf(*b.plans[i], schemas)) {
      for (const auto& [table, k] : keys) {
        if (table == b.plans[i]->table_name && k == *key) {
          return Status::Validation(
              "Provided list of item keys contains duplicates");
        }
      }
      keys.emplace_back(b.plans[i]->table_name, *std::move(key));
    }
  }
  return b;
}

StatusOr<BatchExecuteStatementResponse> RunBatch(
    Context& ctx, PreparedBatch& batch,
    const std::vector<std::optional<Status>>& faults) {
  BatchExecuteStatementResponse out;
  out.responses.reserve(batch.plans.size());
  for (size_t i = 0; i < batch.plans.size(); ++i) {
    BatchStatementResponse r;
    const StatusOr<partiql::Plan>& plan = batch.plans[i];
    if (!plan.ok()) {
      r.error = ErrorOf(plan.status());
      out.responses.push_back(std::move(r));
      continue;
    }
    r.table_name = plan->table_name;
    if (i < faults.size() && faults[i]) {
      r.error = ErrorOf(*faults[i]);
      out.responses.push_back(std::move(r));
      continue;
    }
    StatusOr<SingleItemOutcome> o = RunSingleItemPlan(ctx, *plan);
    if (!o.ok()) {
      r.error = ErrorOf(o.status());
    } else {
      r.item = std::move(o->item);
      if (o->consumed_capacity) {
        AddTableCapacity(out.consumed_capacity, *o->consumed_capacity);
      }
    }
    out.responses.push_back(std::move(r));
  }
  return out;
}

}  // namespace eddy::engine
