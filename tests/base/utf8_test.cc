// Copyright 2026 The eddy Authors.

#include "emulator/base/utf8.h"

#include <string>

#include "gtest/gtest.h"

namespace eddy {
namespace {

size_t Length(const std::string& bytes) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  return Utf8SequenceLength(p, p + bytes.size());
}

TEST(Utf8Test, AppendsOneToFourBytes) {
  std::string s;
  AppendUtf8(0x41, &s);
  EXPECT_EQ(s, "A");
  s.clear();
  AppendUtf8(0xE9, &s);
  EXPECT_EQ(s, "\xC3\xA9");
  s.clear();
  AppendUtf8(0x20AC, &s);
  EXPECT_EQ(s, "\xE2\x82\xAC");
  s.clear();
  AppendUtf8(0x1F600, &s);
  EXPECT_EQ(s, "\xF0\x9F\x98\x80");
  s.clear();
  AppendUtf8(0x10FFFF, &s);
  EXPECT_EQ(s, "\xF4\x8F\xBF\xBF");
}

TEST(Utf8Test, MeasuresValidSequences) {
  EXPECT_EQ(Length("A"), 1u);
  EXPECT_EQ(Length("\xC3\xA9x"), 2u);
  EXPECT_EQ(Length("\xE2\x82\xAC"), 3u);
  EXPECT_EQ(Length("\xF0\x9F\x98\x80"), 4u);
  EXPECT_EQ(Length("\xF4\x8F\xBF\xBF"), 4u);
}

TEST(Utf8Test, RefusesInvalidSequences) {
  EXPECT_EQ(Length("\x80"), 0u);              // stray continuation
  EXPECT_EQ(Length("\xC0\x80"), 0u);          // overlong NUL
  EXPECT_EQ(Length("\xC1\xBF"), 0u);          // overlong
  EXPECT_EQ(Length("\xE0\x80\x80"), 0u);      // overlong 3-byte
  EXPECT_EQ(Length("\xED\xA0\x80"), 0u);      // surrogate D800
  EXPECT_EQ(Length("\xF0\x80\x80\x80"), 0u);  // overlong 4-byte
  EXPECT_EQ(Length("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(Length("\xF5\x80\x80\x80"), 0u);
  EXPECT_EQ(Length("\xE2\x82"), 0u);  // truncated
  EXPECT_EQ(Length("\xC3"), 0u);
}

TEST(Utf8Test, RoundTripsEveryScalarValueLength) {
  for (uint32_t cp : {0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xD7FFu, 0xE000u, 0xFFFFu,
                      0x10000u, 0x10FFFFu}) {
    std::string s;
    AppendUtf8(cp, &s);
    EXPECT_EQ(Length(s), s.size()) << cp;
  }
}

}  // namespace
}  // namespace eddy
