// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/attribute_codec.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "emulator/types/limits.h"

namespace eddy::wire::internal {
namespace {

// The ten type keys of an AttributeValue.
enum Member { kB, kBOOL, kBS, kL, kM, kN, kNS, kNULL, kS, kSS };

int MemberIndex(std::string_view key) {
  switch (key.size()) {
    case 1:
      switch (key[0]) {
        case 'S':
          return kS;
        case 'N':
          return kN;
        case 'B':
          return kB;
        case 'M':
          return kM;
        case 'L':
          return kL;
      }
      return -1;
    case 2:
      if (key[1] != 'S') return -1;
      switch (key[0]) {
        case 'S':
          return kSS;
        case 'N':
          return kNS;
        case 'B':
          return kBS;
      }
      return -1;
    case 4:
      if (key == "BOOL") return kBOOL;
      if (key == "NULL") return kNULL;
      return -1;
  }
  return -1;
}

// A list, set or map this long is counted to the end and sized once, so
// that a huge one never holds two buffers while doubling.
constexpr size_t kCountAhead = 1024;

constexpr Target kValueTarget{Slot::kStructElement, kAttributeValueShape};
constexpr Target kMapTarget{Slot::kMapField, kAttributeValueClass};

Status NestingError() {
  return Status::Validation(
      "Nesting Levels have exceeded supported limits: Attributes in the item "
      "have nested levels beyond supported limit");
}

Status EmptyValue() {
  return Status::Validation(
      "Supplied AttributeValue is empty, must contain exactly one of the "
      "supported datatypes");
}

Status TwoTypes() {
  return Status::Validation(
      "Supplied AttributeValue has more than one datatypes set, must contain "
      "exactly one of the supported datatypes");
}

Status NullFalse() {
  return Status::Validation(
      "One or more parameter values were invalid: Null attribute value types "
      "must have the value of true");
}

// The decoded-memory estimate of decode_budget.h: a string's heap bytes
// beyond the short-string buffer (15 bytes in libstdc++; libc++ keeps 22).
constexpr size_t kShortString = 15;
size_t StringHeap(size_t n) { return n > kShortString ? n + 1 : 0; }
constexpr size_t kValueSlot = sizeof(AttributeValue);
constexpr size_t kEntrySlot = sizeof(AttributeMapEntry);

}  // namespace

void BuildAttributeMap(std::vector<AttributeMapEntry>* entries,
                       AttributeMap* out) {
  out->Clear();
  std::stable_sort(entries->begin(), entries->end(),
                   [](const AttributeMapEntry& a, const AttributeMapEntry& b) {
                     return a.name < b.name;
                   });
  out->Reserve(entries->size());
  for (size_t i = 0; i < entries->size(); ++i) {
    if (i + 1 < entries->size() && (*entries)[i + 1].name == (*entries)[i].name)
      continue;  // a later duplicate wins
    out->AppendSorted(std::move((*entries)[i].name),
                      std::move((*entries)[i].value));
  }
}

// --- Decoding ----------------------------------------------------------------

void ValueDecoder::SerializationError(Status s, const char* at) {
  if (serialization_.ok()) {
    serialization_ = std::move(s);
    serialization_at_ = at;
  }
  skipping_ = true;
}

void ValueDecoder::WrongType(Target target) {
  const char* at = in_.position();
  SerializationError(WrongJsonType(in_.Peek(), target), at);
  in_.Skip();
}

void ValueDecoder::ValueError(Status s) {
  if (validation_.ok()) validation_ = std::move(s);
  storing_ = false;
}

void ValueDecoder::OverBudget() {
  budget_ = nullptr;  // reported once
  ValueError(DecodeBudgetRefusal());
}

void ValueDecoder::OverLimit() {
  limit_ = INT64_MAX;  // reported once
  over_limit_ = true;
  ValueError(std::move(limit_error_));
}

void ValueDecoder::ReadMap(Target target, AttributeMap* out) {
  const JsonType t = in_.Peek();
  if (t != JsonType::kObject) {
    WrongType(target);
    return;
  }
  AttributeMap map;
  Map(1, &map);
  if (ok()) *out = std::move(map);
}

void ValueDecoder::ReadValue(int level, AttributeValue* out) {
  Charge(kValueSlot);  // the slot the caller keeps it in
  AttributeValue v;
  Value(level, &v);
  if (ok()) *out = std::move(v);
}

// Entries of an object whose values are AttributeValues at `level`. Values
// are decoded in place, into the map's own slots: appended while the names
// come in order (the common case), inserted while the map is small, and
// gathered for one sort when a large map comes out of order.
void ValueDecoder::Map(int level, AttributeMap* out) {
  constexpr size_t kSmallMap = 32;
  in_.EnterObject();
  std::vector<AttributeMapEntry> unsorted;  // used once large and unsorted
  bool gathering = false;
  size_t charged = 0;           // slots of *out charged
  size_t charged_unsorted = 0;  // slots of `unsorted` charged
  std::string_view key;
  while (in_.NextMember(&key)) {
    if (skipping_ || in_.Peek() == JsonType::kNull) {
      in_.Skip();
      continue;
    }
    if (!storing_) {
      AttributeValue ignored;
      Value(level, &ignored);
      continue;
    }
    if (!gathering) {
      if (out->empty()) out->Reserve(8);
      if (out->size() == kCountAhead) {
        const size_t n =
            kCountAhead + 1 + Room(in_.CountRemainingFromHere(true));
        ChargeSlots(n, kEntrySlot, &charged);
        if (storing_) out->Reserve(n);
      }
      Count(static_cast<int64_t>(key.size()));
      ChargeSlots(out->size() + 1, kEntrySlot, &charged);
      Charge(StringHeap(key.size()));
      if (!storing_) {  // refused by the budget
        AttributeValue ignored;
        Value(level, &ignored);
        continue;
      }
      if (out->size() < kSmallMap ||
          std::string_view((out->end() - 1)->name) < key) {
        AttributeValue& slot = out->Set(std::string(key), AttributeValue());
        EntryValue(level, &slot);
        continue;
      }
      gathering = true;
      const size_t n = out->size() + 1 + Room(in_.CountRemainingFromHere(true));
      ChargeSlots(n, kEntrySlot, &charged_unsorted);
      if (storing_) {  // else refused by the budget: nothing more is kept
        unsorted.reserve(n);
        for (const AttributeMapEntry& e : *out) unsorted.push_back(e);
        out->Clear();
      }
    }
    Count(static_cast<int64_t>(key.size()));
    ChargeSlots(unsorted.size() + 1, kEntrySlot, &charged_unsorted);
    Charge(StringHeap(key.size()));
    if (!storing_) {  // refused by the budget
      AttributeValue ignored;
      Value(level, &ignored);
      continue;
    }
    unsorted.push_back(AttributeMapEntry{std::string(key), AttributeValue()});
    EntryValue(level, &unsorted.back().value);
  }
  if (gathering && storing_ && !skipping_) {
    // The sorted map is built beside `unsorted`.
    ChargeSlots(unsorted.size(), kEntrySlot, &charged);
    if (storing_) BuildAttributeMap(&unsorted, out);
  }
}

void ValueDecoder::EntryValue(int level, AttributeValue* out) {
  if (!compact_ || level != 1) {
    Value(level, out);
    return;
  }
  const size_t charged_before = budget_ != nullptr ? budget_->charged() : 0;
  Value(level, out);
  if (!storing_ || skipping_) return;  // nothing is kept after an error
  // Kept: an empty list or map, a set's first element (its slot and heap).
  size_t kept = 0;
  switch (out->type()) {
    case AttributeType::kL:
      *out = AttributeValue::L({});
      break;
    case AttributeType::kM:
      *out = AttributeValue::M({});
      break;
    case AttributeType::kSS:
      *out = AttributeValue::CanonicalSS({out->ss().front()});
      kept = sizeof(std::string) + StringHeap(out->ss().front().size());
      break;
    case AttributeType::kBS:
      *out = AttributeValue::CanonicalBS({out->bs().front()});
      kept = sizeof(std::string) + StringHeap(out->bs().front().size());
      break;
    case AttributeType::kNS:
      *out = AttributeValue::CanonicalNS({out->ns().front()});
      kept = sizeof(Number);
      break;
    default:
      return;  // a scalar: kept as read
  }
  if (budget_ != nullptr) {
    const size_t charged = budget_->charged() - charged_before;
    if (charged > kept) budget_->Refund(charged - kept);
  }
}

std::optional<bool> ValueDecoder::Boolean() {
  const JsonType t = in_.Peek();
  if (t == JsonType::kTrue || t == JsonType::kFalse) {
    in_.ReadLiteral();
    return t == JsonType::kTrue;
  }
  if (t == JsonType::kString) {
    const char* at = in_.position();
    if (std::optional<bool> word = BooleanWord(in_.ReadString())) return word;
    SerializationError(WrongJsonType(JsonType::kString, {Slot::kBoolean}), at);
    return std::nullopt;
  }
  WrongType({Slot::kBoolean});
  return std::nullopt;
}

void ValueDecoder::Value(int level, AttributeValue* out) {
  if (skipping_) {
    in_.Skip();
    return;
  }
  if (in_.Peek() != JsonType::kObject) {
    WrongType(kValueTarget);
    return;
  }
  if (level > limits::kMaxNestingDepth) {
    in_.Skip();
    ValueError(NestingError());
    return;
  }
  in_.EnterObject();
  int present = 0;
  std::string_view key;
  while (in_.NextMember(&key)) {
    const int member = skipping_ ? -1 : MemberIndex(key);
    const JsonType t = in_.Peek();
    if (member < 0 || t == JsonType::kNull) {
      in_.Skip();  // unknown members are ignored, as DynamoDB does
      continue;
    }
    ++present;
    switch (member) {
      case kS:
      case kN: {
        if (t != JsonType::kString) {
          WrongType({Slot::kString});
          break;
        }
        const std::string_view s = in_.ReadString();
        if (!storing_) break;
        Count(member == kS ? static_cast<int64_t>(s.size()) : 1);
        if (member == kS) Charge(StringHeap(s.size()));
        if (!storing_) break;
        if (member == kS) {
          *out = AttributeValue::S(std::string(s));
        } else if (StatusOr<AttributeValue> n = AttributeValue::ParseN(s);
                   n.ok()) {
          *out = *std::move(n);
        } else {
          ValueError(n.status());
        }
        break;
      }
      case kB: {
        if (t != JsonType::kString) {
          WrongType({Slot::kBlob});
          break;
        }
        const char* at = in_.position();
        std::string bytes;
        if (Status s = DecodeBlob(in_.ReadString(), &bytes); !s.ok()) {
          SerializationError(std::move(s), at);
        } else if (storing_) {
          Count(static_cast<int64_t>(bytes.size()));
          Charge(StringHeap(bytes.size()));
          if (storing_) *out = AttributeValue::B(std::move(bytes));
        }
        break;
      }
      case kBOOL:
      case kNULL: {
        const std::optional<bool> b = Boolean();
        if (!b || !storing_) break;
        Count(1);
        if (member == kBOOL) {
          *out = AttributeValue::Bool(*b);
        } else if (*b) {
          *out = AttributeValue::Null();
        } else {
          ValueError(NullFalse());
        }
        break;
      }
      case kSS:
      case kNS:
      case kBS:
        StringSet(member, out);
        break;
      case kL:
        List(level, out);
        break;
      case kM: {
        if (t != JsonType::kObject) {
          WrongType(kMapTarget);
          break;
        }
        if (storing_) Count(3);
        AttributeMap map;
        Map(level + 1, &map);
        if (storing_ && !skipping_) *out = AttributeValue::M(std::move(map));
        break;
      }
    }
  }
  if (skipping_) return;
  if (present == 0) {
    ValueError(EmptyValue());
  } else if (present > 1) {
    ValueError(TwoTypes());
  }
}

void ValueDecoder::StringSet(int member, AttributeValue* out) {
  if (in_.Peek() != JsonType::kArray) {
    WrongType({Slot::kListField});
    return;
  }
  const Target element{member == kBS ? Slot::kBlob : Slot::kString};
  std::vector<std::string> strings;
  std::vector<Number> numbers;
  const size_t slot = member == kNS ? sizeof(Number) : sizeof(std::string);
  size_t charged = 0;  // slots charged
  in_.EnterArray();
  while (in_.NextElement()) {
    if (strings.size() + numbers.size() == kCountAhead && storing_ &&
        !skipping_) {
      const size_t n =
          kCountAhead + 1 + Room(in_.CountRemainingFromHere(false));
      ChargeSlots(n, slot, &charged);
      if (storing_) (member == kNS ? numbers.reserve(n) : strings.reserve(n));
    }
    const JsonType t = in_.Peek();
    if (skipping_ || t == JsonType::kNull) {
      in_.Skip();
      // A null element counts as the empty string (an empty binary).
      if (skipping_ || !storing_) continue;
      if (member == kNS) {
        if (StatusOr<Number> n = Number::Parse(""); !n.ok())
          ValueError(n.status());
      } else {
        ChargeSlots(strings.size() + 1, slot, &charged);
        if (storing_) strings.emplace_back();
      }
      continue;
    }
    if (t != JsonType::kString) {
      WrongType(element);
      continue;
    }
    const char* at = in_.position();
    const std::string_view s = in_.ReadString();
    if (member == kBS) {
      std::string bytes;
      if (Status st = DecodeBlob(s, &bytes); !st.ok()) {
        SerializationError(std::move(st), at);
      } else if (storing_) {
        Count(static_cast<int64_t>(bytes.size()));
        ChargeSlots(strings.size() + 1, slot, &charged);
        Charge(StringHeap(bytes.size()));
        if (storing_) strings.push_back(std::move(bytes));
      }
    } else if (!storing_) {
      // checked already: only types matter now
    } else if (member == kNS) {
      Count(1);
      ChargeSlots(numbers.size() + 1, slot, &charged);
      if (!storing_) continue;
      if (StatusOr<Number> n = Number::Parse(s); n.ok()) {
        numbers.push_back(*n);
      } else {
        ValueError(n.status());
      }
    } else {
      Count(static_cast<int64_t>(s.size()));
      ChargeSlots(strings.size() + 1, slot, &charged);
      Charge(StringHeap(s.size()));
      if (storing_) strings.emplace_back(s);
    }
  }
  if (skipping_ || !storing_) return;
  StatusOr<AttributeValue> set =
      member == kSS   ? AttributeValue::SS(std::move(strings), /*quoted=*/true)
      : member == kNS ? AttributeValue::NS(std::move(numbers))
                      : AttributeValue::BS(std::move(strings), /*quoted=*/true);
  if (set.ok()) {
    *out = *std::move(set);
  } else {
    ValueError(set.status());
  }
}

void ValueDecoder::List(int level, AttributeValue* out) {
  if (in_.Peek() != JsonType::kArray) {
    WrongType({Slot::kListField});
    return;
  }
  if (storing_) Count(3);
  std::vector<AttributeValue> values;
  values.reserve(4);
  size_t charged = 0;  // slots charged
  in_.EnterArray();
  while (in_.NextElement()) {
    // Between elements: size a long list once.
    if (values.size() == kCountAhead && storing_ && !skipping_) {
      const size_t n =
          values.size() + 1 + Room(in_.CountRemainingFromHere(false));
      ChargeSlots(n, kValueSlot, &charged);
      if (storing_) values.reserve(n);
    }
    if (!skipping_ && in_.Peek() == JsonType::kNull) {
      in_.Skip();
      ValueError(EmptyValue());
      continue;
    }
    if (!storing_) {
      AttributeValue ignored;
      Value(level + 1, &ignored);
      continue;
    }
    Count(1);
    ChargeSlots(values.size() + 1, kValueSlot, &charged);
    if (!storing_) {  // refused by the budget or past the size limit
      AttributeValue ignored;
      Value(level + 1, &ignored);
      continue;
    }
    values.emplace_back();
    Value(level + 1, &values.back());
  }
  if (storing_ && !skipping_) *out = AttributeValue::L(std::move(values));
}

}  // namespace eddy::wire::internal
