// Copyright 2026 The eddy Authors.

#include "emulator/partiql/internal/keywords.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <string>
#include <utility>

namespace eddy::partiql::internal {
namespace {

// SQL-92's reserved words and PartiQL's additions, sorted for binary search.
constexpr std::string_view kKeywords[] = {
    "absolute",
    "action",
    "add",
    "all",
    "allocate",
    "alter",
    "and",
    "any",
    "are",
    "as",
    "asc",
    "assertion",
    "at",
    "authorization",
    "avg",
    "bag",
    "begin",
    "between",
    "bit",
    "bit_length",
    "blob",
    "bool",
    "boolean",
    "both",
    "by",
    "cascade",
    "cascaded",
    "case",
    "cast",
    "catalog",
    "char",
    "char_length",
    "character",
    "character_length",
    "check",
    "clob",
    "close",
    "coalesce",
    "collate",
    "collation",
    "column",
    "commit",
    "conflict",
    "connect",
    "connection",
    "constraint",
    "constraints",
    "continue",
    "convert",
    "corresponding",
    "count",
    "create",
    "cross",
    "current",
    "current_date",
    "current_time",
    "current_timestamp",
    "current_user",
    "cursor",
    "date",
    "date_add",
    "date_diff",
    "deallocate",
    "dec",
    "decimal",
    "declare",
    "default",
    "deferrable",
    "deferred",
    "delete",
    "desc",
    "describe",
    "descriptor",
    "diagnostics",
    "disconnect",
    "distinct",
    "do",
    "domain",
    "double",
    "drop",
    "else",
    "end",
    "end-exec",
    "escape",
    "except",
    "exception",
    "exec",
    "execute",
    "exists",
    "external",
    "extract",
    "false",
    "fetch",
    "first",
    "float",
    "for",
    "foreign",
    "found",
    "from",
    "full",
    "get",
    "global",
    "go",
    "goto",
    "grant",
    "group",
    "having",
    "identity",
    "immediate",
    "in",
    "index",
    "indicator",
    "initially",
    "inner",
    "input",
    "insensitive",
    "insert",
    "int",
    "int2",
    "int4",
    "int8",
    "integer",
    "integer2",
    "integer4",
    "integer8",
    "intersect",
    "interval",
    "into",
    "is",
    "isolation",
    "join",
    "key",
    "language",
    "last",
    "left",
    "let",
    "level",
    "like",
    "limit",
    "list",
    "local",
    "lower",
    "match",
    "max",
    "min",
    "missing",
    "modified",
    "module",
    "names",
    "national",
    "natural",
    "nchar",
    "new",
    "next",
    "no",
    "not",
    "nothing",
    "null",
    "nullif",
    "numeric",
    "octet_length",
    "of",
    "old",
    "on",
    "only",
    "open",
    "option",
    "or",
    "order",
    "outer",
    "output",
    "overlaps",
    "pad",
    "partial",
    "pivot",
    "position",
    "precision",
    "prepare",
    "preserve",
    "primary",
    "prior",
    "privileges",
    "procedure",
    "public",
    "read",
    "real",
    "references",
    "relative",
    "remove",
    "restrict",
    "returning",
    "revoke",
    "right",
    "rollback",
    "rows",
    "schema",
    "scroll",
    "section",
    "select",
    "session",
    "session_user",
    "set",
    "sexp",
    "size",
    "smallint",
    "some",
    "space",
    "sql",
    "sqlcode",
    "sqlerror",
    "sqlstate",
    "string",
    "struct",
    "substring",
    "sum",
    "symbol",
    "system_user",
    "table",
    "temporary",
    "then",
    "time",
    "timestamp",
    "to",
    "transaction",
    "translate",
    "translation",
    "trim",
    "true",
    "tuple",
    "union",
    "unique",
    "unknown",
    "unpivot",
    "update",
    "upper",
    "usage",
    "user",
    "using",
    "value",
    "values",
    "varchar",
    "varying",
    "view",
    "when",
    "whenever",
    "where",
    "with",
    "work",
    "write",
    "zone",
};

static_assert(std::is_sorted(std::begin(kKeywords), std::end(kKeywords)));

struct Merge {
  std::array<std::string_view, 4> words;
  int count;
  std::string_view result;
  TokenType type;
};

// Longest sequences first.
constexpr Merge kMerges[] = {
    {{"left", "outer", "cross", "join"},
     4,
     "left_cross_join",
     TokenType::kKeyword},
    {{"right", "outer", "cross", "join"},
     4,
     "right_cross_join",
     TokenType::kKeyword},
    {{"full", "outer", "cross", "join"},
     4,
     "outer_cross_join",
     TokenType::kKeyword},
    {{"inner", "cross", "join"}, 3, "cross_join", TokenType::kKeyword},
    {{"left", "outer", "join"}, 3, "left_join", TokenType::kKeyword},
    {{"left", "cross", "join"}, 3, "left_cross_join", TokenType::kKeyword},
    {{"right", "outer", "join"}, 3, "right_join", TokenType::kKeyword},
    {{"right", "cross", "join"}, 3, "right_cross_join", TokenType::kKeyword},
    {{"full", "outer", "join"}, 3, "outer_join", TokenType::kKeyword},
    {{"full", "cross", "join"}, 3, "outer_cross_join", TokenType::kKeyword},
    {{"outer", "cross", "join"}, 3, "outer_cross_join", TokenType::kKeyword},
    {{"not", "in"}, 2, "not_in", TokenType::kOperator},
    {{"is", "not"}, 2, "is_not", TokenType::kOperator},
    {{"not", "between"}, 2, "not_between", TokenType::kOperator},
    {{"intersect", "all"}, 2, "intersect_all", TokenType::kOperator},
    {{"except", "all"}, 2, "except_all", TokenType::kOperator},
    {{"union", "all"}, 2, "union_all", TokenType::kOperator},
    {{"character", "varying"}, 2, "character_varying", TokenType::kKeyword},
    {{"double", "precision"}, 2, "double_precision", TokenType::kKeyword},
    {{"not", "like"}, 2, "not_like", TokenType::kOperator},
    {{"cross", "join"}, 2, "cross_join", TokenType::kKeyword},
    {{"inner", "join"}, 2, "inner_join", TokenType::kKeyword},
    {{"left", "join"}, 2, "left_join", TokenType::kKeyword},
    {{"right", "join"}, 2, "right_join", TokenType::kKeyword},
    {{"full", "join"}, 2, "outer_join", TokenType::kKeyword},
    {{"outer", "join"}, 2, "outer_join", TokenType::kKeyword},
    {{"insert", "into"}, 2, "insert_into", TokenType::kKeyword},
    {{"on", "conflict"}, 2, "on_conflict", TokenType::kKeyword},
    {{"do", "nothing"}, 2, "do_nothing", TokenType::kKeyword},
    {{"modified", "old"}, 2, "modified_old", TokenType::kKeyword},
    {{"modified", "new"}, 2, "modified_new", TokenType::kKeyword},
    {{"all", "old"}, 2, "all_old", TokenType::kKeyword},
    {{"all", "new"}, 2, "all_new", TokenType::kKeyword},
};

constexpr TypeName kTypeNames[] = {
    {"bag", 0, 0},
    {"blob", 0, 0},
    {"boolean", 0, 0},
    {"character", 0, 1},
    {"character_varying", 0, 1},
    {"clob", 0, 0},
    {"date", 0, 0},
    {"decimal", 0, 2},
    {"double_precision", 0, 0},
    {"float", 0, 1},
    {"int2", 0, 0},
    {"int4", 0, 0},
    {"int8", 0, 0},
    {"integer", 0, 0},
    {"integer2", 0, 0},
    {"integer4", 0, 0},
    {"integer8", 0, 0},
    {"list", 0, 0},
    {"missing", 0, 0},
    {"null", 0, 0},
    {"numeric", 0, 2},
    {"real", 0, 1},
    {"sexp", 0, 0},
    {"smallint", 0, 0},
    {"string", 0, 0},
    {"struct", 0, 0},
    {"symbol", 0, 0},
    {"time", 0, 1},
    {"timestamp", 0, 0},
    {"tuple", 0, 0},
};

constexpr std::string_view kFunctionNameKeywords[] = {
    "avg",      "bag",       "bit_length", "char_length",  "character_length",
    "coalesce", "count",     "exists",     "list",         "lower",
    "max",      "min",       "nullif",     "octet_length", "sexp",
    "size",     "substring", "sum",        "upper",
};

// The words a multi-word keyword ends with.
bool EndsAMerge(std::string_view w) {
  switch (w.size()) {
    case 2:
      return w == "in";
    case 3:
      return w == "not" || w == "all" || w == "old" || w == "new";
    case 4:
      return w == "join" || w == "like" || w == "into";
    case 7:
      return w == "between" || w == "varying" || w == "nothing";
    case 8:
      return w == "conflict";
    case 9:
      return w == "precision";
    default:
      return false;
  }
}

}  // namespace

bool IsKeywordText(std::string_view lower) {
  return std::binary_search(std::begin(kKeywords), std::end(kKeywords), lower);
}

std::string_view KeywordAlias(std::string_view lower) {
  if (lower == "varchar") return "character_varying";
  if (lower == "char") return "character";
  if (lower == "dec") return "decimal";
  if (lower == "int") return "integer";
  if (lower == "bool") return "boolean";
  return lower;
}

std::string_view KeywordText(const Token& token) {
  switch (token.type) {
    case TokenType::kKeyword:
    case TokenType::kOperator:
    case TokenType::kAs:
    case TokenType::kAt:
    case TokenType::kBy:
    case TokenType::kFor:
    case TokenType::kAsc:
    case TokenType::kDesc:
    case TokenType::kNull:
    case TokenType::kMissing:
      return token.text;
    default:
      return std::string_view();
  }
}

void MergeMultiLexeme(std::vector<Token>* tokens, Token token) {
  if (tokens->empty() || !EndsAMerge(KeywordText(token))) {
    tokens->push_back(std::move(token));
    return;
  }
  for (const Merge& merge : kMerges) {
    const size_t prefix = static_cast<size_t>(merge.count - 1);
    if (prefix > tokens->size()) continue;
    if (KeywordText(token) != merge.words[prefix]) continue;
    bool match = true;
    for (size_t k = 0; k < prefix; ++k) {
      const Token& t = (*tokens)[tokens->size() - prefix + k];
      if (KeywordText(t) != merge.words[k]) {
        match = false;
        break;
      }
    }
    if (!match) continue;
    SourceSpan span = (*tokens)[tokens->size() - prefix].span;
    tokens->resize(tokens->size() - prefix);
    token.type = merge.type;
    token.text = std::string(merge.result);
    token.literal = LiteralKind::kNone;
    token.span = span;
    // A merged token may itself start a longer sequence ("left outer" is
    // not one, but the loop order tries the longest first), so stop here.
    break;
  }
  tokens->push_back(std::move(token));
}

const TypeName* FindTypeName(std::string_view keyword) {
  for (const TypeName& t : kTypeNames) {
    if (t.name == keyword) return &t;
  }
  return nullptr;
}

bool IsFunctionNameKeyword(std::string_view keyword) {
  for (std::string_view k : kFunctionNameKeywords) {
    if (k == keyword) return true;
  }
  return false;
}

bool IsAggregateFunction(std::string_view keyword) {
  return keyword == "count" || keyword == "avg" || keyword == "max" ||
         keyword == "min" || keyword == "sum";
}

}  // namespace eddy::partiql::internal
