// Copyright 2026 The eddy Authors.
//
// SELECT: which reads DynamoDB makes for a WHERE clause.
//
// 1. The WHERE is decomposed into branches: an OR whose subtree names a key
//    attribute of the target (table or index) splits into its sides, an IN
//    on a key attribute into one equality per value, and AND distributes
//    over both. Other ORs stay whole, as filter conjuncts.
// 2. Each branch's conjuncts are read the way DynamoDB's key extractor reads
//    them: `pk = v` fixes the partition, one of `sk = < <= > >= BETWEEN
//    begins_with` the sort range, everything else filters. A key under NOT
//    (directly), a partition key compared any other way, a sort key under
//    `<>`, contains, attribute_exists, size(), or two different conditions
//    on one key make DynamoDB give up on keys: the statement is a Scan.
// 3. When every branch fixes a partition, the branches become Queries (a
//    GetItem when one branch fixes the whole table key and nothing else),
//    sorted by partition value and sort range; overlapping ranges of one
//    partition are refused. Otherwise the statement is one Scan.

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/expr/key_condition.h"
#include "emulator/partiql/internal/planner.h"
#include "emulator/partiql/internal/values.h"

namespace eddy::partiql::partiql_internal {
namespace {

using expr::Comparator;
using expr::Condition;
using expr::Operand;

// DynamoDB reads at most this many partitions (or ranges) for one SELECT.
constexpr size_t kMaxDecomposedReads = 50;

struct Target {
  const TableSchema* table = nullptr;
  const IndexSchema* index = nullptr;
  const KeySchema& key() const { return index ? index->key : table->key; }
};

bool IsKey(std::string_view name, const KeySchema& key) {
  return name == key.hash.name || (key.range && name == key.range->name);
}

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

// A branch: the conjuncts of one decomposed read, pointing into the WHERE
// tree (or into the pool of equalities an IN decomposed into).
using Conjuncts = std::vector<const Condition*>;
using Pool = std::vector<ConditionPtr>;

// Step 1. Returns false when there would be more than kMaxDecomposedReads
// branches.
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

// Whether every branch names a partition-key value (DynamoDB's check for
// ORDER BY, and for the decomposition limit).
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

// A sort-key condition, as a range of values.
struct Range {
  enum class Op { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
  Op op = Op::kEq;
  AttributeValue low;   // the value (kEq, kLt..kGe, kBeginsWith) or lower
  AttributeValue high;  // kBetween
};

struct Branch {
  std::optional<AttributeValue> hash;
  std::optional<Range> range;
  Conjuncts filter;
};

enum class BranchResult { kKeyed, kUnkeyed, kScan };

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

// Step 2 for one branch.
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

// --- Ranges ---------------------------------------------------------------

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

// Whether [low_a, high_a] and [low_b, high_b] share a value.
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

// --- Requests ---------------------------------------------------------------

// Java's HashSet iteration order for a handful of strings inserted in
// `names` order: bucket by the spread String.hashCode, then insertion.
std::vector<std::string> JavaHashSetOrder(
    const std::vector<std::string>& names) {
  size_t capacity = 16;
  while (names.size() > capacity * 3 / 4) capacity *= 2;
  std::vector<std::pair<uint32_t, size_t>> keyed;
  for (size_t i = 0; i < names.size(); ++i) {
    uint32_t h = 0;
    for (unsigned char c : names[i]) h = 31 * h + c;
    h ^= h >> 16;
    keyed.emplace_back(h & static_cast<uint32_t>(capacity - 1), i);
  }
  std::stable_sort(
      keyed.begin(), keyed.end(),
      [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& [bucket, i] : keyed) out.push_back(names[i]);
  return out;
}

void CollectTopNames(const Condition& c, std::vector<std::string>* out) {
  for (const std::string& name : expr::TopLevelAttributeNames(c)) {
    if (std::find(out->begin(), out->end(), name) == out->end()) {
      out->push_back(name);
    }
  }
}

// The attributes a GSI holds (null: every attribute).
std::optional<std::vector<std::string>> Projected(const Target& t) {
  if (t.index == nullptr || !t.index->global ||
      t.index->projection_type == ProjectionType::kAll) {
    return std::nullopt;
  }
  std::vector<std::string> names = KeyNames(t.table->key);
  for (const std::string& k : KeyNames(t.index->key)) names.push_back(k);
  if (t.index->projection_type == ProjectionType::kInclude) {
    for (const std::string& n : t.index->non_key_attributes) names.push_back(n);
  }
  return names;
}

std::string JoinBracketed(const std::vector<std::string>& names) {
  std::string out = "[";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out.append(", ");
    out.append(names[i]);
  }
  return out + "]";
}

// The conjuncts as one AND chain, in order (copies).
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

// The projection of a SELECT list.
struct SelectProjection {
  std::vector<expr::DocumentPath> paths;  // empty: SELECT *
  std::vector<OutputAttribute> output;
};

// The name DynamoDB gives a projected path in the result ("b[1]" for
// a.b[1]).
std::string OutputName(const expr::DocumentPath& path) {
  std::string name;
  for (const expr::PathElement& e : path.elements) {
    if (e.kind == expr::PathElement::Kind::kName) {
      name = e.name;
    } else {
      name += "[" + std::to_string(e.index) + "]";
    }
  }
  return name;
}

StatusOr<SelectProjection> TranslateProjection(const SelectStatement& s,
                                               Translator* t) {
  SelectProjection out;
  if (s.value || s.pivot) {
    return Status::Validation(
        "Select projection doesn't support value or pivot keywords");
  }
  for (const SelectItem& item : s.items) {
    if (item.star) return SelectProjection();
    if (item.project_all) {
      return Status::Validation(
          "Changing item's hierarchy while reading isn't supported");
    }
    if (item.aliased) return Status::Validation("Aliasing is not supported");
    const Node& e = *item.expr;
    if (e.kind != NodeKind::kIdentifier && e.kind != NodeKind::kPath) {
      return Status::Validation("Unexpected path component" + At(e.span));
    }
    EDDY_ASSIGN_OR_RETURN(expr::DocumentPath path, t->Path(e));
    out.paths.push_back(std::move(path));
  }
  std::vector<std::string> seen;
  for (const expr::DocumentPath& p : out.paths) {
    std::string name = OutputName(p);
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      return Status::Validation("Duplicate identifiers in select clause: " +
                                name);
    }
    seen.push_back(name);
    out.output.push_back(OutputAttribute{std::move(name), p});
  }
  return out;
}

class SelectPlanner {
 public:
  SelectPlanner(const SelectStatement& s, const PlanInput& in)
      : s_(s), in_(in), options_(*in.options) {}

  StatusOr<Plan> Run();

 private:
  Status CheckSupportedSyntax() const;
  StatusOr<Plan> PlanKeyOnly(ConditionPtr where);
  StatusOr<Plan> PlanRead(ConditionPtr where);
  Status CheckOrderBy(const Condition* where) const;
  StatusOr<Plan> ScanPlan(ConditionPtr where);
  StatusOr<Plan> KeyedPlan(std::vector<Branch> branches);
  Status AddProjection(RequestExpressions* re, CompiledExpressions* compiled,
                       std::optional<std::string>* projection_expression);
  Status CheckProjectedAttributes() const;

  const SelectStatement& s_;
  const PlanInput& in_;
  const PlanOptions& options_;
  Target target_;
  SelectProjection projection_;
  Plan plan_;
};

Status SelectPlanner::CheckSupportedSyntax() const {
  if (s_.has_group_by)
    return Status::Validation("Unsupported clause: GROUP BY");
  if (s_.having) {
    return Status::Validation("Unsupported clause: HAVING" +
                              At(s_.having->span));
  }
  if (s_.limit) {
    return Status::Validation("Unsupported clause: LIMIT" + At(s_.limit->span));
  }
  if (s_.has_let) {
    // Unconfirmed wording.
    return Status::Validation("Unsupported clause: LET");
  }
  if (s_.distinct) {
    return Status::Validation("Unsupported token in expression: DISTINCT");
  }
  return Status::OK();
}

StatusOr<Plan> SelectPlanner::Run() {
  EDDY_RETURN_IF_ERROR(CheckSupportedSyntax());
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> from,
                        FromComponents(s_.from, in_.translator));
  EDDY_ASSIGN_OR_RETURN(projection_, TranslateProjection(s_, in_.translator));
  ConditionPtr where;
  if (s_.where) {
    EDDY_ASSIGN_OR_RETURN(where, in_.translator->Where(*s_.where));
    EDDY_RETURN_IF_ERROR(ValidateCondition(*where));
  }
  EDDY_ASSIGN_OR_RETURN(target_.table, LookupTable(*in_.schemas, from[0]));
  plan_.table_name = from[0];
  if (from.size() == 2) {
    if (options_.context == StatementContext::kExecuteTransaction) {
      return Status::Validation(
          "Reads on indices are not supported within transactions.");
    }
    if (options_.context == StatementContext::kBatchExecuteStatement) {
      return Status::Validation(
          "Select statements within BatchExecuteStatement must specify the "
          "primary key in the where clause.");
    }
    target_.index = target_.table->FindIndex(from[1]);
    if (target_.index == nullptr) {
      // Unconfirmed wording (Query's).
      return Status::Validation(
          "The table does not have the specified index: " + from[1]);
    }
    plan_.index_name = from[1];
  }
  if (where) {
    EDDY_RETURN_IF_ERROR(
        CheckNoNestedKeyPaths(*where, KeyNames(target_.key())));
  }
  plan_.output = projection_.output;
  if (options_.context != StatementContext::kExecuteStatement) {
    return PlanKeyOnly(std::move(where));
  }
  EDDY_RETURN_IF_ERROR(CheckOrderBy(where.get()));
  EDDY_RETURN_IF_ERROR(CheckProjectedAttributes());
  return PlanRead(std::move(where));
}

Status SelectPlanner::CheckOrderBy(const Condition* where) const {
  if (s_.order_by.empty()) return Status::OK();
  if (where == nullptr) {
    return Status::Validation(
        "Must have WHERE clause in the statement when using ORDER BY clause.");
  }
  if (!PinsPartition(*where, target_.key())) {
    return Status::Validation(
        "Must have at least one non-optional hash key condition in WHERE "
        "clause when using ORDER BY clause.");
  }
  for (const OrderTerm& term : s_.order_by) {
    const Node& e = *term.expr;
    if (e.kind != NodeKind::kIdentifier) {
      // Unconfirmed wording of the type.
      return Status::Validation(
          "Argument to ORDER BY must be of type VariableReference. Type: " +
          std::string(NodeClassName(e)));
    }
    if (!IsKey(e.text, target_.key())) {
      return Status::Validation("Variable reference " + e.text +
                                " in ORDER BY clause must be part of the "
                                "primary key");
    }
  }
  return Status::OK();
}

// A GSI returns only what it projects: DynamoDB refuses a projection list
// naming anything else.
Status SelectPlanner::CheckProjectedAttributes() const {
  std::optional<std::vector<std::string>> projected = Projected(target_);
  if (!projected) return Status::OK();
  std::vector<std::string> missing;
  for (const expr::DocumentPath& p : projection_.paths) {
    const std::string& name = p.elements[0].name;
    if (std::find(projected->begin(), projected->end(), name) ==
            projected->end() &&
        std::find(missing.begin(), missing.end(), name) == missing.end()) {
      missing.push_back(name);
    }
  }
  if (missing.empty()) return Status::OK();
  return Status::Validation(
      "One or more parameter values were invalid: Global secondary index " +
      target_.index->index_name + " does not project " +
      JoinBracketed(missing));
}

// BatchExecuteStatement and ExecuteTransaction read one item by its key.
StatusOr<Plan> SelectPlanner::PlanKeyOnly(ConditionPtr where) {
  const bool transaction =
      options_.context == StatementContext::kExecuteTransaction;
  const Status refused = Status::Validation(
      transaction ? "Select statements within ExecuteTransaction must specify "
                    "the primary key in the where clause."
                  : "Select statements within BatchExecuteStatement must "
                    "specify the primary key in the where clause.");
  if (!where) return refused;
  const KeySchema& key = target_.table->key;
  std::vector<std::string> names = KeyNames(key);
  // A one-value IN on a key reads as an equality.
  std::vector<Conjuncts> branches;
  Pool pool;
  if (!Expand(*where, key, &branches, &pool) || branches.size() != 1) {
    return refused;
  }
  ConditionPtr conjunction = AndAll(branches[0]);
  StatusOr<ExtractedKey> extracted =
      ExtractKey(std::move(conjunction), names, KeyMode::kWrite);
  if (!extracted.ok() || extracted->rest != nullptr ||
      extracted->values.size() != names.size()) {
    return refused;
  }
  GetItemRequest get;
  get.table_name = plan_.table_name;
  for (auto& [name, value] : extracted->values) get.key.Set(name, value);
  get.consistent_read = options_.consistent_read;
  get.return_consumed_capacity = options_.return_consumed_capacity;
  RequestExpressions re;
  CompiledExpressions compiled;
  EDDY_RETURN_IF_ERROR(
      AddProjection(&re, &compiled, &get.projection_expression));
  get.expression_attribute_names = re.names();
  plan_.operation = PlanOperation::kGetItem;
  plan_.get_item = std::move(get);
  plan_.compiled.push_back(std::move(compiled));
  return std::move(plan_);
}

Status SelectPlanner::AddProjection(
    RequestExpressions* re, CompiledExpressions* compiled,
    std::optional<std::string>* projection_expression) {
  if (projection_.paths.empty()) return Status::OK();
  expr::ParsedProjection parsed = re->Projection(projection_.paths);
  *projection_expression = parsed.ToExpression();
  EDDY_ASSIGN_OR_RETURN(expr::ResolvedProjection resolved, re->Resolve(parsed));
  compiled->projection =
      std::make_shared<const expr::ResolvedProjection>(std::move(resolved));
  return Status::OK();
}

StatusOr<Plan> SelectPlanner::PlanRead(ConditionPtr where) {
  if (!where) return ScanPlan(nullptr);
  const KeySchema& key = target_.key();
  std::vector<Conjuncts> expanded;
  Pool pool;
  if (!Expand(*where, key, &expanded, &pool)) {
    if (PinsPartition(*where, key)) {
      return Status::Validation(
          "Too many decomposed read operations for a given query.");
    }
    return ScanPlan(std::move(where));
  }
  std::vector<Branch> branches;
  for (const Conjuncts& conjuncts : expanded) {
    Branch branch;
    if (ReadBranch(conjuncts, key, &branch) != BranchResult::kKeyed) {
      return ScanPlan(std::move(where));
    }
    branches.push_back(std::move(branch));
  }
  return KeyedPlan(std::move(branches));
}

StatusOr<Plan> SelectPlanner::ScanPlan(ConditionPtr where) {
  if (!s_.order_by.empty()) {
    return Status::Validation(
        "Must have at least one non-optional hash key condition in WHERE "
        "clause when using ORDER BY clause.");
  }
  ScanRequest scan;
  scan.table_name = plan_.table_name;
  scan.index_name = plan_.index_name;
  scan.consistent_read = options_.consistent_read;
  scan.limit = options_.limit;
  scan.return_consumed_capacity = options_.return_consumed_capacity;
  RequestExpressions re;
  CompiledExpressions compiled;
  if (where) {
    EDDY_ASSIGN_OR_RETURN(
        BuiltCondition filter,
        BuildCondition(*where, expr::ExpressionKind::kFilter, &re));
    scan.filter_expression = std::move(filter.text);
    compiled.condition = std::move(filter.resolved);
  }
  EDDY_RETURN_IF_ERROR(
      AddProjection(&re, &compiled, &scan.projection_expression));
  scan.expression_attribute_names = re.names();
  scan.expression_attribute_values = re.values();
  plan_.operation = PlanOperation::kScan;
  plan_.scan = std::move(scan);
  plan_.compiled.push_back(std::move(compiled));
  return std::move(plan_);
}

StatusOr<Plan> SelectPlanner::KeyedPlan(std::vector<Branch> branches) {
  const KeySchema& key = target_.key();
  for (const Branch& b : branches) {
    EDDY_RETURN_IF_ERROR(CheckKeyType(key.hash, *b.hash));
    if (b.range && key.range) {
      EDDY_RETURN_IF_ERROR(CheckKeyType(*key.range, b.range->low));
      if (b.range->op == Range::Op::kBetween) {
        EDDY_RETURN_IF_ERROR(CheckKeyType(*key.range, b.range->high));
      }
    }
  }
  // ORDER BY: direction of the sort key, order of the partitions.
  bool forward = true, hash_descending = false, hash_ordered = false;
  for (const OrderTerm& term : s_.order_by) {
    if (term.expr->text == key.hash.name) {
      if (!hash_ordered) hash_descending = term.descending;
      hash_ordered = true;
    } else {
      forward = !term.descending;
    }
  }
  std::sort(branches.begin(), branches.end(),
            [&](const Branch& a, const Branch& b) {
              int c = CompareScalars(*a.hash, *b.hash);
              if (c != 0) return hash_descending ? c > 0 : c < 0;
              Bound la, ha, lb, hb;
              RangeBounds(a.range, &la, &ha);
              RangeBounds(b.range, &lb, &hb);
              int r = CompareLow(la, lb);
              return forward ? r < 0 : r > 0;
            });
  for (size_t i = 1; i < branches.size(); ++i) {
    const Branch& prev = branches[i - 1];
    const Branch& cur = branches[i];
    if (!(*prev.hash == *cur.hash)) {
      if (!s_.order_by.empty() && !hash_ordered) {
        return Status::Validation(
            "Must have hash key in ORDER BY clause when more than one hash "
            "key condition specified in WHERE clause.");
      }
      continue;
    }
    // Sorted by lower bound: any overlap shows between neighbours... except
    // a wide range hiding behind a narrow one, so check every earlier one
    // of the partition.
    for (size_t j = i; j-- > 0;) {
      if (!(*branches[j].hash == *cur.hash)) break;
      if (Overlap(branches[j].range, cur.range)) {
        return Status::Validation(
            "Overlapping conditions with range keys are not supported in "
            "where clause");
      }
    }
  }
  // A GSI holds only what it projects: the filter of each read may name
  // nothing else.
  if (std::optional<std::vector<std::string>> projected = Projected(target_)) {
    for (const Branch& b : branches) {
      std::vector<std::string> names;
      for (const Condition* c : b.filter) CollectTopNames(*c, &names);
      std::vector<std::string> missing;
      for (const std::string& n : names) {
        if (std::find(projected->begin(), projected->end(), n) ==
            projected->end()) {
          missing.push_back(n);
        }
      }
      if (!missing.empty()) {
        return Status::Validation(
            "One or more parameter values were invalid: Secondary index " +
            target_.index->index_name +
            " does not project one or more filter attributes: " +
            JoinBracketed(JavaHashSetOrder(missing)));
      }
    }
  }
  const bool get_item =
      branches.size() == 1 && target_.index == nullptr &&
      branches[0].filter.empty() &&
      (!key.range ||
       (branches[0].range && branches[0].range->op == Range::Op::kEq));
  if (get_item) {
    GetItemRequest get;
    get.table_name = plan_.table_name;
    get.key.Set(key.hash.name, *branches[0].hash);
    if (key.range) get.key.Set(key.range->name, branches[0].range->low);
    get.consistent_read = options_.consistent_read;
    get.return_consumed_capacity = options_.return_consumed_capacity;
    RequestExpressions re;
    CompiledExpressions compiled;
    EDDY_RETURN_IF_ERROR(
        AddProjection(&re, &compiled, &get.projection_expression));
    get.expression_attribute_names = re.names();
    plan_.operation = PlanOperation::kGetItem;
    plan_.get_item = std::move(get);
    plan_.compiled.push_back(std::move(compiled));
    return std::move(plan_);
  }
  expr::KeySchemaView view;
  view.hash_name = key.hash.name;
  view.hash_type = KeyValueType(key.hash.type);
  if (key.range) {
    view.range_name = key.range->name;
    view.range_type = KeyValueType(key.range->type);
  }
  const std::vector<std::string> key_names = KeyNames(key);
  for (Branch& b : branches) {
    QueryRequest q;
    q.table_name = plan_.table_name;
    q.index_name = plan_.index_name;
    q.consistent_read = options_.consistent_read;
    q.limit = options_.limit;
    q.scan_index_forward = forward;
    q.return_consumed_capacity = options_.return_consumed_capacity;
    RequestExpressions re;
    CompiledExpressions compiled;
    ConditionPtr key_condition = MakeComparison(
        Comparator::kEq, PathOperand(key.hash.name), ValueOperand(*b.hash));
    if (b.range) {
      key_condition = MakeAnd(std::move(key_condition),
                              RangeCondition(key.range->name, *b.range));
    }
    EDDY_ASSIGN_OR_RETURN(
        BuiltCondition kc,
        BuildCondition(*key_condition, expr::ExpressionKind::kKeyCondition,
                       &re));
    EDDY_RETURN_IF_ERROR(
        expr::CompileKeyCondition(*kc.resolved, view).status());
    q.key_condition_expression = std::move(kc.text);
    compiled.key_condition = std::move(kc.resolved);
    if (!b.filter.empty()) {
      ConditionPtr filter = AndAll(b.filter);
      for (const std::string& n : expr::TopLevelAttributeNames(*filter)) {
        if (std::find(key_names.begin(), key_names.end(), n) !=
            key_names.end()) {
          plan_.filter_reads_key_attributes = true;
        }
      }
      EDDY_ASSIGN_OR_RETURN(
          BuiltCondition f,
          BuildCondition(*filter, expr::ExpressionKind::kFilter, &re));
      q.filter_expression = std::move(f.text);
      compiled.condition = std::move(f.resolved);
    }
    EDDY_RETURN_IF_ERROR(
        AddProjection(&re, &compiled, &q.projection_expression));
    q.expression_attribute_names = re.names();
    q.expression_attribute_values = re.values();
    plan_.queries.push_back(std::move(q));
    plan_.compiled.push_back(std::move(compiled));
  }
  plan_.operation = PlanOperation::kQuery;
  return std::move(plan_);
}

}  // namespace

StatusOr<Plan> PlanSelect(const SelectStatement& select,
                          const PlanInput& input) {
  SelectPlanner planner(select, input);
  return planner.Run();
}

}  // namespace eddy::partiql::partiql_internal
