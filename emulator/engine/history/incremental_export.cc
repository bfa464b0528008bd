// Copyright 2026 The eddy Authors.

#include "emulator/engine/history/incremental_export.h"

#include <map>
#include <string>
#include <utility>

#include "emulator/engine/history/memory_history.h"
#include "emulator/engine/persist/loader.h"
#include "emulator/engine/persist/table_image.h"
#include "emulator/storage/record.h"

namespace eddy::engine::internal {
namespace {

// Table `number` rebuilt aside as it was at `until_micros`, from the newest
// snapshot cut at or before `start_micros`, by a loader the caller keeps.
Status RebuildAside(const Context& ctx, uint64_t number, int64_t start_micros,
                    int64_t until_micros, const char* suffix,
                    persist::Loader& loader) {
  loader.set_table_transform([suffix](persist::TableImage& image) {
    image.name += suffix;
    image.stream_view_type.reset();
    return Status::OK();
  });
  return ReplayHistory(ctx, number, until_micros, loader, start_micros);
}

Table* TableOf(const persist::Loader& loader, uint64_t number) {
  auto it = loader.tables().find(number);
  return it == loader.tables().end() ? nullptr : it->second.get();
}

}  // namespace

StatusOr<std::vector<transfer::ItemChange>> IncrementalChanges(
    Context& ctx, uint64_t number, int64_t from_micros, int64_t to_micros) {
  const int64_t before_from = from_micros - 1;
  // The log's clock records are milliseconds: a change in the millisecond
  // of before_from or earlier is in the first rebuild, not in the period.
  const int64_t last_ms_before = before_from / 1000;
  persist::Loader before(ctx, /*renumber=*/false);
  EDDY_RETURN_IF_ERROR(RebuildAside(ctx, number, before_from, before_from,
                                    ".export-from", before));
  // Changed keys (pk, sk) -> (hash, millisecond of the last change).
  std::map<std::pair<std::string, std::string>, std::pair<uint64_t, int64_t>>
      changed;
  persist::Loader after(ctx, /*renumber=*/false);
  after.set_change_observer([&](uint64_t n, const StorageKey& key, int64_t ms) {
    if (n != number || ms <= last_ms_before) return;
    changed[{key.pk, key.sk}] = {key.hash, ms};
  });
  EDDY_RETURN_IF_ERROR(RebuildAside(ctx, number, before_from, to_micros - 1,
                                    ".export-to", after));
  Table* old_table = TableOf(before, number);
  Table* new_table = TableOf(after, number);
  Table* schema = new_table != nullptr ? new_table : old_table;
  std::vector<transfer::ItemChange> out;
  if (schema == nullptr) return out;
  for (const auto& [key, when] : changed) {
    const storage::KeyRef ref{when.first, key.first, key.second};
    transfer::ItemChange c;
    c.write_micros = when.second * 1000;
    for (Table* t : {old_table, new_table}) {
      if (t == nullptr) continue;
      ReaderMutexLock lock(&t->mu());
      if (const storage::Record* r = t->state().store.Find(ref)) {
        (t == old_table ? c.old_image : c.new_image) = r->Decode();
      }
    }
    if (!c.old_image && !c.new_image) continue;  // created and deleted
    const Item& any = c.new_image ? *c.new_image : *c.old_image;
    for (const std::string_view name :
         {std::string_view(schema->hash_key().name),
          schema->range_key_name()}) {
      if (name.empty()) continue;
      if (const AttributeValue* v = any.Find(name)) {
        c.keys.Set(std::string(name), *v);
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace eddy::engine::internal
