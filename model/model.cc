// Copyright 2026 The eddy Authors.
//
// The accessors of the model types (model/model.h); the loader that fills
// them is loader.cc and its siblings.

#include "model/model.h"

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/storage/record.h"
#include "model/internal/loader.h"

namespace eddy::model {
using internal::Quote;

AttributeGenerator::AttributeGenerator() = default;
AttributeGenerator::AttributeGenerator(const AttributeGenerator&) = default;
AttributeGenerator::AttributeGenerator(AttributeGenerator&&) noexcept = default;
AttributeGenerator& AttributeGenerator::operator=(const AttributeGenerator&) =
    default;
AttributeGenerator& AttributeGenerator::operator=(
    AttributeGenerator&&) noexcept = default;
AttributeGenerator::~AttributeGenerator() = default;

std::string ModelError::ToString() const {
  return (pointer.empty() ? std::string("(document)") : pointer) + ": " +
         message;
}

std::string JsonPointerEscape(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (char c : token) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

const IndexDefinition* TableDefinition::FindIndex(std::string_view name) const {
  for (const IndexDefinition& g : global_secondary_indexes) {
    if (g.name == name) return &g;
  }
  for (const IndexDefinition& l : local_secondary_indexes) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

std::vector<const IndexDefinition*> TableDefinition::AllIndexes() const {
  std::vector<const IndexDefinition*> out;
  for (const IndexDefinition& g : global_secondary_indexes) out.push_back(&g);
  for (const IndexDefinition& l : local_secondary_indexes) out.push_back(&l);
  return out;
}

const IndexKeys* EntityShape::FindIndex(std::string_view name) const {
  for (const IndexKeys& k : indexes) {
    if (k.index_name == name) return &k;
  }
  return nullptr;
}

std::vector<std::string> EntityShape::Placeholders() const {
  std::vector<std::string> out;
  auto add = [&](const KeyTemplate& t) {
    for (const std::string& n : t.placeholders()) {
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
  };
  add(partition_key);
  add(sort_key);
  for (const IndexKeys& k : indexes) {
    add(k.partition_key);
    if (k.sort_key) add(*k.sort_key);
    for (const KeyTemplate& t : k.partition_parts) add(t);
    for (const KeyTemplate& t : k.sort_parts) add(t);
  }
  return out;
}

std::string_view SortKeyOpName(SortKeyOp op) {
  switch (op) {
    case SortKeyOp::kEq:
      return "=";
    case SortKeyOp::kLt:
      return "<";
    case SortKeyOp::kLe:
      return "<=";
    case SortKeyOp::kGt:
      return ">";
    case SortKeyOp::kGe:
      return ">=";
    case SortKeyOp::kBetween:
      return "BETWEEN";
    case SortKeyOp::kBeginsWith:
      return "begins_with";
  }
  return "?";
}

namespace {

// "<name> <op> \"<template>\"", begins_with(...) or BETWEEN.
std::string SortClause(const std::string& name, const SortKeyCondition& c) {
  switch (c.op) {
    case SortKeyOp::kBeginsWith:
      return "begins_with(" + name + ", " + Quote(c.value.text()) + ")";
    case SortKeyOp::kBetween:
      return name + " BETWEEN " + Quote(c.value.text()) + " AND " +
             Quote(c.high ? c.high->text() : std::string());
    default:
      return name + " " + std::string(SortKeyOpName(c.op)) + " " +
             Quote(c.value.text());
  }
}

}  // namespace

std::string AccessPattern::KeyConditionText(
    const TableDefinition& table) const {
  if (!executable) return "";
  std::string pk_name = table.partition_key, sk_name = table.sort_key;
  const IndexDefinition* g = table.FindIndex(index_name);
  if (g != nullptr && g->multi_attribute() && !partition_parts.empty()) {
    std::string out;
    for (size_t i = 0;
         i < partition_parts.size() && i < g->partition_attributes.size();
         ++i) {
      if (!out.empty()) out += " AND ";
      out += g->partition_attributes[i].name + " = " +
             Quote(partition_parts[i].text());
    }
    for (size_t i = 0; i < sort_parts.size() && i < g->sort_attributes.size();
         ++i) {
      out += " AND " + SortClause(g->sort_attributes[i].name, sort_parts[i]);
    }
    return out;
  }
  if (g != nullptr) {
    pk_name = g->partition_key;
    sk_name = g->sort_key;
  }
  std::string out = pk_name + " = " + Quote(partition_key.text());
  if (!sort_key) return out;
  return out + " AND " + SortClause(sk_name, *sort_key);
}

StatusOr<AttributeValue> TypedKeyValue(ScalarAttributeType type,
                                       std::string text) {
  if (text.empty()) {
    return Status::Validation("a key attribute value must not be empty");
  }
  switch (type) {
    case ScalarAttributeType::kS:
      return AttributeValue::S(std::move(text));
    case ScalarAttributeType::kB:
      return AttributeValue::B(std::move(text));
    case ScalarAttributeType::kN: {
      StatusOr<AttributeValue> n = AttributeValue::ParseN(text);
      if (!n.ok()) {
        return Status::Validation(Quote(text) +
                                  " is not a number (the attribute is N)");
      }
      return n;
    }
  }
  return Status::Internal("unknown key attribute type");
}

namespace {

AttributeType TypeOf(ScalarAttributeType t) {
  switch (t) {
    case ScalarAttributeType::kN:
      return AttributeType::kN;
    case ScalarAttributeType::kB:
      return AttributeType::kB;
    case ScalarAttributeType::kS:
      break;
  }
  return AttributeType::kS;
}

}  // namespace

bool KeyValuesOf(const Item& item, const std::vector<KeyAttribute>& attrs,
                 std::vector<AttributeValue>* out) {
  out->clear();
  for (const KeyAttribute& a : attrs) {
    const AttributeValue* v = item.Find(a.name);
    if (v == nullptr || !v->is(TypeOf(a.type))) return false;
    out->push_back(*v);
  }
  return true;
}

std::string MultiKeyText(const std::vector<AttributeValue>& values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += " | ";
    const AttributeValue& v = values[i];
    const std::string text = v.is(AttributeType::kN)   ? v.n().ToString()
                             : v.is(AttributeType::kB) ? v.b()
                                                       : v.s();
    for (char c : text) {
      if (c == '\\' || c == '|') out.push_back('\\');
      out.push_back(c);
    }
  }
  return out;
}

std::string MultiSortBytes(const std::vector<AttributeValue>& values) {
  std::string out;
  for (const AttributeValue& v : values) {
    storage::AppendCompositeKeyBytes(v, &out);
  }
  return out;
}

const GeneratorEntry* Workload::FindEntry(std::string_view name) const {
  for (const GeneratorEntry& e : entries) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

const EntityShape* Model::FindEntity(std::string_view entity_type) const {
  const int i = EntityIndex(entity_type);
  return i < 0 ? nullptr : &entities[i];
}

int Model::EntityIndex(std::string_view entity_type) const {
  for (size_t i = 0; i < entities.size(); ++i) {
    if (entities[i].entity_type == entity_type) return static_cast<int>(i);
  }
  return -1;
}

int Model::executable_pattern_count() const {
  int n = 0;
  for (const AccessPattern& p : patterns) n += p.executable ? 1 : 0;
  return n;
}

}  // namespace eddy::model
