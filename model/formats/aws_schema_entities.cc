// Copyright 2026 The eddy Authors.
//
// The AWS MCP schema converter's entities (aws_schema.h): each entity's
// fields, key templates and GSI mappings checked and converted to a seed
// shape (Converter::Entities), its access patterns to seed patterns and
// run patterns (Patterns), and the workload derived for the table
// (Workload). Split from aws_schema.cc, which reads the document, its
// tables and GSIs.

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "model/formats/internal/aws_schema_converter.h"
#include "model/formats/internal/derive_workload.h"
#include "model/formats/template_syntax.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal::aws_schema {

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

}  // namespace eddy::model::internal::aws_schema
