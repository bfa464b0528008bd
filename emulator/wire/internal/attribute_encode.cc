// Copyright 2026 The eddy Authors.
//
// The encoding half of attribute_codec.h: attribute values, items and JSON
// strings written as DynamoDB JSON (always valid UTF-8); the decoder is in
// attribute_codec.cc.

#include <charconv>
#include <cstring>
#include <string>
#include <string_view>

#include "emulator/base/base64.h"
#include "emulator/base/utf8.h"
#include "emulator/wire/internal/attribute_codec.h"

namespace eddy::wire::internal {

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

// Writes into a std::string through a raw pointer: the string's size is
// raised by a step whenever a write would not fit (its capacity grows by
// doubling, as std::string grows), and cut to what was written when the
// TextOut ends. So the zero-filling of resize costs O(output + 1 KB per
// TextOut), even when many TextOuts append to one large buffer.
// std::string's own push_back / append are calls per piece, which made them
// most of the encoding time.
class TextOut {
 public:
  explicit TextOut(std::string* s) : s_(s) {
    const size_t used = s_->size();
    s_->resize(used + 256);
    p_ = s_->data() + used;
    end_ = s_->data() + s_->size();
  }
  ~TextOut() { s_->resize(static_cast<size_t>(p_ - s_->data())); }
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;

  // Room for n more bytes.
  void Ensure(size_t n) {
    if (static_cast<size_t>(end_ - p_) < n) Grow(n);
  }
  // REQUIRES: room (Ensure).
  void Put(char c) { *p_++ = c; }
  void Put(const char* data, size_t n) {
    std::memcpy(p_, data, n);
    p_ += n;
  }
  template <size_t N>
  void Put(const char (&literal)[N]) {
    Put(literal, N - 1);
  }
  // Ensures room itself.
  void Append(char c) {
    Ensure(1);
    Put(c);
  }

 private:
  __attribute__((noinline)) void Grow(size_t n) {
    const size_t used = static_cast<size_t>(p_ - s_->data());
    s_->resize(used + std::max(2 * n, size_t{1024}));
    p_ = s_->data() + used;
    end_ = s_->data() + s_->size();
  }

  std::string* s_;
  char* p_;
  char* end_;
};

// The first byte of s that is not plain string content (see
// JsonSpecialBytes), or s.size(). Eight bytes at a time, the last eight
// overlapping so that nothing outside s is read.
size_t FirstSpecial(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  if (n < 8) {
    // Two overlapping 4-byte loads cover 4..7 bytes; fewer go one by one.
    uint64_t w = 0x6161616161616161ULL;  // "aaaaaaaa": plain
    if (n >= 4) {
      uint32_t head, tail;
      std::memcpy(&head, p, 4);
      std::memcpy(&tail, p + n - 4, 4);
      w = head | (static_cast<uint64_t>(tail) << 32);
    } else {
      for (size_t i = 0; i < n; ++i) {
        w = (w << 8) | static_cast<unsigned char>(p[n - 1 - i]);
      }
    }
    if (JsonSpecialBytes(w) == 0) return n;
    for (size_t i = 0; i < n; ++i) {
      const unsigned char c = static_cast<unsigned char>(p[i]);
      if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return i;
    }
    return n;
  }
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    if (const uint64_t special = JsonSpecialBytes(w); special != 0)
      return i + __builtin_ctzll(special) / 8;
  }
  if (i == n) return n;
  uint64_t w;
  std::memcpy(&w, p + n - 8, 8);
  // Only the bytes from i on: the top (n - i) bytes of w.
  const uint64_t special = JsonSpecialBytes(w) >> (8 * (8 - (n - i)));
  return special == 0 ? n : i + __builtin_ctzll(special) / 8;
}

void PutJsonString(std::string_view s, TextOut& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.Ensure(s.size() + 2);
  out.Put('"');
  const size_t first = FirstSpecial(s);
  if (first == s.size()) {  // the common case: nothing to escape or replace
    out.Put(s.data(), s.size());
    out.Put('"');
    return;
  }
  const char* p = s.data() + first;
  const char* const end = s.data() + s.size();
  const char* run = s.data();  // start of the bytes not yet copied
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
      out.Put(run, static_cast<size_t>(p - run));
      p += IllFormedLength(u, uend);
      out.Ensure(3 + static_cast<size_t>(end - p) + 1);
      out.Put("\xEF\xBF\xBD");  // U+FFFD
      run = p;
      continue;
    }
    if (c != '"' && c != '\\' && c >= 0x20) {
      ++p;
      continue;
    }
    out.Put(run, static_cast<size_t>(p - run));
    ++p;
    out.Ensure(6 + static_cast<size_t>(end - p) + 1);
    switch (c) {
      case '"':
        out.Put("\\\"");
        break;
      case '\\':
        out.Put("\\\\");
        break;
      case '\n':
        out.Put("\\n");
        break;
      case '\r':
        out.Put("\\r");
        break;
      case '\t':
        out.Put("\\t");
        break;
      case '\b':
        out.Put("\\b");
        break;
      case '\f':
        out.Put("\\f");
        break;
      default: {
        const char esc[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
        out.Put(esc, 6);
      }
    }
    run = p;
  }
  out.Put(run, static_cast<size_t>(end - run));
  out.Put('"');
}

// `scratch` is reused for the text of numbers and base64.
void PutItem(const Item& item, TextOut& out, std::string& scratch);

// Number::AppendTo's text, written from the number's raw form with a 64-bit
// conversion when the coefficient fits (every number of up to 19 digits);
// AppendTo divides 128-bit values digit by digit, which was a fifth of the
// encoding time. attribute_json_test checks both agree (NumbersPrintAsTypes).
void PutNumber(const Number& n, TextOut& out) {
  const Number::Raw raw = n.raw();
  char digits[48];
  char* d_end;
  if (raw.hi == 0) {
    d_end = std::to_chars(digits, digits + sizeof(digits), raw.lo).ptr;
  } else {
    using u128 = unsigned __int128;
    constexpr uint64_t kTen19 = 10'000'000'000'000'000'000ULL;
    const u128 v = (static_cast<u128>(raw.hi) << 64) | raw.lo;
    d_end = std::to_chars(digits, digits + sizeof(digits),
                          static_cast<uint64_t>(v / kTen19))
                .ptr;
    char low[20];
    char* low_end =
        std::to_chars(low, low + sizeof(low), static_cast<uint64_t>(v % kTen19))
            .ptr;
    const size_t low_len = static_cast<size_t>(low_end - low);
    std::memset(d_end, '0', 19 - low_len);
    std::memcpy(d_end + (19 - low_len), low, low_len);
    d_end += 19;
  }
  const int nd = static_cast<int>(d_end - digits);
  const int e = raw.exponent;
  // Sign, digits, point and zeros: at most 1 + 38 + 2 + 130 bytes.
  out.Ensure(static_cast<size_t>(nd) + 4 + static_cast<size_t>(e < 0 ? -e : e));
  out.Put('"');
  if (raw.negative && (raw.lo != 0 || raw.hi != 0)) out.Put('-');
  if (raw.lo == 0 && raw.hi == 0) {
    out.Put('0');
  } else if (e >= 0) {
    out.Put(digits, static_cast<size_t>(nd));
    for (int i = 0; i < e; ++i) out.Put('0');
  } else if (-e < nd) {
    const int point = nd + e;
    out.Put(digits, static_cast<size_t>(point));
    out.Put('.');
    out.Put(digits + point, static_cast<size_t>(nd - point));
  } else {
    out.Put("0.");
    for (int i = 0; i < -e - nd; ++i) out.Put('0');
    out.Put(digits, static_cast<size_t>(nd));
  }
  out.Put('"');
}

void PutBase64(std::string_view bytes, TextOut& out, std::string& scratch) {
  scratch.clear();
  Base64EncodeTo(bytes, &scratch);
  out.Ensure(scratch.size() + 2);
  out.Put('"');
  out.Put(scratch.data(), scratch.size());
  out.Put('"');
}

void PutValue(const AttributeValue& value, TextOut& out, std::string& scratch) {
  out.Ensure(16);
  switch (value.type()) {
    case AttributeType::kS:
      out.Put("{\"S\":");
      PutJsonString(value.s(), out);
      break;
    case AttributeType::kN:
      out.Put("{\"N\":");
      PutNumber(value.n(), out);
      break;
    case AttributeType::kB:
      out.Put("{\"B\":");
      PutBase64(value.b(), out, scratch);
      break;
    case AttributeType::kBOOL:
      if (value.boolean()) {
        out.Put("{\"BOOL\":true");
      } else {
        out.Put("{\"BOOL\":false");
      }
      break;
    case AttributeType::kNULL:
      out.Put("{\"NULL\":true");
      break;
    case AttributeType::kSS:
      out.Put("{\"SS\":[");
      for (size_t i = 0; i < value.ss().size(); ++i) {
        if (i) out.Append(',');
        PutJsonString(value.ss()[i], out);
      }
      out.Append(']');
      break;
    case AttributeType::kNS:
      out.Put("{\"NS\":[");
      for (size_t i = 0; i < value.ns().size(); ++i) {
        if (i) out.Append(',');
        PutNumber(value.ns()[i], out);
      }
      out.Append(']');
      break;
    case AttributeType::kBS:
      out.Put("{\"BS\":[");
      for (size_t i = 0; i < value.bs().size(); ++i) {
        if (i) out.Append(',');
        PutBase64(value.bs()[i], out, scratch);
      }
      out.Append(']');
      break;
    case AttributeType::kL:
      out.Put("{\"L\":[");
      for (size_t i = 0; i < value.l().size(); ++i) {
        if (i) out.Append(',');
        PutValue(value.l()[i], out, scratch);
      }
      out.Append(']');
      break;
    case AttributeType::kM:
      out.Put("{\"M\":");
      PutItem(value.m(), out, scratch);
      break;
  }
  out.Append('}');
}

void PutItem(const Item& item, TextOut& out, std::string& scratch) {
  out.Append('{');
  bool first = true;
  for (const auto& e : item) {
    if (!first) out.Append(',');
    first = false;
    PutJsonString(e.name, out);
    out.Append(':');
    PutValue(e.value, out, scratch);
  }
  out.Append('}');
}

}  // namespace

void AppendJsonString(std::string_view s, std::string* out) {
  // Most strings a response writes (member names, table names) need no
  // escape: append them at once.
  if (FirstSpecial(s) == s.size()) {
    out->reserve(out->size() + s.size() + 2);
    out->push_back('"');
    out->append(s);
    out->push_back('"');
    return;
  }
  TextOut o(out);
  PutJsonString(s, o);
}

void AppendValueJson(const AttributeValue& value, std::string* out) {
  TextOut o(out);
  std::string scratch;
  PutValue(value, o, scratch);
}

void AppendItemJson(const Item& item, std::string* out) {
  TextOut o(out);
  std::string scratch;
  PutItem(item, o, scratch);
}

}  // namespace eddy::wire::internal
