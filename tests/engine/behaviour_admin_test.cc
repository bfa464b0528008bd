// Copyright 2026 The eddy Authors.
//
// Time to live, tags and fault injection through both APIs.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

constexpr char kArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/things";

class AdminTest : public BehaviourTest {
 protected:
  void SetUp() override { CreateHashTable("things"); }
  int64_t Now() const { return clock_.NowMicros() / 1'000'000; }
  int64_t ItemCount() {
    ScanRequest s;
    s.table_name = "things";
    s.select = Select::kCount;
    StatusOr<ScanResponse> r = client_->Scan(s);
    EXPECT_THAT(r, IsOk());
    return r.ok() ? r->count : -1;
  }
  Status EnableTtl(bool enabled, const std::string& attribute = "expires") {
    UpdateTimeToLiveRequest u;
    u.table_name = "things";
    u.time_to_live_specification = {enabled, attribute};
    return client_->UpdateTimeToLive(u).status();
  }
};

TEST_P(AdminTest, ExpiredItemsLiveUntilTheExpiryPassDeletesThem) {
  StatusOr<DescribeTimeToLiveResponse> d =
      client_->DescribeTimeToLive({"things"});
  ASSERT_THAT(d, IsOk());
  EXPECT_EQ(d->time_to_live_description.time_to_live_status,
            TimeToLiveStatus::kDisabled);
  EXPECT_FALSE(d->time_to_live_description.attribute_name.has_value());

  ASSERT_THAT(Put("things", {{"pk", S("old")}, {"expires", N(Now() - 10)}}),
              IsOk());
  ASSERT_THAT(Put("things", {{"pk", S("later")}, {"expires", N(Now() + 3600)}}),
              IsOk());
  ASSERT_THAT(Put("things", {{"pk", S("text")}, {"expires", S("yesterday")}}),
              IsOk());
  ASSERT_THAT(Put("things", {{"pk", S("ancient")},
                             {"expires", N(Now() - 6LL * 365 * 86400)}}),
              IsOk());
  ASSERT_THAT(Put("things", {{"pk", S("none")}}), IsOk());
  ASSERT_THAT(EnableTtl(true), IsOk());
  d = client_->DescribeTimeToLive({"things"});
  EXPECT_EQ(d->time_to_live_description.time_to_live_status,
            TimeToLiveStatus::kEnabled);
  EXPECT_EQ(d->time_to_live_description.attribute_name,
            std::optional<std::string>("expires"));

  // Expired, but still returned until the pass runs (a minute later).
  EXPECT_TRUE(Get("things", {{"pk", S("old")}}).has_value());
  clock_.AdvanceSeconds(30);
  EXPECT_EQ(ItemCount(), 5);
  clock_.AdvanceSeconds(31);
  EXPECT_EQ(ItemCount(), 4);
  EXPECT_FALSE(Get("things", {{"pk", S("old")}}).has_value());
  // A string TTL and one more than five years old are never expired.
  EXPECT_TRUE(Get("things", {{"pk", S("text")}}).has_value());
  EXPECT_TRUE(Get("things", {{"pk", S("ancient")}}).has_value());
  clock_.AdvanceSeconds(3600 + 61);
  EXPECT_EQ(ItemCount(), 3);

  EXPECT_THAT(
      EnableTtl(true),
      StatusIsExactly(ErrorCode::kValidation, "TimeToLive is already enabled"));
  EXPECT_THAT(EnableTtl(true, "other"),
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "TimeToLive is active on a different AttributeName: current "
                  "AttributeName is expires"));
  ASSERT_THAT(EnableTtl(false), IsOk());
  EXPECT_THAT(EnableTtl(false),
              StatusIsExactly(ErrorCode::kValidation,
                              "TimeToLive is already disabled"));
  // Changing it again within 30 minutes is refused.
  EXPECT_THAT(
      EnableTtl(true),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Time to live has been modified multiple times within a fixed "
          "interval"));
  clock_.AdvanceSeconds(30 * 60);
  EXPECT_THAT(EnableTtl(true), IsOk());
  UpdateTimeToLiveRequest missing;
  missing.table_name = "nothere";
  missing.time_to_live_specification = {true, "x"};
  EXPECT_THAT(client_->UpdateTimeToLive(missing),
              StatusIsExactly(
                  ErrorCode::kResourceNotFound,
                  "Requested resource not found: Table: nothere not found"));
}

TEST_P(AdminTest, TagsAreKeptPerTableWithDynamoDbsLimits) {
  TagResourceRequest t;
  t.resource_arn = kArn;
  t.tags = {{"team", "rentals"}, {"env", "test"}};
  ASSERT_THAT(client_->TagResource(t), IsOk());
  t.tags = {{"env", "prod"}};  // upsert
  ASSERT_THAT(client_->TagResource(t), IsOk());
  StatusOr<ListTagsOfResourceResponse> list =
      client_->ListTagsOfResource({kArn, std::nullopt});
  ASSERT_THAT(list, IsOk());
  ASSERT_EQ(list->tags.size(), 2u);
  EXPECT_EQ(list->tags[0].key, "env");
  EXPECT_EQ(list->tags[0].value, "prod");
  EXPECT_FALSE(list->next_token.has_value());
  ASSERT_THAT(client_->UntagResource({kArn, {"team", "absent"}}), IsOk());
  EXPECT_EQ(client_->ListTagsOfResource({kArn, std::nullopt})->tags.size(), 1u);

  auto tag = [&](std::vector<Tag> tags, std::string arn = kArn) {
    TagResourceRequest r;
    r.resource_arn = std::move(arn);
    r.tags = std::move(tags);
    return client_->TagResource(r).status();
  };
  EXPECT_THAT(tag({}), StatusIsExactly(
                           ErrorCode::kValidation,
                           "Atleast one Tag needs to be provided as Input."));
  EXPECT_THAT(tag({{"bad#key", "v"}}),
              StatusIsExactly(ErrorCode::kValidation,
                              "The Tag Key provided is invalid, Key: bad#key"));
  EXPECT_THAT(
      tag({{"k", std::string(257, 'v')}}),
      StatusIs(ErrorCode::kValidation, "The Tag Value provided is invalid"));
  EXPECT_THAT(
      tag({{"AWS:x", "v"}}),
      StatusIsExactly(ErrorCode::kValidation,
                      "Tag Key cannot be prefixed with aws:, Key: AWS:x"));
  EXPECT_THAT(
      tag({{"a", "1"}, {"a", "2"}}),
      StatusIsExactly(
          ErrorCode::kValidation,
          "Duplicate Tag Keys provided as input: Duplicate Tag Key found a"));
  std::vector<Tag> many;
  for (int i = 0; i < 50; ++i) many.push_back({"k" + std::to_string(i), ""});
  EXPECT_THAT(tag(many),  // 50 new + 1 existing
              StatusIsExactly(
                  ErrorCode::kValidation,
                  "Number of Tags exceed the current limit for the provided "
                  "ResourceArn"));
  many.pop_back();
  EXPECT_THAT(tag(many), IsOk());  // exactly 50
  EXPECT_THAT(
      tag({{"k", "v"}}, "things"),
      StatusIsExactly(
          ErrorCode::kValidation,
          "One or more parameter values were invalid: ARNs must start with "
          "'arn:': things"));
  EXPECT_THAT(
      tag({{"k", "v"}}, std::string(kArn) + "/index/gsi"),
      StatusIs(ErrorCode::kValidation, "only table or stream is accepted"));
  EXPECT_THAT(
      tag({{"k", "v"}}, "arn:aws:dynamodb:us-east-1:000000000000:table/gone"),
      StatusIsExactly(
          ErrorCode::kResourceNotFound,
          "Requested resource not found: ResourceArn: "
          "arn:aws:dynamodb:us-east-1:000000000000:table/gone not found"));
  // CreateTable takes tags too.
  CreateTableRequest c;
  c.table_name = "tagged";
  c.key_schema = {{"pk", KeyType::kHash}};
  c.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  c.billing_mode = BillingMode::kPayPerRequest;
  c.tags = {{"owner", "me"}};
  ASSERT_THAT(client_->CreateTable(c), IsOk());
  list = client_->ListTagsOfResource(
      {"arn:aws:dynamodb:us-east-1:000000000000:table/tagged", std::nullopt});
  ASSERT_THAT(list, IsOk());
  ASSERT_EQ(list->tags.size(), 1u);
  EXPECT_EQ(list->tags[0].value, "me");
}

TEST_P(AdminTest, InjectedFaultsLookAsDynamoDbSendsThem) {
  Fault f;
  f.kind = Fault::Kind::kProvisionedThroughputExceeded;
  f.operation = "PutItem";
  f.table_name = "things";
  f.count = 2;
  f.throttling_reasons = {{"TableWriteProvisionedThroughputExceeded", kArn}};
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  for (int i = 0; i < 2; ++i) {
    StatusOr<PutItemResponse> r = Put("things", {{"pk", S("a")}});
    EXPECT_THAT(
        r, StatusIsExactly(
               ErrorCode::kProvisionedThroughputExceeded,
               "The level of configured provisioned throughput for the table "
               "was exceeded. Consider increasing your provisioning level "
               "with the UpdateTable API."));
    ASSERT_EQ(r.status().throttling_reasons().size(), 1u);
    EXPECT_EQ(r.status().throttling_reasons()[0].reason,
              "TableWriteProvisionedThroughputExceeded");
    EXPECT_EQ(r.status().throttling_reasons()[0].resource, kArn);
  }
  EXPECT_THAT(Put("things", {{"pk", S("a")}}), IsOk());  // spent

  // A fault on one key: other keys pass.
  f = Fault{};
  f.kind = Fault::Kind::kInternalServerError;
  f.key = Item{{"pk", S("hot")}};
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  EXPECT_TRUE(Get("things", {{"pk", S("a")}}).has_value());
  GetItemRequest g;
  g.table_name = "things";
  g.key = {{"pk", S("hot")}};
  EXPECT_THAT(client_->GetItem(g),
              StatusIsExactly(ErrorCode::kInternalServerError,
                              "Internal server error"));

  // Batches: matching parts come back unprocessed; the call fails only when
  // every part does.
  f = Fault{};
  f.kind = Fault::Kind::kThrottling;
  f.operation = "BatchWriteItem";
  f.key = Item{{"pk", S("b")}};
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  BatchWriteItemRequest b;
  b.request_items["things"] = {
      WriteRequest{Item{{"pk", S("b")}}, std::nullopt},
      WriteRequest{Item{{"pk", S("c")}}, std::nullopt}};
  StatusOr<BatchWriteItemResponse> batch = client_->BatchWriteItem(b);
  ASSERT_THAT(batch, IsOk());
  ASSERT_EQ(batch->unprocessed_items["things"].size(), 1u);
  EXPECT_EQ(batch->unprocessed_items["things"][0].put_item,
            (Item{{"pk", S("b")}}));
  EXPECT_TRUE(Get("things", {{"pk", S("c")}}).has_value());
  EXPECT_FALSE(Get("things", {{"pk", S("b")}}).has_value());
  f.key.reset();
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  EXPECT_THAT(client_->BatchWriteItem(b),
              StatusIs(ErrorCode::kThrottling, "Throughput exceeds"));
  f.kind = Fault::Kind::kUnprocessed;
  f.operation = "BatchGetItem";
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  BatchGetItemRequest bg;
  bg.request_items["things"].keys = {Item{{"pk", S("a")}},
                                     Item{{"pk", S("c")}}};
  StatusOr<BatchGetItemResponse> got = client_->BatchGetItem(bg);
  ASSERT_THAT(got, IsOk());
  EXPECT_EQ(got->unprocessed_keys["things"].keys.size(), 2u);

  // Transactions: a conflict is a cancellation reason on the matching
  // action; outside a transaction it is TransactionConflictException.
  f = Fault{};
  f.kind = Fault::Kind::kTransactionConflict;
  f.key = Item{{"pk", S("a")}};
  f.count = 2;
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  TransactWriteItemsRequest t;
  TransactWriteItem p1, p2;
  p1.put = TransactPut{"things", {{"pk", S("z")}}, {}, {}, {}, false};
  p2.put = TransactPut{"things", {{"pk", S("a")}}, {}, {}, {}, false};
  t.transact_items = {p1, p2};
  StatusOr<TransactWriteItemsResponse> tx = client_->TransactWriteItems(t);
  ASSERT_FALSE(tx.ok());
  ASSERT_EQ(tx.status().cancellation_reasons().size(), 2u);
  EXPECT_EQ(tx.status().cancellation_reasons()[0].code, "None");
  EXPECT_EQ(tx.status().cancellation_reasons()[1].code, "TransactionConflict");
  EXPECT_EQ(tx.status().cancellation_reasons()[1].message,
            "Transaction is ongoing for the item");
  EXPECT_THAT(Put("things", {{"pk", S("a")}}),
              StatusIsExactly(ErrorCode::kTransactionConflict,
                              "Transaction is ongoing for the item"));
  ASSERT_THAT(client_->InjectFault(f), IsOk());
  ASSERT_THAT(client_->ClearFaults(), IsOk());
  EXPECT_THAT(Put("things", {{"pk", S("a")}}), IsOk());
}

INSTANTIATE_TEST_SUITE_P(Clients, AdminTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
