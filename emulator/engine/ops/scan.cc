// Copyright 2026 The eddy Authors.
//
// Scan: walks the table (or an index) in key-space order (hash of the
// partition key, then sort key), so the order is stable and a parallel-scan
// segment is a contiguous hash range. Limit counts items evaluated; a page
// holds at most 1 MB of item data, measured before any filter (page.h: the item
// that would cross it starts the next page); capacity is the summed size of the
// evaluated items rounded up to 4 KB once.

#include <mutex>

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
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

Status ValidateScan(const ScanRequest& r) {
  ValidationErrors errors;
  errors.CheckDataTableName(r.table_name);
  if (r.limit && *r.limit < 1) {
    errors.Add("'" + std::to_string(*r.limit) + "'", "limit",
               "Member must have value greater than or equal to 1");
  }
  if (r.segment && *r.segment < 0) {
    errors.Add("'" + std::to_string(*r.segment) + "'", "segment",
               "Member must have value greater than or equal to 0");
  }
  if (r.segment && *r.segment > limits::kMaxTotalSegments - 1) {
    errors.Add("'" + std::to_string(*r.segment) + "'", "segment",
               "Member must have value less than or equal to 999999");
  }
  if (r.total_segments && *r.total_segments < 1) {
    errors.Add("'" + std::to_string(*r.total_segments) + "'", "totalSegments",
               "Member must have value greater than or equal to 1");
  }
  if (r.total_segments && *r.total_segments > limits::kMaxTotalSegments) {
    errors.Add("'" + std::to_string(*r.total_segments) + "'", "totalSegments",
               "Member must have value less than or equal to 1000000");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  if (r.segment && !r.total_segments) {
    return Status::Validation(
        "The TotalSegments parameter is required but was not present in the "
        "request when "
        "Segment parameter is present");
  }
  if (r.total_segments && !r.segment) {
    return Status::Validation(
        "The Segment parameter is required but was not present in the request "
        "when parameter "
        "TotalSegments is present");
  }
  if (r.segment && *r.segment >= *r.total_segments) {
    return Status::Validation(
        "The Segment parameter is zero-based and must be less than parameter "
        "TotalSegments: "
        "Segment: " +
        std::to_string(*r.segment) + " is not less than TotalSegments: " +
        std::to_string(*r.total_segments));
  }
  EDDY_RETURN_IF_ERROR(
      CheckSelectAndProjection(r.select, r.projection_expression.has_value(),
                               r.attributes_to_get.has_value(), ""));
  return CheckExpressionMaps(
      r.expression_attribute_names, r.expression_attribute_values,
      r.filter_expression.has_value() || r.projection_expression.has_value(),
      "FilterExpression");
}

// First hash of segment `s` of `n` (n itself maps to 2^64).
unsigned __int128 SegmentStart(int s, int n) {
  return (static_cast<unsigned __int128>(1) << 64) * static_cast<unsigned>(s) /
         static_cast<unsigned>(n);
}

}  // namespace

StatusOr<ScanResponse> Scan(Context& ctx, const ScanRequest& request) {
  EDDY_RETURN_IF_ERROR(ValidateScan(request));
  // Every request-only check before the table is looked up, in DynamoDB's
  // order (dynalite's validations/scan.js).
  std::vector<std::string_view> legacy, expressions;
  if (request.attributes_to_get) legacy.push_back("AttributesToGet");
  if (request.scan_filter) legacy.push_back("ScanFilter");
  if (request.conditional_operator) legacy.push_back("ConditionalOperator");
  if (request.projection_expression)
    expressions.push_back("ProjectionExpression");
  if (request.filter_expression) expressions.push_back("FilterExpression");
  EDDY_RETURN_IF_ERROR(CheckNotMixed(legacy, expressions));
  EDDY_RETURN_IF_ERROR(CheckConditionalOperator(
      request.conditional_operator.has_value(),
      request.scan_filter ? std::optional<size_t>(request.scan_filter->size())
                          : std::nullopt));
  Placeholders placeholders(request.expression_attribute_names,
                            request.expression_attribute_values);
  std::optional<expr::ResolvedCondition> filter;
  if (request.scan_filter) {
    EDDY_ASSIGN_OR_RETURN(
        filter, CompileFilterConditions(*request.scan_filter,
                                        request.conditional_operator));
  } else {
    EDDY_ASSIGN_OR_RETURN(filter,
                          placeholders.Compile(request.filter_expression,
                                               expr::ExpressionKind::kFilter));
  }
  EDDY_ASSIGN_OR_RETURN(
      std::optional<expr::ResolvedProjection> projection,
      CompileProjection(request.projection_expression,
                        request.attributes_to_get, placeholders));
  EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
  ReadExpressions resolved;
  resolved.filter = filter ? &*filter : nullptr;
  resolved.projection = projection ? &*projection : nullptr;
  return RunScan(ctx, request, resolved);
}

StatusOr<ScanResponse> RunScan(Context& ctx, const ScanRequest& request,
                               const ReadExpressions& expressions) {
  const expr::ResolvedCondition* filter = expressions.filter;
  const expr::ResolvedProjection* projection = expressions.projection;
  EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table,
                        FindTable(ctx, request.table_name));
  const int64_t now = ctx.options->clock->NowMicros();
  CatchUp(*table, *ctx.options->clock);
  ReaderMutexLock lock(&table->mu());
  EDDY_ASSIGN_OR_RETURN(
      ReadTarget target,
      ResolveReadTarget(*table, request.index_name, request.consistent_read,
                        request.select, projection != nullptr, now,
                        ReadKind::kScan));
  EDDY_RETURN_IF_ERROR(CheckGlobalIndexProjection(target, projection));
  std::optional<StartKey> start;
  if (request.exclusive_start_key) {
    EDDY_ASSIGN_OR_RETURN(
        start, ReadStartKey(*table, target, *request.exclusive_start_key,
                            ReadKind::kScan));
  }
  const int segment = request.segment.value_or(0);
  const int total = request.total_segments.value_or(1);
  const unsigned __int128 lo = SegmentStart(segment, total);
  const unsigned __int128 hi = SegmentStart(segment + 1, total);
  // A parallel scan restarts only inside its own segment (the text as
  // dynalite's tests, written against DynamoDB, pin it).
  if (start && total > 1 && (start->hash < lo || start->hash >= hi)) {
    return Status::Validation(
        "The provided starting key is invalid: Invalid ExclusiveStartKey. "
        "Please use ExclusiveStartKey with correct Segment. TotalSegments: " +
        std::to_string(total) + " Segment: " + std::to_string(segment));
  }
  PageCollector::Options page_options =
      PageOptions(*table, target, request.limit, request.consistent_read,
                  filter, projection);
  page_options.max_bytes = expressions.max_page_bytes;
  PageCollector page(std::move(page_options));
  const storage::TableStore& store = *target.store;
  auto it = start ? store.UpperBound(start->ref())
                  : store.LowerBoundHash(static_cast<uint64_t>(lo));
  if (start && it != store.end() && it->hash() < static_cast<uint64_t>(lo)) {
    it = store.LowerBoundHash(static_cast<uint64_t>(lo));
  }
  const uint64_t first_hash =
      it != store.end() ? it->hash() : static_cast<uint64_t>(lo);
  const uint64_t last_hash =
      hi > 0 ? static_cast<uint64_t>(hi - 1) : static_cast<uint64_t>(lo);
  ReadCharge charge(*table, target.index, first_hash, last_hash);
  for (; it != store.end() && it->hash() < hi; ++it) {
    if (!page.Fits(*it)) break;
    charge.Add(*it);
    if (!page.Add(*it)) break;
  }
  return FinishRead(*table, target, request.consistent_read,
                    request.return_consumed_capacity, page, charge);
}

}  // namespace eddy::engine
