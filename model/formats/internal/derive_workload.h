// Copyright 2026 The eddy Authors.
//
// The seed-format "workload" section derived for a design that has none (an
// AWS MCP schema, a NoSQL Workbench model). Not part of eddy's API.
//
// Entities are taken in order. A key placeholder first seen in an entity is
// a fresh ULID there ("new") and is owned by it; a later entity whose
// placeholders come from exactly one owner is generated per item of it
// (1..4 children, 1..2 for grandchildren, 1 deeper or when it adds no new
// placeholder); placeholders from several owners are picked from them
// (100 items); an entity with none gets 100 items (1 when its keys are
// literal). Other fields get a generator for their type: "integer" ints in
// [0, 10000], "decimal" a choice of prices, "boolean" true/false, "uuid" 32
// letters, "string" a timestamp when the name says so (…_at, …At, date,
// time) else 8..40 letters; anything else 8..40 letters with a warning.
// Placeholders listed in `constants` are workload constants instead.
//
// Thread safety: pure function.

#ifndef EDDY_MODEL_FORMATS_INTERNAL_DERIVE_WORKLOAD_H_
#define EDDY_MODEL_FORMATS_INTERNAL_DERIVE_WORKLOAD_H_

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "nlohmann/json.hpp"

namespace eddy::model::internal {

struct DeriveEntity {
  std::string name;                    // its entityType and entry name
  std::vector<std::string> key_names;  // every key placeholder, in order
  // Non-key fields: (name, type).
  std::vector<std::pair<std::string, std::string>> fields;
};

nlohmann::ordered_json DeriveWorkload(
    const std::vector<DeriveEntity>& entities,
    const std::set<std::string>& key_attributes,
    const std::map<std::string, std::string>& constants,
    std::vector<std::string>* warnings);

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_FORMATS_INTERNAL_DERIVE_WORKLOAD_H_
