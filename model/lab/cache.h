// Copyright 2026 The eddy Authors.
//
// TtlLruCache: the lab's model of one DAX cache (the item cache or the
// query cache, model/lab/scenario.h CacheSpec): string keys, a time to live
// per entry set when it is written, and a capacity in entries with the least
// recently used entry evicted first. Only presence is modelled (the lab
// needs hits and misses, not the cached values).
//
//   TtlLruCache c(/*capacity=*/2, /*ttl_micros=*/300'000'000);
//   c.Put("a", now);
//   bool hit = c.Get("a", now + 1);  // true; false after the TTL
//
// Thread safety: none. Memory: O(capacity).

#ifndef EDDY_MODEL_LAB_CACHE_H_
#define EDDY_MODEL_LAB_CACHE_H_

#include <cstdint>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>

namespace eddy::lab {

class TtlLruCache {
 public:
  TtlLruCache(int64_t capacity, int64_t ttl_micros)
      : capacity_(capacity), ttl_micros_(ttl_micros) {}

  // True when `key` is cached and not expired at `now` (it becomes the most
  // recently used); an expired entry is dropped.
  bool Get(const std::string& key, int64_t now);
  // Caches `key` from `now` for the TTL (replacing an entry); evicts the
  // least recently used entry past the capacity. A capacity or TTL of 0
  // caches nothing.
  void Put(const std::string& key, int64_t now);
  // Drops `key` if cached.
  void Erase(const std::string& key);
  int64_t size() const { return static_cast<int64_t>(index_.size()); }

 private:
  struct Entry {
    std::string key;
    int64_t expires_micros;
  };
  int64_t capacity_;
  int64_t ttl_micros_;
  std::list<Entry> lru_;  // most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_CACHE_H_
