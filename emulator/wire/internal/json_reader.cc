// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/json_reader.h"

#include <cstring>

#include "emulator/base/utf8.h"

namespace eddy::wire::internal {
namespace {

inline int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Four hex digits at p (p + 4 <= end checked by the caller), or -1.
inline int Hex4(const char* p) {
  int v = 0;
  for (int i = 0; i < 4; ++i) {
    const int d = HexValue(p[i]);
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

}  // namespace

void JsonReader::Fail(Error e) {
  if (error_ == Error::kNone) error_ = e;
  pos_ = end_;
}

JsonType JsonReader::PeekOther() {
  switch (*pos_) {
    case 't':
      if (end_ - pos_ >= 4 && std::memcmp(pos_, "true", 4) == 0)
        return JsonType::kTrue;
      break;
    case 'f':
      if (end_ - pos_ >= 5 && std::memcmp(pos_, "false", 5) == 0)
        return JsonType::kFalse;
      break;
    case 'n':
      if (end_ - pos_ >= 4 && std::memcmp(pos_, "null", 4) == 0)
        return JsonType::kNull;
      break;
    case '}':
    case ']':
      return JsonType::kNone;
    default:
      if (*pos_ == '-' || (*pos_ >= '0' && *pos_ <= '9')) return ScanNumber();
      break;
  }
  Fail(Error::kSyntax);
  return JsonType::kNone;
}

bool JsonReader::NextSlow(char close, std::string_view* key) {
  SkipWhitespace();
  if (pos_ >= end_) {
    Fail(Error::kSyntax);
    return false;
  }
  if (*pos_ == close) {
    ++pos_;
    first_ = false;  // the container was a value of its parent
    return false;
  }
  if (!first_) {
    if (*pos_ != ',') {
      Fail(Error::kSyntax);
      return false;
    }
    ++pos_;
    SkipWhitespace();
    if (pos_ >= end_) {
      Fail(Error::kSyntax);
      return false;
    }
  }
  first_ = false;
  if (key == nullptr) return true;
  if (*pos_ != '"') {
    Fail(Error::kSyntax);
    return false;
  }
  *key = ScanString(&key_scratch_);
  SkipWhitespace();
  if (pos_ >= end_ || *pos_ != ':') {
    Fail(Error::kSyntax);
    return false;
  }
  ++pos_;
  return true;
}

JsonType JsonReader::ScanNumber() {
  const char* p = pos_;
  if (*p == '-') ++p;
  if (p >= end_ || *p < '0' || *p > '9') {
    Fail(Error::kSyntax);
    return JsonType::kNone;
  }
  if (*p == '0') {
    ++p;
  } else {
    while (p < end_ && *p >= '0' && *p <= '9') ++p;
  }
  JsonType type = JsonType::kInteger;
  if (p < end_ && *p == '.') {
    ++p;
    if (p >= end_ || *p < '0' || *p > '9') {
      Fail(Error::kSyntax);
      return JsonType::kNone;
    }
    while (p < end_ && *p >= '0' && *p <= '9') ++p;
    type = JsonType::kDecimal;
  }
  if (p < end_ && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end_ && (*p == '+' || *p == '-')) ++p;
    if (p >= end_ || *p < '0' || *p > '9') {
      Fail(Error::kSyntax);
      return JsonType::kNone;
    }
    while (p < end_ && *p >= '0' && *p <= '9') ++p;
    type = JsonType::kDecimal;
  }
  number_end_ = p;
  return type;
}

std::string_view JsonReader::ScanString(std::string* scratch) {
  // pos_ is at the opening quote.
  const char* const start = pos_ + 1;
  const char* p = start;
  bool copying = false;     // true once an escape moved the string to scratch
  const char* run = start;  // start of the bytes not yet copied
  while (true) {
    while (end_ - p >= 8) {
      uint64_t w;
      std::memcpy(&w, p, 8);
      const uint64_t special = JsonSpecialBytes(w);
      if (special != 0) {
        p += __builtin_ctzll(special) / 8;
        break;
      }
      p += 8;
    }
    if (p >= end_) break;
    const unsigned char c = static_cast<unsigned char>(*p);
    if (c == '"') {
      pos_ = p + 1;
      if (!copying) return std::string_view(start, p - start);
      if (scratch != nullptr) scratch->append(run, p);
      return scratch != nullptr ? std::string_view(*scratch)
                                : std::string_view();
    }
    if (c >= 0x80) {
      const size_t n =
          Utf8SequenceLength(reinterpret_cast<const unsigned char*>(p),
                             reinterpret_cast<const unsigned char*>(end_));
      if (n == 0) {
        Fail(Error::kInvalidUtf8);
        return {};
      }
      p += n;
      continue;
    }
    if (c == '\\') {
      if (!copying) {
        copying = true;
        if (scratch != nullptr) scratch->clear();
      }
      if (scratch != nullptr) scratch->append(run, p);
      if (end_ - p < 2) break;
      const char e = p[1];
      p += 2;
      char simple = 0;
      switch (e) {
        case '"':
        case '\\':
        case '/':
          simple = e;
          break;
        case 'b':
          simple = '\b';
          break;
        case 'f':
          simple = '\f';
          break;
        case 'n':
          simple = '\n';
          break;
        case 'r':
          simple = '\r';
          break;
        case 't':
          simple = '\t';
          break;
        case 'u': {
          if (end_ - p < 4) {
            Fail(Error::kSyntax);
            return {};
          }
          uint32_t cp = static_cast<uint32_t>(Hex4(p));
          if (static_cast<int>(cp) < 0) {
            Fail(Error::kSyntax);
            return {};
          }
          p += 4;
          if (cp >= 0xDC00 && cp <= 0xDFFF) {
            Fail(Error::kInvalidUtf8);  // a low surrogate alone
            return {};
          }
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (end_ - p < 6 || p[0] != '\\' || p[1] != 'u') {
              Fail(Error::kInvalidUtf8);
              return {};
            }
            const int low = Hex4(p + 2);
            if (low < 0) {
              Fail(Error::kSyntax);
              return {};
            }
            if (low < 0xDC00 || low > 0xDFFF) {
              Fail(Error::kInvalidUtf8);
              return {};
            }
            p += 6;
            cp = 0x10000 + ((cp - 0xD800) << 10) +
                 (static_cast<uint32_t>(low) - 0xDC00);
          }
          if (scratch != nullptr) AppendUtf8(cp, scratch);
          break;
        }
        default:
          Fail(Error::kSyntax);
          return {};
      }
      if (simple != 0 && scratch != nullptr) scratch->push_back(simple);
      run = p;
      continue;
    }
    if (c < 0x20) {  // a control character: must be escaped
      Fail(Error::kSyntax);
      return {};
    }
    ++p;  // a plain byte in the last 7
  }
  Fail(Error::kSyntax);  // unterminated
  return {};
}

void JsonReader::Skip() {
  size_t depth = 0;
  while (true) {
    switch (Peek()) {
      case JsonType::kObject:
      case JsonType::kArray: {
        const bool object = *pos_ == '{';
        if (depth / 64 >= skip_stack_.size()) skip_stack_.push_back(0);
        uint64_t& word = skip_stack_[depth / 64];
        const uint64_t bit = uint64_t{1} << (depth % 64);
        word = object ? (word | bit) : (word & ~bit);
        ++depth;
        ++pos_;
        first_ = true;
        break;
      }
      case JsonType::kString:
        ScanString(nullptr);
        break;
      case JsonType::kInteger:
      case JsonType::kDecimal:
        pos_ = number_end_;
        break;
      case JsonType::kTrue:
      case JsonType::kNull:
        pos_ += 4;
        break;
      case JsonType::kFalse:
        pos_ += 5;
        break;
      case JsonType::kNone:
        Fail(Error::kSyntax);  // a closing bracket or the end: no value
        return;
    }
    // Step to the next value, closing the containers that end here.
    while (depth > 0) {
      const bool object =
          (skip_stack_[(depth - 1) / 64] >> ((depth - 1) % 64)) & 1;
      std::string_view key;
      const bool more = object ? NextMember(&key) : NextElement();
      if (!ok()) return;
      if (more) break;
      --depth;
    }
    if (depth == 0 || !ok()) return;
  }
}

size_t JsonReader::CountRemainingFromHere(bool object) const {
  // The reader is before the current value: skip it, then count the rest.
  JsonReader ahead(std::string_view(pos_, static_cast<size_t>(end_ - pos_)));
  ahead.Skip();
  ahead.first_ = false;
  size_t n = 1;
  std::string_view key;
  while (object ? ahead.NextMember(&key) : ahead.NextElement()) {
    ahead.Skip();
    ++n;
  }
  return ahead.ok() ? n : 0;
}

JsonValue JsonReader::SkipValue() {
  JsonValue v;
  v.type = Peek();
  const char* start = pos_;
  Skip();
  v.text = std::string_view(start, pos_ - start);
  return v;
}

bool JsonReader::Finish() {
  SkipWhitespace();
  if (ok() && pos_ != end_) Fail(Error::kSyntax);
  return ok();
}

}  // namespace eddy::wire::internal
