// Copyright 2026 The eddy Authors.
//
// AttributeValue: one DynamoDB value of any of the ten types (S, N, B, BOOL,
// NULL, M, L, SS, NS, BS); AttributeMap: a map of attribute names to values,
// which is both the M type and an Item.
//
//   Item item;
//   item.Set("pk", AttributeValue::S("user#1"));
//   item.Set("age", AttributeValue::N(42));
//   StatusOr<AttributeValue> tags = AttributeValue::SS({"a", "b"});
//   if (!tags.ok()) return tags.status();   // empty or duplicate set
//   item.Set("tags", *std::move(tags));
//   int64_t bytes = ItemSizeBytes(item);   // DynamoDB's billing size
//
// Invariants: sets are non-empty, duplicate-free and kept in a canonical order
// (strings and binaries by unsigned bytes, numbers numerically), so equality is
// plain structural equality and ignores the order a set was given in. An
// AttributeMap holds each name at most once, sorted by name. Nesting depth is
// not limited by the type; ValidateNesting() applies DynamoDB's 32 levels.
//
// Thread safety: value types; const access from many threads is safe.

#ifndef EDDY_EMULATOR_TYPES_ATTRIBUTE_VALUE_H_
#define EDDY_EMULATOR_TYPES_ATTRIBUTE_VALUE_H_

#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iosfwd>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/number.h"

namespace eddy {

// In variant order (see AttributeValue::Rep).
enum class AttributeType : uint8_t {
  kS,
  kN,
  kB,
  kSS,
  kNS,
  kBS,
  kM,
  kL,
  kNULL,
  kBOOL
};

// "S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL".
std::string_view AttributeTypeName(AttributeType type);

class AttributeValue;
struct AttributeMapEntry;

namespace internal {
template <typename T>
inline constexpr bool kIsCharacter =
    std::is_same_v<T, char> || std::is_same_v<T, wchar_t> ||
    std::is_same_v<T, char8_t> || std::is_same_v<T, char16_t> ||
    std::is_same_v<T, char32_t>;
// Integers that AttributeValue::N and GetNumber<T> take: every integral type
// but bool and the character types (int8_t and uint8_t are integers).
template <typename T>
inline constexpr bool kIsInteger =
    std::is_integral_v<T> && !std::is_same_v<T, bool> && !kIsCharacter<T>;
// Arguments AttributeValue::N refuses: binary floating point, bool, characters.
template <typename T>
inline constexpr bool kIsNotADecimal =
    std::is_floating_point_v<T> || std::is_same_v<T, bool> || kIsCharacter<T>;
}  // namespace internal

class AttributeMap {
 public:
  using Entry = AttributeMapEntry;
  using const_iterator = std::vector<Entry>::const_iterator;

  AttributeMap() = default;
  // Defined below, where the entry type is complete.
  AttributeMap(const AttributeMap&);
  AttributeMap(AttributeMap&&) noexcept;
  AttributeMap& operator=(const AttributeMap&);
  AttributeMap& operator=(AttributeMap&&) noexcept;
  ~AttributeMap();
  AttributeMap(
      std::initializer_list<std::pair<std::string, AttributeValue>> init);

  // Null when absent.
  const AttributeValue* Find(std::string_view name) const;
  AttributeValue* FindMutable(std::string_view name);
  bool Contains(std::string_view name) const { return Find(name) != nullptr; }

  // Inserts or replaces; returns the stored value.
  AttributeValue& Set(std::string name, AttributeValue value);
  // Appends an attribute that sorts after every present one, without
  // checking: for decoders of eddy's own encodings, which store names in
  // order. REQUIRES: `name` is greater than every present name.
  void AppendSorted(std::string name, AttributeValue value);
  // Returns whether the name was present.
  bool Erase(std::string_view name);
  void Clear();
  void Reserve(size_t n);

  size_t size() const;
  bool empty() const;
  const_iterator begin() const;
  const_iterator end() const;

  friend bool operator==(const AttributeMap& a, const AttributeMap& b);

 private:
  std::vector<Entry> entries_;  // sorted by name, unique
};

using Item = AttributeMap;

class AttributeValue {
 public:
  // NULL.
  AttributeValue() = default;

  static AttributeValue S(std::string value);
  static AttributeValue N(Number value);
  // Any integer type (int, int64_t, uint64_t, size_t, ...): always exact.
  template <typename T,
            std::enable_if_t<eddy::internal::kIsInteger<T>, int> = 0>
  static AttributeValue N(T value) {
    if constexpr (std::is_signed_v<T>) {
      return NInt64(static_cast<int64_t>(value));
    } else {
      return NUint64(static_cast<uint64_t>(value));
    }
  }
  // N(1.5), N(0.1f), N(true) and N('7') do not compile, on purpose. A binary
  // double is not a decimal: N(1.5) used to store 1 through int64_t, and
  // even an exact conversion would have to pick a decimal for 0.1 (shortest
  // round trip "0.1", or its exact binary value with 55 digits), and fail for
  // NaN, infinities and magnitudes beyond 1E126, where N() has no way to
  // report an error. Say what you mean instead: ParseN("1.5") for a decimal
  // literal, NFromDouble(x) for a computed double.
  template <typename T,
            std::enable_if_t<eddy::internal::kIsNotADecimal<T>, int> = 0>
  static AttributeValue N(T value) = delete;
  // Parses the text as a Number (see Number::Parse for the errors).
  static StatusOr<AttributeValue> ParseN(std::string_view text);
  // The shortest decimal that reads back as the same double (std::to_chars):
  // 0.1 is stored as 0.1, 0.1 + 0.2 as 0.30000000000000004, 1e21 as
  // 1000000000000000000000; so NFromDouble(x)->n().ToDouble() == x.
  // ValidationException "<x> is not a number DynamoDB can store" for NaN and
  // infinities; DynamoDB's overflow / underflow messages, prefixed with the
  // decimal, beyond its range (magnitudes from 1E-130 to below 1E126).
  static StatusOr<AttributeValue> NFromDouble(double value);
  static AttributeValue B(std::string bytes);
  static AttributeValue Bool(bool value);
  static AttributeValue Null();
  static AttributeValue M(AttributeMap value);
  static AttributeValue L(std::vector<AttributeValue> value);
  // Sets fail with DynamoDB's messages when empty or holding duplicates:
  //   "One or more parameter values were invalid: An string set  may not
  //    be empty"
  //   "One or more parameter values were invalid: Input collection [a, a]
  //    contains duplicates."
  // With `quoted`, the elements are quoted, ["a", "a"] (BS: ["<b64>","<b64>"]
  // with no space), as us-east-1 answers the JSON API since 2026-08
  // (dynamodb-conformance captures/2026-08-12-wording-drift.json).
  static StatusOr<AttributeValue> SS(std::vector<std::string> values,
                                     bool quoted = false);
  static StatusOr<AttributeValue> NS(std::vector<Number> values);
  static StatusOr<AttributeValue> BS(std::vector<std::string> values,
                                     bool quoted = false);
  // Sets already in canonical form, as eddy's own encodings store them:
  // nothing is checked or sorted. REQUIRES: non-empty, sorted (bytewise;
  // numerically for NS), no duplicates.
  static AttributeValue CanonicalSS(std::vector<std::string> values);
  static AttributeValue CanonicalNS(std::vector<Number> values);
  static AttributeValue CanonicalBS(std::vector<std::string> values);

  AttributeType type() const {
    return static_cast<AttributeType>(rep_.index());
  }
  bool is(AttributeType t) const { return type() == t; }

  // Accessors. REQUIRES: the value has that type (checked; aborts otherwise).
  const std::string& s() const { return Get<std::string>(); }
  const Number& n() const { return Get<Number>(); }
  const std::string& b() const { return Get<Binary>().bytes; }
  const std::vector<std::string>& ss() const { return Get<StringSet>().values; }
  const std::vector<Number>& ns() const { return Get<NumberSet>().values; }
  const std::vector<std::string>& bs() const { return Get<BinarySet>().values; }
  const AttributeMap& m() const { return Get<AttributeMap>(); }
  AttributeMap& mutable_m() { return GetMutable<AttributeMap>(); }
  const std::vector<AttributeValue>& l() const { return Get<List>().values; }
  std::vector<AttributeValue>& mutable_l() { return GetMutable<List>().values; }
  bool boolean() const { return Get<bool>(); }

  // Number of elements of a set, L or M; 0 for other types.
  size_t ElementCount() const;

  // DynamoDB's size of this value (without any attribute name).
  int64_t SizeBytes() const;

  // Compact, deterministic, human-readable form for tests and logs:
  // {S:"x"}, {N:1.5}, {M:{a:{BOOL:true}}}. Not the wire format.
  std::string DebugString() const;
  void AppendDebugString(std::string* out) const;

  friend bool operator==(const AttributeValue& a, const AttributeValue& b) {
    return a.rep_ == b.rep_;
  }

 private:
  struct Binary {
    std::string bytes;
    bool operator==(const Binary&) const = default;
  };
  struct StringSet {
    std::vector<std::string> values;
    bool operator==(const StringSet&) const = default;
  };
  struct NumberSet {
    std::vector<Number> values;
    bool operator==(const NumberSet&) const = default;
  };
  struct BinarySet {
    std::vector<std::string> values;
    bool operator==(const BinarySet&) const = default;
  };
  struct List {
    std::vector<AttributeValue> values;
    bool operator==(const List&) const;
  };
  struct NullTag {
    bool operator==(const NullTag&) const = default;
  };
  // Alternative order is AttributeType's order.
  using Rep = std::variant<std::string, Number, Binary, StringSet, NumberSet,
                           BinarySet, AttributeMap, List, NullTag, bool>;

  explicit AttributeValue(Rep rep) : rep_(std::move(rep)) {}
  static AttributeValue NInt64(int64_t value);
  static AttributeValue NUint64(uint64_t value);

  // Wrong-type access is a programming error: abort, never throw.
  template <typename T>
  const T& Get() const {
    const T* p = std::get_if<T>(&rep_);
    if (p == nullptr) std::abort();
    return *p;
  }
  template <typename T>
  T& GetMutable() {
    T* p = std::get_if<T>(&rep_);
    if (p == nullptr) std::abort();
    return *p;
  }

  Rep rep_ = NullTag{};
};

struct AttributeMapEntry {
  std::string name;
  AttributeValue value;
  bool operator==(const AttributeMapEntry&) const = default;
};

// AttributeMap's inline members, defined where its entry type is complete
// (clang instantiates std::vector's members eagerly in C++20).
inline AttributeMap::AttributeMap(const AttributeMap&) = default;
inline AttributeMap::AttributeMap(AttributeMap&&) noexcept = default;
inline AttributeMap& AttributeMap::operator=(const AttributeMap&) = default;
inline AttributeMap& AttributeMap::operator=(AttributeMap&&) noexcept = default;
inline AttributeMap::~AttributeMap() = default;
inline void AttributeMap::Clear() { entries_.clear(); }
inline void AttributeMap::Reserve(size_t n) { entries_.reserve(n); }
inline size_t AttributeMap::size() const { return entries_.size(); }
inline bool AttributeMap::empty() const { return entries_.empty(); }
inline AttributeMap::const_iterator AttributeMap::begin() const {
  return entries_.begin();
}
inline AttributeMap::const_iterator AttributeMap::end() const {
  return entries_.end();
}

// DynamoDB's item size: the sum over attributes of UTF-8 name bytes plus
// value size (api-semantics.md §3).
int64_t ItemSizeBytes(const AttributeMap& item);

// ValidationException "Nesting Levels have exceeded supported limits: ..."
// when any value lies deeper than limits::kMaxNestingDepth (a top-level
// attribute's value is level 1). Recursion stops at the limit, so any input is
// safe to check.
Status ValidateNesting(const AttributeMap& item);
Status ValidateNesting(const AttributeValue& value, int level = 1);

// DynamoDB's attribute-name limits (limits::kMaxAttributeNameBytes): an empty
// name is ValidationException "Empty attribute name"; a name of 65,536 bytes
// or more is "1 validation error detected: Attribute name is too large, must
// be less than 65536 bytes". The AttributeMap and AttributeValue forms check
// every name at every depth (map keys inside lists and maps too); the walk is
// bounded by ValidateNesting's depth, so call them after it or on values
// already checked.
Status ValidateAttributeName(std::string_view name);
Status ValidateAttributeNames(const AttributeMap& item);
Status ValidateAttributeNames(const AttributeValue& value);

// Order of two key values of the same scalar type, as DynamoDB sorts them:
// N numerically, S and B by unsigned bytes. -1, 0 or 1.
// REQUIRES: a.type() == b.type() and the type is S, N or B.
int CompareScalars(const AttributeValue& a, const AttributeValue& b);

// gtest printers.
void PrintTo(const AttributeValue& value, std::ostream* os);
void PrintTo(const AttributeMap& map, std::ostream* os);

// --- Typed getters -----------------------------------------------------------
//
// One attribute of an item as a C++ value, or a Status that says what was
// wrong (never an abort, unlike the accessors s(), n(), ... above):
//
//   StatusOr<std::string> name = GetString(item, "name");
//   StatusOr<int> copies = GetNumber<int>(item, "copies");
//   StatusOr<Number> price = GetNumber(item, "price");      // exact
//   StatusOr<double> ratio = GetNumber<double>(item, "ratio");  // nearest
//   StatusOr<AttributeMap> address = GetMap(item, "address");
//   StatusOr<std::string> city = GetString(*address, "city");
//
// Errors are ValidationExceptions with eddy's own messages (DynamoDB has no
// such call), naming the attribute and what it holds:
//   attribute "copies" is missing
//   attribute "copies" is a string (S), not a number (N)
//   attribute "copies" is 1.5, not an integer (int32_t)
//   attribute "copies" is 300, outside the range of int8_t (-128 to 127)
//   element 2 of attribute "sizes" is -1, outside the range of uint32_t ...
// Values are copied out. GetNumber<T> takes T = Number (the default), double
// or float (the nearest value; float also fails outside its range), or any
// integer type (the value must be an integer within T's range).
//
// Thread safety: pure functions of a const item.

StatusOr<std::string> GetString(const AttributeMap& item,
                                std::string_view name);
template <typename T = Number>
StatusOr<T> GetNumber(const AttributeMap& item, std::string_view name);
// The bytes of a B attribute (not base64).
StatusOr<std::string> GetBinary(const AttributeMap& item,
                                std::string_view name);
StatusOr<bool> GetBool(const AttributeMap& item, std::string_view name);
StatusOr<AttributeMap> GetMap(const AttributeMap& item, std::string_view name);
StatusOr<std::vector<AttributeValue>> GetList(const AttributeMap& item,
                                              std::string_view name);
// Sets in their canonical order (bytewise; numerically for NS).
StatusOr<std::vector<std::string>> GetStringSet(const AttributeMap& item,
                                                std::string_view name);
template <typename T = Number>
StatusOr<std::vector<T>> GetNumberSet(const AttributeMap& item,
                                      std::string_view name);
StatusOr<std::vector<std::string>> GetBinarySet(const AttributeMap& item,
                                                std::string_view name);

namespace internal {

// The attribute when present with type `type`; otherwise the getters' error.
StatusOr<const AttributeValue*> FindTyped(const AttributeMap& item,
                                          std::string_view name,
                                          AttributeType type);

// Conversions of GetNumber<T> and GetNumberSet<T>. In errors the value is
// `attribute "<name>"`, or `element <index> of attribute "<name>"` when
// index >= 0; `type_name` is T's name ("int32_t").
StatusOr<int64_t> NumberToInt64(const Number& n, std::string_view name,
                                int index, std::string_view type_name,
                                int64_t min, int64_t max);
StatusOr<uint64_t> NumberToUint64(const Number& n, std::string_view name,
                                  int index, std::string_view type_name,
                                  uint64_t max);
StatusOr<double> NumberToDouble(const Number& n, std::string_view name,
                                int index, bool as_float);

template <typename T>
constexpr std::string_view IntegerTypeName() {
  constexpr bool kSigned = std::is_signed_v<T>;
  switch (sizeof(T)) {
    case 1:
      return kSigned ? "int8_t" : "uint8_t";
    case 2:
      return kSigned ? "int16_t" : "uint16_t";
    case 4:
      return kSigned ? "int32_t" : "uint32_t";
    default:
      return kSigned ? "int64_t" : "uint64_t";
  }
}

template <typename T>
StatusOr<T> NumberAs(const Number& n, std::string_view name, int index) {
  if constexpr (std::is_same_v<T, Number>) {
    return n;
  } else if constexpr (std::is_floating_point_v<T>) {
    EDDY_ASSIGN_OR_RETURN(
        double d, NumberToDouble(n, name, index, std::is_same_v<T, float>));
    return static_cast<T>(d);
  } else if constexpr (std::is_signed_v<T>) {
    EDDY_ASSIGN_OR_RETURN(int64_t v,
                          NumberToInt64(n, name, index, IntegerTypeName<T>(),
                                        std::numeric_limits<T>::min(),
                                        std::numeric_limits<T>::max()));
    return static_cast<T>(v);
  } else {
    EDDY_ASSIGN_OR_RETURN(uint64_t v,
                          NumberToUint64(n, name, index, IntegerTypeName<T>(),
                                         std::numeric_limits<T>::max()));
    return static_cast<T>(v);
  }
}

template <typename T>
inline constexpr bool kIsNumberTarget =
    std::is_same_v<T, Number> || std::is_same_v<T, double> ||
    std::is_same_v<T, float> || kIsInteger<T>;

}  // namespace internal

template <typename T>
StatusOr<T> GetNumber(const AttributeMap& item, std::string_view name) {
  static_assert(eddy::internal::kIsNumberTarget<T>,
                "GetNumber<T>: T is Number, double, float or an integer type");
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kN));
  return eddy::internal::NumberAs<T>(value->n(), name, -1);
}

template <typename T>
StatusOr<std::vector<T>> GetNumberSet(const AttributeMap& item,
                                      std::string_view name) {
  static_assert(
      eddy::internal::kIsNumberTarget<T>,
      "GetNumberSet<T>: T is Number, double, float or an integer type");
  EDDY_ASSIGN_OR_RETURN(
      const AttributeValue* value,
      eddy::internal::FindTyped(item, name, AttributeType::kNS));
  std::vector<T> out;
  out.reserve(value->ns().size());
  for (size_t i = 0; i < value->ns().size(); ++i) {
    EDDY_ASSIGN_OR_RETURN(T v, eddy::internal::NumberAs<T>(
                                   value->ns()[i], name, static_cast<int>(i)));
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_ATTRIBUTE_VALUE_H_
