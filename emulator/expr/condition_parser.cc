// Copyright 2026 The eddy Authors.

#include "emulator/expr/condition_parser.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/expr/internal/path_parser.h"
#include "emulator/expr/lexer.h"
#include "emulator/types/limits.h"

namespace eddy::expr {
namespace {

using expr::internal::IsConditionKeyword;
using expr::internal::ParseDocumentPath;

// Errors DynamoDB reports only when the whole text parsed, highest priority
// first (the order dynalite's conditionParser.pegjs copied from AWS).
enum DeferredError {
  kRedundantParens,
  kUnknownFunction,
  kMisusedFunction,
  kReservedWord,
  kDeferredErrorCount,
};

// A parsed piece that is either a condition or (inside parentheses, or
// before a comparator) still a bare operand. Small on purpose: it lives in
// every recursive frame.
struct Term {
  std::unique_ptr<Condition> condition;
  std::unique_ptr<Operand> operand;
  // The term is exactly one parenthesised group: a second pair around it
  // would be redundant.
  bool parenthesized = false;
};

std::optional<Comparator> AsComparator(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEq:
      return Comparator::kEq;
    case TokenKind::kNe:
      return Comparator::kNe;
    case TokenKind::kLt:
      return Comparator::kLt;
    case TokenKind::kLe:
      return Comparator::kLe;
    case TokenKind::kGt:
      return Comparator::kGt;
    case TokenKind::kGe:
      return Comparator::kGe;
    default:
      return std::nullopt;
  }
}

class ConditionParser {
 public:
  ConditionParser(std::string_view text, const std::vector<Token>& tokens,
                  ExpressionKind kind)
      : cursor_(text, tokens, kind) {}

  StatusOr<ParsedCondition> Parse() {
    EDDY_ASSIGN_OR_RETURN(Term term, ParseOr());
    EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> root,
                          ToCondition(std::move(term)));
    if (!cursor_.AtEnd()) return cursor_.SyntaxError();
    if (std::optional<Status> deferred = FirstDeferredError()) return *deferred;
    ParsedCondition parsed;
    parsed.kind = cursor_.kind();
    parsed.root = std::move(root);
    return parsed;
  }

 private:
  // RAII depth counter for parentheses and function calls.
  class DepthGuard {
   public:
    explicit DepthGuard(int* depth) : depth_(depth) { ++*depth_; }
    ~DepthGuard() { --*depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    int* depth_;
  };

  void Defer(DeferredError which, std::string message) {
    if (!deferred_[which]) deferred_[which] = std::move(message);
  }

  std::optional<Status> FirstDeferredError() const {
    for (const auto& message : deferred_) {
      if (message) return cursor_.Error(*message);
    }
    return std::nullopt;
  }

  // The error for input nested deeper than kMaxParseDepth.
  Status DepthExceeded() const {
    if (std::optional<Status> deferred = FirstDeferredError()) return *deferred;
    const Token* previous = cursor_.Previous();
    if (cursor_.Peek().kind == TokenKind::kLeftParen && previous != nullptr &&
        previous->kind == TokenKind::kLeftParen) {
      return cursor_.Error("The expression has redundant parentheses;");
    }
    return cursor_.SyntaxError();
  }

  Status CountOperator() {
    if (++operators_ > limits::kMaxExpressionOperators) {
      return cursor_.Error(
          "The expression contains too many operators; operator count: " +
          std::to_string(operators_));
    }
    return Status::OK();
  }

  // A function used where a value is needed must be size().
  void CheckOperandUse(const Operand& operand) {
    if (operand.kind == Operand::Kind::kFunction &&
        operand.function != Function::kSize &&
        operand.function != Function::kUnknown) {
      Defer(kMisusedFunction,
            "The function is not allowed to be used this way in an "
            "expression; function: " +
                operand.function_name);
    }
  }

  // A term used as a condition: a bare operand must be a boolean function.
  StatusOr<std::unique_ptr<Condition>> ToCondition(Term term) {
    if (term.condition) return std::move(term.condition);
    Operand& operand = *term.operand;
    if (operand.kind != Operand::Kind::kFunction) return cursor_.SyntaxError();
    if (operand.function == Function::kSize) {
      Defer(kMisusedFunction,
            "The function is not allowed to be used this way in an "
            "expression; function: size");
    }
    auto condition = std::make_unique<Condition>();
    condition->kind = Condition::Kind::kFunction;
    condition->operands.push_back(std::move(operand));
    return condition;
  }

  static Term ConditionTerm(std::unique_ptr<Condition> condition) {
    Term term;
    term.condition = std::move(condition);
    return term;
  }

  static std::unique_ptr<Condition> Binary(Condition::Kind kind,
                                           std::unique_ptr<Condition> left,
                                           std::unique_ptr<Condition> right) {
    auto node = std::make_unique<Condition>();
    node->kind = kind;
    node->children.push_back(std::move(left));
    node->children.push_back(std::move(right));
    return node;
  }

  StatusOr<Term> ParseOr() {
    EDDY_ASSIGN_OR_RETURN(Term first, ParseAnd());
    if (!IsKeyword(cursor_.Peek(), "OR")) return first;
    EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> result,
                          ToCondition(std::move(first)));
    while (cursor_.AcceptKeyword("OR")) {
      EDDY_RETURN_IF_ERROR(CountOperator());
      EDDY_ASSIGN_OR_RETURN(Term next, ParseAnd());
      EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> right,
                            ToCondition(std::move(next)));
      result =
          Binary(Condition::Kind::kOr, std::move(result), std::move(right));
    }
    return ConditionTerm(std::move(result));
  }

  StatusOr<Term> ParseAnd() {
    EDDY_ASSIGN_OR_RETURN(Term first, ParseNot());
    if (!IsKeyword(cursor_.Peek(), "AND")) return first;
    EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> result,
                          ToCondition(std::move(first)));
    while (cursor_.AcceptKeyword("AND")) {
      EDDY_RETURN_IF_ERROR(CountOperator());
      EDDY_ASSIGN_OR_RETURN(Term next, ParseNot());
      EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> right,
                            ToCondition(std::move(next)));
      result =
          Binary(Condition::Kind::kAnd, std::move(result), std::move(right));
    }
    return ConditionTerm(std::move(result));
  }

  // NOT chains are read in a loop, not by recursion.
  StatusOr<Term> ParseNot() {
    int nots = 0;
    while (cursor_.AcceptKeyword("NOT")) {
      EDDY_RETURN_IF_ERROR(CountOperator());
      ++nots;
    }
    EDDY_ASSIGN_OR_RETURN(Term primary, ParsePrimary());
    if (nots == 0) return primary;
    EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> result,
                          ToCondition(std::move(primary)));
    for (int i = 0; i < nots; ++i) {
      auto node = std::make_unique<Condition>();
      node->kind = Condition::Kind::kNot;
      node->children.push_back(std::move(result));
      result = std::move(node);
    }
    return ConditionTerm(std::move(result));
  }

  StatusOr<Term> ParsePrimary() {
    if (cursor_.Peek().kind != TokenKind::kLeftParen) {
      EDDY_ASSIGN_OR_RETURN(Operand operand, ParseOperand());
      return ParseComparisonTail(std::move(operand), /*parenthesized=*/false);
    }
    if (depth_ >= kMaxParseDepth) return DepthExceeded();
    DepthGuard guard(&depth_);
    cursor_.Next();
    EDDY_ASSIGN_OR_RETURN(Term inner, ParseOr());
    if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
    if (inner.parenthesized) {
      Defer(kRedundantParens, "The expression has redundant parentheses;");
    }
    if (inner.operand) {
      // "(a) = :v": a parenthesised operand may still meet its comparator.
      return ParseComparisonTail(std::move(*inner.operand),
                                 /*parenthesized=*/true);
    }
    inner.parenthesized = true;
    return inner;
  }

  StatusOr<Term> ParseComparisonTail(Operand left, bool parenthesized) {
    const Token& token = cursor_.Peek();
    auto node = std::make_unique<Condition>();
    if (std::optional<Comparator> op = AsComparator(token.kind)) {
      cursor_.Next();
      EDDY_RETURN_IF_ERROR(CountOperator());
      EDDY_ASSIGN_OR_RETURN(Operand right, ParseGroupedOperand(nullptr));
      node->kind = Condition::Kind::kComparison;
      node->comparator = *op;
      node->operands.push_back(std::move(left));
      node->operands.push_back(std::move(right));
    } else if (IsKeyword(token, "BETWEEN")) {
      cursor_.Next();
      EDDY_RETURN_IF_ERROR(CountOperator());
      EDDY_ASSIGN_OR_RETURN(Operand low, ParseGroupedOperand(nullptr));
      if (!cursor_.AcceptKeyword("AND")) return cursor_.SyntaxError();
      EDDY_ASSIGN_OR_RETURN(Operand high, ParseGroupedOperand(nullptr));
      node->kind = Condition::Kind::kBetween;
      node->operands.push_back(std::move(left));
      node->operands.push_back(std::move(low));
      node->operands.push_back(std::move(high));
    } else if (IsKeyword(token, "IN")) {
      cursor_.Next();
      EDDY_RETURN_IF_ERROR(CountOperator());
      if (!cursor_.Accept(TokenKind::kLeftParen)) return cursor_.SyntaxError();
      node->kind = Condition::Kind::kIn;
      node->operands.push_back(std::move(left));
      do {
        EDDY_ASSIGN_OR_RETURN(Operand item, ParseGroupedOperand(nullptr));
        node->operands.push_back(std::move(item));
      } while (cursor_.Accept(TokenKind::kComma));
      if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
      size_t count = node->operands.size() - 1;
      if (count > static_cast<size_t>(limits::kMaxInOperands)) {
        return cursor_.Error(
            "The IN operator is provided with too many operands; number of "
            "operands: " +
            std::to_string(count));
      }
    } else {
      Term term;
      term.operand = std::make_unique<Operand>(std::move(left));
      term.parenthesized = parenthesized;
      return term;
    }
    for (const Operand& operand : node->operands) CheckOperandUse(operand);
    return ConditionTerm(std::move(node));
  }

  // operand, or operand in one or more pairs of parentheses. When
  // `parenthesized` is non-null it tells whether the result was wrapped.
  StatusOr<Operand> ParseGroupedOperand(bool* parenthesized) {
    if (cursor_.Peek().kind != TokenKind::kLeftParen) {
      if (parenthesized != nullptr) *parenthesized = false;
      return ParseOperand();
    }
    if (depth_ >= kMaxParseDepth) return DepthExceeded();
    DepthGuard guard(&depth_);
    cursor_.Next();
    bool inner_parenthesized = false;
    EDDY_ASSIGN_OR_RETURN(Operand inner,
                          ParseGroupedOperand(&inner_parenthesized));
    if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
    if (inner_parenthesized) {
      Defer(kRedundantParens, "The expression has redundant parentheses;");
    }
    if (parenthesized != nullptr) *parenthesized = true;
    return inner;
  }

  StatusOr<Operand> ParseOperand() {
    const Token& token = cursor_.Peek();
    if (token.kind == TokenKind::kValuePlaceholder) {
      cursor_.Next();
      Operand operand;
      operand.kind = Operand::Kind::kValue;
      operand.value_name = std::string(token.text);
      return operand;
    }
    if (token.kind == TokenKind::kName && !IsConditionKeyword(token) &&
        cursor_.Peek(1).kind == TokenKind::kLeftParen) {
      return ParseFunctionCall();
    }
    if (expr::internal::StartsDocumentPath(token)) {
      std::string reserved;
      EDDY_ASSIGN_OR_RETURN(DocumentPath path,
                            ParseDocumentPath(&cursor_, &reserved));
      if (!reserved.empty()) {
        Defer(kReservedWord,
              "Attribute name is a reserved keyword; reserved keyword: " +
                  reserved);
      }
      Operand operand;
      operand.kind = Operand::Kind::kPath;
      operand.path = std::move(path);
      return operand;
    }
    return cursor_.SyntaxError();
  }

  StatusOr<Operand> ParseFunctionCall() {
    Operand operand;
    operand.kind = Operand::Kind::kFunction;
    operand.function_name = std::string(cursor_.Next().text);
    operand.function = FunctionFromName(operand.function_name);
    if (operand.function == Function::kUnknown) {
      Defer(kUnknownFunction,
            "Invalid function name; function: " + operand.function_name);
    }
    if (depth_ >= kMaxParseDepth) return DepthExceeded();
    DepthGuard guard(&depth_);
    cursor_.Next();  // '('
    do {
      EDDY_ASSIGN_OR_RETURN(Operand arg, ParseGroupedOperand(nullptr));
      CheckOperandUse(arg);
      operand.args.push_back(std::move(arg));
    } while (cursor_.Accept(TokenKind::kComma));
    if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
    return operand;
  }

  TokenCursor cursor_;
  int depth_ = 0;
  int operators_ = 0;
  std::optional<std::string> deferred_[kDeferredErrorCount];
};

}  // namespace

StatusOr<ParsedCondition> ParseCondition(std::string_view text,
                                         ExpressionKind kind) {
  if (static_cast<int64_t>(text.size()) > limits::kMaxExpressionBytes) {
    return InvalidExpression(
        kind,
        "Expression size has exceeded the maximum allowed size; "
        "expression size: " +
            std::to_string(text.size()));
  }
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.size() == 1) {
    return InvalidExpression(kind, "The expression can not be empty;");
  }
  ConditionParser parser(text, tokens, kind);
  return parser.Parse();
}

}  // namespace eddy::expr
