// Copyright 2026 The eddy Authors.
//
// Table: the engine's view of one table. A Table owns its items
// (storage::TableStore), its secondary indexes and its settings; its
// partitions live in the Database's throttling simulator (the table and each
// GSI are a registered resource there).
//
// A table has two parts:
// - its definition (TableDefinition): name, ARN, key schema, the options it
//   was created with. Fixed at creation; read without a lock.
// - its state (TableState): settings that UpdateTable and friends change,
//   the items, the indexes, the change feed's sequence. Guarded by the
//   table's mutex, and reachable only through state() (shared lock at least)
//   and mutable_state() (exclusive lock). clang's -Wthread-safety checks every
//   caller (tools/test.sh builds the engine so).
//
//   ReaderMutexLock lock(&table.mu());
//   const TableState& s = table.state();
//   const storage::Record* r = s.store.Find(key.ref());
//
// Locking rules (docs/architecture.md, "Locking")
// - An operation holds a shared_ptr<Table>, so a table deleted concurrently
//   stays alive until the operation ends.
// - Reads take the lock shared, writes exclusive; one lock per table, taken
//   once per operation. Transactions lock all their tables in name order
//   (transactions.h). Nothing else is locked while a table's lock is held,
//   except the simulator's and the change feed's own (leaf) mutexes.
//
// Thread safety: as above; the definition is immutable.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_TABLE_H_
#define EDDY_EMULATOR_ENGINE_TABLE_TABLE_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "emulator/api/options.h"
#include "emulator/base/clock.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/capacity/simulator.h"
#include "emulator/engine/index/secondary_index.h"
#include "emulator/storage/table_store.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

class ChangeFeed;
class Journal;

// A table's key attributes, shared (immutable) by the key images of its
// change records, which may outlive the table.
struct KeyShape {
  KeyAttribute hash;
  std::optional<KeyAttribute> range;
};

// What is fixed when a table is created.
struct TableDefinition {
  std::string name;
  std::string arn;
  std::string id;
  double creation_date_time = 0;
  std::vector<KeySchemaElement> key_schema;
  KeyAttribute hash_key;
  std::optional<KeyAttribute> range_key;
  // LSIs exist only from CreateTable on.
  bool has_local_indexes = false;
  // Copied from the Database's Options at creation.
  GsiLag gsi_lag;
  IndexBackfill index_backfill;
  TransientStatuses transient_statuses;
  int64_t item_collection_size_limit_bytes = 0;
  TimeToLiveOptions time_to_live;
  // The Database's throttling simulator and change feed (not owned).
  capacity::ThrottleSimulator* simulator = nullptr;
  ChangeFeed* feed = nullptr;
  // The data directory's journal (table/journal.h), or null when the
  // Database keeps nothing on disk; and the number it knows the table by.
  Journal* journal = nullptr;
  uint64_t journal_number = 0;
};

// What changes, guarded by Table::mu().
struct TableState {
  // --- Settings
  // ---------------------------------------------------------------
  std::vector<AttributeDefinition> attribute_definitions;
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput throughput;
  // On-demand maximum throughput, on-demand tables only: the limits set
  // (each >= 1); an absent member is no limit.
  OnDemandThroughput on_demand;
  double last_update_to_pay_per_request = 0;
  std::optional<double> last_increase;
  std::optional<double> last_decrease;
  // This table's resource in the simulator (GSIs have their own,
  // SecondaryIndex::resource). Set by RegisterResources before the table is
  // published.
  capacity::ResourceId resource = capacity::kNoResource;
  // Time to live: on when ttl_attribute is set (Table::ttl_enabled mirrors).
  std::string ttl_attribute;
  std::optional<int64_t> last_ttl_change_micros;  // for the cooldown
  int64_t next_ttl_sweep_micros = 0;
  // Items deleted by time to live (DynamoDB's "Service" deletions).
  int64_t ttl_deleted_items = 0;
  std::map<std::string, std::string> tags;
  // Contributor Insights by index name ("" for the table): when it was last
  // enabled or disabled (micros); present and `enabled` means ENABLED.
  struct ContributorInsights {
    bool enabled = false;
    int64_t updated_micros = 0;
  };
  std::map<std::string, ContributorInsights> contributor_insights;
  // Point-in-time recovery (UpdateContinuousBackups): on since
  // pitr_enabled_since_micros (the Options clock), restorable over the last
  // pitr_recovery_period_days days.
  bool pitr_enabled = false;
  int64_t pitr_enabled_since_micros = 0;
  int pitr_recovery_period_days = 35;
  // Set on a table made by a restore (DescribeTable's RestoreSummary).
  std::optional<RestoreSummary> restore_summary;

  // --- Contents
  // ---------------------------------------------------------------
  storage::TableStore store;
  // GSIs and LSIs in the order they were defined. After changing the list,
  // call Table::RebuildIndexKeys.
  std::vector<std::unique_ptr<SecondaryIndex>> indexes;
  // Every attribute name some index uses as a key, sorted, with its type
  // (one AttributeDefinition per name, so one type), and the names alone
  // (views into index_keys).
  std::vector<KeyAttribute> index_keys;
  std::vector<std::string_view> index_key_names;
  // Tables with an LSI: the bytes of each item collection (partition-key
  // bytes -> items and LSI entries, each with DynamoDB's 100-byte storage
  // overhead; throughput-model.md §1.1).
  absl::flat_hash_map<std::string, int64_t> collection_bytes;
  std::mt19937_64 lag_rng;  // draws GSI lag delays
  // The sequence number of the last committed item change (change_feed.h);
  // every committed change takes the next one.
  uint64_t last_sequence_number = 0;

  // --- DynamoDB Streams (engine/streams/): the view type while a stream is
  // enabled (Table::streamed mirrors), and the latest stream, enabled or
  // not (empty when the table never had one).
  std::optional<StreamViewType> stream_view_type;
  std::string latest_stream_arn;
  std::string latest_stream_label;

  // --- Transient statuses (table/lifecycle.h): GSIs UpdateTable deleted,
  // still described (IndexStatus DELETING) until `until_micros`.
  struct DeletingIndex {
    GlobalSecondaryIndexDescription description;
    int64_t until_micros = 0;
  };
  std::vector<DeletingIndex> deleting_indexes;
  // A capacity change (BillingMode, ProvisionedThroughput of the table or
  // of a GSI) UpdateTable made with an update window: the settings above
  // hold the new values already (so the journal keeps them); these are the
  // ones still in force, described and throttled by, until `until_micros`.
  // Cleared when the change is finished (FinishCapacityChange).
  struct CapacityInForce {
    BillingMode billing_mode = BillingMode::kProvisioned;
    ProvisionedThroughput throughput;
    OnDemandThroughput on_demand;
    double last_update_to_pay_per_request = 0;
    struct Index {
      std::string name;
      ProvisionedThroughput throughput;
      OnDemandThroughput on_demand;
      bool updating = false;  // its throughput changes: IndexStatus UPDATING
    };
    std::vector<Index> indexes;
    bool increase = false;  // of the table's throughput
    bool decrease = false;
    int64_t until_micros = 0;
  };
  std::optional<CapacityInForce> capacity_in_force;
  // NumberOfDecreasesToday: the UTC day (days since the epoch) of the last
  // decrease of the table's throughput, and how many that day. Not kept
  // across restarts.
  int64_t decrease_day = -1;
  int64_t decreases_that_day = 0;
};

class Table {
 public:
  // A new table with an empty state; its creator fills the state (under the
  // lock) before publishing it in the Catalog.
  explicit Table(TableDefinition definition);
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  // --- Definition (immutable, no lock)
  // ----------------------------------------
  const TableDefinition& definition() const { return def_; }
  const std::string& name() const { return def_.name; }
  const std::string& arn() const { return def_.arn; }
  const KeyAttribute& hash_key() const { return def_.hash_key; }
  const std::optional<KeyAttribute>& range_key() const {
    return def_.range_key;
  }
  std::string_view range_key_name() const {
    return def_.range_key ? std::string_view(def_.range_key->name)
                          : std::string_view();
  }
  bool has_local_indexes() const { return def_.has_local_indexes; }
  capacity::ThrottleSimulator* simulator() const { return def_.simulator; }
  ChangeFeed* feed() const { return def_.feed; }
  // The table's key attribute names (one or two).
  std::vector<std::string> key_names() const;
  // The key attributes as one shared object (never null).
  const std::shared_ptr<const KeyShape>& key_shape() const {
    return key_shape_;
  }

  // --- State
  // --------------------------------------------------------------------
  Mutex& mu() const ABSL_LOCK_RETURNED(mu_) { return mu_; }
  const TableState& state() const ABSL_SHARED_LOCKS_REQUIRED(mu_) {
    return state_;
  }
  TableState& mutable_state() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    return state_;
  }
  // For code that holds the lock in a way the analysis cannot follow (a
  // transaction's set of tables, TableLocks): tells the analysis.
  void AssertHeld() const ABSL_ASSERT_EXCLUSIVE_LOCK(mu_) { mu_.AssertHeld(); }
  void AssertReaderHeld() const ABSL_ASSERT_SHARED_LOCK(mu_) {
    mu_.AssertReaderHeld();
  }

  // Time to live is on (state().ttl_attribute is set); readable without the
  // lock, so that operations can skip the expiry check.
  bool ttl_enabled() const {
    return ttl_enabled_.load(std::memory_order_relaxed);
  }
  void set_ttl_enabled(bool on) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    ttl_enabled_.store(on, std::memory_order_relaxed);
  }

  // A stream is enabled (state().stream_view_type is set); readable without
  // the lock. Writes build change records for a streamed table even when
  // the change feed has no other subscriber (Commit::Apply).
  bool streamed() const { return streamed_.load(std::memory_order_relaxed); }
  void set_streamed(bool on) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    streamed_.store(on, std::memory_order_relaxed);
  }

  // DeleteTable removed the table (set under its exclusive lock). Writes
  // that found the table before still commit to it, but nothing logs them.
  bool dropped() const { return dropped_.load(std::memory_order_acquire); }
  void set_dropped() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    dropped_.store(true, std::memory_order_release);
  }

  // Transient statuses (table/lifecycle.h): the table is CREATING before
  // creating_until_micros() and UPDATING before updating_until_micros()
  // (Options clock; 0: never). Readable without the lock, so that item
  // operations can refuse a CREATING table cheaply.
  int64_t creating_until_micros() const {
    return creating_until_.load(std::memory_order_acquire);
  }
  int64_t updating_until_micros() const {
    return updating_until_.load(std::memory_order_acquire);
  }
  void set_creating_until_micros(int64_t micros) {
    creating_until_.store(micros, std::memory_order_release);
  }
  // The table was created (or restored) with secondary indexes: while it
  // is CREATING it counts against DynamoDB's separate quota of such
  // creations (Catalog::CheckOperationQuota).
  bool created_with_indexes() const {
    return created_with_indexes_.load(std::memory_order_acquire);
  }
  void set_created_with_indexes(bool on) {
    created_with_indexes_.store(on, std::memory_order_release);
  }
  void set_updating_until_micros(int64_t micros)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_) {
    updating_until_.store(micros, std::memory_order_release);
  }

  // Null when the table has no index of that name.
  SecondaryIndex* FindIndex(std::string_view index_name) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);
  // Recomputes index_keys and each index's slots.
  void RebuildIndexKeys() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The item's values for state().index_keys.
  IndexKeyValues IndexKeysOf(const Item& item) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);

  // Background work that time makes due: GSI changes whose lag has passed,
  // the time-to-live expiry pass, and the end of an UPDATING window (its
  // capacity change finished, table/lifecycle.h).
  bool HasDueWork(int64_t now_micros) const ABSL_SHARED_LOCKS_REQUIRED(mu_);
  void DoDueWork(int64_t now_micros) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  TableDescription Describe(int64_t now_micros) const
      ABSL_SHARED_LOCKS_REQUIRED(mu_);

 private:
  const TableDefinition def_;
  const std::shared_ptr<const KeyShape> key_shape_;
  mutable Mutex mu_;
  TableState state_ ABSL_GUARDED_BY(mu_);
  std::atomic<bool> ttl_enabled_{false};
  std::atomic<bool> streamed_{false};
  std::atomic<bool> dropped_{false};
  std::atomic<int64_t> creating_until_{0};
  std::atomic<int64_t> updating_until_{0};
  std::atomic<bool> created_with_indexes_{false};
};

// Does the background work time has made due on `table` (GSI changes whose
// lag has passed, the time-to-live expiry pass), taking the table's lock
// exclusively only when there is some. Every operation on a table calls it
// first. REQUIRES: the table's lock not held.
void CatchUp(Table& table, const Clock& clock) ABSL_LOCKS_EXCLUDED(table.mu());

// Logs the table's settings after a change to them (UpdateTable,
// UpdateTimeToLive, tags, ...) when the Database has a data directory
// (table/journal.h); nothing otherwise.
void LogSettingsChange(const Table& table)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

// "Requested resource not found" (item operations) or, with `describe_form`,
// "Requested resource not found: Table: <name> not found".
Status TableNotFound(const std::string& name, bool describe_form);

ScalarAttributeType ToScalarType(AttributeType t);
AttributeType FromScalarType(ScalarAttributeType t);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_TABLE_H_
