// Copyright 2026 The eddy Authors.

#include "emulator/partiql/internal/plan_cache.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "emulator/partiql/ast.h"
#include "emulator/partiql/internal/parse_cache.h"
#include "emulator/partiql/internal/values.h"

namespace eddy::partiql::internal {
namespace {

// Where parameter `param` (0-based) goes: the key of the GetItem or
// DeleteItem, or the item of the PutItem, under `attribute`.
struct Slot {
  size_t param = 0;
  std::string attribute;
};

struct Entry {
  // False: the statement has no slots (see the header); plan in full.
  bool bindable = false;
  TableSchema schema;  // what `plan` was made for
  Plan plan;           // made with the first call's parameters
  std::vector<Slot> slots;
};

struct Cache {
  std::mutex mu;
  absl::flat_hash_map<std::string, std::shared_ptr<const Entry>> entries;
};

Cache& TheCache() {
  static Cache* cache = new Cache();  // never destroyed: no exit-order issue
  return *cache;
}

std::atomic<bool> enabled{true};

// text, options and parameter types: what a cached plan depends on.
std::string CacheKey(std::string_view statement,
                     std::span<const AttributeValue> parameters,
                     const PlanOptions& options) {
  std::string key;
  key.reserve(statement.size() + parameters.size() + 16);
  key += static_cast<char>('0' + static_cast<int>(options.context));
  key += options.consistent_read ? 'c' : '-';
  key += static_cast<char>('0' +
                           static_cast<int>(options.return_consumed_capacity));
  key += options.return_values_on_condition_check_failure_all_old ? 'o' : '-';
  if (options.limit) key += std::to_string(*options.limit);
  key += '|';
  for (const AttributeValue& p : parameters) {
    key += static_cast<char>('A' + static_cast<int>(p.type()));
  }
  key += '|';
  key.append(statement.data(), statement.size());
  return key;
}

bool SameKey(const KeySchema& a, const KeySchema& b) {
  auto same = [](const KeyAttribute& x, const KeyAttribute& y) {
    return x.name == y.name && x.type == y.type;
  };
  if (!same(a.hash, b.hash) || a.range.has_value() != b.range.has_value()) {
    return false;
  }
  return !a.range || same(*a.range, *b.range);
}

bool SameSchema(const TableSchema& a, const TableSchema& b) {
  if (a.table_name != b.table_name || !SameKey(a.key, b.key) ||
      a.indexes.size() != b.indexes.size()) {
    return false;
  }
  for (size_t i = 0; i < a.indexes.size(); ++i) {
    const IndexSchema& x = a.indexes[i];
    const IndexSchema& y = b.indexes[i];
    if (x.index_name != y.index_name || x.global != y.global ||
        !SameKey(x.key, y.key) || x.projection_type != y.projection_type ||
        x.non_key_attributes != y.non_key_attributes ||
        x.multi_attribute_key != y.multi_attribute_key) {
      return false;
    }
  }
  return true;
}

// The conjuncts of a top-level AND chain.
void Conjuncts(const Node& node, std::vector<const Node*>* out) {
  if (node.kind == NodeKind::kBinary && node.text == "and" && !node.negated &&
      node.children.size() == 2) {
    Conjuncts(*node.children[0], out);
    Conjuncts(*node.children[1], out);
    return;
  }
  out->push_back(&node);
}

// `name = ?` / `? = name` conjuncts only: their slots.
std::optional<std::vector<Slot>> KeyEqualitySlots(const Node& where) {
  std::vector<const Node*> conjuncts;
  Conjuncts(where, &conjuncts);
  std::vector<Slot> slots;
  for (const Node* c : conjuncts) {
    if (c->kind != NodeKind::kBinary || c->text != "=" || c->negated ||
        c->children.size() != 2) {
      return std::nullopt;
    }
    const Node* name = c->children[0].get();
    const Node* param = c->children[1].get();
    if (name->kind == NodeKind::kParameter) std::swap(name, param);
    if (name->kind != NodeKind::kIdentifier ||
        param->kind != NodeKind::kParameter || param->parameter < 1) {
      return std::nullopt;
    }
    slots.push_back(
        Slot{static_cast<size_t>(param->parameter - 1), name->text});
  }
  return slots;
}

// `VALUE {'a': ?, ...}`: the top-level attributes given by a parameter.
std::optional<std::vector<Slot>> InsertSlots(const Node& value) {
  if (value.kind != NodeKind::kStruct) return std::nullopt;
  std::vector<Slot> slots;
  for (size_t i = 0; i + 1 < value.children.size(); i += 2) {
    const Node& v = *value.children[i + 1];
    if (v.kind != NodeKind::kParameter) continue;
    StatusOr<std::string> name = StructKeyName(*value.children[i], "root");
    if (!name.ok() || v.parameter < 1) return std::nullopt;
    slots.push_back(Slot{static_cast<size_t>(v.parameter - 1), *name});
  }
  return slots;
}

// The map the slots of `plan` are in (null when the plan has none).
AttributeMap* SlotMap(Plan& plan) {
  switch (plan.operation) {
    case PlanOperation::kGetItem:
      return &plan.get_item->key;
    case PlanOperation::kDeleteItem:
      return &plan.delete_item->key;
    case PlanOperation::kPutItem:
      return &plan.put_item->item;
    default:
      return nullptr;
  }
}

// The slots of a statement and its plan, when every parameter is in
// exactly one slot and the plan holds parameter values nowhere else.
std::optional<std::vector<Slot>> FindSlots(
    const ParsedStatement& parsed, std::span<const AttributeValue> parameters,
    Plan& plan) {
  const Node& root = *parsed.root;
  std::optional<std::vector<Slot>> slots;
  if (root.kind == NodeKind::kSelect && root.select && root.select->where &&
      plan.operation == PlanOperation::kGetItem) {
    slots = KeyEqualitySlots(*root.select->where);
  } else if (root.kind == NodeKind::kDml && root.dml) {
    const DmlStatement& d = *root.dml;
    if (d.form == DmlStatement::Form::kDelete && d.where &&
        plan.operation == PlanOperation::kDeleteItem &&
        !plan.delete_item->condition_expression) {
      slots = KeyEqualitySlots(*d.where);
    } else if (d.form == DmlStatement::Form::kBare && d.ops.size() == 1 &&
               d.ops[0].kind == DmlOp::Kind::kInsertValue && d.ops[0].value &&
               plan.operation == PlanOperation::kPutItem) {
      slots = InsertSlots(*d.ops[0].value);
    }
  }
  AttributeMap* map = SlotMap(plan);
  if (!slots || map == nullptr || slots->size() != parameters.size()) {
    return std::nullopt;
  }
  std::vector<bool> seen(parameters.size(), false);
  std::vector<std::string_view> names;
  for (const Slot& s : *slots) {
    if (s.param >= parameters.size() || seen[s.param]) return std::nullopt;
    seen[s.param] = true;
    for (std::string_view n : names) {
      if (n == s.attribute) return std::nullopt;  // a name given twice
    }
    names.push_back(s.attribute);
    // The plan must hold the parameter exactly where the slot says.
    const AttributeValue* v = map->Find(s.attribute);
    if (v == nullptr || !(*v == parameters[s.param])) return std::nullopt;
  }
  return slots;
}

std::shared_ptr<const Entry> Lookup(const std::string& key) {
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.mu);
  auto it = cache.entries.find(absl::string_view(key.data(), key.size()));
  return it == cache.entries.end() ? nullptr : it->second;
}

void Store(std::string key, std::shared_ptr<const Entry> entry) {
  Cache& cache = TheCache();
  std::lock_guard<std::mutex> lock(cache.mu);
  if (cache.entries.size() >= kMaxCachedPlans) cache.entries.clear();
  cache.entries.insert_or_assign(std::move(key), std::move(entry));
}

}  // namespace

void SetPlanCacheEnabled(bool enabled_now) {
  enabled.store(enabled_now, std::memory_order_relaxed);
}
bool PlanCacheEnabled() { return enabled.load(std::memory_order_relaxed); }

StatusOr<Plan> PlanCached(std::string_view statement,
                          const ParsedStatement& parsed,
                          std::span<const AttributeValue> parameters,
                          const SchemaLookup& schemas,
                          const PlanOptions& options,
                          const std::function<StatusOr<Plan>()>& plan_in_full) {
  if (!PlanCacheEnabled() || statement.size() > kMaxCachedStatementLength) {
    return plan_in_full();
  }
  std::string key = CacheKey(statement, parameters, options);
  if (std::shared_ptr<const Entry> entry = Lookup(key)) {
    if (!entry->bindable) return plan_in_full();
    const TableSchema* now = schemas.FindTable(entry->plan.table_name);
    if (now != nullptr && SameSchema(*now, entry->schema)) {
      Plan plan = entry->plan;
      AttributeMap* map = SlotMap(plan);
      for (const Slot& s : entry->slots) {
        *map->FindMutable(s.attribute) = parameters[s.param];
      }
      return plan;
    }
    // The table changed or is gone: plan in full (below) and replace.
  }
  StatusOr<Plan> planned = plan_in_full();
  if (!planned.ok()) return planned;
  auto entry = std::make_shared<Entry>();
  const TableSchema* schema = schemas.FindTable(planned->table_name);
  if (schema != nullptr) {
    if (std::optional<std::vector<Slot>> slots =
            FindSlots(parsed, parameters, *planned)) {
      entry->bindable = true;
      entry->schema = *schema;
      entry->plan = *planned;
      entry->slots = *std::move(slots);
      // The slots are bound anew on every use: the cache keeps no
      // parameter's value (an INSERT's may be 400 KB, and each use would
      // copy it before overwriting it).
      AttributeMap* map = SlotMap(entry->plan);
      for (const Slot& s : entry->slots) {
        *map->FindMutable(s.attribute) = AttributeValue();
      }
    }
  }
  Store(std::move(key), std::move(entry));
  return planned;
}

}  // namespace eddy::partiql::internal
