// Copyright 2026 The eddy Authors.
//
// `eddy export` and `eddy import`: DynamoDB's export and import files
// (ExportTableToPointInTime's layout, ImportTable's inputs) from the shell,
// for migrations and fixtures. Both run the engine's own operations on an
// in-memory Database, so the files are exactly what eddy-server's
// ExportTableToPointInTime writes and what its ImportTable reads
// (emulator/transfer, docs/persistence.md).
//
//   eddy export SOURCE --table NAME --to DIR [--format DYNAMODB_JSON|ION]
//   eddy import DIR --table NAME --key pk:S[,sk:N] (--to OUT | --data-dir D)
//               [--format DYNAMODB_JSON|ION|CSV] [--compression GZIP|ZSTD|NONE]
//               [--prefix P]

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "emulator/api/database.h"
#include "tools/common/load.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"
#include "tools/eddy/progress.h"

namespace eddy::cli {
namespace {

namespace fs = std::filesystem;

constexpr char kExportUsage[] =
    "usage: eddy export SOURCE --table NAME --to DIR [--format FORMAT]\n"
    "                   [--progress | --quiet]\n"
    "       eddy export --data-dir DIR --table NAME --to DIR ...\n"
    "\n"
    "Writes one table as DynamoDB's ExportTableToPointInTime does: under\n"
    "DIR/AWSDynamoDB/<export id>/ the manifest-summary.json,\n"
    "manifest-files.json and data/*.json.gz (or *.ion.gz) files, with the\n"
    "same bytes eddy-server's export writes. DIR's last component plays the\n"
    "S3 bucket, so it takes a bucket's characters (letters, digits, '.',\n"
    "'-', '_').\n"
    "\n"
    "SOURCE is what eddy-server --load takes: a snapshot file, an\n"
    "access-pattern model (its generated data) or request lines in eddy\n"
    "exec's format. --data-dir DIR reads a data directory instead (it must\n"
    "not be open in an eddy-server; nothing in it changes).\n"
    "\n"
    "options:\n"
    "  --format F   DYNAMODB_JSON (default) or ION\n"
    "\n"
    "example:\n"
    "  eddy export model/kayak.json --table kayak --to exports\n";

constexpr char kImportUsage[] =
    "usage: eddy import DIR --table NAME --key pk:S[,sk:N]\n"
    "                   (--to OUT.eddysnap | --data-dir D) [options]\n"
    "\n"
    "Creates table NAME from DynamoDB import files, as ImportTable does: "
    "every\n"
    "file under DIR (whose path starts with --prefix, when given) in the\n"
    "chosen format and compression; a line that cannot be read is counted as\n"
    "an error and skipped, as DynamoDB does. The table goes into a new\n"
    "snapshot file (--to) or into a data directory (--data-dir, created if\n"
    "missing; it must not be open in an eddy-server).\n"
    "\n"
    "options:\n"
    "  --key K          the key schema: pk:S or pk:S,sk:N (types S, N, B)\n"
    "  --format F       DYNAMODB_JSON (default), ION or CSV\n"
    "  --compression C  GZIP (default), ZSTD or NONE\n"
    "  --prefix P       only the files whose path under DIR starts with P\n"
    "\n"
    "example (the round trip of an export):\n"
    "  eddy import exports --prefix AWSDynamoDB/<export id>/data --table "
    "kayak \\\n"
    "      --key PK:S,SK:S --to kayak.eddysnap\n";

// DIR as export_root (its parent) and bucket (its last component).
bool SplitDir(const std::string& command, const std::string& dir,
              std::string* root, std::string* bucket) {
  const fs::path p = fs::absolute(fs::path(dir)).lexically_normal();
  fs::path name = p.filename();
  fs::path parent = p.parent_path();
  if (name.empty()) {  // "exports/"
    name = parent.filename();
    parent = parent.parent_path();
  }
  *root = parent.string();
  *bucket = name.string();
  if (bucket->empty()) {
    UsageError(command, "'" + dir + "' names no folder to use as the bucket");
    return false;
  }
  return true;
}

// Adds every table of `from` to `to` through a temporary snapshot file
// (Database's only whole-table copy), so `from` is never changed.
Status CopyTables(Database& from, Database& to) {
  const fs::path tmp =
      fs::temp_directory_path() /
      ("eddy-transfer-" + std::to_string(::getpid()) + ".eddysnap");
  Status s = from.SaveSnapshot(tmp.string());
  if (s.ok()) s = to.LoadSnapshot(tmp.string());
  std::error_code ignored;
  fs::remove(tmp, ignored);
  return s;
}

// Every table of `db` in a fresh in-memory Database with `export_root` set.
StatusOr<std::unique_ptr<Database>> CopyWithExportRoot(
    Database& db, const std::string& export_root) {
  Options options;
  options.export_root = export_root;
  auto copy = std::make_unique<Database>(options);
  EDDY_RETURN_IF_ERROR(CopyTables(db, *copy));
  return copy;
}

int Export(const std::vector<std::string>& args) {
  const std::string command = "eddy export";
  if (WantsHelp(args)) return ShowHelp(kExportUsage);
  std::string source, data_dir, table, to, format = "DYNAMODB_JSON";
  bool progress = false, quiet = false;
  FlagParser p(command, args);
  while (p.Next()) {
    if (p.Is("--table")) {
      if (!p.Value(&table)) return 2;
    } else if (p.Is("--to")) {
      if (!p.Value(&to)) return 2;
    } else if (p.Is("--data-dir")) {
      if (!p.Value(&data_dir)) return 2;
    } else if (p.Is("--format")) {
      if (!p.Value(&format)) return 2;
    } else if (p.Is("--progress")) {
      if (!p.NoValue()) return 2;
      progress = true;
    } else if (p.Is("--quiet")) {
      if (!p.NoValue()) return 2;
      quiet = true;
    } else if (p.Positional() && source.empty()) {
      source = p.arg();
    } else {
      return p.Unknown({"--table", "--to", "--data-dir", "--format",
                        "--progress", "--quiet", "--help"});
    }
  }
  if (source.empty() == data_dir.empty()) {
    return UsageError(command,
                      "name one source: a FILE (snapshot, model or request "
                      "lines) or --data-dir DIR");
  }
  if (table.empty()) return UsageError(command, "missing --table NAME");
  if (to.empty()) return UsageError(command, "missing --to DIR");
  if (format != "DYNAMODB_JSON" && format != "ION") {
    return UsageError(
        command, "--format must be DYNAMODB_JSON or ION, not '" + format + "'");
  }
  std::string root, bucket;
  if (!SplitDir(command, to, &root, &bucket)) return 2;
  std::error_code ec;
  fs::create_directories(fs::path(root) / bucket, ec);
  if (ec) {
    std::cerr << command << ": cannot create " << to << ": " << ec.message()
              << "\n";
    return 1;
  }

  Progress bar(Progress::Choose(progress, quiet), command);
  bar.Phase("read", 0, "items");
  std::unique_ptr<Database> origin;
  if (!data_dir.empty()) {
    Options options;
    options.persistence.data_dir = data_dir;
    StatusOr<std::unique_ptr<Database>> opened = Database::Open(options);
    if (!opened.ok()) {
      std::cerr << command << ": " << opened.status().ToString() << "\n";
      return 1;
    }
    origin = *std::move(opened);
  } else {
    origin = std::make_unique<Database>();
    StatusOr<std::string> loaded = tools::LoadFile(source, origin.get());
    if (!loaded.ok()) {
      std::cerr << command << ": " << loaded.status().message() << "\n";
      return 1;
    }
  }
  StatusOr<std::unique_ptr<Database>> db = CopyWithExportRoot(*origin, root);
  origin.reset();  // releases a data directory's lock
  if (!db.ok()) {
    std::cerr << command << ": " << db.status().ToString() << "\n";
    return 1;
  }
  StatusOr<DescribeTableResponse> described =
      (*db)->DescribeTable(DescribeTableRequest{table});
  if (!described.ok()) {
    std::cerr << command << ": table " << table << ": "
              << described.status().ToString() << "\n";
    return 1;
  }
  bar.Update(described->table.item_count);
  // An export needs point-in-time recovery on, as in DynamoDB; this is the
  // copy's setting, never the source's.
  UpdateContinuousBackupsRequest pitr;
  pitr.table_name = table;
  pitr.point_in_time_recovery_specification.point_in_time_recovery_enabled =
      true;
  if (auto s = (*db)->UpdateContinuousBackups(pitr); !s.ok()) {
    std::cerr << command << ": " << s.status().ToString() << "\n";
    return 1;
  }
  const int64_t items = described->table.item_count;
  bar.Phase("export", items, "items");
  ExportTableToPointInTimeRequest request;
  request.table_arn = described->table.table_arn;
  request.s3_bucket = bucket;
  request.export_format =
      format == "ION" ? ExportFormat::kIon : ExportFormat::kDynamoDbJson;
  const auto start = std::chrono::steady_clock::now();
  StatusOr<ExportTableToPointInTimeResponse> exported =
      (*db)->ExportTableToPointInTime(request);
  if (!exported.ok()) {
    std::cerr << command << ": " << exported.status().ToString() << "\n";
    return 1;
  }
  StatusOr<DescribeExportResponse> done = (*db)->DescribeExport(
      DescribeExportRequest{exported->export_description.export_arn});
  if (!done.ok() ||
      done->export_description.export_status != ExportStatus::kCompleted) {
    std::cerr << command << ": the export did not complete"
              << (done.ok() ? ": " + done->export_description.failure_message
                                         .value_or("no reason given")
                            : ": " + done.status().ToString())
              << "\n";
    return 1;
  }
  bar.Update(items);
  bar.Done();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  const ExportDescription& d = done->export_description;
  std::printf("exported %lld items of %s in %.2f s to %s\n",
              static_cast<long long>(d.item_count.value_or(items)),
              table.c_str(), seconds,
              (fs::path(to) / d.export_manifest.value_or("")).c_str());
  return 0;
}

// "pk:S,sk:N" -> key schema and attribute definitions.
bool ParseKey(const std::string& command, const std::string& text,
              CreateTableRequest* table) {
  size_t at = 0;
  int part = 0;
  while (at <= text.size()) {
    size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    const std::string one = text.substr(at, comma - at);
    const size_t colon = one.rfind(':');
    if (colon == std::string::npos || colon == 0 || part >= 2) {
      UsageError(command, "--key takes pk:S or pk:S,sk:N, not '" + text + "'");
      return false;
    }
    const std::string name = one.substr(0, colon), type = one.substr(colon + 1);
    ScalarAttributeType t;
    if (type == "S") {
      t = ScalarAttributeType::kS;
    } else if (type == "N") {
      t = ScalarAttributeType::kN;
    } else if (type == "B") {
      t = ScalarAttributeType::kB;
    } else {
      UsageError(command, "--key: the type of " + name +
                              " must be S, N or B, not '" + type + "'");
      return false;
    }
    table->key_schema.push_back(
        {name, part == 0 ? KeyType::kHash : KeyType::kRange});
    table->attribute_definitions.push_back({name, t});
    ++part;
    at = comma + 1;
  }
  return true;
}

int Import(const std::vector<std::string>& args) {
  const std::string command = "eddy import";
  if (WantsHelp(args)) return ShowHelp(kImportUsage);
  std::string dir, table, key, to, data_dir, prefix;
  std::string format = "DYNAMODB_JSON", compression = "GZIP";
  bool progress = false, quiet = false;
  FlagParser p(command, args);
  while (p.Next()) {
    if (p.Is("--table")) {
      if (!p.Value(&table)) return 2;
    } else if (p.Is("--key")) {
      if (!p.Value(&key)) return 2;
    } else if (p.Is("--to")) {
      if (!p.Value(&to)) return 2;
    } else if (p.Is("--data-dir")) {
      if (!p.Value(&data_dir)) return 2;
    } else if (p.Is("--format")) {
      if (!p.Value(&format)) return 2;
    } else if (p.Is("--compression")) {
      if (!p.Value(&compression)) return 2;
    } else if (p.Is("--prefix")) {
      if (!p.Value(&prefix)) return 2;
    } else if (p.Is("--progress")) {
      if (!p.NoValue()) return 2;
      progress = true;
    } else if (p.Is("--quiet")) {
      if (!p.NoValue()) return 2;
      quiet = true;
    } else if (p.Positional() && dir.empty()) {
      dir = p.arg();
    } else {
      return p.Unknown({"--table", "--key", "--to", "--data-dir", "--format",
                        "--compression", "--prefix", "--progress", "--quiet",
                        "--help"});
    }
  }
  if (dir.empty()) return UsageError(command, "missing DIR: the files to read");
  if (table.empty()) return UsageError(command, "missing --table NAME");
  if (key.empty()) return UsageError(command, "missing --key pk:S[,sk:N]");
  if (to.empty() == data_dir.empty()) {
    return UsageError(command,
                      "name one target: --to OUT.eddysnap or --data-dir DIR");
  }
  ImportTableRequest request;
  if (format == "DYNAMODB_JSON") {
    request.input_format = InputFormat::kDynamoDbJson;
  } else if (format == "ION") {
    request.input_format = InputFormat::kIon;
  } else if (format == "CSV") {
    request.input_format = InputFormat::kCsv;
  } else {
    return UsageError(command, "--format must be DYNAMODB_JSON, ION or CSV");
  }
  if (compression == "GZIP") {
    request.input_compression_type = InputCompressionType::kGzip;
  } else if (compression == "ZSTD") {
    request.input_compression_type = InputCompressionType::kZstd;
  } else if (compression == "NONE") {
    request.input_compression_type = InputCompressionType::kNone;
  } else {
    return UsageError(command, "--compression must be GZIP, ZSTD or NONE");
  }
  CreateTableRequest& create = request.table_creation_parameters;
  create.table_name = table;
  create.billing_mode = BillingMode::kPayPerRequest;
  if (!ParseKey(command, key, &create)) return 2;
  std::string root, bucket;
  if (!SplitDir(command, dir, &root, &bucket)) return 2;
  request.s3_bucket_source.s3_bucket = bucket;
  if (!prefix.empty()) request.s3_bucket_source.s3_key_prefix = prefix;

  Options options;
  options.export_root = root;
  Progress bar(Progress::Choose(progress, quiet), command);
  bar.Phase("import", 0, "items");
  Database db(options);
  const auto start = std::chrono::steady_clock::now();
  StatusOr<ImportTableResponse> imported = db.ImportTable(request);
  if (!imported.ok()) {
    std::cerr << command << ": " << imported.status().ToString() << "\n";
    return 1;
  }
  StatusOr<DescribeImportResponse> done = db.DescribeImport(
      DescribeImportRequest{imported->import_table_description.import_arn});
  if (!done.ok()) {
    std::cerr << command << ": " << done.status().ToString() << "\n";
    return 1;
  }
  const ImportTableDescription& d = done->import_table_description;
  if (d.import_status != ImportStatus::kCompleted) {
    std::cerr << command
              << ": the import failed: " << d.failure_code.value_or("") << " "
              << d.failure_message.value_or("no reason given") << "\n";
    return 1;
  }
  bar.Update(d.imported_item_count);
  bar.Done();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!to.empty()) {
    if (Status s = db.SaveSnapshot(to); !s.ok()) {
      std::cerr << command << ": " << s.ToString() << "\n";
      return 1;
    }
  } else {
    Options durable;
    durable.persistence.data_dir = data_dir;
    StatusOr<std::unique_ptr<Database>> target = Database::Open(durable);
    if (!target.ok()) {
      std::cerr << command << ": " << target.status().ToString() << "\n";
      return 1;
    }
    if (Status s = CopyTables(db, **target); !s.ok()) {
      std::cerr << command << ": " << data_dir << ": " << s.ToString() << "\n";
      return 1;
    }
  }
  std::printf(
      "imported %lld of %lld items into %s in %.2f s (%lld errors) -> %s\n",
      static_cast<long long>(d.imported_item_count),
      static_cast<long long>(d.processed_item_count), table.c_str(), seconds,
      static_cast<long long>(d.error_count),
      (to.empty() ? data_dir : to).c_str());
  return 0;
}

}  // namespace

int RunExport(const std::vector<std::string>& args) { return Export(args); }
int RunImport(const std::vector<std::string>& args) { return Import(args); }

}  // namespace eddy::cli
