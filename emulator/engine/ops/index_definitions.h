// Copyright 2026 The eddy Authors.
//
// Secondary-index definitions in CreateTable and UpdateTable: the request
// checks with DynamoDB's messages (in DynamoDB's order), and building a
// SecondaryIndex from a definition.

#ifndef EDDY_EMULATOR_ENGINE_OPS_INDEX_DEFINITIONS_H_
#define EDDY_EMULATOR_ENGINE_OPS_INDEX_DEFINITIONS_H_

#include <memory>
#include <string>
#include <vector>

#include "emulator/api/requests.h"
#include "emulator/engine/table/table.h"
#include "emulator/types/validation_errors.h"

namespace eddy::engine {

// The key schema of a table or index against the attribute names defined:
// every key defined, hash and range names distinct, HASH first, RANGE
// second. REQUIRES: 1 or 2 elements. Errors: ValidationException.
Status CheckKeySchema(const std::vector<KeySchemaElement>& key_schema,
                      const std::vector<std::string>& defined);

// A GSI's key schema: as CheckKeySchema for one or two elements; beyond,
// a multi-attribute key — up to four HASH attributes, then up to four RANGE
// attributes, all defined and distinct — with DynamoDB's messages.
// Errors: ValidationException.
Status CheckGsiKeySchema(const std::vector<KeySchemaElement>& key_schema,
                         const std::vector<std::string>& defined);

// The request model's 1..255 length of an attribute name in a key schema,
// an attribute definition or a projection's NonKeyAttributes (`path` is the
// list's, as "keySchema"; the message names "<path>.<i>.member.attributeName",
// or for NonKeyAttributes the list itself).
void CheckKeySchemaNameLengths(const std::vector<KeySchemaElement>& keys,
                               const std::string& path,
                               ValidationErrors& errors);
void CheckDefinitionNameLengths(const std::vector<AttributeDefinition>& defs,
                                ValidationErrors& errors);
void CheckProjectionNameLengths(const Projection& projection,
                                const std::string& path,
                                ValidationErrors& errors);

// Request-model checks of index names, key-schema lengths and the name
// lengths above
// ("1 validation error detected: ..." form), added to `errors`.
void CheckIndexRequestModel(const CreateTableRequest& request,
                            ValidationErrors& errors);

// The semantic checks of CreateTable's LocalSecondaryIndexes and
// GlobalSecondaryIndexes, after the table's own key schema passed, ending
// with the rule that every attribute definition is some key's.
// Errors: ValidationException.
Status ValidateCreateTableIndexes(const CreateTableRequest& request);

// One index of a table being created or updated. REQUIRES: `key_schema`
// passed validation and names attributes of `definitions`.
std::unique_ptr<SecondaryIndex> MakeIndex(
    SecondaryIndex::Kind kind, const std::string& table_arn,
    const std::string& name, const std::vector<KeySchemaElement>& key_schema,
    const Projection& projection,
    const std::vector<AttributeDefinition>& definitions, const Table& table);

// ProjectionType / NonKeyAttributes rules (CreateTable and UpdateTable).
// Errors: ValidationException.
Status CheckProjection(const Projection& projection);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_INDEX_DEFINITIONS_H_
