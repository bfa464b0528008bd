// Copyright 2026 The eddy Authors.

#include "emulator/engine/streams/stream.h"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>

#include "emulator/storage/record.h"

namespace eddy::engine {
namespace {

Status Trimmed() {
  // The service's text (the model's member documentation and users'
  // reports); DynamoDB Local says "The operation attempted to read past the
  // oldest stream record in a shard."
  return Status(ErrorCode::kTrimmedDataAccess,
                "The data you are trying to access has been trimmed");
}

std::string ShardIdOf(int64_t micros, uint64_t ordinal) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "shardId-%020lld-%08llx",
                static_cast<long long>(std::max<int64_t>(0, micros / 1000)),
                static_cast<unsigned long long>(ordinal & 0xffffffffULL));
  return buf;
}

}  // namespace

std::string FormatSequenceNumber(uint64_t n) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "1%020llu",
                static_cast<unsigned long long>(n));
  return buf;
}

std::optional<SequencePosition> ParseSequenceNumber(std::string_view s) {
  if (s.empty() || s.size() > 40) return std::nullopt;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  size_t i = 0;
  while (i + 1 < s.size() && s[i] == '0') ++i;
  const std::string_view digits = s.substr(i);
  // eddy's numbers are 10^20 + n with n < 10^20 (21 digits, leading "1").
  if (digits.size() < 21) return SequencePosition{SequencePosition::kBelow, 0};
  if (digits.size() > 21 || digits[0] != '1') {
    return SequencePosition{SequencePosition::kAbove, 0};
  }
  // n: 20 digits; values of 2^64 and more cannot be ours.
  uint64_t n = 0;
  for (char c : digits.substr(1)) {
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (n > (UINT64_MAX - d) / 10) {
      return SequencePosition{SequencePosition::kAbove, 0};
    }
    n = n * 10 + d;
  }
  return SequencePosition{SequencePosition::kValue, n};
}

Stream::Stream(StreamConfig config, const StreamsOptions& options,
               capacity::ThrottleSimulator* simulator)
    : config_(std::move(config)), options_(options), simulator_(simulator) {
  last_trim_micros_ = config_.created_micros;
}

StreamShard* Stream::MutableShard(uint64_t ordinal) {
  if (ordinal < first_ordinal_ || ordinal - first_ordinal_ >= shards_.size())
    return nullptr;
  return &shards_[ordinal - first_ordinal_];
}

const StreamShard* Stream::ShardByOrdinal(uint64_t ordinal, bool* gone) const {
  *gone = ordinal < first_ordinal_;
  if (ordinal < first_ordinal_ || ordinal - first_ordinal_ >= shards_.size())
    return nullptr;
  const StreamShard& s = shards_[ordinal - first_ordinal_];
  // A closed shard past retention is gone even before it leaves the deque.
  if (s.closed() &&
      s.closed_micros + kStreamRetentionMicros <= last_trim_micros_) {
    *gone = true;
    return nullptr;
  }
  return &s;
}

StreamShard& Stream::OpenShard(int32_t partition, int64_t parent, int64_t now) {
  StreamShard s;
  s.ordinal = first_ordinal_ + shards_.size();
  s.id = ShardIdOf(now, s.ordinal);
  s.partition_id = partition;
  if (parent >= 0) {
    if (const StreamShard* p = MutableShard(static_cast<uint64_t>(parent))) {
      s.parent_id = p->id;
    }
  }
  s.starting_sequence = ++last_sequence_;
  s.created_micros = now;
  shards_.push_back(std::move(s));
  PartitionState& ps = partitions_[partition];
  ps.last_shard = static_cast<int64_t>(shards_.back().ordinal);
  return shards_.back();
}

void Stream::CloseShard(StreamShard& shard, int64_t now) {
  if (shard.closed()) return;
  shard.ending_sequence = shard.records.empty() ? shard.starting_sequence
                                                : shard.records.back().sequence;
  if (shard.trimmed_through > *shard.ending_sequence) {
    shard.ending_sequence = shard.trimmed_through;
  }
  shard.closed_micros = now;
}

void Stream::Open(int64_t now_micros) {
  FollowSimulator(now_micros);
  if (partitions_.empty()) {
    // No partition map (the table is not registered with the simulator):
    // one shard for the whole table.
    OpenShard(-1, -1, now_micros);
  }
}

void Stream::FollowPartitions(std::span<const capacity::PartitionInfo> history,
                              int64_t now) {
  for (const capacity::PartitionInfo& info : history) {
    auto it = partitions_.find(info.id);
    if (info.retired_micros >= 0) {
      if (it == partitions_.end()) {
        // Retired before this stream saw it. Before the stream existed: no
        // shard. Since: it split again before any record named it; it
        // gets its (empty) shard, so that its children's lineage holds.
        auto p = partitions_.find(info.parent_id);
        const bool since = info.retired_micros >= config_.created_micros &&
                           p != partitions_.end() && p->second.last_shard >= 0;
        if (since) {
          const int64_t parent_shard = p->second.last_shard;
          CloseShard(OpenShard(info.id, parent_shard, now), now);
        }
        partitions_[info.id].retired = true;
        continue;
      }
      if (it->second.retired) continue;
      it->second.retired = true;
      if (StreamShard* s = MutableShard(it->second.last_shard)) {
        CloseShard(*s, now);
      }
      continue;
    }
    if (it != partitions_.end()) continue;  // live and followed
    int64_t parent_shard = -1;
    if (info.parent_id >= 0) {
      auto p = partitions_.find(info.parent_id);
      if (p != partitions_.end()) parent_shard = p->second.last_shard;
    }
    OpenShard(info.id, parent_shard, now);
  }
}

void Stream::FollowSimulator(int64_t now) {
  if (simulator_ == nullptr || config_.resource == capacity::kNoResource)
    return;
  StatusOr<std::vector<capacity::PartitionInfo>> history =
      simulator_->PartitionHistory(config_.resource);
  if (history.ok()) FollowPartitions(*history, now);
}

int32_t Stream::LivePartitionOf(const ChangeRecord& record) {
  if (simulator_ == nullptr || !record.keys) return record.partition_id;
  const Item keys = record.keys.Decode();
  const AttributeValue* pk = keys.Find(config_.hash_key.name);
  if (pk == nullptr) return record.partition_id;
  std::string sk;
  if (config_.range_key) {
    if (const AttributeValue* v = keys.Find(config_.range_key->name)) {
      sk = storage::KeyBytes(*v);
    }
  }
  return simulator_->PartitionIdOf(
      config_.resource, storage::HashPartitionKey(storage::KeyBytes(*pk)), sk);
}

void Stream::RollOver(int64_t now) {
  if (options_.shard_rollover_micros <= 0) return;
  // Only the newest shard of each live partition can be open.
  for (auto& [partition, ps] : partitions_) {
    if (ps.retired) continue;
    StreamShard* s = MutableShard(ps.last_shard);
    if (s == nullptr || s->closed()) continue;
    if (now - s->created_micros < options_.shard_rollover_micros) continue;
    CloseShard(*s, now);
    OpenShard(partition, static_cast<int64_t>(s->ordinal), now);
  }
}

void Stream::Sync(int64_t now_micros) {
  if (!enabled()) return;
  FollowSimulator(now_micros);
  RollOver(now_micros);
}

void Stream::Append(const ChangeRecord& record) {
  const int64_t now = record.time_micros;
  int32_t partition = record.partition_id;
  auto it = partitions_.find(partition);
  if (it == partitions_.end()) {
    // A partition this stream has not seen: a split's child.
    FollowSimulator(now);
    it = partitions_.find(partition);
  }
  if (it != partitions_.end() && it->second.retired) {
    // The partition split after the write chose it (the simulator can
    // apply a due split outside the table's lock): the record goes to the
    // child that holds its key now.
    FollowSimulator(now);
    partition = LivePartitionOf(record);
    it = partitions_.find(partition);
  }
  StreamShard* shard = nullptr;
  if (it != partitions_.end() && !it->second.retired) {
    shard = MutableShard(it->second.last_shard);
  }
  if (shard == nullptr || shard->closed()) {
    // Unknown to the simulator (no partition map): a shard of its own.
    const int64_t parent =
        shard != nullptr ? static_cast<int64_t>(shard->ordinal) : -1;
    shard = &OpenShard(partition, parent, now);
  }
  if (options_.shard_rollover_micros > 0 &&
      now - shard->created_micros >= options_.shard_rollover_micros) {
    CloseShard(*shard, now);
    shard = &OpenShard(partition, static_cast<int64_t>(shard->ordinal), now);
  }

  StoredRecord r;
  r.sequence = ++last_sequence_;
  r.time_micros = now;
  r.keys = record.keys;
  const StreamViewType v = config_.view_type;
  const bool keep_old =
      v == StreamViewType::kOldImage || v == StreamViewType::kNewAndOldImages;
  const bool keep_new =
      v == StreamViewType::kNewImage || v == StreamViewType::kNewAndOldImages;
  if (keep_old) r.old_image = record.old_image;
  if (keep_new) r.new_image = record.new_image;
  r.event = !record.old_image   ? OperationType::kInsert
            : !record.new_image ? OperationType::kRemove
                                : OperationType::kModify;
  r.time_to_live = record.origin == ChangeOrigin::kTimeToLive;
  shard->records.push_back(std::move(r));
  Trim(now, /*force=*/false);
}

void Stream::Disable(int64_t now_micros) {
  if (!enabled()) return;
  for (StreamShard& s : shards_) CloseShard(s, now_micros);
  disabled_micros_ = now_micros;
}

void Stream::Trim(int64_t now_micros, bool force) {
  if (!force && now_micros - last_trim_micros_ < 1'000'000) return;
  last_trim_micros_ = std::max(last_trim_micros_, now_micros);
  const int64_t horizon = now_micros - kStreamRetentionMicros;
  for (StreamShard& s : shards_) {
    while (!s.records.empty() && s.records.front().time_micros <= horizon) {
      s.trimmed_through = s.records.front().sequence;
      s.records.pop_front();
    }
  }
  while (!shards_.empty() && shards_.front().closed() &&
         shards_.front().closed_micros <= horizon) {
    shards_.pop_front();
    ++first_ordinal_;
  }
}

std::vector<const StreamShard*> Stream::Shards() const {
  std::vector<const StreamShard*> out;
  out.reserve(shards_.size());
  for (const StreamShard& s : shards_) {
    bool gone = false;
    if (ShardByOrdinal(s.ordinal, &gone) != nullptr) out.push_back(&s);
  }
  std::sort(
      out.begin(), out.end(),
      [](const StreamShard* a, const StreamShard* b) { return a->id < b->id; });
  return out;
}

const StreamShard* Stream::FindShard(std::string_view shard_id) const {
  // shardId-<20 digits>-<8 hex>: the ordinal is the hex part.
  if (shard_id.size() != 37 || shard_id.substr(0, 8) != "shardId-") {
    return nullptr;
  }
  uint64_t ordinal = 0;
  for (char c : shard_id.substr(29)) {
    int d;
    if (c >= '0' && c <= '9') {
      d = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      d = c - 'a' + 10;
    } else {
      return nullptr;
    }
    ordinal = ordinal * 16 + static_cast<uint64_t>(d);
  }
  // Ordinals past 2^32 repeat their low bits; look at the candidates.
  for (uint64_t o = ordinal; o < first_ordinal_ + shards_.size();
       o += 0x100000000ULL) {
    bool gone = false;
    const StreamShard* s = ShardByOrdinal(o, &gone);
    if (s != nullptr && s->id == shard_id) return s;
  }
  return nullptr;
}

StatusOr<uint64_t> Stream::IteratorPosition(
    const StreamShard& shard, ShardIteratorType type,
    const std::optional<std::string>& seq, int64_t now_micros) const {
  switch (type) {
    case ShardIteratorType::kTrimHorizon:
      return std::max(shard.starting_sequence, shard.trimmed_through + 1);
    case ShardIteratorType::kLatest: {
      if (shard.closed()) return *shard.ending_sequence + 1;
      // Just after the newest record a reader can see: records still
      // propagating are read by this iterator.
      for (const StoredRecord& r : shard.records) {
        if (!Visible(r, now_micros)) return r.sequence;
      }
      return last_sequence_ + 1;
    }
    case ShardIteratorType::kAtSequenceNumber:
    case ShardIteratorType::kAfterSequenceNumber:
      break;
  }
  const std::optional<SequencePosition> p =
      ParseSequenceNumber(seq.value_or(""));
  const Status invalid =
      Status::Validation("Invalid SequenceNumber for the shard");
  if (!p) return invalid;
  if (p->kind == SequencePosition::kAbove) return invalid;
  const bool below_start =
      p->kind == SequencePosition::kBelow || p->value < shard.starting_sequence;
  if ((below_start && shard.trimmed_through > 0) ||
      (!below_start && p->value <= shard.trimmed_through)) {
    return Trimmed();
  }
  if (below_start) return invalid;
  const uint64_t last =
      shard.closed() ? *shard.ending_sequence : last_sequence_;
  if (p->value > last) return invalid;
  return type == ShardIteratorType::kAtSequenceNumber ? p->value : p->value + 1;
}

StatusOr<ShardRead> Stream::Read(const StreamShard& shard, uint64_t position,
                                 int limit, int64_t now_micros) const {
  if (position <= shard.trimmed_through) return Trimmed();
  ShardRead out;
  auto it = std::lower_bound(
      shard.records.begin(), shard.records.end(), position,
      [](const StoredRecord& r, uint64_t p) { return r.sequence < p; });
  out.next_position = position;
  for (; it != shard.records.end() &&
         static_cast<int>(out.records.size()) < limit;
       ++it) {
    if (!Visible(*it, now_micros)) break;
    out.records.push_back(*it);
    out.next_position = it->sequence + 1;
  }
  out.exhausted = shard.closed() && it == shard.records.end();
  return out;
}

StreamsRecord ToApiRecord(const StoredRecord& r, const std::string& arn,
                          StreamViewType view_type, const std::string& region) {
  StreamsRecord out;
  const std::string seq = FormatSequenceNumber(r.sequence);
  // 32 hex digits, the same for the same record of the same stream.
  const std::string id_seed = arn + "#" + seq;
  const XXH128_hash_t h = XXH3_128bits(id_seed.data(), id_seed.size());
  char id[40];
  std::snprintf(id, sizeof(id), "%016llx%016llx",
                static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  out.event_id = id;
  out.event_name = r.event;
  out.aws_region = region;
  StreamRecord& d = out.dynamodb;
  d.approximate_creation_date_time =
      static_cast<double>(r.time_micros / 1'000'000);
  d.keys = r.keys.Decode();
  d.sequence_number = seq;
  d.stream_view_type = view_type;
  // SizeBytes: the keys and each image carried, by DynamoDB's item size
  // (the AWS examples fit this; the exact rule is unpublished).
  d.size_bytes = ItemSizeBytes(d.keys);
  if (r.new_image) {
    d.new_image = r.new_image.Decode();
    d.size_bytes += r.new_image.SizeBytes();
  }
  if (r.old_image) {
    d.old_image = r.old_image.Decode();
    d.size_bytes += r.old_image.SizeBytes();
  }
  if (r.time_to_live) {
    out.user_identity =
        Identity{.principal_id = "dynamodb.amazonaws.com", .type = "Service"};
  }
  return out;
}

size_t Stream::record_count() const {
  size_t n = 0;
  for (const StreamShard& s : shards_) n += s.records.size();
  return n;
}

}  // namespace eddy::engine
