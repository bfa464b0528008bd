// Copyright 2026 The eddy Authors.
//
// The AWS MCP data model's projection, sparse-index and item-collection
// figures and their report sections (model/formats/internal/aws_savings.h).

#include "model/formats/internal/aws_savings.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "emulator/types/limits.h"
#include "model/formats/aws_data_model_projection.h"
#include "model/internal/html.h"
#include "model/internal/money.h"
#include "model/review.h"

namespace eddy::model::formats_internal {
namespace {

using Json = nlohmann::ordered_json;
using internal::ByteSize;
using internal::Dollars;
using internal::Fixed;
using internal::Grouped;
using lab::internal::Esc;

constexpr double kOverhead = limits::kStorageOverheadPerItemBytes;
constexpr double kCollectionLimit =
    static_cast<double>(limits::kMaxItemCollectionBytes);

// On demand, a month: reads, writes and storage priced by PriceIndexCost.
double OnDemand(const RegionPrices& pr, const AwsDataModelCost& c,
                double read_units, double write_units, double bytes) {
  IndexCost x;
  x.read_units_per_second = read_units;
  x.write_units_per_second = write_units;
  x.storage_bytes = bytes;
  PriceIndexCost(pr, c.hours_per_month, c.utilization, &x);
  return x.on_demand();
}

double Rate(const AwsDataModelCost& c, size_t pattern) {
  return pattern < c.patterns.size() && c.patterns[pattern].ran
             ? c.patterns[pattern].requests_per_second
             : 0;
}

std::string PatternId(const AwsDataModelCost& c, size_t pattern) {
  return pattern < c.patterns.size() ? c.patterns[pattern].pattern_id : "?";
}

std::string Pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}
std::string Right(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}
std::string Percent(double part, double whole) {
  return Fixed(whole > 0 ? 100 * part / whole : 0, 0) + "%";
}
std::string Joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

const AwsIndexCost* TableCost(const AwsDataModelCost& c,
                              const std::string& table) {
  for (const AwsIndexCost& ic : c.indexes) {
    if (ic.table == table && ic.index.empty()) return &ic;
  }
  return nullptr;
}

}  // namespace

void EstimateAwsSavings(const AwsRunReport& report, const RegionPrices& pr,
                        AwsDataModelCost* c) {
  if (report.model == nullptr) return;
  const AwsDataModelProfile profile =
      ProfileAwsDataModel(*report.model, report);
  for (const AwsIndexProfile& p : profile.indexes) {
    AwsProjectionCost pc;
    pc.table = p.table;
    pc.index = p.index;
    pc.global = p.global;
    pc.entries = p.entries;
    for (const AwsProjectionOption& o : p.options) {
      AwsProjectionChoice ch;
      ch.cost.projection = o.projection;
      ch.cost.declared = o.declared;
      ch.cost.storage_bytes =
          o.entry_bytes + kOverhead * static_cast<double>(p.entries);
      ch.write_units_per_entry =
          p.entries > 0 ? o.write_units / static_cast<double>(p.entries) : 0;
      for (const AwsProjectionUse& u : o.uses) {
        const double rps = Rate(*c, u.pattern);
        (u.write ? ch.cost.write_units_per_second
                 : ch.cost.read_units_per_second) += rps * u.units;
        ch.cost.fetch_units_per_second += rps * u.fetch_units;
        if (!u.missing.empty()) {
          ch.fetches.push_back("pattern " + PatternId(*c, u.pattern) + " (" +
                               Joined(u.missing) + ")" +
                               (u.ran ? "" : " [failed]"));
        }
      }
      ch.cost.on_demand =
          OnDemand(pr, *c, ch.cost.read_units_per_second,
                   ch.cost.write_units_per_second, ch.cost.storage_bytes);
      ch.cost.on_demand_with_fetch = OnDemand(
          pr, *c,
          ch.cost.read_units_per_second + ch.cost.fetch_units_per_second,
          ch.cost.write_units_per_second, ch.cost.storage_bytes);
      pc.options.push_back(std::move(ch));
    }
    c->projections.push_back(std::move(pc));

    AwsSparseCost sc;
    sc.table = p.table;
    sc.global = p.global;
    sc.saving.index = p.index;
    sc.saving.entries = p.entries;
    sc.saving.table_items = p.table_items;
    const AwsIndexCost* table = TableCost(*c, p.table);
    const double table_wps =
        table != nullptr ? table->cost.write_units_per_second : 0;
    sc.saving.write_units_per_second_saved =
        p.table_write_units > 0
            ? table_wps * p.others_write_units / p.table_write_units
            : 0;
    sc.saving.storage_bytes_saved =
        p.others_bytes +
        kOverhead * static_cast<double>(p.table_items - p.entries);
    sc.saving.on_demand_saved =
        OnDemand(pr, *c, 0, sc.saving.write_units_per_second_saved,
                 sc.saving.storage_bytes_saved);
    sc.distinct_keys = p.distinct_keys;
    sc.scanned = p.scanned;
    sc.queried_keys = p.queried_keys;
    sc.queried_entries = p.queried_entries;
    c->sparse.push_back(std::move(sc));
  }
  const double seconds = c->hours_per_month * 3600;
  for (const AwsCollectionProfile& p : profile.collections) {
    AwsCollectionCost cc;
    cc.table = p.table;
    cc.lsis = p.lsis;
    cc.collections = p.collections;
    cc.largest = p.largest;
    cc.months = INFINITY;
    for (const AwsCollectionGrowth& g : p.growth) {
      const double bps = Rate(*c, g.pattern) * g.bytes_per_request;
      if (bps <= 0) continue;
      const double months =
          std::max(0.0, kCollectionLimit - g.current_bytes) / (bps * seconds);
      if (months < cc.months) {
        cc.months = months;
        cc.grower = PatternId(*c, g.pattern);
        cc.grow_key = g.key;
        cc.grow_bytes = g.current_bytes;
        cc.growth_bytes_per_second = bps;
      }
    }
    for (const AwsCollectionRead& r : p.reads) {
      AwsCollectionReadCost rc;
      rc.pattern_id = PatternId(*c, r.pattern);
      rc.index = r.index;
      rc.key = r.key;
      rc.units_per_request = r.units;
      rc.requests_per_second = Rate(*c, r.pattern);
      rc.limit_requests_per_second =
          r.units > 0 ? kPartitionReadUnits / r.units : 0;
      rc.key_entries = r.key_entries;
      rc.index_entries = r.index_entries;
      cc.reads.push_back(std::move(rc));
    }
    c->collections.push_back(std::move(cc));
  }
}

std::string FormatAwsSavingsText(const AwsDataModelCost& c) {
  std::string out;
  if (!c.projections.empty()) {
    out +=
        "  Projection choices per secondary index (the loaded items "
        "re-projected, the same traffic, on demand; '+fetch' adds reading "
        "each item back from the table)\n";
    for (const AwsProjectionCost& p : c.projections) {
      out += "  " + p.table + "/" + p.index + (p.global ? " (GSI)" : " (LSI)") +
             ", " + Grouped(p.entries) + " entries\n";
      for (const AwsProjectionChoice& o : p.options) {
        const ProjectionOption& x = o.cost;
        out += "    " + Pad(x.projection + (x.declared ? " *" : ""), 30) +
               " W/entry " + Right(Fixed(o.write_units_per_entry, 2), 6) +
               "  W/s " + Right(Fixed(x.write_units_per_second, 2), 8) + "  " +
               Right(ByteSize(x.storage_bytes), 9) + "  " +
               Right(Dollars(x.on_demand), 10) +
               (x.fetch_units_per_second > 0
                    ? "  +fetch " + Dollars(x.on_demand_with_fetch)
                    : std::string()) +
               "\n";
        if (!o.fetches.empty()) {
          out += "      needs a fetch: " + Joined(o.fetches) + "\n";
        }
      }
    }
    out += "  (* the index's own projection)\n";
  }
  if (!c.sparse.empty()) {
    out +=
        "  Sparse indexes: the items that carry the index's key, and what "
        "leaving the others out saves a month (on demand)\n";
    for (const AwsSparseCost& s : c.sparse) {
      const SparseSaving& x = s.saving;
      out += "  " + Pad(s.table + "/" + x.index, 28) + " " +
             Grouped(x.entries) + " of " + Grouped(x.table_items) + " items (" +
             Percent(static_cast<double>(x.entries),
                     static_cast<double>(x.table_items)) +
             "); saves " + Fixed(x.write_units_per_second_saved, 2) +
             " WCU/s and " + ByteSize(x.storage_bytes_saved) + ": " +
             Dollars(x.on_demand_saved) + "; read: " +
             (s.scanned ? std::string("every key (a Scan)")
              : s.queried_keys.empty()
                  ? std::string("no key")
                  : Joined(s.queried_keys) + ", " + Grouped(s.queried_entries) +
                        " of " + Grouped(x.entries) + " entries") +
             "\n";
    }
  }
  for (const AwsCollectionCost& cc : c.collections) {
    out += "  Item collections of " + cc.table + " (LSI " + Joined(cc.lsis) +
           "; items + LSI entries, 100 B each; limit 10 GB): " +
           Grouped(cc.collections) + ", the largest";
    for (const AwsCollection& x : cc.largest) {
      out += " " + x.key + " " + Grouped(x.items) + " items + " +
             Grouped(x.lsi_entries) + " entries " + ByteSize(x.bytes) + ";";
    }
    out += "\n    ";
    if (std::isfinite(cc.months)) {
      out += "pattern " + cc.grower + " adds " +
             ByteSize(cc.growth_bytes_per_second) + "/s to " + cc.grow_key +
             " (" + ByteSize(cc.grow_bytes) + " now): 10 GB in " +
             Fixed(cc.months, 1) + " months\n";
    } else {
      out +=
          "no write pattern adds items at a rate given (--rps): sizes from "
          "the loaded data only\n";
    }
    for (const AwsCollectionReadCost& r : cc.reads) {
      out +=
          "    pattern " + r.pattern_id + " reads " + r.key + " of " + r.index +
          " (" + Grouped(r.key_entries) + " of " + Grouped(r.index_entries) +
          " entries) at " + Fixed(r.units_per_request, 2) +
          " RCU: 3,000 RCU/s at " +
          Grouped(
              static_cast<int64_t>(std::llround(r.limit_requests_per_second))) +
          " requests/s (traffic " + Fixed(r.requests_per_second, 1) + "/s)\n";
    }
  }
  return out;
}

void AddAwsSavingsJson(const AwsDataModelCost& c, Json* cost) {
  if (!c.projections.empty()) {
    Json list = Json::array();
    for (const AwsProjectionCost& p : c.projections) {
      Json options = Json::array();
      for (const AwsProjectionChoice& o : p.options) {
        const ProjectionOption& x = o.cost;
        options.push_back({{"projection", x.projection},
                           {"declared", x.declared},
                           {"writeUnitsPerEntry", o.write_units_per_entry},
                           {"writeUnitsPerSecond", x.write_units_per_second},
                           {"storageBytes", x.storage_bytes},
                           {"readUnitsPerSecond", x.read_units_per_second},
                           {"fetchUnitsPerSecond", x.fetch_units_per_second},
                           {"fetches", o.fetches},
                           {"onDemand", x.on_demand},
                           {"onDemandWithFetch", x.on_demand_with_fetch}});
      }
      list.push_back({{"table", p.table},
                      {"index", p.index},
                      {"kind", p.global ? "GSI" : "LSI"},
                      {"entries", p.entries},
                      {"options", std::move(options)}});
    }
    (*cost)["projections"] = std::move(list);
  }
  if (!c.sparse.empty()) {
    Json list = Json::array();
    for (const AwsSparseCost& s : c.sparse) {
      const SparseSaving& x = s.saving;
      list.push_back(
          {{"table", s.table},
           {"index", x.index},
           {"kind", s.global ? "GSI" : "LSI"},
           {"entries", x.entries},
           {"tableItems", x.table_items},
           {"writeUnitsPerSecondSaved", x.write_units_per_second_saved},
           {"storageBytesSaved", x.storage_bytes_saved},
           {"onDemandSaved", x.on_demand_saved},
           {"distinctKeys", s.distinct_keys},
           {"scanned", s.scanned},
           {"queriedKeys", s.queried_keys},
           {"queriedEntries", s.queried_entries}});
    }
    (*cost)["sparse"] = std::move(list);
  }
  if (!c.collections.empty()) {
    Json list = Json::array();
    for (const AwsCollectionCost& cc : c.collections) {
      Json largest = Json::array();
      for (const AwsCollection& x : cc.largest) {
        largest.push_back({{"key", x.key},
                           {"items", x.items},
                           {"lsiEntries", x.lsi_entries},
                           {"bytes", x.bytes}});
      }
      Json reads = Json::array();
      for (const AwsCollectionReadCost& r : cc.reads) {
        reads.push_back(
            {{"pattern", r.pattern_id},
             {"index", r.index},
             {"key", r.key},
             {"unitsPerRequest", r.units_per_request},
             {"requestsPerSecond", r.requests_per_second},
             {"limitRequestsPerSecond", r.limit_requests_per_second},
             {"keyEntries", r.key_entries},
             {"indexEntries", r.index_entries}});
      }
      const bool grows = std::isfinite(cc.months);
      list.push_back(
          {{"table", cc.table},
           {"lsis", cc.lsis},
           {"collections", cc.collections},
           {"largest", std::move(largest)},
           {"growthPattern", grows ? Json(cc.grower) : Json(nullptr)},
           {"growthKey", grows ? Json(cc.grow_key) : Json(nullptr)},
           {"growthBytesPerSecond", cc.growth_bytes_per_second},
           {"monthsTo10GB", grows ? Json(cc.months) : Json(nullptr)},
           {"reads", std::move(reads)}});
    }
    (*cost)["collections"] = std::move(list);
  }
}

std::string RenderAwsSavingsHtml(const AwsDataModelCost& c) {
  std::string h;
  auto td = [](const std::string& s) { return "<td>" + s + "</td>"; };
  auto tdl = [](const std::string& s) {
    return "<td class=\"l\">" + s + "</td>";
  };
  if (!c.projections.empty()) {
    h += "<h3>Projection choices</h3>\n<p class=\"explain\">Each secondary "
         "index's loaded entries under ALL, KEYS_ONLY and INCLUDE of what its "
         "patterns read, for the same traffic (on demand, a month); a pattern "
         "that reads attributes an option does not project must read each "
         "item back from the table ('with fetch').</p>\n<div "
         "class=\"scroll\"><table><tr><th class=\"l\">index</th><th "
         "class=\"l\">projection</th><th>W/entry</th><th>W/s</th><th>storage"
         "</th><th>query R/s</th><th>on demand</th><th>with fetch</th><th "
         "class=\"l\">needs a fetch</th></tr>\n";
    for (const AwsProjectionCost& p : c.projections) {
      for (const AwsProjectionChoice& o : p.options) {
        const ProjectionOption& x = o.cost;
        h += "<tr>" +
             tdl(Esc(p.table + " / " + p.index +
                     (p.global ? " (GSI)" : " (LSI)"))) +
             tdl(Esc(x.projection) + (x.declared ? " (declared)" : "")) +
             td(Fixed(o.write_units_per_entry, 2)) +
             td(Fixed(x.write_units_per_second, 2)) +
             td(ByteSize(x.storage_bytes)) +
             td(Fixed(x.read_units_per_second, 2)) + td(Dollars(x.on_demand)) +
             td(x.fetch_units_per_second > 0 ? Dollars(x.on_demand_with_fetch)
                                             : "–") +
             tdl(Esc(Joined(o.fetches))) + "</tr>\n";
      }
    }
    h += "</table></div>\n";
  }
  if (!c.sparse.empty()) {
    h += "<h3>Sparse indexes</h3>\n<p class=\"explain\">The loaded items that "
         "carry each index's key attributes, what leaving the others out "
         "saves (their writes and storage had they been written to it), and "
         "the key values the patterns read.</p>\n<div "
         "class=\"scroll\"><table><tr><th class=\"l\">index</th><th>entries"
         "</th><th>table items</th><th>WCU/s saved</th><th>storage "
         "saved</th><th>saved a month</th><th class=\"l\">read</th></tr>\n";
    for (const AwsSparseCost& s : c.sparse) {
      const SparseSaving& x = s.saving;
      h += "<tr>" + tdl(Esc(s.table + " / " + x.index)) +
           td(Grouped(x.entries)) + td(Grouped(x.table_items)) +
           td(Fixed(x.write_units_per_second_saved, 2)) +
           td(ByteSize(x.storage_bytes_saved)) +
           td(Dollars(x.on_demand_saved)) +
           tdl(Esc(s.scanned ? std::string("every key (a Scan)")
                   : s.queried_keys.empty()
                       ? std::string("no key")
                       : Joined(s.queried_keys) + ": " +
                             Grouped(s.queried_entries) + " entries")) +
           "</tr>\n";
    }
    h += "</table></div>\n";
  }
  if (!c.collections.empty()) {
    h += "<h3>Item collections</h3>\n<p class=\"explain\">Tables with a local "
         "secondary index: each partition-key value's items and LSI entries "
         "(100 B each included) count against 10 GB.</p>\n<div "
         "class=\"scroll\"><table><tr><th class=\"l\">table</th><th>"
         "collections</th><th class=\"l\">largest</th><th class=\"l\">growth"
         "</th></tr>\n";
    for (const AwsCollectionCost& cc : c.collections) {
      std::string largest;
      for (const AwsCollection& x : cc.largest) {
        largest += (largest.empty() ? "" : "; ") + x.key + " " +
                   Grouped(x.items) + " items, " + ByteSize(x.bytes);
      }
      const std::string growth =
          std::isfinite(cc.months)
              ? "pattern " + cc.grower + ": " +
                    ByteSize(cc.growth_bytes_per_second) + "/s to " +
                    cc.grow_key + ", 10 GB in " + Fixed(cc.months, 1) +
                    " months"
              : "no write rate given: the loaded data only";
      h += "<tr>" + tdl(Esc(cc.table)) + td(Grouped(cc.collections)) +
           tdl(Esc(largest)) + tdl(Esc(growth)) + "</tr>\n";
    }
    h += "</table></div>\n";
  }
  return h;
}

}  // namespace eddy::model::formats_internal
