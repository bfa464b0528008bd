// Copyright 2026 The eddy Authors.
//
// The WHERE decomposition of where_branches.h.

#include "emulator/partiql/internal/where_branches.h"

#include <memory>
#include <utility>

#include "emulator/partiql/internal/values.h"

namespace eddy::partiql::internal {
namespace {

using expr::Comparator;
using expr::Condition;
using expr::Operand;

bool OperandNamesKey(const Operand& o, const KeySchema& key) {
  if (o.kind == Operand::Kind::kPath && IsKey(TopName(o), key)) return true;
  for (const Operand& arg : o.args) {
    if (OperandNamesKey(arg, key)) return true;
  }
  return false;
}

bool InvolvesKey(const Condition& c, const KeySchema& key) {
  for (const Operand& o : c.operands) {
    if (OperandNamesKey(o, key)) return true;
  }
  for (const auto& child : c.children) {
    if (InvolvesKey(*child, key)) return true;
  }
  return false;
}

// A single-level path on a key attribute.
bool IsKeyPath(const Operand& o, std::string_view name) {
  return o.kind == Operand::Kind::kPath && o.path.elements.size() == 1 &&
         o.path.elements[0].kind == expr::PathElement::Kind::kName &&
         o.path.elements[0].name == name;
}

std::optional<Range::Op> RangeOp(Comparator c, bool flipped) {
  switch (c) {
    case Comparator::kEq:
      return Range::Op::kEq;
    case Comparator::kLt:
      return flipped ? Range::Op::kGt : Range::Op::kLt;
    case Comparator::kLe:
      return flipped ? Range::Op::kGe : Range::Op::kLe;
    case Comparator::kGt:
      return flipped ? Range::Op::kLt : Range::Op::kGt;
    case Comparator::kGe:
      return flipped ? Range::Op::kLe : Range::Op::kGe;
    case Comparator::kNe:
      return std::nullopt;
  }
  return std::nullopt;
}

bool SameRange(const Range& a, const Range& b) {
  return a.op == b.op && a.low == b.low && a.high == b.high;
}

// A bound of a sort-key interval.
struct Bound {
  bool infinite = true;
  AttributeValue value;
  bool inclusive = true;
};

// The smallest value above every value starting with `prefix`; infinite
// when there is none.
Bound PrefixUpper(const AttributeValue& prefix) {
  std::string bytes = prefix.is(AttributeType::kS) ? prefix.s() : prefix.b();
  while (!bytes.empty() && static_cast<unsigned char>(bytes.back()) == 0xFF) {
    bytes.pop_back();
  }
  Bound b;
  if (bytes.empty()) return b;
  bytes.back() =
      static_cast<char>(static_cast<unsigned char>(bytes.back()) + 1);
  b.infinite = false;
  b.inclusive = false;
  b.value = prefix.is(AttributeType::kS) ? AttributeValue::S(bytes)
                                         : AttributeValue::B(bytes);
  return b;
}

void RangeBounds(const std::optional<Range>& r, Bound* low, Bound* high) {
  *low = Bound();
  *high = Bound();
  if (!r) return;
  auto at = [](const AttributeValue& v, bool inclusive) {
    Bound b;
    b.infinite = false;
    b.value = v;
    b.inclusive = inclusive;
    return b;
  };
  switch (r->op) {
    case Range::Op::kEq:
      *low = at(r->low, true);
      *high = at(r->low, true);
      return;
    case Range::Op::kLt:
      *high = at(r->low, false);
      return;
    case Range::Op::kLe:
      *high = at(r->low, true);
      return;
    case Range::Op::kGt:
      *low = at(r->low, false);
      return;
    case Range::Op::kGe:
      *low = at(r->low, true);
      return;
    case Range::Op::kBetween:
      *low = at(r->low, true);
      *high = at(r->high, true);
      return;
    case Range::Op::kBeginsWith:
      *low = at(r->low, true);
      *high = PrefixUpper(r->low);
      return;
  }
}

// Lower bounds in ascending order (infinite first).
int CompareLow(const Bound& a, const Bound& b) {
  if (a.infinite || b.infinite)
    return a.infinite == b.infinite ? 0 : a.infinite ? -1 : 1;
  int c = CompareScalars(a.value, b.value);
  if (c != 0) return c;
  if (a.inclusive == b.inclusive) return 0;
  return a.inclusive ? -1 : 1;
}

}  // namespace

bool IsKey(std::string_view name, const KeySchema& key) {
  return name == key.hash.name || (key.range && name == key.range->name);
}

bool Expand(const Condition& c, const KeySchema& key,
            std::vector<Conjuncts>* out, Pool* pool) {
  if (c.kind == Condition::Kind::kAnd) {
    std::vector<Conjuncts> left, right;
    if (!Expand(*c.children[0], key, &left, pool)) return false;
    if (!Expand(*c.children[1], key, &right, pool)) return false;
    if (left.size() * right.size() > kMaxDecomposedReads) return false;
    if (left.size() == 1 && right.size() == 1) {
      left[0].insert(left[0].end(), right[0].begin(), right[0].end());
      out->push_back(std::move(left[0]));
      return true;
    }
    for (const Conjuncts& l : left) {
      for (const Conjuncts& r : right) {
        Conjuncts both = l;
        both.insert(both.end(), r.begin(), r.end());
        out->push_back(std::move(both));
      }
    }
    return true;
  }
  if (c.kind == Condition::Kind::kOr && InvolvesKey(c, key)) {
    std::vector<Conjuncts> left, right;
    if (!Expand(*c.children[0], key, &left, pool)) return false;
    if (!Expand(*c.children[1], key, &right, pool)) return false;
    if (left.size() + right.size() > kMaxDecomposedReads) return false;
    for (Conjuncts& b : left) out->push_back(std::move(b));
    for (Conjuncts& b : right) out->push_back(std::move(b));
    return true;
  }
  if (c.kind == Condition::Kind::kIn) {
    const Operand& subject = c.operands[0];
    bool on_key = IsKeyPath(subject, key.hash.name) ||
                  (key.range && IsKeyPath(subject, key.range->name));
    bool all_values = true;
    for (size_t i = 1; i < c.operands.size(); ++i) {
      all_values = all_values && c.operands[i].kind == Operand::Kind::kValue;
    }
    if (on_key && all_values) {
      if (c.operands.size() - 1 > kMaxDecomposedReads) return false;
      for (size_t i = 1; i < c.operands.size(); ++i) {
        pool->push_back(MakeComparison(Comparator::kEq, CloneOperand(subject),
                                       CloneOperand(c.operands[i])));
        out->push_back(Conjuncts{pool->back().get()});
      }
      return true;
    }
  }
  out->push_back(Conjuncts{&c});
  return true;
}

bool PinsPartition(const Condition& c, const KeySchema& key) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
      return PinsPartition(*c.children[0], key) ||
             PinsPartition(*c.children[1], key);
    case Condition::Kind::kOr:
      return PinsPartition(*c.children[0], key) &&
             PinsPartition(*c.children[1], key);
    case Condition::Kind::kNot:
      return false;
    default:
      break;
  }
  bool path = false, value = false;
  for (const Operand& o : c.operands) {
    if (IsKeyPath(o, key.hash.name)) path = true;
    if (o.kind == Operand::Kind::kValue) value = true;
  }
  return path && value;
}

BranchResult ReadBranch(const Conjuncts& conjuncts, const KeySchema& key,
                        Branch* out) {
  auto set_hash = [&](const AttributeValue& v) {
    if (out->hash) return *out->hash == v;
    out->hash = v;
    return true;
  };
  auto set_range = [&](Range r) {
    if (out->range) return SameRange(*out->range, r);
    out->range = std::move(r);
    return true;
  };
  const std::string* range_name = key.range ? &key.range->name : nullptr;
  for (const Condition* c : conjuncts) {
    if (c->kind == Condition::Kind::kNot) {
      const Condition& child = *c->children[0];
      if (child.children.empty()) {
        for (const Operand& o : child.operands) {
          if (o.kind == Operand::Kind::kPath && IsKey(TopName(o), key)) {
            return BranchResult::kScan;
          }
        }
      }
      out->filter.push_back(c);
      continue;
    }
    if (!c->children.empty()) {  // an OR that names no key
      out->filter.push_back(c);
      continue;
    }
    const Condition& leaf = *c;
    // size(key) and functions of keys: no key condition can hold them.
    bool function_of_key = false;
    for (const Operand& o : leaf.operands) {
      if (o.kind == Operand::Kind::kFunction && OperandNamesKey(o, key)) {
        function_of_key = true;
      }
    }
    if (leaf.kind == Condition::Kind::kFunction) {
      const Operand& f = leaf.operands[0];
      if (!OperandNamesKey(f, key)) {
        out->filter.push_back(c);
        continue;
      }
      if (f.function == expr::Function::kBeginsWith && range_name != nullptr &&
          f.args.size() == 2 && IsKeyPath(f.args[0], *range_name) &&
          f.args[1].kind == Operand::Kind::kValue) {
        Range r;
        r.op = Range::Op::kBeginsWith;
        r.low = *f.args[1].value;
        if (!set_range(std::move(r))) return BranchResult::kScan;
        continue;
      }
      return BranchResult::kScan;
    }
    if (function_of_key) return BranchResult::kScan;
    if (leaf.kind == Condition::Kind::kComparison) {
      const Operand& a = leaf.operands[0];
      const Operand& b = leaf.operands[1];
      const bool left_path = a.kind == Operand::Kind::kPath;
      const Operand* path = left_path                        ? &a
                            : b.kind == Operand::Kind::kPath ? &b
                                                             : nullptr;
      const Operand* other = path == &a ? &b : &a;
      if (path == nullptr || !IsKey(TopName(*path), key)) {
        out->filter.push_back(c);
        continue;
      }
      const bool has_value = other->kind == Operand::Kind::kValue;
      if (IsKeyPath(*path, key.hash.name)) {
        if (leaf.comparator != Comparator::kEq) return BranchResult::kScan;
        if (!has_value) {
          out->filter.push_back(c);
          continue;
        }
        if (!set_hash(*other->value)) return BranchResult::kScan;
        continue;
      }
      std::optional<Range::Op> op = RangeOp(leaf.comparator, path == &b);
      if (!op) return BranchResult::kScan;
      if (!has_value) {
        out->filter.push_back(c);
        continue;
      }
      Range r;
      r.op = *op;
      r.low = *other->value;
      if (!set_range(std::move(r))) return BranchResult::kScan;
      continue;
    }
    if (leaf.kind == Condition::Kind::kBetween) {
      const Operand& subject = leaf.operands[0];
      bool names_key = false;
      for (const Operand& o : leaf.operands) {
        if (o.kind == Operand::Kind::kPath && IsKey(TopName(o), key)) {
          names_key = true;
        }
      }
      if (!names_key) {
        out->filter.push_back(c);
        continue;
      }
      if (range_name == nullptr || !IsKeyPath(subject, *range_name)) {
        return BranchResult::kScan;
      }
      if (leaf.operands[1].kind != Operand::Kind::kValue ||
          leaf.operands[2].kind != Operand::Kind::kValue) {
        out->filter.push_back(c);
        continue;
      }
      Range r;
      r.op = Range::Op::kBetween;
      r.low = *leaf.operands[1].value;
      r.high = *leaf.operands[2].value;
      if (!set_range(std::move(r))) return BranchResult::kScan;
      continue;
    }
    // IN that did not decompose (a path among its values, or on a nested
    // key): no key condition.
    if (InvolvesKey(leaf, key)) return BranchResult::kScan;
    out->filter.push_back(c);
  }
  return out->hash ? BranchResult::kKeyed : BranchResult::kUnkeyed;
}

int CompareRangeStarts(const std::optional<Range>& a,
                       const std::optional<Range>& b) {
  Bound la, ha, lb, hb;
  RangeBounds(a, &la, &ha);
  RangeBounds(b, &lb, &hb);
  return CompareLow(la, lb);
}

bool Overlap(const std::optional<Range>& a, const std::optional<Range>& b) {
  Bound la, ha, lb, hb;
  RangeBounds(a, &la, &ha);
  RangeBounds(b, &lb, &hb);
  // low bound below high bound?
  auto below = [](const Bound& low, const Bound& high) {
    if (low.infinite || high.infinite) return true;
    int c = CompareScalars(low.value, high.value);
    if (c < 0) return true;
    if (c > 0) return false;
    return low.inclusive && high.inclusive;
  };
  return below(la, hb) && below(lb, ha);
}

ConditionPtr AndAll(const Conjuncts& conjuncts) {
  ConditionPtr out;
  for (const Condition* c : conjuncts) {
    ConditionPtr copy = CloneCondition(*c);
    out = out ? MakeAnd(std::move(out), std::move(copy)) : std::move(copy);
  }
  return out;
}

ConditionPtr RangeCondition(const std::string& name, const Range& r) {
  switch (r.op) {
    case Range::Op::kEq:
      return MakeComparison(Comparator::kEq, PathOperand(name),
                            ValueOperand(r.low));
    case Range::Op::kLt:
      return MakeComparison(Comparator::kLt, PathOperand(name),
                            ValueOperand(r.low));
    case Range::Op::kLe:
      return MakeComparison(Comparator::kLe, PathOperand(name),
                            ValueOperand(r.low));
    case Range::Op::kGt:
      return MakeComparison(Comparator::kGt, PathOperand(name),
                            ValueOperand(r.low));
    case Range::Op::kGe:
      return MakeComparison(Comparator::kGe, PathOperand(name),
                            ValueOperand(r.low));
    case Range::Op::kBetween: {
      auto c = std::make_unique<Condition>();
      c->kind = Condition::Kind::kBetween;
      c->operands.push_back(PathOperand(name));
      c->operands.push_back(ValueOperand(r.low));
      c->operands.push_back(ValueOperand(r.high));
      return c;
    }
    case Range::Op::kBeginsWith: {
      Operand f;
      f.kind = Operand::Kind::kFunction;
      f.function = expr::Function::kBeginsWith;
      f.function_name = "begins_with";
      f.args.push_back(PathOperand(name));
      f.args.push_back(ValueOperand(r.low));
      auto c = std::make_unique<Condition>();
      c->kind = Condition::Kind::kFunction;
      c->operands.push_back(std::move(f));
      return c;
    }
  }
  return nullptr;
}

}  // namespace eddy::partiql::internal
