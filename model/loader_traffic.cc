// Copyright 2026 The eddy Authors.
//
// The model loader's "traffic" member: the request mix the cost estimate and
// the design review assume (model/cost.h, model/review.h).
//
//   "traffic": {
//     "region": "us-east-1", "utilization": 0.7,
//     "patterns": {"get the inventory of a store": 20, "1": 5},
//     "writes": {"rentalRelationship": 2}
//   }
//
// A pattern is named by its name or by its 1-based number as a string; an
// entity type by its entityType.

#include <cmath>

#include "model/internal/loader.h"
#include "model/suggest.h"

namespace eddy::model::internal {

namespace {

bool AllDigits(const std::string& s) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

void Loader::LoadTraffic(const Json& t, const std::string& at, Model* model) {
  if (!t.is_object()) {
    Error(at, "\"traffic\" must be an object");
    return;
  }
  CheckMembers(t, at, {"region", "utilization", "patterns", "writes"},
               "\"traffic\"");
  Traffic traffic;
  if (const std::string* r = String(t, "region", at, false)) {
    traffic.region = *r;
  }
  if (auto u = t.find("utilization"); u != t.end()) {
    if (!u->is_number() || u->get<double>() <= 0 || u->get<double>() > 1) {
      Error(Ptr(at, "utilization"),
            "\"utilization\" must be a number in (0, 1]: the share of "
            "provisioned capacity the traffic uses");
    } else {
      traffic.utilization = u->get<double>();
    }
  }
  auto rate = [&](const Json& v,
                  const std::string& vat) -> std::optional<double> {
    if (!v.is_number() || !std::isfinite(v.get<double>()) ||
        v.get<double>() < 0) {
      Error(vat, "must be a number of requests per second, 0 or more");
      return std::nullopt;
    }
    return v.get<double>();
  };
  if (auto p = t.find("patterns"); p != t.end()) {
    const std::string pat = Ptr(at, "patterns");
    if (!p->is_object()) {
      Error(pat,
            "\"patterns\" must be an object: pattern name or number -> "
            "requests per second");
    } else {
      std::vector<std::string> names;
      for (const AccessPattern& ap : model->patterns) names.push_back(ap.name);
      for (auto it = p->begin(); it != p->end(); ++it) {
        const std::string& key = it.key();
        const std::string kat = Ptr(pat, key);
        int number = 0;
        for (size_t i = 0; i < model->patterns.size(); ++i) {
          if (model->patterns[i].name == key) {
            number = static_cast<int>(i) + 1;
            break;
          }
        }
        if (number == 0 && AllDigits(key)) number = std::stoi(key);
        if (number < 1 || number > static_cast<int>(model->patterns.size())) {
          Error(kat, "no access pattern is named or numbered " + Quote(key) +
                         DidYouMean(key, names, "\"", "\""));
          continue;
        }
        if (!model->patterns[number - 1].executable) {
          Error(kat, "pattern " + std::to_string(number) +
                         " is documentation only (not executable), so it "
                         "has no measured cost");
          continue;
        }
        if (std::optional<double> r = rate(it.value(), kat)) {
          traffic.pattern_rps.emplace_back(number, *r);
        }
      }
    }
  }
  if (auto w = t.find("writes"); w != t.end()) {
    const std::string wat = Ptr(at, "writes");
    if (!w->is_object()) {
      Error(wat,
            "\"writes\" must be an object: entityType -> new items per "
            "second");
    } else {
      std::vector<std::string> types;
      for (const EntityShape& s : model->entities) {
        types.push_back(s.entity_type);
      }
      for (auto it = w->begin(); it != w->end(); ++it) {
        const std::string kat = Ptr(wat, it.key());
        if (model->FindEntity(it.key()) == nullptr) {
          Error(kat, "no entity shape has entityType " + Quote(it.key()) +
                         DidYouMean(it.key(), types, "\"", "\""));
          continue;
        }
        if (std::optional<double> r = rate(it.value(), kat)) {
          traffic.writes_per_second.emplace_back(it.key(), *r);
        }
      }
    }
  }
  model->traffic = std::move(traffic);
}

}  // namespace eddy::model::internal
