// Copyright 2026 The eddy Authors.
//
// FormatPlan: one request per block, one field per line, only the fields
// that are set (so golden files stay short):
//
//   Query table=Music index=AlbumIndex
//     KeyConditionExpression: #0 = :0
//     ExpressionAttributeNames: {#0=AlbumTitle}
//     ExpressionAttributeValues: {:0={S:"x"}}

#include <map>
#include <string>

#include "emulator/partiql/partiql.h"
#include "emulator/types/schema.h"

namespace eddy::partiql {
namespace {

std::string FormatMap(const AttributeMap& map) {
  std::string out = "{";
  bool first = true;
  for (const auto& entry : map) {
    if (!first) out.append(", ");
    first = false;
    out.append(entry.name);
    out.append("=");
    entry.value.AppendDebugString(&out);
  }
  return out + "}";
}

std::string FormatNames(const std::map<std::string, std::string>& names) {
  std::string out = "{";
  bool first = true;
  // Numeric order of the placeholders reads better than string order.
  std::map<int, const std::pair<const std::string, std::string>*> ordered;
  for (const auto& entry : names) {
    int n = 0;
    for (size_t i = 1; i < entry.first.size(); ++i) {
      n = n * 10 + (entry.first[i] - '0');
    }
    ordered[n] = &entry;
  }
  for (const auto& [n, entry] : ordered) {
    if (!first) out.append(", ");
    first = false;
    out.append(entry->first + "=" + entry->second);
  }
  return out + "}";
}

class Printer {
 public:
  void Header(std::string_view op, const std::string& table,
              const std::optional<std::string>& index) {
    out_.append(op);
    out_.append(" table=" + table);
    if (index) out_.append(" index=" + *index);
    out_.append("\n");
  }
  void Field(std::string_view name, std::string_view value) {
    out_.append("  ");
    out_.append(name);
    out_.append(": ");
    out_.append(value);
    out_.append("\n");
  }
  void Optional(std::string_view name, const std::optional<std::string>& v) {
    if (v) Field(name, *v);
  }
  void Expressions(
      const std::optional<std::map<std::string, std::string>>& names,
      const std::optional<AttributeMap>& values) {
    if (names) Field("ExpressionAttributeNames", FormatNames(*names));
    if (values) {
      // Values in placeholder order as well.
      std::map<int, const AttributeMapEntry*> ordered;
      for (const auto& entry : *values) {
        int n = 0;
        for (size_t i = 1; i < entry.name.size(); ++i) {
          n = n * 10 + (entry.name[i] - '0');
        }
        ordered[n] = &entry;
      }
      std::string text = "{";
      bool first = true;
      for (const auto& [n, entry] : ordered) {
        if (!first) text.append(", ");
        first = false;
        text.append(entry->name + "=");
        entry->value.AppendDebugString(&text);
      }
      Field("ExpressionAttributeValues", text + "}");
    }
  }
  void Common(bool consistent, const std::optional<int>& limit,
              ReturnConsumedCapacity capacity) {
    if (consistent) Field("ConsistentRead", "true");
    if (limit) Field("Limit", std::to_string(*limit));
    if (capacity != ReturnConsumedCapacity::kNone) {
      Field("ReturnConsumedCapacity", ReturnConsumedCapacityName(capacity));
    }
  }
  void WriteCommon(ReturnValue rv, ReturnConsumedCapacity capacity,
                   bool all_old_on_failure) {
    if (rv != ReturnValue::kNone) Field("ReturnValues", ReturnValueName(rv));
    if (capacity != ReturnConsumedCapacity::kNone) {
      Field("ReturnConsumedCapacity", ReturnConsumedCapacityName(capacity));
    }
    if (all_old_on_failure) {
      Field("ReturnValuesOnConditionCheckFailure", "ALL_OLD");
    }
  }
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

}  // namespace

std::string FormatPlan(const Plan& plan) {
  Printer p;
  if (plan.get_item) {
    const GetItemRequest& r = *plan.get_item;
    p.Header("GetItem", r.table_name, std::nullopt);
    p.Field("Key", FormatMap(r.key));
    p.Optional("ProjectionExpression", r.projection_expression);
    p.Expressions(r.expression_attribute_names, std::nullopt);
    p.Common(r.consistent_read, std::nullopt, r.return_consumed_capacity);
  }
  for (const QueryRequest& r : plan.queries) {
    p.Header("Query", r.table_name, r.index_name);
    p.Optional("KeyConditionExpression", r.key_condition_expression);
    p.Optional("FilterExpression", r.filter_expression);
    p.Optional("ProjectionExpression", r.projection_expression);
    p.Expressions(r.expression_attribute_names, r.expression_attribute_values);
    if (!r.scan_index_forward) p.Field("ScanIndexForward", "false");
    p.Common(r.consistent_read, r.limit, r.return_consumed_capacity);
  }
  if (plan.scan) {
    const ScanRequest& r = *plan.scan;
    p.Header("Scan", r.table_name, r.index_name);
    p.Optional("FilterExpression", r.filter_expression);
    p.Optional("ProjectionExpression", r.projection_expression);
    p.Expressions(r.expression_attribute_names, r.expression_attribute_values);
    p.Common(r.consistent_read, r.limit, r.return_consumed_capacity);
  }
  if (plan.put_item) {
    const PutItemRequest& r = *plan.put_item;
    p.Header("PutItem", r.table_name, std::nullopt);
    p.Field("Item", FormatMap(r.item));
    p.Optional("ConditionExpression", r.condition_expression);
    p.Expressions(r.expression_attribute_names, r.expression_attribute_values);
    p.WriteCommon(r.return_values, r.return_consumed_capacity,
                  r.return_values_on_condition_check_failure_all_old);
  }
  if (plan.update_item) {
    const UpdateItemRequest& r = *plan.update_item;
    p.Header("UpdateItem", r.table_name, std::nullopt);
    p.Field("Key", FormatMap(r.key));
    p.Optional("UpdateExpression", r.update_expression);
    p.Optional("ConditionExpression", r.condition_expression);
    p.Expressions(r.expression_attribute_names, r.expression_attribute_values);
    p.WriteCommon(r.return_values, r.return_consumed_capacity,
                  r.return_values_on_condition_check_failure_all_old);
  }
  if (plan.delete_item) {
    const DeleteItemRequest& r = *plan.delete_item;
    p.Header("DeleteItem", r.table_name, std::nullopt);
    p.Field("Key", FormatMap(r.key));
    p.Optional("ConditionExpression", r.condition_expression);
    p.Expressions(r.expression_attribute_names, r.expression_attribute_values);
    p.WriteCommon(r.return_values, r.return_consumed_capacity,
                  r.return_values_on_condition_check_failure_all_old);
  }
  if (plan.condition_check) {
    const ConditionCheck& r = *plan.condition_check;
    p.Header("ConditionCheck", r.table_name, std::nullopt);
    p.Field("Key", FormatMap(r.key));
    p.Field("ConditionExpression", r.condition_expression);
    p.Expressions(r.expression_attribute_names, r.expression_attribute_values);
    if (r.return_values_on_condition_check_failure_all_old) {
      p.Field("ReturnValuesOnConditionCheckFailure", "ALL_OLD");
    }
  }
  std::string out = p.Take();
  for (const OutputAttribute& a : plan.output) {
    out.append("Output: " + a.name + " <- " + a.path.ToBracketString() + "\n");
  }
  if (plan.filter_reads_key_attributes) out.append("FilterReadsKeys\n");
  if (plan.insert) out.append("OnConditionFailure: DuplicateItemException\n");
  if (plan.returning) out.append("Returning\n");
  if (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace eddy::partiql
