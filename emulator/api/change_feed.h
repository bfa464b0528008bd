// Copyright 2026 The eddy Authors.
//
// The change feed: every committed change to an item, as a ChangeRecord, in
// commit order. DynamoDB Streams, persistence and point-in-time restore are
// built on it; tests can subscribe directly.
//
//   class Counter : public eddy::ChangeSubscriber {
//    public:
//     void OnCommit(std::span<const eddy::ChangeRecord> records) override {
//       count += records.size();
//     }
//     std::atomic<size_t> count{0};
//   };
//   auto counter = std::make_shared<Counter>();
//   eddy::SubscriptionId id = db.SubscribeChanges(counter, "rentals");
//   ... writes ...
//   db.UnsubscribeChanges(id);
//
// What produces records: PutItem, UpdateItem, DeleteItem, each part of
// BatchWriteItem and each write action of TransactWriteItems, and the
// time-to-live service's deletions. A write that finds nothing to change
// (PutItem of an identical item, UpdateItem that changes no value) still
// produces its record, marked `unchanged`; a delete of a missing item, a
// failed condition, a throttled or cancelled write produce none. Creating
// an index (backfill) writes no item and so produces none.
//
// Delivery
// - OnCommit is called synchronously inside the commit, after the change is
//   applied and while the written tables are still locked: the records of
//   one table reach a subscriber in commit order (their sequence numbers
//   increase by one), and a subscriber sees a change no later than any
//   reader of the table does.
// - One call carries one commit: a single item's change, or every change of
//   one TransactWriteItems (across its tables; delivered together or not at
//   all). A subscriber to one table gets only that table's records.
// - Because tables are locked during the call, OnCommit must be quick and
//   must not call the Database (that would deadlock). Copy what you need and
//   return. It must not throw.
// - With no subscriber, writes build no records (no allocation on the write
//   path; only the sequence number advances).
//
// Thread safety: OnCommit is called from the writing threads, concurrently
// for different tables; implementations synchronize their own state.

#ifndef EDDY_EMULATOR_API_CHANGE_FEED_H_
#define EDDY_EMULATOR_API_CHANGE_FEED_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "emulator/types/attribute_value.h"

namespace eddy {

// One image of an item in a change record: the bytes eddy stored, decoded
// only when asked (a subscriber that needs no image pays nothing for it).
// Copies share the bytes. Empty when the change has no such image (the old
// image of an insert, the new image of a delete).
class ItemImage {
 public:
  // Where an image's bytes live (implemented by the engine).
  class Source {
   public:
    virtual ~Source() = default;
    virtual Item Decode() const = 0;
    virtual int64_t SizeBytes() const = 0;
  };

  ItemImage() = default;
  explicit ItemImage(std::shared_ptr<const Source> source)
      : source_(std::move(source)) {}

  explicit operator bool() const { return source_ != nullptr; }
  bool has_value() const { return source_ != nullptr; }
  // The item. REQUIRES: has_value().
  Item Decode() const { return source_->Decode(); }
  // Its size as DynamoDB computes it. REQUIRES: has_value().
  int64_t SizeBytes() const { return source_->SizeBytes(); }
  // The image as an optional item (decoded when present).
  std::optional<Item> ToOptional() const {
    return source_ ? std::optional<Item>(source_->Decode()) : std::nullopt;
  }
  // The engine's source, for subscribers inside eddy.
  const Source* source() const { return source_.get(); }

 private:
  std::shared_ptr<const Source> source_;
};

// Who made a change.
enum class ChangeOrigin {
  kUser,         // PutItem, UpdateItem, DeleteItem, BatchWriteItem
  kTransaction,  // an action of TransactWriteItems
  kTimeToLive,   // a deletion by the time-to-live service
};

struct ChangeRecord {
  std::string table_name;
  // Per table, from 1, one per committed change, increasing in commit order.
  uint64_t sequence_number = 0;
  // The clock's time of the commit, in microseconds since the epoch.
  int64_t time_micros = 0;
  // The partition of the table's partition map (throughput simulator) that
  // holds the item at commit time (PartitionInfo::id), or -1 when unknown.
  int32_t partition_id = -1;
  ChangeOrigin origin = ChangeOrigin::kUser;
  // For kTransaction: an id shared by every change of one transaction (its
  // ClientRequestToken when it has one, otherwise one eddy makes up).
  std::string transaction_id;
  // The item's primary key attributes (always present).
  ItemImage keys;
  // The item before and after; empty for an insert / a delete.
  ItemImage old_image;
  ItemImage new_image;
  // The write left the item as it was (old and new images are equal).
  bool unchanged = false;
};

class ChangeSubscriber {
 public:
  virtual ~ChangeSubscriber() = default;
  // The records of one commit (see Delivery above).
  virtual void OnCommit(std::span<const ChangeRecord> records) = 0;
};

using SubscriptionId = uint64_t;

}  // namespace eddy

#endif  // EDDY_EMULATOR_API_CHANGE_FEED_H_
