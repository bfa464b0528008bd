// Copyright 2026 The eddy Authors.

#include "emulator/transfer/formats.h"

#include <nlohmann/json.hpp>

#include "emulator/base/base64.h"
#include "emulator/base/json_depth.h"
#include "emulator/types/number.h"

namespace eddy::transfer {
namespace {

using Json = nlohmann::json;

Status Bad(std::string_view what) {
  return Status::Validation(std::string(what));
}

// --- Writing JSON ------------------------------------------------------------

void AppendJsonString(std::string_view s, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out->append("\\\"");
        break;
      case '\\':
        out->append("\\\\");
        break;
      case '\n':
        out->append("\\n");
        break;
      case '\r':
        out->append("\\r");
        break;
      case '\t':
        out->append("\\t");
        break;
      default:
        if (u < 0x20) {
          out->append("\\u00");
          out->push_back(kHex[u >> 4]);
          out->push_back(kHex[u & 15]);
        } else {
          out->push_back(c);
        }
    }
  }
  out->push_back('"');
}

void AppendJsonValue(const AttributeValue& v, std::string* out);

void AppendJsonMap(const AttributeMap& m, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& [name, value] : m) {
    if (!first) out->push_back(',');
    first = false;
    AppendJsonString(name, out);
    out->push_back(':');
    AppendJsonValue(value, out);
  }
  out->push_back('}');
}

void AppendJsonValue(const AttributeValue& v, std::string* out) {
  auto typed = [out](std::string_view type) {
    out->append("{\"");
    out->append(type);
    out->append("\":");
  };
  switch (v.type()) {
    case AttributeType::kS:
      typed("S");
      AppendJsonString(v.s(), out);
      break;
    case AttributeType::kN:
      typed("N");
      out->push_back('"');
      v.n().AppendTo(out);
      out->push_back('"');
      break;
    case AttributeType::kB:
      typed("B");
      out->push_back('"');
      Base64EncodeTo(v.b(), out);
      out->push_back('"');
      break;
    case AttributeType::kBOOL:
      typed("BOOL");
      out->append(v.boolean() ? "true" : "false");
      break;
    case AttributeType::kNULL:
      typed("NULL");
      out->append("true");
      break;
    case AttributeType::kM:
      typed("M");
      AppendJsonMap(v.m(), out);
      break;
    case AttributeType::kL: {
      typed("L");
      out->push_back('[');
      bool first = true;
      for (const AttributeValue& e : v.l()) {
        if (!first) out->push_back(',');
        first = false;
        AppendJsonValue(e, out);
      }
      out->push_back(']');
      break;
    }
    case AttributeType::kSS:
    case AttributeType::kBS: {
      const bool binary = v.type() == AttributeType::kBS;
      typed(binary ? "BS" : "SS");
      out->push_back('[');
      bool first = true;
      for (const std::string& e : binary ? v.bs() : v.ss()) {
        if (!first) out->push_back(',');
        first = false;
        if (binary) {
          out->push_back('"');
          Base64EncodeTo(e, out);
          out->push_back('"');
        } else {
          AppendJsonString(e, out);
        }
      }
      out->push_back(']');
      break;
    }
    case AttributeType::kNS: {
      typed("NS");
      out->push_back('[');
      bool first = true;
      for (const Number& e : v.ns()) {
        if (!first) out->push_back(',');
        first = false;
        out->push_back('"');
        e.AppendTo(out);
        out->push_back('"');
      }
      out->push_back(']');
      break;
    }
  }
  out->push_back('}');
}

// --- Reading JSON ------------------------------------------------------------

StatusOr<AttributeValue> JsonToValue(const Json& j);

StatusOr<AttributeMap> JsonToMap(const Json& j) {
  if (!j.is_object()) return Bad("an item or map must be a JSON object");
  AttributeMap m;
  m.Reserve(j.size());
  for (auto it = j.begin(); it != j.end(); ++it) {
    EDDY_ASSIGN_OR_RETURN(AttributeValue v, JsonToValue(it.value()));
    m.Set(it.key(), std::move(v));
  }
  return m;
}

StatusOr<std::string> JsonBase64(const Json& j) {
  if (!j.is_string()) return Bad("a binary value must be a base64 string");
  std::string bytes, error;
  if (!Base64Decode(j.get_ref<const std::string&>(), &bytes, &error)) {
    return Bad("invalid base64 in a binary value: " + error);
  }
  return bytes;
}

StatusOr<AttributeValue> JsonToValue(const Json& j) {
  if (!j.is_object() || j.size() != 1) {
    return Bad("an attribute value must be an object with one type member");
  }
  const std::string& type = j.begin().key();
  const Json& v = j.begin().value();
  if (type == "S") {
    if (!v.is_string()) return Bad("S must be a string");
    return AttributeValue::S(v.get<std::string>());
  }
  if (type == "N") {
    if (!v.is_string()) return Bad("N must be a string");
    return AttributeValue::ParseN(v.get_ref<const std::string&>());
  }
  if (type == "B") {
    EDDY_ASSIGN_OR_RETURN(std::string bytes, JsonBase64(v));
    return AttributeValue::B(std::move(bytes));
  }
  if (type == "BOOL") {
    if (!v.is_boolean()) return Bad("BOOL must be true or false");
    return AttributeValue::Bool(v.get<bool>());
  }
  if (type == "NULL") {
    if (!v.is_boolean() || !v.get<bool>()) return Bad("NULL must be true");
    return AttributeValue::Null();
  }
  if (type == "M") {
    EDDY_ASSIGN_OR_RETURN(AttributeMap m, JsonToMap(v));
    return AttributeValue::M(std::move(m));
  }
  if (type == "L") {
    if (!v.is_array()) return Bad("L must be an array");
    std::vector<AttributeValue> list;
    list.reserve(v.size());
    for (const Json& e : v) {
      EDDY_ASSIGN_OR_RETURN(AttributeValue ev, JsonToValue(e));
      list.push_back(std::move(ev));
    }
    return AttributeValue::L(std::move(list));
  }
  if (type == "SS" || type == "NS" || type == "BS") {
    if (!v.is_array()) return Bad(type + " must be an array");
    if (type == "NS") {
      std::vector<Number> numbers;
      for (const Json& e : v) {
        if (!e.is_string()) return Bad("NS elements must be strings");
        EDDY_ASSIGN_OR_RETURN(Number n,
                              Number::Parse(e.get_ref<const std::string&>()));
        numbers.push_back(std::move(n));
      }
      return AttributeValue::NS(std::move(numbers));
    }
    std::vector<std::string> values;
    for (const Json& e : v) {
      if (type == "BS") {
        EDDY_ASSIGN_OR_RETURN(std::string bytes, JsonBase64(e));
        values.push_back(std::move(bytes));
      } else {
        if (!e.is_string()) return Bad("SS elements must be strings");
        values.push_back(e.get<std::string>());
      }
    }
    return type == "SS" ? AttributeValue::SS(std::move(values))
                        : AttributeValue::BS(std::move(values));
  }
  return Bad("unknown attribute type '" + type + "'");
}

}  // namespace

void AppendJsonItem(const Item& item, std::string* out) {
  AppendJsonMap(item, out);
}

std::string EncodeJsonLine(const Item& item) {
  std::string out = "{\"Item\":";
  AppendJsonMap(item, &out);
  out.push_back('}');
  return out;
}

StatusOr<Item> DecodeJsonLine(std::string_view line) {
  if (JsonNestingDepth(line) > static_cast<size_t>(kMaxNesting)) {
    return Bad("the line nests deeper than " + std::to_string(kMaxNesting) +
               " levels");
  }
  Json j = Json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Bad("the line is not valid JSON");
  if (!j.is_object() || j.size() != 1 || !j.contains("Item")) {
    return Bad("the line is not an object with one member \"Item\"");
  }
  return JsonToMap(j["Item"]);
}

std::string EncodeIncrementalJsonLine(const ItemChange& change,
                                      bool with_old_image) {
  std::string out = "{\"Metadata\":{\"WriteTimestampMicros\":{\"N\":\"";
  out += std::to_string(change.write_micros);
  out += "\"}},\"Keys\":";
  AppendJsonMap(change.keys, &out);
  if (with_old_image && change.old_image) {
    out += ",\"OldImage\":";
    AppendJsonMap(*change.old_image, &out);
  }
  if (change.new_image) {
    out += ",\"NewImage\":";
    AppendJsonMap(*change.new_image, &out);
  }
  out.push_back('}');
  return out;
}

// --- CSV
// ----------------------------------------------------------------------

StatusOr<bool> SplitCsvRecord(std::string_view record, char delimiter,
                              std::vector<std::string>* fields) {
  fields->clear();
  std::string field;
  size_t i = 0;
  const size_t n = record.size();
  // Drop one trailing carriage return (CRLF files).
  size_t end = n;
  if (end > 0 && record[end - 1] == '\r') --end;
  while (true) {
    field.clear();
    if (i < end && record[i] == '"') {
      ++i;
      bool closed = false;
      while (i < n) {
        if (record[i] == '"') {
          if (i + 1 < n && record[i + 1] == '"') {
            field.push_back('"');
            i += 2;
            continue;
          }
          closed = true;
          ++i;
          break;
        }
        field.push_back(record[i++]);
      }
      if (!closed) return false;
      if (i < end && record[i] != delimiter) {
        return Bad("text after a closing quote in a CSV field");
      }
    } else {
      while (i < end && record[i] != delimiter) {
        if (record[i] == '"') return Bad("a quote inside an unquoted field");
        field.push_back(record[i++]);
      }
    }
    fields->push_back(std::move(field));
    if (i >= end) break;
    ++i;  // the delimiter
  }
  return true;
}

StatusOr<Item> CsvFieldsToItem(const std::vector<std::string>& header,
                               const std::vector<std::string>& fields,
                               const std::vector<AttributeDefinition>& keys) {
  if (fields.size() > header.size()) {
    return Bad("the record has more fields (" + std::to_string(fields.size()) +
               ") than the header has columns (" +
               std::to_string(header.size()) + ")");
  }
  Item item;
  for (size_t c = 0; c < fields.size(); ++c) {
    const std::string& name = header[c];
    const std::string& text = fields[c];
    const AttributeDefinition* key = nullptr;
    for (const AttributeDefinition& k : keys) {
      if (k.attribute_name == name) key = &k;
    }
    if (key == nullptr) {
      if (!text.empty()) item.Set(name, AttributeValue::S(text));
      continue;
    }
    if (text.empty()) return Bad("the key attribute " + name + " is empty");
    switch (key->attribute_type) {
      case ScalarAttributeType::kS:
        item.Set(name, AttributeValue::S(text));
        break;
      case ScalarAttributeType::kN: {
        EDDY_ASSIGN_OR_RETURN(AttributeValue v, AttributeValue::ParseN(text));
        item.Set(name, std::move(v));
        break;
      }
      case ScalarAttributeType::kB: {
        std::string bytes, error;
        if (!Base64Decode(text, &bytes, &error)) {
          return Bad("the key attribute " + name + " is not base64: " + error);
        }
        item.Set(name, AttributeValue::B(std::move(bytes)));
        break;
      }
    }
  }
  for (const AttributeDefinition& k : keys) {
    if (!item.Contains(k.attribute_name)) {
      return Bad("the record has no key attribute " + k.attribute_name);
    }
  }
  return item;
}

}  // namespace eddy::transfer
