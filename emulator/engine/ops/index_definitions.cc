// Copyright 2026 The eddy Authors.

#include "emulator/engine/ops/index_definitions.h"

#include <algorithm>
#include <set>

#include "emulator/engine/ops/on_demand_throughput.h"
#include "emulator/types/limits.h"

namespace eddy::engine {
namespace {

constexpr char kInvalid[] = "One or more parameter values were invalid: ";

std::string Join(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  return out;
}

std::vector<std::string> Names(const std::vector<KeySchemaElement>& keys) {
  std::vector<std::string> out;
  for (const auto& k : keys) out.push_back(k.attribute_name);
  return out;
}

std::vector<std::string> Defined(const CreateTableRequest& r) {
  std::vector<std::string> out;
  for (const auto& d : r.attribute_definitions) out.push_back(d.attribute_name);
  return out;
}

bool Contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

Status CheckProjection(const Projection& projection) {
  if (!projection.projection_type) {
    return Status::Validation(std::string(kInvalid) +
                              "Unknown ProjectionType: null");
  }
  const ProjectionType type = *projection.projection_type;
  if (type != ProjectionType::kInclude &&
      !projection.non_key_attributes.empty()) {
    return Status::Validation(std::string(kInvalid) + "ProjectionType is " +
                              std::string(ProjectionTypeName(type)) +
                              ", but NonKeyAttributes is specified");
  }
  if (type == ProjectionType::kInclude &&
      projection.non_key_attributes.empty()) {
    return Status::Validation(
        std::string(kInvalid) +
        "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
  }
  std::set<std::string> seen;
  for (const std::string& a : projection.non_key_attributes) {
    if (!seen.insert(a).second) {
      return Status::Validation(std::string(kInvalid) +
                                "Duplicate element in NonKeyAttributes: " + a);
    }
  }
  return Status::OK();
}

Status CheckKeySchema(const std::vector<KeySchemaElement>& key_schema,
                      const std::vector<std::string>& defined) {
  const std::vector<std::string> keys = Names(key_schema);
  for (const std::string& k : keys) {
    if (!Contains(defined, k)) {
      return Status::Validation(std::string(kInvalid) +
                                "Some index key attributes are not defined in "
                                "AttributeDefinitions. Keys: [" +
                                Join(keys) + "], AttributeDefinitions: [" +
                                Join(defined) + "]");
    }
  }
  if (keys.size() == 2 && keys[0] == keys[1]) {
    return Status::Validation(
        "Both the Hash Key and the Range Key element in the KeySchema have the "
        "same name");
  }
  if (key_schema[0].key_type != KeyType::kHash) {
    return Status::Validation(
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (keys.size() == 2 && key_schema[1].key_type != KeyType::kRange) {
    return Status::Validation(
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key "
        "type");
  }
  return Status::OK();
}

Status CheckGsiKeySchema(const std::vector<KeySchemaElement>& key_schema,
                         const std::vector<std::string>& defined) {
  if (key_schema.size() <= 2) return CheckKeySchema(key_schema, defined);
  // A multi-attribute key: up to four HASH attributes, then up to four
  // RANGE attributes (correctness_rules.md a.2).
  const std::vector<std::string> keys = Names(key_schema);
  for (const std::string& k : keys) {
    if (!Contains(defined, k)) {
      return Status::Validation(std::string(kInvalid) +
                                "Some index key attributes are not defined in "
                                "AttributeDefinitions. Keys: [" +
                                Join(keys) + "], AttributeDefinitions: [" +
                                Join(defined) + "]");
    }
  }
  if (key_schema[0].key_type != KeyType::kHash) {
    return Status::Validation(
        "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  int hashes = 0, ranges = 0;
  for (const KeySchemaElement& k : key_schema) {
    if (k.key_type == KeyType::kHash) {
      if (ranges > 0) {
        return Status::Validation(std::string(kInvalid) +
                                  "All HASH key attributes must precede RANGE "
                                  "key attributes in the KeySchema");
      }
      ++hashes;
    } else {
      ++ranges;
    }
  }
  if (hashes > limits::kMaxIndexKeyAttributes) {
    return Status::Validation(std::string(kInvalid) +
                              "The KeySchema exceeds the maximum allowed "
                              "number of HASH key attributes");
  }
  if (ranges > limits::kMaxIndexKeyAttributes) {
    return Status::Validation(std::string(kInvalid) +
                              "The KeySchema exceeds the maximum allowed "
                              "number of RANGE key attributes");
  }
  std::set<std::string> distinct(keys.begin(), keys.end());
  if (distinct.size() != keys.size()) {
    return Status::Validation(
        "The KeySchema contains multiple key attributes with the same name");
  }
  return Status::OK();
}

namespace {

constexpr std::string_view kNameTooLong =
    "Member must have length less than or equal to 255";
constexpr std::string_view kNameEmpty =
    "Member must have length greater than or equal to 1";

void CheckNameLength(const std::string& name, const std::string& path,
                     ValidationErrors& errors) {
  if (name.empty()) {
    errors.Add("''", path, kNameEmpty);
  } else if (static_cast<int64_t>(name.size()) >
             limits::kMaxKeyAttributeNameBytes) {
    errors.Add("'" + name + "'", path, kNameTooLong);
  }
}

}  // namespace

void CheckKeySchemaNameLengths(const std::vector<KeySchemaElement>& keys,
                               const std::string& path,
                               ValidationErrors& errors) {
  for (size_t i = 0; i < keys.size(); ++i) {
    CheckNameLength(
        keys[i].attribute_name,
        path + "." + std::to_string(i + 1) + ".member.attributeName", errors);
  }
}

void CheckDefinitionNameLengths(const std::vector<AttributeDefinition>& defs,
                                ValidationErrors& errors) {
  for (size_t i = 0; i < defs.size(); ++i) {
    CheckNameLength(defs[i].attribute_name,
                    "attributeDefinitions." + std::to_string(i + 1) +
                        ".member.attributeName",
                    errors);
  }
}

void CheckProjectionNameLengths(const Projection& projection,
                                const std::string& path,
                                ValidationErrors& errors) {
  for (const std::string& name : projection.non_key_attributes) {
    if (name.empty() ||
        static_cast<int64_t>(name.size()) > limits::kMaxKeyAttributeNameBytes) {
      std::string list = "[";
      for (size_t i = 0; i < projection.non_key_attributes.size(); ++i) {
        if (i > 0) list += ", ";
        list += projection.non_key_attributes[i];
      }
      errors.Add("'" + list + "]'", path + ".projection.nonKeyAttributes",
                 "Member must satisfy constraint: [Member must have length "
                 "less than or equal to 255, Member must have length greater "
                 "than or equal to 1]");
      return;
    }
  }
}

void CheckIndexRequestModel(const CreateTableRequest& request,
                            ValidationErrors& errors) {
  CheckKeySchemaNameLengths(request.key_schema, "keySchema", errors);
  CheckDefinitionNameLengths(request.attribute_definitions, errors);
  // A GSI key schema has no upper bound here (multi-attribute keys are
  // checked by CheckGsiKeySchema); an LSI's is at most 2.
  auto check = [&](const std::string& name,
                   const std::vector<KeySchemaElement>& keys,
                   const std::string& path, size_t max_keys) {
    errors.CheckTableName(name, path + ".indexName");
    if (keys.empty()) {
      errors.Add("'[]'", path + ".keySchema",
                 "Member must have length greater than or equal to 1");
    } else if (keys.size() > max_keys) {
      errors.Add("'" + KeySchemaEcho(keys) + "'", path + ".keySchema",
                 "Member must have length less than or equal to 2");
    }
  };
  for (size_t i = 0; i < request.global_secondary_indexes.size(); ++i) {
    const GlobalSecondaryIndex& g = request.global_secondary_indexes[i];
    const std::string path =
        "globalSecondaryIndexes." + std::to_string(i + 1) + ".member";
    check(g.index_name, g.key_schema, path, SIZE_MAX);
    CheckKeySchemaNameLengths(g.key_schema, path + ".keySchema", errors);
    CheckProjectionNameLengths(g.projection, path, errors);
  }
  for (size_t i = 0; i < request.local_secondary_indexes.size(); ++i) {
    const LocalSecondaryIndex& l = request.local_secondary_indexes[i];
    const std::string path =
        "localSecondaryIndexes." + std::to_string(i + 1) + ".member";
    check(l.index_name, l.key_schema, path, 2);
    CheckKeySchemaNameLengths(l.key_schema, path + ".keySchema", errors);
    CheckProjectionNameLengths(l.projection, path, errors);
  }
}

Status ValidateCreateTableIndexes(const CreateTableRequest& r) {
  const std::vector<std::string> defined = Defined(r);
  const std::vector<std::string> table_keys = Names(r.key_schema);
  std::set<std::string> index_names;
  std::vector<std::string> used = table_keys;
  auto use = [&](const std::vector<KeySchemaElement>& keys) {
    for (const auto& k : keys) {
      if (!Contains(used, k.attribute_name)) used.push_back(k.attribute_name);
    }
  };
  int projected = 0;

  if (!r.local_secondary_indexes.empty()) {
    if (r.key_schema.size() != 2) {
      return Status::Validation(
          std::string(kInvalid) +
          "Table KeySchema does not have a range key, which is required when "
          "specifying a LocalSecondaryIndex");
    }
    for (const LocalSecondaryIndex& l : r.local_secondary_indexes) {
      EDDY_RETURN_IF_ERROR(CheckKeySchema(l.key_schema, defined));
      if (l.key_schema.size() != 2) {
        return Status::Validation(
            std::string(kInvalid) +
            "Index KeySchema does not have a range key for index: " +
            l.index_name);
      }
      if (l.key_schema[0].attribute_name != table_keys[0]) {
        return Status::Validation(
            std::string(kInvalid) +
            "Index KeySchema does not have the same leading hash key as table "
            "KeySchema for index: " +
            l.index_name +
            ". index hash key: " + l.key_schema[0].attribute_name +
            ", table hash key: " + table_keys[0]);
      }
      EDDY_RETURN_IF_ERROR(CheckProjection(l.projection));
      if (!index_names.insert(l.index_name).second) {
        return Status::Validation(std::string(kInvalid) +
                                  "Duplicate index name: " + l.index_name);
      }
      projected += static_cast<int>(l.projection.non_key_attributes.size());
      use(l.key_schema);
    }
    if (r.local_secondary_indexes.size() >
        static_cast<size_t>(limits::kMaxLocalSecondaryIndexes)) {
      return Status::Validation(
          std::string(kInvalid) +
          "Number of LocalSecondaryIndexes exceeds per-table limit of " +
          std::to_string(limits::kMaxLocalSecondaryIndexes));
    }
  }

  if (!r.global_secondary_indexes.empty()) {
    const bool on_demand = r.billing_mode == BillingMode::kPayPerRequest;
    for (const GlobalSecondaryIndex& g : r.global_secondary_indexes) {
      EDDY_RETURN_IF_ERROR(CheckGsiKeySchema(g.key_schema, defined));
      EDDY_RETURN_IF_ERROR(CheckProjection(g.projection));
      if (on_demand && g.provisioned_throughput) {
        return Status::Validation(
            std::string(kInvalid) +
            "ProvisionedThroughput should not be specified for index: " +
            g.index_name + " when BillingMode is PAY_PER_REQUEST");
      }
      if (!on_demand && !g.provisioned_throughput) {
        return Status::Validation(
            std::string(kInvalid) +
            "ProvisionedThroughput is not specified for index: " +
            g.index_name);
      }
      if (g.on_demand_throughput) {
        EDDY_RETURN_IF_ERROR(CheckOnDemandThroughput(
            *g.on_demand_throughput,
            {.table_provisioned = !on_demand,
             .operation = OnDemandOperation::kCreateTable,
             .index_name = g.index_name}));
      }
      if (!index_names.insert(g.index_name).second) {
        return Status::Validation(std::string(kInvalid) +
                                  "Duplicate index name: " + g.index_name);
      }
      projected += static_cast<int>(g.projection.non_key_attributes.size());
      use(g.key_schema);
    }
    if (r.global_secondary_indexes.size() >
        static_cast<size_t>(limits::kMaxGlobalSecondaryIndexes)) {
      return Status::Validation(
          std::string(kInvalid) +
          "GlobalSecondaryIndex count exceeds the per-table limit of " +
          std::to_string(limits::kMaxGlobalSecondaryIndexes));
    }
  }

  if (projected > limits::kMaxProjectedNonKeyAttributes) {
    // DynamoDB counts distinct attributes across all indexes; eddy counts
    // every listed one (approximation).
    return Status::Validation(
        std::string(kInvalid) +
        "The number of projected attributes across all indexes exceeds the "
        "limit of " +
        std::to_string(limits::kMaxProjectedNonKeyAttributes));
  }

  if (defined.size() > used.size()) {
    std::vector<std::string> sorted_defined = defined, sorted_used = used;
    std::sort(sorted_defined.begin(), sorted_defined.end());
    std::sort(sorted_used.begin(), sorted_used.end());
    return Status::Validation(std::string(kInvalid) +
                              "Some AttributeDefinitions are not used. "
                              "AttributeDefinitions: [" +
                              Join(sorted_defined) + "], keys used: [" +
                              Join(sorted_used) + "]");
  }
  return Status::OK();
}

std::unique_ptr<SecondaryIndex> MakeIndex(
    SecondaryIndex::Kind kind, const std::string& table_arn,
    const std::string& name, const std::vector<KeySchemaElement>& key_schema,
    const Projection& projection,
    const std::vector<AttributeDefinition>& definitions, const Table& table) {
  auto type_of = [&](const std::string& attr) {
    for (const auto& d : definitions) {
      if (d.attribute_name == attr) return FromScalarType(d.attribute_type);
    }
    return AttributeType::kS;
  };
  std::vector<KeyAttribute> hash, range;
  for (const KeySchemaElement& k : key_schema) {
    (k.key_type == KeyType::kHash ? hash : range)
        .push_back(KeyAttribute{k.attribute_name, type_of(k.attribute_name)});
  }
  return std::make_unique<SecondaryIndex>(
      kind, name, table_arn + "/index/" + name, key_schema, std::move(hash),
      std::move(range), projection, table.hash_key(), table.range_key());
}

}  // namespace eddy::engine
