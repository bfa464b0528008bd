// Copyright 2026 The eddy Authors.
//
// Request and response pieces several operations share. The enum value sets
// are listed in the order DynamoDB prints them in its "Member must satisfy
// enum value set" messages (dynalite validations/*.js, confirmed by 2025-26
// conformance captures against AWS).

#include "emulator/wire/ops/ops.h"

namespace eddy::wire_internal {

ReturnConsumedCapacity ReadReturnConsumedCapacity(ObjectReader& r) {
  return r
      .Enum<ReturnConsumedCapacity>(
          "ReturnConsumedCapacity",
          {{"INDEXES", ReturnConsumedCapacity::kIndexes},
           {"TOTAL", ReturnConsumedCapacity::kTotal},
           {"NONE", ReturnConsumedCapacity::kNone}})
      .value_or(ReturnConsumedCapacity::kNone);
}

ReturnValue ReadReturnValues(ObjectReader& r) {
  return r
      .Enum<ReturnValue>("ReturnValues",
                         {{"ALL_NEW", ReturnValue::kAllNew},
                          {"UPDATED_OLD", ReturnValue::kUpdatedOld},
                          {"ALL_OLD", ReturnValue::kAllOld},
                          {"NONE", ReturnValue::kNone},
                          {"UPDATED_NEW", ReturnValue::kUpdatedNew}})
      .value_or(ReturnValue::kNone);
}

bool ReadReturnValuesOnConditionCheckFailure(ObjectReader& r) {
  return r
      .Enum<bool>("ReturnValuesOnConditionCheckFailure",
                  {{"ALL_OLD", true}, {"NONE", false}})
      .value_or(false);
}

void CheckReturnItemCollectionMetrics(ObjectReader& r) {
  (void)r.Enum<int>("ReturnItemCollectionMetrics", {{"SIZE", 1}, {"NONE", 0}});
}

std::optional<Select> ReadSelect(ObjectReader& r) {
  return r.Enum<Select>(
      "Select", {{"SPECIFIC_ATTRIBUTES", Select::kSpecificAttributes},
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
  w.BeginArray();
  for (const KeySchemaElement& k : t.key_schema) {
    w.BeginObject();
    w.Key("AttributeName");
    w.String(k.attribute_name);
    w.Key("KeyType");
    w.String(KeyTypeName(k.key_type));
    w.EndObject();
  }
  w.EndArray();
  w.Key("TableStatus");
  w.String(TableStatusName(t.table_status));
  w.Key("CreationDateTime");
  w.Double(t.creation_date_time);
  w.Key("ProvisionedThroughput");
  w.BeginObject();
  if (t.provisioned_throughput.last_increase_date_time) {
    w.Key("LastIncreaseDateTime");
    w.Double(*t.provisioned_throughput.last_increase_date_time);
  }
  if (t.provisioned_throughput.last_decrease_date_time) {
    w.Key("LastDecreaseDateTime");
    w.Double(*t.provisioned_throughput.last_decrease_date_time);
  }
  w.Key("NumberOfDecreasesToday");
  w.Int(t.provisioned_throughput.number_of_decreases_today);
  w.Key("ReadCapacityUnits");
  w.Int(t.provisioned_throughput.read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int(t.provisioned_throughput.write_capacity_units);
  w.EndObject();
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

}  // namespace eddy::wire_internal
