// Copyright 2026 The eddy Authors.
//
// The scenario runner's cache remedy (Scenario::cache): an item cache and a
// query cache in front of the table, keyed by CacheKey. ServeFromCache
// answers a read from the cache; UpdateCache fills it after a read and
// writes through after a write.

#include <string>

#include "model/lab/internal/runner.h"

namespace eddy::lab::internal {

std::string Runner::CacheKey(const Item& item, const std::string& index) const {
  const TableSpec& t = scenario_.table;
  const AttributeValue* pk = item.Find(t.partition_key);
  std::string key = index + '\x1f' + (pk != nullptr ? pk->s() : "");
  if (index.empty() && !t.sort_key.empty()) {
    const AttributeValue* sk = item.Find(t.sort_key);
    key += '\x1f' + (sk != nullptr ? sk->s() : "");
  }
  return key;
}

bool Runner::ServeFromCache(const Request& req, const Stream& stream,
                            int64_t now) {
  if (item_cache_ == nullptr || stream.consistent_read) return false;
  switch (stream.operation) {
    case Operation::kGetItem:
      return item_cache_->Get(CacheKey(req.items[0], ""), now);
    case Operation::kQuery:
      // The query cache's key is the request: the index and key value.
      return query_cache_->Get(CacheKey(req.items[0], "q" + stream.index), now);
    case Operation::kBatchGetItem:
      for (const Item& key : req.items) {
        if (!item_cache_->Get(CacheKey(key, ""), now)) return false;
      }
      return true;
    default:
      return false;
  }
}

void Runner::UpdateCache(const Request& req, const Stream& stream,
                         int64_t now) {
  switch (stream.operation) {
    case Operation::kGetItem:
    case Operation::kBatchGetItem:
      if (stream.consistent_read) return;
      for (const Item& key : req.items)
        item_cache_->Put(CacheKey(key, ""), now);
      return;
    case Operation::kQuery:
      if (!stream.consistent_read) {
        query_cache_->Put(CacheKey(req.items[0], "q" + stream.index), now);
      }
      return;
    case Operation::kPutItem:
    case Operation::kUpdateItem:
    case Operation::kBatchWriteItem:
      // Write-through: the item cache holds what was written (the query
      // cache is not updated by writes).
      for (const Item& item : req.items) {
        item_cache_->Put(CacheKey(item, ""), now);
      }
      return;
    case Operation::kDeleteItem:
      item_cache_->Erase(CacheKey(req.items[0], ""));
      return;
  }
}

}  // namespace eddy::lab::internal
