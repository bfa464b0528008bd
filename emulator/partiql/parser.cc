// Copyright 2026 The eddy Authors.
//
// ParseStatement, and the Parser's statement-level methods: the top level,
// SELECT and its clauses, INSERT / UPDATE / DELETE / REPLACE / UPSERT
// (parser_impl.h; expressions are in internal/parse_expression.cc).

#include "emulator/partiql/parser.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "emulator/partiql/internal/parser_impl.h"
#include "emulator/partiql/lexer.h"

namespace eddy::partiql {
namespace internal {

StatusOr<NodePtr> Parser::ParseTop() {
  EDDY_ASSIGN_OR_RETURN(NodePtr root, ParseExpression(-1));
  if (!OnlyEndOfStatement(pos_)) {
    if (Head().type == TokenType::kSemicolon) {
      return NotWellFormed(
          "Unexpected token after semicolon. (Only one query is allowed.)");
    }
    return NotWellFormed("Unexpected token after expression");
  }
  return root;
}

bool Parser::OnlyEndOfStatement(size_t at) const {
  const Token& t = at < tokens_.size() ? tokens_[at] : tokens_.back();
  if (t.type == TokenType::kEof) return true;
  if (t.type == TokenType::kSemicolon && at + 1 < tokens_.size() &&
      tokens_[at + 1].type == TokenType::kEof) {
    return true;
  }
  return false;
}

StatusOr<NodePtr> Parser::MakeNode(NodeKind kind, const Token* token) {
  if (++nodes_ > kMaxParseNodes) {
    // Unconfirmed wording.
    return Err("Statement is too large to be processed");
  }
  auto node = std::make_unique<Node>();
  node->kind = kind;
  if (token != nullptr) node->span = token->span;
  return node;
}

// Sets `node`'s height from its children; refuses trees taller than
// kMaxParseDepth (a long chain of AND is as deep as nested parentheses
// for everything that walks the tree).
Status Parser::Link(Node* node) const {
  int height = 0;
  for (const NodePtr& child : node->children) {
    if (child && child->height > height) height = child->height;
  }
  node->height = height + 1;
  if (node->height > kMaxParseDepth) {
    // Unconfirmed wording.
    return Err("Expression nesting is too deep");
  }
  return Status::OK();
}

Status Parser::CheckDepth() const {
  if (depth_ > kMaxParseDepth) {
    // Unconfirmed wording.
    return Err("Expression nesting is too deep");
  }
  return Status::OK();
}

Status Parser::Expect(TokenType type) {
  if (Head().type != type) {
    return Err("Expected " + std::string(TokenTypeName(type)));
  }
  Next();
  return Status::OK();
}

Status Parser::ExpectKeyword(std::string_view keyword) {
  if (!HeadKeyword(keyword)) return Err("Expected " + Upper(keyword));
  Next();
  return Status::OK();
}

StatusOr<NodePtr> Parser::ParseSelect() {
  const Token& select_token = Head();
  EDDY_ASSIGN_OR_RETURN(NodePtr node,
                        MakeNode(NodeKind::kSelect, &select_token));
  node->select = std::make_unique<SelectStatement>();
  SelectStatement& s = *node->select;
  s.span = select_token.span;
  Next();
  if (HeadKeyword("distinct")) {
    s.distinct = true;
    Next();
  } else if (HeadKeyword("all")) {
    Next();
  }
  if (HeadKeyword("value")) {
    Next();
    s.value = true;
    EDDY_ASSIGN_OR_RETURN(s.value_expr, ParseExpression(-1));
  } else {
    EDDY_RETURN_IF_ERROR(ParseSelectList(&s));
  }
  EDDY_RETURN_IF_ERROR(ParseSelectAfterProjection(&s));
  return node;
}

Status Parser::ParseSelectList(SelectStatement* s) {
  while (true) {
    SelectItem item;
    item.span = Head().span;
    if (Head().type == TokenType::kStar) {
      item.star = true;
      Next();
    } else {
      EDDY_ASSIGN_OR_RETURN(item.expr, ParseExpression(-1));
      if (item.expr->kind == NodeKind::kPath) {
        EDDY_RETURN_IF_ERROR(InspectSelectPath(&item));
      }
      EDDY_ASSIGN_OR_RETURN(item.aliased, ParseOptionalAlias());
    }
    s->items.push_back(std::move(item));
    if (Head().type != TokenType::kComma) break;
    Next();
  }
  bool star = false;
  for (const SelectItem& item : s->items) star = star || item.star;
  if (star && s->items.size() > 1) {
    return Err(
        "Other expressions may not be present in the select list when '*' "
        "is used without dot notation.");
  }
  return Status::OK();
}

// `a.b.*` becomes a project-all item; `*` anywhere else is refused.
Status Parser::InspectSelectPath(SelectItem* item) {
  std::vector<PathStep>& steps = item->expr->path;
  for (size_t i = 0; i < steps.size(); ++i) {
    if (steps[i].kind == PathStep::Kind::kWildcard ||
        (steps[i].kind == PathStep::Kind::kUnpivot && i + 1 < steps.size())) {
      return Err("Invalid use of * in select list");
    }
  }
  if (steps.back().kind != PathStep::Kind::kUnpivot) return Status::OK();
  for (const PathStep& step : steps) {
    if (step.kind == PathStep::Kind::kIndex) {
      return Err("Cannot use [] and * together in SELECT list expression");
    }
  }
  steps.pop_back();
  item->project_all = true;
  if (steps.empty()) {
    NodePtr root = std::move(item->expr->children[0]);
    item->expr = std::move(root);
  }
  return Status::OK();
}

// [AS] name, AT name, BY name; true when any alias was written.
StatusOr<bool> Parser::ParseOptionalAlias(bool bare_allowed) {
  bool aliased = false;
  if (Head().type == TokenType::kAs) {
    Next();
    if (!IsIdentifier(Head())) return Err("Expected identifier for AS-alias");
    Next();
    aliased = true;
  } else if (bare_allowed && IsIdentifier(Head())) {
    Next();
    aliased = true;
  }
  return aliased;
}

StatusOr<bool> Parser::ParseOptionalAtByAliases() {
  bool aliased = false;
  for (TokenType type : {TokenType::kAt, TokenType::kBy}) {
    if (Head().type != type) continue;
    Next();
    if (!IsIdentifier(Head())) {
      return Err("Expected identifier for " + std::string(TokenTypeName(type)) +
                 "-alias");
    }
    Next();
    aliased = true;
  }
  return aliased;
}

Status Parser::ParseSelectAfterProjection(SelectStatement* s) {
  if (!HeadKeyword("from")) return Err("Expected FROM after SELECT list");
  Next();
  EDDY_RETURN_IF_ERROR(ParseFromSourceList(kSelectPrecedence, &s->from));
  if (HeadKeyword("let")) {
    EDDY_RETURN_IF_ERROR(ParseLet());
    s->has_let = true;
  }
  if (HeadKeyword("where")) {
    Next();
    EDDY_ASSIGN_OR_RETURN(s->where, ParseExpression(kSelectPrecedence));
  }
  if (HeadKeyword("group")) {
    Next();
    if (HeadKeyword("partial")) Next();
    EDDY_RETURN_IF_ERROR(Expect(TokenType::kBy));
    std::vector<NodePtr> keys;
    while (true) {
      EDDY_ASSIGN_OR_RETURN(NodePtr key, ParseExpression(kSelectPrecedence));
      EDDY_ASSIGN_OR_RETURN(bool aliased, ParseOptionalAlias(false));
      (void)aliased;
      keys.push_back(std::move(key));
      if (Head().type != TokenType::kComma) break;
      Next();
    }
    if (HeadKeyword("group")) {
      Next();
      if (Head().type != TokenType::kAs) return Err("Expected AS");
      Next();
      if (!IsIdentifier(Head())) {
        return Err("Expected identifier for GROUP name");
      }
      Next();
    }
    s->has_group_by = true;
  }
  if (HeadKeyword("having")) {
    Next();
    EDDY_ASSIGN_OR_RETURN(s->having, ParseExpression(kSelectPrecedence));
  }
  if (HeadKeyword("order")) {
    Next();
    EDDY_RETURN_IF_ERROR(Expect(TokenType::kBy));
    while (true) {
      OrderTerm term;
      EDDY_ASSIGN_OR_RETURN(term.expr, ParseExpression(kSelectPrecedence));
      if (Head().type == TokenType::kAsc) {
        Next();
      } else if (Head().type == TokenType::kDesc) {
        term.descending = true;
        Next();
      }
      s->order_by.push_back(std::move(term));
      if (Head().type != TokenType::kComma) break;
      Next();
    }
  }
  if (HeadKeyword("limit")) {
    Next();
    EDDY_ASSIGN_OR_RETURN(s->limit, ParseExpression(kSelectPrecedence));
  }
  return Status::OK();
}

Status Parser::ParseLet() {
  Next();  // LET
  while (true) {
    EDDY_ASSIGN_OR_RETURN(NodePtr value, ParseExpression(-1));
    if (Head().type != TokenType::kAs)
      return Err("Expected AS following LET expr");
    Next();
    if (!IsIdentifier(Head())) return Err("Expected identifier for AS-alias");
    Next();
    if (Head().type != TokenType::kComma) return Status::OK();
    Next();
  }
}

bool Parser::HeadIsJoin() const {
  std::string_view k = KeywordText(Head());
  return Head().type == TokenType::kComma || k == "join" || k == "cross_join" ||
         k == "inner_join" || k == "left_join" || k == "left_cross_join" ||
         k == "right_join" || k == "right_cross_join" || k == "outer_join" ||
         k == "outer_cross_join";
}

Status Parser::ParseFromSource(int precedence, FromClause* from) {
  if (HeadKeyword("unpivot")) {
    Next();
    from->unpivot = true;
    EDDY_ASSIGN_OR_RETURN(from->source, ParseExpression(precedence));
  } else if (Head().type == TokenType::kLeftParen &&
             Head(1).type != TokenType::kLiteral &&
             KeywordText(Head(1)) != "select") {
    Next();
    DepthGuard guard(&depth_);
    EDDY_RETURN_IF_ERROR(CheckDepth());
    EDDY_RETURN_IF_ERROR(ParseFromSource(precedence, from));
    EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
  } else {
    EDDY_ASSIGN_OR_RETURN(from->source, ParseExpression(precedence));
  }
  EDDY_ASSIGN_OR_RETURN(bool as_alias, ParseOptionalAlias());
  EDDY_ASSIGN_OR_RETURN(bool other_alias, ParseOptionalAtByAliases());
  from->aliased = from->aliased || as_alias || other_alias;
  return Status::OK();
}

Status Parser::ParseFromSourceList(int precedence, FromClause* from) {
  EDDY_RETURN_IF_ERROR(ParseFromSource(precedence, from));
  while (HeadIsJoin()) {
    const bool comma = Head().type == TokenType::kComma;
    const bool cross = KeywordText(Head()).find("cross") != std::string::npos;
    Next();
    from->joined = true;
    FromClause right;
    EDDY_RETURN_IF_ERROR(ParseFromSource(precedence, &right));
    if (!comma && !cross) {
      if (!HeadKeyword("on")) return Err("Expected 'ON'");
      Next();
      EDDY_ASSIGN_OR_RETURN(NodePtr on, ParseExpression(precedence));
      (void)on;
    }
  }
  return Status::OK();
}

bool Parser::IsDmlKeyword(const Token& t) {
  return t.type == TokenType::kKeyword &&
         (t.text == "insert_into" || t.text == "set" || t.text == "remove");
}

StatusOr<DmlOp> Parser::ParseDmlOp() {
  DmlOp op;
  op.span = Head().span;
  const std::string keyword = KeywordText(Head()) == std::string_view()
                                  ? std::string()
                                  : std::string(KeywordText(Head()));
  if (Head().type == TokenType::kKeyword && keyword == "insert_into") {
    Next();
    EDDY_ASSIGN_OR_RETURN(op.target, ParsePathTerm(/*simple=*/true));
    if (HeadKeyword("value")) {
      Next();
      op.kind = DmlOp::Kind::kInsertValue;
      EDDY_ASSIGN_OR_RETURN(op.value, ParseExpression(-1));
      if (Head().type == TokenType::kAt) {
        Next();
        EDDY_ASSIGN_OR_RETURN(op.position, ParseExpression(-1));
      }
      if (HeadKeyword("on_conflict")) {
        Next();
        op.on_conflict = true;
        if (HeadKeyword("where")) {
          Next();
          EDDY_ASSIGN_OR_RETURN(NodePtr condition, ParseExpression(-1));
          (void)condition;
        }
        // Unconfirmed wording.
        if (!HeadKeyword("do_nothing")) return Err("Expected DO NOTHING");
        Next();
      }
    } else {
      op.kind = DmlOp::Kind::kInsert;
      EDDY_ASSIGN_OR_RETURN(op.value, ParseExpression(-1));
    }
    return op;
  }
  if (Head().type == TokenType::kKeyword && keyword == "set") {
    Next();
    op.kind = DmlOp::Kind::kSet;
    while (true) {
      Assignment assignment;
      EDDY_ASSIGN_OR_RETURN(assignment.target, ParsePathTerm(true));
      if (!(Head().type == TokenType::kOperator && Head().text == "=")) {
        return Err("Expected '='");
      }
      Next();
      EDDY_ASSIGN_OR_RETURN(assignment.value, ParseExpression(-1));
      op.assignments.push_back(std::move(assignment));
      if (Head().type != TokenType::kComma) break;
      Next();
    }
    return op;
  }
  if (Head().type == TokenType::kKeyword && keyword == "remove") {
    Next();
    op.kind = DmlOp::Kind::kRemove;
    EDDY_ASSIGN_OR_RETURN(op.target, ParsePathTerm(true));
    return op;
  }
  return Err("Expected data manipulation");
}

// One or more DML operations.
Status Parser::ParseDmlOps(DmlStatement* d) {
  do {
    EDDY_ASSIGN_OR_RETURN(DmlOp op, ParseDmlOp());
    d->ops.push_back(std::move(op));
  } while (IsDmlKeyword(Head()));
  return Status::OK();
}

Status Parser::ParseOptionalWhere(DmlStatement* d) {
  if (!HeadKeyword("where")) return Status::OK();
  Next();
  EDDY_ASSIGN_OR_RETURN(d->where, ParseExpression(-1));
  return Status::OK();
}

Status Parser::ParseOptionalReturning(DmlStatement* d) {
  if (!HeadKeyword("returning")) return Status::OK();
  Next();
  d->returning.present = true;
  while (true) {
    std::string_view mapping = KeywordText(Head());
    if (!(Head().type == TokenType::kKeyword &&
          (mapping == "modified_old" || mapping == "modified_new" ||
           mapping == "all_old" || mapping == "all_new"))) {
      // Unconfirmed wording.
      return Err("Expected ( MODIFIED | ALL ) ( NEW | OLD )");
    }
    const bool first = d->returning.elements == 0;
    if (first) d->returning.mapping = std::string(mapping);
    Next();
    bool star = false;
    if (Head().type == TokenType::kStar) {
      star = true;
      Next();
    } else {
      EDDY_ASSIGN_OR_RETURN(NodePtr column, ParseExpression(-1));
      (void)column;
    }
    if (first) d->returning.star = star;
    ++d->returning.elements;
    if (Head().type != TokenType::kComma) return Status::OK();
    Next();
  }
}

StatusOr<NodePtr> Parser::NewDml(DmlStatement::Form form) {
  EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(NodeKind::kDml, &Head()));
  node->dml = std::make_unique<DmlStatement>();
  node->dml->form = form;
  node->dml->span = Head().span;
  return node;
}

// The target of UPDATE / DELETE FROM: a simple path and its aliases.
Status Parser::ParseDmlTarget(DmlStatement* d) {
  EDDY_ASSIGN_OR_RETURN(d->target.source, ParsePathTerm(true));
  EDDY_ASSIGN_OR_RETURN(bool as_alias, ParseOptionalAlias());
  EDDY_ASSIGN_OR_RETURN(bool other_alias, ParseOptionalAtByAliases());
  d->target.aliased = as_alias || other_alias;
  return Status::OK();
}

StatusOr<NodePtr> Parser::ParseBareDml() {
  EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kBare));
  EDDY_RETURN_IF_ERROR(ParseDmlOps(node->dml.get()));
  EDDY_RETURN_IF_ERROR(ParseOptionalReturning(node->dml.get()));
  return node;
}

StatusOr<NodePtr> Parser::ParseUpdate() {
  EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kUpdate));
  Next();  // UPDATE
  DmlStatement* d = node->dml.get();
  EDDY_RETURN_IF_ERROR(ParseDmlTarget(d));
  EDDY_RETURN_IF_ERROR(ParseDmlOps(d));
  EDDY_RETURN_IF_ERROR(ParseOptionalWhere(d));
  EDDY_RETURN_IF_ERROR(ParseOptionalReturning(d));
  return node;
}

StatusOr<NodePtr> Parser::ParseDelete() {
  EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kDelete));
  Next();  // DELETE
  if (!HeadKeyword("from")) return Err("Expected FROM after DELETE");
  Next();
  DmlStatement* d = node->dml.get();
  EDDY_RETURN_IF_ERROR(ParseDmlTarget(d));
  EDDY_RETURN_IF_ERROR(ParseOptionalWhere(d));
  EDDY_RETURN_IF_ERROR(ParseOptionalReturning(d));
  return node;
}

StatusOr<NodePtr> Parser::ParseFromFirst() {
  EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kFromFirst));
  Next();  // FROM
  DmlStatement* d = node->dml.get();
  EDDY_RETURN_IF_ERROR(ParseFromSourceList(-1, &d->target));
  EDDY_RETURN_IF_ERROR(ParseOptionalWhere(d));
  EDDY_RETURN_IF_ERROR(ParseDmlOps(d));
  EDDY_RETURN_IF_ERROR(ParseOptionalReturning(d));
  return node;
}

}  // namespace internal

namespace {

// Code points, as the request model counts a string's length.
size_t CodePoints(std::string_view text) {
  size_t n = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  }
  return n;
}

}  // namespace

StatusOr<ParsedStatement> ParseStatement(std::string_view text,
                                         const ParseOptions& options) {
  // Unconfirmed wording (the request model's generic form).
  if (text.empty()) {
    return Status::Validation(
        "1 validation error detected: Value '' at 'statement' failed to "
        "satisfy constraint: Member must have length greater than or equal "
        "to 1");
  }
  if (CodePoints(text) > options.max_statement_length) {
    // Unconfirmed wording.
    return Status::Validation(
        "1 validation error detected: Value '" + std::string(text) +
        "' at 'statement' failed to satisfy constraint: Member must have "
        "length less than or equal to " +
        std::to_string(options.max_statement_length));
  }
  EDDY_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(text));
  int64_t parameters = 0;
  for (const Token& t : tokens) {
    if (t.type == TokenType::kQuestionMark) parameters = t.parameter;
  }
  partiql::internal::Parser parser(std::move(tokens));
  EDDY_ASSIGN_OR_RETURN(NodePtr root, parser.ParseTop());
  ParsedStatement parsed;
  parsed.root = std::move(root);
  parsed.parameter_count = parameters;
  return parsed;
}

}  // namespace eddy::partiql
