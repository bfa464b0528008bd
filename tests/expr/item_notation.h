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
// [A-Za-z0-9_:#.-] or "quoted". Bad notation aborts the test binary with a
// message: these strings are test data, never user input.

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
      out.push_back(text_[pos_++]);
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

}  // namespace eddy::expr::testing

#endif  // EDDY_TESTS_EXPR_ITEM_NOTATION_H_
