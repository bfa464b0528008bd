// Copyright 2026 The eddy Authors.
//
// RenderHtml: one self-contained page (inline CSS and SVG; no script, no
// fonts or images from the network).
//
// The heat map has one row per partition the resource ever had, in key
// order (a split's children sit where their parent was), and one column
// per time bucket (at most 240). A cell is the partition's utilisation in
// that bucket — the larger of consumed write units over the partition's
// write cap and consumed read units over its read cap — from pale blue (idle)
// to dark blue (at the cap); a bucket with throttled requests is red, the
// deeper the larger the throttled share. Grey: the partition did not exist
// yet or was already split. With more than 64 partitions, adjacent
// partitions share a row (the row then shows their mean).

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "emulator/capacity/units.h"
#include "model/lab/internal/text.h"
#include "model/lab/report.h"

namespace eddy::lab {
namespace {

constexpr int64_t kMicros = 1'000'000;
constexpr int kMaxColumns = 240;
constexpr int kMaxRows = 64;

using internal::Grouped;

std::string F(double v, int decimals = 1) {
  return internal::Fixed(v, decimals);
}

std::string Printable(std::string_view s, size_t max = 24) {
  return internal::Printable(s, max, "…");
}

std::string Esc(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// "#rrggbb" between two colours.
std::string Mix(int r0, int g0, int b0, int r1, int g1, int b1, double t) {
  t = std::clamp(t, 0.0, 1.0);
  auto c = [t](int a, int b) {
    return static_cast<int>(std::lround(a + (b - a) * t));
  };
  char buf[8];
  std::snprintf(buf, sizeof(buf), "#%02x%02x%02x", c(r0, r1), c(g0, g1),
                c(b0, b1));
  return buf;
}

std::string TimeLabel(int64_t seconds) {
  if (seconds % 3600 == 0 && seconds >= 3600) {
    return std::to_string(seconds / 3600) + " h";
  }
  if (seconds % 60 == 0 && seconds >= 60) {
    return std::to_string(seconds / 60) + " min";
  }
  return std::to_string(seconds) + " s";
}

// A "nice" axis step for the range [0, max].
double NiceStep(double max, int ticks) {
  if (max <= 0) return 1;
  const double raw = max / ticks;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
    if (raw <= m * mag) return m * mag;
  }
  return 10 * mag;
}

int64_t TimeStep(int64_t duration) {
  for (int64_t s : {10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400,
                    21600, 43200, 86400}) {
    if (duration / s <= 10) return s;
  }
  return 86400;
}

struct Line {
  std::string name;
  std::string color;
  bool dashed = false;
  std::vector<double> values;  // one per bucket
};

// A line chart over the run: x in seconds, `bucket` seconds per value.
std::string LineChart(const std::string& y_label,
                      const std::vector<Line>& lines, int64_t duration,
                      int64_t bucket, bool step = false) {
  constexpr int kW = 960, kH = 260, kLeft = 70, kRight = 20, kTop = 14,
                kBottom = 40;
  const int pw = kW - kLeft - kRight, ph = kH - kTop - kBottom;
  double max = 0;
  for (const Line& l : lines)
    for (double v : l.values) max = std::max(max, v);
  const double ystep = NiceStep(max * 1.05, 5);
  const double ymax = std::max(ystep, std::ceil(max * 1.05 / ystep) * ystep);
  auto X = [&](double seconds) {
    return kLeft +
           pw * seconds / static_cast<double>(std::max<int64_t>(1, duration));
  };
  auto Y = [&](double v) { return kTop + ph - ph * v / ymax; };
  std::string s = "<svg class=\"chart\" width=\"" + std::to_string(kW) +
                  "\" height=\"" + std::to_string(kH) + "\" viewBox=\"0 0 " +
                  std::to_string(kW) + " " + std::to_string(kH) +
                  "\" xmlns=\"http://www.w3.org/2000/svg\">";
  // Grid and axes.
  for (double v = 0; v <= ymax + 1e-9; v += ystep) {
    s += "<line x1=\"" + F(kLeft) + "\" y1=\"" + F(Y(v)) + "\" x2=\"" +
         F(kLeft + pw) + "\" y2=\"" + F(Y(v)) + "\" class=\"grid\"/>";
    s += "<text x=\"" + F(kLeft - 6) + "\" y=\"" + F(Y(v) + 4) +
         "\" class=\"tick\" text-anchor=\"end\">" +
         (ystep >= 1 ? Grouped(static_cast<int64_t>(std::llround(v)))
                     : F(v, 2)) +
         "</text>";
  }
  const int64_t tstep = TimeStep(duration);
  for (int64_t t = 0; t <= duration; t += tstep) {
    s += "<line x1=\"" + F(X(t)) + "\" y1=\"" + F(kTop) + "\" x2=\"" + F(X(t)) +
         "\" y2=\"" + F(kTop + ph) + "\" class=\"grid\"/>";
    s += "<text x=\"" + F(X(t)) + "\" y=\"" + F(kTop + ph + 16) +
         "\" class=\"tick\" text-anchor=\"middle\">" + TimeLabel(t) + "</text>";
  }
  s += "<text x=\"14\" y=\"" + F(kTop + ph / 2.0) +
       "\" class=\"axis\" transform=\"rotate(-90 14 " + F(kTop + ph / 2.0) +
       ")\" text-anchor=\"middle\">" + Esc(y_label) + "</text>";
  s += "<text x=\"" + F(kLeft + pw / 2.0) + "\" y=\"" + F(kH - 4) +
       "\" class=\"axis\" text-anchor=\"middle\">virtual time</text>";
  for (const Line& l : lines) {
    std::string points;
    for (size_t i = 0; i < l.values.size(); ++i) {
      const double x0 = static_cast<double>(i) * bucket;
      const double x1 = std::min<double>(duration, x0 + bucket);
      if (step) {
        points += F(X(x0)) + "," + F(Y(l.values[i])) + " " + F(X(x1)) + "," +
                  F(Y(l.values[i])) + " ";
      } else {
        points += F(X((x0 + x1) / 2)) + "," + F(Y(l.values[i])) + " ";
      }
    }
    if (!points.empty()) points.pop_back();
    s += "<polyline fill=\"none\" stroke=\"" + l.color +
         "\" stroke-width=\"1.6\"" +
         (l.dashed ? " stroke-dasharray=\"5 3\"" : "") + " points=\"" + points +
         "\"/>";
  }
  // Legend.
  int lx = kLeft + 8;
  for (const Line& l : lines) {
    s += "<line x1=\"" + std::to_string(lx) + "\" y1=\"" +
         std::to_string(kTop + 8) + "\" x2=\"" + std::to_string(lx + 18) +
         "\" y2=\"" + std::to_string(kTop + 8) + "\" stroke=\"" + l.color +
         "\" stroke-width=\"2.5\"" +
         (l.dashed ? " stroke-dasharray=\"5 3\"" : "") + "/>";
    s += "<text x=\"" + std::to_string(lx + 22) + "\" y=\"" +
         std::to_string(kTop + 12) + "\" class=\"legend\">" + Esc(l.name) +
         "</text>";
    lx += 40 + 7 * static_cast<int>(l.name.size());
  }
  s += "</svg>";
  return s;
}

// Means of per-second values over buckets.
std::vector<double> Bucketed(const std::vector<double>& per_second,
                             int64_t bucket) {
  std::vector<double> out;
  for (size_t i = 0; i < per_second.size(); i += static_cast<size_t>(bucket)) {
    double sum = 0;
    size_t n = 0;
    for (size_t j = i; j < per_second.size() && j < i + bucket; ++j, ++n)
      sum += per_second[j];
    out.push_back(n == 0 ? 0 : sum / static_cast<double>(n));
  }
  return out;
}

int Compare(const PartitionInfo& a, const PartitionInfo& b) {
  const int c = capacity::CompareKeyPositions(a.start.hash, a.start.sort_key,
                                              b.start.hash, b.start.sort_key);
  return c != 0 ? c : (a.id < b.id ? -1 : a.id > b.id);
}

std::string HeatMap(const ScenarioResult& r, const ResourceResult& res) {
  const int64_t duration = r.scenario.duration_seconds;
  const int64_t bucket =
      std::max<int64_t>(1, (duration + kMaxColumns - 1) / kMaxColumns);
  const int cols = static_cast<int>((duration + bucket - 1) / bucket);
  std::vector<PartitionInfo> parts = res.history;
  std::sort(parts.begin(), parts.end(),
            [](const PartitionInfo& a, const PartitionInfo& b) {
              return Compare(a, b) < 0;
            });
  if (parts.empty()) return "<p>No partitions.</p>";
  const int per_row =
      static_cast<int>((parts.size() + kMaxRows - 1) / kMaxRows);
  const int rows = static_cast<int>((parts.size() + per_row - 1) / per_row);
  std::vector<int> row_of(parts.size() + 1, 0);
  int max_id = 0;
  for (const PartitionInfo& p : parts) max_id = std::max(max_id, p.id);
  row_of.assign(static_cast<size_t>(max_id) + 1, 0);
  for (size_t i = 0; i < parts.size(); ++i)
    row_of[static_cast<size_t>(parts[i].id)] = static_cast<int>(i) / per_row;

  struct Cell {
    double cw = 0, cr = 0, tw = 0, tr = 0;
    int alive = 0;  // partition-buckets alive in the row
  };
  std::vector<Cell> cells(static_cast<size_t>(rows) * cols);
  const int64_t start = r.start_second;
  for (const PartitionInfo& p : parts) {
    const int row = row_of[static_cast<size_t>(p.id)];
    for (int c = 0; c < cols; ++c) {
      const int64_t b0 = (start + c * bucket) * kMicros;
      const int64_t b1 = (start + (c + 1) * bucket) * kMicros;
      const bool alive = p.created_micros < b1 &&
                         (p.retired_micros < 0 || p.retired_micros > b0);
      if (alive) ++cells[static_cast<size_t>(row) * cols + c].alive;
    }
  }
  for (const ThrottleSecond& t : res.series) {
    const int64_t rel = t.second - start;
    if (rel < 0 || rel >= duration) continue;
    const int c = static_cast<int>(rel / bucket);
    for (const PartitionSecond& p : t.partitions) {
      if (p.partition_id < 0 || p.partition_id > max_id) continue;
      Cell& cell = cells[static_cast<size_t>(
                             row_of[static_cast<size_t>(p.partition_id)]) *
                             cols +
                         c];
      cell.cw += static_cast<double>(p.consumed_write);
      cell.cr += static_cast<double>(p.consumed_read);
      cell.tw += static_cast<double>(p.throttled_write);
      cell.tr += static_cast<double>(p.throttled_read);
    }
  }

  constexpr int kLeft = 150, kTop = 10, kW = 960;
  const double cw = static_cast<double>(kW - kLeft - 20) / cols;
  const double ch = std::clamp(320.0 / rows, 5.0, 18.0);
  const int height = static_cast<int>(kTop + rows * ch + 40);
  std::string s = "<svg class=\"heat\" width=\"" + std::to_string(kW) +
                  "\" height=\"" + std::to_string(height) +
                  "\" viewBox=\"0 0 " + std::to_string(kW) + " " +
                  std::to_string(height) +
                  "\" xmlns=\"http://www.w3.org/2000/svg\" "
                  "shape-rendering=\"crispEdges\">";
  for (int row = 0; row < rows; ++row) {
    const PartitionInfo& first = parts[static_cast<size_t>(row) * per_row];
    std::string label = "p" + std::to_string(first.id);
    if (per_row > 1) {
      const size_t last =
          std::min(parts.size(), static_cast<size_t>(row + 1) * per_row) - 1;
      label += "–p" + std::to_string(parts[last].id);
    }
    char hex[24];
    std::snprintf(hex, sizeof(hex), " %04" PRIx64, first.start.hash >> 48);
    label += hex;
    if (!first.start.sort_key.empty())
      label += " " + Printable(first.start.sort_key, 10);
    if (rows <= 40 || row % ((rows + 39) / 40) == 0) {
      s += "<text x=\"" + std::to_string(kLeft - 6) + "\" y=\"" +
           F(kTop + row * ch + ch / 2 + 4) +
           "\" class=\"tick\" text-anchor=\"end\">" + Esc(label) + "</text>";
    }
    for (int c = 0; c < cols; ++c) {
      const Cell& cell = cells[static_cast<size_t>(row) * cols + c];
      std::string color;
      std::string title;
      if (cell.alive == 0) {
        color = "#e6e6e6";
      } else {
        const double span = static_cast<double>(bucket) * cell.alive;
        const double util = std::max(cell.cw / (res.partition_write_cap * span),
                                     cell.cr / (res.partition_read_cap * span));
        const double throttled = cell.tw + cell.tr;
        const double share =
            throttled / std::max(1.0, throttled + cell.cw + cell.cr);
        if (throttled > 0) {
          color = Mix(252, 187, 161, 165, 15, 21, share * 1.6);
        } else {
          color = Mix(240, 246, 252, 8, 48, 107, util);
        }
        title = "t=" + TimeLabel(c * bucket) + " utilisation " +
                F(100 * util, 0) + "%, throttled " + F(100 * share, 1) + "%";
      }
      s += "<rect x=\"" + F(kLeft + c * cw, 2) + "\" y=\"" +
           F(kTop + row * ch, 2) + "\" width=\"" + F(cw + 0.05, 2) +
           "\" height=\"" + F(ch, 2) + "\" fill=\"" + color + "\">";
      if (!title.empty()) s += "<title>" + Esc(title) + "</title>";
      s += "</rect>";
    }
  }
  const double bottom = kTop + rows * ch;
  const int64_t tstep = TimeStep(duration);
  for (int64_t t = 0; t <= duration; t += tstep) {
    const double x = kLeft + (kW - kLeft - 20) * static_cast<double>(t) /
                                 static_cast<double>(duration);
    s += "<text x=\"" + F(x) + "\" y=\"" + F(bottom + 16) +
         "\" class=\"tick\" text-anchor=\"middle\">" + TimeLabel(t) + "</text>";
  }
  s += "</svg>";
  return s;
}

std::string Legend() {
  std::string s =
      "<div class=\"legend\"><span>idle</span>"
      "<svg width=\"160\" height=\"12\" xmlns=\"http://www.w3.org/2000/svg\">";
  for (int i = 0; i < 16; ++i) {
    s += "<rect x=\"" + std::to_string(i * 10) +
         "\" y=\"0\" width=\"10\" height=\"12\" fill=\"" +
         Mix(240, 246, 252, 8, 48, 107, i / 15.0) + "\"/>";
  }
  s += "</svg><span>at the partition cap</span>&#160;&#160;"
       "<svg width=\"100\" height=\"12\" xmlns=\"http://www.w3.org/2000/svg\">";
  for (int i = 0; i < 10; ++i) {
    s += "<rect x=\"" + std::to_string(i * 10) +
         "\" y=\"0\" width=\"10\" height=\"12\" fill=\"" +
         Mix(252, 187, 161, 165, 15, 21, (i + 1) / 10.0 * 1.6 * 0.625) + "\"/>";
  }
  s += "</svg><span>throttled share</span>&#160;&#160;"
       "<svg width=\"12\" height=\"12\" xmlns=\"http://www.w3.org/2000/svg\">"
       "<rect width=\"12\" height=\"12\" fill=\"#e6e6e6\"/></svg>"
       "<span>not yet created / split</span></div>";
  return s;
}

}  // namespace

std::string RenderHtml(const ScenarioResult& r) {
  const Scenario& sc = r.scenario;
  const int64_t duration = sc.duration_seconds;
  const int64_t bucket = std::max<int64_t>(1, (duration + 599) / 600);
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<title>eddy scenario: " +
      Esc(sc.name) +
      "</title><style>"
      "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;"
      "margin:24px auto;max-width:1000px;color:#222}"
      "h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:26px 0 6px}"
      "p{margin:4px 0}.expect{color:#444;font-style:italic}"
      "table{border-collapse:collapse;margin:6px 0}"
      "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
      "th{background:#f3f3f3}td.l,th.l{text-align:left}"
      ".grid{stroke:#e3e3e3;stroke-width:1}"
      ".tick{font-size:11px;fill:#555}.axis{font-size:12px;fill:#333}"
      ".legend{font-size:12px;fill:#333}div.legend{display:flex;"
      "align-items:center;gap:6px;font-size:12px;margin:4px 0 0 150px}"
      "svg{display:block}"
      "</style></head><body>\n";
  h += "<h1>" + Esc(sc.name) + "</h1>\n";
  if (!sc.description.empty()) h += "<p>" + Esc(sc.description) + "</p>\n";
  if (!sc.expect.empty())
    h += "<p class=\"expect\">Expected: " + Esc(sc.expect) + "</p>\n";
  h += "<p>" + TimeLabel(duration) + " of virtual time, seed " +
       std::to_string(sc.seed) + ", rate scale " + F(r.rate_scale, 3) +
       ", up to " + std::to_string(sc.retry.max_attempts) +
       " attempts per request. Generated by eddy.</p>\n";

  // Streams.
  h += "<h2>Client</h2><table><tr><th class=\"l\">stream</th><th>requests</th>"
       "<th>calls</th><th>accepted</th><th>throttled</th><th>retries</th>"
       "<th>gave up</th><th>items ok</th><th>items throttled</th></tr>";
  for (const StreamResult& s : r.streams) {
    const ClientSecond& t = s.total;
    h += "<tr><td class=\"l\">" + Esc(s.name) + " (" +
         std::string(OperationName(s.operation)) + ")</td><td>" +
         Grouped(t.offered) + "</td><td>" + Grouped(t.attempts) + "</td><td>" +
         Grouped(t.accepted) + "</td><td>" + Grouped(t.throttled) +
         "</td><td>" + Grouped(t.retries) + "</td><td>" + Grouped(t.gave_up) +
         "</td><td>" + Grouped(t.items_ok) + "</td><td>" +
         Grouped(t.items_throttled) + "</td></tr>";
  }
  h += "</table>\n";

  // Heat maps.
  for (const ResourceResult& res : r.resources) {
    h += "<h2>Partitions × time: " +
         std::string(res.index_name.empty() ? "table " : "index ") +
         Esc(res.name) + "</h2>\n";
    h += "<p>" + std::to_string(res.partitions_at_start) +
         " partitions at the "
         "start, " +
         std::to_string(res.partitions_at_end) +
         " at the end; "
         "splits for heat " +
         std::to_string(res.counters.splits_for_heat) + ", size " +
         std::to_string(res.counters.splits_for_size) + ", throughput " +
         std::to_string(res.counters.splits_for_throughput) +
         ". Cap per partition: " +
         F(capacity::ToUnits(res.partition_write_cap), 0) + " WCU, " +
         F(capacity::ToUnits(res.partition_read_cap), 0) +
         " RCU per second.</p>\n";
    h += HeatMap(r, res) + "\n" + Legend() + "\n";
  }

  // Throttle curves.
  {
    std::vector<double> ok(static_cast<size_t>(duration)), throttled(ok.size()),
        retries(ok.size());
    for (size_t i = 0; i < ok.size(); ++i) {
      ok[i] = static_cast<double>(r.seconds[i].items_ok);
      throttled[i] = static_cast<double>(r.seconds[i].items_throttled);
      retries[i] = static_cast<double>(r.seconds[i].retries);
    }
    std::vector<Line> lines = {
        {"accepted", "#2ca02c", false, Bucketed(ok, bucket)},
        {"throttled", "#d62728", false, Bucketed(throttled, bucket)}};
    if (sc.retry.max_attempts > 1)
      lines.push_back({"retries", "#ff7f0e", true, Bucketed(retries, bucket)});
    h += "<h2>Throttle curves: items per second</h2>\n" +
         LineChart("items / s", lines, duration, bucket) + "\n";
  }

  // Consumed capacity per resource.
  {
    std::vector<Line> lines;
    static const char* kColors[] = {"#1f77b4", "#9467bd", "#8c564b",
                                    "#17becf", "#bcbd22", "#e377c2"};
    int color = 0;
    for (const ResourceResult& res : r.resources) {
      std::vector<double> w(static_cast<size_t>(duration)), rd(w.size());
      bool any_w = false, any_r = false;
      for (const ThrottleSecond& t : res.series) {
        const int64_t rel = t.second - r.start_second;
        if (rel < 0 || rel >= duration) continue;
        w[rel] = capacity::ToUnits(t.consumed_write);
        rd[rel] = capacity::ToUnits(t.consumed_read);
        any_w = any_w || t.consumed_write > 0;
        any_r = any_r || t.consumed_read > 0;
      }
      const char* c = kColors[color++ % 6];
      if (any_w)
        lines.push_back({res.name + " WCU", c, false, Bucketed(w, bucket)});
      if (any_r)
        lines.push_back({res.name + " RCU", c, true, Bucketed(rd, bucket)});
    }
    if (!lines.empty()) {
      h += "<h2>Consumed capacity units per second</h2>\n" +
           LineChart("units / s", lines, duration, bucket) + "\n";
    }
  }

  // Partition count.
  {
    const int64_t pb = std::max<int64_t>(1, (duration + 599) / 600);
    std::vector<Line> lines;
    static const char* kColors[] = {"#1f77b4", "#9467bd", "#8c564b",
                                    "#17becf", "#bcbd22", "#e377c2"};
    int color = 0;
    for (const ResourceResult& res : r.resources) {
      Line l{res.name, kColors[color++ % 6], false, {}};
      for (int64_t t = 0; t < duration; t += pb) {
        const int64_t at = (r.start_second + t + pb) * kMicros - 1;
        int n = 0;
        for (const PartitionInfo& p : res.history) {
          n += p.created_micros <= at &&
               (p.retired_micros < 0 || p.retired_micros > at);
        }
        l.values.push_back(n);
      }
      lines.push_back(std::move(l));
    }
    h += "<h2>Partitions over time</h2>\n" +
         LineChart("partitions", lines, duration, pb, /*step=*/true) + "\n";
  }

  // Reasons and keys.
  h += "<h2>Throttling reasons</h2>";
  if (r.reasons.empty()) {
    h += "<p>No request was throttled.</p>";
  } else {
    h += "<table><tr><th class=\"l\">exception: reason (resource)</th>"
         "<th>calls or batch parts</th></tr>";
    for (const auto& [reason, n] : r.reasons) {
      h += "<tr><td class=\"l\">" + Esc(reason) + "</td><td>" + Grouped(n) +
           "</td></tr>";
    }
    h += "</table>";
  }
  h += "\n<h2>Contributor Insights</h2><table><tr><th class=\"l\">resource</th>"
       "<th class=\"l\">most accessed keys (3 × WCU + RCU)</th>"
       "<th class=\"l\">most throttled keys (events)</th></tr>";
  for (const ResourceResult& res : r.resources) {
    std::string accessed, throttled;
    for (const KeyCount& k : res.top_accessed) {
      accessed += Esc(Printable(k.partition_key, 40)) + " (" +
                  F(capacity::ToUnits(k.count), 1) + ")<br>";
    }
    for (const KeyCount& k : res.top_throttled) {
      throttled += Esc(Printable(k.partition_key, 40)) + " (" +
                   Grouped(k.count) + ")<br>";
    }
    h += "<tr><td class=\"l\">" + Esc(res.name) + "</td><td class=\"l\">" +
         (accessed.empty() ? "–" : accessed) + "</td><td class=\"l\">" +
         (throttled.empty() ? "–" : throttled) + "</td></tr>";
  }
  h += "</table>\n</body></html>\n";
  return h;
}

}  // namespace eddy::lab
