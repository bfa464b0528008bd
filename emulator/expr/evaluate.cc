// Copyright 2026 The eddy Authors.

#include "emulator/expr/evaluate.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace eddy::expr {
namespace {

// An operand's value during evaluation: a pointer into the item or the
// expression, or a value computed by size().
class OperandValue {
 public:
  OperandValue() = default;
  explicit OperandValue(const AttributeValue* p) : pointer_(p) {}
  explicit OperandValue(AttributeValue owned) : owned_(std::move(owned)) {}

  const AttributeValue* get() const { return owned_ ? &*owned_ : pointer_; }

 private:
  const AttributeValue* pointer_ = nullptr;
  std::optional<AttributeValue> owned_;
};

bool IsOrdered(const AttributeValue& v) {
  return v.is(AttributeType::kN) || v.is(AttributeType::kS) ||
         v.is(AttributeType::kB);
}

// -1/0/1 when a and b are comparable (same ordered type); nullopt otherwise.
std::optional<int> Order(const AttributeValue* a, const AttributeValue* b) {
  if (a == nullptr || b == nullptr || a->type() != b->type() ||
      !IsOrdered(*a)) {
    return std::nullopt;
  }
  return CompareScalars(*a, *b);
}

OperandValue EvaluateOperand(const Operand& operand, const AttributeMap& item);

// DynamoDB's length of a String: UTF-16 code units, as Java counts them
// (size("é𝄞") is 3). Stored strings are valid UTF-8, so every byte that is
// not a continuation byte starts a character, and a 4-byte character (a code
// point above U+FFFF) takes two units.
int64_t Utf16Length(std::string_view s) {
  int64_t units = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++units;
    if (c >= 0xF0) ++units;
  }
  return units;
}

OperandValue EvaluateSize(const Operand& f, const AttributeMap& item) {
  OperandValue arg = EvaluateOperand(f.args[0], item);
  const AttributeValue* v = arg.get();
  if (v == nullptr) return OperandValue();
  int64_t size = 0;
  switch (v->type()) {
    case AttributeType::kS:
      size = Utf16Length(v->s());
      break;
    case AttributeType::kB:
      size = static_cast<int64_t>(v->b().size());
      break;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
    case AttributeType::kL:
    case AttributeType::kM:
      size = static_cast<int64_t>(v->ElementCount());
      break;
    default:
      return OperandValue();
  }
  return OperandValue(AttributeValue::N(size));
}

OperandValue EvaluateOperand(const Operand& operand, const AttributeMap& item) {
  switch (operand.kind) {
    case Operand::Kind::kPath:
      return OperandValue(FindPath(item, operand.path));
    case Operand::Kind::kValue:
      return OperandValue(operand.value.get());
    case Operand::Kind::kFunction:
      if (operand.function == Function::kSize)
        return EvaluateSize(operand, item);
      return OperandValue();
  }
  return OperandValue();
}

bool BeginsWith(const AttributeValue* a, const AttributeValue* prefix) {
  if (a == nullptr || prefix == nullptr || a->type() != prefix->type())
    return false;
  if (a->is(AttributeType::kS)) return a->s().starts_with(prefix->s());
  if (a->is(AttributeType::kB)) return a->b().starts_with(prefix->b());
  return false;
}

bool Contains(const AttributeValue* a, const AttributeValue* x) {
  if (a == nullptr || x == nullptr) return false;
  switch (a->type()) {
    case AttributeType::kS:
      return x->is(AttributeType::kS) &&
             a->s().find(x->s()) != std::string::npos;
    case AttributeType::kB:
      return x->is(AttributeType::kB) &&
             a->b().find(x->b()) != std::string::npos;
    case AttributeType::kSS:
      return x->is(AttributeType::kS) &&
             std::find(a->ss().begin(), a->ss().end(), x->s()) != a->ss().end();
    case AttributeType::kNS:
      return x->is(AttributeType::kN) &&
             std::find(a->ns().begin(), a->ns().end(), x->n()) != a->ns().end();
    case AttributeType::kBS:
      return x->is(AttributeType::kB) &&
             std::find(a->bs().begin(), a->bs().end(), x->b()) != a->bs().end();
    case AttributeType::kL:
      for (const AttributeValue& element : a->l()) {
        if (ValuesEqual(element, *x)) return true;
      }
      return false;
    default:
      return false;
  }
}

bool EvaluateFunction(const Operand& f, const AttributeMap& item) {
  switch (f.function) {
    case Function::kAttributeExists:
      return EvaluateOperand(f.args[0], item).get() != nullptr;
    case Function::kAttributeNotExists:
      return EvaluateOperand(f.args[0], item).get() == nullptr;
    case Function::kAttributeType: {
      OperandValue v = EvaluateOperand(f.args[0], item);
      OperandValue t = EvaluateOperand(f.args[1], item);
      return v.get() != nullptr && t.get() != nullptr &&
             t.get()->is(AttributeType::kS) &&
             AttributeTypeName(v.get()->type()) == t.get()->s();
    }
    case Function::kBeginsWith: {
      OperandValue a = EvaluateOperand(f.args[0], item);
      OperandValue b = EvaluateOperand(f.args[1], item);
      return BeginsWith(a.get(), b.get());
    }
    case Function::kContains: {
      OperandValue a = EvaluateOperand(f.args[0], item);
      OperandValue b = EvaluateOperand(f.args[1], item);
      return Contains(a.get(), b.get());
    }
    case Function::kSize:
    case Function::kUnknown:
      return false;
  }
  return false;
}

bool EvaluateComparison(Comparator op, const AttributeValue* a,
                        const AttributeValue* b) {
  if (op == Comparator::kEq || op == Comparator::kNe) {
    bool equal = a != nullptr && b != nullptr && ValuesEqual(*a, *b);
    return op == Comparator::kEq ? equal : !equal;
  }
  std::optional<int> order = Order(a, b);
  if (!order) return false;
  switch (op) {
    case Comparator::kLt:
      return *order < 0;
    case Comparator::kLe:
      return *order <= 0;
    case Comparator::kGt:
      return *order > 0;
    case Comparator::kGe:
      return *order >= 0;
    default:
      return false;
  }
}

}  // namespace

bool ValuesEqual(const AttributeValue& a, const AttributeValue& b) {
  // AttributeValue keeps numbers normalized and sets canonically ordered, so
  // structural equality is DynamoDB's equality.
  return a == b;
}

const AttributeValue* FindPath(const AttributeMap& item,
                               const DocumentPath& path) {
  if (path.elements.empty() ||
      path.elements[0].kind != PathElement::Kind::kName) {
    return nullptr;
  }
  const AttributeValue* current = item.Find(path.elements[0].name);
  for (size_t i = 1; i < path.elements.size() && current != nullptr; ++i) {
    const PathElement& e = path.elements[i];
    if (e.kind == PathElement::Kind::kName) {
      current =
          current->is(AttributeType::kM) ? current->m().Find(e.name) : nullptr;
    } else if (current->is(AttributeType::kL) &&
               e.index < current->l().size()) {
      current = &current->l()[e.index];
    } else {
      current = nullptr;
    }
  }
  return current;
}

bool Evaluate(const Condition& c, const AttributeMap& item) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      return Evaluate(*c.children[0], item) && Evaluate(*c.children[1], item);
    case Condition::Kind::kOr:
      return Evaluate(*c.children[0], item) || Evaluate(*c.children[1], item);
    case Condition::Kind::kNot:
      return !Evaluate(*c.children[0], item);
    case Condition::Kind::kFunction:
      return EvaluateFunction(c.operands[0], item);
    case Condition::Kind::kComparison: {
      OperandValue a = EvaluateOperand(c.operands[0], item);
      OperandValue b = EvaluateOperand(c.operands[1], item);
      return EvaluateComparison(c.comparator, a.get(), b.get());
    }
    case Condition::Kind::kBetween: {
      OperandValue x = EvaluateOperand(c.operands[0], item);
      OperandValue lo = EvaluateOperand(c.operands[1], item);
      OperandValue hi = EvaluateOperand(c.operands[2], item);
      std::optional<int> low = Order(lo.get(), x.get());
      std::optional<int> high = Order(x.get(), hi.get());
      return low && high && *low <= 0 && *high <= 0;
    }
    case Condition::Kind::kIn: {
      OperandValue x = EvaluateOperand(c.operands[0], item);
      if (x.get() == nullptr) return false;
      for (size_t i = 1; i < c.operands.size(); ++i) {
        OperandValue candidate = EvaluateOperand(c.operands[i], item);
        if (candidate.get() != nullptr &&
            ValuesEqual(*x.get(), *candidate.get())) {
          return true;
        }
      }
      return false;
    }
  }
  return false;
}

bool Evaluate(const ResolvedCondition& condition, const AttributeMap& item) {
  return Evaluate(*condition.root, item);
}

}  // namespace eddy::expr
