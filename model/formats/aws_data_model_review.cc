// Copyright 2026 The eddy Authors.
//
// The design review of an AWS MCP data model
// (model/formats/aws_data_model_review.h).

#include "model/formats/aws_data_model_review.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "emulator/types/attribute_value.h"
#include "emulator/types/limits.h"
#include "emulator/wire/attribute_json.h"
#include "model/internal/money.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::json;
using internal::ByteSize;
using internal::Dollars;
using internal::Fixed;
using internal::Grouped;

constexpr double kLargeItemBytes = 4 * 1024;
constexpr double kNearLimitBytes = 350 * 1024;

// A table's or index's key attributes, and what the loaded items put in it.
struct IndexStats {
  std::string index;  // "" for the table
  bool global = false;
  std::string hash, range;
  int64_t entries = 0;
  std::map<std::string, int64_t> keys;  // partition-key value -> entries
};

struct TableStats {
  std::string table;
  std::vector<IndexStats> indexes;  // the table first
  int64_t items = 0, over_4kb = 0, near_limit = 0, max_bytes = 0;
  int64_t in_many_gsis = 0;  // items written to >= many_gsis GSIs
  int most_gsis = 0;
};

double Ratio(double a, double b) { return b > 0 ? a / b : 0; }

// "1,234" for whole numbers, else two decimals under 10 and one above.
std::string Num(double v) {
  if (v == static_cast<double>(static_cast<int64_t>(v))) {
    return Grouped(static_cast<int64_t>(v));
  }
  return Fixed(v, v < 10 ? 2 : 1);
}

std::string Q(const std::string& s) { return "\"" + s + "\""; }

void ReadKeys(const Json& schema, IndexStats* out) {
  if (!schema.is_array()) return;
  for (const Json& k : schema) {
    if (!k.is_object()) continue;
    const std::string name = k.value("AttributeName", "");
    (k.value("KeyType", "") == "HASH" ? out->hash : out->range) = name;
  }
}

std::vector<TableStats> ReadTables(const AwsDataModel& model) {
  std::vector<TableStats> out;
  for (const std::string& request : model.create_tables) {
    Json t = Json::parse(request, nullptr, false);
    if (!t.is_object() || !t.contains("TableName") ||
        !t["TableName"].is_string()) {
      continue;
    }
    TableStats ts;
    ts.table = t["TableName"].get<std::string>();
    IndexStats base;
    if (t.contains("KeySchema")) ReadKeys(t["KeySchema"], &base);
    ts.indexes.push_back(std::move(base));
    for (const char* kind :
         {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!t.contains(kind) || !t[kind].is_array()) continue;
      for (const Json& x : t[kind]) {
        if (!x.is_object()) continue;
        IndexStats is;
        is.index = x.value("IndexName", "");
        is.global = std::string(kind) == "GlobalSecondaryIndexes";
        if (x.contains("KeySchema")) ReadKeys(x["KeySchema"], &is);
        ts.indexes.push_back(std::move(is));
      }
    }
    out.push_back(std::move(ts));
  }
  return out;
}

// The key value as DynamoDB JSON after decoding (canonical numbers).
std::string KeyText(const Json& value) {
  StatusOr<AttributeValue> v = DecodeAttributeValueJson(value.dump());
  return v.ok() ? EncodeAttributeValueJson(*v) : value.dump();
}

void ReadItems(const AwsDataModel& model, const ReviewOptions& o,
               std::vector<TableStats>* tables) {
  for (const AwsTableItems& entry : model.items) {
    auto t = std::find_if(
        tables->begin(), tables->end(),
        [&](const TableStats& ts) { return ts.table == entry.table; });
    if (t == tables->end()) continue;
    for (const std::string& request : entry.write_requests) {
      Json w = Json::parse(request, nullptr, false);
      if (!w.is_object() || !w.contains("PutRequest") ||
          !w["PutRequest"].is_object() || !w["PutRequest"].contains("Item") ||
          !w["PutRequest"]["Item"].is_object()) {
        continue;
      }
      const Json& item = w["PutRequest"]["Item"];
      StatusOr<Item> decoded = DecodeItemJson(item.dump());
      if (!decoded.ok()) continue;
      const int64_t bytes = ItemSizeBytes(*decoded);
      ++t->items;
      t->over_4kb += bytes > kLargeItemBytes ? 1 : 0;
      t->near_limit += bytes >= kNearLimitBytes ? 1 : 0;
      t->max_bytes = std::max(t->max_bytes, bytes);
      int gsis = 0;
      for (IndexStats& is : t->indexes) {
        if (is.hash.empty() || !item.contains(is.hash) ||
            (!is.range.empty() && !item.contains(is.range))) {
          continue;  // not in this (sparse) index
        }
        ++is.entries;
        ++is.keys[KeyText(item[is.hash])];
        gsis += is.global ? 1 : 0;
      }
      t->most_gsis = std::max(t->most_gsis, gsis);
      t->in_many_gsis += gsis >= o.many_gsis ? 1 : 0;
    }
  }
}

class Reviewer {
 public:
  Reviewer(const AwsDataModel& m, const AwsRunReport& r,
           const AwsDataModelCost& c, const ReviewOptions& o)
      : model_(m), report_(r), cost_(c), o_(o) {}

  std::vector<Finding> Run() {
    std::vector<TableStats> tables = ReadTables(model_);
    ReadItems(model_, o_, &tables);
    for (const TableStats& t : tables) {
      for (const IndexStats& is : t.indexes) HotOrSkewed(t, is);
    }
    for (const TableStats& t : tables) LargeItems(t);
    Scans();
    for (const TableStats& t : tables) ManyIndexes(t);
    for (const AwsProjectionCost& p : cost_.projections) Projection(p);
    for (const AwsSparseCost& s : cost_.sparse) Sparse(s);
    for (const AwsCollectionCost& c : cost_.collections) Collections(c);
    return std::move(out_);
  }

 private:
  void Add(std::string check, Severity s, std::string subject,
           std::string message, double figure) {
    out_.push_back(
        {std::move(check), s, std::move(subject), std::move(message), figure});
  }

  const AwsIndexCost* CostOf(const std::string& table,
                             const std::string& index) const {
    for (const AwsIndexCost& c : cost_.indexes) {
      if (c.table == table && c.index == index) return &c;
    }
    return nullptr;
  }

  static std::string Subject(const TableStats& t, const IndexStats& is) {
    return is.index.empty() ? "table " + t.table
                            : "index " + t.table + "/" + is.index;
  }

  void HotOrSkewed(const TableStats& t, const IndexStats& is);
  void LargeItems(const TableStats& t);
  void Scans();
  void ManyIndexes(const TableStats& t);
  void Projection(const AwsProjectionCost& p);
  void Sparse(const AwsSparseCost& s);
  void Collections(const AwsCollectionCost& c);

  const AwsDataModel& model_;
  const AwsRunReport& report_;
  const AwsDataModelCost& cost_;
  const ReviewOptions& o_;
  std::vector<Finding> out_;
};

void Reviewer::HotOrSkewed(const TableStats& t, const IndexStats& is) {
  if (is.entries < 2 || is.keys.empty()) return;
  const auto top = std::max_element(
      is.keys.begin(), is.keys.end(),
      [](const auto& a, const auto& b) { return a.second < b.second; });
  const auto distinct = static_cast<int64_t>(is.keys.size());
  const bool constant = distinct == 1;
  const bool low = !constant && distinct < o_.min_distinct_keys &&
                   is.entries >= 10 * distinct;
  const double share =
      Ratio(static_cast<double>(top->second), static_cast<double>(is.entries));
  const std::string what = is.index.empty() ? "The table" : is.index;
  if (!constant && !low) {
    const double mean =
        Ratio(static_cast<double>(is.entries), static_cast<double>(distinct));
    if (!is.global || share <= o_.skew_share ||
        static_cast<double>(top->second) < o_.skew_factor * mean) {
      return;
    }
    Add("skewed-gsi", Severity::kNote, Subject(t, is),
        what + "'s partition key " + Q(is.hash) +
            " is skewed: its largest "
            "value, " +
            top->first + ", holds " + Grouped(top->second) + " of " +
            Grouped(is.entries) + " entries (" + Fixed(100 * share, 0) + "%, " +
            Fixed(Ratio(static_cast<double>(top->second), mean), 1) +
            "x the mean of " + Fixed(mean, 1) +
            "), so its partition takes "
            "that share of the index's writes. Add a higher-cardinality "
            "attribute to the key or shard it.",
        share);
    return;
  }
  const AwsIndexCost* ic = CostOf(t.table, is.index);
  // Write units per entry measured by the load; 1 when nothing was measured.
  const double units =
      ic != nullptr && ic->units_per_entry > 0 ? ic->units_per_entry : 1;
  const double write_limit = Ratio(kPartitionWriteUnits, units * share);
  std::string msg =
      constant
          ? what + "'s partition key " + Q(is.hash) + " has the same value, " +
                top->first + ", in all " + Grouped(is.entries) +
                " entries: they sit in one partition. "
          : what + "'s partition key " + Q(is.hash) + " has only " +
                Grouped(distinct) + " distinct values over " +
                Grouped(is.entries) + " entries; the largest, " + top->first +
                ", holds " + Fixed(100 * share, 0) + "% of them. ";
  msg += "At " + Num(units) +
         " WCU per entry written (the load's), that "
         "partition's " +
         Num(kPartitionWriteUnits) + " WCU/s are reached at " +
         Num(std::round(write_limit)) + " writes/s to " +
         (is.index.empty() ? "the table" : "the index");
  double worst = 0, limit = write_limit;
  if (!cost_.nominal && ic != nullptr) {
    const double hot_wcu = ic->cost.write_units_per_second * share;
    msg += " (the traffic writes " + Num(ic->cost.write_units_per_second) +
           " WCU/s to it, " + Num(hot_wcu) + " to that partition)";
    worst = Ratio(hot_wcu, kPartitionWriteUnits);
  }
  if (constant) {
    // Every read of this index reads that one partition.
    for (size_t i = 0; i < report_.patterns.size(); ++i) {
      const AwsPatternResult& r = report_.patterns[i];
      if (i >= cost_.patterns.size() || !cost_.patterns[i].ran ||
          cost_.patterns[i].write) {
        continue;
      }
      double rcu = 0;
      for (const AwsIndexUnits& u : r.index_units) {
        rcu += u.table == t.table && u.index == is.index ? u.units : 0;
      }
      if (rcu <= 0) continue;
      const double read_limit = Ratio(kPartitionReadUnits, rcu);
      msg += "; pattern " + r.pattern->pattern_id + " reads it at " + Num(rcu) +
             " RCU per request, so " + Num(kPartitionReadUnits) +
             " RCU/s are reached at " + Num(std::round(read_limit)) +
             " requests/s";
      if (!cost_.nominal) {
        const double rps = cost_.patterns[i].requests_per_second;
        msg += " (the traffic gives " + Num(rps) + "/s)";
        worst = std::max(worst, Ratio(rps, read_limit));
      }
      limit = std::min(limit, read_limit);
    }
  }
  msg += std::string(". ") + kShardKeyAdvice;
  Add("hot-partition-key", worst >= 0.5 ? Severity::kWarning : Severity::kNote,
      Subject(t, is), msg, std::round(limit));
}

void Reviewer::LargeItems(const TableStats& t) {
  if (t.near_limit > 0) {
    Add("large-item", Severity::kWarning, "table " + t.table,
        Grouped(t.near_limit) + " of " + Grouped(t.items) +
            " items loaded are 350 KB or more (the largest " +
            ByteSize(static_cast<double>(t.max_bytes)) +
            "; DynamoDB's limit is 400 KB). " + kNearLimitAdvice,
        static_cast<double>(t.near_limit));
  } else if (t.over_4kb > 0) {
    Add("large-item", Severity::kNote, "table " + t.table,
        Grouped(t.over_4kb) + " of " + Grouped(t.items) +
            " items loaded are over 4 KB (the largest " +
            ByteSize(static_cast<double>(t.max_bytes)) + ", " +
            Grouped(t.max_bytes) +
            " bytes): each strongly consistent read of one costs more than "
            "one read unit and each write " +
            Grouped((t.max_bytes + 1023) / 1024) + " write units. " +
            kLargeItemAdvice,
        static_cast<double>(t.over_4kb));
  }
}

void Reviewer::Scans() {
  for (size_t i = 0; i < report_.patterns.size() && i < cost_.patterns.size();
       ++i) {
    const AwsPatternResult& r = report_.patterns[i];
    const AwsPatternCost& c = cost_.patterns[i];
    if (!c.ran || c.operation != "Scan") continue;
    std::string msg = "Pattern " + c.pattern_id +
                      " scans: " + Grouped(r.items) + " items in " +
                      Grouped(r.pages) + " page(s) at " +
                      Num(c.units_per_request) +
                      " RCU per request (the items in the table when it ran)";
    // A warning when the traffic runs it; a note without traffic or at 0/s.
    const bool runs = !cost_.nominal && c.requests_per_second > 0;
    if (runs) {
      msg += "; at " + Num(c.requests_per_second) + " requests/s that is " +
             Num(c.requests_per_second * c.units_per_request) + " RCU/s";
    } else if (!cost_.nominal) {
      msg += "; the traffic gives it 0 requests/s";
    }
    msg +=
        ". A Scan's cost grows with the table: serve the pattern from a "
        "Query on a key or a GSI.";
    Add("scan", runs ? Severity::kWarning : Severity::kNote,
        "pattern " + c.pattern_id, msg, c.units_per_request);
  }
}

void Reviewer::ManyIndexes(const TableStats& t) {
  if (t.in_many_gsis == 0) return;
  double gsi_units = 0;
  for (const AwsIndexCost& c : cost_.indexes) {
    gsi_units += c.table == t.table && c.global ? c.load_write_units : 0;
  }
  const AwsIndexCost* base = CostOf(t.table, "");
  const double per_item = Ratio(gsi_units, static_cast<double>(t.items));
  Add("many-gsis", Severity::kNote, "table " + t.table,
      Grouped(t.in_many_gsis) + " of " + Grouped(t.items) +
          " items loaded are written to " + std::to_string(o_.many_gsis) +
          " GSIs or more (up to " + std::to_string(t.most_gsis) +
          "): the load cost " + Num(per_item) + " GSI write units per item " +
          "beside " +
          Num(base != nullptr
                  ? Ratio(base->load_write_units, static_cast<double>(t.items))
                  : 0) +
          " on the table. Project fewer attributes, make indexes sparse, or "
          "overload one GSI for several access patterns.",
      per_item);
}

void Reviewer::Projection(const AwsProjectionCost& p) {
  const AwsProjectionChoice* declared = nullptr;
  const AwsProjectionChoice* best = nullptr;
  for (const AwsProjectionChoice& o : p.options) {
    if (o.cost.declared) declared = &o;
    if (best == nullptr ||
        o.cost.on_demand_with_fetch < best->cost.on_demand_with_fetch) {
      best = &o;
    }
  }
  if (declared == nullptr || best == nullptr) return;
  const std::string subject = "index " + p.table + "/" + p.index;
  const double now = declared->cost.on_demand_with_fetch;
  const double saved = now - best->cost.on_demand_with_fetch;
  const bool fetches = !declared->fetches.empty();
  if (!fetches && !(saved > 0 && saved >= 0.1 * now)) return;
  std::string msg = p.index + " projects " + declared->cost.projection + ": " +
                    Num(declared->write_units_per_entry) +
                    " WCU per entry written, " +
                    ByteSize(declared->cost.storage_bytes) + ", " +
                    Dollars(now) + " a month on demand";
  if (fetches) {
    std::string list;
    for (const std::string& f : declared->fetches) {
      list += (list.empty() ? "" : ", ") + f;
    }
    msg += std::string("; ") + list + " read" +
           (declared->fetches.size() == 1 ? "s" : "") +
           " attributes it does not project, " +
           (p.global ? "which a Query of a GSI cannot return: each item must "
                       "be read again from the table"
                     : "which DynamoDB fetches from the table for each item");
  }
  const AwsProjectionChoice* complete = nullptr;  // the cheapest, no fetch
  for (const AwsProjectionChoice& o : p.options) {
    if (o.fetches.empty() &&
        (complete == nullptr ||
         o.cost.on_demand_with_fetch < complete->cost.on_demand_with_fetch)) {
      complete = &o;
    }
  }
  if (fetches && complete != nullptr && complete != best) {
    msg += ". " + complete->cost.projection +
           " projects them: " + Dollars(complete->cost.on_demand_with_fetch) +
           " a month (" + Num(complete->write_units_per_entry) +
           " WCU per entry, " + ByteSize(complete->cost.storage_bytes) + ")";
  }
  if (best != declared && saved > 0) {
    msg += ". " + best->cost.projection + " would cost " +
           Dollars(best->cost.on_demand_with_fetch) + " (" +
           Num(best->write_units_per_entry) + " WCU per entry, " +
           ByteSize(best->cost.storage_bytes) +
           (best->fetches.empty() ? ", no fetch" : ", with its fetches") +
           "), " + Dollars(saved) + " less";
  }
  msg +=
      ". Project selectively: only the attributes the index's patterns "
      "read.";
  Add("projection", fetches && p.global ? Severity::kWarning : Severity::kNote,
      subject, msg, saved > 0 ? saved : 0);
}

void Reviewer::Sparse(const AwsSparseCost& s) {
  const SparseSaving& x = s.saving;
  if (!s.global || x.table_items == 0 || x.entries == 0 || s.scanned ||
      s.queried_keys.empty()) {
    return;
  }
  const double carried =
      Ratio(static_cast<double>(x.entries), static_cast<double>(x.table_items));
  const double read = Ratio(static_cast<double>(s.queried_entries),
                            static_cast<double>(x.entries));
  if (carried < o_.sparse_carried_share || read > o_.sparse_read_share ||
      s.distinct_keys >= o_.min_distinct_keys) {
    return;
  }
  // Leaving out the entries nobody reads saves their share of the index's
  // writes and storage (writes following the loaded items).
  const AwsIndexCost* ic = CostOf(s.table, x.index);
  const double unread = 1 - read;
  const double saved =
      ic != nullptr ? unread * (ic->cost.write_on_demand + ic->cost.storage)
                    : 0;
  std::string keys;
  for (const std::string& k : s.queried_keys) {
    keys += (keys.empty() ? "" : ", ") + k;
  }
  Add("sparse-index", Severity::kNote, "index " + s.table + "/" + x.index,
      x.index + "'s key is on " + Grouped(x.entries) + " of " +
          Grouped(x.table_items) + " items (" + Fixed(100 * carried, 0) +
          "%), over " + Grouped(s.distinct_keys) +
          " values, but its patterns read only " + keys + ": " +
          Grouped(s.queried_entries) + " entries (" + Fixed(100 * read, 0) +
          "%). Make it sparse: write the key attribute only on the items "
          "that are read through it (remove it when they leave that "
          "state); the others' writes and storage, " +
          Fixed(100 * unread, 0) + "% of the index's, cost " + Dollars(saved) +
          " a month" + (cost_.nominal ? " at the nominal traffic" : "") + ".",
      saved);
}

void Reviewer::Collections(const AwsCollectionCost& c) {
  std::string lsis;
  for (const std::string& l : c.lsis) lsis += (lsis.empty() ? "" : ", ") + l;
  const AwsCollection* top = c.largest.empty() ? nullptr : &c.largest[0];
  const double largest = top != nullptr ? top->bytes : 0;
  const auto limit = static_cast<double>(limits::kMaxItemCollectionBytes);
  std::string msg = "Table " + c.table + " has a local secondary index (" +
                    lsis +
                    "), so each partition-key value's item collection (its "
                    "items and their LSI entries) is limited to 10 GB. ";
  if (top != nullptr) {
    msg += "The largest of " + Grouped(c.collections) + ", " + top->key +
           ", holds " + Grouped(top->items) + " items and " +
           Grouped(top->lsi_entries) + " LSI entries, " +
           Grouped(static_cast<int64_t>(largest)) + " bytes (" +
           Fixed(100 * largest / limit, 6) + "% of 10 GB)";
  }
  const bool grows = std::isfinite(c.months);
  if (grows) {
    msg += "; pattern " + c.grower + " adds " + Num(c.growth_bytes_per_second) +
           " bytes/s to " + c.grow_key +
           " (as if each request wrote a new item of that size), so it "
           "reaches 10 GB in " +
           Fixed(c.months, 1) + " months";
  } else {
    msg +=
        "; figures from the loaded data only: no write pattern adds items "
        "at a rate given (--rps), so nothing is extrapolated";
  }
  msg += ". Use a GSI instead of the LSI, or spread the partition key.";
  Add("lsi-collection",
      largest >= limit || (grows && c.months <= 12) ? Severity::kWarning
                                                    : Severity::kNote,
      "table " + c.table, msg, grows ? c.months : largest);
  for (const AwsCollectionReadCost& r : c.reads) {
    if (r.units_per_request <= 0 || r.key.empty()) continue;
    const double share = Ratio(static_cast<double>(r.key_entries),
                               static_cast<double>(r.index_entries));
    std::string m =
        "Pattern " + r.pattern_id + " reads " + r.key + " of " + r.index +
        ", which holds " + Grouped(r.key_entries) + " of its " +
        Grouped(r.index_entries) + " entries (" + Fixed(100 * share, 0) +
        "%), at " + Num(r.units_per_request) +
        " RCU per request: an LSI's partition-key value is the "
        "table's, so its reads and the table's share that "
        "partition's " +
        Num(kPartitionReadUnits) + " RCU/s, reached at " +
        Num(std::round(r.limit_requests_per_second)) + " requests/s";
    double worst = 0;
    if (!cost_.nominal) {
      m += " (the traffic gives " + Num(r.requests_per_second) + "/s)";
      worst = Ratio(r.requests_per_second, r.limit_requests_per_second);
    }
    m += std::string(". ") + kShardKeyAdvice;
    Add("lsi-hot-key", worst >= 0.5 ? Severity::kWarning : Severity::kNote,
        "index " + c.table + "/" + r.index, m,
        std::round(r.limit_requests_per_second));
  }
}

}  // namespace

std::vector<Finding> ReviewAwsDataModel(const AwsDataModel& model,
                                        const AwsRunReport& report,
                                        const AwsDataModelCost& cost,
                                        const ReviewOptions& options) {
  return Reviewer(model, report, cost, options).Run();
}

}  // namespace eddy::model
