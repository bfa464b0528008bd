// Copyright 2026 The eddy Authors.

#include "emulator/wire/internal/attribute_codec.h"

#include <array>
#include <cstdio>

#include "emulator/base/base64.h"
#include "emulator/types/limits.h"

namespace eddy::wire_internal {
namespace {

// The ten type keys of an AttributeValue, in the order members are checked.
enum Member { kB, kBOOL, kBS, kL, kM, kN, kNS, kNULL, kS, kSS, kMemberCount };
constexpr std::array<std::string_view, kMemberCount> kMemberNames = {
    "B", "BOOL", "BS", "L", "M", "N", "NS", "NULL", "S", "SS"};

int MemberIndex(std::string_view key) {
  for (int i = 0; i < kMemberCount; ++i) {
    if (kMemberNames[i] == key) return i;
  }
  return -1;
}

Status NestingError() {
  return Status::Validation(
      "Nesting Levels have exceeded supported limits: Attributes in the item "
      "have nested levels beyond supported limit");
}

Status CheckBase64(const Json& j) {
  if (!j.is_string()) return WrongJsonType(j, "Blob");
  std::string bytes, error;
  const auto& text = j.get_ref<const std::string&>();
  if (!Base64Decode(text, &bytes, &error)) {
    return Status::Serialization("'" + text +
                                 "' can not be converted to a Blob: " + error);
  }
  return Status::OK();
}

Status CheckStringList(const Json& j, bool base64) {
  if (!j.is_array()) return WrongJsonType(j, "list");
  for (const Json& e : j) {
    if (e.is_null()) continue;
    if (base64) {
      EDDY_RETURN_IF_ERROR(CheckBase64(e));
    } else if (!e.is_string()) {
      return WrongJsonType(e, "String");
    }
  }
  return Status::OK();
}

std::string DecodedBase64(const Json& j) {
  std::string bytes, error;
  Base64Decode(j.get_ref<const std::string&>(), &bytes,
               &error);  // checked in pass 1
  return bytes;
}

}  // namespace

StatusOr<Json> ParseJson(std::string_view text) {
  // nlohmann's parser and destructor are iterative, so depth is no danger here.
  // It also stops at a NUL byte as if the input ended there; a NUL outside a
  // string is never valid JSON (inside one it must be escaped), so reject it.
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    return Status::Serialization(
        "Malformed JSON: unexpected NUL byte at offset " + std::to_string(nul));
  }
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    return Status::Serialization(std::string("Malformed JSON: ") + e.what());
  }
}

Status WrongJsonType(const Json& found, std::string_view expected) {
  // Coral's wording. "NUMBER_VALUE cannot be converted to String" and the
  // structure/list texts are DynamoDB's; the other scalar tokens follow the
  // same pattern.
  if (found.is_object()) {
    if (expected == "map" || expected == "structure") return Status::OK();
    return Status::Serialization(
        "Start of structure or map found where not expected.");
  }
  if (found.is_array()) {
    if (expected == "list") return Status::OK();
    return Status::Serialization("Start of list found where not expected");
  }
  if (expected == "list") return Status::Serialization("Expected list or null");
  if (expected == "map") return Status::Serialization("Expected map or null");
  if (expected == "structure") return Status::Serialization("Expected null");
  std::string token = found.is_number()    ? "NUMBER_VALUE"
                      : found.is_boolean() ? "BOOLEAN_VALUE"
                      : found.is_string()  ? "STRING_VALUE"
                                           : "VALUE";
  return Status::Serialization(token + " cannot be converted to " +
                               std::string(expected));
}

Status CheckValueShape(const Json& j, int level) {
  if (!j.is_object()) return WrongJsonType(j, "structure");
  if (level > limits::kMaxNestingDepth)
    return Status::OK();  // pass 2 rejects it
  for (const auto& [key, v] : j.items()) {
    if (v.is_null()) continue;
    switch (MemberIndex(key)) {
      case kS:
      case kN:
        if (!v.is_string()) return WrongJsonType(v, "String");
        break;
      case kB:
        EDDY_RETURN_IF_ERROR(CheckBase64(v));
        break;
      case kBOOL:
      case kNULL:
        if (!v.is_boolean()) return WrongJsonType(v, "Boolean");
        break;
      case kSS:
      case kNS:
        EDDY_RETURN_IF_ERROR(CheckStringList(v, false));
        break;
      case kBS:
        EDDY_RETURN_IF_ERROR(CheckStringList(v, true));
        break;
      case kL:
        if (!v.is_array()) return WrongJsonType(v, "list");
        for (const Json& e : v) {
          if (!e.is_null()) EDDY_RETURN_IF_ERROR(CheckValueShape(e, level + 1));
        }
        break;
      case kM:
        if (!v.is_object()) return WrongJsonType(v, "map");
        for (const auto& [name, e] : v.items()) {
          if (!e.is_null()) EDDY_RETURN_IF_ERROR(CheckValueShape(e, level + 1));
        }
        break;
      default:
        break;  // unknown members are ignored, as DynamoDB does
    }
  }
  return Status::OK();
}

Status CheckItemShape(const Json& j) {
  if (!j.is_object()) return WrongJsonType(j, "map");
  for (const auto& [name, v] : j.items()) {
    if (!v.is_null()) EDDY_RETURN_IF_ERROR(CheckValueShape(v, 1));
  }
  return Status::OK();
}

Status DecodeValue(const Json& j, int level, AttributeValue* out) {
  if (level > limits::kMaxNestingDepth) return NestingError();
  int present = 0;
  for (const auto& [key, v] : j.items()) {
    if (v.is_null()) continue;
    const int member = MemberIndex(key);
    if (member < 0) continue;
    ++present;
    switch (member) {
      case kS:
        *out = AttributeValue::S(v.get<std::string>());
        break;
      case kN: {
        EDDY_ASSIGN_OR_RETURN(
            *out, AttributeValue::ParseN(v.get_ref<const std::string&>()));
        break;
      }
      case kB:
        *out = AttributeValue::B(DecodedBase64(v));
        break;
      case kBOOL:
        *out = AttributeValue::Bool(v.get<bool>());
        break;
      case kNULL:
        if (!v.get<bool>()) {
          return Status::Validation(
              "One or more parameter values were invalid: Null attribute value "
              "types must have the value of true");
        }
        *out = AttributeValue::Null();
        break;
      case kSS: {
        std::vector<std::string> values;
        values.reserve(v.size());
        for (const Json& e : v)
          values.push_back(e.is_null() ? "" : e.get<std::string>());
        EDDY_ASSIGN_OR_RETURN(*out, AttributeValue::SS(std::move(values)));
        break;
      }
      case kNS: {
        std::vector<Number> values;
        values.reserve(v.size());
        for (const Json& e : v) {
          EDDY_ASSIGN_OR_RETURN(
              Number n,
              Number::Parse(
                  e.is_null()
                      ? std::string_view()
                      : std::string_view(e.get_ref<const std::string&>())));
          values.push_back(n);
        }
        EDDY_ASSIGN_OR_RETURN(*out, AttributeValue::NS(std::move(values)));
        break;
      }
      case kBS: {
        std::vector<std::string> values;
        values.reserve(v.size());
        for (const Json& e : v)
          values.push_back(e.is_null() ? "" : DecodedBase64(e));
        EDDY_ASSIGN_OR_RETURN(*out, AttributeValue::BS(std::move(values)));
        break;
      }
      case kL: {
        std::vector<AttributeValue> values;
        values.reserve(v.size());
        for (const Json& e : v) {
          if (e.is_null()) {
            return Status::Validation(
                "Supplied AttributeValue is empty, must contain exactly one of "
                "the supported datatypes");
          }
          values.emplace_back();
          EDDY_RETURN_IF_ERROR(DecodeValue(e, level + 1, &values.back()));
        }
        *out = AttributeValue::L(std::move(values));
        break;
      }
      case kM: {
        AttributeMap map;
        map.Reserve(v.size());
        for (const auto& [name, e] : v.items()) {
          if (e.is_null()) continue;
          AttributeValue child;
          EDDY_RETURN_IF_ERROR(DecodeValue(e, level + 1, &child));
          map.Set(name, std::move(child));
        }
        *out = AttributeValue::M(std::move(map));
        break;
      }
    }
  }
  if (present == 0) {
    return Status::Validation(
        "Supplied AttributeValue is empty, must contain exactly one of the "
        "supported datatypes");
  }
  if (present > 1) {
    return Status::Validation(
        "Supplied AttributeValue has more than one datatypes set, must contain "
        "exactly one of the supported datatypes");
  }
  return Status::OK();
}

Status DecodeItem(const Json& j, Item* out) {
  out->Clear();
  out->Reserve(j.size());
  for (const auto& [name, v] : j.items()) {
    if (v.is_null()) continue;
    AttributeValue value;
    EDDY_RETURN_IF_ERROR(DecodeValue(v, 1, &value));
    out->Set(name, std::move(value));
  }
  return Status::OK();
}

StatusOr<AttributeValue> ToAttributeValue(const Json& j) {
  EDDY_RETURN_IF_ERROR(CheckValueShape(j, 1));
  AttributeValue out;
  EDDY_RETURN_IF_ERROR(DecodeValue(j, 1, &out));
  return out;
}

StatusOr<Item> ToItem(const Json& j) {
  EDDY_RETURN_IF_ERROR(CheckItemShape(j));
  Item out;
  EDDY_RETURN_IF_ERROR(DecodeItem(j, &out));
  return out;
}

// --- Encoding
// -----------------------------------------------------------------

void AppendJsonString(std::string_view s, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->push_back('"');
  size_t run = 0;  // start of the current run of bytes needing no escape
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out->append(s.data() + run, i - run);
    run = i + 1;
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
      case '\b':
        out->append("\\b");
        break;
      case '\f':
        out->append("\\f");
        break;
      default:
        out->append("\\u00");
        out->push_back(kHex[c >> 4]);
        out->push_back(kHex[c & 15]);
    }
  }
  out->append(s.data() + run, s.size() - run);
  out->push_back('"');
}

void AppendValueJson(const AttributeValue& value, std::string* out) {
  switch (value.type()) {
    case AttributeType::kS:
      out->append("{\"S\":");
      AppendJsonString(value.s(), out);
      break;
    case AttributeType::kN:
      out->append("{\"N\":\"");
      value.n().AppendTo(out);
      out->push_back('"');
      break;
    case AttributeType::kB:
      out->append("{\"B\":\"");
      Base64EncodeTo(value.b(), out);
      out->push_back('"');
      break;
    case AttributeType::kBOOL:
      out->append(value.boolean() ? "{\"BOOL\":true" : "{\"BOOL\":false");
      break;
    case AttributeType::kNULL:
      out->append("{\"NULL\":true");
      break;
    case AttributeType::kSS:
      out->append("{\"SS\":[");
      for (size_t i = 0; i < value.ss().size(); ++i) {
        if (i) out->push_back(',');
        AppendJsonString(value.ss()[i], out);
      }
      out->push_back(']');
      break;
    case AttributeType::kNS:
      out->append("{\"NS\":[");
      for (size_t i = 0; i < value.ns().size(); ++i) {
        if (i) out->push_back(',');
        out->push_back('"');
        value.ns()[i].AppendTo(out);
        out->push_back('"');
      }
      out->push_back(']');
      break;
    case AttributeType::kBS:
      out->append("{\"BS\":[");
      for (size_t i = 0; i < value.bs().size(); ++i) {
        if (i) out->push_back(',');
        out->push_back('"');
        Base64EncodeTo(value.bs()[i], out);
        out->push_back('"');
      }
      out->push_back(']');
      break;
    case AttributeType::kL:
      out->append("{\"L\":[");
      for (size_t i = 0; i < value.l().size(); ++i) {
        if (i) out->push_back(',');
        AppendValueJson(value.l()[i], out);
      }
      out->push_back(']');
      break;
    case AttributeType::kM:
      out->append("{\"M\":");
      AppendItemJson(value.m(), out);
      break;
  }
  out->push_back('}');
}

void AppendItemJson(const Item& item, std::string* out) {
  out->push_back('{');
  bool first = true;
  for (const auto& e : item) {
    if (!first) out->push_back(',');
    first = false;
    AppendJsonString(e.name, out);
    out->push_back(':');
    AppendValueJson(e.value, out);
  }
  out->push_back('}');
}

Json ValueToJson(const AttributeValue& value) {
  std::string text;
  AppendValueJson(value, &text);
  return Json::parse(text, nullptr, /*allow_exceptions=*/false);
}

Json ItemToJson(const Item& item) {
  std::string text;
  AppendItemJson(item, &text);
  return Json::parse(text, nullptr, /*allow_exceptions=*/false);
}

}  // namespace eddy::wire_internal
