// Copyright 2026 The eddy Authors.

#include "emulator/storage/table_store.h"

#include "absl/hash/hash.h"

namespace eddy::storage {

size_t TableStore::PointHash::operator()(const PointSlot& s) const {
  return absl::HashOf(s.record->hash(), s.record->sort_key());
}
size_t TableStore::PointHash::operator()(const KeyRef& k) const {
  return absl::HashOf(k.hash, k.sk);
}

bool TableStore::PointEq::operator()(const PointSlot& a,
                                     const PointSlot& b) const {
  return a.record->hash() == b.record->hash() &&
         a.record->partition_key() == b.record->partition_key() &&
         a.record->sort_key() == b.record->sort_key();
}
bool TableStore::PointEq::operator()(const PointSlot& a,
                                     const KeyRef& b) const {
  return a.record->hash() == b.hash && a.record->partition_key() == b.pk &&
         a.record->sort_key() == b.sk;
}

TableStore::~TableStore() {
  for (const PointSlot& s : point_) RecordFree()(s.record);
}

const Record* TableStore::Find(const KeyRef& key) const {
  auto it = point_.find(key);
  return it == point_.end() ? nullptr : it->record;
}

RecordPtr TableStore::Put(RecordPtr record) {
  const KeyRef key = KeyOf(*record);
  total_bytes_ += record->item_size();
  auto point = point_.find(key);
  if (point != point_.end()) {
    RecordPtr old(point->record);
    total_bytes_ -= old->item_size();
    auto ordered = ordered_.find(key);
    // Same key, so the ordering is unchanged: swap the pointers in place.
    ordered->record = record.get();
    point->record = record.release();
    return old;
  }
  point_.insert(PointSlot{record.get()});
  ordered_.insert(Slot{key.hash, record.get()});
  record.release();
  return nullptr;
}

RecordPtr TableStore::Erase(const KeyRef& key) {
  auto point = point_.find(key);
  if (point == point_.end()) return nullptr;
  RecordPtr old(point->record);
  point_.erase(point);
  ordered_.erase(ordered_.find(key));
  total_bytes_ -= old->item_size();
  return old;
}

}  // namespace eddy::storage
