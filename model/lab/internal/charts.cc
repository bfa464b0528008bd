// Copyright 2026 The eddy Authors.
//
// The SVG charts of the lab's HTML page (model/lab/internal/charts.h).

#include "model/lab/internal/charts.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <string_view>
#include <unordered_map>

#include "emulator/capacity/units.h"
#include "model/internal/html.h"
#include "model/internal/text.h"

namespace eddy::lab::internal {
namespace {

constexpr int64_t kMicros = 1'000'000;
constexpr int kMaxRows = 64;

std::string F(double v, int decimals = 1) { return Fixed(v, decimals); }

// text.h's Printable with the charts' ellipsis.
std::string Printable(std::string_view s, size_t max = 24) {
  return internal::Printable(s, max, "…");
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

// Dash patterns, in the order lines without their own get them, so that
// lines stay apart in print and for readers who do not tell the colours
// apart.
constexpr const char* kDashes[] = {"", "7 4", "2 3", "10 3 2 3", "4 2"};

// Whether two series coincide: equal within half a pixel of the plot
// everywhere (one would hide the other).
bool Coincide(const std::vector<double>& a, const std::vector<double>& b,
              double units_per_pixel) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::fabs(a[i] - b[i]) > 0.5 * units_per_pixel) return false;
  }
  return true;
}

// A line's end label in at most two rows of at most 24 characters (the
// chart's right margin): its name, and "(= other)" when it coincides with
// another line; a long name breaks at its last space that fits.
std::vector<std::string> EndLabelRows(const std::string& name,
                                      const std::string& same_as) {
  constexpr size_t kRow = 24;
  std::vector<std::string> rows;
  auto chars = [](std::string_view t) {
    size_t n = 0;
    for (unsigned char c : t) n += (c & 0xc0) != 0x80;
    return n;
  };
  if (chars(name) <= kRow) {
    rows.push_back(name);
  } else {
    const size_t cut = name.rfind(' ', kRow);
    if (same_as.empty() && cut != std::string::npos && cut > 0) {
      rows.push_back(name.substr(0, cut));
      rows.push_back(Printable(name.substr(cut + 1), kRow));
      return rows;
    }
    rows.push_back(Printable(name, kRow));
  }
  if (!same_as.empty()) rows.push_back(Printable("(= " + same_as + ")", kRow));
  return rows;
}

int Compare(const PartitionInfo& a, const PartitionInfo& b) {
  const int c = capacity::CompareKeyPositions(a.start.hash, a.start.sort_key,
                                              b.start.hash, b.start.sort_key);
  return c != 0 ? c : (a.id < b.id ? -1 : a.id > b.id);
}

}  // namespace

std::string TimeLabel(int64_t seconds) {
  if (seconds % 3600 == 0 && seconds >= 3600) {
    return std::to_string(seconds / 3600) + " h";
  }
  if (seconds % 60 == 0 && seconds >= 60) {
    return std::to_string(seconds / 60) + " min";
  }
  return std::to_string(seconds) + " s";
}

std::string LineChart(const std::string& y_label, std::vector<ChartLine> lines,
                      int64_t duration, int64_t bucket, bool step) {
  constexpr int kW = 820, kLeft = 64, kRight = 178, kBottom = 40,
                kLegendRow = 18;
  constexpr int kPlotHeight = 206;
  // Dash patterns for lines that have none, by position among the lines of
  // the same colour.
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].dash.empty()) continue;
    size_t same_color = 0;
    for (size_t j = 0; j < i; ++j)
      same_color += lines[j].color == lines[i].color;
    lines[i].dash = kDashes[same_color % std::size(kDashes)];
  }
  // The legend's rows (about 7 px per character at 12 px).
  std::vector<std::vector<size_t>> legend_rows(1);
  {
    int x = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
      const int w = 44 + 8 * static_cast<int>(lines[i].name.size());
      if (x > 0 && x + w > kW - kLeft - 20) {
        legend_rows.emplace_back();
        x = 0;
      }
      legend_rows.back().push_back(i);
      x += w;
    }
  }
  const int top = 8 + kLegendRow * static_cast<int>(legend_rows.size()) + 8;
  const int kH = top + kPlotHeight + kBottom;
  const int pw = kW - kLeft - kRight, ph = kPlotHeight;
  double max = 0;
  for (const ChartLine& l : lines)
    for (double v : l.values) max = std::max(max, v);
  const double ystep = NiceStep(max * 1.05, 5);
  const double ymax = std::max(ystep, std::ceil(max * 1.05 / ystep) * ystep);
  auto X = [&](double seconds) {
    return kLeft +
           pw * seconds / static_cast<double>(std::max<int64_t>(1, duration));
  };
  auto Y = [&](double v) { return top + ph - ph * v / ymax; };
  // Coinciding lines: each is shifted below the one it coincides with.
  std::vector<double> shift(lines.size(), 0);
  std::vector<int> same_as(lines.size(), -1);
  for (size_t j = 1; j < lines.size(); ++j) {
    for (size_t i = 0; i < j; ++i) {
      if (Coincide(lines[i].values, lines[j].values, ymax / ph)) {
        same_as[j] = static_cast<int>(i);
        shift[j] = shift[i] + 3;
        if (lines[j].dash == lines[i].dash) {
          lines[j].dash = lines[i].dash.empty() ? "7 4" : "";
        }
        break;
      }
    }
  }
  std::string s = "<svg class=\"chart\" viewBox=\"0 0 " + std::to_string(kW) +
                  " " + std::to_string(kH) +
                  "\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\">";
  s += "<title>" + Esc(y_label) + " over virtual time</title>";
  // Legend, above the plot.
  for (size_t row = 0; row < legend_rows.size(); ++row) {
    int lx = kLeft;
    const int ly = 8 + kLegendRow * static_cast<int>(row) + 9;
    for (size_t i : legend_rows[row]) {
      const ChartLine& l = lines[i];
      s += "<line x1=\"" + std::to_string(lx) + "\" y1=\"" +
           std::to_string(ly - 4) + "\" x2=\"" + std::to_string(lx + 26) +
           "\" y2=\"" + std::to_string(ly - 4) + "\" stroke=\"" + l.color +
           "\" stroke-width=\"2.5\"" +
           (l.dash.empty() ? "" : " stroke-dasharray=\"" + l.dash + "\"") +
           "/>";
      s += "<text x=\"" + std::to_string(lx + 31) + "\" y=\"" +
           std::to_string(ly) + "\" class=\"legend\">" + Esc(l.name) +
           "</text>";
      lx += 44 + 8 * static_cast<int>(l.name.size());
    }
  }
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
    s += "<line x1=\"" + F(X(t)) + "\" y1=\"" + F(top) + "\" x2=\"" + F(X(t)) +
         "\" y2=\"" + F(top + ph) + "\" class=\"grid\"/>";
    s += "<text x=\"" + F(X(t)) + "\" y=\"" + F(top + ph + 16) +
         "\" class=\"tick\" text-anchor=\"middle\">" + TimeLabel(t) + "</text>";
  }
  s += "<text x=\"14\" y=\"" + F(top + ph / 2.0) +
       "\" class=\"axis\" transform=\"rotate(-90 14 " + F(top + ph / 2.0) +
       ")\" text-anchor=\"middle\">" + Esc(y_label) + "</text>";
  s += "<text x=\"" + F(kLeft + pw / 2.0) + "\" y=\"" + F(kH - 4) +
       "\" class=\"axis\" text-anchor=\"middle\">virtual time</text>";
  struct EndLabel {
    double y;
    size_t line;
    std::vector<std::string> rows;  // the label's text, one or two rows
  };
  std::vector<EndLabel> labels;
  for (size_t li = 0; li < lines.size(); ++li) {
    const ChartLine& l = lines[li];
    std::string points;
    auto y_of = [&](double v) {
      return std::min<double>(top + ph, Y(v) + shift[li]);
    };
    for (size_t i = 0; i < l.values.size(); ++i) {
      const double x0 = static_cast<double>(i) * bucket;
      const double x1 = std::min<double>(duration, x0 + bucket);
      if (step) {
        points += F(X(x0)) + "," + F(y_of(l.values[i])) + " " + F(X(x1)) + "," +
                  F(y_of(l.values[i])) + " ";
      } else {
        points += F(X((x0 + x1) / 2)) + "," + F(y_of(l.values[i])) + " ";
      }
    }
    if (!points.empty()) points.pop_back();
    s += "<polyline fill=\"none\" stroke=\"" + l.color +
         "\" stroke-width=\"1.8\"" +
         (l.dash.empty() ? "" : " stroke-dasharray=\"" + l.dash + "\"") +
         " points=\"" + points + "\"><title>" + Esc(l.name) +
         "</title></polyline>";
    if (!l.values.empty()) {
      std::vector<std::string> rows = EndLabelRows(
          l.name, same_as[li] < 0
                      ? std::string()
                      : lines[static_cast<size_t>(same_as[li])].name);
      labels.push_back({y_of(l.values.back()), li, std::move(rows)});
    }
  }
  // Labels at the lines' ends, 13 px a row apart, inside the chart.
  auto height = [](const EndLabel& e) {
    return 13.0 * static_cast<double>(e.rows.size());
  };
  std::stable_sort(
      labels.begin(), labels.end(),
      [](const EndLabel& a, const EndLabel& b) { return a.y < b.y; });
  for (size_t i = 1; i < labels.size(); ++i) {
    labels[i].y =
        std::max(labels[i].y, labels[i - 1].y + height(labels[i - 1]));
  }
  const double overflow =
      labels.empty()
          ? 0
          : labels.back().y + height(labels.back()) - 13 - (top + ph + 4.0);
  if (overflow > 0) {
    for (EndLabel& l : labels) l.y -= overflow;
    for (size_t i = labels.size() - 1; i > 0; --i) {
      labels[i - 1].y =
          std::min(labels[i - 1].y, labels[i].y - height(labels[i - 1]));
    }
  }
  for (const EndLabel& e : labels) {
    const ChartLine& l = lines[e.line];
    s += "<text x=\"" + F(kLeft + pw + 6) + "\" y=\"" + F(e.y + 4) +
         "\" class=\"endlabel\" fill=\"" + l.color + "\">";
    for (size_t r = 0; r < e.rows.size(); ++r) {
      s += r == 0 ? "<tspan>"
                  : "<tspan x=\"" + F(kLeft + pw + 6) + "\" dy=\"13\">";
      s += Esc(e.rows[r]) + "</tspan>";
    }
    s += "</text>";
  }
  s += "</svg>";
  return s;
}

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

std::string HeatMap(const ScenarioResult& r, const ResourceResult& res) {
  const int64_t duration = r.scenario.duration_seconds;
  const int64_t bucket = std::max<int64_t>(
      1, (duration + kHeatMapMaxColumns - 1) / kHeatMapMaxColumns);
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
  // A sample stands for res.series_bucket_seconds seconds (a minute in long
  // runs, model/lab/series_buckets.h): spread evenly over the columns they
  // fall in.
  const int64_t span = std::max<int64_t>(1, res.series_bucket_seconds);
  for (const ThrottleSecond& t : res.series) {
    const int64_t rel = t.second - start;
    if (rel < 0 || rel >= duration) continue;
    for (int64_t from = rel; from < rel + span && from < duration;) {
      const int c = static_cast<int>(from / bucket);
      const int64_t to = std::min({rel + span, (c + 1) * bucket, duration});
      const double share =
          static_cast<double>(to - from) / static_cast<double>(span);
      from = to;
      for (const PartitionSecond& p : t.partitions) {
        if (p.partition_id < 0 || p.partition_id > max_id) continue;
        Cell& cell = cells[static_cast<size_t>(
                               row_of[static_cast<size_t>(p.partition_id)]) *
                               cols +
                           c];
        cell.cw += share * static_cast<double>(p.consumed_write);
        cell.cr += share * static_cast<double>(p.consumed_read);
        cell.tw += share * static_cast<double>(p.throttled_write);
        cell.tr += share * static_cast<double>(p.throttled_read);
      }
    }
  }

  // Where each partition's key range ends: the start of the next
  // partition in key order that is not its own descendant (its children
  // share its range). 0x10000 stands for the end of the hash space.
  // Parents by id (-1: none, or not in `parts`), so that a walk up costs
  // its depth rather than a scan of every partition per step (1,000
  // partitions took minutes).
  std::unordered_map<int32_t, int32_t> parent_of;
  for (const PartitionInfo& q : parts) parent_of[q.id] = q.parent_id;
  auto descends = [&](const PartitionInfo& child, int32_t ancestor) {
    for (int32_t id = child.parent_id; id >= 0;) {
      if (id == ancestor) return true;
      auto it = parent_of.find(id);
      id = it == parent_of.end() ? -1 : it->second;
    }
    return false;
  };
  // -1: the end of the hash space.
  std::vector<int> end_of(parts.size(), -1);
  for (size_t i = 0; i < parts.size(); ++i) {
    for (size_t j = i + 1; j < parts.size(); ++j) {
      if (Compare(parts[i], parts[j]) < 0 &&
          (parts[j].start.hash != parts[i].start.hash ||
           parts[j].start.sort_key != parts[i].start.sort_key) &&
          !descends(parts[j], parts[i].id)) {
        end_of[i] = static_cast<int>(j);
        break;
      }
    }
  }
  auto hex4 = [](uint64_t v) {
    char buf[16];
    std::snprintf(buf, sizeof(buf), "%04" PRIx64, v);
    return std::string(buf);
  };
  // "4000–7fff" (inclusive), or "34ab/s#0002…–34ab/s#0005…" (up to, not
  // including, the next position) where a split cut one key's items by sort
  // key.
  auto range = [&](size_t first, size_t last) {
    const auto& from = parts[first].start;
    std::string text = hex4(from.hash >> 48);
    if (!from.sort_key.empty()) text += "/" + Printable(from.sort_key, 8);
    const int next = end_of[last];
    if (next < 0) return text + "–ffff";
    const auto& to = parts[static_cast<size_t>(next)].start;
    if (!to.sort_key.empty()) {
      return text + "–" + hex4(to.hash >> 48) + "/" + Printable(to.sort_key, 8);
    }
    const uint64_t end = to.hash >> 48;
    return text + "–" + hex4(end == 0 ? 0 : end - 1);
  };
  std::vector<std::string> labels(static_cast<size_t>(rows));
  size_t longest = 0;
  for (int row = 0; row < rows; ++row) {
    const size_t first_index = static_cast<size_t>(row) * per_row;
    const size_t last_index =
        std::min(parts.size(), static_cast<size_t>(row + 1) * per_row) - 1;
    // "partition 3: 4000–7fff", or "partitions 3–9: ..." when rows group.
    std::string& label = labels[static_cast<size_t>(row)];
    label = per_row > 1
                ? "partitions " + std::to_string(parts[first_index].id) + "–" +
                      std::to_string(parts[last_index].id)
                : "partition " + std::to_string(parts[first_index].id);
    label += ": " + range(first_index, last_index);
    // Characters, not bytes ("–" and "…" are 3 bytes each).
    size_t chars = 0;
    for (unsigned char c : label) chars += (c & 0xc0) != 0x80;
    longest = std::max(longest, chars);
  }

  // The labels' column is as wide as the longest (about 7 px a character).
  const int kLeft = std::clamp(static_cast<int>(longest) * 7 + 14, 120, 330);
  constexpr int kTop = 10, kW = 820;
  const double cw = static_cast<double>(kW - kLeft - 20) / cols;
  const double ch = std::clamp(360.0 / rows, 4.0, 16.0);
  // A label every `label_every` rows, so that labels never crowd.
  const int label_every = std::max(1, static_cast<int>(std::ceil(13.0 / ch)));
  const int height = static_cast<int>(kTop + rows * ch + 40);
  std::string s = "<svg class=\"heat\" viewBox=\"0 0 " + std::to_string(kW) +
                  " " + std::to_string(height) +
                  "\" xmlns=\"http://www.w3.org/2000/svg\" "
                  "shape-rendering=\"crispEdges\" role=\"img\">";
  for (int row = 0; row < rows; ++row) {
    const std::string& label = labels[static_cast<size_t>(row)];
    if (row % label_every == 0) {
      s += "<text x=\"" + std::to_string(kLeft - 6) + "\" y=\"" +
           F(kTop + row * ch + std::min(ch, 13.0) / 2 + 4) +
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

std::string HeatMapLegend() {
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

}  // namespace eddy::lab::internal
