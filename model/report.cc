// Copyright 2026 The eddy Authors.

#include "model/report.h"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>

#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string Format(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  return buf;
}

// 1234567 -> "1,234,567".
std::string Count(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return n < 0 ? "-" + out : out;
}

std::string Bytes(int64_t n) {
  if (n < 1024) return Format("%" PRId64 " B", n);
  if (n < 1024 * 1024) return Format("%.1f KB", static_cast<double>(n) / 1024);
  if (n < int64_t{1} << 30) {
    return Format("%.1f MB", static_cast<double>(n) / (1024.0 * 1024.0));
  }
  return Format("%.2f GB", static_cast<double>(n) / (1024.0 * 1024.0 * 1024.0));
}

// Capacity units are multiples of 0.5: print them exactly.
std::string Units(double u) {
  if (u == static_cast<double>(static_cast<int64_t>(u))) {
    return Count(static_cast<int64_t>(u));
  }
  return Format("%.1f", u);
}

std::string Micros(double us) {
  if (us < 100) return Format("%.1f µs", us);
  if (us < 100000) return Format("%.0f µs", us);
  return Format("%.1f ms", us / 1000);
}

std::string Clip(const std::string& s, size_t width) {
  if (s.size() <= width) return s;
  return s.substr(0, width - 3) + "...";
}

bool MigrationFailed(const RunReport& r) {
  if (!r.migration) return false;
  for (const MigrationPhaseReport& p : r.migration->phases) {
    if (p.verified != p.reads || !p.failures.empty()) return true;
  }
  return false;
}

// The migration's section (RunReport::migration); empty without one.
std::string MigrationText(const RunReport& r) {
  if (!r.migration) return "";
  const MigrationReport& m = *r.migration;
  auto at = [](int64_t second) {
    return second < 0 ? std::string("(never)") : "+" + Count(second) + "s";
  };
  std::string out = "\nMigration " + m.from_version + " -> " + m.to_version +
                    " (virtual seconds): dual writes from " +
                    at(m.dual_write_second) + ", backfill " +
                    at(m.backfill_start_second) + " .. " +
                    at(m.backfill_end_second);
  if (m.backfill_start_second >= 0 && m.backfill_end_second >= 0) {
    out +=
        " (" + Count(m.backfill_end_second - m.backfill_start_second) + " s)";
  }
  out += ", reads cut over at " + at(m.cutover_second) + "\n";
  out += "  backfill: " + Count(m.scan_calls) + " scan pages, " +
         Count(m.scanned_items) + " " + m.from_version + " items scanned, " +
         Count(m.copied) + " copied, " + Count(m.skipped) +
         " already written by dual writes, " + Count(m.given_up) + " failed; " +
         Count(m.dual_writes) + " dual writes\n";
  out += "  consumed RCU " + Units(m.read_units) + ", WCU " +
         Units(m.write_units) + "\n";
  static const char* kPhase[] = {"before", "during", "after"};
  out += "  reads verified:";
  for (size_t i = 0; i < m.phases.size(); ++i) {
    out += std::string(i == 0 ? " " : ", ") + kPhase[i] + " " +
           Count(m.phases[i].verified) + " of " + Count(m.phases[i].reads);
  }
  out += "\n";
  if (MigrationFailed(r)) {
    out += "  (keys are shown at " + m.from_version +
           ": each answer is read back to it before the comparison)\n";
  }
  for (size_t i = 0; i < m.phases.size(); ++i) {
    for (const std::string& f : m.phases[i].failures) {
      out += "  mismatch " + std::string(kPhase[i]) + ": " + f + "\n";
    }
  }
  return out;
}

}  // namespace

std::string FormatReportText(const RunReport& r) {
  return FormatReportHeaderText(r) + FormatReportBodyText(r);
}

std::string FormatReportHeaderText(const RunReport& r) {
  std::string out;
  out += "eddy model run: " + r.model + " (table \"" + r.table + "\", scale " +
         std::to_string(r.scale) + ", seed " + std::to_string(r.seed) + ")\n";
  if (!r.indexes_created) {
    out += "(created without its global secondary indexes)\n";
  }
  return out;
}

std::string FormatReportBodyText(const RunReport& r) {
  std::string out;
  const LoadReport& l = r.load;
  out += "\nLoad     " + Count(l.items) + " items, " + Bytes(l.bytes) +
         Format(": generated in %.3f s, loaded in %.3f s (", l.generate_seconds,
                l.load_seconds) +
         Count(static_cast<int64_t>(l.items_per_second)) + " items/s)\n";
  out +=
      Format("         %.3f s of it inside the write calls (", l.api_seconds) +
      Count(static_cast<int64_t>(l.api_items_per_second)) +
      " items/s); the rest builds the requests\n";
  out += "         through " + Count(l.batches) +
         " BatchWriteItem calls of up to 25 items; " + Units(l.write_units) +
         " write units in all\n";
  if (r.peak_resident_bytes > 0) {
    out += "Memory   peak resident " + Bytes(r.peak_resident_bytes) +
           " (the whole process, getrusage)\n";
  }

  out +=
      "\nEntity types                        items   avg size   WCU/write  "
      "GSIs\n";
  for (const EntityReport& e : r.entities) {
    std::string gsis;
    for (const std::string& g : e.indexes)
      gsis += (gsis.empty() ? "" : " ") + g;
    out += Format("  %-28s %10s %10s %11s  %s\n",
                  Clip(e.entity_type, 28).c_str(), Count(e.items).c_str(),
                  e.items ? Bytes(e.bytes / e.items).c_str() : "-",
                  e.items ? Units(e.write_units).c_str() : "-",
                  gsis.empty() ? "-" : gsis.c_str());
  }

  out +=
      "\nIndexes (DescribeTable)             items       size   key schema\n";
  for (const IndexReport& i : r.indexes) {
    out +=
        Format("  %-28s %10s %10s   %s%s\n", i.name.c_str(),
               Count(i.item_count).c_str(), Bytes(i.size_bytes).c_str(),
               i.key_schema.c_str(),
               i.item_count == i.expected_item_count
                   ? ""
                   : ("   MISMATCH: generated " + Count(i.expected_item_count))
                         .c_str());
  }

  out += "\nAccess patterns (" + Count(r.runs_per_pattern) +
         " runs each, parameters drawn from the generated data" +
         (r.page_size ? ", " + std::to_string(*r.page_size) + " items per page"
                      : std::string()) +
         ")\n";
  if (r.concurrency > 1) {
    out += "  (" + std::to_string(r.concurrency) +
           " requests at once: each latency includes the time the request "
           "waited on the client for a free connection)\n";
  }
  int executed = 0, verified_patterns = 0;
  int64_t total_runs = 0;
  for (const PatternReport& p : r.patterns) {
    out += Format("\n  %d. %s\n", p.number, p.name.c_str());
    if (!p.executable) {
      out += "     (documentation only: not executable)\n";
      continue;
    }
    out += "     " + p.index + ": " + p.key_condition + "\n";
    if (!p.skipped.empty()) {
      out += "     skipped: " + p.skipped + "\n";
      continue;
    }
    ++executed;
    total_runs += p.runs;
    const bool ok = p.verified == p.runs && p.failures.empty();
    if (ok) ++verified_patterns;
    if (!p.example.empty()) out += "     e.g. " + p.example + "\n";
    const double runs = p.runs > 0 ? p.runs : 1;
    if (p.IsWrite()) {
      // A write check: items written and write units, no reads.
      out += "     items " +
             Format("%.1f", static_cast<double>(p.items_total) / runs) +
             " written per run   WCU " +
             Format("%.2f", p.write_units_total / runs) + "   p50 " +
             Micros(p.p50_micros) + "   p99 " + Micros(p.p99_micros) + "\n";
      out += "     verified " + Count(p.verified) + "/" + Count(p.runs) +
             (ok ? "" : "  FAILED") + "\n";
      for (const std::string& f : p.failures) out += "       " + f + "\n";
      continue;
    }
    out += "     items " +
           Format("%.1f", static_cast<double>(p.items_total) / runs) + " (" +
           Count(p.items_min) + ".." + Count(p.items_max) + ")   RCU " +
           Format("%.2f", p.read_units_total / runs) + " (" +
           Units(p.read_units_min) + ".." + Units(p.read_units_max) +
           ")   pages " +
           Format("%.2f", static_cast<double>(p.pages_total) / runs) +
           "   p50 " + Micros(p.p50_micros) + "   p99 " + Micros(p.p99_micros) +
           "\n";
    std::string types;
    for (const std::string& t : p.matching_entity_types) {
      types += (types.empty() ? "" : ", ") + t;
    }
    out += "     keys can match: " + types + "\n";
    out += "     verified " + Count(p.verified) + "/" + Count(p.runs) +
           (ok ? "" : "  FAILED") + "\n";
    for (const std::string& f : p.failures) out += "       " + f + "\n";
  }

  out += "\nPartition keys holding the most items\n";
  out += "  index          items       size   key\n";
  for (const KeyReport& k : r.hottest_by_items) {
    out +=
        Format("  %-8s %11s %10s   %s\n", k.index.c_str(),
               Count(k.items).c_str(), Bytes(k.bytes).c_str(), k.key.c_str());
  }
  out += "\nPartition keys drawing the most read traffic (over all runs)\n";
  out += "  index            RCU   requests      items   key\n";
  for (const KeyReport& k : r.hottest_by_traffic) {
    out += Format("  %-8s %10s %10s %10s   %s\n", k.index.c_str(),
                  Units(k.read_units).c_str(), Count(k.requests).c_str(),
                  Count(k.items).c_str(), k.key.c_str());
  }

  out += MigrationText(r);
  out += "\n";
  for (const std::string& p : r.problems) out += "PROBLEM: " + p + "\n";
  if (r.ok()) {
    out += "OK: " + std::to_string(verified_patterns) + " of " +
           std::to_string(executed) + " executed patterns verified over " +
           Count(total_runs) +
           " runs; index item counts match the generated data\n";
  } else {
    out += "FAILED: " + std::to_string(executed - verified_patterns) + " of " +
           std::to_string(executed) + " executed patterns failed verification" +
           (r.problems.empty() ? "" : "; see the problems above") +
           (MigrationFailed(r) ? "; the migration's reads mismatched" : "") +
           "\n";
  }
  return out;
}

std::string FormatReportJson(const RunReport& r) {
  Json j;
  j["model"] = r.model;
  j["table"] = r.table;
  j["scale"] = r.scale;
  j["seed"] = r.seed;
  j["runsPerPattern"] = r.runs_per_pattern;
  j["pageSize"] = r.page_size ? Json(*r.page_size) : Json(nullptr);
  j["indexesCreated"] = r.indexes_created;
  j["ok"] = r.ok();
  j["load"] = {{"items", r.load.items},
               {"bytes", r.load.bytes},
               {"batches", r.load.batches},
               {"writeUnits", r.load.write_units},
               {"generateSeconds", r.load.generate_seconds},
               {"loadSeconds", r.load.load_seconds},
               {"itemsPerSecond", r.load.items_per_second},
               {"apiSeconds", r.load.api_seconds},
               {"apiItemsPerSecond", r.load.api_items_per_second}};
  j["runSeconds"] = r.run_seconds;
  j["peakResidentBytes"] = r.peak_resident_bytes;
  if (r.concurrency > 1) {
    // Only then, so that one connection's report stays as it was.
    j["concurrency"] = r.concurrency;
    j["latencyIncludesClientQueueing"] = true;
  }
  Json entities = Json::array();
  for (const EntityReport& e : r.entities) {
    entities.push_back({{"entityType", e.entity_type},
                        {"items", e.items},
                        {"bytes", e.bytes},
                        {"writeUnitsPerItem", e.write_units},
                        {"indexes", e.indexes}});
  }
  j["entities"] = std::move(entities);
  Json indexes = Json::array();
  for (const IndexReport& i : r.indexes) {
    indexes.push_back({{"name", i.name},
                       {"keySchema", i.key_schema},
                       {"itemCount", i.item_count},
                       {"sizeBytes", i.size_bytes},
                       {"expectedItemCount", i.expected_item_count}});
  }
  j["indexes"] = std::move(indexes);
  Json patterns = Json::array();
  for (const PatternReport& p : r.patterns) {
    Json pj = {
        {"number", p.number}, {"name", p.name}, {"executable", p.executable}};
    if (p.executable) {
      pj["index"] = p.index;
      pj["keyCondition"] = p.key_condition;
      pj["matchingEntityTypes"] = p.matching_entity_types;
      if (!p.skipped.empty()) {
        pj["skipped"] = p.skipped;
      } else {
        pj["example"] = p.example;
        pj["runs"] = p.runs;
        pj["verified"] = p.verified;
        pj["items"] = {{"total", p.items_total},
                       {"min", p.items_min},
                       {"max", p.items_max}};
        pj["pages"] = p.pages_total;
        pj["readUnits"] = {{"total", p.read_units_total},
                           {"min", p.read_units_min},
                           {"max", p.read_units_max}};
        pj["latencyMicros"] = {{"p50", p.p50_micros},
                               {"p99", p.p99_micros},
                               {"mean", p.mean_micros}};
        pj["failures"] = p.failures;
        if (!p.operation.empty()) pj["operation"] = p.operation;
        if (p.IsWrite()) pj["writeUnits"] = {{"total", p.write_units_total}};
      }
    }
    patterns.push_back(std::move(pj));
  }
  j["patterns"] = std::move(patterns);
  auto keys = [](const std::vector<KeyReport>& list) {
    Json a = Json::array();
    for (const KeyReport& k : list) {
      a.push_back({{"index", k.index},
                   {"key", k.key},
                   {"items", k.items},
                   {"bytes", k.bytes},
                   {"readUnits", k.read_units},
                   {"requests", k.requests}});
    }
    return a;
  };
  j["hottestByItems"] = keys(r.hottest_by_items);
  j["hottestByTraffic"] = keys(r.hottest_by_traffic);
  j["problems"] = r.problems;
  if (r.migration) {
    const MigrationReport& m = *r.migration;
    Json phases = Json::object();
    static const char* kPhase[] = {"before", "during", "after"};
    for (size_t i = 0; i < m.phases.size(); ++i) {
      phases[kPhase[i]] = {{"reads", m.phases[i].reads},
                           {"verified", m.phases[i].verified},
                           {"failures", m.phases[i].failures}};
    }
    j["migration"] = {{"fromVersion", m.from_version},
                      {"toVersion", m.to_version},
                      {"dualWriteSecond", m.dual_write_second},
                      {"backfillStartSecond", m.backfill_start_second},
                      {"backfillEndSecond", m.backfill_end_second},
                      {"cutoverSecond", m.cutover_second},
                      {"seconds", m.seconds},
                      {"scanCalls", m.scan_calls},
                      {"scannedItems", m.scanned_items},
                      {"copied", m.copied},
                      {"skipped", m.skipped},
                      {"givenUp", m.given_up},
                      {"dualWrites", m.dual_writes},
                      {"readUnits", m.read_units},
                      {"writeUnits", m.write_units},
                      {"reads", std::move(phases)}};
  }
  return j.dump(2);
}

}  // namespace eddy::model
