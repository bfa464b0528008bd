// Copyright 2026 The eddy Authors.
//
// Query and Scan: {Items?, Count, ScannedCount, LastEvaluatedKey?,
// ConsumedCapacity?}; Items is left out for Select COUNT, as DynamoDB does.

#include "emulator/wire/internal/legacy_reader.h"
#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

constexpr char kStartKeyPrefix[] = "The provided starting key is invalid: ";

std::string WritePage(const QueryResponse& page, std::optional<Select> select) {
  JsonWriter w;
  w.BeginObject();
  if (select != Select::kCount) {
    w.Key("Items");
    w.BeginArray();
    for (const AttributeMap& item : page.items) w.Item(item);
    w.EndArray();
  }
  w.Key("Count");
  w.Int(page.count);
  w.Key("ScannedCount");
  w.Int(page.scanned_count);
  if (page.last_evaluated_key) {
    w.Key("LastEvaluatedKey");
    w.Item(*page.last_evaluated_key);
  }
  if (page.consumed_capacity) {
    w.Key("ConsumedCapacity");
    WriteConsumedCapacity(*page.consumed_capacity, w);
  }
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace

StatusOr<std::string> QueryOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  QueryRequest req;
  req.limit = r.Integer("Limit");
  // Compacted always: no fault matches a Query's or Scan's key.
  req.exclusive_start_key = r.Item("ExclusiveStartKey", /*required=*/false,
                                   kStartKeyPrefix, KeyContents::kCompact);
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.table_name = r.DataTableName();
  req.select = ReadSelect(r);
  req.consistent_read = r.Bool("ConsistentRead").value_or(false);
  req.index_name = r.String("IndexName");
  req.scan_index_forward = r.Bool("ScanIndexForward").value_or(true);
  req.key_condition_expression = r.String("KeyConditionExpression");
  req.filter_expression = r.String("FilterExpression");
  req.projection_expression = r.String("ProjectionExpression");
  req.key_conditions = ReadConditions(r, "KeyConditions");
  req.query_filter = ReadConditions(r, "QueryFilter");
  req.attributes_to_get = ReadAttributesToGet(r);
  req.conditional_operator = ReadConditionalOperator(r);
  req.expression_attribute_names = r.Names();
  req.expression_attribute_values = r.Values();
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(QueryResponse resp, db.Query(req));
  return WritePage(resp, req.select);
}

StatusOr<std::string> ScanOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  ScanRequest req;
  req.limit = r.Integer("Limit");
  // Compacted always: no fault matches a Query's or Scan's key.
  req.exclusive_start_key = r.Item("ExclusiveStartKey", /*required=*/false,
                                   kStartKeyPrefix, KeyContents::kCompact);
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.table_name = r.DataTableName();
  req.select = ReadSelect(r);
  req.consistent_read = r.Bool("ConsistentRead").value_or(false);
  req.index_name = r.String("IndexName");
  req.segment = r.Integer("Segment");
  req.total_segments = r.Integer("TotalSegments");
  req.filter_expression = r.String("FilterExpression");
  req.projection_expression = r.String("ProjectionExpression");
  req.scan_filter = ReadConditions(r, "ScanFilter");
  req.attributes_to_get = ReadAttributesToGet(r);
  req.conditional_operator = ReadConditionalOperator(r);
  req.expression_attribute_names = r.Names();
  req.expression_attribute_values = r.Values();
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ScanResponse resp, db.Scan(req));
  return WritePage(resp, req.select);
}

}  // namespace eddy::wire::internal
