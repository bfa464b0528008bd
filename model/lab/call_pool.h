// Copyright 2026 The eddy Authors.
//
// CallPool: a scenario's calls in flight at once in endpoint mode (`eddy
// scenario run FILE --endpoint URL --connections N`). The scenario runner
// keeps its schedule on its own thread — it paces each call to its instant
// (ScenarioTarget::Pace) and hands it over — while up to N workers make the
// calls over the target's keep-alive connections; what a call answered is
// counted back on the runner's thread (its `done`), which is where every
// counter, the retry queue and the request pool live.
//
//   CallPool pool(8);
//   pool.WaitForRoom();                     // fewer than 8 in flight
//   auto out = std::make_shared<Answer>();
//   pool.Submit([=] { *out = target->GetItem(r); },    // on a worker
//               [=] { Count(*out); });                  // on this thread
//   pool.RunFinished();   // the `done` of every call back so far
//   pool.Drain();         // waits for all, then runs their `done`
//
// Contract
// - Calls start in the order they were submitted, at most `workers` at
//   once; `done` runs only inside RunFinished or Drain, on the thread that
//   calls them, in the order the calls returned, after its call returned.
// - The destructor waits for the calls in flight (their `done` is dropped)
//   and stops the workers.
//
// Thread safety: Submit, WaitForRoom, RunFinished and Drain are for one
// thread (the runner's); `call` runs on a worker and must touch only what
// it owns and what is safe to share (a thread-safe target). The pool's own
// state is behind one Mutex.

#ifndef EDDY_MODEL_LAB_CALL_POOL_H_
#define EDDY_MODEL_LAB_CALL_POOL_H_

#include <cstddef>
#include <deque>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/base/mutex.h"

namespace eddy::lab {

class CallPool {
 public:
  explicit CallPool(int workers);
  ~CallPool();
  CallPool(const CallPool&) = delete;
  CallPool& operator=(const CallPool&) = delete;

  int workers() const { return workers_; }
  // Returns when fewer than workers() calls are in flight.
  void WaitForRoom();
  void Submit(std::function<void()> call, std::function<void()> done);
  // Runs the `done` of every call that has returned; returns how many.
  size_t RunFinished();
  // Waits until no call is in flight, then runs RunFinished.
  size_t Drain();

 private:
  void Work();

  const int workers_;
  Mutex mu_;
  CondVar changed_;  // a call was submitted or returned, or stopping
  std::deque<std::function<void()>> waiting_ ABSL_GUARDED_BY(mu_);
  std::deque<std::function<void()>> waiting_done_ ABSL_GUARDED_BY(mu_);
  std::vector<std::function<void()>> finished_ ABSL_GUARDED_BY(mu_);
  int in_flight_ ABSL_GUARDED_BY(mu_) = 0;  // submitted, not yet returned
  bool stopping_ ABSL_GUARDED_BY(mu_) = false;
  std::vector<std::thread> threads_;
};

}  // namespace eddy::lab

#endif  // EDDY_MODEL_LAB_CALL_POOL_H_
