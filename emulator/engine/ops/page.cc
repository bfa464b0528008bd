// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/page.h"

#include "emulator/capacity/units.h"
#include "emulator/expr/evaluate.h"
#include "emulator/types/limits.h"

namespace eddy::engine {

PageCollector::PageCollector(Options options)
    : options_(std::move(options)),
      limit_(options_.limit ? static_cast<size_t>(*options_.limit) : SIZE_MAX) {
}

namespace {

Item KeyOf(const std::vector<std::string>& names, const Item& item) {
  Item key;
  for (const std::string& name : names) {
    if (const AttributeValue* v = item.Find(name)) key.Set(name, *v);
  }
  return key;
}

}  // namespace

bool PageCollector::Fits(const storage::Record& record) {
  if (last_ == nullptr ||
      read_bytes_ + record.item_size() <= options_.max_bytes) {
    return true;
  }
  response_.last_evaluated_key = KeyOf(options_.key_names, last_->Decode());
  return false;
}

bool PageCollector::Add(const storage::Record& record) {
  ++response_.scanned_count;
  read_bytes_ += record.item_size();
  last_ = &record;
  Item item = record.Decode();
  const bool full = static_cast<size_t>(response_.scanned_count) >= limit_ ||
                    read_bytes_ >= options_.max_bytes;
  if (full) response_.last_evaluated_key = KeyOf(options_.key_names, item);
  if (options_.fetch_from != nullptr) {
    const std::string_view pk = record.base_partition_key();
    const storage::Record* base = options_.fetch_from->Find(storage::KeyRef{
        storage::HashPartitionKey(pk), pk, record.base_sort_key()});
    // An LSI entry always has its table item (both change under one lock).
    if (base != nullptr) {
      fetch_half_units_ +=
          capacity::ReadHalfUnits(base->item_size(), options_.consistent_fetch);
      item = base->Decode();
    }
  }
  if (options_.filter == nullptr || expr::Evaluate(*options_.filter, item)) {
    ++response_.count;
    if (!options_.count_only) {
      response_.items.push_back(options_.projection
                                    ? expr::Project(*options_.projection, item)
                                    : std::move(item));
    }
  }
  return !full;
}

}  // namespace eddy::engine
