// Copyright 2026 The eddy Authors.
//
// Tables and their items from DynamoDB JSON, for tests (part of eddy::testing):
// a CreateTable request body, items as JSON lines, or an access-pattern model
// (model/README.md) with the data its workload generates.
//
//   eddy::Database db;
//   ASSERT_OK(eddy_testing::CreateTableFromJson(db, R"({
//       "TableName": "rentals",
//       "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
//       "AttributeDefinitions": [{"AttributeName": "PK",
//                                 "AttributeType": "S"}],
//       "BillingMode": "PAY_PER_REQUEST"})"));
//   ASSERT_OK_AND_ASSIGN(int64_t n, eddy_testing::PutItemsFromJsonLines(
//       db, "rentals", R"({"PK": {"S": "store#1"}, "open": {"BOOL": true}})"));
//   ASSERT_OK_AND_ASSIGN(eddy::Item store, eddy_testing::GetItemByKey(
//       db, "rentals", {{"PK", eddy::AttributeValue::S("store#1")}}));
//
//   ASSERT_OK_AND_ASSIGN(eddy_testing::LoadedModel kayak,
//                        eddy_testing::LoadModelFile(db, "model/kayak.json"));
//   // kayak.model.table.name == "kayak"; kayak.data.items: every item written
//
// Formats
// - A CreateTable body is exactly what an SDK sends (and what
//   `aws dynamodb create-table --cli-input-json` reads): it goes through
//   eddy's JSON API, with DynamoDB's checks and messages.
// - JSON lines: one item per line in DynamoDB JSON ({"PK": {"S": "a"}, ...},
//   the format of `eddy model generate`). Blank lines and lines starting
//   with '#' are skipped. Each item is written with PutItem, in order, so a
//   later line with the same key replaces an earlier one.
// - A model is loaded and validated as `eddy model validate` does, its table
//   (with its GSIs unless create_indexes is false) is created, and the
//   workload's data (`eddy model generate`) is written with PutItem.
//
// Errors: the Status of the step that failed, its message prefixed with
// where: "rentals.jsonl:3: " for a line of a file ("line 3: " for text),
// "CreateTable: ", "PutItem: ", or the path of a file that cannot be read
// (ResourceNotFoundException "cannot read <path>: <reason>"). A model that
// does not validate is a ValidationException listing every error, one per
// line. Loading stops at the first line that fails; the items before it stay
// written.
//
// Thread safety: as safe as the Database; the functions keep no state.

#ifndef EDDY_EMULATOR_TESTING_TABLES_H_
#define EDDY_EMULATOR_TESTING_TABLES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "model/generator.h"
#include "model/model.h"

namespace eddy_testing {

// Creates the table described by a CreateTable request body (JSON).
eddy::Status CreateTableFromJson(eddy::Database& db,
                                 std::string_view create_table_json);
eddy::Status CreateTableFromJsonFile(eddy::Database& db,
                                     const std::string& path);

// Writes the items of `json_lines` (one DynamoDB JSON item per line) to
// `table`; returns how many were written.
eddy::StatusOr<int64_t> PutItemsFromJsonLines(eddy::Database& db,
                                              std::string_view table,
                                              std::string_view json_lines);
eddy::StatusOr<int64_t> PutItemsFromJsonLinesFile(eddy::Database& db,
                                                  std::string_view table,
                                                  const std::string& path);

struct ModelOptions {
  std::optional<int64_t> scale;  // default: the workload's ("scale", or 1)
  std::optional<uint64_t> seed;  // default: the workload's
  bool create_indexes = true;    // false: the table without its GSIs
};

// A model and the data written for it. data.items[i].item is the i-th item
// written; its bindings (storeULID, ...) are also attributes of the item.
struct LoadedModel {
  eddy::model::Model model;
  eddy::model::GeneratedData data;
};

// Loads and validates a model document (or file), creates its table and
// writes its generated data. A model without a "workload" member has no data:
// the table is created and `data` is empty.
eddy::StatusOr<LoadedModel> LoadModelJson(eddy::Database& db,
                                          std::string_view model_json,
                                          const ModelOptions& options = {});
eddy::StatusOr<LoadedModel> LoadModelFile(eddy::Database& db,
                                          const std::string& path,
                                          const ModelOptions& options = {});

// The item with this primary key, read consistently. ResourceNotFoundException
// "table \"t\" has no item with key {...}" when there is none; GetItem's own
// errors otherwise (no such table, a key that does not match the schema).
eddy::StatusOr<eddy::Item> GetItemByKey(eddy::Database& db,
                                        std::string_view table, eddy::Item key);

// Every item of the table (or of one of its indexes), over all pages, read
// consistently from a table, in Scan order.
eddy::StatusOr<std::vector<eddy::Item>> ScanAll(
    eddy::Database& db, std::string_view table,
    std::optional<std::string> index_name = std::nullopt);

}  // namespace eddy_testing

#endif  // EDDY_EMULATOR_TESTING_TABLES_H_
