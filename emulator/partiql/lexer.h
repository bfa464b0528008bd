// Copyright 2026 The eddy Authors.
//
// The PartiQL lexer: splits a statement into the tokens DynamoDB's PartiQL
// parser (partiql-lang-kotlin's SqlLexer) sees, with the same lexical rules,
// so the parser can reproduce its error messages.
//
//   StatusOr<std::vector<Token>> tokens =
//       Tokenize("SELECT * FROM \"Music\" WHERE Artist = ?");
//   // KEYWORD select, STAR, KEYWORD from, QUOTED_IDENTIFIER Music,
//   // KEYWORD where, IDENTIFIER Artist, OPERATOR =, QUESTION_MARK 1, EOF
//
// Lexical rules (what DynamoDB accepts):
// - Blanks: space, tab, VT, FF, CR, LF. Comments: `-- ...` to the end of the
//   line, `/* ... */` (not nested). `#` is not a comment.
// - Identifiers: [A-Za-z_$][A-Za-z0-9_$]*. A word that is a keyword
//   (SQL-92 plus PartiQL's, case-insensitive) becomes a KEYWORD token in
//   lower case; `true`/`false` become boolean literals, `null` NULL,
//   `missing` MISSING; `and or not is in between like` are OPERATORs;
//   `as at by for asc desc` have token types of their own. A few keyword
//   sequences merge into one token: `insert into` -> insert_into,
//   `is not` -> is_not, `not in`, `not between`, `not like`,
//   `modified old|new`, `all old|new`, `on conflict`, `do nothing`, joins.
// - "double quoted" is a QUOTED_IDENTIFIER (case-sensitive, anything but a
//   lone `"`; `""` is a quote); 'single quoted' is a string literal (`''`
//   is a quote). `backticks` hold an Ion literal.
// - Numbers: digits [. digits] [e|E [+-] digits], or . digits [exponent].
//   Without a point or exponent the literal is an integer, otherwise a
//   decimal. An exponent that does not fit a 32-bit integer, or a scale
//   (fraction digits minus exponent) that does not, cannot be read.
// - Operators: + - * / % = < <= > >= <> != || @ ^ and the punctuation
//   ( ) [ ] { } << >> : , ; . ?. Each `?` is a parameter, numbered from 1.
//
// Errors: any character no token can start with (non-ASCII outside quotes,
// `#`, `&`, `!` not before `=`, ...), an unterminated quote or comment, and
// an unreadable number fail with ValidationException "Statement wasn't well
// formed, can't be processed: " and nothing after the colon (DynamoDB sends
// no detail for lexer errors).
//
// Positions: line and column count from 1, in code points, as DynamoDB's
// messages quote them ("at 1:23:7": line 1, column 23, 7 code points long).
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_PARTIQL_LEXER_H_
#define EDDY_EMULATOR_PARTIQL_LEXER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"

namespace eddy::partiql {

enum class TokenType : uint8_t {
  kLeftParen,
  kRightParen,
  kLeftBracket,
  kRightBracket,
  kLeftCurly,
  kRightCurly,
  kLeftDoubleAngle,   // <<
  kRightDoubleAngle,  // >>
  kColon,
  kComma,
  kStar,
  kSemicolon,
  kQuestionMark,
  kDot,
  kOperator,  // text: "+", "<>", "and", "not_in", "is_not", ...
  kKeyword,   // text: lower case, aliases applied ("int" -> "integer")
  kIdentifier,
  kQuotedIdentifier,
  kLiteral,  // string, integer, decimal or boolean; see LiteralKind
  kNull,
  kMissing,
  kIonLiteral,  // text: the content between the backticks
  kAs,
  kAt,
  kBy,
  kFor,
  kAsc,
  kDesc,
  kEof,
};

// The name partiql-lang-kotlin gives a token type ("RIGHT_PAREN"), as its
// "Expected <TYPE>" messages print it.
std::string_view TokenTypeName(TokenType type);

enum class LiteralKind : uint8_t { kNone, kString, kInteger, kDecimal, kBool };

// Where a token is: DynamoDB quotes `line:column:length`.
struct SourceSpan {
  int64_t line = 0;    // from 1; 0: no location
  int64_t column = 0;  // from 1, in code points
  int64_t length = 0;  // code points
  bool known() const { return line > 0; }
};

struct Token {
  TokenType type = TokenType::kEof;
  // kOperator/kKeyword: the canonical lower-case text. kIdentifier: as
  // written. kQuotedIdentifier and string literals: the content with the
  // doubled quotes undone. Numbers: as written. Booleans: "true"/"false".
  std::string text;
  LiteralKind literal = LiteralKind::kNone;
  int64_t parameter = 0;  // kQuestionMark: 1, 2, ...
  SourceSpan span;
  // How the parser may use the token, worked out once by the lexer:
  int infix_precedence = 0;    // > 0 for an infix operator (5..70)
  bool binary = false;         // a binary operator (+ = AND IN IS NOT_IN ...)
  bool special_infix = false;  // BETWEEN, NOT BETWEEN, LIKE, NOT LIKE
  bool unary = false;          // + - NOT
};

// The whole statement as tokens, ending with kEof.
// Errors: ValidationException "Statement wasn't well formed, can't be
// processed: " (see the file comment).
StatusOr<std::vector<Token>> Tokenize(std::string_view text);

// The message prefix of every syntax error.
inline constexpr std::string_view kNotWellFormed =
    "Statement wasn't well formed, can't be processed: ";

// ValidationException kNotWellFormed + detail.
Status NotWellFormed(std::string_view detail);

// True when `word` (lower case) is a PartiQL keyword.
bool IsKeyword(std::string_view word);

}  // namespace eddy::partiql

#endif  // EDDY_EMULATOR_PARTIQL_LEXER_H_
