// Copyright 2026 The eddy Authors.
//
// Loading and running the AWS MCP server's dynamodb_data_model.json
// (model/formats/aws_data_model.h).

#include "model/formats/aws_data_model.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <fstream>
#include <sstream>
#include <utility>

#include "emulator/api/database.h"
#include "emulator/wire/execute.h"
#include "model/internal/json_text.h"
#include "nlohmann/json.hpp"

namespace eddy::model {
namespace {

using Json = nlohmann::ordered_json;

// "Query", "query", "Query " and "TransactWrite" compare by their letters.
std::string Letters(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      out.push_back(static_cast<char>(std::tolower(c)));
    }
  }
  return out;
}

std::string TypeName(const Json& v) {
  if (v.is_object()) return "an object";
  if (v.is_array()) return "an array";
  if (v.is_string()) return "a string";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  return "null";
}

std::string StemOf(const std::string& path) {
  std::string stem = path;
  if (size_t slash = stem.find_last_of('/'); slash != std::string::npos) {
    stem = stem.substr(slash + 1);
  }
  if (size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) {
    stem.resize(dot);
  }
  return stem;
}

}  // namespace

bool IsAwsDataModel(std::string_view json) {
  if (internal::JsonNestingDepth(json) > internal::kMaxJsonDepth) return false;
  Json doc = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  return doc.is_object() && doc.contains("access_patterns");
}

bool IsAwsDataModelFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  return IsAwsDataModel(text.str());
}

StatusOr<AwsDataModel> LoadAwsDataModel(std::string_view json, std::string name,
                                        std::vector<ModelError>* errors) {
  std::vector<ModelError> local;
  std::vector<ModelError>& errs = errors != nullptr ? *errors : local;
  errs.clear();
  auto error = [&](std::string pointer, std::string message) {
    errs.push_back(ModelError{std::move(pointer), std::move(message)});
  };
  if (internal::JsonNestingDepth(json) > internal::kMaxJsonDepth) {
    error("", "the document is nested more than " +
                  std::to_string(internal::kMaxJsonDepth) + " levels deep");
    return Status::Validation("the document is nested too deeply");
  }
  Json doc;
  try {
    doc = Json::parse(json);
  } catch (const Json::parse_error& e) {
    error("", std::string("not JSON: ") + e.what());
    return Status::Validation("the document is not JSON");
  }
  if (!doc.is_object()) {
    error("",
          "the document must be an object with tables, items and "
          "access_patterns, not " +
              TypeName(doc));
    return Status::Validation("the document is not an object");
  }
  AwsDataModel model;
  model.name = std::move(name);
  for (const char* key : {"tables", "items", "access_patterns"}) {
    if (!doc.contains(key)) {
      error("", std::string("missing required key \"") + key +
                    "\": the AWS MCP data-model format requires tables, "
                    "items and access_patterns, even when empty");
    }
  }
  if (doc.contains("tables")) {
    const Json& tables = doc["tables"];
    if (!tables.is_array()) {
      error("/tables", "must be an array of CreateTable requests, not " +
                           TypeName(tables));
    } else {
      for (size_t i = 0; i < tables.size(); ++i) {
        const std::string ptr = "/tables/" + std::to_string(i);
        const Json& t = tables[i];
        if (!t.is_object()) {
          error(ptr, "must be a CreateTable request (an object), not " +
                         TypeName(t));
          continue;
        }
        if (!t.contains("TableName") || !t["TableName"].is_string()) {
          error(ptr + "/TableName",
                t.contains("TableName")
                    ? "must be a string, not " + TypeName(t["TableName"])
                    : "missing: every table needs a TableName");
          continue;
        }
        const std::string table = t["TableName"].get<std::string>();
        if (std::find(model.table_names.begin(), model.table_names.end(),
                      table) != model.table_names.end()) {
          error(ptr + "/TableName", "table \"" + table + "\" is defined twice");
          continue;
        }
        model.table_names.push_back(table);
        model.create_tables.push_back(t.dump());
      }
    }
  }
  if (doc.contains("items")) {
    const Json& items = doc["items"];
    if (!items.is_object()) {
      error("/items",
            "must be an object of table name -> BatchWriteItem "
            "requests, not " +
                TypeName(items));
    } else {
      for (const auto& [table, list] : items.items()) {
        const std::string ptr = "/items/" + JsonPointerEscape(table);
        if (!list.is_array()) {
          error(ptr,
                "must be an array of write requests "
                "({\"PutRequest\": {\"Item\": {...}}}), not " +
                    TypeName(list));
          continue;
        }
        AwsTableItems entry{table, {}};
        for (size_t i = 0; i < list.size(); ++i) {
          if (!list[i].is_object()) {
            error(ptr + "/" + std::to_string(i),
                  "must be a write request object, not " + TypeName(list[i]));
            continue;
          }
          entry.write_requests.push_back(list[i].dump());
        }
        model.items.push_back(std::move(entry));
      }
    }
  }
  if (doc.contains("access_patterns")) {
    const Json& patterns = doc["access_patterns"];
    if (!patterns.is_array()) {
      error("/access_patterns",
            "must be an array of access patterns, not " + TypeName(patterns));
    } else {
      for (size_t i = 0; i < patterns.size(); ++i) {
        const std::string ptr = "/access_patterns/" + std::to_string(i);
        const Json& p = patterns[i];
        if (!p.is_object()) {
          error(ptr, "must be an access pattern object, not " + TypeName(p));
          continue;
        }
        AwsAccessPattern ap;
        ap.pointer = ptr;
        ap.document_json = p.dump();
        if (p.contains("pattern")) {
          ap.pattern_id = p["pattern"].is_string()
                              ? p["pattern"].get<std::string>()
                              : p["pattern"].dump();
        }
        bool ok = true;
        for (const char* key : {"description", "dynamodb_operation", "reason",
                                "implementation", "table", "index"}) {
          if (p.contains(key) && !p[key].is_string() && !p[key].is_null()) {
            error(ptr + "/" + key, "must be a string, not " + TypeName(p[key]));
            ok = false;
          }
        }
        if (!ok) continue;
        auto text = [&](const char* key) -> std::string {
          return p.contains(key) && p[key].is_string()
                     ? p[key].get<std::string>()
                     : std::string();
        };
        ap.description = text("description");
        ap.dynamodb_operation = text("dynamodb_operation");
        if (p.contains("reason") && p["reason"].is_string()) {
          ap.reason = p["reason"].get<std::string>();
        }
        // The MCP server runs a pattern when it has the key at all.
        if (p.contains("implementation")) {
          if (!p["implementation"].is_string()) {
            error(ptr + "/implementation",
                  "must be an `aws dynamodb ...` command, not null");
            continue;
          }
          ap.implementation = p["implementation"].get<std::string>();
          StatusOr<CliRequest> r = ParseAwsCliCommand(*ap.implementation);
          if (!r.ok()) {
            error(ptr + "/implementation", std::string(r.status().message()));
            continue;
          }
          ap.request = *std::move(r);
          if (!ap.dynamodb_operation.empty()) {
            const std::string want = Letters(ap.dynamodb_operation);
            const std::string got = Letters(ap.request->operation);
            // "TransactWrite" names TransactWriteItems, "BatchGet"
            // BatchGetItem: a prefix is the same operation.
            if (got.rfind(want, 0) != 0) {
              ap.notes.push_back(
                  "dynamodb_operation says " + ap.dynamodb_operation +
                  " but the command runs " + ap.request->operation);
            }
          }
          const Json req = Json::parse(ap.request->request_json);
          auto member = [&](const char* name) {
            return req.contains(name) && req[name].is_string()
                       ? req[name].get<std::string>()
                       : std::string();
          };
          const std::string table = text("table");
          if (!table.empty() && !member("TableName").empty() &&
              member("TableName") != table) {
            ap.notes.push_back("table says " + table +
                               " but the command reads " + member("TableName"));
          }
          const std::string index = text("index");
          if (!index.empty() && index != "null" &&
              member("IndexName") != index) {
            ap.notes.push_back("index says " + index + " but the command " +
                               (member("IndexName").empty()
                                    ? "names no index"
                                    : "uses " + member("IndexName")));
          }
        }
        model.patterns.push_back(std::move(ap));
      }
    }
  }
  if (!errs.empty()) {
    return Status::Validation(std::to_string(errs.size()) + " error" +
                              (errs.size() == 1 ? "" : "s") +
                              " in the AWS data model");
  }
  return model;
}

StatusOr<AwsDataModel> LoadAwsDataModelFile(const std::string& path,
                                            std::vector<ModelError>* errors) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::ResourceNotFound("cannot read model file " + path);
  }
  std::ostringstream text;
  text << in.rdbuf();
  return LoadAwsDataModel(text.str(), StemOf(path), errors);
}

bool AwsRunReport::ok() const {
  for (const AwsTableResult& t : tables) {
    if (t.status == "error") return false;
  }
  for (const AwsItemsResult& i : items) {
    if (i.status != "success") return false;
  }
  return failed == 0;
}

namespace {

using Clock = std::chrono::steady_clock;

double MicrosSince(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start)
      .count();
}

// The AWS CLI's error line for a failed call.
std::string CliErrorLine(const WireResponse& r, std::string_view operation,
                         std::string* code) {
  Json body = Json::parse(r.body, nullptr, /*allow_exceptions=*/false);
  std::string type, message;
  if (body.is_object()) {
    if (body.contains("__type") && body["__type"].is_string()) {
      type = body["__type"].get<std::string>();
      if (size_t hash = type.rfind('#'); hash != std::string::npos) {
        type = type.substr(hash + 1);
      }
    }
    for (const char* m : {"message", "Message"}) {
      if (body.contains(m) && body[m].is_string()) {
        message = body[m].get<std::string>();
      }
    }
  }
  *code = type;
  return "An error occurred (" + type + ") when calling the " +
         std::string(operation) + " operation" +
         (message.empty() ? "" : ": " + message);
}

// Adds `units` to the (table, index) entry of `by_index`.
void AddUnits(std::vector<AwsIndexUnits>* by_index, const std::string& table,
              const std::string& index, double units) {
  for (AwsIndexUnits& u : *by_index) {
    if (u.table == table && u.index == index) {
      u.units += units;
      return;
    }
  }
  by_index->push_back({table, index, units});
}

// Sums ConsumedCapacity (an object, or an array of them for batch and
// transaction operations) into capacity units, and with `by_index` its
// INDEXES members (Table, GlobalSecondaryIndexes, LocalSecondaryIndexes) by
// table and index.
double CapacityOf(const Json& response,
                  std::vector<AwsIndexUnits>* by_index = nullptr) {
  if (!response.is_object() || !response.contains("ConsumedCapacity")) {
    return 0;
  }
  const Json& cc = response["ConsumedCapacity"];
  double total = 0;
  auto units = [](const Json& c) {
    return c.is_object() && c.contains("CapacityUnits") &&
                   c["CapacityUnits"].is_number()
               ? c["CapacityUnits"].get<double>()
               : 0.0;
  };
  auto add = [&](const Json& c) {
    total += units(c);
    if (by_index == nullptr || !c.is_object()) return;
    const std::string table = c.value("TableName", "");
    if (c.contains("Table")) AddUnits(by_index, table, "", units(c["Table"]));
    for (const char* kind :
         {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!c.contains(kind) || !c[kind].is_object()) continue;
      for (const auto& [name, v] : c[kind].items()) {
        AddUnits(by_index, table, name, units(v));
      }
    }
  };
  if (cc.is_array()) {
    for (const Json& c : cc) add(c);
  } else {
    add(cc);
  }
  return total;
}

// ConsumedCapacity as ReturnConsumedCapacity TOTAL gives it: INDEXES' answer
// without its per-table and per-index members.
void StripIndexCapacity(Json* response) {
  if (!response->is_object() || !response->contains("ConsumedCapacity")) {
    return;
  }
  auto strip = [](Json& c) {
    if (!c.is_object()) return;
    c.erase("Table");
    c.erase("GlobalSecondaryIndexes");
    c.erase("LocalSecondaryIndexes");
  };
  Json& cc = (*response)["ConsumedCapacity"];
  if (cc.is_array()) {
    for (Json& c : cc) strip(c);
  } else {
    strip(cc);
  }
}

int64_t ItemsOf(const Json& response) {
  if (!response.is_object()) return 0;
  if (response.contains("Items") && response["Items"].is_array()) {
    return static_cast<int64_t>(response["Items"].size());
  }
  if (response.contains("Item") && response["Item"].is_object()) return 1;
  if (response.contains("Responses")) {
    const Json& r = response["Responses"];
    int64_t n = 0;
    if (r.is_object()) {
      for (const auto& [t, list] : r.items()) n += list.size();
    } else if (r.is_array()) {
      for (const Json& e : r) n += e.contains("Item") ? 1 : 0;
    }
    return n;
  }
  return 0;
}

// Runs one pattern's request, with the CLI's pagination.
void RunPattern(Database& db, const AwsAccessPattern& p,
                AwsPatternResult* out) {
  const CliRequest& req = *p.request;
  Json request = Json::parse(req.request_json);
  // Ask for the consumed capacity by index to report it; the recorded
  // response keeps it only as the command asked (NONE: not at all).
  const std::string asked =
      request.contains("ReturnConsumedCapacity") &&
              request["ReturnConsumedCapacity"].is_string()
          ? request["ReturnConsumedCapacity"].get<std::string>()
          : std::string();
  const bool asked_capacity = request.contains("ReturnConsumedCapacity");
  if (!asked_capacity || asked == "TOTAL") {
    request["ReturnConsumedCapacity"] = "INDEXES";
  }
  Json merged;
  int64_t collected = 0;
  const Clock::time_point start = Clock::now();
  for (;;) {
    WireResponse r = Execute(db, req.operation, request.dump());
    ++out->pages;
    if (r.error != ErrorCode::kOk) {
      out->micros = MicrosSince(start);
      out->outcome = AwsPatternResult::Outcome::kError;
      out->http_status = r.http_status;
      out->error_message = CliErrorLine(r, req.operation, &out->error_code);
      Json err = Json::object();
      err["error"] = out->error_message;
      err["error_code"] = out->error_code;
      err["status_code"] = r.http_status;
      out->response_json = err.dump();
      return;
    }
    Json page = Json::parse(r.body, nullptr, /*allow_exceptions=*/false);
    if (!page.is_object()) page = Json::object();
    out->capacity_units += CapacityOf(page, &out->index_units);
    if (asked == "TOTAL") StripIndexCapacity(&page);
    if (!req.paginate) {
      merged = std::move(page);
      break;
    }
    const bool first = merged.is_null();
    if (first) {
      merged = Json::object();
      for (const auto& [k, v] : page.items()) {
        if (k != req.output_token) merged[k] = v;
      }
    } else {
      for (const std::string& key : req.result_keys) {
        if (!page.contains(key)) continue;
        if (page[key].is_array()) {
          for (Json& e : page[key]) merged[key].push_back(std::move(e));
        } else if (page[key].is_number_integer()) {
          merged[key] =
              merged.value(key, int64_t{0}) + page[key].get<int64_t>();
        }
      }
    }
    const std::string& items_key = req.result_keys.front();
    collected = merged.contains(items_key) && merged[items_key].is_array()
                    ? static_cast<int64_t>(merged[items_key].size())
                    : 0;
    if (req.max_items && collected >= *req.max_items) {
      if (collected > *req.max_items || page.contains(req.output_token)) {
        merged[items_key].erase(merged[items_key].begin() + *req.max_items,
                                merged[items_key].end());
        // The CLI's NextToken is opaque; eddy names what it holds.
        merged["NextToken"] = "eddy: more items after --max-items " +
                              std::to_string(*req.max_items);
      }
      break;
    }
    if (!page.contains(req.output_token)) break;
    request[req.input_token] = page[req.output_token];
  }
  out->micros = MicrosSince(start);
  out->outcome = AwsPatternResult::Outcome::kSuccess;
  out->http_status = 200;
  out->items = ItemsOf(merged);
  if (!asked_capacity) merged.erase("ConsumedCapacity");
  out->response_json = merged.dump();
}

}  // namespace

StatusOr<AwsRunReport> RunAwsDataModel(const AwsDataModel& model) {
  AwsRunReport report;
  report.model_name = model.name;
  report.model = &model;
  const Clock::time_point start = Clock::now();
  Database db;
  for (size_t i = 0; i < model.create_tables.size(); ++i) {
    AwsTableResult t;
    t.table = model.table_names[i];
    WireResponse r = Execute(db, "CreateTable", model.create_tables[i]);
    if (r.error == ErrorCode::kOk) {
      t.status = "success";
      Json body = Json::parse(r.body, nullptr, false);
      if (body.is_object() && body.contains("TableDescription")) {
        const Json& d = body["TableDescription"];
        t.table_arn = d.value("TableArn", "");
        if (d.contains("GlobalSecondaryIndexes")) {
          t.gsi_count = static_cast<int>(d["GlobalSecondaryIndexes"].size());
        }
      }
    } else if (r.error == ErrorCode::kResourceInUse) {
      t.status = "exists";
      t.error = "Table " + t.table + " already exists";
    } else {
      std::string code;
      t.status = "error";
      t.error = CliErrorLine(r, "CreateTable", &code);
    }
    report.tables.push_back(std::move(t));
  }
  constexpr size_t kBatchSize = 25;       // the MCP server's BATCH_SIZE
  std::vector<AwsIndexUnits> load_units;  // the batches' by table and index
  for (const AwsTableItems& entry : model.items) {
    AwsItemsResult res;
    res.table = entry.table;
    res.items_total = static_cast<int64_t>(entry.write_requests.size());
    res.status = "success";
    for (size_t i = 0; i < entry.write_requests.size(); i += kBatchSize) {
      std::string body =
          "{\"RequestItems\":{" + Json(entry.table).dump() + ":[";
      const size_t end = std::min(entry.write_requests.size(), i + kBatchSize);
      for (size_t k = i; k < end; ++k) {
        if (k > i) body += ",";
        body += entry.write_requests[k];
      }
      body += "]},\"ReturnConsumedCapacity\":\"INDEXES\"}";
      WireResponse r = Execute(db, "BatchWriteItem", body);
      if (r.error != ErrorCode::kOk) {
        std::string code;
        res.status = "error";
        res.error = CliErrorLine(r, "BatchWriteItem", &code);
        break;
      }
      int64_t unprocessed = 0;
      Json resp = Json::parse(r.body, nullptr, false);
      CapacityOf(resp, &load_units);
      if (resp.is_object() && resp.contains("UnprocessedItems") &&
          resp["UnprocessedItems"].contains(entry.table)) {
        unprocessed =
            static_cast<int64_t>(resp["UnprocessedItems"][entry.table].size());
      }
      res.items_processed += static_cast<int64_t>(end - i) - unprocessed;
    }
    report.items.push_back(std::move(res));
  }
  for (AwsTableResult& t : report.tables) {
    if (t.status != "success") continue;
    WireResponse r =
        Execute(db, "DescribeTable", Json{{"TableName", t.table}}.dump());
    Json body = Json::parse(r.body, nullptr, false);
    if (r.error != ErrorCode::kOk || !body.is_object()) continue;
    const Json& d = body["Table"];
    constexpr double kEntryOverhead = 100;  // bytes per item or index entry
    t.item_count = d.value("ItemCount", int64_t{0});
    t.table_bytes = d.value("TableSizeBytes", 0.0) +
                    kEntryOverhead * static_cast<double>(t.item_count);
    t.storage_bytes = t.table_bytes;
    auto loaded = [&](const std::string& index) {
      double u = 0;
      for (const AwsIndexUnits& x : load_units) {
        u += x.table == t.table && x.index == index ? x.units : 0;
      }
      return u;
    };
    t.load_write_units = loaded("");
    for (const char* kind :
         {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
      if (!d.contains(kind) || !d[kind].is_array()) continue;
      for (const Json& x : d[kind]) {
        AwsIndexResult ix;
        ix.name = x.value("IndexName", "");
        ix.global = std::string_view(kind) == "GlobalSecondaryIndexes";
        ix.item_count = x.value("ItemCount", int64_t{0});
        ix.storage_bytes = x.value("IndexSizeBytes", 0.0) +
                           kEntryOverhead * static_cast<double>(ix.item_count);
        ix.load_write_units = loaded(ix.name);
        t.storage_bytes += ix.storage_bytes;
        t.indexes.push_back(std::move(ix));
      }
    }
  }
  report.setup_micros = MicrosSince(start);
  for (const AwsAccessPattern& p : model.patterns) {
    AwsPatternResult res;
    res.pattern = &p;
    if (!p.request) {
      res.outcome = AwsPatternResult::Outcome::kSkipped;
      ++report.skipped;
    } else {
      RunPattern(db, p, &res);
      if (res.outcome == AwsPatternResult::Outcome::kSuccess) {
        ++report.succeeded;
      } else {
        ++report.failed;
      }
    }
    report.patterns.push_back(std::move(res));
  }
  report.total_micros = MicrosSince(start);
  return report;
}

}  // namespace eddy::model
