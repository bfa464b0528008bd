// Copyright 2026 The eddy Authors.

#include "model/review.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/internal/money.h"

namespace eddy::model {
namespace {

constexpr double kCollectionLimit = 10.0 * 1024 * 1024 * 1024;
constexpr double kSecondsPerMonth = 730.0 * 3600;

std::string Num(double v, int decimals = 0) {
  // Thousands separators on the integer part ("12,345.6").
  const std::string s = internal::Fixed(v, decimals);
  size_t end = s.find('.');
  if (end == std::string::npos) end = s.size();
  const size_t start = s[0] == '-' ? 1 : 0;
  std::string out = s.substr(0, start);
  for (size_t i = start; i < end; ++i) {
    if (i > start && (end - i) % 3 == 0) out.push_back(',');
    out.push_back(s[i]);
  }
  out.append(s, end, std::string::npos);
  return out;
}

// Units with one decimal unless whole ("2", "2.5").
std::string Units(double u) {
  return u == std::floor(u) ? Num(u) : Num(u, u < 10 ? 2 : 1);
}

std::string Bytes(double b) {
  if (b < 1024) return Num(b) + " B";
  if (b < 1024 * 1024) return Num(b / 1024, 1) + " KB";
  if (b < 1024.0 * 1024 * 1024) return Num(b / 1024 / 1024, 1) + " MB";
  return Num(b / 1024 / 1024 / 1024, 2) + " GB";
}

std::string Q(const std::string& s) { return "\"" + s + "\""; }

double Ratio(double a, double b) { return b > 0 ? a / b : 0; }

double RateOf(const std::vector<std::pair<std::string, double>>& list,
              const std::string& name) {
  double r = 0;
  for (const auto& [n, v] : list) r += n == name ? v : 0;
  return r;
}

double RateOf(const std::vector<std::pair<int, double>>& list, int number) {
  double r = 0;
  for (const auto& [n, v] : list) r += n == number ? v : 0;
  return r;
}

// The index's key templates for a shape: (partition, sort) text.
std::pair<std::string, std::string> Templates(const EntityShape& e,
                                              const std::string& index) {
  if (index == "table") {
    return {e.partition_key.text(), e.sort_key.text()};
  }
  const IndexKeys* k = e.FindIndex(index);
  if (k == nullptr) return {};
  return {k->partition_key.text(), k->sort_key ? k->sort_key->text() : ""};
}

// Write units one write of the shape costs on the index.
double UnitsPerWrite(const ShapeProfile& sp, const ShapeIndexProfile& si) {
  return si.index == "table" ? Ratio(static_cast<double>(sp.table_wcu),
                                     static_cast<double>(sp.items))
                             : Ratio(static_cast<double>(si.sizes.actual_wcu),
                                     static_cast<double>(sp.items));
}

bool IsConstantTemplate(const KeyTemplate& t, const Model& model) {
  for (const std::string& p : t.placeholders()) {
    if (!model.workload || model.workload->constants.Find(p) == nullptr) {
      return false;
    }
  }
  return true;
}

class Reviewer {
 public:
  Reviewer(const Model& m, const DataProfile& p, const RunReport& r,
           const Traffic& t, bool nominal, const ReviewOptions& o)
      : model_(m),
        profile_(p),
        run_(r),
        traffic_(t),
        nominal_(nominal),
        o_(o) {}

  std::vector<Finding> Run() {
    HotKeys();
    LargeItems();
    if (o_.lsi) Collections();
    MonotonicSortKeys();
    SkewedIndexes();
    FullReads();
    ManyIndexes();
    return std::move(out_);
  }

 private:
  void Add(std::string check, Severity s, std::string subject,
           std::string message, double figure) {
    out_.push_back(
        {std::move(check), s, std::move(subject), std::move(message), figure});
  }

  std::string IndexLabel(const std::string& index) const {
    return index == "table" ? "the table" : index;
  }
  // At the start of a sentence.
  std::string IndexLabelCap(const std::string& index) const {
    return index == "table" ? "The table" : index;
  }

  void HotKeys();
  void LargeItems();
  void Collections();
  void MonotonicSortKeys();
  void SkewedIndexes();
  void FullReads();
  void ManyIndexes();

  const Model& model_;
  const DataProfile& profile_;
  const RunReport& run_;
  const Traffic& traffic_;
  const bool nominal_;
  const ReviewOptions& o_;
  std::vector<Finding> out_;
};

void Reviewer::HotKeys() {
  for (size_t s = 0; s < profile_.shapes.size() && s < model_.entities.size();
       ++s) {
    const ShapeProfile& sp = profile_.shapes[s];
    const EntityShape& e = model_.entities[s];
    for (const ShapeIndexProfile& si : sp.indexes) {
      if (si.entries < 2) continue;
      const bool constant = si.constant_partition_key;
      const bool low = !constant &&
                       si.distinct_partition_keys < o_.min_distinct_keys &&
                       si.entries >= 10 * si.distinct_partition_keys;
      if (!constant && !low) continue;
      const std::string pk_template = Templates(e, si.index).first;
      // The hottest key's share of this type's writes.
      const double share =
          constant ? 1.0
                   : Ratio(static_cast<double>(si.top_partition_key_entries),
                           static_cast<double>(si.entries));
      const double units = UnitsPerWrite(sp, si);
      const double write_limit =
          Ratio(kPartitionWriteUnits, units * share);  // writes/s of the type
      const double wps = RateOf(traffic_.writes_per_second, sp.entity_type);
      std::string msg;
      if (constant) {
        msg = IndexLabelCap(si.index) + " partition key " + Q(pk_template) +
              " is the same value (" + Q(si.top_partition_key) +
              ") for every " + sp.entity_type + " item: all " +
              Num(static_cast<double>(si.entries)) +
              " entries sit in one partition. ";
      } else {
        msg = IndexLabelCap(si.index) + " partition key " + Q(pk_template) +
              " has only " +
              Num(static_cast<double>(si.distinct_partition_keys)) +
              " distinct values over " + Num(static_cast<double>(si.entries)) +
              " " + sp.entity_type + " entries; the largest, " +
              Q(si.top_partition_key) + ", holds " + Num(100 * share, 0) +
              "% of them. ";
      }
      msg += "At " + Units(units) + " WCU per write, that partition's " +
             Num(kPartitionWriteUnits) + " WCU/s are reached at " +
             Num(write_limit) + " " + sp.entity_type + " writes/s";
      double worst = nominal_ ? 0 : Ratio(wps, write_limit);
      double limit = write_limit;
      // Patterns that read the key: those on this index whose partition key
      // is a constant and whose keys can match this type.
      for (const AccessPattern& ap : model_.patterns) {
        if (!ap.executable) continue;
        const std::string index =
            ap.index_name.empty() ? "table" : ap.index_name;
        if (index != si.index || !constant ||
            !IsConstantTemplate(ap.partition_key, model_) ||
            !std::all_of(ap.partition_parts.begin(), ap.partition_parts.end(),
                         [&](const KeyTemplate& part) {
                           return IsConstantTemplate(part, model_);
                         }) ||
            std::find(ap.matching_entity_types.begin(),
                      ap.matching_entity_types.end(),
                      sp.entity_type) == ap.matching_entity_types.end()) {
          continue;
        }
        for (const PatternReport& pr : run_.patterns) {
          if (pr.name != ap.name || pr.runs == 0) continue;
          const double rcu = pr.read_units_total / pr.runs;
          const double read_limit = Ratio(kPartitionReadUnits, rcu);
          const double rps = RateOf(traffic_.pattern_rps, pr.number);
          msg += "; pattern " + std::to_string(pr.number) + " (" + pr.name +
                 ") reads it at " + Units(rcu) + " RCU per request, so " +
                 Num(kPartitionReadUnits) + " RCU/s are reached at " +
                 Num(read_limit) + " requests/s";
          if (!nominal_) {
            msg += " (the traffic gives " + Units(rps) + "/s)";
            worst = std::max(worst, Ratio(rps, read_limit));
          }
          limit = std::min(limit, read_limit);
          break;
        }
      }
      if (!nominal_) {
        msg +=
            "; the traffic writes " + Units(wps) + " " + sp.entity_type + "/s";
      }
      msg += std::string(". ") + kShardKeyAdvice;
      Add("hot-partition-key",
          worst >= 0.5 ? Severity::kWarning : Severity::kNote,
          "entity " + sp.entity_type + " in " + IndexLabel(si.index), msg,
          limit);
    }
  }
}

void Reviewer::LargeItems() {
  for (const ShapeProfile& sp : profile_.shapes) {
    if (sp.near_limit > 0) {
      Add("large-item", Severity::kWarning, "entity " + sp.entity_type,
          Num(static_cast<double>(sp.near_limit)) + " of " +
              Num(static_cast<double>(sp.items)) + " " + sp.entity_type +
              " items are 350 KB or more (the largest " +
              Bytes(static_cast<double>(sp.max_bytes)) +
              "; DynamoDB's limit is 400 KB). " + kNearLimitAdvice,
          static_cast<double>(sp.near_limit));
    } else if (sp.over_4kb > 0) {
      Add("large-item", Severity::kNote, "entity " + sp.entity_type,
          Num(static_cast<double>(sp.over_4kb)) + " of " +
              Num(static_cast<double>(sp.items)) + " " + sp.entity_type +
              " items (" +
              Num(100 * Ratio(static_cast<double>(sp.over_4kb),
                              static_cast<double>(sp.items))) +
              "%) are over 4 KB (the largest " +
              Bytes(static_cast<double>(sp.max_bytes)) +
              "): each read of one costs more than one read unit. " +
              kLargeItemAdvice,
          static_cast<double>(sp.over_4kb));
    }
  }
}

void Reviewer::Collections() {
  if (profile_.indexes.empty()) return;
  const IndexProfile& table = profile_.indexes[0];
  // Growth of the fastest-growing collection: per type, its writes spread
  // over its distinct partition keys.
  double growth = 0;  // bytes per second into one collection
  std::string grower;
  for (const ShapeProfile& sp : profile_.shapes) {
    if (sp.items == 0 || sp.indexes.empty()) continue;
    const ShapeIndexProfile& si = sp.indexes[0];
    const double wps = RateOf(traffic_.writes_per_second, sp.entity_type);
    const double g =
        wps *
        Ratio(static_cast<double>(sp.bytes), static_cast<double>(sp.items)) /
        std::max<double>(1,
                         si.constant_partition_key
                             ? 1
                             : static_cast<double>(si.distinct_partition_keys));
    if (g > growth) {
      growth = g;
      grower = sp.entity_type;
    }
  }
  const double largest = static_cast<double>(table.largest_key_bytes);
  const double months =
      growth > 0 ? (kCollectionLimit - largest) / (growth * kSecondsPerMonth)
                 : INFINITY;
  if (largest < kCollectionLimit / 10 && !(months <= 12)) return;
  std::string msg =
      "The table has a local secondary index, so an item "
      "collection (one partition-key value) is limited to 10 "
      "GB. The largest, " +
      Q(table.largest_key) + ", holds " +
      Num(static_cast<double>(table.largest_key_entries)) + " items, " +
      Bytes(largest);
  if (growth > 0) {
    msg += "; " + grower + " writes add " + Bytes(growth) +
           "/s to one collection, so it reaches 10 GB in " +
           Num(std::max(0.0, months), 1) + " months";
  }
  msg += ". Use a GSI instead of the LSI, or spread the partition key.";
  Add("lsi-collection",
      largest >= kCollectionLimit || months <= 12 ? Severity::kWarning
                                                  : Severity::kNote,
      "table", msg, std::isfinite(months) ? months : largest);
}

void Reviewer::MonotonicSortKeys() {
  for (size_t s = 0; s < profile_.shapes.size() && s < model_.entities.size();
       ++s) {
    const ShapeProfile& sp = profile_.shapes[s];
    const double wps = RateOf(traffic_.writes_per_second, sp.entity_type);
    if (wps <= 0) continue;
    for (const ShapeIndexProfile& si : sp.indexes) {
      if (si.sk_pairs < 10 || si.sk_appends < si.sk_pairs) continue;
      const double keys =
          si.constant_partition_key
              ? 1
              : std::max<double>(
                    1, static_cast<double>(si.distinct_partition_keys));
      const double per_partition = wps * UnitsPerWrite(sp, si) / keys;
      if (per_partition < o_.write_heavy_units) continue;
      const std::string sk = Templates(model_.entities[s], si.index).second;
      Add("monotonic-sort-key",
          per_partition >= kPartitionWriteUnits / 2 ? Severity::kWarning
                                                    : Severity::kNote,
          "entity " + sp.entity_type + " in " + IndexLabel(si.index),
          IndexLabelCap(si.index) + " sort key " + Q(sk) + " only grows: all " +
              Num(static_cast<double>(si.sk_pairs)) + " " + sp.entity_type +
              " items written into a partition that already had one sorted "
              "after every earlier item there. At " +
              Units(wps) + " writes/s over " + Num(keys) +
              (keys == 1 ? " partition key, the partition takes "
                         : " partition keys, each partition takes ") +
              Units(per_partition) +
              " WCU/s, all at the end of its key range, where a split for "
              "heat cannot spread them. Put a high-cardinality value before "
              "the time-ordered part, or shard the partition key.",
          per_partition);
    }
  }
}

void Reviewer::SkewedIndexes() {
  for (size_t i = 1; i < profile_.indexes.size(); ++i) {
    const IndexProfile& ip = profile_.indexes[i];
    if (ip.distinct_partition_keys < 2 || ip.entries == 0) continue;
    // A key that is constant for some type is reported as a hot key.
    bool constant = false;
    for (const ShapeProfile& sp : profile_.shapes) {
      const ShapeIndexProfile* si = sp.Find(ip.name);
      constant = constant || (si != nullptr && si->constant_partition_key &&
                              si->top_partition_key == ip.top_key);
    }
    if (constant) continue;
    const double share = Ratio(static_cast<double>(ip.top_key_entries),
                               static_cast<double>(ip.entries));
    const double mean = Ratio(static_cast<double>(ip.entries),
                              static_cast<double>(ip.distinct_partition_keys));
    const double factor = Ratio(static_cast<double>(ip.top_key_entries), mean);
    if (share <= o_.skew_share || factor < o_.skew_factor) continue;
    Add("skewed-gsi", share >= 0.5 ? Severity::kWarning : Severity::kNote,
        "index " + ip.name,
        ip.name + "'s partition key " + Q(ip.top_key) + " holds " +
            Num(static_cast<double>(ip.top_key_entries)) + " of its " +
            Num(static_cast<double>(ip.entries)) + " entries (" +
            Num(100 * share) + "%, " + Num(factor, 1) + "× the mean over " +
            Num(static_cast<double>(ip.distinct_partition_keys)) +
            " keys): writes to those items and reads of that key load one "
            "partition of the index. A GSI needs a key as evenly spread as "
            "the table's.",
        share);
  }
}

void Reviewer::FullReads() {
  for (const PatternReport& p : run_.patterns) {
    if (!p.executable || !p.skipped.empty() || p.runs == 0) continue;
    // Only reads by key condition and Scans: a BatchGetItem names its keys,
    // a write check reads nothing.
    const bool scan = p.operation == "Scan";
    if (!p.operation.empty() && !scan) continue;
    const IndexProfile* ip = profile_.FindIndex(p.index);
    if (ip == nullptr || ip->entries == 0) continue;
    const double items = static_cast<double>(p.items_total) / p.runs;
    const double share = items / static_cast<double>(ip->entries);
    if (scan) {
      // The design means to read everything: said so, whatever the share.
      const double rcu = p.read_units_total / p.runs;
      const double rps = RateOf(traffic_.pattern_rps, p.number);
      Add("scan", Severity::kWarning, "pattern " + std::to_string(p.number),
          "pattern " + std::to_string(p.number) + " (" + p.name +
              ") is a Scan of " + IndexLabel(p.index) + ": " + Num(items, 1) +
              " items (" + Num(100 * share) + "% of its " +
              Num(static_cast<double>(ip->entries)) + " entries) at " +
              Units(rcu) + " RCU per request" +
              (rps > 0 ? ", " + Units(rcu * rps) + " RCU/s at " + Num(rps, 1) +
                             " req/s"
                       : std::string()) +
              ", growing with the data. Keep Scans for rare jobs (exports, "
              "migrations); a frequent one wants a key condition on an index "
              "or a summary item.",
          rcu);
      continue;
    }
    if (share < o_.full_read_share || items < o_.full_read_items) continue;
    Add("full-read", Severity::kWarning, "pattern " + std::to_string(p.number),
        "pattern " + std::to_string(p.number) + " (" + p.name + ") reads " +
            Num(items, 1) + " items per request, " + Num(100 * share) +
            "% of " + IndexLabel(p.index) + "'s " +
            Num(static_cast<double>(ip->entries)) + " entries, at " +
            Units(p.read_units_total / p.runs) +
            " RCU per request: a Scan in effect, whose cost grows with the "
            "data. Narrow the key condition, or keep a summary item.",
        share);
  }
}

void Reviewer::ManyIndexes() {
  for (size_t s = 0; s < profile_.shapes.size() && s < model_.entities.size();
       ++s) {
    const ShapeProfile& sp = profile_.shapes[s];
    const int gsis = static_cast<int>(model_.entities[s].indexes.size());
    if (gsis < o_.many_gsis || sp.items == 0) continue;
    std::string names;
    double index_units = 0;
    for (const ShapeIndexProfile& si : sp.indexes) {
      if (si.index == "table") continue;
      names += (names.empty() ? "" : ", ") + si.index;
      index_units += UnitsPerWrite(sp, si);
    }
    const double table_units = UnitsPerWrite(sp, sp.indexes[0]);
    Add("many-gsis", Severity::kNote, "entity " + sp.entity_type,
        sp.entity_type + " is written to " + std::to_string(gsis) + " GSIs (" +
            names + "): a write costs " + Units(table_units) +
            " WCU on the table and " + Units(index_units) +
            " more on the indexes (" +
            Num(Ratio(table_units + index_units, table_units), 1) +
            "× the table's). Each index is worth its writes only if a "
            "pattern needs it; project selectively.",
        gsis);
  }
}

}  // namespace

std::string_view SeverityName(Severity s) {
  return s == Severity::kWarning ? "warning" : "note";
}

std::vector<Finding> ReviewDesign(const Model& model,
                                  const DataProfile& profile,
                                  const RunReport& run, const Traffic& traffic,
                                  bool nominal, const ReviewOptions& options) {
  return Reviewer(model, profile, run, traffic, nominal, options).Run();
}

std::string FormatFindingsText(const std::vector<Finding>& findings) {
  std::string out = "\nDesign review";
  if (findings.empty()) return out + ": no findings\n";
  out += " (" + std::to_string(findings.size()) + " findings)\n";
  for (const Finding& f : findings) {
    out += "  " + std::string(SeverityName(f.severity)) + " [" + f.check +
           "] " + f.subject + "\n      " + f.message + "\n";
  }
  return out;
}

}  // namespace eddy::model
