// Copyright 2026 The eddy Authors.

#include "emulator/types/attribute_value.h"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <ostream>
#include <system_error>

#include "emulator/base/base64.h"
#include "emulator/types/limits.h"

namespace eddy {
namespace {

constexpr std::string_view kInvalidPrefix =
    "One or more parameter values were invalid: ";

// Joins the elements as DynamoDB prints an input collection: "[a, b]".
// Quoted: ["a", "b"] (`separator` between the elements).
template <typename T, typename Fn>
std::string Collection(const std::vector<T>& values, Fn&& render,
                       bool quoted = false, std::string_view separator = ", ") {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += separator;
    if (quoted) out += '"';
    out += render(values[i]);
    if (quoted) out += '"';
  }
  out += "]";
  return out;
}

bool StringLess(const std::string& a, const std::string& b) {
  return a < b;  // char_traits<char>::compare is memcmp: unsigned bytes
}

void AppendQuoted(std::string_view s, std::string* out) {
  out->push_back('"');
  for (char c : s) {
    if (c == '"' || c == '\\') out->push_back('\\');
    out->push_back(c);
  }
  out->push_back('"');
}

}  // namespace

std::string_view AttributeTypeName(AttributeType type) {
  static constexpr std::string_view kNames[] = {"S",  "N", "B", "SS",   "NS",
                                                "BS", "M", "L", "NULL", "BOOL"};
  return kNames[static_cast<size_t>(type)];
}

// --- AttributeMap
// -------------------------------------------------------------

AttributeMap::AttributeMap(
    std::initializer_list<std::pair<std::string, AttributeValue>> init) {
  entries_.reserve(init.size());
  for (const auto& [name, value] : init) Set(name, value);
}

const AttributeValue* AttributeMap::Find(std::string_view name) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const Entry& e, std::string_view n) {
                               return std::string_view(e.name) < n;
                             });
  return it != entries_.end() && it->name == name ? &it->value : nullptr;
}

AttributeValue* AttributeMap::FindMutable(std::string_view name) {
  return const_cast<AttributeValue*>(std::as_const(*this).Find(name));
}

AttributeValue& AttributeMap::Set(std::string name, AttributeValue value) {
  // Appending in sorted order (the common case for decoders) is O(1).
  if (entries_.empty() || entries_.back().name < name) {
    entries_.push_back(Entry{std::move(name), std::move(value)});
    return entries_.back().value;
  }
  auto it = std::lower_bound(
      entries_.begin(), entries_.end(), name,
      [](const Entry& e, const std::string& n) { return e.name < n; });
  if (it != entries_.end() && it->name == name) {
    it->value = std::move(value);
    return it->value;
  }
  it = entries_.insert(it, Entry{std::move(name), std::move(value)});
  return it->value;
}

void AttributeMap::AppendSorted(std::string name, AttributeValue value) {
  assert(entries_.empty() || entries_.back().name < name);
  entries_.push_back(Entry{std::move(name), std::move(value)});
}

bool AttributeMap::Erase(std::string_view name) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), name,
                             [](const Entry& e, std::string_view n) {
                               return std::string_view(e.name) < n;
                             });
  if (it == entries_.end() || it->name != name) return false;
  entries_.erase(it);
  return true;
}

bool operator==(const AttributeMap& a, const AttributeMap& b) {
  return a.entries_ == b.entries_;
}

// --- AttributeValue
// -----------------------------------------------------------

bool AttributeValue::List::operator==(const List& other) const {
  return values == other.values;
}

AttributeValue AttributeValue::S(std::string value) {
  return AttributeValue(Rep(std::in_place_type<std::string>, std::move(value)));
}
AttributeValue AttributeValue::N(Number value) {
  return AttributeValue(Rep(value));
}
AttributeValue AttributeValue::NInt64(int64_t value) {
  return AttributeValue(Rep(Number::FromInt64(value)));
}
AttributeValue AttributeValue::NUint64(uint64_t value) {
  if (value <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return NInt64(static_cast<int64_t>(value));
  }
  char buf[24];
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), value);
  // 20 digits at most: always a valid Number.
  return AttributeValue(
      Rep(*Number::Parse(std::string_view(buf, r.ptr - buf))));
}
StatusOr<AttributeValue> AttributeValue::ParseN(std::string_view text) {
  EDDY_ASSIGN_OR_RETURN(Number n, Number::Parse(text));
  return N(n);
}
StatusOr<AttributeValue> AttributeValue::NFromDouble(double value) {
  char buf[32];  // the shortest form of a double takes at most 24 characters
  const std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), value);
  const std::string_view text(buf, r.ptr - buf);
  if (!std::isfinite(value)) {
    return Status::Validation(std::string(text) +
                              " is not a number DynamoDB can store");
  }
  StatusOr<Number> n = Number::Parse(text);
  if (!n.ok()) return n.status().WithMessagePrefix(std::string(text) + ": ");
  return N(*n);
}
AttributeValue AttributeValue::B(std::string bytes) {
  return AttributeValue(Rep(Binary{std::move(bytes)}));
}
AttributeValue AttributeValue::Bool(bool value) {
  return AttributeValue(Rep(value));
}
AttributeValue AttributeValue::Null() { return AttributeValue(Rep(NullTag{})); }
AttributeValue AttributeValue::M(AttributeMap value) {
  return AttributeValue(Rep(std::move(value)));
}
AttributeValue AttributeValue::L(std::vector<AttributeValue> value) {
  return AttributeValue(Rep(List{std::move(value)}));
}

StatusOr<AttributeValue> AttributeValue::SS(std::vector<std::string> values,
                                            bool quoted) {
  if (values.empty()) {
    return Status::Validation(std::string(kInvalidPrefix) +
                              "An string set  may not be empty");
  }
  std::vector<std::string> sorted = values;
  std::sort(sorted.begin(), sorted.end(), StringLess);
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    return Status::Validation(
        std::string(kInvalidPrefix) + "Input collection " +
        Collection(
            values, [](const std::string& s) { return s; }, quoted) +
        " contains duplicates.");
  }
  return AttributeValue(Rep(StringSet{std::move(sorted)}));
}

AttributeValue AttributeValue::CanonicalSS(std::vector<std::string> values) {
  assert(!values.empty() &&
         std::is_sorted(values.begin(), values.end(), StringLess));
  return AttributeValue(Rep(StringSet{std::move(values)}));
}

AttributeValue AttributeValue::CanonicalNS(std::vector<Number> values) {
  assert(!values.empty() && std::is_sorted(values.begin(), values.end()));
  return AttributeValue(Rep(NumberSet{std::move(values)}));
}

AttributeValue AttributeValue::CanonicalBS(std::vector<std::string> values) {
  assert(!values.empty() &&
         std::is_sorted(values.begin(), values.end(), StringLess));
  return AttributeValue(Rep(BinarySet{std::move(values)}));
}

StatusOr<AttributeValue> AttributeValue::NS(std::vector<Number> values) {
  if (values.empty()) {
    return Status::Validation(std::string(kInvalidPrefix) +
                              "An number set  may not be empty");
  }
  std::sort(values.begin(), values.end());
  if (std::adjacent_find(values.begin(), values.end()) != values.end()) {
    return Status::Validation("Input collection contains duplicates");
  }
  return AttributeValue(Rep(NumberSet{std::move(values)}));
}

StatusOr<AttributeValue> AttributeValue::BS(std::vector<std::string> values,
                                            bool quoted) {
  if (values.empty()) {
    return Status::Validation(std::string(kInvalidPrefix) +
                              "Binary sets should not be empty");
  }
  std::vector<std::string> sorted = values;
  std::sort(sorted.begin(), sorted.end(), StringLess);
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    return Status::Validation(
        std::string(kInvalidPrefix) + "Input collection " +
        Collection(
            values, [](const std::string& s) { return Base64Encode(s); },
            quoted, quoted ? "," : ", ") +
        "of type BS contains duplicates.");
  }
  return AttributeValue(Rep(BinarySet{std::move(sorted)}));
}

size_t AttributeValue::ElementCount() const {
  switch (type()) {
    case AttributeType::kSS:
      return ss().size();
    case AttributeType::kNS:
      return ns().size();
    case AttributeType::kBS:
      return bs().size();
    case AttributeType::kM:
      return m().size();
    case AttributeType::kL:
      return l().size();
    default:
      return 0;
  }
}

int64_t AttributeValue::SizeBytes() const {
  switch (type()) {
    case AttributeType::kS:
      return static_cast<int64_t>(s().size());
    case AttributeType::kN:
      return n().SizeBytes();
    case AttributeType::kB:
      return static_cast<int64_t>(b().size());
    case AttributeType::kBOOL:
    case AttributeType::kNULL:
      return 1;
    case AttributeType::kSS: {
      int64_t total = 0;
      for (const auto& v : ss()) total += static_cast<int64_t>(v.size());
      return total;
    }
    case AttributeType::kBS: {
      int64_t total = 0;
      for (const auto& v : bs()) total += static_cast<int64_t>(v.size());
      return total;
    }
    case AttributeType::kNS: {
      int64_t total = 0;
      for (const auto& v : ns()) total += v.SizeBytes();
      return total;
    }
    case AttributeType::kL: {
      int64_t total = limits::kListOrMapOverheadBytes;
      for (const auto& v : l()) {
        total += limits::kListOrMapElementOverheadBytes + v.SizeBytes();
      }
      return total;
    }
    case AttributeType::kM: {
      int64_t total = limits::kListOrMapOverheadBytes;
      for (const auto& e : m()) {
        total += limits::kListOrMapElementOverheadBytes +
                 static_cast<int64_t>(e.name.size()) + e.value.SizeBytes();
      }
      return total;
    }
  }
  return 0;
}

void AttributeValue::AppendDebugString(std::string* out) const {
  out->push_back('{');
  out->append(AttributeTypeName(type()));
  out->push_back(':');
  switch (type()) {
    case AttributeType::kS:
      AppendQuoted(s(), out);
      break;
    case AttributeType::kN:
      n().AppendTo(out);
      break;
    case AttributeType::kB:
      AppendQuoted(Base64Encode(b()), out);
      break;
    case AttributeType::kBOOL:
      out->append(boolean() ? "true" : "false");
      break;
    case AttributeType::kNULL:
      out->append("true");
      break;
    case AttributeType::kSS:
    case AttributeType::kBS: {
      const auto& values = type() == AttributeType::kSS ? ss() : bs();
      out->push_back('[');
      for (size_t i = 0; i < values.size(); ++i) {
        if (i) out->push_back(',');
        AppendQuoted(
            type() == AttributeType::kSS ? values[i] : Base64Encode(values[i]),
            out);
      }
      out->push_back(']');
      break;
    }
    case AttributeType::kNS:
      out->push_back('[');
      for (size_t i = 0; i < ns().size(); ++i) {
        if (i) out->push_back(',');
        ns()[i].AppendTo(out);
      }
      out->push_back(']');
      break;
    case AttributeType::kL:
      out->push_back('[');
      for (size_t i = 0; i < l().size(); ++i) {
        if (i) out->push_back(',');
        l()[i].AppendDebugString(out);
      }
      out->push_back(']');
      break;
    case AttributeType::kM: {
      out->push_back('{');
      bool first = true;
      for (const auto& e : m()) {
        if (!first) out->push_back(',');
        first = false;
        out->append(e.name);
        out->push_back(':');
        e.value.AppendDebugString(out);
      }
      out->push_back('}');
      break;
    }
  }
  out->push_back('}');
}

std::string AttributeValue::DebugString() const {
  std::string out;
  AppendDebugString(&out);
  return out;
}

// --- Free functions
// -------------------------------------------------------------

int64_t ItemSizeBytes(const AttributeMap& item) {
  int64_t total = 0;
  for (const auto& e : item) {
    total += static_cast<int64_t>(e.name.size()) + e.value.SizeBytes();
  }
  return total;
}

namespace {

// Does `value`, at nesting `level`, hold anything deeper than the limit? Only
// lists and maps are descended into, so a flat item costs a type check per
// attribute.
bool NestedTooDeep(const AttributeValue& value, int level) {
  if (level > limits::kMaxNestingDepth) return true;
  if (value.is(AttributeType::kL)) {
    for (const auto& v : value.l()) {
      if (NestedTooDeep(v, level + 1)) return true;
    }
  } else if (value.is(AttributeType::kM)) {
    for (const auto& e : value.m()) {
      if (NestedTooDeep(e.value, level + 1)) return true;
    }
  }
  return false;
}

Status NestingTooDeep() {
  return Status::Validation(
      "Nesting Levels have exceeded supported limits: Attributes in the item "
      "have nested levels beyond supported limit");
}

}  // namespace

Status ValidateNesting(const AttributeValue& value, int level) {
  return NestedTooDeep(value, level) ? NestingTooDeep() : Status::OK();
}

Status ValidateNesting(const AttributeMap& item) {
  for (const auto& e : item) {
    const AttributeType t = e.value.type();
    if ((t == AttributeType::kL || t == AttributeType::kM) &&
        NestedTooDeep(e.value, 1)) {
      return NestingTooDeep();
    }
  }
  return Status::OK();
}

Status ValidateAttributeName(std::string_view name) {
  if (name.empty()) return Status::Validation("Empty attribute name");
  if (static_cast<int64_t>(name.size()) > limits::kMaxAttributeNameBytes) {
    return Status::Validation(
        "1 validation error detected: Attribute name is too large, must be "
        "less than " +
        std::to_string(limits::kMaxAttributeNameBytes + 1) + " bytes");
  }
  return Status::OK();
}

namespace {

// Depth-bounded like NestedTooDeep, so a value nested past the limit stops the
// walk instead of recursing without end.
Status CheckNamesIn(const AttributeValue& value, int level) {
  if (level > limits::kMaxNestingDepth + 1) return Status::OK();
  if (value.is(AttributeType::kL)) {
    for (const auto& v : value.l()) {
      EDDY_RETURN_IF_ERROR(CheckNamesIn(v, level + 1));
    }
  } else if (value.is(AttributeType::kM)) {
    for (const auto& e : value.m()) {
      EDDY_RETURN_IF_ERROR(ValidateAttributeName(e.name));
      EDDY_RETURN_IF_ERROR(CheckNamesIn(e.value, level + 1));
    }
  }
  return Status::OK();
}

}  // namespace

Status ValidateAttributeNames(const AttributeValue& value) {
  return CheckNamesIn(value, 1);
}

Status ValidateAttributeNames(const AttributeMap& item) {
  for (const auto& e : item) {
    EDDY_RETURN_IF_ERROR(ValidateAttributeName(e.name));
    const AttributeType t = e.value.type();
    if (t == AttributeType::kL || t == AttributeType::kM) {
      EDDY_RETURN_IF_ERROR(CheckNamesIn(e.value, 1));
    }
  }
  return Status::OK();
}

int CompareScalars(const AttributeValue& a, const AttributeValue& b) {
  switch (a.type()) {
    case AttributeType::kN:
      return a.n().Compare(b.n());
    case AttributeType::kS: {
      int c = a.s().compare(b.s());
      return c < 0 ? -1 : c > 0;
    }
    case AttributeType::kB: {
      int c = a.b().compare(b.b());
      return c < 0 ? -1 : c > 0;
    }
    default:
      return 0;
  }
}

void PrintTo(const AttributeValue& value, std::ostream* os) {
  *os << value.DebugString();
}

void PrintTo(const AttributeMap& map, std::ostream* os) {
  *os << AttributeValue::M(map).DebugString();
}

// --- Typed getters -----------------------------------------------------------

namespace {

// "a string (S)", "a number set (NS)", ...
std::string_view TypeInWords(AttributeType type) {
  switch (type) {
    case AttributeType::kS:
      return "a string (S)";
    case AttributeType::kN:
      return "a number (N)";
    case AttributeType::kB:
      return "binary (B)";
    case AttributeType::kSS:
      return "a string set (SS)";
    case AttributeType::kNS:
      return "a number set (NS)";
    case AttributeType::kBS:
      return "a binary set (BS)";
    case AttributeType::kM:
      return "a map (M)";
    case AttributeType::kL:
      return "a list (L)";
    case AttributeType::kNULL:
      return "null (NULL)";
    case AttributeType::kBOOL:
      return "a boolean (BOOL)";
  }
  return "?";
}

// `attribute "x"` or `element 2 of attribute "x"`.
std::string Subject(std::string_view name, int index) {
  std::string out;
  if (index >= 0) out = "element " + std::to_string(index) + " of ";
  out += "attribute \"";
  out.append(name);
  out += "\"";
  return out;
}

Status NotAnInteger(const Number& n, std::string_view name, int index,
                    std::string_view type_name) {
  return Status::Validation(Subject(name, index) + " is " + n.ToString() +
                            ", not an integer (" + std::string(type_name) +
                            ")");
}

template <typename Bound>
Status OutOfRange(const Number& n, std::string_view name, int index,
                  std::string_view type_name, Bound min, Bound max) {
  return Status::Validation(Subject(name, index) + " is " + n.ToString() +
                            ", outside the range of " + std::string(type_name) +
                            " (" + std::to_string(min) + " to " +
                            std::to_string(max) + ")");
}

}  // namespace

namespace internal {

StatusOr<const AttributeValue*> FindTyped(const AttributeMap& item,
                                          std::string_view name,
                                          AttributeType type) {
  const AttributeValue* value = item.Find(name);
  if (value == nullptr) {
    return Status::Validation(Subject(name, -1) + " is missing");
  }
  if (value->type() != type) {
    return Status::Validation(Subject(name, -1) + " is " +
                              std::string(TypeInWords(value->type())) +
                              ", not " + std::string(TypeInWords(type)));
  }
  return value;
}

StatusOr<int64_t> NumberToInt64(const Number& n, std::string_view name,
                                int index, std::string_view type_name,
                                int64_t min, int64_t max) {
  if (!n.is_zero() && n.exponent() < 0) {
    return NotAnInteger(n, name, index, type_name);
  }
  int64_t v = 0;
  if (!n.ToInt64(&v) || v < min || v > max) {
    return OutOfRange(n, name, index, type_name, min, max);
  }
  return v;
}

StatusOr<uint64_t> NumberToUint64(const Number& n, std::string_view name,
                                  int index, std::string_view type_name,
                                  uint64_t max) {
  if (!n.is_zero() && n.exponent() < 0) {
    return NotAnInteger(n, name, index, type_name);
  }
  uint64_t v = 0;
  int64_t small = 0;
  if (n.ToInt64(&small)) {
    if (small >= 0) v = static_cast<uint64_t>(small);
    if (small < 0 || v > max) {
      return OutOfRange(n, name, index, type_name, uint64_t{0}, max);
    }
    return v;
  }
  // Beyond int64_t: only a positive number of at most 20 digits can fit.
  const std::string text = n.ToString();
  const std::from_chars_result r =
      std::from_chars(text.data(), text.data() + text.size(), v);
  if (n.is_negative() || r.ec != std::errc() ||
      r.ptr != text.data() + text.size() || v > max) {
    return OutOfRange(n, name, index, type_name, uint64_t{0}, max);
  }
  return v;
}

StatusOr<double> NumberToDouble(const Number& n, std::string_view name,
                                int index, bool as_float) {
  const double d = n.ToDouble();
  if (as_float) {
    const float f = static_cast<float>(d);
    if (std::isinf(f) || (f == 0 && !n.is_zero())) {
      return Status::Validation(Subject(name, index) + " is " + n.ToString() +
                                ", outside the range of float");
    }
  }
  return d;
}

}  // namespace internal

StatusOr<std::string> GetString(const AttributeMap& item,
                                std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kS));
  return value->s();
}

StatusOr<std::string> GetBinary(const AttributeMap& item,
                                std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kB));
  return value->b();
}

StatusOr<bool> GetBool(const AttributeMap& item, std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kBOOL));
  return value->boolean();
}

StatusOr<AttributeMap> GetMap(const AttributeMap& item, std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kM));
  return value->m();
}

StatusOr<std::vector<AttributeValue>> GetList(const AttributeMap& item,
                                              std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kL));
  return value->l();
}

StatusOr<std::vector<std::string>> GetStringSet(const AttributeMap& item,
                                                std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kSS));
  return value->ss();
}

StatusOr<std::vector<std::string>> GetBinarySet(const AttributeMap& item,
                                                std::string_view name) {
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kBS));
  return value->bs();
}

}  // namespace eddy
