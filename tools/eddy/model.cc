// Copyright 2026 The eddy Authors.
//
// `eddy model ...`: access-pattern models (model/README.md).
//
//   eddy model validate FILE
//   eddy model run FILE [--scale N] [--seed N] [--runs N] [--page-size N]
//                       [--no-indexes] [--json] [--progress | --quiet]
//                       [--endpoint URL [--connections N] [--keep]]
//                       [--html OUT] [--rps [P=]N]... [--wps [TYPE=]N]...
//                       [--utilization X] [--region R] [--prices FILE]
//   eddy model generate FILE [--scale N] [--seed N] [--progress | --quiet]
//   eddy model patterns [--json]
//   eddy model convert IN OUT --to seed|workbench|aws-schema (model_formats.h)

#include "model/model.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "emulator/wire/attribute_json.h"
#include "model/analysis.h"
#include "model/design_patterns.h"
#include "model/formats/aws_data_model.h"
#include "model/formats/aws_schema.h"
#include "model/formats/convert.h"
#include "model/generator.h"
#include "model/lab/model_migration.h"
#include "model/report.h"
#include "model/runner.h"
#include "model/suggest.h"
#include "tools/eddy/cli.h"
#include "tools/eddy/commands.h"
#include "tools/eddy/model_aws.h"
#include "tools/eddy/model_formats.h"
#include "tools/eddy/progress.h"
#include "tools/endpoint/session.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy model validate FILE\n"
    "       eddy model run FILE [--scale N] [--seed N] [--runs N]\n"
    "                           [--page-size N] [--no-indexes] [--json]\n"
    "                           [--progress | --quiet] [--html OUT]\n"
    "                           [--endpoint URL [--connections N]\n"
    "                                           [--keep]]\n"
    "                           [--rps [P=]N]... [--wps [TYPE=]N]...\n"
    "                           [--utilization X] [--region R]\n"
    "                           [--prices FILE]\n"
    "       eddy model generate FILE [--scale N] [--seed N]\n"
    "                                [--progress | --quiet]\n"
    "       eddy model patterns [--json]\n"
    "       eddy model convert IN OUT --to seed|workbench|aws-schema\n"
    "\n"
    "Access-pattern models: a single-table design written as one JSON\n"
    "document (model/README.md; model/kayak.json is the example).\n"
    "\n"
    "  validate  check a model document: every error with its JSON pointer\n"
    "  run       generate the workload's data, load it into eddy, run every\n"
    "            access pattern with verification and print the report\n"
    "  generate  print the generated items, one DynamoDB JSON item per line\n"
    "  patterns  run the design-pattern examples (write sharding, large\n"
    "            objects in chunks, optimistic locking, key cardinality)\n"
    "  convert   move a design between eddy's format, an AWS MCP\n"
    "            schema.json and a NoSQL Workbench model (validate and run\n"
    "            read all three, detected by shape)\n"
    "\n"
    "`eddy model <sub-command> --help` describes each.\n";

constexpr char kValidateUsage[] =
    "usage: eddy model validate FILE\n"
    "\n"
    "Checks an access-pattern model document and prints either a summary\n"
    "(tables, entity shapes, the executable patterns and which entity types\n"
    "their keys can match) or every error, each with the RFC 6901 JSON\n"
    "pointer of the member at fault. Errors that only follow from another\n"
    "one are not repeated, and misspelt names get a \"did you mean\".\n"
    "Patterns are named as the run's report numbers them (pattern 1 is the\n"
    "first of \"Access Patterns\").\n"
    "\n"
    "An AWS MCP data model (dynamodb_data_model.json) is checked as that\n"
    "format: its shape and every implementation's `aws dynamodb` command.\n"
    "\n"
    "Exit status: 0 valid, 1 invalid or unreadable, 2 bad command line.\n"
    "\n"
    "example:\n"
    "  eddy model validate model/kayak.json\n";

constexpr char kRunUsage[] =
    "usage: eddy model run FILE [options]\n"
    "\n"
    "Generates the workload's data, creates the table and its GSIs in an\n"
    "in-process eddy database, loads the items with BatchWriteItem, runs\n"
    "every executable access pattern with parameters drawn from the data,\n"
    "verifies every result against the generator's ground truth, and\n"
    "prints the report: per pattern the items, read units, pages and\n"
    "latency; per entity type and index its size and cost; the hottest\n"
    "partition keys; the peak memory of the process; the cost a month on\n"
    "on-demand and provisioned capacity for a traffic mix (the model's\n"
    "\"traffic\" section, these flags, or 1 request/s per pattern and 1\n"
    "write/s per entity type), and a design review. The report's first\n"
    "line is printed before the work starts; progress goes to stderr.\n"
    "\n"
    "A workload with a \"migration\" (its data versions, as a scenario's)\n"
    "also runs it after the patterns: dual writes, a backfill, the cutover\n"
    "of reads, every pattern verified before, during and after; the\n"
    "report says how many reads each phase verified (model/README.md).\n"
    "\n"
    "options:\n"
    "  --scale N      multiply the workload's top-level counts (1..100000)\n"
    "  --seed N       the generator's seed (default: the workload's)\n"
    "  --runs N       runs per pattern (default: the workload's)\n"
    "  --page-size N  a Limit on every Query, to exercise paging\n"
    "  --no-indexes   create the table without its GSIs (their patterns\n"
    "                 are skipped)\n"
    "  --json         print the report as JSON\n"
    "  --progress     show the progress bar even when stderr is not a\n"
    "                 terminal (default: a bar on a terminal, one line per\n"
    "                 phase otherwise)\n"
    "  --quiet        no progress output\n"
    "  --endpoint URL run against a DynamoDB-compatible endpoint instead\n"
    "                 (DynamoDB, Alternator, DynamoDB Local, eddy-server),\n"
    "                 signed with the AWS credentials and region of the\n"
    "                 environment or ~/.aws; the table is named with a run\n"
    "                 prefix (eddy-run-<time>-<random>-) and deleted at the\n"
    "                 end; no other table is touched\n"
    "  --connections N  with --endpoint: keep-alive connections, and so\n"
    "                 requests in flight at once: the load's batches and\n"
    "                 the patterns' runs go out N at a time (1..1024,\n"
    "                 default 8; 1 makes one call at a time); the report\n"
    "                 is the same whatever N\n"
    "  --keep         with --endpoint: keep the table\n"
    "\n"
    "  --html OUT     also write the report as one self-contained HTML page\n"
    "  --rps [P=]N    N requests per second for pattern P (its number or\n"
    "                 name), or for every pattern without P=; repeatable\n"
    "  --wps [TYPE=]N N new items per second of entity type TYPE, or of\n"
    "                 every type without TYPE=; repeatable\n"
    "  --utilization X  provisioned capacity's target utilisation, (0, 1]\n"
    "                 (default 0.7)\n"
    "  --region R     the price table's region (default us-east-1)\n"
    "  --prices FILE  a price table of model/prices.json's shape\n"
    "\n"
    "An AWS MCP schema.json or a NoSQL Workbench model (detected by shape)\n"
    "is run table by table as a model of eddy's own (every option above\n"
    "applies; with several tables --html OUT writes OUT.<table>.html and\n"
    "--json prints an array); a schema's Scan, BatchGetItem and write\n"
    "patterns run after its queries.\n"
    "\n"
    "An AWS MCP data model (dynamodb_data_model.json, recognised by its\n"
    "\"access_patterns\" member) is run as written instead: its tables are\n"
    "created, its items loaded, and every pattern's `aws dynamodb ...`\n"
    "implementation executed in-process; the MCP server's result file is\n"
    "written beside it (dynamodb_model_validation.json, or --result FILE)\n"
    "and eddy's report printed (--json for JSON). Of the options above it\n"
    "takes --json, --html OUT, --rps [PATTERN=]N (PATTERN: the pattern's\n"
    "\"pattern\" id; reads and writes alike; without any --rps each pattern\n"
    "is priced at 1 request/s), --utilization, --region and --prices; not\n"
    "--wps (the format has no entity types: price write patterns with\n"
    "--rps), --endpoint, nor --scale/--seed/--runs/--page-size/--no-indexes\n"
    "(its items and commands run as written, once).\n"
    "\n"
    "Exit status: 0 when every verification passed, 1 otherwise (or on an\n"
    "error), 2 bad command line.\n"
    "\n"
    "example:\n"
    "  eddy model run model/kayak.json --scale 10\n";

constexpr char kGenerateUsage[] =
    "usage: eddy model generate FILE [--scale N] [--seed N] [--progress | "
    "--quiet]\n"
    "\n"
    "Prints the items the model's workload generates, one DynamoDB JSON item\n"
    "per line (the same model, seed and scale give the same bytes on every\n"
    "platform). Progress goes to stderr (--progress forces the bar, --quiet\n"
    "silences it).\n"
    "\n"
    "example:\n"
    "  eddy model generate model/kayak.json --scale 2 | head\n";

constexpr char kPatternsUsage[] =
    "usage: eddy model patterns [--json]\n"
    "\n"
    "Runs the second seed's design patterns as self-checking examples:\n"
    "write sharding of a hot key with scatter-gather reads, a large object\n"
    "split into chunks, optimistic locking with a version number, and key\n"
    "cardinality over partitions. Exit status 1 if any check fails.\n";

struct Flags {
  std::string file;
  std::optional<int64_t> scale, seed, runs, page_size;
  bool json = false;
  bool no_indexes = false;
  bool progress = false;
  bool quiet = false;
  std::string endpoint;  // --endpoint URL
  std::optional<int64_t> connections;
  bool keep = false;
  // run's report extras (kCost).
  std::string html, prices, region;
  std::optional<double> utilization;
  std::vector<std::string> rps, wps;  // "[NAME=]N" as given
};

// Which flags a sub-command takes.
enum FlagSet : unsigned {
  kFile = 1,
  kScaleSeed = 2,
  kRunFlags = 4,  // --runs --page-size --no-indexes
  kJson = 8,
  kProgress = 16,
  kCost = 32,  // --html --rps --wps --utilization --region --prices
};

// Parses `args` for `command`; returns 0 when fine, else the exit status
// (the error is printed).
int ParseFlags(const std::string& command, const std::vector<std::string>& args,
               unsigned allowed, Flags* f) {
  std::vector<std::string> known;
  if (allowed & kScaleSeed) known.insert(known.end(), {"--scale", "--seed"});
  if (allowed & kRunFlags) {
    known.insert(known.end(), {"--runs", "--page-size", "--no-indexes",
                               "--endpoint", "--connections", "--keep"});
  }
  if (allowed & kJson) known.push_back("--json");
  if (allowed & kProgress) known.insert(known.end(), {"--progress", "--quiet"});
  if (allowed & kCost) {
    known.insert(known.end(), {"--html", "--rps", "--wps", "--utilization",
                               "--region", "--prices"});
  }
  known.push_back("--help");
  auto has = [&](const std::string& name) {
    return std::find(known.begin(), known.end(), name) != known.end();
  };
  FlagParser p(command, args);
  while (p.Next()) {
    int64_t v = 0;
    if (p.Positional()) {
      if (!(allowed & kFile) || !f->file.empty()) return p.Unknown(known);
      f->file = p.arg();
    } else if (!has(p.arg())) {
      return p.Unknown(known);
    } else if (p.Is("--json")) {
      if (!p.NoValue()) return 2;
      f->json = true;
    } else if (p.Is("--no-indexes")) {
      if (!p.NoValue()) return 2;
      f->no_indexes = true;
    } else if (p.Is("--endpoint")) {
      if (!p.Value(&f->endpoint)) return 2;
    } else if (p.Is("--connections")) {
      if (!p.Int(1, 1024, &v)) return 2;
      f->connections = v;
    } else if (p.Is("--keep")) {
      if (!p.NoValue()) return 2;
      f->keep = true;
    } else if (p.Is("--progress")) {
      if (!p.NoValue()) return 2;
      f->progress = true;
    } else if (p.Is("--quiet")) {
      if (!p.NoValue()) return 2;
      f->quiet = true;
    } else if (p.Is("--scale")) {
      if (!p.Int(1, 100000, &v)) return 2;
      f->scale = v;
    } else if (p.Is("--seed")) {
      if (!p.Int(0, INT64_MAX, &v)) return 2;
      f->seed = v;
    } else if (p.Is("--runs")) {
      if (!p.Int(1, 1000000, &v)) return 2;
      f->runs = v;
    } else if (p.Is("--page-size")) {
      if (!p.Int(1, 1000000, &v)) return 2;
      f->page_size = v;
    } else if (p.Is("--html")) {
      if (!p.Value(&f->html)) return 2;
    } else if (p.Is("--prices")) {
      if (!p.Value(&f->prices)) return 2;
    } else if (p.Is("--region")) {
      if (!p.Value(&f->region)) return 2;
    } else if (p.Is("--utilization")) {
      double u = 0;
      if (!p.PositiveDouble(&u)) return 2;
      if (u > 1) {
        char buf[32];
        std::snprintf(buf, sizeof(buf), "%g", u);
        return UsageError(command,
                          std::string("--utilization takes a share in (0, 1], "
                                      "e.g. 0.7, not ") +
                              buf);
      }
      f->utilization = u;
    } else if (p.Is("--rps") || p.Is("--wps")) {
      std::string value;
      if (!p.Value(&value)) return 2;
      (p.Is("--rps") ? f->rps : f->wps).push_back(value);
    }
  }
  if (f->progress && f->quiet) {
    return UsageError(command, "--progress and --quiet contradict each other");
  }
  if (f->keep && f->endpoint.empty()) {
    return UsageError(command, "--keep needs --endpoint");
  }
  if (f->connections && f->endpoint.empty()) {
    return UsageError(command, "--connections needs --endpoint");
  }
  if ((allowed & kFile) && f->file.empty()) {
    return UsageError(command, "missing FILE: name a model document, e.g. " +
                                   command + " model/kayak.json");
  }
  return 0;
}

std::optional<model::Model> Load(const std::string& file) {
  std::vector<model::ModelError> errors;
  StatusOr<model::Model> m = model::LoadModelFile(file, &errors);
  if (m.ok()) return *std::move(m);
  if (errors.empty()) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(),
                 std::string(m.status().message()).c_str());
    return std::nullopt;
  }
  for (const model::ModelError& e : errors) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(), e.ToString().c_str());
  }
  std::fprintf(stderr,
               "%s: %zu error%s; fix %s and check again with `eddy model "
               "validate %s` (model/README.md describes the format)\n",
               file.c_str(), errors.size(), errors.size() == 1 ? "" : "s",
               errors.size() == 1 ? "it" : "them", file.c_str());
  return std::nullopt;
}

// The model must have a workload to run or generate.
bool HasWorkload(const std::string& command, const std::string& file,
                 const model::Model& m) {
  if (m.workload) return true;
  std::fprintf(stderr,
               "%s: %s has no \"workload\" section, so there is no data to "
               "generate: add one (model/README.md, \"Extension 3: the "
               "workload\"), or check the design alone with `eddy model "
               "validate %s`\n",
               command.c_str(), file.c_str(), file.c_str());
  return false;
}

int Validate(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kValidateUsage);
  if (model::IsAwsDataModelFile(ModelFileArgument(args))) {
    return ValidateAwsDataModel(args);
  }
  Flags f;
  if (int s = ParseFlags("eddy model validate", args, kFile, &f)) return s;
  if (IsOtherModelFormat(f.file)) return ValidateOtherFormat(f.file);
  std::optional<model::Model> m = Load(f.file);
  if (!m) return 1;
  // The workload's migration is read by the lab (model_migration.h).
  model::RunOptions migration_check;
  if (Status s = lab::AddModelMigration(*m, &migration_check); !s.ok()) {
    std::fprintf(stderr, "%s: %s\n", f.file.c_str(),
                 std::string(s.message()).c_str());
    return 1;
  }
  int with_indexes = 0;
  for (const model::EntityShape& s : m->entities) {
    with_indexes += s.indexes.empty() ? 0 : 1;
  }
  std::printf(
      "%s: ok: model \"%s\", table \"%s\" with %zu GSIs%s; %zu entity "
      "shapes (%d in a GSI); %zu access patterns, %d executable; %s\n",
      f.file.c_str(), m->name.c_str(), m->table.name.c_str(),
      m->table.global_secondary_indexes.size(),
      m->table.declared ? "" : " (derived from the entities)",
      m->entities.size(), with_indexes, m->patterns.size(),
      m->executable_pattern_count(),
      !m->workload            ? "no workload"
      : lab::HasMigration(*m) ? "has a workload with a migration"
                              : "has a workload");
  for (const model::AccessPattern& p : m->patterns) {
    if (!p.executable) continue;
    std::string types;
    for (const std::string& t : p.matching_entity_types) {
      types += (types.empty() ? "" : ", ") + t;
    }
    std::printf("  %s\n    %s: %s\n    keys can match: %s\n", p.name.c_str(),
                p.index_name.empty() ? "table" : p.index_name.c_str(),
                p.KeyConditionText(m->table).c_str(), types.c_str());
  }
  return 0;
}

// The run's cost options from the flags: the traffic (the model's, with
// --rps/--wps over it), region, utilization and price table. Returns 0, or
// the exit status after printing the error.
int CostOptions(const std::string& command, const Flags& f,
                const model::Model& m, model::AnalysisOptions* options,
                std::optional<model::PriceTable>* prices) {
  if (!f.prices.empty()) {
    StatusOr<model::PriceTable> t = model::LoadPriceTableFile(f.prices);
    if (!t.ok()) {
      std::fprintf(stderr, "%s: %s\n", command.c_str(),
                   std::string(t.status().message()).c_str());
      return 1;
    }
    *prices = *std::move(t);
    options->prices = &**prices;
  }
  if (!f.region.empty()) options->region = f.region;
  options->utilization = f.utilization;
  // The region must be in the price table before the run starts.
  const model::PriceTable& table =
      options->prices ? *options->prices : model::DefaultPriceTable();
  const std::string region =
      !f.region.empty()
          ? f.region
          : (m.traffic ? m.traffic->region : model::Traffic().region);
  if (table.regions.count(region) == 0) {
    std::string have;
    for (const auto& [name, _] : table.regions) {
      have += (have.empty() ? "" : ", ") + name;
    }
    std::fprintf(stderr,
                 "%s: the price table has no region \"%s\" (it has %s); "
                 "give --prices FILE with it (model/prices.json's shape)\n",
                 command.c_str(), region.c_str(), have.c_str());
    return 1;
  }
  if (f.rps.empty() && f.wps.empty()) return 0;
  model::Traffic t = m.traffic ? *m.traffic : model::Traffic();
  for (const std::string& r : f.rps) {
    std::string name;
    double rate = 0;
    if (!SplitRate(r, &name, &rate)) {
      return UsageError(command,
                        "--rps takes N or PATTERN=N (a number of "
                        "requests per second, 0 or more), not '" +
                            r + "'");
    }
    std::vector<int> numbers;
    for (size_t i = 0; i < m.patterns.size(); ++i) {
      const int n = static_cast<int>(i) + 1;
      if (!m.patterns[i].executable) continue;
      if (name.empty() || m.patterns[i].name == name ||
          std::to_string(n) == name) {
        numbers.push_back(n);
      }
    }
    if (numbers.empty()) {
      return UsageError(command, "--rps " + r +
                                     ": no executable access pattern is "
                                     "named or numbered '" +
                                     name + "'");
    }
    for (int n : numbers) {
      std::erase_if(t.pattern_rps, [n](const auto& p) { return p.first == n; });
      t.pattern_rps.emplace_back(n, rate);
    }
  }
  for (const std::string& w : f.wps) {
    std::string name;
    double rate = 0;
    if (!SplitRate(w, &name, &rate)) {
      return UsageError(command,
                        "--wps takes N or TYPE=N (new items per "
                        "second, 0 or more), not '" +
                            w + "'");
    }
    std::vector<std::string> types;
    for (const model::EntityShape& e : m.entities) {
      if (name.empty() || e.entity_type == name) types.push_back(e.entity_type);
    }
    if (types.empty()) {
      return UsageError(command,
                        "--wps " + w + ": no entity type '" + name + "'");
    }
    for (const std::string& type : types) {
      std::erase_if(t.writes_per_second,
                    [&type](const auto& p) { return p.first == type; });
      t.writes_per_second.emplace_back(type, rate);
    }
  }
  options->traffic = std::move(t);
  return 0;
}

// The HTML report's file for one table: OUT itself for a one-table run,
// else OUT with ".<table>" before its extension.
std::string HtmlFileFor(const std::string& html, const std::string& table,
                        bool several) {
  if (!several) return html;
  const size_t slash = html.find_last_of('/');
  const size_t dot = html.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
    return html + "." + table;
  }
  return html.substr(0, dot) + "." + table + html.substr(dot);
}

// Runs one table (a seed model, or one table of another format with its
// Scan, BatchGetItem and write patterns) with the run's flags: report,
// cost, review, --endpoint, --html. Appends the JSON report to *json when
// --json. Returns the exit status.
int RunTable(const std::string& command, const Flags& f,
             const model::LoadedTable& t, bool several,
             std::vector<std::string>* json) {
  const model::Model& m = t.model;
  if (!HasWorkload(command, f.file, m)) return 1;
  model::AnalysisOptions analysis_options;
  std::optional<model::PriceTable> prices;
  if (int s = CostOptions(command, f, m, &analysis_options, &prices)) {
    return s;
  }
  model::RunOptions options;
  options.scale = f.scale;
  if (f.seed) options.seed = static_cast<uint64_t>(*f.seed);
  if (f.runs) options.runs = static_cast<int>(*f.runs);
  if (f.page_size) options.page_size = static_cast<int>(*f.page_size);
  options.create_indexes = !f.no_indexes;
  // The process exits after the run: its database is left to the OS rather
  // than freed item by item (seconds at scale 100).
  options.free_database = false;
  if (lab::HasMigration(m)) {
    // The workload's "migration" (model/lab/model_migration.h).
    if (!f.endpoint.empty()) {
      std::fprintf(stderr,
                   "%s: the model's migration is not run with --endpoint "
                   "(a migration runs in process only)\n",
                   command.c_str());
    } else if (Status s = lab::AddModelMigration(m, &options); !s.ok()) {
      std::fprintf(stderr, "%s: %s\n", command.c_str(),
                   std::string(s.message()).c_str());
      return 1;
    }
  }
  std::unique_ptr<endpoint::EndpointSession> session;
  if (!f.endpoint.empty()) {
    StatusOr<std::unique_ptr<endpoint::EndpointSession>> s =
        endpoint::OpenEndpoint(f.endpoint,
                               static_cast<int>(f.connections.value_or(
                                   endpoint::kDefaultConnections)));
    if (!s.ok()) {
      std::fprintf(stderr, "%s: %s\n", command.c_str(),
                   std::string(s.status().message()).c_str());
      return 1;
    }
    session = *std::move(s);
    options.backend = &session->backend;
    options.table_name = session->prefix + m.table.name;
  }
  // The header first, so that a long run shows what it is doing at once.
  if (!f.json) {
    std::cout << model::FormatReportHeaderText(
        model::PlannedReport(m, options));
    std::cout.flush();
  }
  Progress progress(Progress::Choose(f.progress, f.quiet), command);
  std::string phase;
  options.on_progress = [&](std::string_view name, int64_t done,
                            int64_t total) {
    if (name != phase) {
      phase = std::string(name);
      progress.Phase(phase, total,
                     phase == "verify" ? "runs" : std::string("items"));
    }
    progress.Update(done, total);
  };
  model::DataProfile profile;
  options.on_generated = [&](const model::GeneratedData& data) {
    profile = model::ProfileData(m, data);
  };
  StatusOr<model::RunReport> report = [&]() {
    if (t.reads.empty() && t.writes.empty()) {
      return model::RunModel(m, options);
    }
    model::AwsSchemaTable a;
    a.table_name = t.table_name;
    a.model = m;
    a.reads = t.reads;
    a.writes = t.writes;
    return model::RunAwsSchemaTable(a, options);
  }();
  progress.Done();
  if (session != nullptr &&
      !endpoint::FinishEndpoint(command, f.keep, session.get())) {
    return 1;
  }
  if (!report.ok()) {
    std::fprintf(stderr, "%s: %s%s\n", command.c_str(),
                 several ? ("table " + t.table_name + ": ").c_str() : "",
                 report.status().ToString().c_str());
    return 1;
  }
  StatusOr<model::ModelAnalysis> analysis =
      model::Analyze(m, std::move(profile), *report, analysis_options);
  if (!analysis.ok()) {
    std::fprintf(stderr, "%s: %s\n", command.c_str(),
                 std::string(analysis.status().message()).c_str());
    return 1;
  }
  if (f.json) {
    json->push_back(model::FormatReportJson(*report, *analysis));
  } else {
    std::cout << model::FormatReportBodyText(*report)
              << model::FormatAnalysisText(*analysis);
  }
  std::cout.flush();
  if (!f.html.empty()) {
    const std::string html = HtmlFileFor(f.html, t.table_name, several);
    std::ofstream out(html, std::ios::binary | std::ios::trunc);
    out << model::RenderModelHtml(m, *report, *analysis);
    out.close();
    if (!out) {
      std::fprintf(stderr, "%s: cannot write %s\n", command.c_str(),
                   html.c_str());
      return 1;
    }
    if (!f.json) std::cout << "HTML report: " << html << "\n";
  }
  return report->ok() ? 0 : 1;
}

int Run(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kRunUsage);
  if (model::IsAwsDataModelFile(ModelFileArgument(args))) {
    return RunAwsDataModel(args);
  }
  const std::string command = "eddy model run";
  Flags f;
  if (int s = ParseFlags(
          command, args,
          kFile | kScaleSeed | kRunFlags | kJson | kProgress | kCost, &f)) {
    return s;
  }
  // Every format runs as a seed model: an AWS schema or a Workbench model
  // table by table (model/formats/convert.h).
  std::vector<model::LoadedTable> tables;
  if (IsOtherModelFormat(f.file)) {
    std::optional<std::vector<model::LoadedTable>> loaded =
        LoadOtherFormatTables(f.file);
    if (!loaded) return 1;
    tables = *std::move(loaded);
  } else {
    std::optional<model::Model> m = Load(f.file);
    if (!m) return 1;
    model::LoadedTable t;
    t.table_name = m->table.name;
    t.model = *std::move(m);
    tables.push_back(std::move(t));
  }
  int status = 0;
  std::vector<std::string> json;
  for (const model::LoadedTable& t : tables) {
    const int s = RunTable(command, f, t, tables.size() > 1, &json);
    if (s == 2) return s;  // a usage error: the same for every table
    status = std::max(status, s);
    if (!f.json && tables.size() > 1) std::cout << "\n";
  }
  if (f.json) {
    if (json.size() == 1) {
      std::cout << json[0] << "\n";
    } else if (!json.empty()) {
      std::cout << "[";
      for (size_t i = 0; i < json.size(); ++i) {
        std::cout << (i == 0 ? "" : ",\n") << json[i];
      }
      std::cout << "]\n";
    }
    std::cout.flush();
  }
  return status;
}

int Generate(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kGenerateUsage);
  const std::string command = "eddy model generate";
  Flags f;
  if (int s = ParseFlags(command, args, kFile | kScaleSeed | kProgress, &f)) {
    return s;
  }
  if (IsOtherModelFormat(f.file)) {
    return GenerateOtherFormat(f.file, f.scale, f.seed);
  }
  std::optional<model::Model> m = Load(f.file);
  if (!m) return 1;
  if (!HasWorkload(command, f.file, *m)) return 1;
  model::GenerateOptions options;
  options.scale = f.scale;
  if (f.seed) options.seed = static_cast<uint64_t>(*f.seed);
  Progress progress(Progress::Choose(f.progress, f.quiet), command);
  const int64_t expected = model::ExpectedItemCount(*m, options);
  progress.Phase("generate", expected, "items");
  options.on_progress = [&](int64_t items) {
    progress.Update(items, std::max(expected, items));
  };
  StatusOr<model::GeneratedData> data = model::Generate(*m, options);
  if (!data.ok()) {
    progress.Done();
    std::fprintf(stderr, "%s: %s\n", command.c_str(),
                 data.status().ToString().c_str());
    return 1;
  }
  const auto total = static_cast<int64_t>(data->items.size());
  progress.Update(total, total);
  progress.Phase("write", total, "items");
  std::string line;
  int64_t written = 0;
  for (const model::GeneratedItem& g : data->items) {
    line = EncodeItemJson(g.item);
    line.push_back('\n');
    std::fwrite(line.data(), 1, line.size(), stdout);
    if (++written % 4096 == 0) progress.Update(written);
  }
  std::fflush(stdout);
  progress.Update(written);
  progress.Done();
  if (std::ferror(stdout)) {
    std::fprintf(stderr, "%s: could not write the items to stdout\n",
                 command.c_str());
    return 1;
  }
  return 0;
}

int Patterns(const std::vector<std::string>& args) {
  if (WantsHelp(args)) return ShowHelp(kPatternsUsage);
  Flags f;
  if (int s = ParseFlags("eddy model patterns", args, kJson, &f)) return s;
  std::vector<model::DesignPatternResult> results = model::RunDesignPatterns();
  bool ok = true;
  if (f.json) {
    std::cout << model::FormatDesignPatternsJson(results) << "\n";
  } else {
    std::cout << model::FormatDesignPatternsText(results);
  }
  for (const model::DesignPatternResult& r : results) ok = ok && r.ok();
  return ok ? 0 : 1;
}

}  // namespace

int RunModel(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  const std::string& sub = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (sub == "validate") return Validate(rest);
  if (sub == "run") return Run(rest);
  if (sub == "generate") return Generate(rest);
  if (sub == "patterns") return Patterns(rest);
  if (sub == "convert") return ConvertModelCommand(rest);
  if (sub == "help" || sub == "--help" || sub == "-h") return ShowHelp(kUsage);
  return UsageError(
      "eddy model",
      "unknown sub-command '" + sub + "'" +
          model::DidYouMean(
              sub, {"validate", "run", "generate", "patterns", "convert"}) +
          "; the sub-commands are validate, run, generate, patterns and "
          "convert");
}

}  // namespace eddy::cli
