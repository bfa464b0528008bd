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

Status Runner::StartLoad(int64_t expected_items) {
  report_ = PlannedReport(model_, options_);
  EDDY_RETURN_IF_ERROR(CreateTable());
  expected_items_ = expected_items;
  const auto reserve =
      static_cast<size_t>(std::max<int64_t>(expected_items, 0));
  records_.reserve(reserve);
  shapes_.reserve(reserve);
  entries_.reserve(reserve);
  sizes_.reserve(reserve);
  type_bytes_.assign(model_.entities.size(), 0);
  type_items_.assign(model_.entities.size(), 0);
  unit_cost_.assign(model_.entities.size(), 0);
  shape_seen_.assign(model_.entities.size(), false);
  batch_.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  batch_.request_items[model_.table.name].reserve(kBatchSize);
  return Status::OK();
}

Status Runner::FlushBatch() {
  LoadReport& load = report_.load;
  std::vector<WriteRequest>& writes = batch_.request_items[model_.table.name];
  for (int attempt = 0; !writes.empty(); ++attempt) {
    if (attempt == 100) {
      return Status::Internal(
          "BatchWriteItem: items still unprocessed after "
          "100 attempts");
    }
    const int64_t n = static_cast<int64_t>(writes.size());
    const int64_t call_start = now_();
    StatusOr<BatchWriteItemResponse> r = backend_->BatchWriteItem(batch_);
    api_nanos_ += now_() - call_start;
    if (!r.ok()) return r.status().WithMessagePrefix("BatchWriteItem: ");
    ++load.batches;
    for (const ConsumedCapacity& c : r->consumed_capacity) {
      load.write_units += c.capacity_units;
    }
    auto un = r->unprocessed_items.find(model_.table.name);
    if (un == r->unprocessed_items.end()) {
      writes.clear();
      loaded_ += n;
    } else {
      loaded_ += n - static_cast<int64_t>(un->second.size());
      writes = std::move(un->second);
    }
  }
  const int64_t total = std::max(expected_items_, loaded_);
  if (options_.on_load_progress) options_.on_load_progress(loaded_, total);
  if (options_.on_progress) options_.on_progress("load", loaded_, total);
  return Status::OK();
}

Status Runner::LoadItem(const GeneratedItem& g, Item* movable) {
  const int64_t start = now_();
  LoadReport& load = report_.load;
  // The ground truth of the item first; then its Item may be given away.
  records_.emplace_back();
  if (!EncodeCompact(g.item, &records_.back())) {
    return Status::Internal(
        "a generated item has an attribute type the "
        "runner's ground truth does not keep");
  }
  shapes_.push_back(g.shape);
  entries_.push_back(g.entry);
  const int64_t size = ItemSizeBytes(g.item);
  sizes_.push_back(static_cast<int32_t>(size));
  type_bytes_[g.shape] += size;
  ++type_items_[g.shape];
  if (!shape_seen_[g.shape]) {
    // The first item of each entity type goes in alone, to measure what
    // one write of that shape costs.
    shape_seen_[g.shape] = true;
    PutItemRequest put;
    put.table_name = model_.table.name;
    put.item = movable != nullptr ? std::move(*movable) : g.item;
    put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    const int64_t call_start = now_();
    StatusOr<PutItemResponse> r = backend_->PutItem(put);
    api_nanos_ += now_() - call_start;
    if (!r.ok()) return r.status().WithMessagePrefix("PutItem: ");
    if (r->consumed_capacity) {
      unit_cost_[g.shape] = r->consumed_capacity->capacity_units;
      load.write_units += r->consumed_capacity->capacity_units;
    }
    ++loaded_;
  } else {
    std::vector<WriteRequest>& writes = batch_.request_items[model_.table.name];
    // No copy when the item is ours to give: it goes into the request.
    writes.push_back(WriteRequest{
        movable != nullptr ? std::move(*movable) : g.item, std::nullopt});
    if (writes.size() == kBatchSize) EDDY_RETURN_IF_ERROR(FlushBatch());
  }
  load_nanos_ += now_() - start;
  return Status::OK();
}

Status Runner::FinishLoad() {
  // Every item is known now: the last progress report says 100%.
  expected_items_ = static_cast<int64_t>(records_.size());
  const int64_t start = now_();
  EDDY_RETURN_IF_ERROR(FlushBatch());
  load_nanos_ += now_() - start;
  if (owned_ != nullptr) {
    owned_->items.clear();
    owned_->items.shrink_to_fit();
  }
  LoadReport& load = report_.load;
  load.load_seconds = static_cast<double>(load_nanos_) / 1e9;
  load.items = loaded_;
  load.bytes = data_.total_bytes;
  load.items_per_second = load.load_seconds > 0
                              ? static_cast<double>(loaded_) / load.load_seconds
                              : 0;
  load.api_seconds = static_cast<double>(api_nanos_) / 1e9;
  load.api_items_per_second =
      load.api_seconds > 0 ? static_cast<double>(loaded_) / load.api_seconds
                           : 0;

  for (size_t s = 0; s < model_.entities.size(); ++s) {
    EntityReport e;
    e.entity_type = model_.entities[s].entity_type;
    for (const IndexKeys& k : model_.entities[s].indexes) {
      e.indexes.push_back(k.index_name);
    }
    e.write_units = unit_cost_[s];
    e.items = type_items_[s];
    e.bytes = type_bytes_[s];
    report_.entities.push_back(std::move(e));
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
  EDDY_RETURN_IF_ERROR(StartLoad(static_cast<int64_t>(data_.items.size())));
  for (size_t i = 0; i < data_.items.size(); ++i) {
    EDDY_RETURN_IF_ERROR(LoadItem(
        data_.items[i], owned_ != nullptr ? &owned_->items[i].item : nullptr));
    // The bindings are in the record now.
    if (owned_ != nullptr) owned_->items[i].bindings = Bindings();
  }
  return FinishRun();
}

StatusOr<RunReport> Runner::FinishRun() {
  EDDY_RETURN_IF_ERROR(FinishLoad());
  RunReport report = std::move(report_);
  report.scale = data_.scale;
  report.seed = data_.seed;
  report.indexes_created = indexes_created_;
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
  auto now = [&options] {
    return options.now_nanos ? options.now_nanos() : SteadyNanos();
  };
  const int64_t start = now();
  GenerateOptions g;
  g.scale = options.scale;
  g.seed = options.seed;
  const Model renamed = Renamed(model, options);
  // The runner owns this data: it gives the items away as it loads them.
  GeneratedData data;
  Runner runner(renamed, data, options, &data);
  auto finish = [&](StatusOr<RunReport> run) -> StatusOr<RunReport> {
    if (!options.free_database) runner.LeakDatabase();
    return run;
  };
  if (options.on_generated) {
    // The caller sees the whole data set: generate it, then load it.
    if (options.on_progress) {
      const int64_t expected = ExpectedItemCount(model, g);
      options.on_progress("generate", 0, expected);
      g.on_progress = [&options, expected](int64_t items) {
        options.on_progress("generate", items, std::max(expected, items));
      };
    }
    StatusOr<GeneratedData> made = Generate(model, g);
    if (!made.ok()) return made.status();
    data = *std::move(made);
    if (options.on_progress) {
      const auto n = static_cast<int64_t>(data.items.size());
      options.on_progress("generate", n, n);
    }
    const int64_t end = now();
    options.on_generated(data);
    if (options.on_generated_item) {
      for (const GeneratedItem& item : data.items) {
        options.on_generated_item(item);
      }
    }
    StatusOr<RunReport> run = finish(runner.Run());
    if (run.ok()) {
      run->load.generate_seconds = static_cast<double>(end - start) / 1e9;
    }
    return run;
  }
  // Generated and loaded in one stream: each item is written (and its
  // compact record kept) as soon as it is made, so the generated Items
  // never all live at once; the generator keeps only their bindings.
  if (Status s = runner.StartLoad(ExpectedItemCount(model, g)); !s.ok()) {
    return finish(s);
  }
  g.on_item = [&](int32_t, GeneratedItem* item) {
    if (options.on_generated_item) options.on_generated_item(*item);
    return runner.LoadItem(*item, &item->item);
  };
  StatusOr<GeneratedData> made = Generate(model, g);
  if (!made.ok()) return finish(made.status());
  data = *std::move(made);
  const int64_t end = now();
  StatusOr<RunReport> run = finish(runner.FinishRun());
  if (run.ok()) {
    // The stream's time less the load's share of it.
    run->load.generate_seconds = std::max(
        0.0, static_cast<double>(end - start) / 1e9 - run->load.load_seconds);
  }
  return run;
}

StatusOr<RunReport> RunModel(const Model& model, const GeneratedData& data,
                             const RunOptions& options) {
  if (!model.workload) {
    return Status::Validation("the model has no \"workload\" section");
  }
  if (options.on_generated) options.on_generated(data);
  if (options.on_generated_item) {
    for (const GeneratedItem& item : data.items)
      options.on_generated_item(item);
  }
  const Model renamed = Renamed(model, options);
  Runner runner(renamed, data, options, /*owned=*/nullptr);
  StatusOr<RunReport> run = runner.Run();
  if (!options.free_database) runner.LeakDatabase();
  return run;
}

}  // namespace eddy::model
