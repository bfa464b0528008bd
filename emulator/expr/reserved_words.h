// Copyright 2026 The eddy Authors.
//
// DynamoDB's reserved words: names that may not appear unquoted in a document
// path of any expression (api-semantics.md §1.1). The check is
// case-insensitive; a path that uses one must go through a `#name`
// placeholder instead.
//
//   IsReservedWord("Name")    // true
//   IsReservedWord("status")  // true
//   IsReservedWord("pk")      // false
//
// Thread safety: pure functions over a constant table.

#ifndef EDDY_EMULATOR_EXPR_RESERVED_WORDS_H_
#define EDDY_EMULATOR_EXPR_RESERVED_WORDS_H_

#include <array>
#include <cstddef>
#include <string_view>

namespace eddy::expr {

inline constexpr size_t kReservedWordCount = 573;

// True when `word`, compared ASCII-case-insensitively, is reserved.
bool IsReservedWord(std::string_view word);

// All reserved words, upper-case and sorted.
const std::array<std::string_view, kReservedWordCount>& ReservedWords();

}  // namespace eddy::expr

#endif  // EDDY_EMULATOR_EXPR_RESERVED_WORDS_H_
