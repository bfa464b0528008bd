// Copyright 2026 The eddy Authors.
//
// PutItem, GetItem, DeleteItem, UpdateItem. Expressions and their
// placeholders are passed through to the Database, which parses and checks
// them; this layer checks placeholder keys and decodes placeholder values.

#include "emulator/wire/internal/legacy_reader.h"
#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

// {"Attributes"?, "ConsumedCapacity"?, "ItemCollectionMetrics"?}
template <typename Response>
std::string WriteResponse(const Response& resp) {
  JsonWriter w;
  w.BeginObject();
  if (resp.attributes) {
    w.Key("Attributes");
    w.Item(*resp.attributes);
  }
  if (resp.consumed_capacity) {
    w.Key("ConsumedCapacity");
    WriteConsumedCapacity(*resp.consumed_capacity, w);
  }
  if (resp.item_collection_metrics) {
    w.Key("ItemCollectionMetrics");
    WriteItemCollectionMetrics(*resp.item_collection_metrics, w);
  }
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace

StatusOr<std::string> PutItemOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  PutItemRequest req;
  // Members are read in the order DynamoDB lists their constraint errors
  // (us-east-1, dynamodb-conformance 2026-08-12-wording-drift.json:
  // returnConsumedCapacity; ReturnValues; returnItemCollectionMetrics).
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.return_values = ReadReturnValues(r);
  req.return_item_collection_metrics = ReadReturnItemCollectionMetrics(r);
  req.table_name = r.DataTableName();
  std::optional<AttributeMap> item = r.Item("Item", /*required=*/true);
  req.return_values_on_condition_check_failure_all_old =
      ReadReturnValuesOnConditionCheckFailure(r);
  req.condition_expression = r.String("ConditionExpression");
  req.expected = ReadExpected(r);
  req.conditional_operator = ReadConditionalOperator(r);
  req.expression_attribute_names = r.Names();
  req.expression_attribute_values = r.Values();
  // Request-level errors in DynamoDB's 2026 list form (AsValidationList).
  EDDY_RETURN_IF_ERROR(AsValidationList(errors.ToStatus()));
  req.item = *std::move(item);
  EDDY_ASSIGN_OR_RETURN(PutItemResponse resp, db.PutItem(req));
  return WriteResponse(resp);
}

StatusOr<std::string> GetItemOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  GetItemRequest req;
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.table_name = r.DataTableName();
  std::optional<AttributeMap> key =
      r.Item("Key", /*required=*/true, "", KeyContents::kCompact);
  req.consistent_read = r.Bool("ConsistentRead").value_or(false);
  req.projection_expression = r.String("ProjectionExpression");
  req.attributes_to_get = ReadAttributesToGet(r);
  req.expression_attribute_names = r.Names();
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  req.key = *std::move(key);
  EDDY_ASSIGN_OR_RETURN(GetItemResponse resp, db.GetItem(req));
  JsonWriter w;
  w.BeginObject();
  if (resp.item) {
    w.Key("Item");
    w.Item(*resp.item);
  }
  if (resp.consumed_capacity) {
    w.Key("ConsumedCapacity");
    WriteConsumedCapacity(*resp.consumed_capacity, w);
  }
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> DeleteItemOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  DeleteItemRequest req;
  // DynamoDB's error-list order (us-east-1, 2026-08-12-wording-drift.json:
  // returnConsumedCapacity, then ReturnValues; the rest as PutItem's).
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.return_values = ReadReturnValues(r);
  req.return_item_collection_metrics = ReadReturnItemCollectionMetrics(r);
  req.table_name = r.DataTableName();
  std::optional<AttributeMap> key =
      r.Item("Key", /*required=*/true, "", KeyContents::kCompact);
  req.return_values_on_condition_check_failure_all_old =
      ReadReturnValuesOnConditionCheckFailure(r);
  req.condition_expression = r.String("ConditionExpression");
  req.expected = ReadExpected(r);
  req.conditional_operator = ReadConditionalOperator(r);
  req.expression_attribute_names = r.Names();
  req.expression_attribute_values = r.Values();
  // Request-level errors in DynamoDB's 2026 list form (AsValidationList).
  EDDY_RETURN_IF_ERROR(AsValidationList(errors.ToStatus()));
  req.key = *std::move(key);
  EDDY_ASSIGN_OR_RETURN(DeleteItemResponse resp, db.DeleteItem(req));
  return WriteResponse(resp);
}

StatusOr<std::string> UpdateItemOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  UpdateItemRequest req;
  // DynamoDB's error-list order (captured: returnConsumedCapacity;
  // tableName; returnValues; key).
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.table_name = r.DataTableName();
  // An invalid ReturnValues is reported alone (us-east-1,
  // 2026-08-12-wording-drift.json, with ReturnConsumedCapacity invalid too).
  req.return_values = ReadReturnValues(r, /*alone=*/true);
  std::optional<AttributeMap> key =
      r.Item("Key", /*required=*/true, "", KeyContents::kCompact);
  req.return_item_collection_metrics = ReadReturnItemCollectionMetrics(r);
  req.return_values_on_condition_check_failure_all_old =
      ReadReturnValuesOnConditionCheckFailure(r);
  req.update_expression = r.String("UpdateExpression");
  req.condition_expression = r.String("ConditionExpression");
  req.attribute_updates = ReadAttributeUpdates(r);
  req.expected = ReadExpected(r);
  req.conditional_operator = ReadConditionalOperator(r);
  req.expression_attribute_names = r.Names();
  req.expression_attribute_values = r.Values();
  // Request-level errors in DynamoDB's 2026 list form (AsValidationList).
  EDDY_RETURN_IF_ERROR(AsValidationList(errors.ToStatus()));
  req.key = *std::move(key);
  EDDY_ASSIGN_OR_RETURN(UpdateItemResponse resp, db.UpdateItem(req));
  return WriteResponse(resp);
}

}  // namespace eddy::wire::internal
