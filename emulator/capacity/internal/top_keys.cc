// Copyright 2026 The eddy Authors.

#include "emulator/capacity/internal/top_keys.h"

#include <algorithm>
#include <functional>

namespace eddy::capacity::internal {

uint64_t KeyId(uint64_t hash, std::string_view sort_key) {
  if (sort_key.empty()) return hash;
  // libstdc++'s string hash is deterministic across runs (fixed seed).
  uint64_t h = std::hash<std::string_view>{}(sort_key);
  h ^= hash + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xbf58476d1ce4e5b9ULL;
}

void TopKeys::Add(uint64_t id, std::string_view partition_key,
                  std::string_view sort_key, int64_t weight) {
  if (capacity_ == 0 || weight <= 0) return;
  auto it = where_.find(id);
  if (it != where_.end()) {
    const size_t i = it->second;
    heap_[i].count += weight;
    SiftDown(i);
    return;
  }
  if (heap_.size() < static_cast<size_t>(capacity_)) {
    heap_.push_back(
        Slot{id, weight, 0, std::string(partition_key), std::string(sort_key)});
    where_[id] = heap_.size() - 1;
    SiftUp(heap_.size() - 1);
    return;
  }
  // Replace the minimum.
  Slot& root = heap_[0];
  where_.erase(root.id);
  root.error = root.count;
  root.count += weight;
  root.id = id;
  root.partition_key.assign(partition_key);
  root.sort_key.assign(sort_key);
  where_[id] = 0;
  SiftDown(0);
}

std::vector<KeyCount> TopKeys::Top(int k) const {
  std::vector<KeyCount> out;
  out.reserve(heap_.size());
  for (const Slot& s : heap_) {
    out.push_back(KeyCount{s.partition_key, s.sort_key, s.count, s.error});
  }
  std::sort(out.begin(), out.end(), [](const KeyCount& a, const KeyCount& b) {
    if (a.count != b.count) return a.count > b.count;
    if (a.partition_key != b.partition_key)
      return a.partition_key < b.partition_key;
    return a.sort_key < b.sort_key;
  });
  if (k >= 0 && out.size() > static_cast<size_t>(k)) out.resize(k);
  return out;
}

void TopKeys::Swap(size_t a, size_t b) {
  std::swap(heap_[a], heap_[b]);
  where_[heap_[a].id] = a;
  where_[heap_[b].id] = b;
}

void TopKeys::SiftUp(size_t i) {
  while (i > 0) {
    const size_t parent = (i - 1) / 2;
    if (heap_[parent].count <= heap_[i].count) return;
    Swap(parent, i);
    i = parent;
  }
}

void TopKeys::SiftDown(size_t i) {
  const size_t n = heap_.size();
  for (;;) {
    const size_t l = 2 * i + 1;
    const size_t r = l + 1;
    size_t m = i;
    if (l < n && heap_[l].count < heap_[m].count) m = l;
    if (r < n && heap_[r].count < heap_[m].count) m = r;
    if (m == i) return;
    Swap(i, m);
    i = m;
  }
}

}  // namespace eddy::capacity::internal
