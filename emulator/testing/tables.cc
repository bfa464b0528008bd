// Copyright 2026 The eddy Authors.

#include "emulator/testing/tables.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>

#include "emulator/wire/attribute_json.h"
#include "emulator/wire/execute.h"
#include "model/runner.h"
#include "nlohmann/json.hpp"

namespace eddy_testing {

using eddy::Database;
using eddy::ErrorCode;
using eddy::Item;
using eddy::Status;
using eddy::StatusOr;

namespace {

StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status(ErrorCode::kResourceNotFound,
                  "cannot read " + path + ": " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

// The message of a DynamoDB JSON error body ("message" or "Message").
std::string ErrorMessage(const std::string& body) {
  nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  if (j.is_object()) {
    for (const char* key : {"message", "Message"}) {
      auto it = j.find(key);
      if (it != j.end() && it->is_string()) return it->get<std::string>();
    }
  }
  return body;
}

// `where` prefixes each line's errors: "line " or "<path>:".
StatusOr<int64_t> PutLines(Database& db, std::string_view table,
                           std::string_view text, const std::string& where) {
  int64_t written = 0;
  int line_number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view()
                                         : text.substr(end + 1);
    ++line_number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '#') continue;
    const std::string prefix = where + std::to_string(line_number) + ": ";
    StatusOr<Item> item = eddy::DecodeItemJson(line);
    if (!item.ok()) return item.status().WithMessagePrefix(prefix);
    eddy::PutItemRequest put;
    put.table_name = std::string(table);
    put.item = *std::move(item);
    StatusOr<eddy::PutItemResponse> r = db.PutItem(put);
    if (!r.ok()) return r.status().WithMessagePrefix(prefix + "PutItem: ");
    ++written;
  }
  return written;
}

StatusOr<LoadedModel> LoadModel(
    Database& db, StatusOr<eddy::model::Model> model,
    const std::vector<eddy::model::ModelError>& errors,
    const ModelOptions& options) {
  if (!model.ok()) {
    if (errors.size() <= 1) return model.status();
    std::string message =
        std::to_string(errors.size()) + " errors in the model:";
    for (const eddy::model::ModelError& e : errors) {
      message += "\n  " + e.ToString();
    }
    return Status(model.status().code(), std::move(message));
  }
  LoadedModel loaded;
  loaded.model = *std::move(model);
  if (loaded.model.workload.has_value()) {
    eddy::model::GenerateOptions generate;
    generate.scale = options.scale;
    generate.seed = options.seed;
    StatusOr<eddy::model::GeneratedData> data =
        eddy::model::Generate(loaded.model, generate);
    if (!data.ok()) return data.status();
    loaded.data = *std::move(data);
  }
  StatusOr<eddy::CreateTableResponse> created =
      db.CreateTable(eddy::model::MakeCreateTableRequest(
          loaded.model.table, options.create_indexes));
  if (!created.ok()) return created.status().WithMessagePrefix("CreateTable: ");
  eddy::PutItemRequest put;
  put.table_name = loaded.model.table.name;
  for (const eddy::model::GeneratedItem& g : loaded.data.items) {
    put.item = g.item;
    StatusOr<eddy::PutItemResponse> r = db.PutItem(put);
    if (!r.ok()) return r.status().WithMessagePrefix("PutItem: ");
  }
  return loaded;
}

}  // namespace

Status CreateTableFromJson(Database& db, std::string_view create_table_json) {
  eddy::WireResponse r = eddy::Execute(db, "CreateTable", create_table_json);
  if (r.error == ErrorCode::kOk) return Status::OK();
  return Status(r.error, "CreateTable: " + ErrorMessage(r.body));
}

Status CreateTableFromJsonFile(Database& db, const std::string& path) {
  StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  return CreateTableFromJson(db, *text).WithMessagePrefix(path + ": ");
}

StatusOr<int64_t> PutItemsFromJsonLines(Database& db, std::string_view table,
                                        std::string_view json_lines) {
  return PutLines(db, table, json_lines, "line ");
}

StatusOr<int64_t> PutItemsFromJsonLinesFile(Database& db,
                                            std::string_view table,
                                            const std::string& path) {
  StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  return PutLines(db, table, *text, path + ":");
}

StatusOr<LoadedModel> LoadModelJson(Database& db, std::string_view model_json,
                                    const ModelOptions& options) {
  std::vector<eddy::model::ModelError> errors;
  StatusOr<eddy::model::Model> model =
      eddy::model::LoadModel(model_json, "model", &errors);
  return LoadModel(db, std::move(model), errors, options);
}

StatusOr<LoadedModel> LoadModelFile(Database& db, const std::string& path,
                                    const ModelOptions& options) {
  std::vector<eddy::model::ModelError> errors;
  StatusOr<eddy::model::Model> model =
      eddy::model::LoadModelFile(path, &errors);
  StatusOr<LoadedModel> loaded =
      LoadModel(db, std::move(model), errors, options);
  if (!loaded.ok()) return loaded.status().WithMessagePrefix(path + ": ");
  return loaded;
}

StatusOr<Item> GetItemByKey(Database& db, std::string_view table, Item key) {
  eddy::GetItemRequest get;
  get.table_name = std::string(table);
  get.key = std::move(key);
  get.consistent_read = true;
  StatusOr<eddy::GetItemResponse> r = db.GetItem(get);
  if (!r.ok()) return r.status();
  if (!r->item.has_value()) {
    return Status(ErrorCode::kResourceNotFound,
                  "table \"" + std::string(table) + "\" has no item with key " +
                      eddy::AttributeValue::M(get.key).DebugString());
  }
  return *std::move(*r).item;
}

StatusOr<std::vector<Item>> ScanAll(Database& db, std::string_view table,
                                    std::optional<std::string> index_name) {
  eddy::ScanRequest scan;
  scan.table_name = std::string(table);
  scan.consistent_read = !index_name.has_value();
  scan.index_name = std::move(index_name);
  std::vector<Item> items;
  while (true) {
    StatusOr<eddy::ScanResponse> page = db.Scan(scan);
    if (!page.ok()) return page.status();
    for (Item& item : page->items) items.push_back(std::move(item));
    if (!page->last_evaluated_key.has_value()) break;
    scan.exclusive_start_key = std::move(page->last_evaluated_key);
  }
  return items;
}

}  // namespace eddy_testing
