// Copyright 2026 The eddy Authors.
//
// RunAwsSchemaTable (aws_schema.h): the reads through RunModel, then each
// write pattern run on the same database and checked for its effect.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "emulator/api/database.h"
#include "emulator/api/requests.h"
#include "model/formats/aws_schema.h"
#include "model/generator.h"

namespace eddy::model {
namespace {

constexpr int kBatchItems = 25;
constexpr size_t kMaxFailures = 5;

int64_t SteadyNanos() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class PatternChecker {
 public:
  PatternChecker(const AwsSchemaTable& table, const GeneratedData& data,
                 const RunOptions& options, Database* db)
      : model_(table.model),
        workload_(*table.model.workload),
        data_(data),
        db_(db),
        now_(options.now_nanos ? options.now_nanos : SteadyNanos),
        runs_(options.runs.value_or(table.model.workload->runs)) {}

  PatternReport Run(const AwsRunPattern& w, int number);

 private:
  // Item ids of the entity's generated items.
  std::vector<int32_t> Pool(const std::string& entity) const;
  // A new item of the entity: the generated item's values with every
  // binding given a fresh value (`tag` makes it unique) and its keys
  // rendered again.
  StatusOr<Item> FreshItem(int32_t id, const std::string& tag) const;
  Item KeyOf(const Item& item) const;
  StatusOr<std::optional<Item>> Get(const Item& key) const;
  std::string KeyText(const Item& key) const;

  void Put(const AwsRunPattern& w, const std::vector<int32_t>& pool, int run,
           PatternReport* r, std::string* failure);
  void Batch(const AwsRunPattern& w, const std::vector<int32_t>& pool, int run,
             PatternReport* r, std::string* failure);
  void Update(const AwsRunPattern& w, const std::vector<int32_t>& pool, int run,
              PatternReport* r, std::string* failure);
  void Delete(const std::vector<int32_t>& pool, int run, PatternReport* r,
              std::string* failure);
  void Scan(const AwsRunPattern& w, PatternReport* r, std::string* failure);
  void BatchGet(const AwsRunPattern& w, const std::vector<int32_t>& pool,
                int run, PatternReport* r, std::string* failure);
  // "pk\0sk" of an item's table keys.
  std::string PrimaryKey(const Item& item) const;

  const Model& model_;
  const Workload& workload_;
  const GeneratedData& data_;
  Database* db_;
  std::function<int64_t()> now_;
  int runs_;
  std::vector<int64_t> latencies_;
  std::set<std::string> deleted_;  // KeyText of deleted items
  size_t next_delete_ = 0;
};

std::vector<int32_t> PatternChecker::Pool(const std::string& entity) const {
  std::vector<int32_t> pool;
  for (size_t e = 0; e < workload_.entries.size(); ++e) {
    if (workload_.entries[e].entity_type != entity) continue;
    pool.insert(pool.end(), data_.by_entry[e].begin(), data_.by_entry[e].end());
  }
  return pool;
}

StatusOr<Item> PatternChecker::FreshItem(int32_t id,
                                         const std::string& tag) const {
  const GeneratedItem& g = data_.items[id];
  const EntityShape& shape = model_.entities[g.shape];
  Bindings fresh;
  Item item = g.item;
  for (const auto& [name, value] : g.bindings.entries()) {
    fresh.Set(name, value + "-" + tag);
    item.Set(name, AttributeValue::S(value + "-" + tag));
  }
  const TableDefinition& t = model_.table;
  std::string v;
  EDDY_RETURN_IF_ERROR(
      shape.partition_key.Render(fresh, &workload_.constants, &v));
  item.Set(t.partition_key, AttributeValue::S(v));
  v.clear();
  if (!t.sort_key.empty()) {  // else keyed by its partition key alone
    EDDY_RETURN_IF_ERROR(
        shape.sort_key.Render(fresh, &workload_.constants, &v));
    item.Set(t.sort_key, AttributeValue::S(v));
  }
  for (const IndexKeys& k : shape.indexes) {
    const IndexDefinition* def = t.FindIndex(k.index_name);
    v.clear();
    EDDY_RETURN_IF_ERROR(
        k.partition_key.Render(fresh, &workload_.constants, &v));
    item.Set(def->partition_key, AttributeValue::S(v));
    if (k.sort_key) {
      v.clear();
      EDDY_RETURN_IF_ERROR(k.sort_key->Render(fresh, &workload_.constants, &v));
      item.Set(def->sort_key, AttributeValue::S(v));
    }
  }
  return item;
}

Item PatternChecker::KeyOf(const Item& item) const {
  Item key;
  for (const std::string& n :
       {model_.table.partition_key, model_.table.sort_key}) {
    if (const AttributeValue* v = item.Find(n)) key.Set(n, *v);
  }
  return key;
}

std::string PatternChecker::KeyText(const Item& key) const {
  std::string out;
  for (const std::string& n :
       {model_.table.partition_key, model_.table.sort_key}) {
    if (n.empty()) continue;  // a table without a sort key
    const AttributeValue* v = key.Find(n);
    out += n + "=\"" + (v != nullptr ? v->s() : std::string()) + "\" ";
  }
  if (!out.empty()) out.pop_back();
  return out;
}

StatusOr<std::optional<Item>> PatternChecker::Get(const Item& key) const {
  GetItemRequest g;
  g.table_name = model_.table.name;
  g.key = key;
  g.consistent_read = true;
  EDDY_ASSIGN_OR_RETURN(GetItemResponse got, db_->GetItem(g));
  return got.item;
}

void PatternChecker::Put(const AwsRunPattern& w,
                         const std::vector<int32_t>& pool, int run,
                         PatternReport* r, std::string* failure) {
  StatusOr<Item> item =
      FreshItem(pool[static_cast<size_t>(run) % pool.size()],
                "p" + std::to_string(w.pattern_id) + "r" + std::to_string(run));
  if (!item.ok()) {
    *failure = item.status().ToString();
    return;
  }
  PutItemRequest p;
  p.table_name = model_.table.name;
  p.item = *item;
  p.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  const int64_t start = now_();
  StatusOr<PutItemResponse> put = db_->PutItem(p);
  latencies_.push_back(now_() - start);
  if (!put.ok()) {
    *failure = "PutItem: " + put.status().ToString();
    return;
  }
  if (put->consumed_capacity) {
    r->write_units_total += put->consumed_capacity->capacity_units;
  }
  r->items_total += 1;
  const Item key = KeyOf(*item);
  if (r->example.empty()) r->example = KeyText(key);
  StatusOr<std::optional<Item>> back = Get(key);
  if (!back.ok()) {
    *failure = "GetItem: " + back.status().ToString();
  } else if (!back->has_value()) {
    *failure = "the item put at " + KeyText(key) + " is not there";
  } else if (!(**back == *item)) {
    *failure =
        "the item read back at " + KeyText(key) + " differs from the one put";
  }
}

void PatternChecker::Batch(const AwsRunPattern& w,
                           const std::vector<int32_t>& pool, int run,
                           PatternReport* r, std::string* failure) {
  BatchWriteItemRequest b;
  b.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  std::vector<Item> items;
  for (int k = 0; k < kBatchItems; ++k) {
    StatusOr<Item> item = FreshItem(
        pool[static_cast<size_t>(run * kBatchItems + k) % pool.size()],
        "b" + std::to_string(w.pattern_id) + "r" + std::to_string(run) + "k" +
            std::to_string(k));
    if (!item.ok()) {
      *failure = item.status().ToString();
      return;
    }
    b.request_items[model_.table.name].push_back(
        WriteRequest{*item, std::nullopt});
    items.push_back(*std::move(item));
  }
  const int64_t start = now_();
  StatusOr<BatchWriteItemResponse> res = db_->BatchWriteItem(b);
  latencies_.push_back(now_() - start);
  if (!res.ok()) {
    *failure = "BatchWriteItem: " + res.status().ToString();
    return;
  }
  if (!res->unprocessed_items.empty()) {
    *failure = "BatchWriteItem left unprocessed items";
    return;
  }
  for (const ConsumedCapacity& c : res->consumed_capacity) {
    r->write_units_total += c.capacity_units;
  }
  r->items_total += kBatchItems;
  for (const Item& item : items) {
    const Item key = KeyOf(item);
    if (r->example.empty()) r->example = KeyText(key);
    StatusOr<std::optional<Item>> back = Get(key);
    if (!back.ok() || !back->has_value() || !(**back == item)) {
      *failure = "the item written at " + KeyText(key) +
                 " is not read back as written";
      return;
    }
  }
}

void PatternChecker::Update(const AwsRunPattern& w,
                            const std::vector<int32_t>& pool, int run,
                            PatternReport* r, std::string* failure) {
  const Item key =
      KeyOf(data_.items[pool[static_cast<size_t>(run) % pool.size()]].item);
  if (r->example.empty()) r->example = KeyText(key);
  StatusOr<std::optional<Item>> before = Get(key);
  if (!before.ok() || !before->has_value()) {
    *failure = "the item to update at " + KeyText(key) + " is not there";
    return;
  }
  Item expected = **before;
  UpdateItemRequest u;
  u.table_name = model_.table.name;
  u.key = key;
  u.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  ExpressionAttributeNames names = {{"#pk", model_.table.partition_key}};
  ExpressionAttributeValues values;
  std::string set;
  for (size_t i = 0; i < w.update_fields.size(); ++i) {
    const std::string& f = w.update_fields[i];
    const AttributeValue* old = expected.Find(f);
    AttributeValue v = AttributeValue::S("updated-" + std::to_string(run));
    if (old != nullptr && old->type() == AttributeType::kN) {
      v = AttributeValue::N(static_cast<int64_t>(run + 1000000));
    } else if (old != nullptr && old->type() == AttributeType::kBOOL) {
      v = AttributeValue::Bool(!old->boolean());
    }
    const std::string n = "#f" + std::to_string(i);
    const std::string val = ":v" + std::to_string(i);
    names[n] = f;
    values.Set(val, v);
    set += (set.empty() ? "SET " : ", ") + n + " = " + val;
    expected.Set(f, v);
  }
  u.update_expression = set;
  u.condition_expression = "attribute_exists(#pk)";
  u.expression_attribute_names = names;
  u.expression_attribute_values = values;
  const int64_t start = now_();
  StatusOr<UpdateItemResponse> res = db_->UpdateItem(u);
  latencies_.push_back(now_() - start);
  if (!res.ok()) {
    *failure = "UpdateItem: " + res.status().ToString();
    return;
  }
  if (res->consumed_capacity) {
    r->write_units_total += res->consumed_capacity->capacity_units;
  }
  r->items_total += 1;
  StatusOr<std::optional<Item>> after = Get(key);
  if (!after.ok() || !after->has_value() || !(**after == expected)) {
    *failure = "the item at " + KeyText(key) +
               " does not read back with the updated fields and nothing else "
               "changed";
  }
}

void PatternChecker::Delete(const std::vector<int32_t>& pool, int run,
                            PatternReport* r, std::string* failure) {
  (void)run;
  // Items from the end of the pool, each deleted once.
  Item key;
  while (next_delete_ < pool.size()) {
    key = KeyOf(data_.items[pool[pool.size() - 1 - next_delete_]].item);
    ++next_delete_;
    if (deleted_.insert(KeyText(key)).second) break;
    key = Item();
  }
  if (key.empty()) {
    *failure = "no generated item left to delete";
    return;
  }
  if (r->example.empty()) r->example = KeyText(key);
  DeleteItemRequest d;
  d.table_name = model_.table.name;
  d.key = key;
  d.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  d.return_values = ReturnValue::kAllOld;
  const int64_t start = now_();
  StatusOr<DeleteItemResponse> res = db_->DeleteItem(d);
  latencies_.push_back(now_() - start);
  if (!res.ok()) {
    *failure = "DeleteItem: " + res.status().ToString();
    return;
  }
  if (res->consumed_capacity) {
    r->write_units_total += res->consumed_capacity->capacity_units;
  }
  r->items_total += 1;
  if (!res->attributes) {
    *failure = "DeleteItem found no item at " + KeyText(key);
    return;
  }
  StatusOr<std::optional<Item>> after = Get(key);
  if (!after.ok() || after->has_value()) {
    *failure = "the item at " + KeyText(key) + " is still there";
  }
}

std::string PatternChecker::PrimaryKey(const Item& item) const {
  std::string out;
  for (const std::string& n :
       {model_.table.partition_key, model_.table.sort_key}) {
    const AttributeValue* v = item.Find(n);
    if (v != nullptr && v->type() == AttributeType::kS) out += v->s();
    out.push_back('\0');
  }
  return out;
}

void PatternChecker::Scan(const AwsRunPattern& w, PatternReport* r,
                          std::string* failure) {
  // The generated items in the table or index (before any write pattern).
  std::set<std::string> expected;
  for (const GeneratedItem& g : data_.items) {
    if (!w.index_name.empty() &&
        model_.entities[g.shape].FindIndex(w.index_name) == nullptr) {
      continue;
    }
    expected.insert(PrimaryKey(g.item));
  }
  ScanRequest s;
  s.table_name = model_.table.name;
  if (!w.index_name.empty()) s.index_name = w.index_name;
  s.consistent_read = w.consistent_read;
  s.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  std::set<std::string> got;
  int64_t items = 0;
  double units = 0;
  const int64_t start = now_();
  while (true) {
    StatusOr<ScanResponse> page = db_->Scan(s);
    if (!page.ok()) {
      latencies_.push_back(now_() - start);
      *failure = "Scan: " + page.status().ToString();
      return;
    }
    ++r->pages_total;
    if (page->consumed_capacity) {
      units += page->consumed_capacity->capacity_units;
    }
    for (const Item& item : page->items) got.insert(PrimaryKey(item));
    items += static_cast<int64_t>(page->items.size());
    if (!page->last_evaluated_key) break;
    s.exclusive_start_key = page->last_evaluated_key;
  }
  latencies_.push_back(now_() - start);
  r->items_total += items;
  r->read_units_total += units;
  r->read_units_min = r->runs == 0 ? units : std::min(r->read_units_min, units);
  r->read_units_max = std::max(r->read_units_max, units);
  if (r->example.empty()) {
    r->example =
        "Scan " + (w.index_name.empty() ? model_.table.name : w.index_name);
  }
  if (got != expected || items != static_cast<int64_t>(expected.size())) {
    *failure = "returned " + std::to_string(items) + " items (" +
               std::to_string(got.size()) + " distinct keys), the data has " +
               std::to_string(expected.size());
  }
}

void PatternChecker::BatchGet(const AwsRunPattern& w,
                              const std::vector<int32_t>& pool, int run,
                              PatternReport* r, std::string* failure) {
  std::map<std::string, int32_t> wanted;  // PrimaryKey -> item id
  KeysAndAttributes keys;
  keys.consistent_read = w.consistent_read;
  const size_t n = std::min<size_t>(kBatchItems, pool.size());
  for (size_t k = 0; k < n; ++k) {
    const int32_t id = pool[(static_cast<size_t>(run) * n + k) % pool.size()];
    if (wanted.emplace(PrimaryKey(data_.items[id].item), id).second) {
      keys.keys.push_back(KeyOf(data_.items[id].item));
    }
  }
  BatchGetItemRequest b;
  b.request_items[model_.table.name] = keys;
  b.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  std::vector<Item> got;
  double units = 0;
  const int64_t start = now_();
  while (true) {
    StatusOr<BatchGetItemResponse> res = db_->BatchGetItem(b);
    if (!res.ok()) {
      latencies_.push_back(now_() - start);
      *failure = "BatchGetItem: " + res.status().ToString();
      return;
    }
    ++r->pages_total;
    for (const ConsumedCapacity& c : res->consumed_capacity) {
      units += c.capacity_units;
    }
    for (Item& item : res->responses[model_.table.name]) {
      got.push_back(std::move(item));
    }
    if (res->unprocessed_keys.empty()) break;
    b.request_items = res->unprocessed_keys;
  }
  latencies_.push_back(now_() - start);
  r->items_total += static_cast<int64_t>(got.size());
  r->read_units_total += units;
  r->read_units_min = r->runs == 0 ? units : std::min(r->read_units_min, units);
  r->read_units_max = std::max(r->read_units_max, units);
  if (r->example.empty() && !keys.keys.empty()) {
    r->example = std::to_string(keys.keys.size()) + " keys, the first " +
                 KeyText(keys.keys[0]);
  }
  if (got.size() != wanted.size()) {
    *failure = "returned " + std::to_string(got.size()) + " items for " +
               std::to_string(wanted.size()) + " keys";
    return;
  }
  for (const Item& item : got) {
    auto it = wanted.find(PrimaryKey(item));
    if (it == wanted.end() || !(item == data_.items[it->second].item)) {
      *failure =
          "the item at " + KeyText(KeyOf(item)) + " is not the one generated";
      return;
    }
  }
}

PatternReport PatternChecker::Run(const AwsRunPattern& w, int number) {
  PatternReport r;
  r.number = number;
  r.name = w.name;
  r.executable = true;
  r.index = w.index_name.empty() ? "table" : w.index_name;
  r.operation = w.operation;
  r.key_condition = w.operation == "Scan"
                        ? "Scan of every item (" + w.entity + " pattern)"
                        : w.operation + " of " + w.entity + " items";
  r.matching_entity_types = {w.entity};
  const std::vector<int32_t> pool = Pool(w.entity);
  if (pool.empty()) {
    r.skipped = "entity " + w.entity + " has no generated items";
    return r;
  }
  if (w.operation == "UpdateItem" && w.update_fields.empty()) {
    r.skipped = "entity " + w.entity + " has no non-key field to update";
    return r;
  }
  const int runs = w.operation == "BatchWriteItem" ? std::max(1, runs_ / 5)
                   : w.operation == "Scan"         ? std::min(10, runs_)
                                                   : runs_;
  latencies_.clear();
  r.items_min = INT64_MAX;
  for (int run = 0; run < runs; ++run) {
    std::string failure;
    const int64_t items_before = r.items_total;
    if (w.operation == "Scan") {
      Scan(w, &r, &failure);
    } else if (w.operation == "BatchGetItem") {
      BatchGet(w, pool, run, &r, &failure);
    } else if (w.operation == "PutItem") {
      Put(w, pool, run, &r, &failure);
    } else if (w.operation == "BatchWriteItem") {
      Batch(w, pool, run, &r, &failure);
    } else if (w.operation == "UpdateItem") {
      Update(w, pool, run, &r, &failure);
    } else {
      Delete(pool, run, &r, &failure);
    }
    const int64_t n = r.items_total - items_before;
    r.items_min = std::min(r.items_min, n);
    r.items_max = std::max(r.items_max, n);
    ++r.runs;
    if (failure.empty()) {
      ++r.verified;
    } else if (r.failures.size() < kMaxFailures) {
      r.failures.push_back("run " + std::to_string(run + 1) + ": " + failure);
    }
  }
  if (r.items_min == INT64_MAX) r.items_min = 0;
  if (!latencies_.empty()) {
    std::sort(latencies_.begin(), latencies_.end());
    auto at = [&](double q) {
      const size_t i = std::min(
          latencies_.size() - 1,
          static_cast<size_t>(q * static_cast<double>(latencies_.size())));
      return static_cast<double>(latencies_[i]) / 1000.0;
    };
    r.p50_micros = at(0.5);
    r.p99_micros = at(0.99);
    double sum = 0;
    for (int64_t l : latencies_) sum += static_cast<double>(l);
    r.mean_micros = sum / static_cast<double>(latencies_.size()) / 1000.0;
  }
  return r;
}

}  // namespace

StatusOr<RunReport> RunAwsSchemaTable(const AwsSchemaTable& table,
                                      const RunOptions& options) {
  if (!table.model.workload) {
    return Status::Validation("the model has no \"workload\" section");
  }
  GenerateOptions g;
  g.scale = options.scale;
  g.seed = options.seed;
  const int64_t start = options.now_nanos ? options.now_nanos() : SteadyNanos();
  EDDY_ASSIGN_OR_RETURN(GeneratedData data, Generate(table.model, g));
  const int64_t end = options.now_nanos ? options.now_nanos() : SteadyNanos();
  RunOptions run = options;
  const auto previous = options.after_patterns;
  run.after_patterns = [&](Database* db, RunReport* report) {
    if (previous) previous(db, report);
    if (db == nullptr) {  // an endpoint run: these checks need the Database
      for (const auto* list : {&table.reads, &table.writes}) {
        for (const AwsRunPattern& w : *list) {
          PatternReport skipped;
          skipped.number = static_cast<int>(report->patterns.size()) + 1;
          skipped.name = w.name;
          skipped.operation = w.operation;
          skipped.skipped = "runs in-process only (not against --endpoint)";
          report->patterns.push_back(std::move(skipped));
        }
      }
      return;
    }
    PatternChecker checker(table, data, options, db);
    for (const AwsRunPattern& w : table.reads) {
      report->patterns.push_back(
          checker.Run(w, static_cast<int>(report->patterns.size()) + 1));
    }
    for (const AwsRunPattern& w : table.writes) {
      report->patterns.push_back(
          checker.Run(w, static_cast<int>(report->patterns.size()) + 1));
    }
  };
  EDDY_ASSIGN_OR_RETURN(RunReport report, RunModel(table.model, data, run));
  report.load.generate_seconds = static_cast<double>(end - start) / 1e9;
  return report;
}

}  // namespace eddy::model
