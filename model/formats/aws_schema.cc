// Copyright 2026 The eddy Authors.
//
// The AWS MCP schema format -> seed-format documents -> eddy Models
// (aws_schema.h). The checks follow the repository-generation tool's
// validator; the conversion writes one seed document per table and loads it
// with LoadModel, so every check of the seed format applies too.

#include "model/formats/aws_schema.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/formats/internal/derive_workload.h"
#include "model/formats/template_syntax.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

const std::vector<std::string> kFieldTypes = {
    "string", "integer", "decimal", "boolean", "array", "object", "uuid"};
const std::vector<std::string> kOperations = {
    "GetItem", "PutItem",    "DeleteItem",   "Query",
    "Scan",    "UpdateItem", "BatchGetItem", "BatchWriteItem"};
const std::vector<std::string> kReturnTypes = {
    "single_entity", "entity_list", "success_flag", "mixed_data", "void"};
const std::vector<std::string> kParameterTypes = {"string", "integer",
                                                  "boolean", "entity"};
const std::vector<std::string> kRangeConditions = {
    "begins_with", "between", ">=", "<=", ">", "<"};

std::string P(const std::string& base, std::string_view token) {
  return base + "/" + JsonPointerEscape(token);
}
std::string P(const std::string& base, size_t i) {
  return base + "/" + std::to_string(i);
}
std::string Q(std::string_view s) { return "'" + std::string(s) + "'"; }

// A member that is there and not null.
bool Has(const Json& obj, const char* member) {
  auto it = obj.find(member);
  return it != obj.end() && !it->is_null();
}

bool Contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

struct Field {
  std::string name, type;
  std::string item_type;  // an array's
  bool required = true;
};

struct Mapping {
  std::string index;
  std::string pk, sk;  // converted (${x}); sk empty when absent
};

struct Entity {
  std::string name;
  std::string pointer;
  std::string pk, sk;                  // converted templates
  std::vector<std::string> key_names;  // every placeholder, in order
  std::vector<Mapping> mappings;
  std::vector<Field> fields;
  const Json* patterns = nullptr;
  bool broken = false;
};

struct Gsi {
  std::string name, pk, sk;
  std::string projection = "ALL";
  std::vector<std::string> included;
};

class Converter {
 public:
  Converter(std::vector<ModelError>* errors, std::vector<std::string>* warnings)
      : errors_(errors), warnings_(warnings) {}

  void Convert(const Json& root, std::string_view name,
               std::vector<AwsSchemaTable>* out);

 private:
  void Error(std::string at, std::string message) {
    errors_->push_back({std::move(at), std::move(message)});
  }
  void Warn(std::string message) {
    if (warnings_ != nullptr) warnings_->push_back(std::move(message));
  }
  // The member as a string; reports a missing or mistyped one.
  const std::string* Str(const Json& obj, const char* member,
                         const std::string& at, bool required);
  bool Enum(const Json& obj, const char* member, const std::string& at,
            const std::vector<std::string>& allowed, std::string* out);
  // Converts and checks one template; "" on error (reported).
  std::string Template(const Json& obj, const char* member,
                       const std::string& at, const std::vector<Field>& fields,
                       bool required, std::vector<std::string>* names);
  void Table(const Json& t, const std::string& at, std::string_view doc_name,
             std::vector<AwsSchemaTable>* out);
  void Entities(const Json& entities, const std::string& at,
                const std::vector<Gsi>& gsis, std::vector<Entity>* out);
  // Adds the entity's patterns to `patterns` (seed form) and `writes`.
  void Patterns(const Entity& e, Json* patterns,
                std::vector<AwsRunPattern>* reads,
                std::vector<AwsRunPattern>* writes);
  Json Workload(const std::vector<Entity>& entities,
                const std::set<std::string>& key_attributes);

  std::vector<ModelError>* errors_;
  std::vector<std::string>* warnings_;
  std::set<std::string> key_attributes_;  // of the table being converted
  bool table_has_sort_key_ = true;        // of the table being converted
  std::set<std::string> entity_names_;    // across tables
  std::set<int64_t> pattern_ids_;         // across tables
};

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

void Converter::Entities(const Json& entities, const std::string& at,
                         const std::vector<Gsi>& gsis,
                         std::vector<Entity>* out) {
  if (!entities.is_object()) {
    Error(at, "entities must be an object");
    return;
  }
  if (entities.empty()) {
    Error(at, "entities cannot be empty");
    return;
  }
  for (auto it = entities.begin(); it != entities.end(); ++it) {
    Entity e;
    e.name = it.key();
    e.pointer = P(at, e.name);
    const Json& d = it.value();
    if (!entity_names_.insert(e.name).second) {
      Error(e.pointer, "Duplicate entity name " + Q(e.name) + " across tables");
      continue;
    }
    if (!d.is_object()) {
      Error(e.pointer, "Entity " + Q(e.name) + " must be an object");
      continue;
    }
    const size_t before = errors_->size();
    Str(d, "entity_type", e.pointer, true);
    auto fields = d.find("fields");
    if (fields == d.end()) {
      Error(P(e.pointer, "fields"), "Missing required field 'fields'");
    } else if (!fields->is_array()) {
      Error(P(e.pointer, "fields"), "fields must be an array");
    } else if (fields->empty()) {
      Error(P(e.pointer, "fields"), "fields cannot be empty");
    } else {
      for (size_t i = 0; i < fields->size(); ++i) {
        const Json& f = (*fields)[i];
        const std::string fat = P(P(e.pointer, "fields"), i);
        if (!f.is_object()) {
          Error(fat, "Field must be an object");
          continue;
        }
        Field field;
        const std::string* n = Str(f, "name", fat, true);
        std::string type;
        const bool typed = Enum(f, "type", fat, kFieldTypes, &type);
        auto req = f.find("required");
        if (req == f.end()) {
          Error(P(fat, "required"), "Missing required field 'required'");
        } else if (!req->is_boolean()) {
          Error(P(fat, "required"), "Field 'required' must be bool, got " +
                                        std::string(req->type_name()));
        } else {
          field.required = req->get<bool>();
        }
        if (typed && type == "array" && !f.contains("item_type")) {
          Error(P(fat, "item_type"), "Array fields must specify item_type");
        }
        if (n == nullptr) continue;
        for (const Field& other : e.fields) {
          if (other.name == *n) {
            Error(P(fat, "name"), "Duplicate field name " + Q(*n));
          }
        }
        field.name = *n;
        field.type = type;
        if (auto it = f.find("item_type"); it != f.end() && it->is_string()) {
          field.item_type = it->get<std::string>();
        }
        e.fields.push_back(std::move(field));
      }
    }
    e.pk = Template(d, "pk_template", e.pointer, e.fields, true, &e.key_names);
    e.sk = Template(d, "sk_template", e.pointer, e.fields, false, &e.key_names);
    if (auto m = d.find("gsi_mappings"); m != d.end() && !m->is_null()) {
      const std::string mat = P(e.pointer, "gsi_mappings");
      if (!m->is_array()) {
        Error(mat, "gsi_mappings must be an array");
      } else {
        for (size_t i = 0; i < m->size(); ++i) {
          const Json& g = (*m)[i];
          const std::string gat = P(mat, i);
          if (!g.is_object()) {
            Error(gat, "GSI mapping must be an object");
            continue;
          }
          const std::string* n = Str(g, "name", gat, true);
          Mapping mapping;
          mapping.pk =
              Template(g, "pk_template", gat, e.fields, true, &e.key_names);
          mapping.sk =
              Template(g, "sk_template", gat, e.fields, false, &e.key_names);
          if (n == nullptr) continue;
          mapping.index = *n;
          const Gsi* def = nullptr;
          std::vector<std::string> names;
          for (const Gsi& x : gsis) {
            names.push_back(x.name);
            if (x.name == *n) def = &x;
          }
          if (def == nullptr) {
            Error(P(gat, "name"), "GSI " + Q(*n) +
                                      " referenced in entity mapping but not "
                                      "found in table gsi_list" +
                                      DidYouMean(*n, names));
            continue;
          }
          if (!def->sk.empty() && !Has(g, "sk_template")) {
            Error(gat, "GSI " + Q(*n) + " has a sort key (" + def->sk +
                           ") but the mapping has no sk_template");
          } else if (def->sk.empty() && Has(g, "sk_template")) {
            Error(P(gat, "sk_template"),
                  "GSI " + Q(*n) +
                      " has no sort key, so the mapping can "
                      "have no sk_template");
          }
          e.mappings.push_back(std::move(mapping));
        }
      }
    }
    if (table_has_sort_key_ && e.sk.empty() && !Has(d, "sk_template")) {
      Error(P(e.pointer, "sk_template"),
            "missing: the table has a sort key, so each entity needs an "
            "sk_template");
    } else if (!table_has_sort_key_ && Has(d, "sk_template")) {
      Error(P(e.pointer, "sk_template"),
            "the table has no sort_key, so an entity can have no "
            "sk_template");
    }
    if (auto ap = d.find("access_patterns"); ap != d.end()) {
      if (!ap->is_array()) {
        Error(P(e.pointer, "access_patterns"),
              "access_patterns must be an array");
      } else {
        e.patterns = &*ap;
      }
    }
    e.broken = errors_->size() != before;
    out->push_back(std::move(e));
  }
  // Patterns are checked once every entity name is known.
  for (const Entity& e : *out) {
    if (e.patterns == nullptr) continue;
    std::set<std::string> names;
    for (size_t i = 0; i < e.patterns->size(); ++i) {
      const Json& p = (*e.patterns)[i];
      const std::string pat = P(P(e.pointer, "access_patterns"), i);
      if (!p.is_object()) {
        Error(pat, "Access pattern must be an object");
        continue;
      }
      for (const char* m :
           {"pattern_id", "name", "description", "operation", "return_type"}) {
        if (!p.contains(m)) Error(P(pat, m), "Missing required field " + Q(m));
      }
      if (auto id = p.find("pattern_id"); id != p.end()) {
        if (!id->is_number_integer()) {
          Error(P(pat, "pattern_id"), "pattern_id must be an integer, got " +
                                          std::string(id->type_name()));
        } else if (!pattern_ids_.insert(id->get<int64_t>()).second) {
          Error(P(pat, "pattern_id"),
                "Duplicate pattern_id " + std::to_string(id->get<int64_t>()));
        }
      }
      if (const std::string* n = Str(p, "name", pat, false)) {
        if (!names.insert(*n).second) {
          Error(P(pat, "name"),
                "Duplicate pattern name " + Q(*n) + " in entity " + Q(e.name));
        }
      }
      Str(p, "description", pat, false);
      std::string op, rt;
      if (p.contains("operation")) Enum(p, "operation", pat, kOperations, &op);
      if (p.contains("return_type")) {
        Enum(p, "return_type", pat, kReturnTypes, &rt);
      }
      size_t nparams = 0;
      if (auto ps = p.find("parameters"); ps != p.end()) {
        const std::string psat = P(pat, "parameters");
        if (!ps->is_array()) {
          Error(psat, "parameters must be an array");
        } else {
          nparams = ps->size();
          std::set<std::string> pnames;
          for (size_t k = 0; k < ps->size(); ++k) {
            const Json& q = (*ps)[k];
            const std::string qat = P(psat, k);
            if (!q.is_object()) {
              Error(qat, "Parameter must be an object");
              continue;
            }
            const std::string* qn = Str(q, "name", qat, true);
            if (qn != nullptr && !pnames.insert(*qn).second) {
              Error(P(qat, "name"), "Duplicate parameter name " + Q(*qn));
            }
            std::string qt;
            if (Enum(q, "type", qat, kParameterTypes, &qt) && qt == "entity") {
              const std::string* et = Str(q, "entity_type", qat, false);
              if (!q.contains("entity_type")) {
                Error(P(qat, "entity_type"),
                      "Entity parameters must specify entity_type");
              } else if (et != nullptr && entity_names_.count(*et) == 0) {
                std::vector<std::string> all(entity_names_.begin(),
                                             entity_names_.end());
                Error(P(qat, "entity_type"),
                      "Unknown entity type " + Q(*et) + DidYouMean(*et, all));
              }
            }
          }
        }
      }
      if (const std::string* idx = Str(p, "index_name", pat, false)) {
        std::vector<std::string> all;
        bool found = false;
        for (const Gsi& g : gsis) {
          all.push_back(g.name);
          found = found || g.name == *idx;
        }
        if (!found) {
          Error(P(pat, "index_name"), "Access pattern references unknown GSI " +
                                          Q(*idx) + DidYouMean(*idx, all));
        } else if (!e.broken) {
          bool mapped = false;
          for (const Mapping& m : e.mappings) mapped |= m.index == *idx;
          if (!mapped) {
            Error(P(pat, "index_name"),
                  "entity " + Q(e.name) + " has no gsi_mappings entry for " +
                      Q(*idx) + ", so its items are not in that index");
          }
        }
        if (p.value("consistent_read", false)) {
          Error(P(pat, "consistent_read"),
                "consistent_read must be false on a GSI (DynamoDB has no "
                "strongly consistent reads on global secondary indexes)");
        }
      }
      if (auto rc = p.find("range_condition"); rc != p.end()) {
        std::string cond;
        if (Enum(p, "range_condition", pat, kRangeConditions, &cond)) {
          const size_t want = cond == "between" ? 3 : 2;
          if (nparams != want) {
            Error(P(pat, "parameters"),
                  "Range condition " + Q(cond) + " requires exactly " +
                      std::to_string(want) + " parameters (partition key + " +
                      (want == 3 ? "2 range values" : "1 range value") +
                      "), got " + std::to_string(nparams));
          }
          if (!op.empty() && op != "Query") {
            Error(P(pat, "operation"),
                  "Range conditions require 'Query' operation, got " + Q(op));
          }
        }
      }
    }
  }
}

void Converter::Patterns(const Entity& e, Json* patterns,
                         std::vector<AwsRunPattern>* reads,
                         std::vector<AwsRunPattern>* writes) {
  if (e.patterns == nullptr || e.broken) return;
  auto placeholders = [](const std::string& seed) {
    std::vector<std::string> out;
    for (size_t i = seed.find("${"); i != std::string::npos;
         i = seed.find("${", i + 2)) {
      const size_t end = seed.find('}', i);
      std::string n = seed.substr(i + 2, end - i - 2);
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
    return out;
  };
  for (size_t i = 0; i < e.patterns->size(); ++i) {
    const Json& p = (*e.patterns)[i];
    const std::string pat = P(P(e.pointer, "access_patterns"), i);
    const std::string op = p.value("operation", "");
    const std::string rt = p.value("return_type", "");
    const std::string idx = p.value("index_name", "");
    const std::string rc = p.value("range_condition", "");
    const int id = p.value("pattern_id", 0);
    std::string label = p.value("name", "") + " [" + op +
                        (idx.empty() ? "" : " on " + idx) + ", pattern_id " +
                        std::to_string(id) + "]";
    if (op == "PutItem" || op == "UpdateItem" || op == "DeleteItem" ||
        op == "BatchWriteItem") {
      AwsRunPattern w;
      w.pattern_id = id;
      w.name = label;
      w.operation = op;
      w.entity = e.name;
      if (op == "UpdateItem") {
        auto usable = [&](const std::string& f) {
          return !Contains(e.key_names, f) && key_attributes_.count(f) == 0 &&
                 f != "entityType";
        };
        if (auto ps = p.find("parameters"); ps != p.end() && ps->is_array()) {
          for (const Json& q : *ps) {
            const std::string n = q.value("name", "");
            for (const Field& f : e.fields) {
              if (f.name == n && usable(n)) w.update_fields.push_back(n);
            }
          }
        }
        if (w.update_fields.empty()) {
          for (const Field& f : e.fields) {
            if (usable(f.name)) {
              w.update_fields.push_back(f.name);
              break;
            }
          }
        }
      }
      writes->push_back(std::move(w));
      continue;
    }
    if (op == "Scan" || op == "BatchGetItem") {
      AwsRunPattern r;
      r.pattern_id = id;
      r.name = label;
      r.operation = op;
      r.entity = e.name;
      if (op == "Scan") r.index_name = idx;
      r.consistent_read = p.value("consistent_read", false);
      reads->push_back(std::move(r));
      continue;
    }
    std::string kpk = e.pk, ksk = e.sk;
    if (!idx.empty() && op == "Query") {
      for (const Mapping& m : e.mappings) {
        if (m.index == idx) {
          kpk = m.pk;
          ksk = m.sk;
        }
      }
    }
    std::vector<std::string> param_names;
    if (auto ps = p.find("parameters"); ps != p.end() && ps->is_array()) {
      for (const Json& q : *ps) param_names.push_back(q.value("name", ""));
    }
    for (const std::string& n : placeholders(kpk)) {
      if (!Contains(param_names, n)) {
        Warn("pattern_id " + std::to_string(id) + ": no parameter is named " +
             n + ", which its partition key template uses; eddy draws it " +
             "from the generated " + e.name + " items");
      }
    }
    Json j = {{"name", label}};
    if (!idx.empty() && op == "Query") j["index"] = idx;
    j["partitionKey"] = kpk;
    if (op == "GetItem") {
      if (!idx.empty()) {
        Warn("pattern_id " + std::to_string(id) +
             ": GetItem reads the table; its index_name is ignored");
      }
      if (!e.sk.empty()) j["sortKey"] = {{"=", e.sk}};
    } else if (!rc.empty()) {
      if (ksk.empty()) {
        Error(P(pat, "range_condition"),
              "a range condition needs a sort key, and " +
                  (idx.empty() ? std::string("the table") : "index " + Q(idx)) +
                  " has none");
        continue;
      }
      const std::string prefix = SeedLiteralPrefix(ksk);
      if (rc == "begins_with") {
        j["sortKey"] = {{"begins_with", prefix.empty() ? ksk : prefix}};
      } else if (rc == "between") {
        j["sortKey"] = {{"between", Json::array({ksk, prefix + "~"})}};
      } else {
        j["sortKey"] = {{rc, ksk}};
      }
    }
    j["parametersFrom"] = e.name;
    if (p.value("consistent_read", false) && idx.empty()) {
      j["consistentRead"] = true;
    }
    if (rc.empty() && (rt == "entity_list" || rt == "single_entity")) {
      std::vector<std::string> match = placeholders(kpk);
      if (op == "GetItem") {
        for (const std::string& n : placeholders(e.sk)) {
          if (!Contains(match, n)) match.push_back(n);
        }
      }
      j["expect"] = {{"entityType", e.name}, {"match", match}};
    }
    patterns->push_back(std::move(j));
  }
}

Json Converter::Workload(const std::vector<Entity>& entities,
                         const std::set<std::string>& key_attributes) {
  std::vector<internal::DeriveEntity> derive;
  for (const Entity& e : entities) {
    internal::DeriveEntity d;
    d.name = e.name;
    d.key_names = e.key_names;
    // Placeholders of the primary key; the others are index-only.
    std::vector<std::string> primary;
    for (const std::string* t : {&e.pk, &e.sk}) {
      if (StatusOr<KeyTemplate> k = KeyTemplate::Parse(*t); k.ok()) {
        for (const std::string& ph : k->placeholders()) primary.push_back(ph);
      }
    }
    for (const std::string& k : e.key_names) {
      if (std::find(primary.begin(), primary.end(), k) == primary.end()) {
        d.index_only_names.push_back(k);
      }
    }
    for (const Field& f : e.fields) {
      d.fields.emplace_back(
          f.name, f.type == "array" ? "array:" + f.item_type : f.type);
    }
    derive.push_back(std::move(d));
  }
  return internal::DeriveWorkload(derive, key_attributes, {}, warnings_);
}

}  // namespace

bool LooksLikeAwsSchema(std::string_view json) {
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
