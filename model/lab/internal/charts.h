// Copyright 2026 The eddy Authors.
//
// The SVG charts of the lab's HTML page (RenderHtml, model/lab/html.cc):
// line charts over a run and the partition heat map. Each returns one
// inline <svg> (or, for the legend, a <div>) that uses the classes of the
// shared style sheet (model/internal/html.h); every SVG has a viewBox and is
// drawn at the page's width, so it reads at 700 px as at 1,400 px. Not part
// of eddy's API.
//
//   std::vector<ChartLine> lines = {
//       {"accepted", "#2ca02c", "", Bucketed(ok_per_second, bucket)}};
//   html += LineChart("items / s", std::move(lines), duration, bucket);
//   html += HeatMap(result, result.resources[0]) + HeatMapLegend();
//
// Line charts keep their series apart: a legend above the plot, a label at
// each line's end (pushed apart so labels never overlap), a dash pattern per
// series of one colour, and a series that coincides with an earlier one
// (equal within half a pixel everywhere) drawn 3 px lower with another dash
// and labelled "(= other)".
//
// The heat map has one row per partition the resource ever had, in key
// order (a split's children sit where their parent was), labelled in words:
// "partition 7: 4000–7fff", its number and the range of partition-key hashes
// it holds (the first 4 of 16 hex digits; a sort key after '/' where a
// split cut one key's items), with a line of explanation above the map.
// Rows are labelled every k-th row when they are too thin for one label
// each. One column per time bucket (at most kHeatMapMaxColumns). A cell is
// the partition's utilisation in that bucket — the larger of consumed write
// units over the partition's write cap and consumed read units over its
// read cap — from pale blue (idle) to dark blue (at the cap); a bucket with
// throttled requests is red, the deeper the larger the throttled share.
// Grey: the partition did not exist yet or was already split. With more
// than 64 partitions, adjacent partitions share a row (the row then shows
// their mean).
//
// Thread safety: pure functions of their arguments.

#ifndef EDDY_MODEL_LAB_INTERNAL_CHARTS_H_
#define EDDY_MODEL_LAB_INTERNAL_CHARTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "model/lab/scenario.h"

namespace eddy::lab::internal {

// The heat map's most columns (time buckets) over a run.
inline constexpr int kHeatMapMaxColumns = 240;

// One series of a line chart.
struct ChartLine {
  std::string name;
  std::string color;
  std::string dash;            // stroke-dasharray; "" solid (or a pattern
                               // chosen by position among its colour)
  std::vector<double> values;  // one per bucket
};

// "30 s", "5 min", "2 h": whole minutes and hours in their unit.
std::string TimeLabel(int64_t seconds);

// Means of per-second values over buckets of `bucket` seconds (the last
// bucket may be shorter).
std::vector<double> Bucketed(const std::vector<double>& per_second,
                             int64_t bucket);

// A line chart over the run: x in seconds from 0 to `duration`, `bucket`
// seconds per value; `step` draws steps instead of slopes (counts such as
// partitions). The y axis starts at 0 and ends at a round value above the
// largest value.
std::string LineChart(const std::string& y_label, std::vector<ChartLine> lines,
                      int64_t duration, int64_t bucket, bool step = false);

// The partition heat map of `res`, one of `r`'s resources; "<p>No
// partitions.</p>" when it never had one.
std::string HeatMap(const ScenarioResult& r, const ResourceResult& res);

// The heat map's colour key: idle to at the cap, throttled share, grey.
std::string HeatMapLegend();

}  // namespace eddy::lab::internal

#endif  // EDDY_MODEL_LAB_INTERNAL_CHARTS_H_
