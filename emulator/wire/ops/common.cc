// Copyright 2026 The eddy Authors.
//
// Request and response pieces several operations share. The enum value sets
// are listed in the order DynamoDB prints them in its "Member must satisfy
// enum value set" messages (dynalite validations/*.js, confirmed by 2025-26
// conformance captures against AWS).

#include "emulator/wire/ops/ops.h"

namespace eddy::wire::internal {

ReturnConsumedCapacity ReadReturnConsumedCapacity(ObjectReader& r) {
  return r
      .Enum<ReturnConsumedCapacity>(
          "ReturnConsumedCapacity",
          {{"INDEXES", ReturnConsumedCapacity::kIndexes},
           {"TOTAL", ReturnConsumedCapacity::kTotal},
           {"NONE", ReturnConsumedCapacity::kNone}})
      .value_or(ReturnConsumedCapacity::kNone);
}

ReturnValue ReadReturnValues(ObjectReader& r, bool alone) {
  static constexpr std::pair<std::string_view, ReturnValue> kValues[] = {
      {"ALL_NEW", ReturnValue::kAllNew},
      {"UPDATED_OLD", ReturnValue::kUpdatedOld},
      {"ALL_OLD", ReturnValue::kAllOld},
      {"NONE", ReturnValue::kNone},
      {"UPDATED_NEW", ReturnValue::kUpdatedNew}};
  std::optional<std::string> s = r.String("ReturnValues");
  if (!s) return ReturnValue::kNone;
  for (const auto& [wire, value] : kValues) {
    if (wire == *s) return value;
  }
  r.errors()->ReturnValuesText(alone);
  return ReturnValue::kNone;
}

bool ReadReturnValuesOnConditionCheckFailure(ObjectReader& r) {
  return r
      .Enum<bool>("ReturnValuesOnConditionCheckFailure",
                  {{"ALL_OLD", true}, {"NONE", false}})
      .value_or(false);
}

ReturnItemCollectionMetrics ReadReturnItemCollectionMetrics(ObjectReader& r) {
  return r
      .Enum<ReturnItemCollectionMetrics>(
          "ReturnItemCollectionMetrics",
          {{"SIZE", ReturnItemCollectionMetrics::kSize},
           {"NONE", ReturnItemCollectionMetrics::kNone}})
      .value_or(ReturnItemCollectionMetrics::kNone);
}

std::optional<Select> ReadSelect(ObjectReader& r) {
  return r.Enum<Select>(
      "Select",
      {{"SPECIFIC_ATTRIBUTES", Select::kSpecificAttributes},
       {"COUNT", Select::kCount},
       {"ALL_ATTRIBUTES", Select::kAllAttributes},
       {"ALL_PROJECTED_ATTRIBUTES", Select::kAllProjectedAttributes}});
}

namespace {

void WriteCapacity(const Capacity& c, JsonWriter& w) {
  w.BeginObject();
  w.Key("CapacityUnits");
  w.Double(c.capacity_units);
  if (c.read_capacity_units) {
    w.Key("ReadCapacityUnits");
    w.Double(*c.read_capacity_units);
  }
  if (c.write_capacity_units) {
    w.Key("WriteCapacityUnits");
    w.Double(*c.write_capacity_units);
  }
  w.EndObject();
}

void WriteIndexCapacities(std::string_view key,
                          const std::map<std::string, Capacity>& indexes,
                          JsonWriter& w) {
  if (indexes.empty()) return;
  w.Key(key);
  w.BeginObject();
  for (const auto& [name, c] : indexes) {
    w.Key(name);
    WriteCapacity(c, w);
  }
  w.EndObject();
}

}  // namespace

void WriteConsumedCapacity(const ConsumedCapacity& c, JsonWriter& w) {
  w.BeginObject();
  w.Key("TableName");
  w.String(c.table_name);
  w.Key("CapacityUnits");
  w.Double(c.capacity_units);
  if (c.read_capacity_units) {
    w.Key("ReadCapacityUnits");
    w.Double(*c.read_capacity_units);
  }
  if (c.write_capacity_units) {
    w.Key("WriteCapacityUnits");
    w.Double(*c.write_capacity_units);
  }
  if (c.table) {
    w.Key("Table");
    WriteCapacity(*c.table, w);
  }
  WriteIndexCapacities("GlobalSecondaryIndexes", c.global_secondary_indexes, w);
  WriteIndexCapacities("LocalSecondaryIndexes", c.local_secondary_indexes, w);
  w.EndObject();
}

void WriteCapacityList(ReturnConsumedCapacity mode,
                       const std::vector<ConsumedCapacity>& capacities,
                       JsonWriter& w) {
  if (mode == ReturnConsumedCapacity::kNone) return;
  w.Key("ConsumedCapacity");
  w.BeginArray();
  for (const ConsumedCapacity& c : capacities) WriteConsumedCapacity(c, w);
  w.EndArray();
}

void WriteItemCollectionMetricsMap(
    const std::map<std::string, std::vector<ItemCollectionMetrics>>& metrics,
    JsonWriter& w) {
  w.Key("ItemCollectionMetrics");
  w.BeginObject();
  for (const auto& [table, list] : metrics) {
    w.Key(table);
    w.BeginArray();
    for (const ItemCollectionMetrics& m : list)
      WriteItemCollectionMetrics(m, w);
    w.EndArray();
  }
  w.EndObject();
}

void WriteItemCollectionMetrics(const ItemCollectionMetrics& m, JsonWriter& w) {
  w.BeginObject();
  w.Key("ItemCollectionKey");
  w.Item(m.item_collection_key);
  w.Key("SizeEstimateRangeGB");
  w.BeginArray();
  for (double d : m.size_estimate_range_gb) w.Double(d);
  w.EndArray();
  w.EndObject();
}

void WriteKeySchema(const std::vector<KeySchemaElement>& keys, JsonWriter& w) {
  w.BeginArray();
  for (const KeySchemaElement& k : keys) {
    w.BeginObject();
    w.Key("AttributeName");
    w.String(k.attribute_name);
    w.Key("KeyType");
    w.String(KeyTypeName(k.key_type));
    w.EndObject();
  }
  w.EndArray();
}

void WriteProjection(const Projection& p, JsonWriter& w) {
  w.BeginObject();
  if (p.projection_type) {
    w.Key("ProjectionType");
    w.String(ProjectionTypeName(*p.projection_type));
  }
  if (!p.non_key_attributes.empty()) {
    w.Key("NonKeyAttributes");
    w.BeginArray();
    for (const std::string& a : p.non_key_attributes) w.String(a);
    w.EndArray();
  }
  w.EndObject();
}

namespace {

void WriteThroughputDescription(const ProvisionedThroughputDescription& t,
                                JsonWriter& w) {
  w.BeginObject();
  if (t.last_increase_date_time) {
    w.Key("LastIncreaseDateTime");
    w.Double(*t.last_increase_date_time);
  }
  if (t.last_decrease_date_time) {
    w.Key("LastDecreaseDateTime");
    w.Double(*t.last_decrease_date_time);
  }
  w.Key("NumberOfDecreasesToday");
  w.Int(t.number_of_decreases_today);
  w.Key("ReadCapacityUnits");
  w.Int(t.read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int(t.write_capacity_units);
  w.EndObject();
}

}  // namespace

// Only the members present: DynamoDB describes the limits set (and an
// UpdateTable response the -1 of a limit removed).
void WriteOnDemandThroughput(const OnDemandThroughput& t, JsonWriter& w) {
  w.BeginObject();
  if (t.max_read_request_units) {
    w.Key("MaxReadRequestUnits");
    w.Int(*t.max_read_request_units);
  }
  if (t.max_write_request_units) {
    w.Key("MaxWriteRequestUnits");
    w.Int(*t.max_write_request_units);
  }
  w.EndObject();
}

void WriteTableDescription(const TableDescription& t, JsonWriter& w) {
  w.BeginObject();
  w.Key("AttributeDefinitions");
  w.BeginArray();
  for (const AttributeDefinition& d : t.attribute_definitions) {
    w.BeginObject();
    w.Key("AttributeName");
    w.String(d.attribute_name);
    w.Key("AttributeType");
    w.String(ScalarAttributeTypeName(d.attribute_type));
    w.EndObject();
  }
  w.EndArray();
  w.Key("TableName");
  w.String(t.table_name);
  w.Key("KeySchema");
  WriteKeySchema(t.key_schema, w);
  w.Key("TableStatus");
  w.String(TableStatusName(t.table_status));
  w.Key("CreationDateTime");
  w.Double(t.creation_date_time);
  w.Key("ProvisionedThroughput");
  WriteThroughputDescription(t.provisioned_throughput, w);
  w.Key("TableSizeBytes");
  w.Int(t.table_size_bytes);
  w.Key("ItemCount");
  w.Int(t.item_count);
  w.Key("TableArn");
  w.String(t.table_arn);
  w.Key("TableId");
  w.String(t.table_id);
  if (t.billing_mode_summary) {
    w.Key("BillingModeSummary");
    w.BeginObject();
    w.Key("BillingMode");
    w.String(BillingModeName(t.billing_mode_summary->billing_mode));
    if (t.billing_mode_summary->last_update_to_pay_per_request_date_time) {
      w.Key("LastUpdateToPayPerRequestDateTime");
      w.Double(
          *t.billing_mode_summary->last_update_to_pay_per_request_date_time);
    }
    w.EndObject();
  }
  if (t.on_demand_throughput) {
    w.Key("OnDemandThroughput");
    WriteOnDemandThroughput(*t.on_demand_throughput, w);
  }
  if (t.stream_specification) {
    w.Key("StreamSpecification");
    w.BeginObject();
    w.Key("StreamEnabled");
    w.Bool(t.stream_specification->stream_enabled.value_or(false));
    if (t.stream_specification->stream_view_type) {
      w.Key("StreamViewType");
      w.String(StreamViewTypeName(*t.stream_specification->stream_view_type));
    }
    w.EndObject();
  }
  if (t.latest_stream_arn) {
    w.Key("LatestStreamArn");
    w.String(*t.latest_stream_arn);
  }
  if (t.latest_stream_label) {
    w.Key("LatestStreamLabel");
    w.String(*t.latest_stream_label);
  }
  if (t.restore_summary) {
    const RestoreSummary& r = *t.restore_summary;
    w.Key("RestoreSummary");
    w.BeginObject();
    if (r.source_backup_arn) {
      w.Key("SourceBackupArn");
      w.String(*r.source_backup_arn);
    }
    if (r.source_table_arn) {
      w.Key("SourceTableArn");
      w.String(*r.source_table_arn);
    }
    w.Key("RestoreDateTime");
    w.Double(r.restore_date_time);
    w.Key("RestoreInProgress");
    w.Bool(r.restore_in_progress);
    w.EndObject();
  }
  if (!t.local_secondary_indexes.empty()) {
    w.Key("LocalSecondaryIndexes");
    w.BeginArray();
    for (const LocalSecondaryIndexDescription& l : t.local_secondary_indexes) {
      w.BeginObject();
      w.Key("IndexName");
      w.String(l.index_name);
      w.Key("KeySchema");
      WriteKeySchema(l.key_schema, w);
      w.Key("Projection");
      WriteProjection(l.projection, w);
      w.Key("IndexSizeBytes");
      w.Int(l.index_size_bytes);
      w.Key("ItemCount");
      w.Int(l.item_count);
      w.Key("IndexArn");
      w.String(l.index_arn);
      w.EndObject();
    }
    w.EndArray();
  }
  if (!t.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    w.BeginArray();
    for (const GlobalSecondaryIndexDescription& g :
         t.global_secondary_indexes) {
      w.BeginObject();
      w.Key("IndexName");
      w.String(g.index_name);
      w.Key("KeySchema");
      WriteKeySchema(g.key_schema, w);
      w.Key("Projection");
      WriteProjection(g.projection, w);
      w.Key("IndexStatus");
      w.String(IndexStatusName(g.index_status));
      if (g.backfilling) {
        w.Key("Backfilling");
        w.Bool(*g.backfilling);
      }
      w.Key("ProvisionedThroughput");
      WriteThroughputDescription(g.provisioned_throughput, w);
      if (g.on_demand_throughput) {
        w.Key("OnDemandThroughput");
        WriteOnDemandThroughput(*g.on_demand_throughput, w);
      }
      w.Key("IndexSizeBytes");
      w.Int(g.index_size_bytes);
      w.Key("ItemCount");
      w.Int(g.item_count);
      w.Key("IndexArn");
      w.String(g.index_arn);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
}

std::string TableDescriptionBody(std::string_view key,
                                 const TableDescription& t) {
  JsonWriter w;
  w.BeginObject();
  w.Key(key);
  WriteTableDescription(t, w);
  w.EndObject();
  return std::move(w).Take();
}

}  // namespace eddy::wire::internal
