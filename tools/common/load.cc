// Copyright 2026 The eddy Authors.

#include "tools/common/load.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "emulator/api/persistence.h"
#include "emulator/wire/execute.h"
#include "model/generator.h"
#include "model/model.h"
#include "model/runner.h"

namespace eddy::tools {
namespace {

// 1234567 -> "1,234,567".
std::string Grouped(int64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

bool IsSkipped(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first == std::string_view::npos || line[first] == '#';
}

// Whether the first request line of `text` starts with {"op".
bool LooksLikeRequestLines(std::string_view text) {
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (IsSkipped(line)) continue;
    std::string compact;
    for (char c : line) {
      if (c != ' ' && c != '\t') compact.push_back(c);
      if (compact.size() >= 5) break;
    }
    return compact == "{\"op\"";
  }
  return false;
}

StatusOr<std::string> LoadRequestLines(const std::string& path,
                                       std::string_view text, Database* db) {
  int64_t line_number = 0, requests = 0;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (IsSkipped(line)) continue;
    WireResponse r = ExecuteEnvelope(*db, line);
    if (r.error != ErrorCode::kOk) {
      return Status::Validation(
          path + ":" + std::to_string(line_number) + ": the request failed (" +
          std::string(ErrorCodeName(r.error)) + "): " + r.body +
          "\nFix that line (eddy exec --help describes the format), or load "
          "the file with `eddy exec " +
          path + "` to see every answer");
    }
    ++requests;
  }
  return "loaded " + path + ": " + Grouped(requests) + " request" +
         (requests == 1 ? "" : "s");
}

StatusOr<std::string> LoadModelData(const std::string& path,
                                    std::string_view text, Database* db) {
  std::string stem = path;
  if (size_t slash = stem.find_last_of('/'); slash != std::string::npos) {
    stem = stem.substr(slash + 1);
  }
  if (size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) {
    stem.resize(dot);
  }
  std::vector<model::ModelError> errors;
  StatusOr<model::Model> m = model::LoadModel(text, stem, &errors);
  if (!m.ok()) {
    std::string message;
    for (const model::ModelError& e : errors) {
      message += path + ": " + e.ToString() + "\n";
    }
    if (errors.empty())
      message = path + ": " + std::string(m.status().message());
    message +=
        "--load takes an access-pattern model (check it with `eddy model "
        "validate " +
        path +
        "`), request lines in eddy exec's format, one "
        "{\"op\": ..., \"request\": ...} per line, or a snapshot file "
        "(`eddy snapshot save`)";
    return Status::Validation(message);
  }
  if (!m->workload) {
    return Status::Validation(
        path +
        ": the model has no \"workload\" section, so there is no data "
        "to load (model/README.md, \"Extension 3: the workload\")");
  }
  StatusOr<model::GeneratedData> data = model::Generate(*m);
  if (!data.ok()) {
    return Status::Validation(path + ": generating the data: " +
                              std::string(data.status().message()));
  }
  StatusOr<int64_t> loaded = model::LoadIntoDatabase(*m, *data, db);
  if (!loaded.ok()) {
    return Status::Validation(path + ": " + loaded.status().ToString());
  }
  return "loaded model " + m->name + " from " + path + ": table \"" +
         m->table.name + "\" with " +
         std::to_string(m->table.global_secondary_indexes.size()) + " GSIs, " +
         Grouped(*loaded) + " items (seed " + std::to_string(data->seed) +
         ", scale " + std::to_string(data->scale) + ")";
}

// Counts what a snapshot added: the tables `db` did not have before.
StatusOr<std::string> LoadSnapshotFile(const std::string& path, Database* db) {
  auto table_names = [db]() -> StatusOr<std::vector<std::string>> {
    std::vector<std::string> names;
    ListTablesRequest list;
    while (true) {
      EDDY_ASSIGN_OR_RETURN(ListTablesResponse page, db->ListTables(list));
      names.insert(names.end(), page.table_names.begin(),
                   page.table_names.end());
      if (!page.last_evaluated_table_name) return names;
      list.exclusive_start_table_name = page.last_evaluated_table_name;
    }
  };
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> before, table_names());
  if (Status s = db->LoadSnapshot(path); !s.ok()) {
    return Status::Validation(path + ": " + s.ToString());
  }
  EDDY_ASSIGN_OR_RETURN(std::vector<std::string> after, table_names());
  int64_t tables = 0, items = 0;
  for (const std::string& name : after) {
    if (std::find(before.begin(), before.end(), name) != before.end()) {
      continue;
    }
    ++tables;
    EDDY_ASSIGN_OR_RETURN(DescribeTableResponse d,
                          db->DescribeTable(DescribeTableRequest{name}));
    items += d.table.item_count;
  }
  return "loaded snapshot " + path + ": " + Grouped(tables) + " table" +
         (tables == 1 ? "" : "s") + ", " + Grouped(items) + " item" +
         (items == 1 ? "" : "s");
}

}  // namespace

StatusOr<std::string> LoadFile(const std::string& path, Database* db) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::ResourceNotFound("--load " + path +
                                    ": cannot read the file; check the path");
  }
  char start[16] = {};
  in.read(start, sizeof(start));
  if (LooksLikeSnapshot(std::string_view(start, in.gcount()))) {
    return LoadSnapshotFile(path, db);
  }
  in.clear();
  in.seekg(0);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  if (LooksLikeRequestLines(text)) return LoadRequestLines(path, text, db);
  return LoadModelData(path, text, db);
}

}  // namespace eddy::tools
