// Copyright 2026 The eddy Authors.
//
// What the PartiQL planner needs to know about tables: key schemas and
// secondary indexes. The caller (the engine) fills a TableSchema from its
// catalog and answers lookups through SchemaLookup; the planner never sees
// items, capacity or locks.
//
//   MapSchemaLookup schemas;
//   TableSchema music;
//   music.table_name = "Music";
//   music.key = {{"Artist", ScalarAttributeType::kS},
//                KeyAttribute{"SongTitle", ScalarAttributeType::kS}};
//   IndexSchema album;
//   album.index_name = "AlbumIndex";
//   album.key = {{"AlbumTitle", ScalarAttributeType::kS}, std::nullopt};
//   album.projection_type = ProjectionType::kKeysOnly;
//   music.indexes.push_back(album);
//   schemas.Add(std::move(music));
//
// Thread safety: TableSchema is a value type. A SchemaLookup is called from
// the planning thread only, for the duration of one PlanStatement call; the
// pointer it returns must stay valid until that call returns.

#ifndef EDDY_EMULATOR_PARTIQL_SCHEMA_H_
#define EDDY_EMULATOR_PARTIQL_SCHEMA_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/types/schema.h"

namespace eddy::partiql {

struct KeyAttribute {
  std::string name;
  ScalarAttributeType type = ScalarAttributeType::kS;
};

// A table's or index's primary key.
struct KeySchema {
  KeyAttribute hash;
  std::optional<KeyAttribute> range;
};

struct IndexSchema {
  std::string index_name;
  bool global = true;  // false: a local secondary index
  KeySchema key;
  ProjectionType projection_type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // kInclude
  // A GSI whose key has more than one partition or sort attribute (`key`
  // then holds the first of each). PartiQL refuses to read such an index:
  // "PartiQL statements cannot be executed on tables with multi-attribute
  // HASH keys or multi-attribute RANGE keys." (the refusal follows the
  // index, not the table: the table and its other indexes still read).
  bool multi_attribute_key = false;
};

struct TableSchema {
  std::string table_name;
  KeySchema key;
  std::vector<IndexSchema> indexes;

  // Null when the table has no index of that name.
  const IndexSchema* FindIndex(std::string_view index_name) const;
};

class SchemaLookup {
 public:
  virtual ~SchemaLookup() = default;
  // The table's schema, or null when there is no such table (the planner
  // answers ResourceNotFoundException "Requested resource not found").
  virtual const TableSchema* FindTable(std::string_view table_name) const = 0;
};

// A SchemaLookup over a map, for tests and simple callers.
class MapSchemaLookup : public SchemaLookup {
 public:
  void Add(TableSchema schema);
  const TableSchema* FindTable(std::string_view table_name) const override;

 private:
  std::map<std::string, TableSchema, std::less<>> tables_;
};

}  // namespace eddy::partiql

#endif  // EDDY_EMULATOR_PARTIQL_SCHEMA_H_
