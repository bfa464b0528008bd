// Copyright 2026 The eddy Authors.
//
// Model: an access-pattern document — the single-table design format of the
// first seed (entity groups, PK/SK key templates, entityType, sparse
// overloaded GSIs PKn/SKn, an "Access Patterns" list) — loaded and validated,
// plus eddy's backward-compatible extensions: a "table" definition,
// executable access patterns and a "workload" for the data generator.
// model/README.md describes the format; model/kayak.json is the example.
//
//   std::vector<ModelError> errors;
//   StatusOr<Model> model = LoadModelFile("model/kayak.json", &errors);
//   if (!model.ok()) {
//     for (const ModelError& e : errors) std::cerr << e.ToString() << "\n";
//   }
//   // "/store/0/SK/metadata/PK7: PK7 names index 7, which the table does
//   //  not define (it defines GSI1, GSI2)"
//
// Errors point at the place with an RFC 6901 JSON pointer
// ("/Access Patterns/3/sortKey"). Validation finds every error it can rather
// than stopping at the first.
//
// Thread safety: a Model is an immutable value once loaded; the functions
// are reentrant.

#ifndef EDDY_MODEL_MODEL_H_
#define EDDY_MODEL_MODEL_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/schema.h"
#include "model/key_template.h"

namespace eddy::model {

// One problem found in a document: where, and what.
struct ModelError {
  std::string pointer;  // RFC 6901; "" is the whole document
  std::string message;
  // "<pointer>: <message>" ("(document): <message>" for the root).
  std::string ToString() const;
  bool operator==(const ModelError&) const = default;
};

// RFC 6901 escaping of one reference token ("a/b~c" -> "a~1b~0c").
std::string JsonPointerEscape(std::string_view token);

// --- The table ---------------------------------------------------------------

// One attribute of a multi-attribute index key, with its declared type.
struct KeyAttribute {
  std::string name;
  ScalarAttributeType type = ScalarAttributeType::kS;
  bool operator==(const KeyAttribute&) const = default;
};

// DynamoDB's limit on a GSI's key: up to four HASH and four RANGE
// attributes.
inline constexpr size_t kMaxKeyAttributes = 4;

struct IndexDefinition {
  std::string name;           // "GSI1"
  std::string partition_key;  // "PK1"; a multi-attribute key's first
  std::string sort_key;       // "SK1"; empty when the index has none
  // A multi-attribute key (a GSI whose "partitionKey"/"sortKey" is an
  // array): every HASH attribute, then (sort_attributes) every RANGE
  // attribute, in key-schema order, each with its type; partition_key and
  // sort_key are then the first of each. Both empty for a classic index,
  // keyed by one S attribute each.
  std::vector<KeyAttribute> partition_attributes;
  std::vector<KeyAttribute> sort_attributes;
  bool multi_attribute() const { return !partition_attributes.empty(); }
  ProjectionType projection = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // INCLUDE only
  // A local secondary index: partition_key is the table's, sort_key its own.
  bool local = false;
};

struct TableDefinition {
  std::string name = "model";
  std::string partition_key = "PK";
  std::string sort_key = "SK";
  BillingMode billing_mode = BillingMode::kPayPerRequest;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::vector<IndexDefinition> global_secondary_indexes;
  // The table's "localSecondaryIndexes" (local = true; an entity shape
  // fills one with its sort key attribute only: its partition key is the
  // item's own).
  std::vector<IndexDefinition> local_secondary_indexes;
  // False when the document has no "table" member and the definition was
  // derived from the entities (every PKn/SKn pair becomes GSIn, ALL).
  bool declared = false;

  // A GSI or an LSI; null when there is no such index.
  const IndexDefinition* FindIndex(std::string_view name) const;
  // The GSIs, then the LSIs.
  std::vector<const IndexDefinition*> AllIndexes() const;
};

// --- Entities
// ------------------------------------------------------------------

// The keys an entity shape writes for one GSI.
struct IndexKeys {
  std::string index_name;
  KeyTemplate partition_key;
  std::optional<KeyTemplate> sort_key;  // absent when the index has none
  // A multi-attribute index: one template per key attribute, in the order
  // of the index's partition_attributes / sort_attributes (partition_key
  // and sort_key are copies of the first of each). Each is rendered and
  // converted to its attribute's type (TypedKeyValue).
  std::vector<KeyTemplate> partition_parts;
  std::vector<KeyTemplate> sort_parts;
};

// One PK/SK shape: an entry of a group's "SK" object.
struct EntityShape {
  std::string entity_type;  // "storeMetadata"
  std::string group;        // the top-level member: "store"
  KeyTemplate partition_key;
  KeyTemplate sort_key;
  std::vector<IndexKeys> indexes;  // the GSIs this shape fills
  std::vector<std::pair<std::string, std::string>> comments;  // _comment*
  std::string pointer;  // of the item description object

  // Null when the shape does not fill that index.
  const IndexKeys* FindIndex(std::string_view name) const;
  // Every placeholder of every key template, distinct, in order.
  std::vector<std::string> Placeholders() const;
};

// --- Access patterns
// ------------------------------------------------------------

enum class SortKeyOp { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };
std::string_view SortKeyOpName(SortKeyOp op);  // "=", "<", ..., "BETWEEN"

struct SortKeyCondition {
  SortKeyOp op = SortKeyOp::kEq;
  KeyTemplate value;                // the only value, or BETWEEN's low end
  std::optional<KeyTemplate> high;  // BETWEEN's high end
};

struct PatternFilter {
  std::string expression;
  ExpressionAttributeNames names;
  // Values as given: strings are templates rendered with the parameters.
  std::vector<std::pair<std::string, AttributeValue>> values;
};

// What a correct answer holds: every generated item of these entity types
// whose bindings equal the parameters' on `match`, and whose attributes
// equal `attributes`.
struct Expectation {
  std::vector<std::string> entity_types;
  std::vector<std::string> match;
  std::vector<std::pair<std::string, AttributeValue>> attributes;
};

// A PartiQL access pattern ("partiql" in the document): the statement runs
// through ExecuteStatement in place of the Query its key condition
// describes; the key condition (and "expect") still say what it must
// return, and verification is the Query's.
struct PartiqlStatement {
  std::string statement;
  // Bound to the statement's `?`s in order; S values are templates
  // rendered with the run's parameters.
  std::vector<AttributeValue> parameters;
};

struct AccessPattern {
  std::string name;
  std::string pointer;
  // A plain string in "Access Patterns" is documentation only.
  bool executable = false;

  // Executable patterns only.
  std::string index_name;  // empty: the table
  KeyTemplate partition_key;
  std::optional<SortKeyCondition> sort_key;
  std::optional<PatternFilter> filter;
  std::string parameters_from;  // a generator entry or entity type
  std::optional<Expectation> expect;
  bool scan_index_forward = true;
  bool consistent_read = false;
  std::optional<int> limit;                 // page size
  std::optional<PartiqlStatement> partiql;  // run as PartiQL
  // On a multi-attribute index: one template per partition attribute
  // (partition_key is a copy of the first), and the conditions on its sort
  // attributes left to right — "=" on each but the last, which may be any
  // operator; sort_key is a copy of the last. Empty otherwise.
  std::vector<KeyTemplate> partition_parts;
  std::vector<SortKeyCondition> sort_parts;
  // Entity types whose keys can satisfy the key condition (overlap
  // analysis), in document order.
  std::vector<std::string> matching_entity_types;

  // "PK2 = ${version}#employment#${storeULID} AND begins_with(SK2, ...)";
  // on a multi-attribute index one clause per constrained attribute
  // ("tenant = ${t} AND region = ${r} AND status = ${s}").
  std::string KeyConditionText(const TableDefinition& table) const;
};

// The value of a key attribute of type `type` whose template rendered to
// `text`: S as is, N parsed as a number, B the bytes of the text.
// ValidationException when an N is not a number or a value is empty.
StatusOr<AttributeValue> TypedKeyValue(ScalarAttributeType type,
                                       std::string text);

// The values of `attrs` in `item`, in order; false when one is missing or
// not of its declared type (the item is then not in the index: sparse).
bool KeyValuesOf(const Item& item, const std::vector<KeyAttribute>& attrs,
                 std::vector<AttributeValue>* out);

// A multi-attribute partition key as the ground truth, the profile and the
// reports show it: each value's text (S as is, N in DynamoDB's decimal
// form, B its bytes) with '\\' and '|' escaped by '\\', joined by " | "
// (distinct tuples give distinct texts). REQUIRES: each value is S, N, B.
std::string MultiKeyText(const std::vector<AttributeValue>& values);

// The byte string whose order is DynamoDB's order of a multi-attribute
// sort key's value tuples (storage::CompositeKeyBytes).
std::string MultiSortBytes(const std::vector<AttributeValue>& values);

// --- Workload
// -------------------------------------------------------------------------

// A count: fixed (min == max) or uniform in [min, max].
struct CountRange {
  int64_t min = 1;
  int64_t max = 1;
};

struct AttributeGenerator {
  enum class Kind {
    kLiteral,    // a fixed value; a string literal is a template
    kOneOf,      // a uniformly chosen element of `choices`
    kCycle,      // the i-th item of the entry takes choices[i % n]
    kInt,        // uniform in [range.min, range.max]
    kText,       // random lowercase letters, length in range
    kTimestamp,  // the item's creation time, ISO 8601 with milliseconds
    kList,       // an L of `range` elements, each made by members[0]
    kMap,        // an M with one member per entry of `members`
  };
  Kind kind = Kind::kLiteral;
  AttributeValue literal;
  std::optional<KeyTemplate> literal_template;  // for a string literal
  std::vector<AttributeValue> choices;
  CountRange range;
  // kList: the element's generator (one); kMap: the members' (name, gen).
  std::vector<std::pair<std::string, AttributeGenerator>> members;

  // Out of line (model/model.cc), where the type is complete: `members`
  // holds pairs of this very type, which clang's libstdc++ instantiation
  // refuses to size inside the class.
  AttributeGenerator();
  AttributeGenerator(const AttributeGenerator&);
  AttributeGenerator(AttributeGenerator&&) noexcept;
  AttributeGenerator& operator=(const AttributeGenerator&);
  AttributeGenerator& operator=(AttributeGenerator&&) noexcept;
  ~AttributeGenerator();
};

struct Pick {
  std::string from;     // an earlier entry's name
  bool unique = false;  // sample without replacement within the entry
  // (name in this item, name in the picked item); empty: all of them.
  std::vector<std::pair<std::string, std::string>> bind;
};

struct GeneratorEntry {
  std::string name;
  std::string entity_type;
  std::string pointer;
  std::string per;  // an earlier entry: `count` items per item of it
  CountRange count;
  CountRange repeat;  // items per draw, each with fresh `new_ids`
  std::vector<std::string> new_ids;
  std::vector<Pick> picks;
  std::vector<std::string> distinct;
  std::vector<std::pair<std::string, AttributeGenerator>> attributes;
  // The attributes (names in `attributes`) that also give a key
  // placeholder of the same name its value: a scalar made before the keys
  // are rendered (`STATUS#${status}` with "status": {"oneOf": [...]}); the
  // item keeps the attribute's own type.
  std::vector<std::string> attribute_bindings;
  // The placeholder names every item of this entry has values for.
  std::vector<std::string> binding_names;
};

struct Workload {
  uint64_t seed = 1;
  int64_t scale = 1;
  int runs = 100;                                  // per executable pattern
  int64_t clock_start_millis = 1'704'067'200'000;  // 2024-01-01T00:00:00Z
  CountRange step_millis{1, 60'000};
  Bindings constants;
  std::vector<GeneratorEntry> entries;
  // The "migration" member's JSON text, when present: a data-version
  // migration the runner makes between verifications (the scenario's
  // "migration" section, read by model/lab/model_migration.h, which checks
  // its fields; here only that it is an object).
  std::optional<std::string> migration;

  // Null when absent.
  const GeneratorEntry* FindEntry(std::string_view name) const;
};

// --- Traffic
// -------------------------------------------------------------------------

// The request mix the cost estimate and the design review assume
// (model/cost.h, model/review.h): the document's "traffic" member, or the
// CLI's flags.
struct Traffic {
  // Requests per second per executable access pattern, by its 1-based
  // number as the run's report numbers it.
  std::vector<std::pair<int, double>> pattern_rps;
  // New items written per second per entity type.
  std::vector<std::pair<std::string, double>> writes_per_second;
  // Provisioned capacity is this share of what is consumed: (0, 1].
  double utilization = 0.7;
  std::string region = "us-east-1";  // a region of the price table
};

// --- The whole document ------------------------------------------------------

struct Model {
  std::string name;  // from "name", else the file stem
  TableDefinition table;
  std::vector<EntityShape> entities;
  std::vector<AccessPattern> patterns;
  std::optional<Workload> workload;
  std::optional<Traffic> traffic;  // the "traffic" member, when present

  // Null when absent.
  const EntityShape* FindEntity(std::string_view entity_type) const;
  int EntityIndex(std::string_view entity_type) const;  // -1 when absent
  int executable_pattern_count() const;
};

// Parses and validates a document. On failure returns ValidationException
// whose message is the first error's ToString(), and appends every error
// found to *errors when errors is non-null. `name` names the model when the
// document has no "name" member.
StatusOr<Model> LoadModel(std::string_view json,
                          std::string_view name = "model",
                          std::vector<ModelError>* errors = nullptr);

// Reads the file and calls LoadModel (the file's stem is the default name).
// ResourceNotFoundException when the file cannot be read.
StatusOr<Model> LoadModelFile(const std::string& path,
                              std::vector<ModelError>* errors = nullptr);

}  // namespace eddy::model

#endif  // EDDY_MODEL_MODEL_H_
