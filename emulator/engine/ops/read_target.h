// Copyright 2026 The eddy Authors.
//
// ReadTarget: what a Query or Scan walks — the table, or one of its secondary
// indexes — with the rules that depend on which (api-semantics.md §4, Query
// and "Secondary indexes"): IndexName must exist and be readable, GSIs take
// no ConsistentRead, Select defaults to ALL_PROJECTED_ATTRIBUTES on an index
// and ALL_ATTRIBUTES is refused on a GSI that does not project everything,
// an LSI read of attributes it does not project fetches the table items, and
// ExclusiveStartKey must name the index keys and the table keys.
//
//   ReaderMutexLock lock(&table.mu());
//   EDDY_ASSIGN_OR_RETURN(ReadTarget target,
//       ResolveReadTarget(table, request.index_name, request.consistent_read,
//                         request.select, now, ReadKind::kQuery));
//
// Thread safety: REQUIRES the table's mu held (shared) while the target is
// resolved and used.

#ifndef EDDY_EMULATOR_ENGINE_OPS_READ_TARGET_H_
#define EDDY_EMULATOR_ENGINE_OPS_READ_TARGET_H_

#include <optional>
#include <string>
#include <vector>

#include "emulator/engine/ops/page.h"
#include "emulator/engine/table/admission.h"
#include "emulator/engine/table/table.h"
#include "emulator/expr/ast.h"
#include "emulator/expr/projection.h"

namespace eddy::engine {

enum class ReadKind { kQuery, kScan };

struct ReadTarget {
  const SecondaryIndex* index = nullptr;  // null: the table
  const storage::TableStore* store = nullptr;
  // The (first) partition and sort key attribute; an index with a
  // multi-attribute key has more (index->hash_keys(), range_keys()).
  const KeyAttribute* hash_key = nullptr;
  const KeyAttribute* range_key = nullptr;  // null: hash-only
  std::vector<std::string> key_names;       // LastEvaluatedKey attributes
  Select select = Select::kAllAttributes;   // after defaults

  std::string_view range_key_name() const {
    return range_key ? std::string_view(range_key->name) : std::string_view();
  }
  // Is `name` a key attribute of what is read (every attribute of a
  // multi-attribute index key)?
  bool IsKeyAttribute(std::string_view name) const;
};

// The request-only rules tying Select to a projection (no lock needed):
// SPECIFIC_ATTRIBUTES needs AttributesToGet or ProjectionExpression; COUNT,
// ALL_ATTRIBUTES and ALL_PROJECTED_ATTRIBUTES refuse either ("Cannot specify
// the <parameter> when choosing to get <what>"). `prefix` starts each
// message (Query's carry "One or more parameter values were invalid: ",
// Scan's nothing). Errors: ValidationException.
Status CheckSelectAndProjection(std::optional<Select> select,
                                bool has_projection_expression,
                                bool has_attributes_to_get,
                                std::string_view prefix);

// All of these REQUIRE the table's lock (shared).
//
// Errors: ValidationException ("The table does not have the specified index:
// <i>", "Consistent reads are not supported on global secondary indexes",
// "Cannot read from backfilling global secondary index", the Select
// messages).
StatusOr<ReadTarget> ResolveReadTarget(
    const Table& table, const std::optional<std::string>& index_name,
    bool consistent_read, std::optional<Select> select, bool has_projection,
    int64_t now_micros, ReadKind kind) ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// A read of a GSI may name only attributes the index projects (a GSI cannot
// fetch from the table). Errors: ValidationException "One or more parameter
// values were invalid: Global secondary index <i> does not project [a, b]"
// (the attributes in the order the projection names them).
Status CheckGlobalIndexProjection(const ReadTarget& target,
                                  const expr::ResolvedProjection* projection);

// Must a read of `target` fetch the table items? Only on an LSI that does
// not project everything, when the read asks for ALL_ATTRIBUTES or its
// projection or filter names an attribute the index does not project.
bool NeedsTableFetch(const ReadTarget& target,
                     const expr::ResolvedProjection* projection,
                     const expr::ResolvedCondition* filter);

// An ExclusiveStartKey as a position in the target's order.
struct StartKey {
  uint64_t hash = 0;
  std::string pk, sk, base_pk, base_sk;
  storage::KeyRef ref() const {
    return storage::KeyRef{hash, pk, sk, base_pk, base_sk};
  }
};

// Exactly the target's key attributes (index keys and table keys), with
// their types. Errors: ValidationException, worded as DynamoDB words them
// (docs/validation-order.md):
// - a Query, or a read of an index: the wrong number of attributes or one
//   of the read schema's keys missing -> "The provided starting key is
//   invalid"; a key of the wrong type -> "The provided key element does not
//   match the schema"; then a bad table-key value -> "The provided starting
//   key is invalid: <why>";
// - a Scan of the table: "The provided starting key is invalid: <why>"
//   ("The provided key element does not match the schema" for the schema).
StatusOr<StartKey> ReadStartKey(const Table& table, const ReadTarget& target,
                                const Item& exclusive_start_key, ReadKind kind)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// The page rules of a Query or Scan of `target`: the key names
// LastEvaluatedKey carries, Limit, Select COUNT, the filter and projection,
// and the table fetches of an LSI read that needs them.
// `filter` and `projection` may be null (none).
PageCollector::Options PageOptions(const Table& table, const ReadTarget& target,
                                   std::optional<int> limit,
                                   bool consistent_read,
                                   const expr::ResolvedCondition* filter,
                                   const expr::ResolvedProjection* projection)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

// Ends a Query or Scan once its walk has filled `page`: charges the bytes it
// evaluated (GSIs are read with eventual consistency whatever the request
// says), admits the read (per partition touched, `charge`) before anything
// is returned, and returns the page with its ConsumedCapacity. Errors: the
// throttling errors of admission.h.
StatusOr<QueryResponse> FinishRead(const Table& table, const ReadTarget& target,
                                   bool consistent_read,
                                   ReturnConsumedCapacity return_capacity,
                                   PageCollector& page, ReadCharge& charge)
    ABSL_SHARED_LOCKS_REQUIRED(table.mu());

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_OPS_READ_TARGET_H_
