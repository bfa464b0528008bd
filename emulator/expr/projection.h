// Copyright 2026 The eddy Authors.
//
// ProjectionExpression (api-semantics.md §1.6): a comma-separated list of
// document paths naming the parts of an item a read returns.
//
//   PlaceholderUsage usage;
//   EDDY_ASSIGN_OR_RETURN(ResolvedProjection projection,
//       CompileProjection("pk, #n.b, l[2], l[0]", names, &usage));
//   Item out = Project(projection, item);
//   // only the paths that exist, rebuilt into their nesting; the selected
//   // elements of a list come back compacted in index order:
//   // l = [a, b, c]  ->  l = [a, c]
//
// Grammar: path (',' path)*, with the document paths of §1.2.
//
// Errors (ValidationException, prefixed "Invalid ProjectionExpression: "), in
// the order they are checked (dynalite's order, copied from DynamoDB):
//   "Expression size has exceeded the maximum allowed size; expression size:
//   <n>"                                                  (over 4096 bytes)
//   "The expression can not be empty;"
//   "Syntax error; token: \"<tok>\", near: \"<ctx>\""
//   "The document path has too many nesting levels; nesting levels: <n>"
//   "Attribute name is a reserved keyword; reserved keyword: <word>"
//   "An expression attribute name used in the document path is not defined;
//   attribute name: #n"
//   "Two document paths overlap with each other; must remove or rewrite one
//   of these paths; path one: [a, b], path two: [a]"      (also `a, a`)
//   "Two document paths conflict with each other; must remove or rewrite one
//   of these paths; path one: [a, c], path two: [a, [1]]"
// A ProjectionExpression may not use `:value` placeholders (syntax error).
//
// Thread safety: pure functions; a ResolvedProjection is immutable and may be
// shared across threads.

#ifndef EDDY_EMULATOR_EXPR_PROJECTION_H_
#define EDDY_EMULATOR_EXPR_PROJECTION_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/resolve.h"
#include "emulator/types/attribute_value.h"

namespace eddy::expr {

namespace internal {
struct PathTreeNode;
}  // namespace internal

// The paths as written (placeholders unresolved).
struct ParsedProjection {
  std::vector<DocumentPath> paths;  // in text order, at least one

  // "(project a b.#n[1])".
  std::string DebugString() const;
  // "a, b.#n[1]": parses back to the same paths.
  std::string ToExpression() const;
};

struct ResolvedProjection {
  std::vector<DocumentPath> paths;  // names substituted, text order
  // The paths merged into a tree (never null once resolved).
  std::shared_ptr<const expr::internal::PathTreeNode> tree;

  // "(project a b.`name`[1])".
  std::string DebugString() const;
};

// Syntax only: size, emptiness, grammar, path depth, reserved words.
StatusOr<ParsedProjection> ParseProjection(std::string_view text);

// Substitutes #names (recording them in `usage`), then checks overlaps and
// conflicts. `names` may be null. REQUIRES: `usage` is not null.
StatusOr<ResolvedProjection> ResolveProjection(
    const ParsedProjection& parsed, const ExpressionAttributeNames* names,
    PlaceholderUsage* usage);

// ParseProjection then ResolveProjection.
StatusOr<ResolvedProjection> CompileProjection(
    std::string_view text, const ExpressionAttributeNames* names,
    PlaceholderUsage* usage);

// A projection of top-level attribute names, built without an expression
// (for the legacy AttributesToGet): no placeholders, no size or overlap
// checks; the names are sorted once (O(n log n) comparisons).
// REQUIRES: `names` is non-empty and holds no duplicates.
ResolvedProjection ProjectionOfTopLevelNames(
    const std::vector<std::string>& names);

// The projected copy of `item` (see the file comment). Never fails.
Item Project(const ResolvedProjection& projection, const Item& item);

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_PROJECTION_H_
