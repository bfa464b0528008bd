// Copyright 2026 The eddy Authors.
//
// Memory while Execute reads a hostile 17 MB body (DynamoDB's largest
// request; issue #26 item 3): deeply nested documents and flat arrays of
// millions of elements, in unknown members, in request lists and inside
// items. Peak heap above what was allocated before the call is counted by
// this binary's own operator new / delete (malloc_usable_size of every
// block), so the test measures allocation, not time, and is deterministic.
// The bound is ~70 MB, about four times the body.

#include <malloc.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "emulator/wire/execute.h"
#include "gtest/gtest.h"

namespace {

std::atomic<int64_t> g_current{0};
std::atomic<int64_t> g_peak{0};

void Count(void* p) {
  const int64_t now =
      g_current.fetch_add(static_cast<int64_t>(malloc_usable_size(p))) +
      static_cast<int64_t>(malloc_usable_size(p));
  int64_t peak = g_peak.load();
  while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {
  }
}
void Uncount(void* p) {
  g_current.fetch_sub(static_cast<int64_t>(malloc_usable_size(p)));
}

void* Allocate(size_t n, size_t align) {
  void* p = align <= alignof(std::max_align_t)
                ? std::malloc(n == 0 ? 1 : n)
                : std::aligned_alloc(align, (n + align - 1) / align * align);
  if (p == nullptr) throw std::bad_alloc();
  Count(p);
  return p;
}
void Release(void* p) {
  if (p == nullptr) return;
  Uncount(p);
  std::free(p);
}

}  // namespace

void* operator new(size_t n) { return Allocate(n, 0); }
void* operator new[](size_t n) { return Allocate(n, 0); }
void* operator new(size_t n, std::align_val_t a) {
  return Allocate(n, static_cast<size_t>(a));
}
void* operator new[](size_t n, std::align_val_t a) {
  return Allocate(n, static_cast<size_t>(a));
}
void operator delete(void* p) noexcept { Release(p); }
void operator delete[](void* p) noexcept { Release(p); }
void operator delete(void* p, size_t) noexcept { Release(p); }
void operator delete[](void* p, size_t) noexcept { Release(p); }
void operator delete(void* p, std::align_val_t) noexcept { Release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { Release(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { Release(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept {
  Release(p);
}

namespace eddy {
namespace {

constexpr size_t kBodyBytes = 17 * 1024 * 1024;
constexpr int64_t kBudgetBytes = 70 * 1024 * 1024;
// An item refused by its size: what the decoder stores before it knows the
// item passes 400 KB (at most ~410,000 values of 40 bytes and their list).
constexpr int64_t kItemLimitBudgetBytes = 24 * 1024 * 1024;
constexpr std::string_view kItemTooLarge =
    "Item size has exceeded the maximum allowed size";

// `head` + `piece` repeated to fill the body + `tail`.
std::string Repeat(std::string_view head, std::string_view piece,
                   std::string_view tail, std::string_view separator = "") {
  std::string s;
  s.reserve(kBodyBytes + 64);
  s.append(head);
  bool first = true;
  while (s.size() + piece.size() + separator.size() + tail.size() <
         kBodyBytes) {
    if (!first) s.append(separator);
    first = false;
    s.append(piece);
  }
  s.append(tail);
  return s;
}

// Nested: `open` repeated, `leaf`, `close` as often.
std::string Nest(std::string_view head, std::string_view open,
                 std::string_view leaf, std::string_view close,
                 std::string_view tail, bool closed = true) {
  const size_t n = (kBodyBytes - head.size() - tail.size() - leaf.size()) /
                   (open.size() + (closed ? close.size() : 0));
  std::string s;
  s.reserve(kBodyBytes + 64);
  s.append(head);
  for (size_t i = 0; i < n; ++i) s.append(open);
  s.append(leaf);
  if (closed) {
    for (size_t i = 0; i < n; ++i) s.append(close);
    s.append(tail);
  }
  return s;
}

struct Hostile {
  std::string name;
  const char* op;
  std::string body;
  ErrorCode expected;
  // Above kBudgetBytes only where the decoded values themselves need more:
  // see EmptyStringsInAList.
  int64_t budget = kBudgetBytes;
};

void PrintTo(const Hostile& h, std::ostream* os) { *os << h.name; }

std::vector<Hostile> Bodies() {
  const std::string item_head =
      R"({"TableName":"t01","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"d":)";
  return {
      {"UnclosedArrays", "PutItem", std::string(kBodyBytes, '['),
       ErrorCode::kSerialization},
      {"UnclosedObjects", "PutItem", Nest("", R"({"a":)", "", "", "", false),
       ErrorCode::kSerialization},
      {"NestedMapsInAnItem", "PutItem",
       Nest(item_head, R"({"M":{"a":)", R"({"S":"x"})", "}}", "}}"),
       ErrorCode::kValidation},
      {"NestedListsInAnItem", "PutItem",
       Nest(item_head, R"({"L":[)", R"({"S":"x"})", "]}", "}}"),
       ErrorCode::kValidation},
      {"NestedArraysInAnUnknownMember", "DescribeTable",
       Nest(R"({"TableName":"t01","X":)", "[", "", "]", "}"), ErrorCode::kOk},
      {"NestedObjectsInAnUnknownMember", "DescribeTable",
       Nest(R"({"TableName":"t01","X":)", R"({"a":)", "1", "}", "}"),
       ErrorCode::kOk},
      {"EmptyObjectsInAnUnknownMember", "DescribeTable",
       Repeat(R"({"TableName":"t01","X":[)", "{}", "]}", ","), ErrorCode::kOk},
      {"EmptyObjectsAsTransactItems", "TransactWriteItems",
       Repeat(R"({"TransactItems":[)", "{}", "]}", ","),
       ErrorCode::kValidation},
      {"EmptyObjectsAsKeySchema", "CreateTable",
       Repeat(R"({"TableName":"t09","KeySchema":[)", "{}", "]}", ","),
       ErrorCode::kValidation},
      {"EmptyObjectsAsKeys", "BatchGetItem",
       Repeat(R"({"RequestItems":{"t01":{"Keys":[)", "{}", "]}}}", ","),
       ErrorCode::kValidation},
      {"EmptyObjectsAsWrites", "BatchWriteItem",
       Repeat(R"({"RequestItems":{"t01":[)", "{}", "]}}", ","),
       ErrorCode::kValidation},
      {"EmptyValuesInAList", "PutItem",
       Repeat(item_head + R"({"L":[)", "{}", "]}}}", ","),
       ErrorCode::kValidation},
      {"EmptyValuesInAMap", "PutItem",
       Repeat(item_head + R"({"M":{)", R"("a":{})", "}}}}", ","),
       ErrorCode::kValidation},
      {"NullsInAList", "PutItem",
       Repeat(item_head + R"({"L":[)", R"({"NULL":true})", "]}}}", ","),
       ErrorCode::kValidation},
      // The densest shape: 9 bytes of text per element, about 1.98 million
      // 40-byte AttributeValues (79 MB) if all were stored. The decoder
      // stops storing once the item is known to pass 400 KB (~410,000
      // elements of 1 byte each), so it peaks at ~16 MB.
      {"EmptyStringsInAList", "PutItem",
       Repeat(item_head + R"({"L":[)", R"({"S":""})", "]}}}", ","),
       ErrorCode::kValidation, kItemLimitBudgetBytes},
      {"EmptyStringsInABatchWrite", "BatchWriteItem",
       Repeat(R"({"RequestItems":{"t01":[{"PutRequest":{"Item":)"
              R"({"pk":{"S":"a"},"sk":{"S":"1"},"d":{"L":[)",
              R"({"S":""})", "]}}}}]}}", ","),
       ErrorCode::kValidation, kItemLimitBudgetBytes},
      {"NumbersInATransactPut", "TransactWriteItems",
       Repeat(R"({"TransactItems":[{"Put":{"TableName":"t01","Item":)"
              R"({"pk":{"S":"a"},"sk":{"S":"1"},"d":{"L":[)",
              R"({"N":"1"})", "]}}}}]}", ","),
       ErrorCode::kValidation, kItemLimitBudgetBytes},
  };
}

class DecodeMemoryTest : public ::testing::TestWithParam<Hostile> {};

TEST_P(DecodeMemoryTest, PeakHeapStaysWithinTheBudget) {
  const Hostile& h = GetParam();
  Database db;
  ASSERT_EQ(Execute(db, "CreateTable",
                    R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
                                     {"AttributeName":"sk","KeyType":"RANGE"}],
                        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                                                {"AttributeName":"sk","AttributeType":"S"}]})")
                .http_status,
            200);
  ASSERT_GE(h.body.size(), kBodyBytes - 64);
  ASSERT_LE(h.body.size(), kBodyBytes + 64);
  const int64_t before = g_current.load();
  g_peak.store(before);
  const WireResponse r = Execute(db, h.op, h.body);
  const int64_t peak = g_peak.load() - before;
  EXPECT_EQ(r.error, h.expected) << r.body.substr(0, 300);
  if (h.budget == kItemLimitBudgetBytes) {
    EXPECT_NE(r.body.find(kItemTooLarge), std::string::npos) << r.body;
  }
  EXPECT_LE(peak, h.budget)
      << h.name << ": " << peak / (1024 * 1024) << " MB above the body";
  RecordProperty("peak_bytes", std::to_string(peak));
  std::printf("%-32s peak %6.1f MB  %s\n", h.name.c_str(),
              static_cast<double>(peak) / (1024 * 1024),
              r.body.substr(0, 100).c_str());
}

// The early refusal never refuses a valid item: an item of exactly 400 KB
// (DynamoDB's size) is written, one byte more is refused with DynamoDB's
// message, and both through the same decoder.
TEST(DecodeItemLimitTest, ExactlyFourHundredKilobytesIsWritten) {
  Database db;
  ASSERT_EQ(Execute(db, "CreateTable",
                    R"({"TableName":"t01","BillingMode":"PAY_PER_REQUEST",
                        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
                        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})")
                .http_status,
            200);
  // pk (2) + "a" (1) + d (1) + a string filling the rest.
  const size_t fill = 409600 - 4;
  auto body = [](size_t n) {
    return R"({"TableName":"t01","Item":{"pk":{"S":"a"},"d":{"S":")" +
           std::string(n, 'x') + R"("}}})";
  };
  const WireResponse fits = Execute(db, "PutItem", body(fill));
  EXPECT_EQ(fits.http_status, 200) << fits.body;
  const WireResponse over = Execute(db, "PutItem", body(fill + 1));
  EXPECT_EQ(over.error, ErrorCode::kValidation);
  EXPECT_NE(over.body.find(kItemTooLarge), std::string::npos) << over.body;
  // A list of 500,000 empty strings (4.5 MB of text, 500 KB by DynamoDB's
  // rule) is refused while its list is still short of the limit.
  std::string list = R"({"TableName":"t01","Item":{"pk":{"S":"b"},"d":{"L":[)";
  for (int i = 0; i < 500000; ++i) list += i ? R"(,{"S":""})" : R"({"S":""})";
  list += "]}}}";
  const int64_t before = g_current.load();
  g_peak.store(before);
  const WireResponse r = Execute(db, "PutItem", list);
  EXPECT_NE(r.body.find(kItemTooLarge), std::string::npos) << r.body;
  EXPECT_LE(g_peak.load() - before, kItemLimitBudgetBytes);
}

INSTANTIATE_TEST_SUITE_P(Bodies, DecodeMemoryTest,
                         ::testing::ValuesIn(Bodies()),
                         [](const ::testing::TestParamInfo<Hostile>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace eddy
