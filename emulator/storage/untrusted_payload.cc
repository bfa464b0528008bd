// Copyright 2026 The eddy Authors.
//
// DecodeUntrustedPayload: Record::Decode for bytes read back from disk. The
// grammar is record.cc's; every length, type tag, number and ordering rule
// is checked, so any input gives an item or an error, never a crash.

#include <string>
#include <vector>

#include "emulator/storage/record.h"
#include "emulator/types/limits.h"

namespace eddy::storage {
namespace {

class CheckedReader {
 public:
  explicit CheckedReader(std::string_view data) : data_(data) {}

  bool Varint(uint64_t* v) {
    *v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= data_.size()) return false;
      const uint8_t b = static_cast<uint8_t>(data_[pos_++]);
      *v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (b < 0x80) return true;
    }
    return false;
  }
  bool Bytes(std::string_view* out) {
    uint64_t n;
    if (!Varint(&n) || n > data_.size() - pos_) return false;
    *out = data_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  bool Byte(uint8_t* b) {
    if (pos_ >= data_.size()) return false;
    *b = static_cast<uint8_t>(data_[pos_++]);
    return true;
  }
  // A count of elements that each take at least one byte.
  bool Count(uint64_t* n) { return Varint(n) && *n <= data_.size() - pos_; }
  bool done() const { return pos_ == data_.size(); }

 private:
  std::string_view data_;
  size_t pos_ = 0;
};

// The number whose ordered bytes (Number::AppendOrderedBytes) are `bytes`,
// accepted only in the canonical form the encoder writes.
bool OrderedNumber(std::string_view bytes, Number* out) {
  if (bytes.empty()) return false;
  const auto tag = static_cast<uint8_t>(bytes[0]);
  if (tag == 1) {
    *out = Number();
    return bytes.size() == 1;
  }
  if (tag != 0 && tag != 2) return false;
  const bool negative = tag == 0;
  const uint8_t flip = negative ? 0xff : 0x00;
  if (bytes.size() < (negative ? 5u : 4u)) return false;
  if (negative && static_cast<uint8_t>(bytes.back()) != 0xff) return false;
  const int top = ((static_cast<uint8_t>(bytes[1]) ^ flip) << 8 |
                   (static_cast<uint8_t>(bytes[2]) ^ flip)) -
                  1000;
  const size_t end = negative ? bytes.size() - 1 : bytes.size();
  std::string text = negative ? "-" : "";
  text.reserve(end + 8);
  for (size_t i = 3; i < end; ++i) {
    const char d = static_cast<char>(static_cast<uint8_t>(bytes[i]) ^ flip);
    if (d < '0' || d > '9') return false;
    text.push_back(d);
  }
  text += "E" + std::to_string(top - static_cast<int>(end - 4));
  StatusOr<Number> n = Number::Parse(text);
  if (!n.ok()) return false;
  // Canonical: re-encoding gives the same bytes (no leading or trailing
  // zero digits, the exponent as written).
  std::string again;
  n->AppendOrderedBytes(&again);
  if (again != bytes) return false;
  *out = *std::move(n);
  return true;
}

bool DecodeValue(CheckedReader& r, int depth, AttributeValue* out);

bool DecodeMap(CheckedReader& r, int depth, AttributeMap* out) {
  uint64_t n;
  if (!r.Count(&n)) return false;
  out->Reserve(n);
  std::string_view previous;
  for (uint64_t i = 0; i < n; ++i) {
    std::string_view name;
    if (!r.Bytes(&name) || name.empty()) return false;
    if (i > 0 && !(previous < name)) return false;  // sorted, unique
    previous = name;
    AttributeValue v;
    if (!DecodeValue(r, depth + 1, &v)) return false;
    out->AppendSorted(std::string(name), std::move(v));
  }
  return true;
}

bool DecodeValue(CheckedReader& r, int depth, AttributeValue* out) {
  if (depth > limits::kMaxNestingDepth) return false;
  uint8_t tag;
  if (!r.Byte(&tag)) return false;
  const auto type = static_cast<AttributeType>(tag);
  std::string_view bytes;
  switch (type) {
    case AttributeType::kS:
      if (!r.Bytes(&bytes)) return false;
      *out = AttributeValue::S(std::string(bytes));
      return true;
    case AttributeType::kB:
      if (!r.Bytes(&bytes)) return false;
      *out = AttributeValue::B(std::string(bytes));
      return true;
    case AttributeType::kN: {
      Number n;
      if (!r.Bytes(&bytes) || !OrderedNumber(bytes, &n)) return false;
      *out = AttributeValue::N(std::move(n));
      return true;
    }
    case AttributeType::kBOOL: {
      uint8_t b;
      if (!r.Byte(&b) || b > 1) return false;
      *out = AttributeValue::Bool(b != 0);
      return true;
    }
    case AttributeType::kNULL:
      *out = AttributeValue::Null();
      return true;
    case AttributeType::kSS:
    case AttributeType::kBS:
    case AttributeType::kNS: {
      uint64_t n;
      if (!r.Count(&n) || n == 0) return false;  // sets are never empty
      std::vector<std::string> raw;
      raw.reserve(n);
      for (uint64_t i = 0; i < n; ++i) {
        if (!r.Bytes(&bytes)) return false;
        if (i > 0 && !(raw.back() < bytes)) return false;  // sorted, unique
        raw.emplace_back(bytes);
      }
      if (type == AttributeType::kSS) {
        *out = AttributeValue::CanonicalSS(std::move(raw));
      } else if (type == AttributeType::kBS) {
        *out = AttributeValue::CanonicalBS(std::move(raw));
      } else {
        std::vector<Number> numbers(raw.size());
        for (size_t i = 0; i < raw.size(); ++i) {
          if (!OrderedNumber(raw[i], &numbers[i])) return false;
        }
        *out = AttributeValue::CanonicalNS(std::move(numbers));
      }
      return true;
    }
    case AttributeType::kL: {
      uint64_t n;
      if (!r.Count(&n)) return false;
      std::vector<AttributeValue> values(n);
      for (uint64_t i = 0; i < n; ++i) {
        if (!DecodeValue(r, depth + 1, &values[i])) return false;
      }
      *out = AttributeValue::L(std::move(values));
      return true;
    }
    case AttributeType::kM: {
      AttributeMap m;
      if (!DecodeMap(r, depth, &m)) return false;
      *out = AttributeValue::M(std::move(m));
      return true;
    }
  }
  return false;  // an unknown type tag
}

}  // namespace

StatusOr<Item> DecodeUntrustedPayload(std::string_view payload) {
  CheckedReader r(payload);
  Item item;
  if (!DecodeMap(r, /*depth=*/0, &item) || !r.done()) {
    return Status::Internal("a stored item is corrupt");
  }
  return item;
}

}  // namespace eddy::storage
