// Copyright 2026 The eddy Authors.
//
// The recursive-descent (Pratt) parser behind ParseStatement (parser.h):
// its state and methods. Statements, SELECT and DML clauses are parsed in
// parser.cc, expressions in internal/parse_expression.cc. Internal to
// emulator/partiql.
//
// Bounds: every node counts against kMaxParseNodes and every recursion
// against kMaxParseDepth (ast.h), so no input recurses or allocates without
// limit; exceeding either is a "Statement wasn't well formed" error.
//
// Thread safety: a Parser is used by one thread, once.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_PARSER_IMPL_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_PARSER_IMPL_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/partiql/ast.h"
#include "emulator/partiql/internal/keywords.h"
#include "emulator/partiql/lexer.h"

namespace eddy::partiql::internal {

constexpr int kSelectPrecedence = 6;
constexpr int kNotPrecedence = 30;

inline int InfixPrecedence(const Token& t) { return t.infix_precedence; }
inline bool IsBinaryOperator(const Token& t) { return t.binary; }
inline bool IsSpecialInfix(const Token& t) { return t.special_infix; }
inline bool IsUnaryOperator(const Token& t) { return t.unary; }

inline bool IsIdentifier(const Token& t) {
  return t.type == TokenType::kIdentifier ||
         t.type == TokenType::kQuotedIdentifier;
}

inline bool IsNumericLiteral(const Node& n) {
  return n.kind == NodeKind::kLiteral && (n.literal == LiteralKind::kInteger ||
                                          n.literal == LiteralKind::kDecimal);
}

inline std::string Negate(std::string_view number) {
  if (!number.empty() && number[0] == '-') return std::string(number.substr(1));
  return "-" + std::string(number);
}

inline std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

inline std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  // The whole statement: one expression (a query or a DML statement),
  // optionally followed by a semicolon. Errors: "Statement wasn't well
  // formed, can't be processed: <detail>".
  StatusOr<NodePtr> ParseTop();

 private:
  class DepthGuard {
   public:
    explicit DepthGuard(int* depth) : depth_(depth) { ++*depth_; }
    ~DepthGuard() { --*depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    int* depth_;
  };

  const Token& Head(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  size_t Remaining() const { return tokens_.size() - pos_; }
  bool AtEnd() const { return Head().type == TokenType::kEof; }
  const Token& Next() {
    const Token& t = Head();
    if (t.type != TokenType::kEof) ++pos_;
    return t;
  }
  bool HeadKeyword(std::string_view keyword) const {
    return KeywordText(Head()) == keyword;
  }
  bool OnlyEndOfStatement(size_t at) const;

  Status Err(std::string_view detail) const { return NotWellFormed(detail); }

  StatusOr<NodePtr> MakeNode(NodeKind kind, const Token* token);

  // Sets `node`'s height from its children; refuses trees taller than
  // kMaxParseDepth (a long chain of AND is as deep as nested parentheses
  // for everything that walks the tree).
  Status Link(Node* node) const;
  Status CheckDepth() const;
  Status Expect(TokenType type);
  Status ExpectKeyword(std::string_view keyword);

  // --- Expressions ---------------------------------------------------------

  StatusOr<NodePtr> ParseExpression(int precedence);

  // The operand after an infix operator (already consumed).
  StatusOr<NodePtr> ParseRightExpr(int precedence);
  StatusOr<NodePtr> ParseRightExprAt(size_t op_pos);

  StatusOr<NodePtr> ParseUnaryTerm();
  StatusOr<NodePtr> ParsePathTerm(bool simple);
  Status CountNode();

  // The current token as a leaf node; consumes it.
  StatusOr<NodePtr> Atom();
  StatusOr<NodePtr> ParseTerm();
  StatusOr<NodePtr> ParseKeywordTerm();
  StatusOr<NodePtr> ParseCollection(NodeKind kind, TokenType close);
  StatusOr<NodePtr> ParseStruct();

  // expr (',' expr)*: at least one expression.
  Status ParseArgList(std::vector<NodePtr>* out);
  StatusOr<NodePtr> ParseFunctionCall();

  // The type after IS / IS NOT; returns a kIsType node with no operand yet.
  StatusOr<NodePtr> ParseType(const Token& is_token);

  // --- SELECT --------------------------------------------------------------

  StatusOr<NodePtr> ParseSelect();
  Status ParseSelectList(SelectStatement* s);

  // `a.b.*` becomes a project-all item; `*` anywhere else is refused.
  Status InspectSelectPath(SelectItem* item);

  // [AS] name, AT name, BY name; true when any alias was written.
  StatusOr<bool> ParseOptionalAlias(bool bare_allowed = true);
  StatusOr<bool> ParseOptionalAtByAliases();
  Status ParseSelectAfterProjection(SelectStatement* s);
  Status ParseLet();
  bool HeadIsJoin() const;
  Status ParseFromSource(int precedence, FromClause* from);
  Status ParseFromSourceList(int precedence, FromClause* from);

  // --- DML -----------------------------------------------------------------

  static bool IsDmlKeyword(const Token& t);
  StatusOr<DmlOp> ParseDmlOp();

  // One or more DML operations.
  Status ParseDmlOps(DmlStatement* d);
  Status ParseOptionalWhere(DmlStatement* d);
  Status ParseOptionalReturning(DmlStatement* d);
  StatusOr<NodePtr> NewDml(DmlStatement::Form form);

  // The target of UPDATE / DELETE FROM: a simple path and its aliases.
  Status ParseDmlTarget(DmlStatement* d);
  StatusOr<NodePtr> ParseBareDml();
  StatusOr<NodePtr> ParseUpdate();
  StatusOr<NodePtr> ParseDelete();
  StatusOr<NodePtr> ParseFromFirst();

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  int nodes_ = 0;
};

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_PARSER_IMPL_H_
