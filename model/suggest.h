// Copyright 2026 The eddy Authors.
//
// "Did you mean": the closest of some known names to a name that is not one
// of them, by edit distance, for error messages of the model validator and
// the eddy CLI.
//
//   ClosestName("storeMetadat", {"storeMetadata", "storeEmployee"})
//       == "storeMetadata"
//   DidYouMean("--scael", {"--scale", "--seed"}) == " (did you mean --scale?)"
//
// A suggestion is made only when it is close (at most 1 edit for names of up
// to 4 characters, 2 up to 11, 3 beyond; a difference of letter case alone
// always counts as close) and unambiguous (no other candidate is as close),
// so "GSI7" against GSI1..GSI6 suggests nothing.
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_SUGGEST_H_
#define EDDY_MODEL_SUGGEST_H_

#include <string>
#include <string_view>
#include <vector>

namespace eddy::model {

// Edit distance (optimal string alignment): insertions, deletions and
// substitutions of one byte, and transpositions of two adjacent bytes
// ("rnu" for "run"), each cost 1.
size_t EditDistance(std::string_view a, std::string_view b);

// The unique closest candidate within the distance bound above, or "" when
// there is none (or `word` is itself a candidate).
std::string ClosestName(std::string_view word,
                        const std::vector<std::string>& candidates);

// " (did you mean <closest>?)", with the closest name wrapped in `open` and
// `close` ("\"" for JSON members, "${" and "}" for placeholders), or "".
std::string DidYouMean(std::string_view word,
                       const std::vector<std::string>& candidates,
                       std::string_view open = "", std::string_view close = "");

}  // namespace eddy::model

#endif  // EDDY_MODEL_SUGGEST_H_
