// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/transactions.h"

#include <algorithm>

#include "emulator/types/limits.h"

namespace eddy::engine {

StatusOr<bool> TransactionTokens::Claim(const std::string& token,
                                        uint64_t fingerprint,
                                        int64_t now_micros) {
  MutexLock lock(&mu_);
  // Forget tokens whose window has passed, oldest first, so the store stays
  // bounded by the requests of the last ten minutes (each token is looked
  // at once: completions are queued in time order).
  while (!completed_.empty() &&
         now_micros - completed_.front().first >
             limits::kIdempotencyWindowMicros) {
    auto old = entries_.find(completed_.front().second);
    if (old != entries_.end() && !old->second.in_progress &&
        old->second.completed_at_micros == completed_.front().first) {
      entries_.erase(old);
    }
    completed_.pop_front();
  }
  auto it = entries_.find(token);
  if (it == entries_.end()) {
    entries_[token] = Entry{fingerprint, true, 0};
    return false;
  }
  if (it->second.fingerprint != fingerprint) {
    // DynamoDB's text is unconfirmed (DynamoDB Local sends none); this is
    // the exception's documented meaning.
    return Status(ErrorCode::kIdempotentParameterMismatch,
                  "DynamoDB rejected the request because you retried a "
                  "request with a different payload but with an idempotent "
                  "token that was already used.");
  }
  if (it->second.in_progress) {
    return Status(ErrorCode::kTransactionInProgress,
                  "Transaction from previous request is still in progress");
  }
  return true;
}

void TransactionTokens::Complete(const std::string& token, int64_t now_micros) {
  MutexLock lock(&mu_);
  Entry& e = entries_[token];
  e.in_progress = false;
  e.completed_at_micros = now_micros;
  completed_.emplace_back(now_micros, token);
}

void TransactionTokens::Release(const std::string& token) {
  MutexLock lock(&mu_);
  entries_.erase(token);
}

// The analysis cannot follow a lock taken on each of a run-time set of
// tables; users of the tables assert the lock (Table::AssertHeld).
TableLocks::TableLocks(std::vector<std::shared_ptr<Table>> tables,
                       bool exclusive) ABSL_NO_THREAD_SAFETY_ANALYSIS
    : tables_(std::move(tables)),
      exclusive_(exclusive) {
  // Name order, then address: a fixed global order (a table deleted and
  // re-created meanwhile is another object under the same name).
  std::sort(tables_.begin(), tables_.end(), [](const auto& a, const auto& b) {
    return a->name() != b->name() ? a->name() < b->name() : a.get() < b.get();
  });
  tables_.erase(std::unique(tables_.begin(), tables_.end()), tables_.end());
  for (const auto& t : tables_) {
    if (exclusive_) {
      t->mu().Lock();
    } else {
      t->mu().ReaderLock();
    }
  }
}

TableLocks::~TableLocks() ABSL_NO_THREAD_SAFETY_ANALYSIS {
  for (auto it = tables_.rbegin(); it != tables_.rend(); ++it) {
    if (exclusive_) {
      (*it)->mu().Unlock();
    } else {
      (*it)->mu().ReaderUnlock();
    }
  }
}

Status TransactionCanceled(std::vector<CancellationReason> reasons) {
  std::string codes;
  for (const CancellationReason& r : reasons) {
    if (!codes.empty()) codes += ", ";
    codes += r.code;
  }
  return Status(ErrorCode::kTransactionCanceled,
                "Transaction cancelled, please refer cancellation reasons for "
                "specific reasons [" +
                    codes + "]")
      .WithCancellationReasons(std::move(reasons));
}

}  // namespace eddy::engine
