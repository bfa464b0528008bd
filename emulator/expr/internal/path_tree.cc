// Copyright 2026 The eddy Authors.

#include "emulator/expr/internal/path_tree.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace eddy::expr::internal {
namespace {

bool SameElement(const PathElement& a, const PathElement& b) {
  if (a.kind != b.kind) return false;
  return a.kind == PathElement::Kind::kIndex ? a.index == b.index
                                             : a.name == b.name;
}

std::string PairMessage(std::string_view what, const DocumentPath& one,
                        const DocumentPath& two) {
  return "Two document paths " + std::string(what) +
         " with each other; must remove or rewrite one of these paths; path "
         "one: " +
         one.ToBracketString() + ", path two: " + two.ToBracketString();
}

}  // namespace

Status CheckPathsDisjoint(const std::vector<const DocumentPath*>& paths,
                          ExpressionKind kind) {
  std::optional<std::string> conflict;
  for (size_t j = 1; j < paths.size(); ++j) {
    const DocumentPath& two = *paths[j];
    for (size_t i = 0; i < j; ++i) {
      const DocumentPath& one = *paths[i];
      size_t common = std::min(one.elements.size(), two.elements.size());
      bool diverged = false;
      for (size_t k = 0; k < common; ++k) {
        const PathElement& a = one.elements[k];
        const PathElement& b = two.elements[k];
        if (a.kind != b.kind) {
          if (!conflict) conflict = PairMessage("conflict", one, two);
          diverged = true;
          break;
        }
        if (!SameElement(a, b)) {
          diverged = true;
          break;
        }
      }
      if (!diverged) {
        return InvalidExpression(kind, PairMessage("overlap", one, two));
      }
    }
  }
  if (conflict) return InvalidExpression(kind, *conflict);
  return Status::OK();
}

std::unique_ptr<PathTree> BuildPathTree(
    const std::vector<const DocumentPath*>& paths) {
  auto root = std::make_unique<PathTree>();
  for (size_t i = 0; i < paths.size(); ++i) {
    PathTreeNode* node = root.get();
    for (const PathElement& e : paths[i]->elements) {
      std::unique_ptr<PathTreeNode>& child = e.kind == PathElement::Kind::kIndex
                                                 ? node->indexes[e.index]
                                                 : node->names[e.name];
      if (!child) child = std::make_unique<PathTreeNode>();
      node = child.get();
    }
    node->leaf = static_cast<int>(i);
  }
  return root;
}

std::unique_ptr<PathTree> BuildTopLevelPathTree(
    const std::vector<std::string_view>& names) {
  std::vector<uint32_t> order(names.size());
  std::iota(order.begin(), order.end(), 0u);
  auto by_name = [&](uint32_t a, uint32_t b) { return names[a] < names[b]; };
  if (!std::is_sorted(order.begin(), order.end(), by_name)) {
    std::sort(order.begin(), order.end(), by_name);
  }
  auto root = std::make_unique<PathTree>();
  for (uint32_t i : order) {
    auto node = std::make_unique<PathTreeNode>();
    node->leaf = static_cast<int>(i);
    root->names.emplace_hint(root->names.end(), std::string(names[i]),
                             std::move(node));
  }
  return root;
}

std::optional<AttributeValue> ProjectPathTreeValue(
    const PathTreeNode& node, const AttributeValue& value) {
  if (node.is_leaf()) return value;
  if (!node.names.empty()) {
    if (!value.is(AttributeType::kM)) return std::nullopt;
    AttributeMap selected = ProjectPathTree(node, value.m());
    if (selected.empty()) return std::nullopt;
    return AttributeValue::M(std::move(selected));
  }
  if (!node.indexes.empty()) {
    if (!value.is(AttributeType::kL)) return std::nullopt;
    const std::vector<AttributeValue>& list = value.l();
    std::vector<AttributeValue> selected;
    for (const auto& [index, child] : node.indexes) {
      if (index >= list.size()) break;
      std::optional<AttributeValue> v =
          ProjectPathTreeValue(*child, list[index]);
      if (v) selected.push_back(*std::move(v));
    }
    if (selected.empty()) return std::nullopt;
    return AttributeValue::L(std::move(selected));
  }
  return std::nullopt;
}

AttributeMap ProjectPathTree(const PathTree& tree, const AttributeMap& item) {
  AttributeMap out;
  for (const auto& [name, child] : tree.names) {
    const AttributeValue* value = item.Find(name);
    if (value == nullptr) continue;
    std::optional<AttributeValue> v = ProjectPathTreeValue(*child, *value);
    if (v) out.Set(name, *std::move(v));
  }
  return out;
}

}  // namespace eddy::expr::internal
