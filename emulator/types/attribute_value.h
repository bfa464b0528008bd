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
#include <string>
#include <string_view>
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
  static AttributeValue N(int64_t value);
  // Parses the text as a Number (see Number::Parse for the errors).
  static StatusOr<AttributeValue> ParseN(std::string_view text);
  static AttributeValue B(std::string bytes);
  static AttributeValue Bool(bool value);
  static AttributeValue Null();
  static AttributeValue M(AttributeMap value);
  static AttributeValue L(std::vector<AttributeValue> value);
  // Sets fail with DynamoDB's messages when empty or holding duplicates:
  //   "One or more parameter values were invalid: An string set  may not be
  //   empty" "One or more parameter values were invalid: Input collection [a,
  //   a] contains duplicates."
  static StatusOr<AttributeValue> SS(std::vector<std::string> values);
  static StatusOr<AttributeValue> NS(std::vector<Number> values);
  static StatusOr<AttributeValue> BS(std::vector<std::string> values);
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

// Order of two key values of the same scalar type, as DynamoDB sorts them:
// N numerically, S and B by unsigned bytes. -1, 0 or 1.
// REQUIRES: a.type() == b.type() and the type is S, N or B.
int CompareScalars(const AttributeValue& a, const AttributeValue& b);

// gtest printers.
void PrintTo(const AttributeValue& value, std::ostream* os);
void PrintTo(const AttributeMap& map, std::ostream* os);

}  // namespace eddy

#endif  // EDDY_EMULATOR_TYPES_ATTRIBUTE_VALUE_H_
