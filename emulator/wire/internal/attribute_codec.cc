// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/attribute_codec.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "emulator/base/base64.h"
#include "emulator/types/limits.h"

namespace eddy::wire_internal {
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

// Entries in body order -> a map: sorted by name, the last of equal names
// kept.
void BuildMap(std::vector<AttributeMapEntry>* entries, bool sorted,
              AttributeMap* out) {
  out->Clear();
  if (!sorted) {
    std::stable_sort(entries->begin(), entries->end(),
                     [](const AttributeMapEntry& a, const AttributeMapEntry& b) {
                       return a.name < b.name;
                     });
  }
  out->Reserve(entries->size());
  for (size_t i = 0; i < entries->size(); ++i) {
    if (i + 1 < entries->size() && (*entries)[i + 1].name == (*entries)[i].name)
      continue;  // a later duplicate wins
    out->AppendSorted(std::move((*entries)[i].name),
                      std::move((*entries)[i].value));
  }
}

}  // namespace

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
  AttributeValue v;
  Value(level, &v);
  if (ok()) *out = std::move(v);
}

// Entries of an object whose values are AttributeValues at `level`.
void ValueDecoder::Map(int level, AttributeMap* out) {
  in_.EnterObject();
  std::vector<AttributeMapEntry> entries;
  bool sorted = true;
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
    std::string name(key);
    AttributeValue value;
    Value(level, &value);
    if (!storing_) continue;
    if (!entries.empty() && !(entries.back().name < name)) sorted = false;
    entries.push_back(AttributeMapEntry{std::move(name), std::move(value)});
  }
  if (storing_ && !skipping_) BuildMap(&entries, sorted, out);
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
          *out = AttributeValue::B(std::move(bytes));
        }
        break;
      }
      case kBOOL:
      case kNULL: {
        const std::optional<bool> b = Boolean();
        if (!b || !storing_) break;
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
  in_.EnterArray();
  while (in_.NextElement()) {
    const JsonType t = in_.Peek();
    if (skipping_ || t == JsonType::kNull) {
      in_.Skip();
      // A null element counts as the empty string (an empty binary).
      if (skipping_ || !storing_) continue;
      if (member == kNS) {
        if (StatusOr<Number> n = Number::Parse(""); !n.ok())
          ValueError(n.status());
      } else {
        strings.emplace_back();
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
        strings.push_back(std::move(bytes));
      }
    } else if (!storing_) {
      // checked already: only types matter now
    } else if (member == kNS) {
      if (StatusOr<Number> n = Number::Parse(s); n.ok()) {
        numbers.push_back(*n);
      } else {
        ValueError(n.status());
      }
    } else {
      strings.emplace_back(s);
    }
  }
  if (skipping_ || !storing_) return;
  StatusOr<AttributeValue> set =
      member == kSS   ? AttributeValue::SS(std::move(strings))
      : member == kNS ? AttributeValue::NS(std::move(numbers))
                      : AttributeValue::BS(std::move(strings));
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
  std::vector<AttributeValue> values;
  in_.EnterArray();
  while (in_.NextElement()) {
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
    values.emplace_back();
    Value(level + 1, &values.back());
  }
  if (storing_ && !skipping_) *out = AttributeValue::L(std::move(values));
}

// --- Encoding ----------------------------------------------------------------

namespace {

// The length of the maximal ill-formed subsequence at p (Unicode 3.9, D93b):
// a lead byte followed by the continuation bytes it accepts, short of a
// whole character. REQUIRES: Utf8SequenceLength(p, end) == 0.
size_t IllFormedLength(const unsigned char* p, const unsigned char* end) {
  const unsigned char c = p[0];
  unsigned char lo = 0x80, hi = 0xBF;
  size_t want;
  if (c >= 0xE0 && c <= 0xEF) {
    want = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    want = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 1;  // C2..DF with a bad second byte, or no lead byte at all
  }
  size_t n = 1;
  if (p + n < end && p[n] >= lo && p[n] <= hi) {
    ++n;
    while (n < want && p + n < end && (p[n] & 0xC0) == 0x80) ++n;
  }
  return n;
}

}  // namespace

void AppendJsonString(std::string_view s, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  const char* p = s.data();
  const char* const end = p + s.size();
  const char* run = p;  // start of the bytes not yet copied
  while (true) {
    while (end - p >= 8) {
      uint64_t w;
      std::memcpy(&w, p, 8);
      const uint64_t special = JsonSpecialBytes(w);
      if (special != 0) {
        p += __builtin_ctzll(special) / 8;
        break;
      }
      p += 8;
    }
    if (p >= end) break;
    const unsigned char c = static_cast<unsigned char>(*p);
    if (c >= 0x80) {
      const auto* u = reinterpret_cast<const unsigned char*>(p);
      const auto* uend = reinterpret_cast<const unsigned char*>(end);
      const size_t n = Utf8SequenceLength(u, uend);
      if (n != 0) {
        p += n;
        continue;
      }
      out->append(run, p);
      out->append("\xEF\xBF\xBD");  // U+FFFD
      p += IllFormedLength(u, uend);
      run = p;
      continue;
    }
    if (c != '"' && c != '\\' && c >= 0x20) {
      ++p;
      continue;
    }
    out->append(run, p);
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\r':
        out->append("\\r");
        break;
      case '\t':
        out->append("\\t");
        break;
      case '\b':
        out->append("\\b");
        break;
      case '\f':
        out->append("\\f");
        break;
      default: {
        const char esc[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
        out->append(esc, 6);
      }
    }
    ++p;
    run = p;
  }
  out->append(run, end);
  out->push_back('"');
}

void AppendValueJson(const AttributeValue& value, std::string* out) {
  switch (value.type()) {
    case AttributeType::kS:
      out->append("{\"S\":", 5);
      AppendJsonString(value.s(), out);
      break;
    case AttributeType::kN:
      out->append("{\"N\":\"", 6);
      value.n().AppendTo(out);
      out->push_back('"');
      break;
    case AttributeType::kB:
      out->append("{\"B\":\"", 6);
      Base64EncodeTo(value.b(), out);
      out->push_back('"');
      break;
    case AttributeType::kBOOL:
      if (value.boolean()) {
        out->append("{\"BOOL\":true", 12);
      } else {
        out->append("{\"BOOL\":false", 13);
      }
      break;
    case AttributeType::kNULL:
      out->append("{\"NULL\":true", 12);
      break;
    case AttributeType::kSS:
      out->append("{\"SS\":[", 7);
      for (size_t i = 0; i < value.ss().size(); ++i) {
        if (i) out->push_back(',');
        AppendJsonString(value.ss()[i], out);
      }
      out->push_back(']');
      break;
    case AttributeType::kNS:
      out->append("{\"NS\":[", 7);
      for (size_t i = 0; i < value.ns().size(); ++i) {
        if (i) out->push_back(',');
        out->push_back('"');
        value.ns()[i].AppendTo(out);
        out->push_back('"');
      }
      out->push_back(']');
      break;
    case AttributeType::kBS:
      out->append("{\"BS\":[", 7);
      for (size_t i = 0; i < value.bs().size(); ++i) {
        if (i) out->push_back(',');
        out->push_back('"');
        Base64EncodeTo(value.bs()[i], out);
        out->push_back('"');
      }
      out->push_back(']');
      break;
    case AttributeType::kL:
      out->append("{\"L\":[", 6);
      for (size_t i = 0; i < value.l().size(); ++i) {
        if (i) out->push_back(',');
        AppendValueJson(value.l()[i], out);
      }
      out->push_back(']');
      break;
    case AttributeType::kM:
      out->append("{\"M\":", 5);
      AppendItemJson(value.m(), out);
      break;
  }
  out->push_back('}');
}

void AppendItemJson(const Item& item, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& e : item) {
    if (!first) out->push_back(',');
    first = false;
    AppendJsonString(e.name, out);
    out->push_back(':');
    AppendValueJson(e.value, out);
  }
  out->push_back('}');
}

}  // namespace eddy::wire_internal
