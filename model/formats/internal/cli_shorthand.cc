// Copyright 2026 The eddy Authors.
//
// The AWS CLI's shorthand syntax (model/formats/internal/cli_shorthand.h).

#include "model/formats/internal/cli_shorthand.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

namespace eddy::model::internal {
namespace {

using Json = nlohmann::ordered_json;

// The CLI's shorthand grammar: keyval *("," keyval); a value is a quoted
// string, an explicit list "[...]", a hash "{...}" or a bare word; a bare
// key's values run on as a comma-separated list until the next "key=".
// Parsed into untyped JSON (strings, arrays, objects), then coerced.

class Shorthand {
 public:
  explicit Shorthand(std::string_view text) : s_(text) {}

  // The whole text as a hash ("a=1,b=2" with no braces).
  StatusOr<Json> ParseHash() {
    Json out = Json::object();
    Status st = KeyVals(&out, /*closing=*/'\0');
    if (!st.ok()) return st;
    SkipSpace();
    if (i_ != s_.size()) return Error("unexpected '" + Rest() + "'");
    return out;
  }

 private:
  Status Error(const std::string& what) const {
    return Status::Validation(what + " at position " + std::to_string(i_) +
                              " of \"" + std::string(s_) + "\"");
  }
  std::string Rest() const {
    return std::string(s_.substr(i_, std::min<size_t>(10, s_.size() - i_)));
  }
  void SkipSpace() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  static bool KeyChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' ||
           c == '_' || c == '.' || c == '#' || c == '/' || c == ':';
  }
  // True when a "key=" starts at i_ (after spaces).
  bool AtKey() const {
    size_t j = i_;
    while (j < s_.size() && s_[j] == ' ') ++j;
    const size_t start = j;
    while (j < s_.size() && KeyChar(s_[j])) ++j;
    while (j < s_.size() && s_[j] == ' ') ++j;
    return j > start && j < s_.size() && s_[j] == '=';
  }

  Status KeyVals(Json* out, char closing) {
    for (;;) {
      SkipSpace();
      const size_t start = i_;
      while (i_ < s_.size() && KeyChar(s_[i_])) ++i_;
      if (i_ == start) return Error("expected a key");
      std::string key(s_.substr(start, i_ - start));
      SkipSpace();
      if (i_ >= s_.size() || s_[i_] != '=') {
        return Error("expected '=' after \"" + key + "\"");
      }
      ++i_;
      StatusOr<Json> v = Values(closing);
      if (!v.ok()) return v.status();
      (*out)[key] = *std::move(v);
      SkipSpace();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      return Status::OK();
    }
  }

  // After "key=": a single value, or a comma-separated run of bare values.
  StatusOr<Json> Values(char closing) {
    SkipSpace();
    StatusOr<Json> first = Value(closing, /*in_list=*/false);
    if (!first.ok()) return first;
    if (first->is_object() || first->is_array()) return first;
    Json list = Json::array({*first});
    bool is_list = false;
    while (i_ < s_.size() && s_[i_] == ',') {
      const size_t save = i_;
      ++i_;
      if (AtKey() || i_ >= s_.size()) {
        i_ = save;
        break;
      }
      StatusOr<Json> next = Value(closing, /*in_list=*/false);
      if (!next.ok()) return next;
      list.push_back(*std::move(next));
      is_list = true;
    }
    return is_list ? list : *std::move(first);
  }

  StatusOr<Json> Value(char closing, bool in_list) {
    SkipSpace();
    if (i_ < s_.size() && (s_[i_] == '[' || s_[i_] == '{')) {
      // DynamoDB nests documents 32 levels deep; a deeper value is an error,
      // not a deep recursion.
      if (++depth_ > kMaxDepth) {
        return Error("nested more than " + std::to_string(kMaxDepth) +
                     " levels deep");
      }
      StatusOr<Json> v = Nested();
      --depth_;
      return v;
    }
    return Scalar(closing, in_list);
  }

  StatusOr<Json> Nested() {
    if (s_[i_] == '[') {
      ++i_;
      Json list = Json::array();
      SkipSpace();
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return list;
      }
      for (;;) {
        StatusOr<Json> v = Value(']', /*in_list=*/true);
        if (!v.ok()) return v;
        list.push_back(*std::move(v));
        SkipSpace();
        if (i_ < s_.size() && s_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < s_.size() && s_[i_] == ']') {
          ++i_;
          return list;
        }
        return Error("expected ',' or ']'");
      }
    }
    {
      ++i_;
      Json hash = Json::object();
      SkipSpace();
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return hash;
      }
      Status st = KeyVals(&hash, '}');
      if (!st.ok()) return st;
      SkipSpace();
      if (i_ >= s_.size() || s_[i_] != '}') return Error("expected '}'");
      ++i_;
      return hash;
    }
  }

  StatusOr<Json> Scalar(char closing, bool in_list) {
    if (i_ < s_.size() && (s_[i_] == '\'' || s_[i_] == '"')) {
      const char q = s_[i_];
      std::string v;
      ++i_;
      while (i_ < s_.size() && s_[i_] != q) {
        if (s_[i_] == '\\' && i_ + 1 < s_.size() && s_[i_ + 1] == q) ++i_;
        v.push_back(s_[i_++]);
      }
      if (i_ >= s_.size()) return Error("unterminated quote");
      ++i_;
      return Json(v);
    }
    std::string v;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == ',') break;
      if ((c == ']' && (in_list || closing == ']')) ||
          (c == '}' && closing == '}')) {
        break;
      }
      if (c == '\\' && i_ + 1 < s_.size()) {
        v.push_back(s_[i_ + 1]);
        i_ += 2;
        continue;
      }
      v.push_back(c);
      ++i_;
    }
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.pop_back();
    return Json(v);
  }

  static constexpr int kMaxDepth = 64;
  std::string_view s_;
  size_t i_ = 0;
  int depth_ = 0;
};

}  // namespace

StatusOr<nlohmann::ordered_json> ParseCliShorthand(std::string_view text) {
  return Shorthand(text).ParseHash();
}

}  // namespace eddy::model::internal
