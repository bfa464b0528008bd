// Copyright 2026 The eddy Authors.
//
// libFuzzer harness: the access-pattern model loader and the throttling
// lab's scenario loader, on the same JSON input. Invariants: no crash or
// sanitizer report and no unbounded work (both loaders bound what they
// read); a loaded model's errors are values.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/lab/scenario.h"
#include "model/model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view json(reinterpret_cast<const char*>(data), size);
  std::vector<eddy::model::ModelError> errors;
  (void)eddy::model::LoadModel(json, "fuzz", &errors);
  (void)eddy::lab::ParseScenario(json);
  return 0;
}
