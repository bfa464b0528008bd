// Copyright 2026 The eddy Authors.
//
// CheckUntrustedPayload and DecodeUntrustedPayload: Record::Decode's
// grammar (record.cc) for bytes read back from disk. Every length, varint,
// type tag, number and ordering rule is checked without building the item,
// so any input gives OK or an error, never a crash, and what passes is
// exactly what MakeRecord writes (canonical: one encoding per item).

#include <string>

#include "emulator/storage/record.h"
#include "emulator/types/limits.h"
#include "emulator/types/number.h"

namespace eddy::storage {
namespace internal {
// record.cc: Record::Decode's reader over a payload this file has checked.
Item DecodeCheckedPayload(std::string_view payload);
}  // namespace internal

namespace {

class CheckedReader {
 public:
  explicit CheckedReader(std::string_view data) : data_(data) {}

  // A minimal LEB128 varint (MakeRecord writes no other).
  bool Varint(uint64_t* v) {
    *v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= data_.size()) return false;
      const uint8_t b = static_cast<uint8_t>(data_[pos_++]);
      *v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (b < 0x80) return b != 0 || shift == 0;  // no padding byte
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

// Is `bytes` a number's ordered form (Number::AppendOrderedBytes) exactly
// as the encoder writes it: zero as the tag alone; otherwise the sign tag,
// the biased leading power of ten within DynamoDB's range, 1 to 38 digits
// with no leading or trailing zero, and for a negative number every byte
// after the tag inverted and a final 0xff? Adds the number's DynamoDB size
// (Number::SizeBytes) to `*size`.
bool CheckOrderedNumber(std::string_view bytes, int64_t* size) {
  if (bytes.empty()) return false;
  const auto tag = static_cast<uint8_t>(bytes[0]);
  if (tag == 1) {
    *size += 1;
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
  if (top > limits::kMaxNumberExponent || top < limits::kMinNumberExponent) {
    return false;
  }
  const size_t end = negative ? bytes.size() - 1 : bytes.size();
  const int digits = static_cast<int>(end - 3);
  if (digits > limits::kMaxNumberDigits) return false;
  for (size_t i = 3; i < end; ++i) {
    const char d = static_cast<char>(static_cast<uint8_t>(bytes[i]) ^ flip);
    if (d < '0' || d > '9') return false;
  }
  auto digit = [&](size_t i) {
    return static_cast<char>(static_cast<uint8_t>(bytes[i]) ^ flip);
  };
  if (digit(3) == '0' || digit(end - 1) == '0') return false;
  *size += Number::SizeBytesOf(negative, top, digits);
  return true;
}

struct Walk {
  CheckedReader r;
  PayloadFacts* facts;

  bool Value(int depth, int64_t* size);

  // A map's entries; `keys` (top level only) are the names whose values
  // the facts report.
  bool Map(int depth, int64_t* size, const std::string_view* keys) {
    uint64_t n;
    if (!r.Count(&n)) return false;
    std::string_view previous;
    for (uint64_t i = 0; i < n; ++i) {
      std::string_view name;
      if (!r.Bytes(&name) || name.empty()) return false;
      if (i > 0 && !(previous < name)) return false;  // sorted, unique
      previous = name;
      if (name.size() > facts->longest_name) facts->longest_name = name.size();
      int64_t value_size = 0;
      uint8_t tag = 0;
      std::string_view scalar;
      if (keys != nullptr && (name == keys[0] || name == keys[1])) {
        // A key attribute: note its type and bytes.
        CheckedReader peek = r;
        if (!peek.Byte(&tag)) return false;
        const auto type = static_cast<AttributeType>(tag);
        if (type == AttributeType::kS || type == AttributeType::kN ||
            type == AttributeType::kB) {
          if (!peek.Bytes(&scalar)) return false;
        }
      }
      if (!Value(depth + 1, &value_size)) return false;
      if (keys != nullptr) {
        for (int k = 0; k < 2; ++k) {
          if (keys[k].empty() || name != keys[k]) continue;
          facts->key_type[k] = static_cast<AttributeType>(tag);
          facts->key_bytes[k] = scalar;
        }
        *size += static_cast<int64_t>(name.size()) + value_size;
      } else {
        *size += limits::kListOrMapElementOverheadBytes +
                 static_cast<int64_t>(name.size()) + value_size;
      }
    }
    return true;
  }
};

bool Walk::Value(int depth, int64_t* size) {
  if (depth > limits::kMaxNestingDepth) return false;
  uint8_t tag;
  if (!r.Byte(&tag)) return false;
  const auto type = static_cast<AttributeType>(tag);
  std::string_view bytes;
  switch (type) {
    case AttributeType::kS:
    case AttributeType::kB:
      if (!r.Bytes(&bytes)) return false;
      *size += static_cast<int64_t>(bytes.size());
      return true;
    case AttributeType::kN:
      return r.Bytes(&bytes) && CheckOrderedNumber(bytes, size);
    case AttributeType::kBOOL: {
      uint8_t b;
      if (!r.Byte(&b) || b > 1) return false;
      *size += 1;
      return true;
    }
    case AttributeType::kNULL:
      *size += 1;
      return true;
    case AttributeType::kSS:
    case AttributeType::kBS:
    case AttributeType::kNS: {
      uint64_t n;
      if (!r.Count(&n) || n == 0) return false;  // sets are never empty
      std::string_view previous;
      for (uint64_t i = 0; i < n; ++i) {
        if (!r.Bytes(&bytes)) return false;
        if (i > 0 && !(previous < bytes)) return false;  // sorted, unique
        previous = bytes;
        if (type == AttributeType::kNS) {
          if (!CheckOrderedNumber(bytes, size)) return false;
        } else {
          *size += static_cast<int64_t>(bytes.size());
        }
      }
      return true;
    }
    case AttributeType::kL: {
      uint64_t n;
      if (!r.Count(&n)) return false;
      *size += limits::kListOrMapOverheadBytes;
      for (uint64_t i = 0; i < n; ++i) {
        int64_t element = 0;
        if (!Value(depth + 1, &element)) return false;
        *size += limits::kListOrMapElementOverheadBytes + element;
      }
      return true;
    }
    case AttributeType::kM:
      *size += limits::kListOrMapOverheadBytes;
      return Map(depth, size, /*keys=*/nullptr);
  }
  return false;  // an unknown type tag
}

Status Corrupt() { return Status::Internal("a stored item is corrupt"); }

}  // namespace

Status CheckUntrustedPayload(std::string_view payload,
                             std::string_view hash_key,
                             std::string_view range_key, PayloadFacts* facts) {
  *facts = PayloadFacts();
  Walk walk{CheckedReader(payload), facts};
  const std::string_view keys[2] = {hash_key, range_key};
  int64_t size = 0;
  if (!walk.Map(/*depth=*/0, &size, keys) || !walk.r.done()) return Corrupt();
  facts->item_size = size;
  return Status::OK();
}

StatusOr<Item> DecodeUntrustedPayload(std::string_view payload) {
  PayloadFacts facts;
  EDDY_RETURN_IF_ERROR(CheckUntrustedPayload(payload, {}, {}, &facts));
  return internal::DecodeCheckedPayload(payload);
}

}  // namespace eddy::storage
