// Copyright 2026 The eddy Authors.

#include "model/formats/internal/derive_workload.h"

#include <algorithm>

namespace eddy::model::internal {
namespace {

using Json = nlohmann::ordered_json;

std::string Q(const std::string& s) { return "'" + s + "'"; }

bool TimeIsh(const std::string& name) {
  return name.size() > 3 && (name.ends_with("_at") || name.ends_with("At") ||
                             name.find("date") != std::string::npos ||
                             name.find("time") != std::string::npos);
}

// A generator for a non-key field of type `t`.
Json FieldGenerator(const std::string& entity, const std::string& name,
                    const std::string& t, std::vector<std::string>* warnings) {
  if (t == "integer") return {{"int", Json::array({0, 10000})}};
  if (t == "decimal") {
    return {{"oneOf", Json::array({0.99, 4.5, 12.75, 19.99, 49.9, 129.0})}};
  }
  if (t == "boolean") return {{"oneOf", Json::array({true, false})}};
  if (t == "uuid") return {{"text", 32}};
  if (t == "string" && TimeIsh(name)) return {{"timestamp", true}};
  if (t == "string") return {{"text", Json::array({8, 40})}};
  if (t == "object") {
    return {{"map",
             {{"id", {{"text", 12}}},
              {"value", {{"int", Json::array({0, 1000})}}}}}};
  }
  if (t.starts_with("array")) {
    const std::string item = t.size() > 6 ? t.substr(6) : "string";
    Json of = item == "string" ? Json{{"text", Json::array({4, 12})}}
                               : FieldGenerator(entity, name, item, warnings);
    return {{"list", {{"of", std::move(of)}, {"count", Json::array({1, 4})}}}};
  }
  if (warnings != nullptr) {
    warnings->push_back("entity " + Q(entity) + " field " + Q(name) + " (" + t +
                        ") is generated as an S value");
  }
  return {{"text", Json::array({8, 40})}};
}

// A generator for a field that is also an index key's placeholder: a
// scalar of its type with few distinct values.
Json KeyFieldGenerator(const std::string& name, const std::string& t) {
  if (t == "integer") return {{"int", Json::array({1, 100})}};
  if (t == "decimal") {
    return {{"oneOf", Json::array({0.99, 4.5, 12.75, 19.99, 49.9, 129.0})}};
  }
  if (t == "boolean") return {{"oneOf", Json::array({true, false})}};
  if (t == "uuid") return {{"text", 32}};
  if (TimeIsh(name)) return {{"timestamp", true}};
  Json choices = Json::array();
  std::string upper;
  for (char c : name) {
    upper.push_back(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A')
                                         : c);
  }
  for (int i = 1; i <= 8; ++i)
    choices.push_back(upper + "_" + std::to_string(i));
  return {{"oneOf", std::move(choices)}};
}

}  // namespace

Json DeriveWorkload(const std::vector<DeriveEntity>& entities,
                    const std::set<std::string>& key_attributes,
                    const std::map<std::string, std::string>& constants,
                    std::vector<std::string>* warnings) {
  std::map<std::string, std::string> owner;  // placeholder -> entry
  std::map<std::string, std::set<std::string>> bound;
  std::map<std::string, int> depth;
  Json entries = Json::array();
  for (const DeriveEntity& e : entities) {
    std::map<std::string, std::vector<std::string>> sources;
    std::vector<std::string> source_order, fresh;
    std::map<std::string, std::string> types(e.fields.begin(), e.fields.end());
    std::vector<std::string> keys, by_attribute;
    for (const std::string& k : e.key_names) {
      if (constants.count(k) != 0) continue;
      if (owner.count(k) == 0 &&
          std::find(e.index_only_names.begin(), e.index_only_names.end(), k) !=
              e.index_only_names.end()) {
        by_attribute.push_back(k);
        continue;
      }
      keys.push_back(k);
    }
    for (const std::string& k : keys) {
      auto it = owner.find(k);
      if (it == owner.end()) {
        fresh.push_back(k);
        continue;
      }
      if (sources.count(it->second) == 0) source_order.push_back(it->second);
      sources[it->second].push_back(k);
    }
    Json entry = {{"name", e.name}, {"entityType", e.name}};
    std::set<std::string> names(fresh.begin(), fresh.end());
    depth[e.name] = 0;
    if (source_order.size() == 1) {
      const std::string& src = source_order[0];
      entry["per"] = src;
      depth[e.name] = depth[src] + 1;
      if (fresh.empty() || depth[e.name] >= 3) {
        entry["count"] = 1;
      } else {
        entry["count"] = Json::array({1, depth[e.name] == 1 ? 4 : 2});
      }
      names.insert(bound[src].begin(), bound[src].end());
    } else {
      entry["count"] = keys.empty() ? 1 : 100;
      if (!source_order.empty()) {
        Json picks = Json::array();
        for (const std::string& src : source_order) {
          Json bind = Json::object();
          for (const std::string& n : sources[src]) {
            bind[n] = n;
            names.insert(n);
          }
          picks.push_back({{"from", src}, {"bind", std::move(bind)}});
        }
        entry["pick"] = std::move(picks);
      }
    }
    if (!fresh.empty()) entry["new"] = fresh;
    Json attributes = Json::object();
    for (const std::string& k : by_attribute) {
      auto t = types.find(k);
      attributes[k] =
          KeyFieldGenerator(k, t == types.end() ? "string" : t->second);
    }
    for (const auto& [fname, t] : e.fields) {
      if (names.count(fname) != 0 || key_attributes.count(fname) != 0 ||
          constants.count(fname) != 0 || fname == "entityType" ||
          attributes.contains(fname)) {
        continue;
      }
      attributes[fname] = FieldGenerator(e.name, fname, t, warnings);
    }
    if (!attributes.empty()) entry["attributes"] = std::move(attributes);
    for (const std::string& n : fresh) owner.emplace(n, e.name);
    names.insert(by_attribute.begin(), by_attribute.end());
    bound[e.name] = std::move(names);
    entries.push_back(std::move(entry));
  }
  Json w = {{"seed", 20240101}};
  if (!constants.empty()) {
    Json c = Json::object();
    for (const auto& [k, v] : constants) c[k] = v;
    w["constants"] = std::move(c);
  }
  w["generate"] = std::move(entries);
  return w;
}

}  // namespace eddy::model::internal
