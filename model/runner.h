// Copyright 2026 The eddy Authors.
//
// RunModel: a model made executable end to end. It generates the workload's
// data, creates the table and its GSIs in a fresh eddy Database, loads the
// items through the typed BatchWriteItem (25 per call), runs every executable
// access pattern `runs` times with parameters drawn from the generated data,
// and verifies every result against the generator's ground truth:
//
//   - the key condition, evaluated over the generated items by the runner
//     itself (exact item set; every item equal to what was written, as the
//     index projects it; index sort-key order; all pages followed through
//     LastEvaluatedKey);
//   - the pattern's "expect" clause, when it has one: the items of the named
//     entity types whose bindings equal the parameters — a check of the
//     model's key design, not only of the emulator;
//   - each index's ItemCount from DescribeTable against the number of
//     generated items that carry its keys.
//
// The report gives, per pattern, the items returned, the read units consumed
// (exact, summed from ReturnConsumedCapacity TOTAL over the pages) and the
// latency p50/p99 over the runs; per entity type its write cost (from a
// PutItem with ReturnConsumedCapacity TOTAL); per index its item count and
// size; and the partition keys holding the most items and drawing the most
// read traffic.
//
//   StatusOr<Model> model = LoadModelFile("model/kayak.json");
//   StatusOr<RunReport> report = RunModel(*model);
//   std::cout << FormatReportText(*report);      // model/report.h
//   return report->ok() ? 0 : 1;
//
// With RunOptions::migrate (model/lab/model_migration.h sets it for a
// workload that declares a data-version migration) the run makes the
// migration after the patterns, every pattern verified again during and
// after it (VerifyReads); the report's `migration` gives the phases.
//
// Latencies are wall-clock time of the Query calls alone (verification is not
// timed), read through RunOptions::now_nanos; with a backend that makes
// several requests at once (RunReport::concurrency > 1) they include the
// time a request waited on the client for a free connection; everything else in
// the report is deterministic for a given model, seed and scale (but for the
// process's peak memory).
//
// Memory: the ground truth is one compact record per generated item, not a
// second copy of the Items; RunModel(model, options), which owns the data it
// generates, moves each Item into its write request and frees the generated
// items after the load.
//
// Thread safety: RunModel is reentrant (each call builds its own Database,
// or uses the backend it is given).

#ifndef EDDY_MODEL_RUNNER_H_
#define EDDY_MODEL_RUNNER_H_

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/requests.h"
#include "emulator/base/status.h"
#include "model/generator.h"
#include "model/model.h"
#include "model/run_backend.h"

namespace eddy::model {

struct RunReport;

// One phase of a data-version migration (RunOptions::migrate): the access
// patterns' runs verified against the ground truth in it.
struct MigrationPhaseReport {
  int64_t reads = 0;     // pattern runs made
  int64_t verified = 0;  // runs whose answer matched the ground truth
  std::vector<std::string> failures;  // the first few, "pattern N ..."
};

// A data-version migration run on the loaded table (the workload's
// "migration", model/lab/model_migration.h): seconds are the migration's
// virtual seconds, -1 when the event did not happen.
struct MigrationReport {
  std::string from_version, to_version;
  int64_t dual_write_second = 0;
  int64_t backfill_start_second = -1, backfill_end_second = -1;
  int64_t cutover_second = -1;
  int64_t seconds = 0;  // virtual seconds the migration ran
  int64_t scan_calls = 0, scanned_items = 0;
  int64_t copied = 0;   // backfill copies written
  int64_t skipped = 0;  // copies already written by a dual write
  int64_t dual_writes = 0;
  int64_t given_up = 0;  // copies that failed otherwise
  // Units the migration's calls consumed (ReturnConsumedCapacity TOTAL).
  double read_units = 0, write_units = 0;
  // Reads verified before (the run's own pattern runs, at the old version),
  // during (each virtual second of the migration, at the version reads go
  // to) and after (the cutover and the backfill done, at the new version).
  std::array<MigrationPhaseReport, 3> phases;
};

// Verifies every executable access pattern again, `runs` runs each, with
// its reads sent to data version `read_version`: every string of the
// request that starts with "<from_version>#" is sent with
// "<read_version>#" in its place, and the answer's items are rewritten
// back before they are compared with the ground truth (which is the old
// version's). The runs are not added to the report's patterns.
using VerifyReads = std::function<MigrationPhaseReport(
    const std::string& from_version, const std::string& read_version,
    int runs)>;

// `item` with every String attribute that starts with `from_prefix` given
// `to_prefix` in its place (a data version's key prefix: "v1#" -> "v2#").
Item WithVersionPrefix(const Item& item, const std::string& from_prefix,
                       const std::string& to_prefix);

struct RunOptions {
  std::optional<int64_t> scale;  // overrides workload.scale
  std::optional<uint64_t> seed;  // overrides workload.seed
  std::optional<int> runs;       // per pattern; overrides workload.runs
  std::optional<int> page_size;  // Limit for every query (forces paging)
  // False: the table is created without its GSIs and patterns on them are
  // reported as skipped.
  bool create_indexes = true;
  int top_keys = 5;  // rows in each "hottest keys" list
  // Monotonic nanoseconds for latency and load timing; default: the
  // process's steady clock.
  std::function<int64_t()> now_nanos;
  // Called after each BatchWriteItem of the load with (items loaded, total).
  std::function<void(int64_t, int64_t)> on_load_progress;
  // Progress of each phase, for progress bars: ("generate", items made,
  // ExpectedItemCount), ("load", items written, items), ("verify", pattern
  // runs done, runs to do). Called often; keep it cheap.
  std::function<void(std::string_view phase, int64_t done, int64_t total)>
      on_progress;
  // Called once after the access patterns ran, with the database they ran
  // on, for checks a caller adds (model/formats/aws_schema.h runs its write
  // patterns here and appends their PatternReports). May be empty. `db` is
  // null when the run went to a `backend` (an endpoint).
  std::function<void(Database* db, RunReport* report)> after_patterns;
  // Called once after after_patterns when set: a data-version migration
  // (model/lab/model_migration.h) made through `backend` on the loaded
  // table, calling `verify` as it goes; it fills report->migration. An
  // error ends the run with it.
  std::function<Status(RunBackend* backend, const VerifyReads& verify,
                       RunReport* report)>
      migrate;
  // Where the requests go (run_backend.h); null: a fresh in-process
  // Database on a virtual clock. Not owned; must outlive the run.
  RunBackend* backend = nullptr;
  // The table's name in place of the model's (endpoint runs give it a run
  // prefix).
  std::optional<std::string> table_name;
  // False: the run's own Database (when no `backend` is given) is left
  // allocated when the run ends, never destroyed (it stays reachable from a
  // list kept for the process's life, so leak checkers stay quiet and the
  // process may run several models this way): for a process that exits
  // right after the run (the eddy CLI), where freeing a database of millions
  // of items record by record costs seconds (about 2 s for kayak at scale
  // 100) and the OS reclaims the memory at exit anyway. A leak by design:
  // keep the default (true) in anything that lives on.
  bool free_database = true;
  // Called once with the generated data before it is loaded (RunModel
  // without data of its own generates it, then gives its items away), so a
  // caller can measure it, e.g. ProfileData (model/profile.h).
  std::function<void(const GeneratedData&)> on_generated;
};

struct PatternReport {
  int number = 0;  // 1-based position in "Access Patterns"
  std::string name;
  bool executable = false;
  std::string index;  // "table" or the GSI's name
  std::string
      key_condition;    // with the templates, e.g. PK1 = "${version}#stores"
  std::string example;  // one rendered key condition
  std::vector<std::string> matching_entity_types;
  std::string skipped;  // why it did not run; empty when it ran
  int runs = 0;
  int verified = 0;  // runs whose result matched the ground truth
  int64_t items_total = 0, items_min = 0, items_max = 0;
  int64_t pages_total = 0;
  double read_units_total = 0, read_units_min = 0, read_units_max = 0;
  double p50_micros = 0, p99_micros = 0, mean_micros = 0;
  std::vector<std::string> failures;  // the first few
  // Set by the checks a caller adds (after_patterns): the operation
  // ("Scan", "BatchGetItem", "PutItem", ...) and, for a write, the write
  // units consumed over the runs. Empty / 0 for Query.
  std::string operation;
  double write_units_total = 0;

  // Whether the pattern is a write check (an operation other than Query,
  // Scan and BatchGetItem).
  bool IsWrite() const {
    return !operation.empty() && operation != "Scan" &&
           operation != "BatchGetItem";
  }
};

struct EntityReport {
  std::string entity_type;
  int64_t items = 0;
  int64_t bytes = 0;
  double write_units = 0;            // one PutItem of its first item
  std::vector<std::string> indexes;  // the GSIs it fills
};

struct IndexReport {
  std::string name;                 // "table" or the GSI's name
  std::string key_schema;           // "PK1, SK1"
  int64_t item_count = 0;           // DescribeTable
  int64_t size_bytes = 0;           // DescribeTable
  int64_t expected_item_count = 0;  // generated items carrying its keys
};

struct KeyReport {
  std::string index;
  std::string key;
  int64_t items = 0;
  int64_t bytes = 0;
  double read_units = 0;  // over all pattern runs
  int64_t requests = 0;
};

struct LoadReport {
  int64_t items = 0;
  int64_t bytes = 0;
  int64_t batches = 0;
  double write_units = 0;
  double generate_seconds = 0;
  // The whole load: building each request (copying the generated items into
  // it) and the PutItem/BatchWriteItem calls.
  double load_seconds = 0;
  double items_per_second = 0;
  // Only the time spent inside the PutItem/BatchWriteItem calls.
  double api_seconds = 0;
  double api_items_per_second = 0;
};

struct RunReport {
  std::string model;
  std::string table;
  int64_t scale = 1;
  uint64_t seed = 0;
  int runs_per_pattern = 0;
  std::optional<int> page_size;
  bool indexes_created = true;
  LoadReport load;
  std::vector<EntityReport> entities;
  std::vector<IndexReport> indexes;
  std::vector<PatternReport> patterns;
  std::vector<KeyReport> hottest_by_items;
  std::vector<KeyReport> hottest_by_traffic;
  std::vector<std::string> problems;  // verification failures outside patterns
  double run_seconds = 0;             // all pattern runs, verification included
  // Requests the backend made at once (RunBackend::concurrency): above 1
  // (endpoint mode with --connections N), each pattern's latencies include
  // the time a request waited on the client for a free connection.
  int concurrency = 1;
  // Set when the run made a migration (RunOptions::migrate).
  std::optional<MigrationReport> migration;
  // The process's peak resident memory when the run ended (getrusage
  // ru_maxrss: the whole process, whatever else it did); 0 if unknown.
  int64_t peak_resident_bytes = 0;

  // True when every verification passed.
  bool ok() const;
};

// The CreateTable request for the model's table: PK/SK and every index key
// as S attributes, its billing mode and throughput, and its GSIs unless
// with_indexes is false (what RunModel creates; also eddy::testing's).
CreateTableRequest MakeCreateTableRequest(const TableDefinition& table,
                                          bool with_indexes = true);

// Creates the model's table with its GSIs in `db` and writes every item of
// `data` with BatchWriteItem (what eddy-server --load does with a model).
// Returns the number of items written. Errors: CreateTable's or
// BatchWriteItem's, prefixed with the operation. `on_progress` gets (items
// written, total) after each call.
StatusOr<int64_t> LoadIntoDatabase(
    const Model& model, const GeneratedData& data, Database* db,
    const std::function<void(int64_t, int64_t)>& on_progress = {});

// The report's fields known before anything runs (model, table, scale,
// seed, runs per pattern, page size, whether indexes are created), for a
// header printed before the work starts.
RunReport PlannedReport(const Model& model, const RunOptions& options = {});

// Generates the data and runs. Errors: ValidationException from Generate, or
// whatever CreateTable/BatchWriteItem return (prefixed with the operation),
// e.g. a table definition eddy refuses. Verification failures are not
// errors: they are in the report (ok() is false).
StatusOr<RunReport> RunModel(const Model& model,
                             const RunOptions& options = {});

// Runs on data generated beforehand (scale/seed options are then ignored).
StatusOr<RunReport> RunModel(const Model& model, const GeneratedData& data,
                             const RunOptions& options = {});

}  // namespace eddy::model

#endif  // EDDY_MODEL_RUNNER_H_
