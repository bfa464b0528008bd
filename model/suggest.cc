// Copyright 2026 The eddy Authors.

#include "model/suggest.h"

#include <algorithm>
#include <cctype>

namespace eddy::model {
namespace {

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

size_t Bound(size_t length) {
  if (length <= 4) return 1;
  if (length <= 11) return 2;
  return 3;
}

}  // namespace

size_t EditDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment: three rows of the dynamic-programming table.
  std::vector<size_t> before(b.size() + 1), previous(b.size() + 1),
      row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1,
                         previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], before[j - 2] + 1);  // a transposition
      }
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

std::string ClosestName(std::string_view word,
                        const std::vector<std::string>& candidates) {
  // Names longer than this are not compared (the cost is quadratic).
  constexpr size_t kMaxLength = 256;
  if (word.empty() || word.size() > kMaxLength) return "";
  const std::string* best = nullptr;
  size_t best_distance = 0;
  bool tie = false;
  for (const std::string& c : candidates) {
    if (c == word) return "";
    if (c.size() > kMaxLength) continue;
    const size_t d = EqualsIgnoringCase(c, word) ? 0 : EditDistance(word, c);
    if (d > Bound(std::max(word.size(), c.size()))) continue;
    if (best == nullptr || d < best_distance) {
      best = &c;
      best_distance = d;
      tie = false;
    } else if (d == best_distance && c != *best) {
      tie = true;
    }
  }
  return best == nullptr || tie ? "" : *best;
}

std::string DidYouMean(std::string_view word,
                       const std::vector<std::string>& candidates,
                       std::string_view open, std::string_view close) {
  const std::string best = ClosestName(word, candidates);
  if (best.empty()) return "";
  return " (did you mean " + std::string(open) + best + std::string(close) +
         "?)";
}

}  // namespace eddy::model
