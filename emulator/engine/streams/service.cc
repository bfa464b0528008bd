// Copyright 2026 The eddy Authors.

#include "emulator/engine/streams/service.h"

#include <xxhash.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <tuple>
#include <vector>

#include "emulator/base/base64.h"

namespace eddy::engine {
namespace {

constexpr uint64_t kIteratorSeed = 0x5743ea11u;

// "2015-05-20T20:51:10.252": UTC with milliseconds, no zone.
std::string LabelOf(int64_t micros) {
  const int64_t millis = micros / 1000;
  const std::time_t seconds = static_cast<std::time_t>(millis / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%03d",
                tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                tm.tm_min, tm.tm_sec, static_cast<int>(millis % 1000));
  return buf;
}

uint64_t IteratorCheck(const ShardIteratorToken& t) {
  const std::string text =
      t.stream_arn + "|" + std::to_string(t.shard_ordinal) + "|" +
      std::to_string(t.position) + "|" + std::to_string(t.issued_micros);
  return XXH3_64bits_withSeed(text.data(), text.size(), kIteratorSeed);
}

bool ParseUnsigned(std::string_view s, uint64_t* out) {
  if (s.empty() || s.size() > 20) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

Status StreamNotFound(const std::string& arn) {
  // DynamoDB Local's text; the service's is unconfirmed.
  return Status::ResourceNotFound(
      "Requested resource not found: Stream: " + arn + " not found");
}

// ListStreams' order: by table name, then newest first (labels are times).
bool ListedBefore(const std::string& table_a, const std::string& label_a,
                  const std::string& table_b, const std::string& label_b) {
  return std::tie(table_a, label_b) < std::tie(table_b, label_a);
}

}  // namespace

std::string EncodeShardIterator(const ShardIteratorToken& token) {
  char payload[128];
  std::snprintf(payload, sizeof(payload), "%llu:%llu:%lld:%016llx",
                static_cast<unsigned long long>(token.shard_ordinal),
                static_cast<unsigned long long>(token.position),
                static_cast<long long>(token.issued_micros),
                static_cast<unsigned long long>(IteratorCheck(token)));
  return token.stream_arn + "|1|" + Base64Encode(payload);
}

std::optional<ShardIteratorToken> DecodeShardIterator(std::string_view text) {
  const size_t bar = text.find('|');
  if (bar == std::string_view::npos) return std::nullopt;
  const std::string_view rest = text.substr(bar + 1);
  if (rest.substr(0, 2) != "1|") return std::nullopt;
  std::string payload, error;
  if (!Base64Decode(rest.substr(2), &payload, &error)) return std::nullopt;
  ShardIteratorToken t;
  t.stream_arn = std::string(text.substr(0, bar));
  std::vector<std::string_view> fields;
  std::string_view p = payload;
  while (true) {
    const size_t colon = p.find(':');
    fields.push_back(p.substr(0, colon));
    if (colon == std::string_view::npos) break;
    p = p.substr(colon + 1);
  }
  uint64_t issued = 0;
  if (fields.size() != 4 || !ParseUnsigned(fields[0], &t.shard_ordinal) ||
      !ParseUnsigned(fields[1], &t.position) ||
      !ParseUnsigned(fields[2], &issued) || fields[3].size() != 16) {
    return std::nullopt;
  }
  t.issued_micros = static_cast<int64_t>(issued);
  char check[20];
  std::snprintf(check, sizeof(check), "%016llx",
                static_cast<unsigned long long>(IteratorCheck(t)));
  if (fields[3] != check) return std::nullopt;
  return t;
}

std::optional<StreamArnParts> ParseStreamArn(std::string_view arn) {
  // arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>
  if (arn.substr(0, 17) != "arn:aws:dynamodb:") return std::nullopt;
  std::string_view rest = arn.substr(17);
  for (int i = 0; i < 2; ++i) {  // region, account
    const size_t colon = rest.find(':');
    if (colon == std::string_view::npos || colon == 0) return std::nullopt;
    rest = rest.substr(colon + 1);
  }
  if (rest.substr(0, 6) != "table/") return std::nullopt;
  rest = rest.substr(6);
  const size_t slash = rest.find("/stream/");
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  StreamArnParts parts;
  parts.table_name = std::string(rest.substr(0, slash));
  parts.label = std::string(rest.substr(slash + 8));
  if (parts.label.empty() || parts.table_name.find('/') != std::string::npos) {
    return std::nullopt;
  }
  return parts;
}

StreamsService::StreamsService(const Options& options,
                               capacity::ThrottleSimulator* simulator)
    : options_(options.streams),
      region_(options.region),
      arn_prefix_("arn:aws:dynamodb:" + options.region + ":" +
                  options.account_id + ":"),
      simulator_(simulator) {}

void StreamsService::OnCommit(std::span<const ChangeRecord> records) {
  if (enabled_count_.load(std::memory_order_acquire) == 0) return;
  MutexLock lock(&mu_);
  const std::string* table = nullptr;
  Stream* stream = nullptr;
  for (const ChangeRecord& r : records) {
    if (table == nullptr || *table != r.table_name) {
      table = &r.table_name;
      auto it = enabled_.find(r.table_name);
      stream = it == enabled_.end() ? nullptr : it->second;
    }
    // DynamoDB writes no record when an item does not change.
    if (stream == nullptr || r.unchanged) continue;
    stream->Append(r);
  }
}

StreamsService::Created StreamsService::Enable(const Table& table,
                                               StreamViewType view_type,
                                               int64_t now_micros) {
  MutexLock lock(&mu_);
  Sweep(now_micros);
  // The label is the enabling time; two streams of one table enabled within
  // a millisecond (a manual clock) get labels a millisecond apart.
  int64_t micros = now_micros;
  std::string label, arn;
  while (true) {
    label = LabelOf(micros);
    arn = arn_prefix_ + "table/" + table.name() + "/stream/" + label;
    if (streams_.find(arn) == streams_.end()) break;
    micros += 1000;
  }
  StreamConfig config;
  config.arn = arn;
  config.label = label;
  config.table_name = table.name();
  config.key_schema = table.definition().key_schema;
  config.hash_key = table.hash_key();
  config.range_key = table.range_key();
  config.view_type = view_type;
  config.created_micros = now_micros;
  config.resource = table.state().resource;
  auto stream =
      std::make_unique<Stream>(std::move(config), options_, simulator_);
  stream->Open(now_micros);
  Stream*& slot = enabled_[table.name()];
  if (slot != nullptr) displaced_[arn] = slot;
  slot = stream.get();
  enabled_count_.store(static_cast<int>(enabled_.size()),
                       std::memory_order_release);
  streams_[arn] = std::move(stream);
  return Created{arn, label};
}

void StreamsService::Disable(const std::string& arn, int64_t now_micros) {
  MutexLock lock(&mu_);
  Stream* s = Find(arn);
  if (s == nullptr) return;
  s->Disable(now_micros);
  auto it = enabled_.find(s->config().table_name);
  if (it != enabled_.end() && it->second == s) enabled_.erase(it);
  displaced_.erase(arn);
  enabled_count_.store(static_cast<int>(enabled_.size()),
                       std::memory_order_release);
}

void StreamsService::Discard(const std::string& arn) {
  MutexLock lock(&mu_);
  auto it = streams_.find(arn);
  if (it == streams_.end()) return;
  auto e = enabled_.find(it->second->config().table_name);
  if (e != enabled_.end() && e->second == it->second.get()) {
    enabled_.erase(e);
    auto d = displaced_.find(arn);
    if (d != displaced_.end() && d->second->enabled()) {
      enabled_[d->second->config().table_name] = d->second;
    }
  }
  displaced_.erase(arn);
  enabled_count_.store(static_cast<int>(enabled_.size()),
                       std::memory_order_release);
  streams_.erase(it);
}

Stream* StreamsService::Find(const std::string& arn) {
  auto it = streams_.find(arn);
  return it == streams_.end() ? nullptr : it->second.get();
}

void StreamsService::Sweep(int64_t now) {
  for (auto it = streams_.begin(); it != streams_.end();) {
    if (it->second->Expired(now)) {
      const Stream* gone = it->second.get();
      displaced_.erase(it->first);
      absl::erase_if(displaced_,
                     [gone](const auto& d) { return d.second == gone; });
      it = streams_.erase(it);
    } else {
      ++it;
    }
  }
}

void StreamsService::Prepare(Stream& stream, bool table_locked, int64_t now) {
  if (table_locked && stream.enabled()) stream.Sync(now);
  stream.Trim(now, /*force=*/true);
}

ListStreamsResponse StreamsService::ListStreams(
    const ListStreamsRequest& request, int64_t now_micros) {
  MutexLock lock(&mu_);
  Sweep(now_micros);
  std::vector<const Stream*> listed;
  for (const auto& [arn, s] : streams_) {
    if (request.table_name && s->config().table_name != *request.table_name)
      continue;
    listed.push_back(s.get());
  }
  std::sort(listed.begin(), listed.end(), [](const Stream* a, const Stream* b) {
    return ListedBefore(a->config().table_name, a->config().label,
                        b->config().table_name, b->config().label);
  });
  auto it = listed.begin();
  if (request.exclusive_start_stream_arn) {
    // After the named stream's place in the order, whether or not it still
    // exists.
    if (std::optional<StreamArnParts> start =
            ParseStreamArn(*request.exclusive_start_stream_arn)) {
      it = std::upper_bound(listed.begin(), listed.end(), *start,
                            [](const StreamArnParts& p, const Stream* s) {
                              return ListedBefore(p.table_name, p.label,
                                                  s->config().table_name,
                                                  s->config().label);
                            });
    }
  }
  const size_t limit = static_cast<size_t>(request.limit.value_or(100));
  ListStreamsResponse out;
  for (; it != listed.end() && out.streams.size() < limit; ++it) {
    out.streams.push_back(StreamSummary{
        (*it)->arn(), (*it)->config().table_name, (*it)->config().label});
  }
  if (it != listed.end() && !out.streams.empty()) {
    out.last_evaluated_stream_arn = out.streams.back().stream_arn;
  }
  return out;
}

StatusOr<DescribeStreamResponse> StreamsService::DescribeStream(
    const DescribeStreamRequest& request, bool table_locked,
    int64_t now_micros) {
  MutexLock lock(&mu_);
  Sweep(now_micros);
  Stream* s = Find(request.stream_arn);
  if (s == nullptr) return StreamNotFound(request.stream_arn);
  Prepare(*s, table_locked, now_micros);
  DescribeStreamResponse out;
  StreamDescription& d = out.stream_description;
  d.stream_arn = s->arn();
  d.stream_label = s->config().label;
  d.stream_status =
      s->enabled() ? StreamStatus::kEnabled : StreamStatus::kDisabled;
  d.stream_view_type = s->config().view_type;
  d.creation_request_date_time =
      static_cast<double>(s->config().created_micros / 1000) / 1e3;
  d.table_name = s->config().table_name;
  d.key_schema = s->config().key_schema;
  const size_t limit = static_cast<size_t>(request.limit.value_or(100));
  bool more = false;
  for (const StreamShard* shard : s->Shards()) {
    if (request.shard_filter && request.shard_filter->shard_id &&
        shard->parent_id != *request.shard_filter->shard_id) {
      continue;
    }
    if (request.exclusive_start_shard_id &&
        shard->id <= *request.exclusive_start_shard_id) {
      continue;
    }
    if (d.shards.size() == limit) {
      more = true;
      break;
    }
    Shard out_shard;
    out_shard.shard_id = shard->id;
    if (!shard->parent_id.empty()) out_shard.parent_shard_id = shard->parent_id;
    out_shard.sequence_number_range.starting_sequence_number =
        FormatSequenceNumber(shard->starting_sequence);
    if (shard->ending_sequence) {
      out_shard.sequence_number_range.ending_sequence_number =
          FormatSequenceNumber(*shard->ending_sequence);
    }
    d.shards.push_back(std::move(out_shard));
  }
  if (more) d.last_evaluated_shard_id = d.shards.back().shard_id;
  return out;
}

StatusOr<GetShardIteratorResponse> StreamsService::GetShardIterator(
    const GetShardIteratorRequest& request, bool table_locked,
    int64_t now_micros) {
  MutexLock lock(&mu_);
  Sweep(now_micros);
  Stream* s = Find(request.stream_arn);
  if (s == nullptr) return StreamNotFound(request.stream_arn);
  Prepare(*s, table_locked, now_micros);
  const StreamShard* shard = s->FindShard(request.shard_id);
  if (shard == nullptr) {
    // Kinesis' text; DynamoDB Streams' is unconfirmed.
    return Status::ResourceNotFound(
        "Requested resource not found: Shard does not exist");
  }
  EDDY_ASSIGN_OR_RETURN(
      uint64_t position,
      s->IteratorPosition(*shard, request.shard_iterator_type,
                          request.sequence_number, now_micros));
  GetShardIteratorResponse out;
  out.shard_iterator = EncodeShardIterator(
      ShardIteratorToken{s->arn(), shard->ordinal, position, now_micros});
  return out;
}

StatusOr<GetRecordsResponse> StreamsService::GetRecords(
    const ShardIteratorToken& iterator, int limit, bool table_locked,
    int64_t now_micros) {
  if (now_micros - iterator.issued_micros > kShardIteratorLifetimeMicros) {
    // The model's member documentation; DynamoDB's own text is unconfirmed.
    return Status(ErrorCode::kExpiredIterator,
                  "The provided iterator exceeds the maximum age allowed.");
  }
  ShardRead read;
  std::string arn;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  {
    MutexLock lock(&mu_);
    Sweep(now_micros);
    Stream* s = Find(iterator.stream_arn);
    if (s == nullptr) return StreamNotFound(iterator.stream_arn);
    Prepare(*s, table_locked, now_micros);
    bool gone = false;
    const StreamShard* shard = s->ShardByOrdinal(iterator.shard_ordinal, &gone);
    if (shard == nullptr) {
      if (gone) {
        return Status(ErrorCode::kTrimmedDataAccess,
                      "The data you are trying to access has been trimmed");
      }
      // DynamoDB Local's text.
      return Status::ResourceNotFound("Invalid ShardId in ShardIterator");
    }
    EDDY_ASSIGN_OR_RETURN(
        read, s->Read(*shard, iterator.position, limit, now_micros));
    arn = s->arn();
    view_type = s->config().view_type;
  }
  // Decoded outside the mutex: writers of streamed tables wait on it.
  GetRecordsResponse out;
  out.records.reserve(read.records.size());
  constexpr int64_t kMaxPageBytes = 1024 * 1024;
  int64_t bytes = 0;
  size_t i = 0;
  for (; i < read.records.size(); ++i) {
    StreamsRecord r = ToApiRecord(read.records[i], arn, view_type, region_);
    if (!out.records.empty() && bytes + r.dynamodb.size_bytes > kMaxPageBytes)
      break;
    bytes += r.dynamodb.size_bytes;
    out.records.push_back(std::move(r));
  }
  uint64_t next = read.next_position;
  bool exhausted = read.exhausted;
  if (i < read.records.size()) {  // cut at 1 MB
    next = read.records[i].sequence;
    exhausted = false;
  }
  if (!exhausted) {
    out.next_shard_iterator = EncodeShardIterator(
        ShardIteratorToken{arn, iterator.shard_ordinal, next, now_micros});
  }
  return out;
}

size_t StreamsService::RetainedRecords(const std::string& arn) const {
  MutexLock lock(&mu_);
  auto it = streams_.find(arn);
  return it == streams_.end() ? 0 : it->second->record_count();
}

}  // namespace eddy::engine
