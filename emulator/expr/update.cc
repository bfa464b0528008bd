// Copyright 2026 The eddy Authors.

#include "emulator/expr/update.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/expr/condition_parser.h"
#include "emulator/expr/internal/path_parser.h"
#include "emulator/expr/internal/path_tree.h"
#include "emulator/expr/lexer.h"
#include "emulator/types/limits.h"

namespace eddy::expr {
namespace {

constexpr ExpressionKind kKind = ExpressionKind::kUpdate;

using Action = UpdateAction;

// ---------------------------------------------------------------------------
// Parsing

constexpr std::string_view kSectionKeywords[] = {"SET", "REMOVE", "ADD",
                                                 "DELETE"};

std::optional<Action::Kind> SectionOf(const Token& token) {
  for (size_t i = 0; i < 4; ++i) {
    if (IsKeyword(token, kSectionKeywords[i])) {
      return static_cast<Action::Kind>(i);
    }
  }
  return std::nullopt;
}

bool IsLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

UpdateFunction UpdateFunctionFromName(std::string_view name) {
  if (name == "if_not_exists") return UpdateFunction::kIfNotExists;
  if (name == "list_append") return UpdateFunction::kListAppend;
  return UpdateFunction::kUnknown;
}

// Errors DynamoDB reports only once the whole text parsed, highest priority
// first (dynalite's updateParser.pegjs order).
enum ParseError { kReservedWord, kBadFunction, kRepeatedSection, kParseErrors };

class UpdateParser {
 public:
  UpdateParser(std::string_view text, const std::vector<Token>& tokens)
      : cursor_(text, tokens, kKind) {}

  StatusOr<ParsedUpdate> Parse() {
    ParsedUpdate parsed;
    bool seen[4] = {false, false, false, false};
    while (!cursor_.AtEnd()) {
      std::optional<Action::Kind> section = SectionOf(cursor_.Peek());
      if (!section) return cursor_.SyntaxError();
      cursor_.Next();
      do {
        EDDY_ASSIGN_OR_RETURN(Action action, ParseAction(*section));
        parsed.actions.push_back(std::move(action));
      } while (cursor_.Accept(TokenKind::kComma));
      if (!cursor_.AtEnd() && !SectionOf(cursor_.Peek())) {
        return cursor_.SyntaxError();
      }
      size_t i = static_cast<size_t>(*section);
      if (seen[i]) {
        Defer(kRepeatedSection, "The \"" + std::string(kSectionKeywords[i]) +
                                    "\" section can only be used once in an "
                                    "update expression;");
      }
      seen[i] = true;
    }
    for (const auto& message : deferred_) {
      if (message) return cursor_.Error(*message);
    }
    return parsed;
  }

 private:
  void Defer(ParseError which, std::string message) {
    if (!deferred_[which]) deferred_[which] = std::move(message);
  }

  Status CountOperator() {
    if (++operators_ > limits::kMaxExpressionOperators) {
      return cursor_.Error(
          "The expression contains too many operators; operator count: " +
          std::to_string(operators_));
    }
    return Status::OK();
  }

  StatusOr<DocumentPath> ParsePath() {
    // The section keywords cannot name an attribute, not even quoted by
    // case: they end the clause.
    if (SectionOf(cursor_.Peek())) return cursor_.SyntaxError();
    std::string reserved;
    EDDY_ASSIGN_OR_RETURN(DocumentPath path, expr::internal::ParseDocumentPath(
                                                 &cursor_, &reserved));
    if (!reserved.empty()) {
      Defer(kReservedWord,
            "Attribute name is a reserved keyword; reserved keyword: " +
                reserved);
    }
    return path;
  }

  StatusOr<Action> ParseAction(Action::Kind kind) {
    Action action;
    action.kind = kind;
    EDDY_ASSIGN_OR_RETURN(action.path, ParsePath());
    switch (kind) {
      case Action::Kind::kSet:
        if (!cursor_.Accept(TokenKind::kEq)) return cursor_.SyntaxError();
        EDDY_RETURN_IF_ERROR(ParseSetValue(&action));
        break;
      case Action::Kind::kRemove:
        break;
      case Action::Kind::kAdd:
      case Action::Kind::kDelete: {
        const Token& token = cursor_.Peek();
        if (token.kind != TokenKind::kValuePlaceholder) {
          return cursor_.SyntaxError();
        }
        cursor_.Next();
        UpdateOperand value;
        value.kind = UpdateOperand::Kind::kValue;
        value.value_name = std::string(token.text);
        action.operands.push_back(std::move(value));
        break;
      }
    }
    return action;
  }

  // Reads an optional '+' or '-' and its right operand.
  Status ParseArithmeticTail(Action* action) {
    TokenKind next = cursor_.Peek().kind;
    if (next != TokenKind::kPlus && next != TokenKind::kMinus) {
      return Status::OK();
    }
    cursor_.Next();
    EDDY_RETURN_IF_ERROR(CountOperator());
    action->arithmetic = next == TokenKind::kPlus ? Action::Arithmetic::kPlus
                                                  : Action::Arithmetic::kMinus;
    EDDY_ASSIGN_OR_RETURN(UpdateOperand right, ParseTerm());
    action->operands.push_back(std::move(right));
    return Status::OK();
  }

  // value ::= '(' sum ')' | sum. A leading '(' may open the whole value or
  // only its first term; which one shows at the matching ')'.
  Status ParseSetValue(Action* action) {
    if (cursor_.Accept(TokenKind::kLeftParen)) {
      EDDY_ASSIGN_OR_RETURN(UpdateOperand first, ParseTerm());
      action->operands.push_back(std::move(first));
      EDDY_RETURN_IF_ERROR(ParseArithmeticTail(action));
      if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
      if (action->operands.size() == 2) return Status::OK();
      return ParseArithmeticTail(action);
    }
    EDDY_ASSIGN_OR_RETURN(UpdateOperand first, ParseTerm());
    action->operands.push_back(std::move(first));
    return ParseArithmeticTail(action);
  }

  // term ::= '(' operand ')' | operand
  StatusOr<UpdateOperand> ParseTerm() {
    if (!cursor_.Accept(TokenKind::kLeftParen)) return ParseOperand();
    EDDY_ASSIGN_OR_RETURN(UpdateOperand operand, ParseOperand());
    if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
    return operand;
  }

  StatusOr<UpdateOperand> ParseOperand() {
    const Token& token = cursor_.Peek();
    UpdateOperand operand;
    if (token.kind == TokenKind::kValuePlaceholder) {
      cursor_.Next();
      operand.kind = UpdateOperand::Kind::kValue;
      operand.value_name = std::string(token.text);
      return operand;
    }
    if (token.kind == TokenKind::kName && IsLetter(token.text[0]) &&
        !SectionOf(token) && cursor_.Peek(1).kind == TokenKind::kLeftParen) {
      return ParseFunctionCall();
    }
    operand.kind = UpdateOperand::Kind::kPath;
    EDDY_ASSIGN_OR_RETURN(operand.path, ParsePath());
    return operand;
  }

  StatusOr<UpdateOperand> ParseFunctionCall() {
    UpdateOperand operand;
    operand.kind = UpdateOperand::Kind::kFunction;
    operand.function_name = std::string(cursor_.Next().text);
    operand.function = UpdateFunctionFromName(operand.function_name);
    if (operand.function == UpdateFunction::kUnknown) {
      if (FunctionFromName(operand.function_name) != Function::kUnknown) {
        Defer(kBadFunction,
              "The function is not allowed in an update expression");
      } else {
        Defer(kBadFunction,
              "Invalid function name; function: " + operand.function_name);
      }
    }
    // Every call counts as an operator, so the operator limit bounds the
    // recursion long before the depth limit does.
    EDDY_RETURN_IF_ERROR(CountOperator());
    if (depth_ >= kMaxParseDepth) return cursor_.SyntaxError();
    ++depth_;
    cursor_.Next();  // '('
    do {
      StatusOr<UpdateOperand> arg = ParseTerm();
      if (!arg.ok()) {
        --depth_;
        return arg.status();
      }
      operand.args.push_back(*std::move(arg));
    } while (cursor_.Accept(TokenKind::kComma));
    --depth_;
    if (!cursor_.Accept(TokenKind::kRightParen)) return cursor_.SyntaxError();
    return operand;
  }

  TokenCursor cursor_;
  int depth_ = 0;
  int operators_ = 0;
  std::optional<std::string> deferred_[kParseErrors];
};

// ---------------------------------------------------------------------------
// Printing

void AppendOperand(const UpdateOperand& op, bool debug, std::string* out) {
  switch (op.kind) {
    case UpdateOperand::Kind::kPath:
      out->append(debug ? op.path.DebugString() : op.path.ToExpression());
      return;
    case UpdateOperand::Kind::kValue:
      if (debug && op.value != nullptr) {
        op.value->AppendDebugString(out);
      } else {
        out->append(op.value_name);
      }
      return;
    case UpdateOperand::Kind::kFunction:
      if (debug) {
        out->append("(");
        out->append(op.function_name);
        for (const UpdateOperand& arg : op.args) {
          out->append(" ");
          AppendOperand(arg, debug, out);
        }
        out->append(")");
      } else {
        out->append(op.function_name);
        out->append("(");
        for (size_t i = 0; i < op.args.size(); ++i) {
          if (i > 0) out->append(", ");
          AppendOperand(op.args[i], debug, out);
        }
        out->append(")");
      }
      return;
  }
}

std::string_view ArithmeticSymbol(Action::Arithmetic a) {
  return a == Action::Arithmetic::kPlus ? "+" : "-";
}

// ---------------------------------------------------------------------------
// Resolution

// Name of a literal's type in ADD / DELETE messages; empty for the set types
// (valid for both).
std::string_view OperandTypeWord(AttributeType type) {
  switch (type) {
    case AttributeType::kS:
      return "STRING";
    case AttributeType::kN:
      return "NUMBER";
    case AttributeType::kB:
      return "BINARY";
    case AttributeType::kBOOL:
      return "BOOLEAN";
    case AttributeType::kNULL:
      return "NULL";
    case AttributeType::kL:
      return "LIST";
    case AttributeType::kM:
      return "MAP";
    default:
      return "";
  }
}

// Step-3 errors found after parsing, highest priority first.
enum ResolveError {
  kUndefinedName,
  kUndefinedValue,
  kOverlap,
  kOperandType,
  kFunctionUse,
  kResolveErrors,
};

class UpdateResolver {
 public:
  UpdateResolver(const ExpressionAttributeNames* names,
                 const AttributeMap* values, PlaceholderUsage* usage)
      : names_(names), values_(values), usage_(usage) {}

  StatusOr<ResolvedUpdate> Resolve(const ParsedUpdate& parsed) {
    ResolvedUpdate resolved;
    resolved.actions.reserve(parsed.actions.size());
    bool paths_resolved = true;
    for (const Action& in : parsed.actions) {
      Action out;
      out.kind = in.kind;
      out.arithmetic = in.arithmetic;
      out.path = in.path;
      paths_resolved &= ResolvePath(&out.path);
      for (const UpdateOperand& operand : in.operands) {
        out.operands.push_back(ResolveOperand(operand));
      }
      CheckAction(out);
      resolved.actions.push_back(std::move(out));
    }
    if (deferred_[kUndefinedName]) return Error(kUndefinedName);
    if (deferred_[kUndefinedValue]) return Error(kUndefinedValue);
    std::vector<const DocumentPath*> written;
    written.reserve(resolved.actions.size());
    for (const Action& action : resolved.actions) {
      written.push_back(&action.path);
    }
    if (paths_resolved) {
      EDDY_RETURN_IF_ERROR(expr::internal::CheckPathsDisjoint(written, kKind));
    }
    for (int i = kOverlap; i < kResolveErrors; ++i) {
      if (deferred_[i]) return Error(static_cast<ResolveError>(i));
    }
    resolved.written = expr::internal::BuildPathTree(written);
    return resolved;
  }

 private:
  Status Error(ResolveError which) const {
    return InvalidExpression(kKind, *deferred_[which]);
  }

  void Defer(ResolveError which, std::string message) {
    if (!deferred_[which]) deferred_[which] = std::move(message);
  }

  // False when a placeholder is undefined (the error is deferred).
  bool ResolvePath(DocumentPath* path) {
    bool ok = true;
    for (PathElement& e : path->elements) {
      if (e.placeholder.empty()) continue;
      const std::string* name = nullptr;
      if (names_ != nullptr) {
        auto it = names_->find(e.placeholder);
        if (it != names_->end()) name = &it->second;
      }
      if (name == nullptr) {
        Defer(kUndefinedName,
              "An expression attribute name used in the document path is not "
              "defined; attribute name: " +
                  e.placeholder);
        ok = false;
        continue;
      }
      usage_->names.insert(e.placeholder);
      e.name = *name;
    }
    return ok;
  }

  // Depth is bounded by the parser (every call counts as an operator).
  UpdateOperand ResolveOperand(const UpdateOperand& in) {
    UpdateOperand out;
    out.kind = in.kind;
    switch (in.kind) {
      case UpdateOperand::Kind::kPath:
        out.path = in.path;
        ResolvePath(&out.path);
        break;
      case UpdateOperand::Kind::kValue: {
        out.value_name = in.value_name;
        const AttributeValue* value =
            values_ == nullptr ? nullptr : values_->Find(in.value_name);
        if (value == nullptr) {
          Defer(kUndefinedValue,
                "An expression attribute value used in expression is not "
                "defined; attribute value: " +
                    in.value_name);
        } else {
          usage_->values.insert(in.value_name);
          out.value = std::make_shared<const AttributeValue>(*value);
        }
        break;
      }
      case UpdateOperand::Kind::kFunction:
        out.function = in.function;
        out.function_name = in.function_name;
        for (const UpdateOperand& arg : in.args) {
          out.args.push_back(ResolveOperand(arg));
        }
        CheckFunction(out);
        break;
    }
    return out;
  }

  // The literal type of an operand: only `:value`s have one before any item
  // is seen.
  static std::optional<AttributeType> LiteralType(const UpdateOperand& op) {
    if (op.kind != UpdateOperand::Kind::kValue || op.value == nullptr) {
      return std::nullopt;
    }
    return op.value->type();
  }

  void RequireLiteralType(std::string_view function,
                          const std::vector<const UpdateOperand*>& args,
                          AttributeType want) {
    for (const UpdateOperand* arg : args) {
      std::optional<AttributeType> type = LiteralType(*arg);
      if (type && *type != want) {
        Defer(kFunctionUse,
              "Incorrect operand type for operator or function; operator or "
              "function: " +
                  std::string(function) +
                  ", operand type: " + std::string(AttributeTypeName(*type)));
        return;
      }
    }
  }

  // Called on each call after its arguments (innermost first).
  void CheckFunction(const UpdateOperand& f) {
    if (f.function == UpdateFunction::kUnknown) return;
    if (f.args.size() != 2) {
      Defer(kFunctionUse,
            "Incorrect number of operands for operator or function; operator "
            "or function: " +
                f.function_name +
                ", number of operands: " + std::to_string(f.args.size()));
      return;
    }
    if (f.function == UpdateFunction::kIfNotExists) {
      if (f.args[0].kind != UpdateOperand::Kind::kPath) {
        Defer(kFunctionUse,
              "Operator or function requires a document path; operator or "
              "function: if_not_exists");
      }
      return;
    }
    // list_append
    for (const UpdateOperand& arg : f.args) {
      if (arg.kind == UpdateOperand::Kind::kFunction &&
          arg.function == UpdateFunction::kListAppend) {
        Defer(kFunctionUse,
              "The function is not allowed to be used this way in an "
              "expression; function: list_append");
        return;
      }
    }
    RequireLiteralType(f.function_name, {&f.args[0], &f.args[1]},
                       AttributeType::kL);
  }

  void CheckAction(const Action& action) {
    switch (action.kind) {
      case Action::Kind::kSet:
        if (action.arithmetic != Action::Arithmetic::kNone) {
          RequireLiteralType(ArithmeticSymbol(action.arithmetic),
                             {&action.operands[0], &action.operands[1]},
                             AttributeType::kN);
        }
        return;
      case Action::Kind::kRemove:
        return;
      case Action::Kind::kAdd:
      case Action::Kind::kDelete: {
        std::optional<AttributeType> type = LiteralType(action.operands[0]);
        if (!type) return;
        std::string_view word = OperandTypeWord(*type);
        bool number_add =
            action.kind == Action::Kind::kAdd && *type == AttributeType::kN;
        if (!word.empty() && !number_add) {
          Defer(kOperandType,
                "Incorrect operand type for operator or function; operator: " +
                    std::string(action.kind == Action::Kind::kAdd ? "ADD"
                                                                  : "DELETE") +
                    ", operand type: " + std::string(word));
        }
        return;
      }
    }
  }

  const ExpressionAttributeNames* names_;
  const AttributeMap* values_;
  PlaceholderUsage* usage_;
  std::optional<std::string> deferred_[kResolveErrors];
};

}  // namespace

std::string DebugString(const std::vector<UpdateAction>& actions) {
  std::string out;
  for (const Action& action : actions) {
    if (!out.empty()) out.append(" ");
    out.append("(");
    out.append(action.kind == Action::Kind::kSet      ? "set "
               : action.kind == Action::Kind::kRemove ? "remove "
               : action.kind == Action::Kind::kAdd    ? "add "
                                                      : "delete ");
    out.append(action.path.DebugString());
    if (action.arithmetic != Action::Arithmetic::kNone) {
      out.append(" (");
      out.append(ArithmeticSymbol(action.arithmetic));
      for (const UpdateOperand& op : action.operands) {
        out.append(" ");
        AppendOperand(op, /*debug=*/true, &out);
      }
      out.append(")");
    } else {
      for (const UpdateOperand& op : action.operands) {
        out.append(" ");
        AppendOperand(op, /*debug=*/true, &out);
      }
    }
    out.append(")");
  }
  return out;
}

std::string ToExpression(const std::vector<UpdateAction>& actions) {
  std::string out;
  for (size_t i = 0; i < actions.size(); ++i) {
    const Action& action = actions[i];
    if (i == 0 || actions[i - 1].kind != action.kind) {
      if (i > 0) out.append(" ");
      out.append(kSectionKeywords[static_cast<size_t>(action.kind)]);
      out.append(" ");
    } else {
      out.append(", ");
    }
    out.append(action.path.ToExpression());
    if (action.kind == Action::Kind::kSet) {
      out.append(" = ");
      AppendOperand(action.operands[0], /*debug=*/false, &out);
      if (action.arithmetic != Action::Arithmetic::kNone) {
        out.append(" ");
        out.append(ArithmeticSymbol(action.arithmetic));
        out.append(" ");
        AppendOperand(action.operands[1], /*debug=*/false, &out);
      }
    } else if (!action.operands.empty()) {
      out.append(" ");
      AppendOperand(action.operands[0], /*debug=*/false, &out);
    }
  }
  return out;
}

StatusOr<ParsedUpdate> ParseUpdate(std::string_view text) {
  if (static_cast<int64_t>(text.size()) > limits::kMaxExpressionBytes) {
    return InvalidExpression(
        kKind,
        "Expression size has exceeded the maximum allowed size; expression "
        "size: " +
            std::to_string(text.size()));
  }
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.size() == 1) {
    return InvalidExpression(kKind, "The expression can not be empty;");
  }
  UpdateParser parser(text, tokens);
  return parser.Parse();
}

StatusOr<ResolvedUpdate> ResolveUpdate(const ParsedUpdate& parsed,
                                       const ExpressionAttributeNames* names,
                                       const AttributeMap* values,
                                       PlaceholderUsage* usage) {
  UpdateResolver resolver(names, values, usage);
  return resolver.Resolve(parsed);
}

StatusOr<ResolvedUpdate> CompileUpdate(std::string_view text,
                                       const ExpressionAttributeNames* names,
                                       const AttributeMap* values,
                                       PlaceholderUsage* usage) {
  EDDY_ASSIGN_OR_RETURN(ParsedUpdate parsed, ParseUpdate(text));
  return ResolveUpdate(parsed, names, values, usage);
}

ResolvedUpdate UpdateOfResolvedActions(std::vector<UpdateAction> actions) {
  ResolvedUpdate resolved;
  resolved.actions = std::move(actions);
  std::vector<std::string_view> written;
  written.reserve(resolved.actions.size());
  for (const UpdateAction& action : resolved.actions) {
    written.push_back(action.path.elements[0].name);
  }
  resolved.written = expr::internal::BuildTopLevelPathTree(written);
  return resolved;
}

}  // namespace eddy::expr
