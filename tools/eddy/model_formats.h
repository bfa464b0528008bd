// Copyright 2026 The eddy Authors.
//
// `eddy model` for the formats other than the seed's (model/formats/): an
// AWS MCP schema.json or a NoSQL Workbench model is validated and run table
// by table, and `eddy model convert` moves a design between the formats.

#ifndef EDDY_TOOLS_EDDY_MODEL_FORMATS_H_
#define EDDY_TOOLS_EDDY_MODEL_FORMATS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/formats/convert.h"

namespace eddy::cli {

// Whether the file holds an AWS schema or a Workbench model (detected by
// shape). False when it cannot be read: the seed path reports that.
bool IsOtherModelFormat(const std::string& file);

// `eddy model validate FILE` for such a file. Exit status as validate's.
int ValidateOtherFormat(const std::string& file);

// Every table of such a file as eddy models (with an AWS schema's Scan,
// BatchGetItem and write patterns), errors and warnings printed to stderr
// prefixed with `file`. Nullopt when the file cannot be read or is invalid.
// `eddy model run` runs each table as it runs a seed model (the same
// report, cost, review, --html and --endpoint).
std::optional<std::vector<model::LoadedTable>> LoadOtherFormatTables(
    const std::string& file);

// `eddy model generate FILE` for such a file: every table's items, one
// DynamoDB JSON item per line (tables in document order). Exit status as
// generate's.
int GenerateOtherFormat(const std::string& file, std::optional<int64_t> scale,
                        std::optional<int64_t> seed);

// `eddy model convert IN OUT --to seed|workbench|aws-schema [--table NAME]
// [--samples N]`.
int ConvertModelCommand(const std::vector<std::string>& args);

}  // namespace eddy::cli

#endif  // EDDY_TOOLS_EDDY_MODEL_FORMATS_H_
