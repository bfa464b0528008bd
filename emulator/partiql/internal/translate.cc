// Copyright 2026 The eddy Authors.

#include "emulator/partiql/internal/translate.h"

#include <climits>
#include <optional>
#include <string>
#include <utility>

#include "emulator/partiql/internal/values.h"

namespace eddy::partiql::internal {
namespace {

using expr::Comparator;
using expr::Condition;
using expr::Function;
using expr::Operand;

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

std::optional<Comparator> ComparatorOf(std::string_view op) {
  if (op == "=") return Comparator::kEq;
  if (op == "<>") return Comparator::kNe;
  if (op == "<") return Comparator::kLt;
  if (op == "<=") return Comparator::kLe;
  if (op == ">") return Comparator::kGt;
  if (op == ">=") return Comparator::kGe;
  return std::nullopt;
}

// Types the ordering comparators and BETWEEN refuse outright.
bool Unordered(AttributeType t) {
  return t != AttributeType::kS && t != AttributeType::kN &&
         t != AttributeType::kB;
}

Status OperandTypeError(std::string_view op, std::string_view type) {
  return Status::Validation(
      "Incorrect operand type for operator or function; operator or "
      "function: " +
      std::string(op) + ", operand type: " + std::string(type));
}

Status UnsupportedConditionOperator(std::string_view symbol) {
  return Status::Validation(
      "Unsupported operator in Condition Expression. Operator: " +
      std::string(symbol));
}

Status UnsupportedUpdateOperator(std::string_view symbol) {
  return Status::Validation(
      "Unsupported operator in Update Expression. Operator: " +
      std::string(symbol));
}

Status UnsupportedToken(const Node& node) {
  return Status::Validation("Unsupported token in expression: " +
                            NodeIdentifier(node) + At(node.span));
}

// The NAry symbol DynamoDB names an operator node by.
std::string OperatorSymbol(const Node& node) {
  if (node.kind == NodeKind::kBetween) return "between";
  return node.text;
}

Function ConditionFunction(std::string_view name) {
  if (name == "attribute_exists") return Function::kAttributeExists;
  if (name == "attribute_not_exists") return Function::kAttributeNotExists;
  if (name == "attribute_type") return Function::kAttributeType;
  if (name == "begins_with") return Function::kBeginsWith;
  if (name == "contains") return Function::kContains;
  if (name == "size") return Function::kSize;
  return Function::kUnknown;
}

// The Kotlin SqlDataType a type keyword denotes, and the DynamoDB type IS
// tests it with (empty when IS refuses it).
struct IsTypeMapping {
  std::string sql_name;
  std::string_view dynamo;
};
IsTypeMapping MapIsType(std::string_view type) {
  if (type == "boolean") return {"BOOLEAN", "BOOL"};
  if (type == "numeric") return {"NUMERIC", "N"};
  if (type == "string") return {"STRING", "S"};
  if (type == "blob") return {"BLOB", "B"};
  if (type == "struct") return {"STRUCT", "M"};
  if (type == "tuple") return {"TUPLE", "M"};
  if (type == "list") return {"LIST", "L"};
  return {Upper(type), ""};
}

// Comparing conditions as booleans copies them; nested comparisons of
// comparisons would double the tree at every level.
constexpr int kMaxRewrittenNodes = 4096;

int CountConditionNodes(const Condition& c) {
  int n = 1;
  for (const auto& child : c.children) n += CountConditionNodes(*child);
  return n;
}

}  // namespace

// --- Tree helpers
// -------------------------------------------------------------

expr::Operand CloneOperand(const expr::Operand& o) {
  expr::Operand out;
  out.kind = o.kind;
  out.path = o.path;
  out.value_name = o.value_name;
  out.value = o.value;
  out.function = o.function;
  out.function_name = o.function_name;
  for (const Operand& arg : o.args) out.args.push_back(CloneOperand(arg));
  return out;
}

ConditionPtr CloneCondition(const expr::Condition& c) {
  auto out = std::make_unique<Condition>();
  out->kind = c.kind;
  out->comparator = c.comparator;
  for (const Operand& o : c.operands) out->operands.push_back(CloneOperand(o));
  for (const auto& child : c.children) {
    out->children.push_back(CloneCondition(*child));
  }
  return out;
}

ConditionPtr ReleaseChild(std::unique_ptr<const expr::Condition> child) {
  return ConditionPtr(const_cast<Condition*>(child.release()));
}

std::string_view TopName(const expr::Operand& operand) {
  if (operand.kind != Operand::Kind::kPath || operand.path.elements.empty()) {
    return std::string_view();
  }
  return operand.path.elements[0].name;
}

ConditionPtr MakeAnd(ConditionPtr a, ConditionPtr b) {
  auto node = std::make_unique<Condition>();
  node->kind = Condition::Kind::kAnd;
  node->children.push_back(std::move(a));
  node->children.push_back(std::move(b));
  return node;
}

ConditionPtr MakeOr(ConditionPtr a, ConditionPtr b) {
  auto node = std::make_unique<Condition>();
  node->kind = Condition::Kind::kOr;
  node->children.push_back(std::move(a));
  node->children.push_back(std::move(b));
  return node;
}

ConditionPtr MakeNot(ConditionPtr a) {
  auto node = std::make_unique<Condition>();
  node->kind = Condition::Kind::kNot;
  node->children.push_back(std::move(a));
  return node;
}

ConditionPtr MakeComparison(expr::Comparator op, expr::Operand left,
                            expr::Operand right) {
  auto node = std::make_unique<Condition>();
  node->kind = Condition::Kind::kComparison;
  node->comparator = op;
  node->operands.reserve(2);  // no regrowth (it would copy the first)
  node->operands.push_back(std::move(left));
  node->operands.push_back(std::move(right));
  return node;
}

expr::Operand PathOperand(std::string name) {
  Operand o;
  o.kind = Operand::Kind::kPath;
  expr::PathElement e;
  e.kind = expr::PathElement::Kind::kName;
  e.name = std::move(name);
  o.path.elements.push_back(std::move(e));
  return o;
}

expr::Operand ValueOperand(AttributeValue value) {
  Operand o;
  o.kind = Operand::Kind::kValue;
  o.value = std::make_shared<const AttributeValue>(std::move(value));
  return o;
}

ConditionPtr MakeExistsCheck(bool exists, std::string name) {
  Operand f;
  f.kind = Operand::Kind::kFunction;
  f.function =
      exists ? Function::kAttributeExists : Function::kAttributeNotExists;
  f.function_name = std::string(expr::FunctionName(f.function));
  f.args.push_back(PathOperand(std::move(name)));
  auto node = std::make_unique<Condition>();
  node->kind = Condition::Kind::kFunction;
  node->operands.push_back(std::move(f));
  return node;
}

// --- Translator -------------------------------------------------------------

struct Translator::Piece {
  ConditionPtr cond;  // set: the piece is a boolean condition
  Operand operand;    // otherwise
  bool is_bool() const { return cond != nullptr; }
};

StatusOr<AttributeValue> Translator::Parameter(int64_t position) const {
  if (position < 1 || static_cast<size_t>(position) > parameters_.size()) {
    return Status::Validation(
        "Number of parameters in request and statement don't match.");
  }
  return parameters_[static_cast<size_t>(position - 1)];
}

StatusOr<AttributeValue> Translator::Value(const Node& node) {
  if (node.kind == NodeKind::kParameter) return Parameter(node.parameter);
  return LiteralToValue(node);
}

StatusOr<expr::DocumentPath> Translator::Path(const Node& node) {
  expr::DocumentPath path;
  const Node* root = &node;
  if (node.kind == NodeKind::kPath) root = node.children[0].get();
  if (root->kind == NodeKind::kList || root->kind == NodeKind::kBag) {
    return Status::Validation("A path cannot start with a list index" +
                              At(root->span));
  }
  if (root->kind != NodeKind::kIdentifier) {
    return Status::Validation("Unexpected path component" + At(root->span));
  }
  auto add_name = [&](const std::string& name) -> Status {
    if (name.empty()) {
      return Status::Validation("Path component cannot be an empty string");
    }
    expr::PathElement e;
    e.kind = expr::PathElement::Kind::kName;
    e.name = name;
    path.elements.push_back(std::move(e));
    return Status::OK();
  };
  EDDY_RETURN_IF_ERROR(add_name(root->text));
  if (node.kind == NodeKind::kPath) {
    for (const PathStep& step : node.path) {
      switch (step.kind) {
        case PathStep::Kind::kName:
          EDDY_RETURN_IF_ERROR(add_name(step.name));
          break;
        case PathStep::Kind::kUnpivot:
          return Status::Validation(
              "Unpivot path component like a.*.b are not supported" +
              At(step.span));
        case PathStep::Kind::kWildcard:
          return Status::Validation(
              "Wildcard path component like a[*].b are not supported" +
              At(step.span));
        case PathStep::Kind::kIndex: {
          const Node& index = *step.expr;
          if (index.kind == NodeKind::kIdentifier) {
            EDDY_RETURN_IF_ERROR(add_name(index.text));
            break;
          }
          if (index.kind == NodeKind::kLiteral &&
              index.literal == LiteralKind::kString) {
            EDDY_RETURN_IF_ERROR(add_name(index.text));
            break;
          }
          if (index.kind == NodeKind::kLiteral &&
              index.literal == LiteralKind::kInteger) {
            std::string digits = index.text;
            bool negative = !digits.empty() && digits[0] == '-';
            std::string magnitude = negative ? digits.substr(1) : digits;
            size_t nz = magnitude.find_first_not_of('0');
            magnitude = nz == std::string::npos ? "0" : magnitude.substr(nz);
            bool zero = magnitude == "0";
            bool fits = magnitude.size() < 10 ||
                        (magnitude.size() == 10 && magnitude <= "2147483647");
            if ((negative && !zero) || !fits) {
              std::string shown = (negative && !zero ? "-" : "") + magnitude;
              return Status::Validation(
                  "List index is not within the allowable range; index: [" +
                  shown + "]" + At(index.span));
            }
            expr::PathElement e;
            e.kind = expr::PathElement::Kind::kIndex;
            e.index = static_cast<uint32_t>(std::stoul(magnitude));
            path.elements.push_back(std::move(e));
            break;
          }
          return Status::Validation("Unexpected path component" +
                                    At(index.span));
        }
      }
    }
  }
  if (static_cast<int>(path.elements.size()) > kMaxPathLevels) {
    // Unconfirmed wording (the expression language's).
    return Status::Validation(
        "The document path has too many nesting levels; nesting levels: " +
        std::to_string(path.elements.size()));
  }
  return path;
}

StatusOr<ConditionPtr> Translator::Where(const Node& where) {
  EDDY_ASSIGN_OR_RETURN(Piece piece, Expr(where));
  if (!piece.is_bool()) {
    return Status::Validation(
        "WHERE clause must contain an expression that resolves to a boolean");
  }
  return std::move(piece.cond);
}

StatusOr<Translator::Piece> Translator::Expr(const Node& node) {
  Piece piece;
  switch (node.kind) {
    case NodeKind::kLiteral:
    case NodeKind::kNull:
    case NodeKind::kList:
    case NodeKind::kBag:
    case NodeKind::kStruct:
    case NodeKind::kIonLiteral: {
      EDDY_ASSIGN_OR_RETURN(AttributeValue v, LiteralToValue(node));
      piece.operand = ValueOperand(std::move(v));
      return piece;
    }
    case NodeKind::kParameter: {
      EDDY_ASSIGN_OR_RETURN(AttributeValue v, Parameter(node.parameter));
      piece.operand = ValueOperand(std::move(v));
      return piece;
    }
    case NodeKind::kMissing:
      return Status::Validation("MISSING must be compared using IS operator");
    case NodeKind::kIdentifier:
    case NodeKind::kPath: {
      EDDY_ASSIGN_OR_RETURN(expr::DocumentPath path, Path(node));
      piece.operand.kind = Operand::Kind::kPath;
      piece.operand.path = std::move(path);
      return piece;
    }
    case NodeKind::kCall:
      return Call(node);
    case NodeKind::kUnary: {
      if (node.text != "not") return UnsupportedConditionOperator(node.text);
      EDDY_ASSIGN_OR_RETURN(Piece inner, Expr(*node.children[0]));
      if (!inner.is_bool()) {
        return Status::Validation(
            "The argument to NOT must be a Type or Expression");
      }
      piece.cond = MakeNot(std::move(inner.cond));
      return piece;
    }
    case NodeKind::kBinary: {
      if (node.text == "and" || node.text == "or") {
        EDDY_ASSIGN_OR_RETURN(Piece left, Expr(*node.children[0]));
        EDDY_ASSIGN_OR_RETURN(Piece right, Expr(*node.children[1]));
        if (!left.is_bool() || !right.is_bool()) {
          return Status::Validation(
              "The arguments to AND/OR must be Expressions");
        }
        piece.cond = node.text == "and"
                         ? MakeAnd(std::move(left.cond), std::move(right.cond))
                         : MakeOr(std::move(left.cond), std::move(right.cond));
        return piece;
      }
      if (node.text == "in") return In(node);
      if (ComparatorOf(node.text)) return Comparison(node);
      return UnsupportedConditionOperator(node.negated ? "not" : node.text);
    }
    case NodeKind::kBetween: {
      std::vector<Operand> operands;
      for (const NodePtr& child : node.children) {
        EDDY_ASSIGN_OR_RETURN(Piece p, Expr(*child));
        if (p.is_bool()) return OperandTypeError("BETWEEN", "BOOL");
        if (p.operand.kind == Operand::Kind::kValue &&
            Unordered(p.operand.value->type())) {
          return OperandTypeError("BETWEEN",
                                  AttributeTypeName(p.operand.value->type()));
        }
        operands.push_back(std::move(p.operand));
      }
      auto between = std::make_unique<Condition>();
      between->kind = Condition::Kind::kBetween;
      between->operands = std::move(operands);
      piece.cond =
          node.negated ? MakeNot(std::move(between)) : std::move(between);
      return piece;
    }
    case NodeKind::kIsType:
      return IsType(node);
    case NodeKind::kSelect:
    case NodeKind::kDml:
    case NodeKind::kUnsupported:
      return UnsupportedToken(node);
  }
  return UnsupportedToken(node);
}

StatusOr<Translator::Piece> Translator::Comparison(const Node& node) {
  Comparator op = *ComparatorOf(node.text);
  EDDY_ASSIGN_OR_RETURN(Piece left, Expr(*node.children[0]));
  EDDY_ASSIGN_OR_RETURN(Piece right, Expr(*node.children[1]));
  const bool ordering = op != Comparator::kEq && op != Comparator::kNe;
  Piece piece;
  if (ordering) {
    for (const Piece* p : {&left, &right}) {
      if (p->is_bool()) return OperandTypeError(node.text, "BOOL");
      if (p->operand.kind == Operand::Kind::kValue &&
          Unordered(p->operand.value->type())) {
        return OperandTypeError(node.text,
                                AttributeTypeName(p->operand.value->type()));
      }
    }
  }
  if (left.is_bool() || right.is_bool()) {
    const bool equal = op == Comparator::kEq;
    if (left.is_bool()) {
      ConditionPtr c = std::move(left.cond);
      EDDY_ASSIGN_OR_RETURN(piece.cond,
                            BoolEquals(std::move(c), std::move(right), equal));
    } else {
      ConditionPtr c = std::move(right.cond);
      EDDY_ASSIGN_OR_RETURN(piece.cond,
                            BoolEquals(std::move(c), std::move(left), equal));
    }
    return piece;
  }
  piece.cond =
      MakeComparison(op, std::move(left.operand), std::move(right.operand));
  return piece;
}

// `C = other` where C is a condition used as a boolean value.
StatusOr<ConditionPtr> Translator::BoolEquals(ConditionPtr c, Piece other,
                                              bool equal) {
  auto constant = [](bool value) {
    return MakeComparison(value ? Comparator::kEq : Comparator::kNe,
                          ValueOperand(AttributeValue::Bool(true)),
                          ValueOperand(AttributeValue::Bool(true)));
  };
  ConditionPtr result;
  if (other.is_bool()) {
    // (C AND D) OR (NOT C AND NOT D)
    ConditionPtr c2 = CloneCondition(*c);
    ConditionPtr d2 = CloneCondition(*other.cond);
    result = MakeOr(MakeAnd(std::move(c), std::move(other.cond)),
                    MakeAnd(MakeNot(std::move(c2)), MakeNot(std::move(d2))));
  } else if (other.operand.kind == Operand::Kind::kValue) {
    const AttributeValue& v = *other.operand.value;
    if (v.is(AttributeType::kBOOL)) {
      result = v.boolean() ? std::move(c) : MakeNot(std::move(c));
    } else {
      result = constant(false);
    }
  } else if (other.operand.kind == Operand::Kind::kPath) {
    // (C AND p = true) OR (NOT C AND p = false)
    ConditionPtr c2 = CloneCondition(*c);
    Operand p2 = CloneOperand(other.operand);
    result = MakeOr(
        MakeAnd(std::move(c),
                MakeComparison(Comparator::kEq, std::move(other.operand),
                               ValueOperand(AttributeValue::Bool(true)))),
        MakeAnd(MakeNot(std::move(c2)),
                MakeComparison(Comparator::kEq, std::move(p2),
                               ValueOperand(AttributeValue::Bool(false)))));
  } else {
    result = constant(false);  // size(...) is a number, never a boolean
  }
  if (!equal) result = MakeNot(std::move(result));
  emitted_ += CountConditionNodes(*result);
  if (emitted_ > kMaxRewrittenNodes) {
    // Unconfirmed wording.
    return NotWellFormed("Statement is too large to be processed");
  }
  return result;
}

StatusOr<Translator::Piece> Translator::In(const Node& node) {
  static constexpr std::string_view kBadIn =
      "IN operator must have a left hand argument of type Variable Reference "
      "and right hand argument of type Seq with at least one member";
  const Node& right = *node.children[1];
  if ((right.kind != NodeKind::kList && right.kind != NodeKind::kBag) ||
      right.children.empty()) {
    return Status::Validation(std::string(kBadIn));
  }
  EDDY_ASSIGN_OR_RETURN(Piece left, Expr(*node.children[0]));
  std::vector<Piece> items;
  bool any_bool = left.is_bool();
  for (const NodePtr& child : right.children) {
    EDDY_ASSIGN_OR_RETURN(Piece p, Expr(*child));
    any_bool = any_bool || p.is_bool();
    items.push_back(std::move(p));
  }
  if (static_cast<int>(items.size()) > kMaxInOperands) {
    // Unconfirmed wording (the expression language's).
    return Status::Validation(
        "The IN operator is provided with too many operands; number of "
        "operands: " +
        std::to_string(items.size()));
  }
  Piece piece;
  if (any_bool) {
    ConditionPtr any;
    for (Piece& item : items) {
      Piece left_copy;
      if (left.is_bool()) {
        left_copy.cond = CloneCondition(*left.cond);
      } else {
        left_copy.operand = CloneOperand(left.operand);
      }
      ConditionPtr eq;
      if (left_copy.is_bool()) {
        EDDY_ASSIGN_OR_RETURN(
            eq, BoolEquals(std::move(left_copy.cond), std::move(item), true));
      } else if (item.is_bool()) {
        EDDY_ASSIGN_OR_RETURN(
            eq, BoolEquals(std::move(item.cond), std::move(left_copy), true));
      } else {
        eq = MakeComparison(Comparator::kEq, std::move(left_copy.operand),
                            std::move(item.operand));
      }
      any = any ? MakeOr(std::move(any), std::move(eq)) : std::move(eq);
    }
    piece.cond = node.negated ? MakeNot(std::move(any)) : std::move(any);
    return piece;
  }
  auto in = std::make_unique<Condition>();
  in->kind = Condition::Kind::kIn;
  in->operands.push_back(std::move(left.operand));
  for (Piece& item : items) in->operands.push_back(std::move(item.operand));
  piece.cond = node.negated ? MakeNot(std::move(in)) : std::move(in);
  return piece;
}

StatusOr<Translator::Piece> Translator::IsType(const Node& node) {
  const Node& subject = *node.children[0];
  if (subject.kind != NodeKind::kIdentifier &&
      subject.kind != NodeKind::kPath && subject.kind != NodeKind::kLiteral &&
      subject.kind != NodeKind::kNull) {
    return Status::Validation(
        "The left hand side argument to IS must be a Variable Reference, "
        "Literal, or Path");
  }
  EDDY_ASSIGN_OR_RETURN(Piece left, Expr(subject));
  ConditionPtr test;
  if (node.text == "missing") {
    Operand f;
    f.kind = Operand::Kind::kFunction;
    f.function = Function::kAttributeNotExists;
    f.function_name = "attribute_not_exists";
    f.args.push_back(std::move(left.operand));
    test = std::make_unique<Condition>();
    test->kind = Condition::Kind::kFunction;
    test->operands.push_back(std::move(f));
  } else if (node.text == "null") {
    test = MakeComparison(Comparator::kEq, std::move(left.operand),
                          ValueOperand(AttributeValue::Null()));
  } else {
    IsTypeMapping mapping = MapIsType(node.text);
    if (mapping.dynamo.empty()) {
      return Status::Validation(
          "Unsupported data type for IS operator: " + mapping.sql_name +
          ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, "
          "NUMERIC, STRUCT, TUPLE, LIST]" +
          At(node.span));
    }
    if (left.operand.kind != Operand::Kind::kPath) {
      // Unconfirmed wording (the expression language's).
      return Status::Validation(
          "Operator or function requires a document path; operator or "
          "function: attribute_type");
    }
    Operand f;
    f.kind = Operand::Kind::kFunction;
    f.function = Function::kAttributeType;
    f.function_name = "attribute_type";
    f.args.push_back(std::move(left.operand));
    f.args.push_back(
        ValueOperand(AttributeValue::S(std::string(mapping.dynamo))));
    test = std::make_unique<Condition>();
    test->kind = Condition::Kind::kFunction;
    test->operands.push_back(std::move(f));
  }
  Piece piece;
  piece.cond = node.negated ? MakeNot(std::move(test)) : std::move(test);
  return piece;
}

StatusOr<Translator::Piece> Translator::Call(const Node& node) {
  if (node.aggregate) return UnsupportedToken(node);
  Function f = ConditionFunction(node.text);
  if (f == Function::kUnknown) {
    if (node.text == "if_not_exists" || node.text == "list_append") {
      // Unconfirmed wording (the expression language's).
      return Status::Validation(
          "The function is not allowed in a condition expression");
    }
    return Status::Validation("Unrecognized function: " + node.text +
                              At(node.span));
  }
  Operand call;
  call.kind = Operand::Kind::kFunction;
  call.function = f;
  call.function_name = std::string(expr::FunctionName(f));
  for (const NodePtr& arg : node.children) {
    EDDY_ASSIGN_OR_RETURN(Piece p, Expr(*arg));
    if (p.is_bool()) {
      // Unconfirmed wording (the expression language's).
      return OperandTypeError(call.function_name, "BOOL");
    }
    call.args.push_back(std::move(p.operand));
  }
  if (f == Function::kAttributeType && !call.args.empty() &&
      call.args[0].kind != Operand::Kind::kPath && call.args.size() == 2) {
    // Unconfirmed wording (the expression language's).
    return Status::Validation(
        "Operator or function requires a document path; operator or "
        "function: attribute_type");
  }
  Piece piece;
  if (f == Function::kSize) {
    piece.operand = std::move(call);
    return piece;
  }
  piece.cond = std::make_unique<Condition>();
  piece.cond->kind = Condition::Kind::kFunction;
  piece.cond->operands.push_back(std::move(call));
  return piece;
}

// --- UPDATE
// -------------------------------------------------------------------

StatusOr<expr::UpdateOperand> Translator::UpdateOperand(const Node& node) {
  expr::UpdateOperand out;
  switch (node.kind) {
    case NodeKind::kLiteral:
    case NodeKind::kNull:
    case NodeKind::kList:
    case NodeKind::kBag:
    case NodeKind::kStruct:
    case NodeKind::kIonLiteral:
    case NodeKind::kParameter: {
      EDDY_ASSIGN_OR_RETURN(AttributeValue v, Value(node));
      out.kind = expr::UpdateOperand::Kind::kValue;
      out.value = std::make_shared<const AttributeValue>(std::move(v));
      return out;
    }
    case NodeKind::kIdentifier:
    case NodeKind::kPath: {
      EDDY_ASSIGN_OR_RETURN(out.path, Path(node));
      out.kind = expr::UpdateOperand::Kind::kPath;
      return out;
    }
    case NodeKind::kCall: {
      if (node.aggregate) return UnsupportedToken(node);
      expr::UpdateFunction f = expr::UpdateFunction::kUnknown;
      if (node.text == "if_not_exists") f = expr::UpdateFunction::kIfNotExists;
      if (node.text == "list_append") f = expr::UpdateFunction::kListAppend;
      if (f == expr::UpdateFunction::kUnknown) {
        if (ConditionFunction(node.text) != Function::kUnknown) {
          // Unconfirmed wording (the expression language's).
          return Status::Validation(
              "The function is not allowed in an update expression");
        }
        return Status::Validation("Unrecognized function: " + node.text +
                                  At(node.span));
      }
      out.kind = expr::UpdateOperand::Kind::kFunction;
      out.function = f;
      out.function_name = node.text;
      for (const NodePtr& arg : node.children) {
        EDDY_ASSIGN_OR_RETURN(expr::UpdateOperand a, UpdateOperand(*arg));
        out.args.push_back(std::move(a));
      }
      return out;
    }
    case NodeKind::kMissing:
      return Status::Validation("MISSING must be compared using IS operator");
    case NodeKind::kIsType:
      return Status::Validation(
          "IS operator is not supported in update expressions");
    case NodeKind::kUnary:
    case NodeKind::kBinary:
    case NodeKind::kBetween:
      // Arithmetic nests only one level deep in an update expression.
      return UnsupportedUpdateOperator(node.negated ? "not"
                                                    : OperatorSymbol(node));
    case NodeKind::kSelect:
    case NodeKind::kDml:
    case NodeKind::kUnsupported:
      return UnsupportedToken(node);
  }
  return UnsupportedToken(node);
}

StatusOr<expr::UpdateAction> Translator::SetAction(const Assignment& a) {
  expr::UpdateAction action;
  if (a.target->kind != NodeKind::kIdentifier &&
      a.target->kind != NodeKind::kPath) {
    return Status::Validation("Unrecognized assignment target: " +
                              NodeIdentifier(*a.target) + At(a.target->span));
  }
  EDDY_ASSIGN_OR_RETURN(action.path, Path(*a.target));
  const Node& value = *a.value;
  if (value.kind == NodeKind::kCall &&
      (value.text == "set_add" || value.text == "set_delete")) {
    const std::string kind = value.text == "set_add" ? "ADD" : "DELETE";
    if (value.children.size() != 2) {
      return Status::Validation(
          "SET_" + kind + " must have exactly two arguments" + At(value.span));
    }
    EDDY_ASSIGN_OR_RETURN(expr::UpdateOperand first,
                          UpdateOperand(*value.children[0]));
    EDDY_ASSIGN_OR_RETURN(expr::UpdateOperand second,
                          UpdateOperand(*value.children[1]));
    if (first.kind != expr::UpdateOperand::Kind::kPath ||
        !(first.path == action.path)) {
      return Status::Validation("The first argument to SET_" + kind +
                                " must equal the assignment value" +
                                At(value.span));
    }
    const bool set = second.kind == expr::UpdateOperand::Kind::kValue &&
                     (second.value->is(AttributeType::kSS) ||
                      second.value->is(AttributeType::kNS) ||
                      second.value->is(AttributeType::kBS));
    if (!set) {
      return Status::Validation("The second argument to SET_" + kind +
                                " must be a value with type SET" +
                                At(value.children[0]->span));
    }
    action.kind = kind == "ADD" ? expr::UpdateAction::Kind::kAdd
                                : expr::UpdateAction::Kind::kDelete;
    action.operands.push_back(std::move(second));
    return action;
  }
  action.kind = expr::UpdateAction::Kind::kSet;
  if (value.kind == NodeKind::kBinary &&
      (value.text == "+" || value.text == "-")) {
    EDDY_ASSIGN_OR_RETURN(expr::UpdateOperand left,
                          UpdateOperand(*value.children[0]));
    EDDY_ASSIGN_OR_RETURN(expr::UpdateOperand right,
                          UpdateOperand(*value.children[1]));
    action.arithmetic = value.text == "+"
                            ? expr::UpdateAction::Arithmetic::kPlus
                            : expr::UpdateAction::Arithmetic::kMinus;
    action.operands.push_back(std::move(left));
    action.operands.push_back(std::move(right));
    return action;
  }
  EDDY_ASSIGN_OR_RETURN(expr::UpdateOperand operand, UpdateOperand(value));
  action.operands.push_back(std::move(operand));
  return action;
}

StatusOr<std::vector<expr::UpdateAction>> Translator::Update(
    const std::vector<DmlOp>& ops) {
  std::vector<expr::UpdateAction> actions;
  for (const DmlOp& op : ops) {
    switch (op.kind) {
      case DmlOp::Kind::kSet:
        for (const Assignment& a : op.assignments) {
          EDDY_ASSIGN_OR_RETURN(expr::UpdateAction action, SetAction(a));
          actions.push_back(std::move(action));
        }
        break;
      case DmlOp::Kind::kRemove: {
        expr::UpdateAction action;
        action.kind = expr::UpdateAction::Kind::kRemove;
        EDDY_ASSIGN_OR_RETURN(action.path, Path(*op.target));
        actions.push_back(std::move(action));
        break;
      }
      case DmlOp::Kind::kInsert:
      case DmlOp::Kind::kInsertValue:
        return Status::Validation(
            "Only SET and REMOVE are supported in update expressions at this "
            "time");
    }
  }
  return actions;
}

}  // namespace eddy::partiql::internal
