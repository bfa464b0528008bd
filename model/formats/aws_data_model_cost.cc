// Copyright 2026 The eddy Authors.
//
// The AWS MCP data model's cost, and its text, JSON and HTML forms
// (model/formats/aws_data_model_cost.h).

#include "model/formats/aws_data_model_cost.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "model/formats/internal/aws_savings.h"
#include "model/internal/html.h"
#include "model/internal/money.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;
using internal::ByteSize;
using internal::Dollars;
using internal::Fixed;
using lab::internal::Esc;

constexpr double kGB = 1024.0 * 1024.0 * 1024.0;

// Whether a pattern's request writes: by its operation, and for PartiQL by
// the statement's first word.
bool IsWrite(const AwsAccessPattern& p) {
  if (!p.request) return false;
  const std::string& op = p.request->operation;
  if (op == "PutItem" || op == "UpdateItem" || op == "DeleteItem" ||
      op == "BatchWriteItem" || op == "TransactWriteItems") {
    return true;
  }
  if (op != "ExecuteStatement" && op != "BatchExecuteStatement" &&
      op != "ExecuteTransaction") {
    return false;
  }
  // The first statement of the request decides.
  Json body = Json::parse(p.request->request_json, nullptr, false);
  std::string statement;
  if (body.is_object() && body.contains("Statement") &&
      body["Statement"].is_string()) {
    statement = body["Statement"].get<std::string>();
  } else {
    for (const char* list : {"Statements", "TransactStatements"}) {
      if (body.is_object() && body.contains(list) && body[list].is_array() &&
          !body[list].empty() && body[list][0].is_object()) {
        statement = body[list][0].value("Statement", "");
      }
    }
  }
  size_t i = 0;
  while (i < statement.size() &&
         std::isspace(static_cast<unsigned char>(statement[i]))) {
    ++i;
  }
  std::string word;
  while (i < statement.size() &&
         std::isalpha(static_cast<unsigned char>(statement[i]))) {
    word += static_cast<char>(
        std::toupper(static_cast<unsigned char>(statement[i++])));
  }
  return word == "INSERT" || word == "UPDATE" || word == "DELETE";
}

std::string Pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}
std::string Right(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

Json CostJson(const AwsDataModelCost& c) {
  Json patterns = Json::array();
  for (const AwsPatternCost& p : c.patterns) {
    patterns.push_back({{"pattern", p.pattern_id},
                        {"operation", p.operation},
                        {"ran", p.ran},
                        {"write", p.write},
                        {"requestsPerSecond", p.requests_per_second},
                        {"unitsPerRequest", p.units_per_request},
                        {"onDemand", p.on_demand},
                        {"provisioned", p.provisioned}});
  }
  Json storage = Json::array();
  for (const AwsTableStorage& s : c.storage) {
    storage.push_back({{"table", s.table},
                       {"items", s.items},
                       {"bytes", s.bytes},
                       {"monthly", s.monthly}});
  }
  Json indexes = Json::array();
  for (const AwsIndexCost& ic : c.indexes) {
    const IndexCost& x = ic.cost;
    indexes.push_back(
        {{"table", ic.table},
         {"index", ic.index.empty() ? Json(nullptr) : Json(ic.index)},
         {"kind", ic.index.empty() ? "table"
                  : ic.global      ? "GSI"
                                   : "LSI"},
         {"entries", x.entries},
         {"loadWriteUnits", ic.load_write_units},
         {"writeUnitsPerEntry", ic.units_per_entry},
         {"readUnitsPerSecond", x.read_units_per_second},
         {"writeUnitsPerSecond", x.write_units_per_second},
         {"storageBytes", x.storage_bytes},
         {"readOnDemand", x.read_on_demand},
         {"writeOnDemand", x.write_on_demand},
         {"readProvisioned", x.read_provisioned},
         {"writeProvisioned", x.write_provisioned},
         {"storage", x.storage},
         {"onDemand", x.on_demand()},
         {"provisioned", x.provisioned()}});
  }
  return {{"region", c.region},
          {"priceDate", c.price_date},
          {"priceSource", c.price_source},
          {"hoursPerMonth", c.hours_per_month},
          {"utilization", c.utilization},
          {"nominalTraffic", c.nominal},
          {"patterns", std::move(patterns)},
          {"storage", std::move(storage)},
          {"indexes", std::move(indexes)},
          {"onDemandTotal", c.on_demand_total},
          {"provisionedTotal", c.provisioned_total}};
}

}  // namespace

StatusOr<AwsDataModelCost> EstimateAwsDataModelCost(
    const AwsRunReport& report, const AwsCostOptions& options) {
  const PriceTable& prices =
      options.prices != nullptr ? *options.prices : DefaultPriceTable();
  auto region = prices.regions.find(options.region);
  if (region == prices.regions.end()) {
    std::string have;
    for (const auto& [name, _] : prices.regions) {
      have += (have.empty() ? "" : ", ") + name;
    }
    return Status::Validation("the price table has no region \"" +
                              options.region + "\" (it has " + have + ")");
  }
  for (const auto& entry : options.rps) {
    const auto& id = entry.first;  // named: a lambda cannot capture a binding
    const bool known = std::any_of(
        report.patterns.begin(), report.patterns.end(),
        [&](const AwsPatternResult& r) { return r.pattern->pattern_id == id; });
    if (!known) {
      return Status::Validation("--rps names pattern \"" + id +
                                "\", which the data model does not have");
    }
  }
  const RegionPrices& pr = region->second;
  AwsDataModelCost out;
  out.region = options.region;
  out.price_date = prices.date;
  out.price_source = prices.source;
  out.hours_per_month = prices.hours_per_month;
  out.utilization = options.utilization > 0 ? options.utilization : 1;
  out.nominal = options.rps.empty() && !options.default_rps;
  const double seconds = out.hours_per_month * 3600;
  for (const AwsPatternResult& r : report.patterns) {
    const AwsAccessPattern& p = *r.pattern;
    AwsPatternCost c;
    c.pattern_id = p.pattern_id;
    c.description = p.description;
    c.operation = p.request ? p.request->operation : p.dynamodb_operation;
    c.ran = r.outcome == AwsPatternResult::Outcome::kSuccess;
    c.write = IsWrite(p);
    if (c.ran) {
      auto rate = options.rps.find(p.pattern_id);
      c.requests_per_second = rate != options.rps.end() ? rate->second
                              : options.default_rps     ? *options.default_rps
                              : out.nominal             ? 1
                                                        : 0;
      c.units_per_request = r.capacity_units;
      const double units = c.requests_per_second * c.units_per_request;
      c.on_demand = units * seconds / 1e6 *
                    (c.write ? pr.write_per_million : pr.read_per_million);
      c.provisioned = units / out.utilization * out.hours_per_month *
                      (c.write ? pr.wcu_hour : pr.rcu_hour);
    }
    out.on_demand_total += c.on_demand;
    out.provisioned_total += c.provisioned;
    out.patterns.push_back(std::move(c));
  }
  for (const AwsTableResult& t : report.tables) {
    if (t.status != "success") continue;
    AwsIndexCost base;
    base.table = t.table;
    base.global = false;
    base.cost.name = "table";
    base.cost.entries = t.item_count;
    base.cost.storage_bytes = t.table_bytes;
    base.load_write_units = t.load_write_units;
    out.indexes.push_back(std::move(base));
    for (const AwsIndexResult& x : t.indexes) {
      AwsIndexCost ic;
      ic.table = t.table;
      ic.index = x.name;
      ic.global = x.global;
      ic.cost.name = x.name;
      ic.cost.entries = x.item_count;
      ic.cost.storage_bytes = x.storage_bytes;
      ic.load_write_units = x.load_write_units;
      out.indexes.push_back(std::move(ic));
    }
    AwsTableStorage s;
    s.table = t.table;
    s.items = t.item_count;
    s.bytes = t.storage_bytes;
    s.monthly = s.bytes / kGB * pr.storage_gb_month;
    out.on_demand_total += s.monthly;
    out.provisioned_total += s.monthly;
    out.storage.push_back(std::move(s));
  }
  // Each pattern's units by table and index, at its rate.
  for (size_t i = 0; i < report.patterns.size(); ++i) {
    const AwsPatternCost& c = out.patterns[i];
    if (!c.ran) continue;
    for (const AwsIndexUnits& u : report.patterns[i].index_units) {
      for (AwsIndexCost& ic : out.indexes) {
        if (ic.table != u.table || ic.index != u.index) continue;
        (c.write ? ic.cost.write_units_per_second
                 : ic.cost.read_units_per_second) +=
            c.requests_per_second * u.units;
      }
    }
  }
  for (AwsIndexCost& ic : out.indexes) {
    PriceIndexCost(pr, out.hours_per_month, out.utilization, &ic.cost);
    ic.units_per_entry =
        ic.cost.entries > 0
            ? ic.load_write_units / static_cast<double>(ic.cost.entries)
            : 0;
  }
  formats_internal::EstimateAwsSavings(report, pr, &out);
  return out;
}

std::string FormatAwsCostText(const AwsDataModelCost& c) {
  std::string out = "\nCost a month (" + c.region + ", prices of " +
                    c.price_date + "; provisioned at " +
                    Fixed(c.utilization * 100, 0) + "% utilisation; " +
                    Fixed(c.hours_per_month, 0) + " hours)";
  out += c.nominal ? "; no traffic given: 1 request/s per pattern "
                     "(--rps [PATTERN=]N)\n"
                   : "\n";
  out += "  " + Pad("pattern", 8) + " " + Pad("operation", 20) +
         "   req/s  units/req   on-demand  provisioned\n";
  for (const AwsPatternCost& p : c.patterns) {
    out += "  " + Pad(p.pattern_id, 8) + " " + Pad(p.operation, 20);
    if (!p.ran) {
      out += "   (did not run: no cost)\n";
      continue;
    }
    out += Right(Fixed(p.requests_per_second, 1), 8) +
           Right(Fixed(p.units_per_request, 2), 11) + " " +
           (p.write ? "W" : "R") + Right(Dollars(p.on_demand), 11) +
           Right(Dollars(p.provisioned), 13) + "\n";
  }
  out += "  " + Pad("table", 30) + Right("items", 8) + Right("storage", 12) +
         Right("a month", 12) + "\n";
  for (const AwsTableStorage& s : c.storage) {
    out += "  " + Pad(s.table, 30) + Right(std::to_string(s.items), 8) +
           Right(ByteSize(s.bytes), 12) + Right(Dollars(s.monthly), 12) + "\n";
  }
  out +=
      "  By table and index (the same totals; load: the items' write "
      "units)\n";
  out += "  " + Pad("table / index", 30) + Right("entries", 8) +
         Right("load W", 8) + Right("W/entry", 8) + Right("R/s", 9) +
         Right("W/s", 9) + Right("storage $", 11) + Right("on-demand", 11) +
         Right("provisioned", 13) + "\n";
  for (const AwsIndexCost& ic : c.indexes) {
    const std::string name =
        ic.index.empty() ? ic.table
                         : "  " + ic.index + (ic.global ? " (GSI)" : " (LSI)");
    out += "  " + Pad(name, 30) + Right(std::to_string(ic.cost.entries), 8) +
           Right(Fixed(ic.load_write_units, 1), 8) +
           Right(Fixed(ic.units_per_entry, 2), 8) +
           Right(Fixed(ic.cost.read_units_per_second, 2), 9) +
           Right(Fixed(ic.cost.write_units_per_second, 2), 9) +
           Right(Dollars(ic.cost.storage), 11) +
           Right(Dollars(ic.cost.on_demand()), 11) +
           Right(Dollars(ic.cost.provisioned()), 13) + "\n";
  }
  out += "  total: " + Dollars(c.on_demand_total) + " on demand, " +
         Dollars(c.provisioned_total) +
         " provisioned (R read units, W write "
         "units)\n";
  out += formats_internal::FormatAwsSavingsText(c);
  out += "  prices: " + c.price_source + "\n";
  return out;
}

std::string FormatAwsReportJson(const AwsRunReport& report,
                                const AwsDataModelCost& cost,
                                const std::vector<Finding>& findings) {
  Json out = Json::parse(FormatAwsReportJson(report));
  out["cost"] = CostJson(cost);
  formats_internal::AddAwsSavingsJson(cost, &out["cost"]);
  Json review = Json::array();
  for (const Finding& f : findings) {
    review.push_back({{"check", f.check},
                      {"severity", std::string(SeverityName(f.severity))},
                      {"subject", f.subject},
                      {"message", f.message},
                      {"figure", f.figure}});
  }
  out["review"] = std::move(review);
  return out.dump();
}

std::string RenderAwsDataModelHtml(const AwsRunReport& report,
                                   const AwsDataModelCost& cost,
                                   const std::vector<Finding>& findings) {
  using Outcome = AwsPatternResult::Outcome;
  std::string h = lab::internal::PageStart(report.model_name +
                                           " — AWS MCP data model, eddy");
  h += "<h1>" + Esc(report.model_name) + "</h1>\n<p>AWS MCP data model " +
       "(dynamodb_data_model.json) run in-process by eddy: " +
       std::to_string(report.succeeded) + " ok, " +
       std::to_string(report.failed) + " failed, " +
       std::to_string(report.skipped) + " skipped.</p>\n";
  h += "<h2>Tables</h2>\n<table><tr><th class=\"l\">table</th><th "
       "class=\"l\">status</th><th>GSIs</th><th>items</th><th>storage</th>"
       "</tr>\n";
  for (const AwsTableResult& t : report.tables) {
    h += "<tr><td class=\"l\">" + Esc(t.table) + "</td><td class=\"l\">" +
         Esc(t.status == "success" ? t.status : t.status + ": " + t.error) +
         "</td><td>" + std::to_string(t.gsi_count) + "</td><td>" +
         std::to_string(t.item_count) + "</td><td>" +
         ByteSize(t.storage_bytes) + "</td></tr>\n";
  }
  h += "</table>\n<h2>Access patterns</h2>\n<div class=\"scroll\"><table>"
       "<tr><th>pattern</th><th class=\"l\">description</th><th "
       "class=\"l\">operation</th><th class=\"l\">result</th><th>items</th>"
       "<th>pages</th><th>units</th><th>latency ms</th><th>req/s</th><th>on "
       "demand</th><th>provisioned</th></tr>\n";
  for (size_t i = 0; i < report.patterns.size(); ++i) {
    const AwsPatternResult& r = report.patterns[i];
    const AwsAccessPattern& p = *r.pattern;
    const AwsPatternCost* c =
        i < cost.patterns.size() ? &cost.patterns[i] : nullptr;
    std::string result = r.outcome == Outcome::kSuccess ? "ok"
                         : r.outcome == Outcome::kError
                             ? "error: " + r.error_message
                             : "skipped" + (p.reason ? ": " + *p.reason : "");
    const std::string cls =
        r.outcome == Outcome::kError ? " class=\"l warning\"" : " class=\"l\"";
    h += "<tr><td>" + Esc(p.pattern_id) + "</td><td class=\"l\">" +
         Esc(p.description) + "</td><td class=\"l\">" +
         Esc(c != nullptr ? c->operation : "") + "</td><td" + cls + ">" +
         Esc(result) + "</td>";
    if (r.outcome == Outcome::kSuccess && c != nullptr) {
      h += "<td>" + std::to_string(r.items) + "</td><td>" +
           std::to_string(r.pages) + "</td><td>" + Fixed(r.capacity_units, 2) +
           (c->write ? " W" : " R") + "</td><td>" +
           Fixed(r.micros / 1000.0, 3) + "</td><td>" +
           Fixed(c->requests_per_second, 1) + "</td><td>" +
           Dollars(c->on_demand) + "</td><td>" + Dollars(c->provisioned) +
           "</td>";
    } else {
      h += "<td class=\"out\" colspan=\"7\">–</td>";
    }
    h += "</tr>\n";
  }
  h += "</table></div>\n<h2>Cost a month</h2>\n<p>" + Esc(cost.region) +
       ", prices of " + Esc(cost.price_date) + "; provisioned at " +
       Fixed(cost.utilization * 100, 0) + "% utilisation" +
       (cost.nominal ? "; no traffic given: 1 request/s per pattern" : "") +
       ". Storage: ";
  for (size_t i = 0; i < cost.storage.size(); ++i) {
    const AwsTableStorage& s = cost.storage[i];
    h += (i > 0 ? ", " : "") + Esc(s.table) + " " + ByteSize(s.bytes) + " (" +
         Dollars(s.monthly) + ")";
  }
  h += ".</p>\n<h3>By table and index</h3>\n<table><tr><th "
       "class=\"l\">table / index</th><th>entries</th><th>load W</th>"
       "<th>W/entry</th><th>R/s</th><th>W/s</th><th>storage</th><th>storage "
       "$</th><th>on demand</th><th>provisioned</th></tr>\n";
  for (const AwsIndexCost& ic : cost.indexes) {
    const std::string name =
        ic.index.empty()
            ? ic.table
            : ic.table + " / " + ic.index + (ic.global ? " (GSI)" : " (LSI)");
    h += "<tr><td class=\"l\">" + Esc(name) + "</td><td>" +
         std::to_string(ic.cost.entries) + "</td><td>" +
         Fixed(ic.load_write_units, 1) + "</td><td>" +
         Fixed(ic.units_per_entry, 2) + "</td><td>" +
         Fixed(ic.cost.read_units_per_second, 2) + "</td><td>" +
         Fixed(ic.cost.write_units_per_second, 2) + "</td><td>" +
         ByteSize(ic.cost.storage_bytes) + "</td><td>" +
         Dollars(ic.cost.storage) + "</td><td>" + Dollars(ic.cost.on_demand()) +
         "</td><td>" + Dollars(ic.cost.provisioned()) + "</td></tr>\n";
  }
  h += "</table>\n<p><b>Total: " + Dollars(cost.on_demand_total) +
       " on demand, " + Dollars(cost.provisioned_total) +
       " provisioned.</b></p>\n" +
       formats_internal::RenderAwsSavingsHtml(cost) +
       "<p class=\"explain\">Prices: " + Esc(cost.price_source) +
       "</p>\n<h2>Design review</h2>\n";
  if (findings.empty()) {
    h += "<p>No findings.</p>\n";
  } else {
    h += "<div class=\"scroll\"><table><tr><th class=\"l\">severity</th>"
         "<th class=\"l\">check</th><th class=\"l\">subject</th><th "
         "class=\"l\">finding</th><th>figure</th></tr>\n";
    for (const Finding& f : findings) {
      const std::string sev(SeverityName(f.severity));
      h += "<tr><td class=\"l " + sev + "\">" + sev + "</td><td class=\"l\">" +
           Esc(f.check) + "</td><td class=\"l\">" + Esc(f.subject) +
           "</td><td class=\"l\">" + Esc(f.message) + "</td><td>" +
           Fixed(f.figure, 2) + "</td></tr>\n";
    }
    h += "</table></div>\n";
  }
  h += "</body></html>\n";
  return h;
}

}  // namespace eddy::model
