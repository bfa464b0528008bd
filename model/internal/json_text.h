// Copyright 2026 The eddy Authors.
//
// The nesting bound of the JSON text model/ parses with nlohmann::json: the
// model and scenario loaders, the Workbench readers and the AWS CLI command
// reader refuse text nested deeper than kMaxJsonDepth
// (emulator/base/json_depth.h) before parsing it (a 4 MB file of nested
// arrays took 357 MB parsed, of nested objects 589 MB). Internal to model/.

#ifndef EDDY_MODEL_INTERNAL_JSON_TEXT_H_
#define EDDY_MODEL_INTERNAL_JSON_TEXT_H_

#include <cstddef>

#include "emulator/base/json_depth.h"

namespace eddy::model::internal {

// DynamoDB's 32 levels of nested attributes take 2 JSON levels each; a model,
// scenario or request wraps them in a few more.
inline constexpr size_t kMaxJsonDepth = 256;

using ::eddy::JsonNestingDepth;

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_INTERNAL_JSON_TEXT_H_
