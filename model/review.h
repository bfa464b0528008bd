// Copyright 2026 The eddy Authors.
//
// ReviewDesign: the second seed's design advice (shared/seeds/README.md,
// "designing for uniform workloads") as checks on a model, its generated
// data (model/profile.h), its run (model/runner.h) and a traffic mix. Every
// finding names the entity type, pattern or index and the number behind it;
// none is made without its figure. The checks, in the order reported:
//
//  hot-partition-key   an index key template that renders to one value
//                      whatever the item (a constant such as
//                      "${version}#stores"), or one whose entity type has
//                      fewer than `min_distinct_keys` distinct values over
//                      at least 10× as many items: the request rate at which
//                      that key reaches a partition's 3,000 read units or
//                      1,000 write units per second (from the measured units
//                      per request and per write), and the traffic's rate
//                      when it is given;
//  large-item          items over 4 KB (each read costs more than one unit)
//                      and items of 350 KB or more (near the 400 KB limit):
//                      suggest splitting into chunks, compressing, or an
//                      external store with a pointer;
//  lsi-collection      on a table with a local secondary index, the largest
//                      item collection and, with the traffic's writes, the
//                      months until a collection reaches 10 GB;
//  monotonic-sort-key  a sort key that only grows (ULID or timestamp first)
//                      while its partition takes at least
//                      `write_heavy_units` write units per second: every
//                      write goes to the end of the key range, so a split
//                      for heat cannot spread them;
//  skewed-gsi          a GSI whose largest partition key holds more than
//                      `skew_share` of its entries and at least
//                      `skew_factor` × the mean (constant keys are reported
//                      as hot-partition-key instead);
//  full-read           a pattern that reads, on average, at least
//                      `full_read_share` of its index's entries and at least
//                      `full_read_items` items per request: a Scan in effect,
//                      whose cost grows with the data;
//  scan                a Scan pattern (a format that has them: the AWS MCP
//                      schema): the items and RCU per request, and the RCU
//                      per second at the traffic's rate; reported instead
//                      of full-read, whose threshold it does not need;
//  many-gsis           an entity type written to at least `many_gsis` GSIs:
//                      each write costs that many extra index writes.
//
// A model without a local secondary index gets no lsi-collection finding:
// Analyze sets ReviewOptions::lsi when the table declares one
// (TableDefinition::local_secondary_indexes).
//
// Thread safety: pure function.

#ifndef EDDY_MODEL_REVIEW_H_
#define EDDY_MODEL_REVIEW_H_

#include <string>
#include <vector>

#include "model/model.h"
#include "model/profile.h"
#include "model/runner.h"

namespace eddy::model {

// A partition's throughput limits, per second (DynamoDB's documented
// per-partition maximums).
inline constexpr double kPartitionReadUnits = 3000;
inline constexpr double kPartitionWriteUnits = 1000;

// The advice the checks end their messages with, shared by every format's
// review (model/formats/aws_data_model_review.h).
inline constexpr const char* kShardKeyAdvice =
    "Shard the key (a suffix #0..#N written at random and read by "
    "scatter-gather) or cache the reads.";
inline constexpr const char* kNearLimitAdvice =
    "Split the large attribute into chunk items under a metadata item, "
    "compress it, or keep it in an external store (S3) with a pointer.";
inline constexpr const char* kLargeItemAdvice =
    "Keep items at 1-4 KB: move rarely read large attributes to a separate "
    "item or an external store.";

enum class Severity { kWarning, kNote };
std::string_view SeverityName(Severity s);  // "warning", "note"

struct Finding {
  std::string check;  // "hot-partition-key", ...
  Severity severity = Severity::kNote;
  std::string subject;  // "entity storeMetadata", "pattern 1", "index GSI1"
  std::string message;  // the finding with its figures and a suggestion
  double figure = 0;    // the number behind it (see each check's message)
};

struct ReviewOptions {
  int64_t min_distinct_keys = 10;
  double write_heavy_units = 100;  // per partition key, per second
  double skew_share = 0.2;
  double skew_factor = 10;
  double full_read_share = 0.5;
  double full_read_items = 100;
  int many_gsis = 4;
  // sparse-index (the AWS data model's review): a GSI whose key is on at
  // least `sparse_carried_share` of the items, over fewer than
  // `min_distinct_keys` values, while its patterns read at most
  // `sparse_read_share` of its entries.
  double sparse_carried_share = 0.9;
  double sparse_read_share = 0.25;
  // The table has a local secondary index (see above).
  bool lsi = false;
};

// "Design review (N findings)" and each finding on two lines, as the text
// reports print it (model/analysis.cc, the AWS data model's report).
std::string FormatFindingsText(const std::vector<Finding>& findings);

// Traffic: the model's (or the nominal one, model/cost.h TrafficFor);
// `nominal` says it was not given, and the rate-dependent checks then give
// the limit rates without comparing them.
std::vector<Finding> ReviewDesign(const Model& model,
                                  const DataProfile& profile,
                                  const RunReport& run, const Traffic& traffic,
                                  bool nominal,
                                  const ReviewOptions& options = {});

}  // namespace eddy::model

#endif  // EDDY_MODEL_REVIEW_H_
