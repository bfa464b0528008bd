// Copyright 2026 The eddy Authors.
//
// The engine's operations, one function per DynamoDB operation, each in its
// own file (create_table.cc, put_item.cc, ...). Database forwards to these.
// Every function validates the whole request before it changes anything.

#ifndef EDDY_EMULATOR_ENGINE_OPS_OPERATIONS_H_
#define EDDY_EMULATOR_ENGINE_OPS_OPERATIONS_H_

#include <functional>
#include <map>
#include <span>
#include <vector>

#include "emulator/api/options.h"
#include "emulator/api/requests.h"
#include "emulator/api/streams.h"
#include "emulator/engine/streams/service.h"
#include "emulator/engine/table/catalog.h"
#include "emulator/engine/table/change_feed.h"
#include "emulator/engine/table/table.h"
#include "emulator/engine/table/write.h"

namespace eddy::engine {

class TransactionTokens;

struct Context {
  Catalog* catalog;
  const Options* options;
  TransactionTokens* tokens;
  // The Database's throttling simulator (admission.h).
  capacity::ThrottleSimulator* simulator = nullptr;
  // The Database's change feed (table/change_feed.h).
  ChangeFeed* feed = nullptr;
  // The Database's DynamoDB Streams (streams/service.h).
  StreamsService* streams = nullptr;
  // The data directory's journal (table/journal.h); null without one.
  Journal* journal = nullptr;
  // DeleteTable calls it for a table deleted with PITR on, with the table
  // locked exclusively and marked dropped, before its drop is logged: it
  // keeps DynamoDB's SYSTEM backup of the table (history/backup_ops.h,
  // KeepDeletedTableBackup). An error fails nothing: the table is deleted
  // and DeleteTable answers with the error. Null: no backup is kept.
  std::function<Status(const Table&, int64_t now_micros)> keep_deleted_table;
};

// Fills what a new table's definition takes from the Database rather than
// from its request: the Options it runs under (GSI lag, TTL timing,
// backfill, item-collection limit) and the services it reports to
// (simulator, change feed, journal). CreateTable and recovery both use it.
void SetDatabaseParts(const Context& ctx, TableDefinition& def);

// DynamoDB's quota on table operations in progress at once
// (Catalog::CheckOperationQuota with the Options' limits): checked by
// CreateTable, UpdateTable, DeleteTable, UpdateTimeToLive and the restores
// after their own checks of the table's state. `indexed_creation`: the
// operation creates a table with secondary indexes.
Status CheckTableOperationQuota(const Context& ctx, int64_t now_micros,
                                bool indexed_creation = false);

// A new table's TableId: UUID-shaped, the same in every run for a given
// name and creation time (create_table.cc; restores use it too).
std::string MakeTableId(const std::string& name, int64_t micros);

// Batch parts to return unprocessed instead of applying them (injected
// faults): per table, one flag per key or write request, in request order.
using PartMask = std::map<std::string, std::vector<bool>>;

StatusOr<CreateTableResponse> CreateTable(Context& ctx,
                                          const CreateTableRequest& request);
StatusOr<DescribeTableResponse> DescribeTable(
    Context& ctx, const DescribeTableRequest& request);
StatusOr<ListTablesResponse> ListTables(Context& ctx,
                                        const ListTablesRequest& request);
StatusOr<DeleteTableResponse> DeleteTable(Context& ctx,
                                          const DeleteTableRequest& request);
StatusOr<UpdateTableResponse> UpdateTable(Context& ctx,
                                          const UpdateTableRequest& request);

StatusOr<PutItemResponse> PutItem(Context& ctx, const PutItemRequest& request);
StatusOr<GetItemResponse> GetItem(Context& ctx, const GetItemRequest& request);
StatusOr<DeleteItemResponse> DeleteItem(Context& ctx,
                                        const DeleteItemRequest& request);
StatusOr<UpdateItemResponse> UpdateItem(Context& ctx,
                                        const UpdateItemRequest& request);
StatusOr<QueryResponse> Query(Context& ctx, const QueryRequest& request);
StatusOr<ScanResponse> Scan(Context& ctx, const ScanRequest& request);
StatusOr<BatchGetItemResponse> BatchGetItem(Context& ctx,
                                            const BatchGetItemRequest& request,
                                            const PartMask* unprocessed);
StatusOr<BatchWriteItemResponse> BatchWriteItem(
    Context& ctx, const BatchWriteItemRequest& request,
    const PartMask* unprocessed);
StatusOr<TransactWriteItemsResponse> TransactWriteItems(
    Context& ctx, const TransactWriteItemsRequest& request);
StatusOr<TransactGetItemsResponse> TransactGetItems(
    Context& ctx, const TransactGetItemsRequest& request);
StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
    Context& ctx, const UpdateTimeToLiveRequest& request);
StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
    Context& ctx, const DescribeTimeToLiveRequest& request);

// account.cc: DescribeLimits, DescribeEndpoints, Contributor Insights.
StatusOr<DescribeLimitsResponse> DescribeLimits(
    Context& ctx, const DescribeLimitsRequest& request);
StatusOr<DescribeEndpointsResponse> DescribeEndpoints(
    Context& ctx, const DescribeEndpointsRequest& request);
StatusOr<DescribeContributorInsightsResponse> DescribeContributorInsights(
    Context& ctx, const DescribeContributorInsightsRequest& request);
StatusOr<UpdateContributorInsightsResponse> UpdateContributorInsights(
    Context& ctx, const UpdateContributorInsightsRequest& request);
StatusOr<ListContributorInsightsResponse> ListContributorInsights(
    Context& ctx, const ListContributorInsightsRequest& request);
StatusOr<TagResourceResponse> TagResource(Context& ctx,
                                          const TagResourceRequest& request);
StatusOr<UntagResourceResponse> UntagResource(
    Context& ctx, const UntagResourceRequest& request);
StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
    Context& ctx, const ListTagsOfResourceRequest& request);

// DynamoDB Streams (list_streams.cc, describe_stream.cc,
// get_shard_iterator.cc, get_records.cc).
StatusOr<ListStreamsResponse> ListStreams(Context& ctx,
                                          const ListStreamsRequest& request);
StatusOr<DescribeStreamResponse> DescribeStream(
    Context& ctx, const DescribeStreamRequest& request);
StatusOr<GetShardIteratorResponse> GetShardIterator(
    Context& ctx, const GetShardIteratorRequest& request);
StatusOr<GetRecordsResponse> GetRecords(Context& ctx,
                                        const GetRecordsRequest& request);

// CreateTable's Tags, checked and stored (tags.cc).
Status ApplyCreateTableTags(const std::vector<Tag>& tags, Table& table)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// Shared helpers --------------------------------------------------------------

// The table name a TableName parameter names: the parameter itself, or the
// name in a table ARN ("arn:aws:dynamodb:<region>:<account>:table/<name>").
// Errors: an ARN of another account -> AccessDeniedException "Access is
// denied"; of another region -> ValidationException "1 validation error
// detected: Invalid AWS region in '<arn>'" (both as DynamoDB answered
// DescribeTable in 2026); another partition -> "... Invalid AWS partition in
// '<arn>'"; anything but a table (an index or stream ARN, another service)
// -> "... Invalid resource type in '<arn>'" (these two texts unconfirmed).
StatusOr<std::string> ResolveTableName(const Context& ctx,
                                       const std::string& name_or_arn);

// Finds a table for an item operation, by name or ARN (ResolveTableName):
// "Requested resource not found" when there is none.
StatusOr<std::shared_ptr<Table>> FindTable(Context& ctx,
                                           const std::string& name);

// A batch's RequestItems naming one table twice, by its name and by its ARN
// (or by two spellings of the ARN): ValidationException "Table <name> is
// named more than once in RequestItems" (eddy's text; DynamoDB's answer is
// unrecorded). Refused because each key is a part of its own.
Status TableNamedTwice(const std::string& name);

// The ConsumedCapacity DynamoDB reports for `half_units` on `table`, or
// nullopt when `mode` is NONE.
std::optional<ConsumedCapacity> MakeConsumedCapacity(
    ReturnConsumedCapacity mode, const std::string& table,
    int64_t read_half_units, int64_t write_half_units);

// The same with a per-index breakdown: `table_half_units` is what the table
// itself consumed; INDEXES lists it under "Table" (always, {CapacityUnits:
// 0} for a read an index served) and each index under GlobalSecondaryIndexes or
// LocalSecondaryIndexes; the total is the sum.
std::optional<ConsumedCapacity> MakeConsumedCapacity(
    ReturnConsumedCapacity mode, const std::string& table,
    int64_t table_half_units, std::span<const IndexUnits> indexes);

// The ConsumedCapacity of a transaction on one table: like the above, plus
// the read/write split DynamoDB reports only for transactions
// (WriteCapacityUnits for TransactWriteItems, ReadCapacityUnits for
// TransactGetItems and replays), on the total and, with INDEXES, on "Table"
// and each index. `units` are already the transactional (doubled) ones.
std::optional<ConsumedCapacity> TransactionalCapacity(
    ReturnConsumedCapacity mode, const std::string& table,
    const WriteUnits& units, bool write);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_OPERATIONS_H_
