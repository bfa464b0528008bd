// Copyright 2026 The eddy Authors.

#include "model/formats/internal/derive_workload.h"

namespace eddy::model::internal {
namespace {

using Json = nlohmann::ordered_json;

std::string Q(const std::string& s) { return "'" + s + "'"; }

struct FieldName {
  std::string name;
};

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
    std::vector<std::string> keys;
    for (const std::string& k : e.key_names) {
      if (constants.count(k) == 0) keys.push_back(k);
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
    for (const auto& [fname, t] : e.fields) {
      if (names.count(fname) != 0 || key_attributes.count(fname) != 0 ||
          constants.count(fname) != 0 || fname == "entityType") {
        continue;
      }
      const FieldName f{fname};
      const bool timeish = f.name.size() > 3 &&
                           (f.name.ends_with("_at") || f.name.ends_with("At") ||
                            f.name.find("date") != std::string::npos ||
                            f.name.find("time") != std::string::npos);
      if (t == "integer") {
        attributes[f.name] = {{"int", Json::array({0, 10000})}};
      } else if (t == "decimal") {
        attributes[f.name] = {
            {"oneOf", Json::array({0.99, 4.5, 12.75, 19.99, 49.9, 129.0})}};
      } else if (t == "boolean") {
        attributes[f.name] = {{"oneOf", Json::array({true, false})}};
      } else if (t == "uuid") {
        attributes[f.name] = {{"text", 32}};
      } else if (t == "string" && timeish) {
        attributes[f.name] = {{"timestamp", true}};
      } else {
        attributes[f.name] = {{"text", Json::array({8, 40})}};
        if (t != "string" && warnings != nullptr) {
          warnings->push_back(
              "entity " + Q(e.name) + " field " + Q(f.name) + " (" + t +
              ") is generated as an S value: the seed generator makes "
              "scalars");
        }
      }
    }
    if (!attributes.empty()) entry["attributes"] = std::move(attributes);
    for (const std::string& n : fresh) owner.emplace(n, e.name);
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
