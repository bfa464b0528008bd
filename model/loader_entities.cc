// Copyright 2026 The eddy Authors.
//
// The entity groups of the model format: Loader::LoadGroup and LoadShape
// read each PK/SK shape and its index-key members; DeriveTable,
// CheckIndexKeys (with FillMultiAttributeIndex), CheckDuplicateTypes and
// CheckOverlaps are the cross-checks once the table is known. Split from
// loader.cc, which parses the document, holds the typed-member helpers and
// runs the passes.

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "model/internal/loader.h"
#include "model/model.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal {

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

}  // namespace eddy::model::internal
