// Copyright 2026 The eddy Authors.

#include "emulator/partiql/internal/parse_cache.h"

#include <mutex>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace eddy::partiql::internal {
namespace {

struct Cache {
  std::mutex mu;
  absl::flat_hash_map<std::string, std::shared_ptr<const ParsedStatement>>
      entries;
};

Cache& TheCache() {
  static Cache* cache = new Cache();  // never destroyed: no exit-order issue
  return *cache;
}

}  // namespace

StatusOr<std::shared_ptr<const ParsedStatement>> ParseCached(
    std::string_view text) {
  const bool cacheable = text.size() <= kMaxCachedStatementLength;
  Cache& cache = TheCache();
  if (cacheable) {
    std::lock_guard<std::mutex> lock(cache.mu);
    // (Debian's Abseil has its own string_view.)
    auto it = cache.entries.find(absl::string_view(text.data(), text.size()));
    if (it != cache.entries.end()) return it->second;
  }
  EDDY_ASSIGN_OR_RETURN(ParsedStatement parsed, ParseStatement(text));
  auto shared = std::make_shared<const ParsedStatement>(std::move(parsed));
  if (cacheable) {
    std::lock_guard<std::mutex> lock(cache.mu);
    if (cache.entries.size() >= kMaxCachedStatements) cache.entries.clear();
    cache.entries.emplace(std::string(text), shared);
  }
  return shared;
}

}  // namespace eddy::partiql::internal
