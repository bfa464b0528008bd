// Copyright 2026 The eddy Authors.
//
// The statement planners behind PlanStatement (partiql.h): SELECT
// (select_planner.cc), INSERT / UPDATE / DELETE / EXISTS (write_planner.cc)
// and what they share (planner_common.cc). Internal to emulator/partiql.
//
// Thread safety: pure functions.

#ifndef EDDY_EMULATOR_PARTIQL_INTERNAL_PLANNER_H_
#define EDDY_EMULATOR_PARTIQL_INTERNAL_PLANNER_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/partiql/ast.h"
#include "emulator/partiql/internal/request_expressions.h"
#include "emulator/partiql/internal/translate.h"
#include "emulator/partiql/partiql.h"
#include "emulator/partiql/schema.h"

namespace eddy::partiql::internal {

// What every planner gets.
struct PlanInput {
  Translator* translator;
  const SchemaLookup* schemas;
  const PlanOptions* options;
};

StatusOr<Plan> PlanSelect(const SelectStatement& select,
                          const PlanInput& input);
StatusOr<Plan> PlanDml(const DmlStatement& dml, const PlanInput& input);
// EXISTS(SELECT ...): a ConditionCheck (ExecuteTransaction only).
StatusOr<Plan> PlanExists(const Node& call, const PlanInput& input);

// --- Shared pieces (planner_common.cc) ---------------------------------------

// The table and, for `"T"."I"`, the index a FROM clause names, checked the
// way DynamoDB does (single source, no alias, at most two components, each
// a valid table name).
StatusOr<std::vector<std::string>> FromComponents(const FromClause& from,
                                                  Translator* translator);

// ResourceNotFoundException "Requested resource not found" when missing.
StatusOr<const TableSchema*> LookupTable(const SchemaLookup& schemas,
                                         const std::string& table_name);

// The key attribute names of the table or, when `index` is set, the index.
std::vector<std::string> KeyNames(const KeySchema& key);

// The DynamoDB type a key attribute holds.
AttributeType KeyValueType(ScalarAttributeType type);

// "Key attribute's data type should match its data type in table's schema:
// Key <name>" unless `value` has the schema's type.
Status CheckKeyType(const KeyAttribute& key, const AttributeValue& value);

// Splits a WHERE into the key equalities of a single-item write and the
// rest of the condition (DynamoDB's KeyAndConditionExpressionExtractor):
// only `key = value` conjuncts of the top-level AND chain count.
enum class KeyMode {
  kWrite,           // a second, different value for a key is an error
  kConditionCheck,  // the first value wins; later ones stay conditions
};
struct ExtractedKey {
  std::map<std::string, AttributeValue> values;  // by attribute name
  ConditionPtr rest;                             // null when nothing is left
};
StatusOr<ExtractedKey> ExtractKey(ConditionPtr where,
                                  const std::vector<std::string>& key_names,
                                  KeyMode mode);

// The error for a nested path on a key attribute: "Key attributes must be
// scalars; list random access '[]' and map lookup '.' are not allowed: Key
// <k>", found anywhere in `condition`.
Status CheckNoNestedKeyPaths(const expr::Condition& condition,
                             const std::vector<std::string>& key_names);

// The ReturnValue of a RETURNING clause, with DynamoDB's checks for the
// statement kind ("RETURNING is not supported in INSERT", "Only RETURNING
// ALL OLD * is allowed in DELETE statements", ...).
enum class WriteKind { kInsert, kUpdate, kDelete };
StatusOr<ReturnValue> ReturningValue(const Returning& returning, WriteKind kind,
                                     const PlanOptions& options);

// Builds the placeholders of a condition, validates it, and returns the
// expression string and its resolved tree.
struct BuiltCondition {
  std::string text;
  std::shared_ptr<const expr::ResolvedCondition> resolved;
};
StatusOr<BuiltCondition> BuildCondition(const expr::Condition& condition,
                                        expr::ExpressionKind kind,
                                        RequestExpressions* expressions);

// Validates a whole WHERE once, before planning cuts it up (DynamoDB checks
// the filter it translated as a whole).
Status ValidateCondition(const expr::Condition& condition);

}  // namespace eddy::partiql::internal

#endif  // EDDY_EMULATOR_PARTIQL_INTERNAL_PLANNER_H_
