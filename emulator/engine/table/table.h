// Copyright 2026 The eddy Authors.
//
// Table and Catalog: the engine's view of tables. A Table owns its items
// (storage::TableStore), its secondary indexes and its settings; its
// partitions live in the Database's throttling simulator (the table and each
// GSI are a registered resource there). The Catalog maps names to tables for
// one Database.
//
// Thread safety
// - Table: name, ARN, id, key schema and creation time are immutable. All else
//   is guarded by `mu`: readers of items or settings hold it shared, writers
//   exclusive. Operations hold a shared_ptr, so a table deleted concurrently
//   stays alive until they finish.
// - Catalog: internally synchronized.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_TABLE_H_
#define EDDY_EMULATOR_ENGINE_TABLE_TABLE_H_

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <shared_mutex>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "emulator/api/options.h"
#include "emulator/base/status.h"
#include "emulator/capacity/simulator.h"
#include "emulator/engine/index/secondary_index.h"
#include "emulator/storage/table_store.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

class Table {
 public:
  // Immutable after creation.
  std::string name;
  std::string arn;
  std::string id;
  double creation_date_time = 0;
  std::vector<KeySchemaElement> key_schema;
  KeyAttribute hash_key;
  std::optional<KeyAttribute> range_key;
  // Copied from the Database's Options at creation.
  GsiLag gsi_lag;
  IndexBackfill index_backfill;
  int64_t item_collection_size_limit_bytes = 0;
  TimeToLiveOptions time_to_live;
  // LSIs exist only from CreateTable on, so this never changes.
  bool has_local_indexes = false;
  // The Database's throttling simulator (not owned) and this table's
  // resource in it; GSIs have their own (SecondaryIndex::resource). Set once
  // by CreateTable before the table is published.
  capacity::ThrottleSimulator* simulator = nullptr;
  capacity::ResourceId resource = capacity::kNoResource;

  // Time to live: enabled when `ttl_attribute` is set. `ttl_enabled` mirrors
  // it so that operations can skip the expiry check without the lock.
  std::atomic<bool> ttl_enabled{false};

  // Guarded by mu.
  mutable std::shared_mutex mu;
  std::vector<AttributeDefinition> attribute_definitions;
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput throughput;
  // On-demand maximum throughput, on-demand tables only: the limits set
  // (each >= 1); an absent member is no limit.
  OnDemandThroughput on_demand;
  double last_update_to_pay_per_request = 0;
  std::optional<double> last_increase = std::nullopt;
  std::optional<double> last_decrease = std::nullopt;
  storage::TableStore store;
  // GSIs and LSIs in the order they were defined. After changing it, call
  // RebuildIndexKeys.
  std::vector<std::unique_ptr<SecondaryIndex>> indexes;
  // Every attribute name some index uses as a key, sorted, with its type
  // (one AttributeDefinition per name, so one type).
  std::vector<KeyAttribute> index_keys;
  // Their names, in the same order (views into index_keys).
  std::vector<std::string_view> index_key_names;
  // Tables with an LSI: the bytes of each item collection (partition-key
  // bytes -> items and LSI entries, each with DynamoDB's 100-byte storage
  // overhead; throughput-model.md §1.1).
  absl::flat_hash_map<std::string, int64_t> collection_bytes;
  std::mt19937_64 lag_rng;  // draws GSI lag delays
  std::string ttl_attribute;
  std::optional<int64_t> last_ttl_change_micros;  // for the cooldown
  int64_t next_ttl_sweep_micros = 0;
  // Items deleted by time to live (DynamoDB's "Service" deletions, which
  // Streams tell apart from user deletions).
  int64_t ttl_deleted_items = 0;
  std::map<std::string, std::string> tags;

  std::string_view range_key_name() const {
    return range_key ? std::string_view(range_key->name) : std::string_view();
  }
  // The table's key attribute names (one or two).
  std::vector<std::string> key_names() const;

  // Null when the table has no index of that name. REQUIRES: mu held.
  SecondaryIndex* FindIndex(std::string_view index_name) const;

  // Recomputes index_keys and each index's slots. REQUIRES: mu held
  // exclusively (or the table not yet shared).
  void RebuildIndexKeys();
  // The item's values for index_keys. REQUIRES: mu held.
  IndexKeyValues IndexKeysOf(const Item& item) const;

  // Background work that time makes due: GSI changes whose lag has passed,
  // and the time-to-live expiry pass. HasDueWork needs mu (shared is
  // enough); DoDueWork needs it exclusively.
  bool HasDueWork(int64_t now_micros) const;
  void DoDueWork(int64_t now_micros);

  // REQUIRES: mu held (shared or exclusive).
  TableDescription Describe(int64_t now_micros) const;
};

class Catalog {
 public:
  // Null when there is no such table.
  std::shared_ptr<Table> Find(const std::string& name) const;
  // ResourceInUseException "Table already exists: <name>" for a duplicate.
  Status Add(std::shared_ptr<Table> table);
  // Null when there is no such table.
  std::shared_ptr<Table> Remove(const std::string& name);
  // Sorted names, starting after `exclusive_start` when given.
  std::vector<std::string> Names() const;

 private:
  mutable std::shared_mutex mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;  // guarded by mu_
};

// Does the background work time has made due on `table` (GSI changes whose
// lag has passed, the time-to-live expiry pass), taking the table's lock
// exclusively only when there is some. Every operation on a table calls it
// first. REQUIRES: mu not held.
void CatchUp(Table& table, const Clock& clock);

// "Requested resource not found" (item operations) or, with `describe_form`,
// "Requested resource not found: Table: <name> not found".
Status TableNotFound(const std::string& name, bool describe_form);

ScalarAttributeType ToScalarType(AttributeType t);
AttributeType FromScalarType(ScalarAttributeType t);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_TABLE_H_
