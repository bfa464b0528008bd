// Copyright 2026 The eddy Authors.
//
// ModelToAwsSchema (aws_schema.h): an eddy model as an AWS MCP schema
// document, with a warning for each thing the format cannot hold.

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "model/formats/aws_schema.h"
#include "model/formats/template_syntax.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

// "get the inventory of a store" -> "get_the_inventory_of_a_store".
std::string MethodName(const std::string& text, int number) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out.push_back(static_cast<char>(std::tolower(c)));
    } else if (!out.empty() && out.back() != '_') {
      out.push_back('_');
    }
    if (out.size() >= 60) break;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) {
    out = "pattern_" + std::to_string(number) + (out.empty() ? "" : "_" + out);
  }
  return out;
}

std::string FieldType(const AttributeGenerator& g) {
  using Kind = AttributeGenerator::Kind;
  auto of = [](const AttributeValue& v) -> std::string {
    if (v.type() == AttributeType::kN) {
      return v.n().ToString().find('.') == std::string::npos ? "integer"
                                                             : "decimal";
    }
    if (v.type() == AttributeType::kBOOL) return "boolean";
    return "string";
  };
  switch (g.kind) {
    case Kind::kInt:
      return "integer";
    case Kind::kText:
    case Kind::kTimestamp:
      return "string";
    case Kind::kLiteral:
      return of(g.literal);
    case Kind::kList:
      return "array";
    case Kind::kMap:
      return "object";
    case Kind::kOneOf:
    case Kind::kCycle: {
      std::string t = g.choices.empty() ? "string" : of(g.choices[0]);
      for (const AttributeValue& v : g.choices) {
        const std::string u = of(v);
        if (u == "decimal" && t == "integer") t = "decimal";
      }
      return t;
    }
  }
  return "string";
}

}  // namespace

std::string ModelToAwsSchema(const Model& model,
                             std::vector<std::string>* warnings) {
  auto warn = [&](std::string w) {
    if (warnings != nullptr) warnings->push_back(std::move(w));
  };
  const TableDefinition& t = model.table;
  Json table = Json::object();
  table["table_config"] = {{"table_name", t.name},
                           {"partition_key", t.partition_key}};
  if (!t.sort_key.empty()) table["table_config"]["sort_key"] = t.sort_key;
  if (!t.global_secondary_indexes.empty()) {
    Json gl = Json::array();
    for (const IndexDefinition& g : t.global_secondary_indexes) {
      if (g.multi_attribute()) {
        // The schema's partition_key / sort_key hold one attribute each.
        warn("index " + g.name +
             " has a multi-attribute key, which the schema's gsi_list "
             "cannot hold (one partition_key and one sort_key string): the "
             "index, its entities' mappings and its patterns are not kept");
        continue;
      }
      Json j = {{"name", g.name}, {"partition_key", g.partition_key}};
      if (!g.sort_key.empty()) j["sort_key"] = g.sort_key;
      switch (g.projection) {
        case ProjectionType::kAll:
          j["projection"] = "ALL";
          break;
        case ProjectionType::kKeysOnly:
          j["projection"] = "KEYS_ONLY";
          break;
        case ProjectionType::kInclude:
          j["projection"] = "INCLUDE";
          j["included_attributes"] = g.non_key_attributes;
          break;
      }
      gl.push_back(std::move(j));
    }
    table["gsi_list"] = std::move(gl);
  }
  if (model.workload) {
    warn(
        "the workload (counts, constants, generator rules) is not kept: an "
        "AWS schema has typed fields only, and eddy derives a workload from "
        "them when it reads the schema back");
  }
  if (t.billing_mode == BillingMode::kProvisioned) {
    warn(
        "billing mode PROVISIONED and its throughput are not kept (the "
        "schema has no billing settings)");
  }
  Json entities = Json::object();
  std::vector<std::string> names;
  for (const EntityShape& s : model.entities) {
    Json e = Json::object();
    e["entity_type"] = s.entity_type;
    e["pk_template"] = SeedTemplateToBrace(s.partition_key.text());
    if (!t.sort_key.empty()) {
      e["sk_template"] = SeedTemplateToBrace(s.sort_key.text());
    }
    if (!s.indexes.empty()) {
      Json maps = Json::array();
      for (const IndexKeys& k : s.indexes) {
        const IndexDefinition* def = t.FindIndex(k.index_name);
        // GSIs only, with one key attribute each.
        if (def != nullptr && (def->local || def->multi_attribute())) continue;
        Json m = {{"name", k.index_name},
                  {"pk_template", SeedTemplateToBrace(k.partition_key.text())}};
        if (k.sort_key)
          m["sk_template"] = SeedTemplateToBrace(k.sort_key->text());
        maps.push_back(std::move(m));
      }
      if (!maps.empty()) e["gsi_mappings"] = std::move(maps);
    }
    Json fields = Json::array();
    std::set<std::string> seen;
    for (const std::string& p : s.Placeholders()) {
      if (!seen.insert(p).second) continue;
      // An attribute-bound placeholder has its attribute's type.
      std::string type = "string";
      for (const GeneratorEntry& g : model.workload
                                         ? model.workload->entries
                                         : std::vector<GeneratorEntry>{}) {
        if (g.entity_type != s.entity_type) continue;
        for (const auto& [name, gen] : g.attributes) {
          if (name == p) type = FieldType(gen);
        }
      }
      fields.push_back({{"name", p}, {"type", type}, {"required", true}});
    }
    if (model.workload) {
      for (const GeneratorEntry& g : model.workload->entries) {
        if (g.entity_type != s.entity_type) continue;
        for (const auto& [name, gen] : g.attributes) {
          if (!seen.insert(name).second) continue;
          fields.push_back(
              {{"name", name}, {"type", FieldType(gen)}, {"required", true}});
          if (gen.kind == AttributeGenerator::Kind::kList) {
            fields.back()["item_type"] = FieldType(gen.members[0].second);
          }
        }
      }
    }
    if (fields.empty()) {
      fields.push_back(
          {{"name", "entityType"}, {"type", "string"}, {"required", true}});
    }
    e["fields"] = std::move(fields);
    e["access_patterns"] = Json::array();
    entities[s.entity_type] = std::move(e);
    names.push_back(s.entity_type);
  }
  int id = 0;
  for (size_t i = 0; i < model.patterns.size(); ++i) {
    const AccessPattern& p = model.patterns[i];
    const std::string which =
        "pattern " + std::to_string(i + 1) + " (\"" + p.name + "\")";
    if (!p.executable) {
      warn(which + " is documentation only and is not kept");
      continue;
    }
    std::string entity;
    if (p.expect && !p.expect->entity_types.empty()) {
      entity = p.expect->entity_types[0];
    } else if (!p.matching_entity_types.empty()) {
      entity = p.matching_entity_types[0];
    }
    if (entity.empty() || !entities.contains(entity)) {
      warn(which + " matches no entity and is not kept");
      continue;
    }
    if (const IndexDefinition* def = t.FindIndex(p.index_name);
        def != nullptr && def->local) {
      // Its index_name would name no GSI of gsi_list: the schema would not
      // load.
      warn(which + " queries local secondary index " + p.index_name +
           ", which the schema cannot hold, and is not kept");
      continue;
    }
    if (const IndexDefinition* def = t.FindIndex(p.index_name);
        def != nullptr && def->multi_attribute()) {
      warn(which + " queries index " + p.index_name +
           ", whose multi-attribute key the schema cannot hold, and is not "
           "kept");
      continue;
    }
    if (p.filter) warn(which + ": its filter is not kept");
    Json j = Json::object();
    j["pattern_id"] = ++id;
    j["name"] = MethodName(p.name, id);
    j["description"] = p.name;
    std::string op = "Query";
    std::string rc;
    bool dropped = false;  // a sort-key condition the schema cannot hold
    if (p.sort_key) {
      switch (p.sort_key->op) {
        case SortKeyOp::kEq:
          if (p.index_name.empty()) {
            op = "GetItem";
          } else {
            warn(which +
                 ": \"=\" on an index sort key has no range_condition "
                 "in the schema; kept as a Query on the partition key");
            dropped = true;
          }
          break;
        case SortKeyOp::kBeginsWith:
          rc = "begins_with";
          break;
        case SortKeyOp::kBetween:
          rc = "between";
          break;
        default:
          rc = std::string(SortKeyOpName(p.sort_key->op));
      }
    }
    if (!rc.empty() && p.partition_key.placeholders().size() != 1) {
      warn(which + ": its partition key has " +
           std::to_string(p.partition_key.placeholders().size()) +
           " placeholders, where the schema's range queries take one "
           "partition-key parameter: kept as a Query of the whole partition "
           "(its " +
           rc + " condition is dropped)");
      rc.clear();
      dropped = true;
    }
    j["operation"] = op;
    if (!p.index_name.empty()) j["index_name"] = p.index_name;
    if (!rc.empty()) j["range_condition"] = rc;
    j["consistent_read"] = p.consistent_read;
    Json params = Json::array();
    for (const std::string& n : p.partition_key.placeholders()) {
      params.push_back({{"name", n}, {"type", "string"}});
    }
    if (op == "GetItem") {
      for (const std::string& n : p.sort_key->value.placeholders()) {
        bool dup = false;
        for (const Json& q : params) dup |= q["name"] == n;
        if (!dup) params.push_back({{"name", n}, {"type", "string"}});
      }
    } else if (!rc.empty()) {
      params.push_back({{"name", "sort_key_value"}, {"type", "string"}});
      if (rc == "between") {
        params.push_back({{"name", "sort_key_high"}, {"type", "string"}});
      }
    }
    j["parameters"] = std::move(params);
    // Without its condition the query returns the whole partition.
    const bool one_type =
        !dropped && p.expect && p.expect->entity_types.size() == 1;
    j["return_type"] = op == "GetItem" ? "single_entity"
                       : one_type      ? "entity_list"
                                       : "mixed_data";
    entities[entity]["access_patterns"].push_back(std::move(j));
  }
  table["entities"] = std::move(entities);
  Json doc = {{"tables", Json::array({std::move(table)})}};
  return doc.dump(2) + "\n";
}

}  // namespace eddy::model
