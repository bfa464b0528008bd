// Copyright 2026 The eddy Authors.
//
// The primitive encodings of eddy's files (docs/persistence.md): LEB128
// varints, little-endian fixed-width integers, length-prefixed strings.
// ByteWriter appends; ByteReader reads with every bound checked and a
// sticky failure, so a decoder written as a straight line of reads checks
// ok() once at the end and never reads past its input.
//
//   ByteWriter w(&out);
//   w.Varint(7);
//   w.String("rentals");
//   ByteReader r(out);
//   uint64_t n = r.Varint();
//   std::string_view name = r.String();
//   if (!r.ok()) return Corrupt(...);
//
// Thread safety: none; each object is used by one thread.

#ifndef EDDY_EMULATOR_ENGINE_PERSIST_CODEC_H_
#define EDDY_EMULATOR_ENGINE_PERSIST_CODEC_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace eddy::engine::persist {

class ByteWriter {
 public:
  explicit ByteWriter(std::string* out) : out_(out) {}

  void Byte(uint8_t b) { out_->push_back(static_cast<char>(b)); }
  void Bool(bool b) { Byte(b ? 1 : 0); }
  void Varint(uint64_t v) {
    while (v >= 0x80) {
      out_->push_back(static_cast<char>(v | 0x80));
      v >>= 7;
    }
    out_->push_back(static_cast<char>(v));
  }
  // Zig-zag, so small negative numbers stay small.
  void Signed(int64_t v) {
    Varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
  }
  void Fixed32(uint32_t v) {
    char b[4];
    for (int i = 0; i < 4; ++i) b[i] = static_cast<char>(v >> (8 * i));
    out_->append(b, 4);
  }
  void Fixed64(uint64_t v) {
    char b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<char>(v >> (8 * i));
    out_->append(b, 8);
  }
  void Double(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    Fixed64(bits);
  }
  void String(std::string_view s) {
    Varint(s.size());
    out_->append(s);
  }

 private:
  std::string* out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view data) : data_(data) {}

  // False once any read ran past the input or found a malformed value;
  // every later read then returns a zero value.
  bool ok() const { return ok_; }
  bool done() const { return pos_ == data_.size(); }
  size_t remaining() const { return data_.size() - pos_; }
  void Fail() { ok_ = false; }

  uint8_t Byte() {
    if (!ok_ || pos_ >= data_.size()) return Failed<uint8_t>();
    return static_cast<uint8_t>(data_[pos_++]);
  }
  bool Bool() {
    const uint8_t b = Byte();
    if (b > 1) Fail();
    return b == 1;
  }
  uint64_t Varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && ok_; shift += 7) {
      if (pos_ >= data_.size()) break;
      const uint8_t b = static_cast<uint8_t>(data_[pos_++]);
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (b < 0x80) return v;
    }
    return Failed<uint64_t>();
  }
  int64_t Signed() {
    const uint64_t z = Varint();
    return static_cast<int64_t>((z >> 1) ^ (~(z & 1) + 1));
  }
  uint32_t Fixed32() {
    if (!ok_ || remaining() < 4) return Failed<uint32_t>();
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<uint32_t>(static_cast<uint8_t>(data_[pos_ + i]))
           << (8 * i);
    pos_ += 4;
    return v;
  }
  uint64_t Fixed64() {
    if (!ok_ || remaining() < 8) return Failed<uint64_t>();
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
      v |= static_cast<uint64_t>(static_cast<uint8_t>(data_[pos_ + i]))
           << (8 * i);
    pos_ += 8;
    return v;
  }
  double Double() {
    const uint64_t bits = Fixed64();
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  std::string_view String() {
    const uint64_t n = Varint();
    if (!ok_ || n > remaining()) return Failed<std::string_view>();
    std::string_view s = data_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  // A count of elements that each take at least `min_bytes` bytes: a
  // count the rest of the input cannot hold is malformed (this bounds what
  // a decoder reserves).
  uint64_t Count(size_t min_bytes = 1) {
    const uint64_t n = Varint();
    if (ok_ && n > remaining() / (min_bytes == 0 ? 1 : min_bytes)) Fail();
    return ok_ ? n : 0;
  }

 private:
  template <typename T>
  T Failed() {
    ok_ = false;
    return T{};
  }
  std::string_view data_;
  size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace eddy::engine::persist

#endif  // EDDY_EMULATOR_ENGINE_PERSIST_CODEC_H_
