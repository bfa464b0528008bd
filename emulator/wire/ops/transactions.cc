// Copyright 2026 The eddy Authors.
//
// TransactWriteItems and TransactGetItems. Each action's members are read at
// its model path ("transactItems.1.member.put.tableName"); the Database
// checks the rest.

#include "emulator/types/limits.h"
#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

// The members every write action shares.
template <typename Action>
void ReadCommon(ObjectReader& a, Action& out) {
  out.table_name = a.DataTableName();
  out.condition_expression = a.String("ConditionExpression");
  out.expression_attribute_names = a.Names();
  out.expression_attribute_values = a.Values();
  out.return_values_on_condition_check_failure_all_old =
      ReadReturnValuesOnConditionCheckFailure(a);
}

// Keys are kept whole (KeyContents::kKeep): the 4 MB payload bound and a
// ClientRequestToken's fingerprint read them before the key schema is checked.
TransactWriteItem ReadWriteItem(ObjectReader& e, RequestErrors& errors) {
  TransactWriteItem item;
  if (const JsonValue* j = e.Structure("ConditionCheck", "ConditionCheck")) {
    ObjectReader a(j, e.PathOf("conditionCheck"), &errors);
    ConditionCheck c;
    c.table_name = a.DataTableName();
    c.key = a.Item("Key", /*required=*/true).value_or(Item());
    c.condition_expression =
        a.String("ConditionExpression", /*required=*/true).value_or("");
    c.expression_attribute_names = a.Names();
    c.expression_attribute_values = a.Values();
    c.return_values_on_condition_check_failure_all_old =
        ReadReturnValuesOnConditionCheckFailure(a);
    item.condition_check = std::move(c);
  }
  if (const JsonValue* j = e.Structure("Put", "Put")) {
    ObjectReader a(j, e.PathOf("put"), &errors);
    TransactPut p;
    ReadCommon(a, p);
    p.item = a.Item("Item", /*required=*/true).value_or(Item());
    item.put = std::move(p);
  }
  if (const JsonValue* j = e.Structure("Delete", "Delete")) {
    ObjectReader a(j, e.PathOf("delete"), &errors);
    TransactDelete d;
    ReadCommon(a, d);
    d.key = a.Item("Key", /*required=*/true).value_or(Item());
    item.delete_item = std::move(d);
  }
  if (const JsonValue* j = e.Structure("Update", "Update")) {
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

StatusOr<std::string> TransactWriteItemsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  TransactWriteItemsRequest req;
  if (const JsonValue* list = r.List("TransactItems", /*required=*/true)) {
    ListCursor elements(*list);
    JsonValue element;
    while (elements.Next(&element)) {
      ObjectReader e = r.ListElement("TransactItems", element, elements.index(),
                                     "TransactWriteItem");
      AppendBounded(req.transact_items, ReadWriteItem(e, errors),
                    limits::kMaxTransactItems);
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

StatusOr<std::string> TransactGetItemsOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  TransactGetItemsRequest req;
  if (const JsonValue* list = r.List("TransactItems", /*required=*/true)) {
    ListCursor elements(*list);
    JsonValue element;
    while (elements.Next(&element)) {
      ObjectReader e = r.ListElement("TransactItems", element, elements.index(),
                                     "TransactGetItem");
      TransactGetItem g;
      if (const JsonValue* j = e.Structure("Get", "Get", /*required=*/true)) {
        ObjectReader a(j, e.PathOf("get"), &errors);
        g.table_name = a.DataTableName();
        g.key = a.Item("Key", /*required=*/true, "", KeyContents::kCompact)
                    .value_or(Item());
        g.projection_expression = a.String("ProjectionExpression");
        g.expression_attribute_names = a.Names();
      }
      AppendBounded(req.transact_items, std::move(g),
                    limits::kMaxTransactItems);
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

}  // namespace eddy::wire::internal
