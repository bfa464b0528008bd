// Copyright 2026 The eddy Authors.
//
// CreateTable, DescribeTable, ListTables, DeleteTable, UpdateTable.
// Request-model checks follow the member order of DynamoDB's model as dynalite
// records it (validations/createTable.js, updateTable.js, listTables.js).

#include <type_traits>

#include "emulator/wire/ops/ops.h"

namespace eddy::wire_internal {
namespace {

std::vector<AttributeDefinition> ReadAttributeDefinitions(ObjectReader& r,
                                                          bool required) {
  std::vector<AttributeDefinition> out;
  const Json* list = r.List("AttributeDefinitions", required);
  if (list == nullptr) return out;
  for (size_t i = 0; i < list->size(); ++i) {
    ObjectReader e = r.ListElement("AttributeDefinitions", (*list)[i], i);
    AttributeDefinition d;
    d.attribute_name =
        e.String("AttributeName", /*required=*/true).value_or("");
    d.attribute_type =
        e.Enum<ScalarAttributeType>("AttributeType",
                                    {{"B", ScalarAttributeType::kB},
                                     {"N", ScalarAttributeType::kN},
                                     {"S", ScalarAttributeType::kS}},
                                    /*required=*/true)
            .value_or(ScalarAttributeType::kS);
    out.push_back(std::move(d));
  }
  return out;
}

std::optional<ProvisionedThroughput> ReadProvisionedThroughput(
    ObjectReader& r) {
  const Json* j = r.Structure("ProvisionedThroughput");
  if (j == nullptr) return std::nullopt;
  ObjectReader pt(j, r.PathOf("ProvisionedThroughput"), r.errors());
  ProvisionedThroughput out;
  out.write_capacity_units =
      pt.Long("WriteCapacityUnits", /*required=*/true).value_or(0);
  out.read_capacity_units =
      pt.Long("ReadCapacityUnits", /*required=*/true).value_or(0);
  return out;
}

// OnDemandThroughput: both members optional (DynamoDB checks their values
// itself, with messages of its own, not as request-model constraints).
std::optional<OnDemandThroughput> ReadOnDemandThroughput(ObjectReader& r) {
  const Json* j = r.Structure("OnDemandThroughput");
  if (j == nullptr) return std::nullopt;
  ObjectReader odt(j, r.PathOf("OnDemandThroughput"), r.errors());
  OnDemandThroughput out;
  out.max_read_request_units = odt.Long("MaxReadRequestUnits");
  out.max_write_request_units = odt.Long("MaxWriteRequestUnits");
  return out;
}

std::optional<BillingMode> ReadBillingMode(ObjectReader& r) {
  return r.Enum<BillingMode>(
      "BillingMode", {{"PROVISIONED", BillingMode::kProvisioned},
                      {"PAY_PER_REQUEST", BillingMode::kPayPerRequest}});
}

std::vector<KeySchemaElement> ReadKeySchema(ObjectReader& r) {
  std::vector<KeySchemaElement> out;
  const Json* list = r.List("KeySchema", /*required=*/true);
  if (list == nullptr) return out;
  for (size_t i = 0; i < list->size(); ++i) {
    ObjectReader e = r.ListElement("KeySchema", (*list)[i], i);
    KeySchemaElement k;
    k.attribute_name = e.String("AttributeName", true).value_or("");
    k.key_type =
        e.Enum<KeyType>("KeyType",
                        {{"HASH", KeyType::kHash}, {"RANGE", KeyType::kRange}},
                        /*required=*/true)
            .value_or(KeyType::kHash);
    out.push_back(std::move(k));
  }
  return out;
}

Projection ReadProjection(ObjectReader& r) {
  Projection out;
  const Json* j = r.Structure("Projection", /*required=*/true);
  if (j == nullptr) return out;
  ObjectReader p(j, r.PathOf("Projection"), r.errors());
  out.projection_type = p.Enum<ProjectionType>(
      "ProjectionType", {{"ALL", ProjectionType::kAll},
                         {"INCLUDE", ProjectionType::kInclude},
                         {"KEYS_ONLY", ProjectionType::kKeysOnly}});
  if (std::optional<std::vector<std::string>> attrs =
          p.Strings("NonKeyAttributes")) {
    if (attrs->empty()) {
      r.errors()->Generic("'[]'", p.PathOf("nonKeyAttributes"),
                          "Member must have length greater than or equal to 1");
    }
    out.non_key_attributes = *std::move(attrs);
  }
  return out;
}

// A list of index definitions; an empty list is DynamoDB's "List of <name>
// is empty".
template <typename Index>
std::vector<Index> ReadIndexes(ObjectReader& r, std::string_view name) {
  std::vector<Index> out;
  const Json* list = r.List(name);
  if (list == nullptr) return out;
  if (list->empty()) {
    r.errors()->Validation(Status::Validation(
        "One or more parameter values were invalid: List of " +
        std::string(name) + " is empty"));
  }
  for (size_t i = 0; i < list->size(); ++i) {
    ObjectReader e = r.ListElement(name, (*list)[i], i);
    Index index;
    index.index_name = e.String("IndexName", /*required=*/true).value_or("");
    index.key_schema = ReadKeySchema(e);
    index.projection = ReadProjection(e);
    if constexpr (std::is_same_v<Index, GlobalSecondaryIndex>) {
      index.provisioned_throughput = ReadProvisionedThroughput(e);
      index.on_demand_throughput = ReadOnDemandThroughput(e);
    }
    out.push_back(std::move(index));
  }
  return out;
}

// StreamSpecification: StreamEnabled required; the view type's enum set in
// the order DynamoDB lists it.
std::optional<StreamSpecification> ReadStreamSpecification(ObjectReader& r) {
  const Json* j = r.Structure("StreamSpecification");
  if (j == nullptr) return std::nullopt;
  ObjectReader s(j, r.PathOf("StreamSpecification"), r.errors());
  StreamSpecification out;
  if (s.Required("StreamEnabled")) out.stream_enabled = s.Bool("StreamEnabled");
  out.stream_view_type = s.Enum<StreamViewType>(
      "StreamViewType",
      {{"OLD_IMAGE", StreamViewType::kOldImage},
       {"KEYS_ONLY", StreamViewType::kKeysOnly},
       {"NEW_AND_OLD_IMAGES", StreamViewType::kNewAndOldImages},
       {"NEW_IMAGE", StreamViewType::kNewImage}});
  return out;
}

// Table features the typed API cannot carry yet: rejected, never ignored.
void RejectUnsupportedTableFeatures(
    ObjectReader& r, std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    if (r.Member(name) != nullptr) {
      r.errors()->Validation(Status::Validation(
          std::string(name) + " is not supported by this version of eddy yet"));
    }
  }
}

}  // namespace

StatusOr<std::string> CreateTableOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  CreateTableRequest req;
  req.attribute_definitions = ReadAttributeDefinitions(r, /*required=*/true);
  req.table_name = r.TableName();
  req.billing_mode = ReadBillingMode(r);
  req.provisioned_throughput = ReadProvisionedThroughput(r);
  req.on_demand_throughput = ReadOnDemandThroughput(r);
  req.key_schema = ReadKeySchema(r);
  req.local_secondary_indexes =
      ReadIndexes<LocalSecondaryIndex>(r, "LocalSecondaryIndexes");
  req.global_secondary_indexes =
      ReadIndexes<GlobalSecondaryIndex>(r, "GlobalSecondaryIndexes");
  req.tags = ReadTags(r);
  req.stream_specification = ReadStreamSpecification(r);
  RejectUnsupportedTableFeatures(r, {"SSESpecification"});
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(CreateTableResponse resp, db.CreateTable(req));
  return TableDescriptionBody("TableDescription", resp.table_description);
}

StatusOr<std::string> DescribeTableOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  DescribeTableRequest req;
  req.table_name = r.TableName();
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DescribeTableResponse resp, db.DescribeTable(req));
  return TableDescriptionBody("Table", resp.table);
}

StatusOr<std::string> DeleteTableOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  DeleteTableRequest req;
  req.table_name = r.TableName();
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(DeleteTableResponse resp, db.DeleteTable(req));
  return TableDescriptionBody("TableDescription", resp.table_description);
}

StatusOr<std::string> ListTablesOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  ListTablesRequest req;
  req.exclusive_start_table_name = r.String("ExclusiveStartTableName");
  req.limit = r.Integer("Limit");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(ListTablesResponse resp, db.ListTables(req));
  JsonWriter w;
  w.BeginObject();
  if (resp.last_evaluated_table_name) {
    w.Key("LastEvaluatedTableName");
    w.String(*resp.last_evaluated_table_name);
  }
  w.Key("TableNames");
  w.BeginArray();
  for (const std::string& name : resp.table_names) w.String(name);
  w.EndArray();
  w.EndObject();
  return std::move(w).Take();
}

StatusOr<std::string> UpdateTableOp(Database& db, const Json& body) {
  RequestErrors errors;
  ObjectReader r(&body, "", &errors);
  UpdateTableRequest req;
  req.attribute_definitions = ReadAttributeDefinitions(r, /*required=*/false);
  req.table_name = r.TableName();
  req.billing_mode = ReadBillingMode(r);
  req.provisioned_throughput = ReadProvisionedThroughput(r);
  req.on_demand_throughput = ReadOnDemandThroughput(r);
  if (const Json* list = r.List("GlobalSecondaryIndexUpdates")) {
    for (size_t i = 0; i < list->size(); ++i) {
      ObjectReader e =
          r.ListElement("GlobalSecondaryIndexUpdates", (*list)[i], i);
      GlobalSecondaryIndexUpdate u;
      if (const Json* c = e.Structure("Create")) {
        ObjectReader cr(c, e.PathOf("Create"), &errors);
        GlobalSecondaryIndex g;
        g.index_name = cr.String("IndexName", /*required=*/true).value_or("");
        g.key_schema = ReadKeySchema(cr);
        g.projection = ReadProjection(cr);
        g.provisioned_throughput = ReadProvisionedThroughput(cr);
        g.on_demand_throughput = ReadOnDemandThroughput(cr);
        u.create = std::move(g);
      }
      if (const Json* d = e.Structure("Delete")) {
        ObjectReader dr(d, e.PathOf("Delete"), &errors);
        u.delete_index_name =
            dr.String("IndexName", /*required=*/true).value_or("");
      }
      if (const Json* up = e.Structure("Update")) {
        ObjectReader ur(up, e.PathOf("Update"), &errors);
        UpdateGlobalSecondaryIndexAction a;
        a.index_name = ur.String("IndexName", /*required=*/true).value_or("");
        // Both optional: which one the table's billing mode calls for is
        // the engine's check.
        a.provisioned_throughput = ReadProvisionedThroughput(ur);
        a.on_demand_throughput = ReadOnDemandThroughput(ur);
        u.update = std::move(a);
      }
      req.global_secondary_index_updates.push_back(std::move(u));
    }
  }
  req.stream_specification = ReadStreamSpecification(r);
  RejectUnsupportedTableFeatures(r, {"SSESpecification", "ReplicaUpdates"});
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_ASSIGN_OR_RETURN(UpdateTableResponse resp, db.UpdateTable(req));
  return TableDescriptionBody("TableDescription", resp.table_description);
}

}  // namespace eddy::wire_internal
