// Copyright 2026 The eddy Authors.
//
// Stream: one DynamoDB stream of one table — its shards and the records they
// retain. The streams service (service.h) owns every Stream and guards them
// all with its mutex; nothing here locks.
//
// The shard model
// - Shards follow the partitions of the table's partition map (the
//   throughput simulator's; capacity/simulator.h). When the stream is
//   enabled, each live partition gets an open shard. A record goes to the
//   open shard of the partition its ChangeRecord names (partition_id).
// - When a partition splits (for size, throughput or heat, or forced by
//   Database::SplitPartitionForTesting), its shard closes (an
//   EndingSequenceNumber) and each child partition's shard opens with
//   ParentShardId = the parent partition's last shard. The split is noticed
//   on the next record naming a new partition and before every read of the
//   stream (Sync), under the table's lock, so a shard never closes between a
//   write choosing its partition and its record arriving.
// - A shard older than StreamsOptions::shard_rollover_micros (4 h) closes
//   and its partition gets a new shard whose parent it is.
// - Records of one item are in commit order within the shard lineage:
//   reading every parent before its children yields them in order.
// - Retention: records older than 24 hours on the clock are trimmed; a
//   closed shard disappears once it has been closed for 24 hours; a disabled
//   stream disappears 24 hours after it was disabled.
// - Sequence numbers are 21-digit decimal strings ("1" and a 20-digit
//   counter that increases over the whole stream), so they increase within
//   every shard. A shard's StartingSequenceNumber is a number taken when it
//   opens (its records come after it); a closed shard's EndingSequenceNumber
//   is its last record's (its starting one if it has none).
// - Records hold the change feed's lazily decoded images (ItemImage: a
//   counted reference to the stored record), only those the view type
//   needs; GetRecords decodes them. A retained record costs about its
//   item's stored size once the table no longer holds that version.
//
// Thread safety: not synchronized; the streams service's mutex guards every
// Stream.

#ifndef EDDY_EMULATOR_ENGINE_STREAMS_STREAM_H_
#define EDDY_EMULATOR_ENGINE_STREAMS_STREAM_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "emulator/api/change_feed.h"
#include "emulator/api/options.h"
#include "emulator/api/streams.h"
#include "emulator/base/status.h"
#include "emulator/capacity/simulator.h"
#include "emulator/engine/index/secondary_index.h"
#include "emulator/types/schema.h"

namespace eddy::engine {

// DynamoDB's fixed numbers.
inline constexpr int64_t kStreamRetentionMicros = 24LL * 3600 * 1'000'000;
inline constexpr int64_t kShardIteratorLifetimeMicros = 15LL * 60 * 1'000'000;

// "1" followed by `n` in 20 digits.
std::string FormatSequenceNumber(uint64_t n);
// Where a sequence number of the API lies relative to the numbers eddy
// makes: below all of them, one of them (value), or above all of them.
struct SequencePosition {
  enum Kind { kBelow, kValue, kAbove } kind = kValue;
  uint64_t value = 0;
};
// nullopt unless `s` is 1..40 decimal digits.
std::optional<SequencePosition> ParseSequenceNumber(std::string_view s);

// What is fixed when a stream is created.
struct StreamConfig {
  std::string arn;
  std::string label;
  std::string table_name;
  std::vector<KeySchemaElement> key_schema;
  KeyAttribute hash_key;
  std::optional<KeyAttribute> range_key;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  int64_t created_micros = 0;
  // The table's resource in the simulator (its partitions).
  capacity::ResourceId resource = capacity::kNoResource;
};

// One retained record: the images its view type keeps, decoded on reading.
struct StoredRecord {
  uint64_t sequence = 0;
  int64_t time_micros = 0;
  ItemImage keys;
  ItemImage old_image;  // OLD_IMAGE, NEW_AND_OLD_IMAGES
  ItemImage new_image;  // NEW_IMAGE, NEW_AND_OLD_IMAGES
  OperationType event = OperationType::kInsert;
  bool time_to_live = false;  // a deletion by the TTL service
};

struct StreamShard {
  uint64_t ordinal = 0;  // creation order within the stream
  std::string id;        // shardId-<20-digit ms>-<8 hex ordinal>
  int32_t partition_id = -1;
  std::string parent_id;  // empty: none
  uint64_t starting_sequence = 0;
  std::optional<uint64_t> ending_sequence;  // set when closed
  int64_t created_micros = 0;
  int64_t closed_micros = -1;
  std::deque<StoredRecord> records;  // by sequence
  uint64_t trimmed_through = 0;      // the last trimmed record's; 0: none

  bool closed() const { return ending_sequence.has_value(); }
};

// Records picked for one GetRecords, still undecoded.
struct ShardRead {
  std::vector<StoredRecord> records;
  // Where the next read starts (the first sequence number it may return).
  uint64_t next_position = 0;
  // The shard is closed and nothing is left after these records.
  bool exhausted = false;
};

// A record as GetRecords returns it (decodes its images): `arn` and
// `view_type` are its stream's, `region` the Database's.
StreamsRecord ToApiRecord(const StoredRecord& r, const std::string& arn,
                          StreamViewType view_type, const std::string& region);

class Stream {
 public:
  Stream(StreamConfig config, const StreamsOptions& options,
         capacity::ThrottleSimulator* simulator);

  const StreamConfig& config() const { return config_; }
  const std::string& arn() const { return config_.arn; }
  bool enabled() const { return disabled_micros_ < 0; }
  int64_t disabled_micros() const { return disabled_micros_; }

  // Opens a shard for every live partition of the table (from the
  // simulator). Called once, when the stream is created.
  void Open(int64_t now_micros);

  // One committed change of the stream's table. REQUIRES: enabled(); the
  // table's lock held (records arrive in commit order).
  void Append(const ChangeRecord& record);

  // Follows the partition map (closes the shards of split partitions, opens
  // their children's) and rolls over aged shards. REQUIRES: enabled(); the
  // table's lock held, at least shared.
  void Sync(int64_t now_micros);

  // Closes every open shard; the stream is DISABLED from now on.
  void Disable(int64_t now_micros);

  // Drops what retention has passed. Amortized: at most once per second of
  // the clock unless `force`.
  void Trim(int64_t now_micros, bool force);
  // A disabled stream whose records have all expired.
  bool Expired(int64_t now_micros) const {
    return disabled_micros_ >= 0 &&
           now_micros - disabled_micros_ >= kStreamRetentionMicros;
  }

  // Live shards (not expired) in ShardId order.
  std::vector<const StreamShard*> Shards() const;
  // Null when `shard_id` is not a live shard of this stream.
  const StreamShard* FindShard(std::string_view shard_id) const;
  // By ordinal; null when gone (expired) or never made (`gone` tells which).
  const StreamShard* ShardByOrdinal(uint64_t ordinal, bool* gone) const;

  // The position (first sequence number to read) of a new iterator.
  // Errors: TrimmedDataAccessException, ValidationException ("Invalid
  // SequenceNumber for the shard").
  StatusOr<uint64_t> IteratorPosition(const StreamShard& shard,
                                      ShardIteratorType type,
                                      const std::optional<std::string>& seq,
                                      int64_t now_micros) const;

  // Up to `limit` visible records of `shard` from `position`.
  // Errors: TrimmedDataAccessException when `position` was trimmed.
  StatusOr<ShardRead> Read(const StreamShard& shard, uint64_t position,
                           int limit, int64_t now_micros) const;

  // Retained records and the shards holding them (for tests and benchmarks).
  size_t record_count() const;

 private:
  struct PartitionState {
    int64_t last_shard = -1;  // ordinal of its newest shard
    bool retired = false;
  };
  bool Visible(const StoredRecord& r, int64_t now_micros) const {
    return r.time_micros + options_.propagation_delay_micros <= now_micros;
  }
  StreamShard* MutableShard(uint64_t ordinal);
  // Opens a shard for `partition`; `parent` is a shard ordinal or -1.
  StreamShard& OpenShard(int32_t partition, int64_t parent, int64_t now);
  void CloseShard(StreamShard& shard, int64_t now);
  // Applies a partition history (ids increase: parents come first).
  void FollowPartitions(std::span<const capacity::PartitionInfo> history,
                        int64_t now);
  void FollowSimulator(int64_t now);
  // The live partition owning the record's key now.
  int32_t LivePartitionOf(const ChangeRecord& record);
  void RollOver(int64_t now);

  const StreamConfig config_;
  const StreamsOptions options_;
  capacity::ThrottleSimulator* const simulator_;
  std::deque<StreamShard> shards_;  // by ordinal, from first_ordinal_
  uint64_t first_ordinal_ = 0;
  absl::flat_hash_map<int32_t, PartitionState> partitions_;
  uint64_t last_sequence_ = 0;  // the last number taken
  int64_t disabled_micros_ = -1;
  int64_t last_trim_micros_ = 0;
};

}  // namespace eddy::engine

#endif  // EDDY_EMULATOR_ENGINE_STREAMS_STREAM_H_
