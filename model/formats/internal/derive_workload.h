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
// time) else 8..40 letters; "array:<item_type>" a list of 1..4 values of
// the item type; "object" a map {"id": 12 letters, "value": int}; anything
// else 8..40 letters with a warning. Placeholders listed in `constants` are
// workload constants instead.
//
// A placeholder that appears only in the entity's index keys
// (`index_only_names`) and that no earlier entity owns is the item's own
// field, as the schema means (`STATUS#{status}` is the item's status): an
// attribute of the field's type with few distinct values (strings one of 8,
// integers 1..100, booleans, prices; timestamps and uuids stay distinct)
// that binds the placeholder (seed format: an attribute named after a
// placeholder), so index keys and the attribute agree and low-cardinality
// index keys are represented.
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
  // Those of key_names that appear in index keys only.
  std::vector<std::string> index_only_names;
  // Fields: (name, type); an array's type is "array:<item_type>".
  std::vector<std::pair<std::string, std::string>> fields;
};

nlohmann::ordered_json DeriveWorkload(
    const std::vector<DeriveEntity>& entities,
    const std::set<std::string>& key_attributes,
    const std::map<std::string, std::string>& constants,
    std::vector<std::string>* warnings);

}  // namespace eddy::model::internal

#endif  // EDDY_MODEL_FORMATS_INTERNAL_DERIVE_WORKLOAD_H_
