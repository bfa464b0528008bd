// Copyright 2026 The eddy Authors.

#include "emulator/expr/ast.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"

namespace eddy::expr {
namespace {

bool IsResolvedPlaceholder(const PathElement& e) {
  return !e.placeholder.empty() && e.name != e.placeholder;
}

void AppendPath(const DocumentPath& path, bool debug, std::string* out) {
  bool first = true;
  for (const PathElement& e : path.elements) {
    if (e.kind == PathElement::Kind::kIndex) {
      out->append("[");
      out->append(std::to_string(e.index));
      out->append("]");
    } else {
      if (!first) out->append(".");
      if (debug && IsResolvedPlaceholder(e)) {
        out->append("`");
        out->append(e.name);
        out->append("`");
      } else if (!e.placeholder.empty()) {
        out->append(e.placeholder);
      } else {
        out->append(e.name);
      }
    }
    first = false;
  }
}

void AppendOperandDebug(const Operand& op, std::string* out) {
  switch (op.kind) {
    case Operand::Kind::kPath:
      AppendPath(op.path, /*debug=*/true, out);
      return;
    case Operand::Kind::kValue:
      if (op.value != nullptr) {
        op.value->AppendDebugString(out);
      } else {
        out->append(op.value_name);
      }
      return;
    case Operand::Kind::kFunction:
      out->append("(");
      out->append(op.function_name);
      for (const Operand& arg : op.args) {
        out->append(" ");
        AppendOperandDebug(arg, out);
      }
      out->append(")");
      return;
  }
}

void AppendOperandExpression(const Operand& op, std::string* out) {
  switch (op.kind) {
    case Operand::Kind::kPath:
      AppendPath(op.path, /*debug=*/false, out);
      return;
    case Operand::Kind::kValue:
      out->append(op.value_name);
      return;
    case Operand::Kind::kFunction:
      out->append(op.function_name);
      out->append("(");
      for (size_t i = 0; i < op.args.size(); ++i) {
        if (i > 0) out->append(", ");
        AppendOperandExpression(op.args[i], out);
      }
      out->append(")");
      return;
  }
}

void AppendConditionDebug(const Condition& c, std::string* out) {
  switch (c.kind) {
    case Condition::Kind::kFunction:
      AppendOperandDebug(c.operands[0], out);
      return;
    case Condition::Kind::kAnd:
    case Condition::Kind::kOr:
    case Condition::Kind::kNot:
      out->append(c.kind == Condition::Kind::kAnd  ? "(and"
                  : c.kind == Condition::Kind::kOr ? "(or"
                                                   : "(not");
      for (const auto& child : c.children) {
        out->append(" ");
        AppendConditionDebug(*child, out);
      }
      out->append(")");
      return;
    case Condition::Kind::kComparison:
      out->append("(");
      out->append(ComparatorSymbol(c.comparator));
      break;
    case Condition::Kind::kBetween:
      out->append("(between");
      break;
    case Condition::Kind::kIn:
      out->append("(in");
      break;
  }
  for (const Operand& op : c.operands) {
    out->append(" ");
    AppendOperandDebug(op, out);
  }
  out->append(")");
}

void AppendConditionExpression(const Condition& c, std::string* out) {
  switch (c.kind) {
    case Condition::Kind::kComparison:
      AppendOperandExpression(c.operands[0], out);
      out->append(" ");
      out->append(ComparatorSymbol(c.comparator));
      out->append(" ");
      AppendOperandExpression(c.operands[1], out);
      return;
    case Condition::Kind::kBetween:
      AppendOperandExpression(c.operands[0], out);
      out->append(" BETWEEN ");
      AppendOperandExpression(c.operands[1], out);
      out->append(" AND ");
      AppendOperandExpression(c.operands[2], out);
      return;
    case Condition::Kind::kIn:
      AppendOperandExpression(c.operands[0], out);
      out->append(" IN (");
      for (size_t i = 1; i < c.operands.size(); ++i) {
        if (i > 1) out->append(", ");
        AppendOperandExpression(c.operands[i], out);
      }
      out->append(")");
      return;
    case Condition::Kind::kFunction:
      AppendOperandExpression(c.operands[0], out);
      return;
    case Condition::Kind::kNot:
      out->append("NOT (");
      AppendConditionExpression(*c.children[0], out);
      out->append(")");
      return;
    case Condition::Kind::kAnd:
    case Condition::Kind::kOr:
      out->append("(");
      AppendConditionExpression(*c.children[0], out);
      out->append(c.kind == Condition::Kind::kAnd ? ") AND (" : ") OR (");
      AppendConditionExpression(*c.children[1], out);
      out->append(")");
      return;
  }
}

// The names collected so far, in order, and a set of them so that a tree
// with many distinct names (a translated legacy filter) stays linear.
struct NameCollector {
  std::vector<std::string> names;
  absl::flat_hash_set<std::string_view> seen;  // views of the tree's names
};

void CollectTopLevelNames(const Operand& op, NameCollector* out) {
  if (op.kind == Operand::Kind::kPath) {
    if (op.path.elements.empty()) return;
    const std::string& name = op.path.elements[0].name;
    if (out->seen.insert(name).second) out->names.push_back(name);
  } else if (op.kind == Operand::Kind::kFunction) {
    for (const Operand& arg : op.args) CollectTopLevelNames(arg, out);
  }
}

// Recursion depth is bounded by the tree's depth (ast.h).
void CollectTopLevelNames(const Condition& c, NameCollector* out) {
  for (const auto& child : c.children) CollectTopLevelNames(*child, out);
  for (const Operand& op : c.operands) CollectTopLevelNames(op, out);
}

}  // namespace

std::vector<std::string> TopLevelAttributeNames(const Condition& condition) {
  NameCollector collector;
  CollectTopLevelNames(condition, &collector);
  return std::move(collector.names);
}

std::string DocumentPath::DebugString() const {
  std::string out;
  AppendPath(*this, /*debug=*/true, &out);
  return out;
}

std::string DocumentPath::ToBracketString() const {
  std::string out = "[";
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out.append(", ");
    const PathElement& e = elements[i];
    if (e.kind == PathElement::Kind::kIndex) {
      out.append("[");
      out.append(std::to_string(e.index));
      out.append("]");
    } else {
      out.append(e.name);
    }
  }
  out.append("]");
  return out;
}

std::string DocumentPath::ToExpression() const {
  std::string out;
  AppendPath(*this, /*debug=*/false, &out);
  return out;
}

std::string_view ComparatorSymbol(Comparator op) {
  switch (op) {
    case Comparator::kEq:
      return "=";
    case Comparator::kNe:
      return "<>";
    case Comparator::kLt:
      return "<";
    case Comparator::kLe:
      return "<=";
    case Comparator::kGt:
      return ">";
    case Comparator::kGe:
      return ">=";
  }
  return "?";
}

std::string_view FunctionName(Function f) {
  switch (f) {
    case Function::kAttributeExists:
      return "attribute_exists";
    case Function::kAttributeNotExists:
      return "attribute_not_exists";
    case Function::kAttributeType:
      return "attribute_type";
    case Function::kBeginsWith:
      return "begins_with";
    case Function::kContains:
      return "contains";
    case Function::kSize:
      return "size";
    case Function::kUnknown:
      return "";
  }
  return "";
}

Function FunctionFromName(std::string_view name) {
  for (Function f : {Function::kAttributeExists, Function::kAttributeNotExists,
                     Function::kAttributeType, Function::kBeginsWith,
                     Function::kContains, Function::kSize}) {
    if (FunctionName(f) == name) return f;
  }
  return Function::kUnknown;
}

std::string DebugString(const Condition& condition) {
  std::string out;
  AppendConditionDebug(condition, &out);
  return out;
}

std::string DebugString(const Operand& operand) {
  std::string out;
  AppendOperandDebug(operand, &out);
  return out;
}

std::string ToExpression(const Condition& condition) {
  std::string out;
  AppendConditionExpression(condition, &out);
  return out;
}

}  // namespace eddy::expr
