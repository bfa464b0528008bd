// Copyright 2026 The eddy Authors.

#include "model/runner.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "emulator/api/database.h"
#include "emulator/base/clock.h"
#include "model/internal/compact_item.h"
#include "model/internal/random.h"

namespace eddy::model {
namespace {

constexpr int kMaxFailuresKept = 5;
constexpr size_t kBatchSize = 25;  // BatchWriteItem's limit

int64_t SteadyNanos() {
  // Wall-clock measurement of eddy's own speed for the report, not emulated
  // time (which comes from the Database's ManualClock below).
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string Quote(std::string_view s) { return "\"" + std::string(s) + "\""; }

// getrusage's peak resident set size (Linux reports kilobytes).
int64_t PeakResidentBytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<int64_t>(usage.ru_maxrss) * 1024;
}

std::string_view KeyString(const Item& item, const std::string& name) {
  const AttributeValue* v = item.Find(name);
  if (v == nullptr || !v->is(AttributeType::kS)) return {};
  return v->s();
}

using internal::CompactFind;
using internal::CompactFindS;
using internal::CompactFindSAll;
using internal::DecodeCompact;
using internal::EncodeCompact;

// One index (or the table) as the ground truth sees it: partition-key value
// -> (sort-key value, item id), sorted by sort key. Views point into the
// runner's item records, which outlive this.
struct IndexTruth {
  std::string name;                      // "table" or the GSI's name
  const IndexDefinition* def = nullptr;  // null for the table
  std::string pk_attr, sk_attr;
  absl::flat_hash_map<std::string_view,
                      std::vector<std::pair<std::string_view, int32_t>>>
      buckets;
  int64_t count = 0;
};

// The ground truth is kept as one compact record per generated item
// (internal/compact_item.h), made while loading: when the runner owns the
// generated data (`owned`), each Item is moved into its write request and
// the generated items are freed after the load, so the process never holds
// the data set twice over beside the database.
class Runner {
 public:
  Runner(const Model& model, const GeneratedData& data, const RunOptions& opt,
         GeneratedData* owned)
      : model_(model),
        workload_(*model.workload),
        data_(data),
        owned_(owned),
        options_(opt),
        now_(opt.now_nanos ? opt.now_nanos : SteadyNanos),
        clock_(1'704'067'200'000'000) {
    if (opt.backend != nullptr) {
      backend_ = opt.backend;
    } else {
      Options db_options;
      db_options.clock = &clock_;
      db_ = std::make_unique<Database>(db_options);
      own_backend_ = std::make_unique<DatabaseBackend>(db_.get());
      backend_ = own_backend_.get();
    }
  }

  StatusOr<RunReport> Run();
  // RunOptions::free_database false: the Database is never destroyed (nor
  // is anything using the clock it points to).
  void LeakDatabase() {
    // Kept reachable from a list that is never destroyed: leak checkers
    // (LeakSanitizer) see no lost memory, and nothing is freed at exit.
    static auto* mu = new std::mutex;
    static auto* kept = new std::vector<std::unique_ptr<Database>>;
    std::lock_guard<std::mutex> lock(*mu);
    kept->push_back(std::move(db_));
  }

 private:
  Status CreateTable();
  Status Load(RunReport* report);
  void BuildTruth();
  void CheckIndexes(RunReport* report);
  void RunPattern(int number, const AccessPattern& p, RunReport* report);
  // A PartiQL pattern's statement with `params` bound, every NextToken page
  // followed; adds to *items, *units, *elapsed and *pages. Returns the
  // failure ("" when it ran).
  std::string RunStatement(const PartiqlStatement& statement,
                           const Bindings& params, std::optional<int> limit,
                           bool consistent, std::vector<Item>* items,
                           double* units, int64_t* elapsed, int64_t* pages);
  std::string Verify(const AccessPattern& p, const IndexTruth& truth,
                     const std::string& pk,
                     const std::vector<std::string>& sk_values,
                     const std::vector<Item>& items,
                     const std::vector<int32_t>* expected);
  absl::flat_hash_map<std::string, std::vector<int32_t>> ExpectIndex(
      const Expectation& x) const;
  void HotKeys(RunReport* report);
  const IndexTruth* Truth(const std::string& index_name) const;
  // The id of the item written with this primary key (the table's truth:
  // its bucket, then a binary search on the sort key), or nullopt.
  std::optional<int32_t> ItemId(std::string_view pk, std::string_view sk) const;
  Item Project(const Item& item, const IndexTruth& truth) const;

  // The item's bindings (its S attributes of the entry's binding names).
  Bindings BindingsOf(int32_t id) const;
  // `id`'s item as `truth` projects it.
  Item ProjectedItem(int32_t id, const IndexTruth& truth) const;
  int64_t ProjectedSize(int32_t id, const IndexTruth& truth) const;

  const Model& model_;
  const Workload& workload_;
  const GeneratedData& data_;  // items empty after Load when owned_
  GeneratedData* owned_;       // null: data_ is the caller's, kept intact
  const RunOptions& options_;
  // Per generated item, filled by Load: its compact record, shape, entry
  // and size.
  std::vector<std::string> records_;
  std::vector<int32_t> shapes_, entries_;
  std::vector<int32_t> sizes_;
  std::function<int64_t()> now_;
  ManualClock clock_;
  std::unique_ptr<Database> db_;  // null when options_.backend is set
  std::unique_ptr<DatabaseBackend> own_backend_;
  RunBackend* backend_ = nullptr;  // where every request goes
  bool indexes_created_ = false;

  std::vector<IndexTruth> truths_;  // [0] is the table
  // (index, partition-key value) -> (read units, requests)
  std::map<std::pair<std::string, std::string>, std::pair<double, int64_t>>
      traffic_;
  int64_t runs_done_ = 0, total_runs_ = 0;  // for on_progress
};

Status Runner::CreateTable() {
  StatusOr<CreateTableResponse> r = backend_->CreateTable(
      MakeCreateTableRequest(model_.table, options_.create_indexes));
  if (!r.ok()) return r.status().WithMessagePrefix("CreateTable: ");
  indexes_created_ = options_.create_indexes;
  return Status::OK();
}

Status Runner::Load(RunReport* report) {
  LoadReport& load = report->load;
  const int64_t total = static_cast<int64_t>(data_.items.size());
  const int64_t start = now_();
  records_.resize(data_.items.size());
  shapes_.resize(data_.items.size());
  entries_.resize(data_.items.size());
  sizes_.resize(data_.items.size());
  std::vector<int64_t> type_bytes(model_.entities.size(), 0);
  std::vector<int64_t> type_items(model_.entities.size(), 0);
  // Records the ground truth of item i; then its Item may be given away.
  auto record = [&](size_t i) -> Status {
    const GeneratedItem& g = data_.items[i];
    if (!EncodeCompact(g.item, &records_[i])) {
      return Status::Internal(
          "a generated item has an attribute type the "
          "runner's ground truth does not keep");
    }
    shapes_[i] = g.shape;
    entries_[i] = g.entry;
    const int64_t size = ItemSizeBytes(g.item);
    sizes_[i] = static_cast<int32_t>(size);
    type_bytes[g.shape] += size;
    ++type_items[g.shape];
    return Status::OK();
  };
  int64_t api_nanos = 0;  // inside the write calls
  // The first item of each entity type goes in alone, to measure what one
  // write of that shape costs.
  std::vector<bool> done(data_.items.size(), false);
  std::vector<int32_t> first(model_.entities.size(), -1);
  for (size_t i = 0; i < data_.items.size(); ++i) {
    int32_t& f = first[data_.items[i].shape];
    if (f < 0) f = static_cast<int32_t>(i);
  }
  std::vector<double> unit_cost(model_.entities.size(), 0);
  for (size_t s = 0; s < first.size(); ++s) {
    if (first[s] < 0) continue;
    EDDY_RETURN_IF_ERROR(record(static_cast<size_t>(first[s])));
    PutItemRequest put;
    put.table_name = model_.table.name;
    put.item = data_.items[first[s]].item;
    put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    const int64_t call_start = now_();
    StatusOr<PutItemResponse> r = backend_->PutItem(put);
    api_nanos += now_() - call_start;
    if (!r.ok()) return r.status().WithMessagePrefix("PutItem: ");
    if (r->consumed_capacity) {
      unit_cost[s] = r->consumed_capacity->capacity_units;
      load.write_units += r->consumed_capacity->capacity_units;
    }
    done[first[s]] = true;
  }
  int64_t loaded =
      static_cast<int64_t>(std::count(done.begin(), done.end(), true));
  BatchWriteItemRequest batch;
  batch.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  std::vector<WriteRequest>& writes = batch.request_items[model_.table.name];
  writes.reserve(kBatchSize);
  auto flush = [&]() -> Status {
    for (int attempt = 0; !writes.empty(); ++attempt) {
      if (attempt == 100) {
        return Status::Internal(
            "BatchWriteItem: items still unprocessed after "
            "100 attempts");
      }
      const int64_t n = static_cast<int64_t>(writes.size());
      const int64_t call_start = now_();
      StatusOr<BatchWriteItemResponse> r = backend_->BatchWriteItem(batch);
      api_nanos += now_() - call_start;
      if (!r.ok()) return r.status().WithMessagePrefix("BatchWriteItem: ");
      ++load.batches;
      for (const ConsumedCapacity& c : r->consumed_capacity) {
        load.write_units += c.capacity_units;
      }
      auto un = r->unprocessed_items.find(model_.table.name);
      if (un == r->unprocessed_items.end()) {
        writes.clear();
        loaded += n;
      } else {
        loaded += n - static_cast<int64_t>(un->second.size());
        writes = std::move(un->second);
      }
    }
    if (options_.on_load_progress) options_.on_load_progress(loaded, total);
    if (options_.on_progress) options_.on_progress("load", loaded, total);
    return Status::OK();
  };
  for (size_t i = 0; i < data_.items.size(); ++i) {
    if (done[i]) continue;
    EDDY_RETURN_IF_ERROR(record(i));
    if (owned_ != nullptr) {
      // No copy: the item goes into the request; its bindings are in the
      // record.
      writes.push_back(
          WriteRequest{std::move(owned_->items[i].item), std::nullopt});
      owned_->items[i].bindings = Bindings();
    } else {
      writes.push_back(WriteRequest{data_.items[i].item, std::nullopt});
    }
    if (writes.size() == kBatchSize) EDDY_RETURN_IF_ERROR(flush());
  }
  EDDY_RETURN_IF_ERROR(flush());
  if (owned_ != nullptr) {
    owned_->items.clear();
    owned_->items.shrink_to_fit();
  }
  load.load_seconds = static_cast<double>(now_() - start) / 1e9;
  load.items = loaded;
  load.bytes = data_.total_bytes;
  load.items_per_second = load.load_seconds > 0
                              ? static_cast<double>(loaded) / load.load_seconds
                              : 0;
  load.api_seconds = static_cast<double>(api_nanos) / 1e9;
  load.api_items_per_second =
      load.api_seconds > 0 ? static_cast<double>(loaded) / load.api_seconds : 0;

  for (size_t s = 0; s < model_.entities.size(); ++s) {
    EntityReport e;
    e.entity_type = model_.entities[s].entity_type;
    for (const IndexKeys& k : model_.entities[s].indexes) {
      e.indexes.push_back(k.index_name);
    }
    e.write_units = unit_cost[s];
    report->entities.push_back(std::move(e));
  }
  for (size_t s = 0; s < model_.entities.size(); ++s) {
    report->entities[s].items = type_items[s];
    report->entities[s].bytes = type_bytes[s];
  }
  return Status::OK();
}

void Runner::BuildTruth() {
  const TableDefinition& t = model_.table;
  IndexTruth table;
  table.name = "table";
  table.pk_attr = t.partition_key;
  table.sk_attr = t.sort_key;
  truths_.push_back(std::move(table));
  for (const IndexDefinition& g : t.global_secondary_indexes) {
    IndexTruth it;
    it.name = g.name;
    it.def = &g;
    it.pk_attr = g.partition_key;
    it.sk_attr = g.sort_key;
    truths_.push_back(std::move(it));
  }
  // An LSI is keyed by the table's partition key and its own sort key.
  for (const IndexDefinition& l : t.local_secondary_indexes) {
    IndexTruth it;
    it.name = l.name;
    it.def = &l;
    it.pk_attr = t.partition_key;
    it.sk_attr = l.sort_key;
    truths_.push_back(std::move(it));
  }
  // Every key attribute is read in one pass over each record: each truth's
  // partition and sort key (an empty name, never found, when it has no sort
  // key).
  std::vector<std::string_view> names;
  for (const IndexTruth& truth : truths_) {
    names.push_back(truth.pk_attr);
    names.push_back(truth.sk_attr);
  }
  std::vector<std::string_view> values(names.size());
  for (size_t i = 0; i < records_.size(); ++i) {
    const int32_t id = static_cast<int32_t>(i);
    CompactFindSAll(records_[i], names, values);
    for (size_t k = 0; k < truths_.size(); ++k) {
      IndexTruth& truth = truths_[k];
      const std::string_view pk = values[2 * k];
      if (pk.empty()) continue;
      const std::string_view sk = values[2 * k + 1];
      // Sparse: both keys or not in the index.
      if (!truth.sk_attr.empty() && sk.empty()) continue;
      truth.buckets[pk].emplace_back(sk, id);
      ++truth.count;
    }
  }
  for (IndexTruth& truth : truths_) {
    for (auto& [_, bucket] : truth.buckets) {
      std::stable_sort(
          bucket.begin(), bucket.end(),
          [](const auto& a, const auto& b) { return a.first < b.first; });
    }
  }
}

const IndexTruth* Runner::Truth(const std::string& index_name) const {
  const std::string& name = index_name.empty() ? "table" : index_name;
  for (const IndexTruth& t : truths_) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

std::optional<int32_t> Runner::ItemId(std::string_view pk,
                                      std::string_view sk) const {
  const IndexTruth& table = truths_[0];
  auto bucket = table.buckets.find(pk);
  if (bucket == table.buckets.end()) return std::nullopt;
  const auto& entries = bucket->second;  // sorted by sort key, each once
  auto it = std::lower_bound(
      entries.begin(), entries.end(), sk,
      [](const auto& e, std::string_view key) { return e.first < key; });
  if (it == entries.end() || it->first != sk) return std::nullopt;
  return it->second;
}

Bindings Runner::BindingsOf(int32_t id) const {
  Bindings b;
  for (const std::string& name :
       workload_.entries[static_cast<size_t>(entries_[id])].binding_names) {
    b.Set(name, std::string(CompactFindS(records_[id], name)));
  }
  return b;
}

Item Runner::ProjectedItem(int32_t id, const IndexTruth& truth) const {
  StatusOr<Item> item = DecodeCompact(records_[id]);
  return item.ok() ? Project(*item, truth) : Item();
}

int64_t Runner::ProjectedSize(int32_t id, const IndexTruth& truth) const {
  if (truth.def == nullptr || truth.def->projection == ProjectionType::kAll) {
    return sizes_[id];
  }
  return ItemSizeBytes(ProjectedItem(id, truth));
}

Item Runner::Project(const Item& item, const IndexTruth& truth) const {
  if (truth.def == nullptr || truth.def->projection == ProjectionType::kAll) {
    return item;
  }
  Item out;
  auto keep = [&](const std::string& name) {
    if (const AttributeValue* v = item.Find(name)) out.Set(name, *v);
  };
  keep(model_.table.partition_key);
  keep(model_.table.sort_key);
  keep(truth.pk_attr);
  if (!truth.sk_attr.empty()) keep(truth.sk_attr);
  for (const std::string& n : truth.def->non_key_attributes) keep(n);
  return out;
}

void Runner::CheckIndexes(RunReport* report) {
  StatusOr<DescribeTableResponse> d =
      backend_->DescribeTable(DescribeTableRequest{model_.table.name});
  if (!d.ok()) {
    report->problems.push_back("DescribeTable: " + d.status().ToString());
    return;
  }
  IndexReport table;
  table.name = "table";
  table.key_schema = model_.table.partition_key + ", " + model_.table.sort_key;
  table.item_count = d->table.item_count;
  table.size_bytes = d->table.table_size_bytes;
  table.expected_item_count = truths_[0].count;
  report->indexes.push_back(table);
  // A GSI's or an LSI's description (both have these members).
  auto add_index = [&](const auto& description) {
    IndexReport r;
    r.name = description.index_name;
    for (const KeySchemaElement& k : description.key_schema) {
      if (!r.key_schema.empty()) r.key_schema += ", ";
      r.key_schema += k.attribute_name;
    }
    r.item_count = description.item_count;
    r.size_bytes = description.index_size_bytes;
    if (const IndexTruth* t = Truth(description.index_name))
      r.expected_item_count = t->count;
    report->indexes.push_back(std::move(r));
  };
  for (const auto& g : d->table.global_secondary_indexes) add_index(g);
  for (const auto& l : d->table.local_secondary_indexes) add_index(l);
  for (const IndexReport& r : report->indexes) {
    if (r.item_count != r.expected_item_count) {
      report->problems.push_back(
          r.name + ": DescribeTable reports " + std::to_string(r.item_count) +
          " items; the generator wrote " +
          std::to_string(r.expected_item_count) + " items carrying its keys");
    }
  }
}

bool SortKeyMatches(const SortKeyCondition& c, std::string_view sk,
                    const std::vector<std::string>& values) {
  switch (c.op) {
    case SortKeyOp::kEq:
      return sk == values[0];
    case SortKeyOp::kLt:
      return sk < values[0];
    case SortKeyOp::kLe:
      return sk <= values[0];
    case SortKeyOp::kGt:
      return sk > values[0];
    case SortKeyOp::kGe:
      return sk >= values[0];
    case SortKeyOp::kBetween:
      return sk >= values[0] && sk <= values[1];
    case SortKeyOp::kBeginsWith:
      return sk.substr(0, values[0].size()) == values[0];
  }
  return false;
}

std::string Runner::Verify(const AccessPattern& p, const IndexTruth& truth,
                           const std::string& pk,
                           const std::vector<std::string>& sk_values,
                           const std::vector<Item>& items,
                           const std::vector<int32_t>* expected) {
  const TableDefinition& t = model_.table;
  auto describe = [&](int32_t id) {
    const std::string_view item = records_[id];
    return t.partition_key + "=" + Quote(CompactFindS(item, t.partition_key)) +
           " " + t.sort_key + "=" + Quote(CompactFindS(item, t.sort_key));
  };
  const bool whole_items =
      truth.def == nullptr || truth.def->projection == ProjectionType::kAll;
  std::string encoded;
  // What came back, as item ids, each checked against what was written.
  std::vector<int32_t> got;
  got.reserve(items.size());
  std::string_view previous;
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    const std::optional<int32_t> id =
        ItemId(KeyString(item, t.partition_key), KeyString(item, t.sort_key));
    if (!id) {
      return "returned an item that was never written: " + t.partition_key +
             "=" + Quote(KeyString(item, t.partition_key));
    }
    // Whole items compare as records (equal items, equal records); others
    // as the projection of the decoded record.
    const bool equal =
        whole_items ? EncodeCompact(item, &encoded) && encoded == records_[*id]
                    : item == ProjectedItem(*id, truth);
    if (!equal) {
      return "item " + describe(*id) +
             " differs from the item written (as the index projects it)";
    }
    if (!truth.sk_attr.empty()) {
      const std::string_view sk = KeyString(item, truth.sk_attr);
      if (i > 0 && (p.scan_index_forward ? sk < previous : sk > previous)) {
        return "items are not in " + truth.sk_attr + " order at position " +
               std::to_string(i);
      }
      previous = sk;
    }
    got.push_back(*id);
  }
  std::sort(got.begin(), got.end());
  if (std::adjacent_find(got.begin(), got.end()) != got.end()) {
    return "an item was returned twice";
  }
  // The key condition over the ground truth.
  std::vector<int32_t> by_keys;
  auto bucket = truth.buckets.find(pk);
  if (bucket != truth.buckets.end()) {
    for (const auto& [sk, id] : bucket->second) {
      if (!p.sort_key || SortKeyMatches(*p.sort_key, sk, sk_values)) {
        by_keys.push_back(id);
      }
    }
  }
  std::sort(by_keys.begin(), by_keys.end());
  auto diff = [&](const std::vector<int32_t>& expected, std::string_view what) {
    std::vector<int32_t> missing, extra;
    std::set_difference(expected.begin(), expected.end(), got.begin(),
                        got.end(), std::back_inserter(missing));
    std::set_difference(got.begin(), got.end(), expected.begin(),
                        expected.end(), std::back_inserter(extra));
    if (missing.empty() && extra.empty()) return std::string();
    std::string out = "returned " + std::to_string(got.size()) + " items, " +
                      std::string(what) + " " + std::to_string(expected.size());
    if (!missing.empty()) out += "; missing " + describe(missing[0]);
    if (!extra.empty()) out += "; unexpected " + describe(extra[0]);
    return out;
  };
  if (!p.filter) {
    std::string d = diff(by_keys, "the key condition selects");
    if (!d.empty()) return d;
  } else if (!std::includes(by_keys.begin(), by_keys.end(), got.begin(),
                            got.end())) {
    return "returned items the key condition does not select";
  }
  if (expected == nullptr) return "";
  return diff(*expected, "\"expect\" names");
}

// The key of an expectation's index: the values of the `match` bindings.
std::string MatchKey(const std::vector<std::string>& match,
                     const Bindings& bindings, bool* complete) {
  std::string key;
  *complete = true;
  for (const std::string& m : match) {
    const std::string* v = bindings.Find(m);
    if (v == nullptr) {
      *complete = false;
      return key;
    }
    key += *v;
    key.push_back('\x1f');
  }
  return key;
}

absl::flat_hash_map<std::string, std::vector<int32_t>> Runner::ExpectIndex(
    const Expectation& x) const {
  absl::flat_hash_map<std::string, std::vector<int32_t>> out;
  std::vector<int> shapes;
  for (const std::string& type : x.entity_types) {
    shapes.push_back(model_.EntityIndex(type));
  }
  for (size_t i = 0; i < records_.size(); ++i) {
    if (std::find(shapes.begin(), shapes.end(), shapes_[i]) == shapes.end()) {
      continue;
    }
    bool match = true;
    for (size_t k = 0; match && k < x.attributes.size(); ++k) {
      const AttributeValue& want = x.attributes[k].second;
      if (want.is(AttributeType::kS) && !want.s().empty()) {
        // No value decoded: a non-empty S is found by its view.
        match = CompactFindS(records_[i], x.attributes[k].first) == want.s();
        continue;
      }
      std::optional<AttributeValue> v =
          CompactFind(records_[i], x.attributes[k].first);
      match = v && *v == want;
    }
    if (!match) continue;
    // The match key from the item's bindings (S attributes).
    const std::vector<std::string>& bound =
        workload_.entries[static_cast<size_t>(entries_[i])].binding_names;
    std::string key;
    bool complete = true;
    for (const std::string& m : x.match) {
      if (std::find(bound.begin(), bound.end(), m) == bound.end()) {
        complete = false;
        break;
      }
      key += CompactFindS(records_[i], m);
      key.push_back('\x1f');
    }
    if (complete) out[key].push_back(static_cast<int32_t>(i));
  }
  return out;
}

std::string Runner::RunStatement(const PartiqlStatement& statement,
                                 const Bindings& params,
                                 std::optional<int> limit, bool consistent,
                                 std::vector<Item>* items, double* units,
                                 int64_t* elapsed, int64_t* pages) {
  ExecuteStatementRequest request;
  request.statement = statement.statement;
  request.limit = limit;
  request.consistent_read = consistent;
  request.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  if (!statement.parameters.empty()) {
    std::vector<AttributeValue> values;
    for (const AttributeValue& v : statement.parameters) {
      if (!v.is(AttributeType::kS)) {
        values.push_back(v);
        continue;
      }
      StatusOr<KeyTemplate> tmpl = KeyTemplate::Parse(v.s());
      std::string text;
      Status rendered = tmpl.ok()
                            ? tmpl->Render(params, &workload_.constants, &text)
                            : tmpl.status();
      if (!rendered.ok()) return std::string(rendered.message());
      values.push_back(AttributeValue::S(std::move(text)));
    }
    request.parameters = std::move(values);
  }
  for (int page = 0;; ++page) {
    if (page == 1'000'000) return "more than 1,000,000 pages";
    const int64_t start = now_();
    StatusOr<ExecuteStatementResponse> resp =
        backend_->ExecuteStatement(request);
    *elapsed += now_() - start;
    ++*pages;
    if (!resp.ok()) return "ExecuteStatement: " + resp.status().ToString();
    if (resp->consumed_capacity) {
      *units += resp->consumed_capacity->capacity_units;
    }
    for (Item& item : resp->items) items->push_back(std::move(item));
    if (!resp->next_token) return "";
    request.next_token = std::move(resp->next_token);
  }
}

void Runner::RunPattern(int number, const AccessPattern& p, RunReport* report) {
  PatternReport r;
  r.number = number;
  r.name = p.name;
  r.executable = p.executable;
  if (!p.executable) {
    report->patterns.push_back(std::move(r));
    return;
  }
  const TableDefinition& t = model_.table;
  r.index = p.index_name.empty() ? "table" : p.index_name;
  r.key_condition = p.KeyConditionText(t);
  r.matching_entity_types = p.matching_entity_types;
  if (!p.index_name.empty() && !indexes_created_) {
    r.skipped = "the table was created without its indexes";
    report->patterns.push_back(std::move(r));
    return;
  }
  const IndexTruth& truth = *Truth(p.index_name);

  // The items whose bindings supply the parameters.
  std::vector<int32_t> pool;
  if (!p.parameters_from.empty()) {
    for (size_t e = 0; e < workload_.entries.size(); ++e) {
      const GeneratorEntry& entry = workload_.entries[e];
      if (entry.name == p.parameters_from) {
        pool = data_.by_entry[e];
        break;
      }
      if (entry.entity_type == p.parameters_from) {
        pool.insert(pool.end(), data_.by_entry[e].begin(),
                    data_.by_entry[e].end());
      }
    }
    if (pool.empty()) {
      r.skipped = Quote(p.parameters_from) + " has no generated items";
      report->patterns.push_back(std::move(r));
      return;
    }
  }
  const int runs = options_.runs.value_or(workload_.runs);
  model::internal::Random rng(data_.seed * 1'000'003ULL +
                              static_cast<uint64_t>(number));
  std::vector<int64_t> latencies;
  latencies.reserve(runs);
  static const Bindings kNoParams;
  static const std::vector<int32_t> kNothing;
  absl::flat_hash_map<std::string, std::vector<int32_t>> expect_index;
  if (p.expect) expect_index = ExpectIndex(*p.expect);
  for (int run = 0; run < runs; ++run) {
    const Bindings params =
        pool.empty() ? kNoParams : BindingsOf(pool[rng.Uniform(pool.size())]);
    QueryRequest q;
    q.table_name = t.name;
    if (!p.index_name.empty()) q.index_name = p.index_name;
    ExpressionAttributeNames names = {{"#pk", truth.pk_attr}};
    ExpressionAttributeValues values;
    std::string pk;
    std::vector<std::string> sk_values;
    Status s = p.partition_key.Render(params, &workload_.constants, &pk);
    std::string kce = "#pk = :pk";
    if (s.ok() && p.sort_key) {
      names["#sk"] = truth.sk_attr;
      sk_values.emplace_back();
      s = p.sort_key->value.Render(params, &workload_.constants, &sk_values[0]);
      if (s.ok() && p.sort_key->high) {
        sk_values.emplace_back();
        s = p.sort_key->high->Render(params, &workload_.constants,
                                     &sk_values[1]);
      }
      switch (p.sort_key->op) {
        case SortKeyOp::kBeginsWith:
          kce += " AND begins_with(#sk, :sk)";
          break;
        case SortKeyOp::kBetween:
          kce += " AND #sk BETWEEN :sk AND :sk2";
          break;
        default:
          kce +=
              " AND #sk " + std::string(SortKeyOpName(p.sort_key->op)) + " :sk";
      }
    }
    if (!s.ok()) {
      if (r.failures.size() < kMaxFailuresKept) {
        r.failures.push_back("run " + std::to_string(run + 1) + ": " +
                             std::string(s.message()));
      }
      ++r.runs;
      continue;
    }
    values.Set(":pk", AttributeValue::S(pk));
    if (!sk_values.empty()) values.Set(":sk", AttributeValue::S(sk_values[0]));
    if (sk_values.size() > 1)
      values.Set(":sk2", AttributeValue::S(sk_values[1]));
    if (p.filter) {
      q.filter_expression = p.filter->expression;
      for (const auto& [k, v] : p.filter->names) names[k] = v;
      for (const auto& [k, v] : p.filter->values) {
        if (v.is(AttributeType::kS)) {
          StatusOr<KeyTemplate> tmpl = KeyTemplate::Parse(v.s());
          std::string text;
          if (tmpl.ok() &&
              tmpl->Render(params, &workload_.constants, &text).ok()) {
            values.Set(k, AttributeValue::S(std::move(text)));
            continue;
          }
        }
        values.Set(k, v);
      }
    }
    q.key_condition_expression = kce;
    q.expression_attribute_names = std::move(names);
    q.expression_attribute_values = std::move(values);
    q.scan_index_forward = p.scan_index_forward;
    q.consistent_read = p.consistent_read;
    if (options_.page_size) {
      q.limit = options_.page_size;
    } else if (p.limit) {
      q.limit = p.limit;
    }
    q.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    if (r.example.empty()) {
      // The key condition with this run's values in place of the templates
      // (rendered values are never empty, so they parse).
      StatusOr<KeyTemplate> pk_text = KeyTemplate::Parse(pk);
      AccessPattern rendered;
      rendered.executable = true;
      rendered.index_name = p.index_name;
      bool parsed = pk_text.ok();
      if (parsed) rendered.partition_key = *std::move(pk_text);
      if (p.sort_key) {
        rendered.sort_key = SortKeyCondition{p.sort_key->op, {}, std::nullopt};
        for (size_t v = 0; v < sk_values.size() && parsed; ++v) {
          StatusOr<KeyTemplate> t = KeyTemplate::Parse(sk_values[v]);
          parsed = t.ok();
          if (!parsed) break;
          (v == 0 ? rendered.sort_key->value
                  : rendered.sort_key->high.emplace()) = *std::move(t);
        }
      }
      if (parsed) r.example = rendered.KeyConditionText(t);
    }
    std::vector<Item> items;
    double units = 0;
    int64_t elapsed = 0;
    std::string failure;
    if (p.partiql) {
      // The statement in place of the Query; verified as the Query would be.
      failure = RunStatement(*p.partiql, params, q.limit, p.consistent_read,
                             &items, &units, &elapsed, &r.pages_total);
    }
    for (int page = 0; !p.partiql; ++page) {
      if (page == 1'000'000) {
        failure = "more than 1,000,000 pages";
        break;
      }
      const int64_t start = now_();
      StatusOr<QueryResponse> resp = backend_->Query(q);
      elapsed += now_() - start;
      ++r.pages_total;
      if (!resp.ok()) {
        failure = "Query: " + resp.status().ToString();
        break;
      }
      if (resp->consumed_capacity)
        units += resp->consumed_capacity->capacity_units;
      for (Item& item : resp->items) items.push_back(std::move(item));
      if (!resp->last_evaluated_key) break;
      q.exclusive_start_key = std::move(resp->last_evaluated_key);
    }
    if (failure.empty() && p.expect) {
      bool complete;
      const std::string key = MatchKey(p.expect->match, params, &complete);
      auto found = expect_index.find(key);
      failure =
          Verify(p, truth, pk, sk_values, items,
                 found == expect_index.end() ? &kNothing : &found->second);
    } else if (failure.empty()) {
      failure = Verify(p, truth, pk, sk_values, items, nullptr);
    }
    const int64_t n = static_cast<int64_t>(items.size());
    if (r.runs == 0) {
      r.items_min = r.items_max = n;
      r.read_units_min = r.read_units_max = units;
    }
    ++r.runs;
    r.items_total += n;
    r.items_min = std::min(r.items_min, n);
    r.items_max = std::max(r.items_max, n);
    r.read_units_total += units;
    r.read_units_min = std::min(r.read_units_min, units);
    r.read_units_max = std::max(r.read_units_max, units);
    latencies.push_back(elapsed);
    auto& heat = traffic_[{truth.name, pk}];
    heat.first += units;
    heat.second += 1;
    if (options_.on_progress && ++runs_done_ % 16 == 0) {
      options_.on_progress("verify", runs_done_, total_runs_);
    }
    if (failure.empty()) {
      ++r.verified;
    } else if (r.failures.size() < kMaxFailuresKept) {
      std::string params_text;
      for (const auto& [k, v] : params.entries()) {
        if (p.partition_key.text().find("${" + k + "}") == std::string::npos &&
            (!p.sort_key || p.sort_key->value.text().find("${" + k + "}") ==
                                std::string::npos)) {
          continue;
        }
        params_text += (params_text.empty() ? "" : ", ") + k + "=" + v;
      }
      r.failures.push_back("run " + std::to_string(run + 1) + " (" +
                           params_text + "): " + failure);
    }
  }
  if (!latencies.empty()) {
    std::sort(latencies.begin(), latencies.end());
    auto rank = [&](double q) {
      // Nearest rank: the smallest value with at least q of the runs at or
      // below it.
      size_t k = static_cast<size_t>(std::ceil(q * latencies.size()));
      k = std::clamp<size_t>(k, 1, latencies.size());
      return static_cast<double>(latencies[k - 1]) / 1000.0;
    };
    r.p50_micros = rank(0.50);
    r.p99_micros = rank(0.99);
    double sum = 0;
    for (int64_t l : latencies) sum += static_cast<double>(l);
    r.mean_micros = sum / static_cast<double>(latencies.size()) / 1000.0;
  }
  report->patterns.push_back(std::move(r));
}

void Runner::HotKeys(RunReport* report) {
  std::vector<KeyReport> all;
  for (const IndexTruth& truth : truths_) {
    if (truth.def != nullptr && !indexes_created_) continue;
    for (const auto& [pk, bucket] : truth.buckets) {
      KeyReport k;
      k.index = truth.name;
      k.key = std::string(pk);
      k.items = static_cast<int64_t>(bucket.size());
      all.push_back(std::move(k));
    }
  }
  const size_t n = static_cast<size_t>(std::max(options_.top_keys, 0));
  auto by_items = [](const KeyReport& a, const KeyReport& b) {
    if (a.items != b.items) return a.items > b.items;
    if (a.index != b.index) return a.index < b.index;
    return a.key < b.key;
  };
  const size_t keep = std::min(n, all.size());
  std::partial_sort(all.begin(), all.begin() + keep, all.end(), by_items);
  all.resize(keep);
  for (KeyReport& k : all) {
    const IndexTruth& truth = *Truth(k.index == "table" ? "" : k.index);
    for (const auto& [_, id] : truth.buckets.at(k.key)) {
      k.bytes += ProjectedSize(id, truth);
    }
    auto heat = traffic_.find({k.index, k.key});
    if (heat != traffic_.end()) {
      k.read_units = heat->second.first;
      k.requests = heat->second.second;
    }
  }
  report->hottest_by_items = std::move(all);

  std::vector<KeyReport> hot;
  for (const auto& [key, heat] : traffic_) {
    KeyReport k;
    k.index = key.first;
    k.key = key.second;
    k.read_units = heat.first;
    k.requests = heat.second;
    const IndexTruth& truth = *Truth(k.index == "table" ? "" : k.index);
    auto bucket = truth.buckets.find(k.key);
    if (bucket != truth.buckets.end()) {
      k.items = static_cast<int64_t>(bucket->second.size());
    }
    hot.push_back(std::move(k));
  }
  auto by_traffic = [](const KeyReport& a, const KeyReport& b) {
    if (a.read_units != b.read_units) return a.read_units > b.read_units;
    if (a.index != b.index) return a.index < b.index;
    return a.key < b.key;
  };
  const size_t keep_hot = std::min(n, hot.size());
  std::partial_sort(hot.begin(), hot.begin() + keep_hot, hot.end(), by_traffic);
  hot.resize(keep_hot);
  for (KeyReport& k : hot) {
    const IndexTruth& truth = *Truth(k.index == "table" ? "" : k.index);
    auto bucket = truth.buckets.find(k.key);
    if (bucket == truth.buckets.end()) continue;
    for (const auto& [_, id] : bucket->second) {
      k.bytes += ProjectedSize(id, truth);
    }
  }
  report->hottest_by_traffic = std::move(hot);
}

StatusOr<RunReport> Runner::Run() {
  RunReport report = PlannedReport(model_, options_);
  report.scale = data_.scale;
  report.seed = data_.seed;
  EDDY_RETURN_IF_ERROR(CreateTable());
  report.indexes_created = indexes_created_;
  EDDY_RETURN_IF_ERROR(Load(&report));
  BuildTruth();
  CheckIndexes(&report);
  if (!indexes_created_) {
    // Only the table's count can be checked.
    report.indexes.resize(std::min<size_t>(report.indexes.size(), 1));
    std::vector<std::string> kept;
    for (const std::string& p : report.problems) {
      if (p.rfind("table:", 0) == 0) kept.push_back(p);
    }
    report.problems = std::move(kept);
  }
  const int64_t start = now_();
  if (options_.on_progress) {
    int64_t total_runs = 0;
    for (const AccessPattern& p : model_.patterns) {
      if (p.executable) total_runs += report.runs_per_pattern;
    }
    total_runs_ = total_runs;
    options_.on_progress("verify", 0, total_runs_);
  }
  for (size_t i = 0; i < model_.patterns.size(); ++i) {
    RunPattern(static_cast<int>(i + 1), model_.patterns[i], &report);
  }
  if (options_.on_progress) {
    options_.on_progress("verify", total_runs_, total_runs_);
  }
  if (options_.after_patterns) options_.after_patterns(db_.get(), &report);
  report.run_seconds = static_cast<double>(now_() - start) / 1e9;
  HotKeys(&report);
  report.peak_resident_bytes = PeakResidentBytes();
  return report;
}

// The model with options.table_name as its table's name, if set.
Model Renamed(const Model& model, const RunOptions& options) {
  Model m = model;
  if (options.table_name) {
    // PartiQL patterns name the table in their text: `"<name>"`.
    const std::string from = "\"" + m.table.name + "\"";
    const std::string to = "\"" + *options.table_name + "\"";
    for (AccessPattern& p : m.patterns) {
      if (!p.partiql) continue;
      std::string& text = p.partiql->statement;
      for (size_t at = text.find(from); at != std::string::npos;
           at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
      }
    }
    m.table.name = *options.table_name;
  }
  return m;
}

}  // namespace

bool RunReport::ok() const {
  if (!problems.empty()) return false;
  for (const PatternReport& p : patterns) {
    if (p.executable && p.skipped.empty() &&
        (p.verified != p.runs || !p.failures.empty())) {
      return false;
    }
  }
  return true;
}

StatusOr<RunReport> RunModel(const Model& model, const RunOptions& options) {
  if (!model.workload) {
    return Status::Validation("the model has no \"workload\" section");
  }
  const int64_t start = options.now_nanos ? options.now_nanos() : SteadyNanos();
  GenerateOptions g;
  g.scale = options.scale;
  g.seed = options.seed;
  if (options.on_progress) {
    const int64_t expected = ExpectedItemCount(model, g);
    options.on_progress("generate", 0, expected);
    g.on_progress = [&options, expected](int64_t items) {
      options.on_progress("generate", items, std::max(expected, items));
    };
  }
  EDDY_ASSIGN_OR_RETURN(GeneratedData data, Generate(model, g));
  if (options.on_progress) {
    const auto n = static_cast<int64_t>(data.items.size());
    options.on_progress("generate", n, n);
  }
  const int64_t end = options.now_nanos ? options.now_nanos() : SteadyNanos();
  if (options.on_generated) options.on_generated(data);
  // The runner owns this data: it gives the items away as it loads them.
  const Model renamed = Renamed(model, options);
  Runner runner(renamed, data, options, &data);
  StatusOr<RunReport> run = runner.Run();
  if (!options.free_database) runner.LeakDatabase();
  EDDY_ASSIGN_OR_RETURN(RunReport report, std::move(run));
  report.load.generate_seconds = static_cast<double>(end - start) / 1e9;
  return report;
}

StatusOr<RunReport> RunModel(const Model& model, const GeneratedData& data,
                             const RunOptions& options) {
  if (!model.workload) {
    return Status::Validation("the model has no \"workload\" section");
  }
  if (options.on_generated) options.on_generated(data);
  const Model renamed = Renamed(model, options);
  Runner runner(renamed, data, options, /*owned=*/nullptr);
  StatusOr<RunReport> run = runner.Run();
  if (!options.free_database) runner.LeakDatabase();
  return run;
}

}  // namespace eddy::model
