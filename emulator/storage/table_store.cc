// Copyright 2026 The eddy Authors.

#include "emulator/storage/table_store.h"

#include <xxhash.h>

#include <string>

#include "absl/hash/hash.h"

namespace eddy::storage {

std::string_view KeyBytesMax() {
  // Longer than any stored key (2048 bytes at most) and all 0xff, so it
  // compares above every one of them.
  static const std::string* max = new std::string(2050, '\xff');
  return *max;
}

namespace {

// The point index's hash of a key: the partition key's xxh3 (already known)
// extended with the other key bytes. Table items, the usual case, have only
// a sort key to add: one seeded xxh3.
size_t PointHashOf(uint64_t hash, std::string_view sk, std::string_view base_pk,
                   std::string_view base_sk) {
  uint64_t h =
      sk.empty() ? hash : XXH3_64bits_withSeed(sk.data(), sk.size(), hash);
  if (!base_pk.empty() || !base_sk.empty()) {
    h = absl::HashOf(h, base_pk, base_sk);
  }
  return static_cast<size_t>(h);
}

}  // namespace

void TableStore::Reserve(size_t n) {
  if (point_index_) point_.reserve(n);
}

size_t TableStore::PointHash::operator()(const PointSlot& s) const {
  const Record& r = *s.record;
  return PointHashOf(r.hash(), r.key(1), r.key(2), r.key(3));
}
size_t TableStore::PointHash::operator()(const KeyRef& k) const {
  return PointHashOf(k.hash, k.sk, k.base_pk, k.base_sk);
}

bool TableStore::PointEq::operator()(const PointSlot& a,
                                     const PointSlot& b) const {
  return (*this)(a, KeyOf(*b.record));
}
bool TableStore::PointEq::operator()(const PointSlot& a,
                                     const KeyRef& b) const {
  const Record& r = *a.record;
  return r.hash() == b.hash && r.key(0) == b.pk && r.key(1) == b.sk &&
         r.key(2) == b.base_pk && r.key(3) == b.base_sk;
}

TableStore::~TableStore() {
  for (const Slot& s : ordered_) RecordFree()(s.record);
}

const Record* TableStore::Find(const KeyRef& key) const {
  if (point_index_) {
    auto it = point_.find(key);
    return it == point_.end() ? nullptr : it->record;
  }
  auto it = ordered_.find(key);
  return it == ordered_.end() ? nullptr : it->record;
}

TableStore::Ordered::iterator TableStore::InsertOrdered(Slot slot) {
  // The hint costs two comparisons when it is right (the new key follows
  // the last one inserted) and two more when it is wrong. It is tried only
  // while it keeps being right: a table loaded collection by collection
  // gains, an index whose keys arrive in no order does not pay.
  const Record* last = has_finger_ ? finger_->record : nullptr;
  const bool hinted = has_finger_ && hint_works_;
  finger_ =
      hinted ? ordered_.insert(finger_, slot) : ordered_.insert(slot).first;
  has_finger_ = true;
  // Would the hint have been right? The new slot follows the previous one.
  hint_works_ = last != nullptr && finger_ != ordered_.begin() &&
                std::prev(finger_)->record == last;
  return finger_;
}

RecordPtr TableStore::Put(RecordPtr record) {
  const KeyRef key = KeyOf(*record);
  total_bytes_ += record->item_size();
  if (point_index_) {
    auto [point, inserted] = point_.insert(PointSlot{record.get()});
    if (inserted) {
      InsertOrdered(Slot{key.hash, record.release()});
      return nullptr;
    }
    // Same key, so the ordering is unchanged: swap the pointers in place.
    RecordPtr old(point->record);
    total_bytes_ -= old->item_size();
    ordered_.find(key)->record = record.get();
    point->record = record.release();
    return old;
  }
  Ordered::iterator ordered = InsertOrdered(Slot{key.hash, record.get()});
  if (ordered->record == record.get()) {
    record.release();
    return nullptr;
  }
  RecordPtr old(ordered->record);
  total_bytes_ -= old->item_size();
  ordered->record = record.release();
  return old;
}

RecordPtr TableStore::Erase(const KeyRef& key) {
  auto ordered = ordered_.find(key);
  if (ordered == ordered_.end()) return nullptr;
  RecordPtr old(ordered->record);
  ordered_.erase(ordered);
  has_finger_ = false;
  if (point_index_) point_.erase(point_.find(key));
  total_bytes_ -= old->item_size();
  return old;
}

}  // namespace eddy::storage
