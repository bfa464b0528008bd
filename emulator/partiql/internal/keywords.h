// Copyright 2026 The eddy Authors.
//
// PartiQL's keyword tables (partiql-lang-kotlin's LexerConstants): the
// reserved words, their aliases, the keyword sequences that lex as one token,
// the type names IS accepts and the keywords that may name a function.
// Internal to emulator/partiql.
//
// Thread safety: immutable tables; pure functions.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_KEYWORDS_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_KEYWORDS_H_

#include <string_view>
#include <vector>

#include "emulator/partiql/lexer.h"

namespace eddy::partiql::internal {

// True when `lower` is a reserved word (SQL-92's and PartiQL's).
bool IsKeywordText(std::string_view lower);

// "int" -> "integer", "varchar" -> "character_varying", ...; the word itself
// otherwise.
std::string_view KeywordAlias(std::string_view lower);

// The text a multi-lexeme merge compares: keywords and operators by their
// text, AS/AT/BY/FOR/ASC/DESC/NULL/MISSING by their word; empty otherwise.
std::string_view KeywordText(const Token& token);

// Appends `token` to `tokens`, first merging it with the tokens before it
// when together they form one of the multi-word keywords ("insert into" ->
// insert_into, "is not" -> is_not, ...). The merged token keeps the first
// token's position.
void MergeMultiLexeme(std::vector<Token>* tokens, Token token);

// A type name IS / CAST accept ("string", "boolean", "double_precision",
// ...), with the number of parameters it may take.
struct TypeName {
  std::string_view name;
  int min_arity;
  int max_arity;
};
const TypeName* FindTypeName(std::string_view keyword);

// The keywords that are ordinary function names when followed by '('
// (exists, size, count, upper, ...).
bool IsFunctionNameKeyword(std::string_view keyword);

// The aggregate functions (count, avg, max, min, sum).
bool IsAggregateFunction(std::string_view keyword);

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_KEYWORDS_H_
