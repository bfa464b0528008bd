// Copyright 2026 The eddy Authors.
//
// BatchGetItem and BatchWriteItem. Per-table checks (name constraints, empty
// key lists, limits, duplicates) are the Database's; this layer reads the
// shapes and reports missing members at their model paths
// ("requestItems.t.member.keys").

#include "emulator/types/limits.h"
#include "emulator/wire/internal/legacy_reader.h"
#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {
namespace {

constexpr std::string_view kKeysAndAttributesClass =
    "com.amazonaws.dynamodb.v20120810.KeysAndAttributes";
constexpr std::string_view kWriteRequestListClass =
    "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>";

void WriteKeysAndAttributes(const KeysAndAttributes& k, JsonWriter& w) {
  w.BeginObject();
  w.Key("Keys");
  w.BeginArray();
  for (const AttributeMap& key : k.keys) w.Item(key);
  w.EndArray();
  if (k.consistent_read) {
    w.Key("ConsistentRead");
    w.Bool(true);
  }
  if (k.projection_expression) {
    w.Key("ProjectionExpression");
    w.String(*k.projection_expression);
  }
  if (k.expression_attribute_names) {
    w.Key("ExpressionAttributeNames");
    w.BeginObject();
    for (const auto& [name, value] : *k.expression_attribute_names) {
      w.Key(name);
      w.String(value);
    }
    w.EndObject();
  }
  w.EndObject();
}

}  // namespace

StatusOr<std::string> BatchGetItemOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  BatchGetItemRequest req;
  if (const JsonValue* items =
          r.Map("RequestItems", kKeysAndAttributesClass, /*required=*/true)) {
    MapCursor tables(*items);
    std::string table;
    JsonValue value;
    while (tables.Next(&table, &value)) {
      ObjectReader t =
          r.MapValue("RequestItems", value, table, "KeysAndAttributes");
      KeysAndAttributes& k = req.request_items[table];
      if (const JsonValue* keys = t.List("Keys", /*required=*/true)) {
        ListCursor elements(*keys);
        JsonValue key;
        while (elements.Next(&key)) {
          if (key.type == JsonType::kNull) continue;
          AttributeMap decoded;
          if (ReadKeyMap(key, {Slot::kMapInList, kAttributeValueClass}, &errors,
                         &decoded, "", KeyContents::kCompact)) {
            AppendBounded(k.keys, std::move(decoded), limits::kMaxBatchGetKeys);
          }
        }
      }
      k.consistent_read = t.Bool("ConsistentRead").value_or(false);
      k.projection_expression = t.String("ProjectionExpression");
      k.attributes_to_get = ReadAttributesToGet(t);
      k.expression_attribute_names = t.Names();
    }
  }
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(BatchGetItemResponse resp, db.BatchGetItem(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("Responses");
  w.BeginObject();
  for (const auto& [table, found] : resp.responses) {
    w.Key(table);
    w.BeginArray();
    for (const AttributeMap& item : found) w.Item(item);
    w.EndArray();
  }
  w.EndObject();
  w.Key("UnprocessedKeys");
  w.BeginObject();
  for (const auto& [table, keys] : resp.unprocessed_keys) {
    w.Key(table);
    WriteKeysAndAttributes(keys, w);
  }
  w.EndObject();
  WriteCapacityList(req.return_consumed_capacity, resp.consumed_capacity, w);
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> BatchWriteItemOp(Database& db, ObjectReader& r) {
  RequestErrors& errors = *r.errors();
  BatchWriteItemRequest req;
  if (const JsonValue* items =
          r.Map("RequestItems", kWriteRequestListClass, /*required=*/true)) {
    MapCursor tables(*items);
    std::string table;
    JsonValue value;
    while (tables.Next(&table, &value)) {
      std::vector<WriteRequest>& writes = req.request_items[table];
      if (value.type != JsonType::kArray) {
        errors.Serialization(WrongJsonType(value.type, {Slot::kListInMap}),
                             value.text.data());
        continue;
      }
      const std::string list_path = r.PathOf("RequestItems") + "." + table;
      ListCursor elements(value);
      JsonValue element;
      while (elements.Next(&element)) {
        if (element.type == JsonType::kNull) continue;
        if (element.type != JsonType::kObject) {
          errors.Serialization(
              WrongJsonType(element.type,
                            {Slot::kStructElement, "WriteRequest"}),
              element.text.data());
          continue;
        }
        ObjectReader e(&element,
                       list_path + ".member." +
                           std::to_string(elements.index() + 1) + ".member",
                       &errors);
        WriteRequest write;
        if (const JsonValue* put = e.Structure("PutRequest", "PutRequest")) {
          ObjectReader p(put, e.PathOf("PutRequest"), &errors);
          write.put_item = p.Item("Item", /*required=*/true);
        }
        if (const JsonValue* del =
                e.Structure("DeleteRequest", "DeleteRequest")) {
          ObjectReader d(del, e.PathOf("DeleteRequest"), &errors);
          write.delete_key =
              d.Item("Key", /*required=*/true, "", KeyContents::kCompact);
        }
        AppendBounded(writes, std::move(write), limits::kMaxBatchWriteRequests);
      }
    }
  }
  req.return_consumed_capacity = ReadReturnConsumedCapacity(r);
  req.return_item_collection_metrics = ReadReturnItemCollectionMetrics(r);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(BatchWriteItemResponse resp, db.BatchWriteItem(req));
  JsonWriter w;
  w.BeginObject();
  w.Key("UnprocessedItems");
  w.BeginObject();
  for (const auto& [table, writes] : resp.unprocessed_items) {
    w.Key(table);
    w.BeginArray();
    for (const WriteRequest& write : writes) {
      w.BeginObject();
      if (write.put_item) {
        w.Key("PutRequest");
        w.BeginObject();
        w.Key("Item");
        w.Item(*write.put_item);
        w.EndObject();
      } else if (write.delete_key) {
        w.Key("DeleteRequest");
        w.BeginObject();
        w.Key("Key");
        w.Item(*write.delete_key);
        w.EndObject();
      }
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  WriteCapacityList(req.return_consumed_capacity, resp.consumed_capacity, w);
  if (req.return_item_collection_metrics ==
      ReturnItemCollectionMetrics::kSize) {
    WriteItemCollectionMetricsMap(resp.item_collection_metrics, w);
  }
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
