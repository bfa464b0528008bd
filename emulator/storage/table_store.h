// Copyright 2026 The eddy Authors.
//
// TableStore: the items of one table, or the entries of one secondary index,
// kept in the order of DynamoDB's key space — (xxh3 of the partition key
// bytes, partition key bytes, sort key bytes) and, for index entries, then
// the table's partition and sort key bytes (index keys need not be unique) —
// with an optional hash index for point access.
//
//   TableStore store;
//   RecordPtr old = store.Put(MakeRecord(item, "pk", "sk"));
//   const Record* r = store.Find(KeyRef{hash, pk_bytes, sk_bytes});
//   for (auto it = store.LowerBound(start); it != store.end(); ++it) ...
//
// The ordered view is what Query, Scan, parallel-scan segments and partitions
// are built on: an item collection (one partition key) is a contiguous run
// sorted by sort key, and a partition is a contiguous range of hashes.
//
// Iterators are invalidated by Put and Erase (b-tree nodes move), so callers
// resume from a key, never from a saved iterator.
//
// Thread safety: not synchronized; the owning table's lock guards it.

#ifndef EDDY_EMULATOR_STORAGE_TABLE_STORE_H_
#define EDDY_EMULATOR_STORAGE_TABLE_STORE_H_

#include <cstdint>
#include <string_view>

#include "absl/container/btree_set.h"
#include "absl/container/flat_hash_set.h"
#include "absl/types/compare.h"
#include "emulator/storage/record.h"

namespace eddy::storage {

// A position in the key space. `sk` is empty for hash-only tables; `base_pk`
// and `base_sk` (the table key of an index entry) are empty for table items.
struct KeyRef {
  uint64_t hash;
  std::string_view pk;
  std::string_view sk;
  std::string_view base_pk = {};
  std::string_view base_sk = {};
};

// Compares above every stored key bytes string: for a KeyRef that must sort
// after every entry sharing a prefix ("after all entries with this sort
// key"). Stored keys are at most 2048 bytes.
std::string_view KeyBytesMax();

class TableStore {
 private:
  struct Slot {
    uint64_t hash;
    mutable Record* record;  // replaced in place when an item is overwritten
  };
  // Orders slots by (hash, key slot 0, 1, 2, 3). A three-way comparison
  // (absl's b-tree then needs one comparison per node step and no equality
  // re-check), and key slots are read only as far as they are needed: most
  // comparisons end at the hash and never touch the record, and within an
  // item collection they end at the sort key.
  struct SlotLess {
    using is_transparent = void;
    static std::string_view KeyAt(const Record& r, int i) { return r.key(i); }
    static std::string_view KeyAt(const KeyRef& k, int i) {
      switch (i) {
        case 0:
          return k.pk;
        case 1:
          return k.sk;
        case 2:
          return k.base_pk;
        default:
          return k.base_sk;
      }
    }
    template <typename A, typename B>
    static absl::weak_ordering Compare(uint64_t ha, const A& a, uint64_t hb,
                                       const B& b) {
      if (ha != hb) {
        return ha < hb ? absl::weak_ordering::less
                       : absl::weak_ordering::greater;
      }
      for (int i = 0; i < 4; ++i) {
        if (int c = KeyAt(a, i).compare(KeyAt(b, i)); c != 0) {
          return c < 0 ? absl::weak_ordering::less
                       : absl::weak_ordering::greater;
        }
      }
      return absl::weak_ordering::equivalent;
    }
    absl::weak_ordering operator()(const Slot& a, const Slot& b) const {
      return Compare(a.hash, *a.record, b.hash, *b.record);
    }
    absl::weak_ordering operator()(const Slot& a, const KeyRef& b) const {
      return Compare(a.hash, *a.record, b.hash, b);
    }
    absl::weak_ordering operator()(const KeyRef& a, const Slot& b) const {
      return Compare(a.hash, a, b.hash, *b.record);
    }
  };
  struct PointSlot {
    mutable Record* record;
  };
  struct PointHash {
    using is_transparent = void;
    size_t operator()(const PointSlot& s) const;
    size_t operator()(const KeyRef& k) const;
  };
  struct PointEq {
    using is_transparent = void;
    bool operator()(const PointSlot& a, const PointSlot& b) const;
    bool operator()(const PointSlot& a, const KeyRef& b) const;
    bool operator()(const KeyRef& a, const PointSlot& b) const {
      return (*this)(b, a);
    }
  };
  using Ordered = absl::btree_set<Slot, SlotLess>;

 public:
  // Iterates records in key-space order.
  class const_iterator {
   public:
    const_iterator() = default;
    const Record& operator*() const { return *it_->record; }
    const Record* operator->() const { return it_->record; }
    const_iterator& operator++() {
      ++it_;
      return *this;
    }
    const_iterator& operator--() {
      --it_;
      return *this;
    }
    bool operator==(const const_iterator& o) const { return it_ == o.it_; }
    bool operator!=(const const_iterator& o) const { return it_ != o.it_; }

   private:
    friend class TableStore;
    explicit const_iterator(Ordered::const_iterator it) : it_(it) {}
    Ordered::const_iterator it_;
  };

  // `point_index`: keep a hash index for Find in O(1) (tables); without it
  // Find walks the b-tree (index entries, found only to be replaced).
  explicit TableStore(bool point_index = true) : point_index_(point_index) {}
  ~TableStore();
  TableStore(const TableStore&) = delete;
  TableStore& operator=(const TableStore&) = delete;

  // Null when absent.
  const Record* Find(const KeyRef& key) const;
  // Inserts, or replaces the record with the same key; returns the replaced
  // record (null when the key is new).
  RecordPtr Put(RecordPtr record);
  // Sizes the point index for at least `n` records, so a loader that knows
  // how many are coming skips its rehashes. No-op without a point index.
  void Reserve(size_t n);
  // Removes the record with this key; returns it (null when absent).
  RecordPtr Erase(const KeyRef& key);

  int64_t item_count() const { return static_cast<int64_t>(ordered_.size()); }
  // Sum of the DynamoDB sizes of all items.
  int64_t total_item_bytes() const { return total_bytes_; }

  const_iterator begin() const { return const_iterator(ordered_.begin()); }
  const_iterator end() const { return const_iterator(ordered_.end()); }
  // First record at or after `key` / strictly after `key`.
  const_iterator LowerBound(const KeyRef& key) const {
    return const_iterator(ordered_.lower_bound(key));
  }
  const_iterator UpperBound(const KeyRef& key) const {
    return const_iterator(ordered_.upper_bound(key));
  }
  // First record whose hash is >= `hash`.
  const_iterator LowerBoundHash(uint64_t hash) const {
    return LowerBound(KeyRef{hash, {}, {}});
  }

 private:
  // Inserts `slot` unless its key is present; returns the slot with that key.
  // Tries the place after the previous insert first: loads usually come in
  // key order within an item collection.
  Ordered::iterator InsertOrdered(Slot slot);

  bool point_index_;
  Ordered ordered_;
  // Where the last insert put its slot; valid (has_finger_) until the next
  // insert or erase, which both update it.
  Ordered::iterator finger_;
  bool has_finger_ = false;
  // Did the last insert land right after the one before it? Then the next
  // insert tries the finger as its hint.
  bool hint_works_ = true;
  absl::flat_hash_set<PointSlot, PointHash, PointEq> point_;  // if point_index_
  int64_t total_bytes_ = 0;
};

// The key of a record, as a KeyRef.
inline KeyRef KeyOf(const Record& r) {
  return KeyRef{r.hash(), r.key(0), r.key(1), r.key(2), r.key(3)};
}

}  // namespace eddy::storage

#endif  // EDDY_EMULATOR_STORAGE_TABLE_STORE_H_
