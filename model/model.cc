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

std::string AccessPattern::KeyConditionText(
    const TableDefinition& table) const {
  if (!executable) return "";
  std::string pk_name = table.partition_key, sk_name = table.sort_key;
  if (const IndexDefinition* g = table.FindIndex(index_name)) {
    pk_name = g->partition_key;
    sk_name = g->sort_key;
  }
  std::string out = pk_name + " = " + Quote(partition_key.text());
  if (!sort_key) return out;
  out += " AND ";
  switch (sort_key->op) {
    case SortKeyOp::kBeginsWith:
      out +=
          "begins_with(" + sk_name + ", " + Quote(sort_key->value.text()) + ")";
      break;
    case SortKeyOp::kBetween:
      out += sk_name + " BETWEEN " + Quote(sort_key->value.text()) + " AND " +
             Quote(sort_key->high->text());
      break;
    default:
      out += sk_name + " " + std::string(SortKeyOpName(sort_key->op)) + " " +
             Quote(sort_key->value.text());
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
