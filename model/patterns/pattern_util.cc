// Copyright 2026 The eddy Authors.

#include "model/patterns/pattern_util.h"

#include <algorithm>

namespace eddy::model::internal {

std::string Fmt(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char buf[1024];
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  return buf;
}

Status CreateSimpleTable(Database& db, const std::string& name,
                         const std::string& partition_key,
                         const std::string& sort_key,
                         std::optional<ProvisionedThroughput> throughput) {
  CreateTableRequest req;
  req.table_name = name;
  req.key_schema = {{partition_key, KeyType::kHash}};
  req.attribute_definitions = {{partition_key, ScalarAttributeType::kS}};
  if (!sort_key.empty()) {
    req.key_schema.push_back({sort_key, KeyType::kRange});
    req.attribute_definitions.push_back({sort_key, ScalarAttributeType::kS});
  }
  if (throughput) {
    req.billing_mode = BillingMode::kProvisioned;
    req.provisioned_throughput = throughput;
  } else {
    req.billing_mode = BillingMode::kPayPerRequest;
  }
  return db.CreateTable(req).status();
}

uint64_t PartitionKeyHash(std::string_view key) {
  return eddy::PartitionKeyHash(AttributeValue::S(std::string(key)));
}

int PartitionOf(const std::vector<uint64_t>& starts, uint64_t hash) {
  auto it = std::upper_bound(starts.begin(), starts.end(), hash);
  return static_cast<int>(it - starts.begin()) - 1;
}

StatusOr<bool> ScanOrderMatchesHash(Database& db, const std::string& table,
                                    const std::string& partition_key,
                                    int64_t* items) {
  ScanRequest scan;
  scan.table_name = table;
  *items = 0;
  bool ordered = true;
  uint64_t previous = 0;
  for (;;) {
    EDDY_ASSIGN_OR_RETURN(ScanResponse page, db.Scan(scan));
    for (const Item& item : page.items) {
      const AttributeValue* pk = item.Find(partition_key);
      if (pk == nullptr || !pk->is(AttributeType::kS)) return false;
      const uint64_t h = PartitionKeyHash(pk->s());
      if (*items > 0 && h < previous) ordered = false;
      previous = h;
      ++*items;
    }
    if (!page.last_evaluated_key) break;
    scan.exclusive_start_key = std::move(page.last_evaluated_key);
  }
  return ordered;
}

Status PutAll(Database& db, const std::string& table, std::vector<Item> items) {
  BatchWriteItemRequest batch;
  std::vector<WriteRequest>& writes = batch.request_items[table];
  auto flush = [&]() -> Status {
    for (int attempt = 0; !writes.empty(); ++attempt) {
      if (attempt == 100) return Status::Internal("items left unprocessed");
      EDDY_ASSIGN_OR_RETURN(BatchWriteItemResponse r, db.BatchWriteItem(batch));
      auto un = r.unprocessed_items.find(table);
      if (un == r.unprocessed_items.end()) {
        writes.clear();
      } else {
        writes = std::move(un->second);
      }
    }
    return Status::OK();
  };
  for (Item& item : items) {
    writes.push_back(WriteRequest{std::move(item), std::nullopt});
    if (writes.size() == 25) EDDY_RETURN_IF_ERROR(flush());
  }
  return flush();
}

}  // namespace eddy::model::internal
