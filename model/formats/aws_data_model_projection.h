// Copyright 2026 The eddy Authors.
//
// The loaded items of an AWS MCP data model (dynamodb_data_model.json)
// re-projected per secondary index, for the cost's projection, sparse-index
// and item-collection figures (model/formats/aws_data_model_cost.h) and the
// review's checks on them (aws_data_model_review.h). Measured on the items
// the document loads, with the engine's own arithmetic: an entry's size is
// ItemSizeBytes of the attributes the projection keeps (the table's and the
// index's key attributes, plus the included ones; ALL: the item), its write
// units capacity::WriteHalfUnits (1 KB, at least 1), a read
// capacity::ReadHalfUnits (4 KB, eventually consistent).
//
//   AwsDataModelProfile p = ProfileAwsDataModel(model, report);
//
// For each GSI and LSI (in CreateTable order, GSIs first), three options:
// ALL, KEYS_ONLY, and INCLUDE of the non-key attributes the patterns that
// read the index use (a fourth, the declared INCLUDE, when it lists other
// attributes): the names of their ProjectionExpression (or
// AttributesToGet) and FilterExpression; without a ProjectionExpression,
// the attributes their run returned (a Query of an ALL index returns every
// attribute). A pattern needs a fetch from the table under an option that
// does not project an attribute it reads.
//
// Per pattern and option, units per request, scaled from the measured ones
// (ReturnConsumedCapacity INDEXES) so that the declared projection gives
// exactly what the run measured:
//  - a write (units > 0 on the index): PutItem by its own item's entry
//    under each option; any other write by the loaded entries' write units
//    under the option over those under the declared projection;
//  - a read: by the estimated 4 KB blocks of its items (items returned x
//    the loaded entries' mean size under the option), max(1, ceil(b/4 KB));
//  - a fetch: each item returned read back from the table, eventually
//    consistent: items x the index entries' mean ReadHalfUnits / 2.
//
// Item collections (tables with an LSI): per partition-key value, the
// loaded items' sizes plus their LSI entries' (declared projections), each
// with 100 bytes of overhead (as the engine counts a collection against its
// 10 GB). A PutItem or BatchWriteItem put to such a table grows the
// collection of its item's partition key by the item and its LSI entries,
// as if each request wrote a new item (the document gives one item; a real
// client writes new keys).
//
// Approximations (said in the reports): the loaded items stand for the
// data (duplicates of one key are counted each time); the patterns' items
// returned and key values are those of the run.
//
// Thread safety: pure function. Malformed tables or items (which the run
// reports) are left out.

#ifndef EDDY_MODEL_FORMATS_AWS_DATA_MODEL_PROJECTION_H_
#define EDDY_MODEL_FORMATS_AWS_DATA_MODEL_PROJECTION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "model/formats/aws_data_model.h"

namespace eddy::model {

// One pattern's use of a secondary index under one projection, per request.
// A read pattern that failed in the run (a GSI Query asking for attributes
// the index does not project fails so) is listed with what it misses, at 0
// units.
struct AwsProjectionUse {
  size_t pattern = 0;  // its position in AwsRunReport::patterns
  bool ran = true;     // succeeded in the run
  bool write = false;
  double units = 0;        // read or write units on the index
  double fetch_units = 0;  // reads: each item read back from the table
  std::vector<std::string> missing;  // attributes read but not projected
};

struct AwsProjectionOption {
  std::string projection;  // "ALL", "KEYS_ONLY", "INCLUDE (a, b)"
  bool declared = false;   // the index's own projection
  double entry_bytes = 0;  // the loaded entries' sizes, no overhead
  double write_units = 0;  // their write units, each entry on its own
  std::vector<AwsProjectionUse> uses;
};

struct AwsIndexProfile {
  std::string table, index;
  bool global = true;
  std::string hash, range;  // the index's key attributes
  int64_t entries = 0;      // loaded items that carry the key attributes
  int64_t table_items = 0;  // loaded items of the table
  std::vector<AwsProjectionOption> options;  // ALL, KEYS_ONLY, INCLUDE..
  // The loaded items without the key attributes, had they been written to
  // the index under its declared projection; and all items' table write
  // units (the share of the table's writes they stand for).
  double others_bytes = 0, others_write_units = 0;
  double table_write_units = 0;
  // The partition-key values of the index and those its read patterns
  // read (a Query's key condition; a Scan reads all), with their entries.
  int64_t distinct_keys = 0;
  bool scanned = false;
  std::vector<std::string> queried_keys;  // DynamoDB JSON
  int64_t queried_entries = 0;
};

struct AwsCollection {
  std::string key;  // the partition-key value, DynamoDB JSON
  int64_t items = 0;
  int64_t lsi_entries = 0;
  double bytes = 0;  // items + LSI entries, 100 B each included
};

// A write pattern that adds items to a collection of a table with an LSI.
struct AwsCollectionGrowth {
  size_t pattern = 0;
  std::string key;
  double bytes_per_request = 0;  // the item and its LSI entries, overheads
  double current_bytes = 0;      // that collection's, from the loaded items
};

// A pattern that reads one partition-key value of an LSI.
struct AwsCollectionRead {
  size_t pattern = 0;
  std::string index, key;
  double units = 0;           // measured on the LSI, per request
  int64_t key_entries = 0;    // the LSI's entries under that key
  int64_t index_entries = 0;  // all the LSI's entries
};

struct AwsCollectionProfile {
  std::string table;
  std::vector<std::string> lsis;
  int64_t collections = 0;
  std::vector<AwsCollection> largest;  // up to 3, the largest first
  std::vector<AwsCollectionGrowth> growth;
  std::vector<AwsCollectionRead> reads;
};

struct AwsDataModelProfile {
  std::vector<AwsIndexProfile> indexes;
  std::vector<AwsCollectionProfile> collections;  // tables with an LSI
};

// REQUIRES: `report` comes from `model`'s run.
AwsDataModelProfile ProfileAwsDataModel(const AwsDataModel& model,
                                        const AwsRunReport& report);

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_AWS_DATA_MODEL_PROJECTION_H_
