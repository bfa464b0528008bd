// Copyright 2026 The eddy Authors.
//
// UpdateTable: billing mode, provisioned throughput and on-demand maximum
// throughput, global secondary indexes (create with backfill, delete,
// throughput), or the stream (StreamSpecification: enable or disable). Raising
// throughput past what the partitions serve doubles the partition count
// (throughput-model.md §3.2); partitions never merge. An index deleted is gone
// at once (DynamoDB shows it DELETING for a while). With an UPDATING window
// (Options::transient_statuses) capacity changes wait for its end
// (table/lifecycle.h).

#include <algorithm>
#include <mutex>
#include <set>

#include "emulator/engine/index/index_change.h"
#include "emulator/engine/ops/index_definitions.h"
#include "emulator/engine/ops/on_demand_throughput.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/stream_ops.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/types/limits.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

void CheckThroughputValues(
    const std::optional<ProvisionedThroughput>& throughput,
    ValidationErrors& errors);  // create_table.cc

namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

// GlobalSecondaryIndexUpdates: at most one index created or deleted per
// call (DynamoDB's online-index limit), throughput updates for existing
// GSIs. `mode` is the table's billing mode after this call. Sets
// `definitions` to the table's attribute definitions merged with the
// request's.
Status CheckIndexUpdates(const Table& table, const UpdateTableRequest& request,
                         BillingMode mode, int64_t now_micros,
                         std::vector<AttributeDefinition>* definitions_out)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu()) {
  const TableState& state = table.state();
  std::set<std::string> names;
  int creates_or_deletes = 0;
  for (const GlobalSecondaryIndexUpdate& u :
       request.global_secondary_index_updates) {
    const int actions =
        (u.create ? 1 : 0) + (u.delete_index_name ? 1 : 0) + (u.update ? 1 : 0);
    if (actions == 0) {
      return Status::Validation(std::string(kInvalid) +
                                "One of GlobalSecondaryIndexUpdate.Update, "
                                "GlobalSecondaryIndexUpdate.Create, "
                                "GlobalSecondaryIndexUpdate.Delete "
                                "must not be null");
    }
    if (actions > 1) {
      return Status::Validation(
          std::string(kInvalid) +
          "Only one global secondary index action is allowed per "
          "GlobalSecondaryIndexUpdate object");
    }
    const std::string& name = u.create              ? u.create->index_name
                              : u.delete_index_name ? *u.delete_index_name
                                                    : u.update->index_name;
    if (!names.insert(name).second) {
      return Status::Validation(
          std::string(kInvalid) +
          "Only one global secondary index update per index is allowed "
          "simultaneously. Index: " +
          name);
    }
    if (!u.update) ++creates_or_deletes;
  }
  bool creating = false;
  for (const auto& index : state.indexes) {
    creating = creating || !index->IsActive(now_micros);
  }
  if (creates_or_deletes > 1 || (creates_or_deletes == 1 && creating)) {
    return Status(ErrorCode::kLimitExceeded,
                  "Subscriber limit exceeded: Only 1 online index can be "
                  "created or deleted simultaneously per table");
  }

  std::vector<AttributeDefinition>& definitions = *definitions_out;
  definitions = state.attribute_definitions;
  // A definition of an attribute the table already defines keeps the
  // stored type: DynamoDB accepts a conflicting redefinition and ignores it
  // (the table's and its indexes' keys cannot change type).
  for (const AttributeDefinition& d : request.attribute_definitions) {
    bool known = false;
    for (const AttributeDefinition& existing : definitions) {
      known = known || existing.attribute_name == d.attribute_name;
    }
    if (!known) definitions.push_back(d);
  }
  std::vector<std::string> defined;
  for (const auto& d : definitions) defined.push_back(d.attribute_name);
  const bool provisioned = mode == BillingMode::kProvisioned;
  for (const GlobalSecondaryIndexUpdate& u :
       request.global_secondary_index_updates) {
    if (u.create) {
      const GlobalSecondaryIndex& g = *u.create;
      if (table.FindIndex(g.index_name) != nullptr) {
        return Status::Validation(
            "Attempting to create an index which already exists");
      }
      for (const auto& k : g.key_schema) {
        if (std::find(defined.begin(), defined.end(), k.attribute_name) ==
            defined.end()) {
          return Status::Validation(
              std::string(kInvalid) +
              "AttributeDefinitions is not specified for index: " +
              g.index_name);
        }
      }
      EDDY_RETURN_IF_ERROR(CheckGsiKeySchema(g.key_schema, defined));
      EDDY_RETURN_IF_ERROR(CheckProjection(g.projection));
      if (provisioned && !g.provisioned_throughput) {
        return Status::Validation(
            std::string(kInvalid) +
            "ProvisionedThroughput must be specified for index: " +
            g.index_name);
      }
      if (!provisioned && g.provisioned_throughput) {
        return Status::Validation(
            std::string(kInvalid) +
            "ProvisionedThroughput should not be specified for index: " +
            g.index_name + " when BillingMode is PAY_PER_REQUEST");
      }
      if (g.on_demand_throughput) {
        EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(
            *g.on_demand_throughput,
            {.table_provisioned = provisioned,
             .operation = OnDemandOperation::kCreateIndex,
             .index_name = g.index_name}));
      }
      int globals = 1;
      for (const auto& index : state.indexes) globals += index->is_global();
      if (globals > limits::kMaxGlobalSecondaryIndexes) {
        return Status(ErrorCode::kLimitExceeded,
                      std::string(kInvalid) +
                          "GlobalSecondaryIndex count exceeds the per-table "
                          "limit of " +
                          std::to_string(limits::kMaxGlobalSecondaryIndexes));
      }
    } else {
      const std::string& name =
          u.delete_index_name ? *u.delete_index_name : u.update->index_name;
      SecondaryIndex* index = table.FindIndex(name);
      if (index == nullptr) {
        return Status::ResourceNotFound(
            "Requested resource not found: Index: " + name + " not found");
      }
      if (!index->is_global()) {
        return Status::Validation(
            std::string(u.delete_index_name ? "Cannot delete"
                                            : "Cannot update") +
            " an index that is not a GlobalSecondaryIndex: " + name);
      }
      if (u.update && !provisioned) {
        const UpdateGlobalSecondaryIndexAction& a = *u.update;
        if (a.provisioned_throughput) {
          return Status::Validation(
              std::string(kInvalid) +
              "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
              "specified for index: " +
              name + " when BillingMode is PAY_PER_REQUEST");
        }
        if (!a.on_demand_throughput || a.on_demand_throughput->empty()) {
          // Observed on DynamoDB for an Update with no (or an empty)
          // OnDemandThroughput; the prefix is assumed.
          return Status::Validation(
              std::string(kInvalid) + "The only Updates for index: " + name +
              " when TableThroughputMode is PAY_PER_REQUEST can be to "
              "OnDemandThroughput, WarmThroughput");
        }
        // Re-sending the current limits is accepted (no "will not change").
        EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(
            *a.on_demand_throughput, {.table_provisioned = false,
                                      .operation = OnDemandOperation::kUpdate,
                                      .index_name = name}));
      } else if (u.update) {
        const UpdateGlobalSecondaryIndexAction& a = *u.update;
        if (a.on_demand_throughput) {
          EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(
              *a.on_demand_throughput, {.table_provisioned = true,
                                        .operation = OnDemandOperation::kUpdate,
                                        .index_name = name}));
        }
        if (!a.provisioned_throughput) {
          // UNCONFIRMED wording: an Update without throughput on a
          // provisioned table (CreateTable's message for a missing GSI
          // throughput, as for GlobalSecondaryIndexUpdates.Create).
          return Status::Validation(
              std::string(kInvalid) +
              "ProvisionedThroughput must be specified for index: " + name);
        }
        const ProvisionedThroughput& next = *a.provisioned_throughput;
        if (state.billing_mode == BillingMode::kProvisioned &&
            next.read_capacity_units == index->throughput.read_capacity_units &&
            next.write_capacity_units ==
                index->throughput.write_capacity_units) {
          const auto& t = index->throughput;
          return Status::Validation(
              "The provisioned throughput for the index " + name +
              " will not change. The requested value equals the current "
              "value. Current ReadCapacityUnits provisioned for the index: " +
              std::to_string(t.read_capacity_units) +
              ". Requested ReadCapacityUnits: " +
              std::to_string(next.read_capacity_units) +
              ". Current WriteCapacityUnits provisioned for the index: " +
              std::to_string(t.write_capacity_units) +
              ". Requested WriteCapacityUnits: " +
              std::to_string(next.write_capacity_units) +
              ". Refer to the Amazon DynamoDB Developer Guide for current "
              "limits and how to request higher limits.");
        }
      }
    }
  }

  return Status::OK();
}

// Applies what CheckIndexUpdates accepted. // `updated` collects the GSIs whose
// throughput changed.
void ApplyIndexUpdates(Table& table, const UpdateTableRequest& request,
                       std::vector<AttributeDefinition> definitions,
                       int64_t now_micros,
                       std::vector<const SecondaryIndex*>* updated)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  TableState& state = table.mutable_state();
  for (const GlobalSecondaryIndexUpdate& u :
       request.global_secondary_index_updates) {
    if (u.create) {
      const GlobalSecondaryIndex& g = *u.create;
      std::unique_ptr<SecondaryIndex> index =
          MakeIndex(SecondaryIndex::Kind::kGlobal, table.arn(), g.index_name,
                    g.key_schema, g.projection, definitions, table);
      if (g.provisioned_throughput)
        index->throughput = *g.provisioned_throughput;
      if (g.on_demand_throughput) {
        MergeOnDemandThroughput(*g.on_demand_throughput, index->on_demand);
      }
      // Backfilling takes time on the clock when Options say so; reads of
      // the index are refused until then.
      const IndexBackfill& b = table.definition().index_backfill;
      int64_t micros = b.base_micros;
      if (b.items_per_second > 0) {
        micros += state.store.item_count() * 1'000'000 / b.items_per_second;
      }
      index->active_at_micros = now_micros + micros;
      Backfill(state.store, *index);
      // Validated like the table's own throughput: registering cannot fail
      // on these settings (a failure would leave the index without
      // throttling, never without data).
      (void)RegisterIndexResource(table, *index);
      state.indexes.push_back(std::move(index));
      state.attribute_definitions = definitions;
    } else if (u.delete_index_name) {
      if (SecondaryIndex* gone = table.FindIndex(*u.delete_index_name)) {
        RemoveIndexResource(table, *gone);
      }
      // Described as DELETING for the index-deletion window, if any.
      if (table.definition().transient_statuses.delete_index_micros > 0) {
        for (const auto& g :
             table.Describe(now_micros).global_secondary_indexes) {
          if (g.index_name == *u.delete_index_name &&
              g.index_status != IndexStatus::kDeleting) {
            StartDeletingIndex(table, g, now_micros);
            break;
          }
        }
      }
      auto& v = state.indexes;
      v.erase(std::remove_if(v.begin(), v.end(),
                             [&](const std::unique_ptr<SecondaryIndex>& i) {
                               return i->name() == *u.delete_index_name;
                             }),
              v.end());
    } else {
      const UpdateGlobalSecondaryIndexAction& a = *u.update;
      SecondaryIndex* index = table.FindIndex(a.index_name);
      if (a.provisioned_throughput)
        index->throughput = *a.provisioned_throughput;
      if (a.on_demand_throughput) {
        MergeOnDemandThroughput(*a.on_demand_throughput, index->on_demand);
      }
      updated->push_back(index);
    }
  }
  table.RebuildIndexKeys();
  // Attribute definitions that no key uses any more are dropped.
  std::vector<AttributeDefinition> kept;
  for (const AttributeDefinition& d : state.attribute_definitions) {
    bool used = d.attribute_name == table.hash_key().name ||
                d.attribute_name == table.range_key_name();
    for (const auto& index : state.indexes) {
      for (const auto& k : index->key_schema()) {
        used = used || k.attribute_name == d.attribute_name;
      }
    }
    if (used) kept.push_back(d);
  }
  state.attribute_definitions = std::move(kept);
}

// The checks of BillingMode and ProvisionedThroughput; `mode` is the billing
// mode after the call.
Status CheckTableThroughputUpdate(const Table& table,
                                  const UpdateTableRequest& request,
                                  BillingMode mode)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu()) {
  const TableState& state = table.state();
  if (mode == BillingMode::kPayPerRequest && request.provisioned_throughput) {
    return Status::Validation(
        std::string(kInvalid) +
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
        "specified when BillingMode is PAY_PER_REQUEST");
  }
  if (mode == BillingMode::kProvisioned &&
      state.billing_mode == BillingMode::kPayPerRequest) {
    if (!request.provisioned_throughput) {
      return Status::Validation(
          std::string(kInvalid) +
          "ProvisionedThroughput must be specified when BillingMode is "
          "PROVISIONED");
    }
    // Every GSI needs throughput of its own on a provisioned table.
    std::string missing;
    for (const auto& index : state.indexes) {
      if (!index->is_global()) continue;
      bool given = false;
      for (const GlobalSecondaryIndexUpdate& u :
           request.global_secondary_index_updates) {
        given = given || (u.update && u.update->provisioned_throughput &&
                          u.update->index_name == index->name());
      }
      if (given) continue;
      if (!missing.empty()) missing += ",";
      missing += index->name();
    }
    if (!missing.empty()) {
      return Status::Validation(std::string(kInvalid) +
                                "ProvisionedThroughput must be specified for "
                                "index: " +
                                missing);
    }
  }
  if (mode == BillingMode::kProvisioned &&
      state.billing_mode == BillingMode::kProvisioned &&
      request.provisioned_throughput &&
      request.global_secondary_index_updates.empty() &&
      request.provisioned_throughput->read_capacity_units ==
          state.throughput.read_capacity_units &&
      request.provisioned_throughput->write_capacity_units ==
          state.throughput.write_capacity_units) {
    const auto& t = state.throughput;
    return Status::Validation(
        "The provisioned throughput for the table will not change. The "
        "requested value equals the current value. Current ReadCapacityUnits "
        "provisioned for the table: " +
        std::to_string(t.read_capacity_units) +
        ". Requested ReadCapacityUnits: " +
        std::to_string(t.read_capacity_units) +
        ". Current WriteCapacityUnits provisioned for the table: " +
        std::to_string(t.write_capacity_units) +
        ". Requested WriteCapacityUnits: " +
        std::to_string(t.write_capacity_units) +
        ". Refer to the Amazon DynamoDB Developer Guide for current limits and "
        "how to request higher limits.");
  }
  return Status::OK();
}

// REQUIRES: CheckTableThroughputUpdate passed. Sets `increase`/`decrease`
// when the table's provisioned throughput goes up/down.
void ApplyTableThroughputUpdate(Table& table, const UpdateTableRequest& request,
                                BillingMode mode, int64_t now_micros,
                                bool* increase, bool* decrease)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(table.mu()) {
  TableState& state = table.mutable_state();
  const double now = static_cast<double>(now_micros) / 1e6;
  if (mode == BillingMode::kPayPerRequest) {
    if (state.billing_mode != BillingMode::kPayPerRequest)
      state.last_update_to_pay_per_request = now;
    state.billing_mode = BillingMode::kPayPerRequest;
    for (auto& index : state.indexes) {
      if (!index->is_global()) continue;
      index->throughput = ProvisionedThroughput{};
    }
    return;
  }
  const ProvisionedThroughput next =
      request.provisioned_throughput.value_or(state.throughput);
  if (state.billing_mode == BillingMode::kProvisioned) {
    if (next.read_capacity_units > state.throughput.read_capacity_units ||
        next.write_capacity_units > state.throughput.write_capacity_units) {
      state.last_increase = now;
      *increase = true;
    }
    if (next.read_capacity_units < state.throughput.read_capacity_units ||
        next.write_capacity_units < state.throughput.write_capacity_units) {
      state.last_decrease = now;
      *decrease = true;
    }
  }
  // Maximum throughput is an on-demand setting: a provisioned table has none.
  // [I] DynamoDB refuses it on provisioned tables and no longer describes
  // it; that it is forgotten (not restored by a later switch back) is our
  // modelling choice.
  state.on_demand = OnDemandThroughput{};
  for (auto& index : state.indexes) index->on_demand = OnDemandThroughput{};
  state.billing_mode = BillingMode::kProvisioned;
  state.throughput = next;
}

}  // namespace

StatusOr<UpdateTableResponse> UpdateTable(Context& ctx,
                                          const UpdateTableRequest& request) {
  ValidationErrors errors;
  // A table ARN is accepted too (DescribeTable's rule).
  if (request.table_name.starts_with("arn:")) {
    errors.CheckDataTableName(request.table_name);
  } else {
    errors.CheckTableName(request.table_name);
  }
  CheckThroughputValues(request.provisioned_throughput, errors);
  CheckStreamSpecificationModel(request.stream_specification, errors);
  CheckDefinitionNameLengths(request.attribute_definitions, errors);
  for (size_t i = 0; i < request.global_secondary_index_updates.size(); ++i) {
    const auto& create = request.global_secondary_index_updates[i].create;
    if (!create) continue;
    const std::string path = "globalSecondaryIndexUpdates." +
                             std::to_string(i + 1) + ".member.create";
    CheckKeySchemaNameLengths(create->key_schema, path + ".keySchema", errors);
    CheckProjectionNameLengths(create->projection, path, errors);
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  // An update of nothing is refused before the table is looked up (a
  // request-only check; DynamoDB's 2026 text, us-east-1 and us-west-2).
  const bool table_part =
      request.billing_mode.has_value() || request.provisioned_throughput;
  // An OnDemandThroughput without members changes nothing.
  const bool limits_part = request.on_demand_throughput.has_value() &&
                           !request.on_demand_throughput->empty();
  const bool index_part = !request.global_secondary_index_updates.empty();
  const bool stream_part = request.stream_specification.has_value();
  if (!table_part && !limits_part && !index_part && !stream_part) {
    if (request.on_demand_throughput) {
      // DynamoDB answers an empty OnDemandThroughput alone with HTTP 500
      // InternalFailure (observed); eddy refuses it with a message of its
      // own instead, which SDKs do not retry.
      return Status::Validation(
          std::string(kInvalid) +
          "OnDemandThroughput must have at least one of MaxReadRequestUnits "
          "or MaxWriteRequestUnits specified");
    }
    return Status::Validation(
        "At least one of ProvisionedThroughput, BillingMode, "
        "UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, "
        "ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
        "MultiRegionConsistency, DeletionProtectionEnabled, "
        "OnDemandThroughput, WarmThroughput or TableClass is required");
  }
  EDDY_ASSIGN_OR_RETURN(std::string name,
                        ResolveTableName(ctx, request.table_name));
  std::shared_ptr<Table> table = ctx.catalog->Find(name);
  if (table == nullptr) {
    if (ctx.catalog->deleting().Find(name, ctx.options->clock->NowMicros())) {
      return TableBeingDeleted(name);
    }
    return TableNotFound(name, /*describe_form=*/true);
  }

  // A capacity change whose window has passed is finished first, so that
  // this change starts from the settings in force.
  CatchUp(*table, *ctx.options->clock);
  const int64_t now_micros = ctx.options->clock->NowMicros();
  // CREATING or UPDATING: ResourceInUseException (table/lifecycle.h); then
  // the quota, which takes the catalog's lock (never under a table's).
  EDDY_RETURN_IF_ERROR(CheckChangeable(*table, now_micros));
  EDDY_RETURN_IF_ERROR(CheckTableOperationQuota(ctx, now_micros));
  MutexLock lock(&table->mu());
  EDDY_RETURN_IF_ERROR(CheckChangeable(*table, now_micros));
  const BillingMode mode =
      request.billing_mode.value_or(table->state().billing_mode);
  if (stream_part) {
    EDDY_RETURN_IF_ERROR(CheckUpdateTableStream(*table, request));
  }
  if (table_part) {
    for (const GlobalSecondaryIndexUpdate& u :
         request.global_secondary_index_updates) {
      if (u.create || u.delete_index_name) {
        return Status::Validation(
            std::string(kInvalid) +
            "You cannot create or delete index while updating table IOPS");
      }
    }
    EDDY_RETURN_IF_ERROR(CheckTableThroughputUpdate(*table, request, mode));
  }
  if (limits_part) {
    EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(
        *request.on_demand_throughput,
        {.table_provisioned = mode == BillingMode::kProvisioned,
         .operation = OnDemandOperation::kUpdate}));
  }
  std::vector<AttributeDefinition> definitions;
  if (index_part) {
    EDDY_RETURN_IF_ERROR(
        CheckIndexUpdates(*table, request, mode, now_micros, &definitions));
  }
  // A capacity change (billing mode, the table's or a GSI's throughput)
  // takes effect when the UPDATING window ends (table/lifecycle.h): the
  // settings in force until then.
  std::vector<std::string> throughput_updates;
  for (const GlobalSecondaryIndexUpdate& u :
       request.global_secondary_index_updates) {
    if (u.update && u.update->provisioned_throughput) {
      throughput_updates.push_back(u.update->index_name);
    }
  }
  const bool capacity_part = table_part || !throughput_updates.empty();
  std::optional<TableState::CapacityInForce> before;
  if (capacity_part) before = CaptureCapacity(*table, throughput_updates);
  bool increase = false;
  bool decrease = false;
  if (table_part) {
    ApplyTableThroughputUpdate(*table, request, mode, now_micros, &increase,
                               &decrease);
  }
  if (limits_part) {
    MergeOnDemandThroughput(*request.on_demand_throughput,
                            table->mutable_state().on_demand);
  }
  std::vector<const SecondaryIndex*> updated;
  if (index_part) {
    ApplyIndexUpdates(*table, request, std::move(definitions), now_micros,
                      &updated);
  }
  if (stream_part) {
    if (*request.stream_specification->stream_enabled) {
      EnableTableStream(ctx, *table,
                        *request.stream_specification->stream_view_type,
                        now_micros);
    } else {
      DisableTableStream(ctx, *table, now_micros);
    }
  }
  LogSettingsChange(*table);
  // Throughput, billing and index changes leave the table UPDATING for the
  // update window (table/lifecycle.h).
  if (table_part || index_part) StartUpdating(*table, now_micros);
  // The simulator follows, at once or (a capacity change with a window)
  // when the window ends: provisioned -> on-demand sets the previous peak,
  // raised throughput doubles partitions, the maximum throughput applies;
  // partitions never merge.
  const bool waits =
      capacity_part && StartCapacityChange(*table, std::move(*before), increase,
                                           decrease, now_micros);
  if (!waits) {
    EDDY_RETURN_IF_ERROR(
        UpdateResources(*table, table_part || limits_part, updated));
  }
  TableDescription description = table->Describe(now_micros);
  if (limits_part) {
    // DynamoDB's UpdateTable response echoes the -1 of a limit it removed
    // (DescribeTable then leaves the member out).
    const OnDemandThroughput& r = *request.on_demand_throughput;
    auto echo = [&](std::optional<int64_t> OnDemandThroughput::*member) {
      if (r.*member != -1) return;
      if (!description.on_demand_throughput) {
        description.on_demand_throughput.emplace();
      }
      (*description.on_demand_throughput).*member = -1;
    };
    echo(&OnDemandThroughput::max_read_request_units);
    echo(&OnDemandThroughput::max_write_request_units);
  }
  return UpdateTableResponse{std::move(description)};
}

}  // namespace eddy::engine
