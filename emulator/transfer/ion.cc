// Copyright 2026 The eddy Authors.
//
// ION text for DynamoDB's ION export (formats.h has the type mapping): a
// writer, and a reader for the text subset an export holds (structs, lists,
// strings, decimals and integers, blobs, bools, nulls, the three set
// annotations), with comments. Anything else is an error.

#include <cctype>

#include "emulator/base/base64.h"
#include "emulator/base/utf8.h"
#include "emulator/transfer/formats.h"
#include "emulator/types/number.h"

namespace eddy::transfer {
namespace {

// --- Writing -----------------------------------------------------------------

void AppendIonString(std::string_view s, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (c == '\n') {
      out->append("\\n");
    } else if (u < 0x20 || u == 0x7f) {
      out->append("\\x");
      out->push_back(kHex[u >> 4]);
      out->push_back(kHex[u & 15]);
    } else {
      out->push_back(c);
    }
  }
  out->push_back('"');
}

bool IsIdentifier(std::string_view s) {
  if (s.empty() || s == "null" || s == "true" || s == "false" || s == "nan") {
    return false;
  }
  if (!std::isalpha(static_cast<unsigned char>(s[0])) && s[0] != '_') {
    return false;
  }
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

void AppendIonFieldName(std::string_view name, std::string* out) {
  if (IsIdentifier(name)) {
    out->append(name);
  } else {
    AppendIonString(name, out);
  }
}

void AppendIonDecimal(const Number& n, std::string* out) {
  const size_t start = out->size();
  n.AppendTo(out);
  // A plain integer would be an ION int: make it a decimal.
  if (out->find('.', start) == std::string::npos) out->push_back('.');
}

void AppendIonBlob(std::string_view bytes, std::string* out) {
  out->append("{{");
  Base64EncodeTo(bytes, out);
  out->append("}}");
}

void AppendIonValue(const AttributeValue& v, std::string* out);

void AppendIonStruct(const AttributeMap& m, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& [name, value] : m) {
    if (!first) out->push_back(',');
    first = false;
    AppendIonFieldName(name, out);
    out->push_back(':');
    AppendIonValue(value, out);
  }
  out->push_back('}');
}

void AppendIonValue(const AttributeValue& v, std::string* out) {
  switch (v.type()) {
    case AttributeType::kS:
      AppendIonString(v.s(), out);
      return;
    case AttributeType::kN:
      AppendIonDecimal(v.n(), out);
      return;
    case AttributeType::kB:
      AppendIonBlob(v.b(), out);
      return;
    case AttributeType::kBOOL:
      out->append(v.boolean() ? "true" : "false");
      return;
    case AttributeType::kNULL:
      out->append("null");
      return;
    case AttributeType::kM:
      AppendIonStruct(v.m(), out);
      return;
    case AttributeType::kL: {
      out->push_back('[');
      bool first = true;
      for (const AttributeValue& e : v.l()) {
        if (!first) out->push_back(',');
        first = false;
        AppendIonValue(e, out);
      }
      out->push_back(']');
      return;
    }
    case AttributeType::kSS:
    case AttributeType::kBS:
    case AttributeType::kNS: {
      const AttributeType t = v.type();
      out->append(t == AttributeType::kSS   ? "$dynamodb_SS::["
                  : t == AttributeType::kNS ? "$dynamodb_NS::["
                                            : "$dynamodb_BS::[");
      const size_t count = v.ElementCount();
      for (size_t i = 0; i < count; ++i) {
        if (i > 0) out->push_back(',');
        if (t == AttributeType::kSS) {
          AppendIonString(v.ss()[i], out);
        } else if (t == AttributeType::kNS) {
          AppendIonDecimal(v.ns()[i], out);
        } else {
          AppendIonBlob(v.bs()[i], out);
        }
      }
      out->push_back(']');
      return;
    }
  }
}

// --- Reading -----------------------------------------------------------------

class IonParser {
 public:
  explicit IonParser(std::string_view text) : text_(text) {}

  StatusOr<std::vector<Item>> Items() {
    std::vector<Item> items;
    SkipSpace();
    while (pos_ < text_.size()) {
      if (text_.substr(pos_).starts_with(kIonVersionMarker)) {
        pos_ += kIonVersionMarker.size();
        SkipSpace();
        continue;
      }
      if (Peek() != '{') return Error("expected {Item:{...}}");
      ++pos_;
      SkipSpace();
      EDDY_ASSIGN_OR_RETURN(std::string name, FieldName());
      if (name != "Item") return Error("expected the field Item");
      EDDY_RETURN_IF_ERROR(Expect(':'));
      EDDY_ASSIGN_OR_RETURN(AttributeValue item, Value(1));
      if (!item.is(AttributeType::kM)) return Error("Item must be a struct");
      SkipSpace();
      if (Peek() == ',') {
        ++pos_;
        SkipSpace();
      }
      EDDY_RETURN_IF_ERROR(Expect('}'));
      items.push_back(item.m());
      SkipSpace();
    }
    return items;
  }

 private:
  Status Error(std::string_view what) const {
    return Status::Validation("invalid ION at offset " + std::to_string(pos_) +
                              ": " + std::string(what));
  }
  char Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool AtEnd() const { return pos_ >= text_.size(); }

  void SkipSpace() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
          c == '\v') {
        ++pos_;
      } else if (text_.substr(pos_).starts_with("//")) {
        const size_t nl = text_.find('\n', pos_);
        pos_ = nl == std::string_view::npos ? text_.size() : nl + 1;
      } else if (text_.substr(pos_).starts_with("/*")) {
        const size_t close = text_.find("*/", pos_ + 2);
        pos_ = close == std::string_view::npos ? text_.size() : close + 2;
      } else {
        return;
      }
    }
  }

  Status Expect(char c) {
    SkipSpace();
    if (Peek() != c) return Error(std::string("expected '") + c + "'");
    ++pos_;
    return Status::OK();
  }

  static bool IdentChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  }

  std::string_view Identifier() {
    const size_t start = pos_;
    while (pos_ < text_.size() && IdentChar(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // A quoted string or symbol ('...' or "..."), at its opening quote.
  StatusOr<std::string> Quoted(char quote) {
    ++pos_;
    std::string out;
    while (true) {
      if (AtEnd()) return Error("unterminated string");
      const char c = text_[pos_++];
      if (c == quote) return out;
      if (c == '\n' && quote == '"') return Error("newline in a string");
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (AtEnd()) return Error("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case 'n':
          out.push_back('\n');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case '0':
          out.push_back('\0');
          break;
        case 'a':
          out.push_back('\a');
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'v':
          out.push_back('\v');
          break;
        case '"':
        case '\'':
        case '\\':
        case '/':
        case '?':
          out.push_back(e);
          break;
        case '\n':
          break;  // line continuation
        case 'x':
        case 'u':
        case 'U': {
          const int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
          if (text_.size() - pos_ < static_cast<size_t>(digits)) {
            return Error("short escape");
          }
          uint32_t cp = 0;
          for (int i = 0; i < digits; ++i) {
            const char h = text_[pos_++];
            if (!std::isxdigit(static_cast<unsigned char>(h))) {
              return Error("bad hex escape");
            }
            cp = cp * 16 + (std::isdigit(static_cast<unsigned char>(h))
                                ? h - '0'
                                : (std::tolower(h) - 'a' + 10));
          }
          if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return Error("bad code point");
          }
          AppendUtf8(cp, &out);
          break;
        }
        default:
          return Error("unknown escape");
      }
    }
  }

  // A string: "..." or one or more '''...''' parts.
  StatusOr<std::string> StringValue() {
    if (Peek() == '"') return Quoted('"');
    std::string out;
    while (text_.substr(pos_).starts_with("'''")) {
      pos_ += 2;  // Quoted skips the third quote as its opening one
      const size_t close = text_.find("'''", pos_ + 1);
      if (close == std::string_view::npos) return Error("unterminated '''");
      // Parse the part's escapes with the single-quote reader on a copy.
      std::string part =
          "'" + std::string(text_.substr(pos_ + 1, close - pos_ - 1)) + "'";
      if (part.find('\'', 1) != part.size() - 1) {
        return Error("quote inside a long string");
      }
      IonParser sub(part);
      EDDY_ASSIGN_OR_RETURN(std::string decoded, sub.Quoted('\''));
      out += decoded;
      pos_ = close + 3;
      SkipSpace();
    }
    return out;
  }

  StatusOr<std::string> FieldName() {
    SkipSpace();
    const char c = Peek();
    if (c == '"') return Quoted('"');
    if (c == '\'') {
      if (text_.substr(pos_).starts_with("'''")) return StringValue();
      return Quoted('\'');
    }
    std::string_view id = Identifier();
    if (id.empty()) return Error("expected a field name");
    return std::string(id);
  }

  StatusOr<std::string> Blob() {
    pos_ += 2;
    const size_t close = text_.find("}}", pos_);
    if (close == std::string_view::npos) return Error("unterminated blob");
    std::string base64;
    for (char c : text_.substr(pos_, close - pos_)) {
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') base64.push_back(c);
    }
    pos_ = close + 2;
    std::string bytes, error;
    if (!base64.empty() && base64.front() == '"') {
      return Error("clobs are not DynamoDB values");
    }
    if (!Base64Decode(base64, &bytes, &error)) {
      return Error("bad base64 in a blob: " + error);
    }
    return bytes;
  }

  StatusOr<Number> NumberValue() {
    const size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
            text_[pos_] == '.' || text_[pos_] == '-' || text_[pos_] == '+' ||
            text_[pos_] == '_')) {
      ++pos_;
    }
    std::string t;
    for (char c : text_.substr(start, pos_ - start)) {
      if (c == '_') continue;
      t.push_back(c == 'd' || c == 'D' ? 'e' : c);
    }
    if (!t.empty() && t.back() == '.') t.pop_back();
    if (t.find('x') != std::string::npos || t.find('X') != std::string::npos ||
        t.find("inf") != std::string::npos) {
      return Error("unsupported number form");
    }
    StatusOr<Number> n = Number::Parse(t);
    if (!n.ok()) return Error("bad number '" + t + "'");
    return n;
  }

  // Elements of a list at its '['.
  template <typename F>
  Status ListElements(F&& each) {
    ++pos_;
    SkipSpace();
    if (Peek() == ']') {
      ++pos_;
      return Status::OK();
    }
    while (true) {
      EDDY_RETURN_IF_ERROR(each());
      SkipSpace();
      if (Peek() == ',') {
        ++pos_;
        SkipSpace();
        if (Peek() == ']') {
          ++pos_;
          return Status::OK();
        }
        continue;
      }
      if (Peek() == ']') {
        ++pos_;
        return Status::OK();
      }
      return Error("expected ',' or ']'");
    }
  }

  StatusOr<AttributeValue> Set(std::string_view annotation, int depth) {
    SkipSpace();
    if (Peek() != '[') return Error("a set must be a list");
    std::vector<std::string> strings;
    std::vector<Number> numbers;
    EDDY_RETURN_IF_ERROR(ListElements([&]() -> Status {
      SkipSpace();
      if (annotation == "$dynamodb_NS") {
        EDDY_ASSIGN_OR_RETURN(Number n, NumberValue());
        numbers.push_back(std::move(n));
      } else if (annotation == "$dynamodb_SS") {
        if (Peek() != '"' && Peek() != '\'') return Error("SS needs strings");
        EDDY_ASSIGN_OR_RETURN(std::string s, StringValue());
        strings.push_back(std::move(s));
      } else {
        if (!text_.substr(pos_).starts_with("{{")) {
          return Error("BS needs blobs");
        }
        EDDY_ASSIGN_OR_RETURN(std::string b, Blob());
        strings.push_back(std::move(b));
      }
      return Status::OK();
    }));
    (void)depth;
    if (annotation == "$dynamodb_NS") return AttributeValue::NS(numbers);
    if (annotation == "$dynamodb_SS") return AttributeValue::SS(strings);
    return AttributeValue::BS(strings);
  }

  StatusOr<AttributeValue> Value(int depth) {
    if (depth > kMaxNesting) return Error("nested too deeply");
    SkipSpace();
    if (AtEnd()) return Error("unexpected end");
    const char c = Peek();
    // An annotation: identifier:: or 'symbol'::
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '$' || c == '_' ||
        (c == '\'' && !text_.substr(pos_).starts_with("'''"))) {
      const size_t start = pos_;
      std::string word;
      if (c == '\'') {
        EDDY_ASSIGN_OR_RETURN(word, Quoted('\''));
      } else {
        word = std::string(Identifier());
      }
      SkipSpace();
      if (text_.substr(pos_).starts_with("::")) {
        pos_ += 2;
        if (word == "$dynamodb_SS" || word == "$dynamodb_NS" ||
            word == "$dynamodb_BS") {
          return Set(word, depth);
        }
        return Error("unknown annotation '" + word + "'");
      }
      if (c != '\'') {
        if (word == "true") return AttributeValue::Bool(true);
        if (word == "false") return AttributeValue::Bool(false);
        if (word == "null") {
          if (Peek() == '.') {  // a typed null: null.string etc.
            ++pos_;
            Identifier();
          }
          return AttributeValue::Null();
        }
      }
      pos_ = start;
      return Error("symbols are not DynamoDB values");
    }
    if (c == '"' || c == '\'') {
      EDDY_ASSIGN_OR_RETURN(std::string s, StringValue());
      return AttributeValue::S(std::move(s));
    }
    if (c == '{') {
      if (text_.substr(pos_).starts_with("{{")) {
        EDDY_ASSIGN_OR_RETURN(std::string b, Blob());
        return AttributeValue::B(std::move(b));
      }
      ++pos_;
      AttributeMap m;
      SkipSpace();
      while (Peek() != '}') {
        EDDY_ASSIGN_OR_RETURN(std::string name, FieldName());
        EDDY_RETURN_IF_ERROR(Expect(':'));
        EDDY_ASSIGN_OR_RETURN(AttributeValue v, Value(depth + 1));
        m.Set(std::move(name), std::move(v));
        SkipSpace();
        if (Peek() == ',') {
          ++pos_;
          SkipSpace();
        } else if (Peek() != '}') {
          return Error("expected ',' or '}'");
        }
      }
      ++pos_;
      return AttributeValue::M(std::move(m));
    }
    if (c == '[') {
      std::vector<AttributeValue> list;
      EDDY_RETURN_IF_ERROR(ListElements([&]() -> Status {
        EDDY_ASSIGN_OR_RETURN(AttributeValue v, Value(depth + 1));
        list.push_back(std::move(v));
        return Status::OK();
      }));
      return AttributeValue::L(std::move(list));
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+') {
      EDDY_ASSIGN_OR_RETURN(Number n, NumberValue());
      return AttributeValue::N(std::move(n));
    }
    return Error(std::string("unexpected character"));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

void AppendIonItem(const Item& item, std::string* out) {
  AppendIonStruct(item, out);
}

std::string EncodeIonLine(const Item& item) {
  std::string out = "{Item:";
  AppendIonStruct(item, &out);
  out.push_back('}');
  return out;
}

std::string EncodeIncrementalIonLine(const ItemChange& change,
                                     bool with_old_image) {
  std::string out = "{Metadata:{WriteTimestampMicros:";
  out += std::to_string(change.write_micros);
  out += "},Keys:";
  AppendIonStruct(change.keys, &out);
  if (with_old_image && change.old_image) {
    out += ",OldImage:";
    AppendIonStruct(*change.old_image, &out);
  }
  if (change.new_image) {
    out += ",NewImage:";
    AppendIonStruct(*change.new_image, &out);
  }
  out.push_back('}');
  return out;
}

StatusOr<std::vector<Item>> DecodeIonLine(std::string_view line) {
  return IonParser(line).Items();
}

}  // namespace eddy::transfer
