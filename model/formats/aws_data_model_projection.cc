// Copyright 2026 The eddy Authors.
//
// The loaded items re-projected per secondary index
// (model/formats/aws_data_model_projection.h).

#include "model/formats/aws_data_model_projection.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "emulator/capacity/units.h"
#include "emulator/expr/condition_parser.h"
#include "emulator/expr/key_condition.h"
#include "emulator/expr/projection.h"
#include "emulator/expr/resolve.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/limits.h"
#include "emulator/wire/attribute_json.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::json;
constexpr double kOverhead = limits::kStorageOverheadPerItemBytes;

struct IndexDef {
  std::string name;
  bool global = true;
  std::string hash, range;
  std::string projection = "ALL";    // ProjectionType as declared
  std::vector<std::string> non_key;  // NonKeyAttributes (INCLUDE)
  std::set<std::string> keys;        // table keys + index keys
  std::set<std::string> include;     // the INCLUDE option's attributes
  std::vector<const Item*> entries;  // loaded items in the index
};

struct TableDef {
  std::string name, hash, range;
  std::map<std::string, std::string> types;  // AttributeDefinitions
  std::vector<IndexDef> indexes;             // GSIs, then LSIs
  std::vector<Item> items;                   // the loaded items
};

double WriteUnitsOf(int64_t bytes) {
  return capacity::ToUnits(capacity::WriteHalfUnits(bytes));
}

void ReadKeys(const Json& schema, std::string* hash, std::string* range) {
  if (!schema.is_array()) return;
  for (const Json& k : schema) {
    if (!k.is_object()) continue;
    (k.value("KeyType", "") == "HASH" ? *hash : *range) =
        k.value("AttributeName", "");
  }
}

std::vector<TableDef> ReadTables(const AwsDataModel& model) {
  std::vector<TableDef> out;
  for (const std::string& request : model.create_tables) {
    Json t = Json::parse(request, nullptr, false);
    if (!t.is_object() || !t.contains("TableName") ||
        !t["TableName"].is_string()) {
      continue;
    }
    TableDef td;
    td.name = t["TableName"].get<std::string>();
    if (t.contains("KeySchema")) ReadKeys(t["KeySchema"], &td.hash, &td.range);
    if (t.contains("AttributeDefinitions") &&
        t["AttributeDefinitions"].is_array()) {
      for (const Json& d : t["AttributeDefinitions"]) {
        if (d.is_object()) {
          td.types[d.value("AttributeName", "")] = d.value("AttributeType", "");
        }
      }
    }
    for (const char* kind :
         {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!t.contains(kind) || !t[kind].is_array()) continue;
      for (const Json& x : t[kind]) {
        if (!x.is_object()) continue;
        IndexDef d;
        d.name = x.value("IndexName", "");
        d.global = std::string(kind) == "GlobalSecondaryIndexes";
        if (x.contains("KeySchema"))
          ReadKeys(x["KeySchema"], &d.hash, &d.range);
        if (x.contains("Projection") && x["Projection"].is_object()) {
          const Json& p = x["Projection"];
          d.projection = p.value("ProjectionType", "ALL");
          if (p.contains("NonKeyAttributes") &&
              p["NonKeyAttributes"].is_array()) {
            for (const Json& a : p["NonKeyAttributes"]) {
              if (a.is_string()) d.non_key.push_back(a.get<std::string>());
            }
          }
        }
        for (const std::string* k : {&td.hash, &td.range, &d.hash, &d.range}) {
          if (!k->empty()) d.keys.insert(*k);
        }
        if (!d.hash.empty()) td.indexes.push_back(std::move(d));
      }
    }
    out.push_back(std::move(td));
  }
  for (const AwsTableItems& entry : model.items) {
    for (TableDef& td : out) {
      if (td.name != entry.table) continue;
      for (const std::string& request : entry.write_requests) {
        Json w = Json::parse(request, nullptr, false);
        if (!w.is_object() || !w.contains("PutRequest") ||
            !w["PutRequest"].is_object() || !w["PutRequest"].contains("Item")) {
          continue;
        }
        StatusOr<Item> item = DecodeItemJson(w["PutRequest"]["Item"].dump());
        if (item.ok()) td.items.push_back(*std::move(item));
      }
    }
  }
  for (TableDef& td : out) {
    for (IndexDef& d : td.indexes) {
      for (const Item& item : td.items) {
        if (item.Contains(d.hash) &&
            (d.range.empty() || item.Contains(d.range))) {
          d.entries.push_back(&item);
        }
      }
    }
  }
  return out;
}

bool InIndex(const IndexDef& d, const Item& item) {
  return item.Contains(d.hash) && (d.range.empty() || item.Contains(d.range));
}

// A projection option: the attributes it keeps (`all`: every one).
struct Choice {
  std::string label;
  bool all = false;
  bool declared = false;
  std::set<std::string> kept;
  const std::set<std::string>* Kept() const { return all ? nullptr : &kept; }
};

std::string IncludeLabel(const std::set<std::string>& attributes) {
  // DynamoDB's INCLUDE needs a name; with none read it is KEYS_ONLY.
  if (attributes.empty()) return "INCLUDE () = KEYS_ONLY";
  std::string s = "INCLUDE (";
  bool first = true;
  for (const std::string& a : attributes) {
    s += (first ? "" : ", ") + a;
    first = false;
  }
  return s + ")";
}

// ItemSizeBytes of the entry `item` has under `kept` (null: ALL).
int64_t EntryBytes(const Item& item, const std::set<std::string>* kept) {
  if (kept == nullptr) return ItemSizeBytes(item);
  Item entry;
  for (const auto& e : item) {
    if (kept->count(e.name) > 0) entry.Set(e.name, e.value);
  }
  return ItemSizeBytes(entry);
}

// The declared projection's kept attributes (null: ALL).
std::set<std::string> DeclaredKept(const IndexDef& d, bool* all) {
  *all = d.projection == "ALL";
  std::set<std::string> kept = d.keys;
  if (d.projection == "INCLUDE")
    kept.insert(d.non_key.begin(), d.non_key.end());
  return kept;
}

std::string KeyText(const AttributeValue& v) {
  return EncodeAttributeValueJson(v);
}

struct PatternRequest {
  Json body;
  std::string table, index;
  expr::ExpressionAttributeNames names;
  AttributeMap values;
};

PatternRequest RequestOf(const AwsAccessPattern& p) {
  PatternRequest r;
  r.body = Json::parse(p.request->request_json, nullptr, false);
  if (!r.body.is_object()) r.body = Json::object();
  r.table = r.body.value("TableName", "");
  r.index = r.body.value("IndexName", "");
  if (r.body.contains("ExpressionAttributeNames") &&
      r.body["ExpressionAttributeNames"].is_object()) {
    for (const auto& [k, v] : r.body["ExpressionAttributeNames"].items()) {
      if (v.is_string()) r.names[k] = v.get<std::string>();
    }
  }
  if (r.body.contains("ExpressionAttributeValues")) {
    StatusOr<Item> v =
        DecodeItemJson(r.body["ExpressionAttributeValues"].dump());
    if (v.ok()) r.values = *std::move(v);
  }
  return r;
}

// The top-level attributes a read pattern reads from the index; `all`
// when it returns every attribute the index has (no projection given).
std::set<std::string> Needs(const PatternRequest& r,
                            const AwsPatternResult& result) {
  std::set<std::string> needs;
  expr::PlaceholderUsage usage;
  const expr::ExpressionAttributeNames* names =
      r.body.contains("ExpressionAttributeNames") ? &r.names : nullptr;
  if (r.body.contains("FilterExpression") &&
      r.body["FilterExpression"].is_string()) {
    StatusOr<expr::ResolvedCondition> c = expr::CompileCondition(
        r.body["FilterExpression"].get<std::string>(),
        expr::ExpressionKind::kFilter, names, &r.values, &usage);
    if (c.ok()) {
      for (const std::string& n : c->TopLevelAttributeNames()) needs.insert(n);
    }
  }
  const std::string select = r.body.value("Select", "");
  if (r.body.contains("ProjectionExpression") &&
      r.body["ProjectionExpression"].is_string()) {
    StatusOr<expr::ResolvedProjection> p = expr::CompileProjection(
        r.body["ProjectionExpression"].get<std::string>(), names, &usage);
    if (p.ok()) {
      for (const expr::DocumentPath& path : p->paths) {
        if (!path.elements.empty()) needs.insert(path.elements[0].name);
      }
    }
  } else if (r.body.contains("AttributesToGet") &&
             r.body["AttributesToGet"].is_array()) {
    for (const Json& a : r.body["AttributesToGet"]) {
      if (a.is_string()) needs.insert(a.get<std::string>());
    }
  } else if (select != "COUNT" &&
             result.outcome == AwsPatternResult::Outcome::kSuccess) {
    Json response = Json::parse(result.response_json, nullptr, false);
    if (response.is_object() && response.contains("Items") &&
        response["Items"].is_array()) {
      for (const Json& item : response["Items"]) {
        if (!item.is_object()) continue;
        for (const auto& [name, _] : item.items()) needs.insert(name);
      }
    }
  }
  return needs;
}

// The partition-key value a Query reads, or "" (a Scan, or not found).
std::string QueriedKey(const PatternRequest& r, const TableDef& t,
                       const IndexDef& d) {
  if (!r.body.contains("KeyConditionExpression") ||
      !r.body["KeyConditionExpression"].is_string()) {
    return "";
  }
  expr::PlaceholderUsage usage;
  StatusOr<expr::ResolvedCondition> c = expr::CompileCondition(
      r.body["KeyConditionExpression"].get<std::string>(),
      expr::ExpressionKind::kKeyCondition,
      r.body.contains("ExpressionAttributeNames") ? &r.names : nullptr,
      &r.values, &usage);
  if (!c.ok()) return "";
  auto type = [&](const std::string& name) {
    auto it = t.types.find(name);
    const std::string s = it == t.types.end() ? "S" : it->second;
    return s == "N"   ? AttributeType::kN
           : s == "B" ? AttributeType::kB
                      : AttributeType::kS;
  };
  expr::KeySchemaView schema{
      d.hash, type(d.hash), d.range,
      d.range.empty() ? AttributeType::kS : type(d.range)};
  StatusOr<expr::KeyCondition> k = expr::CompileKeyCondition(*c, schema);
  return k.ok() ? KeyText(k->partition_value) : "";
}

double MeasuredOn(const AwsPatternResult& r, const std::string& table,
                  const std::string& index) {
  double u = 0;
  for (const AwsIndexUnits& x : r.index_units) {
    u += x.table == table && x.index == index ? x.units : 0;
  }
  return u;
}

bool IsWriteOp(const std::string& op) {
  return op == "PutItem" || op == "UpdateItem" || op == "DeleteItem" ||
         op == "BatchWriteItem" || op == "TransactWriteItems";
}

// The items a write request puts into `table`: PutItem's, BatchWriteItem's
// PutRequests, TransactWriteItems' Puts.
std::vector<Item> PutItems(const PatternRequest& r, const std::string& op,
                           const std::string& table) {
  std::vector<Json> found;
  if (op == "PutItem" && r.table == table && r.body.contains("Item")) {
    found.push_back(r.body["Item"]);
  } else if (op == "BatchWriteItem" && r.body.contains("RequestItems") &&
             r.body["RequestItems"].is_object() &&
             r.body["RequestItems"].contains(table) &&
             r.body["RequestItems"][table].is_array()) {
    for (const Json& w : r.body["RequestItems"][table]) {
      if (w.is_object() && w.contains("PutRequest") &&
          w["PutRequest"].is_object() && w["PutRequest"].contains("Item")) {
        found.push_back(w["PutRequest"]["Item"]);
      }
    }
  } else if (op == "TransactWriteItems" && r.body.contains("TransactItems") &&
             r.body["TransactItems"].is_array()) {
    for (const Json& w : r.body["TransactItems"]) {
      if (w.is_object() && w.contains("Put") && w["Put"].is_object() &&
          w["Put"].value("TableName", "") == table &&
          w["Put"].contains("Item")) {
        found.push_back(w["Put"]["Item"]);
      }
    }
  }
  std::vector<Item> out;
  for (const Json& j : found) {
    StatusOr<Item> item = DecodeItemJson(j.dump());
    if (item.ok()) out.push_back(*std::move(item));
  }
  return out;
}

void ProfileIndex(const AwsRunReport& report, const TableDef& t, IndexDef& d,
                  AwsIndexProfile* out) {
  out->table = t.name;
  out->index = d.name;
  out->global = d.global;
  out->hash = d.hash;
  out->range = d.range;
  out->entries = static_cast<int64_t>(d.entries.size());
  out->table_items = static_cast<int64_t>(t.items.size());

  // The read patterns on the index, what they read, the keys they query.
  std::vector<std::pair<size_t, std::set<std::string>>> reads;
  std::set<std::string> queried;
  for (size_t i = 0; i < report.patterns.size(); ++i) {
    const AwsPatternResult& res = report.patterns[i];
    if (res.pattern == nullptr || !res.pattern->request) continue;
    const std::string& op = res.pattern->request->operation;
    if (op != "Query" && op != "Scan") continue;
    PatternRequest r = RequestOf(*res.pattern);
    if (r.table != t.name || r.index != d.name) continue;
    std::set<std::string> needs = Needs(r, res);
    for (const std::string& n : needs) {
      if (d.keys.count(n) == 0) d.include.insert(n);
    }
    reads.emplace_back(i, std::move(needs));
    if (res.outcome != AwsPatternResult::Outcome::kSuccess) continue;
    if (op == "Scan") {
      out->scanned = true;
    } else {
      const std::string key = QueriedKey(r, t, d);
      if (!key.empty()) queried.insert(key);
    }
  }

  std::map<std::string, int64_t> keys;
  for (const Item* item : d.entries) ++keys[KeyText(*item->Find(d.hash))];
  out->distinct_keys = static_cast<int64_t>(keys.size());
  for (const std::string& k : queried) {
    out->queried_keys.push_back(k);
    auto it = keys.find(k);
    out->queried_entries += it == keys.end() ? 0 : it->second;
  }

  bool declared_all = false;
  const std::set<std::string> declared = DeclaredKept(d, &declared_all);
  const std::set<std::string>* declared_p = declared_all ? nullptr : &declared;
  // The loaded entries under the declared projection, and the others.
  double declared_units = 0;
  for (const Item* item : d.entries) {
    declared_units += WriteUnitsOf(EntryBytes(*item, declared_p));
  }
  for (const Item& item : t.items) {
    out->table_write_units += WriteUnitsOf(ItemSizeBytes(item));
    if (InIndex(d, item)) continue;
    const int64_t b = EntryBytes(item, declared_p);
    out->others_bytes += static_cast<double>(b);
    out->others_write_units += WriteUnitsOf(b);
  }
  // Each entry's read units of a GetItem from the table (fetch).
  double fetch_half = 0;
  for (const Item* item : d.entries) {
    fetch_half += static_cast<double>(
        capacity::ReadHalfUnits(ItemSizeBytes(*item), false));
  }
  const double n_entries = static_cast<double>(d.entries.size());
  const double fetch_per_item = n_entries > 0 ? fetch_half / n_entries / 2 : 0;

  // ALL, KEYS_ONLY, INCLUDE of what the patterns read, and the declared
  // INCLUDE when it lists other attributes.
  std::vector<Choice> choices(3);
  choices[0].label = "ALL";
  choices[0].all = true;
  choices[0].declared = d.projection == "ALL";
  choices[1].label = "KEYS_ONLY";
  choices[1].kept = d.keys;
  choices[1].declared = d.projection == "KEYS_ONLY";
  choices[2].kept = d.keys;
  choices[2].kept.insert(d.include.begin(), d.include.end());
  choices[2].label = IncludeLabel(d.include);
  if (d.projection == "INCLUDE") {
    const std::set<std::string> listed(d.non_key.begin(), d.non_key.end());
    if (listed == d.include) {
      choices[2].declared = true;
    } else {
      Choice c;
      c.label = IncludeLabel(listed);
      c.kept = declared;
      c.declared = true;
      choices.push_back(std::move(c));
    }
  }
  for (const Choice& c : choices) {
    AwsProjectionOption o;
    o.projection = c.label;
    o.declared = c.declared;
    for (const Item* item : d.entries) {
      const int64_t b = EntryBytes(*item, c.Kept());
      o.entry_bytes += static_cast<double>(b);
      o.write_units += WriteUnitsOf(b);
    }
    out->options.push_back(std::move(o));
  }
  double declared_mean = 0;
  if (n_entries > 0) {
    double b = 0;
    for (const Item* item : d.entries) {
      b += static_cast<double>(EntryBytes(*item, declared_p));
    }
    declared_mean = b / n_entries;
  }

  for (size_t i = 0; i < report.patterns.size(); ++i) {
    const AwsPatternResult& res = report.patterns[i];
    if (res.pattern == nullptr || !res.pattern->request) continue;
    const bool ran = res.outcome == AwsPatternResult::Outcome::kSuccess;
    const std::string& op = res.pattern->request->operation;
    const double measured = MeasuredOn(res, t.name, d.name);
    auto read = std::find_if(reads.begin(), reads.end(),
                             [&](const auto& r) { return r.first == i; });
    if (read != reads.end()) {
      const double items = static_cast<double>(res.items);
      auto blocks = [&](double mean) {
        return std::max(1.0,
                        std::ceil(items * mean /
                                  static_cast<double>(limits::kReadUnitBytes)));
      };
      for (size_t k = 0; k < choices.size(); ++k) {
        AwsProjectionOption& o = out->options[k];
        AwsProjectionUse u;
        u.pattern = i;
        u.ran = ran;
        const double mean = n_entries > 0 ? o.entry_bytes / n_entries : 0;
        u.units = measured * blocks(mean) / blocks(declared_mean);
        if (!choices[k].all) {
          for (const std::string& a : read->second) {
            if (choices[k].kept.count(a) == 0) u.missing.push_back(a);
          }
          if (!u.missing.empty() && ran) {
            u.fetch_units = items * fetch_per_item;
          }
        }
        o.uses.push_back(std::move(u));
      }
    } else if (ran && IsWriteOp(op) && measured > 0) {
      PatternRequest r = RequestOf(*res.pattern);
      const std::vector<Item> puts =
          op == "PutItem" ? PutItems(r, op, t.name) : std::vector<Item>();
      double own_declared = 0;
      if (puts.size() == 1 && InIndex(d, puts[0])) {
        own_declared = WriteUnitsOf(EntryBytes(puts[0], declared_p));
      }
      for (size_t k = 0; k < choices.size(); ++k) {
        AwsProjectionOption& o = out->options[k];
        AwsProjectionUse u;
        u.pattern = i;
        u.write = true;
        if (own_declared > 0) {
          u.units = measured *
                    WriteUnitsOf(EntryBytes(puts[0], choices[k].Kept())) /
                    own_declared;
        } else {
          u.units = declared_units > 0
                        ? measured * o.write_units / declared_units
                        : measured;
        }
        o.uses.push_back(std::move(u));
      }
    }
  }
}

void ProfileCollections(const AwsRunReport& report, const TableDef& t,
                        const std::vector<AwsIndexProfile>& profiles,
                        AwsCollectionProfile* out) {
  out->table = t.name;
  std::vector<std::pair<const IndexDef*, std::set<std::string>>> lsis;
  for (const IndexDef& d : t.indexes) {
    if (d.global) continue;
    out->lsis.push_back(d.name);
    bool all = false;
    lsis.emplace_back(&d, DeclaredKept(d, &all));
  }
  // What one item adds to its collection: itself and its LSI entries.
  auto adds = [&](const Item& item, int64_t* entries) {
    double b = static_cast<double>(ItemSizeBytes(item)) + kOverhead;
    for (const auto& [d, kept] : lsis) {
      if (!InIndex(*d, item)) continue;
      const bool all = d->projection == "ALL";
      b += static_cast<double>(EntryBytes(item, all ? nullptr : &kept)) +
           kOverhead;
      if (entries != nullptr) ++*entries;
    }
    return b;
  };
  std::map<std::string, AwsCollection> by_key;
  for (const Item& item : t.items) {
    const AttributeValue* pk = item.Find(t.hash);
    if (pk == nullptr) continue;
    AwsCollection& c = by_key[KeyText(*pk)];
    c.key = KeyText(*pk);
    ++c.items;
    c.bytes += adds(item, &c.lsi_entries);
  }
  out->collections = static_cast<int64_t>(by_key.size());
  for (const auto& [k, c] : by_key) out->largest.push_back(c);
  std::stable_sort(out->largest.begin(), out->largest.end(),
                   [](const AwsCollection& a, const AwsCollection& b) {
                     return a.bytes > b.bytes;
                   });
  if (out->largest.size() > 3) out->largest.resize(3);

  for (size_t i = 0; i < report.patterns.size(); ++i) {
    const AwsPatternResult& res = report.patterns[i];
    if (res.outcome != AwsPatternResult::Outcome::kSuccess ||
        res.pattern == nullptr || !res.pattern->request) {
      continue;
    }
    const std::string& op = res.pattern->request->operation;
    PatternRequest r = RequestOf(*res.pattern);
    if (op == "PutItem" || op == "BatchWriteItem" ||
        op == "TransactWriteItems") {
      for (const Item& item : PutItems(r, op, t.name)) {
        const AttributeValue* pk = item.Find(t.hash);
        if (pk == nullptr) continue;
        AwsCollectionGrowth g;
        g.pattern = i;
        g.key = KeyText(*pk);
        g.bytes_per_request = adds(item, nullptr);
        auto it = by_key.find(g.key);
        g.current_bytes = it == by_key.end() ? 0 : it->second.bytes;
        // One figure per pattern and key: a batch's items add up.
        auto same = std::find_if(out->growth.begin(), out->growth.end(),
                                 [&](const AwsCollectionGrowth& x) {
                                   return x.pattern == i && x.key == g.key;
                                 });
        if (same != out->growth.end()) {
          same->bytes_per_request += g.bytes_per_request;
        } else {
          out->growth.push_back(std::move(g));
        }
      }
    } else if (op == "Query" && r.table == t.name) {
      for (const auto& [d, kept] : lsis) {
        if (d->name != r.index) continue;
        AwsCollectionRead rd;
        rd.pattern = i;
        rd.index = d->name;
        rd.key = QueriedKey(r, t, *d);
        rd.units = MeasuredOn(res, t.name, d->name);
        for (const AwsIndexProfile& p : profiles) {
          if (p.table == t.name && p.index == d->name) {
            rd.index_entries = p.entries;
          }
        }
        for (const Item* item : d->entries) {
          rd.key_entries += KeyText(*item->Find(d->hash)) == rd.key ? 1 : 0;
        }
        out->reads.push_back(std::move(rd));
      }
    }
  }
}

}  // namespace

AwsDataModelProfile ProfileAwsDataModel(const AwsDataModel& model,
                                        const AwsRunReport& report) {
  AwsDataModelProfile out;
  std::vector<TableDef> tables = ReadTables(model);
  for (TableDef& t : tables) {
    const bool created =
        std::any_of(report.tables.begin(), report.tables.end(),
                    [&](const AwsTableResult& r) {
                      return r.table == t.name && r.status == "success";
                    });
    if (!created) continue;
    bool has_lsi = false;
    for (IndexDef& d : t.indexes) {
      AwsIndexProfile p;
      ProfileIndex(report, t, d, &p);
      out.indexes.push_back(std::move(p));
      has_lsi = has_lsi || !d.global;
    }
    if (has_lsi) {
      AwsCollectionProfile c;
      ProfileCollections(report, t, out.indexes, &c);
      out.collections.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace eddy::model
