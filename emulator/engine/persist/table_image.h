// Copyright 2026 The eddy Authors.
//
// A table's definition and settings (everything but its items and index
// entries) as the data directory keeps it: in the log after CreateTable and
// after each settings change, and at the head of each table in a snapshot.
// The format is docs/persistence.md's "table image".
//
// What is kept: name, ARN, id, creation time, key schema, attribute
// definitions, billing mode, provisioned and on-demand throughput and their
// change times, time-to-live attribute and counters, tags, every secondary
// index (kind, key schema, projection, throughput, when it turns ACTIVE),
// the stream's view type, the last change sequence number, the
// contributor-insights settings, the point-in-time-recovery setting. What
// is not:
// the Database's Options (GSI lag, backfill timing, TTL timing, the
// item-collection limit), which the reopening Database supplies; the
// throttling simulator's partitions and statistics, which start afresh; a
// stream's records (a table with an enabled stream gets a new stream when
// it is restored, so old stream ARNs end with the process).
//
// Thread safety: functions on a Table require its lock as annotated.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_TABLE_IMAGE_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_TABLE_IMAGE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine::persist {

// Appends the image of `table` to `out`, naming the table by `number`
// (default: its TableDefinition::journal_number).
void EncodeTableImage(const Table& table, std::string* out,
                      std::optional<uint64_t> number = std::nullopt)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// A decoded image, ready to build a table from or to apply to one.
struct TableImage {
  uint64_t number = 0;  // TableDefinition::journal_number
  std::string name, arn, id;
  double creation_date_time = 0;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  bool has_local_indexes = false;
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput throughput;
  OnDemandThroughput on_demand;
  double last_update_to_pay_per_request = 0;
  std::optional<double> last_increase, last_decrease;
  std::string ttl_attribute;
  std::optional<int64_t> last_ttl_change_micros;
  int64_t ttl_deleted_items = 0;
  std::map<std::string, std::string> tags;
  struct Index {
    bool global = true;
    std::string name;
    std::vector<KeySchemaElement> key_schema;
    Projection projection;
    ProvisionedThroughput throughput;
    OnDemandThroughput on_demand;
    int64_t active_at_micros = 0;
  };
  std::vector<Index> indexes;
  std::optional<StreamViewType> stream_view_type;
  uint64_t last_sequence_number = 0;
  std::map<std::string, TableState::ContributorInsights> contributor_insights;
  bool pitr_enabled = false;
  int64_t pitr_enabled_since_micros = 0;
  int pitr_recovery_period_days = 35;
  // A restored table's summary; encoded after the fields above only when
  // present (so images of other tables are unchanged).
  std::optional<RestoreSummary> restore_summary;
};

// Errors: InternalServerError "corrupt table image" for bytes that are not
// a well-formed image (any input is safe).
StatusOr<TableImage> DecodeTableImage(std::string_view bytes);

// A new table (not yet in the catalog) with the image's definition and
// settings and no items, registered with the simulator. `ctx` supplies the
// Options and services. Its stream, if the image has one, is the caller's
// to enable once the items are loaded (so that loading is not streamed).
// Errors: InternalServerError when the image names keys or indexes that
// are inconsistent (a corrupt image that passed its checksum).
StatusOr<std::shared_ptr<Table>> BuildTable(Context& ctx,
                                            const TableImage& image);

// Makes an existing table's settings the image's: throughput, TTL, tags,
// and its index list (a new GSI is created and backfilled from the table's
// items, a missing one removed). Not the stream (as BuildTable).
Status ApplyTableImage(Table& table, const TableImage& image)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu());

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_TABLE_IMAGE_H_
