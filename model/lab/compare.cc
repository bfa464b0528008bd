// Copyright 2026 The eddy Authors.

#include "model/lab/compare.h"

#include <algorithm>
#include <cmath>

#include "model/cost.h"
#include "model/internal/html.h"
#include "model/internal/money.h"
#include "model/internal/text.h"
#include "model/lab/report.h"

namespace eddy::lab {
namespace {

using internal::Esc;
using internal::Fixed;
using internal::Grouped;
using model::internal::Dollars;

// "0 ms", "120 ms", "3.4 s".
std::string Millis(int64_t micros) {
  if (micros < 1'000'000)
    return Fixed(static_cast<double>(micros) / 1e3, 0) + " ms";
  return Fixed(static_cast<double>(micros) / 1e6, 1) + " s";
}

double TableCost(const Scenario& s, double read_units, double write_units) {
  const model::PriceTable& prices = model::DefaultPriceTable();
  auto it = prices.regions.find("us-east-1");
  if (it == prices.regions.end()) return 0;
  const model::RegionPrices& p = it->second;
  if (s.table.billing_mode == BillingMode::kPayPerRequest) {
    return read_units / 1e6 * p.read_per_million +
           write_units / 1e6 * p.write_per_million;
  }
  int64_t rcu = s.table.read_capacity_units, wcu = s.table.write_capacity_units;
  for (const IndexSpec& g : s.table.global_secondary_indexes) {
    rcu += g.read_capacity_units;
    wcu += g.write_capacity_units;
  }
  const double hours = static_cast<double>(s.duration_seconds) / 3600.0;
  return (static_cast<double>(rcu) * p.rcu_hour +
          static_cast<double>(wcu) * p.wcu_hour) *
         hours;
}

ComparisonRow Summarize(std::string label, ScenarioResult r,
                        const Remedy* remedy) {
  ComparisonRow row;
  row.label = std::move(label);
  const double scale = r.rate_scale > 0 ? r.rate_scale : 1;
  row.requests = r.total.offered;
  row.throttled = r.total.throttled;
  row.gave_up = r.total.gave_up;
  row.failed = r.total.other_errors;
  row.p50_micros = r.latency.Percentile(0.50);
  row.p99_micros = r.latency.Percentile(0.99);
  for (const ResourceResult& res : r.resources) {
    row.read_units +=
        static_cast<double>(res.counters.consumed_read_half_units) / 2 / scale;
    row.write_units +=
        static_cast<double>(res.counters.consumed_write_half_units) / 2 / scale;
  }
  int64_t reads = 0;
  for (const StreamResult& s : r.streams) {
    if (s.operation == Operation::kGetItem ||
        s.operation == Operation::kQuery ||
        s.operation == Operation::kBatchGetItem) {
      reads += s.total.offered;
    }
    for (const ClientSecond& c : s.seconds) {
      row.max_queue_depth = std::max(row.max_queue_depth, c.queue_depth);
    }
  }
  row.cache_hit_ratio = reads > 0 ? static_cast<double>(r.total.cache_hits) /
                                        static_cast<double>(reads)
                                  : 0;
  row.table_cost = TableCost(r.scenario, row.read_units, row.write_units);
  if (remedy != nullptr) {
    row.remedy_cost = RemedyCost(*remedy, r);
    // Per-request remedy costs were counted at the run's scale.
    if (remedy->kind == RemedyKind::kQueue) row.remedy_cost /= scale;
  }
  row.result = std::move(r);
  return row;
}

struct Column {
  std::string title;
  std::string (*value)(const ComparisonRow&);
};

const std::vector<Column>& Columns() {
  static const auto* columns = new std::vector<Column>{
      {"requests", [](const ComparisonRow& r) { return Grouped(r.requests); }},
      {"throttled calls",
       [](const ComparisonRow& r) { return Grouped(r.throttled); }},
      {"gave up", [](const ComparisonRow& r) { return Grouped(r.gave_up); }},
      {"failed", [](const ComparisonRow& r) { return Grouped(r.failed); }},
      {"p50 latency",
       [](const ComparisonRow& r) { return Millis(r.p50_micros); }},
      {"p99 latency",
       [](const ComparisonRow& r) { return Millis(r.p99_micros); }},
      {"read units",
       [](const ComparisonRow& r) {
         return Grouped(std::llround(r.read_units));
       }},
      {"write units",
       [](const ComparisonRow& r) {
         return Grouped(std::llround(r.write_units));
       }},
      {"cache hits",
       [](const ComparisonRow& r) {
         return r.result.scenario.cache
                    ? Fixed(100 * r.cache_hit_ratio, 1) + "%"
                    : std::string("-");
       }},
      {"max queue",
       [](const ComparisonRow& r) { return Grouped(r.max_queue_depth); }},
      {"table cost",
       [](const ComparisonRow& r) { return Dollars(r.table_cost); }},
      {"remedy cost",
       [](const ComparisonRow& r) { return Dollars(r.remedy_cost); }},
      {"total cost", [](const ComparisonRow& r) { return Dollars(r.cost()); }},
  };
  return *columns;
}

// One line per run: `field` per second.
std::string Chart(const Comparison& c, const std::string& title,
                  int64_t ClientSecond::*field) {
  static const char* kColors[] = {"#444",    "#1f77b4", "#d62728",
                                  "#2ca02c", "#9467bd", "#ff7f0e"};
  constexpr int kW = 900, kH = 220, kL = 60, kB = 30, kT = 10;
  int64_t top = 1;
  for (const ComparisonRow& r : c.rows) {
    for (const ClientSecond& s : r.result.seconds)
      top = std::max(top, s.*field);
  }
  const int64_t n = std::max<int64_t>(1, c.duration_seconds);
  std::string svg = "<h2>" + Esc(title) +
                    "</h2><svg class=\"chart\" viewBox=\"0 0 " +
                    std::to_string(kW) + " " + std::to_string(kH) + "\">";
  svg += "<line class=\"grid\" x1=\"" + std::to_string(kL) + "\" y1=\"" +
         std::to_string(kH - kB) + "\" x2=\"" + std::to_string(kW) +
         "\" y2=\"" + std::to_string(kH - kB) + "\"/>";
  svg += "<text class=\"tick\" x=\"4\" y=\"" + std::to_string(kT + 10) + "\">" +
         Grouped(top) + "/s</text>";
  svg += "<text class=\"tick\" x=\"4\" y=\"" + std::to_string(kH - kB) +
         "\">0</text>";
  svg += "<text class=\"tick\" x=\"" + std::to_string(kW - 120) + "\" y=\"" +
         std::to_string(kH - 8) + "\">" + Grouped(n) + " s (virtual)</text>";
  for (size_t i = 0; i < c.rows.size(); ++i) {
    const ComparisonRow& r = c.rows[i];
    std::string points;
    for (size_t s = 0; s < r.result.seconds.size(); ++s) {
      const double x =
          kL + (kW - kL) * static_cast<double>(s) / static_cast<double>(n);
      const double y = kH - kB -
                       (kH - kB - kT) *
                           static_cast<double>(r.result.seconds[s].*field) /
                           static_cast<double>(top);
      points += Fixed(x, 1) + "," + Fixed(y, 1) + " ";
    }
    const char* color = kColors[i % (sizeof(kColors) / sizeof(kColors[0]))];
    svg += "<polyline fill=\"none\" stroke-width=\"" +
           std::string(i == 0 ? "2.5" : "1.5") + "\" stroke=\"" + color +
           "\" points=\"" + points + "\"><title>" + Esc(r.label) +
           "</title></polyline>";
  }
  svg += "</svg><div class=\"legend\">";
  for (size_t i = 0; i < c.rows.size(); ++i) {
    svg += "<span style=\"color:" +
           std::string(kColors[i % (sizeof(kColors) / sizeof(kColors[0]))]) +
           "\">&#9632;</span> " + Esc(c.rows[i].label) + " ";
  }
  return svg + "</div>\n";
}

}  // namespace

ComparisonRow SummarizeRun(std::string label, ScenarioResult result) {
  return Summarize(std::move(label), std::move(result), nullptr);
}

StatusOr<Comparison> CompareRemedies(const Scenario& scenario,
                                     const std::vector<Remedy>& remedies,
                                     const RunOptions& options) {
  Comparison c;
  const Scenario effective = EffectiveScenario(scenario, options);
  c.scenario = effective.name;
  c.duration_seconds = effective.duration_seconds;
  c.rate_scale = options.rate_scale;
  StatusOr<ScenarioResult> base = RunScenario(scenario, options);
  if (!base.ok()) return base.status();
  c.rows.push_back(Summarize("baseline", *std::move(base), nullptr));
  for (const Remedy& remedy : remedies) {
    StatusOr<Scenario> s = ApplyRemedy(scenario, remedy);
    if (!s.ok()) return s.status();
    StatusOr<ScenarioResult> r = RunScenario(*s, options);
    if (!r.ok()) return r.status().WithMessagePrefix(remedy.spec + ": ");
    c.rows.push_back(Summarize(remedy.spec, *std::move(r), &remedy));
  }
  return c;
}

std::string FormatComparison(const Comparison& c) {
  std::vector<std::vector<std::string>> cells;
  std::vector<std::string> head = {""};
  for (const ComparisonRow& r : c.rows) head.push_back(r.label);
  cells.push_back(head);
  for (const Column& col : Columns()) {
    std::vector<std::string> line = {col.title};
    for (const ComparisonRow& r : c.rows) line.push_back(col.value(r));
    cells.push_back(std::move(line));
  }
  std::vector<size_t> width(head.size(), 0);
  for (const auto& line : cells) {
    for (size_t i = 0; i < line.size(); ++i) {
      // Display width: count UTF-8 lead bytes only.
      size_t w = 0;
      for (char ch : line[i])
        w += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
      width[i] = std::max(width[i], w);
    }
  }
  std::string out = "scenario " + c.scenario + ": " +
                    Grouped(c.duration_seconds) + " s virtual, rate scale " +
                    Fixed(c.rate_scale, 2) +
                    " (units and costs at full rate)\n\n";
  for (const auto& line : cells) {
    for (size_t i = 0; i < line.size(); ++i) {
      size_t w = 0;
      for (char ch : line[i])
        w += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
      const std::string pad(width[i] - w, ' ');
      out += i == 0 ? line[i] + pad : "  " + pad + line[i];
    }
    out += "\n";
  }
  out +=
      "\nlatency: virtual time from arrival (enqueueing, with a queue) to the "
      "call that completed it, retries' back-off included.\n";
  return out;
}

std::string RenderComparisonHtml(const Comparison& c) {
  std::string h = internal::PageStart("eddy scenario compare: " + c.scenario);
  h += "<h1>" + Esc(c.scenario) + ": " + Esc(c.title) + "</h1>";
  h += "<p>" + Grouped(c.duration_seconds) + " s of virtual time, rate scale " +
       Fixed(c.rate_scale, 2) +
       "; the same traffic (seed) for every run; units and costs at the "
       "scenario's full rates.</p>";
  h += "<table><tr><th class=\"l\"></th>";
  for (const ComparisonRow& r : c.rows) h += "<th>" + Esc(r.label) + "</th>";
  h += "</tr>";
  for (const Column& col : Columns()) {
    h += "<tr><td class=\"l\">" + Esc(col.title) + "</td>";
    for (const ComparisonRow& r : c.rows)
      h += "<td>" + Esc(col.value(r)) + "</td>";
    h += "</tr>";
  }
  h += "</table><p class=\"explain\">Latency: virtual time from a request's "
       "arrival (its enqueueing, with a queue) to the call that completed it, "
       "retries' back-off included; calls take no virtual time.</p>\n";
  h += Chart(c, "Throttled calls per second", &ClientSecond::throttled);
  h += Chart(c, "Accepted calls per second", &ClientSecond::accepted);
  for (const ComparisonRow& r : c.rows) {
    h += "<details><summary>" + Esc(r.label) +
         ": the lab's report</summary><iframe style=\"width:100%;height:1200px;"
         "border:1px solid #ccc\" srcdoc=\"" +
         Esc(RenderHtml(r.result)) + "\"></iframe></details>\n";
  }
  return h + "</body></html>\n";
}

}  // namespace eddy::lab
