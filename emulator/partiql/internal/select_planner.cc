// Copyright 2026 The eddy Authors.
//
// SELECT: which reads DynamoDB makes for a WHERE clause.
//
// The WHERE is decomposed into branches and each branch read for its key
// conditions (where_branches.h). When every branch fixes a partition, the
// branches become Queries (a GetItem when one branch fixes the whole table
// key and nothing else), sorted by partition value and sort range;
// overlapping ranges of one partition are refused. Otherwise the statement
// is one Scan.

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/expr/key_condition.h"
#include "emulator/partiql/internal/planner.h"
#include "emulator/partiql/internal/values.h"
#include "emulator/partiql/internal/where_branches.h"

namespace eddy::partiql::internal {
namespace {

using expr::Comparator;
using expr::Condition;

struct Target {
  const TableSchema* table = nullptr;
  const IndexSchema* index = nullptr;
  const KeySchema& key() const { return index ? index->key : table->key; }
};

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

// Does FROM name an index whose key has several partition or sort
// attributes (which PartiQL refuses)?
bool NamesMultiAttributeIndex(const std::vector<std::string>& from,
                              const SchemaLookup& schemas) {
  if (from.size() != 2) return false;
  const TableSchema* table = schemas.FindTable(from[0]);
  const IndexSchema* index =
      table == nullptr ? nullptr : table->FindIndex(from[1]);
  return index != nullptr && index->multi_attribute_key;
}

StatusOr<Plan> SelectPlanner::Run() {
  EDDY_RETURN_IF_ERROR(CheckSupportedSyntax());
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> from,
                        FromComponents(s_.from, in_.translator));
  // A projection DynamoDB refuses (COUNT(*), ...) is reported after the
  // refusal of a multi-attribute index, and before everything else.
  StatusOr<SelectProjection> projection =
      TranslateProjection(s_, in_.translator);
  if (!projection.ok() && !NamesMultiAttributeIndex(from, *in_.schemas)) {
    return projection.status();
  }
  ConditionPtr where;
  if (s_.where) {
    EDDY_ASSIGN_OR_RETURN(where, in_.translator->Where(*s_.where));
    EDDY_RETURN_IF_ERROR(ValidateCondition(*where));
  }
  EDDY_ASSIGN_OR_RETURN(target_.table, LookupTable(*in_.schemas, from[0]));
  plan_.table_name = from[0];
  if (from.size() == 2) {
    // After syntax, literal and parameter errors; before the key-only rule
    // of BatchExecuteStatement (live AWS, paritysuite) and, by assumption,
    // of ExecuteTransaction.
    if (const IndexSchema* index = target_.table->FindIndex(from[1]);
        index != nullptr && index->multi_attribute_key) {
      return Status::Validation(
          "PartiQL statements cannot be executed on tables with "
          "multi-attribute HASH keys or multi-attribute RANGE keys.");
    }
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
  EDDY_ASSIGN_OR_RETURN(projection_, std::move(projection));
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
  scan.expression_attribute_values = re.TakeValues();
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
              int r = CompareRangeStarts(a.range, b.range);
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
    q.expression_attribute_values = re.TakeValues();
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

}  // namespace eddy::partiql::internal
