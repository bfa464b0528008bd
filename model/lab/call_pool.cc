// Copyright 2026 The eddy Authors.

#include "model/lab/call_pool.h"

#include <algorithm>

namespace eddy::lab {

CallPool::CallPool(int workers) : workers_(std::max(1, workers)) {
  threads_.reserve(static_cast<size_t>(workers_));
  for (int i = 0; i < workers_; ++i) threads_.emplace_back([this] { Work(); });
}

CallPool::~CallPool() {
  {
    MutexLock l(&mu_);
    while (in_flight_ > 0) changed_.Wait(&mu_);
    stopping_ = true;
  }
  changed_.SignalAll();
  for (std::thread& t : threads_) t.join();
}

void CallPool::Work() {
  for (;;) {
    std::function<void()> call, done;
    {
      MutexLock l(&mu_);
      while (waiting_.empty() && !stopping_) changed_.Wait(&mu_);
      if (waiting_.empty()) return;  // stopping
      call = std::move(waiting_.front());
      waiting_.pop_front();
      done = std::move(waiting_done_.front());
      waiting_done_.pop_front();
    }
    call();
    {
      MutexLock l(&mu_);
      finished_.push_back(std::move(done));
      --in_flight_;
    }
    changed_.SignalAll();
  }
}

void CallPool::WaitForRoom() {
  MutexLock l(&mu_);
  while (in_flight_ >= workers_) changed_.Wait(&mu_);
}

void CallPool::Submit(std::function<void()> call, std::function<void()> done) {
  {
    MutexLock l(&mu_);
    waiting_.push_back(std::move(call));
    waiting_done_.push_back(std::move(done));
    ++in_flight_;
  }
  changed_.SignalAll();
}

size_t CallPool::RunFinished() {
  std::vector<std::function<void()>> ready;
  {
    MutexLock l(&mu_);
    ready.swap(finished_);
  }
  for (std::function<void()>& done : ready) done();
  return ready.size();
}

size_t CallPool::Drain() {
  {
    MutexLock l(&mu_);
    while (in_flight_ > 0) changed_.Wait(&mu_);
  }
  return RunFinished();
}

}  // namespace eddy::lab
