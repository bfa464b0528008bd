// Copyright 2026 The eddy Authors.
//
// Typed requests and responses, one pair per DynamoDB operation, named as in
// the DynamoDB API (PutItemInput -> PutItemRequest). Optional members are
// std::optional where DynamoDB distinguishes "absent" from "empty". Some
// families have their own header: on-demand backups and restores
// (backups.h), the point-in-time recovery setting, export and import
// (export_import.h), DynamoDB Streams (streams.h).
//
//   PutItemRequest put;
//   put.table_name = "users";
//   put.item = Item{{"pk", AttributeValue::S("u#1")},
//                   {"name", AttributeValue::S("Ada")}};
//   StatusOr<PutItemResponse> r = db.PutItem(put);
//
// Thread safety: plain value types.

#ifndef EDDY_EMULATOR_API_REQUESTS_H_
#define EDDY_EMULATOR_API_REQUESTS_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/types/schema.h"

namespace eddy {

// A resource tag (CreateTable, TagResource, ListTagsOfResource).
struct Tag {
  std::string key;
  std::string value;
};

// --- Control plane -----------------------------------------------------------

struct CreateTableRequest {
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  std::optional<BillingMode> billing_mode;  // PROVISIONED when absent
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;  // PAY_PER_REQUEST
  std::vector<GlobalSecondaryIndex> global_secondary_indexes;
  std::vector<LocalSecondaryIndex> local_secondary_indexes;
  std::vector<Tag> tags;
  // DynamoDB Streams (streams.h): {true, view type} enables a stream;
  // {false} alone is accepted and means none.
  std::optional<StreamSpecification> stream_specification;
};
struct CreateTableResponse {
  TableDescription table_description;
};

struct DescribeTableRequest {
  std::string table_name;
};
struct DescribeTableResponse {
  TableDescription table;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  std::optional<int> limit;  // 1..100, default 100
};
struct ListTablesResponse {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;
};

struct DeleteTableRequest {
  std::string table_name;
};
struct DeleteTableResponse {
  TableDescription table_description;
};

// GlobalSecondaryIndexUpdate.Update: new provisioned throughput (provisioned
// tables) or new on-demand maximum throughput (on-demand tables) of a GSI.
struct UpdateGlobalSecondaryIndexAction {
  std::string index_name;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
};

// One entry of UpdateTable's GlobalSecondaryIndexUpdates: exactly one of
// create / update / delete.
struct GlobalSecondaryIndexUpdate {
  std::optional<GlobalSecondaryIndex> create;
  std::optional<std::string> delete_index_name;
  std::optional<UpdateGlobalSecondaryIndexAction> update;
};

struct UpdateTableRequest {
  std::string table_name;
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  // Merged member by member into the table's limits; -1 removes one.
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<GlobalSecondaryIndexUpdate> global_secondary_index_updates;
  // {true, view type} enables a stream (a new one, with a new label);
  // {false} disables the enabled one, which stays readable for 24 hours.
  std::optional<StreamSpecification> stream_specification;
};
struct UpdateTableResponse {
  TableDescription table_description;
};

// --- Items -------------------------------------------------------------------

struct PutItemRequest {
  std::string table_name;
  Item item;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValue return_values = ReturnValue::kNone;  // NONE or ALL_OLD
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  bool return_values_on_condition_check_failure_all_old = false;
  // Legacy conditional parameters (translated to a ConditionExpression).
  std::optional<std::map<std::string, ExpectedAttributeValue>> expected;
  std::optional<ConditionalOperator> conditional_operator;
};
struct PutItemResponse {
  std::optional<Item> attributes;  // ALL_OLD of an item that existed
  std::optional<ItemCollectionMetrics> item_collection_metrics;
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct GetItemRequest {
  std::string table_name;
  Item key;
  bool consistent_read = false;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy
};
struct GetItemResponse {
  std::optional<Item> item;  // absent when there is no such item
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct DeleteItemRequest {
  std::string table_name;
  Item key;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValue return_values = ReturnValue::kNone;  // NONE or ALL_OLD
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  bool return_values_on_condition_check_failure_all_old = false;
  // Legacy conditional parameters (translated to a ConditionExpression).
  std::optional<std::map<std::string, ExpectedAttributeValue>> expected;
  std::optional<ConditionalOperator> conditional_operator;
};
struct DeleteItemResponse {
  std::optional<Item> attributes;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct UpdateItemRequest {
  std::string table_name;
  Item key;
  std::optional<std::string> update_expression;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  ReturnValue return_values = ReturnValue::kNone;  // all five
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  bool return_values_on_condition_check_failure_all_old = false;
  // Legacy parameters (translated to UpdateExpression / ConditionExpression).
  std::optional<std::map<std::string, AttributeValueUpdate>> attribute_updates;
  std::optional<std::map<std::string, ExpectedAttributeValue>> expected;
  std::optional<ConditionalOperator> conditional_operator;
};
struct UpdateItemResponse {
  std::optional<Item> attributes;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
  std::optional<ConsumedCapacity> consumed_capacity;
};

// --- Query and Scan ----------------------------------------------------------

struct QueryRequest {
  std::string table_name;
  std::optional<std::string> index_name;
  std::optional<std::string> key_condition_expression;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  std::optional<Select> select;
  std::optional<int> limit;
  bool consistent_read = false;
  bool scan_index_forward = true;
  std::optional<Item> exclusive_start_key;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  // Legacy parameters (translated to KeyConditionExpression /
  // FilterExpression).
  std::optional<std::map<std::string, Condition>> key_conditions;
  std::optional<std::map<std::string, Condition>> query_filter;
  std::optional<ConditionalOperator> conditional_operator;
  std::optional<std::vector<std::string>> attributes_to_get;
};
struct QueryResponse {
  std::vector<Item> items;  // empty for Select COUNT
  int64_t count = 0;
  int64_t scanned_count = 0;
  std::optional<Item> last_evaluated_key;
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct ScanRequest {
  std::string table_name;
  std::optional<std::string> index_name;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  std::optional<Select> select;
  std::optional<int> limit;
  bool consistent_read = false;
  std::optional<int> segment;
  std::optional<int> total_segments;
  std::optional<Item> exclusive_start_key;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  // Legacy parameters (translated to a FilterExpression).
  std::optional<std::map<std::string, Condition>> scan_filter;
  std::optional<ConditionalOperator> conditional_operator;
  std::optional<std::vector<std::string>> attributes_to_get;
};
using ScanResponse = QueryResponse;

// --- Batches -----------------------------------------------------------------

struct KeysAndAttributes {
  std::vector<Item> keys;
  bool consistent_read = false;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy
};
struct BatchGetItemRequest {
  std::map<std::string, KeysAndAttributes> request_items;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};
struct BatchGetItemResponse {
  std::map<std::string, std::vector<Item>> responses;
  std::map<std::string, KeysAndAttributes> unprocessed_keys;
  std::vector<ConsumedCapacity> consumed_capacity;
};

// Exactly one of put_item / delete_key is set.
struct WriteRequest {
  std::optional<Item> put_item;    // PutRequest.Item
  std::optional<Item> delete_key;  // DeleteRequest.Key
};
struct BatchWriteItemRequest {
  std::map<std::string, std::vector<WriteRequest>> request_items;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
};
struct BatchWriteItemResponse {
  std::map<std::string, std::vector<WriteRequest>> unprocessed_items;
  std::vector<ConsumedCapacity> consumed_capacity;
  // Tables with a local secondary index, one entry per collection written.
  std::map<std::string, std::vector<ItemCollectionMetrics>>
      item_collection_metrics;
};

// --- Transactions ------------------------------------------------------------

// TransactWriteItem.ConditionCheck: a condition on an item that is not
// written.
struct ConditionCheck {
  std::string table_name;
  Item key;
  std::string condition_expression;  // required
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  bool return_values_on_condition_check_failure_all_old = false;
};
// TransactWriteItem.Put
struct TransactPut {
  std::string table_name;
  Item item;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  bool return_values_on_condition_check_failure_all_old = false;
};
// TransactWriteItem.Delete
struct TransactDelete {
  std::string table_name;
  Item key;
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  bool return_values_on_condition_check_failure_all_old = false;
};
// TransactWriteItem.Update
struct TransactUpdate {
  std::string table_name;
  Item key;
  std::string update_expression;  // required
  std::optional<std::string> condition_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
  std::optional<ExpressionAttributeValues> expression_attribute_values;
  bool return_values_on_condition_check_failure_all_old = false;
};
// Exactly one member is set.
struct TransactWriteItem {
  std::optional<ConditionCheck> condition_check;
  std::optional<TransactPut> put;
  std::optional<TransactDelete> delete_item;  // "Delete" on the wire
  std::optional<TransactUpdate> update;
};
struct TransactWriteItemsRequest {
  std::vector<TransactWriteItem> transact_items;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics =
      ReturnItemCollectionMetrics::kNone;
  std::optional<std::string> client_request_token;
};
struct TransactWriteItemsResponse {
  std::vector<ConsumedCapacity> consumed_capacity;  // one per table
  std::map<std::string, std::vector<ItemCollectionMetrics>>
      item_collection_metrics;
};

// TransactGetItem.Get
struct TransactGetItem {
  std::string table_name;
  Item key;
  std::optional<std::string> projection_expression;
  std::optional<ExpressionAttributeNames> expression_attribute_names;
};
struct TransactGetItemsRequest {
  std::vector<TransactGetItem> transact_items;
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};
struct ItemResponse {
  std::optional<Item> item;  // absent when there is no such item
};
struct TransactGetItemsResponse {
  std::vector<ItemResponse> responses;              // in request order
  std::vector<ConsumedCapacity> consumed_capacity;  // one per table
};

// --- PartiQL -----------------------------------------------------------------
//
// ExecuteStatement, BatchExecuteStatement and ExecuteTransaction, named as in
// the DynamoDB API reference (ExecuteStatementInput ->
// ExecuteStatementRequest, Statement -> statement). emulator/partiql plans a
// statement into the typed requests above; the engine runs the plan.
//
//   ExecuteStatementRequest request;
//   request.statement = "SELECT * FROM \"Music\" WHERE Artist = ?";
//   request.parameters =
//       std::vector<AttributeValue>{AttributeValue::S("Acme")};
//   StatusOr<ExecuteStatementResponse> r = db.ExecuteStatement(request);

struct ExecuteStatementRequest {
  std::string statement;  // 1..8192 characters
  // Absent, or 1 or more values bound to the `?`s in order.
  std::optional<std::vector<AttributeValue>> parameters;
  bool consistent_read = false;
  std::optional<std::string> next_token;  // 1..32768 characters
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
  std::optional<int> limit;  // at least 1: items evaluated per page
  bool return_values_on_condition_check_failure_all_old = false;
};

struct ExecuteStatementResponse {
  // Present even when empty: [] for writes without RETURNING and for reads
  // that match nothing.
  std::vector<Item> items;
  std::optional<std::string> next_token;
  std::optional<ConsumedCapacity> consumed_capacity;
  // The key the page stopped at (a SELECT whose page was cut by Limit or
  // 1 MB); continue with next_token.
  std::optional<Item> last_evaluated_key;
};

struct BatchStatementRequest {
  std::string statement;
  std::optional<std::vector<AttributeValue>> parameters;
  bool consistent_read = false;
  bool return_values_on_condition_check_failure_all_old = false;
};

struct BatchExecuteStatementRequest {
  std::vector<BatchStatementRequest> statements;  // 1..25
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};

// BatchStatementError.Code.
enum class BatchStatementErrorCode {
  kConditionalCheckFailed,
  kItemCollectionSizeLimitExceeded,
  kRequestLimitExceeded,
  kValidationError,
  kProvisionedThroughputExceeded,
  kTransactionConflict,
  kThrottlingError,
  kInternalServerError,
  kResourceNotFound,
  kAccessDenied,
  kDuplicateItem,
};

// "ConditionalCheckFailed", ..., "DuplicateItem" (the wire names).
inline std::string_view BatchStatementErrorCodeName(
    BatchStatementErrorCode code) {
  switch (code) {
    case BatchStatementErrorCode::kConditionalCheckFailed:
      return "ConditionalCheckFailed";
    case BatchStatementErrorCode::kItemCollectionSizeLimitExceeded:
      return "ItemCollectionSizeLimitExceeded";
    case BatchStatementErrorCode::kRequestLimitExceeded:
      return "RequestLimitExceeded";
    case BatchStatementErrorCode::kValidationError:
      return "ValidationError";
    case BatchStatementErrorCode::kProvisionedThroughputExceeded:
      return "ProvisionedThroughputExceeded";
    case BatchStatementErrorCode::kTransactionConflict:
      return "TransactionConflict";
    case BatchStatementErrorCode::kThrottlingError:
      return "ThrottlingError";
    case BatchStatementErrorCode::kInternalServerError:
      return "InternalServerError";
    case BatchStatementErrorCode::kResourceNotFound:
      return "ResourceNotFound";
    case BatchStatementErrorCode::kAccessDenied:
      return "AccessDenied";
    case BatchStatementErrorCode::kDuplicateItem:
      return "DuplicateItem";
  }
  return "";
}

struct BatchStatementError {
  BatchStatementErrorCode code = BatchStatementErrorCode::kValidationError;
  std::string message;
  // The item whose condition failed, with ReturnValuesOnConditionCheckFailure
  // ALL_OLD.
  std::optional<Item> item;
};

// One entry per statement, in request order: an error, or the item (a
// SELECT's item; a write's RETURNING item) and the table name.
struct BatchStatementResponse {
  std::optional<BatchStatementError> error;
  std::optional<std::string> table_name;
  std::optional<Item> item;
};

struct BatchExecuteStatementResponse {
  std::vector<BatchStatementResponse> responses;
  std::vector<ConsumedCapacity> consumed_capacity;  // one per table
};

struct ParameterizedStatement {
  std::string statement;
  std::optional<std::vector<AttributeValue>> parameters;
  bool return_values_on_condition_check_failure_all_old = false;
};

struct ExecuteTransactionRequest {
  std::vector<ParameterizedStatement> transact_statements;  // 1..100
  std::optional<std::string> client_request_token;          // 1..36
  ReturnConsumedCapacity return_consumed_capacity =
      ReturnConsumedCapacity::kNone;
};

struct ExecuteTransactionResponse {
  // One ItemResponse per statement for a transaction of reads; empty for a
  // transaction of writes (as DynamoDB answers).
  std::vector<ItemResponse> responses;
  std::vector<ConsumedCapacity> consumed_capacity;  // one per table
};

// --- Time to live ------------------------------------------------------------

struct TimeToLiveSpecification {
  bool enabled = false;
  std::string attribute_name;
};
enum class TimeToLiveStatus { kEnabling, kDisabling, kEnabled, kDisabled };
struct UpdateTimeToLiveRequest {
  std::string table_name;
  TimeToLiveSpecification time_to_live_specification;
};
struct UpdateTimeToLiveResponse {
  TimeToLiveSpecification time_to_live_specification;
};
struct DescribeTimeToLiveRequest {
  std::string table_name;
};
struct TimeToLiveDescription {
  TimeToLiveStatus time_to_live_status = TimeToLiveStatus::kDisabled;
  std::optional<std::string> attribute_name;
};
struct DescribeTimeToLiveResponse {
  TimeToLiveDescription time_to_live_description;
};

// --- Tags --------------------------------------------------------------------

struct TagResourceRequest {
  std::string resource_arn;
  std::vector<Tag> tags;
};
struct TagResourceResponse {};
struct UntagResourceRequest {
  std::string resource_arn;
  std::vector<std::string> tag_keys;
};
struct UntagResourceResponse {};
struct ListTagsOfResourceRequest {
  std::string resource_arn;
  std::optional<std::string> next_token;
};
struct ListTagsOfResourceResponse {
  std::vector<Tag> tags;  // sorted by key
  std::optional<std::string> next_token;
};

// --- Account and endpoint (issue 17) ----------------------------------------

struct DescribeLimitsRequest {};
// The quotas eddy's throttling simulator enforces (Options::throttle; by
// default DynamoDB's documented defaults: 40,000 per table, 80,000 per
// account).
struct DescribeLimitsResponse {
  int64_t account_max_read_capacity_units = 0;
  int64_t account_max_write_capacity_units = 0;
  int64_t table_max_read_capacity_units = 0;
  int64_t table_max_write_capacity_units = 0;
};

struct DescribeEndpointsRequest {
  // eddy's own: the address the caller reached this endpoint at (eddy-server
  // passes the request's Host header). Empty: DynamoDB's regional address.
  std::string host;
};
struct Endpoint {
  std::string address;
  int64_t cache_period_in_minutes = 1440;
};
struct DescribeEndpointsResponse {
  std::vector<Endpoint> endpoints;
};

// --- Contributor Insights --------------------------------------------------

enum class ContributorInsightsStatus {
  kEnabling,
  kEnabled,
  kDisabling,
  kDisabled,
  kFailed
};
enum class ContributorInsightsAction { kEnable, kDisable };
struct DescribeContributorInsightsRequest {
  std::string table_name;
  std::optional<std::string> index_name;
};
struct DescribeContributorInsightsResponse {
  std::string table_name;
  std::optional<std::string> index_name;
  std::vector<std::string> contributor_insights_rule_list;
  ContributorInsightsStatus contributor_insights_status =
      ContributorInsightsStatus::kDisabled;
  std::optional<double> last_update_date_time;  // seconds since the epoch
};
struct UpdateContributorInsightsRequest {
  std::string table_name;
  std::optional<std::string> index_name;
  ContributorInsightsAction contributor_insights_action =
      ContributorInsightsAction::kEnable;
};
struct UpdateContributorInsightsResponse {
  std::string table_name;
  std::optional<std::string> index_name;
  ContributorInsightsStatus contributor_insights_status =
      ContributorInsightsStatus::kEnabling;
};
struct ListContributorInsightsRequest {
  std::optional<std::string> table_name;
  std::optional<std::string> next_token;
  std::optional<int> max_results;  // 0..100; 0 or absent: 100
};
struct ContributorInsightsSummary {
  std::string table_name;
  std::optional<std::string> index_name;
  ContributorInsightsStatus contributor_insights_status =
      ContributorInsightsStatus::kDisabled;
};
struct ListContributorInsightsResponse {
  std::vector<ContributorInsightsSummary> contributor_insights_summaries;
  std::optional<std::string> next_token;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_REQUESTS_H_
