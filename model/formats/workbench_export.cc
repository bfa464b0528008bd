// Copyright 2026 The eddy Authors.
//
// ModelToWorkbench (workbench.h): an eddy model with generated sample data
// as a NoSQL Workbench data model.

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "emulator/wire/attribute_json.h"
#include "model/formats/workbench.h"
#include "model/generator.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

Json KeyAttributes(const std::string& pk, const std::string& sk) {
  Json k = {{"PartitionKey", {{"AttributeName", pk}, {"AttributeType", "S"}}}};
  if (!sk.empty()) {
    k["SortKey"] = {{"AttributeName", sk}, {"AttributeType", "S"}};
  }
  return k;
}

// "Jan 1, 2024, 12:00 AM", the way Workbench writes its dates.
std::string WorkbenchDate(int64_t millis) {
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  int64_t days = millis / 86'400'000;
  const int64_t secs = (millis / 1000) % 86'400;
  // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const int64_t doe = days - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int64_t d = doy - (153 * mp + 2) / 5 + 1;
  const int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) ++y;
  int hour = static_cast<int>(secs / 3600);
  const int minute = static_cast<int>((secs / 60) % 60);
  const char* ampm = hour < 12 ? "AM" : "PM";
  hour %= 12;
  if (hour == 0) hour = 12;
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%s %d, %lld, %02d:%02d %s", kMonths[m - 1],
                static_cast<int>(d), static_cast<long long>(y), hour, minute,
                ampm);
  return buf;
}

}  // namespace

StatusOr<std::string> ModelToWorkbench(const Model& model, int samples,
                                       std::vector<std::string>* warnings) {
  const TableDefinition& t = model.table;
  std::vector<std::vector<const Item*>> per_type(model.entities.size());
  GeneratedData data;
  if (model.workload) {
    EDDY_ASSIGN_OR_RETURN(data, Generate(model));
    for (const GeneratedItem& g : data.items) {
      auto& list = per_type[static_cast<size_t>(g.shape)];
      if (static_cast<int>(list.size()) < samples) list.push_back(&g.item);
    }
  } else if (warnings != nullptr) {
    warnings->push_back(
        "the model has no workload, so the Workbench model has no sample "
        "data (and eddy cannot infer its index keys when it reads it back)");
  }
  if (warnings != nullptr) {
    int executable = model.executable_pattern_count();
    if (executable > 0 || !model.patterns.empty()) {
      warnings->push_back(
          "access patterns (" + std::to_string(model.patterns.size()) +
          ") are not kept: a Workbench model has facets, not queries");
    }
  }
  std::set<std::string> key_attrs = {t.partition_key, t.sort_key};
  std::map<std::string, std::string> types;  // non-key attribute -> type
  std::vector<std::string> order;
  auto note = [&](const std::string& name, const AttributeValue& v) {
    if (key_attrs.count(name) != 0) return;
    if (types.emplace(name, std::string(AttributeTypeName(v.type()))).second) {
      order.push_back(name);
    }
  };
  for (const IndexDefinition& g : t.global_secondary_indexes) {
    if (g.multi_attribute()) {
      // Its attributes are kept as the sample items' non-key attributes.
      if (warnings != nullptr) {
        warnings->push_back(
            "index " + g.name +
            " has a multi-attribute key, which a Workbench model cannot hold "
            "(KeyAttributes has one PartitionKey and one SortKey): the index "
            "is not kept");
      }
      continue;
    }
    note(g.partition_key, AttributeValue::S(""));
    if (!g.sort_key.empty()) note(g.sort_key, AttributeValue::S(""));
  }
  Json facets = Json::array();
  Json table_data = Json::array();
  for (size_t s = 0; s < model.entities.size(); ++s) {
    const EntityShape& shape = model.entities[s];
    std::vector<std::string> attrs;
    std::set<std::string> seen;
    for (const Item* item : per_type[s]) {
      for (const auto& [name, v] : *item) {
        note(name, v);
        if (key_attrs.count(name) == 0 && seen.insert(name).second) {
          attrs.push_back(name);
        }
      }
      table_data.push_back(Json::parse(EncodeItemJson(*item)));
    }
    Json alias = {{"PartitionKeyAlias", shape.partition_key.text()}};
    if (!t.sort_key.empty()) alias["SortKeyAlias"] = shape.sort_key.text();
    facets.push_back({{"FacetName", shape.entity_type},
                      {"KeyAttributeAlias", std::move(alias)},
                      {"TableData", Json::array()},
                      {"NonKeyAttributes", attrs},
                      {"DataAccess", {{"MySql", Json::object()}}}});
  }
  Json non_key = Json::array();
  for (const std::string& n : order) {
    non_key.push_back({{"AttributeName", n}, {"AttributeType", types[n]}});
  }
  Json table = {{"TableName", t.name},
                {"KeyAttributes", KeyAttributes(t.partition_key, t.sort_key)},
                {"NonKeyAttributes", std::move(non_key)},
                {"TableFacets", std::move(facets)}};
  if (std::any_of(
          t.global_secondary_indexes.begin(), t.global_secondary_indexes.end(),
          [](const IndexDefinition& g) { return !g.multi_attribute(); })) {
    Json gsis = Json::array();
    for (const IndexDefinition& g : t.global_secondary_indexes) {
      if (g.multi_attribute()) continue;  // warned above
      Json projection;
      switch (g.projection) {
        case ProjectionType::kAll:
          projection = {{"ProjectionType", "ALL"}};
          break;
        case ProjectionType::kKeysOnly:
          projection = {{"ProjectionType", "KEYS_ONLY"}};
          break;
        case ProjectionType::kInclude:
          projection = {{"ProjectionType", "INCLUDE"},
                        {"NonKeyAttributes", g.non_key_attributes}};
          break;
      }
      gsis.push_back(
          {{"IndexName", g.name},
           {"KeyAttributes", KeyAttributes(g.partition_key, g.sort_key)},
           {"Projection", std::move(projection)}});
    }
    table["GlobalSecondaryIndexes"] = std::move(gsis);
  }
  table["TableData"] = std::move(table_data);
  table["DataAccess"] = {{"MySql", Json::object()}};
  if (t.billing_mode == BillingMode::kProvisioned && t.provisioned_throughput) {
    table["BillingMode"] = "PROVISIONED";
    table["ProvisionedCapacitySettings"] = {
        {"ProvisionedThroughput",
         {{"ReadCapacityUnits", t.provisioned_throughput->read_capacity_units},
          {"WriteCapacityUnits",
           t.provisioned_throughput->write_capacity_units}}}};
  } else {
    table["BillingMode"] = "PAY_PER_REQUEST";
  }
  const int64_t start =
      model.workload ? model.workload->clock_start_millis : 1'704'067'200'000;
  Json doc = {{"ModelName", model.name},
              {"ModelMetadata",
               {{"Author", "eddy"},
                {"DateCreated", WorkbenchDate(start)},
                {"DateLastModified", WorkbenchDate(start)},
                {"Description",
                 "Exported by eddy model convert from the "
                 "model \"" +
                     model.name + "\", with " + std::to_string(samples) +
                     " generated items per entity type"},
                {"AWSService", "Amazon DynamoDB"},
                {"Version", "3.0"}}},
              {"DataModel", Json::array({std::move(table)})}};
  return doc.dump(2) + "\n";
}

}  // namespace eddy::model
