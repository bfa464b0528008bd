// Copyright 2026 The eddy Authors.
//
// ExecuteTransaction: each statement planned (StatementContext
// kExecuteTransaction), then all of them run as one TransactGetItems (all
// SELECT) or one TransactWriteItems (writes and EXISTS checks) through
// transact_actions.h.

#include <string>
#include <utility>

#include "emulator/engine/ops/partiql_ops.h"
#include "emulator/engine/ops/partiql_support.h"
#include "emulator/engine/ops/transact_actions.h"
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

uint64_t Fnv(std::string_view s, uint64_t h) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

uint64_t FingerprintOf(const ExecuteTransactionRequest& r) {
  uint64_t h = 1469598103934665603ull;
  for (const ParameterizedStatement& s : r.transact_statements) {
    h = Fnv(s.statement, h);
    h = Fnv("|", h);
    if (s.parameters) {
      for (const AttributeValue& p : *s.parameters) {
        h = Fnv(p.DebugString(), h);
        h = Fnv(",", h);
      }
    }
    h = Fnv(s.return_values_on_condition_check_failure_all_old ? "|A;" : "|N;",
            h);
  }
  return h;
}

}  // namespace

std::vector<FaultInjector::Part> PreparedTransaction::fault_parts() const {
  std::vector<FaultInjector::Part> parts;
  parts.reserve(plans.size());
  for (const partiql::Plan& p : plans) {
    parts.push_back(FaultInjector::Part{p.table_name, PlanKey(p)});
  }
  return parts;
}

StatusOr<PreparedTransaction> PrepareTransaction(
    Context& ctx, const ExecuteTransactionRequest& request) {
  ValidationErrors errors;
  const size_t n = request.transact_statements.size();
  if (n == 0) {
    errors.Add("'[]'", "transactStatements",
               "Member must have length greater than or equal to 1");
  } else if (n > static_cast<size_t>(limits::kMaxTransactItems)) {
    errors.Add("'[...]'", "transactStatements",
               "Member must have length less than or equal to 100");
  }
  if (request.client_request_token) {
    const size_t len = request.client_request_token->size();
    if (len < 1) {
      errors.Add("''", "clientRequestToken",
                 "Member must have length greater than or equal to 1");
    } else if (len >
               static_cast<size_t>(limits::kMaxClientRequestTokenLength)) {
      errors.Add("'" + *request.client_request_token + "'",
                 "clientRequestToken",
                 "Member must have length less than or equal to 36");
    }
  }
  std::vector<const std::string*> statements;
  for (const ParameterizedStatement& s : request.transact_statements) {
    statements.push_back(&s.statement);
  }
  CheckStatementLengths(statements, "transactStatements", errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  auto prefixed = [](size_t i, Status s) {
    if (s.code() != ErrorCode::kValidation) return s;
    return s.WithMessagePrefix("Validation failed in TransactStatements[" +
                               std::to_string(i) + "]: ");
  };
  // Parse every statement, then judge the mix, then plan.
  std::vector<partiql::ParsedStatement> parsed;
  parsed.reserve(n);
  bool any_read = false, any_write = false;
  for (size_t i = 0; i < n; ++i) {
    const ParameterizedStatement& s = request.transact_statements[i];
    StatusOr<partiql::ParsedStatement> p =
        partiql::ParseWithParameters(s.statement, ParametersOf(s.parameters));
    if (!p.ok()) return prefixed(i, p.status());
    const partiql::StatementKind kind = partiql::KindOf(*p);
    any_read |= kind == partiql::StatementKind::kSelect;
    any_write |= kind == partiql::StatementKind::kWrite ||
                 kind == partiql::StatementKind::kExists;
    parsed.push_back(*std::move(p));
  }
  if (any_read && any_write) {
    return Status::Validation(
        "ExecuteTransaction API does not support both read and write "
        "operations in the same request.");
  }
  PreparedTransaction t;
  t.request = &request;
  t.reads = any_read;
  t.fingerprint = FingerprintOf(request);
  CatalogSchemas schemas(ctx.catalog);
  for (size_t i = 0; i < n; ++i) {
    const ParameterizedStatement& s = request.transact_statements[i];
    partiql::PlanOptions options;
    options.context = partiql::StatementContext::kExecuteTransaction;
    options.return_consumed_capacity = request.return_consumed_capacity;
    options.return_values_on_condition_check_failure_all_old =
        s.return_values_on_condition_check_failure_all_old;
    StatusOr<partiql::Plan> plan = partiql::PlanParsed(
        parsed[i], ParametersOf(s.parameters), schemas, options);
    if (!plan.ok()) return prefixed(i, plan.status());
    t.plans.push_back(*std::move(plan));
  }
  return t;
}

StatusOr<ExecuteTransactionResponse> RunTransaction(
    Context& ctx, PreparedTransaction& transaction) {
  const ExecuteTransactionRequest& request = *transaction.request;
  ExecuteTransactionResponse out;
  if (transaction.reads) {
    std::vector<GetAction> gets;
    gets.reserve(transaction.plans.size());
    for (const partiql::Plan& p : transaction.plans) {
      GetAction g;
      g.table_name = &p.table_name;
      g.key = &p.get_item->key;
      if (!p.compiled.empty()) g.projection = p.compiled[0].projection;
      gets.push_back(std::move(g));
    }
    EDDY_ASSIGN_OR_RETURN(
        TransactGetItemsResponse r,
        RunTransactGet(ctx, gets, request.return_consumed_capacity));
    for (size_t i = 0; i < r.responses.size(); ++i) {
      ItemResponse item = std::move(r.responses[i]);
      if (item.item && i < transaction.plans.size()) {
        item.item = ShapeItem(transaction.plans[i], *std::move(item.item));
      }
      out.responses.push_back(std::move(item));
    }
    out.consumed_capacity = std::move(r.consumed_capacity);
    return out;
  }
  std::vector<WriteAction> actions;
  actions.reserve(transaction.plans.size());
  for (size_t i = 0; i < transaction.plans.size(); ++i) {
    const partiql::Plan& p = transaction.plans[i];
    WriteAction a;
    a.table_name = &p.table_name;
    a.key_parameter = PlanKey(p);
    switch (p.operation) {
      case partiql::PlanOperation::kPutItem:
        a.kind = WriteAction::Kind::kPut;
        a.put_item = &p.put_item->item;
        break;
      case partiql::PlanOperation::kUpdateItem:
        a.kind = WriteAction::Kind::kUpdate;
        break;
      case partiql::PlanOperation::kDeleteItem:
        a.kind = WriteAction::Kind::kDelete;
        break;
      case partiql::PlanOperation::kConditionCheck:
        a.kind = WriteAction::Kind::kConditionCheck;
        break;
      default:
        return Status(ErrorCode::kInternalServerError,
                      "a read plan in a transaction of writes");
    }
    if (!p.compiled.empty()) {
      a.condition = p.compiled[0].condition;
      a.update = p.compiled[0].update;
    }
    a.return_old_on_failure =
        request.transact_statements[i]
            .return_values_on_condition_check_failure_all_old;
    a.insert = p.insert;
    actions.push_back(std::move(a));
  }
  TransactWriteOptions options;
  options.return_consumed_capacity = request.return_consumed_capacity;
  if (request.client_request_token) {
    options.client_request_token = &*request.client_request_token;
    options.fingerprint = transaction.fingerprint;
  }
  EDDY_ASSIGN_OR_RETURN(TransactWriteItemsResponse r,
                        RunTransactWrite(ctx, actions, options));
  out.consumed_capacity = std::move(r.consumed_capacity);
  return out;
}

}  // namespace eddy::engine
