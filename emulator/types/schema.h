// Copyright 2026 The eddy Authors.
//
// The DynamoDB data-model structs shared by requests and responses: key
// schemas, attribute definitions, throughput, consumed capacity and table
// descriptions. Names follow the DynamoDB API with a change of case
// (KeySchemaElement.AttributeName -> KeySchemaElement::attribute_name).
//
// Thread safety: plain value types.

#ifndef EDDY_EMULATOR_TYPES_SCHEMA_H_
#define EDDY_EMULATOR_TYPES_SCHEMA_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "emulator/types/attribute_value.h"

namespace eddy {

enum class KeyType { kHash, kRange };
enum class ScalarAttributeType { kS, kN, kB };
enum class BillingMode { kProvisioned, kPayPerRequest };
enum class TableStatus { kCreating, kUpdating, kDeleting, kActive };
enum class ReturnConsumedCapacity { kNone, kTotal, kIndexes };
enum class ReturnItemCollectionMetrics { kNone, kSize };
enum class ReturnValue { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };
enum class Select {
  kAllAttributes,
  kAllProjectedAttributes,
  kSpecificAttributes,
  kCount
};

struct KeySchemaElement {
  std::string attribute_name;
  KeyType key_type = KeyType::kHash;
};

struct AttributeDefinition {
  std::string attribute_name;
  ScalarAttributeType attribute_type = ScalarAttributeType::kS;
};

struct ProvisionedThroughput {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
};

// On-demand maximum throughput (MaxReadRequestUnits / MaxWriteRequestUnits)
// of an on-demand table or GSI: requests beyond it are throttled with
// ThrottlingException and reason <Table|Index><Read|Write>
// MaxOnDemandThroughputExceeded. In a request an absent member leaves that
// limit as it is (none on a new table), a value >= 1 sets it, and -1
// (UpdateTable only) removes it. In a description only the limits set
// appear, and the whole struct is absent when none is (as DynamoDB reports
// it); UpdateTable's own response also echoes the -1 of a limit it removed.
struct OnDemandThroughput {
  std::optional<int64_t> max_read_request_units;
  std::optional<int64_t> max_write_request_units;

  bool empty() const {
    return !max_read_request_units && !max_write_request_units;
  }
};

struct ProvisionedThroughputDescription {
  int64_t read_capacity_units = 0;
  int64_t write_capacity_units = 0;
  int64_t number_of_decreases_today = 0;
  std::optional<double> last_increase_date_time;  // epoch seconds
  std::optional<double> last_decrease_date_time;
};

struct BillingModeSummary {
  BillingMode billing_mode = BillingMode::kProvisioned;
  std::optional<double> last_update_to_pay_per_request_date_time;
};

// How a table restored from a backup or to a point in time came to be
// (DescribeTable's RestoreSummary): the backup (RestoreTableFromBackup) and
// the source table's ARN, the time restored to (the backup's creation time,
// or the point in time), and whether the restore is still running (eddy's
// restores finish within the call: always false).
struct RestoreSummary {
  std::optional<std::string> source_backup_arn;
  std::optional<std::string> source_table_arn;
  double restore_date_time = 0;  // epoch seconds
  bool restore_in_progress = false;
};

enum class ProjectionType { kAll, kKeysOnly, kInclude };
enum class IndexStatus { kCreating, kUpdating, kDeleting, kActive };

// Which attributes an index copies. `projection_type` is optional only so
// that a request without one can get DynamoDB's error for it.
struct Projection {
  std::optional<ProjectionType> projection_type;
  std::vector<std::string> non_key_attributes;  // INCLUDE only
};

struct GlobalSecondaryIndex {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;  // on-demand only
};

struct LocalSecondaryIndex {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
};

struct GlobalSecondaryIndexDescription {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  IndexStatus index_status = IndexStatus::kActive;
  std::optional<bool> backfilling;  // present while CREATING
  ProvisionedThroughputDescription provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;  // when set
  int64_t index_size_bytes = 0;
  int64_t item_count = 0;
  std::string index_arn;
};

struct LocalSecondaryIndexDescription {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  int64_t index_size_bytes = 0;
  int64_t item_count = 0;
  std::string index_arn;
};

// What a DynamoDB stream record carries (StreamSpecification.StreamViewType).
enum class StreamViewType { kKeysOnly, kNewImage, kOldImage, kNewAndOldImages };

// StreamSpecification of CreateTable, UpdateTable and TableDescription.
// `stream_enabled` is optional only so that a request without it can get
// DynamoDB's "Value null at 'streamSpecification.streamEnabled'" error; a
// description always sets both members.
struct StreamSpecification {
  std::optional<bool> stream_enabled;
  std::optional<StreamViewType> stream_view_type;
};

struct TableDescription {
  std::string table_name;
  std::string table_arn;
  std::string table_id;
  TableStatus table_status = TableStatus::kActive;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  double creation_date_time = 0;  // epoch seconds
  int64_t item_count = 0;
  int64_t table_size_bytes = 0;
  ProvisionedThroughputDescription provisioned_throughput;
  std::optional<BillingModeSummary> billing_mode_summary;  // set for on-demand
  std::optional<OnDemandThroughput> on_demand_throughput;  // when set
  std::vector<GlobalSecondaryIndexDescription> global_secondary_indexes;
  std::vector<LocalSecondaryIndexDescription> local_secondary_indexes;
  // While a stream is enabled; absent otherwise (also after it is disabled).
  std::optional<StreamSpecification> stream_specification;
  // The table's most recent stream, enabled or not; absent when it never had
  // one ("arn:...:table/<name>/stream/<label>" and the label).
  std::optional<std::string> latest_stream_arn;
  std::optional<std::string> latest_stream_label;
  // Tables made by RestoreTableFromBackup / RestoreTableToPointInTime.
  std::optional<RestoreSummary> restore_summary;
};

// Units as DynamoDB reports them (eventually consistent reads show halves).
struct Capacity {
  double capacity_units = 0;
  std::optional<double> read_capacity_units;
  std::optional<double> write_capacity_units;
};

// What a write did to its item collection, on tables with a local secondary
// index (ReturnItemCollectionMetrics SIZE).
struct ItemCollectionMetrics {
  Item item_collection_key;                    // the partition key
  std::vector<double> size_estimate_range_gb;  // [low, high]
};

struct ConsumedCapacity {
  std::string table_name;
  double capacity_units = 0;
  std::optional<double> read_capacity_units;
  std::optional<double> write_capacity_units;
  std::optional<Capacity> table;  // INDEXES only
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, Capacity> local_secondary_indexes;
};

// --- Legacy conditional parameters (pre-expression API, still sent by older
// SDK code such as DynamoDBMapper). eddy translates them into expressions.
enum class ComparisonOperator {
  kEq,
  kNe,
  kLe,
  kLt,
  kGe,
  kGt,
  kNotNull,
  kNull,
  kContains,
  kNotContains,
  kBeginsWith,
  kIn,
  kBetween
};
enum class ConditionalOperator { kAnd, kOr };

// One entry of Expected: either Value/Exists, or ComparisonOperator with
// AttributeValueList.
struct ExpectedAttributeValue {
  std::optional<AttributeValue> value;
  std::optional<bool> exists;
  std::optional<ComparisonOperator> comparison_operator;
  std::vector<AttributeValue> attribute_value_list;
};

// One entry of KeyConditions, QueryFilter or ScanFilter.
struct Condition {
  ComparisonOperator comparison_operator = ComparisonOperator::kEq;
  std::vector<AttributeValue> attribute_value_list;
};

// One entry of UpdateItem's legacy AttributeUpdates.
enum class AttributeAction { kPut, kAdd, kDelete };
struct AttributeValueUpdate {
  std::optional<AttributeValue> value;
  AttributeAction action = AttributeAction::kPut;
};

std::string_view ComparisonOperatorName(ComparisonOperator op);  // "EQ", ...
std::string_view ProjectionTypeName(
    ProjectionType t);  // "ALL", "KEYS_ONLY", "INCLUDE"
std::string_view IndexStatusName(IndexStatus s);  // "ACTIVE", ...

// `#name` -> attribute name, and `:value` -> value.
using ExpressionAttributeNames = std::map<std::string, std::string>;
using ExpressionAttributeValues = AttributeMap;

std::string_view KeyTypeName(KeyType t);  // "HASH", "RANGE"

// A KeySchema as DynamoDB echoes it in a constraint message (the Java
// rendering of its model):
//   [KeySchemaElement(attributeName=pk, keyType=HASH), ...]
std::string KeySchemaEcho(const std::vector<KeySchemaElement>& keys);
// "S", "N", "B"
std::string_view ScalarAttributeTypeName(ScalarAttributeType t);
std::string_view BillingModeName(BillingMode m);  // "PROVISIONED", ...
std::string_view TableStatusName(TableStatus s);  // "ACTIVE", ...
std::string_view ReturnValueName(ReturnValue v);  // "ALL_OLD", ...
std::string_view SelectName(Select s);            // "COUNT", ...
std::string_view ReturnConsumedCapacityName(ReturnConsumedCapacity r);

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_SCHEMA_H_
