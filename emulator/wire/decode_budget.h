// Copyright 2026 The eddy Authors.
//
// DecodeBudget: lets a server bound the memory that decoded attribute values
// take while Execute reads requests, across all requests at once. eddy-server
// lends its --max-buffered-bytes budget this way, so that four concurrent
// 17 MB bodies that decode into 80 MB each cannot together pass it.
//
//   class MyBudget : public eddy::DecodeBudget { ... };
//   MyBudget budget;
//   {
//     eddy::ScopedDecodeBudget scope(&budget);   // this thread, this request
//     eddy::WireResponse r = eddy::Execute(db, "PutItem", body);
//     if (scope.refused()) ... answer 503 instead of r ...
//   }  // everything the request charged goes back to `budget` here
//
// Contract
// - While a ScopedDecodeBudget is alive on a thread, every attribute value
//   that Execute (and the AttributeValue readers of attribute_json.h) decode
//   on that thread is charged to it *while it is decoded*, before the next
//   node is read: an estimate of the heap the decoded form takes, per node
//   sizeof(AttributeValue) for each list element and each value read on its
//   own (a Parameters or AttributeValueList element, an
//   ExpressionAttributeValues value), sizeof(AttributeMapEntry)
//   for each map entry, sizeof(std::string) or sizeof(Number) for each set
//   element, plus the bytes of every string, binary and map key longer than
//   the short-string buffer (15 bytes); slots reserved ahead for a long list,
//   map or set are charged when reserved; each value of a legacy condition
//   (Expected, KeyConditions, QueryFilter, ScanFilter) is charged what its
//   translation into an expression takes too, and each PartiQL parameter
//   three times its own charge more (the copies planning the statement
//   holds at its peak: wire/ops/partiql.cc). Not counted: malloc's own
//   overhead per block, the transient sorted copy a string set is checked with,
//   and what is not an attribute value (names, expressions, the body itself,
//   which the server holds in the same budget already).
// - What the decoder drops after reading it is given back to the scope
//   (Refund): a key attribute's list, map or set, kept compact once checked
//   (attribute_codec.h, CompactKeyContainers), is charged in full while it is
//   read and, once dropped, its charge less what is kept. The scope keeps the
//   bytes it took (later charges use them first), so held() is the peak of
//   the estimate, charged() what is held now.
// - The scope takes bytes from the DecodeBudget in steps of 16 KiB (so a
//   request is refused up to 16 KiB before the budget's exact end) and gives
//   all of them back when it is destroyed (the request is done).
// - When the budget cannot cover a charge, the value being decoded is
//   refused with DecodeBudgetRefusal() (ServiceUnavailableException) and
//   nothing more of the request is stored, as after any value error; the
//   request's answer may still be an earlier error of DynamoDB's order, so
//   the caller checks refused() and answers the refusal itself.
// - Without a scope (in-process use) nothing is charged or bounded; the cost
//   is one null check per decoded node.
//
// Thread safety: a scope belongs to the thread that made it (scopes nest, the
// innermost counts); DecodeBudget implementations are called only from the
// thread of a scope, but one budget may serve many threads' scopes, so it
// must be thread-safe then.

#ifndef EDDY_EMULATOR_WIRE_DECODE_BUDGET_H_
#define EDDY_EMULATOR_WIRE_DECODE_BUDGET_H_

#include <cstddef>

#include "emulator/base/status.h"

namespace eddy {

class DecodeBudget {
 public:
  virtual ~DecodeBudget() = default;
  // Takes `bytes`; false (and nothing taken) when they do not fit.
  virtual bool TryAcquire(size_t bytes) = 0;
  // Gives back bytes taken. REQUIRES: they were acquired.
  virtual void Release(size_t bytes) = 0;
};

class ScopedDecodeBudget {
 public:
  // REQUIRES: budget != nullptr and outlives the scope.
  explicit ScopedDecodeBudget(DecodeBudget* budget);
  ~ScopedDecodeBudget();
  ScopedDecodeBudget(const ScopedDecodeBudget&) = delete;
  ScopedDecodeBudget& operator=(const ScopedDecodeBudget&) = delete;

  // The innermost scope of this thread, or null.
  static ScopedDecodeBudget* Current();

  // Charges `bytes` more; false when the budget cannot cover them, and from
  // then on always false (refused()).
  bool Charge(size_t bytes) {
    charged_ += bytes;
    return charged_ <= held_ || Grow();
  }

  // Takes back `bytes` charged for values since dropped; the bytes stay held
  // for later charges. REQUIRES: bytes <= charged().
  void Refund(size_t bytes) { charged_ -= bytes; }

  // Whether a charge was refused.
  bool refused() const { return refused_; }
  // The estimate charged so far, and the bytes taken from the budget for it.
  size_t charged() const { return charged_; }
  size_t held() const { return held_; }

 private:
  bool Grow();

  DecodeBudget* const budget_;
  ScopedDecodeBudget* const previous_;
  size_t charged_ = 0;
  size_t held_ = 0;
  bool refused_ = false;
};

// The value error of a refused charge: ServiceUnavailableException, "The
// server is holding too many request bytes at once; retry the request
// later" (eddy's text; eddy-server answers its own, naming its flag).
Status DecodeBudgetRefusal();

}  // namespace eddy

#endif  // EDDY_EMULATOR_WIRE_DECODE_BUDGET_H_
