// Copyright 2026 The eddy Authors.
//
// ParseCached: ParseStatement memoized by the statement's text. Programs
// send the same few statements again and again with new `?` parameters,
// and a parse depends on the text alone (parameters are bound later, by
// the planner), so PlanStatement reuses the parse of a text it has seen:
//
//   StatusOr<std::shared_ptr<const ParsedStatement>> parsed =
//       ParseCached(statement);
//   // *parsed is exactly ParseStatement(statement)'s result
//
// Contract:
// - The answer is always ParseStatement(text)'s (default ParseOptions);
//   errors are returned as ParseStatement returns them and never cached.
// - Bounded memory: only texts of at most kMaxCachedStatementLength bytes
//   are kept, at most kMaxCachedStatements of them; when the cache is full
//   it is emptied before the next entry is added.
// - Thread safety: safe to call from any number of threads (one mutex
//   around the map; parsing happens outside it). Entries are immutable and
//   shared: a caller's pointer stays valid after the cache drops it.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_PARSE_CACHE_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_PARSE_CACHE_H_

#include <cstddef>
#include <memory>
#include <string_view>

#include "emulator/base/status.h"
#include "emulator/partiql/parser.h"

namespace eddy::partiql::internal {

inline constexpr size_t kMaxCachedStatements = 256;
inline constexpr size_t kMaxCachedStatementLength = 1024;

StatusOr<std::shared_ptr<const ParsedStatement>> ParseCached(
    std::string_view text);

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_PARSE_CACHE_H_
