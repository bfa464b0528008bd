// Copyright 2026 The eddy Authors.
//
// The reports of an AWS data-model run (model/formats/aws_data_model.h): the
// MCP server's result file, eddy's text report and its JSON form.

#include <cstdio>
#include <string>

#include "model/formats/aws_data_model.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;
using Outcome = AwsPatternResult::Outcome;

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kSuccess:
      return "ok";
    case Outcome::kError:
      return "error";
    case Outcome::kSkipped:
      return "skipped";
  }
  return "?";
}

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

// Pads or cuts `s` to `width` bytes (cutting on a UTF-8 boundary).
std::string Column(const std::string& s, size_t width) {
  if (s.size() <= width) return s + std::string(width - s.size(), ' ');
  size_t cut = width - 1;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "~" + std::string(width - cut - 1, ' ');
}

std::string OperationOf(const AwsPatternResult& r) {
  if (r.pattern->request) return r.pattern->request->operation;
  return r.pattern->dynamodb_operation.empty() ? "-"
                                               : r.pattern->dynamodb_operation;
}

}  // namespace

std::string FormatAwsValidationResult(const AwsRunReport& report) {
  Json results = Json::array();
  for (const AwsPatternResult& r : report.patterns) {
    const AwsAccessPattern& p = *r.pattern;
    if (r.outcome == Outcome::kSkipped) {
      results.push_back(Json::parse(p.document_json));
      continue;
    }
    Json entry = Json::object();
    const Json doc = Json::parse(p.document_json);
    entry["pattern_id"] = doc.contains("pattern") ? doc["pattern"] : Json();
    entry["description"] =
        doc.contains("description") ? doc["description"] : Json();
    entry["dynamodb_operation"] =
        doc.contains("dynamodb_operation") ? doc["dynamodb_operation"] : Json();
    entry["command"] = *p.implementation;
    entry["response"] = Json::parse(r.response_json);
    results.push_back(std::move(entry));
  }
  Json out = Json::object();
  out["validation_response"] = std::move(results);
  // ASCII only, as Python's json.dump writes it.
  return out.dump(2, ' ', /*ensure_ascii=*/true);
}

std::string FormatAwsReportText(const AwsRunReport& report) {
  std::string out;
  int64_t items = 0;
  for (const AwsItemsResult& i : report.items) items += i.items_processed;
  out += "AWS data model \"" + report.model_name +
         "\": " + std::to_string(report.tables.size()) + " tables, " +
         std::to_string(items) + " items, " +
         std::to_string(report.patterns.size()) + " access patterns\n";
  out += "\ntables\n";
  for (const AwsTableResult& t : report.tables) {
    out += "  " + Column(t.table, 28) + " ";
    if (t.status == "success") {
      out += "created" +
             (t.gsi_count > 0 ? " with " + std::to_string(t.gsi_count) +
                                    " GSI" + (t.gsi_count == 1 ? "" : "s")
                              : std::string()) +
             "\n";
    } else {
      out += t.status + ": " + t.error + "\n";
    }
  }
  out += "\nitems\n";
  for (const AwsItemsResult& i : report.items) {
    out += "  " + Column(i.table, 28) + " " +
           std::to_string(i.items_processed) + " of " +
           std::to_string(i.items_total) + " written" +
           (i.status == "success" ? "" : ": " + i.error) + "\n";
  }
  out += "\naccess patterns\n";
  out += "  " + Column("pattern", 8) + " " + Column("description", 34) + " " +
         Column("operation", 18) +
         " result   items  pages     units  "
         "latency\n";
  for (const AwsPatternResult& r : report.patterns) {
    const AwsAccessPattern& p = *r.pattern;
    out += "  " + Column(p.pattern_id, 8) + " " + Column(p.description, 34) +
           " " + Column(OperationOf(r), 18) + " " +
           Column(OutcomeName(r.outcome), 7);
    if (r.outcome == Outcome::kSuccess) {
      char line[96];
      std::snprintf(line, sizeof(line), " %6lld %6d %9s %7s ms\n",
                    static_cast<long long>(r.items), r.pages,
                    Fixed(r.capacity_units, 1).c_str(),
                    Fixed(r.micros / 1000.0, 3).c_str());
      out += line;
    } else if (r.outcome == Outcome::kError) {
      out += "\n           " + r.error_message + "\n";
    } else {
      out += p.reason ? "\n           reason: " + *p.reason + "\n"
                      : "\n           no implementation\n";
    }
    for (const std::string& n : p.notes) out += "           note: " + n + "\n";
    if (p.request) {
      for (const std::string& w : p.request->warnings) {
        out += "           note: " + w + "\n";
      }
    }
  }
  out += "\n" + std::to_string(report.succeeded) + " ok, " +
         std::to_string(report.failed) + " failed, " +
         std::to_string(report.skipped) + " skipped; tables and items in " +
         Fixed(report.setup_micros / 1000.0, 2) + " ms, all in " +
         Fixed(report.total_micros / 1000.0, 2) + " ms\n";
  return out;
}

std::string FormatAwsReportJson(const AwsRunReport& report) {
  Json out = Json::object();
  out["model"] = report.model_name;
  out["format"] = "aws-mcp-data-model";
  Json tables = Json::array();
  for (const AwsTableResult& t : report.tables) {
    Json e = {{"table", t.table}, {"status", t.status}};
    if (!t.table_arn.empty()) e["tableArn"] = t.table_arn;
    e["gsiCount"] = t.gsi_count;
    if (!t.error.empty()) e["error"] = t.error;
    tables.push_back(std::move(e));
  }
  out["tables"] = std::move(tables);
  Json items = Json::array();
  for (const AwsItemsResult& i : report.items) {
    Json e = {{"table", i.table},
              {"status", i.status},
              {"itemsProcessed", i.items_processed},
              {"itemsTotal", i.items_total}};
    if (!i.error.empty()) e["error"] = i.error;
    items.push_back(std::move(e));
  }
  out["items"] = std::move(items);
  Json patterns = Json::array();
  for (const AwsPatternResult& r : report.patterns) {
    const AwsAccessPattern& p = *r.pattern;
    Json e = {{"pattern", p.pattern_id},
              {"pointer", p.pointer},
              {"description", p.description},
              {"operation", OperationOf(r)},
              {"result", OutcomeName(r.outcome)}};
    if (r.outcome == Outcome::kSuccess) {
      e["items"] = r.items;
      e["pages"] = r.pages;
      e["capacityUnits"] = r.capacity_units;
      e["micros"] = r.micros;
    } else if (r.outcome == Outcome::kError) {
      e["errorCode"] = r.error_code;
      e["error"] = r.error_message;
      e["statusCode"] = r.http_status;
    } else if (p.reason) {
      e["reason"] = *p.reason;
    }
    Json notes = Json::array();
    for (const std::string& n : p.notes) notes.push_back(n);
    if (p.request) {
      for (const std::string& w : p.request->warnings) notes.push_back(w);
    }
    if (!notes.empty()) e["notes"] = std::move(notes);
    patterns.push_back(std::move(e));
  }
  out["patterns"] = std::move(patterns);
  out["summary"] = {{"ok", report.succeeded},
                    {"failed", report.failed},
                    {"skipped", report.skipped},
                    {"setupMicros", report.setup_micros},
                    {"totalMicros", report.total_micros},
                    {"passed", report.ok()}};
  return out.dump();
}

}  // namespace eddy::model
