// Copyright 2026 The eddy Authors.
//
// ProfileData: the figures the cost estimate (model/cost.h) and the design
// review (model/review.h) need from a model's generated items, measured on
// the items themselves (never guessed from templates):
//
//   - per entity type: items, bytes, the largest item, how many are over
//     4 KB and near the 400 KB limit, and the write units one write of each
//     costs on the table (each item rounded up to 1 KB on its own);
//   - per entity type and index it is in (the table first): its index
//     entries' sizes and write units under the declared projection and under
//     ALL, KEYS_ONLY and INCLUDE (see IndexProfile::include_attributes), the
//     number of distinct partition-key values it writes there, whether its
//     key template is constant (no placeholder but the workload's
//     constants), and how often a new item's sort key is the largest of its
//     partition so far (monotonically increasing sort keys);
//   - per index (the table first): entries, bytes, distinct partition keys,
//     the partition key holding the most entries and the one holding the
//     most bytes (an item collection on the table).
//
// Sizes are DynamoDB's item sizes (attribute names plus values,
// ItemSizeBytes); an index entry holds the table's key attributes, the
// index's key attributes and the projected attributes. Storage figures
// exclude the 100 bytes of per-entry overhead DynamoDB adds (cost.h adds it).
//
//   StatusOr<GeneratedData> data = Generate(model);
//   DataProfile profile = ProfileData(model, *data);
//
// Thread safety: ProfileData is reentrant.

#ifndef EDDY_MODEL_PROFILE_H_
#define EDDY_MODEL_PROFILE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "model/generator.h"
#include "model/model.h"

namespace eddy::model {

// Index entries of one entity type in one index, summed over its items, as
// each projection would store them. *_wcu are write units: each entry
// rounded up to 1 KB on its own, summed.
struct ProjectionSizes {
  int64_t actual_bytes = 0, all_bytes = 0, keys_bytes = 0, include_bytes = 0;
  int64_t actual_wcu = 0, all_wcu = 0, keys_wcu = 0, include_wcu = 0;
};

struct ShapeIndexProfile {
  std::string index;  // "table" or the GSI's name
  int64_t entries = 0;
  ProjectionSizes sizes;
  int64_t distinct_partition_keys = 0;
  // The template renders to one value whatever the item ("${version}#stores").
  bool constant_partition_key = false;
  std::string top_partition_key;  // the value with the most entries
  int64_t top_partition_key_entries = 0;
  // Items that went into a partition already holding an entry of this type:
  // `sk_pairs`; of those, how many had a sort key larger than every earlier
  // one there (`sk_appends`). Equal: the sort key only grows.
  int64_t sk_pairs = 0, sk_appends = 0;
};

struct ShapeProfile {
  std::string entity_type;
  int64_t items = 0;
  int64_t bytes = 0;
  int64_t max_bytes = 0;
  int64_t over_4kb = 0;        // items larger than 4 KB (one read unit)
  int64_t near_limit = 0;      // items of at least kNearLimitBytes
  int64_t table_wcu = 0;       // Σ ceil(size / 1 KB)
  int64_t read_units_4kb = 0;  // Σ ceil(size / 4 KB): strongly consistent
                               // GetItem of each
  std::vector<ShapeIndexProfile> indexes;  // [0] is the table

  // Null when the type is not in that index.
  const ShapeIndexProfile* Find(const std::string& index) const;
};

struct IndexProfile {
  std::string name;        // "table" or the GSI's name
  std::string projection;  // "ALL", "KEYS_ONLY", "INCLUDE" ("ALL": table)
  // The attributes an INCLUDE projection holds in the comparison: the
  // declared ones for an INCLUDE index; otherwise "entityType" and the
  // attributes the patterns on the index filter on or expect.
  std::vector<std::string> include_attributes;
  int64_t entries = 0;
  int64_t bytes = 0;  // the declared projection's entries
  int64_t distinct_partition_keys = 0;
  std::string top_key;  // the partition key with the most entries
  int64_t top_key_entries = 0;
  std::string largest_key;  // the partition key with the most bytes
  int64_t largest_key_bytes = 0;
  int64_t largest_key_entries = 0;
};

struct DataProfile {
  std::vector<ShapeProfile> shapes;   // as Model::entities
  std::vector<IndexProfile> indexes;  // the table, then the GSIs in order
  int64_t scale = 1;

  const ShapeProfile* FindShape(const std::string& entity_type) const;
  const IndexProfile* FindIndex(const std::string& name) const;
};

// 350 KB: an item this large is close to DynamoDB's 400 KB limit.
inline constexpr int64_t kNearLimitBytes = 350 * 1024;

DataProfile ProfileData(const Model& model, const GeneratedData& data);

}  // namespace eddy::model

#endif  // EDDY_MODEL_PROFILE_H_
