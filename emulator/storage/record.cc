// Copyright 2026 The eddy Authors.

#include "emulator/storage/record.h"

#include <xxhash.h>

#include <cassert>
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

size_t VarintSize(uint64_t v) {
  size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

char* PutVarint(uint64_t v, char* out) {
  while (v >= 0x80) {
    *out++ = static_cast<char>(v | 0x80);
    v >>= 7;
  }
  *out++ = static_cast<char>(v);
  return out;
}

char* PutBytes(std::string_view bytes, char* out) {
  out = PutVarint(bytes.size(), out);
  std::memcpy(out, bytes.data(), bytes.size());
  return out + bytes.size();
}

size_t BytesSize(std::string_view bytes) {
  return VarintSize(bytes.size()) + bytes.size();
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

char* PutNumber(const Number& n, char* out) {
  const size_t size = OrderedNumberSize(n);
  out = PutVarint(size, out);
  std::string bytes;  // at most 42 bytes
  n.AppendOrderedBytes(&bytes);
  std::memcpy(out, bytes.data(), size);
  return out + size;
}

size_t NumberSize(const Number& n) {
  const size_t size = OrderedNumberSize(n);
  return VarintSize(size) + size;
}

// The encoder runs twice: once to size the record, once to write it into
// the block allocated for it, so an item is encoded without a copy.
size_t ValueSize(const AttributeValue& v);

size_t MapSize(const AttributeMap& m) {
  size_t n = VarintSize(m.size());
  for (const auto& e : m) n += BytesSize(e.name) + ValueSize(e.value);
  return n;
}

size_t ValueSize(const AttributeValue& v) {
  size_t n = 1;  // type
  switch (v.type()) {
    case AttributeType::kS:
      return n + BytesSize(v.s());
    case AttributeType::kB:
      return n + BytesSize(v.b());
    case AttributeType::kN:
      return n + NumberSize(v.n());
    case AttributeType::kBOOL:
      return n + 1;
    case AttributeType::kNULL:
      return n;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      const auto& values = v.is(AttributeType::kSS) ? v.ss() : v.bs();
      n += VarintSize(values.size());
      for (const auto& s : values) n += BytesSize(s);
      return n;
    }
    case AttributeType::kNS:
      n += VarintSize(v.ns().size());
      for (const auto& x : v.ns()) n += NumberSize(x);
      return n;
    case AttributeType::kL:
      n += VarintSize(v.l().size());
      for (const auto& e : v.l()) n += ValueSize(e);
      return n;
    case AttributeType::kM:
      return n + MapSize(v.m());
  }
  return n;
}

char* EncodeValue(const AttributeValue& v, char* out);

char* EncodeMap(const AttributeMap& m, char* out) {
  out = PutVarint(m.size(), out);
  for (const auto& e : m) {
    out = PutBytes(e.name, out);
    out = EncodeValue(e.value, out);
  }
  return out;
}

char* EncodeValue(const AttributeValue& v, char* out) {
  *out++ = static_cast<char>(v.type());
  switch (v.type()) {
    case AttributeType::kS:
      return PutBytes(v.s(), out);
    case AttributeType::kB:
      return PutBytes(v.b(), out);
    case AttributeType::kN:
      return PutNumber(v.n(), out);
    case AttributeType::kBOOL:
      *out++ = v.boolean() ? 1 : 0;
      return out;
    case AttributeType::kNULL:
      return out;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      const auto& values = v.is(AttributeType::kSS) ? v.ss() : v.bs();
      out = PutVarint(values.size(), out);
      for (const auto& s : values) out = PutBytes(s, out);
      return out;
    }
    case AttributeType::kNS:
      out = PutVarint(v.ns().size(), out);
      for (const auto& n : v.ns()) out = PutNumber(n, out);
      return out;
    case AttributeType::kL:
      out = PutVarint(v.l().size(), out);
      for (const auto& e : v.l()) out = EncodeValue(e, out);
      return out;
    case AttributeType::kM:
      return EncodeMap(v.m(), out);
  }
  return out;
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

// Moves past one encoded value.
void SkipValue(Reader& r) {
  const auto type = static_cast<AttributeType>(r.Byte());
  switch (type) {
    case AttributeType::kS:
    case AttributeType::kB:
    case AttributeType::kN:
      r.Bytes();
      return;
    case AttributeType::kBOOL:
      r.Byte();
      return;
    case AttributeType::kNULL:
      return;
    case AttributeType::kSS:
    case AttributeType::kBS:
    case AttributeType::kNS: {
      const size_t n = r.Varint();
      for (size_t i = 0; i < n; ++i) r.Bytes();
      return;
    }
    case AttributeType::kL: {
      const size_t n = r.Varint();
      for (size_t i = 0; i < n; ++i) SkipValue(r);
      return;
    }
    case AttributeType::kM: {
      const size_t n = r.Varint();
      for (size_t i = 0; i < n; ++i) {
        r.Bytes();
        SkipValue(r);
      }
      return;
    }
  }
}

Number DecodeOrderedNumber(std::string_view bytes);

AttributeValue DecodeValue(Reader& r);

AttributeMap DecodeMap(Reader& r) {
  AttributeMap m;
  const size_t n = r.Varint();
  m.Reserve(n);
  for (size_t i = 0; i < n; ++i) {
    std::string_view name = r.Bytes();
    m.AppendSorted(std::string(name), DecodeValue(r));  // names are sorted
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
      // Stored sets are canonical (sorted, unique): no checks needed.
      return type == AttributeType::kSS
                 ? AttributeValue::CanonicalSS(std::move(values))
                 : AttributeValue::CanonicalBS(std::move(values));
    }
    case AttributeType::kNS: {
      const size_t n = r.Varint();
      std::vector<Number> values;
      values.reserve(n);
      for (size_t i = 0; i < n; ++i)
        values.push_back(DecodeOrderedNumber(r.Bytes()));
      return AttributeValue::CanonicalNS(std::move(values));
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

AttributeValue ValueOfKeyBytes(AttributeType type, std::string_view bytes) {
  switch (type) {
    case AttributeType::kN:
      return AttributeValue::N(DecodeOrderedNumber(bytes));
    case AttributeType::kB:
      return AttributeValue::B(std::string(bytes));
    default:
      return AttributeValue::S(std::string(bytes));
  }
}

void AppendEscapedKeyBytes(std::string_view bytes, std::string* out) {
  for (char c : bytes) {
    out->push_back(c);
    if (c == '\0') out->push_back('\xff');
  }
}

void AppendCompositeKeyBytes(const AttributeValue& value, std::string* out) {
  AppendEscapedKeyBytes(KeyBytes(value), out);
  out->push_back('\0');
  out->push_back('\x01');
}

std::string CompositeKeyBytes(std::span<const AttributeValue* const> values) {
  std::string out;
  for (const AttributeValue* v : values) AppendCompositeKeyBytes(*v, &out);
  return out;
}

uint64_t HashPartitionKey(std::string_view pk_bytes) {
  return XXH3_64bits(pk_bytes.data(), pk_bytes.size());
}

struct RecordBuilder {
  static Record* Allocate(size_t payload_size) {
    void* block = std::malloc(sizeof(Record) + payload_size);
    if (block == nullptr)
      std::abort();  // out of memory is not a DynamoDB error
    Record* r = new (block) Record;
    r->refs_.store(1, std::memory_order_relaxed);
    r->view_ = false;
    r->local_keys_ = 0;
    r->payload_size_ = static_cast<uint32_t>(payload_size);
    for (int i = 0; i < Record::kMaxKeys; ++i) {
      r->key_offset_[i] = 0;
      r->key_size_[i] = 0;
    }
    return r;
  }
  static char* Payload(Record* r) { return reinterpret_cast<char*>(r + 1); }
  static void SetKey(Record* r, int i, size_t offset, size_t size) {
    r->key_offset_[i] = static_cast<uint32_t>(offset);
    r->key_size_[i] = static_cast<uint16_t>(size);
  }
  static void Finish(Record* r, int64_t item_size) {
    r->hash_ = HashPartitionKey(r->key(0));
    r->item_size_ = static_cast<uint32_t>(item_size);
  }

  static RecordPtr Build(const Item& item, const KeyNames& keys,
                         int64_t item_size) {
    Record* r = Allocate(MapSize(item));
    char* const begin = Payload(r);
    char* out = PutVarint(item.size(), begin);
    for (const auto& e : item) {
      out = PutBytes(e.name, out);
      out = EncodeValue(e.value, out);
      for (int i = 0; i < Record::kMaxKeys; ++i) {
        if (keys[i].empty() || e.name != keys[i]) continue;
        // The key's bytes are the tail of what EncodeValue just wrote:
        // type, varint length, bytes.
        const size_t bytes = KeyBytesSize(e.value);
        SetKey(r, i, static_cast<size_t>(out - begin) - bytes, bytes);
      }
    }
    Finish(r, item_size >= 0 ? item_size : ItemSizeBytes(item));
    return RecordPtr(r);
  }

  static RecordPtr FromPayload(std::string_view payload,
                               const PayloadFacts& facts) {
    Record* r = Allocate(payload.size());
    std::memcpy(Payload(r), payload.data(), payload.size());
    for (int i = 0; i < 2; ++i) {
      if (!facts.key_type[i]) continue;
      SetKey(r, i,
             static_cast<size_t>(facts.key_bytes[i].data() - payload.data()),
             facts.key_bytes[i].size());
    }
    Finish(r, facts.item_size);
    return RecordPtr(r);
  }

  static RecordPtr BuildWithKeys(const Item& item, std::string_view pk,
                                 std::string_view sk,
                                 std::string_view base_hash_key,
                                 std::string_view base_range_key,
                                 int64_t item_size) {
    const size_t map_size = MapSize(item);
    Record* r = Allocate(map_size + pk.size() + sk.size());
    r->payload_size_ = static_cast<uint32_t>(map_size);  // keys follow it
    char* const begin = Payload(r);
    char* out = PutVarint(item.size(), begin);
    for (const auto& e : item) {
      out = PutBytes(e.name, out);
      out = EncodeValue(e.value, out);
      const std::string_view base[2] = {base_hash_key, base_range_key};
      for (int i = 0; i < 2; ++i) {
        if (base[i].empty() || e.name != base[i]) continue;
        const size_t bytes = KeyBytesSize(e.value);
        SetKey(r, 2 + i, static_cast<size_t>(out - begin) - bytes, bytes);
      }
    }
    std::memcpy(begin + map_size, pk.data(), pk.size());
    std::memcpy(begin + map_size + pk.size(), sk.data(), sk.size());
    SetKey(r, 0, map_size, pk.size());
    SetKey(r, 1, map_size + pk.size(), sk.size());
    Finish(r, item_size >= 0 ? item_size : ItemSizeBytes(item));
    return RecordPtr(r);
  }

  static RecordPtr Retain(const Record& r) {
    assert(!r.view_);
    // As in Share: the caller's reference keeps the count above zero.
    r.refs_.fetch_add(1, std::memory_order_relaxed);
    return RecordPtr(const_cast<Record*>(&r));
  }

  static RecordPtr Share(const Record& source, std::string_view pk,
                         std::string_view sk) {
    // A table item owns its payload; its own keys become the base keys.
    assert(!source.view_);
    // The caller holds a reference to `source`, so no other thread can be
    // dropping its last one: a relaxed increment does.
    source.refs_.fetch_add(1, std::memory_order_relaxed);
    void* block = std::malloc(sizeof(Record) + sizeof(const char*));
    if (block == nullptr) std::abort();
    Record* r = new (block) Record;
    r->view_ = true;
    r->local_keys_ = 0;
    const char* payload = source.data();
    std::memcpy(static_cast<void*>(r + 1), &payload, sizeof(payload));
    r->payload_size_ = source.payload_size_;
    const std::string_view keys[Record::kMaxKeys] = {pk, sk, source.key(0),
                                                     source.key(1)};
    for (int i = 0; i < Record::kMaxKeys; ++i) {
      SetKey(r, i, keys[i].empty() ? 0 : keys[i].data() - payload,
             keys[i].size());
    }
    Finish(r, source.item_size_);
    return RecordPtr(r);
  }

  static RecordPtr ShareWithKeys(const Record& source, std::string_view pk,
                                 std::string_view sk) {
    assert(!source.view_);
    source.refs_.fetch_add(1, std::memory_order_relaxed);
    constexpr size_t kKeys = sizeof(Record) + sizeof(const char*);
    void* block = std::malloc(kKeys + pk.size() + sk.size());
    if (block == nullptr) std::abort();
    Record* r = new (block) Record;
    r->view_ = true;
    r->local_keys_ = 0b11;  // slots 0 and 1 follow the payload pointer
    const char* payload = source.data();
    std::memcpy(static_cast<void*>(r + 1), &payload, sizeof(payload));
    char* const keys = static_cast<char*>(block) + kKeys;
    std::memcpy(keys, pk.data(), pk.size());
    std::memcpy(keys + pk.size(), sk.data(), sk.size());
    r->payload_size_ = source.payload_size_;
    SetKey(r, 0, kKeys, pk.size());
    SetKey(r, 1, kKeys + pk.size(), sk.size());
    // The base keys are the table item's own, in the shared payload.
    SetKey(r, 2, source.key(0).empty() ? 0 : source.key(0).data() - payload,
           source.key(0).size());
    SetKey(r, 3, source.key(1).empty() ? 0 : source.key(1).data() - payload,
           source.key(1).size());
    Finish(r, source.item_size_);
    return RecordPtr(r);
  }
};

void LocateKeys(const Record& r, std::span<const std::string_view> names,
                std::string_view* out) {
  for (size_t i = 0; i < names.size(); ++i) out[i] = std::string_view();
  Reader reader(r.payload());
  const size_t n = reader.Varint();
  size_t i = 0;
  for (size_t k = 0; k < n && i < names.size(); ++k) {
    const std::string_view name = reader.Bytes();
    const char* value = reader.position();
    SkipValue(reader);
    // Both lists are sorted by name: merge them.
    int c = 0;
    while (i < names.size() && (c = names[i].compare(name)) < 0) ++i;
    if (i == names.size() || c != 0) continue;
    const auto type = static_cast<AttributeType>(*value);
    if (type == AttributeType::kS || type == AttributeType::kN ||
        type == AttributeType::kB) {
      Reader key(std::string_view(value + 1, reader.position() - value - 1));
      out[i] = key.Bytes();
    }
    ++i;
  }
}

RecordPtr MakeRecord(const Item& item, const KeyNames& keys,
                     int64_t item_size) {
  return RecordBuilder::Build(item, keys, item_size);
}

RecordPtr ShareRecord(const Record& source, std::string_view pk,
                      std::string_view sk) {
  return RecordBuilder::Share(source, pk, sk);
}

RecordPtr ShareRecordWithKeys(const Record& source, std::string_view pk,
                              std::string_view sk) {
  return RecordBuilder::ShareWithKeys(source, pk, sk);
}

RecordPtr Retain(const Record& r) { return RecordBuilder::Retain(r); }

RecordPtr MakeRecordWithKeys(const Item& item, std::string_view pk,
                             std::string_view sk,
                             std::string_view base_hash_key,
                             std::string_view base_range_key,
                             int64_t item_size) {
  return RecordBuilder::BuildWithKeys(item, pk, sk, base_hash_key,
                                      base_range_key, item_size);
}

void RecordFree::operator()(Record* r) const {
  if (r->view_) {
    Record* owner = const_cast<Record*>(r->owner());
    std::free(r);
    r = owner;
  }
  // A count of 1 is ours alone: nobody else can be adding a view.
  if (r->refs_.load(std::memory_order_acquire) == 1 ||
      r->refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    std::free(r);
  }
}

Item Record::Decode() const {
  Reader r(payload());
  return DecodeMap(r);
}

RecordPtr MakeRecordFromPayload(std::string_view payload,
                                const PayloadFacts& facts) {
  return RecordBuilder::FromPayload(payload, facts);
}

namespace internal {

// untrusted_payload.cc decodes what it has checked with the trusted reader.
Item DecodeCheckedPayload(std::string_view payload) {
  Reader r(payload);
  return DecodeMap(r);
}

}  // namespace internal

}  // namespace eddy::storage
