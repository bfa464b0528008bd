// Copyright 2026 The eddy Authors.
//
// `eddy snapshot ...`: snapshot files, the fixtures a test suite loads in
// milliseconds (Database::SaveSnapshot / LoadSnapshot, docs/persistence.md).
//
//   eddy snapshot save OUT --load FILE [--load FILE ...]
//   eddy snapshot info FILE [--json]
//   eddy snapshot dump FILE [--table NAME]

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/persistence.h"
#include "emulator/wire/attribute_json.h"
#include "nlohmann/json.hpp"
#include "tools/common/load.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy snapshot save OUT --load FILE [--load FILE ...]\n"
    "       eddy snapshot info FILE [--json]\n"
    "       eddy snapshot dump FILE [--table NAME]\n"
    "\n"
    "Snapshot files: every table of a database (definition, settings,\n"
    "indexes, items) in one file, written as one consistent point in commit\n"
    "order. A test suite loads a 100,000-item fixture in milliseconds\n"
    "(Database::LoadSnapshot, or eddy-server --load FILE); a data\n"
    "directory's snapshot-*.eddysnap files are snapshots too.\n"
    "\n"
    "  save  fill a fresh database from each --load FILE (an access-pattern\n"
    "        model with its generated data, request lines in eddy exec's\n"
    "        format, or another snapshot), then write it to OUT\n"
    "  info  the tables of a snapshot: keys, indexes, items and bytes\n"
    "  dump  every item of a table, one DynamoDB JSON item per line\n"
    "\n"
    "examples:\n"
    "  eddy snapshot save kayak.eddysnap --load model/kayak.json\n"
    "  eddy snapshot info kayak.eddysnap\n"
    "  eddy-server --load kayak.eddysnap\n"
    "\n"
    "Exit status: 0 done, 1 an error (a file that cannot be read or\n"
    "written, a damaged snapshot), 2 bad command line.\n";

// Opens `path` into a fresh Database; prints the error and returns null on
// failure.
std::unique_ptr<Database> OpenSnapshot(const std::string& command,
                                       const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char start[16] = {};
  in.read(start, sizeof(start));
  if (!in && in.gcount() == 0) {
    std::cerr << command << ": " << path
              << ": cannot read the file; check the path\n";
    return nullptr;
  }
  if (!LooksLikeSnapshot(std::string_view(start, in.gcount()))) {
    std::cerr << command << ": " << path
              << ": not an eddy snapshot file (make one with eddy snapshot "
                 "save; docs/persistence.md describes the format)\n";
    return nullptr;
  }
  auto db = std::make_unique<Database>();
  if (Status s = db->LoadSnapshot(path); !s.ok()) {
    std::cerr << command << ": " << path << ": " << s.ToString() << "\n";
    return nullptr;
  }
  return db;
}

// Every table name, in ListTables order (by name).
StatusOr<std::vector<std::string>> TableNames(Database& db) {
  std::vector<std::string> names;
  ListTablesRequest list;
  while (true) {
    EDDY_ASSIGN_OR_RETURN(ListTablesResponse page, db.ListTables(list));
    names.insert(names.end(), page.table_names.begin(), page.table_names.end());
    if (!page.last_evaluated_table_name) return names;
    list.exclusive_start_table_name = page.last_evaluated_table_name;
  }
}

std::string KeyText(const std::vector<KeySchemaElement>& key_schema) {
  std::string out;
  for (const KeySchemaElement& k : key_schema) {
    if (!out.empty()) out += ", ";
    out += k.attribute_name;
    out += k.key_type == KeyType::kHash ? " (HASH)" : " (RANGE)";
  }
  return out;
}

int Save(const std::vector<std::string>& args) {
  const std::string command = "eddy snapshot save";
  std::string out;
  std::vector<std::string> loads;
  FlagParser p(command, args);
  while (p.Next()) {
    if (p.Is("--load")) {
      std::string v;
      if (!p.Value(&v)) return 2;
      loads.push_back(v);
    } else if (p.Positional() && out.empty()) {
      out = p.arg();
    } else {
      return p.Unknown({"--load", "--help"});
    }
  }
  if (out.empty()) {
    return UsageError(command, "missing OUT: name the snapshot file to write");
  }
  if (loads.empty()) {
    return UsageError(command,
                      "nothing to save: give at least one --load FILE (a "
                      "model, request lines or a snapshot)");
  }
  Database db;
  for (const std::string& file : loads) {
    StatusOr<std::string> loaded = tools::LoadFile(file, &db);
    if (!loaded.ok()) {
      std::cerr << command << ": " << loaded.status().message() << "\n";
      return 1;
    }
    std::cerr << command << ": " << *loaded << "\n";
  }
  const auto start = std::chrono::steady_clock::now();
  if (Status s = db.SaveSnapshot(out); !s.ok()) {
    std::cerr << command << ": " << s.ToString() << "\n";
    return 1;
  }
  const double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(out, ec);
  std::printf("wrote %s: %lld bytes in %.1f ms\n", out.c_str(),
              ec ? -1LL : static_cast<long long>(bytes), ms);
  return 0;
}

int Info(const std::vector<std::string>& args) {
  const std::string command = "eddy snapshot info";
  std::string file;
  bool json = false;
  FlagParser p(command, args);
  while (p.Next()) {
    if (p.Is("--json")) {
      if (!p.NoValue()) return 2;
      json = true;
    } else if (p.Positional() && file.empty()) {
      file = p.arg();
    } else {
      return p.Unknown({"--json", "--help"});
    }
  }
  if (file.empty()) return UsageError(command, "missing FILE: name a snapshot");
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Database> db = OpenSnapshot(command, file);
  if (db == nullptr) return 1;
  const double load_ms = std::chrono::duration<double, std::milli>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  StatusOr<std::vector<std::string>> names = TableNames(*db);
  if (!names.ok()) {
    std::cerr << command << ": " << names.status().ToString() << "\n";
    return 1;
  }
  nlohmann::json tables = nlohmann::json::array();
  int64_t total_items = 0;
  for (const std::string& name : *names) {
    StatusOr<DescribeTableResponse> d =
        db->DescribeTable(DescribeTableRequest{name});
    if (!d.ok()) {
      std::cerr << command << ": " << d.status().ToString() << "\n";
      return 1;
    }
    const TableDescription& t = d->table;
    total_items += t.item_count;
    nlohmann::json gsis = nlohmann::json::array();
    for (const auto& g : t.global_secondary_indexes) {
      gsis.push_back({{"name", g.index_name},
                      {"key", KeyText(g.key_schema)},
                      {"items", g.item_count}});
    }
    nlohmann::json lsis = nlohmann::json::array();
    for (const auto& l : t.local_secondary_indexes) {
      lsis.push_back({{"name", l.index_name},
                      {"key", KeyText(l.key_schema)},
                      {"items", l.item_count}});
    }
    tables.push_back({{"name", name},
                      {"key", KeyText(t.key_schema)},
                      {"items", t.item_count},
                      {"bytes", t.table_size_bytes},
                      {"globalSecondaryIndexes", gsis},
                      {"localSecondaryIndexes", lsis}});
  }
  if (json) {
    std::cout << nlohmann::json{{"file", file},
                                {"tables", tables},
                                {"items", total_items},
                                {"loadMillis", load_ms}}
                     .dump(2)
              << "\n";
    return 0;
  }
  std::printf("%s: %zu table%s, %lld items (loaded in %.1f ms)\n", file.c_str(),
              tables.size(), tables.size() == 1 ? "" : "s",
              static_cast<long long>(total_items), load_ms);
  for (const auto& t : tables) {
    std::printf("  %s  key %s  %lld items, %lld bytes\n",
                t["name"].get<std::string>().c_str(),
                t["key"].get<std::string>().c_str(),
                static_cast<long long>(t["items"].get<int64_t>()),
                static_cast<long long>(t["bytes"].get<int64_t>()));
    for (const char* kind :
         {"globalSecondaryIndexes", "localSecondaryIndexes"}) {
      for (const auto& i : t[kind]) {
        std::printf("    %s %s  key %s  %lld items\n",
                    kind[0] == 'g' ? "GSI" : "LSI",
                    i["name"].get<std::string>().c_str(),
                    i["key"].get<std::string>().c_str(),
                    static_cast<long long>(i["items"].get<int64_t>()));
      }
    }
  }
  return 0;
}

int Dump(const std::vector<std::string>& args) {
  const std::string command = "eddy snapshot dump";
  std::string file, table;
  FlagParser p(command, args);
  while (p.Next()) {
    if (p.Is("--table")) {
      if (!p.Value(&table)) return 2;
    } else if (p.Positional() && file.empty()) {
      file = p.arg();
    } else {
      return p.Unknown({"--table", "--help"});
    }
  }
  if (file.empty()) return UsageError(command, "missing FILE: name a snapshot");
  std::unique_ptr<Database> db = OpenSnapshot(command, file);
  if (db == nullptr) return 1;
  StatusOr<std::vector<std::string>> names = TableNames(*db);
  if (!names.ok()) {
    std::cerr << command << ": " << names.status().ToString() << "\n";
    return 1;
  }
  if (table.empty()) {
    if (names->size() != 1) {
      std::string list;
      for (const std::string& n : *names)
        list += (list.empty() ? "" : ", ") + n;
      return UsageError(
          command, "the snapshot holds " + std::to_string(names->size()) +
                       " tables (" + list + "): choose one with --table NAME");
    }
    table = names->front();
  } else if (std::find(names->begin(), names->end(), table) == names->end()) {
    std::string list;
    for (const std::string& n : *names) list += (list.empty() ? "" : ", ") + n;
    std::cerr << command << ": " << file << " holds no table " << table
              << " (its tables: " << (list.empty() ? "none" : list) << ")\n";
    return 1;
  }
  ScanRequest scan;
  scan.table_name = table;
  while (true) {
    StatusOr<ScanResponse> page = db->Scan(scan);
    if (!page.ok()) {
      std::cerr << command << ": " << page.status().ToString() << "\n";
      return 1;
    }
    for (const Item& item : page->items) {
      std::cout << EncodeItemJson(item) << "\n";
    }
    if (!page->last_evaluated_key) break;
    scan.exclusive_start_key = std::move(page->last_evaluated_key);
  }
  return std::cout.good() ? 0 : 1;
}

}  // namespace

int RunSnapshot(const std::vector<std::string>& args) {
  if (args.empty() || WantsHelp({args.front()})) {
    if (args.empty()) {
      return UsageError("eddy snapshot",
                        "missing sub-command: save, info or dump");
    }
    return ShowHelp(kUsage);
  }
  const std::string& sub = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (WantsHelp(rest)) return ShowHelp(kUsage);
  if (sub == "save") return Save(rest);
  if (sub == "info") return Info(rest);
  if (sub == "dump") return Dump(rest);
  return UsageError("eddy snapshot", "unknown sub-command '" + sub +
                                         "': use save, info or dump");
}

}  // namespace eddy::cli
