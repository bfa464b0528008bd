// Copyright 2026 The eddy Authors.
//
// LoadModel: JSON text -> Model, in three passes. (1) Parse with nlohmann's
// ordered DOM, reporting duplicate object members (the format uses sort-key
// templates as member names, so a duplicate would silently drop an entity).
// (2) Read the table, the entity groups and the workload, checking each
// value's shape. (3) Cross-checks: index numbers against the table, PKn/SKn
// pairs, duplicate entity types, primary-key overlap between shapes, access
// patterns against indexes, shapes and the workload's bindings.
//
// nlohmann/json stays inside this file: the public header sees only Model.

#include "model/internal/loader.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "model/internal/civil_time.h"
#include "model/model.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
using internal::IsComment;
using internal::JoinNames;
using internal::Json;
using internal::Loader;
using internal::Ptr;
using internal::Quote;

namespace {

// Parses with duplicate-member detection.
class Parser {
 public:
  explicit Parser(std::vector<ModelError>* errors) : errors_(errors) {}

  std::optional<Json> Parse(std::string_view text) {
    auto callback = [this](int /*depth*/, Json::parse_event_t event,
                           Json& parsed) {
      using E = Json::parse_event_t;
      switch (event) {
        case E::object_start:
        case E::array_start:
          if (!frames_.empty() && frames_.back().is_array) {
            ++frames_.back().index;
          }
          frames_.push_back({event == E::array_start});
          break;
        case E::object_end:
        case E::array_end:
          if (!frames_.empty()) frames_.pop_back();
          break;
        case E::key: {
          Frame& top = frames_.back();
          top.key = parsed.get<std::string>();
          if (!top.keys.insert(top.key).second) {
            errors_->push_back(
                {CurrentPointer(), "duplicate member " + Quote(top.key)});
          }
          break;
        }
        case E::value:
          if (!frames_.empty() && frames_.back().is_array) {
            ++frames_.back().index;
          }
          break;
      }
      return true;
    };
    try {
      return Json::parse(text.begin(), text.end(), callback,
                         /*allow_exceptions=*/true);
    } catch (const Json::exception& e) {
      std::string what = e.what();
      // "[json.exception.parse_error.101] parse error at line 1, ..."
      const size_t close = what.find("] ");
      if (what.rfind("[json.exception.", 0) == 0 &&
          close != std::string::npos) {
        what = what.substr(close + 2);
      }
      errors_->push_back({"", "invalid JSON: " + what});
      return std::nullopt;
    }
  }

 private:
  struct Frame {
    bool is_array = false;
    int64_t index = -1;
    std::string key;
    std::set<std::string> keys;
  };

  std::string CurrentPointer() const {
    std::string out;
    for (const Frame& f : frames_) {
      out +=
          f.is_array ? Ptr("", static_cast<size_t>(f.index)) : Ptr("", f.key);
    }
    return out;
  }

  std::vector<ModelError>* errors_;
  std::vector<Frame> frames_;
};

}  // namespace

namespace internal {

void Loader::Missing(const std::string& at, std::string_view member) {
  auto it = misspelt_.find(at);
  if (it != misspelt_.end() && it->second.count(std::string(member)) > 0) {
    return;  // reported as a misspelling of it
  }
  Error(at, "missing " + Quote(member));
}

bool Loader::KnownEntityType(const Model& model, const std::string& type,
                             const std::string& at) {
  if (broken_types_.count(type) > 0) return false;  // its shape's error
  if (model.FindEntity(type) != nullptr) return true;
  if (unknown_types_.insert(type).second) {
    std::vector<std::string> known;
    for (const EntityShape& s : model.entities) {
      if (!s.entity_type.empty()) known.push_back(s.entity_type);
    }
    Error(at, "no entity shape has entityType " + Quote(type) +
                  DidYouMean(type, known, "\"", "\""));
  }
  return false;
}

std::vector<size_t> Loader::DocumentOrder(const Json& root,
                                          const std::string& pointer) {
  std::vector<size_t> order;
  const Json* at = &root;
  size_t start = 1;  // after the leading '/'
  while (at != nullptr && start <= pointer.size() && !pointer.empty()) {
    const size_t end = std::min(pointer.find('/', start), pointer.size());
    std::string token;
    for (size_t i = start; i < end; ++i) {
      if (pointer[i] == '~' && i + 1 < end) {
        token.push_back(pointer[i + 1] == '1' ? '/' : '~');
        ++i;
      } else {
        token.push_back(pointer[i]);
      }
    }
    start = end + 1;
    size_t position = SIZE_MAX;  // absent: after everything there
    const Json* next = nullptr;
    if (at->is_object()) {
      size_t i = 0;
      for (auto it = at->begin(); it != at->end(); ++it, ++i) {
        if (it.key() == token) {
          position = i;
          next = &it.value();
          break;
        }
      }
    } else if (at->is_array() && !token.empty() &&
               token.find_first_not_of("0123456789") == std::string::npos &&
               token.size() < 10) {
      const size_t i = std::stoul(token);
      if (i < at->size()) {
        position = i;
        next = &(*at)[i];
      }
    }
    order.push_back(position);
    at = next;
  }
  return order;
}

void Loader::NamePatterns(const Json& root) {
  const std::string prefix = Ptr("", kPatternsMember) + "/";
  auto patterns = root.find(std::string(kPatternsMember));
  for (ModelError& e : *errors_) {
    if (e.pointer.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string rest = e.pointer.substr(prefix.size());
    const size_t end = rest.find('/');
    const std::string digits = rest.substr(0, end);
    if (digits.empty() ||
        digits.find_first_not_of("0123456789") != std::string::npos ||
        digits.size() > 9) {
      continue;
    }
    const size_t i = std::stoul(digits);
    std::string name;
    if (patterns != root.end() && patterns->is_array() &&
        i < patterns->size()) {
      const Json& p = (*patterns)[i];
      if (p.is_string()) {
        name = p.get<std::string>();
      } else if (p.is_object()) {
        auto n = p.find("name");
        if (n != p.end() && n->is_string()) name = n->get<std::string>();
      }
    }
    if (name.size() > 60) name = name.substr(0, 57) + "...";
    e.message = "pattern " + std::to_string(i + 1) +
                (name.empty() ? std::string() : " (" + Quote(name) + ")") +
                ": " + e.message;
  }
}

const std::string* Loader::String(const Json& obj, std::string_view member,
                                  const std::string& at, bool required) {
  auto it = obj.find(std::string(member));
  if (it == obj.end()) {
    if (required) Missing(at, member);
    return nullptr;
  }
  if (!it->is_string()) {
    Error(Ptr(at, member), Quote(member) + " must be a string");
    return nullptr;
  }
  return it->get_ptr<const std::string*>();
}

std::optional<KeyTemplate> Loader::Template(const Json& value,
                                            const std::string& at) {
  if (!value.is_string()) {
    Error(at, "a key template must be a string");
    return std::nullopt;
  }
  StatusOr<KeyTemplate> t = KeyTemplate::Parse(value.get<std::string>());
  if (!t.ok()) {
    Error(at, "malformed template: " + std::string(t.status().message()));
    return std::nullopt;
  }
  return *std::move(t);
}

std::optional<CountRange> Loader::Count(const Json& value,
                                        const std::string& at,
                                        int64_t min_allowed,
                                        int64_t max_allowed) {
  auto as_int = [](const Json& v) -> std::optional<int64_t> {
    if (v.is_number_unsigned() &&
        v.get<uint64_t>() <= static_cast<uint64_t>(INT64_MAX)) {
      return static_cast<int64_t>(v.get<uint64_t>());
    }
    if (v.is_number_integer() && !v.is_number_unsigned()) {
      return v.get<int64_t>();
    }
    return std::nullopt;
  };
  CountRange r;
  if (auto n = as_int(value)) {
    r.min = r.max = *n;
  } else if (value.is_array() && value.size() == 2 && as_int(value[0]) &&
             as_int(value[1])) {
    r.min = *as_int(value[0]);
    r.max = *as_int(value[1]);
  } else {
    Error(at, "must be an integer or [min, max]");
    return std::nullopt;
  }
  if (r.min < min_allowed || r.max > max_allowed || r.max < r.min) {
    Error(at, (max_allowed == INT64_MAX
                   ? "must be at least " + std::to_string(min_allowed)
                   : "must be from " + std::to_string(min_allowed) + " to " +
                         std::to_string(max_allowed)) +
                  (r.max < r.min ? ", with min <= max" : ""));
    return std::nullopt;
  }
  return r;
}

std::optional<std::vector<std::string>> Loader::StringList(
    const Json& value, const std::string& at) {
  if (!value.is_array()) {
    Error(at, "must be an array of strings");
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < value.size(); ++i) {
    if (!value[i].is_string()) {
      Error(Ptr(at, i), "must be a string");
      return std::nullopt;
    }
    out.push_back(value[i].get<std::string>());
  }
  return out;
}

std::optional<AttributeValue> Loader::Scalar(const Json& value,
                                             const std::string& at) {
  if (value.is_string()) return AttributeValue::S(value.get<std::string>());
  if (value.is_boolean()) return AttributeValue::Bool(value.get<bool>());
  if (value.is_number()) {
    StatusOr<AttributeValue> n = AttributeValue::ParseN(value.dump());
    if (n.ok()) return *std::move(n);
    Error(at, "invalid number: " + std::string(n.status().message()));
    return std::nullopt;
  }
  Error(at, "must be a string, a number or a boolean");
  return std::nullopt;
}

void Loader::CheckMembers(const Json& obj, const std::string& at,
                          std::initializer_list<std::string_view> allowed,
                          std::string_view what) {
  std::vector<std::string> names(allowed.begin(), allowed.end());
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (IsComment(it.key())) continue;
    if (std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end()) {
      continue;
    }
    const std::string meant = ClosestName(it.key(), names);
    if (!meant.empty() && obj.find(meant) == obj.end()) {
      misspelt_[at].insert(meant);
      Error(Ptr(at, it.key()), "unknown member " + Quote(it.key()) +
                                   " (did you mean " + Quote(meant) + "?)");
      continue;
    }
    Error(Ptr(at, it.key()), "unknown member " + Quote(it.key()) + " (" +
                                 std::string(what) + " has " +
                                 JoinNames(names) + ")");
  }
}

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
    auto proj = g.find("projection");
    if (proj != g.end()) {
      if (proj->is_string() && *proj == "ALL") {
        def.projection = ProjectionType::kAll;
      } else if (proj->is_string() && *proj == "KEYS_ONLY") {
        def.projection = ProjectionType::kKeysOnly;
      } else if (proj->is_array()) {
        // Kept even when the list is bad, so references to the index work.
        if (auto list = StringList(*proj, Ptr(iat, "projection"))) {
          def.projection = ProjectionType::kInclude;
          def.non_key_attributes = *list;
        }
      } else {
        Error(Ptr(iat, "projection"),
              "must be \"ALL\", \"KEYS_ONLY\" or an array of attribute names "
              "(INCLUDE)");
      }
    }
    for (const IndexDefinition& l : table->local_secondary_indexes) {
      if (l.name == def.name) {
        Error(Ptr(iat, "name"),
              "duplicate index name " + Quote(def.name) + " (an LSI's)");
      }
    }
    table->global_secondary_indexes.push_back(std::move(def));
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
    const Json& side = g.at(std::string(member));
    for (size_t i = 0; i < attrs.size(); ++i) {
      const std::string aat =
          side.is_array() ? Ptr(Ptr(at, member), i) : Ptr(at, member);
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
    auto proj = l.find("projection");
    if (proj != l.end()) {
      if (proj->is_string() && *proj == "ALL") {
        def.projection = ProjectionType::kAll;
      } else if (proj->is_string() && *proj == "KEYS_ONLY") {
        def.projection = ProjectionType::kKeysOnly;
      } else if (proj->is_array()) {
        if (auto list = StringList(*proj, Ptr(iat, "projection"))) {
          def.projection = ProjectionType::kInclude;
          def.non_key_attributes = *list;
        }
      } else {
        Error(Ptr(iat, "projection"),
              "must be \"ALL\", \"KEYS_ONLY\" or an array of attribute names "
              "(INCLUDE)");
      }
    }
    if (errors_->size() > before) table_broken_ = true;
    table->local_secondary_indexes.push_back(std::move(def));
  }
}

// --- Entities
// --------------------------------------------------------------------------

void Loader::LoadGroup(const std::string& group, const Json& value,
                       Model* model) {
  const std::string at = Ptr("", group);
  if (!value.is_array()) {
    Error(at, "an entity group must be an array of {\"PK\", \"SK\"} objects");
    return;
  }
  for (size_t i = 0; i < value.size(); ++i) {
    const Json& e = value[i];
    const std::string eat = Ptr(at, i);
    if (!e.is_object()) {
      Error(eat,
            "an entity group must be an array of {\"PK\", \"SK\"} objects");
      continue;
    }
    // A table without a sort key: {"PK", "item"}, one shape per entity.
    if (model->table.sort_key.empty()) {
      CheckMembers(e, eat, {"PK", "item"},
                   "an entity of a table without a sort key");
      auto pk_it = e.find("PK");
      auto item_it = e.find("item");
      if (pk_it == e.end()) Missing(eat, "PK");
      if (item_it == e.end()) Missing(eat, "item");
      if (pk_it == e.end() || item_it == e.end()) continue;
      std::optional<KeyTemplate> pk = Template(*pk_it, Ptr(eat, "PK"));
      if (!pk) continue;
      LoadShape(group, *pk, "", *item_it, Ptr(eat, "item"), model);
      continue;
    }
    CheckMembers(e, eat, {"PK", "SK"}, "an entity");
    auto pk_it = e.find("PK");
    auto sk_it = e.find("SK");
    // The entity types under a group that cannot be loaded are broken, not
    // unknown: what names them is not told they do not exist.
    auto break_types = [&]() {
      if (sk_it == e.end() || !sk_it->is_object()) return;
      for (auto it = sk_it->begin(); it != sk_it->end(); ++it) {
        if (!it->is_object()) continue;
        auto type = it->find("entityType");
        if (type != it->end() && type->is_string()) {
          broken_types_.insert(type->get<std::string>());
        }
      }
    };
    if (pk_it == e.end()) Missing(eat, "PK");
    if (sk_it == e.end()) Missing(eat, "SK");
    if (pk_it == e.end() || sk_it == e.end()) {
      break_types();
      continue;
    }
    std::optional<KeyTemplate> pk = Template(*pk_it, Ptr(eat, "PK"));
    const std::string sat = Ptr(eat, "SK");
    if (!sk_it->is_object() || sk_it->empty()) {
      Error(sat,
            "\"SK\" must be a non-empty object mapping sort-key templates to "
            "item descriptions");
      continue;
    }
    if (!pk) {
      break_types();
      continue;
    }
    for (auto it = sk_it->begin(); it != sk_it->end(); ++it) {
      LoadShape(group, *pk, it.key(), it.value(), Ptr(sat, it.key()), model);
    }
  }
}

void Loader::LoadShape(const std::string& group, const KeyTemplate& pk,
                       const std::string& sk_text, const Json& desc,
                       const std::string& at, Model* model) {
  // "" for a table without a sort key: the shape's sort key stays empty.
  StatusOr<KeyTemplate> sk = sk_text.empty() && model->table.sort_key.empty()
                                 ? StatusOr<KeyTemplate>(KeyTemplate())
                                 : KeyTemplate::Parse(sk_text);
  if (!sk.ok()) {
    Error(at, "malformed template: " + std::string(sk.status().message()));
    if (desc.is_object()) {
      auto type = desc.find("entityType");
      if (type != desc.end() && type->is_string()) {
        broken_types_.insert(type->get<std::string>());
      }
    }
    return;
  }
  if (!desc.is_object()) {
    Error(at, "an item description must be an object");
    return;
  }
  EntityShape shape;
  shape.group = group;
  shape.partition_key = pk;
  shape.sort_key = *std::move(sk);
  shape.pointer = at;
  const size_t index = model->entities.size();
  const size_t errors_before = errors_->size();
  bool ok = true;
  for (auto it = desc.begin(); it != desc.end(); ++it) {
    const std::string& m = it.key();
    const std::string mat = Ptr(at, m);
    if (IsComment(m)) {
      if (it->is_string()) {
        shape.comments.emplace_back(m, it->get<std::string>());
      }
      continue;
    }
    if (m == "entityType") {
      if (!it->is_string() || it->get<std::string>().empty()) {
        Error(mat, "\"entityType\" must be a non-empty string");
        ok = false;
      } else {
        shape.entity_type = it->get<std::string>();
      }
      continue;
    }
    // Index keys: PKn/SKn, or (with a declared table) any GSI key attribute.
    bool index_key = SplitIndexKeyName(m).has_value();
    for (const IndexDefinition& g : model->table.global_secondary_indexes) {
      if (m == g.partition_key || (!g.sort_key.empty() && m == g.sort_key)) {
        index_key = true;
      }
      for (const auto* side : {&g.partition_attributes, &g.sort_attributes}) {
        for (const KeyAttribute& a : *side) index_key |= m == a.name;
      }
    }
    for (const IndexDefinition& l : model->table.local_secondary_indexes) {
      if (m == l.sort_key) index_key = true;
    }
    if (!index_key) {
      // "Pk1" for PK1, "entitytype" for entityType, "pk1" for a declared
      // table's "PK1".
      std::vector<std::string> names = {"entityType"};
      for (const IndexDefinition& g : model->table.global_secondary_indexes) {
        names.push_back(g.partition_key);
        if (!g.sort_key.empty()) names.push_back(g.sort_key);
        for (const auto* side : {&g.partition_attributes, &g.sort_attributes}) {
          for (const KeyAttribute& a : *side) names.push_back(a.name);
        }
      }
      std::string upper = m;
      for (char& c : upper) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      }
      if (SplitIndexKeyName(upper)) names.push_back(upper);
      const std::string meant = ClosestName(m, names);
      if (!meant.empty() && desc.find(meant) == desc.end()) {
        misspelt_[at].insert(meant);
        Error(mat, "unknown member " + Quote(m) + " (did you mean " +
                       Quote(meant) + "?)");
      } else {
        Error(mat, "unknown member " + Quote(m) +
                       " (an item description has entityType, index key "
                       "templates such as PK1/SK1, and _comment fields)");
      }
      ok = false;
      continue;
    }
    std::optional<KeyTemplate> t = Template(it.value(), mat);
    // A malformed key is still a key that is there: pairing checks must not
    // report its partner as alone.
    raw_index_keys_.push_back(
        {index, m, mat, t ? *std::move(t) : KeyTemplate(), t.has_value()});
    if (!t) ok = false;
  }
  if (shape.entity_type.empty() && desc.find("entityType") == desc.end()) {
    Missing(at, "entityType");
    ok = false;
  }
  // An incomplete shape is kept so later checks still run, but checks that
  // would repeat its error (index-key pairs, patterns it should answer) are
  // skipped.
  if (!ok || errors_->size() > errors_before) {
    broken_shapes_.insert(index);
    if (!shape.entity_type.empty()) broken_types_.insert(shape.entity_type);
  }
  model->entities.push_back(std::move(shape));
}

// Without a "table" member: GSIn keyed PKn/SKn for every n the entities use.
void Loader::DeriveTable(Model* model) {
  std::set<int> numbers;
  for (const RawIndexKey& k : raw_index_keys_) {
    if (auto split = SplitIndexKeyName(k.member)) numbers.insert(split->second);
  }
  for (int n : numbers) {
    IndexDefinition def;
    def.name = "GSI" + std::to_string(n);
    def.partition_key = "PK" + std::to_string(n);
    def.sort_key = "SK" + std::to_string(n);
    model->table.global_secondary_indexes.push_back(std::move(def));
  }
}

void Loader::CheckIndexKeys(Model* model) {
  const TableDefinition& table = model->table;
  std::vector<std::string> defined;
  for (const IndexDefinition& g : table.global_secondary_indexes) {
    defined.push_back(g.name);
  }
  // Per shape: which key members it has, grouped by index.
  struct Found {
    const RawIndexKey* pk = nullptr;
    const RawIndexKey* sk = nullptr;
  };
  std::vector<std::vector<Found>> found(
      model->entities.size(),
      std::vector<Found>(table.global_secondary_indexes.size()));
  // An LSI's sort key attribute puts the shape in the LSI, keyed by its own
  // partition key.
  for (const RawIndexKey& k : raw_index_keys_) {
    for (const IndexDefinition& l : table.local_secondary_indexes) {
      if (k.member != l.sort_key || !k.valid) continue;
      IndexKeys keys;
      keys.index_name = l.name;
      keys.partition_key = model->entities[k.shape].partition_key;
      keys.sort_key = k.value;
      model->entities[k.shape].indexes.push_back(std::move(keys));
    }
  }
  for (const RawIndexKey& k : raw_index_keys_) {
    bool matched = false;
    for (const IndexDefinition& l : table.local_secondary_indexes) {
      if (k.member == l.sort_key) matched = true;
    }
    for (size_t g = 0; g < table.global_secondary_indexes.size(); ++g) {
      const IndexDefinition& def = table.global_secondary_indexes[g];
      if (def.multi_attribute()) {
        for (const auto* side :
             {&def.partition_attributes, &def.sort_attributes}) {
          for (const KeyAttribute& a : *side) matched |= k.member == a.name;
        }
        continue;
      }
      if (k.member == def.partition_key) {
        found[k.shape][g].pk = &k;
        matched = true;
      } else if (!def.sort_key.empty() && k.member == def.sort_key) {
        found[k.shape][g].sk = &k;
        matched = true;
      }
    }
    if (matched || table_broken_) continue;
    auto split = SplitIndexKeyName(k.member);
    Error(
        k.pointer,
        k.member + " names index " + std::to_string(split ? split->second : 0) +
            ", which the table does not define (it defines " +
            (defined.empty() ? std::string("no indexes") : JoinNames(defined)) +
            ")");
  }
  for (size_t s = 0; s < model->entities.size(); ++s) {
    EntityShape& shape = model->entities[s];
    const bool broken = broken_shapes_.count(s) > 0;
    for (size_t g = 0; g < table.global_secondary_indexes.size(); ++g) {
      const IndexDefinition& def = table.global_secondary_indexes[g];
      if (def.multi_attribute()) {
        FillMultiAttributeIndex(def, s, broken, model);
        continue;
      }
      const Found& f = found[s][g];
      if (f.pk == nullptr && f.sk == nullptr) continue;
      if ((f.pk != nullptr && !f.pk->valid) ||
          (f.sk != nullptr && !f.sk->valid)) {
        continue;
      }
      // A broken shape's missing partner may be its misspelt member.
      if (broken && (f.pk == nullptr || f.sk == nullptr)) continue;
      if (f.pk != nullptr && f.sk == nullptr && !def.sort_key.empty()) {
        Error(f.pk->pointer, def.partition_key + " without " + def.sort_key +
                                 ": an item is in " + def.name +
                                 " only when it has both keys");
        continue;
      }
      if (f.pk == nullptr) {
        Error(f.sk->pointer, def.sort_key + " without " + def.partition_key +
                                 ": an item is in " + def.name +
                                 " only when it has both keys");
        continue;
      }
      IndexKeys keys;
      keys.index_name = def.name;
      keys.partition_key = f.pk->value;
      if (f.sk != nullptr) keys.sort_key = f.sk->value;
      shape.indexes.push_back(std::move(keys));
    }
  }
}

// A shape is in a multi-attribute index when it gives a template for every
// key attribute (DynamoDB indexes an item only when it has them all); some
// but not all is an error, naming what is missing.
void Loader::FillMultiAttributeIndex(const IndexDefinition& def, size_t shape,
                                     bool broken, Model* model) {
  std::vector<const RawIndexKey*> parts;
  std::vector<std::string> missing;
  const RawIndexKey* first_given = nullptr;
  bool valid = true;
  for (const auto* side : {&def.partition_attributes, &def.sort_attributes}) {
    for (const KeyAttribute& a : *side) {
      const RawIndexKey* found = nullptr;
      for (const RawIndexKey& k : raw_index_keys_) {
        if (k.shape == shape && k.member == a.name) found = &k;
      }
      if (found == nullptr) {
        missing.push_back(a.name);
      } else {
        if (first_given == nullptr) first_given = found;
        valid = valid && found->valid;
      }
      parts.push_back(found);
    }
  }
  if (first_given == nullptr || !valid) return;
  if (!missing.empty()) {
    // A broken shape's missing attribute may be its misspelt member.
    if (!broken) {
      Error(first_given->pointer,
            "an item is in " + def.name +
                " only when it has every key attribute of the index; this "
                "shape has no template for " +
                JoinNames(missing));
    }
    return;
  }
  // An attribute whose template uses a placeholder of its own name is that
  // binding: anything but "${name}" would overwrite it in the item.
  size_t i = 0;
  bool ok = true;
  for (const auto* side : {&def.partition_attributes, &def.sort_attributes}) {
    for (const KeyAttribute& a : *side) {
      const KeyTemplate& t = parts[i++]->value;
      const auto& ph = t.placeholders();
      if (t.text() != "${" + a.name + "}" &&
          std::find(ph.begin(), ph.end(), a.name) != ph.end()) {
        Error(parts[i - 1]->pointer,
              "key attribute " + a.name + " is made from ${" + a.name +
                  "}, a binding of the same name, so its template must be "
                  "exactly \"${" +
                  a.name + "}\" (or the placeholder named otherwise)");
        ok = false;
      }
    }
  }
  if (!ok) return;
  IndexKeys keys;
  keys.index_name = def.name;
  const size_t n = def.partition_attributes.size();
  for (size_t i = 0; i < parts.size(); ++i) {
    (i < n ? keys.partition_parts : keys.sort_parts).push_back(parts[i]->value);
  }
  keys.partition_key = keys.partition_parts[0];
  if (!keys.sort_parts.empty()) keys.sort_key = keys.sort_parts[0];
  model->entities[shape].indexes.push_back(std::move(keys));
}

void Loader::CheckDuplicateTypes(const Model& model) {
  std::map<std::string, const EntityShape*> first;
  for (const EntityShape& s : model.entities) {
    if (s.entity_type.empty()) continue;
    auto [it, inserted] = first.emplace(s.entity_type, &s);
    if (!inserted) {
      Error(Ptr(s.pointer, "entityType"),
            "duplicate entityType " + Quote(s.entity_type) + " (also at " +
                it->second->pointer + ")");
    }
  }
}

void Loader::CheckOverlaps(const Model& model) {
  for (size_t j = 1; j < model.entities.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      const EntityShape& a = model.entities[i];
      const EntityShape& b = model.entities[j];
      std::string pk, sk;
      if (TemplatesMayCollide(a.partition_key, b.partition_key, &pk) &&
          TemplatesMayCollide(a.sort_key, b.sort_key, &sk)) {
        Error(b.pointer,
              "entityType " + Quote(b.entity_type) +
                  " can have the same primary key as entityType " +
                  Quote(a.entity_type) + " (" + a.pointer +
                  "): both can produce PK " + Quote(pk) +
                  (model.table.sort_key.empty() ? std::string()
                                                : ", SK " + Quote(sk)));
      }
    }
  }
}

void Loader::Load(const Json& root, std::string_view default_name,
                  Model* model) {
  if (!root.is_object()) {
    Error("", "a model document must be a JSON object");
    return;
  }
  model->name = std::string(default_name);
  if (auto n = root.find("name"); n != root.end()) {
    if (n->is_string()) {
      model->name = n->get<std::string>();
    } else {
      Error("/name", "\"name\" must be a string");
    }
  }
  if (auto t = root.find("table"); t != root.end()) {
    LoadTable(*t, "/table", &model->table);
  } else {
    // DynamoDB table names: 3..255 of [a-zA-Z0-9_.-].
    std::string name;
    for (char c : model->name) {
      name.push_back(std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
                             c == '.' || c == '-'
                         ? c
                         : '_');
    }
    if (name.size() < 3) name = "model";
    if (name.size() > 255) name.resize(255);
    model->table.name = name;
  }
  for (auto it = root.begin(); it != root.end(); ++it) {
    const std::string& m = it.key();
    if (m == kPatternsMember || m == "table" || m == "workload" ||
        m == "traffic" || m == "name" || IsComment(m)) {
      continue;
    }
    LoadGroup(m, it.value(), model);
  }
  if (!model->table.declared) DeriveTable(model);
  CheckIndexKeys(model);
  CheckDuplicateTypes(*model);
  CheckOverlaps(*model);
  if (auto p = root.find(std::string(kPatternsMember)); p != root.end()) {
    const std::string pat = Ptr("", kPatternsMember);
    if (!p->is_array()) {
      Error(pat, "\"Access Patterns\" must be an array");
    } else {
      for (size_t i = 0; i < p->size(); ++i) {
        LoadPattern((*p)[i], Ptr(pat, i), model);
      }
    }
  }
  if (auto w = root.find("workload"); w != root.end()) {
    LoadWorkload(*w, "/workload", model);
    if (model->workload) CheckPatternsAgainstWorkload(model);
  }
  if (auto t = root.find("traffic"); t != root.end()) {
    LoadTraffic(*t, "/traffic", model);
  }
  // In document order (the checks run in passes), then named.
  std::vector<std::pair<std::vector<size_t>, ModelError>> ordered;
  for (ModelError& e : *errors_) {
    ordered.emplace_back(DocumentOrder(root, e.pointer), std::move(e));
  }
  std::stable_sort(
      ordered.begin(), ordered.end(),
      [](const auto& a, const auto& b) { return a.first < b.first; });
  errors_->clear();
  for (auto& [_, e] : ordered) errors_->push_back(std::move(e));
  NamePatterns(root);
}

}  // namespace internal

StatusOr<Model> LoadModel(std::string_view json, std::string_view name,
                          std::vector<ModelError>* errors) {
  std::vector<ModelError> found;
  Parser parser(&found);
  std::optional<Json> root = parser.Parse(json);
  Model model;
  if (root && found.empty()) {
    Loader loader(&found);
    loader.Load(*root, name, &model);
  }
  if (found.empty()) return model;
  Status status = Status::Validation(found.front().ToString());
  if (errors != nullptr) {
    errors->insert(errors->end(), found.begin(), found.end());
  }
  return status;
}

StatusOr<Model> LoadModelFile(const std::string& path,
                              std::vector<ModelError>* errors) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::ResourceNotFound("cannot read model file " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  std::string stem = path;
  if (size_t slash = stem.find_last_of('/'); slash != std::string::npos) {
    stem = stem.substr(slash + 1);
  }
  if (size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) {
    stem.resize(dot);
  }
  return LoadModel(text.str(), stem, errors);
}

}  // namespace eddy::model
