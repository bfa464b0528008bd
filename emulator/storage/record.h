// Copyright 2026 The eddy Authors.
//
// Record: how one item is kept in memory. A single heap block holds a small
// header and the item in a compact binary form (about the item's DynamoDB
// size plus a few bytes per attribute), so a million 300-byte items cost a
// little over 300 MB rather than the ~3x an Item object graph would.
//
// Key bytes are not stored twice: the partition and sort key values inside the
// payload are written in their ordered byte form (see key_bytes.h), and the
// header points at them. Records are immutable; a write makes a new record.
//
//   RecordPtr r = MakeRecord(item, key_names);
//   Item copy = r->Decode();
//
// Thread safety: immutable after MakeRecord; safe to read from many threads.

#ifndef EDDY_EMULATOR_STORAGE_RECORD_H_
#define EDDY_EMULATOR_STORAGE_RECORD_H_

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "emulator/types/attribute_value.h"

namespace eddy::storage {

class Record {
 public:
  // xxh3 of the partition key bytes: the record's place in the key space.
  uint64_t hash() const { return hash_; }
  std::string_view partition_key() const {
    return {data() + pk_offset_, pk_size_};
  }
  std::string_view sort_key() const { return {data() + sk_offset_, sk_size_}; }
  // DynamoDB's size of the item (what capacity and limits are computed on).
  int64_t item_size() const { return item_size_; }
  std::string_view payload() const { return {data(), payload_size_}; }

  // The whole item.
  Item Decode() const;

 private:
  friend struct RecordBuilder;
  const char* data() const { return reinterpret_cast<const char*>(this + 1); }

  uint64_t hash_;
  uint32_t item_size_;
  uint32_t payload_size_;
  uint32_t pk_offset_;
  uint32_t sk_offset_;
  uint16_t pk_size_;
  uint16_t sk_size_;
};

struct RecordFree {
  void operator()(Record* r) const { std::free(r); }
};
using RecordPtr = std::unique_ptr<Record, RecordFree>;

// Builds the record of `item`. `hash_key` and `range_key` name the table's key
// attributes (range_key empty for a hash-only table).
// REQUIRES: the item holds the key attributes with scalar S/N/B values and is
// otherwise valid (nesting within limits).
RecordPtr MakeRecord(const Item& item, std::string_view hash_key,
                     std::string_view range_key);

// The bytes that identify a key value in storage: raw for S and B, the
// order-preserving form for N (Number::AppendOrderedBytes).
// REQUIRES: value is S, N or B.
void AppendKeyBytes(const AttributeValue& value, std::string* out);
std::string KeyBytes(const AttributeValue& value);

// xxh3 of the partition key bytes.
uint64_t HashPartitionKey(std::string_view pk_bytes);

}  // namespace eddy::storage

#endif  // EDDY_EMULATOR_STORAGE_RECORD_H_
