// Copyright 2026 The eddy Authors.
//
// Record: how one item is kept in memory. A single heap block holds a small
// header and the item in a compact binary form (about the item's DynamoDB
// size plus a few bytes per attribute), so a million 300-byte items cost a
// little over 300 MB rather than the ~3x an Item object graph would.
//
// Key bytes are not stored twice: the key values inside the payload are
// written in their ordered byte form (AppendKeyBytes), and the header points
// at them. A record exposes up to four keys: the partition and sort key of
// the store it lives in and, for a secondary-index entry, the partition and
// sort key of the table item it copies (index keys need not be unique; the
// table key makes the entry's position unique). Records are immutable; a
// write makes a new record.
//
// An index that projects ALL does not copy the item: its entry is a view
// (ShareRecord), a small header whose keys point into the table record's
// payload. The payload's owner counts its views and is freed with the last
// of them, so an entry may outlive the table item it came from (a GSI
// change still waiting out the GSI lag). A multi-attribute index's ALL entry
// is a view too (ShareRecordWithKeys): its composite keys are not in the
// payload, so the view keeps their bytes in its own block.
//
//   RecordPtr r = MakeRecord(item, "pk", "sk");            // a table item
//   RecordPtr e = MakeRecord(projected, {"gpk", "gsk", "pk", "sk"});  // entry
//   RecordPtr v = ShareRecord(*r, gpk_bytes, gsk_bytes);  // an ALL entry
//   Item copy = r->Decode();
//
// Thread safety: immutable after MakeRecord; safe to read from many threads.
// Freeing (RecordFree) may run on any thread: the view count is atomic.

#ifndef EDDY_EMULATOR_STORAGE_RECORD_H_
#define EDDY_EMULATOR_STORAGE_RECORD_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"

namespace eddy::storage {

// The attribute names of a record's keys, in key order: partition key, sort
// key, then (index entries only) the table's partition and sort key. An empty
// name is an unused slot, whose key bytes are empty.
using KeyNames = std::array<std::string_view, 4>;

class Record {
 public:
  static constexpr int kMaxKeys = 4;

  // xxh3 of the partition key bytes: the record's place in the key space.
  uint64_t hash() const { return hash_; }
  // Key bytes of slot `i` (see KeyNames). REQUIRES: 0 <= i < kMaxKeys.
  std::string_view key(int i) const {
    // A key held outside the payload (a view's own bytes, ShareRecord with
    // composite keys) is at an offset from the header instead.
    const char* base =
        ((local_keys_ >> i) & 1) ? reinterpret_cast<const char*>(this) : data();
    return {base + key_offset_[i], key_size_[i]};
  }
  std::string_view partition_key() const { return key(0); }
  std::string_view sort_key() const { return key(1); }
  // The table key of an index entry (empty for a table item).
  std::string_view base_partition_key() const { return key(2); }
  std::string_view base_sort_key() const { return key(3); }
  // DynamoDB's size of the item (what capacity and limits are computed on).
  int64_t item_size() const { return item_size_; }
  std::string_view payload() const { return {data(), payload_size_}; }

  // Does this record share another record's payload (ShareRecord)?
  bool is_view() const { return view_; }

  // The whole item.
  Item Decode() const;

 private:
  friend struct RecordBuilder;
  friend struct RecordFree;
  // An owner's payload follows its header; a view holds a pointer to its
  // owner's payload there instead.
  const char* data() const {
    return view_ ? *reinterpret_cast<const char* const*>(this + 1)
                 : reinterpret_cast<const char*>(this + 1);
  }
  // The record whose payload this one uses (itself unless a view).
  const Record* owner() const {
    return reinterpret_cast<const Record*>(data()) - 1;
  }

  uint64_t hash_;
  uint32_t item_size_;
  uint32_t payload_size_;
  uint32_t key_offset_[kMaxKeys];
  uint16_t key_size_[kMaxKeys];
  // Owners: 1 + the number of views of this payload. Views: unused.
  mutable std::atomic<uint32_t> refs_;
  bool view_;
  // Bit i: key slot i's bytes follow this header (offset from `this`), not
  // the payload. Only views set it (ShareRecordWithKeys).
  uint8_t local_keys_;
};

// Frees a record; a payload goes with its owner's last reference.
struct RecordFree {
  void operator()(Record* r) const;
};
using RecordPtr = std::unique_ptr<Record, RecordFree>;

// Builds the record of `item` with the keys named by `keys`. `item_size` is
// ItemSizeBytes(item) when the caller knows it already (-1: computed here).
// REQUIRES: the item holds every named key attribute with a scalar S/N/B value
// and is otherwise valid (nesting within limits).
RecordPtr MakeRecord(const Item& item, const KeyNames& keys,
                     int64_t item_size = -1);

// Finds the key bytes of the scalar attributes `names` (sorted) in one pass
// over the payload: out[i] views into `r`'s payload, or is null (data() ==
// nullptr) where the attribute is absent or not a scalar.
// REQUIRES: out has names.size() elements.
void LocateKeys(const Record& r, std::span<const std::string_view> names,
                std::string_view* out);

// The same item as `source`, sharing its payload (neither copied nor
// re-encoded), keyed by `pk` and `sk` (sk empty for a hash-only index) then
// by `source`'s own partition and sort key: how an index that projects ALL
// makes its entries. The result keeps the payload alive; `source` may be
// freed first.
// REQUIRES: `source` is a table item; pk and sk (when not empty) view into
// its payload (LocateKeys).
RecordPtr ShareRecord(const Record& source, std::string_view pk,
                      std::string_view sk);

// Like ShareRecord, but `pk` and `sk` are any bytes (copied into the view's
// own block, after its header): how a multi-attribute index that projects
// ALL makes its entries, whose composite keys (CompositeKeyBytes) are not in
// the item's payload. The payload is shared, not re-encoded.
// REQUIRES: `source` is a table item.
RecordPtr ShareRecordWithKeys(const Record& source, std::string_view pk,
                              std::string_view sk);

// Like MakeRecord, but key slots 0 and 1 hold `pk` and `sk` as given (kept
// after the payload) instead of attributes' key bytes: the entry of a
// multi-attribute index, whose keys are composite (CompositeKeyBytes).
// Slots 2 and 3 are the attributes named `base_hash_key` / `base_range_key`.
RecordPtr MakeRecordWithKeys(const Item& item, std::string_view pk,
                             std::string_view sk,
                             std::string_view base_hash_key,
                             std::string_view base_range_key,
                             int64_t item_size = -1);

// Another owning pointer to the table item `r`, counted like a view but
// without a header of its own: the record stays alive until every pointer
// to it is freed. REQUIRES: !r.is_view(), and the caller holds a reference
// to `r` (the store's, say).
RecordPtr Retain(const Record& r);

// A table item: `hash_key` and `range_key` name the table's key attributes
// (range_key empty for a hash-only table).
inline RecordPtr MakeRecord(const Item& item, std::string_view hash_key,
                            std::string_view range_key,
                            int64_t item_size = -1) {
  return MakeRecord(item, KeyNames{hash_key, range_key, {}, {}}, item_size);
}

// The bytes that identify a key value in storage: raw for S and B, the
// order-preserving form for N (Number::AppendOrderedBytes).
// REQUIRES: value is S, N or B.
void AppendKeyBytes(const AttributeValue& value, std::string* out);
std::string KeyBytes(const AttributeValue& value);
// The inverse: the S, N or B value whose key bytes are `bytes`.
AttributeValue ValueOfKeyBytes(AttributeType type, std::string_view bytes);

// The key bytes of a multi-attribute key (a GSI key of up to four partition
// and four sort attributes): each value's key bytes with 0x00 escaped as
// 0x00 0xff, then the terminator 0x00 0x01. Byte order of the result is
// the order of the value tuples, compared element by element, each by its
// own key bytes. A prefix of the tuple encodes to a prefix of the bytes.
// REQUIRES: each value is S, N or B.
void AppendCompositeKeyBytes(const AttributeValue& value, std::string* out);
std::string CompositeKeyBytes(std::span<const AttributeValue* const> values);
// `bytes` escaped as a component is, without the terminator: what every
// component whose key bytes start with `bytes` starts with (begins_with).
void AppendEscapedKeyBytes(std::string_view bytes, std::string* out);

// xxh3 of the partition key bytes.
uint64_t HashPartitionKey(std::string_view pk_bytes);

// What CheckUntrustedPayload learns of an item while checking it.
struct PayloadFacts {
  int64_t item_size = 0;    // ItemSizeBytes of the item
  size_t longest_name = 0;  // the longest attribute name, at any depth
  // The top-level attributes named hash_key and range_key: their type
  // (nullopt when absent) and value bytes (S and B raw, N ordered: their key
  // bytes when scalar), viewing into the payload.
  std::optional<AttributeType> key_type[2];
  std::string_view key_bytes[2];
};

// Checks bytes read back from disk as a record's payload, everything
// Record::Decode trusts: lengths, minimal varints, type tags, canonical
// numbers (within DynamoDB's range and precision), sorted unique names and
// set elements, nesting depth (limits::kMaxNestingDepth) - without building
// the item. What it accepts is exactly what MakeRecord writes for the item
// the bytes hold. Any bytes give OK or an error, never a crash. The caller
// checks item-level limits (size, names, keys) on `facts`.
// Errors: InternalServerError "a stored item is corrupt".
Status CheckUntrustedPayload(std::string_view payload,
                             std::string_view hash_key,
                             std::string_view range_key, PayloadFacts* facts);

// The item whose payload (Record::payload(), written earlier and read back
// from disk) is `payload`: CheckUntrustedPayload, then decoded.
// Errors: InternalServerError "a stored item is corrupt".
StatusOr<Item> DecodeUntrustedPayload(std::string_view payload);

// The table record of a payload CheckUntrustedPayload accepted (it gave
// `facts`): the bytes copied, not re-encoded, keyed by the attributes
// named hash_key and range_key there. How a snapshot's items are loaded
// without building an Item.
// REQUIRES: facts.key_type[0] is S, N or B; facts.key_type[1] too, or it is
// absent for a hash-only table; facts.key_bytes view into `payload`.
RecordPtr MakeRecordFromPayload(std::string_view payload,
                                const PayloadFacts& facts);

}  // namespace eddy::storage

#endif  // EDDY_EMULATOR_STORAGE_RECORD_H_
