// Copyright 2026 The eddy Authors.
//
// The model loader's workload section: generator entries, attribute
// generators, counts and fan-outs, and the check of executable access
// patterns against the bindings the workload provides (see loader.cc).

#include <algorithm>
#include <set>

#include "model/internal/civil_time.h"
#include "model/internal/loader.h"
#include "model/suggest.h"

namespace eddy::model::internal {

// --- Workload
// ------------------------------------------------------------------------

std::optional<AttributeGenerator> Loader::LoadAttribute(const Json& value,
                                                        const std::string& at) {
  AttributeGenerator g;
  if (!value.is_object()) {
    std::optional<AttributeValue> v = Scalar(value, at);
    if (!v) return std::nullopt;
    if (v->is(AttributeType::kS)) {
      if (v->s().empty()) {
        Error(at, "a string attribute must not be empty");
        return std::nullopt;
      }
      StatusOr<KeyTemplate> t = KeyTemplate::Parse(v->s());
      if (!t.ok()) {
        Error(at, "malformed template: " + std::string(t.status().message()));
        return std::nullopt;
      }
      if (!t->is_literal()) g.literal_template = *std::move(t);
    }
    g.literal = *std::move(v);
    return g;
  }
  if (value.size() != 1) {
    Error(at,
          "an attribute generator is a value or an object with one of "
          "\"oneOf\", \"cycle\", \"int\", \"text\", \"timestamp\", "
          "\"list\", \"map\"");
    return std::nullopt;
  }
  const std::string kind = value.begin().key();
  const Json& arg = value.begin().value();
  const std::string kat = Ptr(at, kind);
  if (kind == "oneOf" || kind == "cycle") {
    g.kind = kind == "oneOf" ? AttributeGenerator::Kind::kOneOf
                             : AttributeGenerator::Kind::kCycle;
    if (!arg.is_array() || arg.empty()) {
      Error(kat, "must be a non-empty array of values");
      return std::nullopt;
    }
    for (size_t i = 0; i < arg.size(); ++i) {
      std::optional<AttributeValue> v = Scalar(arg[i], Ptr(kat, i));
      if (!v) return std::nullopt;
      if (v->is(AttributeType::kS) && v->s().empty()) {
        Error(Ptr(kat, i), "a string attribute must not be empty");
        return std::nullopt;
      }
      g.choices.push_back(*std::move(v));
    }
    return g;
  }
  if (kind == "int" || kind == "text") {
    g.kind = kind == "int" ? AttributeGenerator::Kind::kInt
                           : AttributeGenerator::Kind::kText;
    std::optional<CountRange> r =
        Count(arg, kat, kind == "int" ? INT64_MIN / 2 : 1);
    if (!r) return std::nullopt;
    if (kind == "text" && r->max > 350'000) {
      Error(kat, "text longer than 350000 characters cannot fit in an item");
      return std::nullopt;
    }
    g.range = *r;
    return g;
  }
  if (kind == "list") {
    // {"list": {"of": GEN, "count": N | [min, max]}}
    if (!arg.is_object() || !arg.contains("of")) {
      Error(kat,
            "must be an object {\"of\": generator, \"count\": N or "
            "[min, max]}");
      return std::nullopt;
    }
    for (auto it = arg.begin(); it != arg.end(); ++it) {
      if (it.key() != "of" && it.key() != "count") {
        Error(Ptr(kat, it.key()), "unknown member " + Quote(it.key()) +
                                      " (a list generator has \"of\" and "
                                      "\"count\")");
        return std::nullopt;
      }
    }
    g.kind = AttributeGenerator::Kind::kList;
    g.range = CountRange{1, 4};
    if (auto c = arg.find("count"); c != arg.end()) {
      std::optional<CountRange> r = Count(*c, Ptr(kat, "count"), 0);
      if (!r) return std::nullopt;
      if (r->max > 1000) {
        Error(Ptr(kat, "count"),
              "a generated list holds at most 1000 elements");
        return std::nullopt;
      }
      g.range = *r;
    }
    std::optional<AttributeGenerator> of =
        LoadAttribute(arg.at("of"), Ptr(kat, "of"));
    if (!of) return std::nullopt;
    g.members.emplace_back("", *std::move(of));
    return g;
  }
  if (kind == "map") {
    // {"map": {"name": GEN, ...}}
    if (!arg.is_object() || arg.empty()) {
      Error(kat, "must be a non-empty object of member generators");
      return std::nullopt;
    }
    g.kind = AttributeGenerator::Kind::kMap;
    for (auto it = arg.begin(); it != arg.end(); ++it) {
      std::optional<AttributeGenerator> m =
          LoadAttribute(it.value(), Ptr(kat, it.key()));
      if (!m) return std::nullopt;
      g.members.emplace_back(it.key(), *std::move(m));
    }
    return g;
  }
  if (kind == "timestamp") {
    if (!arg.is_boolean() || !arg.get<bool>()) {
      Error(kat, "must be true");
      return std::nullopt;
    }
    g.kind = AttributeGenerator::Kind::kTimestamp;
    return g;
  }
  const std::string meant = ClosestName(
      kind, {"oneOf", "cycle", "int", "text", "timestamp", "list", "map"});
  Error(kat, "unknown attribute generator " + Quote(kind) +
                 (meant.empty() ? std::string(" (use oneOf, cycle, int, text, "
                                              "timestamp, list or map)")
                                : " (did you mean " + Quote(meant) + "?)"));
  return std::nullopt;
}

void Loader::LoadEntry(const Json& e, const std::string& at, Model* model,
                       Workload* workload) {
  if (!e.is_object()) {
    Error(at, "a generator entry must be an object");
    return;
  }
  CheckMembers(e, at,
               {"name", "entityType", "per", "count", "repeat", "new", "pick",
                "distinct", "attributes"},
               "a generator entry");
  GeneratorEntry entry;
  entry.pointer = at;
  const std::string* name = String(e, "name", at, true);
  const std::string* type = String(e, "entityType", at, true);
  if (name == nullptr || type == nullptr) return;
  entry.name = *name;
  entry.entity_type = *type;
  if (workload->FindEntry(entry.name) != nullptr) {
    Error(Ptr(at, "name"),
          "duplicate generator entry name " + Quote(entry.name));
    return;
  }
  // An entry with an error is broken; so is one that takes bindings from a
  // broken entry, silently: the bindings it lacks are that entry's error.
  const size_t errors_before = errors_->size();
  bool inherits_broken = false;
  struct MarkBroken {
    Loader* loader;
    std::string name, type;
    size_t before;
    const bool& inherited;
    ~MarkBroken() {
      if (inherited || loader->errors_->size() > before) {
        loader->broken_entries_.insert(name);
        loader->broken_entry_types_.insert(type);
      }
    }
  } mark{this, entry.name, entry.entity_type, errors_before, inherits_broken};
  // The names a "per" or "from" may take, for "did you mean".
  std::vector<std::string> earlier;
  for (const GeneratorEntry& g : workload->entries) earlier.push_back(g.name);
  earlier.insert(earlier.end(), broken_entries_.begin(), broken_entries_.end());
  if (!KnownEntityType(*model, entry.entity_type, Ptr(at, "entityType"))) {
    inherits_broken = true;  // reported once, where first named
    return;
  }
  const EntityShape* shape = model->FindEntity(entry.entity_type);
  // Where each binding comes from, for conflict messages.
  std::vector<std::pair<std::string, std::string>> sources;
  bool ok = true;
  auto bind = [&](const std::string& binding, const std::string& source,
                  const std::string& pointer) {
    for (const auto& [b, s] : sources) {
      if (b == binding) {
        Error(pointer, "${" + binding + "} is bound twice (by " + s +
                           " and by " + source + ")");
        ok = false;
        return;
      }
    }
    sources.emplace_back(binding, source);
  };
  if (const std::string* per = String(e, "per", at, false)) {
    const GeneratorEntry* parent = workload->FindEntry(*per);
    if (parent == nullptr) {
      if (broken_entries_.count(*per) > 0) {
        inherits_broken = true;
      } else {
        Error(Ptr(at, "per"), "\"per\" must name an earlier generator entry; " +
                                  Quote(*per) + " is not one" +
                                  DidYouMean(*per, earlier, "\"", "\""));
      }
      return;
    }
    if (broken_entries_.count(*per) > 0) inherits_broken = true;
    entry.per = *per;
    for (const std::string& b : parent->binding_names) {
      bind(b, "per " + Quote(*per), Ptr(at, "per"));
    }
  }
  auto count = e.find("count");
  if (count == e.end()) {
    Missing(at, "count");
    return;
  }
  if (auto c = Count(*count, Ptr(at, "count"), 0, kMaxCount)) {
    entry.count = *c;
  } else {
    return;
  }
  if (auto r = e.find("repeat"); r != e.end()) {
    if (auto c = Count(*r, Ptr(at, "repeat"), 1, kMaxCount)) {
      entry.repeat = *c;
    } else {
      return;
    }
  }
  if (auto p = e.find("pick"); p != e.end()) {
    const std::string pat = Ptr(at, "pick");
    if (!p->is_array()) {
      Error(pat, "\"pick\" must be an array of {\"from\": entry} objects");
      return;
    }
    for (size_t i = 0; i < p->size(); ++i) {
      const Json& pj = (*p)[i];
      const std::string iat = Ptr(pat, i);
      if (!pj.is_object()) {
        Error(iat, "a pick must be an object");
        ok = false;
        continue;
      }
      CheckMembers(pj, iat, {"from", "unique", "bind"}, "a pick");
      Pick pick;
      const std::string* from = String(pj, "from", iat, true);
      if (from == nullptr) {
        ok = false;
        inherits_broken = true;  // its bindings are missing for that reason
        continue;
      }
      const GeneratorEntry* src = workload->FindEntry(*from);
      if (src == nullptr) {
        if (broken_entries_.count(*from) > 0) {
          inherits_broken = true;
        } else {
          Error(Ptr(iat, "from"),
                "\"from\" must name an earlier generator entry; " +
                    Quote(*from) + " is not one" +
                    DidYouMean(*from, earlier, "\"", "\""));
        }
        ok = false;
        inherits_broken = true;  // its bindings are missing for that reason
        continue;
      }
      if (broken_entries_.count(*from) > 0) inherits_broken = true;
      pick.from = *from;
      if (auto u = pj.find("unique"); u != pj.end()) {
        if (!u->is_boolean()) {
          Error(Ptr(iat, "unique"), "\"unique\" must be true or false");
          ok = false;
        } else {
          pick.unique = u->get<bool>();
        }
      }
      if (auto b = pj.find("bind"); b != pj.end()) {
        if (!b->is_object() || b->empty()) {
          Error(Ptr(iat, "bind"),
                "\"bind\" must map this item's names to the picked item's");
          ok = false;
          continue;
        }
        for (auto m = b->begin(); m != b->end(); ++m) {
          const std::string mat = Ptr(Ptr(iat, "bind"), m.key());
          if (!m->is_string() ||
              std::find(src->binding_names.begin(), src->binding_names.end(),
                        m->get<std::string>()) == src->binding_names.end()) {
            const std::string meant =
                m->is_string()
                    ? ClosestName(m->get<std::string>(), src->binding_names)
                    : std::string();
            if (!inherits_broken) {
              Error(mat, "must name a binding of " + Quote(*from) + " (" +
                             (meant.empty() ? JoinNames(src->binding_names)
                                            : "did you mean " + meant + "?") +
                             ")");
            }
            ok = false;
            continue;
          }
          pick.bind.emplace_back(m.key(), m->get<std::string>());
          bind(m.key(), "pick " + Quote(*from), mat);
        }
      } else {
        for (const std::string& b : src->binding_names) {
          pick.bind.emplace_back(b, b);
          bind(b, "pick " + Quote(*from), iat);
        }
      }
      entry.picks.push_back(std::move(pick));
    }
  }
  if (auto n = e.find("new"); n != e.end()) {
    if (auto list = StringList(*n, Ptr(at, "new"))) {
      for (size_t i = 0; i < list->size(); ++i) {
        bind((*list)[i], "new", Ptr(Ptr(at, "new"), i));
      }
      entry.new_ids = *list;
    } else {
      return;
    }
  }
  for (const auto& [b, source] : sources) {
    if (workload->constants.Find(b) != nullptr) {
      Error(at, "${" + b + "} is both a constant and bound by this entry (by " +
                    source + ")");
      ok = false;
    }
    entry.binding_names.push_back(b);
  }
  if (auto d = e.find("distinct"); d != e.end()) {
    if (auto list = StringList(*d, Ptr(at, "distinct"))) {
      for (size_t i = 0; i < list->size(); ++i) {
        if (std::find(entry.binding_names.begin(), entry.binding_names.end(),
                      (*list)[i]) == entry.binding_names.end()) {
          if (!inherits_broken) {
            Error(Ptr(Ptr(at, "distinct"), i),
                  "${" + (*list)[i] + "} is not bound by this entry" +
                      DidYouMean((*list)[i], entry.binding_names, "${", "}"));
          }
          ok = false;
        }
      }
      entry.distinct = *list;
    } else {
      return;
    }
  }
  // An attribute named after a key placeholder that nothing else binds
  // gives it its value (GeneratorEntry::attribute_bindings).
  std::vector<std::string> by_attribute;
  if (auto a = e.find("attributes"); a != e.end() && a->is_object()) {
    for (const std::string& ph : shape->Placeholders()) {
      if (a->contains(ph) &&
          std::find(entry.binding_names.begin(), entry.binding_names.end(),
                    ph) == entry.binding_names.end() &&
          workload->constants.Find(ph) == nullptr) {
        by_attribute.push_back(ph);
      }
    }
  }
  // Every key placeholder of the shape needs a value. One that has none is
  // reported once, here, and then counts as bound (see below).
  std::vector<std::string> unbound;
  auto bound = [&](const std::string& name) {
    return std::find(entry.binding_names.begin(), entry.binding_names.end(),
                     name) != entry.binding_names.end() ||
           std::find(unbound.begin(), unbound.end(), name) != unbound.end() ||
           std::find(by_attribute.begin(), by_attribute.end(), name) !=
               by_attribute.end() ||
           workload->constants.Find(name) != nullptr;
  };
  for (const std::string& ph : shape->Placeholders()) {
    if (bound(ph)) continue;
    if (!inherits_broken) {
      // "new": ["storeULId"] for ${storeULID}: say so.
      const std::string near = ClosestName(ph, entry.binding_names);
      Error(
          at,
          "entityType " + Quote(entry.entity_type) + " needs a value for ${" +
              ph + "}, which this entry does not bind " +
              (near.empty()
                   ? std::string("(bind it with \"new\", \"pick\" or \"per\", "
                                 "or define it in \"constants\")")
                   : "(it binds ${" + near + "}: a misspelling of ${" + ph +
                         "}?)"));
    }
    ok = false;
    unbound.push_back(ph);
  }
  if (auto a = e.find("attributes"); a != e.end()) {
    const std::string aat = Ptr(at, "attributes");
    if (!a->is_object()) {
      Error(aat, "\"attributes\" must be an object");
      return;
    }
    std::vector<std::string> reserved = {model->table.partition_key,
                                         model->table.sort_key, "entityType"};
    const EntityShape* shape = model->FindEntity(entry.entity_type);
    for (const IndexDefinition& g : model->table.global_secondary_indexes) {
      if (!g.multi_attribute()) {
        reserved.push_back(g.partition_key);
        if (!g.sort_key.empty()) reserved.push_back(g.sort_key);
        continue;
      }
      // A multi-attribute key attribute may be the item's own attribute:
      // generated here when the shape's template for it is exactly
      // "${name}" (the attribute binds it), reserved otherwise.
      const IndexKeys* k =
          shape == nullptr ? nullptr : shape->FindIndex(g.name);
      const size_t n = g.partition_attributes.size();
      for (size_t i = 0; i < n + g.sort_attributes.size(); ++i) {
        const KeyAttribute& attr =
            i < n ? g.partition_attributes[i] : g.sort_attributes[i - n];
        const KeyTemplate* t = k == nullptr ? nullptr
                                            : &(i < n ? k->partition_parts[i]
                                                      : k->sort_parts[i - n]);
        if (t == nullptr || t->text() != "${" + attr.name + "}") {
          reserved.push_back(attr.name);
        }
      }
    }
    for (auto m = a->begin(); m != a->end(); ++m) {
      const std::string mat = Ptr(aat, m.key());
      if (m.key().empty() ||
          std::find(reserved.begin(), reserved.end(), m.key()) !=
              reserved.end() ||
          std::find(entry.binding_names.begin(), entry.binding_names.end(),
                    m.key()) != entry.binding_names.end()) {
        Error(mat, Quote(m.key()) +
                       " is a key, entityType or a binding; generated "
                       "attributes need other names");
        ok = false;
        continue;
      }
      std::optional<AttributeGenerator> g = LoadAttribute(m.value(), mat);
      if (!g) {
        ok = false;
        continue;
      }
      const bool binds = std::find(by_attribute.begin(), by_attribute.end(),
                                   m.key()) != by_attribute.end();
      if (binds) {
        using Kind = AttributeGenerator::Kind;
        bool scalar = g->kind != Kind::kList && g->kind != Kind::kMap;
        const AttributeValue* lit =
            g->kind == Kind::kLiteral && !g->literal_template ? &g->literal
                                                              : nullptr;
        if (lit != nullptr && !lit->is(AttributeType::kS) &&
            !lit->is(AttributeType::kN) && !lit->is(AttributeType::kBOOL)) {
          scalar = false;
        }
        for (const AttributeValue& c : g->choices) {
          if (!c.is(AttributeType::kS) && !c.is(AttributeType::kN) &&
              !c.is(AttributeType::kBOOL)) {
            scalar = false;
          }
        }
        if (!scalar) {
          Error(mat, "${" + m.key() +
                         "} is a key placeholder, so its attribute must be a "
                         "string, number or boolean");
          ok = false;
          continue;
        }
        if (g->literal_template) {
          for (const std::string& ph : g->literal_template->placeholders()) {
            if (std::find(by_attribute.begin(), by_attribute.end(), ph) !=
                by_attribute.end()) {
              Error(mat, "${" + m.key() + "} is made from ${" + ph +
                             "}, which an attribute binds too: bind it with "
                             "\"new\", \"pick\" or \"per\"");
              ok = false;
            }
          }
        }
        entry.attribute_bindings.push_back(m.key());
      }
      if (g->literal_template && !inherits_broken) {
        for (const std::string& ph : g->literal_template->placeholders()) {
          if (!bound(ph)) {
            std::vector<std::string> names = entry.binding_names;
            for (const auto& [c, _] : workload->constants.entries()) {
              names.push_back(c);
            }
            Error(mat, "${" + ph + "} is not bound by this entry" +
                           DidYouMean(ph, names, "${", "}"));
            ok = false;
          }
        }
      }
      entry.attributes.emplace_back(m.key(), *std::move(g));
    }
  }
  // Kept even with errors in its bindings or attributes, so that later
  // entries and patterns are checked against it rather than failing twice;
  // the placeholders it failed to bind count as its bindings from here on,
  // so the entries and patterns that use them do not repeat the error.
  (void)ok;
  entry.binding_names.insert(entry.binding_names.end(), by_attribute.begin(),
                             by_attribute.end());
  entry.binding_names.insert(entry.binding_names.end(), unbound.begin(),
                             unbound.end());
  workload->entries.push_back(std::move(entry));
}

void Loader::LoadWorkload(const Json& w, const std::string& at, Model* model) {
  if (!w.is_object()) {
    Error(at, "\"workload\" must be an object");
    return;
  }
  CheckMembers(
      w, at,
      {"seed", "scale", "runs", "clock", "constants", "generate", "migration"},
      "a workload");
  Workload workload;
  if (auto s = w.find("seed"); s != w.end()) {
    if (!s->is_number_unsigned()) {
      Error(Ptr(at, "seed"), "\"seed\" must be a non-negative integer");
    } else {
      workload.seed = s->get<uint64_t>();
    }
  }
  if (auto s = w.find("scale"); s != w.end()) {
    if (!s->is_number_unsigned() || s->get<uint64_t>() < 1 ||
        s->get<uint64_t>() > 100'000) {
      Error(Ptr(at, "scale"), "\"scale\" must be an integer from 1 to 100000");
    } else {
      workload.scale = static_cast<int64_t>(s->get<uint64_t>());
    }
  }
  if (auto s = w.find("runs"); s != w.end()) {
    if (!s->is_number_unsigned() || s->get<uint64_t>() < 1 ||
        s->get<uint64_t>() > 1'000'000) {
      Error(Ptr(at, "runs"), "\"runs\" must be an integer from 1 to 1000000");
    } else {
      workload.runs = static_cast<int>(s->get<uint64_t>());
    }
  }
  if (auto c = w.find("clock"); c != w.end()) {
    const std::string cat = Ptr(at, "clock");
    if (!c->is_object()) {
      Error(cat,
            "\"clock\" must be an object with \"start\" and \"stepMillis\"");
    } else {
      CheckMembers(*c, cat, {"start", "stepMillis"}, "a clock");
      if (const std::string* s = String(*c, "start", cat, false)) {
        if (auto ms = model::internal::ParseIsoMillis(*s)) {
          workload.clock_start_millis = *ms;
        } else {
          Error(Ptr(cat, "start"),
                "\"start\" must be an ISO 8601 UTC time such as "
                "\"2024-01-01T00:00:00Z\"");
        }
      }
      if (auto s = c->find("stepMillis"); s != c->end()) {
        if (auto r = Count(*s, Ptr(cat, "stepMillis"), 0, kMaxStepMillis)) {
          workload.step_millis = *r;
        }
      }
    }
  }
  if (auto c = w.find("constants"); c != w.end()) {
    const std::string cat = Ptr(at, "constants");
    if (!c->is_object()) {
      Error(cat, "\"constants\" must be an object of strings");
    } else {
      for (auto m = c->begin(); m != c->end(); ++m) {
        const std::string mat = Ptr(cat, m.key());
        if (!m->is_string()) {
          Error(mat, "a constant must be a string");
          continue;
        }
        Status s = ValidatePlaceholderValue(m.key(), m->get<std::string>());
        if (!s.ok()) {
          Error(mat, std::string(s.message()));
          continue;
        }
        workload.constants.Set(m.key(), m->get<std::string>());
      }
    }
  }
  if (auto m = w.find("migration"); m != w.end()) {
    if (!m->is_object()) {
      Error(Ptr(at, "migration"),
            "\"migration\" must be an object (fromVersion, toVersion, "
            "backfill, ...)");
    } else {
      workload.migration = m->dump();
    }
  }
  auto g = w.find("generate");
  if (g == w.end()) {
    Error(at, "missing \"generate\"");
  } else if (!g->is_array()) {
    Error(Ptr(at, "generate"), "\"generate\" must be an array of entries");
  } else {
    for (size_t i = 0; i < g->size(); ++i) {
      LoadEntry((*g)[i], Ptr(Ptr(at, "generate"), i), model, &workload);
    }
  }
  model->workload = std::move(workload);
}

// The names a pattern's parameters can supply: the bindings every item of
// the source has (an entry, or all entries of an entity type).
std::optional<std::vector<std::string>> SourceBindings(
    const Workload& w, const std::string& from) {
  if (const GeneratorEntry* e = w.FindEntry(from)) return e->binding_names;
  std::optional<std::vector<std::string>> common;
  for (const GeneratorEntry& e : w.entries) {
    if (e.entity_type != from) continue;
    if (!common) {
      common = e.binding_names;
      continue;
    }
    std::vector<std::string> keep;
    for (const std::string& n : *common) {
      if (std::find(e.binding_names.begin(), e.binding_names.end(), n) !=
          e.binding_names.end()) {
        keep.push_back(n);
      }
    }
    common = std::move(keep);
  }
  return common;
}

void Loader::CheckPatternsAgainstWorkload(Model* model) {
  const Workload& w = *model->workload;
  std::vector<std::string> sources;  // for "did you mean"
  for (const GeneratorEntry& e : w.entries) {
    sources.push_back(e.name);
    if (std::find(sources.begin(), sources.end(), e.entity_type) ==
        sources.end()) {
      sources.push_back(e.entity_type);
    }
  }
  for (const AccessPattern& p : model->patterns) {
    if (!p.executable || broken_patterns_.count(p.pointer) > 0) continue;
    std::vector<std::string> available;
    if (!p.parameters_from.empty()) {
      auto names = SourceBindings(w, p.parameters_from);
      // A source dropped for its own error is not reported again. (Entries
      // kept despite an error count as binding what their keys need.)
      if (!names && (broken_entries_.count(p.parameters_from) > 0 ||
                     broken_entry_types_.count(p.parameters_from) > 0 ||
                     broken_types_.count(p.parameters_from) > 0)) {
        continue;
      }
      if (!names) {
        Error(Ptr(p.pointer, "parametersFrom"),
              Quote(p.parameters_from) +
                  " is neither a generator entry nor a generated entityType" +
                  DidYouMean(p.parameters_from, sources, "\"", "\""));
        continue;
      }
      available = *names;
    }
    // Each template with the pointer of the member that holds it.
    std::vector<std::pair<const KeyTemplate*, std::string>> templates;
    if (p.partition_parts.empty()) {
      templates.emplace_back(&p.partition_key, Ptr(p.pointer, "partitionKey"));
    }
    for (size_t i = 0; i < p.partition_parts.size(); ++i) {
      templates.emplace_back(&p.partition_parts[i],
                             Ptr(Ptr(p.pointer, "partitionKey"), i));
    }
    // A multi-attribute index's sort conditions, each at its own pointer.
    for (size_t i = 0; i < p.sort_parts.size(); ++i) {
      const SortKeyCondition& c = p.sort_parts[i];
      const std::string cat = Ptr(Ptr(p.pointer, "sortKey"), i);
      if (c.op == SortKeyOp::kBetween) {
        templates.emplace_back(&c.value, Ptr(Ptr(cat, "between"), size_t{0}));
        if (c.high) {
          templates.emplace_back(&*c.high, Ptr(Ptr(cat, "between"), size_t{1}));
        }
      } else {
        templates.emplace_back(&c.value, Ptr(cat, SortKeyOpName(c.op)));
      }
    }
    if (p.sort_key && p.sort_parts.empty()) {
      const std::string sat = Ptr(p.pointer, "sortKey");
      if (p.sort_key->op == SortKeyOp::kBetween) {
        templates.emplace_back(&p.sort_key->value,
                               Ptr(Ptr(sat, "between"), size_t{0}));
        if (p.sort_key->high) {
          templates.emplace_back(&*p.sort_key->high,
                                 Ptr(Ptr(sat, "between"), size_t{1}));
        }
      } else {
        templates.emplace_back(&p.sort_key->value,
                               Ptr(sat, SortKeyOpName(p.sort_key->op)));
      }
    }
    std::vector<std::pair<KeyTemplate, std::string>> filter_templates;
    if (p.filter) {
      for (const auto& [name, v] : p.filter->values) {
        if (!v.is(AttributeType::kS)) continue;
        StatusOr<KeyTemplate> t = KeyTemplate::Parse(v.s());
        if (t.ok()) {
          filter_templates.emplace_back(
              *std::move(t),
              Ptr(Ptr(Ptr(p.pointer, "filter"), "values"), name));
        }
      }
    }
    for (const auto& [t, at] : filter_templates) templates.emplace_back(&t, at);
    std::vector<std::string> known = available;
    for (const auto& [c, _] : w.constants.entries()) known.push_back(c);
    std::set<std::string> reported;
    for (const auto& [t, at] : templates) {
      for (const std::string& ph : t->placeholders()) {
        if (w.constants.Find(ph) != nullptr ||
            std::find(available.begin(), available.end(), ph) !=
                available.end() ||
            !reported.insert(ph).second) {
          continue;
        }
        const std::string meant = ClosestName(ph, known);
        Error(at, "${" + ph + "} has no value: " +
                      (!meant.empty() ? "did you mean ${" + meant + "}?"
                       : p.parameters_from.empty()
                           ? std::string(
                                 "the pattern has no \"parametersFrom\" and "
                                 "it is not a constant")
                           : Quote(p.parameters_from) + " binds " +
                                 (available.empty() ? std::string("nothing")
                                                    : JoinNames(available)) +
                                 " and it is not a constant"));
      }
    }
    if (!p.expect) continue;
    for (size_t i = 0; i < p.expect->match.size(); ++i) {
      const std::string& m = p.expect->match[i];
      const std::string mat = Ptr(Ptr(Ptr(p.pointer, "expect"), "match"), i);
      if (std::find(available.begin(), available.end(), m) == available.end()) {
        if (!reported.insert(m).second) continue;  // said above
        Error(mat, "${" + m + "} is not a parameter of this pattern" +
                       DidYouMean(m, available, "${", "}"));
        continue;
      }
      for (const std::string& type : p.expect->entity_types) {
        for (const GeneratorEntry& e : w.entries) {
          if (e.entity_type == type &&
              std::find(e.binding_names.begin(), e.binding_names.end(), m) ==
                  e.binding_names.end()) {
            Error(mat, "generator entry " + Quote(e.name) + " (" + type +
                           ") does not bind ${" + m + "}");
          }
        }
      }
    }
  }
}

}  // namespace eddy::model::internal
