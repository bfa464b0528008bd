// Copyright 2026 The eddy Authors.
//
// Expressions: the Pratt loop over operators, terms, paths, literals,
// collections, function calls and types (parser_impl.h).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "emulator/partiql/internal/parser_impl.h"

namespace eddy::partiql::internal {

StatusOr<NodePtr> Parser::ParseExpression(int precedence) {
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
StatusOr<NodePtr> Parser::ParseRightExpr(int precedence) {
  // The Kotlin parser checks that at least two tokens follow the operator
  // (the operand and EOF).
  if (Remaining() + 1 < 3) {
    return Err("Missing right-hand side expression of infix operator");
  }
  return ParseExpression(precedence);
}

StatusOr<NodePtr> Parser::ParseRightExprAt(size_t op_pos) {
  return ParseRightExpr(InfixPrecedence(tokens_[op_pos]));
}

StatusOr<NodePtr> Parser::ParseUnaryTerm() {
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

StatusOr<NodePtr> Parser::ParsePathTerm(bool simple) {
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

Status Parser::CountNode() {
  if (++nodes_ > kMaxParseNodes) {
    // Unconfirmed wording.
    return Err("Statement is too large to be processed");
  }
  return Status::OK();
}

// The current token as a leaf node; consumes it.
StatusOr<NodePtr> Parser::Atom() {
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

StatusOr<NodePtr> Parser::ParseTerm() {
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

StatusOr<NodePtr> Parser::ParseKeywordTerm() {
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

StatusOr<NodePtr> Parser::ParseCollection(NodeKind kind, TokenType close) {
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

StatusOr<NodePtr> Parser::ParseStruct() {
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
Status Parser::ParseArgList(std::vector<NodePtr>* out) {
  while (true) {
    EDDY_ASSIGN_OR_RETURN(NodePtr item, ParseExpression(-1));
    out->push_back(std::move(item));
    if (Head().type != TokenType::kComma) return Status::OK();
    Next();
  }
}

StatusOr<NodePtr> Parser::ParseFunctionCall() {
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
StatusOr<NodePtr> Parser::ParseType(const Token& is_token) {
  std::string_view name = KeywordText(Head());
  const partiql::internal::TypeName* type =
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

}  // namespace eddy::partiql::internal
