// Copyright 2026 The eddy Authors.

#include "emulator/expr/projection.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/expr/internal/path_parser.h"
#include "emulator/expr/internal/path_tree.h"
#include "emulator/expr/lexer.h"
#include "emulator/types/limits.h"

namespace eddy::expr {
namespace {

constexpr ExpressionKind kKind = ExpressionKind::kProjection;

class ProjectionParser {
 public:
  ProjectionParser(std::string_view text, const std::vector<Token>& tokens)
      : cursor_(text, tokens, kKind) {}

  StatusOr<ParsedProjection> Parse() {
    ParsedProjection parsed;
    std::string reserved;
    do {
      EDDY_ASSIGN_OR_RETURN(
          DocumentPath path,
          expr::internal::ParseDocumentPath(&cursor_, &reserved));
      parsed.paths.push_back(std::move(path));
    } while (cursor_.Accept(TokenKind::kComma));
    if (!cursor_.AtEnd()) return cursor_.SyntaxError();
    if (!reserved.empty()) {
      return cursor_.Error(
          "Attribute name is a reserved keyword; reserved keyword: " +
          reserved);
    }
    return parsed;
  }

 private:
  TokenCursor cursor_;
};

std::string Join(const std::vector<DocumentPath>& paths, bool debug,
                 std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < paths.size(); ++i) {
    if (i > 0) out.append(separator);
    out.append(debug ? paths[i].DebugString() : paths[i].ToExpression());
  }
  return out;
}

}  // namespace

std::string ParsedProjection::DebugString() const {
  return "(project " + Join(paths, /*debug=*/true, " ") + ")";
}

std::string ParsedProjection::ToExpression() const {
  return Join(paths, /*debug=*/false, ", ");
}

std::string ResolvedProjection::DebugString() const {
  return "(project " + Join(paths, /*debug=*/true, " ") + ")";
}

StatusOr<ParsedProjection> ParseProjection(std::string_view text) {
  if (static_cast<int64_t>(text.size()) > limits::kMaxExpressionBytes) {
    return InvalidExpression(
        kKind,
        "Expression size has exceeded the maximum allowed size; expression "
        "size: " +
            std::to_string(text.size()));
  }
  std::vector<Token> tokens = Tokenize(text);
  if (tokens.size() == 1) {
    return InvalidExpression(kKind, "The expression can not be empty;");
  }
  ProjectionParser parser(text, tokens);
  return parser.Parse();
}

StatusOr<ResolvedProjection> ResolveProjection(
    const ParsedProjection& parsed, const ExpressionAttributeNames* names,
    PlaceholderUsage* usage) {
  ResolvedProjection resolved;
  resolved.paths = parsed.paths;
  for (DocumentPath& path : resolved.paths) {
    for (PathElement& e : path.elements) {
      if (e.placeholder.empty()) continue;
      const std::string* name = nullptr;
      if (names != nullptr) {
        auto it = names->find(e.placeholder);
        if (it != names->end()) name = &it->second;
      }
      if (name == nullptr) {
        return InvalidExpression(
            kKind,
            "An expression attribute name used in the document path is not "
            "defined; attribute name: " +
                e.placeholder);
      }
      usage->names.insert(e.placeholder);
      e.name = *name;
    }
  }
  std::vector<const DocumentPath*> pointers;
  pointers.reserve(resolved.paths.size());
  for (const DocumentPath& path : resolved.paths) pointers.push_back(&path);
  EDDY_RETURN_IF_ERROR(expr::internal::CheckPathsDisjoint(pointers, kKind));
  resolved.tree = expr::internal::BuildPathTree(pointers);
  return resolved;
}

StatusOr<ResolvedProjection> CompileProjection(
    std::string_view text, const ExpressionAttributeNames* names,
    PlaceholderUsage* usage) {
  EDDY_ASSIGN_OR_RETURN(ParsedProjection parsed, ParseProjection(text));
  return ResolveProjection(parsed, names, usage);
}

ResolvedProjection ProjectionOfTopLevelNames(
    const std::vector<std::string>& names) {
  ResolvedProjection resolved;
  resolved.paths.reserve(names.size());
  for (const std::string& name : names) {
    DocumentPath path;
    path.elements.push_back(PathElement{.name = name});
    resolved.paths.push_back(std::move(path));
  }
  resolved.tree = expr::internal::BuildTopLevelPathTree(
      std::vector<std::string_view>(names.begin(), names.end()));
  return resolved;
}

Item Project(const ResolvedProjection& projection, const Item& item) {
  return expr::internal::ProjectPathTree(*projection.tree, item);
}

}  // namespace eddy::expr
