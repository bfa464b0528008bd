// Copyright 2026 The eddy Authors.
//
// DynamoDB Streams records, table-driven: every view type × every write path
// (put new, overwrite, identical; update changing, no-op, creating; delete
// existing, missing; batch write; each transaction action; TTL expiry) gives
// exactly the records DynamoDB writes, with the images the view type keeps
// and DynamoDB's record format.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tests/engine/streams_testing.h"

namespace eddy {
namespace {

using streams_testing::N;
using streams_testing::S;

// A record as the write path should produce it, before the view type
// removes images.
struct Expected {
  OperationType event;
  Item keys;
  std::optional<Item> old_image;
  std::optional<Item> new_image;
  bool time_to_live = false;
};

struct WritePath {
  std::string name;
  // Writes done before the stream is read (their records are skipped).
  std::function<void(Database&, ManualClock&)> setup;
  // The write under test.
  std::function<void(Database&, ManualClock&)> write;
  std::vector<Expected> expected;
};

Item K(const std::string& pk) { return Item{{"pk", S(pk)}}; }
Item V(const std::string& pk, int64_t v) {
  return Item{{"pk", S(pk)}, {"v", N(v)}};
}

void PutItem(Database& db, Item item) {
  ASSERT_THAT(db.PutItem({.table_name = "tab", .item = std::move(item)}),
              IsOk());
}
void UpdateSet(Database& db, const std::string& pk, int64_t v) {
  UpdateItemRequest u;
  u.table_name = "tab";
  u.key = K(pk);
  u.update_expression = "SET v = :v";
  u.expression_attribute_values = AttributeMap{{":v", N(v)}};
  ASSERT_THAT(db.UpdateItem(u), IsOk());
}
void DeleteKey(Database& db, const std::string& pk) {
  ASSERT_THAT(db.DeleteItem({.table_name = "tab", .key = K(pk)}), IsOk());
}
void Transact(Database& db, TransactWriteItem item) {
  TransactWriteItemsRequest tx;
  tx.transact_items = {std::move(item)};
  ASSERT_THAT(db.TransactWriteItems(tx), IsOk());
}

std::vector<WritePath> Paths() {
  auto none = [](Database&, ManualClock&) {};
  auto a1 = [](Database& db, ManualClock&) { PutItem(db, V("a", 1)); };
  std::vector<WritePath> p;
  p.push_back({"PutNew", none,
               [](Database& db, ManualClock&) { PutItem(db, V("a", 1)); },
               {{OperationType::kInsert, K("a"), std::nullopt, V("a", 1)}}});
  p.push_back({"PutOverwrite", a1,
               [](Database& db, ManualClock&) { PutItem(db, V("a", 2)); },
               {{OperationType::kModify, K("a"), V("a", 1), V("a", 2)}}});
  p.push_back({"PutOverwriteDropsAttributes",
               [](Database& db, ManualClock&) {
                 PutItem(db, Item{{"pk", S("a")}, {"v", N(1)}, {"w", S("x")}});
               },
               [](Database& db, ManualClock&) { PutItem(db, K("a")); },
               {{OperationType::kModify, K("a"),
                 Item{{"pk", S("a")}, {"v", N(1)}, {"w", S("x")}}, K("a")}}});
  p.push_back({"PutIdentical", a1,
               [](Database& db, ManualClock&) { PutItem(db, V("a", 1)); },
               {}});
  p.push_back({"UpdateChanging", a1,
               [](Database& db, ManualClock&) { UpdateSet(db, "a", 2); },
               {{OperationType::kModify, K("a"), V("a", 1), V("a", 2)}}});
  p.push_back({"UpdateNoOp", a1,
               [](Database& db, ManualClock&) { UpdateSet(db, "a", 1); },
               {}});
  p.push_back({"UpdateCreating", none,
               [](Database& db, ManualClock&) { UpdateSet(db, "a", 3); },
               {{OperationType::kInsert, K("a"), std::nullopt, V("a", 3)}}});
  p.push_back({"UpdateKeyOnlyCreatesKeyOnlyItem", none,
               [](Database& db, ManualClock&) {
                 UpdateItemRequest u;
                 u.table_name = "tab";
                 u.key = K("a");
                 ASSERT_THAT(db.UpdateItem(u), IsOk());
               },
               {{OperationType::kInsert, K("a"), std::nullopt, K("a")}}});
  p.push_back({"DeleteExisting", a1,
               [](Database& db, ManualClock&) { DeleteKey(db, "a"); },
               {{OperationType::kRemove, K("a"), V("a", 1), std::nullopt}}});
  p.push_back({"DeleteMissing", none,
               [](Database& db, ManualClock&) { DeleteKey(db, "a"); },
               {}});
  p.push_back(
      {"BatchWrite",
       [](Database& db, ManualClock&) {
         PutItem(db, V("a", 1));
         PutItem(db, V("c", 1));
         PutItem(db, V("d", 1));
       },
       [](Database& db, ManualClock&) {
         BatchWriteItemRequest b;
         b.request_items["tab"] = {
             WriteRequest{.put_item = V("b", 1)},   // new
             WriteRequest{.put_item = V("a", 2)},   // overwrite
             WriteRequest{.delete_key = K("c")},    // existing
             WriteRequest{.put_item = V("d", 1)},   // identical
             WriteRequest{.delete_key = K("zz")}};  // missing
         StatusOr<BatchWriteItemResponse> r = db.BatchWriteItem(b);
         ASSERT_THAT(r, IsOk());
         EXPECT_TRUE(r->unprocessed_items.empty());
       },
       {{OperationType::kInsert, K("b"), std::nullopt, V("b", 1)},
        {OperationType::kModify, K("a"), V("a", 1), V("a", 2)},
        {OperationType::kRemove, K("c"), V("c", 1), std::nullopt}}});
  p.push_back({"TransactPut", a1,
               [](Database& db, ManualClock&) {
                 TransactWriteItem t;
                 t.put = TransactPut{.table_name = "tab", .item = V("a", 5)};
                 Transact(db, std::move(t));
               },
               {{OperationType::kModify, K("a"), V("a", 1), V("a", 5)}}});
  p.push_back({"TransactUpdate", none,
               [](Database& db, ManualClock&) {
                 TransactWriteItem t;
                 t.update = TransactUpdate{.table_name = "tab",
                                           .key = K("a"),
                                           .update_expression = "SET v = :v"};
                 t.update->expression_attribute_values =
                     AttributeMap{{":v", N(7)}};
                 Transact(db, std::move(t));
               },
               {{OperationType::kInsert, K("a"), std::nullopt, V("a", 7)}}});
  p.push_back({"TransactDelete", a1,
               [](Database& db, ManualClock&) {
                 TransactWriteItem t;
                 t.delete_item = TransactDelete{.table_name = "tab",
                                                .key = K("a")};
                 Transact(db, std::move(t));
               },
               {{OperationType::kRemove, K("a"), V("a", 1), std::nullopt}}});
  p.push_back({"TransactConditionCheck", a1,
               [](Database& db, ManualClock&) {
                 TransactWriteItem t;
                 t.condition_check = ConditionCheck{
                     .table_name = "tab",
                     .key = K("a"),
                     .condition_expression = "attribute_exists(pk)"};
                 Transact(db, std::move(t));
               },
               {}});
  p.push_back(
      {"TransactAllActions",
       [](Database& db, ManualClock&) {
         PutItem(db, V("a", 1));
         PutItem(db, V("c", 1));
         PutItem(db, V("d", 1));
       },
       [](Database& db, ManualClock&) {
         TransactWriteItemsRequest tx;
         TransactWriteItem put, update, del, check;
         put.put = TransactPut{.table_name = "tab", .item = V("b", 1)};
         update.update = TransactUpdate{.table_name = "tab",
                                        .key = K("a"),
                                        .update_expression = "SET v = :v"};
         update.update->expression_attribute_values =
             AttributeMap{{":v", N(2)}};
         del.delete_item = TransactDelete{.table_name = "tab", .key = K("c")};
         check.condition_check = ConditionCheck{
             .table_name = "tab",
             .key = K("d"),
             .condition_expression = "attribute_exists(pk)"};
         tx.transact_items = {put, update, del, check};
         ASSERT_THAT(db.TransactWriteItems(tx), IsOk());
       },
       {{OperationType::kInsert, K("b"), std::nullopt, V("b", 1)},
        {OperationType::kModify, K("a"), V("a", 1), V("a", 2)},
        {OperationType::kRemove, K("c"), V("c", 1), std::nullopt}}});
  p.push_back({"TransactCancelled", a1,
               [](Database& db, ManualClock&) {
                 TransactWriteItemsRequest tx;
                 TransactWriteItem put, check;
                 put.put = TransactPut{.table_name = "tab", .item = V("b", 1)};
                 check.condition_check = ConditionCheck{
                     .table_name = "tab",
                     .key = K("a"),
                     .condition_expression = "attribute_not_exists(pk)"};
                 tx.transact_items = {put, check};
                 EXPECT_THAT(db.TransactWriteItems(tx),
                             StatusIs(ErrorCode::kTransactionCanceled, ""));
               },
               {}});
  p.push_back({"TimeToLiveExpiry",
               [](Database& db, ManualClock& clock) {
                 UpdateTimeToLiveRequest ttl;
                 ttl.table_name = "tab";
                 ttl.time_to_live_specification = {true, "exp"};
                 ASSERT_THAT(db.UpdateTimeToLive(ttl), IsOk());
                 PutItem(db, Item{{"pk", S("a")},
                                  {"exp", N(clock.NowMicros() / 1'000'000)}});
               },
               [](Database&, ManualClock& clock) {
                 // Reading the stream runs the table's due expiry pass.
                 clock.AdvanceSeconds(3600);
               },
               {{OperationType::kRemove, K("a"),
                 Item{{"pk", S("a")}, {"exp", N(1'700'000'000)}}, std::nullopt,
                 /*time_to_live=*/true}}});
  return p;
}

struct Case {
  StreamViewType view;
  WritePath path;
};

std::vector<Case> Cases() {
  std::vector<Case> out;
  for (StreamViewType v :
       {StreamViewType::kKeysOnly, StreamViewType::kNewImage,
        StreamViewType::kOldImage, StreamViewType::kNewAndOldImages}) {
    for (WritePath& p : Paths()) out.push_back({v, std::move(p)});
  }
  return out;
}

class StreamRecordsTest : public streams_testing::StreamsTest,
                          public ::testing::WithParamInterface<Case> {};

TEST_P(StreamRecordsTest, ExactlyTheExpectedRecords) {
  const Case& c = GetParam();
  const std::string arn = Create(streams_testing::TableRequest("tab", c.view));
  ASSERT_FALSE(arn.empty());
  c.path.setup(db_, clock_);
  StreamReader reader(db_, "tab");
  ASSERT_THAT(reader.ReadNew(), IsOk());  // the setup's records
  c.path.write(db_, clock_);
  StatusOr<std::vector<StreamsRecord>> got = reader.ReadNew();
  ASSERT_THAT(got, IsOk());
  ASSERT_EQ(got->size(), c.path.expected.size());
  const bool keeps_new = c.view == StreamViewType::kNewImage ||
                         c.view == StreamViewType::kNewAndOldImages;
  const bool keeps_old = c.view == StreamViewType::kOldImage ||
                         c.view == StreamViewType::kNewAndOldImages;
  std::string previous_sequence;
  for (size_t i = 0; i < got->size(); ++i) {
    SCOPED_TRACE(i);
    const StreamsRecord& r = (*got)[i];
    const Expected& e = c.path.expected[i];
    EXPECT_EQ(r.event_name, e.event);
    EXPECT_EQ(r.event_version, "1.1");
    EXPECT_EQ(r.event_source, "aws:dynamodb");
    EXPECT_EQ(r.aws_region, "us-east-1");
    EXPECT_EQ(r.event_id.size(), 32u);
    EXPECT_EQ(r.event_id.find_first_not_of("0123456789abcdef"),
              std::string::npos);
    EXPECT_EQ(r.dynamodb.keys, e.keys);
    EXPECT_EQ(r.dynamodb.stream_view_type, c.view);
    EXPECT_EQ(r.dynamodb.approximate_creation_date_time,
              static_cast<double>(clock_.NowMicros() / 1'000'000));
    if (keeps_new) {
      EXPECT_EQ(r.dynamodb.new_image, e.new_image);
    } else {
      EXPECT_FALSE(r.dynamodb.new_image);
    }
    if (keeps_old) {
      EXPECT_EQ(r.dynamodb.old_image, e.old_image);
    } else {
      EXPECT_FALSE(r.dynamodb.old_image);
    }
    int64_t size = ItemSizeBytes(e.keys);
    if (keeps_new && e.new_image) size += ItemSizeBytes(*e.new_image);
    if (keeps_old && e.old_image) size += ItemSizeBytes(*e.old_image);
    EXPECT_EQ(r.dynamodb.size_bytes, size);
    if (e.time_to_live) {
      ASSERT_TRUE(r.user_identity);
      EXPECT_EQ(r.user_identity->principal_id, "dynamodb.amazonaws.com");
      EXPECT_EQ(r.user_identity->type, "Service");
    } else {
      EXPECT_FALSE(r.user_identity);
    }
    // Decimal, 21 digits, increasing.
    EXPECT_EQ(r.dynamodb.sequence_number.size(), 21u);
    EXPECT_EQ(r.dynamodb.sequence_number.find_first_not_of("0123456789"),
              std::string::npos);
    EXPECT_GT(r.dynamodb.sequence_number, previous_sequence);
    previous_sequence = r.dynamodb.sequence_number;
  }
  // Nothing more.
  StatusOr<std::vector<StreamsRecord>> again = reader.ReadNew();
  ASSERT_THAT(again, IsOk());
  EXPECT_TRUE(again->empty());
}

std::string CaseName(const ::testing::TestParamInfo<Case>& info) {
  std::string view = StreamViewTypeName(info.param.view);
  std::string name;
  bool upper = true;
  for (char ch : view) {
    if (ch == '_') {
      upper = true;
      continue;
    }
    name += upper ? ch : static_cast<char>(std::tolower(ch));
    upper = false;
  }
  return name + "_" + info.param.path.name;
}

INSTANTIATE_TEST_SUITE_P(ViewTypesAndWritePaths, StreamRecordsTest,
                         ::testing::ValuesIn(Cases()), CaseName);

}  // namespace
}  // namespace eddy
