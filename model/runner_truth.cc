// Copyright 2026 The eddy Authors.
//
// The runner's ground truth (one IndexTruth per index, built from the compact
// records written while loading) and the verification of one pattern's
// answer against it (model/internal/runner.h).

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "model/internal/compact_item.h"
#include "model/internal/runner.h"

namespace eddy::model::internal {

std::string_view KeyString(const Item& item, const std::string& name) {
  const AttributeValue* v = item.Find(name);
  if (v == nullptr || !v->is(AttributeType::kS)) return {};
  return v->s();
}

bool MultiSortKeyMatches(SortKeyOp op, std::string_view sk,
                         const std::vector<std::string>& values) {
  auto starts = [&](const std::string& prefix) {
    return sk.substr(0, prefix.size()) == prefix;
  };
  if (!starts(values[0])) return false;
  // Tuples compare as their composite bytes: an item whose last
  // constrained value equals v starts with values[1]; one whose value is
  // below v sorts below values[1] without starting with it.
  switch (op) {
    case SortKeyOp::kEq:
    case SortKeyOp::kBeginsWith:
      return starts(values[1]);
    case SortKeyOp::kLt:
      return sk < values[1];
    case SortKeyOp::kLe:
      return sk < values[1] || starts(values[1]);
    case SortKeyOp::kGt:
      return sk > values[1] && !starts(values[1]);
    case SortKeyOp::kGe:
      return sk >= values[1];
    case SortKeyOp::kBetween:
      return sk >= values[1] && (sk < values[2] || starts(values[2]));
  }
  return false;
}

void Runner::BuildMultiTruth(IndexTruth* truth) {
  const IndexDefinition& def = *truth->def;
  std::vector<AttributeValue> pk_values, sk_values;
  for (size_t i = 0; i < records_.size(); ++i) {
    // Sparse: every key attribute, each of its declared type.
    Item keys;
    for (const auto* side : {&def.partition_attributes, &def.sort_attributes}) {
      for (const KeyAttribute& a : *side) {
        if (std::optional<AttributeValue> v =
                CompactFind(records_[i], a.name)) {
          keys.Set(a.name, *std::move(v));
        }
      }
    }
    if (!KeyValuesOf(keys, def.partition_attributes, &pk_values) ||
        !KeyValuesOf(keys, def.sort_attributes, &sk_values)) {
      continue;
    }
    std::string_view pk = truth->owned.emplace_back(MultiKeyText(pk_values));
    std::string_view sk = truth->owned.emplace_back(MultiSortBytes(sk_values));
    truth->buckets[pk].emplace_back(sk, static_cast<int32_t>(i));
    ++truth->count;
  }
}

void Runner::BuildTruth() {
  const TableDefinition& t = model_.table;
  IndexTruth table;
  table.name = "table";
  table.pk_attr = t.partition_key;
  table.sk_attr = t.sort_key;
  truths_.push_back(std::move(table));
  for (const IndexDefinition& g : t.global_secondary_indexes) {
    IndexTruth it;
    it.name = g.name;
    it.def = &g;
    it.pk_attr = g.partition_key;
    it.sk_attr = g.sort_key;
    it.multi = g.multi_attribute();
    truths_.push_back(std::move(it));
  }
  // An LSI is keyed by the table's partition key and its own sort key.
  for (const IndexDefinition& l : t.local_secondary_indexes) {
    IndexTruth it;
    it.name = l.name;
    it.def = &l;
    it.pk_attr = t.partition_key;
    it.sk_attr = l.sort_key;
    truths_.push_back(std::move(it));
  }
  // Every key attribute is read in one pass over each record: each truth's
  // partition and sort key (an empty name, never found, when it has no sort
  // key).
  std::vector<std::string_view> names;
  for (const IndexTruth& truth : truths_) {
    names.push_back(truth.pk_attr);
    names.push_back(truth.sk_attr);
  }
  std::vector<std::string_view> values(names.size());
  for (size_t i = 0; i < records_.size(); ++i) {
    const int32_t id = static_cast<int32_t>(i);
    CompactFindSAll(records_[i], names, values);
    for (size_t k = 0; k < truths_.size(); ++k) {
      IndexTruth& truth = truths_[k];
      if (truth.multi) continue;  // BuildMultiTruth
      const std::string_view pk = values[2 * k];
      if (pk.empty()) continue;
      const std::string_view sk = values[2 * k + 1];
      // Sparse: both keys or not in the index.
      if (!truth.sk_attr.empty() && sk.empty()) continue;
      truth.buckets[pk].emplace_back(sk, id);
      ++truth.count;
    }
  }
  for (IndexTruth& truth : truths_) {
    if (truth.multi) BuildMultiTruth(&truth);
  }
  for (IndexTruth& truth : truths_) {
    for (auto& [_, bucket] : truth.buckets) {
      std::stable_sort(
          bucket.begin(), bucket.end(),
          [](const auto& a, const auto& b) { return a.first < b.first; });
    }
  }
}

const IndexTruth* Runner::Truth(const std::string& index_name) const {
  const std::string& name = index_name.empty() ? "table" : index_name;
  for (const IndexTruth& t : truths_) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

std::optional<int32_t> Runner::ItemId(std::string_view pk,
                                      std::string_view sk) const {
  const IndexTruth& table = truths_[0];
  auto bucket = table.buckets.find(pk);
  if (bucket == table.buckets.end()) return std::nullopt;
  const auto& entries = bucket->second;  // sorted by sort key, each once
  auto it = std::lower_bound(
      entries.begin(), entries.end(), sk,
      [](const auto& e, std::string_view key) { return e.first < key; });
  if (it == entries.end() || it->first != sk) return std::nullopt;
  return it->second;
}

std::string BindingText(std::string_view record, const std::string& name) {
  std::string_view s = CompactFindS(record, name);
  if (!s.empty()) return std::string(s);
  // A number, binary or boolean attribute that binds a placeholder: its
  // text, as the generator made the binding (a multi-attribute key's N or B
  // attribute).
  std::optional<AttributeValue> v = CompactFind(record, name);
  if (v && v->is(AttributeType::kN)) return v->n().ToString();
  if (v && v->is(AttributeType::kB)) return v->b();
  if (v && v->is(AttributeType::kBOOL)) return v->boolean() ? "true" : "false";
  return "";
}

Bindings Runner::BindingsOf(int32_t id) const {
  Bindings b;
  for (const std::string& name :
       workload_.entries[static_cast<size_t>(entries_[id])].binding_names) {
    b.Set(name, BindingText(records_[id], name));
  }
  return b;
}

Item Runner::ProjectedItem(int32_t id, const IndexTruth& truth) const {
  StatusOr<Item> item = DecodeCompact(records_[id]);
  return item.ok() ? Project(*item, truth) : Item();
}

int64_t Runner::ProjectedSize(int32_t id, const IndexTruth& truth) const {
  if (truth.def == nullptr || truth.def->projection == ProjectionType::kAll) {
    return sizes_[id];
  }
  return ItemSizeBytes(ProjectedItem(id, truth));
}

Item Runner::Project(const Item& item, const IndexTruth& truth) const {
  if (truth.def == nullptr || truth.def->projection == ProjectionType::kAll) {
    return item;
  }
  Item out;
  auto keep = [&](const std::string& name) {
    if (const AttributeValue* v = item.Find(name)) out.Set(name, *v);
  };
  keep(model_.table.partition_key);
  keep(model_.table.sort_key);
  keep(truth.pk_attr);
  if (!truth.sk_attr.empty()) keep(truth.sk_attr);
  for (const KeyAttribute& a : truth.def->partition_attributes) keep(a.name);
  for (const KeyAttribute& a : truth.def->sort_attributes) keep(a.name);
  for (const std::string& n : truth.def->non_key_attributes) keep(n);
  return out;
}

bool SortKeyMatches(const SortKeyCondition& c, std::string_view sk,
                    const std::vector<std::string>& values) {
  switch (c.op) {
    case SortKeyOp::kEq:
      return sk == values[0];
    case SortKeyOp::kLt:
      return sk < values[0];
    case SortKeyOp::kLe:
      return sk <= values[0];
    case SortKeyOp::kGt:
      return sk > values[0];
    case SortKeyOp::kGe:
      return sk >= values[0];
    case SortKeyOp::kBetween:
      return sk >= values[0] && sk <= values[1];
    case SortKeyOp::kBeginsWith:
      return sk.substr(0, values[0].size()) == values[0];
  }
  return false;
}

std::string Runner::Verify(const AccessPattern& p, const IndexTruth& truth,
                           const std::string& pk,
                           const std::vector<std::string>& sk_values,
                           const std::vector<Item>& items,
                           const std::vector<int32_t>* expected) {
  const TableDefinition& t = model_.table;
  auto describe = [&](int32_t id) {
    const std::string_view item = records_[id];
    std::string out =
        t.partition_key + "=" + Quoted(CompactFindS(item, t.partition_key));
    if (!t.sort_key.empty()) {
      out += " " + t.sort_key + "=" + Quoted(CompactFindS(item, t.sort_key));
    }
    return out;
  };
  const bool whole_items =
      truth.def == nullptr || truth.def->projection == ProjectionType::kAll;
  std::string encoded;
  // What came back, as item ids, each checked against what was written.
  std::vector<int32_t> got;
  got.reserve(items.size());
  std::string_view previous;
  std::string multi_sk, multi_previous;
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    const std::optional<int32_t> id =
        ItemId(KeyString(item, t.partition_key), KeyString(item, t.sort_key));
    if (!id) {
      return "returned an item that was never written: " + t.partition_key +
             "=" + Quoted(KeyString(item, t.partition_key));
    }
    // Whole items compare as records (equal items, equal records); others
    // as the projection of the decoded record.
    const bool equal =
        whole_items ? EncodeCompact(item, &encoded) && encoded == records_[*id]
                    : item == ProjectedItem(*id, truth);
    if (!equal) {
      return "item " + describe(*id) +
             " differs from the item written (as the index projects it)";
    }
    if (truth.multi && !truth.def->sort_attributes.empty()) {
      // The order of the sort attributes' value tuples.
      std::vector<AttributeValue> sort_values;
      if (!KeyValuesOf(item, truth.def->sort_attributes, &sort_values)) {
        return "item " + describe(*id) + " lacks a sort key attribute of " +
               truth.name;
      }
      multi_sk = MultiSortBytes(sort_values);
      if (i > 0 && (p.scan_index_forward ? multi_sk < multi_previous
                                         : multi_sk > multi_previous)) {
        return "items are not in the order of " + truth.name +
               "'s sort key attributes at position " + std::to_string(i);
      }
      multi_previous.swap(multi_sk);
    } else if (!truth.sk_attr.empty()) {
      const std::string_view sk = KeyString(item, truth.sk_attr);
      if (i > 0 && (p.scan_index_forward ? sk < previous : sk > previous)) {
        return "items are not in " + truth.sk_attr + " order at position " +
               std::to_string(i);
      }
      previous = sk;
    }
    got.push_back(*id);
  }
  std::sort(got.begin(), got.end());
  if (std::adjacent_find(got.begin(), got.end()) != got.end()) {
    return "an item was returned twice";
  }
  // The key condition over the ground truth.
  std::vector<int32_t> by_keys;
  auto bucket = truth.buckets.find(pk);
  if (bucket != truth.buckets.end()) {
    for (const auto& [sk, id] : bucket->second) {
      if (!p.sort_key ||
          (truth.multi ? MultiSortKeyMatches(p.sort_key->op, sk, sk_values)
                       : SortKeyMatches(*p.sort_key, sk, sk_values))) {
        by_keys.push_back(id);
      }
    }
  }
  std::sort(by_keys.begin(), by_keys.end());
  auto diff = [&](const std::vector<int32_t>& expected, std::string_view what) {
    std::vector<int32_t> missing, extra;
    std::set_difference(expected.begin(), expected.end(), got.begin(),
                        got.end(), std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), expected.begin(),
                        expected.end(), std::back_inserter(extra));
    if (missing.empty() && extra.empty()) return std::string();
    std::string out = "returned " + std::to_string(got.size()) + " items, " +
                      std::string(what) + " " + std::to_string(expected.size());
    if (!missing.empty()) out += "; missing " + describe(missing[0]);
    if (!extra.empty()) out += "; unexpected " + describe(extra[0]);
    return out;
  };
  if (!p.filter) {
    std::string d = diff(by_keys, "the key condition selects");
    if (!d.empty()) return d;
  } else if (!std::includes(by_keys.begin(), by_keys.end(), got.begin(),
                            got.end())) {
    return "returned items the key condition does not select";
  }
  if (expected == nullptr) return "";
  return diff(*expected, "\"expect\" names");
}

namespace {

// The key of an expectation's index, built one way for a pattern's
// parameters and for a stored item: the values of the `match` names, each
// followed by \x1f. `value_of(name)` is a name's value, or nullopt when it
// has none: then *complete is false and the key stops there.
template <typename ValueOf>
std::string JoinMatchKey(const std::vector<std::string>& match,
                         ValueOf value_of, bool* complete) {
  std::string key;
  *complete = true;
  for (const std::string& m : match) {
    const auto v = value_of(m);  // an optional string or string_view
    if (!v) {
      *complete = false;
      return key;
    }
    key += *v;
    key.push_back('\x1f');
  }
  return key;
}

}  // namespace

// The key of an expectation's index: the values of the `match` bindings.
std::string MatchKey(const std::vector<std::string>& match,
                     const Bindings& bindings, bool* complete) {
  return JoinMatchKey(
      match,
      [&](const std::string& m) -> std::optional<std::string_view> {
        const std::string* v = bindings.Find(m);
        if (v == nullptr) return std::nullopt;
        return *v;
      },
      complete);
}

absl::flat_hash_map<std::string, std::vector<int32_t>> Runner::ExpectIndex(
    const Expectation& x) const {
  absl::flat_hash_map<std::string, std::vector<int32_t>> out;
  std::vector<int> shapes;
  for (const std::string& type : x.entity_types) {
    shapes.push_back(model_.EntityIndex(type));
  }
  for (size_t i = 0; i < records_.size(); ++i) {
    if (std::find(shapes.begin(), shapes.end(), shapes_[i]) == shapes.end()) {
      continue;
    }
    bool match = true;
    for (size_t k = 0; match && k < x.attributes.size(); ++k) {
      const AttributeValue& want = x.attributes[k].second;
      if (want.is(AttributeType::kS) && !want.s().empty()) {
        // No value decoded: a non-empty S is found by its view.
        match = CompactFindS(records_[i], x.attributes[k].first) == want.s();
        continue;
      }
      std::optional<AttributeValue> v =
          CompactFind(records_[i], x.attributes[k].first);
      match = v && *v == want;
    }
    if (!match) continue;
    // The match key from the item's bindings (as text, whatever their type).
    const std::vector<std::string>& bound =
        workload_.entries[static_cast<size_t>(entries_[i])].binding_names;
    bool complete = true;
    const std::string key = JoinMatchKey(
        x.match,
        [&](const std::string& m) -> std::optional<std::string> {
          if (std::find(bound.begin(), bound.end(), m) == bound.end()) {
            return std::nullopt;
          }
          return BindingText(records_[i], m);
        },
        &complete);
    if (complete) out[key].push_back(static_cast<int32_t>(i));
  }
  return out;
}

}  // namespace eddy::model::internal
