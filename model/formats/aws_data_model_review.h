// Copyright 2026 The eddy Authors.
//
// The design review (model/review.h's checks) on an AWS MCP data model
// (dynamodb_data_model.json): the format has tables, items and commands, no
// entity templates, so the checks read the items the document loads, the
// key schemas of its CreateTable requests, and the run's measured units and
// the cost's rates (model/formats/aws_data_model_cost.h). Every finding
// names the table, index or pattern and the number behind it (`figure`).
// The checks, in the order reported:
//
//  hot-partition-key   a table or GSI whose items (those that have its key
//                      attributes) share one partition-key value, or have
//                      fewer than `min_distinct_keys` distinct values over
//                      at least 10x as many items: the write rate to the
//                      index at which the largest key's partition reaches
//                      1,000 WCU/s (from the measured write units per entry
//                      of the load, and assuming writes follow the loaded
//                      items' key distribution), for a constant key the
//                      request rate at which each read pattern on the index
//                      reaches 3,000 RCU/s, and with the traffic given the
//                      rates it gives; figure: the lowest limit rate;
//  skewed-gsi          a GSI whose largest partition key holds more than
//                      `skew_share` of its entries and at least
//                      `skew_factor` x the mean; figure: that share;
//  large-item          a table's items over 4 KB, or of 350 KB or more
//                      (DynamoDB's item size, ItemSizeBytes); figure: how
//                      many;
//  scan                a Scan pattern that ran: its items and read units per
//                      request, and with the traffic the RCU/s (a warning
//                      when its rate is above 0); figure: the units per
//                      request;
//  many-gsis           a table's items each written to at least `many_gsis`
//                      GSIs; figure: the GSI write units per item loaded;
//  projection          a secondary index whose declared projection costs
//                      at least 10% more a month (on demand, its fetches
//                      included) than another option (ALL, KEYS_ONLY,
//                      INCLUDE of what its patterns read: the cost's
//                      `projections`), or that lacks attributes a pattern
//                      reads (a warning on a GSI, whose Query cannot fetch
//                      them); figure: the dollars a month saved;
//  sparse-index        a GSI whose key is on at least
//                      `sparse_carried_share` of the items, over fewer than
//                      `min_distinct_keys` values, while its patterns'
//                      Queries read at most `sparse_read_share` of its
//                      entries: make it sparse; figure: the dollars a month
//                      the unread entries' writes and storage cost;
//  lsi-collection      every table with an LSI: its largest item
//                      collection (items + LSI entries, 100 B each) and,
//                      when a write pattern adds items at a rate, the
//                      months until that collection reaches 10 GB (else it
//                      says the figures are the loaded data's only);
//                      figure: the months, or the largest's bytes;
//  lsi-hot-key         a Query of an LSI: the share of its entries under
//                      the key it reads, and the request rate at which that
//                      partition reaches 3,000 RCU/s; figure: that rate.
// Not checked for this format (it has no entity templates or traffic of
// writes per entity): monotonic sort keys. Key values are compared as their
// DynamoDB JSON after eddy's decoding (so {"N":"01"} and {"N":"1"} are one
// key).
//
//   std::vector<Finding> f = ReviewAwsDataModel(model, report, cost);
//   std::cout << FormatFindingsText(f);
//
// Thread safety: pure function. Malformed items or tables (which the run
// reports as errors) are left out of the checks, never a crash.

#ifndef EDDY_MODEL_FORMATS_AWS_DATA_MODEL_REVIEW_H_
#define EDDY_MODEL_FORMATS_AWS_DATA_MODEL_REVIEW_H_

#include <vector>

#include "model/formats/aws_data_model.h"
#include "model/formats/aws_data_model_cost.h"
#include "model/review.h"

namespace eddy::model {

// REQUIRES: `report` and `cost` come from `model`'s run.
std::vector<Finding> ReviewAwsDataModel(const AwsDataModel& model,
                                        const AwsRunReport& report,
                                        const AwsDataModelCost& cost,
                                        const ReviewOptions& options = {});

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_AWS_DATA_MODEL_REVIEW_H_
