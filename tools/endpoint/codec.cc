// Copyright 2026 The eddy Authors.

#include "tools/endpoint/codec.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "emulator/wire/attribute_json.h"

namespace eddy::endpoint {
namespace {

using Json = nlohmann::json;

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

}  // namespace

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
