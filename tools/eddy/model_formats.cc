// Copyright 2026 The eddy Authors.

#include "tools/eddy/model_formats.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "emulator/wire/attribute_json.h"
#include "model/formats/aws_schema.h"
#include "model/formats/convert.h"
#include "model/generator.h"
#include "model/report.h"
#include "model/runner.h"
#include "tools/eddy/cli.h"

namespace eddy::cli {
namespace {

constexpr char kConvertUsage[] =
    "usage: eddy model convert IN OUT --to seed|workbench|aws-schema\n"
    "                          [--table NAME] [--samples N]\n"
    "\n"
    "Converts a design between the formats eddy reads (detected by shape):\n"
    "  seed        eddy's access-pattern document (model/README.md)\n"
    "  aws-schema  the AWS DynamoDB MCP server's code-generation schema.json\n"
    "  workbench   a NoSQL Workbench data model (import/export JSON)\n"
    "Entity shapes, key templates and indexes carry over; whatever the\n"
    "target cannot hold is listed as a warning on stderr. OUT '-' is stdout.\n"
    "\n"
    "options:\n"
    "  --to FORMAT   the target format (required)\n"
    "  --table NAME  the table to take from a multi-table source (a seed\n"
    "                document holds one table)\n"
    "  --samples N   workbench: generated sample items per entity type\n"
    "                (default 5)\n"
    "\n"
    "Exit status: 0 converted, 1 invalid source or write error, 2 bad\n"
    "command line.\n"
    "\n"
    "example:\n"
    "  eddy model convert model/kayak.json kayak.workbench.json --to "
    "workbench\n";

std::optional<std::string> ReadFile(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Stem(const std::string& file) {
  std::string base = file.substr(file.find_last_of('/') + 1);
  const size_t dot = base.find('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

}  // namespace

std::optional<std::vector<model::LoadedTable>> LoadOtherFormatTables(
    const std::string& file) {
  std::optional<std::string> text = ReadFile(file);
  if (!text) {
    std::fprintf(stderr, "%s: cannot read the file\n", file.c_str());
    return std::nullopt;
  }
  std::vector<model::ModelError> errors;
  std::vector<std::string> warnings;
  StatusOr<std::vector<model::LoadedTable>> tables =
      model::LoadAnyModel(*text, Stem(file), &errors, &warnings);
  const std::string format(
      model::ModelFormatName(model::DetectModelFormat(*text)));
  if (!tables.ok()) {
    for (const model::ModelError& e : errors) {
      std::fprintf(stderr, "%s: %s\n", file.c_str(), e.ToString().c_str());
    }
    if (errors.empty()) {
      std::fprintf(stderr, "%s: %s\n", file.c_str(),
                   std::string(tables.status().message()).c_str());
    }
    std::fprintf(stderr,
                 "%s: %zu error%s (read as %s; model/README.md "
                 "describes the format)\n",
                 file.c_str(), errors.size(), errors.size() == 1 ? "" : "s",
                 format.c_str());
    return std::nullopt;
  }
  for (const std::string& w : warnings) {
    std::fprintf(stderr, "%s: warning: %s\n", file.c_str(), w.c_str());
  }
  return *std::move(tables);
}

bool IsOtherModelFormat(const std::string& file) {
  std::optional<std::string> text = ReadFile(file);
  return text && model::DetectModelFormat(*text) != model::ModelFormat::kSeed;
}

int ValidateOtherFormat(const std::string& file) {
  std::optional<std::vector<model::LoadedTable>> tables =
      LoadOtherFormatTables(file);
  if (!tables) return 1;
  const std::string format(model::ModelFormatName(
      model::DetectModelFormat(ReadFile(file).value_or(""))));
  std::printf("%s: ok: %s document, %zu table%s\n", file.c_str(),
              format.c_str(), tables->size(), tables->size() == 1 ? "" : "s");
  for (const model::LoadedTable& t : *tables) {
    const model::Model& m = t.model;
    std::printf(
        "  table \"%s\" with %zu GSIs; %zu entity shapes; %zu access "
        "patterns, %d executable; %zu Scan/BatchGetItem and %zu write "
        "patterns\n",
        m.table.name.c_str(), m.table.global_secondary_indexes.size(),
        m.entities.size(), m.patterns.size(), m.executable_pattern_count(),
        t.reads.size(), t.writes.size());
    for (const model::AccessPattern& p : m.patterns) {
      if (!p.executable) {
        std::printf("    %s\n", p.name.c_str());
        continue;
      }
      std::printf("    %s\n      %s: %s\n", p.name.c_str(),
                  p.index_name.empty() ? "table" : p.index_name.c_str(),
                  p.KeyConditionText(m.table).c_str());
    }
    for (const model::AwsRunPattern& w : t.reads) {
      std::printf("    %s\n      %s of %s\n", w.name.c_str(),
                  w.operation.c_str(),
                  w.index_name.empty() ? "the table" : w.index_name.c_str());
    }
    for (const model::AwsRunPattern& w : t.writes) {
      std::printf("    %s\n      %s of %s items\n", w.name.c_str(),
                  w.operation.c_str(), w.entity.c_str());
    }
  }
  return 0;
}

int GenerateOtherFormat(const std::string& file, std::optional<int64_t> scale,
                        std::optional<int64_t> seed) {
  std::optional<std::vector<model::LoadedTable>> tables =
      LoadOtherFormatTables(file);
  if (!tables) return 1;
  model::GenerateOptions options;
  options.scale = scale;
  if (seed) options.seed = static_cast<uint64_t>(*seed);
  std::string line;
  for (const model::LoadedTable& t : *tables) {
    StatusOr<model::GeneratedData> data = model::Generate(t.model, options);
    if (!data.ok()) {
      std::fprintf(stderr, "eddy model generate: table %s: %s\n",
                   t.table_name.c_str(), data.status().ToString().c_str());
      return 1;
    }
    for (const model::GeneratedItem& g : data->items) {
      line = EncodeItemJson(g.item);
      line.push_back('\n');
      std::fwrite(line.data(), 1, line.size(), stdout);
    }
  }
  std::fflush(stdout);
  return std::ferror(stdout) ? 1 : 0;
}

int ConvertModelCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kConvertUsage);
  const std::string command = "eddy model convert";
  std::vector<std::string> files;
  model::ConvertOptions options;
  bool have_to = false;
  FlagParser p(command, args);
  const std::vector<std::string> known = {"--to", "--table", "--samples",
                                          "--help"};
  while (p.Next()) {
    if (p.Positional()) {
      if (files.size() == 2) return p.Unknown(known);
      files.push_back(p.arg());
    } else if (p.Is("--to")) {
      std::string v;
      if (!p.Value(&v)) return 2;
      std::optional<model::ModelFormat> f = model::ParseModelFormat(v);
      if (!f) {
        return UsageError(command, "--to " + v +
                                       ": the formats are seed, workbench "
                                       "and aws-schema");
      }
      options.to = *f;
      have_to = true;
    } else if (p.Is("--table")) {
      if (!p.Value(&options.table)) return 2;
    } else if (p.Is("--samples")) {
      int64_t n = 0;
      if (!p.Int(0, 1000, &n)) return 2;
      options.samples = static_cast<int>(n);
    } else {
      return p.Unknown(known);
    }
  }
  if (files.size() != 2) {
    return UsageError(command, "name IN and OUT, e.g. " + command +
                                   " model/kayak.json kayak.workbench.json "
                                   "--to workbench");
  }
  if (!have_to) {
    return UsageError(command, "missing --to seed|workbench|aws-schema");
  }
  std::optional<std::string> text = ReadFile(files[0]);
  if (!text) {
    std::fprintf(stderr, "%s: cannot read the file\n", files[0].c_str());
    return 1;
  }
  std::vector<model::ModelError> errors;
  std::vector<std::string> warnings;
  StatusOr<std::string> out =
      model::ConvertModel(*text, Stem(files[0]), options, &errors, &warnings);
  if (!out.ok()) {
    for (const model::ModelError& e : errors) {
      std::fprintf(stderr, "%s: %s\n", files[0].c_str(), e.ToString().c_str());
    }
    if (errors.empty()) {
      std::fprintf(stderr, "%s: %s\n", command.c_str(),
                   std::string(out.status().message()).c_str());
    }
    return 1;
  }
  for (const std::string& w : warnings) {
    std::fprintf(stderr, "%s: warning: %s\n", command.c_str(), w.c_str());
  }
  if (files[1] == "-") {
    std::fwrite(out->data(), 1, out->size(), stdout);
    std::fflush(stdout);
    return std::ferror(stdout) ? 1 : 0;
  }
  std::ofstream o(files[1], std::ios::binary);
  o << *out;
  o.close();
  if (!o) {
    std::fprintf(stderr, "%s: cannot write %s\n", command.c_str(),
                 files[1].c_str());
    return 1;
  }
  std::fprintf(stderr, "%s: wrote %s (%s)\n", command.c_str(), files[1].c_str(),
               std::string(model::ModelFormatName(options.to)).c_str());
  return 0;
}

}  // namespace eddy::cli
