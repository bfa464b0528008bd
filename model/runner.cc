// Copyright 2026 The eddy Authors.
//
// RunModel: the run itself (table, load, index counts, hot keys); the ground
// truth is in runner_truth.cc, the patterns' runs in runner_pattern.cc
// (model/internal/runner.h).

#include "model/runner.h"

#include <sys/resource.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <string_view>
#include <utility>

#include "emulator/api/database.h"
#include "model/internal/compact_item.h"
#include "model/internal/runner.h"

namespace eddy::model {
namespace internal {
namespace {

constexpr size_t kBatchSize = 25;  // BatchWriteItem's limit

// getrusage's peak resident set size (Linux reports kilobytes).
int64_t PeakResidentBytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<int64_t>(usage.ru_maxrss) * 1024;
}

}  // namespace

int64_t SteadyNanos() {
  // Wall-clock measurement of eddy's own speed for the report, not emulated
  // time (which comes from the Database's ManualClock below).
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

Runner::Runner(const Model& model, const GeneratedData& data,
               const RunOptions& opt, GeneratedData* owned)
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

void Runner::LeakDatabase() {
  // Kept reachable from a list that is never destroyed: leak checkers
  // (LeakSanitizer) see no lost memory, and nothing is freed at exit.
  static auto* mu = new std::mutex;
  static auto* kept = new std::vector<std::unique_ptr<Database>>;
  std::lock_guard<std::mutex> lock(*mu);
  kept->push_back(std::move(db_));
}

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
  // The batches go out in groups: one batch at a time on a backend that
  // makes one request at a time, else a few per connection, made at once
  // (RunBackend::ForEach) and added up in batch order.
  const int concurrency = std::max(1, backend_->concurrency());
  const size_t group_size =
      concurrency == 1 ? 1 : 4 * static_cast<size_t>(concurrency);
  std::vector<BatchWriteItemRequest> group;
  group.reserve(group_size);
  // One batch until every item is processed (unprocessed items resent).
  struct Sent {
    Status status;
    int64_t batches = 0, written = 0;
    double units = 0;
  };
  auto send = [&](BatchWriteItemRequest& batch, Sent* out) {
    std::vector<WriteRequest>& writes = batch.request_items[model_.table.name];
    for (int attempt = 0; !writes.empty(); ++attempt) {
      if (attempt == 100) {
        out->status = Status::Internal(
            "BatchWriteItem: items still unprocessed after "
            "100 attempts");
        return;
      }
      const int64_t n = static_cast<int64_t>(writes.size());
      StatusOr<BatchWriteItemResponse> r = backend_->BatchWriteItem(batch);
      if (!r.ok()) {
        out->status = r.status().WithMessagePrefix("BatchWriteItem: ");
        return;
      }
      ++out->batches;
      for (const ConsumedCapacity& c : r->consumed_capacity) {
        out->units += c.capacity_units;
      }
      auto un = r->unprocessed_items.find(model_.table.name);
      if (un == r->unprocessed_items.end()) {
        writes.clear();
        out->written += n;
      } else {
        out->written += n - static_cast<int64_t>(un->second.size());
        writes = std::move(un->second);
      }
    }
  };
  auto flush = [&]() -> Status {
    if (group.empty()) return Status::OK();
    std::vector<Sent> sent(group.size());
    const int64_t call_start = now_();
    backend_->ForEach(group.size(),
                      [&](size_t b) { send(group[b], &sent[b]); });
    api_nanos += now_() - call_start;
    group.clear();
    for (const Sent& b : sent) {
      EDDY_RETURN_IF_ERROR(b.status);
      load.batches += b.batches;
      load.write_units += b.units;
      loaded += b.written;
    }
    if (options_.on_load_progress) options_.on_load_progress(loaded, total);
    if (options_.on_progress) options_.on_progress("load", loaded, total);
    return Status::OK();
  };
  std::vector<WriteRequest>* writes = nullptr;  // the last batch's
  for (size_t i = 0; i < data_.items.size(); ++i) {
    if (done[i]) continue;
    EDDY_RETURN_IF_ERROR(record(i));
    if (writes == nullptr || writes->size() == kBatchSize) {
      if (group.size() == group_size) EDDY_RETURN_IF_ERROR(flush());
      BatchWriteItemRequest& batch = group.emplace_back();
      batch.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
      writes = &batch.request_items[model_.table.name];
      writes->reserve(kBatchSize);
    }
    if (owned_ != nullptr) {
      // No copy: the item goes into the request; its bindings are in the
      // record.
      writes->push_back(
          WriteRequest{std::move(owned_->items[i].item), std::nullopt});
      owned_->items[i].bindings = Bindings();
    } else {
      writes->push_back(WriteRequest{data_.items[i].item, std::nullopt});
    }
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

void Runner::CheckIndexes(RunReport* report) {
  StatusOr<DescribeTableResponse> d =
      backend_->DescribeTable(DescribeTableRequest{model_.table.name});
  if (!d.ok()) {
    report->problems.push_back("DescribeTable: " + d.status().ToString());
    return;
  }
  IndexReport table;
  table.name = "table";
  table.key_schema = model_.table.partition_key;
  if (!model_.table.sort_key.empty()) {
    table.key_schema += ", " + model_.table.sort_key;
  }
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
  report.concurrency = std::max(1, backend_->concurrency());
  if (options_.migrate) {
    const VerifyReads verify = [this](const std::string& from,
                                      const std::string& version, int runs) {
      return VerifyAt(from, version, runs);
    };
    const Status migrated = options_.migrate(backend_, verify, &report);
    expect_cache_.clear();
    EDDY_RETURN_IF_ERROR(migrated);
  }
  report.run_seconds = static_cast<double>(now_() - start) / 1e9;
  HotKeys(&report);
  report.peak_resident_bytes = PeakResidentBytes();
  return report;
}

MigrationPhaseReport Runner::VerifyAt(const std::string& from_version,
                                      const std::string& read_version,
                                      int runs) {
  read_from_ = from_version + "#";
  read_to_ = read_version == from_version ? "" : read_version + "#";
  runs_override_ = std::max(1, runs);
  ++verify_round_;
  // The runs count neither as the report's traffic nor as progress.
  const auto traffic = traffic_;
  RunReport scratch;
  for (size_t i = 0; i < model_.patterns.size(); ++i) {
    RunPattern(static_cast<int>(i + 1), model_.patterns[i], &scratch);
  }
  traffic_ = traffic;
  read_from_.clear();
  read_to_.clear();
  runs_override_ = 0;
  MigrationPhaseReport out;
  for (const PatternReport& p : scratch.patterns) {
    if (!p.executable || !p.skipped.empty()) continue;
    out.reads += p.runs;
    out.verified += p.verified;
    for (const std::string& f : p.failures) {
      if (out.failures.size() >= static_cast<size_t>(kMaxFailuresKept)) break;
      out.failures.push_back("pattern " + std::to_string(p.number) + " " + f);
    }
  }
  return out;
}

}  // namespace internal
namespace {

using internal::Runner;
using internal::SteadyNanos;

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

Item WithVersionPrefix(const Item& item, const std::string& from_prefix,
                       const std::string& to_prefix) {
  Item out;
  out.Reserve(item.size());
  for (const auto& e : item) {
    if (e.value.type() == AttributeType::kS &&
        e.value.s().compare(0, from_prefix.size(), from_prefix) == 0) {
      out.AppendSorted(
          e.name, AttributeValue::S(to_prefix +
                                    e.value.s().substr(from_prefix.size())));
    } else {
      out.AppendSorted(e.name, e.value);
    }
  }
  return out;
}

bool RunReport::ok() const {
  if (!problems.empty()) return false;
  if (migration) {
    for (const MigrationPhaseReport& p : migration->phases) {
      if (p.verified != p.reads || !p.failures.empty()) return false;
    }
  }
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
