// Copyright 2026 The eddy Authors.
//
// The AWS MCP schema format -> seed-format documents -> eddy Models
// (aws_schema.h). The checks follow the repository-generation tool's
// validator; the conversion writes one seed document per table and loads it
// with LoadModel, so every check of the seed format applies too.
//
// This file reads the document, its tables and their GSIs; the entities,
// their patterns and the derived workload are aws_schema_entities.cc's
// (the Converter is declared in internal/aws_schema_converter.h).

#include "model/formats/aws_schema.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/formats/internal/aws_schema_converter.h"
#include "model/formats/internal/derive_workload.h"
#include "model/formats/template_syntax.h"
#include "model/internal/json_text.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace internal::aws_schema {

const std::string* Converter::Str(const Json& obj, const char* member,
                                  const std::string& at, bool required) {
  auto it = obj.find(member);
  // An optional member may be null (the tool reads None as absent).
  if (it == obj.end() || (!required && it->is_null())) {
    if (required) Error(P(at, member), "Missing required field " + Q(member));
    return nullptr;
  }
  if (!it->is_string()) {
    Error(P(at, member), "Field " + Q(member) + " must be str, got " +
                             std::string(it->type_name()));
    return nullptr;
  }
  return it->get_ptr<const std::string*>();
}

bool Converter::Enum(const Json& obj, const char* member, const std::string& at,
                     const std::vector<std::string>& allowed,
                     std::string* out) {
  const std::string* v = Str(obj, member, at, true);
  if (v == nullptr) return false;
  if (!Contains(allowed, *v)) {
    std::string all;
    for (const std::string& a : allowed) all += (all.empty() ? "" : ", ") + a;
    Error(P(at, member), "Invalid " + std::string(member) + " value " + Q(*v) +
                             DidYouMean(*v, allowed) + "; valid: " + all);
    return false;
  }
  *out = *v;
  return true;
}

std::string Converter::Template(const Json& obj, const char* member,
                                const std::string& at,
                                const std::vector<Field>& fields, bool required,
                                std::vector<std::string>* names) {
  const std::string* t = Str(obj, member, at, required);
  if (t == nullptr) return "";
  const std::string tat = P(at, member);
  std::string converted, problem;
  std::vector<std::string> params;
  if (!BraceTemplateToSeed(*t, &converted, &params, &problem)) {
    Error(tat, problem);
    return "";
  }
  std::vector<std::string> field_names;
  for (const Field& f : fields) field_names.push_back(f.name);
  bool ok = true;
  for (const std::string& p : params) {
    if (!Contains(field_names, p)) {
      Error(tat, "Template parameter " + Q(p) + " not found in entity fields" +
                     DidYouMean(p, field_names));
      ok = false;
    } else if (!Contains(*names, p)) {
      names->push_back(p);
    }
  }
  return ok ? converted : "";
}

void Converter::Convert(const Json& root, std::string_view name,
                        std::vector<AwsSchemaTable>* out) {
  if (!root.is_object()) {
    Error("", "Schema must be a JSON object");
    return;
  }
  auto tables = root.find("tables");
  if (tables == root.end()) {
    Error("/tables", "Missing required field 'tables'");
    return;
  }
  if (!tables->is_array()) {
    Error("/tables", "tables must be an array");
    return;
  }
  if (tables->empty()) {
    Error("/tables", "tables cannot be empty");
    return;
  }
  for (size_t i = 0; i < tables->size(); ++i) {
    Table((*tables)[i], P("/tables", i), name, out);
  }
}

void Converter::Table(const Json& t, const std::string& at,
                      std::string_view doc_name,
                      std::vector<AwsSchemaTable>* out) {
  if (!t.is_object()) {
    Error(at, "Table must be an object");
    return;
  }
  const size_t errors_before = errors_->size();
  std::string table_name, pk, sk;
  table_has_sort_key_ = true;
  auto config = t.find("table_config");
  if (config == t.end()) {
    Error(P(at, "table_config"), "Missing required field 'table_config'");
  } else if (!config->is_object()) {
    Error(P(at, "table_config"), "table_config must be an object");
  } else {
    const std::string cat = P(at, "table_config");
    if (const std::string* s = Str(*config, "table_name", cat, true)) {
      table_name = *s;
    }
    if (const std::string* s = Str(*config, "partition_key", cat, true))
      pk = *s;
    if (const std::string* s = Str(*config, "sort_key", cat, false)) sk = *s;
    table_has_sort_key_ = !sk.empty();
  }
  std::vector<Gsi> gsis;
  if (auto g = t.find("gsi_list"); g != t.end() && !g->is_null()) {
    const std::string gat = P(at, "gsi_list");
    if (!g->is_array()) {
      Error(gat, "gsi_list must be an array");
    } else {
      for (size_t i = 0; i < g->size(); ++i) {
        const Json& d = (*g)[i];
        const std::string dat = P(gat, i);
        if (!d.is_object()) {
          Error(dat, "GSI definition must be an object");
          continue;
        }
        Gsi gsi;
        const std::string* n = Str(d, "name", dat, true);
        const std::string* gpk = Str(d, "partition_key", dat, true);
        const std::string* gsk = Str(d, "sort_key", dat, false);
        if (n == nullptr || gpk == nullptr) continue;
        gsi.name = *n;
        gsi.pk = *gpk;
        if (gsk != nullptr) gsi.sk = *gsk;
        for (const Gsi& other : gsis) {
          if (other.name == gsi.name) {
            Error(P(dat, "name"),
                  "Duplicate GSI name " + Q(gsi.name) + " found in table");
          }
        }
        if (d.contains("projection")) {
          if (!Enum(d, "projection", dat, {"ALL", "KEYS_ONLY", "INCLUDE"},
                    &gsi.projection)) {
            continue;
          }
        }
        auto inc = d.find("included_attributes");
        if (gsi.projection == "INCLUDE") {
          if (inc == d.end() || !inc->is_array() || inc->empty()) {
            Error(P(dat, "included_attributes"),
                  "included_attributes is required (a non-empty array of "
                  "field names) when projection is INCLUDE");
          } else {
            for (const Json& a : *inc) {
              if (a.is_string()) gsi.included.push_back(a.get<std::string>());
            }
          }
        } else if (inc != d.end()) {
          Error(P(dat, "included_attributes"),
                "included_attributes is only for projection INCLUDE");
        }
        gsis.push_back(std::move(gsi));
      }
    }
  }
  std::vector<Entity> entities;
  auto ents = t.find("entities");
  if (ents == t.end()) {
    Error(P(at, "entities"), "Missing required field 'entities'");
  } else {
    Entities(*ents, P(at, "entities"), gsis, &entities);
  }
  if (errors_->size() != errors_before) return;

  // Key attributes must not be fields that templates fill differently: eddy
  // writes each placeholder's value as an attribute of its own name.
  std::set<std::string> key_attributes = {pk, sk};
  for (const Gsi& g : gsis) {
    key_attributes.insert(g.pk);
    if (!g.sk.empty()) key_attributes.insert(g.sk);
  }
  for (const Entity& e : entities) {
    auto check = [&](const std::string& attr, const std::string& tmpl,
                     const std::string& where) {
      if (attr.empty() || !Contains(e.key_names, attr)) return;
      if (tmpl != "${" + attr + "}") {
        Error(where, "attribute " + Q(attr) +
                         " is a key attribute whose template is not just {" +
                         attr +
                         "}, and also a field that key templates use: "
                         "the two values would clash");
      }
    };
    check(pk, e.pk, P(e.pointer, "pk_template"));
    check(sk, e.sk, P(e.pointer, "sk_template"));
    for (size_t m = 0; m < e.mappings.size(); ++m) {
      const Gsi* g = nullptr;
      for (const Gsi& x : gsis) {
        if (x.name == e.mappings[m].index) g = &x;
      }
      const std::string mat = P(P(e.pointer, "gsi_mappings"), m);
      check(g->pk, e.mappings[m].pk, P(mat, "pk_template"));
      check(g->sk, e.mappings[m].sk, P(mat, "sk_template"));
    }
  }
  if (errors_->size() != errors_before) return;

  key_attributes_ = key_attributes;
  AwsSchemaTable result;
  result.table_name = table_name;
  Json doc = Json::object();
  doc["name"] = std::string(doc_name) + "." + table_name;
  doc["_comment"] = "converted from an AWS MCP schema.json (table " +
                    table_name + ") by eddy model convert";
  Json patterns = Json::array();
  for (const Entity& e : entities) {
    Patterns(e, &patterns, &result.reads, &result.writes);
  }
  doc["Access Patterns"] = std::move(patterns);
  Json table = {{"name", table_name}, {"partitionKey", pk}};
  if (!sk.empty()) table["sortKey"] = sk;  // else keyed by its PK alone
  table["billingMode"] = "PAY_PER_REQUEST";
  Json gl = Json::array();
  for (const Gsi& g : gsis) {
    Json j = {{"name", g.name}, {"partitionKey", g.pk}};
    if (!g.sk.empty()) j["sortKey"] = g.sk;
    if (g.projection == "INCLUDE") {
      j["projection"] = g.included;
    } else {
      j["projection"] = g.projection;
    }
    gl.push_back(std::move(j));
  }
  table["globalSecondaryIndexes"] = std::move(gl);
  doc["table"] = std::move(table);
  static const std::set<std::string> kReserved = {"Access Patterns", "table",
                                                  "workload", "name"};
  for (const Entity& e : entities) {
    Json desc = {{"entityType", e.name}};
    for (const Mapping& m : e.mappings) {
      for (const Gsi& g : gsis) {
        if (g.name != m.index) continue;
        desc[g.pk] = m.pk;
        if (!g.sk.empty()) desc[g.sk] = m.sk;
      }
    }
    std::string group = e.name;
    if (kReserved.count(group) != 0 || group[0] == '_') {
      group = "entity " + group;
    }
    if (sk.empty()) {
      doc[group] = Json::array({Json{{"PK", e.pk}, {"item", std::move(desc)}}});
      continue;
    }
    Json sk_map = Json::object();
    sk_map[e.sk] = std::move(desc);
    doc[group] = Json::array({Json{{"PK", e.pk}, {"SK", std::move(sk_map)}}});
  }
  doc["workload"] = Workload(entities, key_attributes);
  result.seed_json = doc.dump(2);

  std::vector<ModelError> seed_errors;
  StatusOr<Model> m =
      LoadModel(result.seed_json, doc["name"].get<std::string>(), &seed_errors);
  if (!m.ok()) {
    for (ModelError& e : seed_errors) {
      Error(at, "as a seed-format model (eddy model convert --to seed): " +
                    e.ToString());
    }
    if (seed_errors.empty()) Error(at, std::string(m.status().message()));
    return;
  }
  result.model = *std::move(m);
  out->push_back(std::move(result));
}

}  // namespace internal::aws_schema

using internal::aws_schema::Converter;
using internal::aws_schema::Json;

bool LooksLikeAwsSchema(std::string_view json) {
  if (internal::JsonNestingDepth(json) > internal::kMaxJsonDepth) return false;
  Json root = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!root.is_object()) return false;
  auto t = root.find("tables");
  return t != root.end() && t->is_array() && !t->empty() &&
         (*t)[0].is_object() && (*t)[0].contains("table_config");
}

StatusOr<std::vector<AwsSchemaTable>> LoadAwsSchema(
    std::string_view json, std::string_view name,
    std::vector<ModelError>* errors, std::vector<std::string>* warnings) {
  std::vector<ModelError> local;
  if (errors == nullptr) errors = &local;
  const size_t before = errors->size();
  if (internal::JsonNestingDepth(json) > internal::kMaxJsonDepth) {
    errors->push_back({"", "invalid JSON: nested more than " +
                               std::to_string(internal::kMaxJsonDepth) +
                               " levels deep"});
    return Status::Validation((*errors)[before].ToString());
  }
  Json root = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  std::vector<AwsSchemaTable> out;
  if (root.is_discarded()) {
    errors->push_back({"", "Invalid JSON"});
  } else {
    Converter c(errors, warnings);
    c.Convert(root, name, &out);
  }
  if (errors->size() != before) {
    return Status::Validation((*errors)[before].ToString());
  }
  return out;
}

}  // namespace eddy::model
