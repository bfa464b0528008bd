// Copyright 2026 The eddy Authors.

#include "model/formats/convert.h"

#include <utility>

#include "model/formats/workbench.h"
#include "nlohmann/json.hpp"

namespace eddy::model {

std::string_view ModelFormatName(ModelFormat format) {
  switch (format) {
    case ModelFormat::kSeed:
      return "seed";
    case ModelFormat::kAwsSchema:
      return "aws-schema";
    case ModelFormat::kWorkbench:
      return "workbench";
  }
  return "seed";
}

std::optional<ModelFormat> ParseModelFormat(std::string_view name) {
  for (ModelFormat f :
       {ModelFormat::kSeed, ModelFormat::kAwsSchema, ModelFormat::kWorkbench}) {
    if (ModelFormatName(f) == name) return f;
  }
  return std::nullopt;
}

ModelFormat DetectModelFormat(std::string_view json) {
  if (LooksLikeWorkbench(json)) return ModelFormat::kWorkbench;
  if (LooksLikeAwsSchema(json)) return ModelFormat::kAwsSchema;
  return ModelFormat::kSeed;
}

StatusOr<std::vector<LoadedTable>> LoadAnyModel(
    std::string_view json, std::string_view name,
    std::vector<ModelError>* errors, std::vector<std::string>* warnings) {
  std::vector<LoadedTable> out;
  switch (DetectModelFormat(json)) {
    case ModelFormat::kSeed: {
      EDDY_ASSIGN_OR_RETURN(Model m, LoadModel(json, name, errors));
      LoadedTable t;
      t.table_name = m.table.name;
      t.model = std::move(m);
      t.seed_json = std::string(json);
      out.push_back(std::move(t));
      break;
    }
    case ModelFormat::kAwsSchema: {
      EDDY_ASSIGN_OR_RETURN(std::vector<AwsSchemaTable> tables,
                            LoadAwsSchema(json, name, errors, warnings));
      for (AwsSchemaTable& a : tables) {
        out.push_back({std::move(a.table_name), std::move(a.model),
                       std::move(a.seed_json), std::move(a.reads),
                       std::move(a.writes)});
      }
      break;
    }
    case ModelFormat::kWorkbench: {
      EDDY_ASSIGN_OR_RETURN(std::vector<WorkbenchTable> tables,
                            LoadWorkbench(json, name, errors, warnings));
      for (WorkbenchTable& w : tables) {
        out.push_back({std::move(w.table_name),
                       std::move(w.model),
                       std::move(w.seed_json),
                       {}});
      }
      break;
    }
  }
  return out;
}

StatusOr<std::string> ConvertModel(std::string_view json, std::string_view name,
                                   const ConvertOptions& options,
                                   std::vector<ModelError>* errors,
                                   std::vector<std::string>* warnings) {
  using Json = nlohmann::ordered_json;
  auto warn = [&](std::string w) {
    if (warnings != nullptr) warnings->push_back(std::move(w));
  };
  EDDY_ASSIGN_OR_RETURN(std::vector<LoadedTable> tables,
                        LoadAnyModel(json, name, errors, warnings));
  if (!options.table.empty()) {
    std::vector<LoadedTable> chosen;
    std::string names;
    for (LoadedTable& t : tables) {
      names += (names.empty() ? "" : ", ") + t.table_name;
      if (t.table_name == options.table) chosen.push_back(std::move(t));
    }
    if (chosen.empty()) {
      return Status::Validation("no table named \"" + options.table +
                                "\" (the document has " + names + ")");
    }
    tables = std::move(chosen);
  }
  for (const LoadedTable& t : tables) {
    if (!t.writes.empty() && options.to != ModelFormat::kAwsSchema) {
      warn("table " + t.table_name + ": " + std::to_string(t.writes.size()) +
           " write patterns (PutItem, UpdateItem, DeleteItem, "
           "BatchWriteItem) are not kept: the target's patterns are reads");
    }
    if (!t.reads.empty() && options.to != ModelFormat::kAwsSchema) {
      warn("table " + t.table_name + ": " + std::to_string(t.reads.size()) +
           " Scan and BatchGetItem patterns are not kept: the target's "
           "patterns are queries");
    }
  }
  switch (options.to) {
    case ModelFormat::kSeed: {
      if (tables.size() != 1) {
        std::string names;
        for (const LoadedTable& t : tables) {
          names += (names.empty() ? "" : ", ") + t.table_name;
        }
        return Status::Validation(
            "the document has " + std::to_string(tables.size()) + " tables (" +
            names +
            "), and a seed document holds one: choose one with --table");
      }
      Json doc = Json::parse(tables[0].seed_json, nullptr, false);
      return doc.dump(2) + "\n";
    }
    case ModelFormat::kWorkbench: {
      Json merged;
      for (const LoadedTable& t : tables) {
        if (!t.model.table.local_secondary_indexes.empty()) {
          warn("table " + t.table_name +
               ": its local secondary indexes are not kept (a NoSQL "
               "Workbench model holds GSIs only; the seed format and "
               "CreateTable hold LSIs)");
        }
        EDDY_ASSIGN_OR_RETURN(
            std::string one,
            ModelToWorkbench(t.model, options.samples, warnings));
        Json doc = Json::parse(one);
        if (merged.is_null()) {
          merged = std::move(doc);
        } else {
          merged["DataModel"].push_back(doc["DataModel"][0]);
        }
      }
      return merged.dump(2) + "\n";
    }
    case ModelFormat::kAwsSchema: {
      Json merged;
      for (const LoadedTable& t : tables) {
        if (!t.model.table.local_secondary_indexes.empty()) {
          warn("table " + t.table_name +
               ": its local secondary indexes are not kept (the schema's "
               "gsi_list holds GSIs only, and the schema has no LSI list)");
        }
        Json doc = Json::parse(ModelToAwsSchema(t.model, warnings));
        if (!t.writes.empty() || !t.reads.empty()) {
          warn("table " + t.table_name +
               ": its Scan, BatchGetItem and write patterns are not carried "
               "through eddy's model (convert keeps Query and GetItem)");
        }
        if (merged.is_null()) {
          merged = std::move(doc);
        } else {
          merged["tables"].push_back(doc["tables"][0]);
        }
      }
      return merged.dump(2) + "\n";
    }
  }
  return Status::Internal("unknown target format");
}

}  // namespace eddy::model
