// Copyright 2026 The eddy Authors.
//
// BatchWriteItem: up to 25 puts and deletes over any number of tables. The
// whole batch is validated first (a bad request changes nothing); then each
// table's writes are applied under that table's lock. Each item is charged on
// its own (rounded up to 1 KB).

#include <mutex>
#include <set>

#include "emulator/capacity/units.h"
#include "emulator/engine/keys.h"
#include "emulator/engine/operations.h"
#include "emulator/engine/request_validation.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

StatusOr<BatchWriteItemResponse> BatchWriteItem(
    Context& ctx, const BatchWriteItemRequest& request) {
  ValidationErrors errors;
  if (request.request_items.empty()) {
    errors.Add("'{}'", "requestItems",
               "Member must have length greater than or equal to 1");
  }
  for (const auto& [name, writes] : request.request_items) {
    errors.CheckTableName(name, "requestItems." + name + ".member.tableName");
  }
  EDDY_RETURN_IF_ERROR(errors.ToStatus());
  size_t total = 0;
  for (const auto& [name, writes] : request.request_items)
    total += writes.size();
  if (total > static_cast<size_t>(limits::kMaxBatchWriteRequests)) {
    return Status::Validation(
        "Too many items requested for the BatchWriteItem call");
  }

  struct Write {
    StorageKey key;
    storage::RecordPtr record;  // null for a delete
  };
  struct Work {
    std::shared_ptr<Table> table;
    std::vector<Write> writes;
  };
  std::vector<Work> work;
  for (const auto& [name, writes] : request.request_items) {
    EDDY_ASSIGN_OR_RETURN(std::shared_ptr<Table> table, FindTable(ctx, name));
    Work w{table, {}};
    std::set<std::pair<std::string, std::string>> seen;
    for (const WriteRequest& wr : writes) {
      if (wr.put_item.has_value() == wr.delete_key.has_value()) {
        return Status::Validation(
            "Supplied AttributeValue has more than one datatypes set, must "
            "contain exactly one "
            "of the supported datatypes");
      }
      Write write;
      if (wr.put_item) {
        EDDY_ASSIGN_OR_RETURN(write.key, KeyFromItem(*table, *wr.put_item));
        write.record = storage::MakeRecord(*wr.put_item, table->hash_key.name,
                                           table->range_key_name());
      } else {
        EDDY_ASSIGN_OR_RETURN(write.key,
                              KeyFromKeyParameter(*table, *wr.delete_key));
      }
      if (!seen.emplace(write.key.pk, write.key.sk).second) {
        return Status::Validation(
            "Provided list of item keys contains duplicates");
      }
      w.writes.push_back(std::move(write));
    }
    work.push_back(std::move(w));
  }

  BatchWriteItemResponse response;
  for (Work& w : work) {
    int64_t half_units = 0;
    std::vector<storage::RecordPtr> replaced;
    {
      std::unique_lock lock(w.table->mu);
      for (Write& write : w.writes) {
        if (write.record) {
          const int64_t new_size = write.record->item_size();
          storage::RecordPtr old = w.table->store.Put(std::move(write.record));
          half_units += capacity::WriteHalfUnits(
              std::max(new_size, old ? old->item_size() : 0));
          replaced.push_back(std::move(old));
        } else {
          storage::RecordPtr old = w.table->store.Erase(write.key.ref());
          half_units += capacity::WriteHalfUnits(old ? old->item_size() : 0);
          replaced.push_back(std::move(old));
        }
      }
    }
    if (auto c = MakeConsumedCapacity(request.return_consumed_capacity,
                                      w.table->name, 0, half_units)) {
      response.consumed_capacity.push_back(*std::move(c));
    }
  }
  return response;
}

}  // namespace eddy::engine
