// Copyright 2026 The eddy Authors.
//
// The model formats eddy reads, told apart by their shape, and conversion
// between them (`eddy model convert IN OUT --to seed|workbench|aws-schema`):
//
//   seed        the first seed's access-pattern document with eddy's
//               extensions (model/README.md), one table
//   aws-schema  the AWS MCP server's code-generation schema.json
//               (aws_schema.h), one or more tables
//   workbench   a NoSQL Workbench data model (workbench.h), one or more
//               tables
//
// A document is a Workbench model when its root has a "DataModel" array, an
// AWS schema when its "tables" array's first element has "table_config",
// and a seed document otherwise.
//
// Thread safety: reentrant.

#ifndef EDDY_MODEL_FORMATS_CONVERT_H_
#define EDDY_MODEL_FORMATS_CONVERT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "model/formats/aws_schema.h"
#include "model/model.h"

namespace eddy::model {

enum class ModelFormat { kSeed, kAwsSchema, kWorkbench };

// "seed", "aws-schema", "workbench".
std::string_view ModelFormatName(ModelFormat format);
// nullopt for any other name.
std::optional<ModelFormat> ParseModelFormat(std::string_view name);

ModelFormat DetectModelFormat(std::string_view json);

// One runnable table of a document of any format.
struct LoadedTable {
  std::string table_name;
  Model model;
  std::string seed_json;              // the table as a seed document
  std::vector<AwsRunPattern> reads;   // AWS schema Scan, BatchGetItem
  std::vector<AwsRunPattern> writes;  // AWS schema write patterns
};

// Loads a document of any format (detected), every table. Errors as
// LoadModel's (pointers into the document itself); approximations of the
// conversion in *warnings.
StatusOr<std::vector<LoadedTable>> LoadAnyModel(
    std::string_view json, std::string_view name,
    std::vector<ModelError>* errors = nullptr,
    std::vector<std::string>* warnings = nullptr);

struct ConvertOptions {
  ModelFormat to = ModelFormat::kSeed;
  // The table to take when the source has several and the target holds
  // one (seed); empty: the source must have one table.
  std::string table;
  int samples = 5;  // workbench: generated items per entity type
};

// Converts a document. Errors: the source's (ValidationException, with
// *errors filled), "the document has N tables (a, b): choose one with
// --table" for a seed target, "no table named x", or Generate's for
// workbench sample data. What the target cannot hold goes to *warnings.
StatusOr<std::string> ConvertModel(
    std::string_view json, std::string_view name, const ConvertOptions& options,
    std::vector<ModelError>* errors = nullptr,
    std::vector<std::string>* warnings = nullptr);

}  // namespace eddy::model

#endif  // EDDY_MODEL_FORMATS_CONVERT_H_
