// Copyright 2026 The eddy Authors.

#include "model/lab/cache.h"

namespace eddy::lab {

bool TtlLruCache::Get(const std::string& key, int64_t now) {
  auto it = index_.find(key);
  if (it == index_.end()) return false;
  if (it->second->expires_micros <= now) {
    lru_.erase(it->second);
    index_.erase(it);
    return false;
  }
  lru_.splice(lru_.begin(), lru_, it->second);
  return true;
}

void TtlLruCache::Put(const std::string& key, int64_t now) {
  if (capacity_ <= 0 || ttl_micros_ <= 0) return;
  auto it = index_.find(key);
  if (it != index_.end()) {
    it->second->expires_micros = now + ttl_micros_;
    lru_.splice(lru_.begin(), lru_, it->second);
    return;
  }
  lru_.push_front(Entry{key, now + ttl_micros_});
  index_.emplace(key, lru_.begin());
  if (static_cast<int64_t>(index_.size()) > capacity_) {
    index_.erase(lru_.back().key);
    lru_.pop_back();
  }
}

void TtlLruCache::Erase(const std::string& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return;
  lru_.erase(it->second);
  index_.erase(it);
}

}  // namespace eddy::lab
