// Copyright 2026 The eddy Authors.
//
// EstimateCost: what a model costs a month on DynamoDB for a traffic mix, on
// on-demand and on provisioned capacity, from a dated price table
// (model/prices.json is the default; a file of the same shape overrides it).
//
// The figures, and where each comes from:
//   - a pattern's read units per request: measured by the run
//     (ConsumedCapacity over all pages, averaged over its runs);
//   - a write's units: measured on the generated items of its entity type
//     (model/profile.h): on the table ceil(item / 1 KB), on each GSI the
//     type is in ceil(index entry / 1 KB), averaged over the type's items;
//   - storage: every index's entries (table items; GSI entries as projected)
//     plus 100 bytes of overhead per entry, at the generated data's size;
//     1 GB = 2^30 bytes; the free tier is not subtracted.
//   - a month is the price table's hoursPerMonth (730) hours.
// On-demand: units a month / 1e6 × the price per million request units.
// Provisioned: units per second / utilization, × hours a month × the price
// per unit-hour, charged to the table or the GSI that serves them (a GSI
// has its own capacity). Both add the same storage.
//
// It also shows, per secondary index (each GSI, then each LSI), what the
// projection choice costs (ALL, KEYS_ONLY and INCLUDE for the same writes,
// storage and reads — a KEYS_ONLY or INCLUDE read that needs the other
// attributes must then read each item from the table: that fetch is shown
// apart; on an LSI DynamoDB fetches them itself, at the same units) and what
// the index being sparse saves (the writes and storage of the entity types
// that are not in it, had every item been written to it).
//
//   StatusOr<PriceTable> prices = LoadPriceTableFile("my_prices.json");
//   StatusOr<CostReport> cost =
//       EstimateCost(model, profile, run_report, traffic, *prices);
//
// Thread safety: pure functions; DefaultPriceTable() is immutable.

#ifndef EDDY_MODEL_COST_H_
#define EDDY_MODEL_COST_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "model/model.h"
#include "model/profile.h"
#include "model/runner.h"

namespace eddy::model {

struct RegionPrices {
  double write_per_million = 0;  // on-demand, US dollars per million WRU
  double read_per_million = 0;   // on-demand, per million RRU
  double wcu_hour = 0;           // provisioned, per WCU-hour
  double rcu_hour = 0;           // provisioned, per RCU-hour
  double storage_gb_month = 0;   // per GB-month
};

struct PriceTable {
  std::string date;    // when the prices were read from the source
  std::string source;  // where they were read
  double hours_per_month = 730;
  std::map<std::string, RegionPrices> regions;
};

// Parses a price table document (model/prices.json's shape).
// ValidationException naming the member at fault ("/regions/us-east-1/
// onDemand/writePerMillion: must be a number, 0 or more").
StatusOr<PriceTable> ParsePriceTable(std::string_view json);
// Reads and parses a file; ResourceNotFoundException when unreadable.
StatusOr<PriceTable> LoadPriceTableFile(const std::string& path);
// model/prices.json as compiled into eddy.
const PriceTable& DefaultPriceTable();

struct PatternCost {
  int number = 0;
  std::string name;
  std::string index;  // "table" or the GSI
  double requests_per_second = 0;
  double read_units_per_request = 0;  // measured
  double read_units_per_second = 0;
  double on_demand = 0;    // US dollars a month
  double provisioned = 0;  // US dollars a month
};

struct IndexWrite {
  std::string index;  // "table" or the GSI
  double units_per_write = 0;
};

struct WriteCost {
  std::string entity_type;
  double writes_per_second = 0;
  std::vector<IndexWrite> units;  // the table first, then each GSI
  double units_per_write = 0;     // their sum
  double on_demand = 0;
  double provisioned = 0;
};

struct IndexCost {
  std::string name;  // "table" or the GSI
  double read_units_per_second = 0;
  double write_units_per_second = 0;
  int64_t entries = 0;
  double storage_bytes = 0;  // entries' sizes + 100 B each
  double read_on_demand = 0, write_on_demand = 0;
  double provisioned_rcu = 0, provisioned_wcu = 0;  // units / utilization
  double read_provisioned = 0, write_provisioned = 0;
  double storage = 0;
  double on_demand() const {
    return read_on_demand + write_on_demand + storage;
  }
  double provisioned() const {
    return read_provisioned + write_provisioned + storage;
  }
};

struct ProjectionOption {
  std::string projection;  // "ALL", "KEYS_ONLY", "INCLUDE (a, b)"
  bool declared = false;   // the index's own projection
  double write_units_per_second = 0;
  double storage_bytes = 0;
  double read_units_per_second = 0;   // the patterns' queries on the index
  double fetch_units_per_second = 0;  // reading each item back (not ALL)
  double on_demand = 0;               // writes + storage + queries
  double on_demand_with_fetch = 0;    // ... + the fetches
};

struct ProjectionCost {
  std::string index;
  std::vector<ProjectionOption> options;  // ALL, KEYS_ONLY, INCLUDE
};

struct SparseSaving {
  std::string index;
  int64_t entries = 0;      // items in the index
  int64_t table_items = 0;  // items in the table
  std::vector<std::string> entity_types_left_out;
  double write_units_per_second_saved = 0;
  double storage_bytes_saved = 0;
  double on_demand_saved = 0;  // US dollars a month
};

struct CostReport {
  std::string region;
  std::string price_date, price_source;
  double hours_per_month = 730;
  double utilization = 0.7;
  // True when the model gave no traffic: 1 request per second per pattern
  // and 1 write per second per entity type, to compare them.
  bool nominal_traffic = false;
  std::vector<PatternCost> patterns;
  std::vector<WriteCost> writes;
  std::vector<IndexCost> indexes;  // the table first
  std::vector<ProjectionCost> projections;
  std::vector<SparseSaving> sparse;
  double on_demand_total = 0;
  double provisioned_total = 0;
};

// Prices `c` from its read_units_per_second, write_units_per_second and
// storage_bytes: fills the on-demand, provisioned (units / utilization) and
// storage figures. Used for every index cost, whatever the model's format.
void PriceIndexCost(const RegionPrices& prices, double hours_per_month,
                    double utilization, IndexCost* c);

// The traffic the model states, or the nominal one (CostReport's
// nominal_traffic) when it has none: 1 request/s for every executable
// pattern that ran and 1 write/s for every entity type with items.
Traffic TrafficFor(const Model& model, const RunReport& run,
                   bool* nominal = nullptr);

// ValidationException when the traffic's region is not in the table (the
// message lists the regions it has). Patterns that were skipped cost
// nothing and say so in PatternCost::read_units_per_request (0).
StatusOr<CostReport> EstimateCost(const Model& model,
                                  const DataProfile& profile,
                                  const RunReport& run, const Traffic& traffic,
                                  const PriceTable& prices);

}  // namespace eddy::model

#endif  // EDDY_MODEL_COST_H_
