// Copyright 2026 The eddy Authors.

#include "model/lab/migration_report.h"

#include <algorithm>

#include "emulator/capacity/units.h"
#include "model/internal/text.h"

namespace eddy::lab::internal {
namespace {

std::string At(int64_t second) {
  return second < 0 ? std::string("(not within the run)")
                    : "+" + std::to_string(second) + "s";
}

std::string Units(int64_t half_units) {
  return Fixed(capacity::ToUnits(half_units), 1);
}

// The backfill window [from, to) in seconds of the run.
std::pair<int64_t, int64_t> Window(const ScenarioResult& r, int64_t start,
                                   int64_t end) {
  const int64_t d = r.scenario.duration_seconds;
  if (start < 0) return {d, d};
  return {start, end < 0 ? d : std::min(d, end + 1)};
}

std::string Phases(const ScenarioResult& r, int64_t start, int64_t end) {
  const auto [from, to] = Window(r, start, end);
  const int64_t d = r.scenario.duration_seconds;
  return "before " + Fixed(LiveThrottledPerSecond(r, 0, from), 2) +
         ", during " + Fixed(LiveThrottledPerSecond(r, from, to), 2) +
         ", after " + Fixed(LiveThrottledPerSecond(r, to, d), 2);
}

}  // namespace

double LiveThrottledPerSecond(const ScenarioResult& r, int64_t from,
                              int64_t to) {
  from = std::max<int64_t>(0, from);
  to = std::min<int64_t>(to, r.scenario.duration_seconds);
  if (to <= from) return 0;
  int64_t sum = 0;
  for (const StreamResult& s : r.streams) {
    if (s.name == kBackfillStream) continue;
    for (int64_t i = from; i < to; ++i) {
      sum += s.seconds[static_cast<size_t>(i)].throttled;
    }
  }
  return static_cast<double>(sum) / static_cast<double>(to - from);
}

std::string FormatMigration(const ScenarioResult& r) {
  std::string out;
  if (r.migration && r.scenario.migration) {
    const MigrationSpec& spec = *r.scenario.migration;
    const MigrationResult& m = *r.migration;
    out += "\nmigration " + spec.from_version + " -> " + spec.to_version +
           ": dual writes from " + At(spec.dual_write_at_second) +
           ", backfill " + At(m.backfill_start_second) + " .. " +
           At(m.backfill_end_second);
    if (m.backfill_start_second >= 0 && m.backfill_end_second >= 0) {
      out += " (" + Grouped(m.backfill_end_second - m.backfill_start_second) +
             " s)";
    }
    out += ", reads cut over at " + At(m.cutover_second) + "\n";
    out += "  backfill: " + Grouped(m.scan_calls) + " scan pages (" +
           Grouped(m.scan_throttled) + " throttled), " +
           Grouped(m.scanned_items) + " " + spec.from_version +
           " items scanned, " + Grouped(m.copied) + " copied, " +
           Grouped(m.skipped) + " already written by dual writes, " +
           Grouped(m.copies_requeued) +
           " throttled on every attempt (queued again), " +
           Grouped(m.copies_given_up) + " failed\n";
    out += "  backfill consumed RCU " + Units(m.read_half_units) + ", WCU " +
           Units(m.write_half_units) + " (at the run's scale)\n";
    out += "  live calls throttled per second: " +
           Phases(r, m.backfill_start_second, m.backfill_end_second) + "\n";
    static const char* kPhase[] = {"before", "during", "after"};
    out += "  reads verified:";
    for (int p = 0; p < 3; ++p) {
      out += std::string(p == 0 ? " " : ", ") + kPhase[p] + " " +
             Grouped(m.verified[p]) + " of " +
             Grouped(m.verified[p] + m.mismatched[p]);
    }
    out += "\n";
    if (!m.seconds.empty()) {
      out += "  items at the end: " + spec.from_version + " " +
             Grouped(m.seconds.back().old_items) + ", " + spec.to_version +
             " " + Grouped(m.seconds.back().new_items) + "\n";
    }
    for (const std::string& e : m.mismatch_examples) {
      out += "  mismatch: " + e + "\n";
    }
  }
  if (r.online_index && r.scenario.online_index) {
    const OnlineIndexResult& o = *r.online_index;
    out += "\nonline index " + r.scenario.online_index->index.name +
           ": created " + At(o.created_second) + ", ACTIVE " +
           At(o.active_second);
    if (o.created_second >= 0 && o.active_second >= 0) {
      out +=
          " (backfill " + Grouped(o.active_second - o.created_second) + " s)";
    }
    out += "\n  backfill: " + Grouped(o.items_backfilled) + " of " +
           Grouped(o.items_to_backfill) + " items, " +
           Grouped(o.backfill_throttled) +
           " writes throttled, OnlineIndexConsumedWriteCapacity " +
           Units(o.write_half_units) + "\n";
    out += "  live calls throttled per second: " +
           Phases(r, o.created_second, o.active_second) + "\n";
  }
  return out;
}

void AddMigrationJson(const ScenarioResult& r, nlohmann::ordered_json& doc) {
  using Json = nlohmann::ordered_json;
  if (r.migration) {
    const MigrationResult& m = *r.migration;
    Json old_items = Json::array(), new_items = Json::array(),
         copied = Json::array();
    for (const MigrationSecond& s : m.seconds) {
      old_items.push_back(s.old_items);
      new_items.push_back(s.new_items);
      copied.push_back(s.copied);
    }
    doc["migration"] =
        Json{{"backfillStartSecond", m.backfill_start_second},
             {"backfillEndSecond", m.backfill_end_second},
             {"cutoverSecond", m.cutover_second},
             {"scanCalls", m.scan_calls},
             {"scanThrottled", m.scan_throttled},
             {"scannedItems", m.scanned_items},
             {"copied", m.copied},
             {"skipped", m.skipped},
             {"copiesRequeued", m.copies_requeued},
             {"copiesGivenUp", m.copies_given_up},
             {"consumedReadHalfUnits", m.read_half_units},
             {"consumedWriteHalfUnits", m.write_half_units},
             {"readsVerified", {m.verified[0], m.verified[1], m.verified[2]}},
             {"readsMismatched",
              {m.mismatched[0], m.mismatched[1], m.mismatched[2]}},
             {"oldItems", old_items},
             {"newItems", new_items},
             {"copiedPerSecond", copied}};
  }
  if (r.online_index) {
    const OnlineIndexResult& o = *r.online_index;
    doc["onlineIndex"] =
        Json{{"createdSecond", o.created_second},
             {"activeSecond", o.active_second},
             {"itemsToBackfill", o.items_to_backfill},
             {"itemsBackfilled", o.items_backfilled},
             {"backfillThrottled", o.backfill_throttled},
             {"onlineIndexConsumedWriteHalfUnits", o.write_half_units}};
  }
}

}  // namespace eddy::lab::internal
