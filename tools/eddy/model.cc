// Copyright 2026 The eddy Authors.
//
// `eddy model ...`: access-pattern models (model/README.md).
//
//   eddy model validate FILE
//   eddy model run FILE [--scale N] [--seed N] [--runs N] [--page-size N]
//                       [--no-indexes] [--json]
//   eddy model generate FILE [--scale N] [--seed N]
//   eddy model patterns [--json]

#include "model/model.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "emulator/wire/attribute_json.h"
#include "model/design_patterns.h"
#include "model/generator.h"
#include "model/report.h"
#include "model/runner.h"
#include "tools/eddy/commands.h"

namespace eddy::cli {
namespace {

constexpr char kUsage[] =
    "usage: eddy model validate FILE\n"
    "       eddy model run FILE [--scale N] [--seed N] [--runs N] [--page-size "
    "N]\n"
    "                           [--no-indexes] [--json]\n"
    "       eddy model generate FILE [--scale N] [--seed N]\n"
    "       eddy model patterns [--json]\n"
    "\n"
    "  validate  check a model document; every error with its JSON pointer\n"
    "  run       generate the workload's data, load it into eddy, run every\n"
    "            access pattern with verification, print the report (exit 1\n"
    "            if any verification fails)\n"
    "  generate  print the generated items, one DynamoDB JSON item per line\n"
    "  patterns  run the design-pattern examples (write sharding, large\n"
    "            objects in chunks, optimistic locking, key cardinality)\n";

int Usage() {
  std::fputs(kUsage, stderr);
  return 2;
}

std::optional<int64_t> ParseInt(const std::string& s, int64_t min,
                                int64_t max) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || v < min || v > max) return std::nullopt;
  return v;
}

struct Flags {
  std::string file;
  std::optional<int64_t> scale, seed, runs, page_size;
  bool json = false;
  bool no_indexes = false;
};

// Returns false (after printing why) on a bad command line.
bool ParseFlags(const std::vector<std::string>& args, bool want_file,
                Flags* f) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](int64_t min, int64_t max, std::optional<int64_t>* out) {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "eddy model: %s needs a value\n", a.c_str());
        return false;
      }
      *out = ParseInt(args[++i], min, max);
      if (!*out) {
        std::fprintf(stderr,
                     "eddy model: %s takes an integer from %lld to %lld\n",
                     a.c_str(), static_cast<long long>(min),
                     static_cast<long long>(max));
        return false;
      }
      return true;
    };
    if (a == "--json") {
      f->json = true;
    } else if (a == "--no-indexes") {
      f->no_indexes = true;
    } else if (a == "--scale") {
      if (!value(1, 100000, &f->scale)) return false;
    } else if (a == "--seed") {
      if (!value(0, INT64_MAX, &f->seed)) return false;
    } else if (a == "--runs") {
      if (!value(1, 1000000, &f->runs)) return false;
    } else if (a == "--page-size") {
      if (!value(1, 1000000, &f->page_size)) return false;
    } else if (a.size() > 1 && a[0] == '-') {
      std::fprintf(stderr, "eddy model: unknown option %s\n", a.c_str());
      return false;
    } else if (want_file && f->file.empty()) {
      f->file = a;
    } else {
      std::fprintf(stderr, "eddy model: unexpected argument %s\n", a.c_str());
      return false;
    }
  }
  if (want_file && f->file.empty()) {
    std::fprintf(stderr, "eddy model: missing FILE\n");
    return false;
  }
  return true;
}

std::optional<model::Model> Load(const std::string& file) {
  std::vector<model::ModelError> errors;
  StatusOr<model::Model> m = model::LoadModelFile(file, &errors);
  if (m.ok()) return *std::move(m);
  if (errors.empty()) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(),
                 std::string(m.status().message()).c_str());
  }
  for (const model::ModelError& e : errors) {
    std::fprintf(stderr, "%s: %s\n", file.c_str(), e.ToString().c_str());
  }
  return std::nullopt;
}

int Validate(const std::vector<std::string>& args) {
  Flags f;
  if (!ParseFlags(args, true, &f)) return Usage();
  std::optional<model::Model> m = Load(f.file);
  if (!m) return 1;
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
      m->workload ? "has a workload" : "no workload");
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

// A progress bar on stderr while loading, shown only on a terminal and only
// once the load has taken more than a second.
class ProgressBar {
 public:
  ProgressBar() : tty_(isatty(STDERR_FILENO) == 1) {}
  ~ProgressBar() { Finish(); }
  // Clears the bar; nothing is drawn after this.
  void Finish() {
    if (shown_) std::fputs("\r\033[K", stderr);
    shown_ = false;
    tty_ = false;
  }
  void Update(int64_t done, int64_t total) {
    if (!tty_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!started_) {
      started_ = true;
      start_ = now;
    }
    if (now - start_ < std::chrono::seconds(1)) return;
    if (shown_ && now - last_ < std::chrono::milliseconds(100) &&
        done < total) {
      return;
    }
    shown_ = true;
    last_ = now;
    constexpr int kWidth = 40;
    const int filled =
        total > 0 ? static_cast<int>(kWidth * done / total) : kWidth;
    std::string bar(filled, '#');
    bar.append(kWidth - filled, '.');
    std::fprintf(stderr, "\rloading [%s] %3d%% %lld/%lld items", bar.c_str(),
                 total > 0 ? static_cast<int>(100 * done / total) : 100,
                 static_cast<long long>(done), static_cast<long long>(total));
    std::fflush(stderr);
  }

 private:
  bool tty_;
  bool started_ = false;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

int Run(const std::vector<std::string>& args) {
  Flags f;
  if (!ParseFlags(args, true, &f)) return Usage();
  std::optional<model::Model> m = Load(f.file);
  if (!m) return 1;
  model::RunOptions options;
  options.scale = f.scale;
  if (f.seed) options.seed = static_cast<uint64_t>(*f.seed);
  if (f.runs) options.runs = static_cast<int>(*f.runs);
  if (f.page_size) options.page_size = static_cast<int>(*f.page_size);
  options.create_indexes = !f.no_indexes;
  ProgressBar bar;
  options.on_load_progress = [&bar](int64_t done, int64_t total) {
    bar.Update(done, total);
  };
  StatusOr<model::RunReport> report = model::RunModel(*m, options);
  bar.Finish();
  if (!report.ok()) {
    std::fprintf(stderr, "eddy model run: %s\n",
                 report.status().ToString().c_str());
    return 1;
  }
  if (f.json) {
    std::cout << model::FormatReportJson(*report) << "\n";
  } else {
    std::cout << model::FormatReportText(*report);
  }
  std::cout.flush();
  return report->ok() ? 0 : 1;
}

int Generate(const std::vector<std::string>& args) {
  Flags f;
  if (!ParseFlags(args, true, &f)) return Usage();
  std::optional<model::Model> m = Load(f.file);
  if (!m) return 1;
  model::GenerateOptions options;
  options.scale = f.scale;
  if (f.seed) options.seed = static_cast<uint64_t>(*f.seed);
  StatusOr<model::GeneratedData> data = model::Generate(*m, options);
  if (!data.ok()) {
    std::fprintf(stderr, "eddy model generate: %s\n",
                 data.status().ToString().c_str());
    return 1;
  }
  std::string line;
  for (const model::GeneratedItem& g : data->items) {
    line = EncodeItemJson(g.item);
    line.push_back('\n');
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  return 0;
}

int Patterns(const std::vector<std::string>& args) {
  Flags f;
  if (!ParseFlags(args, false, &f)) return Usage();
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
  if (args.empty()) return Usage();
  const std::string& sub = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (sub == "validate") return Validate(rest);
  if (sub == "run") return Run(rest);
  if (sub == "generate") return Generate(rest);
  if (sub == "patterns") return Patterns(rest);
  if (sub == "help" || sub == "--help" || sub == "-h") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::fprintf(stderr, "eddy model: unknown subcommand '%s'\n\n", sub.c_str());
  return Usage();
}

}  // namespace eddy::cli
