// Copyright 2026 The eddy Authors.
//
// The AWS MCP schema format: the `schema.json` that the DynamoDB MCP
// server's repository-generation tool reads (awslabs' MCP servers,
// src/dynamodb-mcp-server, repo_generation_tool/core/schema_definitions.py):
//
//   {"tables": [{
//     "table_config": {"table_name": "Shop", "partition_key": "pk",
//                      "sort_key": "sk"},
//     "gsi_list": [{"name": "ByStatus", "partition_key": "gsi1pk",
//                   "sort_key": "gsi1sk", "projection": "ALL"}],
//     "entities": {
//       "Order": {
//         "entity_type": "ORDER",
//         "pk_template": "USER#{user_id}", "sk_template": "ORDER#{order_id}",
//         "gsi_mappings": [{"name": "ByStatus", "pk_template": "{status}",
//                           "sk_template": "{order_id}"}],
//         "fields": [{"name": "user_id", "type": "string", "required": true},
//                    ...],
//         "access_patterns": [{"pattern_id": 1, "name": "get_user_orders",
//                              "description": "...", "operation": "Query",
//                              "parameters": [{"name": "user_id",
//                                              "type": "string"}],
//                              "return_type": "entity_list"}]}}}]}
//
// Each table becomes one eddy Model (model.h) by way of a seed-format
// document (model/README.md), which is what `eddy model convert --to seed`
// writes: `{field}` placeholders become `${field}`, each entity one entity
// shape whose entityType is the entity's name, each gsi_mapping the shape's
// keys for that index, and a "workload" is derived from the fields (key
// placeholders get fresh ULIDs, or are picked from an earlier entity that
// owns them, child entities are generated per parent; index-only
// placeholders and other fields get values of their type). Query and GetItem
// patterns become executable patterns (a GetItem is run as a Query on the full
// primary key: the same item and read units for one item); Scan and
// BatchGetItem patterns are run by RunAwsSchemaTable after them. Write patterns
// (PutItem, UpdateItem, DeleteItem, BatchWriteItem) are run after the reads by
// RunAwsSchemaTable and checked for their effect.
//
// Errors point into the AWS document with RFC 6901 JSON pointers
// ("/tables/0/entities/Order/access_patterns/1/range_condition") and follow
// the tool's own validator: required members, enum values, unique
// pattern_ids, template syntax, template parameters that are entity fields,
// gsi_mappings and index_name naming a gsi_list entry, range_condition only
// on Query with 2 (3 for between) parameters.
//
// A placeholder that appears only in an entity's index keys is the item's
// own field (the workload gives it a value of the field's type with few
// distinct values, bound by the attribute of that name); array fields are
// lists of their item_type, object fields maps.
//
// Limits of the mapping (each reported, none silent): a table without a
// sort key is refused (eddy's model runner needs one); primary-key
// placeholders are S values whatever their field type.
//
// Thread safety: the functions are reentrant; the values are immutable.

#ifndef EDDY_MODEL_FORMATS_AWS_SCHEMA_H_
#define EDDY_MODEL_FORMATS_AWS_SCHEMA_H_

#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "model/model.h"
#include "model/runner.h"

namespace eddy::model {

// A pattern eddy runs itself rather than as a seed-format pattern: a Scan
// or BatchGetItem (run after the Query patterns), or a write (run last).
struct AwsRunPattern {
  int pattern_id = 0;
  std::string name;              // "create_order [PutItem, pattern_id 2]"
  std::string operation;         // Scan, BatchGetItem, PutItem, UpdateItem,
                                 // DeleteItem, BatchWriteItem
  std::string entity;            // the entity's name (its entityType in eddy)
  std::string index_name;        // Scan only; empty: the table
  bool consistent_read = false;  // Scan, BatchGetItem
  // UpdateItem: the non-key fields it sets (its parameters that name
  // fields; the entity's first non-key field when none do).
  std::vector<std::string> update_fields;
};

// One table of the document.
struct AwsSchemaTable {
  std::string table_name;
  std::string seed_json;  // the table as a seed-format document
  Model model;
  std::vector<AwsRunPattern> reads;   // Scan, BatchGetItem
  std::vector<AwsRunPattern> writes;  // in document order
};

// Whether `json` parses to an object whose "tables" array's first element
// has a "table_config" member (the shape of this format).
bool LooksLikeAwsSchema(std::string_view json);

// Parses, validates and converts. On failure returns ValidationException
// whose message is the first error's ToString() and appends every error to
// *errors (when non-null). Notes on what the mapping approximates go to
// *warnings (when non-null). `name` prefixes each model's name
// ("<name>.<table_name>").
StatusOr<std::vector<AwsSchemaTable>> LoadAwsSchema(
    std::string_view json, std::string_view name = "schema",
    std::vector<ModelError>* errors = nullptr,
    std::vector<std::string>* warnings = nullptr);

// The model as an AWS schema document (one table). What the format cannot
// hold is reported in *warnings: the workload (counts, constants, attribute
// generators; fields keep only their type), filters, plain-string patterns,
// "=" conditions on an index, patterns whose partition key has more than
// one placeholder where the tool expects one parameter.
std::string ModelToAwsSchema(const Model& model,
                             std::vector<std::string>* warnings = nullptr);

// Runs the table's model (RunModel), then its Scan and BatchGetItem
// patterns, then its write patterns, each `runs` times (10 at most for a
// Scan; a BatchGetItem run reads 25 items of the entity, a BatchWriteItem
// run writes 25): a Scan (all pages) must return exactly the primary keys of
// the generated items in its table or index; a BatchGetItem exactly the
// generated items it asked for. PutItem and
// BatchWriteItem write a new item of the entity (an existing item's values
// with fresh key values) and read it back with a consistent GetItem;
// UpdateItem sets its fields on an existing item and reads back the new
// values with everything else unchanged; DeleteItem deletes an existing item
// and checks that GetItem no longer finds it. Their reports (operation,
// write units) follow the reads' in RunReport::patterns. Errors: Generate's
// and RunModel's (ValidationException, or CreateTable's/BatchWriteItem's);
// a pattern that fails its check is not an error, it is in the report
// (RunReport::ok() is false).
StatusOr<RunReport> RunAwsSchemaTable(const AwsSchemaTable& table,
                                      const RunOptions& options = {});

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_AWS_SCHEMA_H_
