// Copyright 2026 The eddy Authors.
//
// The lexer shared by every DynamoDB expression language (condition, filter,
// key condition, update, projection), and the token cursor their
// recursive-descent parsers read from.
//
// Tokens carry their exact text and byte offsets, so a syntax error can quote
// the input the way DynamoDB does: `Syntax error; token: "<tok>", near:
// "<ctx>"`, where <ctx> is the input from the start of the token before the
// offending one to the end of the token after it (`token: ")", near: "()"`,
// `token: "<EOF>", near: "#flag"`, `token: "a", near: "[a]"`).
//
//   std::vector<Token> tokens = Tokenize("a.b[1] = :v");
//   TokenCursor cursor("a.b[1] = :v", tokens, ExpressionKind::kCondition);
//   if (cursor.Peek().kind != TokenKind::kName) return cursor.SyntaxError();
//
// Keywords (AND, OR, NOT, BETWEEN, IN, SET, REMOVE, ADD, DELETE) are lexed as
// kName and recognised by the parser, case-insensitively (IsKeyword). Any
// byte that starts no token becomes a one-character kUnknown token (a whole
// UTF-8 sequence for non-ASCII), which no grammar accepts.
//
// Thread safety: Tokenize is pure; a TokenCursor is not thread-safe.

#ifndef EDDY_EMULATOR_EXPR_LEXER_H_
#define EDDY_EMULATOR_EXPR_LEXER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/expression_kind.h"

namespace eddy::expr {

enum class TokenKind : uint8_t {
  kName,              // [A-Za-z_][A-Za-z0-9_]*  (also keywords, functions)
  kNamePlaceholder,   // #[A-Za-z0-9_]+
  kValuePlaceholder,  // :[A-Za-z0-9_]+
  kNumber,            // [0-9]+  (list indexes)
  kLeftParen,         // (
  kRightParen,        // )
  kLeftBracket,       // [
  kRightBracket,      // ]
  kComma,             // ,
  kDot,               // .
  kEq,                // =
  kNe,                // <>
  kLt,                // <
  kLe,                // <=
  kGt,                // >
  kGe,                // >=
  kPlus,              // +
  kMinus,             // -
  kUnknown,           // anything else, one character
  kEof,               // end of input; text is empty
};

struct Token {
  TokenKind kind;
  std::string_view text;  // a view into the expression text
  size_t begin;           // byte offsets into the expression text
  size_t end;
};

// Splits `text` into tokens, skipping blanks (space, tab, CR, LF). The last
// token is always kEof. Never fails: bad input yields kUnknown tokens.
std::vector<Token> Tokenize(std::string_view text);

// True when `token` is a kName equal to `keyword` ignoring ASCII case.
// REQUIRES: `keyword` is upper-case.
bool IsKeyword(const Token& token, std::string_view keyword);

// A read position in a token vector, with DynamoDB's syntax-error form.
// REQUIRES: `text` and `tokens` outlive the cursor; tokens end with kEof.
class TokenCursor {
 public:
  TokenCursor(std::string_view text, const std::vector<Token>& tokens,
              ExpressionKind kind)
      : text_(text), tokens_(tokens), kind_(kind) {}

  const Token& Peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  // The token before the current one; null at the start.
  const Token* Previous() const {
    return pos_ == 0 ? nullptr : &tokens_[pos_ - 1];
  }
  bool AtEnd() const { return Peek().kind == TokenKind::kEof; }
  // Returns the current token and moves past it (not past kEof).
  const Token& Next() {
    const Token& t = Peek();
    if (t.kind != TokenKind::kEof) ++pos_;
    return t;
  }
  // Consumes the current token when it has kind `kind`.
  bool Accept(TokenKind kind) {
    if (Peek().kind != kind) return false;
    Next();
    return true;
  }
  bool AcceptKeyword(std::string_view keyword) {
    if (!IsKeyword(Peek(), keyword)) return false;
    Next();
    return true;
  }
  size_t position() const { return pos_; }

  ExpressionKind kind() const { return kind_; }
  std::string_view text() const { return text_; }

  // "Invalid <K>Expression: Syntax error; token: "<tok>", near: "<ctx>"" for
  // the current token.
  Status SyntaxError() const;
  // The same error with the expression kind prefix: InvalidExpression(kind, d).
  Status Error(std::string_view detail) const {
    return InvalidExpression(kind_, detail);
  }

 private:
  std::string_view text_;
  const std::vector<Token>& tokens_;
  ExpressionKind kind_;
  size_t pos_ = 0;
};

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_LEXER_H_
