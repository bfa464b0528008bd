// Copyright 2026 The eddy Authors.
//
// Validation of keys and items against a table's key schema, with DynamoDB's
// messages (api-semantics.md §6 #1–#10), producing the key bytes storage uses.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_KEYS_H_
#define EDDY_EMULATOR_ENGINE_TABLE_KEYS_H_

#include <string>

#include "emulator/engine/table/table.h"
#include "emulator/storage/table_store.h"

namespace eddy::engine {

// The storage key of one item.
struct StorageKey {
  std::string pk;
  std::string sk;  // empty for hash-only tables
  uint64_t hash = 0;
  // KeyFromItem: the item's DynamoDB size (computed for the 400 KB check);
  // -1 otherwise.
  int64_t item_size = -1;
  storage::KeyRef ref() const { return storage::KeyRef{hash, pk, sk}; }
};

// A `Key` request parameter: exactly the key attributes with the schema's
// types (else "The provided key element does not match the schema"), non-empty,
// within the key size limits.
StatusOr<StorageKey> KeyFromKeyParameter(const Table& table, const Item& key);

// How KeyFromItem words a missing or wrongly typed key attribute. PutItem
// and a TransactWriteItems Put name it ("Missing the key <k> in the item",
// "Type mismatch for key <k> expected: S actual: N"); a BatchWriteItem put
// answers "The provided key element does not match the schema" for both
// (dynalite's batchWriteItem tests and the dynamodb-conformance suite, each
// run against DynamoDB; docs/validation-order.md).
enum class ItemKeyErrors { kNamed, kSchemaMismatch };

// An item to be written whole (PutItem, BatchWriteItem put): keys present and
// of the right type (worded as `errors` says), non-empty, within the key size
// limits; nesting within 32 levels; at most 400 KB.
StatusOr<StorageKey> KeyFromItem(const Table& table, const Item& item,
                                 ItemKeyErrors errors = ItemKeyErrors::kNamed);

// KeyFromItem's checks, with the same errors, for an item known only by
// what storage::CheckUntrustedPayload learned of it (asked about the
// table's key names; it has checked the nesting already).
StatusOr<StorageKey> KeyFromPayload(const Table& table,
                                    const storage::PayloadFacts& facts);

// The key attributes of an item (for LastEvaluatedKey and the like).
Item KeyAttributesOf(const Table& table, const Item& item);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_KEYS_H_
