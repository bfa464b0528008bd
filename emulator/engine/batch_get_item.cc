// Copyright 2026 The eddy Authors.
//
// BatchGetItem: up to 100 keys over any number of tables. Each item is charged
// on its own (rounded up to 4 KB); what would push the response past 16 MB,
// and the keys an injected fault marks, are returned in UnprocessedKeys.

#include <mutex>
#include <set>

#include "emulator/capacity/units.h"
#include "emulator/engine/expressions.h"
#include "emulator/engine/keys.h"
#include "emulator/engine/operations.h"
#include "emulator/engine/request_validation.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

StatusOr<BatchGetItemResponse> BatchGetItem(Context& ctx,
                                            const BatchGetItemRequest& request,
                                            const PartMask* unprocessed) {
  ValidationErrors errors;
  if (request.request_items.empty()) {
    errors.Add("'{}'", "requestItems",
               "Member must have length greater than or equal to 1");
  }
  for (const auto& [name, keys] : request.request_items) {
    errors.CheckTableName(name, "requestItems." + name + ".member.tableName");
    if (keys.keys.empty()) {
      errors.Add("'[]'", "requestItems." + name + ".member.keys",
                 "Member must have length greater than or equal to 1");
    }
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  size_t total = 0;
  for (const auto& [name, keys] : request.request_items)
    total += keys.keys.size();
  if (total > static_cast<size_t>(limits::kMaxBatchGetKeys)) {
    return Status::Validation(
        "Too many items requested for the BatchGetItem call");
  }

  // Validate every table and key before reading anything.
  struct Work {
    std::shared_ptr<Table> table;
    std::vector<StorageKey> keys;
    std::optional<expr::ResolvedProjection> projection;
  };
  std::vector<Work> work;
  for (const auto& [name, keys] : request.request_items) {
    EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table, FindTable(ctx, name));
    Work w{table, {}, std::nullopt};
    if (keys.expression_attribute_names && !keys.projection_expression) {
      return Status::Validation(
          "ExpressionAttributeNames can only be specified when using "
          "expressions");
    }
    static const std::optional<ExpressionAttributeValues> kNoValues;
    Placeholders placeholders(keys.expression_attribute_names, kNoValues);
    EDDY_ASSIGN_OR_RETURN(
        w.projection, CompileProjection(keys.projection_expression,
                                        keys.attributes_to_get, placeholders));
    EDDY_RETURN_IF_ERROR(placeholders.CheckAllUsed());
    std::set<std::pair<std::string, std::string>> seen;
    for (const Item& key : keys.keys) {
      EDDY_ASSIGN_OR_RETURN(StorageKey k, KeyFromKeyParameter(*table, key));
      if (!seen.emplace(k.pk, k.sk).second) {
        return Status::Validation(
            "Provided list of item keys contains duplicates");
      }
      w.keys.push_back(std::move(k));
    }
    work.push_back(std::move(w));
  }

  BatchGetItemResponse response;
  int64_t response_bytes = 0;
  for (size_t t = 0; t < work.size(); ++t) {
    const Table& table = *work[t].table;
    const KeysAndAttributes& asked = request.request_items.at(table.name);
    int64_t half_units = 0;
    std::vector<Item>& items = response.responses[table.name];
    CatchUp(*work[t].table, *ctx.options->clock);
    std::shared_lock lock(table.mu);
    const std::vector<bool>* mask = nullptr;
    if (unprocessed != nullptr) {
      auto it = unprocessed->find(table.name);
      if (it != unprocessed->end()) mask = &it->second;
    }
    for (size_t i = 0; i < work[t].keys.size(); ++i) {
      if (response_bytes >= limits::kMaxBatchGetResponseBytes ||
          (mask != nullptr && (*mask)[i])) {
        KeysAndAttributes& rest = response.unprocessed_keys[table.name];
        if (rest.keys.empty()) {  // everything the request asked, but keys
          rest = asked;
          rest.keys.clear();
        }
        rest.keys.push_back(asked.keys[i]);
        continue;
      }
      const storage::Record* r = table.store.Find(work[t].keys[i].ref());
      const int64_t size = r ? r->item_size() : 0;
      half_units += capacity::ReadHalfUnits(size, asked.consistent_read);
      if (r) {
        items.push_back(work[t].projection
                            ? expr::Project(*work[t].projection, r->Decode())
                            : r->Decode());
        response_bytes += size;
      }
    }
    if (auto c = MakeConsumedCapacity(request.return_consumed_capacity,
                                      table.name, half_units, 0)) {
      response.consumed_capacity.push_back(*std::move(c));
    }
  }
  return response;
}

}  // namespace eddy::engine
