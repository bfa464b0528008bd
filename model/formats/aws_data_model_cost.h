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
