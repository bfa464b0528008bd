// Copyright 2026 The eddy Authors.
//
// TransactWriteItems and TransactGetItems. Each action's members are read at
// its model path ("transactItems.1.member.put.tableName"); the Database
// checks the rest.

#include "emulator/wire/ops/ops.h"

namespace eddy::wire_internal {
namespace {

// The members every write action shares.
template <typename Action>
void ReadCommon(ObjectReader& a, Action& out) {
  out.table_name = a.TableName();
  out.condition_expression = a.String("ConditionExpression");
  out.expression_attribute_names = a.Names();
  out.expression_attribute_values = a.Values();
  out.return_values_on_condition_check_failure_all_old =
      ReadReturnValuesOnConditionCheckFailure(a);
}

TransactWriteItem ReadWriteItem(ObjectReader& e, RequestErrors& errors) {
  TransactWriteItem item;
  if (const Json* j = e.Structure("ConditionCheck")) {
    ObjectReader a(j, e.PathOf("conditionCheck"), &errors);
    ConditionCheck c;
    c.table_name = a.TableName();
    c.key = a.Item("Key", /*required=*/true).value_or(Item());
    c.condition_expression =
        a.String("ConditionExpression", /*required=*/true).value_or("");
    c.expression_attribute_names = a.Names();
    c.expression_attribute_values = a.Values();
    c.return_values_on_condition_check_failure_all_old =
        ReadReturnValuesOnConditionCheckFailure(a);
    item.condition_check = std::move(c);
  }
  if (const Json* j = e.Structure("Put")) {
    ObjectReader a(j, e.PathOf("put"), &errors);
    TransactPut p;
    ReadCommon(a, p);
    p.item = a.Item("Item", /*required=*/true).value_or(Item());
    item.put = std::move(p);
  }
  if (const Json* j = e.Structure("Delete")) {
    ObjectReader a(j, e.PathOf("delete"), &errors);
    TransactDelete d;
    ReadCommon(a, d);
    d.key = a.Item("Key", /*required=*/true).value_or(Item());
    item.delete_item = std::move(d);
  }
  if (const Json* j = e.Structure("Update")) {
    ObjectReader a(j, e.PathOf("update"), &errors);
    TransactUpdate u;
    ReadCommon(a, u);
    u.key = a.Item("Key", /*required=*/true).value_or(Item());
    u.update_expression =
        a.String("UpdateExpression", /*required=*/true).value_or("");
    item.update = std::move(u);
  }
  return item;
}

}  // namespace

StatusOr<std::string> TransactWriteItemsOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  TransactWriteItemsRequest req;
  if (const Json* list = r.List("TransactItems", /*required=*/true)) {
    for (size_t i = 0; i < list->size(); ++i) {
      ObjectReader e = r.ListElement("TransactItems", (*list)[i], i);
      req.transact_items.push_back(ReadWriteItem(e, errors));
    }
  }
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.return_item_collection_metrics = ReadReturnItemCollectionMetrics(r);
  req.client_request_token = r.String("ClientRequestToken");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(TransactWriteItemsResponse resp,
                        db.TransactWriteItems(req));
  JsonWriter w;
  w.BeginObject();
  WriteCapacityList(req.return_consumed_capacity, resp.consumed_capacity, w);
  if (req.return_item_collection_metrics ==
      ReturnItemCollectionMetrics::kSize) {
    WriteItemCollectionMetricsMap(resp.item_collection_metrics, w);
  }
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> TransactGetItemsOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  TransactGetItemsRequest req;
  if (const Json* list = r.List("TransactItems", /*required=*/true)) {
    for (size_t i = 0; i < list->size(); ++i) {
      ObjectReader e = r.ListElement("TransactItems", (*list)[i], i);
      TransactGetItem g;
      if (const Json* j = e.Structure("Get", /*required=*/true)) {
        ObjectReader a(j, e.PathOf("get"), &errors);
        g.table_name = a.TableName();
        g.key = a.Item("Key", /*required=*/true).value_or(Item());
        g.projection_expression = a.String("ProjectionExpression");
        g.expression_attribute_names = a.Names();
      }
      req.transact_items.push_back(std::move(g));
    }
  }
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(TransactGetItemsResponse resp,
                        db.TransactGetItems(req));
  JsonWriter w;
  w.BeginObject();
  WriteCapacityList(req.return_consumed_capacity, resp.consumed_capacity, w);
  w.Key("Responses");
  w.BeginArray();
  for (const ItemResponse& item : resp.responses) {
    w.BeginObject();
    if (item.item) {
      w.Key("Item");
      w.Item(*item.item);
    }
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire_internal
