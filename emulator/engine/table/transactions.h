// Copyright 2026 The eddy Authors.
//
// What TransactWriteItems and TransactGetItems share: the client-request-
// token store that makes TransactWriteItems idempotent for ten minutes on the
// clock, and the table locks a transaction takes.
//
// Isolation: a transaction locks every table it touches — exclusively for
// TransactWriteItems, shared for TransactGetItems — in table-name order, and
// holds the locks until it has applied (or read) everything. Single-item
// operations lock one table at a time, so transactions are serializable with
// respect to each other and to every other operation, and no reader ever sees
// half a transaction.
//
// Thread safety: TransactionTokens is internally synchronized.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_TRANSACTIONS_H_
#define EDDY_EMULATOR_ENGINE_TABLE_TRANSACTIONS_H_

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/api/requests.h"
#include "emulator/base/mutex.h"
#include "emulator/base/status.h"
#include "emulator/engine/table/table.h"

namespace eddy::engine {

class TransactionTokens {
 public:
  // What a token is known for.
  struct Entry {
    uint64_t fingerprint = 0;  // of the request's parameters
    bool in_progress = true;
    int64_t completed_at_micros = 0;
  };

  // Claims `token` for a request with `fingerprint` at `now`:
  // - unknown, or known but completed more than ten minutes ago: claimed
  //   (returns false; the caller must Complete or Release it);
  // - completed within ten minutes with the same fingerprint: true, a
  //   replay (nothing is applied again);
  // - same token, other parameters: IdempotentParameterMismatchException;
  // - another request with the token still running:
  //   TransactionInProgressException.
  StatusOr<bool> Claim(const std::string& token, uint64_t fingerprint,
                       int64_t now_micros);
  // The request succeeded at `now`: its window starts.
  void Complete(const std::string& token, int64_t now_micros);
  // The request failed: the token is free again.
  void Release(const std::string& token);

 private:
  Mutex mu_;
  std::map<std::string, Entry> entries_ ABSL_GUARDED_BY(mu_);
  // (completion time, token) in completion order, for pruning.
  std::deque<std::pair<int64_t, std::string>> completed_ ABSL_GUARDED_BY(mu_);
};

// Locks on a set of tables, taken in name order (then address), released
// on destruction: the one way an operation locks more than one table
// (BatchGetItem, BatchWriteItem, the transactions). The thread-safety
// analysis cannot see these locks; code that then touches a table's state
// calls table.AssertHeld() / AssertReaderHeld() first.
class TableLocks {
 public:
  // `tables` may repeat; each table is locked once.
  TableLocks(std::vector<std::shared_ptr<Table>> tables, bool exclusive);
  ~TableLocks();
  TableLocks(const TableLocks&) = delete;
  TableLocks& operator=(const TableLocks&) = delete;

 private:
  std::vector<std::shared_ptr<Table>> tables_;  // sorted, unique
  bool exclusive_;
};

// "Transaction cancelled, please refer cancellation reasons for specific
// reasons [None, ConditionalCheckFailed]" with the reasons attached.
Status TransactionCanceled(std::vector<CancellationReason> reasons);

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_TRANSACTIONS_H_
