// Copyright 2026 The eddy Authors.

#include "tests/engine/wire_client.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "emulator/wire/attribute_json.h"
#include "emulator/wire/execute.h"

namespace eddy::testing_wire {
namespace {

// The client encodes requests and decodes responses with nlohmann/json, an
// implementation independent of the wire layer under test.
using Json = nlohmann::json;

// --- Typed
// --------------------------------------------------------------------

class TypedClient final : public Client {
 public:
  explicit TypedClient(Database* db) : db_(db) {}
  StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) override {
    return db_->CreateTable(r);
  }
  StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) override {
    return db_->DescribeTable(r);
  }
  StatusOr<ListTablesResponse> ListTables(const ListTablesRequest& r) override {
    return db_->ListTables(r);
  }
  StatusOr<DeleteTableResponse> DeleteTable(
      const DeleteTableRequest& r) override {
    return db_->DeleteTable(r);
  }
  StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) override {
    return db_->UpdateTable(r);
  }
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override {
    return db_->PutItem(r);
  }
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) override {
    return db_->GetItem(r);
  }
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override {
    return db_->DeleteItem(r);
  }
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override {
    return db_->UpdateItem(r);
  }
  StatusOr<QueryResponse> Query(const QueryRequest& r) override {
    return db_->Query(r);
  }
  StatusOr<ScanResponse> Scan(const ScanRequest& r) override {
    return db_->Scan(r);
  }
  StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) override {
    return db_->BatchGetItem(r);
  }
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) override {
    return db_->BatchWriteItem(r);
  }

  StatusOr<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) override {
    return db_->TransactWriteItems(r);
  }
  StatusOr<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& r) override {
    return db_->TransactGetItems(r);
  }
  StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& r) override {
    return db_->UpdateTimeToLive(r);
  }
  StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override {
    return db_->DescribeTimeToLive(r);
  }
  StatusOr<TagResourceResponse> TagResource(
      const TagResourceRequest& r) override {
    return db_->TagResource(r);
  }
  StatusOr<UntagResourceResponse> UntagResource(
      const UntagResourceRequest& r) override {
    return db_->UntagResource(r);
  }
  StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override {
    return db_->ListTagsOfResource(r);
  }
  Status InjectFault(const Fault& f) override {
    db_->InjectFault(f);
    return Status::OK();
  }
  Status ClearFaults() override {
    db_->ClearFaults();
    return Status::OK();
  }

 private:
  Database* db_;
};

// --- JSON encoding of typed requests (what an SDK sends)
// ----------------------

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

std::optional<OnDemandThroughput> OnDemandFrom(const Json& j) {
  if (!j.contains("OnDemandThroughput")) return std::nullopt;
  const Json& o = j["OnDemandThroughput"];
  OnDemandThroughput t;
  if (o.contains("MaxReadRequestUnits"))
    t.max_read_request_units = o["MaxReadRequestUnits"].get<int64_t>();
  if (o.contains("MaxWriteRequestUnits"))
    t.max_write_request_units = o["MaxWriteRequestUnits"].get<int64_t>();
  return t;
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

// --- JSON decoding of responses
// ---------------------------------------------------

Item ToItemOrDie(const Json& j) {
  StatusOr<Item> item = DecodeItemJson(j.dump());
  return item.ok() ? *std::move(item) : Item();
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
    for (const auto& [k, v] : j["GlobalSecondaryIndexes"].items())
      c.global_secondary_indexes[k] = CapacityFrom(v);
  }
  if (j.contains("LocalSecondaryIndexes")) {
    for (const auto& [k, v] : j["LocalSecondaryIndexes"].items())
      c.local_secondary_indexes[k] = CapacityFrom(v);
  }
  return c;
}

std::optional<ConsumedCapacity> OptCapacity(const Json& j) {
  if (!j.contains("ConsumedCapacity")) return std::nullopt;
  return ConsumedCapacityFrom(j["ConsumedCapacity"]);
}

std::optional<Item> OptItem(const Json& j, const char* key) {
  if (!j.contains(key)) return std::nullopt;
  return ToItemOrDie(j[key]);
}

ItemCollectionMetrics MetricsFrom(const Json& j) {
  ItemCollectionMetrics m;
  m.item_collection_key = ToItemOrDie(j["ItemCollectionKey"]);
  for (const Json& d : j["SizeEstimateRangeGB"])
    m.size_estimate_range_gb.push_back(d.get<double>());
  return m;
}

std::optional<ItemCollectionMetrics> OptMetrics(const Json& j) {
  if (!j.contains("ItemCollectionMetrics")) return std::nullopt;
  return MetricsFrom(j["ItemCollectionMetrics"]);
}

std::vector<KeySchemaElement> KeySchemaFrom(const Json& j) {
  std::vector<KeySchemaElement> out;
  for (const Json& k : j) {
    out.push_back({k["AttributeName"].get<std::string>(),
                   k["KeyType"] == "HASH" ? KeyType::kHash : KeyType::kRange});
  }
  return out;
}

Projection ProjectionFrom(const Json& j) {
  Projection p;
  const std::string type = j.value("ProjectionType", "");
  if (type == "ALL") p.projection_type = ProjectionType::kAll;
  if (type == "KEYS_ONLY") p.projection_type = ProjectionType::kKeysOnly;
  if (type == "INCLUDE") p.projection_type = ProjectionType::kInclude;
  if (j.contains("NonKeyAttributes"))
    p.non_key_attributes =
        j["NonKeyAttributes"].get<std::vector<std::string>>();
  return p;
}

TableDescription TableFrom(const Json& j) {
  TableDescription t;
  t.table_name = j.value("TableName", "");
  t.table_arn = j.value("TableArn", "");
  t.table_id = j.value("TableId", "");
  const std::string status = j.value("TableStatus", "");
  t.table_status = status == "CREATING"   ? TableStatus::kCreating
                   : status == "UPDATING" ? TableStatus::kUpdating
                   : status == "DELETING" ? TableStatus::kDeleting
                                          : TableStatus::kActive;
  t.key_schema = KeySchemaFrom(j["KeySchema"]);
  for (const Json& d : j["AttributeDefinitions"]) {
    const std::string type = d["AttributeType"].get<std::string>();
    t.attribute_definitions.push_back({d["AttributeName"].get<std::string>(),
                                       type == "N" ? ScalarAttributeType::kN
                                       : type == "B"
                                           ? ScalarAttributeType::kB
                                           : ScalarAttributeType::kS});
  }
  t.creation_date_time = j.value("CreationDateTime", 0.0);
  t.item_count = j.value("ItemCount", int64_t{0});
  t.table_size_bytes = j.value("TableSizeBytes", int64_t{0});
  const Json& pt = j["ProvisionedThroughput"];
  t.provisioned_throughput.read_capacity_units =
      pt.value("ReadCapacityUnits", int64_t{0});
  t.provisioned_throughput.write_capacity_units =
      pt.value("WriteCapacityUnits", int64_t{0});
  t.provisioned_throughput.number_of_decreases_today =
      pt.value("NumberOfDecreasesToday", int64_t{0});
  t.provisioned_throughput.last_increase_date_time =
      OptDouble(pt, "LastIncreaseDateTime");
  t.provisioned_throughput.last_decrease_date_time =
      OptDouble(pt, "LastDecreaseDateTime");
  if (j.contains("BillingModeSummary")) {
    const Json& b = j["BillingModeSummary"];
    BillingModeSummary s;
    s.billing_mode = b["BillingMode"] == "PAY_PER_REQUEST"
                         ? BillingMode::kPayPerRequest
                         : BillingMode::kProvisioned;
    s.last_update_to_pay_per_request_date_time =
        OptDouble(b, "LastUpdateToPayPerRequestDateTime");
    t.billing_mode_summary = s;
  }
  t.on_demand_throughput = OnDemandFrom(j);
  if (j.contains("GlobalSecondaryIndexes")) {
    for (const Json& g : j["GlobalSecondaryIndexes"]) {
      GlobalSecondaryIndexDescription d;
      d.index_name = g["IndexName"].get<std::string>();
      d.key_schema = KeySchemaFrom(g["KeySchema"]);
      d.projection = ProjectionFrom(g["Projection"]);
      const std::string index_status = g["IndexStatus"].get<std::string>();
      d.index_status = index_status == "CREATING"   ? IndexStatus::kCreating
                       : index_status == "DELETING" ? IndexStatus::kDeleting
                       : index_status == "UPDATING" ? IndexStatus::kUpdating
                                                    : IndexStatus::kActive;
      if (g.contains("Backfilling"))
        d.backfilling = g["Backfilling"].get<bool>();
      d.provisioned_throughput.read_capacity_units =
          g["ProvisionedThroughput"].value("ReadCapacityUnits", int64_t{0});
      d.provisioned_throughput.write_capacity_units =
          g["ProvisionedThroughput"].value("WriteCapacityUnits", int64_t{0});
      d.on_demand_throughput = OnDemandFrom(g);
      d.index_size_bytes = g.value("IndexSizeBytes", int64_t{0});
      d.item_count = g.value("ItemCount", int64_t{0});
      d.index_arn = g.value("IndexArn", "");
      t.global_secondary_indexes.push_back(std::move(d));
    }
  }
  if (j.contains("LocalSecondaryIndexes")) {
    for (const Json& l : j["LocalSecondaryIndexes"]) {
      LocalSecondaryIndexDescription d;
      d.index_name = l["IndexName"].get<std::string>();
      d.key_schema = KeySchemaFrom(l["KeySchema"]);
      d.projection = ProjectionFrom(l["Projection"]);
      d.index_size_bytes = l.value("IndexSizeBytes", int64_t{0});
      d.item_count = l.value("ItemCount", int64_t{0});
      d.index_arn = l.value("IndexArn", "");
      t.local_secondary_indexes.push_back(std::move(d));
    }
  }
  return t;
}

QueryResponse PageFrom(const Json& j) {
  QueryResponse page;
  if (j.contains("Items")) {
    for (const Json& item : j["Items"]) page.items.push_back(ToItemOrDie(item));
  }
  page.count = j.value("Count", int64_t{0});
  page.scanned_count = j.value("ScannedCount", int64_t{0});
  page.last_evaluated_key = OptItem(j, "LastEvaluatedKey");
  page.consumed_capacity = OptCapacity(j);
  return page;
}

std::vector<ConsumedCapacity> CapacityList(const Json& j) {
  std::vector<ConsumedCapacity> out;
  if (j.contains("ConsumedCapacity")) {
    for (const Json& c : j["ConsumedCapacity"])
      out.push_back(ConsumedCapacityFrom(c));
  }
  return out;
}

// The Status an error body describes.
Status StatusFromErrorBody(const Json& j) {
  const std::string type = j.value("__type", "");
  const ErrorCode code =
      ErrorCodeFromName(type).value_or(ErrorCode::kInternalServerError);
  std::string message = j.contains("message") ? j["message"].get<std::string>()
                        : j.contains("Message")
                            ? j["Message"].get<std::string>()
                            : std::string();
  Status s(code, std::move(message));
  if (j.contains("Item")) {
    s = s.WithItem(
        std::make_shared<const AttributeMap>(ToItemOrDie(j["Item"])));
  }
  if (j.contains("CancellationReasons")) {
    std::vector<CancellationReason> reasons;
    for (const Json& r : j["CancellationReasons"]) {
      CancellationReason reason{r.value("Code", ""), r.value("Message", ""),
                                nullptr};
      if (r.contains("Item"))
        reason.item =
            std::make_shared<const AttributeMap>(ToItemOrDie(r["Item"]));
      reasons.push_back(std::move(reason));
    }
    s = s.WithCancellationReasons(std::move(reasons));
  }
  if (j.contains("ThrottlingReasons")) {
    std::vector<ThrottlingReason> reasons;
    for (const Json& r : j["ThrottlingReasons"]) {
      reasons.push_back({r.value("reason", ""), r.value("resource", "")});
    }
    s = s.WithThrottlingReasons(std::move(reasons));
  }
  return s;
}

class JsonClient final : public Client {
 public:
  explicit JsonClient(Database* db) : db_(db) {}

  StatusOr<CreateTableResponse> CreateTable(
      const CreateTableRequest& r) override {
    Json j{{"TableName", r.table_name}};
    j["KeySchema"] = KeySchemaJson(r.key_schema);
    if (!r.global_secondary_indexes.empty()) {
      Json list = Json::array();
      for (const auto& g : r.global_secondary_indexes)
        list.push_back(GsiJson(g));
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
    EDDY_ASSIGN_OR_RETURN(Json out, Call("CreateTable", j));
    return CreateTableResponse{TableFrom(out["TableDescription"])};
  }
  StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(
        Json out, Call("DescribeTable", Json{{"TableName", r.table_name}}));
    return DescribeTableResponse{TableFrom(out["Table"])};
  }
  StatusOr<ListTablesResponse> ListTables(const ListTablesRequest& r) override {
    Json j = Json::object();
    PutOptional("ExclusiveStartTableName", r.exclusive_start_table_name, j);
    if (r.limit) j["Limit"] = *r.limit;
    EDDY_ASSIGN_OR_RETURN(Json out, Call("ListTables", j));
    ListTablesResponse resp;
    for (const Json& name : out["TableNames"])
      resp.table_names.push_back(name.get<std::string>());
    if (out.contains("LastEvaluatedTableName"))
      resp.last_evaluated_table_name =
          out["LastEvaluatedTableName"].get<std::string>();
    return resp;
  }
  StatusOr<DeleteTableResponse> DeleteTable(
      const DeleteTableRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(
        Json out, Call("DeleteTable", Json{{"TableName", r.table_name}}));
    return DeleteTableResponse{TableFrom(out["TableDescription"])};
  }
  StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) override {
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
    EDDY_ASSIGN_OR_RETURN(Json out, Call("UpdateTable", j));
    return UpdateTableResponse{TableFrom(out["TableDescription"])};
  }
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override {
    Json j{{"TableName", r.table_name}, {"Item", ItemJson(r.item)}};
    PutOptional("ConditionExpression", r.condition_expression, j);
    PutExpected(r.expected, r.conditional_operator, j);
    PutNamesAndValues(r.expression_attribute_names,
                      r.expression_attribute_values, j);
    PutReturnValues(r.return_values,
                    r.return_values_on_condition_check_failure_all_old, j);
    PutCapacityMode(r.return_consumed_capacity, j);
    PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("PutItem", j));
    return PutItemResponse{OptItem(out, "Attributes"), OptMetrics(out),
                           OptCapacity(out)};
  }
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) override {
    Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
    if (r.consistent_read) j["ConsistentRead"] = true;
    PutOptional("ProjectionExpression", r.projection_expression, j);
    PutAttributesToGet(r.attributes_to_get, j);
    PutNamesAndValues(r.expression_attribute_names, std::nullopt, j);
    PutCapacityMode(r.return_consumed_capacity, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("GetItem", j));
    return GetItemResponse{OptItem(out, "Item"), OptCapacity(out)};
  }
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override {
    Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
    PutOptional("ConditionExpression", r.condition_expression, j);
    PutExpected(r.expected, r.conditional_operator, j);
    PutNamesAndValues(r.expression_attribute_names,
                      r.expression_attribute_values, j);
    PutReturnValues(r.return_values,
                    r.return_values_on_condition_check_failure_all_old, j);
    PutCapacityMode(r.return_consumed_capacity, j);
    PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("DeleteItem", j));
    return DeleteItemResponse{OptItem(out, "Attributes"), OptMetrics(out),
                              OptCapacity(out)};
  }
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override {
    Json j{{"TableName", r.table_name}, {"Key", ItemJson(r.key)}};
    PutOptional("UpdateExpression", r.update_expression, j);
    PutOptional("ConditionExpression", r.condition_expression, j);
    PutAttributeUpdates(r.attribute_updates, j);
    PutExpected(r.expected, r.conditional_operator, j);
    PutNamesAndValues(r.expression_attribute_names,
                      r.expression_attribute_values, j);
    PutReturnValues(r.return_values,
                    r.return_values_on_condition_check_failure_all_old, j);
    PutCapacityMode(r.return_consumed_capacity, j);
    PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("UpdateItem", j));
    return UpdateItemResponse{OptItem(out, "Attributes"), OptMetrics(out),
                              OptCapacity(out)};
  }
  StatusOr<QueryResponse> Query(const QueryRequest& r) override {
    Json j{{"TableName", r.table_name}};
    PutOptional("IndexName", r.index_name, j);
    PutOptional("KeyConditionExpression", r.key_condition_expression, j);
    PutOptional("FilterExpression", r.filter_expression, j);
    PutOptional("ProjectionExpression", r.projection_expression, j);
    PutNamesAndValues(r.expression_attribute_names,
                      r.expression_attribute_values, j);
    if (r.select) j["Select"] = std::string(SelectName(*r.select));
    if (r.limit) j["Limit"] = *r.limit;
    if (r.consistent_read) j["ConsistentRead"] = true;
    if (!r.scan_index_forward) j["ScanIndexForward"] = false;
    if (r.exclusive_start_key)
      j["ExclusiveStartKey"] = ItemJson(*r.exclusive_start_key);
    PutConditions("KeyConditions", r.key_conditions, j);
    PutConditions("QueryFilter", r.query_filter, j);
    PutAttributesToGet(r.attributes_to_get, j);
    PutExpected(std::nullopt, r.conditional_operator, j);
    PutCapacityMode(r.return_consumed_capacity, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("Query", j));
    return PageFrom(out);
  }
  StatusOr<ScanResponse> Scan(const ScanRequest& r) override {
    Json j{{"TableName", r.table_name}};
    PutOptional("IndexName", r.index_name, j);
    PutOptional("FilterExpression", r.filter_expression, j);
    PutOptional("ProjectionExpression", r.projection_expression, j);
    PutNamesAndValues(r.expression_attribute_names,
                      r.expression_attribute_values, j);
    if (r.select) j["Select"] = std::string(SelectName(*r.select));
    if (r.limit) j["Limit"] = *r.limit;
    if (r.consistent_read) j["ConsistentRead"] = true;
    if (r.segment) j["Segment"] = *r.segment;
    if (r.total_segments) j["TotalSegments"] = *r.total_segments;
    if (r.exclusive_start_key)
      j["ExclusiveStartKey"] = ItemJson(*r.exclusive_start_key);
    PutConditions("ScanFilter", r.scan_filter, j);
    PutAttributesToGet(r.attributes_to_get, j);
    PutExpected(std::nullopt, r.conditional_operator, j);
    PutCapacityMode(r.return_consumed_capacity, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("Scan", j));
    return PageFrom(out);
  }
  StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) override {
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
    EDDY_ASSIGN_OR_RETURN(Json out, Call("BatchGetItem", j));
    BatchGetItemResponse resp;
    for (const auto& [table, found] : out["Responses"].items()) {
      std::vector<Item>& list = resp.responses[table];
      for (const Json& item : found) list.push_back(ToItemOrDie(item));
    }
    for (const auto& [table, k] : out["UnprocessedKeys"].items()) {
      KeysAndAttributes& keys = resp.unprocessed_keys[table];
      for (const Json& key : k["Keys"]) keys.keys.push_back(ToItemOrDie(key));
      keys.consistent_read = k.value("ConsistentRead", false);
    }
    resp.consumed_capacity = CapacityList(out);
    return resp;
  }
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& r) override {
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
    EDDY_ASSIGN_OR_RETURN(Json out, Call("BatchWriteItem", j));
    BatchWriteItemResponse resp;
    for (const auto& [table, writes] : out["UnprocessedItems"].items()) {
      std::vector<WriteRequest>& list = resp.unprocessed_items[table];
      for (const Json& w : writes) {
        WriteRequest write;
        if (w.contains("PutRequest"))
          write.put_item = ToItemOrDie(w["PutRequest"]["Item"]);
        if (w.contains("DeleteRequest"))
          write.delete_key = ToItemOrDie(w["DeleteRequest"]["Key"]);
        list.push_back(std::move(write));
      }
    }
    resp.consumed_capacity = CapacityList(out);
    if (out.contains("ItemCollectionMetrics")) {
      for (const auto& [table, list] : out["ItemCollectionMetrics"].items()) {
        for (const Json& m : list)
          resp.item_collection_metrics[table].push_back(MetricsFrom(m));
      }
    }
    return resp;
  }

  StatusOr<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) override {
    Json items = Json::array();
    auto common = [](const std::string& table,
                     const std::optional<std::string>& condition,
                     const std::optional<ExpressionAttributeNames>& names,
                     const std::optional<ExpressionAttributeValues>& values,
                     bool rv) {
      Json j{{"TableName", table}};
      PutOptional("ConditionExpression", condition, j);
      PutNamesAndValues(names, values, j);
      if (rv) j["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD";
      return j;
    };
    for (const TransactWriteItem& t : r.transact_items) {
      Json e = Json::object();
      if (t.condition_check) {
        const auto& c = *t.condition_check;
        Json j =
            common(c.table_name, c.condition_expression,
                   c.expression_attribute_names, c.expression_attribute_values,
                   c.return_values_on_condition_check_failure_all_old);
        j["Key"] = ItemJson(c.key);
        e["ConditionCheck"] = j;
      }
      if (t.put) {
        const auto& p = *t.put;
        Json j =
            common(p.table_name, p.condition_expression,
                   p.expression_attribute_names, p.expression_attribute_values,
                   p.return_values_on_condition_check_failure_all_old);
        j["Item"] = ItemJson(p.item);
        e["Put"] = j;
      }
      if (t.delete_item) {
        const auto& d = *t.delete_item;
        Json j =
            common(d.table_name, d.condition_expression,
                   d.expression_attribute_names, d.expression_attribute_values,
                   d.return_values_on_condition_check_failure_all_old);
        j["Key"] = ItemJson(d.key);
        e["Delete"] = j;
      }
      if (t.update) {
        const auto& u = *t.update;
        Json j =
            common(u.table_name, u.condition_expression,
                   u.expression_attribute_names, u.expression_attribute_values,
                   u.return_values_on_condition_check_failure_all_old);
        j["Key"] = ItemJson(u.key);
        j["UpdateExpression"] = u.update_expression;
        e["Update"] = j;
      }
      items.push_back(e);
    }
    Json j{{"TransactItems", items}};
    PutCapacityMode(r.return_consumed_capacity, j);
    PutItemCollectionMetricsMode(r.return_item_collection_metrics, j);
    PutOptional("ClientRequestToken", r.client_request_token, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("TransactWriteItems", j));
    TransactWriteItemsResponse resp;
    resp.consumed_capacity = CapacityList(out);
    if (out.contains("ItemCollectionMetrics")) {
      for (const auto& [table, list] : out["ItemCollectionMetrics"].items()) {
        for (const Json& m : list)
          resp.item_collection_metrics[table].push_back(MetricsFrom(m));
      }
    }
    return resp;
  }
  StatusOr<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& r) override {
    Json items = Json::array();
    for (const TransactGetItem& g : r.transact_items) {
      Json get{{"TableName", g.table_name}, {"Key", ItemJson(g.key)}};
      PutOptional("ProjectionExpression", g.projection_expression, get);
      PutNamesAndValues(g.expression_attribute_names, std::nullopt, get);
      items.push_back(Json{{"Get", get}});
    }
    Json j{{"TransactItems", items}};
    PutCapacityMode(r.return_consumed_capacity, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("TransactGetItems", j));
    TransactGetItemsResponse resp;
    for (const Json& item : out["Responses"])
      resp.responses.push_back(ItemResponse{OptItem(item, "Item")});
    resp.consumed_capacity = CapacityList(out);
    return resp;
  }
  StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& r) override {
    Json j{{"TableName", r.table_name},
           {"TimeToLiveSpecification",
            {{"AttributeName", r.time_to_live_specification.attribute_name},
             {"Enabled", r.time_to_live_specification.enabled}}}};
    EDDY_ASSIGN_OR_RETURN(Json out, Call("UpdateTimeToLive", j));
    const Json& spec = out["TimeToLiveSpecification"];
    return UpdateTimeToLiveResponse{TimeToLiveSpecification{
        spec["Enabled"].get<bool>(), spec["AttributeName"].get<std::string>()}};
  }
  StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("DescribeTimeToLive",
                                         Json{{"TableName", r.table_name}}));
    const Json& d = out["TimeToLiveDescription"];
    DescribeTimeToLiveResponse resp;
    const std::string status = d["TimeToLiveStatus"].get<std::string>();
    resp.time_to_live_description.time_to_live_status =
        status == "ENABLED"     ? TimeToLiveStatus::kEnabled
        : status == "ENABLING"  ? TimeToLiveStatus::kEnabling
        : status == "DISABLING" ? TimeToLiveStatus::kDisabling
                                : TimeToLiveStatus::kDisabled;
    if (d.contains("AttributeName")) {
      resp.time_to_live_description.attribute_name =
          d["AttributeName"].get<std::string>();
    }
    return resp;
  }
  StatusOr<TagResourceResponse> TagResource(
      const TagResourceRequest& r) override {
    Json tags = Json::array();
    for (const Tag& t : r.tags)
      tags.push_back({{"Key", t.key}, {"Value", t.value}});
    EDDY_RETURN_IF_ERROR(
        Call("TagResource",
             Json{{"ResourceArn", r.resource_arn}, {"Tags", tags}})
            .status());
    return TagResourceResponse{};
  }
  StatusOr<UntagResourceResponse> UntagResource(
      const UntagResourceRequest& r) override {
    EDDY_RETURN_IF_ERROR(
        Call("UntagResource",
             Json{{"ResourceArn", r.resource_arn}, {"TagKeys", r.tag_keys}})
            .status());
    return UntagResourceResponse{};
  }
  StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override {
    Json j{{"ResourceArn", r.resource_arn}};
    PutOptional("NextToken", r.next_token, j);
    EDDY_ASSIGN_OR_RETURN(Json out, Call("ListTagsOfResource", j));
    ListTagsOfResourceResponse resp;
    for (const Json& t : out["Tags"]) {
      resp.tags.push_back(
          Tag{t["Key"].get<std::string>(), t["Value"].get<std::string>()});
    }
    if (out.contains("NextToken"))
      resp.next_token = out["NextToken"].get<std::string>();
    return resp;
  }
  Status InjectFault(const Fault& f) override {
    static constexpr const char* kKinds[] = {
        "ProvisionedThroughputExceeded", "Throttling",
        "RequestLimitExceeded",          "InternalServerError",
        "TransactionConflict",           "Unprocessed"};
    Json j{{"Kind", kKinds[static_cast<int>(f.kind)]}, {"Count", f.count}};
    if (!f.operation.empty()) j["Operation"] = f.operation;
    if (!f.table_name.empty()) j["TableName"] = f.table_name;
    if (f.key) j["Key"] = ItemJson(*f.key);
    if (!f.throttling_reasons.empty()) {
      Json reasons = Json::array();
      for (const ThrottlingReason& t : f.throttling_reasons) {
        reasons.push_back({{"reason", t.reason}, {"resource", t.resource}});
      }
      j["ThrottlingReasons"] = reasons;
    }
    return Call("EddyInjectFault", j).status();
  }
  Status ClearFaults() override {
    return Call("EddyClearFaults", Json::object()).status();
  }

 private:
  // Runs one request; the parsed success body or the error's Status.
  StatusOr<Json> Call(std::string_view op, const Json& request) {
    WireResponse r = Execute(*db_, op, request.dump());
    StatusOr<Json> body =
        Json::parse(r.body, nullptr, /*allow_exceptions=*/false);
    if (body->is_discarded())
      return Status::Internal("unparseable response: " + r.body);
    if (r.error != ErrorCode::kOk) {
      Status s = StatusFromErrorBody(*body);
      if (s.code() != r.error ||
          r.http_status != ErrorCodeHttpStatus(r.error)) {
        return Status::Internal("inconsistent error response: " + r.body);
      }
      return s;
    }
    if (r.http_status != 200)
      return Status::Internal("200 expected: " + r.body);
    return body;
  }

  Database* db_;
};

}  // namespace

std::unique_ptr<Client> MakeClient(ClientKind kind, Database* db) {
  if (kind == ClientKind::kTyped) return std::make_unique<TypedClient>(db);
  return std::make_unique<JsonClient>(db);
}

}  // namespace eddy::testing_wire
