// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/read_target.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "emulator/capacity/units.h"
#include "emulator/engine/ops/operations.h"
#include "emulator/engine/table/keys.h"

namespace eddy::engine {

StatusOr<ReadTarget> ResolveReadTarget(
    const Table& table, const std::optional<std::string>& index_name,
    bool consistent_read, std::optional<Select> select, bool has_projection,
    int64_t now_micros, ReadKind kind) {
  ReadTarget target;
  if (!index_name) {
    if (select == Select::kAllProjectedAttributes) {
      return Status::Validation(
          std::string(kind == ReadKind::kQuery
                          ? "One or more parameter values were invalid: "
                          : "") +
          "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an "
          "IndexName");
    }
    target.store = &table.state().store;
    target.hash_key = &table.hash_key();
    target.range_key = table.range_key() ? &*table.range_key() : nullptr;
    target.key_names = table.key_names();
    target.select = select.value_or(has_projection ? Select::kSpecificAttributes
                                                   : Select::kAllAttributes);
    return target;
  }
  const SecondaryIndex* index = table.FindIndex(*index_name);
  if (index == nullptr) {
    return Status::Validation("The table does not have the specified index: " +
                              *index_name);
  }
  if (index->is_global()) {
    if (consistent_read) {
      return Status::Validation(
          "Consistent reads are not supported on global secondary indexes");
    }
    if (select == Select::kAllAttributes && !index->projects_all()) {
      return Status::Validation(
          "One or more parameter values were invalid: Select type "
          "ALL_ATTRIBUTES is not supported for global secondary index " +
          index->name() + " because its projection type is not ALL");
    }
    if (!index->IsActive(now_micros)) {
      return Status::Validation(
          "Cannot read from backfilling global secondary index: " +
          index->name());
    }
  }
  target.index = index;
  target.store = &index->store;
  target.hash_key = &index->hash_keys()[0];
  target.range_key =
      index->range_keys().empty() ? nullptr : &index->range_keys()[0];
  target.key_names = index->read_key_names();
  target.select =
      select.value_or(has_projection ? Select::kSpecificAttributes
                                     : Select::kAllProjectedAttributes);
  return target;
}

bool ReadTarget::IsKeyAttribute(std::string_view name) const {
  if (index != nullptr) return index->IsKeyAttribute(name);
  return name == hash_key->name || (range_key && name == range_key->name);
}

Status CheckGlobalIndexProjection(const ReadTarget& target,
                                  const expr::ResolvedProjection* projection) {
  const SecondaryIndex* index = target.index;
  if (index == nullptr || !index->is_global() || index->projects_all() ||
      projection == nullptr) {
    return Status::OK();
  }
  std::vector<std::string_view> missing;
  for (const expr::DocumentPath& p : projection->paths) {
    const std::string& name = p.elements[0].name;
    if (index->Projects(name) ||
        std::find(missing.begin(), missing.end(), name) != missing.end()) {
      continue;
    }
    missing.push_back(name);
  }
  if (missing.empty()) return Status::OK();
  std::string message =
      "One or more parameter values were invalid: Global secondary index " +
      index->name() + " does not project [";
  for (size_t i = 0; i < missing.size(); ++i) {
    if (i > 0) message += ", ";
    message += missing[i];
  }
  message += "]";
  return Status::Validation(std::move(message));
}

Status CheckSelectAndProjection(std::optional<Select> select,
                                bool has_projection_expression,
                                bool has_attributes_to_get,
                                std::string_view prefix) {
  if (!select) return Status::OK();
  const bool projects = has_projection_expression || has_attributes_to_get;
  if (*select == Select::kSpecificAttributes) {
    if (projects) return Status::OK();
    return Status::Validation(std::string(prefix) +
                              "Must specify the AttributesToGet or "
                              "ProjectionExpression when choosing to get "
                              "SPECIFIC_ATTRIBUTES");
  }
  if (!projects) return Status::OK();
  const char* parameter =
      has_projection_expression ? "ProjectionExpression" : "AttributesToGet";
  const char* what = *select == Select::kCount ? "only the Count"
                     : *select == Select::kAllAttributes
                         ? "ALL_ATTRIBUTES"
                         : "ALL_PROJECTED_ATTRIBUTES";
  return Status::Validation(std::string(prefix) + "Cannot specify the " +
                            parameter + " when choosing to get " + what);
}

bool NeedsTableFetch(const ReadTarget& target,
                     const expr::ResolvedProjection* projection,
                     const expr::ResolvedCondition* filter) {
  const SecondaryIndex* index = target.index;
  if (index == nullptr || index->is_global() || index->projects_all()) {
    return false;
  }
  if (target.select == Select::kAllAttributes) return true;
  if (projection != nullptr) {
    for (const expr::DocumentPath& p : projection->paths) {
      if (!index->Projects(p.elements[0].name)) return true;
    }
  }
  if (filter != nullptr) {
    for (const std::string& name : filter->TopLevelAttributeNames()) {
      if (!index->Projects(name)) return true;
    }
  }
  return false;
}

StatusOr<StartKey> ReadStartKey(const Table& table, const ReadTarget& target,
                                const Item& key, ReadKind kind) {
  // The table's own key, its values checked as a Key parameter's.
  auto table_part = [&]() -> StatusOr<StorageKey> {
    Item table_key;
    if (const AttributeValue* v = key.Find(table.hash_key().name)) {
      table_key.Set(table.hash_key().name, *v);
    }
    if (table.range_key()) {
      if (const AttributeValue* v = key.Find(table.range_key()->name)) {
        table_key.Set(table.range_key()->name, *v);
      }
    }
    StatusOr<StorageKey> k = KeyFromKeyParameter(table, table_key);
    if (!k.ok()) {
      return Status::Validation("The provided starting key is invalid: " +
                                std::string(k.status().message()));
    }
    return k;
  };
  if (target.index == nullptr && kind == ReadKind::kScan) {
    if (key.size() != (table.range_key() ? 2u : 1u)) {
      return Status::Validation(
          "The provided starting key is invalid: The provided key element "
          "does not match the schema");
    }
    EDDY_ASSIGN_OR_RETURN(StorageKey k, table_part());
    return StartKey{k.hash, std::move(k.pk), std::move(k.sk), {}, {}};
  }
  // The read schema's keys (index keys, or the table's), then the table's
  // keys an index does not share: exactly these, and nothing else.
  const Status invalid =
      Status::Validation("The provided starting key is invalid");
  std::vector<const KeyAttribute*> schema;
  if (target.index != nullptr) {
    for (const KeyAttribute& k : target.index->hash_keys()) {
      schema.push_back(&k);
    }
    for (const KeyAttribute& k : target.index->range_keys()) {
      schema.push_back(&k);
    }
  } else {
    schema.push_back(&table.hash_key());
    if (table.range_key()) schema.push_back(&*table.range_key());
  }
  size_t expected = schema.size();
  for (const KeyAttribute* t :
       {&table.hash_key(), table.range_key() ? &*table.range_key() : nullptr}) {
    if (t == nullptr) continue;
    bool shared = false;
    for (const KeyAttribute* k : schema) shared = shared || k->name == t->name;
    if (!shared) ++expected;
  }
  if (key.size() != expected) return invalid;
  for (const KeyAttribute* k : schema) {
    const AttributeValue* v = key.Find(k->name);
    if (v == nullptr) return invalid;
    if (v->type() != k->type) {
      return Status::Validation(
          "The provided key element does not match the schema");
    }
  }
  EDDY_ASSIGN_OR_RETURN(StorageKey base, table_part());
  if (target.index == nullptr) {
    return StartKey{base.hash, std::move(base.pk), std::move(base.sk), {}, {}};
  }
  const SecondaryIndex& index = *target.index;
  StartKey start;
  start.pk = index.PartitionKeyBytes(key);
  start.hash = storage::HashPartitionKey(start.pk);
  start.sk = index.SortKeyBytes(key);
  start.base_pk = std::move(base.pk);
  start.base_sk = std::move(base.sk);
  return start;
}

PageCollector::Options PageOptions(const Table& table, const ReadTarget& target,
                                   std::optional<int> limit,
                                   bool consistent_read,
                                   const expr::ResolvedCondition* f,
                                   const expr::ResolvedProjection* p) {
  return PageCollector::Options{.key_names = target.key_names,
                                .limit = limit,
                                .count_only = target.select == Select::kCount,
                                .filter = f,
                                .projection = p,
                                .fetch_from = NeedsTableFetch(target, p, f)
                                                  ? &table.state().store
                                                  : nullptr,
                                .consistent_fetch = consistent_read};
}

StatusOr<QueryResponse> FinishRead(const Table& table, const ReadTarget& target,
                                   bool consistent_read,
                                   ReturnConsumedCapacity return_capacity,
                                   PageCollector& page, ReadCharge& charge) {
  const bool strongly_consistent =
      consistent_read &&
      (target.index == nullptr || !target.index->is_global());
  const int64_t read =
      capacity::ReadHalfUnits(page.read_bytes(), strongly_consistent);
  EDDY_RETURN_IF_ERROR(
      charge.Admit(read, !strongly_consistent, page.fetch_half_units()));
  QueryResponse response = std::move(page.response());
  if (target.index == nullptr) {
    response.consumed_capacity =
        MakeConsumedCapacity(return_capacity, table.name(), read, 0);
  } else {
    const IndexUnits index_units{target.index, read};
    response.consumed_capacity =
        MakeConsumedCapacity(return_capacity, table.name(),
                             page.fetch_half_units(), {&index_units, 1});
  }
  return response;
}

}  // namespace eddy::engine
