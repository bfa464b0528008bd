// Copyright 2026 The eddy Authors.
//
// DynamoDB's export and import file formats, one item (one line) at a time:
//
//   DYNAMODB_JSON  {"Item":{"pk":{"S":"a"},"n":{"N":"1"}}}
//   ION (text)     $ion_1_0 {Item:{pk:"a",n:1.}}
//   CSV            a header line, then one item per record (ImportTable only)
//   incremental    {"Metadata":{"WriteTimestampMicros":{"N":".."}},
//                   "Keys":{..},"OldImage":{..},"NewImage":{..}}
//
// ION type mapping (DynamoDB's): S -> string, N -> decimal, B -> blob,
// BOOL -> bool, NULL -> null, M -> struct, L -> list, SS/NS/BS -> a list
// annotated $dynamodb_SS / $dynamodb_NS / $dynamodb_BS.
//
// CSV (DynamoDB's ImportTable): the first record is the header unless the
// caller gives one (CsvOptions.HeaderList); the table's key attributes are
// typed by its key schema (S, N, or B in base64), every other column is a
// string; an empty non-key field is no attribute. Fields may be quoted with
// '"' ("" inside is one quote) and may then hold the delimiter or newlines.
//
// Contract: pure functions, no I/O, no shared state; safe from any thread.
// Decoders accept any bytes: malformed input, a wrong type, nesting deeper
// than kMaxNesting, an invalid number or set is a ValidationException naming
// the problem, never a crash. They do not check DynamoDB's item limits (the
// write path that stores the item does).

#ifndef EDDY_EMULATOR_TRANSFER_FORMATS_H_
#define EDDY_EMULATOR_TRANSFER_FORMATS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"
#include "emulator/types/schema.h"

namespace eddy::transfer {

// Deeper documents than this are refused before they are parsed (DynamoDB
// allows 32 levels of nested attributes; the line adds a few).
inline constexpr int kMaxNesting = 40;

// --- DYNAMODB_JSON ----------------------------------------------------------

// {"Item":{...}} (no newline). Members in the item's order.
std::string EncodeJsonLine(const Item& item);
void AppendJsonItem(const Item& item, std::string* out);  // {"a":{"S":..},..}
// The item of one {"Item":{...}} line (surrounding whitespace allowed).
StatusOr<Item> DecodeJsonLine(std::string_view line);

// --- ION --------------------------------------------------------------------

// The version marker DynamoDB writes at the start of each ION data file.
inline constexpr std::string_view kIonVersionMarker = "$ion_1_0";
// {Item:{...}} (no newline, no version marker).
std::string EncodeIonLine(const Item& item);
void AppendIonItem(const Item& item, std::string* out);
// The items of one line of ION text: zero or more top-level {Item:{...}}
// structs, an optional $ion_1_0 marker first. ION comments (// and /* */)
// are skipped.
StatusOr<std::vector<Item>> DecodeIonLine(std::string_view line);

// --- CSV --------------------------------------------------------------------

// Splits one CSV record. Returns false when the record ends inside a quoted
// field (the caller appends "\n" and the next line, then splits again).
// A quote inside an unquoted field, or text after a closing quote, is an
// error (Status) rather than false.
StatusOr<bool> SplitCsvRecord(std::string_view record, char delimiter,
                              std::vector<std::string>* fields);

// The item of one CSV record's fields under `header`, with the key attributes
// (`keys`, the table's key schema with their types) typed. Errors: more
// fields than header columns, a key attribute missing or empty, a key value
// that is not a valid N or base64 B.
StatusOr<Item> CsvFieldsToItem(const std::vector<std::string>& header,
                               const std::vector<std::string>& fields,
                               const std::vector<AttributeDefinition>& keys);

// --- Incremental export -----------------------------------------------------

// One change of an incremental export. `old_image` absent: the item was
// created; `new_image` absent: it was deleted.
struct ItemChange {
  int64_t write_micros = 0;
  Item keys;
  std::optional<Item> old_image;
  std::optional<Item> new_image;
};
// With `with_old_image` false (ExportViewType NEW_IMAGE) the OldImage is left
// out. A deletion has no NewImage.
std::string EncodeIncrementalJsonLine(const ItemChange& change,
                                      bool with_old_image);
// The same members in ION: {Metadata:{WriteTimestampMicros:N},Keys:{...},
// OldImage:{...},NewImage:{...}} (no newline, no version marker).
std::string EncodeIncrementalIonLine(const ItemChange& change,
                                     bool with_old_image);

}  // namespace eddy::transfer

#endif  // EDDY_EMULATOR_TRANSFER_FORMATS_H_
