// Copyright 2026 The eddy Authors.
//
// Query: one item collection of the table or of an index, in sort-key order
// (reversed when ScanIndexForward is false; index entries with equal sort
// keys in table-key order), narrowed by the KeyConditionExpression's sort key
// condition. Limit counts items evaluated; a page holds at most 1 MB of item
// data (page.h: the item that would cross it starts the next page);
// capacity is the summed size of the evaluated items (index entries) rounded
// up to 4 KB once, plus any LSI fetches of table items. Key bytes are
// order-preserving for S, N and B, so every sort-key condition is a byte range.

#include <optional>
#include <string>

#include "absl/container/inlined_vector.h"
#include "emulator/capacity/units.h"
#include "emulator/engine/ops/expressions.h"
#include "emulator/engine/ops/item_checks.h"
#include "emulator/engine/ops/legacy.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/page.h"
#include "emulator/engine/ops/read_target.h"
#include "emulator/engine/ops/resolved_ops.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/keys.h"
#include "emulator/expr/key_condition.h"
#include "emulator/expr/resolve.h"
#include "emulator/storage/record.h"
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

using SortOp = expr::KeyCondition::SortOp;

// Greater than every stored sort key (raw S/B keys are at most 1024 bytes;
// encoded numbers start with a byte below 0xff).
const std::string& SortKeyMax() {
  static const std::string* max =
      new std::string(limits::kMaxSortKeyBytes + 2, '\xff');
  return *max;
}

Status ValidateQuery(const QueryRequest& r) {
  ValidationErrors errors;
  errors.CheckDataTableName(r.table_name);
  if (r.limit && *r.limit < 1) {
    // Query's current form: no value, "Limit" capitalised (Scan keeps the
    // older "Value '0' at 'limit'").
    errors.AddWithoutValue("Limit",
                           "Member must have value greater than or equal to 1");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(
      CheckSelectAndProjection(r.select, r.projection_expression.has_value(),
                               r.attributes_to_get.has_value(),
                               "One or more parameter values were invalid: "));
  return Status::OK();
}

// The expression-parameter rules of a Query (dynalite's
// validateExpressionParams, written against DynamoDB): legacy and expression
// parameters are not mixed (KeyConditions may go with a FilterExpression or
// ProjectionExpression), names need some expression and values one that
// takes values.
Status CheckQueryParameters(const QueryRequest& r) {
  std::vector<std::string_view> legacy, expressions;
  if (r.attributes_to_get) legacy.push_back("AttributesToGet");
  if (r.query_filter) legacy.push_back("QueryFilter");
  if (r.conditional_operator) legacy.push_back("ConditionalOperator");
  if (r.key_conditions) legacy.push_back("KeyConditions");
  if (r.projection_expression) expressions.push_back("ProjectionExpression");
  if (r.filter_expression) expressions.push_back("FilterExpression");
  if (r.key_condition_expression)
    expressions.push_back("KeyConditionExpression");
  EDDY_RETURN_IF_ERROR(CheckNotMixed(legacy, expressions));
  EDDY_RETURN_IF_ERROR(CheckConditionalOperator(
      r.conditional_operator.has_value(),
      r.query_filter ? std::optional<size_t>(r.query_filter->size())
                     : std::nullopt));
  if (!r.key_condition_expression && !r.key_conditions) {
    return Status::Validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be "
        "specified in the "
        "request.");
  }
  // Maps without an expression to use them first, then empty maps (as every
  // operation: CheckExpressionMaps).
  if (r.expression_attribute_names && expressions.empty()) {
    return Status::Validation(
        "ExpressionAttributeNames can only be specified when using "
        "expressions");
  }
  if (r.expression_attribute_values && !r.filter_expression &&
      !r.key_condition_expression) {
    return Status::Validation(
        "ExpressionAttributeValues can only be specified when using "
        "expressions: FilterExpression and KeyConditionExpression are null");
  }
  return CheckExpressionMaps(r.expression_attribute_names,
                             r.expression_attribute_values,
                             /*any_expression=*/true, "");
}

// The sort keys a Query reads, as conditions on their key bytes: a prefix
// every key starts with, and a lower and an upper bound, each inclusive or
// not. Single sort keys map their operator onto it; a multi-attribute sort
// key's composite bytes (storage::CompositeKeyBytes) put the equalities in
// the prefix and the last condition in the bounds.
struct SortRange {
  std::string prefix;
  std::optional<std::string> low, high;
  bool low_inclusive = true, high_inclusive = true;

  bool Matches(std::string_view sk) const {
    if (sk.substr(0, prefix.size()) != prefix) return false;
    if (low && (low_inclusive ? sk < *low : sk <= *low)) return false;
    if (high && (high_inclusive ? sk > *high : sk >= *high)) return false;
    return true;
  }
};

SortRange RangeOf(SortOp op, std::string low, std::string high) {
  SortRange r;
  switch (op) {
    case SortOp::kNone:
      break;
    case SortOp::kEq:
      r.low = low;
      r.high = std::move(low);
      break;
    case SortOp::kLt:
      r.high = std::move(low);
      r.high_inclusive = false;
      break;
    case SortOp::kLe:
      r.high = std::move(low);
      break;
    case SortOp::kGt:
      r.low = std::move(low);
      r.low_inclusive = false;
      break;
    case SortOp::kGe:
      r.low = std::move(low);
      break;
    case SortOp::kBetween:
      r.low = std::move(low);
      r.high = std::move(high);
      break;
    case SortOp::kBeginsWith:
      r.prefix = std::move(low);
      break;
  }
  return r;
}

// The smallest byte string above every string that starts with `s`.
// REQUIRES: `s` ends with a byte below 0xff (composite components end in
// their 0x01 terminator).
std::string Successor(std::string s) {
  s.back() = static_cast<char>(static_cast<unsigned char>(s.back()) + 1);
  return s;
}

// A multi-attribute sort key's condition as a range of composite bytes.
SortRange CompositeRangeOf(const expr::MultiKeyCondition& c) {
  SortRange r;
  for (const AttributeValue& v : c.sort_equal) {
    storage::AppendCompositeKeyBytes(v, &r.prefix);
  }
  std::string low = r.prefix, high = r.prefix;
  if (c.last_op != SortOp::kNone && c.last_op != SortOp::kBeginsWith) {
    storage::AppendCompositeKeyBytes(c.last_low, &low);
  }
  if (c.last_op == SortOp::kBetween) {
    storage::AppendCompositeKeyBytes(c.last_high, &high);
  }
  switch (c.last_op) {
    case SortOp::kNone:
    case SortOp::kEq:  // folded into sort_equal
      break;
    case SortOp::kLt:  // before every key whose component is the value
      r.high = std::move(low);
      r.high_inclusive = false;
      break;
    case SortOp::kLe:  // up to the last key whose component is the value
      r.high = Successor(std::move(low));
      r.high_inclusive = false;
      break;
    case SortOp::kGt:
      r.low = Successor(std::move(low));
      break;
    case SortOp::kGe:
      r.low = std::move(low);
      break;
    case SortOp::kBetween:
      r.low = std::move(low);
      r.high = Successor(std::move(high));
      r.high_inclusive = false;
      break;
    case SortOp::kBeginsWith:
      storage::AppendEscapedKeyBytes(storage::KeyBytes(c.last_low), &r.prefix);
      break;
  }
  return r;
}

}  // namespace

StatusOr<QueryResponse> Query(Context& ctx, const QueryRequest& request) {
  EDDY_RETURN_IF_ERROR(ValidateQuery(request));
  EDDY_RETURN_IF_ERROR(CheckQueryParameters(request));
  // Every request-only check before the table is looked up, in DynamoDB's
  // order (dynalite's validations/query.js): QueryFilter, AttributesToGet,
  // then the expressions (KeyConditionExpression, FilterExpression,
  // ProjectionExpression, unused placeholders), then KeyConditions.
  Placeholders placeholders(request.expression_attribute_names,
                            request.expression_attribute_values);
  std::optional<expr::ResolvedCondition> key_condition, filter;
  const char* filter_parameter = "Filter Expression";
  if (request.query_filter) {
    filter_parameter = "QueryFilter";
    EDDY_ASSIGN_OR_RETURN(
        filter, CompileFilterConditions(*request.query_filter,
                                        request.conditional_operator));
  }
  EDDY_ASSIGN_OR_RETURN(
      std::optional<expr::ResolvedProjection> attributes_to_get,
      CompileProjection(std::nullopt, request.attributes_to_get, placeholders));
  if (request.key_condition_expression) {
    EDDY_ASSIGN_OR_RETURN(
        key_condition,
        placeholders.Compile(request.key_condition_expression,
                             expr::ExpressionKind::kKeyCondition));
  }
  if (request.filter_expression) {
    EDDY_ASSIGN_OR_RETURN(filter,
                          placeholders.Compile(request.filter_expression,
                                               expr::ExpressionKind::kFilter));
  }
  EDDY_ASSIGN_OR_RETURN(std::optional<expr::ResolvedProjection> projection,
                        CompileProjection(request.projection_expression,
                                          std::nullopt, placeholders));
  if (attributes_to_get) projection = std::move(attributes_to_get);
  EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  // The key condition's shape (operators, one attribute per condition) needs
  // no schema: checked after the placeholders, before the table.
  if (key_condition) {
    EDDY_RETURN_IF_ERROR(expr::CheckKeyConditionShape(*key_condition));
  }
  if (request.key_conditions) {
    EDDY_ASSIGN_OR_RETURN(key_condition,
                          CompileKeyConditions(*request.key_conditions));
  }
  ReadExpressions expressions;
  expressions.key_condition = key_condition ? &*key_condition : nullptr;
  expressions.filter = filter ? &*filter : nullptr;
  expressions.projection = projection ? &*projection : nullptr;
  expressions.filter_key_check = filter_parameter;
  return RunQuery(ctx, request, expressions);
}

StatusOr<QueryResponse> RunQuery(Context& ctx, const QueryRequest& request,
                                 const ReadExpressions& expressions) {
  const expr::ResolvedCondition* key_condition = expressions.key_condition;
  const expr::ResolvedCondition* filter = expressions.filter;
  const expr::ResolvedProjection* projection = expressions.projection;
  if (key_condition == nullptr) {
    return Status::Internal("a Query without a key condition");
  }
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTable(ctx, request.table_name));

  const int64_t now = ctx.options->clock->NowMicros();
  CatchUp(*table, *ctx.options->clock);
  ReaderMutexLock lock(&table->mu());
  EDDY_ASSIGN_OR_RETURN(
      ReadTarget target,
      ResolveReadTarget(*table, request.index_name, request.consistent_read,
                        request.select, projection != nullptr, now,
                        ReadKind::kQuery));
  EDDY_RETURN_IF_ERROR(CheckGlobalIndexProjection(target, projection));
  if (filter != nullptr && expressions.filter_key_check != nullptr) {
    // A Query filter may not read the key it queries by.
    for (const std::string& name : filter->TopLevelAttributeNames()) {
      if (target.IsKeyAttribute(name)) {
        return Status::Validation(
            std::string(expressions.filter_key_check) +
            " can only contain non-primary key attributes: Primary key "
            "attribute: " +
            name);
      }
    }
  }
  std::string pk;
  SortRange range;
  if (target.index != nullptr && target.index->multi_attribute()) {
    const SecondaryIndex& index = *target.index;
    expr::MultiKeySchemaView schema;
    for (const KeyAttribute& k : index.hash_keys()) {
      schema.hash.emplace_back(k.name, k.type);
    }
    for (const KeyAttribute& k : index.range_keys()) {
      schema.range.emplace_back(k.name, k.type);
    }
    EDDY_ASSIGN_OR_RETURN(
        expr::MultiKeyCondition condition,
        expr::CompileMultiKeyCondition(*key_condition, schema));
    absl::InlinedVector<const AttributeValue*, 4> values;
    for (const AttributeValue& v : condition.partition_values) {
      values.push_back(&v);
    }
    pk = values.size() == 1 ? storage::KeyBytes(*values[0])
                            : storage::CompositeKeyBytes(values);
    if (index.range_keys().size() > 1) {
      range = CompositeRangeOf(condition);
    } else if (!condition.sort_equal.empty()) {  // one sort attribute
      range =
          RangeOf(SortOp::kEq, storage::KeyBytes(condition.sort_equal[0]), "");
    } else if (condition.last_op != SortOp::kNone) {
      range = RangeOf(condition.last_op, storage::KeyBytes(condition.last_low),
                      condition.last_op == SortOp::kBetween
                          ? storage::KeyBytes(condition.last_high)
                          : std::string());
    }
  } else {
    expr::KeySchemaView schema{
        target.hash_key->name, target.hash_key->type,
        std::string(target.range_key_name()),
        target.range_key ? target.range_key->type : AttributeType::kS};
    EDDY_ASSIGN_OR_RETURN(expr::KeyCondition condition,
                          expr::CompileKeyCondition(*key_condition, schema));
    pk = storage::KeyBytes(condition.partition_value);
    const SortOp op = condition.sort_op;
    range =
        RangeOf(op,
                op == SortOp::kNone ? std::string()
                                    : storage::KeyBytes(condition.sort_low),
                op == SortOp::kBetween ? storage::KeyBytes(condition.sort_high)
                                       : std::string());
  }
  const uint64_t hash = storage::HashPartitionKey(pk);

  std::optional<StartKey> start;
  if (request.exclusive_start_key) {
    EDDY_ASSIGN_OR_RETURN(
        start, ReadStartKey(*table, target, *request.exclusive_start_key,
                            ReadKind::kQuery));
    // Without a sort-key condition a foreign partition is outside the
    // query; with one, the sort key is checked first and a foreign
    // partition then means an equality query (dynalite's actions/query.js,
    // whose tests ran against DynamoDB).
    const bool sort_condition =
        range.low || range.high || !range.prefix.empty();
    if (!sort_condition) {
      if (start->pk != pk) {
        return Status::Validation(
            "The provided starting key is outside query boundaries based on "
            "provided conditions");
      }
    } else {
      if (!range.Matches(start->sk)) {
        return Status::Validation(
            "The provided starting key does not match the range key "
            "predicate");
      }
      if (start->pk != pk) {
        return Status::Validation(
            "The query can return at most one row and cannot be restarted");
      }
    }
  }

  PageCollector::Options page_options =
      PageOptions(*table, target, request.limit, request.consistent_read,
                  filter, projection);
  page_options.max_bytes = expressions.max_page_bytes;
  PageCollector page(std::move(page_options));
  const storage::TableStore& store = *target.store;
  const std::string_view kMax = storage::KeyBytesMax();
  // Position at the edge of the range in the direction of travel; from there
  // every record matches until the first one that does not. Upper bounds
  // carry the largest table key so that every index entry sharing the sort
  // key is passed.
  const bool forward = request.scan_index_forward;
  storage::TableStore::const_iterator it;
  if (forward) {
    if (start) {
      it = store.UpperBound(start->ref());
    } else if (range.low && !range.low_inclusive) {
      it = store.UpperBound(storage::KeyRef{hash, pk, *range.low, kMax, kMax});
    } else {
      it = store.LowerBound(
          storage::KeyRef{hash, pk, range.low ? *range.low : range.prefix});
    }
  } else {
    if (start) {
      it = store.LowerBound(start->ref());
    } else if (range.high && !range.high_inclusive) {
      it = store.LowerBound(storage::KeyRef{hash, pk, *range.high});
    } else {
      const std::string upper =
          range.high ? *range.high : range.prefix + SortKeyMax();
      it = store.UpperBound(storage::KeyRef{hash, pk, upper, kMax, kMax});
    }
  }
  ReadCharge charge(*table, target.index, hash, hash, pk);
  while (true) {
    if (!forward) {
      if (it == store.begin()) break;
      --it;
    } else if (it == store.end()) {
      break;
    }
    const storage::Record& r = *it;
    if (r.hash() != hash || r.partition_key() != pk) break;
    if (!range.Matches(r.sort_key())) break;
    if (!page.Fits(r)) break;
    charge.Add(r);
    if (!page.Add(r)) break;
    if (forward) ++it;
  }
  return FinishRead(*table, target, request.consistent_read,
                    request.return_consumed_capacity, page, charge);
}

}  // namespace eddy::engine
