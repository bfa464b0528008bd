// Copyright 2026 The eddy Authors.
//
// The document-path grammar every expression language shares
// (api-semantics.md §1.2):
//
//   path ::= name ( '.' name | '[' digits ']' )*
//   name ::= [A-Za-z][A-Za-z0-9_]* | '#'[A-Za-z0-9_]+
//
// Internal to emulator/expr: the condition parser uses it now, the update
// and projection parsers will use it the same way.
//
//   std::string reserved;
//   StatusOr<DocumentPath> path = ParseDocumentPath(&cursor, &reserved);
//   // on success `reserved` holds the first reserved word used unquoted
//   // ("" if none); the caller decides when to report it.
//
// Errors (ValidationException, with the cursor's expression kind):
//   Syntax error; token: "<tok>", near: "<ctx>"        (bad piece, a[-1], a.)
//   The document path has too many nesting levels; nesting levels: <n>
//       (more than limits::kMaxNestingDepth levels; the top level counts 1)

#ifndef EDDY_EMULATOR_EXPR_INTERNAL_PATH_PARSER_H_
#define EDDY_EMULATOR_EXPR_INTERNAL_PATH_PARSER_H_

#include <string>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/lexer.h"

namespace eddy::expr::internal {

// True when `token` can start a document path: a non-keyword name that
// starts with a letter, or a `#name` placeholder.
bool StartsDocumentPath(const Token& token);

// True for the words no grammar lets name an attribute unquoted:
// AND OR NOT BETWEEN IN (the condition keywords).
bool IsConditionKeyword(const Token& token);

// Parses a path at the cursor. REQUIRES: StartsDocumentPath(cursor->Peek())
// or the result is a syntax error. `first_reserved_word` (may be null)
// receives the first unquoted reserved word, as written, if it is empty.
StatusOr<DocumentPath> ParseDocumentPath(TokenCursor* cursor,
                                         std::string* first_reserved_word);

}  // namespace eddy::expr::internal

#endif  // EDDY_EMULATOR_EXPR_INTERNAL_PATH_PARSER_H_
