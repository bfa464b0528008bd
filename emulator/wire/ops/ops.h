// Copyright 2026 The eddy Authors.
//
// The per-operation codecs behind Execute (execute.h): each reads the request
// body (already checked to be a JSON object, its members noted by
// ObjectReader::ParseBody) into the typed request, calls the Database, and
// writes the typed response as DynamoDB's JSON. One file per group of
// operations: tables.cc, items.cc, query_scan.cc, batches.cc; shared pieces in
// common.cc. Not for use outside emulator/wire.

#ifndef EDDY_EMULATOR_WIRE_OPS_OPS_H_
#define EDDY_EMULATOR_WIRE_OPS_OPS_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/api/database.h"
#include "emulator/wire/internal/json_writer.h"
#include "emulator/wire/internal/request_reader.h"

namespace eddy::wire::internal {

// For the life of a call: whether the keys it reads may be compacted
// (ReadKeyMap, KeyContents::kCompact): only while no armed fault could
// compare them (Database::BeginKeyCompaction). Made before the keys are read
// and destroyed after the Database call.
class KeyCompactionScope {
 public:
  explicit KeyCompactionScope(Database& db)
      : db_(db), compact_(db.BeginKeyCompaction()) {}
  ~KeyCompactionScope() {
    if (compact_) db_.EndKeyCompaction();
  }
  KeyCompactionScope(const KeyCompactionScope&) = delete;
  KeyCompactionScope& operator=(const KeyCompactionScope&) = delete;

  KeyContents contents() const {
    return compact_ ? KeyContents::kCompact : KeyContents::kKeep;
  }

 private:
  Database& db_;
  const bool compact_;
};

// Returns the response body or the error. `body` records its errors in
// *body.errors().
using OpFunction = StatusOr<std::string> (*)(Database& db, ObjectReader& body);

StatusOr<std::string> CreateTableOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeTableOp(Database& db, ObjectReader& body);
StatusOr<std::string> ListTablesOp(Database& db, ObjectReader& body);
StatusOr<std::string> DeleteTableOp(Database& db, ObjectReader& body);
StatusOr<std::string> UpdateTableOp(Database& db, ObjectReader& body);
StatusOr<std::string> PutItemOp(Database& db, ObjectReader& body);
StatusOr<std::string> GetItemOp(Database& db, ObjectReader& body);
StatusOr<std::string> DeleteItemOp(Database& db, ObjectReader& body);
StatusOr<std::string> UpdateItemOp(Database& db, ObjectReader& body);
StatusOr<std::string> QueryOp(Database& db, ObjectReader& body);
StatusOr<std::string> ScanOp(Database& db, ObjectReader& body);
StatusOr<std::string> BatchGetItemOp(Database& db, ObjectReader& body);
StatusOr<std::string> BatchWriteItemOp(Database& db, ObjectReader& body);
StatusOr<std::string> TransactWriteItemsOp(Database& db, ObjectReader& body);
StatusOr<std::string> TransactGetItemsOp(Database& db, ObjectReader& body);
StatusOr<std::string> ExecuteStatementOp(Database& db, ObjectReader& body);
StatusOr<std::string> BatchExecuteStatementOp(Database& db, ObjectReader& body);
StatusOr<std::string> ExecuteTransactionOp(Database& db, ObjectReader& body);
StatusOr<std::string> UpdateTimeToLiveOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeTimeToLiveOp(Database& db, ObjectReader& body);
StatusOr<std::string> TagResourceOp(Database& db, ObjectReader& body);
StatusOr<std::string> UntagResourceOp(Database& db, ObjectReader& body);
StatusOr<std::string> ListTagsOfResourceOp(Database& db, ObjectReader& body);
// account.cc: DescribeLimits, DescribeEndpoints (the 3-argument form answers
// `host`, the address the request reached), Contributor Insights.
StatusOr<std::string> DescribeLimitsOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeEndpointsOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeEndpointsOp(Database& db, ObjectReader& body,
                                          std::string_view host);
StatusOr<std::string> DescribeContributorInsightsOp(Database& db,
                                                    ObjectReader& body);
StatusOr<std::string> UpdateContributorInsightsOp(Database& db,
                                                  ObjectReader& body);
StatusOr<std::string> ListContributorInsightsOp(Database& db,
                                                ObjectReader& body);
// Continuous backups, export and import (transfer.cc).
StatusOr<std::string> UpdateContinuousBackupsOp(Database& db,
                                                ObjectReader& body);
StatusOr<std::string> DescribeContinuousBackupsOp(Database& db,
                                                  ObjectReader& body);
StatusOr<std::string> ExportTableToPointInTimeOp(Database& db,
                                                 ObjectReader& body);
StatusOr<std::string> DescribeExportOp(Database& db, ObjectReader& body);
StatusOr<std::string> ListExportsOp(Database& db, ObjectReader& body);
StatusOr<std::string> ImportTableOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeImportOp(Database& db, ObjectReader& body);
StatusOr<std::string> ListImportsOp(Database& db, ObjectReader& body);
// Backups and restores (backups.cc).
StatusOr<std::string> CreateBackupOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeBackupOp(Database& db, ObjectReader& body);
StatusOr<std::string> ListBackupsOp(Database& db, ObjectReader& body);
StatusOr<std::string> DeleteBackupOp(Database& db, ObjectReader& body);
StatusOr<std::string> RestoreTableFromBackupOp(Database& db,
                                               ObjectReader& body);
StatusOr<std::string> RestoreTableToPointInTimeOp(Database& db,
                                                  ObjectReader& body);
// eddy's own (not DynamoDB operations): fault injection, the clock, forced
// partition splits (streams.cc).
StatusOr<std::string> EddyInjectFaultOp(Database& db, ObjectReader& body);
StatusOr<std::string> EddyClearFaultsOp(Database& db, ObjectReader& body);
StatusOr<std::string> EddyAdvanceClockOp(Database& db, ObjectReader& body);
StatusOr<std::string> EddySplitPartitionOp(Database& db, ObjectReader& body);
// DynamoDB Streams (the DynamoDBStreams_20120810 target; streams.cc).
StatusOr<std::string> ListStreamsOp(Database& db, ObjectReader& body);
StatusOr<std::string> DescribeStreamOp(Database& db, ObjectReader& body);
StatusOr<std::string> GetShardIteratorOp(Database& db, ObjectReader& body);
StatusOr<std::string> GetRecordsOp(Database& db, ObjectReader& body);

// --- Shared request pieces (common.cc) --------------------------------------

// For eddy's own operations (admin.cc): a whole JSON number in [0, max];
// nullopt otherwise (a fraction, an exponent, a sign, too many digits).
std::optional<int64_t> WholeNumber(const JsonValue& v, int64_t max);

// ReturnConsumedCapacity: [INDEXES, TOTAL, NONE]; NONE when absent.
ReturnConsumedCapacity ReadReturnConsumedCapacity(ObjectReader& r);
// ReturnValues: ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW; NONE when
// absent. Another value is RequestErrors::ReturnValuesText(alone) (DynamoDB's
// 2026-08 text, which names neither the value nor the member).
ReturnValue ReadReturnValues(ObjectReader& r, bool alone = false);
// ReturnValuesOnConditionCheckFailure: [ALL_OLD, NONE]; true for ALL_OLD.
bool ReadReturnValuesOnConditionCheckFailure(ObjectReader& r);
// ReturnItemCollectionMetrics: [SIZE, NONE]; NONE when absent.
ReturnItemCollectionMetrics ReadReturnItemCollectionMetrics(ObjectReader& r);
// Select: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES,
// ALL_PROJECTED_ATTRIBUTES].
std::optional<Select> ReadSelect(ObjectReader& r);
// Lists DynamoDB bounds are materialized up to one element past the bound
// (enough for the Database's "too many" error); the elements beyond are still
// read and checked, then dropped, so a hostile list costs no memory.
template <typename T>
void AppendBounded(std::vector<T>& list, T element, size_t max_elements) {
  if (list.size() <= max_elements) list.push_back(std::move(element));
}
// A list of tags ([{"Key":..,"Value":..}]).
std::vector<Tag> ReadTags(ObjectReader& r);
// eddy's own operations refuse unknown members (DynamoDB's ignore them):
// a ValidationException naming the first member of `object` not in
// `allowed`, and `where` ("" for the request, "ThrottlingReasons[0]"); OK
// when `object` is not an object (its type error is reported elsewhere).
// Defined in admin.cc.
Status CheckMembers(const JsonValue& object, std::string_view operation,
                    std::string_view where,
                    std::initializer_list<std::string_view> allowed);

// CreateTable's members as ImportTable's TableCreationParameters takes them
// (tables.cc): TableName, AttributeDefinitions, KeySchema, BillingMode,
// ProvisionedThroughput, OnDemandThroughput, GlobalSecondaryIndexes.
CreateTableRequest ReadTableCreationParameters(ObjectReader& r);

// The overrides of RestoreTableFromBackup and RestoreTableToPointInTime
// (tables.cc): BillingModeOverride, GlobalSecondaryIndexOverride,
// LocalSecondaryIndexOverride, ProvisionedThroughputOverride,
// OnDemandThroughputOverride, SSESpecificationOverride.
RestoreOverrides ReadRestoreOverrides(ObjectReader& r);

// A timestamp member: epoch seconds as a JSON number (what the AWS CLI and
// SDKs send over DynamoDB's JSON protocol); transfer.cc.
std::optional<double> ReadTimestamp(ObjectReader& r, std::string_view name);

// --- Shared response pieces (common.cc) -------------------------------------

void WriteConsumedCapacity(const ConsumedCapacity& c, JsonWriter& w);
// {"ItemCollectionKey": {...}, "SizeEstimateRangeGB": [low, high]}
void WriteItemCollectionMetrics(const ItemCollectionMetrics& m, JsonWriter& w);
// "ItemCollectionMetrics": {"<table>": [...]}
void WriteItemCollectionMetricsMap(
    const std::map<std::string, std::vector<ItemCollectionMetrics>>& metrics,
    JsonWriter& w);
// "ConsumedCapacity": [...], unless `mode` is NONE.
void WriteCapacityList(ReturnConsumedCapacity mode,
                       const std::vector<ConsumedCapacity>& capacities,
                       JsonWriter& w);
void WriteTableDescription(const TableDescription& t, JsonWriter& w);
// [{"AttributeName":..,"KeyType":"HASH"},...]
void WriteKeySchema(const std::vector<KeySchemaElement>& keys, JsonWriter& w);
// {"ProjectionType":..,"NonKeyAttributes":[..]}
void WriteProjection(const Projection& p, JsonWriter& w);
// {"MaxReadRequestUnits":..,"MaxWriteRequestUnits":..}: the members set.
void WriteOnDemandThroughput(const OnDemandThroughput& t, JsonWriter& w);
// {"<key>": <TableDescription>}
std::string TableDescriptionBody(std::string_view key,
                                 const TableDescription& t);

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_OPS_OPS_H_
