// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/partiql_support.h"

#include <memory>
#include <utility>

#include "emulator/base/mutex.h"
#include "emulator/engine/ops/resolved_ops.h"
#include "emulator/expr/evaluate.h"

namespace eddy::engine {
namespace {

ScalarAttributeType ScalarOf(AttributeType type) {
  switch (type) {
    case AttributeType::kN:
      return ScalarAttributeType::kN;
    case AttributeType::kB:
      return ScalarAttributeType::kB;
    default:
      return ScalarAttributeType::kS;
  }
}

partiql::KeyAttribute KeyOf(const KeyAttribute& k) {
  return partiql::KeyAttribute{k.name, ScalarOf(k.type)};
}

void AddOptional(std::optional<double>& into, const std::optional<double>& v) {
  if (v) into = into.value_or(0) + *v;
}

void AddUnits(Capacity& into, const Capacity& c) {
  into.capacity_units += c.capacity_units;
  AddOptional(into.read_capacity_units, c.read_capacity_units);
  AddOptional(into.write_capacity_units, c.write_capacity_units);
}

}  // namespace

const partiql::TableSchema* CatalogSchemas::FindTable(
    std::string_view table_name) const {
  if (auto it = tables_.find(table_name); it != tables_.end()) {
    return &it->second;
  }
  std::shared_ptr<Table> table = catalog_->Find(std::string(table_name));
  if (table == nullptr) return nullptr;
  partiql::TableSchema schema;
  schema.table_name = table->name();
  schema.key.hash = KeyOf(table->hash_key());
  if (table->range_key()) schema.key.range = KeyOf(*table->range_key());
  {
    ReaderMutexLock lock(&table->mu());
    for (const std::unique_ptr<SecondaryIndex>& index :
         table->state().indexes) {
      partiql::IndexSchema x;
      x.index_name = index->name();
      x.global = index->is_global();
      x.key.hash = KeyOf(index->hash_key());
      if (const KeyAttribute* range = index->range_key()) {
        x.key.range = KeyOf(*range);
      }
      x.projection_type =
          index->projection().projection_type.value_or(ProjectionType::kAll);
      x.non_key_attributes = index->projection().non_key_attributes;
      x.multi_attribute_key = index->multi_attribute();
      schema.indexes.push_back(std::move(x));
    }
  }
  return &tables_.emplace(std::string(table_name), std::move(schema))
              .first->second;
}

Item ShapeItem(const partiql::Plan& plan, Item item) {
  if (plan.output.empty()) return item;
  Item out;
  for (const partiql::OutputAttribute& o : plan.output) {
    if (const AttributeValue* v = expr::FindPath(item, o.path)) {
      out.Set(o.name, *v);
    }
  }
  return out;
}

const Item* PlanKey(const partiql::Plan& plan) {
  if (plan.get_item) return &plan.get_item->key;
  if (plan.put_item) return &plan.put_item->item;
  if (plan.update_item) return &plan.update_item->key;
  if (plan.delete_item) return &plan.delete_item->key;
  if (plan.condition_check) return &plan.condition_check->key;
  return nullptr;
}

StatusOr<SingleItemOutcome> RunSingleItemPlan(Context& ctx,
                                              const partiql::Plan& plan) {
  static const partiql::CompiledExpressions kNone;
  const partiql::CompiledExpressions& c =
      plan.compiled.empty() ? kNone : plan.compiled[0];
  SingleItemOutcome out;
  switch (plan.operation) {
    case partiql::PlanOperation::kGetItem: {
      EDDY_ASSIGN_OR_RETURN(GetItemResponse r, RunGetItem(ctx, *plan.get_item,
                                                          c.projection.get()));
      if (r.item) out.item = ShapeItem(plan, *std::move(r.item));
      out.consumed_capacity = std::move(r.consumed_capacity);
      return out;
    }
    case partiql::PlanOperation::kPutItem: {
      StatusOr<PutItemResponse> r =
          RunPutItem(ctx, *plan.put_item, c.condition.get());
      if (!r.ok()) {
        if (plan.insert &&
            r.status().code() == ErrorCode::kConditionalCheckFailed) {
          return Status(ErrorCode::kDuplicateItem,
                        std::string(partiql::kDuplicateItemMessage));
        }
        return r.status();
      }
      if (plan.returning) out.item = std::move(r->attributes);
      out.consumed_capacity = std::move(r->consumed_capacity);
      return out;
    }
    case partiql::PlanOperation::kUpdateItem: {
      EDDY_ASSIGN_OR_RETURN(UpdateItemResponse r,
                            RunUpdateItem(ctx, *plan.update_item,
                                          c.update.get(), c.condition.get()));
      if (plan.returning) out.item = std::move(r.attributes);
      out.consumed_capacity = std::move(r.consumed_capacity);
      return out;
    }
    case partiql::PlanOperation::kDeleteItem: {
      EDDY_ASSIGN_OR_RETURN(
          DeleteItemResponse r,
          RunDeleteItem(ctx, *plan.delete_item, c.condition.get()));
      if (plan.returning) out.item = std::move(r.attributes);
      out.consumed_capacity = std::move(r.consumed_capacity);
      return out;
    }
    default:
      break;
  }
  return Status(ErrorCode::kInternalServerError,
                "not a single-item PartiQL plan");
}

BatchStatementErrorCode BatchErrorCode(ErrorCode code) {
  switch (code) {
    case ErrorCode::kConditionalCheckFailed:
      return BatchStatementErrorCode::kConditionalCheckFailed;
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return BatchStatementErrorCode::kItemCollectionSizeLimitExceeded;
    case ErrorCode::kRequestLimitExceeded:
      return BatchStatementErrorCode::kRequestLimitExceeded;
    case ErrorCode::kProvisionedThroughputExceeded:
      return BatchStatementErrorCode::kProvisionedThroughputExceeded;
    case ErrorCode::kTransactionConflict:
      return BatchStatementErrorCode::kTransactionConflict;
    case ErrorCode::kThrottling:
      return BatchStatementErrorCode::kThrottlingError;
    case ErrorCode::kInternalServerError:
      return BatchStatementErrorCode::kInternalServerError;
    case ErrorCode::kResourceNotFound:
      return BatchStatementErrorCode::kResourceNotFound;
    case ErrorCode::kAccessDenied:
      return BatchStatementErrorCode::kAccessDenied;
    case ErrorCode::kDuplicateItem:
      return BatchStatementErrorCode::kDuplicateItem;
    default:
      return BatchStatementErrorCode::kValidationError;
  }
}

void AddCapacity(ConsumedCapacity& into, const ConsumedCapacity& c) {
  into.capacity_units += c.capacity_units;
  AddOptional(into.read_capacity_units, c.read_capacity_units);
  AddOptional(into.write_capacity_units, c.write_capacity_units);
  if (c.table) {
    if (!into.table) into.table = Capacity{};
    AddUnits(*into.table, *c.table);
  }
  for (const auto& [name, units] : c.global_secondary_indexes) {
    AddUnits(into.global_secondary_indexes[name], units);
  }
  for (const auto& [name, units] : c.local_secondary_indexes) {
    AddUnits(into.local_secondary_indexes[name], units);
  }
}

void AddTableCapacity(std::vector<ConsumedCapacity>& per_table,
                      const ConsumedCapacity& c) {
  for (ConsumedCapacity& t : per_table) {
    if (t.table_name == c.table_name) {
      AddCapacity(t, c);
      return;
    }
  }
  per_table.push_back(c);
}

void CheckStatementLengths(std::span<const std::string* const> statements,
                           std::string_view path, ValidationErrors& errors) {
  for (size_t i = 0; i < statements.size(); ++i) {
    const std::string& s = *statements[i];
    const std::string member =
        std::string(path) + "." + std::to_string(i + 1) + ".member.statement";
    if (s.empty()) {
      errors.Add("''", member,
                 "Member must have length greater than or equal to 1");
    } else if (StatementLength(s) > kMaxStatementLength) {
      errors.Add("'" + s + "'", member,
                 "Member must have length less than or equal to 8192");
    }
  }
}

size_t StatementLength(std::string_view statement) {
  size_t n = 0;
  for (unsigned char c : statement) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace eddy::engine
