// Copyright 2026 The eddy Authors.
//
// The syntax tree of a PartiQL statement as DynamoDB's parser reads it
// (parser.h builds it; the planner in plan.h translates it). Like
// partiql-lang-kotlin, a statement is an expression: SELECT, the DML forms
// and plain expressions are all Nodes, and the planner decides what it
// accepts.
//
//   StatusOr<ParsedStatement> parsed = ParseStatement(
//       "SELECT a.b[1] FROM \"T\" WHERE pk = ? AND x BETWEEN 1 AND 5");
//   parsed->root->DebugString();
//   // (select (items (path a .b [1])) (from "T")
//   //   (where (and (= pk ?1) (between x 1 5))))
//
// Every node keeps the source location DynamoDB's messages quote
// ("... at 1:23:7"); nodes the Kotlin parser gives no location (paths,
// list / bag / struct bodies built from a group) have span.line == 0.
//
// Depth: the parser bounds nesting (kMaxParseDepth) and size
// (kMaxParseNodes), so recursive walks over a parsed tree are bounded.
//
// Thread safety: a tree is immutable once parsed.

#ifndef EDDY_EMULATOR_PARTIQL_AST_H_
#define EDDY_EMULATOR_PARTIQL_AST_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "emulator/partiql/lexer.h"

namespace eddy::partiql {

struct Node;
struct SelectStatement;
struct DmlStatement;
using NodePtr = std::unique_ptr<Node>;

// One step after the root of a path: `.name`, `."Name"`, `[expr]`, `.*`,
// `[*]`.
struct PathStep {
  enum class Kind : uint8_t { kName, kIndex, kUnpivot, kWildcard };
  Kind kind = Kind::kName;
  std::string name;  // kName
  bool quoted = false;
  NodePtr expr;  // kIndex: the expression between the brackets
  SourceSpan span;
};

enum class NodeKind : uint8_t {
  kLiteral,      // text + literal kind (string / integer / decimal / bool)
  kNull,         // NULL
  kMissing,      // MISSING
  kIonLiteral,   // `...` (text: the content)
  kIdentifier,   // text; quoted for "..."
  kParameter,    // ?; parameter: 1-based position
  kPath,         // children[0]: root; path: the steps
  kCall,         // text: function name, lower case; children: arguments
  kUnary,        // text: "not", "+" or "-"; children[0]
  kBinary,       // text: "=", "<>", "<", "and", "in", "like", "+", "||",
                 // "union", ...; children[0], children[1]; negated for
                 // NOT IN / NOT LIKE
  kBetween,      // children: value, low, high; negated for NOT BETWEEN
  kIsType,       // children[0]; text: type name; negated for IS NOT
  kList,         // [ ... ] or ( a, b )
  kBag,          // << ... >>
  kStruct,       // { k: v, ... }: children alternate key, value
  kSelect,       // select
  kDml,          // dml
  kUnsupported,  // a construct DynamoDB refuses (CASE, CAST, ...): text
};

struct Node {
  NodeKind kind = NodeKind::kLiteral;
  SourceSpan span;
  std::string text;
  LiteralKind literal = LiteralKind::kNone;
  bool quoted = false;
  bool negated = false;
  bool aggregate = false;  // kCall: COUNT / AVG / MAX / MIN / SUM
  int height = 1;          // the longest path down to a leaf, in nodes
  int64_t parameter = 0;
  std::vector<NodePtr> children;
  std::vector<PathStep> path;
  std::unique_ptr<SelectStatement> select;
  std::unique_ptr<DmlStatement> dml;

  // Canonical prefix dump for tests (see the file comment).
  std::string DebugString() const;
};

// A FROM source: `"T"`, `"T"."Index"`, with what DynamoDB refuses noted.
struct FromClause {
  NodePtr source;
  bool aliased = false;  // AS / AT / BY alias, or a bare alias
  bool joined = false;   // a comma or JOIN after the first source
  bool unpivot = false;  // UNPIVOT source
};

struct SelectItem {
  NodePtr expr;              // null for `*`
  bool star = false;         // `*`
  bool project_all = false;  // `a.b.*` (expr holds `a.b`)
  bool aliased = false;
  SourceSpan span;
};

struct OrderTerm {
  NodePtr expr;
  bool descending = false;
};

struct SelectStatement {
  bool distinct = false;
  bool value = false;  // SELECT VALUE expr (value_expr)
  bool pivot = false;
  NodePtr value_expr;
  std::vector<SelectItem> items;
  FromClause from;
  bool has_let = false;
  NodePtr where;
  bool has_group_by = false;
  NodePtr having;
  std::vector<OrderTerm> order_by;
  NodePtr limit;
  SourceSpan span;  // the SELECT keyword
};

struct Assignment {
  NodePtr target;  // a simple path
  NodePtr value;
};

// One data-manipulation operation: SET a = 1, b = 2 / REMOVE a /
// INSERT INTO t VALUE v [AT p] [ON CONFLICT ...] / INSERT INTO t expr.
struct DmlOp {
  enum class Kind : uint8_t { kSet, kRemove, kInsertValue, kInsert };
  Kind kind = Kind::kSet;
  std::vector<Assignment> assignments;  // kSet
  NodePtr target;                       // kRemove path; kInsert* table
  NodePtr value;                        // kInsert*: the item
  NodePtr position;                     // kInsertValue: AT expr
  bool on_conflict = false;
  SourceSpan span;
};

// RETURNING (MODIFIED|ALL) (OLD|NEW) *, as written.
struct Returning {
  bool present = false;
  std::string mapping;  // "modified_old", "modified_new", "all_old", ...
  bool star = false;    // the first element is `*`
  size_t elements = 0;  // how many elements were written
};

struct DmlStatement {
  enum class Form : uint8_t {
    kUpdate,     // UPDATE t op+ [WHERE] [RETURNING]
    kDelete,     // DELETE FROM t [WHERE] [RETURNING]
    kFromFirst,  // FROM t [WHERE] op+ [RETURNING]
    kBare,       // INSERT INTO t VALUE ... / SET ... / REMOVE ...
  };
  Form form = Form::kUpdate;
  FromClause target;  // not for kBare
  std::vector<DmlOp> ops;
  NodePtr where;
  Returning returning;
  SourceSpan span;
};

// Deepest expression nesting the parser follows and the tallest tree it
// builds (parentheses, operators, chains of AND / OR, literals, function
// calls). A value may nest 32 levels, so every statement DynamoDB can store
// fits far below this; recursive walks over a parsed tree (and over the
// expression trees planned from it) stay shallow.
inline constexpr int kMaxParseDepth = 256;
// Most nodes one statement may have. The 8192-character statement limit
// keeps real statements far below it.
inline constexpr int kMaxParseNodes = 20000;

}  // namespace eddy::partiql

#endif  // EDDY_EMULATOR_PARTIQL_AST_H_
