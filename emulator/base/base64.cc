// Copyright 2026 The eddy Authors.

#include "emulator/base/base64.h"

#include <array>

namespace eddy {
namespace {

constexpr char kAlphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int8_t, 256> MakeDecodeTable() {
  std::array<int8_t, 256> t{};
  for (auto& v : t) v = -1;
  for (int i = 0; i < 64; ++i)
    t[static_cast<unsigned char>(kAlphabet[i])] = static_cast<int8_t>(i);
  return t;
}
constexpr std::array<int8_t, 256> kDecode = MakeDecodeTable();

}  // namespace

void Base64EncodeTo(std::string_view bytes, std::string* out) {
  const size_t n = bytes.size();
  out->reserve(out->size() + (n + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= n; i += 3) {
    uint32_t v = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    out->push_back(kAlphabet[(v >> 18) & 63]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->push_back(kAlphabet[(v >> 6) & 63]);
    out->push_back(kAlphabet[v & 63]);
  }
  if (i + 1 == n) {
    uint32_t v = static_cast<unsigned char>(bytes[i]) << 16;
    out->push_back(kAlphabet[(v >> 18) & 63]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->append("==");
  } else if (i + 2 == n) {
    uint32_t v = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out->push_back(kAlphabet[(v >> 18) & 63]);
    out->push_back(kAlphabet[(v >> 12) & 63]);
    out->push_back(kAlphabet[(v >> 6) & 63]);
    out->push_back('=');
  }
}

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  Base64EncodeTo(bytes, &out);
  return out;
}

bool Base64Decode(std::string_view text, std::string* out, std::string* error) {
  out->clear();
  const size_t n = text.size();
  if (n % 4 != 0) {
    *error =
        "Base64 encoded length is expected a multiple of 4 bytes but found: " +
        std::to_string(n);
    return false;
  }
  size_t padding = 0;
  if (n >= 1 && text[n - 1] == '=') ++padding;
  if (n >= 2 && text[n - 2] == '=') ++padding;
  for (size_t i = 0; i < n - padding; ++i) {
    if (kDecode[static_cast<unsigned char>(text[i])] < 0) {
      *error = std::string("Invalid Base64 character: '") + text[i] + "'";
      return false;
    }
  }
  out->reserve(n / 4 * 3);
  for (size_t i = 0; i < n; i += 4) {
    const bool last = i + 4 == n;
    const size_t pad = last ? padding : 0;
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      v <<= 6;
      if (k < 4 - pad)
        v |= static_cast<uint32_t>(
            kDecode[static_cast<unsigned char>(text[i + k])]);
    }
    out->push_back(static_cast<char>((v >> 16) & 0xff));
    if (pad < 2) out->push_back(static_cast<char>((v >> 8) & 0xff));
    if (pad < 1) out->push_back(static_cast<char>(v & 0xff));
    // Bits that padding leaves unused must be zero (canonical encoding).
    if ((pad == 1 && (v & 0xff) != 0) || (pad == 2 && (v & 0xffff) != 0)) {
      *error = "Invalid last non-pad Base64 character dectected";
      return false;
    }
  }
  return true;
}

}  // namespace eddy
