// Copyright 2026 The eddy Authors.
//
// A compact notation for items in test tables, so a row fits on a line:
//
//   Item item = ParseItem(R"({a=1, s="x", l=[1, "y"], m={b=true}, n=null,
//                             ss=<<"a", "b">>, ns=<<1, 2>>, bs=<<b"ab">>,
//                             bin=b"raw"})");
//
// Values: numbers (N), "strings" (S), b"bytes" (B, the raw bytes), true /
// false (BOOL), null (NULL), [..] (L), {key=value, ..} (M), <<..>> (a set;
// its type follows its first element). Keys are bare runs of
// [A-Za-z0-9_:#.-] or "quoted". Inside quotes, \" is a quote, \\ a
// backslash and \xNN any byte. Bad notation aborts the test binary with a
// message: these strings are test data, never user input.
//
// FormatItem / FormatValue print the same notation back, deterministically:
// keys in sorted order (an AttributeMap keeps them sorted), set elements in
// their canonical order, numbers normalized, so
//   FormatItem(ParseItem(text)) is a canonical spelling of `text` and
//   ParseItem(FormatItem(item)) == item.

#ifndef EDDY_TESTS_EXPR_ITEM_NOTATION_H_
#define EDDY_TESTS_EXPR_ITEM_NOTATION_H_

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/types/attribute_value.h"

namespace eddy::expr::testing {

class ItemNotationParser {
 public:
  explicit ItemNotationParser(std::string_view text) : text_(text) {}

  AttributeMap ParseMapTop() {
    AttributeMap map = ParseMap();
    SkipBlanks();
    if (pos_ != text_.size()) Fail("trailing text");
    return map;
  }

  AttributeValue ParseValue() {
    SkipBlanks();
    if (pos_ >= text_.size()) Fail("value expected");
    char c = text_[pos_];
    if (c == '"') return AttributeValue::S(ParseQuoted());
    if (c == 'b' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
      ++pos_;
      return AttributeValue::B(ParseQuoted());
    }
    if (c == '[') {
      ++pos_;
      std::vector<AttributeValue> list;
      SkipBlanks();
      if (Peek() == ']') {
        ++pos_;
        return AttributeValue::L(std::move(list));
      }
      while (true) {
        list.push_back(ParseValue());
        SkipBlanks();
        if (Peek() == ',') {
          ++pos_;
          continue;
        }
        Expect(']');
        return AttributeValue::L(std::move(list));
      }
    }
    if (c == '{') return AttributeValue::M(ParseMap());
    if (c == '<' && text_.substr(pos_, 2) == "<<") return ParseSet();
    if (Consume("true")) return AttributeValue::Bool(true);
    if (Consume("false")) return AttributeValue::Bool(false);
    if (Consume("null")) return AttributeValue::Null();
    size_t begin = pos_;
    while (pos_ < text_.size() &&
           std::string_view("0123456789.-+eE").find(text_[pos_]) !=
               std::string_view::npos) {
      ++pos_;
    }
    StatusOr<AttributeValue> n =
        AttributeValue::ParseN(text_.substr(begin, pos_ - begin));
    if (begin == pos_ || !n.ok()) Fail("bad number");
    return *std::move(n);
  }

 private:
  [[noreturn]] void Fail(const char* what) const {
    std::fprintf(stderr, "item notation: %s at %zu in: %.*s\n", what, pos_,
                 static_cast<int>(text_.size()), text_.data());
    std::abort();
  }
  char Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  void SkipBlanks() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t')) {
      ++pos_;
    }
  }
  void Expect(char c) {
    SkipBlanks();
    if (Peek() != c) Fail("unexpected character");
    ++pos_;
  }
  bool Consume(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  std::string ParseQuoted() {
    Expect('"');
    std::string out;
    while (Peek() != '"') {
      if (pos_ >= text_.size()) Fail("unterminated string");
      char c = text_[pos_++];
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) Fail("unterminated escape");
      char e = text_[pos_++];
      if (e == '"' || e == '\\') {
        out.push_back(e);
      } else if (e == 'x' && pos_ + 2 <= text_.size() &&
                 std::isxdigit(static_cast<unsigned char>(text_[pos_])) &&
                 std::isxdigit(static_cast<unsigned char>(text_[pos_ + 1]))) {
        out.push_back(static_cast<char>(
            std::stoi(std::string(text_.substr(pos_, 2)), nullptr, 16)));
        pos_ += 2;
      } else {
        Fail("bad escape");
      }
    }
    ++pos_;
    return out;
  }
  std::string ParseKey() {
    SkipBlanks();
    if (Peek() == '"') return ParseQuoted();
    size_t begin = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
            std::string_view("_:#.-").find(text_[pos_]) !=
                std::string_view::npos)) {
      ++pos_;
    }
    if (begin == pos_) Fail("key expected");
    return std::string(text_.substr(begin, pos_ - begin));
  }
  AttributeMap ParseMap() {
    Expect('{');
    AttributeMap map;
    SkipBlanks();
    if (Peek() == '}') {
      ++pos_;
      return map;
    }
    while (true) {
      std::string key = ParseKey();
      Expect('=');
      map.Set(std::move(key), ParseValue());
      SkipBlanks();
      if (Peek() == ',') {
        ++pos_;
        continue;
      }
      Expect('}');
      return map;
    }
  }
  AttributeValue ParseSet() {
    pos_ += 2;
    std::vector<AttributeValue> elements;
    while (true) {
      elements.push_back(ParseValue());
      SkipBlanks();
      if (Peek() == ',') {
        ++pos_;
        continue;
      }
      if (!Consume(">>")) Fail(">> expected");
      break;
    }
    StatusOr<AttributeValue> set = Status::Internal("empty");
    if (elements[0].is(AttributeType::kS)) {
      std::vector<std::string> v;
      for (const auto& e : elements) v.push_back(e.s());
      set = AttributeValue::SS(std::move(v));
    } else if (elements[0].is(AttributeType::kN)) {
      std::vector<Number> v;
      for (const auto& e : elements) v.push_back(e.n());
      set = AttributeValue::NS(std::move(v));
    } else {
      std::vector<std::string> v;
      for (const auto& e : elements) v.push_back(e.b());
      set = AttributeValue::BS(std::move(v));
    }
    if (!set.ok()) Fail("bad set");
    return *std::move(set);
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// "{a=1, ...}" -> Item. "" is the empty item.
inline AttributeMap ParseItem(std::string_view text) {
  if (text.empty()) return AttributeMap();
  return ItemNotationParser(text).ParseMapTop();
}

// Appends `bytes` in double quotes, escaping '"', '\\' and bytes outside
// printable ASCII.
inline void AppendQuoted(std::string_view bytes, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (char c : bytes) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (u < 0x20 || u >= 0x7f) {
      out->append("\\x");
      out->push_back(kHex[u >> 4]);
      out->push_back(kHex[u & 0xf]);
    } else {
      out->push_back(c);
    }
  }
  out->push_back('"');
}

inline void AppendValue(const AttributeValue& value, std::string* out);

// A map key bare when ParseKey would read it back whole, else quoted.
inline void AppendKey(std::string_view key, std::string* out) {
  bool bare = !key.empty();
  for (char c : key) {
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        std::string_view("_:#.-").find(c) == std::string_view::npos) {
      bare = false;
    }
  }
  if (bare) {
    out->append(key);
  } else {
    AppendQuoted(key, out);
  }
}

inline void AppendMap(const AttributeMap& map, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& entry : map) {
    if (!first) out->append(", ");
    first = false;
    AppendKey(entry.name, out);
    out->push_back('=');
    AppendValue(entry.value, out);
  }
  out->push_back('}');
}

inline void AppendValue(const AttributeValue& value, std::string* out) {
  switch (value.type()) {
    case AttributeType::kS:
      AppendQuoted(value.s(), out);
      return;
    case AttributeType::kN:
      value.n().AppendTo(out);
      return;
    case AttributeType::kB:
      out->push_back('b');
      AppendQuoted(value.b(), out);
      return;
    case AttributeType::kBOOL:
      out->append(value.boolean() ? "true" : "false");
      return;
    case AttributeType::kNULL:
      out->append("null");
      return;
    case AttributeType::kM:
      AppendMap(value.m(), out);
      return;
    case AttributeType::kL: {
      out->push_back('[');
      bool first = true;
      for (const AttributeValue& element : value.l()) {
        if (!first) out->append(", ");
        first = false;
        AppendValue(element, out);
      }
      out->push_back(']');
      return;
    }
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: {
      out->append("<<");
      bool first = true;
      auto separate = [&] {
        if (!first) out->append(", ");
        first = false;
      };
      if (value.is(AttributeType::kSS)) {
        for (const std::string& s : value.ss()) {
          separate();
          AppendQuoted(s, out);
        }
      } else if (value.is(AttributeType::kNS)) {
        for (const Number& n : value.ns()) {
          separate();
          n.AppendTo(out);
        }
      } else {
        for (const std::string& b : value.bs()) {
          separate();
          out->push_back('b');
          AppendQuoted(b, out);
        }
      }
      out->append(">>");
      return;
    }
  }
}

// The notation of `item`: {a=1, l=["x"], s=<<1, 2>>}; "{}" when empty.
inline std::string FormatItem(const AttributeMap& item) {
  std::string out;
  AppendMap(item, &out);
  return out;
}

inline std::string FormatValue(const AttributeValue& value) {
  std::string out;
  AppendValue(value, &out);
  return out;
}

}  // namespace eddy::expr::testing

#endif  // EDDY_TESTS_EXPR_ITEM_NOTATION_H_
