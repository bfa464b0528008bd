// Copyright 2026 The eddy Authors.
//
// MemberSizeBound: the running size bound of the request members whose
// attribute values DynamoDB bounds only as a whole (the legacy parameters and
// PartiQL Parameters), read value by value. Not for use outside
// emulator/wire.
//
//   MemberSizeBound bound(limits::kMaxExpressionAttributeBytes,
//                         ValuesTooLarge("ScanFilter"));
//   bound.AddName(attribute.size(), errors);
//   if (std::optional<AttributeValue> v = bound.ReadValue(json, errors)) ...
//
// Thread safety: one bound per member being read, used by one thread.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_MEMBER_SIZE_BOUND_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_MEMBER_SIZE_BOUND_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/wire/decode_budget.h"
#include "emulator/wire/internal/json_reader.h"
#include "emulator/wire/internal/request_reader.h"

namespace eddy::wire::internal {

// A running size bound on the attribute values of one request member whose
// values DynamoDB bounds only as a whole (AttributeUpdates, Expected,
// KeyConditions, QueryFilter, ScanFilter, PartiQL Parameters): every value's
// size lower bound by the item rules (ValueDecoder::LimitSize) plus one byte
// per value (as for a list element) plus the names of the entries that
// carry values, summed over the member. Once the sum passes `limit` the value
// being read is refused with `error` (one value error, recorded like any
// other, so serialization and request-model errors still win) and every
// later value is only type-checked, so the member costs memory in
// proportion to the limit, not to the body.
class MemberSizeBound {
 public:
  MemberSizeBound(int64_t limit, const Status& error)
      : limit_(limit), error_(error), budget_(ScopedDecodeBudget::Current()) {}
  // Within a ScopedDecodeBudget, charges `bytes` more per value read, for
  // what the operation builds from each (the legacy conditions' translation
  // into an expression); a refused charge is the value error
  // DecodeBudgetRefusal(), so the operation never runs.
  void ChargePerValue(size_t bytes) { per_value_ = bytes; }
  // Within a ScopedDecodeBudget, charges each value `copies` times more what
  // its decoding charged, for the copies the operation makes of it (PartiQL
  // planning copies a parameter into the statement's expression tree, its
  // typed request and its compiled expression); refused like ChargePerValue.
  void ChargeCopies(size_t copies) { copies_ = copies; }
  // Counts an attribute name's bytes.
  void AddName(size_t bytes, RequestErrors* errors);
  // One AttributeValue from `value` (not null): JSON types
  // (SerializationException), then the value rules and the bound
  // (ValidationException); nullopt after an error or past the bound.
  std::optional<AttributeValue> ReadValue(const JsonValue& value,
                                          RequestErrors* errors);
  bool over() const { return over_; }

 private:
  void Over(RequestErrors* errors);

  const int64_t limit_;
  const Status& error_;
  ScopedDecodeBudget* const budget_;  // null: nothing charged
  size_t per_value_ = 0;
  size_t copies_ = 0;
  int64_t used_ = 0;
  bool over_ = false;
};

// The bounds of MemberSizeBound (eddy's own texts; docs/validation-order.md):
// AttributeUpdates' values end in the item, so 400 KB (limits::
// kMaxItemSizeBytes) with DynamoDB's text for an update past the item size;
// the legacy conditions and PartiQL Parameters become an expression's
// attribute values, so the 2 MB of limits::kMaxExpressionAttributeBytes.
const Status& AttributeUpdatesTooLarge();
// "The total size of the attribute values in <member> has exceeded the
// maximum allowed size of 2 MB". REQUIRES: `member` is one of Expected,
// KeyConditions, QueryFilter, ScanFilter, Parameters.
const Status& ValuesTooLarge(std::string_view member);

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_MEMBER_SIZE_BOUND_H_
