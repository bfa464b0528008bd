// Copyright 2026 The eddy Authors.
//
// Fault injection: make chosen calls fail the way DynamoDB fails them, so
// that tests can exercise retry and error-handling code deterministically.
// A fault matches an operation (or any), a table (or any) and optionally an
// item key; it fires for the next `count` matching calls and is then spent.
//
//   eddy::Fault f;
//   f.kind = eddy::Fault::Kind::kProvisionedThroughputExceeded;
//   f.operation = "PutItem";
//   f.table_name = "orders";
//   f.count = 2;                       // the next two PutItems on "orders"
//   db.InjectFault(f);                 // ... fail; the third succeeds
//
// Bounds: at most kMaxArmedFaults (1,000) faults are armed at once, and a
// fault must be one that can fire (ValidateFault): `count` from 1 to
// 2,147,483,647, `operation` empty or one of FaultOperations(), kUnprocessed
// only for BatchGetItem / BatchWriteItem (or any operation), no list, map or
// set in `key` (a key attribute is S, N or B). Database's
// ArmFault (and the wire's EddyInjectFault) report a refused fault as a
// ValidationException, or LimitExceededException when 1,000 are armed;
// InjectFault drops it (use ArmFault where that matters).
//
// How each kind shows:
// - kProvisionedThroughputExceeded, kThrottling, kRequestLimitExceeded,
//   kInternalServerError: the call fails with that exception and DynamoDB's
//   message (throttles carry `throttling_reasons`). In BatchGetItem and
//   BatchWriteItem only the matching parts fail: they come back as
//   UnprocessedKeys / UnprocessedItems, and the call fails only when every
//   part does. In TransactWriteItems / TransactGetItems the matching actions
//   get the ProvisionedThroughputExceeded / ThrottlingError reason of a
//   TransactionCanceledException (the other kinds fail the whole call).
// - kTransactionConflict: in a transaction, a TransactionConflict
//   cancellation reason on the matching actions; elsewhere a
//   TransactionConflictException, as when an item is locked by a transaction.
// - kUnprocessed: BatchGetItem / BatchWriteItem return the matching parts
//   unprocessed (never an error); other operations are not affected.
// When a fault fires: for BatchGetItem and BatchWriteItem, after the whole
// request was validated (a faulted part is returned as given, the others are
// applied); for every other operation, before the request is looked at — a
// faulted call fails without being validated.
//
// Thread safety: FaultInjector is internally synchronized.

#ifndef EDDY_EMULATOR_API_FAULTS_H_
#define EDDY_EMULATOR_API_FAULTS_H_

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "emulator/base/status.h"
#include "emulator/types/attribute_value.h"

namespace eddy {

struct Fault {
  enum class Kind {
    kProvisionedThroughputExceeded,
    kThrottling,
    kRequestLimitExceeded,
    kInternalServerError,
    kTransactionConflict,
    kUnprocessed,
  };
  Kind kind = Kind::kInternalServerError;
  std::string operation;   // e.g. "PutItem"; empty: every operation
  std::string table_name;  // empty: every table
  // When set, only calls on an item whose key holds these attribute values
  // match (a subset of the key is fine: {"pk": "a"} matches every sort key).
  // A list, map or set is refused (no key holds one; the wire keeps such a
  // value in a request's key compact once it is checked).
  std::optional<Item> key;
  int count = 1;  // matching calls that fail; then the fault is spent
  // Carried by throttles (ThrottlingReasons in the error body).
  std::vector<ThrottlingReason> throttling_reasons;
};

// DynamoDB's messages for the faults' exceptions.
Status FaultStatus(const Fault& fault);

// At most this many faults are armed at once.
inline constexpr int kMaxArmedFaults = 1000;

// The operations that consult armed faults (a fault naming another
// operation could never fire): DynamoDB's and DynamoDB Streams' operations
// that eddy serves, in name order.
const std::vector<std::string>& FaultOperations();

// Whether `fault` can fire: ValidationException naming what is wrong when
// its count is below 1, its operation is not one of FaultOperations(), or
// it is kUnprocessed for an operation other than BatchGetItem /
// BatchWriteItem.
Status ValidateFault(const Fault& fault);

class FaultInjector {
 public:
  // Arms `fault`. ValidationException when ValidateFault refuses it;
  // LimitExceededException when kMaxArmedFaults are already armed.
  Status Arm(Fault fault);
  // Arm, dropping a refused fault.
  void Add(Fault fault);
  void Clear();
  // Faults not yet spent.
  std::vector<Fault> Pending() const;

  // For one call of `operation`: the first armed fault matching `table` and
  // (when the fault names one) `key`, which is then charged one use.
  // `kinds` limits the kinds considered. Nullopt when none matches.
  std::optional<Fault> Take(std::string_view operation, std::string_view table,
                            const Item* key,
                            std::initializer_list<Fault::Kind> kinds);
  // For one call with several parts (batches, transactions): the fault each
  // part matches, if any; every fault that matched is charged one use.
  struct Part {
    std::string_view table;
    const Item* key;
  };
  std::vector<std::optional<Fault>> TakeForParts(
      std::string_view operation, const std::vector<Part>& parts,
      std::initializer_list<Fault::Kind> kinds);

  bool empty() const { return armed_.load(std::memory_order_acquire) == 0; }

 private:
  // Index of the first matching fault, or -1. REQUIRES: mu_ held.
  int Find(std::string_view operation, std::string_view table, const Item* key,
           std::initializer_list<Fault::Kind> kinds) const;
  // Charges fault `i` one use. REQUIRES: mu_ held.
  void Charge(int i);

  mutable std::mutex mu_;
  std::vector<Fault> faults_;  // guarded by mu_
  std::atomic<int> armed_{0};  // faults_.size(), readable without mu_
};

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_FAULTS_H_
