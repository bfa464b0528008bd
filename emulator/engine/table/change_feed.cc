// Copyright 2026 The eddy Authors.

#include "emulator/engine/table/change_feed.h"

#include <algorithm>

namespace eddy::engine {

void ChangeFeed::Recount() {
  int active = 0;
  for (const Subscription& s : subscriptions_) active += !s.passive;
  count_.store(active, std::memory_order_release);
}

SubscriptionId ChangeFeed::Subscribe(
    std::shared_ptr<ChangeSubscriber> subscriber, std::string table_name,
    bool passive) {
  MutexLock lock(&mu_);
  const SubscriptionId id = next_id_++;
  subscriptions_.push_back(
      Subscription{id, std::move(table_name), std::move(subscriber), passive});
  Recount();
  return id;
}

bool ChangeFeed::Unsubscribe(SubscriptionId id) {
  MutexLock lock(&mu_);
  auto it = std::find_if(subscriptions_.begin(), subscriptions_.end(),
                         [id](const Subscription& s) { return s.id == id; });
  if (it == subscriptions_.end()) return false;
  subscriptions_.erase(it);
  Recount();
  return true;
}

void ChangeFeed::Publish(std::span<const ChangeRecord> records) {
  if (records.empty()) return;
  const bool one_table =
      std::all_of(records.begin(), records.end(), [&](const ChangeRecord& r) {
        return r.table_name == records.front().table_name;
      });
  ReaderMutexLock lock(&mu_);
  std::vector<ChangeRecord> subset;
  for (const Subscription& s : subscriptions_) {
    if (s.table_name.empty()) {
      s.subscriber->OnCommit(records);
    } else if (one_table) {
      if (records.front().table_name == s.table_name) {
        s.subscriber->OnCommit(records);
      }
    } else {
      // A transaction across tables: this subscriber's table only.
      subset.clear();
      for (const ChangeRecord& r : records) {
        if (r.table_name == s.table_name) subset.push_back(r);
      }
      if (!subset.empty()) s.subscriber->OnCommit(subset);
    }
  }
}

}  // namespace eddy::engine
