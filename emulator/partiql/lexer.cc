// Copyright 2026 The eddy Authors.

#include "emulator/partiql/lexer.h"

#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>

#include "emulator/base/utf8.h"
#include "emulator/partiql/internal/keywords.h"

namespace eddy::partiql {
namespace {

using partiql::internal::KeywordAlias;
using partiql::internal::MergeMultiLexeme;

bool IsAsciiAlpha(uint32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsDigit(uint32_t c) { return c >= '0' && c <= '9'; }
bool IsIdentStart(uint32_t c) {
  return IsAsciiAlpha(c) || c == '_' || c == '$';
}
bool IsIdentContinue(uint32_t c) { return IsIdentStart(c) || IsDigit(c); }
bool IsBlank(uint32_t c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' ||
         c == '\n';
}

// The operators spelled as words.
bool IsWordOperator(std::string_view w) {
  switch (w.size()) {
    case 2:
      return w == "or" || w == "is" || w == "in";
    case 3:
      return w == "and" || w == "not";
    case 4:
      return w == "like";
    case 5:
      return w == "union";
    case 6:
      return w == "except";
    case 7:
      return w == "between";
    case 9:
      return w == "intersect";
    default:
      return false;
  }
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Walks the text by code point, tracking line and column the way
// partiql-lang-kotlin does (CR, LF and CR LF each end a line).
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  bool AtEnd() const { return pos_ >= text_.size(); }
  size_t pos() const { return pos_; }
  size_t size() const { return text_.size(); }
  std::string_view Slice(size_t begin) const {
    return text_.substr(begin, pos_ - begin);
  }

  // The code point at the current position without consuming it; 0 at end.
  uint32_t Peek(size_t ahead = 0) const {
    // ASCII, the common case, needs no decoding.
    if (pos_ + ahead < text_.size()) {
      bool ascii = true;
      for (size_t k = 0; k <= ahead; ++k) {
        ascii = ascii && static_cast<unsigned char>(text_[pos_ + k]) < 0x80;
      }
      if (ascii) return static_cast<unsigned char>(text_[pos_ + ahead]);
    }
    size_t p = pos_;
    uint32_t cp = 0;
    for (size_t k = 0; k <= ahead; ++k) {
      if (p >= text_.size()) return 0;
      size_t len = 0;
      cp = Decode(p, &len);
      p += len;
    }
    return cp;
  }

  // Consumes one code point and returns it.
  uint32_t Next() {
    unsigned char c = static_cast<unsigned char>(text_[pos_]);
    if (c < 0x80) {
      ++pos_;
      Advance(c);
      return c;
    }
    size_t len = 0;
    uint32_t cp = Decode(pos_, &len);
    pos_ += len;
    Advance(cp);
    return cp;
  }

  int64_t line() const { return line_; }
  int64_t column() const { return column_; }

 private:
  // Decodes the UTF-8 sequence at `p`; a malformed byte is its own code
  // point (it can only ever be part of a quoted text or an error).
  uint32_t Decode(size_t p, size_t* len) const {
    unsigned char c = static_cast<unsigned char>(text_[p]);
    size_t n = 1;
    uint32_t cp = c;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      cp = c & 0x07;
    }
    if (n > 1) {
      if (p + n > text_.size()) {
        *len = 1;
        return c;
      }
      for (size_t k = 1; k < n; ++k) {
        unsigned char d = static_cast<unsigned char>(text_[p + k]);
        if ((d & 0xC0) != 0x80) {
          *len = 1;
          return c;
        }
        cp = (cp << 6) | (d & 0x3F);
      }
    }
    *len = n;
    return cp;
  }

  void Advance(uint32_t cp) {
    if (cp == '\r') {
      if (saw_cr_) NewLine();
      saw_cr_ = true;
      return;
    }
    if (cp == '\n') {
      NewLine();
      saw_cr_ = false;
      return;
    }
    if (saw_cr_) {
      NewLine();
      saw_cr_ = false;
    }
    ++column_;
  }
  void NewLine() {
    ++line_;
    column_ = 0;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int64_t line_ = 1;
  int64_t column_ = 0;
  bool saw_cr_ = false;
};

// Java's BigDecimal reads the exponent as an int, and the scale (fraction
// digits minus exponent) must be an int too; otherwise the literal cannot be
// read at all.
bool DecimalFitsJava(std::string_view text) {
  size_t e = text.find_first_of("eE");
  size_t point = text.find('.');
  int64_t fraction_digits = 0;
  if (point != std::string_view::npos) {
    size_t end = e == std::string_view::npos ? text.size() : e;
    fraction_digits = static_cast<int64_t>(end - point - 1);
  }
  if (e == std::string_view::npos) return true;
  size_t i = e + 1;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    negative = text[i] == '-';
    ++i;
  }
  int64_t exponent = 0;
  for (; i < text.size(); ++i) {
    exponent = exponent * 10 + (text[i] - '0');
    if (exponent > int64_t{1} << 33) return false;
  }
  if (negative) exponent = -exponent;
  constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  if (exponent < kMin || exponent > kMax) return false;
  int64_t scale = fraction_digits - exponent;
  return scale >= kMin && scale <= kMax;
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : reader_(text) {}

  StatusOr<std::vector<Token>> Run() {
    tokens_.reserve(reader_.size() / 4 + 4);
    while (true) {
      SkipBlanksAndComments();
      if (failed_) return NotWellFormed("");
      if (reader_.AtEnd()) break;
      if (!LexOne()) return NotWellFormed("");
    }
    Token eof;
    eof.type = TokenType::kEof;
    eof.span = SourceSpan{reader_.line(), reader_.column() + 1, 0};
    tokens_.push_back(std::move(eof));
    return std::move(tokens_);
  }

 private:
  void SkipBlanksAndComments() {
    while (!reader_.AtEnd()) {
      uint32_t c = reader_.Peek();
      if (IsBlank(c)) {
        reader_.Next();
      } else if (c == '-' && reader_.Peek(1) == '-') {
        while (!reader_.AtEnd() && reader_.Peek() != '\n' &&
               reader_.Peek() != '\r') {
          reader_.Next();
        }
      } else if (c == '/' && reader_.Peek(1) == '*') {
        reader_.Next();
        reader_.Next();
        bool closed = false;
        while (!reader_.AtEnd()) {
          uint32_t d = reader_.Next();
          if (d == '*' && reader_.Peek() == '/') {
            reader_.Next();
            closed = true;
            break;
          }
        }
        if (!closed) {
          failed_ = true;
          return;
        }
      } else {
        return;
      }
    }
  }

  // Starts a token at the current position: records its line and column.
  // Starts a token at the current position; its line and column are those
  // of its first character once consumed (a pending CR has then ended its
  // line).
  void Begin() { begin_count_ = 0; }
  uint32_t Take() {
    uint32_t cp = reader_.Next();
    if (begin_count_++ == 0) {
      begin_line_ = reader_.line();
      begin_column_ = reader_.column();
    }
    return cp;
  }
  void Emit(TokenType type, std::string text,
            LiteralKind literal = LiteralKind::kNone) {
    Token t;
    t.type = type;
    t.text = std::move(text);
    t.literal = literal;
    t.span = SourceSpan{begin_line_, begin_column_, begin_count_};
    if (type == TokenType::kQuestionMark) t.parameter = ++parameters_;
    MergeMultiLexeme(&tokens_, std::move(t));
  }

  bool LexOne() {
    Begin();
    uint32_t c = reader_.Peek();
    if (IsIdentStart(c)) return LexWord();
    if (IsDigit(c) || (c == '.' && IsDigit(reader_.Peek(1)))) {
      return LexNumber();
    }
    if (c == '\'') return LexQuoted('\'', TokenType::kLiteral);
    if (c == '"') return LexQuoted('"', TokenType::kQuotedIdentifier);
    if (c == '`') return LexIon();
    Take();
    uint32_t next = reader_.Peek();
    switch (c) {
      case '(':
        Emit(TokenType::kLeftParen, "(");
        return true;
      case ')':
        Emit(TokenType::kRightParen, ")");
        return true;
      case '[':
        Emit(TokenType::kLeftBracket, "[");
        return true;
      case ']':
        Emit(TokenType::kRightBracket, "]");
        return true;
      case '{':
        Emit(TokenType::kLeftCurly, "{");
        return true;
      case '}':
        Emit(TokenType::kRightCurly, "}");
        return true;
      case ':':
        Emit(TokenType::kColon, ":");
        return true;
      case ',':
        Emit(TokenType::kComma, ",");
        return true;
      case '*':
        Emit(TokenType::kStar, "*");
        return true;
      case ';':
        Emit(TokenType::kSemicolon, ";");
        return true;
      case '?':
        Emit(TokenType::kQuestionMark, "?");
        return true;
      case '.':
        Emit(TokenType::kDot, ".");
        return true;
      case '%':
      case '=':
      case '@':
      case '+':
      case '-':
      case '/':
        Emit(TokenType::kOperator, std::string(1, static_cast<char>(c)));
        return true;
      case '^':
        return false;  // an operator character that is no operator
      case '|':
        if (next != '|') return false;
        Take();
        Emit(TokenType::kOperator, "||");
        return true;
      case '!':
        if (next != '=') return false;
        Take();
        Emit(TokenType::kOperator, "<>");  // != is an alias of <>
        return true;
      case '<':
        if (next == '=' || next == '>') {
          Take();
          Emit(TokenType::kOperator, next == '=' ? "<=" : "<>");
        } else if (next == '<') {
          Take();
          Emit(TokenType::kLeftDoubleAngle, "<<");
        } else {
          Emit(TokenType::kOperator, "<");
        }
        return true;
      case '>':
        if (next == '=') {
          Take();
          Emit(TokenType::kOperator, ">=");
        } else if (next == '>') {
          Take();
          Emit(TokenType::kRightDoubleAngle, ">>");
        } else {
          Emit(TokenType::kOperator, ">");
        }
        return true;
      default:
        return false;
    }
  }

  bool LexWord() {
    const size_t begin = reader_.pos();
    Take();
    while (!reader_.AtEnd() && IsIdentContinue(reader_.Peek())) Take();
    std::string word(reader_.Slice(begin));
    // No keyword is longer than this; longer words are names.
    if (word.size() > 20) {
      Emit(TokenType::kIdentifier, std::move(word));
      return true;
    }
    std::string lower = Lower(word);
    if (IsWordOperator(lower)) {
      Emit(TokenType::kOperator, lower);
    } else if (lower == "as") {
      Emit(TokenType::kAs, lower);
    } else if (lower == "at") {
      Emit(TokenType::kAt, lower);
    } else if (lower == "by") {
      Emit(TokenType::kBy, lower);
    } else if (lower == "null") {
      Emit(TokenType::kNull, lower);
    } else if (lower == "missing") {
      Emit(TokenType::kMissing, lower);
    } else if (lower == "for") {
      Emit(TokenType::kFor, lower);
    } else if (lower == "asc") {
      Emit(TokenType::kAsc, lower);
    } else if (lower == "desc") {
      Emit(TokenType::kDesc, lower);
    } else if (lower == "true" || lower == "false") {
      Emit(TokenType::kLiteral, lower, LiteralKind::kBool);
    } else if (IsKeyword(lower)) {
      Emit(TokenType::kKeyword, std::string(KeywordAlias(lower)));
    } else {
      Emit(TokenType::kIdentifier, std::move(word));
    }
    return true;
  }

  bool LexNumber() {
    std::string text;
    bool decimal = false;
    auto digits = [&] {
      while (!reader_.AtEnd() && IsDigit(reader_.Peek())) {
        text.push_back(static_cast<char>(Take()));
      }
    };
    bool exponent_allowed = true;
    if (reader_.Peek() == '.') {
      decimal = true;
      text.push_back(static_cast<char>(Take()));
      digits();
    } else {
      digits();
      if (reader_.Peek() == '.') {
        decimal = true;
        text.push_back(static_cast<char>(Take()));
        if (IsDigit(reader_.Peek())) {
          digits();
        } else {
          exponent_allowed = false;  // "1." ends the literal
        }
      }
    }
    if (exponent_allowed && (reader_.Peek() == 'e' || reader_.Peek() == 'E')) {
      decimal = true;
      text.push_back(static_cast<char>(Take()));
      if (reader_.Peek() == '+' || reader_.Peek() == '-') {
        text.push_back(static_cast<char>(Take()));
      }
      if (!IsDigit(reader_.Peek())) return false;
      digits();
    }
    if (decimal && !DecimalFitsJava(text)) return false;
    Emit(TokenType::kLiteral, std::move(text),
         decimal ? LiteralKind::kDecimal : LiteralKind::kInteger);
    return true;
  }

  bool LexQuoted(uint32_t quote, TokenType type) {
    Take();  // the opening quote
    std::string text;
    while (true) {
      if (reader_.AtEnd()) return false;
      uint32_t c = Take();
      if (c == quote) {
        if (reader_.Peek() == quote && !reader_.AtEnd()) {
          Take();
          text.push_back(static_cast<char>(quote));
          continue;
        }
        break;
      }
      AppendUtf8(c, &text);
    }
    Emit(type, std::move(text),
         type == TokenType::kLiteral ? LiteralKind::kString
                                     : LiteralKind::kNone);
    return true;
  }

  // `...`: everything up to the next backtick that is not inside an Ion
  // string. Good enough to find the end; the content is never evaluated.
  bool LexIon() {
    Take();
    std::string text;
    uint32_t in_string = 0;
    while (true) {
      if (reader_.AtEnd()) return false;
      uint32_t c = Take();
      if (in_string != 0) {
        if (c == '\\' && !reader_.AtEnd()) {
          AppendUtf8(c, &text);
          AppendUtf8(Take(), &text);
          continue;
        }
        if (c == in_string) in_string = 0;
      } else if (c == '"' || c == '\'') {
        in_string = c;
      } else if (c == '`') {
        break;
      }
      AppendUtf8(c, &text);
    }
    Emit(TokenType::kIonLiteral, std::move(text));
    return true;
  }

  Reader reader_;
  std::vector<Token> tokens_;
  int64_t parameters_ = 0;
  bool failed_ = false;
  int64_t begin_line_ = 0;
  int64_t begin_column_ = 0;
  int64_t begin_count_ = 0;
};

}  // namespace

namespace {

int Precedence(std::string_view op) {
  if (op == "intersect" || op == "intersect_all" || op == "except" ||
      op == "except_all" || op == "union" || op == "union_all") {
    return 5;
  }
  if (op == "or") return 10;
  if (op == "and") return 20;
  if (op == "not") return 30;
  if (op == "=" || op == "<>" || op == "is" || op == "is_not" || op == "in" ||
      op == "not_in") {
    return 40;
  }
  if (op == "<" || op == "<=" || op == ">" || op == ">=" || op == "between" ||
      op == "not_between" || op == "like" || op == "not_like") {
    return 50;
  }
  if (op == "+" || op == "-" || op == "||") return 60;
  if (op == "/" || op == "%") return 70;
  return 0;
}

// Sets the parser's view of an operator token.
void Classify(Token* t) {
  if (t->type == TokenType::kStar) {
    t->infix_precedence = 70;
    t->binary = true;
    return;
  }
  if (t->type != TokenType::kOperator) return;
  const std::string& op = t->text;
  t->infix_precedence = Precedence(op);
  t->special_infix = op == "between" || op == "not_between" || op == "like" ||
                     op == "not_like";
  t->unary = op == "+" || op == "-" || op == "not";
  t->binary = t->infix_precedence > 0 && !t->special_infix && op != "not";
}

}  // namespace

std::string_view TokenTypeName(TokenType type) {
  static constexpr std::array<std::string_view, 29> kNames = {
      "LEFT_PAREN",
      "RIGHT_PAREN",
      "LEFT_BRACKET",
      "RIGHT_BRACKET",
      "LEFT_CURLY",
      "RIGHT_CURLY",
      "LEFT_DOUBLE_ANGLE_BRACKET",
      "RIGHT_DOUBLE_ANGLE_BRACKET",
      "COLON",
      "COMMA",
      "STAR",
      "SEMICOLON",
      "QUESTION_MARK",
      "DOT",
      "OPERATOR",
      "KEYWORD",
      "IDENTIFIER",
      "QUOTED_IDENTIFIER",
      "LITERAL",
      "NULL",
      "MISSING",
      "ION_LITERAL",
      "AS",
      "AT",
      "BY",
      "FOR",
      "ASC",
      "DESC",
      "EOF",
  };
  return kNames[static_cast<size_t>(type)];
}

Status NotWellFormed(std::string_view detail) {
  std::string message(kNotWellFormed);
  message.append(detail);
  return Status::Validation(std::move(message));
}

bool IsKeyword(std::string_view word) {
  return partiql::internal::IsKeywordText(word);
}

StatusOr<std::vector<Token>> Tokenize(std::string_view text) {
  Lexer lexer(text);
  EDDY_ASSIGN_OR_RETURN(std::vector<Token> tokens, lexer.Run());
  for (Token& t : tokens) Classify(&t);
  return tokens;
}

}  // namespace eddy::partiql
