// Copyright 2026 The eddy Authors.
//
// ParseStatement: DynamoDB's PartiQL grammar, read the way partiql-lang-
// kotlin's SqlParser reads it (a Pratt parser over the lexer's tokens), so
// that a statement DynamoDB cannot read fails with the same detail:
//
//   ParseStatement("SELECT * FROM \"T\" WHERE pk = 1 foo")
//   // ValidationException "Statement wasn't well formed, can't be
//   // processed: Unexpected token after expression"
//
//   statement ::= expr [';']
//   expr      ::= unary (infix_op expr)*     precedence, loosest first:
//                 OR; AND; NOT (prefix); = <> IS [NOT] [NOT] IN;
//                 < <= > >= [NOT] BETWEEN [NOT] LIKE; + - ||; * / %
//   unary     ::= ('+' | '-' | NOT) unary | path     (a sign on a number
//                 literal is folded into it: `- - 1` is 1)
//   path      ::= term ('.' name | '.' '"name"' | '[' expr ']' | '.*' |
//                 '[*]')*
//   term      ::= literal | NULL | MISSING | `ion` | ? | name | "name"
//               | name '(' args ')' | '(' expr (',' expr)* ')'
//               | '[' args ']' | '<<' args '>>' | '{' expr ':' expr, ... '}'
//               | select | UPDATE ... | DELETE FROM ... | FROM ... |
//                 INSERT INTO ... | SET ... | REMOVE ...
//   select    ::= SELECT [DISTINCT|ALL] (VALUE expr | item (',' item)*)
//                 FROM source [WHERE expr] [GROUP BY ...] [HAVING expr]
//                 [ORDER BY expr [ASC|DESC] (',' ...)*] [LIMIT expr]
//   dml       ::= UPDATE simple_path [alias] op+ [WHERE expr] [returning]
//               | DELETE FROM simple_path [alias] [WHERE expr] [returning]
//               | FROM source [WHERE expr] op+ [returning]
//               | op+ [returning]
//   op        ::= SET simple_path '=' expr (',' simple_path '=' expr)*
//               | REMOVE simple_path
//               | INSERT INTO simple_path (VALUE expr [AT expr]
//                 [ON CONFLICT [WHERE expr] DO NOTHING] | expr)
//   returning ::= RETURNING (MODIFIED|ALL) (OLD|NEW) ('*' | expr) (',' ...)*
// Keywords are case-insensitive; a keyword used as a name must be quoted
// ("Unexpected keyword"). Constructs DynamoDB refuses after parsing (GROUP
// BY, LIMIT, aliases, joins, ...) parse here and are refused by the planner
// with DynamoDB's message.
//
// Errors (ValidationException), in the order met:
//   request model: "1 validation error detected: Value '<statement>' at
//     'statement' failed to satisfy constraint: Member must have length
//     less than or equal to 8192" (and "greater than or equal to 1")
//   lexer: "Statement wasn't well formed, can't be processed: " (no detail)
//   parser: "Statement wasn't well formed, can't be processed: <detail>"
//     where <detail> is partiql-lang-kotlin's: "Unexpected term",
//     "Unexpected keyword", "Unexpected operator", "Unexpected token after
//     expression", "Missing right-hand side expression of infix operator",
//     "Expected type name", "Expected data manipulation", "Expected
//     identifier for simple path", "Invalid path dot component", "Expected
//     RIGHT_PAREN", ...
//   bounds: nesting deeper than kMaxParseDepth or more than kMaxParseNodes
//     nodes fail with a "wasn't well formed" error as well.
//
// Thread safety: pure function.

#ifndef EDDY_EMULATOR_PARTIQL_PARSER_H_
#define EDDY_EMULATOR_PARTIQL_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/partiql/ast.h"

namespace eddy::partiql {

// ExecuteStatement's Statement: 1 to 8192 characters.
inline constexpr size_t kMaxStatementLength = 8192;

struct ParseOptions {
  // Longer statements fail with the request-model error before lexing.
  // Tests raise it to drive the parser's own bounds.
  size_t max_statement_length = kMaxStatementLength;
};

struct ParsedStatement {
  NodePtr root;                 // never null once parsed
  int64_t parameter_count = 0;  // the number of `?` in the statement
};

StatusOr<ParsedStatement> ParseStatement(std::string_view text,
                                         const ParseOptions& options = {});

}  // namespace eddy::partiql

#endif  // EDDY_EMULATOR_PARTIQL_PARSER_H_
