// Copyright 2026 The eddy Authors.
//
// The "Access Patterns" member of the model format: Loader::LoadPattern
// reads one pattern (its index, key templates, sort-key condition, filter,
// parameters, expectations, PartiQL statement) and checks it against the
// table, the entity shapes and the workload. Split from loader.cc, which
// reads the rest of the document and runs the cross-checks.

#include <algorithm>
#include <cctype>
#include <set>

#include "model/internal/civil_time.h"
#include "model/internal/loader.h"
#include "model/model.h"
#include "model/suggest.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal {
namespace {

// A sort-key condition's operators as the format spells them.
constexpr std::pair<std::string_view, SortKeyOp> kOps[] = {
    {"=", SortKeyOp::kEq},
    {"<", SortKeyOp::kLt},
    {"<=", SortKeyOp::kLe},
    {">", SortKeyOp::kGt},
    {">=", SortKeyOp::kGe},
    {"between", SortKeyOp::kBetween},
    {"begins_with", SortKeyOp::kBeginsWith}};

}  // namespace

// --- Access patterns
// -------------------------------------------------------------------

void Loader::LoadPattern(const Json& value, const std::string& at,
                         Model* model) {
  AccessPattern p;
  p.pointer = at;
  if (value.is_string()) {
    p.name = value.get<std::string>();
    model->patterns.push_back(std::move(p));
    return;
  }
  if (!value.is_object()) {
    Error(at, "an access pattern must be a string or an object");
    return;
  }
  p.executable = true;
  const size_t errors_before = errors_->size();
  CheckMembers(
      value, at,
      {"name", "index", "partitionKey", "sortKey", "filter", "parametersFrom",
       "expect", "scanIndexForward", "consistentRead", "limit", "partiql"},
      "an access pattern");
  bool ok = true;
  if (const std::string* s = String(value, "name", at, true)) {
    p.name = *s;
  } else {
    ok = false;
  }
  const TableDefinition& table = model->table;
  if (auto it = value.find("index"); it != value.end()) {
    if (!it->is_string()) {
      Error(Ptr(at, "index"), "\"index\" must be a string");
      ok = false;
    } else if (table.FindIndex(it->get<std::string>()) == nullptr) {
      std::vector<std::string> names;
      for (const auto& g : table.global_secondary_indexes)
        names.push_back(g.name);
      // With a broken index definition this may be that index.
      if (!table_broken_) {
        const std::string& name = it->get<std::string>();
        const std::string meant = ClosestName(name, names);
        Error(
            Ptr(at, "index"),
            "index " + Quote(name) + " is not defined by the table" +
                (meant.empty() ? " (it defines " +
                                     (names.empty() ? std::string("no indexes")
                                                    : JoinNames(names)) +
                                     ")"
                               : " (did you mean " + Quote(meant) + "?)"));
      }
      ok = false;
    } else {
      p.index_name = it->get<std::string>();
    }
  }
  const IndexDefinition* index =
      p.index_name.empty() ? nullptr : table.FindIndex(p.index_name);
  const bool multi = index != nullptr && index->multi_attribute();
  if (auto it = value.find("partitionKey"); it == value.end()) {
    Missing(at, "partitionKey");
    ok = false;
  } else if (multi) {
    ok = LoadMultiPartition(*it, Ptr(at, "partitionKey"), *index, &p) && ok;
  } else if (it->is_array() && p.index_name.empty() &&
             !value.contains("index")) {
    Error(Ptr(at, "partitionKey"),
          "a pattern on the table gives one partition-key template (an "
          "array of templates is for an index with a multi-attribute key)");
    ok = false;
  } else if (it->is_array() && index != nullptr) {
    Error(Ptr(at, "partitionKey"),
          "index " + Quote(index->name) +
              " has one partition key attribute: give one template (an "
              "array of templates is for a multi-attribute key)");
    ok = false;
  } else if (it->is_array()) {
    ok = false;  // on an index already reported as undefined
  } else if (auto t = Template(*it, Ptr(at, "partitionKey"))) {
    p.partition_key = *std::move(t);
  } else {
    ok = false;
  }
  if (auto it = value.find("sortKey"); it != value.end() && multi) {
    ok = LoadMultiSort(*it, Ptr(at, "sortKey"), *index, &p) && ok;
  } else if (it != value.end()) {
    const std::string sat = Ptr(at, "sortKey");
    if (!it->is_object() || it->size() != 1) {
      Error(sat,
            "\"sortKey\" must be an object with one member: \"=\", \"<\", "
            "\"<=\", \">\", \">=\", \"begins_with\" or \"between\"");
      ok = false;
    } else if (index != nullptr && index->sort_key.empty()) {
      Error(sat, "index " + Quote(index->name) + " has no sort key");
      ok = false;
    } else if (index == nullptr && p.index_name.empty() &&
               table.sort_key.empty()) {
      Error(sat, "the table has no sort key");
      ok = false;
    } else {
      const std::string op = it->begin().key();
      const Json& v = it->begin().value();
      const std::string vat = Ptr(sat, op);
      auto found = std::find_if(std::begin(kOps), std::end(kOps),
                                [&](const auto& e) { return e.first == op; });
      if (found == std::end(kOps)) {
        const std::string meant = ClosestName(op, {"begins_with", "between"});
        Error(vat,
              "unknown sort-key operator " + Quote(op) +
                  (meant.empty() ? std::string(" (use =, <, <=, >, >=, "
                                               "begins_with or between)")
                                 : " (did you mean " + Quote(meant) + "?)"));
        ok = false;
      } else if (found->second == SortKeyOp::kBetween) {
        if (!v.is_array() || v.size() != 2) {
          Error(vat, "\"between\" takes [low, high]");
          ok = false;
        } else {
          auto lo = Template(v[0], Ptr(vat, size_t{0}));
          auto hi = Template(v[1], Ptr(vat, size_t{1}));
          if (lo && hi) {
            p.sort_key = SortKeyCondition{SortKeyOp::kBetween, *lo, *hi};
          } else {
            ok = false;
          }
        }
      } else if (auto t = Template(v, vat)) {
        p.sort_key =
            SortKeyCondition{found->second, *std::move(t), std::nullopt};
      } else {
        ok = false;
      }
    }
  }
  if (auto it = value.find("filter"); it != value.end()) {
    const std::string fat = Ptr(at, "filter");
    if (!it->is_object()) {
      Error(fat,
            "\"filter\" must be an object with \"expression\", "
            "\"names\" and \"values\"");
      ok = false;
    } else {
      CheckMembers(*it, fat, {"expression", "names", "values"}, "a filter");
      PatternFilter f;
      if (const std::string* e = String(*it, "expression", fat, true)) {
        f.expression = *e;
      } else {
        ok = false;
      }
      if (auto n = it->find("names"); n != it->end()) {
        if (!n->is_object()) {
          Error(Ptr(fat, "names"), "must be an object of strings");
          ok = false;
        } else {
          for (auto m = n->begin(); m != n->end(); ++m) {
            if (!m->is_string()) {
              Error(Ptr(Ptr(fat, "names"), m.key()), "must be a string");
              ok = false;
            } else {
              f.names[m.key()] = m->get<std::string>();
            }
          }
        }
      }
      if (auto n = it->find("values"); n != it->end()) {
        if (!n->is_object()) {
          Error(Ptr(fat, "values"), "must be an object");
          ok = false;
        } else {
          for (auto m = n->begin(); m != n->end(); ++m) {
            const std::string vat = Ptr(Ptr(fat, "values"), m.key());
            std::optional<AttributeValue> v = Scalar(m.value(), vat);
            if (!v) {
              ok = false;
              continue;
            }
            if (v->is(AttributeType::kS) && !Template(m.value(), vat)) {
              ok = false;
              continue;
            }
            f.values.emplace_back(m.key(), *std::move(v));
          }
        }
      }
      for (const auto& [name, _] : f.names) {
        // A multi-attribute key condition also names #pk_1, #sk_1, ...
        if (name == "#pk" || name == "#sk" ||
            (multi &&
             (name.rfind("#pk_", 0) == 0 || name.rfind("#sk_", 0) == 0))) {
          Error(Ptr(Ptr(fat, "names"), name),
                Quote(name) + " is reserved for the key condition");
          ok = false;
        }
      }
      for (const auto& [name, _] : f.values) {
        if (name == ":pk" || name == ":sk" || name == ":sk2" ||
            (multi &&
             (name.rfind(":pk_", 0) == 0 || name.rfind(":sk_", 0) == 0))) {
          Error(Ptr(Ptr(fat, "values"), name),
                Quote(name) + " is reserved for the key condition");
          ok = false;
        }
      }
      p.filter = std::move(f);
    }
  }
  if (const std::string* s = String(value, "parametersFrom", at, false)) {
    p.parameters_from = *s;
  }
  if (auto it = value.find("expect"); it != value.end()) {
    const std::string eat = Ptr(at, "expect");
    if (!it->is_object()) {
      Error(eat, "\"expect\" must be an object");
      ok = false;
    } else {
      CheckMembers(*it, eat, {"entityType", "match", "attributes"},
                   "an expectation");
      Expectation x;
      auto types = it->find("entityType");
      if (types == it->end()) {
        Missing(eat, "entityType");
        ok = false;
      } else if (types->is_string()) {
        x.entity_types.push_back(types->get<std::string>());
      } else if (auto list = StringList(*types, Ptr(eat, "entityType"))) {
        x.entity_types = *list;
      } else {
        ok = false;
      }
      for (size_t i = 0; i < x.entity_types.size(); ++i) {
        const std::string tat = types->is_string()
                                    ? Ptr(eat, "entityType")
                                    : Ptr(Ptr(eat, "entityType"), i);
        if (!KnownEntityType(*model, x.entity_types[i], tat)) ok = false;
      }
      if (auto m = it->find("match"); m != it->end()) {
        if (auto list = StringList(*m, Ptr(eat, "match"))) {
          x.match = *list;
        } else {
          ok = false;
        }
      }
      if (auto a = it->find("attributes"); a != it->end()) {
        if (!a->is_object()) {
          Error(Ptr(eat, "attributes"), "must be an object");
          ok = false;
        } else {
          for (auto m = a->begin(); m != a->end(); ++m) {
            auto v = Scalar(m.value(), Ptr(Ptr(eat, "attributes"), m.key()));
            if (v) {
              x.attributes.emplace_back(m.key(), *std::move(v));
            } else {
              ok = false;
            }
          }
        }
      }
      p.expect = std::move(x);
    }
  }
  for (std::string_view flag : {"scanIndexForward", "consistentRead"}) {
    auto it = value.find(std::string(flag));
    if (it == value.end()) continue;
    if (!it->is_boolean()) {
      Error(Ptr(at, flag), Quote(flag) + " must be true or false");
      ok = false;
    } else if (flag == "scanIndexForward") {
      p.scan_index_forward = it->get<bool>();
    } else {
      p.consistent_read = it->get<bool>();
    }
  }
  // An LSI takes consistent reads; a GSI does not. (The table is loaded
  // before the patterns.)
  const IndexDefinition* read_index =
      p.index_name.empty() ? nullptr : model->table.FindIndex(p.index_name);
  if (p.consistent_read && !p.index_name.empty() &&
      (read_index == nullptr || !read_index->local)) {
    Error(Ptr(at, "consistentRead"),
          "consistent reads are not supported on global secondary indexes");
    ok = false;
  }
  if (auto it = value.find("limit"); it != value.end()) {
    if (!it->is_number_unsigned() || it->get<uint64_t>() == 0 ||
        it->get<uint64_t>() > 1'000'000) {
      Error(Ptr(at, "limit"), "\"limit\" must be a positive integer");
      ok = false;
    } else {
      p.limit = static_cast<int>(it->get<uint64_t>());
    }
  }
  if (auto it = value.find("partiql"); it != value.end()) {
    const std::string qat = Ptr(at, "partiql");
    if (!it->is_object()) {
      Error(qat,
            "\"partiql\" must be an object with \"statement\" and "
            "\"parameters\"");
      ok = false;
    } else {
      CheckMembers(*it, qat, {"statement", "parameters"}, "a PartiQL pattern");
      PartiqlStatement q;
      if (const std::string* s = String(*it, "statement", qat, true)) {
        q.statement = *s;
      } else {
        ok = false;
      }
      if (auto ps = it->find("parameters"); ps != it->end()) {
        const std::string pat = Ptr(qat, "parameters");
        if (!ps->is_array()) {
          Error(pat, "must be an array of values");
          ok = false;
        } else {
          for (size_t i = 0; i < ps->size(); ++i) {
            const std::string vat = Ptr(pat, i);
            std::optional<AttributeValue> v = Scalar((*ps)[i], vat);
            if (!v || (v->is(AttributeType::kS) && !Template((*ps)[i], vat))) {
              ok = false;
              continue;
            }
            q.parameters.push_back(*std::move(v));
          }
        }
      }
      p.partiql = std::move(q);
    }
  }
  if (p.filter && !p.expect) {
    Error(Ptr(at, "filter"),
          "a pattern with a filter needs \"expect\" so that its results "
          "can be verified");
    ok = false;
  }
  if (!ok || errors_->size() > errors_before) broken_patterns_.insert(at);
  // Which shapes can answer it (overlap of the key condition with each
  // shape's keys for that index). A broken shape might have answered it:
  // no error then.
  if (ok && errors_->size() == errors_before) {
    bool partition_matches = false;
    for (const EntityShape& s : model->entities) {
      if (multi) {
        const IndexKeys* k = s.FindIndex(p.index_name);
        if (k == nullptr) continue;
        bool may = true;
        for (size_t i = 0; may && i < p.partition_parts.size(); ++i) {
          may =
              TemplatesMayCollide(p.partition_parts[i], k->partition_parts[i]);
        }
        if (!may) continue;
        partition_matches = true;
        for (size_t i = 0; may && i < p.sort_parts.size(); ++i) {
          const SortKeyCondition& c = p.sort_parts[i];
          if (c.op == SortKeyOp::kEq) {
            may = TemplatesMayCollide(c.value, k->sort_parts[i]);
          } else if (c.op == SortKeyOp::kBeginsWith) {
            may = TemplateMayBeginWith(k->sort_parts[i], c.value);
          }
        }
        if (may) p.matching_entity_types.push_back(s.entity_type);
        continue;
      }
      const KeyTemplate* spk = &s.partition_key;
      const KeyTemplate* ssk = &s.sort_key;
      if (!p.index_name.empty()) {
        const IndexKeys* k = s.FindIndex(p.index_name);
        if (k == nullptr) continue;
        spk = &k->partition_key;
        ssk = k->sort_key ? &*k->sort_key : nullptr;
      }
      if (!TemplatesMayCollide(p.partition_key, *spk)) continue;
      partition_matches = true;
      if (p.sort_key && ssk != nullptr) {
        if (p.sort_key->op == SortKeyOp::kEq &&
            !TemplatesMayCollide(p.sort_key->value, *ssk)) {
          continue;
        }
        if (p.sort_key->op == SortKeyOp::kBeginsWith &&
            !TemplateMayBeginWith(*ssk, p.sort_key->value)) {
          continue;
        }
      }
      p.matching_entity_types.push_back(s.entity_type);
    }
    if (p.matching_entity_types.empty() && broken_shapes_.empty()) {
      // The member at fault: the sort-key condition when some shape's
      // partition key matches.
      Error(Ptr(at, partition_matches ? "sortKey" : "partitionKey"),
            "no entity shape writes " +
                (p.index_name.empty() ? std::string("table") : p.index_name) +
                " keys that can satisfy this key condition");
      broken_patterns_.insert(at);
    }
  }
  model->patterns.push_back(std::move(p));
}

// A pattern on a multi-attribute index: "partitionKey" is an array of one
// template per partition attribute, in the index's order.
bool Loader::LoadMultiPartition(const Json& value, const std::string& at,
                                const IndexDefinition& index,
                                AccessPattern* p) {
  const size_t n = index.partition_attributes.size();
  std::vector<std::string> names;
  for (const KeyAttribute& a : index.partition_attributes) {
    names.push_back(a.name);
  }
  if (!value.is_array() || value.size() != n) {
    Error(at, "index " + Quote(index.name) + " has " + std::to_string(n) +
                  " partition key attribute" + (n == 1 ? "" : "s") + " (" +
                  JoinNames(names) +
                  "): \"partitionKey\" must be an array of " +
                  std::to_string(n) +
                  " templates, one for each (a Query gives every partition "
                  "key attribute with =)");
    return false;
  }
  bool ok = true;
  for (size_t i = 0; i < n; ++i) {
    if (auto t = Template(value[i], Ptr(at, i))) {
      p->partition_parts.push_back(*std::move(t));
    } else {
      ok = false;
    }
  }
  if (ok) p->partition_key = p->partition_parts[0];
  return ok;
}

// "sortKey" on a multi-attribute index: an array of conditions on its sort
// attributes, left to right (one {"op": value} object each); "=" on every
// one but the last, which may be any operator (begins_with only on an S or
// B attribute).
bool Loader::LoadMultiSort(const Json& value, const std::string& at,
                           const IndexDefinition& index, AccessPattern* p) {
  const size_t n = index.sort_attributes.size();
  if (n == 0) {
    Error(at, "index " + Quote(index.name) + " has no sort key");
    return false;
  }
  if (!value.is_array() || value.empty() || value.size() > n) {
    Error(at, "index " + Quote(index.name) + " has " + std::to_string(n) +
                  " sort key attribute" + (n == 1 ? "" : "s") +
                  ": \"sortKey\" must be an array of 1 to " +
                  std::to_string(n) +
                  " conditions on them, left to right ({\"=\": ...} on each "
                  "but the last)");
    return false;
  }
  const size_t count = value.size();
  bool ok = true;
  for (size_t i = 0; i < count; ++i) {
    const Json& c = value[i];
    const std::string cat = Ptr(at, i);
    const KeyAttribute& attr = index.sort_attributes[i];
    if (!c.is_object() || c.size() != 1) {
      Error(cat, "a condition on " + attr.name +
                     " must be an object with one member: \"=\", \"<\", "
                     "\"<=\", \">\", \">=\", \"begins_with\" or "
                     "\"between\"");
      ok = false;
      continue;
    }
    const std::string op = c.begin().key();
    const Json& v = c.begin().value();
    const std::string vat = Ptr(cat, op);
    auto found = std::find_if(std::begin(kOps), std::end(kOps),
                              [&](const auto& e) { return e.first == op; });
    if (found == std::end(kOps)) {
      Error(vat, "unknown sort-key operator " + Quote(op) +
                     " (use =, <, <=, >, >=, begins_with or between)");
      ok = false;
      continue;
    }
    if (found->second != SortKeyOp::kEq && i + 1 < count) {
      Error(vat, "only the last condition may be " + Quote(op) + ": " +
                     attr.name + " is followed by a condition on " +
                     index.sort_attributes[i + 1].name +
                     ", so it needs \"=\" (sort key attributes are "
                     "constrained left to right)");
      ok = false;
      continue;
    }
    if (found->second == SortKeyOp::kBeginsWith &&
        attr.type == ScalarAttributeType::kN) {
      Error(vat,
            "begins_with needs an S or B attribute; " + attr.name + " is N");
      ok = false;
      continue;
    }
    if (found->second == SortKeyOp::kBetween) {
      if (!v.is_array() || v.size() != 2) {
        Error(vat, "\"between\" takes [low, high]");
        ok = false;
        continue;
      }
      auto lo = Template(v[0], Ptr(vat, size_t{0}));
      auto hi = Template(v[1], Ptr(vat, size_t{1}));
      if (!lo || !hi) {
        ok = false;
        continue;
      }
      p->sort_parts.push_back({SortKeyOp::kBetween, *lo, *hi});
    } else if (auto t = Template(v, vat)) {
      p->sort_parts.push_back({found->second, *std::move(t), std::nullopt});
    } else {
      ok = false;
    }
  }
  if (ok) p->sort_key = p->sort_parts.back();
  return ok;
}

}  // namespace eddy::model::internal
