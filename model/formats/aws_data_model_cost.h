// Copyright 2026 The eddy Authors.
//
// The monthly cost of an AWS MCP data model (dynamodb_data_model.json) from
// its run: each pattern's measured capacity units per request times its
// request rate, on demand and on provisioned capacity, and each table's
// storage (its items and index entries, 100 bytes of overhead each), priced
// from a price table (model/cost.h, model/prices.json). The format has no
// entity types, so writes are priced through their own patterns (a PutItem
// pattern at N requests per second), not per entity type.
//
//   AwsCostOptions o;
//   o.rps["3"] = 50;            // pattern "3" at 50 requests/s
//   o.default_rps = 1;          // every other pattern at 1/s
//   StatusOr<AwsDataModelCost> c = EstimateAwsDataModelCost(report, o);
//   std::cout << FormatAwsCostText(*c);
//
// Contract
// - A pattern that did not run (skipped or failed) costs nothing and says
//   so (`ran` false). Reads and writes are told apart by the operation
//   (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems,
//   and PartiQL statements that INSERT, UPDATE or DELETE are writes).
// - Per index: a pattern's measured units on each table and index times
//   its rate, as reads or writes by its operation, and each index's own
//   storage; the indexes' figures add up to the patterns' and storage's.
// - With no rate at all (no `rps`, no `default_rps`) every pattern that ran
//   gets 1 request per second (`nominal`), to compare them.
// - Errors: ValidationException for a region the price table lacks (the
//   message lists those it has) or an `rps` naming no pattern of the report.
//
// Thread safety: pure functions.

#ifndef EDDY_MODEL_FORMATS_AWS_DATA_MODEL_COST_H_
#define EDDY_MODEL_FORMATS_AWS_DATA_MODEL_COST_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "model/cost.h"
#include "model/formats/aws_data_model.h"
#include "model/formats/aws_data_model_projection.h"
#include "model/review.h"

namespace eddy::model {

struct AwsCostOptions {
  std::map<std::string, double> rps;  // pattern id -> requests per second
  std::optional<double> default_rps;  // every pattern without its own rate
  std::string region = "us-east-1";
  double utilization = 0.7;            // provisioned: the share used, (0, 1]
  const PriceTable* prices = nullptr;  // null: DefaultPriceTable()
};

struct AwsPatternCost {
  std::string pattern_id, description, operation;
  bool ran = false;    // succeeded in the run (else costs nothing)
  bool write = false;  // priced as write units
  double requests_per_second = 0;
  double units_per_request = 0;  // measured: ConsumedCapacity, all pages
  double on_demand = 0;          // US dollars a month
  double provisioned = 0;        // US dollars a month at the utilization
};

struct AwsTableStorage {
  std::string table;
  int64_t items = 0;
  double bytes = 0;    // AwsTableResult::storage_bytes
  double monthly = 0;  // US dollars
};

// What one table or one of its secondary indexes costs: the patterns' units
// on it (measured, ReturnConsumedCapacity INDEXES) at their rates, and its
// storage. `cost` is model/cost.h's IndexCost, priced by PriceIndexCost.
struct AwsIndexCost {
  std::string table;
  std::string index;    // "" for the table itself
  bool global = false;  // a GSI (false: the table or an LSI)
  IndexCost cost;       // cost.name: "table" or the index's name
  // The items loaded: write units they consumed on this table or index
  // (BatchWriteItem, measured) and per entry written to it; an index holds
  // only the items that have its key attributes (cost.entries).
  double load_write_units = 0;
  double units_per_entry = 0;  // load_write_units / cost.entries
};

// One projection a secondary index could have, priced on demand for the
// same traffic (aws_data_model_projection.h says how each figure is made
// from the loaded items and the measured units): `cost` is model/cost.h's
// ProjectionOption (writes, storage, queries; with the fetches of the
// patterns that read attributes it does not project).
struct AwsProjectionChoice {
  ProjectionOption cost;
  double write_units_per_entry = 0;  // the loaded entries' mean
  // "pattern 3 (body)": the patterns that would need a fetch, and what.
  std::vector<std::string> fetches;
};

struct AwsProjectionCost {
  std::string table, index;
  bool global = true;
  int64_t entries = 0;
  std::vector<AwsProjectionChoice> options;  // ALL, KEYS_ONLY, INCLUDE..
};

// What the index being sparse saves, or would save: `saving` is
// model/cost.h's SparseSaving (entries of table_items carry the key; the
// writes and storage of the others had they been written to it, at the
// declared projection, with the table's writes following the loaded items),
// and the key values the patterns read.
struct AwsSparseCost {
  std::string table;
  bool global = true;
  SparseSaving saving;
  int64_t distinct_keys = 0;
  bool scanned = false;                   // a Scan reads every key
  std::vector<std::string> queried_keys;  // by its read patterns' Queries
  int64_t queried_entries = 0;            // the entries under them
};

// A read of one LSI partition-key value, at its rate.
struct AwsCollectionReadCost {
  std::string pattern_id, index, key;
  double units_per_request = 0;
  double requests_per_second = 0;
  double limit_requests_per_second = 0;  // 3,000 RCU/s / units
  int64_t key_entries = 0, index_entries = 0;
};

// The item collections of a table with an LSI (aws_data_model_projection.h
// says how they are measured), and how fast the write patterns grow one.
struct AwsCollectionCost {
  std::string table;
  std::vector<std::string> lsis;
  int64_t collections = 0;
  std::vector<AwsCollection> largest;  // up to 3, the largest first
  // The fastest-growing collection at the patterns' rates (none: "" and an
  // infinite `months`): its pattern, key, bytes now, bytes a second, and
  // months to 10 GB.
  std::string grower, grow_key;
  double grow_bytes = 0, growth_bytes_per_second = 0;
  double months = 0;
  std::vector<AwsCollectionReadCost> reads;
};

struct AwsDataModelCost {
  std::string region, price_date, price_source;
  double hours_per_month = 730;
  double utilization = 0.7;
  bool nominal = false;  // no rate given: 1 request/s per pattern
  std::vector<AwsPatternCost> patterns;  // in the report's order
  std::vector<AwsTableStorage> storage;
  // Each table that was created, then its GSIs and LSIs: the same totals
  // split by where the units are consumed and the bytes stored.
  std::vector<AwsIndexCost> indexes;
  // Per secondary index (GSIs then LSIs): its projection options and what
  // sparseness saves; per table with an LSI: its item collections. Empty
  // without secondary indexes (report.model must be set: RunAwsDataModel).
  std::vector<AwsProjectionCost> projections;
  std::vector<AwsSparseCost> sparse;
  std::vector<AwsCollectionCost> collections;
  double on_demand_total = 0;    // patterns + storage
  double provisioned_total = 0;  // patterns + storage
};

StatusOr<AwsDataModelCost> EstimateAwsDataModelCost(
    const AwsRunReport& report, const AwsCostOptions& options);

// "Cost a month ..." section for the end of FormatAwsReportText's report.
std::string FormatAwsCostText(const AwsDataModelCost& cost);

// FormatAwsReportJson's document with a "cost" member and a "review" array
// of the findings ({check, severity, subject, message, figure}).
std::string FormatAwsReportJson(const AwsRunReport& report,
                                const AwsDataModelCost& cost,
                                const std::vector<Finding>& findings = {});

// One self-contained HTML page (inline CSS, no script, nothing fetched): the
// tables and items written, every pattern with its result, items, units and
// latency, the cost tables (per pattern, per index) and the design review.
std::string RenderAwsDataModelHtml(const AwsRunReport& report,
                                   const AwsDataModelCost& cost,
                                   const std::vector<Finding>& findings = {});

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_AWS_DATA_MODEL_COST_H_
