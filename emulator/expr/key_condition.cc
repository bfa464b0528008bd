// Copyright 2026 The eddy Authors.

#include "emulator/expr/key_condition.h"

#include <optional>
#include <string>
#include <vector>

#include "emulator/expr/expression_kind.h"

namespace eddy::expr {
namespace {

using SortOp = KeyCondition::SortOp;

// One leaf of the AND tree, normalised so the key is on the left.
struct KeyTerm {
  std::string name;
  SortOp op = SortOp::kNone;
  std::vector<const AttributeValue*> values;  // 1, or 2 for BETWEEN
};

Status InvalidOperator(std::string_view op) {
  return Status::Validation(
      "Invalid operator used in KeyConditionExpression: " + std::string(op));
}

SortOp FromComparator(Comparator c, bool flipped) {
  switch (c) {
    case Comparator::kEq:
      return SortOp::kEq;
    case Comparator::kLt:
      return flipped ? SortOp::kGt : SortOp::kLt;
    case Comparator::kLe:
      return flipped ? SortOp::kGe : SortOp::kLe;
    case Comparator::kGt:
      return flipped ? SortOp::kLt : SortOp::kGt;
    case Comparator::kGe:
      return flipped ? SortOp::kLe : SortOp::kGe;
    case Comparator::kNe:
      break;
  }
  return SortOp::kNone;
}

// Collects the leaves of the AND tree; rejects OR and NOT.
Status CollectLeaves(const Condition& c,
                     std::vector<const Condition*>* leaves) {
  switch (c.kind) {
    case Condition::Kind::kOr:
      return InvalidOperator("OR");
    case Condition::Kind::kNot:
      return InvalidOperator("NOT");
    case Condition::Kind::kAnd:
      EDDY_RETURN_IF_ERROR(CollectLeaves(*c.children[0], leaves));
      return CollectLeaves(*c.children[1], leaves);
    default:
      leaves->push_back(&c);
      return Status::OK();
  }
}

StatusOr<KeyTerm> ToKeyTerm(const Condition& leaf) {
  const std::vector<Operand>* operands = &leaf.operands;
  if (leaf.kind == Condition::Kind::kIn) return InvalidOperator("IN");
  if (leaf.kind == Condition::Kind::kComparison &&
      leaf.comparator == Comparator::kNe) {
    return InvalidOperator("<>");
  }
  if (leaf.kind == Condition::Kind::kFunction) {
    const Operand& f = leaf.operands[0];
    if (f.function != Function::kBeginsWith)
      return InvalidOperator(f.function_name);
    operands = &f.args;
  }
  for (const Operand& operand : *operands) {
    if (operand.kind == Operand::Kind::kFunction) {
      return Status::Validation(
          "KeyConditionExpressions cannot contain nested operations");
    }
  }
  int paths = 0;
  size_t path_index = 0;
  for (size_t i = 0; i < operands->size(); ++i) {
    const Operand& operand = (*operands)[i];
    if (operand.kind != Operand::Kind::kPath) continue;
    if (operand.path.elements.size() > 1) {
      return Status::Validation(
          "KeyConditionExpressions cannot have conditions on nested "
          "attributes");
    }
    ++paths;
    path_index = i;
  }
  if (paths > 1) {
    return Status::Validation(
        "Invalid condition in KeyConditionExpression: Multiple attribute names "
        "used in one condition");
  }
  if (paths == 0) {
    return Status::Validation(
        "Invalid condition in KeyConditionExpression: No key attribute "
        "specified");
  }
  KeyTerm term;
  term.name = (*operands)[path_index].path.elements[0].name;
  for (const Operand& operand : *operands) {
    if (operand.kind == Operand::Kind::kValue)
      term.values.push_back(operand.value.get());
  }
  switch (leaf.kind) {
    case Condition::Kind::kComparison:
      term.op = FromComparator(leaf.comparator, /*flipped=*/path_index == 1);
      break;
    case Condition::Kind::kBetween:
      // The key must be the operand being bounded.
      if (path_index != 0)
        return Status::Validation("Query key condition not supported");
      term.op = SortOp::kBetween;
      break;
    default:  // begins_with
      if (path_index != 0)
        return Status::Validation("Query key condition not supported");
      term.op = SortOp::kBeginsWith;
      break;
  }
  return term;
}

Status CheckKeyValue(const std::string& key, AttributeType type,
                     const AttributeValue& value) {
  if (value.type() != type) {
    return Status::Validation(
        "One or more parameter values were invalid: Condition parameter type "
        "does not match schema type");
  }
  if (type == AttributeType::kS && value.s().empty()) {
    return Status::Validation(
        "One or more parameter values are not valid. The AttributeValue for a "
        "key attribute cannot contain an empty string value. Key: " +
        key);
  }
  if (type == AttributeType::kB && value.b().empty()) {
    return Status::Validation(
        "One or more parameter values are not valid. The AttributeValue for a "
        "key attribute cannot contain an empty binary value. Key: " +
        key);
  }
  return Status::OK();
}

// The terms of a key condition: each a leaf of its AND tree.
StatusOr<std::vector<KeyTerm>> TermsOf(const ResolvedCondition& condition) {
  std::vector<const Condition*> leaves;
  EDDY_RETURN_IF_ERROR(CollectLeaves(*condition.root, &leaves));
  std::vector<KeyTerm> terms;
  for (const Condition* leaf : leaves) {
    EDDY_ASSIGN_OR_RETURN(KeyTerm term, ToKeyTerm(*leaf));
    terms.push_back(std::move(term));
  }
  return terms;
}

Status CheckBeginsWithType(const KeyTerm& term, AttributeType type) {
  if (term.op == SortOp::kBeginsWith && type != AttributeType::kS &&
      type != AttributeType::kB) {
    return InvalidExpression(
        ExpressionKind::kKeyCondition,
        "Incorrect operand type for operator or function; operator or "
        "function: begins_with, operand type: " +
            std::string(AttributeTypeName(type)));
  }
  return Status::OK();
}

}  // namespace

Status CheckKeyConditionShape(const ResolvedCondition& condition) {
  EDDY_ASSIGN_OR_RETURN(std::vector<KeyTerm> terms, TermsOf(condition));
  for (size_t i = 0; i < terms.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (terms[j].name == terms[i].name) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
    }
  }
  return Status::OK();
}

StatusOr<MultiKeyCondition> CompileMultiKeyCondition(
    const ResolvedCondition& condition, const MultiKeySchemaView& schema) {
  EDDY_ASSIGN_OR_RETURN(std::vector<KeyTerm> terms, TermsOf(condition));
  std::vector<const KeyTerm*> hash(schema.hash.size(), nullptr);
  std::vector<const KeyTerm*> range(schema.range.size(), nullptr);
  bool other_attribute = false;
  auto place =
      [](std::vector<const KeyTerm*>& slots,
         const std::vector<std::pair<std::string, AttributeType>>& keys,
         const KeyTerm& term, bool* placed) -> Status {
    for (size_t i = 0; i < keys.size(); ++i) {
      if (keys[i].first != term.name) continue;
      if (slots[i] != nullptr) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
      slots[i] = &term;
      *placed = true;
    }
    return Status::OK();
  };
  for (const KeyTerm& term : terms) {
    bool placed = false;
    EDDY_RETURN_IF_ERROR(place(hash, schema.hash, term, &placed));
    if (!placed)
      EDDY_RETURN_IF_ERROR(place(range, schema.range, term, &placed));
    if (!placed) other_attribute = true;
  }
  for (size_t i = 0; i < hash.size(); ++i) {
    if (hash[i] == nullptr) {
      return Status::Validation("Query condition missed key schema element: " +
                                schema.hash[i].first);
    }
  }
  if (other_attribute) {
    for (size_t i = 0; i < range.size(); ++i) {
      if (range[i] == nullptr) {
        return Status::Validation(
            "Query condition missed key schema element: " +
            schema.range[i].first);
      }
    }
    return Status::Validation("Query key condition not supported");
  }
  for (const KeyTerm* term : hash) {
    if (term->op != SortOp::kEq) {
      return Status::Validation("Query key condition not supported");
    }
  }
  // Sort-key attributes are constrained left to right: every one before the
  // last one named needs an equality.
  int last = -1;
  for (size_t i = 0; i < range.size(); ++i) {
    if (range[i] != nullptr) last = static_cast<int>(i);
  }
  for (int i = 0; i < last; ++i) {
    if (range[i] == nullptr || range[i]->op != SortOp::kEq) {
      return Status::Validation(
          "RANGE key attributes " + schema.range[i].first +
          " must have equality conditions specified in the query because a "
          "condition is present on key attribute " +
          schema.range[last].first);
    }
  }

  MultiKeyCondition result;
  for (size_t i = 0; i < hash.size(); ++i) {
    EDDY_RETURN_IF_ERROR(CheckKeyValue(
        schema.hash[i].first, schema.hash[i].second, *hash[i]->values[0]));
    result.partition_values.push_back(*hash[i]->values[0]);
  }
  for (int i = 0; i <= last; ++i) {
    const KeyTerm& term = *range[i];
    EDDY_RETURN_IF_ERROR(CheckBeginsWithType(term, schema.range[i].second));
    for (const AttributeValue* value : term.values) {
      EDDY_RETURN_IF_ERROR(
          CheckKeyValue(schema.range[i].first, schema.range[i].second, *value));
    }
    if (term.op == SortOp::kEq) {
      result.sort_equal.push_back(*term.values[0]);
      continue;
    }
    result.last_op = term.op;
    result.last_low = *term.values[0];
    if (term.op == SortOp::kBetween) result.last_high = *term.values[1];
  }
  return result;
}

StatusOr<KeyCondition> CompileKeyCondition(const ResolvedCondition& condition,
                                           const KeySchemaView& schema) {
  EDDY_ASSIGN_OR_RETURN(std::vector<KeyTerm> terms, TermsOf(condition));

  const KeyTerm* hash = nullptr;
  const KeyTerm* range = nullptr;
  bool other_attribute = false;
  for (const KeyTerm& term : terms) {
    if (term.name == schema.hash_name) {
      if (hash != nullptr) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
      hash = &term;
    } else if (!schema.range_name.empty() && term.name == schema.range_name) {
      if (range != nullptr) {
        return Status::Validation(
            "KeyConditionExpressions must only contain one condition per key");
      }
      range = &term;
    } else {
      other_attribute = true;
    }
  }
  if (hash == nullptr) {
    return Status::Validation("Query condition missed key schema element: " +
                              schema.hash_name);
  }
  if (other_attribute) {
    if (schema.range_name.empty()) {
      return Status::Validation("Query key condition not supported");
    }
    return Status::Validation("Query condition missed key schema element: " +
                              schema.range_name);
  }
  if (hash->op != SortOp::kEq) {
    return Status::Validation("Query key condition not supported");
  }

  KeyCondition result;
  EDDY_RETURN_IF_ERROR(
      CheckKeyValue(schema.hash_name, schema.hash_type, *hash->values[0]));
  result.partition_value = *hash->values[0];
  if (range == nullptr) return result;

  EDDY_RETURN_IF_ERROR(CheckBeginsWithType(*range, schema.range_type));
  for (const AttributeValue* value : range->values) {
    EDDY_RETURN_IF_ERROR(
        CheckKeyValue(schema.range_name, schema.range_type, *value));
  }
  result.sort_op = range->op;
  result.sort_low = *range->values[0];
  if (range->op == SortOp::kBetween) result.sort_high = *range->values[1];
  return result;
}

}  // namespace eddy::expr
