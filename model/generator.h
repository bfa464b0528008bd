// Copyright 2026 The eddy Authors.
//
// Generate: fills a model with data from its "workload" section,
// deterministically. Entries run in document order; each emits `count` draws
// (`count × scale` at the top level, `count` per parent item with "per"),
// each draw takes its parent's bindings and its picks' bindings and emits
// `repeat` items with fresh ULIDs for "new". A virtual clock starts at
// workload.clock.start and advances by a random step before every item, and
// ULIDs take their timestamp from it, so later items have larger ULIDs.
//
//   StatusOr<GeneratedData> data = Generate(*model);
//   for (const GeneratedItem& g : data->items) { ... g.item ... }
//
// The same model, seed and scale give byte-identical items on every run and
// platform (the pseudo-random generator and its range reduction are eddy's
// own). Every item also carries its bindings as S attributes (storeULID,
// personULID, ...) so that nobody has to parse keys, and `entityType`.
//
// Ground truth: each GeneratedItem records its entity shape, generator entry
// and bindings; the runner computes every expected answer from these.
//
// Thread safety: Generate is reentrant.

#ifndef EDDY_MODEL_GENERATOR_H_
#define EDDY_MODEL_GENERATOR_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "model/key_template.h"
#include "model/model.h"

namespace eddy::model {

struct GeneratedItem {
  int32_t shape = 0;  // index into Model::entities
  int32_t entry = 0;  // index into Workload::entries
  Bindings bindings;  // this item's placeholder values (constants excluded)
  int64_t created_millis = 0;  // the virtual clock when it was made
  Item item;
};

struct GeneratedData {
  std::vector<GeneratedItem> items;            // in generation order
  std::vector<std::vector<int32_t>> by_entry;  // item ids per entry
  int64_t total_bytes = 0;                     // sum of ItemSizeBytes
  int64_t scale = 1;
  uint64_t seed = 0;
};

struct GenerateOptions {
  std::optional<int64_t> scale;  // overrides workload.scale
  std::optional<uint64_t> seed;  // overrides workload.seed
  // A bound on memory: generation stops with an error past this many items
  // (kayak at scale 100 is about 1.1 million).
  int64_t max_items = 20'000'000;
  // Called with the number of items made so far, every 4,096 items and at
  // the end (for progress bars; see ExpectedItemCount for a total).
  std::function<void(int64_t items)> on_progress;
};

// About how many items Generate will make: every count and repeat taken at
// the middle of its range. Exact when the workload's counts are fixed.
int64_t ExpectedItemCount(const Model& model, const GenerateOptions& options);

// ValidationException when the model has no workload, the workload would make
// more than options.max_items items, a unique pick runs out
// of items ("generator entry \"x\": pick from \"y\" is unique but \"y\" has
// only N items"), a draw cannot find new values for "distinct" or a free
// primary key in 1000 attempts, or an item exceeds DynamoDB's 400 KB.
StatusOr<GeneratedData> Generate(const Model& model,
                                 const GenerateOptions& options = {});

// The placeholder values for a generated item: its bindings, then the
// workload's constants.
Status RenderForItem(const KeyTemplate& t, const GeneratedItem& item,
                     const Workload& workload, std::string* out);

}  // namespace eddy::model

#endif  // EDDY_MODEL_GENERATOR_H_
