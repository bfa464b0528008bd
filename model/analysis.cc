// Copyright 2026 The eddy Authors.
//
// Analyze, and the cost and review sections of the text and JSON reports
// (the HTML page is report_html.cc).

#include "model/analysis.h"

#include <cmath>
#include <cstdio>

#include "model/internal/money.h"
#include "model/report.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;
using internal::Dollars;
using internal::Fixed;

std::string Pad(std::string s, size_t width) {
  // Pads by characters, not bytes (for "×" and "…").
  size_t chars = 0;
  for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
  if (chars < width) s.append(width - chars, ' ');
  return s;
}

std::string Clip(const std::string& s, size_t width) {
  return s.size() <= width ? s : s.substr(0, width - 3) + "...";
}

std::string RightPad(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

}  // namespace

StatusOr<ModelAnalysis> Analyze(const Model& model, DataProfile profile,
                                const RunReport& run,
                                const AnalysisOptions& options) {
  ModelAnalysis a;
  a.profile = std::move(profile);
  bool nominal = false;
  if (options.traffic) {
    a.traffic = *options.traffic;
  } else {
    a.traffic = TrafficFor(model, run, &nominal);
  }
  if (options.region) a.traffic.region = *options.region;
  if (options.utilization) a.traffic.utilization = *options.utilization;
  const PriceTable& prices =
      options.prices != nullptr ? *options.prices : DefaultPriceTable();
  EDDY_ASSIGN_OR_RETURN(a.cost,
                        EstimateCost(model, a.profile, run, a.traffic, prices));
  a.cost.nominal_traffic = nominal;
  ReviewOptions review = options.review;
  if (!model.table.local_secondary_indexes.empty()) review.lsi = true;
  a.findings = ReviewDesign(model, a.profile, run, a.traffic, nominal, review);
  return a;
}

std::string FormatAnalysisText(const ModelAnalysis& a) {
  const CostReport& c = a.cost;
  std::string out;
  out += "\nCost a month (" + c.region + ", prices of " + c.price_date +
         "; provisioned at " + Fixed(100 * c.utilization, 0) +
         "% utilisation; " + Fixed(c.hours_per_month, 0) + " hours)\n";
  out += c.nominal_traffic
             ? "  nominal traffic: 1 request/s per pattern, 1 write/s per "
               "entity type (give a \"traffic\" section or --rps/--wps)\n"
             : std::string();
  out +=
      "  pattern                                    req/s  RCU/req   "
      "on-demand  provisioned\n";
  for (const PatternCost& p : c.patterns) {
    out += "  " + Pad(Clip(std::to_string(p.number) + ". " + p.name, 40), 40) +
           RightPad(Fixed(p.requests_per_second, 1), 8) +
           RightPad(Fixed(p.read_units_per_request, 2), 9) +
           RightPad(Dollars(p.on_demand), 12) +
           RightPad(Dollars(p.provisioned), 13) + "\n";
  }
  out +=
      "  writes                                   writes/s  WCU/wr   "
      "on-demand  provisioned\n";
  for (const WriteCost& w : c.writes) {
    std::string split;
    for (const IndexWrite& u : w.units) {
      split += (split.empty() ? "" : " + ") + Fixed(u.units_per_write, 2) +
               " " + u.index;
    }
    out += "  " + Pad(Clip(w.entity_type, 40), 40) +
           RightPad(Fixed(w.writes_per_second, 1), 8) +
           RightPad(Fixed(w.units_per_write, 2), 9) +
           RightPad(Dollars(w.on_demand), 12) +
           RightPad(Dollars(w.provisioned), 13) + "\n";
    if (w.units.size() > 1) out += "      WCU per write: " + split + "\n";
  }
  out +=
      "  index         RCU/s     WCU/s    storage   on-demand  "
      "provisioned (RCU, WCU)\n";
  for (const IndexCost& i : c.indexes) {
    out += "  " + Pad(i.name, 8) +
           RightPad(Fixed(i.read_units_per_second, 1), 10) +
           RightPad(Fixed(i.write_units_per_second, 1), 10) +
           RightPad(internal::ByteSize(i.storage_bytes), 11) +
           RightPad(Dollars(i.on_demand()), 12) +
           RightPad(Dollars(i.provisioned()), 13) + " (" +
           Fixed(std::ceil(i.provisioned_rcu), 0) + ", " +
           Fixed(std::ceil(i.provisioned_wcu), 0) + ")\n";
  }
  out += "  total: " + Dollars(c.on_demand_total) + " on demand, " +
         Dollars(c.provisioned_total) + " provisioned\n";
  if (!c.projections.empty()) {
    out +=
        "\n  Projection choices (same writes and reads; '+fetch' adds "
        "reading each item back from the table)\n";
    for (const ProjectionCost& p : c.projections) {
      for (const ProjectionOption& o : p.options) {
        out += "  " + Pad(p.index, 6) + " " +
               Pad(Clip(o.projection + (o.declared ? " *" : ""), 34), 34) +
               " WCU/s " + RightPad(Fixed(o.write_units_per_second, 1), 7) +
               "  " + RightPad(internal::ByteSize(o.storage_bytes), 9) + "  " +
               RightPad(Dollars(o.on_demand), 10) +
               (o.fetch_units_per_second > 0
                    ? "  +fetch " + Dollars(o.on_demand_with_fetch)
                    : std::string()) +
               "\n";
      }
    }
    out += "  (* the index's own projection)\n";
  }
  if (!c.sparse.empty()) {
    out +=
        "\n  Sparse indexes: what leaving the other entity types out "
        "saves a month (on demand)\n";
    for (const SparseSaving& s : c.sparse) {
      out += "  " + Pad(s.index, 6) + " " + internal::Grouped(s.entries) +
             " of " + internal::Grouped(s.table_items) + " items; saves " +
             Fixed(s.write_units_per_second_saved, 1) + " WCU/s and " +
             internal::ByteSize(s.storage_bytes_saved) + ": " +
             Dollars(s.on_demand_saved) + "\n";
    }
  }
  out += "  prices: " + c.price_source + "\n";

  out += FormatFindingsText(a.findings);
  return out;
}

std::string FormatReportJson(const RunReport& run, const ModelAnalysis& a) {
  Json j = Json::parse(FormatReportJson(run));
  const CostReport& c = a.cost;
  Json cost;
  cost["region"] = c.region;
  cost["priceDate"] = c.price_date;
  cost["priceSource"] = c.price_source;
  cost["hoursPerMonth"] = c.hours_per_month;
  cost["utilization"] = c.utilization;
  cost["nominalTraffic"] = c.nominal_traffic;
  Json patterns = Json::array();
  for (const PatternCost& p : c.patterns) {
    patterns.push_back({{"number", p.number},
                        {"name", p.name},
                        {"index", p.index},
                        {"requestsPerSecond", p.requests_per_second},
                        {"readUnitsPerRequest", p.read_units_per_request},
                        {"onDemand", p.on_demand},
                        {"provisioned", p.provisioned}});
  }
  cost["patterns"] = std::move(patterns);
  Json writes = Json::array();
  for (const WriteCost& w : c.writes) {
    Json units = Json::object();
    for (const IndexWrite& u : w.units) units[u.index] = u.units_per_write;
    writes.push_back({{"entityType", w.entity_type},
                      {"writesPerSecond", w.writes_per_second},
                      {"writeUnitsPerWrite", w.units_per_write},
                      {"writeUnitsByIndex", std::move(units)},
                      {"onDemand", w.on_demand},
                      {"provisioned", w.provisioned}});
  }
  cost["writes"] = std::move(writes);
  Json indexes = Json::array();
  for (const IndexCost& i : c.indexes) {
    indexes.push_back({{"name", i.name},
                       {"readUnitsPerSecond", i.read_units_per_second},
                       {"writeUnitsPerSecond", i.write_units_per_second},
                       {"entries", i.entries},
                       {"storageBytes", i.storage_bytes},
                       {"provisionedRcu", i.provisioned_rcu},
                       {"provisionedWcu", i.provisioned_wcu},
                       {"onDemand", i.on_demand()},
                       {"provisioned", i.provisioned()}});
  }
  cost["indexes"] = std::move(indexes);
  Json projections = Json::array();
  for (const ProjectionCost& p : c.projections) {
    Json options = Json::array();
    for (const ProjectionOption& o : p.options) {
      options.push_back({{"projection", o.projection},
                         {"declared", o.declared},
                         {"writeUnitsPerSecond", o.write_units_per_second},
                         {"storageBytes", o.storage_bytes},
                         {"readUnitsPerSecond", o.read_units_per_second},
                         {"fetchUnitsPerSecond", o.fetch_units_per_second},
                         {"onDemand", o.on_demand},
                         {"onDemandWithFetch", o.on_demand_with_fetch}});
    }
    projections.push_back(
        {{"index", p.index}, {"options", std::move(options)}});
  }
  cost["projections"] = std::move(projections);
  Json sparse = Json::array();
  for (const SparseSaving& s : c.sparse) {
    sparse.push_back(
        {{"index", s.index},
         {"entries", s.entries},
         {"tableItems", s.table_items},
         {"entityTypesLeftOut", s.entity_types_left_out},
         {"writeUnitsPerSecondSaved", s.write_units_per_second_saved},
         {"storageBytesSaved", s.storage_bytes_saved},
         {"onDemandSaved", s.on_demand_saved}});
  }
  cost["sparse"] = std::move(sparse);
  cost["onDemandTotal"] = c.on_demand_total;
  cost["provisionedTotal"] = c.provisioned_total;
  j["cost"] = std::move(cost);
  Json review = Json::array();
  for (const Finding& f : a.findings) {
    review.push_back({{"check", f.check},
                      {"severity", std::string(SeverityName(f.severity))},
                      {"subject", f.subject},
                      {"message", f.message},
                      {"figure", f.figure}});
  }
  j["review"] = std::move(review);
  return j.dump(2);
}

}  // namespace eddy::model
