// Copyright 2026 The eddy Authors.
//
// RestoreTableFromBackup and RestoreTableToPointInTime (backup_ops.h): a
// new table from a backup's snapshot or from the table's point-in-time
// history (the data directory's, or the in-memory one without it), with the
// request's overrides applied to every image of the source the loader reads.

#include <cmath>
#include <functional>
#include <set>

#include "emulator/engine/history/backup_ops.h"
#include "emulator/engine/history/memory_history.h"
#include "emulator/engine/ops/transfer_ops.h"
#include "emulator/engine/persist/table_image.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

bool SameKeySchema(const std::vector<KeySchemaElement>& a,
                   const std::vector<KeySchemaElement>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const KeySchemaElement& x, const KeySchemaElement& y) {
                      return x.attribute_name == y.attribute_name &&
                             x.key_type == y.key_type;
                    });
}

// The checks a request's overrides get before anything is read. The
// messages are eddy's: DynamoDB documents none for these cases.
Status CheckOverrides(const RestoreOverrides& o) {
  if (o.billing_mode_override == BillingMode::kPayPerRequest &&
      o.provisioned_throughput_override) {
    return Status::Validation(
        std::string(kInvalid) +
        "ProvisionedThroughputOverride cannot be specified when "
        "BillingModeOverride is PAY_PER_REQUEST");
  }
  if (const auto& t = o.provisioned_throughput_override) {
    if (t->read_capacity_units < 1 || t->write_capacity_units < 1) {
      return Status::Validation(
          std::string(kInvalid) +
          "ReadCapacityUnits and WriteCapacityUnits must be at least 1");
    }
  }
  if (const auto& sse = o.sse_specification_override) {
    if (sse->sse_type && *sse->sse_type != "AES256" &&
        *sse->sse_type != "KMS") {
      return Status::Validation(
          "1 validation error detected: Value '" + *sse->sse_type +
          "' at 'sSESpecificationOverride.sSEType' failed to satisfy "
          "constraint: Member must satisfy enum value set: [AES256, KMS]");
    }
  }
  return Status::OK();
}

// Makes `image` (of the source) the restored table's: its identity, no
// tags / stream / TTL / PITR / Contributor Insights, the overrides.
Status ApplyRestore(const std::string& target, const RestoreOverrides& o,
                    const Context& ctx, int64_t now, RestoreSummary summary,
                    persist::TableImage& image) {
  summary.source_table_arn = image.arn;  // the source's, before the rename
  image.restore_summary = std::move(summary);
  image.name = target;
  image.arn = "arn:aws:dynamodb:" + ctx.options->region + ":" +
              ctx.options->account_id + ":table/" + target;
  image.id = MakeTableId(target, now);
  image.creation_date_time = static_cast<double>(now) / 1e6;
  image.tags.clear();
  image.ttl_attribute.clear();
  image.last_ttl_change_micros.reset();
  image.ttl_deleted_items = 0;
  image.stream_view_type.reset();
  image.contributor_insights.clear();
  image.pitr_enabled = false;
  image.pitr_enabled_since_micros = 0;
  image.pitr_recovery_period_days = 35;
  image.last_increase.reset();
  image.last_decrease.reset();

  // Indexes: a subset of the source's, by name, each as the override says.
  auto pick = [&](bool global, const std::string& name,
                  const std::vector<KeySchemaElement>& keys,
                  const Projection& projection,
                  std::vector<persist::TableImage::Index>& out) -> Status {
    for (const persist::TableImage::Index& i : image.indexes) {
      if (i.global != global || i.name != name) continue;
      if (!SameKeySchema(keys, i.key_schema)) {
        return Status::Validation(std::string(kInvalid) +
                                  "The key schema of index " + name +
                                  " does not match the source table's");
      }
      persist::TableImage::Index copy = i;
      if (projection.projection_type) copy.projection = projection;
      copy.active_at_micros = 0;
      out.push_back(std::move(copy));
      return Status::OK();
    }
    return Status::Validation(
        std::string(kInvalid) + "The source table has no " +
        (global ? "global" : "local") + " secondary index " + name);
  };
  if (o.global_secondary_index_override || o.local_secondary_index_override) {
    std::vector<persist::TableImage::Index> next;
    for (const persist::TableImage::Index& i : image.indexes) {
      const bool overridden =
          i.global ? o.global_secondary_index_override.has_value()
                   : o.local_secondary_index_override.has_value();
      if (!overridden) next.push_back(i);
    }
    if (o.global_secondary_index_override) {
      for (const GlobalSecondaryIndex& g : *o.global_secondary_index_override) {
        EDDY_RETURN_IF_ERROR(
            pick(true, g.index_name, g.key_schema, g.projection, next));
        if (g.provisioned_throughput) {
          next.back().throughput = *g.provisioned_throughput;
        }
        if (g.on_demand_throughput) {
          next.back().on_demand = *g.on_demand_throughput;
        }
      }
    }
    if (o.local_secondary_index_override) {
      for (const LocalSecondaryIndex& l : *o.local_secondary_index_override) {
        EDDY_RETURN_IF_ERROR(
            pick(false, l.index_name, l.key_schema, l.projection, next));
      }
    }
    image.indexes = std::move(next);
  }
  for (persist::TableImage::Index& i : image.indexes) i.active_at_micros = 0;

  // Billing and throughput.
  if (o.billing_mode_override) {
    if (*o.billing_mode_override == BillingMode::kProvisioned &&
        image.billing_mode == BillingMode::kPayPerRequest &&
        !o.provisioned_throughput_override) {
      return Status::Validation(
          std::string(kInvalid) +
          "ProvisionedThroughputOverride must be specified when "
          "BillingModeOverride is PROVISIONED and the source table is "
          "PAY_PER_REQUEST");
    }
    if (*o.billing_mode_override != image.billing_mode) {
      image.billing_mode = *o.billing_mode_override;
      if (image.billing_mode == BillingMode::kPayPerRequest) {
        image.throughput = ProvisionedThroughput{};
        image.last_update_to_pay_per_request = image.creation_date_time;
        for (auto& i : image.indexes) i.throughput = ProvisionedThroughput{};
      } else {
        image.on_demand = OnDemandThroughput{};
        for (auto& i : image.indexes) i.on_demand = OnDemandThroughput{};
      }
    }
  }
  if (o.provisioned_throughput_override) {
    if (image.billing_mode != BillingMode::kProvisioned) {
      return Status::Validation(
          std::string(kInvalid) +
          "ProvisionedThroughputOverride cannot be specified for a "
          "PAY_PER_REQUEST table");
    }
    image.throughput = *o.provisioned_throughput_override;
  }
  if (image.billing_mode == BillingMode::kProvisioned) {
    for (auto& i : image.indexes) {
      if (i.global && i.throughput.read_capacity_units == 0) {
        i.throughput = image.throughput;
      }
    }
  }
  if (o.on_demand_throughput_override) {
    image.on_demand = *o.on_demand_throughput_override;
  }

  // Only the attributes still used by a key are defined.
  std::set<std::string> used;
  for (const auto& k : image.key_schema) used.insert(k.attribute_name);
  bool has_local = false;
  for (const auto& i : image.indexes) {
    has_local |= !i.global;
    for (const auto& k : i.key_schema) used.insert(k.attribute_name);
  }
  std::erase_if(image.attribute_definitions, [&](const AttributeDefinition& d) {
    return !used.contains(d.attribute_name);
  });
  image.has_local_indexes = has_local;
  return Status::OK();
}

// Builds the target table from what `feed` gives a loader and publishes
// it. `feed` names the source's records by any number; the table they
// build is renamed and given the overrides.
StatusOr<TableDescription> Restore(
    Context& ctx, const std::string& target, const RestoreOverrides& overrides,
    const RestoreSummary& summary,
    const std::function<Status(persist::Loader&)>& feed) {
  const int64_t now = ctx.options->clock->NowMicros();
  EDDY_RETURN_IF_ERROR(CheckRestoreTarget(ctx, target, now));
  {
    persist::Loader loader(ctx, /*renumber=*/true);
    loader.set_table_transform([&](persist::TableImage& image) {
      return ApplyRestore(target, overrides, ctx, now, summary, image);
    });
    EDDY_RETURN_IF_ERROR(feed(loader));
    if (loader.live_tables() != 1) {
      return Status::Internal("the restore found no table to restore");
    }
    Status s = loader.Finish();
    if (s.code() == ErrorCode::kResourceInUse)
      return TableAlreadyExists(target);
    EDDY_RETURN_IF_ERROR(s);
  }
  std::shared_ptr<Table> table = ctx.catalog->Find(target);
  if (table == nullptr) return Status::Internal("the restored table is gone");
  // CREATING for the creation window, as DynamoDB's restores answer (the
  // loader published it a moment before; item operations in between would
  // have found it ACTIVE).
  StartCreating(*table, now);
  ReaderMutexLock lock(&table->mu());
  return table->Describe(ctx.options->clock->NowMicros());
}

Status CheckTarget(const std::string& target) {
  ValidationErrors errors;
  errors.CheckTableName(target, "targetTableName");
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  return Status::OK();
}

}  // namespace

Status TableAlreadyExists(const std::string& name) {
  return Status(ErrorCode::kTableAlreadyExists,
                "Table already exists: " + name);
}

Status CheckRestoreTarget(Context& ctx, const std::string& target,
                          int64_t now_micros) {
  // A table still DELETING keeps its name (table/lifecycle.h).
  if (ctx.catalog->deleting().Find(target, now_micros)) {
    return Status(ErrorCode::kTableInUse, "Table is being deleted: " + target);
  }
  std::shared_ptr<Table> table = ctx.catalog->Find(target);
  // A restore is a table operation (counted as a plain one, whatever
  // indexes the restored table has).
  if (table == nullptr) return CheckTableOperationQuota(ctx, now_micros);
  if (StatusAt(*table, now_micros) == TableStatus::kCreating) {
    return Status(ErrorCode::kTableInUse, "Table is being created: " + target);
  }
  return TableAlreadyExists(target);
}

StatusOr<RestoreTableFromBackupResponse> RestoreTableFromBackup(
    Context& ctx, persist::BackupStore& store,
    const RestoreTableFromBackupRequest& request) {
  ValidationErrors errors;
  errors.CheckTableName(request.target_table_name, "targetTableName");
  if (request.backup_arn.size() < 37) {
    errors.Add("'" + request.backup_arn + "'", "backupArn",
               "Member must have length greater than or equal to 37");
  } else if (request.backup_arn.size() > 1024) {
    errors.Add("'" + request.backup_arn + "'", "backupArn",
               "Member must have length less than or equal to 1024");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckOverrides(request.overrides));
  store.RemoveExpired(static_cast<double>(ctx.options->clock->NowMicros()) /
                      1e6);
  std::optional<persist::StoredBackup> backup = store.Find(request.backup_arn);
  if (!backup) {
    return Status(ErrorCode::kBackupNotFound,
                  "Backup not found: " + request.backup_arn);
  }
  EDDY_RETURN_IF_ERROR(CheckRestoreTarget(ctx, request.target_table_name,
                                          ctx.options->clock->NowMicros()));
  RestoreSummary summary;
  summary.source_backup_arn = backup->details.backup_arn;
  summary.restore_date_time = backup->details.backup_creation_date_time;
  EDDY_ASSIGN_OR_RETURN(
      TableDescription d,
      Restore(ctx, request.target_table_name, request.overrides, summary,
              [&](persist::Loader& loader) {
                return store.Feed(*backup, loader);
              }));
  return RestoreTableFromBackupResponse{std::move(d)};
}

StatusOr<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
    Context& ctx, const RestoreTableToPointInTimeRequest& request) {
  EDDY_RETURN_IF_ERROR(CheckTarget(request.target_table_name));
  ValidationErrors errors;
  if (request.source_table_name) {
    errors.CheckTableName(*request.source_table_name, "sourceTableName");
  }
  if (request.source_table_arn && (request.source_table_arn->empty() ||
                                   request.source_table_arn->size() > 1024)) {
    errors.Add("'" + *request.source_table_arn + "'", "sourceTableArn",
               request.source_table_arn->empty()
                   ? "Member must have length greater than or equal to 1"
                   : "Member must have length less than or equal to 1024");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  EDDY_RETURN_IF_ERROR(CheckOverrides(request.overrides));
  // The texts below are eddy's: DynamoDB documents no message for them.
  if (!request.source_table_name && !request.source_table_arn) {
    return Status::Validation(
        "Either SourceTableArn or SourceTableName must be specified");
  }
  const bool latest = request.use_latest_restorable_time.value_or(false);
  if (latest && request.restore_date_time) {
    return Status::Validation(
        "Only one of UseLatestRestorableTime or RestoreDateTime can be "
        "specified");
  }
  if (!latest && !request.restore_date_time) {
    return Status::Validation(
        "Either UseLatestRestorableTime or RestoreDateTime must be specified");
  }
  const std::string source =
      request.source_table_arn.value_or(request.source_table_name.value_or(""));
  std::shared_ptr<Table> table = FindTableByNameOrArn(ctx, source);
  if (table == nullptr) return ContinuousBackupsTableNotFound(source);
  const int64_t now = ctx.options->clock->NowMicros();
  EDDY_RETURN_IF_ERROR(CheckRestoreTarget(ctx, request.target_table_name, now));
  uint64_t number = 0;
  double when = 0;
  {
    ReaderMutexLock lock(&table->mu());
    const TableState& state = table->state();
    if (!state.pitr_enabled) {
      return Status(ErrorCode::kPointInTimeRecoveryUnavailable,
                    "Point in time recovery is not enabled for table '" +
                        table->name() + "'");
    }
    const PitrWindow window = PitrWindowOf(*table, now);
    when = latest ? window.latest : *request.restore_date_time;
    if (!latest && (std::floor(when) < window.earliest ||
                    std::floor(when) > window.latest)) {
      return Status(ErrorCode::kInvalidRestoreTime,
                    "RestoreDateTime must be between "
                    "EarliestRestorableDateTime and "
                    "LatestRestorableDateTime");
    }
    number = table->definition().journal_number;
  }
  // Everything committed within the second restored to.
  const int64_t until =
      static_cast<int64_t>(std::floor(when)) * 1'000'000 + 999'999;
  RestoreSummary summary;
  summary.restore_date_time = when;
  EDDY_ASSIGN_OR_RETURN(
      TableDescription d,
      Restore(ctx, request.target_table_name, request.overrides, summary,
              [&](persist::Loader& loader) {
                return ReplayHistory(ctx, number, until, loader);
              }));
  return RestoreTableToPointInTimeResponse{std::move(d)};
}

}  // namespace eddy::engine
