// Copyright 2026 The eddy Authors.
//
// Mutex: a reader/writer lock whose use clang's thread-safety analysis
// checks (-Wthread-safety; tools/test.sh builds the engine so). It is
// std::shared_mutex with Abseil's annotations: Mutex would do the
// same, but Debian's build of it runs deadlock detection on every lock
// (a few hundred instructions), which the engine's hot paths cannot afford.
//
//   class Account {
//     void Deposit(int n) {
//       MutexLock lock(&mu_);
//       balance_ += n;
//     }
//     int Balance() const {
//       ReaderMutexLock lock(&mu_);
//       return balance_;
//     }
//     mutable Mutex mu_;
//     int balance_ ABSL_GUARDED_BY(mu_) = 0;
//   };
//
// Thread safety: a Mutex is itself thread-safe. AssertHeld /
// AssertReaderHeld check nothing at run time (std::shared_mutex cannot);
// they tell the analysis about a lock it cannot follow (a run-time set of
// locks), so use them only where the lock is held by construction.

#ifndef EDDY_EMULATOR_BASE_MUTEX_H_
#define EDDY_EMULATOR_BASE_MUTEX_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <shared_mutex>

#include "absl/base/thread_annotations.h"

namespace eddy {

class ABSL_LOCKABLE Mutex {
 public:
  Mutex() = default;
  Mutex(const Mutex&) = delete;
  Mutex& operator=(const Mutex&) = delete;

  void Lock() ABSL_EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }
  void Unlock() ABSL_UNLOCK_FUNCTION() { mu_.unlock(); }
  void ReaderLock() ABSL_SHARED_LOCK_FUNCTION() { mu_.lock_shared(); }
  void ReaderUnlock() ABSL_UNLOCK_FUNCTION() { mu_.unlock_shared(); }

  void AssertHeld() const ABSL_ASSERT_EXCLUSIVE_LOCK() {}
  void AssertReaderHeld() const ABSL_ASSERT_SHARED_LOCK() {}

 private:
  std::shared_mutex mu_;
};

// Holds `mu` exclusively for its scope.
class ABSL_SCOPED_LOCKABLE MutexLock {
 public:
  explicit MutexLock(Mutex* mu) ABSL_EXCLUSIVE_LOCK_FUNCTION(mu) : mu_(mu) {
    mu_->Lock();
  }
  ~MutexLock() ABSL_UNLOCK_FUNCTION() { mu_->Unlock(); }
  MutexLock(const MutexLock&) = delete;
  MutexLock& operator=(const MutexLock&) = delete;

 private:
  Mutex* const mu_;
};

// Holds `mu` shared for its scope.
class ABSL_SCOPED_LOCKABLE ReaderMutexLock {
 public:
  explicit ReaderMutexLock(Mutex* mu) ABSL_SHARED_LOCK_FUNCTION(mu) : mu_(mu) {
    mu_->ReaderLock();
  }
  ~ReaderMutexLock() ABSL_UNLOCK_FUNCTION() { mu_->ReaderUnlock(); }
  ReaderMutexLock(const ReaderMutexLock&) = delete;
  ReaderMutexLock& operator=(const ReaderMutexLock&) = delete;

 private:
  Mutex* const mu_;
};

// A condition variable for Mutex (held exclusively).
//
//   MutexLock lock(&mu_);
//   while (!ready_) cv_.Wait(&mu_);
class CondVar {
 public:
  // Releases `mu`, waits for a signal, and takes `mu` again. Spurious
  // wake-ups happen: wait in a loop on the condition.
  void Wait(Mutex* mu) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    Adapter a{mu};
    cv_.wait(a);
  }
  // The same, giving up after `micros`.
  void WaitFor(Mutex* mu, int64_t micros) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu) {
    Adapter a{mu};
    cv_.wait_for(a, std::chrono::microseconds(micros));
  }
  void SignalAll() { cv_.notify_all(); }

 private:
  // What std::condition_variable_any locks and unlocks.
  struct Adapter {
    Mutex* mu;
    void lock() ABSL_NO_THREAD_SAFETY_ANALYSIS { mu->Lock(); }
    void unlock() ABSL_NO_THREAD_SAFETY_ANALYSIS { mu->Unlock(); }
  };
  std::condition_variable_any cv_;
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_BASE_MUTEX_H_
