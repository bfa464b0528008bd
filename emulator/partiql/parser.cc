// Copyright 2026 The eddy Authors.

#include "emulator/partiql/parser.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "emulator/partiql/internal/keywords.h"
#include "emulator/partiql/lexer.h"

namespace eddy::partiql {
namespace {

using partiql_internal::FindTypeName;
using partiql_internal::IsAggregateFunction;
using partiql_internal::IsFunctionNameKeyword;
using partiql_internal::KeywordText;

constexpr int kSelectPrecedence = 6;
constexpr int kNotPrecedence = 30;

int InfixPrecedence(const Token& t) { return t.infix_precedence; }
bool IsBinaryOperator(const Token& t) { return t.binary; }
bool IsSpecialInfix(const Token& t) { return t.special_infix; }
bool IsUnaryOperator(const Token& t) { return t.unary; }

bool IsIdentifier(const Token& t) {
  return t.type == TokenType::kIdentifier ||
         t.type == TokenType::kQuotedIdentifier;
}

bool IsNumericLiteral(const Node& n) {
  return n.kind == NodeKind::kLiteral && (n.literal == LiteralKind::kInteger ||
                                          n.literal == LiteralKind::kDecimal);
}

std::string Negate(std::string_view number) {
  if (!number.empty() && number[0] == '-') return std::string(number.substr(1));
  return "-" + std::string(number);
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  StatusOr<NodePtr> ParseTop() {
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
  bool OnlyEndOfStatement(size_t at) const {
    const Token& t = at < tokens_.size() ? tokens_[at] : tokens_.back();
    if (t.type == TokenType::kEof) return true;
    if (t.type == TokenType::kSemicolon && at + 1 < tokens_.size() &&
        tokens_[at + 1].type == TokenType::kEof) {
      return true;
    }
    return false;
  }

  Status Err(std::string_view detail) const { return NotWellFormed(detail); }

  StatusOr<NodePtr> MakeNode(NodeKind kind, const Token* token) {
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
  Status Link(Node* node) const {
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

  Status CheckDepth() const {
    if (depth_ > kMaxParseDepth) {
      // Unconfirmed wording.
      return Err("Expression nesting is too deep");
    }
    return Status::OK();
  }

  Status Expect(TokenType type) {
    if (Head().type != type) {
      return Err("Expected " + std::string(TokenTypeName(type)));
    }
    Next();
    return Status::OK();
  }

  Status ExpectKeyword(std::string_view keyword) {
    if (!HeadKeyword(keyword)) return Err("Expected " + Upper(keyword));
    Next();
    return Status::OK();
  }

  // --- Expressions ---------------------------------------------------------

  StatusOr<NodePtr> ParseExpression(int precedence) {
    DepthGuard guard(&depth_);
    EDDY_RETURN_IF_ERROR(CheckDepth());
    EDDY_ASSIGN_OR_RETURN(NodePtr expr, ParseUnaryTerm());
    while (!AtEnd() && precedence < InfixPrecedence(Head())) {
      const Token& op = Head();
      if (!IsBinaryOperator(op) && !IsSpecialInfix(op)) break;
      const std::string op_text = op.type == TokenType::kStar ? "*" : op.text;
      const int op_precedence = InfixPrecedence(op);
      const size_t op_pos = pos_;
      if (op_text == "is" || op_text == "is_not") {
        Next();
        EDDY_ASSIGN_OR_RETURN(NodePtr type, ParseType(tokens_[op_pos]));
        type->negated = op_text == "is_not";
        type->children.insert(type->children.begin(), std::move(expr));
        EDDY_RETURN_IF_ERROR(Link(type.get()));
        expr = std::move(type);
        continue;
      }
      EDDY_ASSIGN_OR_RETURN(NodePtr node,
                            MakeNode(NodeKind::kBinary, &tokens_[op_pos]));
      if (op_text == "in" || op_text == "not_in") {
        Next();
        node->text = "in";
        node->negated = op_text == "not_in";
        NodePtr right;
        if (Head().type == TokenType::kLeftParen &&
            !(Head(1).type == TokenType::kKeyword &&
              (Head(1).text == "select" || Head(1).text == "values"))) {
          const Token& paren = Head();
          Next();
          EDDY_ASSIGN_OR_RETURN(right, MakeNode(NodeKind::kList, &paren));
          EDDY_RETURN_IF_ERROR(ParseArgList(&right->children));
          EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
          EDDY_RETURN_IF_ERROR(Link(right.get()));
        } else {
          EDDY_ASSIGN_OR_RETURN(right, ParseRightExpr(op_precedence));
        }
        node->children.push_back(std::move(expr));
        node->children.push_back(std::move(right));
        EDDY_RETURN_IF_ERROR(Link(node.get()));
        expr = std::move(node);
        continue;
      }
      if (op_text == "between" || op_text == "not_between") {
        Next();
        EDDY_ASSIGN_OR_RETURN(NodePtr low, ParseRightExpr(op_precedence));
        if (!HeadKeyword("and")) return Err("Expected AND");
        Next();
        if (OnlyEndOfStatement(pos_)) {
          return Err("Expected expression after AND");
        }
        EDDY_ASSIGN_OR_RETURN(NodePtr high, ParseExpression(op_precedence));
        node->kind = NodeKind::kBetween;
        node->negated = op_text == "not_between";
        node->children.push_back(std::move(expr));
        node->children.push_back(std::move(low));
        node->children.push_back(std::move(high));
        EDDY_RETURN_IF_ERROR(Link(node.get()));
        expr = std::move(node);
        continue;
      }
      if (op_text == "like" || op_text == "not_like") {
        Next();
        EDDY_ASSIGN_OR_RETURN(NodePtr pattern, ParseRightExpr(op_precedence));
        node->text = "like";
        node->negated = op_text == "not_like";
        node->children.push_back(std::move(expr));
        node->children.push_back(std::move(pattern));
        if (HeadKeyword("escape")) {
          Next();
          if (OnlyEndOfStatement(pos_)) {
            return Err("Expected expression after ESCAPE");
          }
          EDDY_ASSIGN_OR_RETURN(NodePtr escape, ParseExpression(op_precedence));
          node->children.push_back(std::move(escape));
        }
        EDDY_RETURN_IF_ERROR(Link(node.get()));
        expr = std::move(node);
        continue;
      }
      Next();
      EDDY_ASSIGN_OR_RETURN(NodePtr right, ParseRightExprAt(op_pos));
      node->text = op_text;
      node->children.push_back(std::move(expr));
      node->children.push_back(std::move(right));
      EDDY_RETURN_IF_ERROR(Link(node.get()));
      expr = std::move(node);
    }
    return expr;
  }

  // The operand after an infix operator (already consumed).
  StatusOr<NodePtr> ParseRightExpr(int precedence) {
    // The Kotlin parser checks that at least two tokens follow the operator
    // (the operand and EOF).
    if (Remaining() + 1 < 3) {
      return Err("Missing right-hand side expression of infix operator");
    }
    return ParseExpression(precedence);
  }
  StatusOr<NodePtr> ParseRightExprAt(size_t op_pos) {
    return ParseRightExpr(InfixPrecedence(tokens_[op_pos]));
  }

  StatusOr<NodePtr> ParseUnaryTerm() {
    if (!IsUnaryOperator(Head())) return ParsePathTerm(/*simple=*/false);
    DepthGuard guard(&depth_);
    EDDY_RETURN_IF_ERROR(CheckDepth());
    const size_t op_pos = pos_;
    Next();
    const Token& op = tokens_[op_pos];
    if (op.text == "not") {
      EDDY_ASSIGN_OR_RETURN(NodePtr operand, ParseExpression(kNotPrecedence));
      EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(NodeKind::kUnary, &op));
      node->text = "not";
      node->children.push_back(std::move(operand));
      EDDY_RETURN_IF_ERROR(Link(node.get()));
      return node;
    }
    EDDY_ASSIGN_OR_RETURN(NodePtr term, ParseUnaryTerm());
    if (IsNumericLiteral(*term)) {
      if (op.text == "-") term->text = Negate(term->text);
      return term;
    }
    EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(NodeKind::kUnary, &op));
    node->text = op.text;
    node->children.push_back(std::move(term));
    EDDY_RETURN_IF_ERROR(Link(node.get()));
    return node;
  }

  StatusOr<NodePtr> ParsePathTerm(bool simple) {
    NodePtr term;
    if (simple) {
      if (!IsIdentifier(Head())) {
        return Err("Expected identifier for simple path");
      }
      EDDY_ASSIGN_OR_RETURN(term, Atom());
    } else {
      EDDY_ASSIGN_OR_RETURN(term, ParseTerm());
    }
    std::vector<PathStep> steps;
    while (true) {
      if (Head().type == TokenType::kDot) {
        Next();
        PathStep step;
        step.span = Head().span;
        if (IsIdentifier(Head())) {
          step.kind = PathStep::Kind::kName;
          step.name = Head().text;
          step.quoted = Head().type == TokenType::kQuotedIdentifier;
        } else if (Head().type == TokenType::kStar) {
          if (simple) return Err("Invalid path dot component for simple path");
          step.kind = PathStep::Kind::kUnpivot;
        } else {
          return Err("Invalid path dot component");
        }
        Next();
        EDDY_RETURN_IF_ERROR(CountNode());
        steps.push_back(std::move(step));
      } else if (Head().type == TokenType::kLeftBracket) {
        Next();
        PathStep step;
        step.span = Head().span;
        if (Head().type == TokenType::kStar) {
          step.kind = PathStep::Kind::kWildcard;
          Next();
        } else {
          step.kind = PathStep::Kind::kIndex;
          EDDY_ASSIGN_OR_RETURN(step.expr, ParseExpression(-1));
        }
        EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightBracket));
        if (simple && (step.kind != PathStep::Kind::kIndex ||
                       step.expr->kind != NodeKind::kLiteral)) {
          return Err("Invalid path component for simple path");
        }
        EDDY_RETURN_IF_ERROR(CountNode());
        steps.push_back(std::move(step));
      } else {
        break;
      }
    }
    if (steps.empty()) return term;
    EDDY_ASSIGN_OR_RETURN(NodePtr path, MakeNode(NodeKind::kPath, nullptr));
    int height = term->height;
    for (const PathStep& step : steps) {
      if (step.expr && step.expr->height > height) height = step.expr->height;
    }
    path->children.push_back(std::move(term));
    path->path = std::move(steps);
    path->height = height + 1;
    if (path->height > kMaxParseDepth) {
      // Unconfirmed wording.
      return Err("Expression nesting is too deep");
    }
    return path;
  }

  Status CountNode() {
    if (++nodes_ > kMaxParseNodes) {
      // Unconfirmed wording.
      return Err("Statement is too large to be processed");
    }
    return Status::OK();
  }

  // The current token as a leaf node; consumes it.
  StatusOr<NodePtr> Atom() {
    const Token& t = Head();
    NodeKind kind = NodeKind::kLiteral;
    switch (t.type) {
      case TokenType::kIdentifier:
      case TokenType::kQuotedIdentifier:
        kind = NodeKind::kIdentifier;
        break;
      case TokenType::kNull:
        kind = NodeKind::kNull;
        break;
      case TokenType::kMissing:
        kind = NodeKind::kMissing;
        break;
      case TokenType::kIonLiteral:
        kind = NodeKind::kIonLiteral;
        break;
      case TokenType::kQuestionMark:
        kind = NodeKind::kParameter;
        break;
      default:
        kind = NodeKind::kLiteral;
        break;
    }
    EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(kind, &t));
    node->text = t.text;
    node->literal = t.literal;
    node->quoted = t.type == TokenType::kQuotedIdentifier;
    node->parameter = t.parameter;
    Next();
    return node;
  }

  StatusOr<NodePtr> ParseTerm() {
    const Token& head = Head();
    switch (head.type) {
      case TokenType::kOperator:
        if (head.text == "@") {
          Next();
          if (!IsIdentifier(Head())) {
            return Err("Identifier must follow @-operator");
          }
          return Atom();
        }
        return Err("Unexpected operator");
      case TokenType::kKeyword:
        return ParseKeywordTerm();
      case TokenType::kLeftParen: {
        const size_t open = pos_;
        Next();
        std::vector<NodePtr> items;
        EDDY_RETURN_IF_ERROR(ParseArgList(&items));
        EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
        if (items.size() == 1) return std::move(items[0]);
        EDDY_ASSIGN_OR_RETURN(NodePtr list,
                              MakeNode(NodeKind::kList, &tokens_[open]));
        list->children = std::move(items);
        EDDY_RETURN_IF_ERROR(Link(list.get()));
        return list;
      }
      case TokenType::kLeftBracket:
        return ParseCollection(NodeKind::kList, TokenType::kRightBracket);
      case TokenType::kLeftDoubleAngle:
        return ParseCollection(NodeKind::kBag, TokenType::kRightDoubleAngle);
      case TokenType::kLeftCurly:
        return ParseStruct();
      case TokenType::kIdentifier:
      case TokenType::kQuotedIdentifier:
        if (Head(1).type == TokenType::kLeftParen) return ParseFunctionCall();
        return Atom();
      case TokenType::kQuestionMark:
      case TokenType::kLiteral:
      case TokenType::kNull:
      case TokenType::kMissing:
      case TokenType::kIonLiteral:
        return Atom();
      default:
        return Err("Unexpected term");
    }
  }

  StatusOr<NodePtr> ParseKeywordTerm() {
    const std::string keyword = Head().text;
    if (keyword == "insert_into" || keyword == "set" || keyword == "remove") {
      return ParseBareDml();
    }
    if (keyword == "update") return ParseUpdate();
    if (keyword == "delete") return ParseDelete();
    if (keyword == "select") return ParseSelect();
    if (keyword == "from") return ParseFromFirst();
    if (keyword == "case" || keyword == "cast" || keyword == "create" ||
        keyword == "drop" || keyword == "pivot" || keyword == "values") {
      // These parse in DynamoDB and are refused afterwards, as an expression
      // DynamoDB does not translate.
      // Unconfirmed wording.
      return Status::Validation("Unsupported token in expression: " +
                                Upper(keyword));
    }
    if ((IsFunctionNameKeyword(keyword) || keyword == "substring" ||
         keyword == "trim" || keyword == "extract" || keyword == "date_add" ||
         keyword == "date_diff") &&
        Head(1).type == TokenType::kLeftParen) {
      return ParseFunctionCall();
    }
    return Err("Unexpected keyword");
  }

  StatusOr<NodePtr> ParseCollection(NodeKind kind, TokenType close) {
    const Token& open = Head();
    EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(kind, &open));
    Next();
    if (Head().type == close) {
      Next();
      return node;
    }
    EDDY_RETURN_IF_ERROR(ParseArgList(&node->children));
    EDDY_RETURN_IF_ERROR(Expect(close));
    EDDY_RETURN_IF_ERROR(Link(node.get()));
    return node;
  }

  StatusOr<NodePtr> ParseStruct() {
    const Token& open = Head();
    EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(NodeKind::kStruct, &open));
    Next();
    if (Head().type == TokenType::kRightCurly) {
      Next();
      return node;
    }
    while (true) {
      EDDY_ASSIGN_OR_RETURN(NodePtr key, ParseExpression(-1));
      EDDY_RETURN_IF_ERROR(Expect(TokenType::kColon));
      EDDY_ASSIGN_OR_RETURN(NodePtr value, ParseExpression(-1));
      node->children.push_back(std::move(key));
      node->children.push_back(std::move(value));
      if (Head().type != TokenType::kComma) break;
      Next();
    }
    EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightCurly));
    EDDY_RETURN_IF_ERROR(Link(node.get()));
    return node;
  }

  // expr (',' expr)*: at least one expression.
  Status ParseArgList(std::vector<NodePtr>* out) {
    while (true) {
      EDDY_ASSIGN_OR_RETURN(NodePtr item, ParseExpression(-1));
      out->push_back(std::move(item));
      if (Head().type != TokenType::kComma) return Status::OK();
      Next();
    }
  }

  StatusOr<NodePtr> ParseFunctionCall() {
    const Token& name = Head();
    EDDY_ASSIGN_OR_RETURN(NodePtr call, MakeNode(NodeKind::kCall, &name));
    const std::string written = name.text;
    call->text = Lower(written);
    const bool aggregate =
        name.type == TokenType::kKeyword && IsAggregateFunction(call->text);
    call->aggregate = aggregate;
    Next();  // the name
    Next();  // '('
    if (aggregate) {
      if (call->text == "count" && Head().type == TokenType::kRightParen) {
        return Err("Aggregate functions are always unary");
      }
      if (Head().type == TokenType::kStar) {
        if (call->text != "count") return Err(written + "(*) is not allowed");
        Next();
        EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
        return call;
      }
      if (HeadKeyword("distinct") || HeadKeyword("all")) Next();
      EDDY_RETURN_IF_ERROR(ParseArgList(&call->children));
      EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
      if (call->children.size() != 1) {
        return Err("Aggregate functions are always unary");
      }
      return call;
    }
    if (Head().type == TokenType::kStar) {
      return Err(written + "(*) is not allowed");
    }
    if (Head().type == TokenType::kRightParen) {
      Next();
      return call;
    }
    EDDY_RETURN_IF_ERROR(ParseArgList(&call->children));
    EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
    EDDY_RETURN_IF_ERROR(Link(call.get()));
    return call;
  }

  // The type after IS / IS NOT; returns a kIsType node with no operand yet.
  StatusOr<NodePtr> ParseType(const Token& is_token) {
    std::string_view name = KeywordText(Head());
    const partiql_internal::TypeName* type =
        name.empty() ? nullptr : FindTypeName(name);
    if (type == nullptr) return Err("Expected type name");
    EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(NodeKind::kIsType, &is_token));
    node->text = std::string(name);
    Next();
    int arity = 0;
    if (Head().type == TokenType::kLeftParen) {
      Next();
      std::vector<NodePtr> args;
      EDDY_RETURN_IF_ERROR(ParseArgList(&args));
      EDDY_RETURN_IF_ERROR(Expect(TokenType::kRightParen));
      arity = static_cast<int>(args.size());
      if (arity < type->min_arity || arity > type->max_arity) {
        return Err("CAST for " + std::string(type->name) +
                   " must have arity of " + std::to_string(type->min_arity) +
                   ".." + std::to_string(type->max_arity));
      }
      for (const NodePtr& arg : args) {
        if (arg->kind != NodeKind::kLiteral ||
            arg->literal != LiteralKind::kInteger || arg->text[0] == '-') {
          return Err("Type parameter must be an unsigned integer literal");
        }
      }
    }
    return node;
  }

  // --- SELECT --------------------------------------------------------------

  StatusOr<NodePtr> ParseSelect() {
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

  Status ParseSelectList(SelectStatement* s) {
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
  Status InspectSelectPath(SelectItem* item) {
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
  StatusOr<bool> ParseOptionalAlias(bool bare_allowed = true) {
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

  StatusOr<bool> ParseOptionalAtByAliases() {
    bool aliased = false;
    for (TokenType type : {TokenType::kAt, TokenType::kBy}) {
      if (Head().type != type) continue;
      Next();
      if (!IsIdentifier(Head())) {
        return Err("Expected identifier for " +
                   std::string(TokenTypeName(type)) + "-alias");
      }
      Next();
      aliased = true;
    }
    return aliased;
  }

  Status ParseSelectAfterProjection(SelectStatement* s) {
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

  Status ParseLet() {
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

  bool HeadIsJoin() const {
    std::string_view k = KeywordText(Head());
    return Head().type == TokenType::kComma || k == "join" ||
           k == "cross_join" || k == "inner_join" || k == "left_join" ||
           k == "left_cross_join" || k == "right_join" ||
           k == "right_cross_join" || k == "outer_join" ||
           k == "outer_cross_join";
  }

  Status ParseFromSource(int precedence, FromClause* from) {
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

  Status ParseFromSourceList(int precedence, FromClause* from) {
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

  // --- DML -----------------------------------------------------------------

  static bool IsDmlKeyword(const Token& t) {
    return t.type == TokenType::kKeyword &&
           (t.text == "insert_into" || t.text == "set" || t.text == "remove");
  }

  StatusOr<DmlOp> ParseDmlOp() {
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
  Status ParseDmlOps(DmlStatement* d) {
    do {
      EDDY_ASSIGN_OR_RETURN(DmlOp op, ParseDmlOp());
      d->ops.push_back(std::move(op));
    } while (IsDmlKeyword(Head()));
    return Status::OK();
  }

  Status ParseOptionalWhere(DmlStatement* d) {
    if (!HeadKeyword("where")) return Status::OK();
    Next();
    EDDY_ASSIGN_OR_RETURN(d->where, ParseExpression(-1));
    return Status::OK();
  }

  Status ParseOptionalReturning(DmlStatement* d) {
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

  StatusOr<NodePtr> NewDml(DmlStatement::Form form) {
    EDDY_ASSIGN_OR_RETURN(NodePtr node, MakeNode(NodeKind::kDml, &Head()));
    node->dml = std::make_unique<DmlStatement>();
    node->dml->form = form;
    node->dml->span = Head().span;
    return node;
  }

  // The target of UPDATE / DELETE FROM: a simple path and its aliases.
  Status ParseDmlTarget(DmlStatement* d) {
    EDDY_ASSIGN_OR_RETURN(d->target.source, ParsePathTerm(true));
    EDDY_ASSIGN_OR_RETURN(bool as_alias, ParseOptionalAlias());
    EDDY_ASSIGN_OR_RETURN(bool other_alias, ParseOptionalAtByAliases());
    d->target.aliased = as_alias || other_alias;
    return Status::OK();
  }

  StatusOr<NodePtr> ParseBareDml() {
    EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kBare));
    EDDY_RETURN_IF_ERROR(ParseDmlOps(node->dml.get()));
    EDDY_RETURN_IF_ERROR(ParseOptionalReturning(node->dml.get()));
    return node;
  }

  StatusOr<NodePtr> ParseUpdate() {
    EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kUpdate));
    Next();  // UPDATE
    DmlStatement* d = node->dml.get();
    EDDY_RETURN_IF_ERROR(ParseDmlTarget(d));
    EDDY_RETURN_IF_ERROR(ParseDmlOps(d));
    EDDY_RETURN_IF_ERROR(ParseOptionalWhere(d));
    EDDY_RETURN_IF_ERROR(ParseOptionalReturning(d));
    return node;
  }

  StatusOr<NodePtr> ParseDelete() {
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

  StatusOr<NodePtr> ParseFromFirst() {
    EDDY_ASSIGN_OR_RETURN(NodePtr node, NewDml(DmlStatement::Form::kFromFirst));
    Next();  // FROM
    DmlStatement* d = node->dml.get();
    EDDY_RETURN_IF_ERROR(ParseFromSourceList(-1, &d->target));
    EDDY_RETURN_IF_ERROR(ParseOptionalWhere(d));
    EDDY_RETURN_IF_ERROR(ParseDmlOps(d));
    EDDY_RETURN_IF_ERROR(ParseOptionalReturning(d));
    return node;
  }

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  int nodes_ = 0;
};

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
  Parser parser(std::move(tokens));
  EDDY_ASSIGN_OR_RETURN(NodePtr root, parser.ParseTop());
  ParsedStatement parsed;
  parsed.root = std::move(root);
  parsed.parameter_count = parameters;
  return parsed;
}

}  // namespace eddy::partiql
