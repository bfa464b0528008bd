// Copyright 2026 The eddy Authors.
//
// Database: one emulated DynamoDB account in one region. This is what a test
// links against instead of DynamoDB Local.
//
//   eddy::Database db;  // real clock, us-east-1, account 000000000000
//   eddy::CreateTableRequest create;
//   create.table_name = "users";
//   create.key_schema = {{"pk", eddy::KeyType::kHash}};
//   create.attribute_definitions = {{"pk", eddy::ScalarAttributeType::kS}};
//   create.billing_mode = eddy::BillingMode::kPayPerRequest;
//   EDDY_RETURN_IF_ERROR(db.CreateTable(create).status());   // ready at once
//
//   eddy::PutItemRequest put{.table_name = "users",
//                            .item = {{"pk", eddy::AttributeValue::S("u#1")}}};
//   eddy::StatusOr<eddy::PutItemResponse> r = db.PutItem(put);
//
// Contract
// - Every operation validates its whole request before changing anything; a
//   request that fails leaves no trace.
// - Errors are Status values with DynamoDB's ErrorCode and message. Methods
//   return ValidationException for bad requests, ResourceNotFoundException for
//   missing tables, ResourceInUseException for duplicate tables,
//   ConditionalCheckFailedException for failed conditions,
//   TransactionCanceledException (with CancellationReasons) for cancelled
//   transactions, ItemCollectionSizeLimitExceededException on tables with an
//   LSI, ProvisionedThroughputExceededException / ThrottlingException /
//   RequestLimitExceeded when the throttling simulator throttles a request
//   (Options::throttle; throttling.h), and whatever an injected Fault asks
//   for. Nothing throws.
// - Consumed capacity is computed exactly (throughput-model.md §1) and
//   reported when ReturnConsumedCapacity asks for it.
//
// Thread safety: a Database is safe for concurrent use from many threads
// without external locking. Each table has a reader/writer lock: reads of a
// table run in parallel, writes to one table are serialized. Every operation
// is atomic with respect to every other, transactions included (they lock all
// their tables in name order).

#ifndef EDDY_EMULATOR_API_DATABASE_H_
#define EDDY_EMULATOR_API_DATABASE_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "emulator/api/backups.h"
#include "emulator/api/change_feed.h"
#include "emulator/api/faults.h"
#include "emulator/api/options.h"
#include "emulator/api/persistence.h"
#include "emulator/api/requests.h"
#include "emulator/api/streams.h"
#include "emulator/api/throttling.h"
#include "emulator/base/status.h"

namespace eddy {

namespace engine {
struct Context;
class Catalog;
class ChangeFeed;
class MemoryHistory;
class StreamsService;
class TransactionTokens;
namespace persist {
class BackupStore;
class DataDirectory;
}  // namespace persist
class TransferRegistry;
}  // namespace engine

class Database {
 public:
  // With Options::persistence.data_dir set, the constructor opens the
  // directory and recovers its tables; if that fails, every call returns
  // the failure (Open reports it at once).
  explicit Database(Options options = Options());
  ~Database();

  // A Database over Options::persistence.data_dir (persistence.h), its
  // tables recovered from it. Errors: InternalServerError when the
  // directory cannot be created, read or locked (another process has it).
  // Damaged files are not an error: see recovery_report().
  static StatusOr<std::unique_ptr<Database>> Open(Options options);
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const Options& options() const { return options_; }

  // Control plane.
  StatusOr<CreateTableResponse> CreateTable(const CreateTableRequest& request);
  StatusOr<DescribeTableResponse> DescribeTable(
      const DescribeTableRequest& request);
  StatusOr<ListTablesResponse> ListTables(const ListTablesRequest& request);
  StatusOr<DeleteTableResponse> DeleteTable(const DeleteTableRequest& request);
  StatusOr<UpdateTableResponse> UpdateTable(const UpdateTableRequest& request);

  // Items.
  StatusOr<PutItemResponse> PutItem(const PutItemRequest& request);
  StatusOr<GetItemResponse> GetItem(const GetItemRequest& request);
  StatusOr<DeleteItemResponse> DeleteItem(const DeleteItemRequest& request);
  StatusOr<UpdateItemResponse> UpdateItem(const UpdateItemRequest& request);

  // Reads of many items.
  StatusOr<QueryResponse> Query(const QueryRequest& request);
  StatusOr<ScanResponse> Scan(const ScanRequest& request);
  StatusOr<BatchGetItemResponse> BatchGetItem(
      const BatchGetItemRequest& request);
  StatusOr<BatchWriteItemResponse> BatchWriteItem(
      const BatchWriteItemRequest& request);

  // Transactions (engine/transactions.h has the isolation contract).
  StatusOr<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& request);
  StatusOr<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& request);

  // PartiQL (emulator/partiql plans a statement into the typed requests
  // above; it runs as those operations do: capacity, throttling, conditions,
  // the change feed). Errors: the planner's ValidationExceptions, the
  // operations' own, DuplicateItemException for an INSERT of an existing key.
  StatusOr<ExecuteStatementResponse> ExecuteStatement(
      const ExecuteStatementRequest& request);
  // Up to 25 single-item statements, all reads or all writes, each answered
  // on its own (an error in its BatchStatementResponse).
  StatusOr<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& request);
  // Up to 100 statements as one TransactGetItems or TransactWriteItems
  // (TransactionCanceledException with one reason per statement;
  // ClientRequestToken idempotency as TransactWriteItems').
  StatusOr<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest& request);

  // Time to live.
  StatusOr<UpdateTimeToLiveResponse> UpdateTimeToLive(
      const UpdateTimeToLiveRequest& request);
  StatusOr<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& request);

  // Tags.
  StatusOr<TagResourceResponse> TagResource(const TagResourceRequest& request);
  StatusOr<UntagResourceResponse> UntagResource(
      const UntagResourceRequest& request);
  StatusOr<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& request);

  // Account and endpoint (issue 17). DescribeLimits reports the quotas of
  // Options::throttle; DescribeEndpoints answers request.host (empty: the
  // region's DynamoDB address) with DynamoDB's 1440-minute cache period.
  StatusOr<DescribeLimitsResponse> DescribeLimits(
      const DescribeLimitsRequest& request);
  StatusOr<DescribeEndpointsResponse> DescribeEndpoints(
      const DescribeEndpointsRequest& request);
  // Contributor Insights: the setting of a table or one of its GSIs, kept in
  // memory (the keys themselves: GetTopKeys below). A change takes effect at
  // once: Update answers ENABLING/DISABLING, Describe and List then show
  // ENABLED/DISABLED. ResourceNotFoundException for an unknown table or
  // index, ValidationException for malformed names.
  StatusOr<DescribeContributorInsightsResponse> DescribeContributorInsights(
      const DescribeContributorInsightsRequest& request);
  StatusOr<UpdateContributorInsightsResponse> UpdateContributorInsights(
      const UpdateContributorInsightsRequest& request);
  StatusOr<ListContributorInsightsResponse> ListContributorInsights(
      const ListContributorInsightsRequest& request);

  // DynamoDB Streams (streams.h; the DynamoDBStreams_20120810 service). A
  // table's stream is enabled by StreamSpecification on CreateTable or
  // UpdateTable. Errors as DynamoDB Streams sends them:
  // ResourceNotFoundException (unknown stream or shard),
  // ExpiredIteratorException (an iterator older than 15 minutes on the
  // clock), TrimmedDataAccessException (a position older than the records
  // kept, 24 hours), ValidationException.
  StatusOr<ListStreamsResponse> ListStreams(const ListStreamsRequest& request);
  StatusOr<DescribeStreamResponse> DescribeStream(
      const DescribeStreamRequest& request);
  StatusOr<GetShardIteratorResponse> GetShardIterator(
      const GetShardIteratorRequest& request);
  StatusOr<GetRecordsResponse> GetRecords(const GetRecordsRequest& request);

  // Continuous backups (the PITR setting), export and import (issue #21).
  // Files live under Options::export_root (a local stand-in for S3; empty:
  // export and import fail with a ValidationException). An export or import
  // runs to its end during the call; the response says IN_PROGRESS as
  // DynamoDB's does, Describe* report COMPLETED (or FAILED) with the counts.
  // Errors: TableNotFoundException (continuous backups, export),
  // PointInTimeRecoveryUnavailableException (export without PITR),
  // InvalidExportTimeException, ExportNotFoundException,
  // ImportNotFoundException, ExportConflictException /
  // ImportConflictException (a ClientToken reused with other parameters),
  // ResourceInUseException (import into an existing table).
  StatusOr<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest& request);
  StatusOr<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest& request);
  StatusOr<ExportTableToPointInTimeResponse> ExportTableToPointInTime(
      const ExportTableToPointInTimeRequest& request);
  StatusOr<DescribeExportResponse> DescribeExport(
      const DescribeExportRequest& request);
  StatusOr<ListExportsResponse> ListExports(const ListExportsRequest& request);
  StatusOr<ImportTableResponse> ImportTable(const ImportTableRequest& request);
  StatusOr<DescribeImportResponse> DescribeImport(
      const DescribeImportRequest& request);
  StatusOr<ListImportsResponse> ListImports(const ListImportsRequest& request);

  // On-demand backups and restores (backups.h; issue #21). A backup is a
  // one-table snapshot: in memory without a data directory, under
  // DIR/backups with one (kept across restarts). CreateBackup answers
  // CREATING and the backup is AVAILABLE at once; a restore creates the
  // target table ACTIVE before it returns, with the source's key schema,
  // indexes, billing and throughput (or the overrides) and none of its
  // tags, stream, TTL or PITR settings.
  // RestoreTableToPointInTime rebuilds the table as it was at a second of
  // its PITR window from the data directory's snapshots and log; without a
  // data directory it is refused (ValidationException).
  // Errors: ValidationException, TableNotFoundException,
  // BackupNotFoundException, TableAlreadyExistsException,
  // PointInTimeRecoveryUnavailableException, InvalidRestoreTimeException.
  StatusOr<CreateBackupResponse> CreateBackup(
      const CreateBackupRequest& request);
  StatusOr<DescribeBackupResponse> DescribeBackup(
      const DescribeBackupRequest& request);
  StatusOr<ListBackupsResponse> ListBackups(const ListBackupsRequest& request);
  StatusOr<DeleteBackupResponse> DeleteBackup(
      const DeleteBackupRequest& request);
  StatusOr<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest& request);
  StatusOr<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
      const RestoreTableToPointInTimeRequest& request);

  // The change feed (change_feed.h): `subscriber` receives every committed
  // change to the items of `table_name` (empty: of every table, including
  // tables created later) until UnsubscribeChanges(id). Subscribing to a
  // table that does not exist (yet) is allowed.
  SubscriptionId SubscribeChanges(std::shared_ptr<ChangeSubscriber> subscriber,
                                  const std::string& table_name = "");
  // Returns whether `id` was subscribed; once it returns, that subscriber is
  // never called again.
  bool UnsubscribeChanges(SubscriptionId id);

  // eddy's own: fault injection (faults.h).
  void InjectFault(Fault fault) { faults_.Add(std::move(fault)); }
  // InjectFault that says when the fault is refused (faults.h: Validation,
  // LimitExceeded at kMaxArmedFaults); InjectFault drops it.
  Status ArmFault(Fault fault) { return faults_.Arm(std::move(fault)); }
  void ClearFaults() { faults_.Clear(); }
  std::vector<Fault> PendingFaults() const { return faults_.Pending(); }
  // For the wire's key compaction (faults.h, FaultInjector::
  // BeginKeyCompaction): whether a call may compact its keys now; when true,
  // EndKeyCompaction() once the call is done.
  bool BeginKeyCompaction() { return faults_.BeginKeyCompaction(); }
  void EndKeyCompaction() { faults_.EndKeyCompaction(); }

  // eddy's own: how a table's key space (or, with `index_name`, a GSI's) is
  // divided into partitions (throughput-model.md §3). Each entry is the
  // first hash of a partition.
  // ResourceNotFoundException for an unknown table, ValidationException for
  // an index that is not one of its GSIs (the same for the methods below).
  StatusOr<std::vector<uint64_t>> DescribePartitions(
      const std::string& table_name, const std::string& index_name = "");

  // eddy's own: the throttling simulator's metrics (throttling.h). Each
  // names a table, or with `index_name` one of its GSIs. Seconds are
  // NowMicros() / 1e6 of the Options clock; the current second appears once
  // it is over or after FlushThrottleMetrics().
  StatusOr<ThrottleCounters> GetThrottleCounters(
      const std::string& table_name, const std::string& index_name = "");
  StatusOr<std::vector<ThrottleSecond>> GetThrottleSeries(
      const std::string& table_name, const std::string& index_name,
      int64_t from_second, int64_t to_second);
  // Live partitions in key order, and every partition ever (splits retire
  // a parent and create two children).
  StatusOr<std::vector<PartitionInfo>> GetPartitions(
      const std::string& table_name, const std::string& index_name = "");
  StatusOr<std::vector<PartitionInfo>> GetPartitionHistory(
      const std::string& table_name, const std::string& index_name = "");
  // Contributor Insights: most accessed (3 × WCU + RCU) or most throttled
  // keys, by partition key or (with_sort_key) by full key; at most k.
  StatusOr<std::vector<KeyCount>> GetTopKeys(const std::string& table_name,
                                             const std::string& index_name,
                                             TopKeysKind kind,
                                             bool with_sort_key, int k);
  // Closes the current second of every table's series.
  void FlushThrottleMetrics();
  // eddy's own, for the lab's online index creation (model/lab): admits one
  // write of the backfill of GSI `index_name`, `write_half_units` at the
  // index partition key `index_partition_key` (S, N or B), on the index's
  // partitions and throughput as a live write to it would be: DynamoDB's
  // backfill shares the index's write throughput with the live writes.
  // Changes no data (UpdateTable's backfill already wrote the entries).
  // Counted in the index's metrics like other writes (DynamoDB reports the
  // backfill's apart, as OnlineIndexConsumedWriteCapacity and
  // OnlineIndexThrottleEvents). Errors: as DescribePartitions; the
  // throttle, when the index's partition or throughput refuses it.
  Status AdmitIndexBackfillWrite(const std::string& table_name,
                                 const std::string& index_name,
                                 const AttributeValue& index_partition_key,
                                 int64_t write_half_units);

  // eddy's own, for tests: splits the table's live partition `partition_id`
  // (PartitionInfo::id, GetPartitions) at its hash midpoint now, as a split
  // for size would. The table's stream, if any, closes the partition's
  // shard and opens one per child. ResourceNotFoundException for an unknown
  // table; ValidationException for an unknown or retired partition or one
  // too narrow to halve.
  Status SplitPartitionForTesting(const std::string& table_name,
                                  int32_t partition_id);

  // --- Durable data (persistence.h, docs/persistence.md) ------------------
  // What opening the data directory found (empty without one).
  const RecoveryReport& recovery_report() const;
  // Snapshots the data directory now and drops the log the snapshot makes
  // redundant. ValidationException without a data directory.
  Status Checkpoint();
  // Writes every table (definition, settings, items) to `path` as one
  // consistent snapshot: a point in commit order, taken with every table
  // locked shared (writers wait while records are referenced, not while
  // the file is written). For fixtures: LoadSnapshot reads it back.
  // Errors: InternalServerError naming the file and the system's reason.
  Status SaveSnapshot(const std::string& path);
  // Adds the tables of a snapshot file (SaveSnapshot's, or a data
  // directory's snapshot-*.eddysnap) to this Database. Nothing is added
  // when the file is damaged or a table of the same name exists
  // (ResourceInUseException "Table already exists: <name>").
  Status LoadSnapshot(const std::string& path);

 private:
  // What the engine's operations run with.
  engine::Context MakeContext();
  // The error of an injected fault matching a whole call, if any.
  std::optional<Status> CallFault(std::string_view operation,
                                  const std::string& table_name,
                                  const Item* key);
  // The simulator resource of a table or one of its GSIs.
  StatusOr<capacity::ResourceId> ResourceOf(const std::string& table_name,
                                            const std::string& index_name);

  Options options_;
  std::unique_ptr<capacity::ThrottleSimulator> simulator_;
  std::unique_ptr<engine::Catalog> catalog_;
  std::unique_ptr<engine::TransactionTokens> tokens_;
  std::shared_ptr<engine::StreamsService> streams_;
  std::unique_ptr<engine::ChangeFeed> feed_;
  std::unique_ptr<engine::TransferRegistry> transfers_;  // exports, imports
  FaultInjector faults_;
  // The data directory (null without one); declared last so that it is
  // closed (flushed) before the tables go.
  std::unique_ptr<engine::persist::DataDirectory> dir_;
  // Without a data directory: the point-in-time history of the tables
  // with PITR on, in memory (history/memory_history.h); the journal then.
  std::unique_ptr<engine::MemoryHistory> history_;
  // On-demand backups (after dir_: under its directory when there is one).
  std::unique_ptr<engine::persist::BackupStore> backups_;
  // Why the data directory could not be opened: every call returns it.
  Status open_status_;
};

// Where a partition-key value sits in the hash space partitions are cut from
// (what DescribePartitions' starts are compared with): xxh3_64 of the value's
// key bytes (UTF-8 for S, raw for B, eddy's order-preserving form for N).
// REQUIRES: `partition_key` is S, N or B.
uint64_t PartitionKeyHash(const AttributeValue& partition_key);

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_DATABASE_H_
