// Copyright 2026 The eddy Authors.
//
// ChangeFeed: the Database's subscribers to committed item changes
// (api/change_feed.h has the contract users see) and their delivery. The
// write path (table/write.h, Commit) builds the records and publishes each
// commit once, while the written tables are locked.
//
// Thread safety: internally synchronized. Its mutex is a leaf: Publish takes
// it (shared) under table locks; nothing is locked under it. A subscriber's
// OnCommit runs under it, so Subscribe/Unsubscribe wait for running
// deliveries.

#ifndef EDDY_EMULATOR_ENGINE_TABLE_CHANGE_FEED_H_
#define EDDY_EMULATOR_ENGINE_TABLE_CHANGE_FEED_H_

#include <atomic>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "emulator/api/change_feed.h"
#include "emulator/base/mutex.h"

namespace eddy::engine {

class ChangeFeed {
 public:
  // Is anyone (not passive) subscribed? Writers check this before building
  // records, so that an unobserved write costs nothing. A write that began
  // before a Subscribe returned may go unseen by it.
  bool active() const { return count_.load(std::memory_order_acquire) > 0; }

  // `table_name` empty: every table's records. A `passive` subscriber (the
  // streams service) does not make active() true: it receives whatever is
  // published, and writes build records for it only on tables that ask for
  // them themselves (Table::streamed).
  SubscriptionId Subscribe(std::shared_ptr<ChangeSubscriber> subscriber,
                           std::string table_name, bool passive = false);
  // Returns whether `id` was subscribed. After it returns, the subscriber is
  // never called again.
  bool Unsubscribe(SubscriptionId id);

  // Delivers one commit. REQUIRES: every table the records name is locked
  // exclusively by the caller; records of one table in commit order.
  void Publish(std::span<const ChangeRecord> records);

 private:
  struct Subscription {
    SubscriptionId id;
    std::string table_name;
    std::shared_ptr<ChangeSubscriber> subscriber;
    bool passive = false;
  };
  void Recount() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  mutable Mutex mu_;
  std::vector<Subscription> subscriptions_ ABSL_GUARDED_BY(mu_);
  SubscriptionId next_id_ ABSL_GUARDED_BY(mu_) = 1;
  std::atomic<int> count_{0};
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_TABLE_CHANGE_FEED_H_
