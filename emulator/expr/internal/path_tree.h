// Copyright 2026 The eddy Authors.
//
// A set of document paths merged into a tree, shared by ProjectionExpression
// (which paths to return) and UpdateExpression (which paths an update
// writes). Internal to emulator/expr.
//
//   std::vector<DocumentPath> paths = ...;   // resolved, no placeholders
//   EDDY_RETURN_IF_ERROR(CheckPathsDisjoint(paths, ExpressionKind::kUpdate));
//   PathTree tree = BuildPathTree(paths);
//   Item selected = ProjectPathTree(tree, item);
//
// Invariants of a tree built from paths that passed CheckPathsDisjoint: every
// path ends at its own leaf (no path is a prefix of another), and the
// children of a node are either all names or all indexes. Depth is at most
// limits::kMaxNestingDepth, so the recursive walks here are bounded.
//
// Thread safety: immutable after building; share freely.

#ifndef EDDY_EMULATOR_EXPR_INTERNAL_PATH_TREE_H_
#define EDDY_EMULATOR_EXPR_INTERNAL_PATH_TREE_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/expression_kind.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr::internal {

struct PathTreeNode {
  // For a leaf, the position of its path in the list the tree was built
  // from; -1 for an inner node.
  int leaf = -1;
  std::map<std::string, std::unique_ptr<PathTreeNode>> names;
  std::map<uint32_t, std::unique_ptr<PathTreeNode>> indexes;  // ascending

  bool is_leaf() const { return leaf >= 0; }
};

// The root stands for the item: its children are top-level names.
using PathTree = PathTreeNode;

// The first of these problems among `paths`, comparing each path with every
// earlier one in order (dynalite's order, copied from DynamoDB):
//   "Two document paths overlap with each other; must remove or rewrite one
//   of these paths; path one: [a, b], path two: [a]"   (one is a prefix of
//   the other, or they are equal; path one is the earlier)
//   "Two document paths conflict with each other; must remove or rewrite one
//   of these paths; path one: [a, c], path two: [a, [1]]"  (one uses a step
//   as a map key where the other indexes a list)
// Overlaps are reported before conflicts. ValidationException prefixed
// "Invalid <kind>Expression: ".
Status CheckPathsDisjoint(const std::vector<const DocumentPath*>& paths,
                          ExpressionKind kind);

// REQUIRES: CheckPathsDisjoint(paths) is OK.
std::unique_ptr<PathTree> BuildPathTree(
    const std::vector<const DocumentPath*>& paths);

// The tree of top-level names only (leaf i is names[i]), for the legacy
// parameters: sorted once, then appended in order, so a million names cost
// O(n log n) cheap comparisons and no tree descents.
// REQUIRES: the names are distinct.
std::unique_ptr<PathTree> BuildTopLevelPathTree(
    const std::vector<std::string_view>& names);

// The parts of `item` the tree selects, rebuilt into their nesting: missing
// paths are skipped, maps and lists that would come back empty are left
// out, and the selected elements of a list are compacted in index order.
AttributeMap ProjectPathTree(const PathTree& tree, const AttributeMap& item);

// The same for one value below a tree node; nullopt when nothing selected.
std::optional<AttributeValue> ProjectPathTreeValue(const PathTreeNode& node,
                                                   const AttributeValue& value);

}  // namespace eddy::expr::internal

#endif  // EDDY_EMULATOR_EXPR_INTERNAL_PATH_TREE_H_
