// Copyright 2026 The eddy Authors.

#include "model/profile.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "absl/container/flat_hash_map.h"

namespace eddy::model {
namespace {

constexpr int64_t kKB = 1024;

int64_t WriteUnits(int64_t bytes) {
  return std::max<int64_t>(1, (bytes + kKB - 1) / kKB);
}

std::string_view KeyValue(const Item& item, const std::string& name) {
  if (name.empty()) return {};
  const AttributeValue* v = item.Find(name);
  if (v == nullptr || !v->is(AttributeType::kS)) return {};
  return v->s();
}

int64_t AttributeBytes(const Item& item, const std::string& name) {
  if (name.empty()) return 0;
  const AttributeValue* v = item.Find(name);
  if (v == nullptr) return 0;
  return static_cast<int64_t>(name.size()) + v->SizeBytes();
}

// Whether the template renders to one value for every item: it has no
// placeholder but the workload's constants.
bool IsConstant(const KeyTemplate& t, const Model& model) {
  for (const std::string& p : t.placeholders()) {
    if (!model.workload || model.workload->constants.Find(p) == nullptr) {
      return false;
    }
  }
  return true;
}

// One index (or the table) while profiling.
struct IndexState {
  std::string name;
  const IndexDefinition* def = nullptr;  // null: the table
  std::string pk, sk;                    // its key attributes
  std::vector<std::string> key_attrs;    // table keys + index keys, distinct
  std::vector<std::string> include;      // INCLUDE's attributes
  // partition key -> (entries, bytes). The keys view the generated items,
  // which outlive the profiling: no string is copied per entry.
  absl::flat_hash_map<std::string_view, std::pair<int64_t, int64_t>> keys;
};

struct ShapeIndexState {
  // partition key -> (entries of this shape, largest sort key so far); views
  // into the generated items, like IndexState::keys.
  absl::flat_hash_map<std::string_view, std::pair<int64_t, std::string_view>>
      keys;
};

// The attributes the patterns on `index` filter on or expect, with
// "entityType": what an INCLUDE projection would have to hold.
std::vector<std::string> PatternAttributes(const Model& model,
                                           const std::string& index) {
  std::set<std::string> names = {"entityType"};
  for (const AccessPattern& p : model.patterns) {
    if (!p.executable || p.index_name != index) continue;
    if (p.filter) {
      for (const auto& [placeholder, name] : p.filter->names) {
        names.insert(name);
      }
    }
    if (p.expect) {
      for (const auto& [name, value] : p.expect->attributes) names.insert(name);
    }
  }
  return {names.begin(), names.end()};
}

}  // namespace

const ShapeIndexProfile* ShapeProfile::Find(const std::string& index) const {
  for (const ShapeIndexProfile& i : indexes) {
    if (i.index == index) return &i;
  }
  return nullptr;
}

const ShapeProfile* DataProfile::FindShape(
    const std::string& entity_type) const {
  for (const ShapeProfile& s : shapes) {
    if (s.entity_type == entity_type) return &s;
  }
  return nullptr;
}

const IndexProfile* DataProfile::FindIndex(const std::string& name) const {
  for (const IndexProfile& i : indexes) {
    if (i.name == name) return &i;
  }
  return nullptr;
}

DataProfile ProfileData(const Model& model, const GeneratedData& data) {
  const TableDefinition& t = model.table;
  DataProfile out;
  out.scale = data.scale;

  std::vector<IndexState> idx;
  {
    IndexState table;
    table.name = "table";
    table.pk = t.partition_key;
    table.sk = t.sort_key;
    table.key_attrs = {t.partition_key};
    if (!t.sort_key.empty()) table.key_attrs.push_back(t.sort_key);
    idx.push_back(std::move(table));
  }
  for (const IndexDefinition* gp : t.AllIndexes()) {
    const IndexDefinition& g = *gp;
    IndexState s;
    s.name = g.name;
    s.def = &g;
    s.pk = g.partition_key;
    s.sk = g.sort_key;
    s.key_attrs = idx[0].key_attrs;
    for (const std::string& k : {g.partition_key, g.sort_key}) {
      if (!k.empty() && std::find(s.key_attrs.begin(), s.key_attrs.end(), k) ==
                            s.key_attrs.end()) {
        s.key_attrs.push_back(k);
      }
    }
    s.include = g.projection == ProjectionType::kInclude
                    ? g.non_key_attributes
                    : PatternAttributes(model, g.name);
    idx.push_back(std::move(s));
  }

  // Which index slot each shape's i-th ShapeIndexProfile is.
  std::vector<std::vector<size_t>> shape_slots(model.entities.size());
  out.shapes.resize(model.entities.size());
  std::vector<std::vector<ShapeIndexState>> shape_state(model.entities.size());
  for (size_t s = 0; s < model.entities.size(); ++s) {
    const EntityShape& e = model.entities[s];
    ShapeProfile& sp = out.shapes[s];
    sp.entity_type = e.entity_type;
    ShapeIndexProfile table;
    table.index = "table";
    table.constant_partition_key = IsConstant(e.partition_key, model);
    sp.indexes.push_back(std::move(table));
    shape_slots[s].push_back(0);
    for (const IndexKeys& k : e.indexes) {
      for (size_t i = 1; i < idx.size(); ++i) {
        if (idx[i].name != k.index_name) continue;
        ShapeIndexProfile p;
        p.index = k.index_name;
        p.constant_partition_key = IsConstant(k.partition_key, model);
        sp.indexes.push_back(std::move(p));
        shape_slots[s].push_back(i);
      }
    }
    shape_state[s].resize(sp.indexes.size());
  }

  for (const GeneratedItem& g : data.items) {
    if (g.shape < 0 || static_cast<size_t>(g.shape) >= out.shapes.size()) {
      continue;
    }
    const Item& item = g.item;
    ShapeProfile& sp = out.shapes[g.shape];
    const int64_t size = ItemSizeBytes(item);
    ++sp.items;
    sp.bytes += size;
    sp.max_bytes = std::max(sp.max_bytes, size);
    sp.over_4kb += size > 4 * kKB ? 1 : 0;
    sp.near_limit += size >= kNearLimitBytes ? 1 : 0;
    sp.table_wcu += WriteUnits(size);
    sp.read_units_4kb += std::max<int64_t>(1, (size + 4 * kKB - 1) / (4 * kKB));
    for (size_t j = 0; j < sp.indexes.size(); ++j) {
      IndexState& is = idx[shape_slots[g.shape][j]];
      const std::string_view pk = KeyValue(item, is.pk);
      if (pk.empty()) continue;  // not in this index (sparse)
      const std::string_view sk = KeyValue(item, is.sk);
      if (!is.sk.empty() && sk.empty()) continue;
      ShapeIndexProfile& p = sp.indexes[j];
      int64_t keys = 0;
      for (const std::string& a : is.key_attrs) keys += AttributeBytes(item, a);
      int64_t include = keys;
      for (const std::string& a : is.include) {
        if (std::find(is.key_attrs.begin(), is.key_attrs.end(), a) ==
            is.key_attrs.end()) {
          include += AttributeBytes(item, a);
        }
      }
      int64_t actual = size;
      if (is.def != nullptr &&
          is.def->projection == ProjectionType::kKeysOnly) {
        actual = keys;
      } else if (is.def != nullptr &&
                 is.def->projection == ProjectionType::kInclude) {
        actual = include;
      }
      ++p.entries;
      p.sizes.actual_bytes += actual;
      p.sizes.all_bytes += size;
      p.sizes.keys_bytes += keys;
      p.sizes.include_bytes += include;
      p.sizes.actual_wcu += WriteUnits(actual);
      p.sizes.all_wcu += WriteUnits(size);
      p.sizes.keys_wcu += WriteUnits(keys);
      p.sizes.include_wcu += WriteUnits(include);

      auto& [entries, bytes] = is.keys[pk];
      ++entries;
      bytes += actual;
      auto [it, fresh] =
          shape_state[g.shape][j].keys.try_emplace(pk, 0, std::string_view());
      auto& [count, largest] = it->second;
      if (!fresh) {
        ++p.sk_pairs;
        if (largest < sk) ++p.sk_appends;
      }
      ++count;
      if (fresh || largest < sk) largest = sk;
    }
  }

  for (size_t s = 0; s < out.shapes.size(); ++s) {
    for (size_t j = 0; j < out.shapes[s].indexes.size(); ++j) {
      ShapeIndexProfile& p = out.shapes[s].indexes[j];
      const auto& keys = shape_state[s][j].keys;
      p.distinct_partition_keys = static_cast<int64_t>(keys.size());
      for (const auto& [k, v] : keys) {
        if (v.first > p.top_partition_key_entries ||
            (v.first == p.top_partition_key_entries &&
             k < p.top_partition_key)) {
          p.top_partition_key_entries = v.first;
          p.top_partition_key = k;
        }
      }
    }
  }
  for (const IndexState& is : idx) {
    IndexProfile p;
    p.name = is.name;
    p.projection = is.def == nullptr ? "ALL"
                   : is.def->projection == ProjectionType::kKeysOnly
                       ? "KEYS_ONLY"
                   : is.def->projection == ProjectionType::kInclude ? "INCLUDE"
                                                                    : "ALL";
    p.include_attributes = is.include;
    p.distinct_partition_keys = static_cast<int64_t>(is.keys.size());
    for (const auto& [k, v] : is.keys) {
      p.entries += v.first;
      p.bytes += v.second;
      if (v.first > p.top_key_entries ||
          (v.first == p.top_key_entries && k < p.top_key)) {
        p.top_key_entries = v.first;
        p.top_key = k;
      }
      if (v.second > p.largest_key_bytes ||
          (v.second == p.largest_key_bytes && k < p.largest_key)) {
        p.largest_key_bytes = v.second;
        p.largest_key_entries = v.first;
        p.largest_key = k;
      }
    }
    out.indexes.push_back(std::move(p));
  }
  return out;
}

}  // namespace eddy::model
