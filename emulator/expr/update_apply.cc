// Copyright 2026 The eddy Authors.
//
// Applying a resolved update expression to an item (ApplyUpdate) and the
// key-attribute check (CheckKeyAttributesUntouched); parsing, printing and
// resolution are in update.cc.

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emulator/expr/evaluate.h"
#include "emulator/expr/internal/path_tree.h"
#include "emulator/expr/update.h"

namespace eddy::expr {
namespace {

using Action = UpdateAction;

Status MissingAttribute() {
  return Status::Validation(
      "The provided expression refers to an attribute that does not exist in "
      "the item");
}

Status InvalidPathForUpdate() {
  return Status::Validation(
      "The document path provided in the update expression is invalid for "
      "update");
}

Status IncorrectOperandType() {
  return Status::Validation(
      "An operand in the update expression has an incorrect data type");
}

bool IsSet(AttributeType type) {
  return type == AttributeType::kSS || type == AttributeType::kNS ||
         type == AttributeType::kBS;
}

// Depth is bounded by the parser (every call counts as an operator).
StatusOr<AttributeValue> EvaluateOperand(const UpdateOperand& op,
                                         const AttributeMap& item) {
  switch (op.kind) {
    case UpdateOperand::Kind::kValue:
      return *op.value;
    case UpdateOperand::Kind::kPath: {
      const AttributeValue* value = FindPath(item, op.path);
      if (value == nullptr) return MissingAttribute();
      return *value;
    }
    case UpdateOperand::Kind::kFunction:
      break;
  }
  if (op.function == UpdateFunction::kIfNotExists) {
    if (const AttributeValue* value = FindPath(item, op.args[0].path)) {
      return *value;
    }
    return EvaluateOperand(op.args[1], item);
  }
  EDDY_ASSIGN_OR_RETURN(AttributeValue first,
                        EvaluateOperand(op.args[0], item));
  EDDY_ASSIGN_OR_RETURN(AttributeValue second,
                        EvaluateOperand(op.args[1], item));
  if (!first.is(AttributeType::kL) || !second.is(AttributeType::kL)) {
    return IncorrectOperandType();
  }
  std::vector<AttributeValue> joined = first.l();
  joined.insert(joined.end(), second.l().begin(), second.l().end());
  return AttributeValue::L(std::move(joined));
}

template <typename T>
std::vector<T> Union(const std::vector<T>& a, const std::vector<T>& b) {
  std::vector<T> out = a;
  for (const T& x : b) {
    if (std::find(a.begin(), a.end(), x) == a.end()) out.push_back(x);
  }
  return out;
}

template <typename T>
std::vector<T> Difference(const std::vector<T>& a, const std::vector<T>& b) {
  std::vector<T> out;
  for (const T& x : a) {
    if (std::find(b.begin(), b.end(), x) == b.end()) out.push_back(x);
  }
  return out;
}

// Union (add) or difference (!add) of two sets of the same type; nullopt when
// the difference is empty.
StatusOr<std::optional<AttributeValue>> CombineSets(const AttributeValue& a,
                                                    const AttributeValue& b,
                                                    bool add) {
  switch (a.type()) {
    case AttributeType::kSS: {
      auto v = add ? Union(a.ss(), b.ss()) : Difference(a.ss(), b.ss());
      if (v.empty()) return std::optional<AttributeValue>();
      EDDY_ASSIGN_OR_RETURN(AttributeValue set,
                            AttributeValue::SS(std::move(v)));
      return std::optional<AttributeValue>(std::move(set));
    }
    case AttributeType::kNS: {
      auto v = add ? Union(a.ns(), b.ns()) : Difference(a.ns(), b.ns());
      if (v.empty()) return std::optional<AttributeValue>();
      EDDY_ASSIGN_OR_RETURN(AttributeValue set,
                            AttributeValue::NS(std::move(v)));
      return std::optional<AttributeValue>(std::move(set));
    }
    case AttributeType::kBS: {
      auto v = add ? Union(a.bs(), b.bs()) : Difference(a.bs(), b.bs());
      if (v.empty()) return std::optional<AttributeValue>();
      EDDY_ASSIGN_OR_RETURN(AttributeValue set,
                            AttributeValue::BS(std::move(v)));
      return std::optional<AttributeValue>(std::move(set));
    }
    default:
      return IncorrectOperandType();
  }
}

// What one action does to its path: write a value, or remove the path.
struct LeafEdit {
  bool remove = false;
  AttributeValue value;  // when !remove
};

StatusOr<LeafEdit> ComputeEdit(const Action& action, const AttributeMap& old) {
  LeafEdit edit;
  switch (action.kind) {
    case Action::Kind::kRemove:
      edit.remove = true;
      return edit;
    case Action::Kind::kSet: {
      EDDY_ASSIGN_OR_RETURN(edit.value,
                            EvaluateOperand(action.operands[0], old));
      if (action.arithmetic == Action::Arithmetic::kNone) return edit;
      EDDY_ASSIGN_OR_RETURN(AttributeValue right,
                            EvaluateOperand(action.operands[1], old));
      if (!edit.value.is(AttributeType::kN) || !right.is(AttributeType::kN)) {
        return IncorrectOperandType();
      }
      StatusOr<Number> result =
          action.arithmetic == Action::Arithmetic::kPlus
              ? Number::Add(edit.value.n(), right.n())
              : Number::Subtract(edit.value.n(), right.n());
      if (!result.ok()) return result.status();
      edit.value = AttributeValue::N(*result);
      return edit;
    }
    case Action::Kind::kAdd:
    case Action::Kind::kDelete:
      break;
  }
  const AttributeValue& operand = *action.operands[0].value;
  const AttributeValue* current = FindPath(old, action.path);
  if (action.kind == Action::Kind::kAdd) {
    if (current == nullptr) {
      edit.value = operand;
      return edit;
    }
    if (current->type() != operand.type()) return IncorrectOperandType();
    if (operand.is(AttributeType::kN)) {
      EDDY_ASSIGN_OR_RETURN(Number sum, Number::Add(current->n(), operand.n()));
      edit.value = AttributeValue::N(sum);
      return edit;
    }
    EDDY_ASSIGN_OR_RETURN(std::optional<AttributeValue> set,
                          CombineSets(*current, operand, /*add=*/true));
    edit.value = *std::move(set);
    return edit;
  }
  // DELETE: a missing attribute stays missing, like REMOVE of it.
  if (current == nullptr) {
    edit.remove = true;
    return edit;
  }
  if (current->type() != operand.type() || !IsSet(operand.type())) {
    return IncorrectOperandType();
  }
  EDDY_ASSIGN_OR_RETURN(std::optional<AttributeValue> rest,
                        CombineSets(*current, operand, /*add=*/false));
  if (!rest) {
    edit.remove = true;
  } else {
    edit.value = *std::move(rest);
  }
  return edit;
}

using expr::internal::PathTreeNode;

// Applies the edits of a tree of written paths to the item. Recursion
// follows the tree, at most 32 levels.
class EditApplier {
 public:
  EditApplier(const std::vector<LeafEdit>& edits, bool item_missing)
      : edits_(edits), item_missing_(item_missing) {}

  Status ApplyToMap(const PathTreeNode& node, AttributeMap* map) {
    for (const auto& [name, child] : node.names) {
      if (child->is_leaf()) {
        const LeafEdit& edit = edits_[child->leaf];
        if (edit.remove) {
          map->Erase(name);
        } else {
          map->Set(name, edit.value);
        }
        continue;
      }
      AttributeValue* current = map->FindMutable(name);
      if (current == nullptr) {
        if (item_missing_ && !HasWrites(*child)) continue;
        return InvalidPathForUpdate();
      }
      EDDY_RETURN_IF_ERROR(ApplyToValue(*child, current));
    }
    return Status::OK();
  }

 private:
  // True when some leaf under `node` writes a value.
  bool HasWrites(const PathTreeNode& node) const {
    if (node.is_leaf()) return !edits_[node.leaf].remove;
    for (const auto& entry : node.names) {
      if (HasWrites(*entry.second)) return true;
    }
    for (const auto& entry : node.indexes) {
      if (HasWrites(*entry.second)) return true;
    }
    return false;
  }

  Status ApplyToValue(const PathTreeNode& node, AttributeValue* value) {
    if (!node.names.empty()) {
      if (!value->is(AttributeType::kM)) return InvalidPathForUpdate();
      return ApplyToMap(node, &value->mutable_m());
    }
    if (!value->is(AttributeType::kL)) return InvalidPathForUpdate();
    std::vector<AttributeValue>& list = value->mutable_l();
    const size_t size = list.size();
    std::vector<bool> removed(size, false);
    std::vector<AttributeValue> appended;
    for (const auto& [index, child] : node.indexes) {
      if (child->is_leaf()) {
        const LeafEdit& edit = edits_[child->leaf];
        if (edit.remove) {
          if (index < size) removed[index] = true;
        } else if (index < size) {
          list[index] = edit.value;
        } else {
          appended.push_back(edit.value);
        }
        continue;
      }
      if (index >= size) return InvalidPathForUpdate();
      EDDY_RETURN_IF_ERROR(ApplyToValue(*child, &list[index]));
    }
    if (std::find(removed.begin(), removed.end(), true) != removed.end()) {
      std::vector<AttributeValue> kept;
      kept.reserve(size);
      for (size_t i = 0; i < size; ++i) {
        if (!removed[i]) kept.push_back(std::move(list[i]));
      }
      list = std::move(kept);
    }
    for (AttributeValue& v : appended) list.push_back(std::move(v));
    return Status::OK();
  }

  const std::vector<LeafEdit>& edits_;
  bool item_missing_;
};

}  // namespace

Status CheckKeyAttributesUntouched(
    const ResolvedUpdate& update,
    const std::vector<std::string>& key_attribute_names) {
  for (const Action& action : update.actions) {
    const std::string& top = action.path.elements[0].name;
    for (const std::string& key : key_attribute_names) {
      if (top == key) {
        return Status::Validation(
            "One or more parameter values were invalid: Cannot update "
            "attribute " +
            key + ". This attribute is part of the key");
      }
    }
  }
  return Status::OK();
}

StatusOr<UpdateOutcome> ApplyUpdate(const ResolvedUpdate& update,
                                    const Item& old_item) {
  // Every right-hand side reads the old item, so compute all edits first.
  std::vector<LeafEdit> edits;
  edits.reserve(update.actions.size());
  for (const Action& action : update.actions) {
    EDDY_ASSIGN_OR_RETURN(LeafEdit edit, ComputeEdit(action, old_item));
    edits.push_back(std::move(edit));
  }
  UpdateOutcome outcome;
  outcome.item = old_item;
  EditApplier applier(edits, /*item_missing=*/old_item.empty());
  EDDY_RETURN_IF_ERROR(applier.ApplyToMap(*update.written, &outcome.item));
  for (const auto& entry : update.written->names) {
    if (const AttributeValue* value = outcome.item.Find(entry.first)) {
      EDDY_RETURN_IF_ERROR(ValidateNesting(*value));
    }
  }
  // UPDATED_OLD / UPDATED_NEW: the written paths read from the item before
  // and after, as DynamoDB reads them (an append past the end of a list has
  // no new value at the index written; a removed list element's index holds
  // the element that shifted into it).
  outcome.updated_old =
      expr::internal::ProjectPathTree(*update.written, old_item);
  outcome.updated_new =
      expr::internal::ProjectPathTree(*update.written, outcome.item);
  return outcome;
}

}  // namespace eddy::expr
