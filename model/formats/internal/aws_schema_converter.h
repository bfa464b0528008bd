// Copyright 2026 The eddy Authors.
//
// The AWS MCP schema converter's insides, shared by aws_schema.cc (the
// document, its tables and GSIs, and LoadAwsSchema) and
// aws_schema_entities.cc (entities, their access patterns and the derived
// workload). Not part of eddy's API: nlohmann/json stays behind
// LoadAwsSchema.
//
// Thread safety: a Converter is used by one thread for one document.

#ifndef EDDY_MODEL_FORMATS_INTERNAL_AWS_SCHEMA_CONVERTER_H_
#define EDDY_MODEL_FORMATS_INTERNAL_AWS_SCHEMA_CONVERTER_H_

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/formats/aws_schema.h"
#include "nlohmann/json.hpp"

namespace eddy::model::internal::aws_schema {

using Json = nlohmann::ordered_json;

inline const std::vector<std::string> kFieldTypes = {
    "string", "integer", "decimal", "boolean", "array", "object", "uuid"};
inline const std::vector<std::string> kOperations = {
    "GetItem", "PutItem",    "DeleteItem",   "Query",
    "Scan",    "UpdateItem", "BatchGetItem", "BatchWriteItem"};
inline const std::vector<std::string> kReturnTypes = {
    "single_entity", "entity_list", "success_flag", "mixed_data", "void"};
inline const std::vector<std::string> kParameterTypes = {"string", "integer",
                                                         "boolean", "entity"};
inline const std::vector<std::string> kRangeConditions = {
    "begins_with", "between", ">=", "<=", ">", "<"};

inline std::string P(const std::string& base, std::string_view token) {
  return base + "/" + JsonPointerEscape(token);
}
inline std::string P(const std::string& base, size_t i) {
  return base + "/" + std::to_string(i);
}
inline std::string Q(std::string_view s) { return "'" + std::string(s) + "'"; }

// A member that is there and not null.
inline bool Has(const Json& obj, const char* member) {
  auto it = obj.find(member);
  return it != obj.end() && !it->is_null();
}

inline bool Contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

struct Field {
  std::string name, type;
  std::string item_type;  // an array's
  bool required = true;
};

struct Mapping {
  std::string index;
  std::string pk, sk;  // converted (${x}); sk empty when absent
};

struct Entity {
  std::string name;
  std::string pointer;
  std::string pk, sk;                  // converted templates
  std::vector<std::string> key_names;  // every placeholder, in order
  std::vector<Mapping> mappings;
  std::vector<Field> fields;
  const Json* patterns = nullptr;
  bool broken = false;
};

struct Gsi {
  std::string name, pk, sk;
  std::string projection = "ALL";
  std::vector<std::string> included;
};

class Converter {
 public:
  Converter(std::vector<ModelError>* errors, std::vector<std::string>* warnings)
      : errors_(errors), warnings_(warnings) {}

  void Convert(const Json& root, std::string_view name,
               std::vector<AwsSchemaTable>* out);

 private:
  void Error(std::string at, std::string message) {
    errors_->push_back({std::move(at), std::move(message)});
  }
  void Warn(std::string message) {
    if (warnings_ != nullptr) warnings_->push_back(std::move(message));
  }
  // The member as a string; reports a missing or mistyped one.
  const std::string* Str(const Json& obj, const char* member,
                         const std::string& at, bool required);
  bool Enum(const Json& obj, const char* member, const std::string& at,
            const std::vector<std::string>& allowed, std::string* out);
  // Converts and checks one template; "" on error (reported).
  std::string Template(const Json& obj, const char* member,
                       const std::string& at, const std::vector<Field>& fields,
                       bool required, std::vector<std::string>* names);
  void Table(const Json& t, const std::string& at, std::string_view doc_name,
             std::vector<AwsSchemaTable>* out);
  void Entities(const Json& entities, const std::string& at,
                const std::vector<Gsi>& gsis, std::vector<Entity>* out);
  // Adds the entity's patterns to `patterns` (seed form) and `writes`.
  void Patterns(const Entity& e, Json* patterns,
                std::vector<AwsRunPattern>* reads,
                std::vector<AwsRunPattern>* writes);
  Json Workload(const std::vector<Entity>& entities,
                const std::set<std::string>& key_attributes);

  std::vector<ModelError>* errors_;
  std::vector<std::string>* warnings_;
  std::set<std::string> key_attributes_;  // of the table being converted
  bool table_has_sort_key_ = true;        // of the table being converted
  std::set<std::string> entity_names_;    // across tables
  std::set<int64_t> pattern_ids_;         // across tables
};

}  // namespace eddy::model::internal::aws_schema

#endif  // EDDY_MODEL_FORMATS_INTERNAL_AWS_SCHEMA_CONVERTER_H_
