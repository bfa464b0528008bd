// Copyright 2026 The eddy Authors.

#include "tools/endpoint/codec.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "emulator/wire/attribute_json.h"

namespace eddy::endpoint {
namespace {

using Json = nlohmann::json;

// --- Encoding
// -----------------------------------------------------------------

Json ItemJson(const Item& item) { return Json::parse(EncodeItemJson(item)); }

void PutOptional(const char* key, const std::optional<std::string>& s,
                 Json& j) {
  if (s) j[key] = *s;
}

void PutNamesAndValues(const std::optional<ExpressionAttributeNames>& names,
                       const std::optional<ExpressionAttributeValues>& values,
                       Json& j) {
  if (names) {
    Json n = Json::object();
    for (const auto& [k, v] : *names) n[k] = v;
    j["ExpressionAttributeNames"] = n;
  }
  if (values) j["ExpressionAttributeValues"] = ItemJson(*values);
}

void PutCapacityMode(ReturnConsumedCapacity mode, Json& j) {
  if (mode != ReturnConsumedCapacity::kNone) {
    j["ReturnConsumedCapacity"] = std::string(ReturnConsumedCapacityName(mode));
  }
}

Json ThroughputJson(const ProvisionedThroughput& t) {
  return Json{{"ReadCapacityUnits", t.read_capacity_units},
              {"WriteCapacityUnits", t.write_capacity_units}};
}

Json OnDemandJson(const OnDemandThroughput& t) {
  Json out = Json::object();
  if (t.max_read_request_units) {
    out["MaxReadRequestUnits"] = *t.max_read_request_units;
  }
  if (t.max_write_request_units) {
    out["MaxWriteRequestUnits"] = *t.max_write_request_units;
  }
  return out;
}

Json KeySchemaJson(const std::vector<KeySchemaElement>& keys) {
  Json out = Json::array();
  for (const auto& k : keys) {
    out.push_back({{"AttributeName", k.attribute_name},
                   {"KeyType", std::string(KeyTypeName(k.key_type))}});
  }
  return out;
}

Json ProjectionJson(const Projection& p) {
  Json out = Json::object();
  if (p.projection_type) {
    out["ProjectionType"] = std::string(ProjectionTypeName(*p.projection_type));
  }
  if (!p.non_key_attributes.empty()) {
    out["NonKeyAttributes"] = p.non_key_attributes;
  }
  return out;
}

// --- Decoding
// -------------------------------------------------------------------

// Decoding errors leave the decoders as this exception (caught in Decode).
struct BadResponse {
  std::string what;
};

Item ToItem(const Json& j) {
  StatusOr<Item> item = DecodeItemJson(j.dump());
  if (!item.ok()) throw BadResponse{std::string(item.status().message())};
  return *std::move(item);
}

std::optional<double> OptDouble(const Json& j, const char* key) {
  if (!j.contains(key)) return std::nullopt;
  return j[key].get<double>();
}

Capacity CapacityFrom(const Json& j) {
  Capacity c;
  c.capacity_units = j.value("CapacityUnits", 0.0);
  c.read_capacity_units = OptDouble(j, "ReadCapacityUnits");
  c.write_capacity_units = OptDouble(j, "WriteCapacityUnits");
  return c;
}

ConsumedCapacity ConsumedCapacityFrom(const Json& j) {
  ConsumedCapacity c;
  c.table_name = j.value("TableName", "");
  c.capacity_units = j.value("CapacityUnits", 0.0);
  c.read_capacity_units = OptDouble(j, "ReadCapacityUnits");
  c.write_capacity_units = OptDouble(j, "WriteCapacityUnits");
  if (j.contains("Table")) c.table = CapacityFrom(j["Table"]);
  if (j.contains("GlobalSecondaryIndexes")) {
    for (const auto& [k, v] : j["GlobalSecondaryIndexes"].items()) {
      c.global_secondary_indexes[k] = CapacityFrom(v);
    }
  }
  if (j.contains("LocalSecondaryIndexes")) {
    for (const auto& [k, v] : j["LocalSecondaryIndexes"].items()) {
      c.local_secondary_indexes[k] = CapacityFrom(v);
    }
  }
  return c;
}

std::optional<ConsumedCapacity> OptCapacity(const Json& j) {
  if (!j.contains("ConsumedCapacity")) return std::nullopt;
  return ConsumedCapacityFrom(j["ConsumedCapacity"]);
}

std::vector<ConsumedCapacity> CapacityList(const Json& j) {
  std::vector<ConsumedCapacity> out;
  if (j.contains("ConsumedCapacity")) {
    for (const Json& c : j["ConsumedCapacity"]) {
      out.push_back(ConsumedCapacityFrom(c));
    }
  }
  return out;
}

std::optional<Item> OptItem(const Json& j, const char* key) {
  if (!j.contains(key)) return std::nullopt;
  return ToItem(j[key]);
}

std::vector<KeySchemaElement> KeySchemaFrom(const Json& j) {
  std::vector<KeySchemaElement> out;
  for (const Json& k : j) {
    out.push_back(
        {k.at("AttributeName").get<std::string>(),
         k.at("KeyType") == "HASH" ? KeyType::kHash : KeyType::kRange});
  }
  return out;
}

Projection ProjectionFrom(const Json& j) {
  Projection p;
  const std::string type = j.value("ProjectionType", "");
  if (type == "ALL") p.projection_type = ProjectionType::kAll;
  if (type == "KEYS_ONLY") p.projection_type = ProjectionType::kKeysOnly;
  if (type == "INCLUDE") p.projection_type = ProjectionType::kInclude;
  if (j.contains("NonKeyAttributes")) {
    p.non_key_attributes =
        j["NonKeyAttributes"].get<std::vector<std::string>>();
  }
  return p;
}

TableStatus TableStatusFrom(const std::string& s) {
  return s == "CREATING"   ? TableStatus::kCreating
         : s == "UPDATING" ? TableStatus::kUpdating
         : s == "DELETING" ? TableStatus::kDeleting
                           : TableStatus::kActive;
}

TableDescription TableFrom(const Json& j) {
  TableDescription t;
  t.table_name = j.value("TableName", "");
  t.table_arn = j.value("TableArn", "");
  t.table_id = j.value("TableId", "");
  t.table_status = TableStatusFrom(j.value("TableStatus", ""));
  if (j.contains("KeySchema")) t.key_schema = KeySchemaFrom(j["KeySchema"]);
  if (j.contains("AttributeDefinitions")) {
    for (const Json& d : j["AttributeDefinitions"]) {
      const std::string type = d.value("AttributeType", "S");
      t.attribute_definitions.push_back(
          {d.value("AttributeName", ""), type == "N" ? ScalarAttributeType::kN
                                         : type == "B"
                                             ? ScalarAttributeType::kB
                                             : ScalarAttributeType::kS});
    }
  }
  t.creation_date_time = j.value("CreationDateTime", 0.0);
  t.item_count = j.value("ItemCount", int64_t{0});
  t.table_size_bytes = j.value("TableSizeBytes", int64_t{0});
  if (j.contains("ProvisionedThroughput")) {
    const Json& pt = j["ProvisionedThroughput"];
    t.provisioned_throughput.read_capacity_units =
        pt.value("ReadCapacityUnits", int64_t{0});
    t.provisioned_throughput.write_capacity_units =
        pt.value("WriteCapacityUnits", int64_t{0});
  }
  if (j.contains("BillingModeSummary")) {
    BillingModeSummary s;
    s.billing_mode =
        j["BillingModeSummary"].value("BillingMode", "") == "PAY_PER_REQUEST"
            ? BillingMode::kPayPerRequest
            : BillingMode::kProvisioned;
    t.billing_mode_summary = s;
  }
  if (j.contains("GlobalSecondaryIndexes")) {
    for (const Json& g : j["GlobalSecondaryIndexes"]) {
      GlobalSecondaryIndexDescription d;
      d.index_name = g.value("IndexName", "");
      if (g.contains("KeySchema")) d.key_schema = KeySchemaFrom(g["KeySchema"]);
      if (g.contains("Projection")) {
        d.projection = ProjectionFrom(g["Projection"]);
      }
      const std::string status = g.value("IndexStatus", "ACTIVE");
      d.index_status =
          status == "CREATING" ? IndexStatus::kCreating : IndexStatus::kActive;
      if (g.contains("Backfilling")) {
        d.backfilling = g["Backfilling"].get<bool>();
      }
      d.index_size_bytes = g.value("IndexSizeBytes", int64_t{0});
      d.item_count = g.value("ItemCount", int64_t{0});
      d.index_arn = g.value("IndexArn", "");
      t.global_secondary_indexes.push_back(std::move(d));
    }
  }
  return t;
}

QueryResponse PageFrom(const Json& j) {
  QueryResponse page;
  if (j.contains("Items")) {
    for (const Json& item : j["Items"]) page.items.push_back(ToItem(item));
  }
  page.count = j.value("Count", int64_t{0});
  page.scanned_count = j.value("ScannedCount", int64_t{0});
  page.last_evaluated_key = OptItem(j, "LastEvaluatedKey");
  page.consumed_capacity = OptCapacity(j);
  return page;
}

// Parses `body` and runs `f` on it; any decoding failure is an
// InternalServerError naming `op`.
template <typename T, typename F>
StatusOr<T> Decode(const char* op, std::string_view body, F f) {
  Json j = Json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) {
    return Status::Internal(std::string("the endpoint's answer to ") + op +
                            " is not a JSON object");
  }
  try {
    return f(j);
  } catch (const BadResponse& e) {
    return Status::Internal(std::string("the endpoint's answer to ") + op +
                            " holds a bad item: " + e.what);
  } catch (const Json::exception& e) {
    return Status::Internal(std::string("the endpoint's answer to ") + op +
                            " has a member of an unexpected type: " + e.what());
  }
}

// A single-item write's answer (PutItem, UpdateItem, DeleteItem): the
// returned attributes and the consumed capacity.
template <typename T>
StatusOr<T> DecodeWriteResponse(const char* op, std::string_view body) {
  return Decode<T>(op, body, [](const Json& j) {
    T r;
    r.attributes = OptItem(j, "Attributes");
    r.consumed_capacity = OptCapacity(j);
    return r;
  });
}

// The members every single-item write may carry after its key or item.
template <typename Request>
void PutWriteOptions(const Request& r, Json& j) {
  PutOptional("ConditionExpression", r.condition_expression, j);
  PutNamesAndValues(r.expression_attribute_names, r.expression_attribute_values,
                    j);
  if (r.return_values != ReturnValue::kNone) {
    j["ReturnValues"] = std::string(ReturnValueName(r.return_values));
  }
  PutCapacityMode(r.return_consumed_capacity, j);
}

}  // namespace

std::string EncodeCreateTable(const CreateTableRequest& r) {
  Json j{{"TableName", r.table_name}};
  j["KeySchema"] = KeySchemaJson(r.key_schema);
  Json defs = Json::array();
  for (const auto& d : r.attribute_definitions) {
    defs.push_back({{"AttributeName", d.attribute_name},
                    {"AttributeType",
                     std::string(ScalarAttributeTypeName(d.attribute_type))}});
  }
  j["AttributeDefinitions"] = defs;
  if (!r.global_secondary_indexes.empty()) {
    Json list = Json::array();
    for (const GlobalSecondaryIndex& g : r.global_secondary_indexes) {
      Json gj{{"IndexName", g.index_name},
              {"KeySchema", KeySchemaJson(g.key_schema)},
              {"Projection", ProjectionJson(g.projection)}};
      if (g.provisioned_throughput) {
        gj["ProvisionedThroughput"] = ThroughputJson(*g.provisioned_throughput);
      }
      if (g.on_demand_throughput) {
        gj["OnDemandThroughput"] = OnDemandJson(*g.on_demand_throughput);
      }
      list.push_back(gj);
    }
    j["GlobalSecondaryIndexes"] = list;
  }
  if (r.billing_mode) {
    j["BillingMode"] = std::string(BillingModeName(*r.billing_mode));
  }
  if (r.provisioned_throughput) {
    j["ProvisionedThroughput"] = ThroughputJson(*r.provisioned_throughput);
  }
  if (r.on_demand_throughput) {
    j["OnDemandThroughput"] = OnDemandJson(*r.on_demand_throughput);
  }
  return j.dump();
}

std::string EncodeDescribeTable(const DescribeTableRequest& r) {
  return Json{{"TableName", r.table_name}}.dump();
}

std::string EncodeDeleteTable(const DeleteTableRequest& r) {
  return Json{{"TableName", r.table_name}}.dump();
}

std::string EncodePutItem(const PutItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Item", ItemJson(r.item)}};
  PutWriteOptions(r, j);
  return j.dump();
}

std::string EncodeGetItem(const GetItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
  if (r.consistent_read) j["ConsistentRead"] = true;
  PutOptional("ProjectionExpression", r.projection_expression, j);
  PutNamesAndValues(r.expression_attribute_names, std::nullopt, j);
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeUpdateTable(const UpdateTableRequest& r) {
  Json j{{"TableName", r.table_name}};
  if (r.billing_mode) {
    j["BillingMode"] = std::string(BillingModeName(*r.billing_mode));
  }
  if (r.provisioned_throughput) {
    j["ProvisionedThroughput"] = ThroughputJson(*r.provisioned_throughput);
  }
  if (r.on_demand_throughput) {
    j["OnDemandThroughput"] = OnDemandJson(*r.on_demand_throughput);
  }
  Json updates = Json::array();
  for (const GlobalSecondaryIndexUpdate& u : r.global_secondary_index_updates) {
    // Capacity updates only: endpoint mode creates its indexes with the
    // table and never drops one.
    if (!u.update) continue;
    Json x{{"IndexName", u.update->index_name}};
    if (u.update->provisioned_throughput) {
      x["ProvisionedThroughput"] =
          ThroughputJson(*u.update->provisioned_throughput);
    }
    if (u.update->on_demand_throughput) {
      x["OnDemandThroughput"] = OnDemandJson(*u.update->on_demand_throughput);
    }
    updates.push_back(Json{{"Update", x}});
  }
  if (!updates.empty()) j["GlobalSecondaryIndexUpdates"] = updates;
  return j.dump();
}

std::string EncodeUpdateItem(const UpdateItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
  PutOptional("UpdateExpression", r.update_expression, j);
  PutWriteOptions(r, j);
  return j.dump();
}

std::string EncodeDeleteItem(const DeleteItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
  PutWriteOptions(r, j);
  return j.dump();
}

std::string EncodeBatchGetItem(const BatchGetItemRequest& r) {
  Json items = Json::object();
  for (const auto& [table, k] : r.request_items) {
    Json keys = Json::array();
    for (const Item& key : k.keys) keys.push_back(ItemJson(key));
    Json e{{"Keys", keys}};
    if (k.consistent_read) e["ConsistentRead"] = true;
    PutOptional("ProjectionExpression", k.projection_expression, e);
    PutNamesAndValues(k.expression_attribute_names, std::nullopt, e);
    items[table] = e;
  }
  Json j{{"RequestItems", items}};
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeBatchWriteItem(const BatchWriteItemRequest& r) {
  Json items = Json::object();
  for (const auto& [table, writes] : r.request_items) {
    Json list = Json::array();
    for (const WriteRequest& w : writes) {
      Json e = Json::object();
      if (w.put_item) e["PutRequest"] = Json{{"Item", ItemJson(*w.put_item)}};
      if (w.delete_key) {
        e["DeleteRequest"] = Json{{"Key", ItemJson(*w.delete_key)}};
      }
      list.push_back(e);
    }
    items[table] = list;
  }
  Json j{{"RequestItems", items}};
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeQuery(const QueryRequest& r) {
  Json j{{"TableName", r.table_name}};
  PutOptional("IndexName", r.index_name, j);
  PutOptional("KeyConditionExpression", r.key_condition_expression, j);
  PutOptional("FilterExpression", r.filter_expression, j);
  PutOptional("ProjectionExpression", r.projection_expression, j);
  PutNamesAndValues(r.expression_attribute_names, r.expression_attribute_values,
                    j);
  if (r.select) j["Select"] = std::string(SelectName(*r.select));
  if (r.limit) j["Limit"] = *r.limit;
  if (r.consistent_read) j["ConsistentRead"] = true;
  if (!r.scan_index_forward) j["ScanIndexForward"] = false;
  if (r.exclusive_start_key) {
    j["ExclusiveStartKey"] = ItemJson(*r.exclusive_start_key);
  }
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeScan(const ScanRequest& r) {
  Json j{{"TableName", r.table_name}};
  PutOptional("IndexName", r.index_name, j);
  PutOptional("FilterExpression", r.filter_expression, j);
  PutOptional("ProjectionExpression", r.projection_expression, j);
  PutNamesAndValues(r.expression_attribute_names, r.expression_attribute_values,
                    j);
  if (r.select) j["Select"] = std::string(SelectName(*r.select));
  if (r.limit) j["Limit"] = *r.limit;
  if (r.consistent_read) j["ConsistentRead"] = true;
  if (r.segment) j["Segment"] = *r.segment;
  if (r.total_segments) j["TotalSegments"] = *r.total_segments;
  if (r.exclusive_start_key) {
    j["ExclusiveStartKey"] = ItemJson(*r.exclusive_start_key);
  }
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeExecuteStatement(const ExecuteStatementRequest& r) {
  Json j{{"Statement", r.statement}};
  if (r.parameters) {
    Json params = Json::array();
    for (const AttributeValue& v : *r.parameters) {
      params.push_back(Json::parse(EncodeAttributeValueJson(v)));
    }
    j["Parameters"] = std::move(params);
  }
  if (r.consistent_read) j["ConsistentRead"] = true;
  PutOptional("NextToken", r.next_token, j);
  if (r.limit) j["Limit"] = *r.limit;
  if (r.return_values_on_condition_check_failure_all_old) {
    j["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
  }
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

StatusOr<CreateTableResponse> DecodeCreateTableResponse(std::string_view body) {
  return Decode<CreateTableResponse>("CreateTable", body, [](const Json& j) {
    return CreateTableResponse{TableFrom(j.at("TableDescription"))};
  });
}

StatusOr<DescribeTableResponse> DecodeDescribeTableResponse(
    std::string_view body) {
  return Decode<DescribeTableResponse>(
      "DescribeTable", body, [](const Json& j) {
        return DescribeTableResponse{TableFrom(j.at("Table"))};
      });
}

StatusOr<DeleteTableResponse> DecodeDeleteTableResponse(std::string_view body) {
  return Decode<DeleteTableResponse>("DeleteTable", body, [](const Json& j) {
    return DeleteTableResponse{TableFrom(j.at("TableDescription"))};
  });
}

StatusOr<PutItemResponse> DecodePutItemResponse(std::string_view body) {
  return DecodeWriteResponse<PutItemResponse>("PutItem", body);
}

StatusOr<GetItemResponse> DecodeGetItemResponse(std::string_view body) {
  return Decode<GetItemResponse>("GetItem", body, [](const Json& j) {
    return GetItemResponse{OptItem(j, "Item"), OptCapacity(j)};
  });
}

StatusOr<BatchWriteItemResponse> DecodeBatchWriteItemResponse(
    std::string_view body) {
  return Decode<BatchWriteItemResponse>(
      "BatchWriteItem", body, [](const Json& j) {
        BatchWriteItemResponse r;
        if (j.contains("UnprocessedItems")) {
          for (const auto& [table, writes] : j["UnprocessedItems"].items()) {
            std::vector<WriteRequest>& list = r.unprocessed_items[table];
            for (const Json& w : writes) {
              WriteRequest write;
              if (w.contains("PutRequest")) {
                write.put_item = ToItem(w["PutRequest"].at("Item"));
              }
              if (w.contains("DeleteRequest")) {
                write.delete_key = ToItem(w["DeleteRequest"].at("Key"));
              }
              list.push_back(std::move(write));
            }
            if (list.empty()) r.unprocessed_items.erase(table);
          }
        }
        r.consumed_capacity = CapacityList(j);
        return r;
      });
}

StatusOr<UpdateTableResponse> DecodeUpdateTableResponse(std::string_view body) {
  return Decode<UpdateTableResponse>("UpdateTable", body, [](const Json& j) {
    return UpdateTableResponse{TableFrom(j.at("TableDescription"))};
  });
}

StatusOr<UpdateItemResponse> DecodeUpdateItemResponse(std::string_view body) {
  return DecodeWriteResponse<UpdateItemResponse>("UpdateItem", body);
}

StatusOr<DeleteItemResponse> DecodeDeleteItemResponse(std::string_view body) {
  return DecodeWriteResponse<DeleteItemResponse>("DeleteItem", body);
}

StatusOr<BatchGetItemResponse> DecodeBatchGetItemResponse(
    std::string_view body) {
  return Decode<BatchGetItemResponse>("BatchGetItem", body, [](const Json& j) {
    BatchGetItemResponse r;
    if (j.contains("Responses")) {
      for (const auto& [table, items] : j["Responses"].items()) {
        std::vector<Item>& list = r.responses[table];
        for (const Json& item : items) list.push_back(ToItem(item));
      }
    }
    if (j.contains("UnprocessedKeys")) {
      for (const auto& [table, k] : j["UnprocessedKeys"].items()) {
        KeysAndAttributes keys;
        if (k.contains("Keys")) {
          for (const Json& key : k["Keys"]) keys.keys.push_back(ToItem(key));
        }
        keys.consistent_read = k.value("ConsistentRead", false);
        if (!keys.keys.empty()) r.unprocessed_keys[table] = std::move(keys);
      }
    }
    r.consumed_capacity = CapacityList(j);
    return r;
  });
}

StatusOr<QueryResponse> DecodeQueryResponse(std::string_view body) {
  return Decode<QueryResponse>("Query", body, PageFrom);
}

StatusOr<ScanResponse> DecodeScanResponse(std::string_view body) {
  return Decode<ScanResponse>("Scan", body, PageFrom);
}

StatusOr<ExecuteStatementResponse> DecodeExecuteStatementResponse(
    std::string_view body) {
  return Decode<ExecuteStatementResponse>(
      "ExecuteStatement", body, [](const Json& j) {
        ExecuteStatementResponse r;
        if (j.contains("Items")) {
          for (const Json& item : j.at("Items"))
            r.items.push_back(ToItem(item));
        }
        if (j.contains("NextToken")) {
          r.next_token = j.at("NextToken").get<std::string>();
        }
        r.last_evaluated_key = OptItem(j, "LastEvaluatedKey");
        r.consumed_capacity = OptCapacity(j);
        return r;
      });
}

}  // namespace eddy::endpoint
