// Copyright 2026 The eddy Authors.
//
// A generated item as one compact string, for the runner's ground truth: a
// kayak item costs its bytes plus a few per attribute instead of an Item's
// per-attribute strings and allocations, which at scale 100 (a million
// items) is the difference between ~0.5 GB and ~2.5 GB. Internal to model/.
//
// Record layout, attributes in name order (an Item's order): for each,
// u16 name length, the name, a type byte ('S' string, 'B' binary (its
// bytes), 'N' number in its canonical text, 'T'/'F' boolean, 'Z' null, 'L' list
// and 'M' map whose value is a nested record of the elements (empty names) or
// the members (in name order)), u32 value length, the value. Only these types:
// the generator makes no others (EncodeCompact returns false for an item that
// has another).
//
//   std::string record;
//   if (EncodeCompact(item, &record)) {
//     std::string_view pk = CompactFindS(record, "PK");  // views the record
//     StatusOr<Item> back = DecodeCompact(record);       // == item
//   }
//
// Equal items encode to equal records, so an item is compared with a record
// by encoding it.
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_INTERNAL_COMPACT_ITEM_H_
#define EDDY_MODEL_INTERNAL_COMPACT_ITEM_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"

namespace eddy::model::internal {

// Replaces *out with the record of `item`; false (and *out unspecified)
// when an attribute has a type other than S, N, BOOL, NULL, L or M.
bool EncodeCompact(const Item& item, std::string* out);

// The item back. ValidationException for a record that is not one.
StatusOr<Item> DecodeCompact(std::string_view record);

// The value of S attribute `name`, viewing the record; empty when absent or
// not an S.
std::string_view CompactFindS(std::string_view record, std::string_view name);

// CompactFindS for several names in one pass over the record: values[j]
// becomes the S value of attribute names[j] (empty when absent or not an S).
// names and values have the same size; a name may repeat.
void CompactFindSAll(std::string_view record,
                     std::span<const std::string_view> names,
                     std::span<std::string_view> values);

// The value of attribute `name`, or nullopt when absent.
std::optional<AttributeValue> CompactFind(std::string_view record,
                                          std::string_view name);

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_COMPACT_ITEM_H_
