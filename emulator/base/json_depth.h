// Copyright 2026 The eddy Authors.
//
// JsonNestingDepth: how deeply arrays and objects nest in JSON text, found
// in one pass without parsing, so that text nested too deeply can be refused
// before a parser that builds a document (nlohmann::json: its document of
// nested text costs ~100 times the text, and printing and freeing it
// recurse) sees it. Used by the import file reader (transfer/formats.cc) and
// the model and scenario loaders (model/internal/json_text.h).
//
// Thread safety: a pure function.

#ifndef EDDY_EMULATOR_BASE_JSON_DEPTH_H_
#define EDDY_EMULATOR_BASE_JSON_DEPTH_H_

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace eddy {

// The deepest nesting of arrays and objects in `json` outside strings; the
// text need not be valid JSON (an unmatched closing bracket is ignored).
inline size_t JsonNestingDepth(std::string_view json) {
  size_t depth = 0, deepest = 0;
  bool in_string = false;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace eddy

#endif  // EDDY_EMULATOR_BASE_JSON_DEPTH_H_
