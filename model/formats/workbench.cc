// Copyright 2026 The eddy Authors.
//
// NoSQL Workbench data models -> seed-format documents -> eddy Models
// (workbench.h).

#include "model/formats/workbench.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "emulator/wire/attribute_json.h"
#include "model/formats/internal/derive_workload.h"
#include "model/formats/template_syntax.h"
#include "model/internal/json_text.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

std::string P(const std::string& base, std::string_view token) {
  return base + "/" + JsonPointerEscape(token);
}
std::string P(const std::string& base, size_t i) {
  return base + "/" + std::to_string(i);
}

bool IsIdentifier(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

// An alias written as a template: "${x}", "{x}" or "<x>" placeholders.
// nullopt when it has none (a plain label).
std::optional<std::string> AliasTemplate(const std::string& alias) {
  if (alias.find("${") != std::string::npos) return alias;
  std::string text = alias;
  if (alias.find('<') != std::string::npos) {
    std::string out;
    for (size_t i = 0; i < alias.size(); ++i) {
      const size_t end = alias.find('>', i);
      if (alias[i] == '<' && end != std::string::npos &&
          IsIdentifier(alias.substr(i + 1, end - i - 1))) {
        out += "{" + alias.substr(i + 1, end - i - 1) + "}";
        i = end;
      } else {
        out.push_back(alias[i]);
      }
    }
    text = out;
  }
  if (text.find('{') == std::string::npos) return std::nullopt;
  std::string seed, problem;
  std::vector<std::string> names;
  if (!BraceTemplateToSeed(text, &seed, &names, &problem)) return std::nullopt;
  return seed;
}

// Pieces of a seed template: literal text and placeholder names.
struct Piece {
  bool placeholder;
  std::string text;
};
std::vector<Piece> Pieces(const std::string& seed) {
  std::vector<Piece> out;
  size_t i = 0;
  while (i < seed.size()) {
    const size_t at = seed.find("${", i);
    if (at == std::string::npos) {
      out.push_back({false, seed.substr(i)});
      break;
    }
    if (at > i) out.push_back({false, seed.substr(i, at - i)});
    const size_t end = seed.find('}', at);
    out.push_back({true, seed.substr(at + 2, end - at - 2)});
    i = end + 1;
  }
  return out;
}

// Matches `value` against the template (a placeholder is [^#]+), filling
// *values. Backtracking; keys are short.
bool Match(const std::vector<Piece>& pieces, size_t k, std::string_view value,
           std::map<std::string, std::string>* values) {
  if (k == pieces.size()) return value.empty();
  const Piece& p = pieces[k];
  if (!p.placeholder) {
    if (value.substr(0, p.text.size()) != p.text) return false;
    return Match(pieces, k + 1, value.substr(p.text.size()), values);
  }
  size_t limit = value.find('#');
  if (limit == std::string_view::npos) limit = value.size();
  for (size_t n = limit; n >= 1; --n) {
    const std::string v(value.substr(0, n));
    auto it = values->find(p.text);
    if (it != values->end() && it->second != v) continue;
    const bool added = it == values->end();
    if (added) (*values)[p.text] = v;
    if (Match(pieces, k + 1, value.substr(n), values)) return true;
    if (added) values->erase(p.text);
  }
  return false;
}

// A template for `value`: each '#'-segment equal to a known value becomes
// its placeholder (the first name in `known` with that value).
std::string Infer(
    std::string_view value,
    const std::vector<std::pair<std::string, std::string>>& known) {
  std::string out;
  size_t i = 0;
  while (true) {
    const size_t end = value.find('#', i);
    const std::string_view seg = value.substr(
        i, end == std::string_view::npos ? std::string_view::npos : end - i);
    std::string name;
    for (const auto& [n, v] : known) {
      if (!seg.empty() && v == seg) {
        name = n;
        break;
      }
    }
    out += name.empty() ? std::string(seg) : "${" + name + "}";
    if (end == std::string_view::npos) break;
    out.push_back('#');
    i = end + 1;
  }
  return out;
}

struct Facet {
  std::string name, pointer;
  std::string pk_alias, sk_alias;
  std::vector<std::string> attributes;  // its NonKeyAttributes
  std::vector<const Json*> items;
  std::string pk, sk;  // templates
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>>
      index_keys;  // (index, (pk template, sk template))
  std::vector<std::string> key_names;
};

struct Index {
  std::string name, pk, sk;
  Json projection = "ALL";
};

class Importer {
 public:
  Importer(std::vector<ModelError>* errors, std::vector<std::string>* warnings)
      : errors_(errors), warnings_(warnings) {}
  void Table(const Json& t, const std::string& at, std::string_view name,
             std::vector<WorkbenchTable>* out);

 private:
  void Error(std::string at, std::string message) {
    errors_->push_back({std::move(at), std::move(message)});
  }
  void Warn(std::string w) {
    if (warnings_ != nullptr) warnings_->push_back(std::move(w));
  }
  const std::string* Str(const Json& obj, const char* member,
                         const std::string& at, bool required) {
    auto it = obj.find(member);
    if (it == obj.end() || !it->is_string()) {
      if (required || it != obj.end()) {
        Error(P(at, member), it == obj.end()
                                 ? "missing \"" + std::string(member) + "\""
                                 : "must be a string");
      }
      return nullptr;
    }
    return it->get_ptr<const std::string*>();
  }
  // (PartitionKey name, SortKey name) of a KeyAttributes object; *sk stays
  // empty when it has no SortKey.
  bool Keys(const Json& obj, const std::string& at, std::string* pk,
            std::string* sk);

  std::vector<ModelError>* errors_;
  std::vector<std::string>* warnings_;
};

bool Importer::Keys(const Json& obj, const std::string& at, std::string* pk,
                    std::string* sk) {
  auto ka = obj.find("KeyAttributes");
  const std::string kat = P(at, "KeyAttributes");
  if (ka == obj.end() || !ka->is_object()) {
    Error(kat,
          ka == obj.end() ? "missing \"KeyAttributes\"" : "must be an object");
    return false;
  }
  bool ok = true;
  for (const char* which : {"PartitionKey", "SortKey"}) {
    auto k = ka->find(which);
    const std::string wat = P(kat, which);
    if (k == ka->end()) {
      if (std::string(which) == "PartitionKey") {
        Error(wat, "missing \"PartitionKey\"");
        ok = false;
      }
      continue;
    }
    if (!k->is_object()) {
      Error(wat, "must be an object");
      ok = false;
      continue;
    }
    const std::string* n = Str(*k, "AttributeName", wat, true);
    const std::string* t = Str(*k, "AttributeType", wat, true);
    if (n == nullptr || t == nullptr) {
      ok = false;
      continue;
    }
    if (*t != "S") {
      Error(P(wat, "AttributeType"),
            "key attribute type " + *t +
                ": eddy's model keys are strings (S), written from templates");
      ok = false;
    }
    (std::string(which) == "PartitionKey" ? *pk : *sk) = *n;
  }
  return ok;
}

void Importer::Table(const Json& t, const std::string& at,
                     std::string_view doc_name,
                     std::vector<WorkbenchTable>* out) {
  if (!t.is_object()) {
    Error(at, "must be an object (a table)");
    return;
  }
  const size_t before = errors_->size();
  const std::string* table_name = Str(t, "TableName", at, true);
  std::string pk, sk;
  // No SortKey: a table keyed by its partition key alone.
  Keys(t, at, &pk, &sk);
  std::map<std::string, std::string> types;  // attribute -> S, N, ...
  if (auto nk = t.find("NonKeyAttributes"); nk != t.end() && nk->is_array()) {
    for (const Json& a : *nk) {
      if (a.is_object() && a.contains("AttributeName") &&
          a["AttributeName"].is_string()) {
        types[a["AttributeName"].get<std::string>()] =
            a.value("AttributeType", "S");
      }
    }
  }
  std::vector<Index> indexes;
  if (auto g = t.find("GlobalSecondaryIndexes"); g != t.end()) {
    const std::string gat = P(at, "GlobalSecondaryIndexes");
    if (!g->is_array()) {
      Error(gat, "must be an array");
    } else {
      for (size_t i = 0; i < g->size(); ++i) {
        const Json& d = (*g)[i];
        const std::string dat = P(gat, i);
        if (!d.is_object()) {
          Error(dat, "must be an object (an index)");
          continue;
        }
        Index x;
        const std::string* n = Str(d, "IndexName", dat, true);
        if (!Keys(d, dat, &x.pk, &x.sk) || n == nullptr) continue;
        x.name = *n;
        if (auto p = d.find("Projection"); p != d.end() && p->is_object()) {
          const std::string type = p->value("ProjectionType", "ALL");
          if (type == "INCLUDE") {
            Json list = Json::array();
            if (auto nk = p->find("NonKeyAttributes"); nk != p->end()) {
              list = *nk;
            }
            x.projection = list;
          } else if (type == "ALL" || type == "KEYS_ONLY") {
            x.projection = type;
          } else {
            Error(P(P(dat, "Projection"), "ProjectionType"),
                  "must be ALL, KEYS_ONLY or INCLUDE");
          }
        }
        indexes.push_back(std::move(x));
      }
    }
  }
  std::vector<Facet> facets;
  auto tf = t.find("TableFacets");
  const std::string fat = P(at, "TableFacets");
  if (tf == t.end() || !tf->is_array() || tf->empty()) {
    Error(fat, tf == t.end() ? "missing \"TableFacets\": eddy takes each "
                               "facet as an entity shape"
                             : "must be a non-empty array of facets");
  } else {
    for (size_t i = 0; i < tf->size(); ++i) {
      const Json& f = (*tf)[i];
      const std::string at_f = P(fat, i);
      if (!f.is_object()) {
        Error(at_f, "must be an object (a facet)");
        continue;
      }
      Facet facet;
      facet.pointer = at_f;
      const std::string* n = Str(f, "FacetName", at_f, true);
      auto alias = f.find("KeyAttributeAlias");
      if (alias == f.end() || !alias->is_object()) {
        Error(P(at_f, "KeyAttributeAlias"), "missing \"KeyAttributeAlias\"");
        continue;
      }
      const std::string aat = P(at_f, "KeyAttributeAlias");
      const std::string* pa = Str(*alias, "PartitionKeyAlias", aat, true);
      const std::string* sa =
          Str(*alias, "SortKeyAlias", aat, /*required=*/!sk.empty());
      if (n == nullptr || pa == nullptr || (sa == nullptr && !sk.empty())) {
        continue;
      }
      for (const Facet& other : facets) {
        if (other.name == *n) {
          Error(P(at_f, "FacetName"), "duplicate FacetName \"" + *n + "\"");
        }
      }
      facet.name = *n;
      facet.pk_alias = *pa;
      if (sa != nullptr) facet.sk_alias = *sa;
      if (auto nk = f.find("NonKeyAttributes"); nk != f.end()) {
        for (const Json& a : *nk) {
          if (a.is_string()) facet.attributes.push_back(a.get<std::string>());
        }
      }
      if (auto d = f.find("TableData"); d != f.end() && d->is_array()) {
        for (const Json& item : *d) facet.items.push_back(&item);
      }
      facets.push_back(std::move(facet));
    }
  }
  if (auto d = t.find("TableData"); d != t.end()) {
    const std::string dat = P(at, "TableData");
    if (!d->is_array()) {
      Error(dat, "must be an array of items");
    } else {
      for (size_t i = 0; i < d->size(); ++i) {
        const Json& item = (*d)[i];
        StatusOr<Item> decoded = DecodeItemJson(item.dump());
        if (!decoded.ok()) {
          Error(P(dat, i), "not a DynamoDB JSON item: " +
                               std::string(decoded.status().message()));
          continue;
        }
        // Its facet: by entityType, else by the facets' key templates.
        Facet* owner = nullptr;
        if (const AttributeValue* et = decoded->Find("entityType");
            et != nullptr && et->type() == AttributeType::kS) {
          for (Facet& f : facets) {
            if (f.name == et->s()) owner = &f;
          }
        }
        const AttributeValue* pv = decoded->Find(pk);
        // No sort key: the partition key alone picks the facet.
        const AttributeValue* sv = sk.empty() ? nullptr : decoded->Find(sk);
        const bool sort_ok =
            sk.empty() || (sv != nullptr && sv->type() == AttributeType::kS);
        if (owner == nullptr && pv != nullptr && sort_ok &&
            pv->type() == AttributeType::kS) {
          for (Facet& f : facets) {
            // A plain alias matches itself, literally.
            const std::string pt =
                AliasTemplate(f.pk_alias).value_or(f.pk_alias);
            const std::string st =
                AliasTemplate(f.sk_alias).value_or(f.sk_alias);
            std::map<std::string, std::string> v;
            if (Match(Pieces(pt), 0, pv->s(), &v) &&
                (sv == nullptr || Match(Pieces(st), 0, sv->s(), &v))) {
              owner = &f;
              break;
            }
          }
        }
        if (owner != nullptr) owner->items.push_back(&item);
      }
    }
  }
  if (errors_->size() != before) return;

  // Templates, per facet.
  std::map<std::string, std::set<std::string>> values_seen;
  std::set<std::string> key_attributes = {pk, sk};
  for (const Index& x : indexes) {
    key_attributes.insert(x.pk);
    if (!x.sk.empty()) key_attributes.insert(x.sk);
  }
  for (Facet& f : facets) {
    std::vector<Item> items;
    for (const Json* j : f.items) {
      StatusOr<Item> it = DecodeItemJson(j->dump());
      if (it.ok()) items.push_back(*std::move(it));
    }
    auto value_of = [](const Item& item, const std::string& name) {
      const AttributeValue* v = item.Find(name);
      return v != nullptr && v->type() == AttributeType::kS ? v->s()
                                                            : std::string();
    };
    // Known values of an item: placeholders solved from the alias
    // templates, then its S attributes that are not keys.
    auto known_of = [&](const Item& item) {
      std::vector<std::pair<std::string, std::string>> known;
      std::map<std::string, std::string> solved;
      auto pt = AliasTemplate(f.pk_alias);
      auto st = AliasTemplate(f.sk_alias);
      if (pt) Match(Pieces(*pt), 0, value_of(item, pk), &solved);
      if (st && !sk.empty()) {
        Match(Pieces(*st), 0, value_of(item, sk), &solved);
      }
      for (const auto& [k, v] : solved) known.emplace_back(k, v);
      for (const auto& [name, v] : item) {
        if (key_attributes.count(name) != 0 || name == "entityType") continue;
        if (v.type() == AttributeType::kS && !v.s().empty() &&
            v.s().find('#') == std::string::npos) {
          known.emplace_back(name, v.s());
        }
      }
      return known;
    };
    auto table_template = [&](const std::string& alias,
                              const std::string& attr) {
      if (auto t = AliasTemplate(alias)) return *t;
      if (!items.empty()) {
        return Infer(value_of(items[0], attr), known_of(items[0]));
      }
      return IsIdentifier(alias) ? "${" + alias + "}" : alias;
    };
    f.pk = table_template(f.pk_alias, pk);
    f.sk = sk.empty() ? "" : table_template(f.sk_alias, sk);
    for (const Index& x : indexes) {
      for (const Item& item : items) {
        const std::string xp = value_of(item, x.pk);
        const std::string xs = x.sk.empty() ? "" : value_of(item, x.sk);
        if (xp.empty() || (!x.sk.empty() && xs.empty())) continue;
        const auto known = known_of(item);
        f.index_keys.push_back(
            {x.name, {Infer(xp, known), x.sk.empty() ? "" : Infer(xs, known)}});
        break;
      }
    }
    // Placeholder values across the sample items, for constants.
    for (const Item& item : items) {
      std::map<std::string, std::string> solved;
      Match(Pieces(f.pk), 0, value_of(item, pk), &solved);
      if (!sk.empty()) Match(Pieces(f.sk), 0, value_of(item, sk), &solved);
      for (const auto& [k, v] : solved) values_seen[k].insert(v);
    }
    for (const std::string* t : {&f.pk, &f.sk}) {
      for (const Piece& p : Pieces(*t)) {
        if (p.placeholder && std::find(f.key_names.begin(), f.key_names.end(),
                                       p.text) == f.key_names.end()) {
          f.key_names.push_back(p.text);
        }
      }
    }
    for (const auto& [x, keys] : f.index_keys) {
      for (const std::string* t : {&keys.first, &keys.second}) {
        for (const Piece& p : Pieces(*t)) {
          if (p.placeholder && std::find(f.key_names.begin(), f.key_names.end(),
                                         p.text) == f.key_names.end()) {
            f.key_names.push_back(p.text);
          }
        }
      }
    }
    if (items.empty() && !indexes.empty()) {
      Warn("facet \"" + f.name +
           "\" has no sample items, so eddy cannot tell which indexes it "
           "fills: it is taken to fill none");
    }
  }
  std::map<std::string, std::string> constants;
  for (const auto& [k, vs] : values_seen) {
    int items = 0;
    for (const Facet& f : facets) {
      if (std::find(f.key_names.begin(), f.key_names.end(), k) !=
          f.key_names.end()) {
        items += static_cast<int>(f.items.size());
      }
    }
    if (vs.size() == 1 && items >= 2) {
      constants[k] = *vs.begin();
    }
  }

  Json doc = Json::object();
  doc["name"] = std::string(doc_name) + "." + *table_name;
  doc["_comment"] = "converted from a NoSQL Workbench model (table " +
                    *table_name + ") by eddy model convert";
  Json patterns = Json::array();
  for (const Facet& f : facets) {
    Json p = {{"name", "get the " + f.name + " items of a partition"},
              {"partitionKey", f.pk},
              {"parametersFrom", f.name}};
    const std::string prefix = SeedLiteralPrefix(f.sk);
    if (!prefix.empty()) p["sortKey"] = {{"begins_with", prefix}};
    patterns.push_back(std::move(p));
  }
  doc["Access Patterns"] = std::move(patterns);
  Json table = {{"name", *table_name}, {"partitionKey", pk}};
  if (!sk.empty()) table["sortKey"] = sk;  // else keyed by its PK alone
  if (t.value("BillingMode", "") == "PROVISIONED") {
    const Json* pt = nullptr;
    if (auto pcs = t.find("ProvisionedCapacitySettings");
        pcs != t.end() && pcs->contains("ProvisionedThroughput")) {
      pt = &(*pcs)["ProvisionedThroughput"];
    }
    table["billingMode"] = "PROVISIONED";
    table["readCapacityUnits"] =
        pt != nullptr ? pt->value("ReadCapacityUnits", 5) : 5;
    table["writeCapacityUnits"] =
        pt != nullptr ? pt->value("WriteCapacityUnits", 5) : 5;
  } else {
    table["billingMode"] = "PAY_PER_REQUEST";
  }
  Json gl = Json::array();
  for (const Index& x : indexes) {
    Json j = {{"name", x.name}, {"partitionKey", x.pk}};
    if (!x.sk.empty()) j["sortKey"] = x.sk;
    j["projection"] = x.projection;
    gl.push_back(std::move(j));
  }
  table["globalSecondaryIndexes"] = std::move(gl);
  doc["table"] = std::move(table);
  std::vector<internal::DeriveEntity> derive;
  for (const Facet& f : facets) {
    Json desc = {{"entityType", f.name}};
    for (const auto& [name, keys] : f.index_keys) {
      for (const Index& x : indexes) {
        if (x.name != name) continue;
        desc[x.pk] = keys.first;
        if (!x.sk.empty()) desc[x.sk] = keys.second;
      }
    }
    std::string group = f.name;
    if (group == "table" || group == "workload" || group == "name" ||
        group == "Access Patterns" || group[0] == '_') {
      group = "facet " + group;
    }
    if (sk.empty()) {
      doc[group] = Json::array({Json{{"PK", f.pk}, {"item", std::move(desc)}}});
    } else {
      Json skmap = Json::object();
      skmap[f.sk] = std::move(desc);
      doc[group] = Json::array({Json{{"PK", f.pk}, {"SK", std::move(skmap)}}});
    }
    internal::DeriveEntity d;
    d.name = f.name;
    d.key_names = f.key_names;
    for (const std::string& a : f.attributes) {
      auto it = types.find(a);
      const std::string ty = it == types.end() ? "S" : it->second;
      d.fields.emplace_back(a, ty == "N"      ? "integer"
                               : ty == "BOOL" ? "boolean"
                               : ty == "S"    ? "string"
                                              : ty);
    }
    derive.push_back(std::move(d));
  }
  doc["workload"] =
      internal::DeriveWorkload(derive, key_attributes, constants, warnings_);
  WorkbenchTable result;
  result.table_name = *table_name;
  result.seed_json = doc.dump(2);
  std::vector<ModelError> seed_errors;
  StatusOr<Model> m =
      LoadModel(result.seed_json, doc["name"].get<std::string>(), &seed_errors);
  if (!m.ok()) {
    for (const ModelError& e : seed_errors) {
      Error(at, "as a seed-format model (eddy model convert --to seed): " +
                    e.ToString());
    }
    if (seed_errors.empty()) Error(at, std::string(m.status().message()));
    return;
  }
  result.model = *std::move(m);
  out->push_back(std::move(result));
}

}  // namespace

bool LooksLikeWorkbench(std::string_view json) {
  if (internal::JsonNestingDepth(json) > internal::kMaxJsonDepth) return false;
  Json root = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!root.is_object()) return false;
  auto d = root.find("DataModel");
  return d != root.end() && d->is_array();
}

StatusOr<std::vector<WorkbenchTable>> LoadWorkbench(
    std::string_view json, std::string_view name,
    std::vector<ModelError>* errors, std::vector<std::string>* warnings) {
  std::vector<ModelError> local;
  if (errors == nullptr) errors = &local;
  const size_t before = errors->size();
  std::vector<WorkbenchTable> out;
  if (internal::JsonNestingDepth(json) > internal::kMaxJsonDepth) {
    errors->push_back({"", "invalid JSON: nested more than " +
                               std::to_string(internal::kMaxJsonDepth) +
                               " levels deep"});
    return Status::Validation((*errors)[before].ToString());
  }
  Json root = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded() || !root.is_object()) {
    errors->push_back({"", "a Workbench model must be a JSON object"});
  } else if (auto d = root.find("DataModel");
             d == root.end() || !d->is_array() || d->empty()) {
    errors->push_back(
        {"/DataModel", "missing or empty \"DataModel\" (the tables)"});
  } else {
    Importer importer(errors, warnings);
    std::string model_name(name);
    if (auto n = root.find("ModelName"); n != root.end() && n->is_string()) {
      model_name = n->get<std::string>();
    }
    for (size_t i = 0; i < d->size(); ++i) {
      importer.Table((*d)[i], P("/DataModel", i), model_name, &out);
    }
  }
  if (errors->size() != before) {
    return Status::Validation((*errors)[before].ToString());
  }
  return out;
}

}  // namespace eddy::model
