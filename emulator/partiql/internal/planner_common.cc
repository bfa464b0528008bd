// Copyright 2026 The eddy Authors.

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "emulator/partiql/internal/planner.h"
#include "emulator/partiql/internal/values.h"

namespace eddy::partiql::internal {
namespace {

using expr::Comparator;
using expr::Condition;
using expr::Operand;

bool ValidTableName(std::string_view name) {
  // Java's String.length() counts UTF-16 units; a valid name is ASCII, so
  // the byte count decides the same way for every name that can pass.
  if (name.size() < 3 || name.size() > 255) return false;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

bool IsKeyName(std::string_view name, const std::vector<std::string>& keys) {
  return std::find(keys.begin(), keys.end(), name) != keys.end();
}

// The first path operand of a leaf, or null.
const Operand* FirstPath(const Condition& leaf) {
  for (const Operand& o : leaf.operands) {
    if (o.kind == Operand::Kind::kPath) return &o;
  }
  return nullptr;
}
// The first value operand of a leaf, or null.
const Operand* FirstValue(const Condition& leaf) {
  for (const Operand& o : leaf.operands) {
    if (o.kind == Operand::Kind::kValue) return &o;
  }
  return nullptr;
}
bool HasFunctionOperand(const Condition& leaf) {
  for (const Operand& o : leaf.operands) {
    if (o.kind == Operand::Kind::kFunction &&
        leaf.kind != Condition::Kind::kFunction) {
      return true;
    }
  }
  return false;
}

Status NestedKeyError(std::string_view key) {
  return Status::Validation(
      "Key attributes must be scalars; list random access '[]' and map "
      "lookup '.' are not allowed: Key " +
      std::string(key));
}

Status CheckOperand(const Operand& o, const std::vector<std::string>& keys) {
  if (o.kind == Operand::Kind::kPath && o.path.elements.size() > 1 &&
      IsKeyName(TopName(o), keys)) {
    return NestedKeyError(TopName(o));
  }
  for (const Operand& arg : o.args) {
    EDDY_RETURN_IF_ERROR(CheckOperand(arg, keys));
  }
  return Status::OK();
}

class KeyExtractor {
 public:
  KeyExtractor(const std::vector<std::string>& keys, KeyMode mode)
      : keys_(keys), mode_(mode) {}

  // Returns what is left of `node` after taking its key equalities.
  StatusOr<ConditionPtr> Extract(ConditionPtr node) {
    if (node->kind == Condition::Kind::kAnd) {
      EDDY_ASSIGN_OR_RETURN(
          ConditionPtr left,
          Extract(ReleaseChild(std::move(node->children[0]))));
      EDDY_ASSIGN_OR_RETURN(
          ConditionPtr right,
          Extract(ReleaseChild(std::move(node->children[1]))));
      if (left && right) return MakeAnd(std::move(left), std::move(right));
      return left ? std::move(left) : std::move(right);
    }
    if (!node->children.empty() || HasFunctionOperand(*node)) return node;
    EDDY_ASSIGN_OR_RETURN(bool taken, TakeLeaf(*node));
    if (taken) return ConditionPtr();
    return node;
  }

  std::map<std::string, AttributeValue>& values() { return values_; }

 private:
  StatusOr<bool> TakeLeaf(const Condition& leaf) {
    const Operand* path = FirstPath(leaf);
    if (path == nullptr) return false;
    const Operand* value = FirstValue(leaf);
    if (mode_ == KeyMode::kWrite && value == nullptr) return false;
    const bool key = IsKeyName(TopName(*path), keys_);
    if (key && path->path.elements.size() > 1) {
      return NestedKeyError(TopName(*path));
    }
    if (!key || value == nullptr) return false;
    if (leaf.kind != Condition::Kind::kComparison ||
        leaf.comparator != Comparator::kEq) {
      return false;
    }
    const std::string name(TopName(*path));
    auto it = values_.find(name);
    if (it != values_.end()) {
      if (mode_ == KeyMode::kConditionCheck) return false;
      if (!(it->second == *value->value)) {
        return Status::Validation(
            "Multiple conditions on same key " + name +
            ". Only single item Update/Insert/Delete are supported");
      }
      return true;
    }
    values_.emplace(name, *value->value);
    return true;
  }

  const std::vector<std::string>& keys_;
  KeyMode mode_;
  std::map<std::string, AttributeValue> values_;
};

}  // namespace

StatusOr<std::vector<std::string>> FromComponents(const FromClause& from,
                                                  Translator* translator) {
  if (from.joined || from.unpivot) {
    return Status::Validation(
        "Only select from a single table or index is supported.");
  }
  if (from.aliased) return Status::Validation("Aliasing is not supported");
  const Node& source = *from.source;
  if (source.kind != NodeKind::kIdentifier && source.kind != NodeKind::kPath) {
    return Status::Validation("Unexpected from source");
  }
  EDDY_ASSIGN_OR_RETURN(expr::DocumentPath path, translator->Path(source));
  if (path.elements.size() > 2) {
    return Status::Validation(
        "A path may contain at most 2 components in the FROM clause");
  }
  std::vector<std::string> components;
  for (const expr::PathElement& e : path.elements) {
    if (e.kind != expr::PathElement::Kind::kName) {
      return Status::Validation("Invalid list expression in source.");
    }
    if (!ValidTableName(e.name)) {
      return Status::Validation(
          "Table name should be within the length [3, 255] and only contain "
          "'a-z', 'A-Z', '0-9', '-', '_', '.'.");
    }
    components.push_back(e.name);
  }
  return components;
}

StatusOr<const TableSchema*> LookupTable(const SchemaLookup& schemas,
                                         const std::string& table_name) {
  const TableSchema* table = schemas.FindTable(table_name);
  if (table == nullptr) {
    return Status::ResourceNotFound("Requested resource not found");
  }
  return table;
}

std::vector<std::string> KeyNames(const KeySchema& key) {
  std::vector<std::string> names = {key.hash.name};
  if (key.range) names.push_back(key.range->name);
  return names;
}

AttributeType KeyValueType(ScalarAttributeType type) {
  switch (type) {
    case ScalarAttributeType::kS:
      return AttributeType::kS;
    case ScalarAttributeType::kN:
      return AttributeType::kN;
    case ScalarAttributeType::kB:
      return AttributeType::kB;
  }
  return AttributeType::kS;
}

Status CheckKeyType(const KeyAttribute& key, const AttributeValue& value) {
  if (value.type() != KeyValueType(key.type)) {
    return Status::Validation(
        "Key attribute's data type should match its data type in table's "
        "schema: Key " +
        key.name);
  }
  return Status::OK();
}

StatusOr<ExtractedKey> ExtractKey(ConditionPtr where,
                                  const std::vector<std::string>& key_names,
                                  KeyMode mode) {
  KeyExtractor extractor(key_names, mode);
  ExtractedKey out;
  if (where) {
    EDDY_ASSIGN_OR_RETURN(out.rest, extractor.Extract(std::move(where)));
  }
  out.values = std::move(extractor.values());
  return out;
}

Status CheckNoNestedKeyPaths(const expr::Condition& condition,
                             const std::vector<std::string>& key_names) {
  for (const Operand& o : condition.operands) {
    EDDY_RETURN_IF_ERROR(CheckOperand(o, key_names));
  }
  for (const auto& child : condition.children) {
    EDDY_RETURN_IF_ERROR(CheckNoNestedKeyPaths(*child, key_names));
  }
  return Status::OK();
}

StatusOr<ReturnValue> ReturningValue(const Returning& returning, WriteKind kind,
                                     const PlanOptions& options) {
  if (!returning.present) return ReturnValue::kNone;
  if (options.context == StatementContext::kExecuteTransaction) {
    return Status::Validation(
        "RETURNING clause is not supported in ExecuteTransaction.");
  }
  if (returning.elements > 1) {
    return Status::Validation(
        "Invalid syntax with multiple returning elements in RETURNING clause");
  }
  if (!returning.star) {
    return Status::Validation(
        "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING "
        "clause");
  }
  ReturnValue value = ReturnValue::kNone;
  std::string written;
  if (returning.mapping == "modified_old") {
    value = ReturnValue::kUpdatedOld;
    written = "MODIFIED OLD *";
  } else if (returning.mapping == "modified_new") {
    value = ReturnValue::kUpdatedNew;
    written = "MODIFIED NEW *";
  } else if (returning.mapping == "all_old") {
    value = ReturnValue::kAllOld;
    written = "ALL OLD *";
  } else {
    value = ReturnValue::kAllNew;
    written = "ALL NEW *";
  }
  if (kind == WriteKind::kInsert) {
    return Status::Validation("RETURNING is not supported in INSERT");
  }
  if (kind == WriteKind::kDelete && value != ReturnValue::kAllOld) {
    return Status::Validation(
        "Invalid returning clause: RETURNING " + written +
        ". Only RETURNING ALL OLD * is allowed in DELETE statements.");
  }
  return value;
}

StatusOr<BuiltCondition> BuildCondition(const expr::Condition& condition,
                                        expr::ExpressionKind kind,
                                        RequestExpressions* expressions) {
  expr::ParsedCondition parsed = expressions->Condition(condition, kind);
  BuiltCondition built;
  built.text = parsed.ToExpression();
  EDDY_ASSIGN_OR_RETURN(expr::ResolvedCondition resolved,
                        expressions->Resolve(parsed));
  built.resolved =
      std::make_shared<const expr::ResolvedCondition>(std::move(resolved));
  return built;
}

// Whether the resolve pass cannot object to `c`: it checks function
// arities and operand types, BETWEEN bounds and comparisons of a path with
// itself, none of which a tree of path-versus-value comparisons and IN
// lists has. (A fast path: most WHERE clauses are such trees.)
bool TriviallyValid(const expr::Condition& c) {
  switch (c.kind) {
    case Condition::Kind::kAnd:
    case Condition::Kind::kOr:
    case Condition::Kind::kNot:
      for (const auto& child : c.children) {
        if (!TriviallyValid(*child)) return false;
      }
      return true;
    case Condition::Kind::kComparison:
      return !(c.operands[0].kind == Operand::Kind::kPath &&
               c.operands[1].kind == Operand::Kind::kPath) &&
             c.operands[0].kind != Operand::Kind::kFunction &&
             c.operands[1].kind != Operand::Kind::kFunction;
    case Condition::Kind::kIn:
      for (const Operand& o : c.operands) {
        if (o.kind == Operand::Kind::kFunction) return false;
      }
      return true;
    case Condition::Kind::kBetween:
    case Condition::Kind::kFunction:
      return false;
  }
  return false;
}

Status ValidateCondition(const expr::Condition& condition) {
  if (TriviallyValid(condition)) return Status::OK();
  RequestExpressions expressions;
  return BuildCondition(condition, expr::ExpressionKind::kCondition,
                        &expressions)
      .status();
}

}  // namespace eddy::partiql::internal
