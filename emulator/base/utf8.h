// Copyright 2026 The eddy Authors.
//
// UTF-8: writing a code point, and measuring (validating) one encoded
// sequence. DynamoDB's strings are UTF-8; the JSON reader, the PartiQL lexer
// and the Ion reader all turn escapes into code points and check raw bytes
// with these two.
//
//   std::string s;
//   AppendUtf8(0x20AC, &s);                        // "\xE2\x82\xAC" (EURO
//   SIGN) size_t n = Utf8SequenceLength(p, end);          // 3, or 0 when
//   invalid
//
// Thread safety: pure functions. Inline: the readers call them per character.

#ifndef EDDY_EMULATOR_BASE_UTF8_H_
#define EDDY_EMULATOR_BASE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace eddy {

// Appends the UTF-8 encoding of `code_point` (1 to 4 bytes).
// REQUIRES: code_point <= 0x10FFFF. Surrogates (D800..DFFF) are encoded as
// given; callers that must refuse them check before calling.
inline void AppendUtf8(uint32_t code_point, std::string* out) {
  const uint32_t cp = code_point;
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Length of the valid UTF-8 sequence starting at p (1 to 4), or 0 when the
// bytes there are not one (overlong, surrogate, above U+10FFFF, truncated,
// a stray continuation byte, C0/C1, F5..FF).
// REQUIRES: p < end.
inline size_t Utf8SequenceLength(const unsigned char* p,
                                 const unsigned char* end) {
  const unsigned char c = p[0];
  if (c < 0x80) return 1;
  auto cont = [&](size_t i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (!cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && p[1] < 0xA0) return 0;  // overlong
    if (c == 0xED && p[1] > 0x9F) return 0;  // surrogate
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && p[1] < 0x90) return 0;  // overlong
    if (c == 0xF4 && p[1] > 0x8F) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;
}

}  // namespace eddy

#endif  // EDDY_EMULATOR_BASE_UTF8_H_
