// Copyright 2026 The eddy Authors.
//
// ExecuteStatement: a statement planned by emulator/partiql, run through the
// item operations' Run* functions (resolved_ops.h) with the planner's trees.

#include <charconv>
#include <cstdio>
#include <string>
#include <utility>

#include "emulator/base/base64.h"
#include "emulator/engine/ops/partiql_ops.h"
#include "emulator/engine/ops/partiql_support.h"
#include "emulator/engine/ops/resolved_ops.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

// NextToken: base64 of "eddy-pql1|<digest hex>|<branch>|" followed by the
// key attributes, each "<type><name length>:<name><value length>:<value>"
// (type S, N or B; numbers as their decimal text).
constexpr std::string_view kTokenPrefix = "eddy-pql1|";

uint64_t Fnv(std::string_view s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

uint64_t DigestOf(const ExecuteStatementRequest& r) {
  uint64_t h = Fnv(r.statement);
  h = Fnv("|", h);
  if (r.parameters) {
    for (const AttributeValue& p : *r.parameters) {
      h = Fnv(p.DebugString(), h);
      h = Fnv(",", h);
    }
  }
  return h;
}

void AppendCounted(std::string_view s, std::string& out) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

std::string EncodeToken(uint64_t digest, size_t branch, const Item* key) {
  std::string raw(kTokenPrefix);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx",
                static_cast<unsigned long long>(digest));
  raw += hex;
  raw += '|';
  raw += std::to_string(branch);
  raw += '|';
  if (key != nullptr) {
    for (const auto& e : *key) {
      switch (e.value.type()) {
        case AttributeType::kS:
          raw += 'S';
          AppendCounted(e.name, raw);
          AppendCounted(e.value.s(), raw);
          break;
        case AttributeType::kN:
          raw += 'N';
          AppendCounted(e.name, raw);
          AppendCounted(e.value.n().ToString(), raw);
          break;
        case AttributeType::kB:
          raw += 'B';
          AppendCounted(e.name, raw);
          AppendCounted(e.value.b(), raw);
          break;
        default:
          break;  // keys hold only S, N and B
      }
    }
  }
  return Base64Encode(raw);
}

// Reads "<n>:<n bytes>" at `pos`.
bool ReadCounted(std::string_view raw, size_t& pos, std::string* out) {
  size_t colon = raw.find(':', pos);
  if (colon == std::string_view::npos) return false;
  size_t n = 0;
  auto [p, ec] = std::from_chars(raw.data() + pos, raw.data() + colon, n);
  if (ec != std::errc() || p != raw.data() + colon) return false;
  pos = colon + 1;
  if (n > raw.size() - pos) return false;
  out->assign(raw.substr(pos, n));
  pos += n;
  return true;
}

struct DecodedToken {
  uint64_t digest = 0;
  size_t branch = 0;
  std::optional<Item> key;
};

std::optional<DecodedToken> DecodeToken(std::string_view token) {
  std::string raw, error;
  if (!Base64Decode(token, &raw, &error)) return std::nullopt;
  std::string_view v(raw);
  if (!v.starts_with(kTokenPrefix)) return std::nullopt;
  v.remove_prefix(kTokenPrefix.size());
  DecodedToken t;
  if (v.size() < 17 || v[16] != '|') return std::nullopt;
  {
    auto [p, ec] = std::from_chars(v.data(), v.data() + 16, t.digest, 16);
    if (ec != std::errc() || p != v.data() + 16) return std::nullopt;
  }
  v.remove_prefix(17);
  size_t bar = v.find('|');
  if (bar == std::string_view::npos) return std::nullopt;
  {
    auto [p, ec] = std::from_chars(v.data(), v.data() + bar, t.branch);
    if (ec != std::errc() || p != v.data() + bar) return std::nullopt;
  }
  v.remove_prefix(bar + 1);
  size_t pos = 0;
  Item key;
  while (pos < v.size()) {
    const char type = v[pos++];
    std::string name, value;
    if (!ReadCounted(v, pos, &name) || !ReadCounted(v, pos, &value)) {
      return std::nullopt;
    }
    switch (type) {
      case 'S':
        key.Set(std::move(name), AttributeValue::S(std::move(value)));
        break;
      case 'N': {
        StatusOr<Number> n = Number::Parse(value);
        if (!n.ok()) return std::nullopt;
        key.Set(std::move(name), AttributeValue::N(*std::move(n)));
        break;
      }
      case 'B':
        key.Set(std::move(name), AttributeValue::B(std::move(value)));
        break;
      default:
        return std::nullopt;
    }
  }
  if (!key.empty()) t.key = std::move(key);
  return t;
}

Status InvalidToken() { return Status::Validation("Invalid NextToken"); }

// Adds `c` (if any) into `total`.
void Accumulate(std::optional<ConsumedCapacity>& total,
                const std::optional<ConsumedCapacity>& c) {
  if (!c) return;
  if (!total) {
    total = *c;
  } else {
    AddCapacity(*total, *c);
  }
}

}  // namespace

FaultInjector::Part PreparedStatement::fault_part() const {
  return FaultInjector::Part{plan.table_name, PlanKey(plan)};
}

StatusOr<PreparedStatement> PrepareStatement(
    Context& ctx, const ExecuteStatementRequest& request) {
  ValidationErrors errors;
  if (request.statement.empty()) {
    errors.Add("''", "statement",
               "Member must have length greater than or equal to 1");
  } else if (StatementLength(request.statement) > kMaxStatementLength) {
    errors.Add("'" + request.statement + "'", "statement",
               "Member must have length less than or equal to 8192");
  }
  if (request.parameters && request.parameters->empty()) {
    errors.Add("'[]'", "parameters",
               "Member must have length greater than or equal to 1");
  }
  if (request.next_token) {
    if (request.next_token->empty()) {
      errors.Add("''", "nextToken",
                 "Member must have length greater than or equal to 1");
    } else if (request.next_token->size() > 32768) {
      errors.Add("'" + *request.next_token + "'", "nextToken",
                 "Member must have length less than or equal to 32768");
    }
  }
  if (request.limit && *request.limit < 1) {
    errors.Add("'" + std::to_string(*request.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  PreparedStatement s;
  s.request = &request;
  CatalogSchemas schemas(ctx.catalog);
  partiql::PlanOptions options;
  options.context = partiql::StatementContext::kExecuteStatement;
  options.consistent_read = request.consistent_read;
  options.limit = request.limit;
  options.return_consumed_capacity = request.return_consumed_capacity;
  options.return_values_on_condition_check_failure_all_old =
      request.return_values_on_condition_check_failure_all_old;
  EDDY_ASSIGN_OR_RETURN(
      s.plan, partiql::PlanStatement(request.statement,
                                     ParametersOf(request.parameters), schemas,
                                     options));
  // The digest binds a NextToken to the statement and its parameters; only
  // reads that page need it (a single-item plan never makes or reads one).
  if (request.next_token ||
      s.plan.operation == partiql::PlanOperation::kQuery ||
      s.plan.operation == partiql::PlanOperation::kScan) {
    s.digest = DigestOf(request);
  }
  if (request.next_token) {
    std::optional<DecodedToken> t = DecodeToken(*request.next_token);
    if (!t) return InvalidToken();
    if (t->digest != s.digest) {
      return Status::Validation("NextToken does not match request");
    }
    const size_t branches = s.plan.operation == partiql::PlanOperation::kQuery
                                ? s.plan.queries.size()
                                : 1;
    if (t->branch >= branches) return InvalidToken();
    s.branch = t->branch;
    s.exclusive_start_key = std::move(t->key);
  }
  return s;
}

StatusOr<ExecuteStatementResponse> RunStatement(Context& ctx,
                                                PreparedStatement& statement) {
  const partiql::Plan& plan = statement.plan;
  ExecuteStatementResponse out;
  switch (plan.operation) {
    case partiql::PlanOperation::kGetItem:
    case partiql::PlanOperation::kPutItem:
    case partiql::PlanOperation::kUpdateItem:
    case partiql::PlanOperation::kDeleteItem: {
      EDDY_ASSIGN_OR_RETURN(SingleItemOutcome o, RunSingleItemPlan(ctx, plan));
      if (o.item) out.items.push_back(*std::move(o.item));
      out.consumed_capacity = std::move(o.consumed_capacity);
      return out;
    }
    case partiql::PlanOperation::kScan: {
      ScanRequest request = *plan.scan;
      request.exclusive_start_key = statement.exclusive_start_key;
      ReadExpressions e;
      if (!plan.compiled.empty()) {
        e.filter = plan.compiled[0].condition.get();
        e.projection = plan.compiled[0].projection.get();
      }
      EDDY_ASSIGN_OR_RETURN(ScanResponse r, RunScan(ctx, request, e));
      out.items.reserve(r.items.size());
      for (Item& item : r.items) {
        out.items.push_back(ShapeItem(plan, std::move(item)));
      }
      out.consumed_capacity = std::move(r.consumed_capacity);
      if (r.last_evaluated_key) {
        out.next_token =
            EncodeToken(statement.digest, 0, &*r.last_evaluated_key);
        out.last_evaluated_key = std::move(r.last_evaluated_key);
      }
      return out;
    }
    case partiql::PlanOperation::kQuery: {
      // The branches in order, one page across them: Limit counts the items
      // evaluated by all of them.
      std::optional<int> remaining = statement.request->limit;
      for (size_t b = statement.branch; b < plan.queries.size(); ++b) {
        if (remaining && *remaining <= 0) {
          out.next_token = EncodeToken(statement.digest, b, nullptr);
          break;
        }
        QueryRequest request = plan.queries[b];
        request.limit = remaining;
        request.exclusive_start_key = b == statement.branch
                                          ? statement.exclusive_start_key
                                          : std::nullopt;
        ReadExpressions e;
        if (b < plan.compiled.size()) {
          e.key_condition = plan.compiled[b].key_condition.get();
          e.filter = plan.compiled[b].condition.get();
          e.projection = plan.compiled[b].projection.get();
        }
        e.filter_key_check =
            plan.filter_reads_key_attributes ? nullptr : "Filter Expression";
        EDDY_ASSIGN_OR_RETURN(QueryResponse r, RunQuery(ctx, request, e));
        for (Item& item : r.items) {
          out.items.push_back(ShapeItem(plan, std::move(item)));
        }
        Accumulate(out.consumed_capacity, r.consumed_capacity);
        if (remaining) *remaining -= static_cast<int>(r.scanned_count);
        if (r.last_evaluated_key) {
          out.next_token =
              EncodeToken(statement.digest, b, &*r.last_evaluated_key);
          out.last_evaluated_key = std::move(r.last_evaluated_key);
          break;
        }
      }
      return out;
    }
    case partiql::PlanOperation::kConditionCheck:
      break;
  }
  // The planner makes EXISTS(...) plans in ExecuteTransaction only.
  return Status(ErrorCode::kInternalServerError,
                "a condition check outside a transaction");
}

}  // namespace eddy::engine
