// Copyright 2026 The eddy Authors.

#include "emulator/expr/internal/path_parser.h"

#include <cstdint>
#include <string>

#include "emulator/expr/reserved_words.h"
#include "emulator/types/limits.h"

namespace eddy::expr::internal {
namespace {

bool IsLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// A name token usable as a path element.
bool IsPathName(const Token& token) {
  if (token.kind == TokenKind::kNamePlaceholder) return true;
  return token.kind == TokenKind::kName && IsLetter(token.text[0]) &&
         !IsConditionKeyword(token);
}

uint32_t ParseIndex(std::string_view digits) {
  uint64_t value = 0;
  for (char c : digits) {
    value = value * 10 + static_cast<uint64_t>(c - '0');
    if (value > UINT32_MAX) return UINT32_MAX;
  }
  return static_cast<uint32_t>(value);
}

}  // namespace

bool IsConditionKeyword(const Token& token) {
  return IsKeyword(token, "AND") || IsKeyword(token, "OR") ||
         IsKeyword(token, "NOT") || IsKeyword(token, "BETWEEN") ||
         IsKeyword(token, "IN");
}

bool StartsDocumentPath(const Token& token) { return IsPathName(token); }

StatusOr<DocumentPath> ParseDocumentPath(TokenCursor* cursor,
                                         std::string* first_reserved_word) {
  DocumentPath path;
  auto add_name = [&](const Token& token) {
    PathElement e;
    e.kind = PathElement::Kind::kName;
    e.name = std::string(token.text);
    if (token.kind == TokenKind::kNamePlaceholder) {
      e.placeholder = e.name;
    } else if (first_reserved_word != nullptr && first_reserved_word->empty() &&
               IsReservedWord(token.text)) {
      *first_reserved_word = std::string(token.text);
    }
    path.elements.push_back(std::move(e));
  };

  if (!IsPathName(cursor->Peek())) return cursor->SyntaxError();
  add_name(cursor->Next());
  while (true) {
    if (cursor->Peek().kind == TokenKind::kDot) {
      cursor->Next();
      if (!IsPathName(cursor->Peek())) return cursor->SyntaxError();
      add_name(cursor->Next());
    } else if (cursor->Peek().kind == TokenKind::kLeftBracket) {
      cursor->Next();
      if (cursor->Peek().kind != TokenKind::kNumber)
        return cursor->SyntaxError();
      PathElement e;
      e.kind = PathElement::Kind::kIndex;
      e.index = ParseIndex(cursor->Next().text);
      if (cursor->Peek().kind != TokenKind::kRightBracket) {
        return cursor->SyntaxError();
      }
      cursor->Next();
      path.elements.push_back(std::move(e));
    } else {
      break;
    }
  }
  if (path.elements.size() > static_cast<size_t>(limits::kMaxNestingDepth)) {
    return cursor->Error(
        "The document path has too many nesting levels; nesting levels: " +
        std::to_string(path.elements.size()));
  }
  return path;
}

}  // namespace eddy::expr::internal
