// Copyright 2026 The eddy Authors.

#include "emulator/expr/lexer.h"

#include <string>

namespace eddy::expr {
namespace {

bool IsAlpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_'; }
bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Length of the UTF-8 sequence starting with lead byte `c` (1 for bad bytes).
size_t Utf8SequenceLength(unsigned char c) {
  if (c >= 0xF0 && c <= 0xF4) return 4;
  if (c >= 0xE0) return c <= 0xEF ? 3 : 1;
  if (c >= 0xC2) return 2;
  return 1;
}

}  // namespace

std::vector<Token> Tokenize(std::string_view text) {
  std::vector<Token> tokens;
  size_t i = 0;
  const size_t n = text.size();
  auto add = [&](TokenKind kind, size_t begin, size_t end) {
    tokens.push_back(Token{kind, text.substr(begin, end - begin), begin, end});
  };
  while (i < n) {
    char c = text[i];
    if (IsBlank(c)) {
      ++i;
      continue;
    }
    size_t begin = i;
    if (IsAlpha(c) || c == '_') {
      while (i < n && IsWordChar(text[i])) ++i;
      add(TokenKind::kName, begin, i);
      continue;
    }
    if (IsDigit(c)) {
      while (i < n && IsDigit(text[i])) ++i;
      add(TokenKind::kNumber, begin, i);
      continue;
    }
    if (c == '#' || c == ':') {
      ++i;
      while (i < n && IsWordChar(text[i])) ++i;
      if (i - begin == 1) {
        add(TokenKind::kUnknown, begin, i);
      } else {
        add(c == '#' ? TokenKind::kNamePlaceholder
                     : TokenKind::kValuePlaceholder,
            begin, i);
      }
      continue;
    }
    TokenKind kind = TokenKind::kUnknown;
    size_t length = 1;
    char next = i + 1 < n ? text[i + 1] : '\0';
    switch (c) {
      case '(':
        kind = TokenKind::kLeftParen;
        break;
      case ')':
        kind = TokenKind::kRightParen;
        break;
      case '[':
        kind = TokenKind::kLeftBracket;
        break;
      case ']':
        kind = TokenKind::kRightBracket;
        break;
      case ',':
        kind = TokenKind::kComma;
        break;
      case '.':
        kind = TokenKind::kDot;
        break;
      case '=':
        kind = TokenKind::kEq;
        break;
      case '+':
        kind = TokenKind::kPlus;
        break;
      case '-':
        kind = TokenKind::kMinus;
        break;
      case '<':
        if (next == '>') {
          kind = TokenKind::kNe;
          length = 2;
        } else if (next == '=') {
          kind = TokenKind::kLe;
          length = 2;
        } else {
          kind = TokenKind::kLt;
        }
        break;
      case '>':
        if (next == '=') {
          kind = TokenKind::kGe;
          length = 2;
        } else {
          kind = TokenKind::kGt;
        }
        break;
      default:
        length = Utf8SequenceLength(static_cast<unsigned char>(c));
        if (i + length > n) length = n - i;
        break;
    }
    i += length;
    add(kind, begin, i);
  }
  tokens.push_back(Token{TokenKind::kEof, std::string_view(), n, n});
  return tokens;
}

bool IsKeyword(const Token& token, std::string_view keyword) {
  if (token.kind != TokenKind::kName || token.text.size() != keyword.size()) {
    return false;
  }
  for (size_t i = 0; i < keyword.size(); ++i) {
    char c = token.text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != keyword[i]) return false;
  }
  return true;
}

Status TokenCursor::SyntaxError() const {
  const Token& current = Peek();
  size_t begin = current.begin;
  if (const Token* prev = Previous()) begin = prev->begin;
  // At the end of input the context stops after the last real token, so
  // trailing blanks are not quoted.
  size_t end = current.end;
  if (current.kind == TokenKind::kEof) {
    if (const Token* prev = Previous()) end = prev->end;
  } else if (Peek(1).kind != TokenKind::kEof) {
    end = Peek(1).end;
  }
  std::string detail = "Syntax error; token: \"";
  if (current.kind == TokenKind::kEof) {
    detail.append("<EOF>");
  } else {
    detail.append(current.text);
  }
  detail.append("\", near: \"");
  detail.append(text_.substr(begin, end - begin));
  detail.append("\"");
  return Error(detail);
}

}  // namespace eddy::expr
