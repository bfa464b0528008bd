// Copyright 2026 The eddy Authors.
//
// Reading DynamoDB request members from a request body, with DynamoDB's error
// precedence. Not for use outside emulator/wire.
//
// The body is read once by ObjectReader::ParseBody, which checks that it is
// JSON (and UTF-8) and notes where each member of the top-level object lies
// without decoding it. A codec then asks for the members in DynamoDB's order
// of checks; each is decoded from its place in the text when asked for (an
// item straight into an AttributeMap, a structure by an ObjectReader of its
// own). No document of the body is ever built.
//
// Every problem is recorded in a RequestErrors instead of being returned at
// once, so a request is read completely and the error DynamoDB would report
// first wins: a SerializationException anywhere (a member of the wrong JSON
// type, a bad base64 blob; the earliest in the body when there are several)
// beats the request-model errors (missing required members, enum values, in
// the generic "N validation errors detected" form), which beat every other
// ValidationException (value rules, placeholder keys, legacy parameters; the
// first in the codec's order).
//
//   RequestErrors errors;
//   ObjectReader r;
//   EDDY_RETURN_IF_ERROR(ObjectReader::ParseBody(body_text, &errors, &r));
//   PutItemRequest req;
//   req.table_name = r.TableName();
//   if (auto item = r.Item("Item", /*required=*/true)) req.item = *item;
//   EDDY_RETURN_IF_ERROR(errors.ToStatus());
//
// Members: unknown ones are ignored and JSON null counts as absent; of equal
// names the last counts. Only names of DynamoDB's request model (the table in
// request_reader.cc) are noted, so a hostile object of a million distinct
// names costs nothing; a name missing from that table is still found, by a
// scan of the object.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_REQUEST_READER_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_REQUEST_READER_H_

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "emulator/types/schema.h"
#include "emulator/types/validation_errors.h"
#include "emulator/wire/internal/attribute_codec.h"
#include "emulator/wire/internal/json_reader.h"
#include "emulator/wire/internal/serialization_errors.h"

namespace eddy::wire::internal {

class RequestErrors {
 public:
  // A deserializer error of the value starting at `at`; the earliest in the
  // body wins.
  void Serialization(Status s, const char* at);
  void Validation(Status s) {
    if (validation_.ok()) validation_ = std::move(s);
  }
  // A request-model error found only here (null member, enum value).
  void Generic(std::string value, std::string_view path,
               std::string_view constraint);
  // The table-name constraints; reported only together with other
  // request-model errors (the Database checks names on its own).
  void TableName(const std::string& name, std::string_view path);
  // The same for a data-plane TableName (ValidationErrors::
  // CheckDataTableName); an empty one is reported alone, as DynamoDB's
  // us-east-1 does, unless a required member is missing too (then the
  // whole list, in the older per-value form).
  void DataTableName(const std::string& name, std::string_view path);
  // An invalid ReturnValues of PutItem, UpdateItem or DeleteItem, in the
  // form us-east-1 answers since 2026-08 (dynamodb-conformance
  // captures/2026-08-12-wording-drift.json): "Failed to satisfy constraint:
  // Member must satisfy enum value set: [ALL_OLD, UPDATED_OLD, ALL_NEW,
  // UPDATE_NEW, NONE]" in the list. With `alone` (UpdateItem) it is the only
  // error reported after an empty TableName, unless a required member is
  // missing: the capture lists it without UpdateItem's invalid
  // ReturnConsumedCapacity.
  void ReturnValuesText(bool alone);

  bool has_serialization() const { return !serialization_.ok(); }
  Status ToStatus() const;

 private:
  Status serialization_;
  const char* serialization_at_ = nullptr;
  ValidationErrors generic_;             // this layer's own
  ValidationErrors generic_with_names_;  // the same plus names
  bool empty_data_table_name_ = false;
  bool missing_member_ = false;  // a "Member must not be null" error
  bool return_values_alone_ = false;
  Status validation_;
};

// What ReadKeyMap keeps of a key attribute whose value is a list, map or set.
// kKeep: all of it. kCompact: once it is read and checked in full, an empty
// list or map, or the set's first element only (attribute_codec.h,
// CompactKeyContainers).
enum class KeyContents { kKeep, kCompact };

// The elements of a JSON array already read once (so well-formed).
class ListCursor {
 public:
  explicit ListCursor(const JsonValue& list);
  // The next element (null ones included); false after the last.
  bool Next(JsonValue* element);
  // 0-based index of the element Next() returned last.
  size_t index() const { return index_ - 1; }

 private:
  JsonReader in_;
  size_t index_ = 0;
};

// The members of a JSON object already read once, in body order.
class MapCursor {
 public:
  explicit MapCursor(const JsonValue& map);
  // The next member (null values included); false after the last.
  bool Next(std::string* key, JsonValue* value);

 private:
  JsonReader in_;
};

// One JSON object of a request (the body, a list element, a map value).
// `path` is its request-model path ("" for the body,
// "keySchema.1.member"); members are named as on the wire ("TableName").
class ObjectReader {
 public:
  ObjectReader() = default;
  // `object` is null (an absent structure: every member absent) or a JSON
  // object already read once.
  ObjectReader(const JsonValue* object, std::string path,
               RequestErrors* errors);

  // Reads `text` as a request body: SerializationException without message
  // (MalformedBody) unless it is one well-formed JSON object in UTF-8.
  static Status ParseBody(std::string_view text, RequestErrors* errors,
                          ObjectReader* out);

  // The member, or null when absent or JSON null.
  const JsonValue* Member(std::string_view name) const;
  // The object itself (type kNone when absent).
  const JsonValue& object() const { return object_; }
  // "keySchema" or "<path>.keySchema".
  std::string PathOf(std::string_view name) const;
  RequestErrors* errors() const { return errors_; }

  // Adds "Value null at '<path>' ... Member must not be null" when absent.
  // Returns whether the member is present.
  bool Required(std::string_view name);

  // Scalars; nullopt when absent or of the wrong JSON type (recorded).
  std::optional<std::string> String(std::string_view name,
                                    bool required = false);
  std::optional<bool> Bool(std::string_view name);
  std::optional<int64_t> Long(std::string_view name, bool required = false);
  std::optional<int> Integer(std::string_view name);

  // "TableName": required, with the table-name constraints. "" when absent.
  std::string TableName(std::string_view name = "TableName");
  // A data-plane "TableName" (1..1024: a name or a table ARN).
  std::string DataTableName(std::string_view name = "TableName");

  // An enum member: the value whose wire name matches; an unknown name adds
  // "Member must satisfy enum value set: [A, B]" (the list in given order).
  template <typename E>
  std::optional<E> Enum(
      std::string_view name,
      std::initializer_list<std::pair<std::string_view, E>> values,
      bool required = false) {
    std::optional<std::string> s = String(name, required);
    if (!s) return std::nullopt;
    std::string set;
    for (const auto& [wire, value] : values) {
      if (wire == *s) return value;
      if (!set.empty()) set += ", ";
      set += wire;
    }
    errors_->Generic("'" + *s + "'", PathOf(name),
                     "Member must satisfy enum value set: [" + set + "]");
    return std::nullopt;
  }

  // A map of attribute values (Item, Key, ExclusiveStartKey). Value errors
  // are prefixed with `validation_prefix`. A member named "Item" (a whole
  // item to write) is refused with "Item size has exceeded the maximum
  // allowed size" as soon as it is known to pass limits::kMaxItemSizeBytes,
  // before the rest of it is stored (issue #26: memory bounded by the
  // limit, not by the body); any other (a key) likewise, with ReadKeyMap's
  // error, and with `contents` as ReadKeyMap's.
  std::optional<AttributeMap> Item(std::string_view name, bool required = false,
                                   std::string_view validation_prefix = "",
                                   KeyContents contents = KeyContents::kKeep);

  // The expression maps. Together they hold at most
  // limits::kMaxExpressionAttributeBytes ("the sum of the lengths of all
  // ExpressionAttributeNames and ExpressionAttributeValues", counted as
  // every key's bytes, every name's bytes and every value's size lower bound
  // by the item rules); past it the map being read records eddy's own
  // ValidationException ("The total size of ExpressionAttributeNames and
  // ExpressionAttributeValues has exceeded the maximum allowed size of
  // 2 MB") after its key errors, as a value error, and nothing more is
  // stored: the rest is only checked for JSON types. Likewise after a key or
  // value error (the request fails anyway).
  std::optional<ExpressionAttributeNames> Names(
      std::string_view name = "ExpressionAttributeNames");
  std::optional<ExpressionAttributeValues> Values(
      std::string_view name = "ExpressionAttributeValues");

  // Containers: the JSON array / object, or null when absent or of the
  // wrong JSON type (recorded). `value_class` names the Java class of a map's
  // values, `shape` a structure's, for the deserializer's messages.
  const JsonValue* List(std::string_view name, bool required = false);
  // A list of strings (AttributesToGet, NonKeyAttributes); nullopt when
  // absent. Null elements are skipped.
  std::optional<std::vector<std::string>> Strings(std::string_view name);
  const JsonValue* Map(std::string_view name, std::string_view value_class,
                       bool required = false);
  const JsonValue* Structure(std::string_view name, std::string_view shape,
                             bool required = false);
  // A reader for an element of List(name) at 0-based `index`, or for
  // Map(name)[key], of structure `shape`; a null element reads as absent,
  // any other non-object is recorded.
  ObjectReader ListElement(std::string_view name, const JsonValue& element,
                           size_t index, std::string_view shape);
  ObjectReader MapValue(std::string_view name, const JsonValue& value,
                        const std::string& key, std::string_view shape);

 private:
  struct Entry {
    std::string_view name;  // the request model's spelling (static storage)
    JsonValue value;
  };
  static constexpr size_t kInlineEntries = 12;

  // Adds to the expression maps' running size; false once past the limit.
  bool AddSubstitutionBytes(int64_t n);
  // Notes the members of the object at the reader (which is before it).
  void Index(JsonReader& in);
  void Add(std::string_view name, const JsonValue& value);

  JsonValue object_;  // type kNone when absent
  std::string path_;
  RequestErrors* errors_ = nullptr;
  std::array<Entry, kInlineEntries> entries_;
  size_t size_ = 0;
  bool has_other_names_ = false;     // names not in the table were skipped
  std::vector<Entry> more_entries_;  // beyond kInlineEntries
  int64_t substitution_bytes_ = 0;   // Names + Values read so far
  bool substitutions_over_ = false;  // past kMaxExpressionAttributeBytes
};

// Decodes `value` as a map of attribute values sitting in `target` into
// *out, recording errors (value errors prefixed with `validation_prefix`).
// With `size_error`, the map is refused with it once a lower bound of its
// DynamoDB size passes `size_limit` (ValueDecoder::LimitSize). False when
// anything was recorded.
bool ReadAttributeMap(const JsonValue& value, Target target,
                      RequestErrors* errors, AttributeMap* out,
                      std::string_view validation_prefix = "",
                      const Status* size_error = nullptr,
                      int64_t size_limit = 0);

// ReadAttributeMap for a key (Key, ExclusiveStartKey, a BatchGetItem key, a
// DeleteRequest's Key, a transaction action's Key, EddyInjectFault's Key):
// refused once it is known to pass limits::kMaxItemSizeBytes (a key is part
// of an item; the largest valid key is a few KB), with eddy's own text "Key
// size has exceeded the maximum allowed size of 400 KB" (DynamoDB's answer
// is not on record), so a hostile key costs memory in proportion to the
// limit, not to the body.
//
// With KeyContents::kCompact, a key of 100 lists of 19,000 elements costs
// the heap of one list while it is read, not of all of them (issue #26).
// Every error is the same, in the same order: the value is decoded and
// checked in full before it is compacted, and the size bound counts all of
// it. A key attribute's value that is not S, N or B can only fail the key
// schema, with a text that does not quote it ("The provided key element does
// not match the schema", "The provided starting key is invalid..."), and the
// engine checks the schema before comparing keys (BatchGetItem's and
// BatchWriteItem's duplicates, a transaction's one operation per item), so
// for the key parameters of GetItem, DeleteItem, UpdateItem, BatchGetItem,
// BatchWriteItem's DeleteRequest, TransactGetItems and Query/Scan's
// ExclusiveStartKey the contents are never read again: BatchWriteItem's
// over-25 echo prints a stand-in hash for such a value, made from the
// table, position and name only, and what echoes or measures a key
// (UnprocessedKeys/Items, ReturnValues, ConsumedCapacity, item collection
// metrics) does so only for keys that passed the schema; an armed fault is
// matched against a call's keys before the engine sees them, but a fault's
// Key never holds a list, map or set (ValidateFault, api/faults.h), so it
// never compares a compacted value. Callers keep them (kKeep) where they are
// read:
// - EddyInjectFault's Key: refused whole when it holds such a value;
// - TransactWriteItems' keys: the 4 MB payload bound counts their size, and a
//   ClientRequestToken is bound to the whole request, both before the schema
//   check.
bool ReadKeyMap(const JsonValue& value, Target target, RequestErrors* errors,
                AttributeMap* out, std::string_view validation_prefix = "",
                KeyContents contents = KeyContents::kKeep);

// Reads a JSON string value already read once. REQUIRES: type is kString.
std::string StringOf(const JsonValue& value);

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_REQUEST_READER_H_
