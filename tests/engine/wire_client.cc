// Copyright 2026 The eddy Authors.

#include "tests/engine/wire_client.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "emulator/wire/attribute_json.h"
#include "emulator/wire/execute.h"
#include "emulator/wire/request_json.h"

namespace eddy::testing_wire {
namespace {

// The client encodes requests as an SDK would with EncodeRequestJson
// (emulator/wire/request_json.h, written apart from the request readers under
// test) and decodes responses with nlohmann/json, an implementation
// independent of the wire layer's response writer.
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
    EDDY_ASSIGN_OR_RETURN(Json out, Call("CreateTable", EncodeRequestJson(r)));
    return CreateTableResponse{TableFrom(out["TableDescription"])};
  }
  StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("DescribeTable", EncodeRequestJson(r)));
    return DescribeTableResponse{TableFrom(out["Table"])};
  }
  StatusOr<ListTablesResponse> ListTables(const ListTablesRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("ListTables", EncodeRequestJson(r)));
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
    EDDY_ASSIGN_OR_RETURN(Json out, Call("DeleteTable", EncodeRequestJson(r)));
    return DeleteTableResponse{TableFrom(out["TableDescription"])};
  }
  StatusOr<UpdateTableResponse> UpdateTable(
      const UpdateTableRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("UpdateTable", EncodeRequestJson(r)));
    return UpdateTableResponse{TableFrom(out["TableDescription"])};
  }
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("PutItem", EncodeRequestJson(r)));
    return PutItemResponse{OptItem(out, "Attributes"), OptMetrics(out),
                           OptCapacity(out)};
  }
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("GetItem", EncodeRequestJson(r)));
    return GetItemResponse{OptItem(out, "Item"), OptCapacity(out)};
  }
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("DeleteItem", EncodeRequestJson(r)));
    return DeleteItemResponse{OptItem(out, "Attributes"), OptMetrics(out),
                              OptCapacity(out)};
  }
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("UpdateItem", EncodeRequestJson(r)));
    return UpdateItemResponse{OptItem(out, "Attributes"), OptMetrics(out),
                              OptCapacity(out)};
  }
  StatusOr<QueryResponse> Query(const QueryRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("Query", EncodeRequestJson(r)));
    return PageFrom(out);
  }
  StatusOr<ScanResponse> Scan(const ScanRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("Scan", EncodeRequestJson(r)));
    return PageFrom(out);
  }
  StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out, Call("BatchGetItem", EncodeRequestJson(r)));
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
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("BatchWriteItem", EncodeRequestJson(r)));
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
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("TransactWriteItems", EncodeRequestJson(r)));
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
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("TransactGetItems", EncodeRequestJson(r)));
    TransactGetItemsResponse resp;
    for (const Json& item : out["Responses"])
      resp.responses.push_back(ItemResponse{OptItem(item, "Item")});
    resp.consumed_capacity = CapacityList(out);
    return resp;
  }
  StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("UpdateTimeToLive", EncodeRequestJson(r)));
    const Json& spec = out["TimeToLiveSpecification"];
    return UpdateTimeToLiveResponse{TimeToLiveSpecification{
        spec["Enabled"].get<bool>(), spec["AttributeName"].get<std::string>()}};
  }
  StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("DescribeTimeToLive", EncodeRequestJson(r)));
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
    EDDY_RETURN_IF_ERROR(Call("TagResource", EncodeRequestJson(r)).status());
    return TagResourceResponse{};
  }
  StatusOr<UntagResourceResponse> UntagResource(
      const UntagResourceRequest& r) override {
    EDDY_RETURN_IF_ERROR(Call("UntagResource", EncodeRequestJson(r)).status());
    return UntagResourceResponse{};
  }
  StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override {
    EDDY_ASSIGN_OR_RETURN(Json out,
                          Call("ListTagsOfResource", EncodeRequestJson(r)));
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
    if (f.key) j["Key"] = Json::parse(EncodeItemJson(*f.key));
    if (!f.throttling_reasons.empty()) {
      Json reasons = Json::array();
      for (const ThrottlingReason& t : f.throttling_reasons) {
        reasons.push_back({{"reason", t.reason}, {"resource", t.resource}});
      }
      j["ThrottlingReasons"] = reasons;
    }
    return Call("EddyInjectFault", j.dump()).status();
  }
  Status ClearFaults() override {
    return Call("EddyClearFaults", "{}").status();
  }

 private:
  // Runs one request; the parsed success body or the error's Status.
  StatusOr<Json> Call(std::string_view op, const std::string& request) {
    WireResponse r = Execute(*db_, op, request);
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
