// Copyright 2026 The eddy Authors.
//
// Table and Catalog: the engine's view of tables. A Table owns its items
// (storage::TableStore), its partition map and its settings; the Catalog maps
// names to tables for one Database.
//
// Thread safety
// - Table: name, ARN, id, key schema and creation time are immutable. All else
//   is guarded by `mu`: readers of items or settings hold it shared, writers
//   exclusive. Operations hold a shared_ptr, so a table deleted concurrently
//   stays alive until they finish.
// - Catalog: internally synchronized.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_H_
#define EDDY_EMULATOR_ENGINE_TABLE_H_

#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "emulator/api/model.h"
#include "emulator/base/status.h"
#include "emulator/capacity/partition_map.h"
#include "emulator/storage/table_store.h"

namespace eddy::engine {

struct KeyAttribute {
  std::string name;
  AttributeType type = AttributeType::kS;  // kS, kN or kB
};

class Table {
 public:
  // Immutable after creation.
  std::string name;
  std::string arn;
  std::string id;
  double creation_date_time = 0;
  std::vector<KeySchemaElement> key_schema;
  KeyAttribute hash_key;
  std::optional<KeyAttribute> range_key;

  // Guarded by mu.
  mutable std::shared_mutex mu;
  std::vector<AttributeDefinition> attribute_definitions;
  BillingMode billing_mode = BillingMode::kProvisioned;
  ProvisionedThroughput throughput;
  double last_update_to_pay_per_request = 0;
  std::optional<double> last_increase = std::nullopt;
  std::optional<double> last_decrease = std::nullopt;
  storage::TableStore store;
  capacity::PartitionMap partitions;

  std::string_view range_key_name() const {
    return range_key ? std::string_view(range_key->name) : std::string_view();
  }

  // REQUIRES: mu held (shared or exclusive).
  TableDescription Describe() const;
};

class Catalog {
 public:
  // Null when there is no such table.
  std::shared_ptr<Table> Find(const std::string& name) const;
  // ResourceInUseException "Table already exists: <name>" for a duplicate.
  Status Add(std::shared_ptr<Table> table);
  // Null when there is no such table.
  std::shared_ptr<Table> Remove(const std::string& name);
  // Sorted names, starting after `exclusive_start` when given.
  std::vector<std::string> Names() const;

 private:
  mutable std::shared_mutex mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;  // guarded by mu_
};

// "Requested resource not found" (item operations) or, with `describe_form`,
// "Requested resource not found: Table: <name> not found".
Status TableNotFound(const std::string& name, bool describe_form);

ScalarAttributeType ToScalarType(AttributeType t);
AttributeType FromScalarType(ScalarAttributeType t);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_H_
