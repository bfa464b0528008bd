// Copyright 2026 The eddy Authors.

#include "model/internal/compact_item.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace eddy::model::internal {
namespace {

struct Field {
  std::string_view name;
  char type = 0;
  std::string_view value;
};

// Reads the field at *at; false at the end or on a malformed record.
bool Next(std::string_view record, size_t* at, Field* f) {
  if (*at + 2 > record.size()) return false;
  uint16_t name_size = 0;
  std::memcpy(&name_size, record.data() + *at, 2);
  *at += 2;
  if (*at + name_size + 5 > record.size()) return false;
  f->name = record.substr(*at, name_size);
  *at += name_size;
  f->type = record[*at];
  *at += 1;
  uint32_t value_size = 0;
  std::memcpy(&value_size, record.data() + *at, 4);
  *at += 4;
  if (*at + value_size > record.size()) return false;
  f->value = record.substr(*at, value_size);
  *at += value_size;
  return true;
}

void Put(std::string* out, std::string_view name, char type,
         std::string_view value) {
  const auto name_size = static_cast<uint16_t>(name.size());
  const auto value_size = static_cast<uint32_t>(value.size());
  char head[2];
  std::memcpy(head, &name_size, 2);
  out->append(head, 2);
  out->append(name);
  out->push_back(type);
  char size[4];
  std::memcpy(size, &value_size, 4);
  out->append(size, 4);
  out->append(value);
}

std::optional<AttributeValue> ValueOf(const Field& f);

// The fields of a nested record ('L' elements, 'M' members); false when it
// is malformed.
bool Fields(std::string_view record, std::vector<Field>* out) {
  size_t at = 0;
  Field f;
  while (Next(record, &at, &f)) out->push_back(f);
  return at == record.size();
}

std::optional<AttributeValue> ValueOf(const Field& f) {
  switch (f.type) {
    case 'L': {
      std::vector<Field> fields;
      if (!Fields(f.value, &fields)) return std::nullopt;
      std::vector<AttributeValue> list;
      list.reserve(fields.size());
      for (const Field& e : fields) {
        std::optional<AttributeValue> v = ValueOf(e);
        if (!v) return std::nullopt;
        list.push_back(*std::move(v));
      }
      return AttributeValue::L(std::move(list));
    }
    case 'M': {
      std::vector<Field> fields;
      if (!Fields(f.value, &fields)) return std::nullopt;
      AttributeMap map;
      for (const Field& e : fields) {
        std::optional<AttributeValue> v = ValueOf(e);
        if (!v) return std::nullopt;
        map.Set(std::string(e.name), *std::move(v));
      }
      return AttributeValue::M(std::move(map));
    }
    case 'S':
      return AttributeValue::S(std::string(f.value));
    case 'B':
      return AttributeValue::B(std::string(f.value));
    case 'N': {
      StatusOr<AttributeValue> n = AttributeValue::ParseN(f.value);
      if (!n.ok()) return std::nullopt;
      return *std::move(n);
    }
    case 'T':
      return AttributeValue::Bool(true);
    case 'F':
      return AttributeValue::Bool(false);
    case 'Z':
      return AttributeValue::Null();
    default:
      return std::nullopt;
  }
}

bool PutValue(std::string* out, std::string_view name,
              const AttributeValue& value) {
  if (name.size() > UINT16_MAX) return false;
  switch (value.type()) {
    case AttributeType::kS:
      Put(out, name, 'S', value.s());
      return true;
    case AttributeType::kB:  // a multi-attribute key's B attribute
      Put(out, name, 'B', value.b());
      return true;
    case AttributeType::kN:
      Put(out, name, 'N', value.n().ToString());
      return true;
    case AttributeType::kBOOL:
      Put(out, name, value.boolean() ? 'T' : 'F', "");
      return true;
    case AttributeType::kNULL:
      Put(out, name, 'Z', "");
      return true;
    case AttributeType::kL: {
      std::string inner;
      for (const AttributeValue& e : value.l()) {
        if (!PutValue(&inner, "", e)) return false;
      }
      Put(out, name, 'L', inner);
      return true;
    }
    case AttributeType::kM: {
      // Members in name order, so that equal maps encode alike.
      std::vector<std::pair<std::string_view, const AttributeValue*>> members;
      for (const auto& e : value.m()) members.emplace_back(e.name, &e.value);
      std::sort(members.begin(), members.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      std::string inner;
      for (const auto& [n, v] : members) {
        if (!PutValue(&inner, n, *v)) return false;
      }
      Put(out, name, 'M', inner);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

bool EncodeCompact(const Item& item, std::string* out) {
  out->clear();
  size_t size = 0;
  for (const auto& e : item) {
    size += 7 + e.name.size() +
            (e.value.is(AttributeType::kS) ? e.value.s().size() : 40);
  }
  out->reserve(size);
  for (const auto& e : item) {
    if (!PutValue(out, e.name, e.value)) return false;
  }
  return true;
}

StatusOr<Item> DecodeCompact(std::string_view record) {
  Item item;
  size_t at = 0;
  Field f;
  while (Next(record, &at, &f)) {
    std::optional<AttributeValue> v = ValueOf(f);
    if (!v) return Status::Validation("not a compact item record");
    item.AppendSorted(std::string(f.name), *std::move(v));
  }
  if (at != record.size()) {
    return Status::Validation("not a compact item record");
  }
  return item;
}

std::string_view CompactFindS(std::string_view record, std::string_view name) {
  size_t at = 0;
  Field f;
  while (Next(record, &at, &f)) {
    if (f.name == name) return f.type == 'S' ? f.value : std::string_view();
  }
  return {};
}

void CompactFindSAll(std::string_view record,
                     std::span<const std::string_view> names,
                     std::span<std::string_view> values) {
  std::fill(values.begin(), values.end(), std::string_view());
  size_t at = 0;
  Field f;
  while (Next(record, &at, &f)) {
    if (f.type != 'S') continue;
    for (size_t j = 0; j < names.size(); ++j) {
      if (names[j].size() == f.name.size() && names[j] == f.name) {
        values[j] = f.value;
      }
    }
  }
}

std::optional<AttributeValue> CompactFind(std::string_view record,
                                          std::string_view name) {
  size_t at = 0;
  Field f;
  while (Next(record, &at, &f)) {
    if (f.name == name) return ValueOf(f);
  }
  return std::nullopt;
}

}  // namespace eddy::model::internal
