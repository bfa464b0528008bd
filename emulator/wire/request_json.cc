// Copyright 2026 The eddy Authors.
//
// EncodeRequestJson (request_json.h): typed requests as DynamoDB JSON, built
// as an nlohmann/json document (objects keep their members in name order).

#include "emulator/wire/request_json.h"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "emulator/wire/attribute_json.h"

namespace eddy {
namespace {

using Json = nlohmann::json;

Json ItemJson(const Item& item) { return Json::parse(EncodeItemJson(item)); }
Json ValueJson(const AttributeValue& v) {
  return Json::parse(EncodeAttributeValueJson(v));
}

// Legacy members, encoded as an SDK of the pre-expression API would.
Json ValueListJson(const std::vector<AttributeValue>& values) {
  Json list = Json::array();
  for (const AttributeValue& v : values) list.push_back(ValueJson(v));
  return list;
}
void PutConditions(
    const char* name,
    const std::optional<std::map<std::string, Condition>>& conditions,
    Json& j) {
  if (!conditions) return;
  Json m = Json::object();
  for (const auto& [attribute, c] : *conditions) {
    Json e{{"ComparisonOperator",
            std::string(ComparisonOperatorName(c.comparison_operator))}};
    if (!c.attribute_value_list.empty())
      e["AttributeValueList"] = ValueListJson(c.attribute_value_list);
    m[attribute] = e;
  }
  j[name] = m;
}
void PutExpected(const std::optional<
                     std::map<std::string, ExpectedAttributeValue>>& expected,
                 std::optional<ConditionalOperator> op, Json& j) {
  if (expected) {
    Json m = Json::object();
    for (const auto& [attribute, e] : *expected) {
      Json x = Json::object();
      if (e.value) x["Value"] = ValueJson(*e.value);
      if (e.exists) x["Exists"] = *e.exists;
      if (e.comparison_operator) {
        x["ComparisonOperator"] =
            std::string(ComparisonOperatorName(*e.comparison_operator));
      }
      if (!e.attribute_value_list.empty())
        x["AttributeValueList"] = ValueListJson(e.attribute_value_list);
      m[attribute] = x;
    }
    j["Expected"] = m;
  }
  if (op)
    j["ConditionalOperator"] = *op == ConditionalOperator::kOr ? "OR" : "AND";
}
void PutAttributesToGet(const std::optional<std::vector<std::string>>& names,
                        Json& j) {
  if (names) j["AttributesToGet"] = *names;
}
void PutAttributeUpdates(
    const std::optional<std::map<std::string, AttributeValueUpdate>>& updates,
    Json& j) {
  if (!updates) return;
  Json m = Json::object();
  for (const auto& [attribute, u] : *updates) {
    Json x{{"Action", u.action == AttributeAction::kPut   ? "PUT"
                      : u.action == AttributeAction::kAdd ? "ADD"
                                                          : "DELETE"}};
    if (u.value) x["Value"] = ValueJson(*u.value);
    m[attribute] = x;
  }
  j["AttributeUpdates"] = m;
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

void PutOptional(const char* key, const std::optional<std::string>& s,
                 Json& j) {
  if (s) j[key] = *s;
}

void PutCapacityMode(ReturnConsumedCapacity mode, Json& j) {
  if (mode != ReturnConsumedCapacity::kNone)
    j["ReturnConsumedCapacity"] = std::string(ReturnConsumedCapacityName(mode));
}

void PutReturnValues(ReturnValue v, bool on_failure_all_old, Json& j) {
  if (v != ReturnValue::kNone)
    j["ReturnValues"] = std::string(ReturnValueName(v));
  if (on_failure_all_old) j["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
}

Json ThroughputJson(const ProvisionedThroughput& t) {
  return Json{{"ReadCapacityUnits", t.read_capacity_units},
              {"WriteCapacityUnits", t.write_capacity_units}};
}

Json OnDemandJson(const OnDemandThroughput& t) {
  Json out = Json::object();
  if (t.max_read_request_units)
    out["MaxReadRequestUnits"] = *t.max_read_request_units;
  if (t.max_write_request_units)
    out["MaxWriteRequestUnits"] = *t.max_write_request_units;
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
  if (p.projection_type)
    out["ProjectionType"] = std::string(ProjectionTypeName(*p.projection_type));
  if (!p.non_key_attributes.empty())
    out["NonKeyAttributes"] = p.non_key_attributes;
  return out;
}

Json GsiJson(const GlobalSecondaryIndex& g) {
  Json out{{"IndexName", g.index_name},
           {"KeySchema", KeySchemaJson(g.key_schema)},
           {"Projection", ProjectionJson(g.projection)}};
  if (g.provisioned_throughput)
    out["ProvisionedThroughput"] = ThroughputJson(*g.provisioned_throughput);
  if (g.on_demand_throughput)
    out["OnDemandThroughput"] = OnDemandJson(*g.on_demand_throughput);
  return out;
}

void PutItemCollectionMetricsMode(ReturnItemCollectionMetrics mode, Json& j) {
  if (mode == ReturnItemCollectionMetrics::kSize)
    j["ReturnItemCollectionMetrics"] = "SIZE";
}

Json DefinitionsJson(const std::vector<AttributeDefinition>& defs) {
  Json out = Json::array();
  for (const auto& d : defs) {
    out.push_back({{"AttributeName", d.attribute_name},
                   {"AttributeType",
                    std::string(ScalarAttributeTypeName(d.attribute_type))}});
  }
  return out;
}

// The members PutItem, UpdateItem and DeleteItem share after their key or
// item.
template <typename Request>
void PutWriteOptions(const Request& r, Json& j) {
  PutOptional("ConditionExpression", r.condition_expression, j);
  PutExpected(r.expected, r.conditional_operator, j);
  PutNamesAndValues(r.expression_attribute_names, r.expression_attribute_values,
                    j);
  PutReturnValues(r.return_values,
                  r.return_values_on_condition_check_failure_all_old, j);
  PutCapacityMode(r.return_consumed_capacity, j);
  PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
}

// The members Query and Scan share.
template <typename Request>
void PutReadOptions(const Request& r, Json& j) {
  PutOptional("IndexName", r.index_name, j);
  PutOptional("FilterExpression", r.filter_expression, j);
  PutOptional("ProjectionExpression", r.projection_expression, j);
  PutNamesAndValues(r.expression_attribute_names, r.expression_attribute_values,
                    j);
  if (r.select) j["Select"] = std::string(SelectName(*r.select));
  if (r.limit) j["Limit"] = *r.limit;
  if (r.consistent_read) j["ConsistentRead"] = true;
  if (r.exclusive_start_key) {
    j["ExclusiveStartKey"] = ItemJson(*r.exclusive_start_key);
  }
  PutAttributesToGet(r.attributes_to_get, j);
  PutExpected(std::nullopt, r.conditional_operator, j);
  PutCapacityMode(r.return_consumed_capacity, j);
}

// The members every TransactWriteItems action carries besides its key or
// item (ConditionCheck, Put, Delete, Update).
template <typename Action>
Json TransactActionJson(const Action& a) {
  Json j{{"TableName", a.table_name}};
  PutOptional("ConditionExpression", a.condition_expression, j);
  PutNamesAndValues(a.expression_attribute_names, a.expression_attribute_values,
                    j);
  if (a.return_values_on_condition_check_failure_all_old) {
    j["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
  }
  return j;
}

}  // namespace

std::string EncodeRequestJson(const CreateTableRequest& r) {
  Json j{{"TableName", r.table_name}};
  j["KeySchema"] = KeySchemaJson(r.key_schema);
  if (!r.global_secondary_indexes.empty()) {
    Json list = Json::array();
    for (const auto& g : r.global_secondary_indexes) list.push_back(GsiJson(g));
    j["GlobalSecondaryIndexes"] = list;
  }
  if (!r.local_secondary_indexes.empty()) {
    Json list = Json::array();
    for (const auto& l : r.local_secondary_indexes) {
      list.push_back({{"IndexName", l.index_name},
                      {"KeySchema", KeySchemaJson(l.key_schema)},
                      {"Projection", ProjectionJson(l.projection)}});
    }
    j["LocalSecondaryIndexes"] = list;
  }
  j["AttributeDefinitions"] = DefinitionsJson(r.attribute_definitions);
  if (r.billing_mode)
    j["BillingMode"] = std::string(BillingModeName(*r.billing_mode));
  if (r.provisioned_throughput)
    j["ProvisionedThroughput"] = ThroughputJson(*r.provisioned_throughput);
  if (r.on_demand_throughput)
    j["OnDemandThroughput"] = OnDemandJson(*r.on_demand_throughput);
  if (!r.tags.empty()) {
    Json tags = Json::array();
    for (const Tag& t : r.tags)
      tags.push_back({{"Key", t.key}, {"Value", t.value}});
    j["Tags"] = tags;
  }
  return j.dump();
}

std::string EncodeRequestJson(const ListTablesRequest& r) {
  Json j = Json::object();
  PutOptional("ExclusiveStartTableName", r.exclusive_start_table_name, j);
  if (r.limit) j["Limit"] = *r.limit;
  return j.dump();
}

std::string EncodeRequestJson(const UpdateTableRequest& r) {
  Json j{{"TableName", r.table_name}};
  if (!r.attribute_definitions.empty())
    j["AttributeDefinitions"] = DefinitionsJson(r.attribute_definitions);
  if (r.billing_mode)
    j["BillingMode"] = std::string(BillingModeName(*r.billing_mode));
  if (r.provisioned_throughput)
    j["ProvisionedThroughput"] = ThroughputJson(*r.provisioned_throughput);
  if (r.on_demand_throughput)
    j["OnDemandThroughput"] = OnDemandJson(*r.on_demand_throughput);
  if (!r.global_secondary_index_updates.empty()) {
    Json list = Json::array();
    for (const GlobalSecondaryIndexUpdate& u :
         r.global_secondary_index_updates) {
      Json e = Json::object();
      if (u.create) e["Create"] = GsiJson(*u.create);
      if (u.delete_index_name)
        e["Delete"] = Json{{"IndexName", *u.delete_index_name}};
      if (u.update) {
        Json a{{"IndexName", u.update->index_name}};
        if (u.update->provisioned_throughput) {
          a["ProvisionedThroughput"] =
              ThroughputJson(*u.update->provisioned_throughput);
        }
        if (u.update->on_demand_throughput) {
          a["OnDemandThroughput"] =
              OnDemandJson(*u.update->on_demand_throughput);
        }
        e["Update"] = a;
      }
      list.push_back(e);
    }
    j["GlobalSecondaryIndexUpdates"] = list;
  }
  return j.dump();
}

std::string EncodeRequestJson(const PutItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Item", ItemJson(r.item)}};
  PutWriteOptions(r, j);
  return j.dump();
}

std::string EncodeRequestJson(const GetItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
  if (r.consistent_read) j["ConsistentRead"] = true;
  PutOptional("ProjectionExpression", r.projection_expression, j);
  PutAttributesToGet(r.attributes_to_get, j);
  PutNamesAndValues(r.expression_attribute_names, std::nullopt, j);
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeRequestJson(const DeleteItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
  PutWriteOptions(r, j);
  return j.dump();
}

std::string EncodeRequestJson(const UpdateItemRequest& r) {
  Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
  PutOptional("UpdateExpression", r.update_expression, j);
  PutAttributeUpdates(r.attribute_updates, j);
  PutWriteOptions(r, j);
  return j.dump();
}

std::string EncodeRequestJson(const QueryRequest& r) {
  Json j{{"TableName", r.table_name}};
  PutOptional("KeyConditionExpression", r.key_condition_expression, j);
  PutReadOptions(r, j);
  if (!r.scan_index_forward) j["ScanIndexForward"] = false;
  PutConditions("KeyConditions", r.key_conditions, j);
  PutConditions("QueryFilter", r.query_filter, j);
  return j.dump();
}

std::string EncodeRequestJson(const ScanRequest& r) {
  Json j{{"TableName", r.table_name}};
  PutReadOptions(r, j);
  if (r.segment) j["Segment"] = *r.segment;
  if (r.total_segments) j["TotalSegments"] = *r.total_segments;
  PutConditions("ScanFilter", r.scan_filter, j);
  return j.dump();
}

std::string EncodeRequestJson(const BatchGetItemRequest& r) {
  Json items = Json::object();
  for (const auto& [table, k] : r.request_items) {
    Json keys = Json::array();
    for (const Item& key : k.keys) keys.push_back(ItemJson(key));
    Json t{{"Keys", keys}};
    if (k.consistent_read) t["ConsistentRead"] = true;
    PutOptional("ProjectionExpression", k.projection_expression, t);
    PutAttributesToGet(k.attributes_to_get, t);
    PutNamesAndValues(k.expression_attribute_names, std::nullopt, t);
    items[table] = t;
  }
  Json j{{"RequestItems", items}};
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeRequestJson(const BatchWriteItemRequest& r) {
  Json items = Json::object();
  for (const auto& [table, writes] : r.request_items) {
    Json list = Json::array();
    for (const WriteRequest& w : writes) {
      Json e = Json::object();
      if (w.put_item) e["PutRequest"] = Json{{"Item", ItemJson(*w.put_item)}};
      if (w.delete_key)
        e["DeleteRequest"] = Json{{"Key", ItemJson(*w.delete_key)}};
      list.push_back(e);
    }
    items[table] = list;
  }
  Json j{{"RequestItems", items}};
  PutCapacityMode(r.return_consumed_capacity, j);
  PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
  return j.dump();
}

std::string EncodeRequestJson(const TransactWriteItemsRequest& r) {
  Json items = Json::array();
  for (const TransactWriteItem& t : r.transact_items) {
    Json e = Json::object();
    if (t.condition_check) {
      Json j = TransactActionJson(*t.condition_check);
      j["Key"] = ItemJson(t.condition_check->key);
      e["ConditionCheck"] = j;
    }
    if (t.put) {
      Json j = TransactActionJson(*t.put);
      j["Item"] = ItemJson(t.put->item);
      e["Put"] = j;
    }
    if (t.delete_item) {
      Json j = TransactActionJson(*t.delete_item);
      j["Key"] = ItemJson(t.delete_item->key);
      e["Delete"] = j;
    }
    if (t.update) {
      Json j = TransactActionJson(*t.update);
      j["Key"] = ItemJson(t.update->key);
      j["UpdateExpression"] = t.update->update_expression;
      e["Update"] = j;
    }
    items.push_back(e);
  }
  Json j{{"TransactItems", items}};
  PutCapacityMode(r.return_consumed_capacity, j);
  PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
  PutOptional("ClientRequestToken", r.client_request_token, j);
  return j.dump();
}

std::string EncodeRequestJson(const TransactGetItemsRequest& r) {
  Json items = Json::array();
  for (const TransactGetItem& g : r.transact_items) {
    Json get{{"TableName", g.table_name}, {"Key", ItemJson(g.key)}};
    PutOptional("ProjectionExpression", g.projection_expression, get);
    PutNamesAndValues(g.expression_attribute_names, std::nullopt, get);
    items.push_back(Json{{"Get", get}});
  }
  Json j{{"TransactItems", items}};
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

std::string EncodeRequestJson(const UpdateTimeToLiveRequest& r) {
  Json j{{"TableName", r.table_name},
         {"TimeToLiveSpecification",
          {{"AttributeName", r.time_to_live_specification.attribute_name},
           {"Enabled", r.time_to_live_specification.enabled}}}};
  return j.dump();
}

std::string EncodeRequestJson(const ListTagsOfResourceRequest& r) {
  Json j{{"ResourceArn", r.resource_arn}};
  PutOptional("NextToken", r.next_token, j);
  return j.dump();
}

std::string EncodeRequestJson(const DescribeTableRequest& r) {
  return Json{{"TableName", r.table_name}}.dump();
}

std::string EncodeRequestJson(const DeleteTableRequest& r) {
  return Json{{"TableName", r.table_name}}.dump();
}

std::string EncodeRequestJson(const DescribeTimeToLiveRequest& r) {
  return Json{{"TableName", r.table_name}}.dump();
}

std::string EncodeRequestJson(const TagResourceRequest& r) {
  Json tags = Json::array();
  for (const Tag& t : r.tags)
    tags.push_back({{"Key", t.key}, {"Value", t.value}});
  return Json{{"ResourceArn", r.resource_arn}, {"Tags", tags}}.dump();
}

std::string EncodeRequestJson(const UntagResourceRequest& r) {
  return Json{{"ResourceArn", r.resource_arn}, {"TagKeys", r.tag_keys}}.dump();
}

std::string EncodeRequestJson(const ExecuteStatementRequest& r) {
  Json j{{"Statement", r.statement}};
  if (r.parameters) j["Parameters"] = ValueListJson(*r.parameters);
  if (r.consistent_read) j["ConsistentRead"] = true;
  PutOptional("NextToken", r.next_token, j);
  if (r.limit) j["Limit"] = *r.limit;
  if (r.return_values_on_condition_check_failure_all_old) {
    j["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
  }
  PutCapacityMode(r.return_consumed_capacity, j);
  return j.dump();
}

}  // namespace eddy
