// Copyright 2026 The eddy Authors.
//
// One call of the scenario runner (model/lab/internal/runner.h): Issue
// makes the request in a pool slot at its instant, counts its outcome and
// schedules its retry (exponential backoff with jitter) or frees the slot; a
// migration's backfill copy is finished here too. Also the request pool
// (NewSlot), the per-second counters (At) and error counting.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "model/lab/internal/runner.h"

namespace eddy::lab::internal {
namespace {

// "arn:...:table/t/index/g" -> "t/g"; "arn:...:table/t" -> "t".
std::string ShortResource(const std::string& arn) {
  std::string s = arn.substr(
      arn.find(":table/") == std::string::npos ? 0 : arn.find(":table/") + 7);
  const size_t index = s.find("/index/");
  if (index != std::string::npos)
    s = s.substr(0, index) + "/" + s.substr(index + 7);
  return s;
}

}  // namespace

ClientSecond& Runner::At(int stream, int64_t now) {
  int64_t second = (now - kStartMicros) / kMicros;
  second = std::clamp<int64_t>(second, 0, scenario_.duration_seconds - 1);
  return streams_[static_cast<size_t>(stream)]
      .seconds[static_cast<size_t>(second)];
}

void Runner::CountError(const Status& s, int64_t parts) {
  if (IsThrottle(s.code())) {
    for (const ThrottlingReason& r : s.throttling_reasons()) {
      reasons_[std::string(ErrorCodeName(s.code())) + ": " + r.reason + " (" +
               ShortResource(r.resource) + ")"] += parts;
    }
    if (s.throttling_reasons().empty()) {
      reasons_[std::string(ErrorCodeName(s.code()))] += parts;
    }
  } else {
    errors_[std::string(ErrorCodeName(s.code()))] += parts;
  }
}

// Makes the call for the request in `slot` at `now` (with a CallPool: hands
// it to a worker, and Finish runs when it is back); Finish schedules a
// retry or frees the slot.
void Runner::Issue(size_t slot, int64_t now) {
  clock_.SetMicros(now);
  Request& req = pool_[slot];
  const Stream& stream = StreamOf(req.stream);
  const bool copy = req.stream == backfill_index_;
  ClientSecond& cs = At(req.stream, now);
  if (req.attempt == 0 && ServeFromCache(req, stream, now)) {
    ++cs.accepted;
    ++cs.cache_hits;
    cs.items_ok += static_cast<int64_t>(req.items.size());
    streams_[static_cast<size_t>(req.stream)].latency.Add(now -
                                                          req.origin_micros);
    req.items.clear();
    free_slots_.push_back(slot);
    return;
  }
  ++cs.attempts;
  if (req.attempt > 0) ++cs.retries;
  ++req.attempt;
  if (calls_ != nullptr) calls_->WaitForRoom();
  target_->Pace(now - kStartMicros);
  // Endpoint mode asks for the units each call consumed (in process, the
  // simulator's metrics count them).
  const ReturnConsumedCapacity units = target_->in_process() && !copy
                                           ? ReturnConsumedCapacity::kNone
                                           : ReturnConsumedCapacity::kTotal;
  if (calls_ != nullptr) {
    // The call on a worker, with a copy of the request (the pool may grow
    // meanwhile); counted here when it is back.
    auto answer = std::make_shared<CallAnswer>();
    auto sent = std::make_shared<Request>(req);
    calls_->Submit(
        [this, answer, sent, &stream, units] {
          *answer = Call(sent.get(), stream, units);
        },
        [this, answer, slot, now] { Finish(slot, now, std::move(*answer)); });
    return;
  }
  Finish(slot, now, Call(&req, stream, units));
}

CallAnswer Runner::Call(Request* request, const Stream& stream,
                        ReturnConsumedCapacity units) const {
  Request& req = *request;
  const bool copy = req.stream == backfill_index_;
  const std::string& table = scenario_.table.name;
  CallAnswer a;
  Status& status = a.status;
  std::vector<Item>& unprocessed = a.unprocessed;
  std::optional<Item>& got = a.got;
  std::vector<Item>& got_items = a.got_items;
  switch (stream.operation) {
    case Operation::kPutItem: {
      // The item moves into the call and back (retries and the cache need
      // it): no copy of its padding per call.
      PutItemRequest r{.table_name = table, .item = std::move(req.items[0])};
      r.return_consumed_capacity = units;
      if (copy) {
        // A backfill copy never overwrites a dual write.
        r.condition_expression = "attribute_not_exists(#k)";
        r.expression_attribute_names =
            ExpressionAttributeNames{{"#k", scenario_.table.partition_key}};
      }
      StatusOr<PutItemResponse> x = target_->PutItem(r);
      req.items[0] = std::move(r.item);
      status = x.status();
      if (x.ok()) a.consumed = std::move(x->consumed_capacity);
      break;
    }
    case Operation::kUpdateItem: {
      UpdateItemRequest r;
      r.table_name = table;
      Item& item = req.items[0];
      std::string set;
      ExpressionAttributeNames names;
      ExpressionAttributeValues values;
      int n = 0;
      for (const auto& e : item) {
        if (e.name == scenario_.table.partition_key ||
            e.name == scenario_.table.sort_key) {
          r.key.Set(e.name, e.value);
          continue;
        }
        const std::string i = std::to_string(n++);
        names["#a" + i] = e.name;
        values.Set(":v" + i, e.value);
        set += (set.empty() ? "SET " : ", ") + ("#a" + i) + " = :v" + i;
      }
      if (!set.empty()) {
        r.update_expression = set;
        r.expression_attribute_names = std::move(names);
        r.expression_attribute_values = std::move(values);
      }
      r.return_consumed_capacity = units;
      StatusOr<UpdateItemResponse> x = target_->UpdateItem(r);
      status = x.status();
      if (x.ok()) a.consumed = std::move(x->consumed_capacity);
      break;
    }
    case Operation::kDeleteItem: {
      DeleteItemRequest r{.table_name = table, .key = req.items[0]};
      r.return_consumed_capacity = units;
      StatusOr<DeleteItemResponse> x = target_->DeleteItem(r);
      status = x.status();
      if (x.ok()) a.consumed = std::move(x->consumed_capacity);
      break;
    }
    case Operation::kGetItem: {
      GetItemRequest r{.table_name = table,
                       .key = req.items[0],
                       .consistent_read = stream.consistent_read};
      r.return_consumed_capacity = units;
      StatusOr<GetItemResponse> x = target_->GetItem(r);
      status = x.status();
      if (x.ok()) a.consumed = std::move(x->consumed_capacity);
      if (x.ok() && migration_ != nullptr) got = std::move(x->item);
      break;
    }
    case Operation::kQuery: {
      QueryRequest r;
      r.table_name = table;
      std::string key_name = scenario_.table.partition_key;
      for (const IndexSpec& g : scenario_.table.global_secondary_indexes) {
        if (g.name == stream.index) key_name = g.partition_key;
      }
      if (!stream.index.empty()) r.index_name = stream.index;
      r.key_condition_expression = "#k = :k";
      r.expression_attribute_names = ExpressionAttributeNames{{"#k", key_name}};
      r.expression_attribute_values = ExpressionAttributeValues{
          {":k", *req.items[0].Find(scenario_.table.partition_key)}};
      r.consistent_read = stream.consistent_read;
      r.return_consumed_capacity = units;
      StatusOr<QueryResponse> x = target_->Query(r);
      status = x.status();
      if (x.ok()) a.consumed = std::move(x->consumed_capacity);
      if (x.ok() && migration_ != nullptr) {
        got_items = std::move(x->items);
        a.more_pages = x->last_evaluated_key.has_value();
      }
      break;
    }
    case Operation::kBatchWriteItem: {
      BatchWriteItemRequest r;
      std::vector<WriteRequest>& writes = r.request_items[table];
      for (const Item& item : req.items) {
        WriteRequest w;
        w.put_item = item;
        writes.push_back(std::move(w));
      }
      r.return_consumed_capacity = units;
      StatusOr<BatchWriteItemResponse> x = target_->BatchWriteItem(r);
      status = x.status();
      if (x.ok()) {
        a.consumed_batch = std::move(x->consumed_capacity);
        for (auto& [name, rest] : x->unprocessed_items) {
          for (WriteRequest& w : rest) unprocessed.push_back(*w.put_item);
        }
      }
      break;
    }
    case Operation::kBatchGetItem: {
      BatchGetItemRequest r;
      KeysAndAttributes& k = r.request_items[table];
      k.keys = req.items;
      k.consistent_read = stream.consistent_read;
      r.return_consumed_capacity = units;
      StatusOr<BatchGetItemResponse> x = target_->BatchGetItem(r);
      status = x.status();
      if (x.ok()) {
        a.consumed_batch = std::move(x->consumed_capacity);
        for (auto& [name, rest] : x->unprocessed_keys) {
          for (Item& key : rest.keys) unprocessed.push_back(std::move(key));
        }
        if (migration_ != nullptr) got_items = std::move(x->responses[table]);
      }
      break;
    }
  }
  return a;
}

void Runner::Finish(size_t slot, int64_t now, CallAnswer answer) {
  Request& req = pool_[slot];
  const Stream& stream = StreamOf(req.stream);
  const bool copy = req.stream == backfill_index_;
  ClientSecond& cs = At(req.stream, now);
  const Status& status = answer.status;
  std::vector<Item>& unprocessed = answer.unprocessed;
  const int64_t parts = static_cast<int64_t>(req.items.size());
  if (status.ok()) {
    const bool write = stream.operation != Operation::kGetItem &&
                       stream.operation != Operation::kQuery &&
                       stream.operation != Operation::kBatchGetItem;
    if (copy) migration_->AddUnits(answer.consumed, true);
    if (!copy || !target_->in_process()) {
      AddConsumed(answer.consumed, write);
      AddConsumed(answer.consumed_batch, write);
    }
  }
  bool retry = false;
  if (status.ok()) {
    const int64_t left = static_cast<int64_t>(unprocessed.size());
    cs.items_ok += parts - left;
    if (item_cache_ != nullptr) UpdateCache(req, stream, now);
    if ((migration_ != nullptr || online_index_ != nullptr) && !copy) {
      MigrationDone(req, answer, now);
    }
    if (copy && online_index_ != nullptr) {
      online_index_->Written({req.items[0]}, false);
    }
    if (left == 0) {
      ++cs.accepted;
      streams_[static_cast<size_t>(req.stream)].latency.Add(now -
                                                            req.origin_micros);
    } else {
      ++cs.partial;
      cs.items_throttled += left;
      req.items = std::move(unprocessed);
      retry = true;
    }
  } else if (IsThrottle(status.code())) {
    ++cs.throttled;
    cs.items_throttled += parts;
    CountError(status, parts);
    retry = true;
  } else if (copy && status.code() == ErrorCode::kConditionalCheckFailed) {
    ++cs.accepted;  // a dual write got there first: the copy is done
  } else {
    ++cs.other_errors;
    CountError(status, parts);
  }
  if (retry && req.attempt < scenario_.retry.max_attempts) {
    const RetryPolicy& p = scenario_.retry;
    double millis = std::min(
        p.cap_millis, p.base_millis * std::pow(p.growth, req.attempt - 1));
    if (p.jitter) millis *= generators_[req.stream].rng().Unit();
    const int64_t delay = std::max<int64_t>(1, std::llround(millis * 1000));
    due_.push(Due{now + delay, seq_++, slot});
    return;
  }
  if (retry) ++cs.gave_up;
  if (copy) {
    const int64_t second = (now - kStartMicros) / kMicros;
    using Outcome = Migration::CopyOutcome;
    Outcome outcome = Outcome::kGaveUp;
    if (status.ok()) outcome = Outcome::kWritten;
    if (IsThrottle(status.code())) outcome = Outcome::kThrottled;
    if (status.code() == ErrorCode::kConditionalCheckFailed) {
      // Charged as DynamoDB charges a failed condition: the stored item's
      // write units (the answer reports none).
      ConsumedCapacity c;
      c.capacity_units = static_cast<double>(
          std::max<int64_t>(1, (ItemSizeBytes(req.items[0]) + 1023) / 1024));
      migration_->AddUnits(c, true);
      outcome = Outcome::kSkipped;
    }
    migration_->CopyFinished(req.items[0], outcome, second);
    req.items.clear();
    free_slots_.push_back(slot);
    if (migration_->spec().backfill.per_second <= 0) {
      due_.push(Due{now + BackfillCallMicros(), seq_++, kBackfillWake});
    }
    if (migration_->CheckDone(second) &&
        !migration_->spec().cutover_at_second) {
      migration_->SetCutover(second);
    }
    return;
  }
  req.items.clear();
  free_slots_.push_back(slot);
}

bool Runner::DueBy(int64_t limit) {
  if (calls_ != nullptr) calls_->RunFinished();
  return !due_.empty() && due_.top().micros <= limit;
}

bool Runner::Settle() { return calls_ != nullptr && calls_->Drain() > 0; }

size_t Runner::NewSlot() {
  if (free_slots_.empty()) {
    pool_.emplace_back();
    return pool_.size() - 1;
  }
  const size_t slot = free_slots_.back();
  free_slots_.pop_back();
  return slot;
}

}  // namespace eddy::lab::internal
