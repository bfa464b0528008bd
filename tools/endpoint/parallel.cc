// Copyright 2026 The eddy Authors.

#include "tools/endpoint/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace eddy::endpoint {

void ParallelFor(int workers, size_t n, const std::function<void(size_t)>& fn) {
  const size_t threads = std::min(n, static_cast<size_t>(std::max(workers, 1)));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) fn(i);
  };
  std::vector<std::thread> helpers;
  helpers.reserve(threads - 1);
  for (size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
  work();
  for (std::thread& h : helpers) h.join();
}

}  // namespace eddy::endpoint
