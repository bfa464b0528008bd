// Copyright 2026 The eddy Authors.
//
// The "table" member of the model format: Loader::LoadTable reads the
// table's keys, billing mode and global secondary indexes (classic and
// multi-attribute keys, KeyAttributeList / CheckKeyAttributes), and
// LoadLocalIndexes its local secondary indexes. Split from loader.cc, which
// parses the document, holds the typed-member helpers and runs the passes.

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "model/internal/loader.h"
#include "model/model.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal {

// --- The table
// ------------------------------------------------------------------

void Loader::LoadTable(const Json& t, const std::string& at,
                       TableDefinition* table) {
  if (!t.is_object()) {
    Error(at, "\"table\" must be an object");
    return;
  }
  table->declared = true;
  CheckMembers(
      t, at,
      {"name", "partitionKey", "sortKey", "billingMode", "readCapacityUnits",
       "writeCapacityUnits", "globalSecondaryIndexes", "localSecondaryIndexes"},
      "a table");
  if (const std::string* s = String(t, "name", at, true)) table->name = *s;
  if (const std::string* s = String(t, "partitionKey", at, true)) {
    table->partition_key = *s;
  }
  // No "sortKey": a table keyed by its partition key alone (entities
  // then give an "item" in place of their "SK" object).
  table->sort_key.clear();
  if (const std::string* s = String(t, "sortKey", at, false)) {
    if (s->empty()) Error(Ptr(at, "sortKey"), "must not be empty");
    table->sort_key = *s;
  }
  if (const std::string* s = String(t, "billingMode", at, false)) {
    if (*s == "PAY_PER_REQUEST") {
      table->billing_mode = BillingMode::kPayPerRequest;
    } else if (*s == "PROVISIONED") {
      table->billing_mode = BillingMode::kProvisioned;
    } else {
      Error(Ptr(at, "billingMode"),
            "must be \"PAY_PER_REQUEST\" or \"PROVISIONED\"");
    }
  }
  auto rcu = t.find("readCapacityUnits");
  auto wcu = t.find("writeCapacityUnits");
  auto positive = [](const Json& v) {
    return v.is_number_unsigned() && v.get<uint64_t>() > 0 &&
           v.get<uint64_t>() <= (uint64_t{1} << 40);
  };
  if (table->billing_mode == BillingMode::kProvisioned) {
    // The pointer names the member at fault: a bad value, else the
    // billing mode that asks for the missing one.
    const bool bad_rcu = rcu != t.end() && !positive(*rcu);
    const bool bad_wcu = wcu != t.end() && !positive(*wcu);
    if (bad_rcu || bad_wcu || rcu == t.end() || wcu == t.end()) {
      Error(bad_rcu   ? Ptr(at, "readCapacityUnits")
            : bad_wcu ? Ptr(at, "writeCapacityUnits")
                      : Ptr(at, "billingMode"),
            "a PROVISIONED table needs readCapacityUnits and "
            "writeCapacityUnits (positive integers)");
    } else {
      table->provisioned_throughput =
          ProvisionedThroughput{static_cast<int64_t>(rcu->get<uint64_t>()),
                                static_cast<int64_t>(wcu->get<uint64_t>())};
    }
  } else if (rcu != t.end() || wcu != t.end()) {
    Error(Ptr(at, rcu != t.end() ? "readCapacityUnits" : "writeCapacityUnits"),
          "readCapacityUnits/writeCapacityUnits need billingMode PROVISIONED");
  }
  LoadLocalIndexes(t, at, table);
  auto gsis = t.find("globalSecondaryIndexes");
  if (gsis == t.end()) return;
  const std::string gat = Ptr(at, "globalSecondaryIndexes");
  if (!gsis->is_array()) {
    Error(gat, "must be an array of index definitions");
    return;
  }
  std::set<std::string> names;
  // Every key attribute's type and where it was declared: the table's and
  // the LSIs' keys are S (the model renders them from templates).
  std::map<std::string, std::pair<ScalarAttributeType, std::string>>
      attribute_types;
  attribute_types.emplace(table->partition_key,
                          std::make_pair(ScalarAttributeType::kS, "the table"));
  if (!table->sort_key.empty()) {
    attribute_types.emplace(
        table->sort_key, std::make_pair(ScalarAttributeType::kS, "the table"));
  }
  for (const IndexDefinition& l : table->local_secondary_indexes) {
    attribute_types.emplace(
        l.sort_key, std::make_pair(ScalarAttributeType::kS, "index " + l.name));
  }
  for (size_t i = 0; i < gsis->size(); ++i) {
    const Json& g = (*gsis)[i];
    const std::string iat = Ptr(gat, i);
    // Any error in a definition may hide an index that entities and
    // patterns name: references to undefined indexes are then not reported.
    const size_t errors_before = errors_->size();
    struct MarkBroken {
      Loader* loader;
      size_t before;
      ~MarkBroken() {
        if (loader->errors_->size() > before) loader->table_broken_ = true;
      }
    } mark{this, errors_before};
    if (!g.is_object()) {
      Error(iat, "an index definition must be an object");
      continue;
    }
    CheckMembers(g, iat, {"name", "partitionKey", "sortKey", "projection"},
                 "an index definition");
    IndexDefinition def;
    auto pk_it = g.find("partitionKey");
    auto sk_it = g.find("sortKey");
    // An array on either side: a multi-attribute key.
    const bool multi = (pk_it != g.end() && pk_it->is_array()) ||
                       (sk_it != g.end() && sk_it->is_array());
    const std::string* name = String(g, "name", iat, true);
    if (multi) {
      if (pk_it == g.end()) {
        Error(iat,
              "missing \"partitionKey\": a sort key needs a partition key "
              "(a global secondary index's key has 1 to 4 partition key "
              "attributes)");
        continue;
      }
      bool keys_ok = KeyAttributeList(*pk_it, Ptr(iat, "partitionKey"),
                                      "partition", &def.partition_attributes);
      if (sk_it != g.end()) {
        keys_ok = KeyAttributeList(*sk_it, Ptr(iat, "sortKey"), "sort",
                                   &def.sort_attributes) &&
                  keys_ok;
      }
      if (name == nullptr || !keys_ok) continue;
      def.name = *name;
      if (!CheckKeyAttributes(g, iat, def, &attribute_types)) continue;
      def.partition_key = def.partition_attributes[0].name;
      if (!def.sort_attributes.empty()) {
        def.sort_key = def.sort_attributes[0].name;
      }
    } else {
      const std::string* pk = String(g, "partitionKey", iat, true);
      const std::string* sk = String(g, "sortKey", iat, false);
      if (name == nullptr || pk == nullptr) continue;
      def.name = *name;
      def.partition_key = *pk;
      if (sk != nullptr) def.sort_key = *sk;
      bool types_ok = true;
      for (const std::string* k : {pk, sk}) {
        if (k == nullptr) continue;
        auto [it, added] = attribute_types.emplace(
            *k, std::make_pair(ScalarAttributeType::kS, "index " + def.name));
        if (!added && it->second.first != ScalarAttributeType::kS) {
          Error(Ptr(iat, k == pk ? "partitionKey" : "sortKey"),
                "attribute " + Quote(*k) + " is S here but " +
                    std::string(ScalarAttributeTypeName(it->second.first)) +
                    " in " + it->second.second +
                    " (an attribute has one type in every key)");
          types_ok = false;
        }
      }
      if (!types_ok) continue;
    }
    if (!names.insert(def.name).second) {
      Error(Ptr(iat, "name"), "duplicate index name " + Quote(def.name));
      continue;
    }
    LoadProjection(g, iat, &def);
    for (const IndexDefinition& l : table->local_secondary_indexes) {
      if (l.name == def.name) {
        Error(Ptr(iat, "name"),
              "duplicate index name " + Quote(def.name) + " (an LSI's)");
      }
    }
    table->global_secondary_indexes.push_back(std::move(def));
  }
}

// An index definition's "projection": "ALL" (the default), "KEYS_ONLY" or
// an array of attribute names (INCLUDE).
void Loader::LoadProjection(const Json& index, const std::string& at,
                            IndexDefinition* def) {
  auto proj = index.find("projection");
  if (proj == index.end()) return;
  if (proj->is_string() && *proj == "ALL") {
    def->projection = ProjectionType::kAll;
  } else if (proj->is_string() && *proj == "KEYS_ONLY") {
    def->projection = ProjectionType::kKeysOnly;
  } else if (proj->is_array()) {
    // Kept even when the list is bad, so references to the index work.
    if (auto list = StringList(*proj, Ptr(at, "projection"))) {
      def->projection = ProjectionType::kInclude;
      def->non_key_attributes = *list;
    }
  } else {
    Error(Ptr(at, "projection"),
          "must be \"ALL\", \"KEYS_ONLY\" or an array of attribute names "
          "(INCLUDE)");
  }
}

// One side of a multi-attribute key: an attribute name (S), or an array
// of 1 to 4 names or {"name", "type"} objects.
bool Loader::KeyAttributeList(const Json& value, const std::string& at,
                              std::string_view side,
                              std::vector<KeyAttribute>* out) {
  const std::string member =
      side == "partition" ? "\"partitionKey\"" : "\"sortKey\"";
  if (value.is_string()) {
    if (value.get<std::string>().empty()) {
      Error(at, "an attribute name must not be empty");
      return false;
    }
    out->push_back({value.get<std::string>(), ScalarAttributeType::kS});
    return true;
  }
  if (!value.is_array() || value.empty() || value.size() > kMaxKeyAttributes) {
    Error(at, member + " must be an attribute name or an array of 1 to " +
                  std::to_string(kMaxKeyAttributes) +
                  " (a global secondary index's " + std::string(side) +
                  " key has at most " + std::to_string(kMaxKeyAttributes) +
                  " attributes" +
                  (value.is_array() && !value.empty()
                       ? "; this lists " + std::to_string(value.size())
                       : std::string()) +
                  ")");
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < value.size(); ++i) {
    const Json& a = value[i];
    const std::string aat = Ptr(at, i);
    KeyAttribute attr;
    if (a.is_string()) {
      attr.name = a.get<std::string>();
    } else if (a.is_object()) {
      CheckMembers(a, aat, {"name", "type"}, "a key attribute");
      const std::string* n = String(a, "name", aat, true);
      if (n == nullptr) {
        ok = false;
        continue;
      }
      attr.name = *n;
      if (const std::string* t = String(a, "type", aat, false)) {
        if (*t == "S") {
          attr.type = ScalarAttributeType::kS;
        } else if (*t == "N") {
          attr.type = ScalarAttributeType::kN;
        } else if (*t == "B") {
          attr.type = ScalarAttributeType::kB;
        } else {
          Error(Ptr(aat, "type"),
                "a key attribute's type is \"S\", \"N\" or \"B\", not " +
                    Quote(*t));
          ok = false;
          continue;
        }
      } else if (a.find("type") != a.end()) {
        ok = false;  // reported by String
        continue;
      }
    } else {
      Error(aat,
            "a key attribute is an attribute name or {\"name\", \"type\"}");
      ok = false;
      continue;
    }
    if (attr.name.empty()) {
      Error(aat, "an attribute name must not be empty");
      ok = false;
      continue;
    }
    out->push_back(std::move(attr));
  }
  return ok;
}

// A multi-attribute key's attributes: each once, each with one type in
// every key of the table (recorded in *types for the next index).
bool Loader::CheckKeyAttributes(
    const Json& g, const std::string& at, const IndexDefinition& def,
    std::map<std::string, std::pair<ScalarAttributeType, std::string>>* types) {
  bool ok = true;
  std::set<std::string> seen;
  auto check = [&](const std::vector<KeyAttribute>& attrs,
                   std::string_view member) {
    // Absent (no sort key): no attributes to check.
    auto side = g.find(std::string(member));
    for (size_t i = 0; i < attrs.size() && side != g.end(); ++i) {
      const std::string aat =
          side->is_array() ? Ptr(Ptr(at, member), i) : Ptr(at, member);
      const KeyAttribute& a = attrs[i];
      if (!seen.insert(a.name).second) {
        Error(aat, "attribute " + Quote(a.name) +
                       " appears twice in the key of index " + Quote(def.name) +
                       " (each key attribute is named once)");
        ok = false;
        continue;
      }
      auto [it, added] =
          types->emplace(a.name, std::make_pair(a.type, "index " + def.name));
      if (!added && it->second.first != a.type) {
        Error(aat, "attribute " + Quote(a.name) + " is " +
                       std::string(ScalarAttributeTypeName(a.type)) +
                       " here but " +
                       std::string(ScalarAttributeTypeName(it->second.first)) +
                       " in " + it->second.second +
                       " (an attribute has one type in every key)");
        ok = false;
      }
    }
  };
  check(def.partition_attributes, "partitionKey");
  check(def.sort_attributes, "sortKey");
  return ok;
}

// "localSecondaryIndexes": [{"name", "sortKey", "projection"}], at most 5
// (DynamoDB's limit); the partition key is the table's.
void Loader::LoadLocalIndexes(const Json& t, const std::string& at,
                              TableDefinition* table) {
  auto lsis = t.find("localSecondaryIndexes");
  if (lsis == t.end()) return;
  const std::string lat = Ptr(at, "localSecondaryIndexes");
  if (!lsis->is_array() || lsis->size() > 5) {
    Error(lat, "must be an array of at most 5 index definitions");
    table_broken_ = true;
    return;
  }
  if (table->sort_key.empty()) {
    // DynamoDB: local secondary indexes need a table with a composite key.
    Error(lat,
          "a table without a sort key cannot have local secondary indexes");
    table_broken_ = true;
    return;
  }
  std::set<std::string> names;
  for (size_t i = 0; i < lsis->size(); ++i) {
    const Json& l = (*lsis)[i];
    const std::string iat = Ptr(lat, i);
    if (!l.is_object()) {
      Error(iat, "an index definition must be an object");
      table_broken_ = true;
      continue;
    }
    const size_t before = errors_->size();
    CheckMembers(l, iat, {"name", "sortKey", "projection"},
                 "a local index definition");
    const std::string* name = String(l, "name", iat, true);
    const std::string* sk = String(l, "sortKey", iat, true);
    if (name == nullptr || sk == nullptr) {
      table_broken_ = true;
      continue;
    }
    IndexDefinition def;
    def.name = *name;
    def.partition_key = table->partition_key;
    def.sort_key = *sk;
    def.local = true;
    if (!names.insert(def.name).second) {
      Error(Ptr(iat, "name"), "duplicate index name " + Quote(def.name));
      continue;
    }
    if (def.sort_key == table->partition_key ||
        def.sort_key == table->sort_key) {
      Error(Ptr(iat, "sortKey"),
            "an LSI's sort key must be another attribute than the table's "
            "keys");
    }
    LoadProjection(l, iat, &def);
    if (errors_->size() > before) table_broken_ = true;
    table->local_secondary_indexes.push_back(std::move(def));
  }
}

}  // namespace eddy::model::internal
