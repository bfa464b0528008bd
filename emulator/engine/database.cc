// Copyright 2026 The eddy Authors.

#include "emulator/api/database.h"

#include "emulator/engine/history/backup_ops.h"
#include "emulator/engine/history/memory_history.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/partiql_ops.h"
#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/persist/data_directory.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/persist/snapshot.h"
#include "emulator/engine/streams/service.h"
#include "emulator/engine/table/transactions.h"
#include "emulator/storage/record.h"

namespace eddy {
namespace {

using Kind = Fault::Kind;

// The kinds that fail a whole single-item, control-plane or read call.
constexpr std::initializer_list<Kind> kCallKinds = {
    Kind::kProvisionedThroughputExceeded, Kind::kThrottling,
    Kind::kRequestLimitExceeded, Kind::kInternalServerError,
    Kind::kTransactionConflict};
// The kinds that fail single parts of a batch.
constexpr std::initializer_list<Kind> kBatchKinds = {
    Kind::kProvisionedThroughputExceeded, Kind::kThrottling,
    Kind::kRequestLimitExceeded, Kind::kInternalServerError,
    Kind::kUnprocessed};
constexpr std::initializer_list<Kind> kTransactionKinds = kCallKinds;

using engine::persist::Durable;
using engine::persist::WriteGate;

// The simulator reads the Database's clock.
capacity::SimulatorOptions SimulatorOptionsOf(const Options& options) {
  capacity::SimulatorOptions o = options.throttle;
  o.clock = options.clock;
  return o;
}

}  // namespace

Database::Database(Options options)
    : options_(std::move(options)),
      simulator_(std::make_unique<capacity::ThrottleSimulator>(
          SimulatorOptionsOf(options_))),
      catalog_(std::make_unique<engine::Catalog>()),
      tokens_(std::make_unique<engine::TransactionTokens>()),
      streams_(
          std::make_shared<engine::StreamsService>(options_, simulator_.get())),
      feed_(std::make_unique<engine::ChangeFeed>()),
      transfers_(std::make_unique<engine::TransferRegistry>()) {
  options_.throttle.clock = options_.clock;
  // DynamoDB Streams: one passive subscriber for every table (records are
  // built only for tables with an enabled stream).
  feed_->Subscribe(streams_, "", /*passive=*/true);
  // Durable data: recover the directory's tables, then log every change.
  if (!options_.persistence.data_dir.empty()) {
    StatusOr<std::unique_ptr<engine::persist::DataDirectory>> dir =
        engine::persist::DataDirectory::Open(options_.persistence,
                                             MakeContext());
    if (dir.ok()) {
      dir_ = *std::move(dir);
    } else {
      open_status_ = dir.status();
    }
  } else {
    history_ = std::make_unique<engine::MemoryHistory>(&options_);
  }
  StatusOr<std::unique_ptr<engine::persist::BackupStore>> backups =
      engine::persist::BackupStore::Open(
          options_.persistence.data_dir.empty() || !open_status_.ok()
              ? ""
              : options_.persistence.data_dir + "/backups");
  if (backups.ok()) {
    backups_ = *std::move(backups);
  } else {
    if (open_status_.ok()) open_status_ = backups.status();
    backups_ = *engine::persist::BackupStore::Open("");
  }
}

Database::~Database() = default;

engine::Context Database::MakeContext() {
  engine::Journal* journal =
      dir_ != nullptr ? static_cast<engine::Journal*>(dir_.get())
                      : static_cast<engine::Journal*>(history_.get());
  engine::Context ctx{catalog_.get(),   &options_,   tokens_.get(),
                      simulator_.get(), feed_.get(), streams_.get(),
                      journal};
  // DynamoDB's SYSTEM backup of a table deleted with PITR on (none while
  // the data directory is recovered: backups_ comes after it).
  ctx.keep_deleted_table = [this](const engine::Table& table,
                                  int64_t now_micros) {
    table.mu().AssertReaderHeld();  // DeleteTable holds it exclusively
    if (backups_ == nullptr) return Status::OK();
    return engine::KeepDeletedTableBackup(*backups_, table, now_micros);
  };
  return ctx;
}

StatusOr<std::unique_ptr<Database>> Database::Open(Options options) {
  auto db = std::make_unique<Database>(std::move(options));
  if (!db->open_status_.ok()) return db->open_status_;
  return db;
}

const RecoveryReport& Database::recovery_report() const {
  static const RecoveryReport kNone;
  return dir_ != nullptr ? dir_->report() : kNone;
}

Status Database::Checkpoint() {
  if (!open_status_.ok()) return open_status_;
  if (dir_ == nullptr) {
    return Status::Validation(
        "Checkpoint needs a data directory "
        "(Options::persistence.data_dir)");
  }
  return dir_->Checkpoint();
}

Status Database::SaveSnapshot(const std::string& path) {
  if (!open_status_.ok()) return open_status_;
  std::vector<std::shared_ptr<engine::Table>> tables;
  for (const std::string& name : catalog_->Names()) {
    if (auto t = catalog_->Find(name)) tables.push_back(std::move(t));
  }
  for (const auto& t : tables) engine::CatchUp(*t, *options_.clock);
  std::vector<engine::persist::TableCopy> copies =
      engine::persist::CopyTables(tables);
  return engine::persist::WriteSnapshot(path, copies, /*next_segment=*/0,
                                        copies.size() + 1);
}

Status Database::LoadSnapshot(const std::string& path) {
  if (!open_status_.ok()) return open_status_;
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  {
    engine::persist::Loader loader(MakeContext(), /*renumber=*/true);
    EDDY_RETURN_IF_ERROR(engine::persist::ReadSnapshot(path, loader));
    EDDY_RETURN_IF_ERROR(loader.Finish());
  }
  // With a data directory, the loaded items are durable once a snapshot
  // holds them.
  if (dir_ != nullptr) return dir_->Checkpoint();
  return Status::OK();
}

SubscriptionId Database::SubscribeChanges(
    std::shared_ptr<ChangeSubscriber> subscriber,
    const std::string& table_name) {
  return feed_->Subscribe(std::move(subscriber), table_name);
}

bool Database::UnsubscribeChanges(SubscriptionId id) {
  return feed_->Unsubscribe(id);
}

std::optional<Status> Database::CallFault(std::string_view operation,
                                          const std::string& table_name,
                                          const Item* key) {
  if (!open_status_.ok()) return open_status_;
  if (faults_.empty()) return std::nullopt;
  std::optional<Fault> f = faults_.Take(operation, table_name, key, kCallKinds);
  if (!f) return std::nullopt;
  return FaultStatus(*f);
}

// Each operation below: a matching injected fault fails the call before the
// engine sees it (faults.h); otherwise the engine's operation runs.

StatusOr<CreateTableResponse> Database::CreateTable(
    const CreateTableRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("CreateTable", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::CreateTable(ctx, request));
}

StatusOr<DescribeTableResponse> Database::DescribeTable(
    const DescribeTableRequest& request) {
  if (auto fault = CallFault("DescribeTable", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeTable(ctx, request);
}

StatusOr<DeleteTableResponse> Database::DeleteTable(
    const DeleteTableRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("DeleteTable", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::DeleteTable(ctx, request));
}

StatusOr<UpdateTableResponse> Database::UpdateTable(
    const UpdateTableRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("UpdateTable", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::UpdateTable(ctx, request));
}

StatusOr<PutItemResponse> Database::PutItem(const PutItemRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("PutItem", request.table_name, &request.item))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::PutItem(ctx, request));
}

StatusOr<GetItemResponse> Database::GetItem(const GetItemRequest& request) {
  if (auto fault = CallFault("GetItem", request.table_name, &request.key))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::GetItem(ctx, request);
}

StatusOr<DeleteItemResponse> Database::DeleteItem(
    const DeleteItemRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("DeleteItem", request.table_name, &request.key))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::DeleteItem(ctx, request));
}

StatusOr<UpdateItemResponse> Database::UpdateItem(
    const UpdateItemRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("UpdateItem", request.table_name, &request.key))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::UpdateItem(ctx, request));
}

StatusOr<QueryResponse> Database::Query(const QueryRequest& request) {
  if (auto fault = CallFault("Query", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::Query(ctx, request);
}

StatusOr<ScanResponse> Database::Scan(const ScanRequest& request) {
  if (auto fault = CallFault("Scan", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::Scan(ctx, request);
}

StatusOr<UpdateTimeToLiveResponse> Database::UpdateTimeToLive(
    const UpdateTimeToLiveRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("UpdateTimeToLive", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::UpdateTimeToLive(ctx, request));
}

StatusOr<DescribeTimeToLiveResponse> Database::DescribeTimeToLive(
    const DescribeTimeToLiveRequest& request) {
  if (auto fault = CallFault("DescribeTimeToLive", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeTimeToLive(ctx, request);
}

StatusOr<DescribeLimitsResponse> Database::DescribeLimits(
    const DescribeLimitsRequest& request) {
  if (auto fault = CallFault("DescribeLimits", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeLimits(ctx, request);
}

StatusOr<DescribeEndpointsResponse> Database::DescribeEndpoints(
    const DescribeEndpointsRequest& request) {
  if (auto fault = CallFault("DescribeEndpoints", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeEndpoints(ctx, request);
}

StatusOr<DescribeContributorInsightsResponse>
Database::DescribeContributorInsights(
    const DescribeContributorInsightsRequest& request) {
  if (auto fault =
          CallFault("DescribeContributorInsights", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::DescribeContributorInsights(ctx, request);
}

StatusOr<UpdateContributorInsightsResponse> Database::UpdateContributorInsights(
    const UpdateContributorInsightsRequest& request) {
  if (auto fault =
          CallFault("UpdateContributorInsights", request.table_name, nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::UpdateContributorInsights(ctx, request);
}

StatusOr<ListContributorInsightsResponse> Database::ListContributorInsights(
    const ListContributorInsightsRequest& request) {
  if (auto fault = CallFault("ListContributorInsights",
                             request.table_name.value_or(""), nullptr))
    return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListContributorInsights(ctx, request);
}

StatusOr<ListTablesResponse> Database::ListTables(
    const ListTablesRequest& request) {
  if (auto fault = CallFault("ListTables", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListTables(ctx, request);
}

StatusOr<TagResourceResponse> Database::TagResource(
    const TagResourceRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("TagResource", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::TagResource(ctx, request));
}

StatusOr<UntagResourceResponse> Database::UntagResource(
    const UntagResourceRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (auto fault = CallFault("UntagResource", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::UntagResource(ctx, request));
}

StatusOr<ListTagsOfResourceResponse> Database::ListTagsOfResource(
    const ListTagsOfResourceRequest& request) {
  if (auto fault = CallFault("ListTagsOfResource", "", nullptr)) return *fault;
  engine::Context ctx = MakeContext();
  return engine::ListTagsOfResource(ctx, request);
}

StatusOr<BatchGetItemResponse> Database::BatchGetItem(
    const BatchGetItemRequest& request) {
  engine::Context ctx = MakeContext();
  if (faults_.empty()) return engine::BatchGetItem(ctx, request, nullptr);
  std::vector<FaultInjector::Part> parts;
  for (const auto& [table, keys] : request.request_items) {
    for (const Item& key : keys.keys) parts.push_back({table, &key});
  }
  std::vector<std::optional<Fault>> hits =
      faults_.TakeForParts("BatchGetItem", parts, kBatchKinds);
  engine::PartMask mask;
  size_t i = 0, failed = 0;
  for (const auto& [table, keys] : request.request_items) {
    std::vector<bool>& m = mask[table];
    for (size_t k = 0; k < keys.keys.size(); ++k, ++i) {
      m.push_back(hits[i].has_value());
      if (hits[i] && hits[i]->kind == Kind::kInternalServerError) {
        return FaultStatus(*hits[i]);
      }
      failed += hits[i] && hits[i]->kind != Kind::kUnprocessed;
    }
  }
  if (!parts.empty() && failed == parts.size()) return FaultStatus(*hits[0]);
  return engine::BatchGetItem(ctx, request, &mask);
}

StatusOr<BatchWriteItemResponse> Database::BatchWriteItem(
    const BatchWriteItemRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  if (faults_.empty()) {
    return Durable(dir_.get(), engine::BatchWriteItem(ctx, request, nullptr));
  }
  std::vector<FaultInjector::Part> parts;
  for (const auto& [table, writes] : request.request_items) {
    for (const WriteRequest& w : writes) {
      parts.push_back({table, w.put_item     ? &*w.put_item
                              : w.delete_key ? &*w.delete_key
                                             : nullptr});
    }
  }
  std::vector<std::optional<Fault>> hits =
      faults_.TakeForParts("BatchWriteItem", parts, kBatchKinds);
  engine::PartMask mask;
  size_t i = 0, failed = 0;
  for (const auto& [table, writes] : request.request_items) {
    std::vector<bool>& m = mask[table];
    for (size_t k = 0; k < writes.size(); ++k, ++i) {
      m.push_back(hits[i].has_value());
      if (hits[i] && hits[i]->kind == Kind::kInternalServerError) {
        return FaultStatus(*hits[i]);
      }
      failed += hits[i] && hits[i]->kind != Kind::kUnprocessed;
    }
  }
  if (!parts.empty() && failed == parts.size()) return FaultStatus(*hits[0]);
  return Durable(dir_.get(), engine::BatchWriteItem(ctx, request, &mask));
}

namespace {

// The cancellation a transaction gets when faults hit some of its actions;
// nullopt when none did. Whole-call kinds return their error instead.
std::optional<Status> TransactionFault(
    const std::vector<std::optional<Fault>>& hits) {
  bool any = false;
  for (const auto& h : hits) {
    if (!h) continue;
    any = true;
    if (h->kind == Kind::kInternalServerError ||
        h->kind == Kind::kRequestLimitExceeded) {
      return FaultStatus(*h);
    }
  }
  if (!any) return std::nullopt;
  std::vector<CancellationReason> reasons;
  for (const auto& h : hits) {
    if (!h) {
      reasons.push_back({"None", "", nullptr});
    } else if (h->kind == Kind::kTransactionConflict) {
      reasons.push_back({"TransactionConflict",
                         "Transaction is ongoing for the item", nullptr});
    } else if (h->kind == Kind::kThrottling) {
      reasons.push_back(
          {"ThrottlingError",
           "Throughput exceeds the current capacity of your table or index. "
           "DynamoDB is automatically scaling your table or index so please "
           "try again shortly. If exceptions persist, check if you have a hot "
           "key: https://docs.aws.amazon.com/amazondynamodb/latest/"
           "developerguide/bp-partition-key-design.html.",
           nullptr});
    } else {
      reasons.push_back(
          {"ProvisionedThroughputExceeded",
           "The level of configured provisioned throughput for the table was "
           "exceeded. Consider increasing your provisioning level with the "
           "UpdateTable API.",
           nullptr});
    }
  }
  return engine::TransactionCanceled(std::move(reasons));
}

}  // namespace

StatusOr<TransactWriteItemsResponse> Database::TransactWriteItems(
    const TransactWriteItemsRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  if (!faults_.empty()) {
    std::vector<FaultInjector::Part> parts;
    for (const TransactWriteItem& t : request.transact_items) {
      if (t.condition_check) {
        parts.push_back(
            {t.condition_check->table_name, &t.condition_check->key});
      } else if (t.put) {
        parts.push_back({t.put->table_name, &t.put->item});
      } else if (t.delete_item) {
        parts.push_back({t.delete_item->table_name, &t.delete_item->key});
      } else if (t.update) {
        parts.push_back({t.update->table_name, &t.update->key});
      } else {
        parts.push_back({"", nullptr});
      }
    }
    if (std::optional<Status> s = TransactionFault(faults_.TakeForParts(
            "TransactWriteItems", parts, kTransactionKinds))) {
      return *std::move(s);
    }
  }
  engine::Context ctx = MakeContext();
  return Durable(dir_.get(), engine::TransactWriteItems(ctx, request));
}

StatusOr<TransactGetItemsResponse> Database::TransactGetItems(
    const TransactGetItemsRequest& request) {
  if (!faults_.empty()) {
    std::vector<FaultInjector::Part> parts;
    for (const TransactGetItem& t : request.transact_items) {
      parts.push_back({t.table_name, &t.key});
    }
    if (std::optional<Status> s = TransactionFault(faults_.TakeForParts(
            "TransactGetItems", parts, kTransactionKinds))) {
      return *std::move(s);
    }
  }
  engine::Context ctx = MakeContext();
  return engine::TransactGetItems(ctx, request);
}

StatusOr<ExecuteStatementResponse> Database::ExecuteStatement(
    const ExecuteStatementRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  EDDY_ASSIGN_OR_RETURN(engine::PreparedStatement statement,
                        engine::PrepareStatement(ctx, request));
  // Faults match what the statement turned out to touch.
  const FaultInjector::Part part = statement.fault_part();
  if (auto fault =
          CallFault("ExecuteStatement", std::string(part.table), part.key)) {
    return *fault;
  }
  return Durable(dir_.get(), engine::RunStatement(ctx, statement));
}

StatusOr<BatchExecuteStatementResponse> Database::BatchExecuteStatement(
    const BatchExecuteStatementRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  EDDY_ASSIGN_OR_RETURN(engine::PreparedBatch batch,
                        engine::PrepareBatch(ctx, request));
  std::vector<std::optional<Status>> failed;
  if (!faults_.empty()) {
    std::vector<std::optional<Fault>> hits = faults_.TakeForParts(
        "BatchExecuteStatement", batch.fault_parts(), kCallKinds);
    for (const std::optional<Fault>& h : hits) {
      if (h && h->kind == Kind::kInternalServerError) return FaultStatus(*h);
      if (h) {
        failed.push_back(FaultStatus(*h));
      } else {
        failed.push_back(std::nullopt);
      }
    }
  }
  return Durable(dir_.get(), engine::RunBatch(ctx, batch, failed));
}

StatusOr<ExecuteTransactionResponse> Database::ExecuteTransaction(
    const ExecuteTransactionRequest& request) {
  EDDY_RETURN_IF_ERROR(WriteGate(dir_.get()));
  engine::Context ctx = MakeContext();
  EDDY_ASSIGN_OR_RETURN(engine::PreparedTransaction transaction,
                        engine::PrepareTransaction(ctx, request));
  if (!faults_.empty()) {
    if (std::optional<Status> s = TransactionFault(faults_.TakeForParts(
            "ExecuteTransaction", transaction.fault_parts(),
            kTransactionKinds))) {
      return *std::move(s);
    }
  }
  return Durable(dir_.get(), engine::RunTransaction(ctx, transaction));
}

StatusOr<capacity::ResourceId> Database::ResourceOf(
    const std::string& table_name, const std::string& index_name) {
  std::shared_ptr<engine::Table> table = catalog_->Find(table_name);
  if (table == nullptr)
    return engine::TableNotFound(table_name, /*describe_form=*/true);
  ReaderMutexLock lock(&table->mu());
  if (index_name.empty()) return table->state().resource;
  const engine::SecondaryIndex* index = table->FindIndex(index_name);
  if (index == nullptr || !index->is_global()) {
    return Status::Validation("The table does not have the specified index: " +
                              index_name);
  }
  return index->resource;
}

uint64_t PartitionKeyHash(const AttributeValue& partition_key) {
  return storage::HashPartitionKey(storage::KeyBytes(partition_key));
}

StatusOr<std::vector<uint64_t>> Database::DescribePartitions(
    const std::string& table_name, const std::string& index_name) {
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  return simulator_->PartitionStarts(id);
}

StatusOr<ThrottleCounters> Database::GetThrottleCounters(
    const std::string& table_name, const std::string& index_name) {
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  return simulator_->Counters(id);
}

StatusOr<std::vector<ThrottleSecond>> Database::GetThrottleSeries(
    const std::string& table_name, const std::string& index_name,
    int64_t from_second, int64_t to_second) {
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  return simulator_->Series(id, from_second, to_second);
}

StatusOr<std::vector<PartitionInfo>> Database::GetPartitions(
    const std::string& table_name, const std::string& index_name) {
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  return simulator_->Partitions(id);
}

StatusOr<std::vector<PartitionInfo>> Database::GetPartitionHistory(
    const std::string& table_name, const std::string& index_name) {
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  return simulator_->PartitionHistory(id);
}

StatusOr<std::vector<KeyCount>> Database::GetTopKeys(
    const std::string& table_name, const std::string& index_name,
    TopKeysKind kind, bool with_sort_key, int k) {
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  return simulator_->TopKeys(id, kind, with_sort_key, k);
}

void Database::FlushThrottleMetrics() { simulator_->Flush(); }

Status Database::AdmitIndexBackfillWrite(
    const std::string& table_name, const std::string& index_name,
    const AttributeValue& index_partition_key, int64_t write_half_units) {
  if (index_name.empty()) {
    return Status::Validation("AdmitIndexBackfillWrite needs an index name");
  }
  EDDY_ASSIGN_OR_RETURN(capacity::ResourceId id,
                        ResourceOf(table_name, index_name));
  const AttributeType type = index_partition_key.type();
  if (type != AttributeType::kS && type != AttributeType::kN &&
      type != AttributeType::kB) {
    return Status::Validation("an index partition key must be S, N or B");
  }
  const std::string key = storage::KeyBytes(index_partition_key);
  capacity::Access a;
  a.resource = id;
  a.hash = storage::HashPartitionKey(key);
  a.partition_key = key;
  a.write_half_units = write_half_units;
  return simulator_->Admit({&a, 1}).ToStatus();
}

Status Database::SplitPartitionForTesting(const std::string& table_name,
                                          int32_t partition_id) {
  std::shared_ptr<engine::Table> table = catalog_->Find(table_name);
  if (table == nullptr)
    return engine::TableNotFound(table_name, /*describe_form=*/true);
  // Under the table's lock, as splits caused by writes happen: no write is
  // between choosing its partition and publishing its change.
  MutexLock lock(&table->mu());
  return simulator_->SplitPartitionNow(table->state().resource, partition_id);
}

}  // namespace eddy
