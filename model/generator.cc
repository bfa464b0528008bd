// Copyright 2026 The eddy Authors.

#include "model/generator.h"

#include <algorithm>
#include <string_view>

#include "absl/container/flat_hash_set.h"
#include "emulator/base/clock.h"
#include "emulator/types/limits.h"
#include "model/internal/civil_time.h"
#include "model/internal/random.h"
#include "model/ulid.h"

namespace eddy::model {
namespace {

constexpr int kMaxAttempts = 1000;

// Sampling without replacement: a lazily shuffled permutation of [0, n).
class UniqueSampler {
 public:
  explicit UniqueSampler(size_t n) : order_(n) {
    for (size_t i = 0; i < n; ++i) order_[i] = static_cast<int32_t>(i);
  }
  // Returns -1 once exhausted.
  int32_t Next(model::internal::Random& rng) {
    if (next_ >= order_.size()) return -1;
    const size_t j = next_ + rng.Uniform(order_.size() - next_);
    std::swap(order_[next_], order_[j]);
    return order_[next_++];
  }

 private:
  std::vector<int32_t> order_;
  size_t next_ = 0;
};

std::string Quote(std::string_view s) { return "\"" + std::string(s) + "\""; }

class Generator {
 public:
  Generator(const Model& model, const Workload& workload, int64_t scale,
            uint64_t seed, int64_t max_items,
            std::function<void(int64_t)> on_progress)
      : model_(model),
        workload_(workload),
        scale_(scale),
        max_items_(max_items),
        on_progress_(std::move(on_progress)),
        rng_(seed),
        clock_(workload.clock_start_millis * 1000),
        ulids_(rng_.Next(), &clock_) {}

  Status Run(GeneratedData* out);

 private:
  Status RunEntry(size_t e, GeneratedData* out);
  Status Emit(size_t e, const GeneratorEntry& entry, const EntityShape& shape,
              Bindings bindings, int64_t index_in_entry, GeneratedData* out,
              bool* collided);
  Status Attribute(const AttributeGenerator& g, const Bindings& bindings,
                   int64_t index_in_entry, int64_t created,
                   AttributeValue* out);

  const Model& model_;
  const Workload& workload_;
  const int64_t scale_;
  const int64_t max_items_;
  const std::function<void(int64_t)> on_progress_;
  model::internal::Random rng_;
  ManualClock clock_;
  UlidGenerator ulids_;
  absl::flat_hash_set<std::string> primary_keys_;
};

Status Generator::Run(GeneratedData* out) {
  out->by_entry.resize(workload_.entries.size());
  for (size_t e = 0; e < workload_.entries.size(); ++e) {
    EDDY_RETURN_IF_ERROR(RunEntry(e, out));
  }
  return Status::OK();
}

Status Generator::RunEntry(size_t e, GeneratedData* out) {
  const GeneratorEntry& entry = workload_.entries[e];
  const EntityShape& shape = *model_.FindEntity(entry.entity_type);
  const std::string where = "generator entry " + Quote(entry.name) + ": ";

  // Parents: the items of the "per" entry, or one implicit parent.
  std::vector<int32_t> parents = {-1};
  if (!entry.per.empty()) {
    for (size_t i = 0; i < workload_.entries.size(); ++i) {
      if (workload_.entries[i].name == entry.per) parents = out->by_entry[i];
    }
  }
  std::vector<size_t> pick_entry(entry.picks.size());
  std::vector<std::optional<UniqueSampler>> samplers(entry.picks.size());
  for (size_t k = 0; k < entry.picks.size(); ++k) {
    for (size_t i = 0; i < workload_.entries.size(); ++i) {
      if (workload_.entries[i].name == entry.picks[k].from) pick_entry[k] = i;
    }
    if (entry.picks[k].unique) {
      samplers[k].emplace(out->by_entry[pick_entry[k]].size());
    }
  }
  absl::flat_hash_set<std::string> distinct_seen;
  int64_t emitted = 0;
  for (int32_t parent : parents) {
    CountRange count = entry.count;
    if (entry.per.empty()) {
      count.min *= scale_;
      count.max *= scale_;
    }
    const int64_t draws = rng_.Range(count.min, count.max);
    for (int64_t d = 0; d < draws; ++d) {
      bool done = false;
      for (int attempt = 0; attempt < kMaxAttempts && !done; ++attempt) {
        Bindings bindings;
        if (parent >= 0) bindings = out->items[parent].bindings;
        for (size_t k = 0; k < entry.picks.size(); ++k) {
          const std::vector<int32_t>& pool = out->by_entry[pick_entry[k]];
          int32_t chosen = -1;
          if (samplers[k]) {
            chosen = samplers[k]->Next(rng_);
          } else if (!pool.empty()) {
            chosen = static_cast<int32_t>(rng_.Uniform(pool.size()));
          }
          if (chosen < 0) {
            return Status::Validation(
                where + "pick from " + Quote(entry.picks[k].from) +
                (entry.picks[k].unique ? " is unique but " : " but ") +
                Quote(entry.picks[k].from) + " has only " +
                std::to_string(pool.size()) + " items");
          }
          const Bindings& src = out->items[pool[chosen]].bindings;
          for (const auto& [to, from] : entry.picks[k].bind) {
            bindings.Set(to, *src.Find(from));
          }
        }
        if (!entry.distinct.empty()) {
          std::string key;
          for (const std::string& name : entry.distinct) {
            key += *bindings.Find(name);
            key.push_back('\x1f');
          }
          if (distinct_seen.contains(key)) continue;
          distinct_seen.insert(std::move(key));
        }
        const int64_t repeat = rng_.Range(entry.repeat.min, entry.repeat.max);
        bool collided = false;
        for (int64_t r = 0; r < repeat; ++r) {
          EDDY_RETURN_IF_ERROR(
              Emit(e, entry, shape, bindings, emitted, out, &collided));
          if (collided) break;
          ++emitted;
        }
        done = !collided;
      }
      if (!done) {
        return Status::Validation(
            where + "no draw in " + std::to_string(kMaxAttempts) +
            " attempts gave new values for \"distinct\" and a primary key "
            "not used before (are the picks exhausted?)");
      }
    }
  }
  return Status::OK();
}

Status Generator::Emit(size_t e, const GeneratorEntry& entry,
                       const EntityShape& shape, Bindings bindings,
                       int64_t index_in_entry, GeneratedData* out,
                       bool* collided) {
  clock_.AdvanceMicros(
      rng_.Range(workload_.step_millis.min, workload_.step_millis.max) * 1000);
  for (const std::string& id : entry.new_ids) bindings.Set(id, ulids_.Next());
  // Attributes that bind a key placeholder are made first, in document
  // order, and their text becomes the placeholder's value.
  std::vector<std::pair<size_t, AttributeValue>> made;
  if (!entry.attribute_bindings.empty()) {
    const int64_t now = clock_.NowMicros() / 1000;
    for (size_t i = 0; i < entry.attributes.size(); ++i) {
      const auto& [name, gen] = entry.attributes[i];
      if (std::find(entry.attribute_bindings.begin(),
                    entry.attribute_bindings.end(),
                    name) == entry.attribute_bindings.end()) {
        continue;
      }
      AttributeValue v;
      EDDY_RETURN_IF_ERROR(Attribute(gen, bindings, index_in_entry, now, &v));
      bindings.Set(name, v.is(AttributeType::kS)   ? v.s()
                         : v.is(AttributeType::kN) ? v.n().ToString()
                         : v.boolean()             ? "true"
                                                   : "false");
      made.emplace_back(i, std::move(v));
    }
  }
  if (static_cast<int64_t>(out->items.size()) >= max_items_) {
    return Status::Validation("the workload makes more than " +
                              std::to_string(max_items_) +
                              " items (generator entry " + Quote(entry.name) +
                              "); lower the counts or the scale");
  }
  const TableDefinition& table = model_.table;
  const Bindings* constants = &workload_.constants;

  std::string pk, sk;
  pk.reserve(96);
  sk.reserve(96);
  EDDY_RETURN_IF_ERROR(shape.partition_key.Render(bindings, constants, &pk));
  EDDY_RETURN_IF_ERROR(shape.sort_key.Render(bindings, constants, &sk));
  std::string primary;
  primary.reserve(pk.size() + sk.size() + 1);
  primary = pk;
  primary.push_back('\0');
  primary += sk;
  if (primary_keys_.contains(primary)) {
    *collided = true;
    return Status::OK();
  }
  GeneratedItem g;
  g.shape = static_cast<int32_t>(model_.EntityIndex(shape.entity_type));
  g.entry = static_cast<int32_t>(e);
  g.created_millis = clock_.NowMicros() / 1000;
  // The attributes are gathered, sorted by name and appended, so that
  // AttributeMap::Set never shifts its entries.
  std::vector<std::pair<std::string, AttributeValue>> attributes;
  attributes.reserve(3 + 2 * shape.indexes.size() + bindings.size() +
                     entry.attributes.size());
  attributes.emplace_back(table.partition_key,
                          AttributeValue::S(std::move(pk)));
  if (!table.sort_key.empty()) {  // else a table keyed by its PK alone
    attributes.emplace_back(table.sort_key, AttributeValue::S(std::move(sk)));
  }
  attributes.emplace_back("entityType", AttributeValue::S(shape.entity_type));
  for (const IndexKeys& k : shape.indexes) {
    const IndexDefinition* def = table.FindIndex(k.index_name);
    if (!def->local) {  // an LSI's partition key is the table's, set above
      std::string v;
      v.reserve(96);
      EDDY_RETURN_IF_ERROR(k.partition_key.Render(bindings, constants, &v));
      attributes.emplace_back(def->partition_key,
                              AttributeValue::S(std::move(v)));
    }
    if (k.sort_key) {
      std::string s;
      s.reserve(96);
      EDDY_RETURN_IF_ERROR(k.sort_key->Render(bindings, constants, &s));
      attributes.emplace_back(def->sort_key, AttributeValue::S(std::move(s)));
    }
  }
  for (const auto& [name, value] : bindings.entries()) {
    // An attribute-bound placeholder is its attribute, with its own type.
    if (!made.empty() && std::find(entry.attribute_bindings.begin(),
                                   entry.attribute_bindings.end(),
                                   name) != entry.attribute_bindings.end()) {
      continue;
    }
    attributes.emplace_back(name, AttributeValue::S(value));
  }
  size_t next_made = 0;
  for (size_t i = 0; i < entry.attributes.size(); ++i) {
    const auto& [name, gen] = entry.attributes[i];
    if (next_made < made.size() && made[next_made].first == i) {
      attributes.emplace_back(name, std::move(made[next_made++].second));
      continue;
    }
    AttributeValue v;
    EDDY_RETURN_IF_ERROR(
        Attribute(gen, bindings, index_in_entry, g.created_millis, &v));
    attributes.emplace_back(name, std::move(v));
  }
  // Sort positions, not the pairs: moving values around costs more.
  uint8_t order[256];
  const size_t n = std::min<size_t>(attributes.size(), 256);
  for (size_t i = 0; i < n; ++i) order[i] = static_cast<uint8_t>(i);
  std::sort(order, order + n, [&](uint8_t a, uint8_t b) {
    return attributes[a].first < attributes[b].first;
  });
  Item& item = g.item;
  item.Reserve(attributes.size());
  for (size_t i = 0; i < n; ++i) {
    auto& [name, value] = attributes[order[i]];
    item.Set(std::move(name), std::move(value));
  }
  for (size_t i = n; i < attributes.size(); ++i) {
    item.Set(std::move(attributes[i].first), std::move(attributes[i].second));
  }
  const int64_t size = ItemSizeBytes(item);
  if (size > limits::kMaxItemSizeBytes) {
    return Status::Validation("generator entry " + Quote(entry.name) +
                              ": an item of " + std::to_string(size) +
                              " bytes exceeds DynamoDB's 400 KB item limit");
  }
  primary_keys_.insert(std::move(primary));
  g.bindings = std::move(bindings);
  out->total_bytes += size;
  out->by_entry[e].push_back(static_cast<int32_t>(out->items.size()));
  out->items.push_back(std::move(g));
  if (on_progress_ && out->items.size() % 4096 == 0) {
    on_progress_(static_cast<int64_t>(out->items.size()));
  }
  return Status::OK();
}

Status Generator::Attribute(const AttributeGenerator& g,
                            const Bindings& bindings, int64_t index_in_entry,
                            int64_t created, AttributeValue* out) {
  using Kind = AttributeGenerator::Kind;
  switch (g.kind) {
    case Kind::kLiteral:
      if (g.literal_template) {
        std::string s;
        EDDY_RETURN_IF_ERROR(
            g.literal_template->Render(bindings, &workload_.constants, &s));
        *out = AttributeValue::S(std::move(s));
      } else {
        *out = g.literal;
      }
      return Status::OK();
    case Kind::kOneOf:
      *out = g.choices[rng_.Uniform(g.choices.size())];
      return Status::OK();
    case Kind::kCycle:
      *out = g.choices[static_cast<size_t>(index_in_entry) % g.choices.size()];
      return Status::OK();
    case Kind::kInt:
      *out = AttributeValue::N(rng_.Range(g.range.min, g.range.max));
      return Status::OK();
    case Kind::kText: {
      std::string s(static_cast<size_t>(rng_.Range(g.range.min, g.range.max)),
                    'a');
      for (char& c : s) c = static_cast<char>('a' + rng_.Uniform(26));
      *out = AttributeValue::S(std::move(s));
      return Status::OK();
    }
    case Kind::kTimestamp:
      *out = AttributeValue::S(model::internal::FormatIsoMillis(created));
      return Status::OK();
    case Kind::kList: {
      const auto n = static_cast<size_t>(rng_.Range(g.range.min, g.range.max));
      std::vector<AttributeValue> list(n);
      for (AttributeValue& v : list) {
        EDDY_RETURN_IF_ERROR(Attribute(g.members[0].second, bindings,
                                       index_in_entry, created, &v));
      }
      *out = AttributeValue::L(std::move(list));
      return Status::OK();
    }
    case Kind::kMap: {
      AttributeMap map;
      map.Reserve(g.members.size());
      for (const auto& [name, member] : g.members) {
        AttributeValue v;
        EDDY_RETURN_IF_ERROR(
            Attribute(member, bindings, index_in_entry, created, &v));
        map.Set(name, std::move(v));
      }
      *out = AttributeValue::M(std::move(map));
      return Status::OK();
    }
  }
  return Status::Internal("unknown attribute generator");
}

}  // namespace

StatusOr<GeneratedData> Generate(const Model& model,
                                 const GenerateOptions& options) {
  if (!model.workload) {
    return Status::Validation("the model has no \"workload\" section");
  }
  const Workload& w = *model.workload;
  GeneratedData data;
  data.scale = options.scale.value_or(w.scale);
  data.seed = options.seed.value_or(w.seed);
  if (data.scale < 1) return Status::Validation("scale must be at least 1");
  if (data.scale > 100'000) {
    return Status::Validation("scale must be at most 100000");
  }
  Generator gen(model, w, data.scale, data.seed, options.max_items,
                options.on_progress);
  EDDY_RETURN_IF_ERROR(gen.Run(&data));
  if (options.on_progress) {
    options.on_progress(static_cast<int64_t>(data.items.size()));
  }
  return data;
}

int64_t ExpectedItemCount(const Model& model, const GenerateOptions& options) {
  if (!model.workload) return 0;
  const Workload& w = *model.workload;
  const double scale = static_cast<double>(options.scale.value_or(w.scale));
  auto mid = [](const CountRange& r) {
    return (static_cast<double>(r.min) + static_cast<double>(r.max)) / 2;
  };
  std::vector<double> items(w.entries.size(), 0);
  double total = 0;
  for (size_t e = 0; e < w.entries.size(); ++e) {
    const GeneratorEntry& entry = w.entries[e];
    double parents = scale;
    if (!entry.per.empty()) {
      parents = 0;
      for (size_t p = 0; p < e; ++p) {
        if (w.entries[p].name == entry.per) parents = items[p];
      }
    }
    items[e] = parents * mid(entry.count) * mid(entry.repeat);
    total += items[e];
  }
  return static_cast<int64_t>(std::min(total, 9e18));
}

Status RenderForItem(const KeyTemplate& t, const GeneratedItem& item,
                     const Workload& workload, std::string* out) {
  return t.Render(item.bindings, &workload.constants, out);
}

}  // namespace eddy::model
