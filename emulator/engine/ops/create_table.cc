// Copyright 2026 The eddy Authors.
//
// CreateTable: validates the key schema, attribute definitions, secondary
// indexes and billing settings with DynamoDB's messages, then registers an
// ACTIVE table with ACTIVE indexes (eddy tables are usable at once;
// DynamoDB's CREATING phase takes no time here).

#include <xxhash.h>

#include <cstdio>
#include <set>

#include "emulator/engine/ops/index_definitions.h"
#include "emulator/engine/ops/on_demand_throughput.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/ops/stream_ops.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/lifecycle.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

Status ValidateThroughput(
    const std::optional<BillingMode>& billing,
    const std::optional<ProvisionedThroughput>& throughput) {
  if (billing == BillingMode::kPayPerRequest) {
    if (throughput) {
      return Status::Validation(
          std::string(kInvalid) +
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be "
          "specified when BillingMode is PAY_PER_REQUEST");
    }
    return Status::OK();
  }
  if (!throughput) {
    return Status::Validation(
        std::string(kInvalid) +
        "ReadCapacityUnits and WriteCapacityUnits must both be "
        "specified when BillingMode is PROVISIONED");
  }
  if (throughput->read_capacity_units > 1'000'000'000'000LL) {
    return Status::Validation("Given value " +
                              std::to_string(throughput->read_capacity_units) +
                              " for ReadCapacityUnits is out of bounds");
  }
  if (throughput->write_capacity_units > 1'000'000'000'000LL) {
    return Status::Validation("Given value " +
                              std::to_string(throughput->write_capacity_units) +
                              " for WriteCapacityUnits is out of bounds");
  }
  return Status::OK();
}

}  // namespace

std::string MakeTableId(const std::string& name, int64_t micros) {
  const std::string seed = name + "@" + std::to_string(micros);
  const uint64_t a = XXH3_64bits_withSeed(seed.data(), seed.size(), 1);
  const uint64_t b = XXH3_64bits_withSeed(seed.data(), seed.size(), 2);
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%08x-%04x-%04x-%04x-%012llx",
                static_cast<unsigned>(a >> 32),
                static_cast<unsigned>((a >> 16) & 0xffff),
                static_cast<unsigned>(0x4000 | (a & 0x0fff)),
                static_cast<unsigned>(0x8000 | ((b >> 48) & 0x3fff)),
                static_cast<unsigned long long>(b & 0xffffffffffffULL));
  return buf;
}

// Shared with UpdateTable: the generic checks on throughput values.
void CheckThroughputValues(
    const std::optional<ProvisionedThroughput>& throughput,
    ValidationErrors& errors) {
  if (!throughput) return;
  if (throughput->write_capacity_units < 1) {
    errors.Add("'" + std::to_string(throughput->write_capacity_units) + "'",
               "provisionedThroughput.writeCapacityUnits",
               "Member must have value greater than or equal to 1");
  }
  if (throughput->read_capacity_units < 1) {
    errors.Add("'" + std::to_string(throughput->read_capacity_units) + "'",
               "provisionedThroughput.readCapacityUnits",
               "Member must have value greater than or equal to 1");
  }
}

StatusOr<CreateTableResponse> CreateTable(Context& ctx,
                                          const CreateTableRequest& request) {
  // 1. Request-model constraints.
  ValidationErrors errors;
  errors.CheckTableName(request.table_name);
  if (request.key_schema.empty()) {
    errors.Add("'[]'", "keySchema",
               "Member must have length greater than or equal to 1");
  } else if (request.key_schema.size() > 2) {
    errors.Add("'" + KeySchemaEcho(request.key_schema) + "'", "keySchema",
               "Member must have length less than or equal to 2");
  }
  CheckThroughputValues(request.provisioned_throughput, errors);
  CheckIndexRequestModel(request, errors);
  CheckStreamSpecificationModel(request.stream_specification, errors);
  EDDY_RETURN_IF_ERROR(errors.ToStatus());

  // 2. Semantic checks, in DynamoDB's order.
  EDDY_RETURN_IF_ERROR(
      ValidateThroughput(request.billing_mode, request.provisioned_throughput));
  if (request.on_demand_throughput) {
    EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(
        *request.on_demand_throughput,
        {.table_provisioned =
             request.billing_mode != BillingMode::kPayPerRequest,
         .operation = OnDemandOperation::kCreateTable}));
  }
  std::vector<std::string> defined, keys;
  for (const auto& d : request.attribute_definitions)
    defined.push_back(d.attribute_name);
  for (const auto& k : request.key_schema) keys.push_back(k.attribute_name);
  if (keys.size() > defined.size()) {
    return Status::Validation(
        "Invalid KeySchema: Some index key attribute have no definition");
  }
  EDDY_RETURN_IF_ERROR(CheckKeySchema(request.key_schema, defined));
  const bool has_indexes = !request.global_secondary_indexes.empty() ||
                           !request.local_secondary_indexes.empty();
  if (has_indexes) {
    EDDY_RETURN_IF_ERROR(ValidateCreateTableIndexes(request));
  } else if (keys.size() != defined.size()) {
    return Status::Validation(
        std::string(kInvalid) +
        "Number of attributes in KeySchema does not exactly match number "
        "of attributes defined in AttributeDefinitions");
  }
  if (request.stream_specification) {
    EDDY_RETURN_IF_ERROR(CheckCreateTableStream(*request.stream_specification));
  }

  // 3. Build the table: its definition, then (locked, though nobody else
  // can see it yet) its state.
  const int64_t now = ctx.options->clock->NowMicros();
  // A table still DELETING keeps its name (table/lifecycle.h).
  if (ctx.catalog->deleting().Find(request.table_name, now)) {
    return Status::ResourceInUse("Table already exists: " + request.table_name);
  }
  const bool indexed = !request.global_secondary_indexes.empty() ||
                       !request.local_secondary_indexes.empty();
  EDDY_RETURN_IF_ERROR(CheckTableOperationQuota(ctx, now, indexed));
  auto type_of = [&](const std::string& name) {
    for (const auto& d : request.attribute_definitions) {
      if (d.attribute_name == name) return FromScalarType(d.attribute_type);
    }
    return AttributeType::kS;
  };
  TableDefinition def;
  def.name = request.table_name;
  def.arn = "arn:aws:dynamodb:" + ctx.options->region + ":" +
            ctx.options->account_id + ":table/" + request.table_name;
  def.id = MakeTableId(request.table_name, now);
  def.creation_date_time = static_cast<double>(now) / 1e6;
  def.key_schema = request.key_schema;
  def.hash_key = KeyAttribute{keys[0], type_of(keys[0])};
  if (keys.size() == 2) def.range_key = KeyAttribute{keys[1], type_of(keys[1])};
  def.has_local_indexes = !request.local_secondary_indexes.empty();
  SetDatabaseParts(ctx, def);
  if (ctx.journal != nullptr)
    def.journal_number = ctx.journal->NewTableNumber();
  auto table = std::make_shared<Table>(std::move(def));
  table->set_created_with_indexes(indexed);
  StartCreating(*table, now);

  TableDescription description;
  std::string encoded;  // the table as the journal logs it
  {
    MutexLock lock(&table->mu());
    TableState& state = table->mutable_state();
    state.attribute_definitions = request.attribute_definitions;
    EDDY_RETURN_IF_ERROR(ApplyCreateTableTags(request.tags, *table));
    state.lag_rng.seed(
        ctx.options->gsi_lag.seed ^
        XXH3_64bits(request.table_name.data(), request.table_name.size()));
    for (const LocalSecondaryIndex& l : request.local_secondary_indexes) {
      state.indexes.push_back(MakeIndex(
          SecondaryIndex::Kind::kLocal, table->arn(), l.index_name,
          l.key_schema, l.projection, request.attribute_definitions, *table));
    }
    for (const GlobalSecondaryIndex& g : request.global_secondary_indexes) {
      auto index = MakeIndex(SecondaryIndex::Kind::kGlobal, table->arn(),
                             g.index_name, g.key_schema, g.projection,
                             request.attribute_definitions, *table);
      if (g.provisioned_throughput) {
        index->throughput = *g.provisioned_throughput;
      }
      if (g.on_demand_throughput) {
        MergeOnDemandThroughput(*g.on_demand_throughput, index->on_demand);
      }
      state.indexes.push_back(std::move(index));
    }
    state.billing_mode =
        request.billing_mode.value_or(BillingMode::kProvisioned);
    if (state.billing_mode == BillingMode::kProvisioned) {
      state.throughput = *request.provisioned_throughput;
    } else {
      state.last_update_to_pay_per_request =
          table->definition().creation_date_time;
      if (request.on_demand_throughput) {
        MergeOnDemandThroughput(*request.on_demand_throughput, state.on_demand);
      }
    }
    table->RebuildIndexKeys();
    EDDY_RETURN_IF_ERROR(RegisterResources(*table));
    // The stream exists before anyone can write (the table is not
    // published yet); {StreamEnabled: false} means none.
    if (request.stream_specification &&
        *request.stream_specification->stream_enabled) {
      EnableTableStream(ctx, *table,
                        *request.stream_specification->stream_view_type, now);
    }
    description = table->Describe(now);
    if (ctx.journal != nullptr) encoded = ctx.journal->EncodeTable(*table);
  }
  // The table is logged as it is published, before anyone can write to it.
  auto log = [&] {
    ctx.journal->AppendTable(table->definition().journal_number,
                             std::move(encoded));
  };
  if (Status s = ctx.catalog->Add(
          table, ctx.options->max_tables,
          ctx.journal != nullptr ? std::function<void()>(log) : nullptr);
      !s.ok()) {
    MutexLock lock(&table->mu());
    RemoveResources(*table);
    if (!table->state().latest_stream_arn.empty()) {
      ctx.streams->Discard(table->state().latest_stream_arn);
    }
    return s;
  }
  return CreateTableResponse{std::move(description)};
}

}  // namespace eddy::engine
