// Copyright 2026 The eddy Authors.

#include "model/lab/report.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "emulator/api/streams.h"
#include "emulator/capacity/units.h"
#include "model/internal/text.h"
#include "model/lab/migration_report.h"
#include "nlohmann/json.hpp"

namespace eddy::lab {
namespace {

// --- Formatting -------------------------------------------------------------

using internal::Fixed;
using internal::Grouped;

std::string Printable(std::string_view s, size_t max = 40) {
  return internal::Printable(s, max, "...");
}

std::string Percent(int64_t part, int64_t whole) {
  return whole == 0 ? "0.0%"
                    : Fixed(100.0 * static_cast<double>(part) /
                                static_cast<double>(whole),
                            1) +
                          "%";
}

std::string Units(int64_t half_units) {
  return Fixed(capacity::ToUnits(half_units), 1);
}

std::string Hex16(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof(buf), "%016" PRIx64, v);
  return buf;
}

// The last whole minute of the run (or the whole run when shorter).
std::pair<int64_t, int64_t> LastMinute(int64_t duration) {
  return {std::max<int64_t>(0, duration - 60), duration};
}

}  // namespace

// --- Text
// -----------------------------------------------------------------------

std::string FormatSummaryHeader(const Scenario& s, double rate_scale) {
  std::string out;
  out += "scenario " + s.name + "\n";
  if (!s.description.empty()) out += "  " + s.description + "\n";
  out += "  duration " + Grouped(s.duration_seconds) + " s, seed " +
         std::to_string(s.seed) + ", rate scale " + Fixed(rate_scale, 3) +
         ", retries: up to " + std::to_string(s.retry.max_attempts) +
         " attempts\n";
  if (!s.expect.empty()) out += "  expect: " + s.expect + "\n";
  out += "\n";
  return out;
}

std::string FormatSummary(const ScenarioResult& r) {
  const Scenario& s = r.scenario;
  const int64_t d = s.duration_seconds;
  std::string out = FormatSummaryHeader(s, r.rate_scale);
  const auto [lm_from, lm_to] = LastMinute(d);
  const int64_t first_to = std::min<int64_t>(60, d);
  for (const StreamResult& st : r.streams) {
    const ClientSecond& t = st.total;
    out += "stream " + st.name + " (" +
           std::string(OperationName(st.operation)) +
           "): " + Grouped(t.offered) + " requests, " + Grouped(t.attempts) +
           " calls\n";
    out += "  accepted " + Grouped(t.accepted) + ", throttled " +
           Grouped(t.throttled) + " (" + Percent(t.throttled, t.attempts) +
           " of calls)";
    if (t.partial > 0) out += ", partial " + Grouped(t.partial);
    out +=
        ", retries " + Grouped(t.retries) + ", gave up " + Grouped(t.gave_up);
    if (t.other_errors > 0) out += ", other errors " + Grouped(t.other_errors);
    out += "\n";
    out += "  items ok " + Grouped(t.items_ok) + ", items throttled " +
           Grouped(t.items_throttled) + "\n";
    out += "  items ok per second: first minute " +
           Fixed(r.ItemsOkPerSecond(0, first_to, st.name), 1) +
           ", last minute " +
           Fixed(r.ItemsOkPerSecond(lm_from, lm_to, st.name), 1) + "\n";
  }
  out += "\nthrottling:";
  if (r.reasons.empty()) out += " none";
  out += "\n";
  for (const auto& [reason, n] : r.reasons) {
    out += "  " + reason + ": " + Grouped(n) + "\n";
  }
  for (const auto& [error, n] : r.errors) {
    out += "  other error " + error + ": " + Grouped(n) + "\n";
  }
  for (const ResourceResult& res : r.resources) {
    const ThrottleCounters& c = res.counters;
    out += "\n" + std::string(res.index_name.empty() ? "table " : "index ") +
           res.name + ": partitions " +
           std::to_string(res.partitions_at_start) + " -> " +
           std::to_string(res.partitions_at_end) + " (splits: heat " +
           std::to_string(c.splits_for_heat) + ", size " +
           std::to_string(c.splits_for_size) + ", throughput " +
           std::to_string(c.splits_for_throughput) + ")\n";
    const int64_t skipped = c.split_skipped_single_item +
                            c.split_skipped_monotonic + c.split_skipped_lsi +
                            c.split_skipped_limit;
    if (skipped > 0) {
      out += "  heat splits skipped: single item " +
             std::to_string(c.split_skipped_single_item) + ", monotonic keys " +
             std::to_string(c.split_skipped_monotonic) + ", LSI collection " +
             std::to_string(c.split_skipped_lsi) + ", partition limit " +
             std::to_string(c.split_skipped_limit) + "\n";
    }
    out += "  consumed RCU " + Units(c.consumed_read_half_units) + ", WCU " +
           Units(c.consumed_write_half_units) + "; ThrottledRequests " +
           Grouped(c.throttled_requests) + ", ReadThrottleEvents " +
           Grouped(c.read_throttle_events) + ", WriteThrottleEvents " +
           Grouped(c.write_throttle_events) + "\n";
    if (!res.top_throttled.empty()) {
      out += "  most throttled keys:";
      for (const KeyCount& k : res.top_throttled) {
        out += " " + Printable(k.partition_key) + " (" + Grouped(k.count) + ")";
      }
      out += "\n";
    }
    if (!res.top_accessed.empty()) {
      out += "  most accessed keys (3 x WCU + RCU):";
      for (size_t i = 0; i < res.top_accessed.size() && i < 3; ++i) {
        const KeyCount& k = res.top_accessed[i];
        out += " " + Printable(k.partition_key) + " (" + Units(k.count) + ")";
      }
      out += "\n";
    }
  }
  if (r.scenario.table.stream_view_type) {
    // The stream's shards next to the partitions: when each opened and
    // closed, and its parent.
    int open = 0;
    for (const ShardSpan& s : r.stream_shards) open += s.closed_micros < 0;
    out += "\nstream (" +
           std::string(StreamViewTypeName(*r.scenario.table.stream_view_type)) +
           "): shards " + std::to_string(r.stream_shards.size()) + ", open " +
           std::to_string(open) + " at the end\n";
    auto second = [&](int64_t micros) {
      return "+" + std::to_string(micros / 1'000'000 - r.start_second) + "s";
    };
    for (const ShardSpan& s : r.stream_shards) {
      out += "  " + s.shard_id + "  " + second(s.opened_micros) + " .. " +
             (s.closed_micros < 0 ? std::string("open")
                                  : second(s.closed_micros)) +
             (s.parent_shard_id.empty() ? std::string()
                                        : "  parent " + s.parent_shard_id) +
             "\n";
    }
  }
  out += internal::FormatMigration(r);
  return out;
}

// --- JSON
// -------------------------------------------------------------------------

std::string FormatJson(const ScenarioResult& r) {
  using Json = nlohmann::ordered_json;
  auto client = [](const ClientSecond& c) {
    return Json{
        {"offered", c.offered},   {"attempts", c.attempts},
        {"accepted", c.accepted}, {"throttled", c.throttled},
        {"partial", c.partial},   {"retries", c.retries},
        {"gaveUp", c.gave_up},    {"otherErrors", c.other_errors},
        {"itemsOk", c.items_ok},  {"itemsThrottled", c.items_throttled}};
  };
  Json doc;
  doc["scenario"] = r.scenario.name;
  doc["description"] = r.scenario.description;
  doc["durationSeconds"] = r.scenario.duration_seconds;
  doc["seed"] = r.scenario.seed;
  doc["rateScale"] = Fixed(r.rate_scale, 6);
  doc["total"] = client(r.total);
  Json streams = Json::array();
  for (const StreamResult& s : r.streams) {
    Json js;
    js["name"] = s.name;
    js["operation"] = std::string(OperationName(s.operation));
    js["total"] = client(s.total);
    Json ok = Json::array(), throttled = Json::array(), retries = Json::array();
    for (const ClientSecond& c : s.seconds) {
      ok.push_back(c.items_ok);
      throttled.push_back(c.items_throttled);
      retries.push_back(c.retries);
    }
    js["perSecond"] = {
        {"itemsOk", ok}, {"itemsThrottled", throttled}, {"retries", retries}};
    streams.push_back(std::move(js));
  }
  doc["streams"] = std::move(streams);
  Json reasons = Json::object();
  for (const auto& [k, v] : r.reasons) reasons[k] = v;
  doc["throttlingReasons"] = std::move(reasons);
  Json errors = Json::object();
  for (const auto& [k, v] : r.errors) errors[k] = v;
  doc["otherErrors"] = std::move(errors);
  Json resources = Json::array();
  for (const ResourceResult& res : r.resources) {
    const ThrottleCounters& c = res.counters;
    Json jr;
    jr["name"] = res.name;
    jr["partitionsAtStart"] = res.partitions_at_start;
    jr["partitionsAtEnd"] = res.partitions_at_end;
    jr["counters"] = {
        {"consumedReadCapacityUnits", Units(c.consumed_read_half_units)},
        {"consumedWriteCapacityUnits", Units(c.consumed_write_half_units)},
        {"throttledRequests", c.throttled_requests},
        {"readThrottleEvents", c.read_throttle_events},
        {"writeThrottleEvents", c.write_throttle_events},
        {"splitsForHeat", c.splits_for_heat},
        {"splitsForSize", c.splits_for_size},
        {"splitsForThroughput", c.splits_for_throughput},
        {"splitSkippedSingleItem", c.split_skipped_single_item},
        {"splitSkippedMonotonic", c.split_skipped_monotonic},
        {"splitSkippedLsi", c.split_skipped_lsi}};
    Json history = Json::array();
    for (const PartitionInfo& p : res.history) {
      history.push_back(
          {{"id", p.id},
           {"parent", p.parent_id},
           {"startHash", Hex16(p.start.hash)},
           {"startSortKey", Printable(p.start.sort_key, 64)},
           {"createdSecond", p.created_micros / 1'000'000 - r.start_second},
           {"retiredSecond",
            p.retired_micros < 0
                ? Json(nullptr)
                : Json(p.retired_micros / 1'000'000 - r.start_second)}});
    }
    jr["partitions"] = std::move(history);
    Json series = Json::array();
    for (const ThrottleSecond& t : res.series) {
      int64_t throttled_read = 0, throttled_write = 0;
      for (int64_t v : t.throttled_read_by_limit) throttled_read += v;
      for (int64_t v : t.throttled_write_by_limit) throttled_write += v;
      series.push_back({{"second", t.second - r.start_second},
                        {"partitions", t.partition_count},
                        {"consumedReadHalfUnits", t.consumed_read},
                        {"consumedWriteHalfUnits", t.consumed_write},
                        {"throttledReadHalfUnits", throttled_read},
                        {"throttledWriteHalfUnits", throttled_write}});
    }
    jr["perSecond"] = std::move(series);
    // Long runs: each perSecond entry sums a bucket of this many seconds.
    if (res.series_bucket_seconds > 1)
      jr["seriesBucketSeconds"] = res.series_bucket_seconds;
    auto keys = [](const std::vector<KeyCount>& v) {
      Json a = Json::array();
      for (const KeyCount& k : v) {
        a.push_back(
            {{"key", Printable(k.partition_key, 200)}, {"count", k.count}});
      }
      return a;
    };
    jr["topAccessed"] = keys(res.top_accessed);
    jr["topThrottled"] = keys(res.top_throttled);
    resources.push_back(std::move(jr));
  }
  doc["resources"] = std::move(resources);
  if (r.scenario.table.stream_view_type) {
    Json shards = Json::array();
    for (const ShardSpan& s : r.stream_shards) {
      shards.push_back(
          {{"shardId", s.shard_id},
           {"parentShardId", s.parent_shard_id.empty()
                                 ? Json(nullptr)
                                 : Json(s.parent_shard_id)},
           {"openedSecond", s.opened_micros / 1'000'000 - r.start_second},
           {"closedSecond",
            s.closed_micros < 0
                ? Json(nullptr)
                : Json(s.closed_micros / 1'000'000 - r.start_second)}});
    }
    doc["streamShards"] = std::move(shards);
  }
  internal::AddMigrationJson(r, doc);
  return doc.dump(1);
}

}  // namespace eddy::lab
