// Copyright 2026 The eddy Authors.
//
// A large object split into chunk items under a metadata item that records
// the chunk count (second seed: "split them into chunks kept as separate
// items with a metadata item recording the chunk count, so chunks can be
// read and written in parallel").

#include <xxhash.h>

#include <algorithm>
#include <map>

#include "model/design_patterns.h"
#include "model/internal/random.h"
#include "model/patterns/pattern_util.h"

namespace eddy::model {
namespace {

using model::internal::Fmt;

std::string ChunkKey(int64_t i) {
  return Fmt("chunk#%05lld", static_cast<long long>(i));
}

std::string Hex(uint64_t v) {
  return Fmt("%016llx", static_cast<unsigned long long>(v));
}

}  // namespace

DesignPatternResult RunLargeObject(const LargeObjectOptions& options) {
  DesignPatternResult result;
  result.name = "large object in chunks";
  result.advice =
      "An object over the 400 KB item limit is stored as chunk items plus a "
      "metadata item recording the chunk count, and reassembled on read.";
  model::internal::PatternRecorder rec(&result);
  const int64_t chunk_bytes = std::max<int64_t>(options.chunk_bytes, 1);

  // The object: deterministic pseudo-random bytes.
  std::string object(
      static_cast<size_t>(std::max<int64_t>(options.object_bytes, 1)), '\0');
  model::internal::Random rng(options.seed);
  for (size_t i = 0; i < object.size(); i += 8) {
    uint64_t v = rng.Next();
    for (size_t b = 0; b < 8 && i + b < object.size(); ++b) {
      object[i + b] = static_cast<char>(v >> (8 * b));
    }
  }
  const std::string checksum = Hex(XXH3_64bits(object.data(), object.size()));

  Database db;
  const std::string table = "objects";
  if (Status s = model::internal::CreateSimpleTable(db, table, "PK", "SK");
      !s.ok()) {
    rec.Fail("CreateTable", s);
    return result;
  }
  const std::string pk = "object#report-2024.pdf";

  // As one item: refused.
  {
    PutItemRequest put;
    put.table_name = table;
    put.item = {{"PK", AttributeValue::S(pk)},
                {"SK", AttributeValue::S("whole")},
                {"data", AttributeValue::B(object)}};
    StatusOr<PutItemResponse> r = db.PutItem(put);
    const bool refused = !r.ok() && r.status().IsValidation();
    rec.Line(Fmt("PutItem of the whole %zu-byte object: %s", object.size(),
                 r.ok() ? "accepted" : r.status().ToString().c_str()));
    rec.Check(refused,
              "the whole object as one item is refused (ValidationException)");
  }

  // As chunks, then the metadata item last: readers that find the metadata
  // find every chunk it counts.
  const int64_t chunks =
      (static_cast<int64_t>(object.size()) + chunk_bytes - 1) / chunk_bytes;
  double wcu = 0;
  for (int64_t i = 0; i < chunks; ++i) {
    PutItemRequest put;
    put.table_name = table;
    put.item = {{"PK", AttributeValue::S(pk)},
                {"SK", AttributeValue::S(ChunkKey(i))},
                {"data", AttributeValue::B(
                             object.substr(static_cast<size_t>(i * chunk_bytes),
                                           static_cast<size_t>(chunk_bytes)))}};
    put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    StatusOr<PutItemResponse> r = db.PutItem(put);
    if (!r.ok()) {
      rec.Fail("PutItem chunk", r.status());
      return result;
    }
    if (r->consumed_capacity) wcu += r->consumed_capacity->capacity_units;
  }
  {
    PutItemRequest put;
    put.table_name = table;
    put.item = {
        {"PK", AttributeValue::S(pk)},
        {"SK", AttributeValue::S("metadata")},
        {"chunkCount", AttributeValue::N(chunks)},
        {"chunkBytes", AttributeValue::N(chunk_bytes)},
        {"totalBytes", AttributeValue::N(static_cast<int64_t>(object.size()))},
        {"xxh3", AttributeValue::S(checksum)}};
    put.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
    StatusOr<PutItemResponse> r = db.PutItem(put);
    if (!r.ok()) {
      rec.Fail("PutItem metadata", r.status());
      return result;
    }
    if (r->consumed_capacity) wcu += r->consumed_capacity->capacity_units;
  }
  rec.Line(
      Fmt("stored as %lld chunks of up to %lld bytes plus a metadata item "
          "(chunkCount, totalBytes, xxh3): %.0f WCU",
          static_cast<long long>(chunks), static_cast<long long>(chunk_bytes),
          wcu));
  rec.Figure("chunks", static_cast<double>(chunks));

  // Read 1: metadata, then every chunk by key in one BatchGetItem (retrying
  // UnprocessedKeys: BatchGetItem returns at most 16 MB).
  GetItemRequest meta_get;
  meta_get.table_name = table;
  meta_get.key = {{"PK", AttributeValue::S(pk)},
                  {"SK", AttributeValue::S("metadata")}};
  StatusOr<GetItemResponse> meta = db.GetItem(meta_get);
  int64_t count = -1;
  if (!meta.ok() || !meta->item) {
    rec.Fail("GetItem metadata",
             meta.ok() ? Status::Internal("no metadata item") : meta.status());
    return result;
  }
  if (const AttributeValue* v = meta->item->Find("chunkCount");
      v == nullptr || !v->is(AttributeType::kN) || !v->n().ToInt64(&count)) {
    count = -1;
  }
  rec.Check(count == chunks, "the metadata item records the chunk count");
  std::map<std::string, std::string> by_key;
  BatchGetItemRequest get;
  get.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  for (int64_t i = 0; i < count && i < 100; ++i) {
    get.request_items[table].keys.push_back(
        {{"PK", AttributeValue::S(pk)},
         {"SK", AttributeValue::S(ChunkKey(i))}});
  }
  double batch_rcu = 0;
  int calls = 0;
  while (!get.request_items.empty() && calls < 1000) {
    StatusOr<BatchGetItemResponse> r = db.BatchGetItem(get);
    ++calls;
    if (!r.ok()) {
      rec.Fail("BatchGetItem", r.status());
      return result;
    }
    for (const Item& item : r->responses[table]) {
      by_key[item.Find("SK")->s()] = item.Find("data")->b();
    }
    for (const ConsumedCapacity& c : r->consumed_capacity)
      batch_rcu += c.capacity_units;
    get.request_items = r->unprocessed_keys;
  }
  std::string by_batch;
  for (const auto& [_, data] : by_key)
    by_batch += data;  // keys sort by chunk number
  rec.Line(
      Fmt("read back by key: GetItem metadata, then %d BatchGetItem call(s) "
          "for %zu chunks (%.1f RCU)",
          calls, by_key.size(), batch_rcu));
  rec.Check(by_batch == object &&
                Hex(XXH3_64bits(by_batch.data(), by_batch.size())) == checksum,
            "chunks read by key reassemble to the original bytes (and xxh3)");

  // Read 2: one Query over the chunk range, following LastEvaluatedKey (1 MB
  // pages).
  QueryRequest q;
  q.table_name = table;
  q.key_condition_expression = "PK = :pk AND begins_with(SK, :chunk)";
  q.expression_attribute_values = AttributeMap{
      {":pk", AttributeValue::S(pk)}, {":chunk", AttributeValue::S("chunk#")}};
  q.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  std::string by_query;
  int pages = 0;
  double query_rcu = 0;
  for (; pages < 1000;) {
    StatusOr<QueryResponse> r = db.Query(q);
    ++pages;
    if (!r.ok()) {
      rec.Fail("Query", r.status());
      return result;
    }
    for (const Item& item : r->items) by_query += item.Find("data")->b();
    if (r->consumed_capacity) query_rcu += r->consumed_capacity->capacity_units;
    if (!r->last_evaluated_key) break;
    q.exclusive_start_key = std::move(r->last_evaluated_key);
  }
  rec.Line(
      Fmt("read back by Query begins_with(SK, \"chunk#\"): %d pages "
          "(1 MB each at most), %.1f RCU",
          pages, query_rcu));
  rec.Figure("query_pages", pages);
  rec.Check(by_query == object,
            "chunks read by a paged Query reassemble to the original bytes");
  rec.Check(static_cast<int64_t>(object.size()) <= 1024 * 1024 || pages > 1,
            "an object over 1 MB needs more than one Query page");
  return result;
}

}  // namespace eddy::model
