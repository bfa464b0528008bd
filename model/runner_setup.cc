// Copyright 2026 The eddy Authors.
//
// The model's table and a plain load of its data (MakeCreateTableRequest,
// LoadIntoDatabase: what the runner and eddy-server --load share), and the
// report fields known before a run (PlannedReport). See runner.h.

#include <utility>

#include "model/runner.h"

namespace eddy::model {
namespace {

constexpr size_t kBatchSize = 25;  // BatchWriteItem's limit

}  // namespace

CreateTableRequest MakeCreateTableRequest(const TableDefinition& t,
                                          bool with_indexes) {
  CreateTableRequest req;
  req.table_name = t.name;
  req.key_schema = {{t.partition_key, KeyType::kHash}};
  req.attribute_definitions = {{t.partition_key, ScalarAttributeType::kS}};
  if (!t.sort_key.empty()) {  // else keyed by its partition key alone
    req.key_schema.push_back({t.sort_key, KeyType::kRange});
    req.attribute_definitions.push_back({t.sort_key, ScalarAttributeType::kS});
  }
  req.billing_mode = t.billing_mode;
  req.provisioned_throughput = t.provisioned_throughput;
  if (!with_indexes) return req;
  auto define = [&](const std::string& name,
                    ScalarAttributeType type = ScalarAttributeType::kS) {
    for (const AttributeDefinition& d : req.attribute_definitions) {
      if (d.attribute_name == name) return;
    }
    req.attribute_definitions.push_back({name, type});
  };
  for (const IndexDefinition& g : t.global_secondary_indexes) {
    GlobalSecondaryIndex gsi;
    gsi.index_name = g.name;
    if (g.multi_attribute()) {
      // Every HASH element, then every RANGE element (DynamoDB's order).
      for (const KeyAttribute& a : g.partition_attributes) {
        gsi.key_schema.push_back({a.name, KeyType::kHash});
        define(a.name, a.type);
      }
      for (const KeyAttribute& a : g.sort_attributes) {
        gsi.key_schema.push_back({a.name, KeyType::kRange});
        define(a.name, a.type);
      }
    } else {
      gsi.key_schema = {{g.partition_key, KeyType::kHash}};
      define(g.partition_key);
    }
    if (!g.multi_attribute() && !g.sort_key.empty()) {
      gsi.key_schema.push_back({g.sort_key, KeyType::kRange});
      define(g.sort_key);
    }
    gsi.projection.projection_type = g.projection;
    gsi.projection.non_key_attributes = g.non_key_attributes;
    if (t.provisioned_throughput) {
      gsi.provisioned_throughput = t.provisioned_throughput;
    }
    req.global_secondary_indexes.push_back(std::move(gsi));
  }
  for (const IndexDefinition& l : t.local_secondary_indexes) {
    LocalSecondaryIndex lsi;
    lsi.index_name = l.name;
    lsi.key_schema = {{t.partition_key, KeyType::kHash},
                      {l.sort_key, KeyType::kRange}};
    define(l.sort_key);
    lsi.projection.projection_type = l.projection;
    lsi.projection.non_key_attributes = l.non_key_attributes;
    req.local_secondary_indexes.push_back(std::move(lsi));
  }
  return req;
}

StatusOr<int64_t> LoadIntoDatabase(
    const Model& model, const GeneratedData& data, Database* db,
    const std::function<void(int64_t, int64_t)>& on_progress) {
  StatusOr<CreateTableResponse> created = db->CreateTable(
      MakeCreateTableRequest(model.table, /*with_indexes=*/true));
  if (!created.ok()) return created.status().WithMessagePrefix("CreateTable: ");
  const int64_t total = static_cast<int64_t>(data.items.size());
  int64_t loaded = 0;
  BatchWriteItemRequest batch;
  std::vector<WriteRequest>& writes = batch.request_items[model.table.name];
  writes.reserve(kBatchSize);
  auto flush = [&]() -> Status {
    for (int attempt = 0; !writes.empty(); ++attempt) {
      if (attempt == 100) {
        return Status::Internal(
            "BatchWriteItem: items still unprocessed after 100 attempts");
      }
      const int64_t n = static_cast<int64_t>(writes.size());
      StatusOr<BatchWriteItemResponse> r = db->BatchWriteItem(batch);
      if (!r.ok()) return r.status().WithMessagePrefix("BatchWriteItem: ");
      auto un = r->unprocessed_items.find(model.table.name);
      if (un == r->unprocessed_items.end()) {
        writes.clear();
        loaded += n;
      } else {
        loaded += n - static_cast<int64_t>(un->second.size());
        writes = std::move(un->second);
      }
    }
    if (on_progress) on_progress(loaded, total);
    return Status::OK();
  };
  for (const GeneratedItem& g : data.items) {
    writes.push_back(WriteRequest{g.item, std::nullopt});
    if (writes.size() == kBatchSize) EDDY_RETURN_IF_ERROR(flush());
  }
  EDDY_RETURN_IF_ERROR(flush());
  return loaded;
}

RunReport PlannedReport(const Model& model, const RunOptions& options) {
  RunReport report;
  report.model = model.name;
  report.table = options.table_name.value_or(model.table.name);
  if (model.workload) {
    report.scale = options.scale.value_or(model.workload->scale);
    report.seed = options.seed.value_or(model.workload->seed);
    report.runs_per_pattern = options.runs.value_or(model.workload->runs);
  }
  report.page_size = options.page_size;
  report.indexes_created = options.create_indexes;
  return report;
}

}  // namespace eddy::model
