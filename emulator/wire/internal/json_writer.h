// Copyright 2026 The eddy Authors.
//
// JsonWriter: builds a response body as text, members in the order written
// (DynamoDB's order), items through the value codec without an intermediate
// document. Not for use outside emulator/wire.
//
//   JsonWriter w;
//   w.BeginObject();
//   w.Key("Count"); w.Int(3);
//   w.Key("Item"); w.Item(item);
//   w.EndObject();
//   std::string body = std::move(w).Take();
//
// Strings are escaped and made valid UTF-8 by AppendJsonString (invalid
// bytes become U+FFFD), so a body is always valid UTF-8 JSON whatever the
// strings it is given. Containers nest at most 64 deep (eddy's responses
// nest 6).
//
// Numbers that DynamoDB models as doubles (capacity units, epoch seconds) are
// printed the way its Java service prints a double: 1.0, 0.5, 1.7E9.

#ifndef EDDY_EMULATOR_WIRE_INTERNAL_JSON_WRITER_H_
#define EDDY_EMULATOR_WIRE_INTERNAL_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "emulator/types/attribute_value.h"

namespace eddy::wire::internal {

// Java's Double.toString: shortest round-trip digits, "1.0" for integers,
// scientific ("1.7E9") outside [1e-3, 1e7).
std::string FormatJavaDouble(double value);

class JsonWriter {
 public:
  // One allocation holds most bodies (a GetItem of a 400-byte item).
  JsonWriter() { out_.reserve(1024); }

  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  void String(std::string_view s);
  void Int(int64_t n);
  void Double(double d);
  void Bool(bool b);
  void Item(const AttributeMap& item);  // {"name":{"S":...},...}

  std::string Take() && { return std::move(out_); }

 private:
  void BeforeValue();

  std::string out_;
  uint64_t needs_comma_ = 0;  // bit d: the container at depth d has a value
  int depth_ = 0;             // open containers
  bool after_key_ = false;
};

}  // namespace eddy::wire::internal

#endif  // EDDY_EMULATOR_WIRE_INTERNAL_JSON_WRITER_H_
