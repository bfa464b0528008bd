// Copyright 2026 The eddy Authors.
//
// NoSQL Workbench data models: the JSON that NoSQL Workbench for DynamoDB
// imports and exports (its data modeler's "Export model"):
//
//   {"ModelName": "kayak",
//    "ModelMetadata": {"Author": "...", "DateCreated": "...",
//                      "DateLastModified": "...", "Description": "...",
//                      "AWSService": "Amazon DynamoDB", "Version": "3.0"},
//    "DataModel": [{
//      "TableName": "kayak",
//      "KeyAttributes": {"PartitionKey": {"AttributeName": "PK",
//                                         "AttributeType": "S"},
//                        "SortKey": {"AttributeName": "SK",
//                                    "AttributeType": "S"}},
//      "NonKeyAttributes": [{"AttributeName": "PK1", "AttributeType": "S"}],
//      "TableFacets": [{"FacetName": "storeMetadata",
//                       "KeyAttributeAlias": {"PartitionKeyAlias": "...",
//                                             "SortKeyAlias": "..."},
//                       "TableData": [], "NonKeyAttributes": ["PK1"],
//                       "DataAccess": {"MySql": {}}}],
//      "GlobalSecondaryIndexes": [{"IndexName": "GSI1",
//                                  "KeyAttributes": {...},
//                                  "Projection": {"ProjectionType": "ALL"}}],
//      "TableData": [{"PK": {"S": "..."}, ...}],
//      "DataAccess": {"MySql": {}},
//      "BillingMode": "PAY_PER_REQUEST"}]}
//
// Import (LoadWorkbench): each table becomes one eddy Model by way of a
// seed-format document (model/README.md). Each facet is an entity shape
// named by FacetName. Its table-key templates come from its key aliases when
// they are templates (`${x}`, `{x}` or `<x>` placeholders), else from its
// sample items (TableData items whose `entityType` is the facet's name, or
// whose keys its aliases match): a '#'-separated segment equal to a value of
// the item (an S attribute, or a placeholder solved from the other key) is
// that placeholder, anything else literal; with no sample item a plain alias
// is one placeholder named after it. Its index keys are inferred from its
// sample items the same way (Workbench has no templates for them); a facet
// with no sample item carrying an index's keys is not in that index. A
// placeholder with one value across all the sample items is a workload
// constant. Each facet gets one executable pattern (a Query of its partition
// key, begins_with its sort key's literal prefix), and a workload like the
// AWS schema's (key placeholders are fresh ULIDs or picked from the facet
// that owns them; non-key attributes get values of their AttributeType).
//
// Export (ModelToWorkbench): the model's table, its entity shapes as facets
// (key aliases are the seed templates, `${x}`), its GSIs, and `samples`
// generated items of each entity type as TableData, all attributes listed
// with their types. Deterministic for a model, seed and sample count (the
// dates are the workload clock's start).
//
// Errors point into the Workbench document with RFC 6901 JSON pointers
// ("/DataModel/0/KeyAttributes/SortKey"). A table without a sort key, or
// with a key attribute that is not S, is refused (eddy's model runner needs
// string PK and SK).
//
// Thread safety: reentrant.

#ifndef EDDY_MODEL_FORMATS_WORKBENCH_H_
#define EDDY_MODEL_FORMATS_WORKBENCH_H_

#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "model/model.h"

namespace eddy::model {

struct WorkbenchTable {
  std::string table_name;
  std::string seed_json;  // the table as a seed-format document
  Model model;
};

// Whether `json` parses to an object with a "DataModel" array.
bool LooksLikeWorkbench(std::string_view json);

// Parses and converts every table. On failure returns ValidationException
// whose message is the first error's ToString(), and appends every error to
// *errors (when non-null); approximations go to *warnings.
StatusOr<std::vector<WorkbenchTable>> LoadWorkbench(
    std::string_view json, std::string_view name = "workbench",
    std::vector<ModelError>* errors = nullptr,
    std::vector<std::string>* warnings = nullptr);

// The model as a Workbench model with `samples` generated items of each
// entity type (none when the model has no workload). Errors: Generate's.
StatusOr<std::string> ModelToWorkbench(
    const Model& model, int samples = 5,
    std::vector<std::string>* warnings = nullptr);

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_WORKBENCH_H_
