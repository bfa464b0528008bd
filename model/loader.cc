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
// This file holds the parser, the typed-member helpers and the passes
// (Loader::Load); the parts are read by loader_table.cc (the table and its
// indexes), loader_entities.cc (entity shapes and the cross-checks on
// them), loader_patterns.cc, loader_workload.cc and loader_traffic.cc.
// nlohmann/json stays inside these files: the public header sees only
// Model.

#include "model/internal/loader.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "model/internal/civil_time.h"
#include "model/internal/json_text.h"
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
    if (internal::JsonNestingDepth(text) > internal::kMaxJsonDepth) {
      errors_->push_back({"", "invalid JSON: nested more than " +
                                  std::to_string(internal::kMaxJsonDepth) +
                                  " levels deep"});
      return std::nullopt;
    }
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
