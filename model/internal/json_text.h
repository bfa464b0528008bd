// Copyright 2026 The eddy Authors.
//
// A check of JSON text made before it is parsed into nlohmann::json, whose
// document of deeply nested text costs far more than the text (a 4 MB file
// of nested arrays took 357 MB, of nested objects 589 MB) and whose printing
// and freeing recurse. The model and scenario loaders and the AWS CLI
// command reader refuse text nested deeper than kMaxJsonDepth. Internal to
// model/.
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_INTERNAL_JSON_TEXT_H_
#define EDDY_MODEL_INTERNAL_JSON_TEXT_H_

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace eddy::model::internal {

// DynamoDB's 32 levels of nested attributes take 2 JSON levels each; a model,
// scenario or request wraps them in a few more.
inline constexpr size_t kMaxJsonDepth = 256;

// The deepest nesting of arrays and objects in `json` (outside strings),
// found without parsing; the text need not be valid JSON.
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

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_JSON_TEXT_H_
