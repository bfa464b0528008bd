// Copyright 2026 The eddy Authors.
//
// ByteBudget: a process-wide cap on the bytes eddy-server holds for request
// bodies (connection input buffers, chunked bodies, decompressed bodies), so
// that many large or slow requests at once cannot add up to an out-of-memory
// kill. A holder acquires bytes before it allocates them and releases them
// when it frees them; an acquisition that would pass the limit fails and the
// request is answered 503 instead.
//
//   ByteBudget budget(/*limit=*/256 << 20);
//   if (!budget.TryAcquire(n)) return Refuse503();
//   ... allocate and use n bytes ...
//   budget.Release(n);
//
// Invariant: used() <= limit() at all times.
// Thread safety: every method may be called from many threads at once.

#ifndef EDDY_TOOLS_EDDY_SERVER_INTERNAL_BYTE_BUDGET_H_
#define EDDY_TOOLS_EDDY_SERVER_INTERNAL_BYTE_BUDGET_H_

#include <atomic>
#include <cstddef>

namespace eddy::server::internal {

class ByteBudget {
 public:
  explicit ByteBudget(size_t limit) : limit_(limit) {}
  ByteBudget(const ByteBudget&) = delete;
  ByteBudget& operator=(const ByteBudget&) = delete;

  // Takes `n` bytes; false (and nothing taken) when used() + n > limit().
  bool TryAcquire(size_t n) {
    size_t used = used_.load(std::memory_order_relaxed);
    do {
      if (n > limit_ - used) return false;
    } while (!used_.compare_exchange_weak(used, used + n,
                                          std::memory_order_relaxed));
    return true;
  }
  // Gives back `n` bytes. REQUIRES: they were acquired.
  void Release(size_t n) { used_.fetch_sub(n, std::memory_order_relaxed); }

  size_t used() const { return used_.load(std::memory_order_relaxed); }
  size_t limit() const { return limit_; }

 private:
  const size_t limit_;
  std::atomic<size_t> used_{0};
};

}  // namespace eddy::server::internal

#endif  // EDDY_TOOLS_EDDY_SERVER_INTERNAL_BYTE_BUDGET_H_
