// Copyright 2026 The eddy Authors.
//
// DynamoDB JSON for AttributeValues, read straight from a JsonReader and
// written straight to text: the layer under attribute_json.h and the request
// codecs of emulator/wire. Not for use outside emulator/wire.
//
//   JsonReader in(text);
//   ValueDecoder d(&in);
//   Item item;
//   d.ReadMap(Target{Slot::kMapField, kAttributeValueClass}, &item);
//   if (!d.serialization().ok()) ...   // a JSON type error: wins
//   else if (!d.validation().ok()) ... // a value rule
//
// Contract
// - One pass. A value of the wrong JSON type is a SerializationException
//   (worded by serialization_errors.h); decoding then only consumes the rest
//   of the value it was given, so the reader is left after it either way.
// - Value rules (numbers, sets, NULL false, empty or two-type values, nesting
//   beyond limits::kMaxNestingDepth) are ValidationExceptions; the first in
//   body order is kept, and from then on values are only type-checked, never
//   stored, so a hostile body cannot make the decoder build what it will
//   reject anyway.
// - Beyond the nesting limit nothing is type-checked (the value is skipped),
//   so recursion is bounded by the limit; a deeper document costs the reader
//   one bit per level.
// - Map keys are unique in the result, the last of equal keys winning (its
//   value's errors count even when a later key replaces it).
// - With LimitSize(n, error), `error` becomes the value error as soon as a
//   lower bound of the DynamoDB size of what was read (attribute names,
//   string and binary bytes, 1 byte per other scalar and per list element, 3
//   per list or map) passes n; like any value error it stops storing, so a
//   hostile item costs memory in proportion to n, not to its text. The bound
//   never exceeds the true size (ItemSizeBytes), so a valid item is never
//   refused (a member name repeated in one map counts each time it comes).
// - Within a ScopedDecodeBudget (decode_budget.h) the decoded values' memory
//   is charged to it as they are read (the estimate stated there); a refused
//   charge is the value error DecodeBudgetRefusal(), so storing stops.
// - With CompactKeyContainers(), an attribute of the map ReadMap reads (a
//   key's attribute) whose value is a list, map or set is decoded and checked
//   in full (every error above, in the same order, and the size bound counts
//   all of it), then kept compact: an empty L or M, a set of its first
//   element only; what the compacting dropped is given back to the budget
//   (ScopedDecodeBudget::Refund). For keys, where such a value can only fail
//   the key schema (request_reader.h: ReadKeyMap).
//
// Thread safety: a ValueDecoder is used by one thread; the encoders are pure.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_ATTRIBUTE_CODEC_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_ATTRIBUTE_CODEC_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/wire/decode_budget.h"
#include "emulator/wire/internal/json_reader.h"
#include "emulator/wire/internal/serialization_errors.h"

namespace eddy::wire::internal {

class ValueDecoder {
 public:
  explicit ValueDecoder(JsonReader* in)
      : in_(*in), budget_(ScopedDecodeBudget::Current()) {}

  // Reads the next value as a map of attribute values (an item, a key, an M)
  // sitting in `target` (kMapField, kMapInList). *out is set only when no
  // error was found. REQUIRES: the next value is not null.
  void ReadMap(Target target, AttributeMap* out);
  // Reads the next value as one AttributeValue at nesting `level` (1 for an
  // item's attribute), sitting where a structure element belongs. *out is
  // set only when no error was found. REQUIRES: the next value is not null.
  void ReadValue(int level, AttributeValue* out);
  // Refuses what is read from now on with `error` once its size lower bound
  // passes `limit_bytes` (see the contract above). Call before reading.
  void LimitSize(int64_t limit_bytes, Status error) {
    limit_ = limit_bytes;
    limit_error_ = std::move(error);
  }
  // From now on values are only checked, never stored, as after a value
  // error: for a value the caller drops anyway (its JSON type errors still
  // count). Call before reading.
  void CheckTypesOnly() { storing_ = false; }
  // Keeps the top-level attributes' lists, maps and sets compact once read
  // (see the contract above). Call before reading.
  void CompactKeyContainers() { compact_ = true; }

  // The size lower bound of what was read and stored so far.
  int64_t size() const { return size_; }
  // Whether the LimitSize error was raised.
  bool over_limit() const { return over_limit_; }

  // The first JSON type error and where it was met; OK when none.
  const Status& serialization() const { return serialization_; }
  const char* serialization_position() const { return serialization_at_; }
  // The first value error in body order; OK when none.
  const Status& validation() const { return validation_; }
  bool ok() const { return serialization_.ok() && validation_.ok(); }

 private:
  // A type error at the next value: recorded, the value consumed.
  void WrongType(Target target);
  void SerializationError(Status s, const char* at);
  void ValueError(Status s);
  void Value(int level, AttributeValue* out);
  // Value() for an entry of a map at `level`: compacted after it is read
  // when level is 1 and compact_ is set.
  void EntryValue(int level, AttributeValue* out);
  void Map(int level, AttributeMap* out);
  void StringSet(int member, AttributeValue* out);
  void List(int level, AttributeValue* out);
  // A Boolean member (BOOL, NULL); nullopt after a type error.
  std::optional<bool> Boolean();
  // Adds n bytes to the size lower bound; past the limit, its value error.
  void Count(int64_t n) {
    size_ += n;
    if (size_ > limit_) [[unlikely]]
      OverLimit();
  }
  void OverLimit();
  // Charges `bytes` of decoded memory to the scope's budget, if any; a
  // refusal is a value error.
  void Charge(size_t bytes) {
    if (budget_ != nullptr && !budget_->Charge(bytes)) [[unlikely]]
      OverBudget();
  }
  // Charges the slots of a container grown to `count` elements of
  // `slot_bytes` each; *charged is how many were charged already.
  void ChargeSlots(size_t count, size_t slot_bytes, size_t* charged) {
    if (budget_ == nullptr || count <= *charged) return;
    Charge((count - *charged) * slot_bytes);
    *charged = count;
  }
  void OverBudget();
  // How many more elements of at least one byte fit under the limit: caps
  // the sizing of long lists, maps and sets.
  size_t Room(size_t count) const {
    const int64_t room = limit_ - size_ + 1;
    return room < static_cast<int64_t>(count) ? static_cast<size_t>(room)
                                              : count;
  }

  JsonReader& in_;
  Status serialization_;
  const char* serialization_at_ = nullptr;
  Status validation_;
  bool skipping_ = false;  // after a type error: consume only
  bool storing_ = true;    // false after a value error: check types only
  bool compact_ = false;   // CompactKeyContainers()
  int64_t size_ = 0;       // lower bound of the DynamoDB size read so far
  int64_t limit_ = INT64_MAX;
  Status limit_error_;
  bool over_limit_ = false;
  ScopedDecodeBudget* budget_;  // null: nothing charged
};

// Entries in body order -> *out: sorted by name, the last of equal names
// kept. One sort, so n entries in any order cost O(n log n) (inserting them
// one by one into a map's sorted storage costs O(n^2) when they come out of
// order, as ":v0, :v1, ..., :v10" do).
void BuildAttributeMap(std::vector<AttributeMapEntry>* entries,
                       AttributeMap* out);

// Direct serialization: appends DynamoDB JSON.
void AppendValueJson(const AttributeValue& value, std::string* out);
void AppendItemJson(const Item& item, std::string* out);
// A JSON string: '"', '\\' and control characters escaped, bytes that are not
// valid UTF-8 replaced by U+FFFD (one per maximal ill-formed subsequence, as
// Java's UTF-8 decoder does), so the output is always valid UTF-8.
void AppendJsonString(std::string_view s, std::string* out);

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_ATTRIBUTE_CODEC_H_
