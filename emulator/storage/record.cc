// Copyright 2026 The eddy Authors.

#include "emulator/storage/record.h"

#include <xxhash.h>

#include <cstdlib>
#include <cstring>
#include <new>

namespace eddy::storage {
namespace {

// Payload grammar (all integers are LEB128 varints unless noted):
//   item   := count (name value)*
//   name   := len bytes
//   value  := type:u8 body
//   S, B   := len bytes
//   N      := len ordered-bytes          (Number::AppendOrderedBytes)
//   BOOL   := u8
//   NULL   := (nothing)
//   SS, BS := count (len bytes)*
//   NS     := count (len ordered-bytes)*
//   L      := count value*
//   M      := item

void PutVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

void PutBytes(std::string_view bytes, std::string* out) {
  PutVarint(bytes.size(), out);
  out->append(bytes);
}

// Length of Number::AppendOrderedBytes's output, without producing it.
size_t OrderedNumberSize(const Number& n) {
  return n.is_zero()
             ? 1
             : 3 + static_cast<size_t>(n.digits()) + (n.is_negative() ? 1 : 0);
}

size_t KeyBytesSize(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
      return v.s().size();
    case AttributeType::kB:
      return v.b().size();
    case AttributeType::kN:
      return OrderedNumberSize(v.n());
    default:
      return 0;
  }
}

void PutNumber(const Number& n, std::string* out) {
  PutVarint(OrderedNumberSize(n), out);
  n.AppendOrderedBytes(out);
}

void EncodeValue(const AttributeValue& v, std::string* out);

void EncodeMap(const AttributeMap& m, std::string* out) {
  PutVarint(m.size(), out);
  for (const auto& e : m) {
    PutBytes(e.name, out);
    EncodeValue(e.value, out);
  }
}

void EncodeValue(const AttributeValue& v, std::string* out) {
  out->push_back(static_cast<char>(v.type()));
  switch (v.type()) {
    case AttributeType::kS:
      PutBytes(v.s(), out);
      break;
    case AttributeType::kB:
      PutBytes(v.b(), out);
      break;
    case AttributeType::kN:
      PutNumber(v.n(), out);
      break;
    case AttributeType::kBOOL:
      out->push_back(v.boolean() ? 1 : 0);
      break;
    case AttributeType::kNULL:
      break;
    case AttributeType::kSS:
      PutVarint(v.ss().size(), out);
      for (const auto& s : v.ss()) PutBytes(s, out);
      break;
    case AttributeType::kBS:
      PutVarint(v.bs().size(), out);
      for (const auto& s : v.bs()) PutBytes(s, out);
      break;
    case AttributeType::kNS:
      PutVarint(v.ns().size(), out);
      for (const auto& n : v.ns()) PutNumber(n, out);
      break;
    case AttributeType::kL:
      PutVarint(v.l().size(), out);
      for (const auto& e : v.l()) EncodeValue(e, out);
      break;
    case AttributeType::kM:
      EncodeMap(v.m(), out);
      break;
  }
}

// Reads what the encoder wrote; the payload is trusted (made by MakeRecord).
class Reader {
 public:
  explicit Reader(std::string_view data) : p_(data.data()) {}

  uint64_t Varint() {
    uint64_t v = 0;
    int shift = 0;
    while (true) {
      const uint8_t b = static_cast<uint8_t>(*p_++);
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (b < 0x80) return v;
      shift += 7;
    }
  }
  std::string_view Bytes() {
    const size_t n = Varint();
    std::string_view s(p_, n);
    p_ += n;
    return s;
  }
  uint8_t Byte() { return static_cast<uint8_t>(*p_++); }
  const char* position() const { return p_; }

 private:
  const char* p_;
};

Number DecodeOrderedNumber(std::string_view bytes);

AttributeValue DecodeValue(Reader& r);

AttributeMap DecodeMap(Reader& r) {
  AttributeMap m;
  const size_t n = r.Varint();
  m.Reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string_view name = r.Bytes();
    m.Set(std::string(name),
          DecodeValue(r));  // names arrive sorted: O(1) append
  }
  return m;
}

AttributeValue DecodeValue(Reader& r) {
  const auto type = static_cast<AttributeType>(r.Byte());
  switch (type) {
    case AttributeType::kS:
      return AttributeValue::S(std::string(r.Bytes()));
    case AttributeType::kB:
      return AttributeValue::B(std::string(r.Bytes()));
    case AttributeType::kN:
      return AttributeValue::N(DecodeOrderedNumber(r.Bytes()));
    case AttributeType::kBOOL:
      return AttributeValue::Bool(r.Byte() != 0);
    case AttributeType::kNULL:
      return AttributeValue::Null();
    case AttributeType::kSS:
    case AttributeType::kBS: {
      const size_t n = r.Varint();
      std::vector<std::string> values;
      values.reserve(n);
      for (size_t i = 0; i < n; ++i) values.emplace_back(r.Bytes());
      // Stored sets are valid and canonical; rebuilding cannot fail.
      return *(type == AttributeType::kSS
                   ? AttributeValue::SS(std::move(values))
                   : AttributeValue::BS(std::move(values)));
    }
    case AttributeType::kNS: {
      const size_t n = r.Varint();
      std::vector<Number> values;
      values.reserve(n);
      for (size_t i = 0; i < n; ++i)
        values.push_back(DecodeOrderedNumber(r.Bytes()));
      return *AttributeValue::NS(std::move(values));
    }
    case AttributeType::kL: {
      const size_t n = r.Varint();
      std::vector<AttributeValue> values;
      values.reserve(n);
      for (size_t i = 0; i < n; ++i) values.push_back(DecodeValue(r));
      return AttributeValue::L(std::move(values));
    }
    case AttributeType::kM:
      return AttributeValue::M(DecodeMap(r));
  }
  return AttributeValue::Null();
}

// Inverse of Number::AppendOrderedBytes.
Number DecodeOrderedNumber(std::string_view bytes) {
  const auto tag = static_cast<uint8_t>(bytes[0]);
  if (tag == 1) return Number();
  const bool negative = tag == 0;
  const uint8_t flip = negative ? 0xff : 0x00;
  const int top = ((static_cast<uint8_t>(bytes[1]) ^ flip) << 8 |
                   (static_cast<uint8_t>(bytes[2]) ^ flip)) -
                  1000;
  const size_t end = negative ? bytes.size() - 1 : bytes.size();
  unsigned __int128 coefficient = 0;
  int digits = 0;
  for (size_t i = 3; i < end; ++i, ++digits) {
    coefficient =
        coefficient * 10 +
        static_cast<unsigned>((static_cast<uint8_t>(bytes[i]) ^ flip) - '0');
  }
  return Number::FromRaw(Number::Raw{static_cast<uint64_t>(coefficient),
                                     static_cast<uint64_t>(coefficient >> 64),
                                     static_cast<int16_t>(top - digits + 1),
                                     negative});
}

}  // namespace

void AppendKeyBytes(const AttributeValue& value, std::string* out) {
  switch (value.type()) {
    case AttributeType::kS:
      out->append(value.s());
      break;
    case AttributeType::kB:
      out->append(value.b());
      break;
    case AttributeType::kN:
      value.n().AppendOrderedBytes(out);
      break;
    default:
      break;
  }
}

std::string KeyBytes(const AttributeValue& value) {
  std::string out;
  AppendKeyBytes(value, &out);
  return out;
}

uint64_t HashPartitionKey(std::string_view pk_bytes) {
  return XXH3_64bits(pk_bytes.data(), pk_bytes.size());
}

struct RecordBuilder {
  static RecordPtr Build(const Item& item, const KeyNames& keys) {
    thread_local std::string payload;
    payload.clear();
    uint32_t offsets[Record::kMaxKeys] = {};
    uint16_t sizes[Record::kMaxKeys] = {};
    PutVarint(item.size(), &payload);
    for (const auto& e : item) {
      PutBytes(e.name, &payload);
      EncodeValue(e.value, &payload);
      for (int i = 0; i < Record::kMaxKeys; ++i) {
        if (keys[i].empty() || e.name != keys[i]) continue;
        // The key's bytes are the tail of what EncodeValue just wrote:
        // type, varint length, bytes.
        const size_t bytes = KeyBytesSize(e.value);
        offsets[i] = static_cast<uint32_t>(payload.size() - bytes);
        sizes[i] = static_cast<uint16_t>(bytes);
      }
    }
    void* block = std::malloc(sizeof(Record) + payload.size());
    if (block == nullptr)
      std::abort();  // out of memory is not a DynamoDB error
    Record* r = new (block) Record;
    r->hash_ = HashPartitionKey(
        std::string_view(payload).substr(offsets[0], sizes[0]));
    r->item_size_ = static_cast<uint32_t>(ItemSizeBytes(item));
    r->payload_size_ = static_cast<uint32_t>(payload.size());
    for (int i = 0; i < Record::kMaxKeys; ++i) {
      r->key_offset_[i] = offsets[i];
      r->key_size_[i] = sizes[i];
    }
    std::memcpy(r + 1, payload.data(), payload.size());
    return RecordPtr(r);
  }
};

RecordPtr MakeRecord(const Item& item, const KeyNames& keys) {
  return RecordBuilder::Build(item, keys);
}

Item Record::Decode() const {
  Reader r(payload());
  return DecodeMap(r);
}

}  // namespace eddy::storage
