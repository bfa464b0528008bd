// Copyright 2026 The eddy Authors.

#include "emulator/expr/resolve.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/base/base64.h"
#include "emulator/expr/condition_parser.h"

namespace eddy::expr {
namespace {

// The type an operand is known to have before any item is seen: a value's
// own type, N for size(); nothing for a path.
std::optional<AttributeType> StaticType(const Operand& operand) {
  switch (operand.kind) {
    case Operand::Kind::kValue:
      return operand.value->type();
    case Operand::Kind::kFunction:
      if (operand.function == Function::kSize) return AttributeType::kN;
      return std::nullopt;
    case Operand::Kind::kPath:
      return std::nullopt;
  }
  return std::nullopt;
}

int Arity(Function f) {
  switch (f) {
    case Function::kAttributeExists:
    case Function::kAttributeNotExists:
    case Function::kSize:
      return 1;
    case Function::kAttributeType:
    case Function::kBeginsWith:
    case Function::kContains:
      return 2;
    case Function::kUnknown:
      return -1;
  }
  return -1;
}

bool SamePath(const Operand& a, const Operand& b) {
  return a.kind == Operand::Kind::kPath && b.kind == Operand::Kind::kPath &&
         a.path.elements.size() == b.path.elements.size() && [&] {
           for (size_t i = 0; i < a.path.elements.size(); ++i) {
             const PathElement& x = a.path.elements[i];
             const PathElement& y = b.path.elements[i];
             if (x.kind != y.kind) return false;
             if (x.kind == PathElement::Kind::kIndex ? x.index != y.index
                                                     : x.name != y.name) {
               return false;
             }
           }
           return true;
         }();
}

std::string DistinctError(std::string_view op, const Operand& first) {
  return "The first operand must be distinct from the remaining operands for "
         "this operator or function; operator: " +
         std::string(op) + ", first operand: " + first.path.ToBracketString();
}

std::string OperandTypeError(std::string_view function, std::string_view type) {
  return "Incorrect operand type for operator or function; operator or "
         "function: " +
         std::string(function) + ", operand type: " + std::string(type);
}

class Resolver {
 public:
  Resolver(ExpressionKind kind, const ExpressionAttributeNames* names,
           const AttributeMap* values, PlaceholderUsage* usage,
           ValueHolding holding)
      : kind_(kind),
        names_(names),
        values_(values),
        usage_(usage),
        holding_(holding) {}

  StatusOr<std::unique_ptr<Condition>> Resolve(const Condition& in) {
    auto out = std::make_unique<Condition>();
    out->kind = in.kind;
    out->comparator = in.comparator;
    for (const auto& child : in.children) {
      EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> resolved,
                            Resolve(*child));
      out->children.push_back(std::move(resolved));
    }
    if (in.children.empty()) {
      // A leaf: substitute first, then the value-dependent checks.
      for (const Operand& operand : in.operands) {
        EDDY_ASSIGN_OR_RETURN(Operand resolved, ResolveOperand(operand));
        out->operands.push_back(std::move(resolved));
      }
      EDDY_RETURN_IF_ERROR(CheckLeaf(*out));
    }
    return out;
  }

 private:
  Status Error(std::string_view detail) const {
    return InvalidExpression(kind_, detail);
  }

  StatusOr<Operand> ResolveOperand(const Operand& in) {
    Operand out;
    out.kind = in.kind;
    switch (in.kind) {
      case Operand::Kind::kPath:
        out.path = in.path;
        for (PathElement& e : out.path.elements) {
          if (e.placeholder.empty()) continue;
          const std::string* name = nullptr;
          if (names_ != nullptr) {
            auto it = names_->find(e.placeholder);
            if (it != names_->end()) name = &it->second;
          }
          if (name == nullptr) {
            return Error(
                "An expression attribute name used in the document path is "
                "not defined; attribute name: " +
                e.placeholder);
          }
          usage_->names.insert(e.placeholder);
          e.name = *name;
        }
        return out;
      case Operand::Kind::kValue: {
        out.value_name = in.value_name;
        const AttributeValue* value =
            values_ == nullptr ? nullptr : values_->Find(in.value_name);
        if (value == nullptr) {
          return Error(
              "An expression attribute value used in expression is not "
              "defined; attribute value: " +
              in.value_name);
        }
        usage_->values.insert(in.value_name);
        out.value =
            holding_ == ValueHolding::kBorrow
                // Owns nothing, points into *values_ (aliasing constructor).
                ? std::shared_ptr<const AttributeValue>(
                      std::shared_ptr<const AttributeValue>(), value)
                : std::make_shared<const AttributeValue>(*value);
        return out;
      }
      case Operand::Kind::kFunction:
        out.function = in.function;
        out.function_name = in.function_name;
        for (const Operand& arg : in.args) {
          EDDY_ASSIGN_OR_RETURN(Operand resolved, ResolveOperand(arg));
          out.args.push_back(std::move(resolved));
        }
        return out;
    }
    return out;
  }

  // Calls `check` on every function call in `operand`, innermost first.
  template <typename Check>
  static Status ForEachFunction(const Operand& operand, const Check& check) {
    if (operand.kind != Operand::Kind::kFunction) return Status::OK();
    for (const Operand& arg : operand.args) {
      EDDY_RETURN_IF_ERROR(ForEachFunction(arg, check));
    }
    return check(operand);
  }

  template <typename Check>
  static Status ForEachFunctionInLeaf(const Condition& leaf,
                                      const Check& check) {
    for (const Operand& operand : leaf.operands) {
      EDDY_RETURN_IF_ERROR(ForEachFunction(operand, check));
    }
    return Status::OK();
  }

  Status CheckLeaf(const Condition& leaf) const {
    // 2. Operand counts.
    EDDY_RETURN_IF_ERROR(ForEachFunctionInLeaf(leaf, [&](const Operand& f) {
      int arity = Arity(f.function);
      if (arity >= 0 && static_cast<size_t>(arity) != f.args.size()) {
        return Error(
            "Incorrect number of operands for operator or function; operator "
            "or function: " +
            f.function_name +
            ", number of operands: " + std::to_string(f.args.size()));
      }
      return Status::OK();
    }));
    // 3. Distinct operands.
    if (leaf.kind == Condition::Kind::kComparison &&
        SamePath(leaf.operands[0], leaf.operands[1])) {
      return Error(
          DistinctError(ComparatorSymbol(leaf.comparator), leaf.operands[0]));
    }
    EDDY_RETURN_IF_ERROR(ForEachFunctionInLeaf(leaf, [&](const Operand& f) {
      if (f.args.size() == 2 && SamePath(f.args[0], f.args[1])) {
        return Error(DistinctError(f.function_name, f.args[0]));
      }
      return Status::OK();
    }));
    // 4. Function operand types, then the operands of an ordering (for
    // BETWEEN: bounds of one type, ordered operands, bounds in order).
    EDDY_RETURN_IF_ERROR(ForEachFunctionInLeaf(
        leaf, [&](const Operand& f) { return CheckFunctionTypes(f); }));
    if (leaf.kind == Condition::Kind::kBetween) {
      return CheckBetween(leaf);
    }
    return CheckOrderedOperands(leaf, ComparatorSymbol(leaf.comparator));
  }

  Status CheckFunctionTypes(const Operand& f) const {
    switch (f.function) {
      case Function::kAttributeExists:
      case Function::kAttributeNotExists:
        if (f.args[0].kind != Operand::Kind::kPath) {
          return Error(
              "Operator or function requires a document path; operator or "
              "function: " +
              f.function_name);
        }
        return Status::OK();
      case Function::kBeginsWith:
        for (const Operand& arg : f.args) {
          std::optional<AttributeType> type = StaticType(arg);
          if (type && *type != AttributeType::kS &&
              *type != AttributeType::kB) {
            return Error(
                OperandTypeError(f.function_name, AttributeTypeName(*type)));
          }
        }
        return Status::OK();
      case Function::kAttributeType: {
        std::optional<AttributeType> type = StaticType(f.args[1]);
        if (!type) {
          return Error(OperandTypeError(f.function_name,
                                        "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}"));
        }
        if (*type != AttributeType::kS) {
          return Error(
              OperandTypeError(f.function_name, AttributeTypeName(*type)));
        }
        static constexpr std::string_view kTypeNames[] = {
            "S", "N", "B", "NULL", "SS", "BOOL", "L", "BS", "NS", "M"};
        const std::string& name = f.args[1].value->s();
        for (std::string_view valid : kTypeNames) {
          if (name == valid) return Status::OK();
        }
        return Error("Invalid attribute type name found; type: " + name +
                     ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
      }
      case Function::kSize: {
        std::optional<AttributeType> type = StaticType(f.args[0]);
        if (type &&
            (*type == AttributeType::kN || *type == AttributeType::kBOOL ||
             *type == AttributeType::kNULL)) {
          return Error(
              OperandTypeError(f.function_name, AttributeTypeName(*type)));
        }
        return Status::OK();
      }
      case Function::kContains:
      case Function::kUnknown:
        return Status::OK();
    }
    return Status::OK();
  }

  // `<`, `<=`, `>`, `>=` and BETWEEN order S, N and B only: a value of any
  // other type from the request can never compare, and DynamoDB refuses it
  // before reading an item (named "<" as written, or "BETWEEN"; paritysuite's
  // live capture queryKeyConditionOperands.test.ts).
  Status CheckOrderedOperands(const Condition& leaf,
                              std::string_view op) const {
    if (leaf.kind == Condition::Kind::kComparison &&
        (leaf.comparator == Comparator::kEq ||
         leaf.comparator == Comparator::kNe)) {
      return Status::OK();
    }
    if (leaf.kind != Condition::Kind::kComparison &&
        leaf.kind != Condition::Kind::kBetween) {
      return Status::OK();
    }
    for (const Operand& operand : leaf.operands) {
      std::optional<AttributeType> type = StaticType(operand);
      if (type && *type != AttributeType::kS && *type != AttributeType::kN &&
          *type != AttributeType::kB) {
        return Error(OperandTypeError(op, AttributeTypeName(*type)));
      }
    }
    return Status::OK();
  }

  // Bounds of two types first (whatever the types), then the operand types,
  // then bounds out of order. Approximation: DynamoDB's order when the bounds
  // differ in type and one cannot be ordered is unconfirmed (README).
  Status CheckBetween(const Condition& leaf) const {
    const Operand& low = leaf.operands[1];
    const Operand& high = leaf.operands[2];
    const bool values =
        low.kind == Operand::Kind::kValue && high.kind == Operand::Kind::kValue;
    std::string operands;
    if (values) {
      operands = "lower bound operand: AttributeValue: " +
                 AttributeValueForMessage(*low.value) +
                 ", upper bound operand: AttributeValue: " +
                 AttributeValueForMessage(*high.value);
      if (low.value->type() != high.value->type()) {
        return Error(
            "The BETWEEN operator requires same data type for lower and upper "
            "bounds; " +
            operands);
      }
    }
    EDDY_RETURN_IF_ERROR(CheckOrderedOperands(leaf, "BETWEEN"));
    if (values && CompareScalars(*low.value, *high.value) > 0) {
      return Error(
          "The BETWEEN operator requires upper bound to be greater than or "
          "equal to lower bound; " +
          operands);
    }
    return Status::OK();
  }

  ExpressionKind kind_;
  const ExpressionAttributeNames* names_;
  const AttributeMap* values_;
  PlaceholderUsage* usage_;
  ValueHolding holding_;
};

std::string JoinKeys(const std::vector<std::string>& keys) {
  std::string out = "{";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out.append(", ");
    out.append(keys[i]);
  }
  out.append("}");
  return out;
}

}  // namespace

StatusOr<ResolvedCondition> ResolveCondition(
    const ParsedCondition& parsed, const ExpressionAttributeNames* names,
    const AttributeMap* values, PlaceholderUsage* usage, ValueHolding holding) {
  Resolver resolver(parsed.kind, names, values, usage, holding);
  EDDY_ASSIGN_OR_RETURN(std::unique_ptr<Condition> root,
                        resolver.Resolve(*parsed.root));
  ResolvedCondition resolved;
  resolved.kind = parsed.kind;
  resolved.root = std::move(root);
  return resolved;
}

StatusOr<ResolvedCondition> CompileCondition(
    std::string_view text, ExpressionKind kind,
    const ExpressionAttributeNames* names, const AttributeMap* values,
    PlaceholderUsage* usage, ValueHolding holding) {
  EDDY_ASSIGN_OR_RETURN(ParsedCondition parsed, ParseCondition(text, kind));
  return ResolveCondition(parsed, names, values, usage, holding);
}

Status CheckAllPlaceholdersUsed(const ExpressionAttributeNames* names,
                                const AttributeMap* values,
                                const PlaceholderUsage& usage) {
  if (names != nullptr) {
    std::vector<std::string> unused;
    for (const auto& [key, name] : *names) {
      if (!usage.names.contains(key)) unused.push_back(key);
    }
    if (!unused.empty()) {
      return Status::Validation(
          "Value provided in ExpressionAttributeNames unused in expressions: "
          "keys: " +
          JoinKeys(unused));
    }
  }
  if (values != nullptr) {
    std::vector<std::string> unused;
    for (const auto& entry : *values) {
      if (!usage.values.contains(entry.name)) unused.push_back(entry.name);
    }
    if (!unused.empty()) {
      return Status::Validation(
          "Value provided in ExpressionAttributeValues unused in expressions: "
          "keys: " +
          JoinKeys(unused));
    }
  }
  return Status::OK();
}

std::string AttributeValueForMessage(const AttributeValue& value) {
  std::string out = "{";
  out.append(AttributeTypeName(value.type()));
  out.append(":");
  switch (value.type()) {
    case AttributeType::kS:
      out.append(value.s());
      break;
    case AttributeType::kN:
      out.append(value.n().ToString());
      break;
    case AttributeType::kB:
      out.append(Base64Encode(value.b()));
      break;
    case AttributeType::kBOOL:
      out.append(value.boolean() ? "true" : "false");
      break;
    case AttributeType::kNULL:
      out.append("true");
      break;
    default:
      value.AppendDebugString(&out);
      break;
  }
  out.append("}");
  return out;
}

}  // namespace eddy::expr
