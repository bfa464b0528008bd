// Copyright 2026 The eddy Authors.
//
// BatchGetItem and BatchWriteItem RequestItems keys through both APIs: table
// ARNs as keys (the response uses each key as given), a table named twice,
// and the constraint message for a table's list empty or over 25 with the
// requests echoed in DynamoDB's Java rendering.

#include "tests/engine/behaviour_fixture.h"

namespace eddy {
namespace {

constexpr char kArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/t01";
constexpr char kMapConstraint[] =
    "' at 'requestItems' failed to satisfy constraint: Map value must "
    "satisfy constraint: [Member must have length less than or equal to 25, "
    "Member must have length greater than or equal to 1]";

class BatchKeysTest : public BehaviourTest {
 protected:
  void SetUp() override { CreateHashTable("t01"); }
};

TEST_P(BatchKeysTest, ArnKeysAnswerUnderTheKeyAsGiven) {
  BatchWriteItemRequest w;
  w.request_items[kArn] = {WriteRequest{Item{{"pk", S("a")}}, std::nullopt},
                           WriteRequest{Item{{"pk", S("b")}}, std::nullopt}};
  w.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<BatchWriteItemResponse> written = client_->BatchWriteItem(w);
  ASSERT_THAT(written, IsOk());
  ASSERT_EQ(written->consumed_capacity.size(), 1u);
  EXPECT_EQ(written->consumed_capacity[0].table_name, kArn);
  EXPECT_TRUE(written->unprocessed_items.empty());
  EXPECT_NE(Get("t01", {{"pk", S("b")}}), std::nullopt);

  BatchGetItemRequest g;
  g.request_items[kArn].keys = {{{"pk", S("a")}}, {{"pk", S("zz")}}};
  g.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  StatusOr<BatchGetItemResponse> read = client_->BatchGetItem(g);
  ASSERT_THAT(read, IsOk());
  ASSERT_EQ(read->responses.count(kArn), 1u);
  EXPECT_EQ(read->responses.count("t01"), 0u);
  EXPECT_EQ(read->responses[kArn].size(), 1u);
  ASSERT_EQ(read->consumed_capacity.size(), 1u);
  EXPECT_EQ(read->consumed_capacity[0].table_name, kArn);
}

TEST_P(BatchKeysTest, ArnOfAnotherAccountOrAMissingTable) {
  BatchGetItemRequest g;
  g.request_items["arn:aws:dynamodb:us-east-1:111111111111:table/t01"].keys = {
      {{"pk", S("a")}}};
  EXPECT_THAT(client_->BatchGetItem(g),
              StatusIsExactly(ErrorCode::kAccessDenied, "Access is denied"));
  BatchWriteItemRequest w;
  w.request_items["arn:aws:dynamodb:us-east-1:000000000000:table/nope"] = {
      WriteRequest{Item{{"pk", S("a")}}, std::nullopt}};
  EXPECT_THAT(client_->BatchWriteItem(w),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "Requested resource not found"));
}

TEST_P(BatchKeysTest, OneTableByNameAndByArnIsRefused) {
  BatchWriteItemRequest w;
  w.request_items["t01"] = {WriteRequest{Item{{"pk", S("a")}}, std::nullopt}};
  w.request_items[kArn] = {WriteRequest{Item{{"pk", S("a")}}, std::nullopt}};
  EXPECT_THAT(client_->BatchWriteItem(w),
              StatusIsExactly(ErrorCode::kValidation,
                              "Table t01 is named more than once in "
                              "RequestItems"));
  EXPECT_EQ(Get("t01", {{"pk", S("a")}}), std::nullopt);
  BatchGetItemRequest g;
  g.request_items["t01"].keys = {{{"pk", S("a")}}};
  g.request_items[kArn].keys = {{{"pk", S("a")}}};
  EXPECT_THAT(client_->BatchGetItem(g),
              StatusIs(ErrorCode::kValidation, "named more than once"));
}

TEST_P(BatchKeysTest, OverTwentyFiveEchoesTheRequestsInJavasRendering) {
  CreateHashTable("t02");
  BatchWriteItemRequest w;
  w.request_items["t01"] = {};
  w.request_items["t02"] = {
      WriteRequest{Item{{"pk", S("a")}, {"v", N(1)}}, std::nullopt},
      WriteRequest{std::nullopt, Item{{"pk", S("b")}}}};
  StatusOr<BatchWriteItemResponse> r = client_->BatchWriteItem(w);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), ErrorCode::kValidation);
  // The whole map, one error; each AttributeValue as an object hash.
  EXPECT_THAT(
      std::string(r.status().message()),
      ::testing::MatchesRegex(
          "1 validation error detected: Value '\\{t01=\\[\\], "
          "t02=\\[WriteRequest\\(putRequest=PutRequest\\(item=\\{"
          "pk=com\\.amazonaws\\.dynamodb\\.v20120810\\.AttributeValue@[0-9a-f]+"
          ", "
          "v=com\\.amazonaws\\.dynamodb\\.v20120810\\.AttributeValue@[0-9a-f]+"
          "\\}, workloadProfileName=null\\), deleteRequest=null\\), "
          "WriteRequest\\(putRequest=null, deleteRequest=DeleteRequest\\(key="
          "\\{pk=com\\.amazonaws\\.dynamodb\\.v20120810\\.AttributeValue@"
          "[0-9a-f]+\\}, workloadProfileName=null\\)\\)\\]\\}' at "
          "'requestItems' failed to satisfy constraint: Map value must "
          "satisfy constraint: \\[Member must have length less than or equal "
          "to 25, Member must have length greater than or equal to 1\\]"));

  BatchWriteItemRequest many;
  for (int i = 0; i < 26; ++i) {
    many.request_items["t01"].push_back(
        WriteRequest{Item{{"pk", S(std::to_string(i))}}, std::nullopt});
  }
  StatusOr<BatchWriteItemResponse> over = client_->BatchWriteItem(many);
  ASSERT_FALSE(over.ok());
  const std::string text(over.status().message());
  EXPECT_TRUE(
      text.starts_with("1 validation error detected: Value '{t01=["
                       "WriteRequest(putRequest=PutRequest(item={pk="))
      << text;
  EXPECT_TRUE(text.ends_with(kMapConstraint)) << text;
  // 26 requests echoed, and the same text on every run.
  size_t count = 0;
  for (size_t at = text.find("WriteRequest("); at != std::string::npos;
       at = text.find("WriteRequest(", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 26u);
  EXPECT_EQ(client_->BatchWriteItem(many).status().message(), text);
  EXPECT_EQ(Get("t01", {{"pk", S("0")}}), std::nullopt);

  // Several tables within 25 each but over 25 together: the older text.
  BatchWriteItemRequest spread;
  for (int i = 0; i < 13; ++i) {
    spread.request_items["t01"].push_back(
        WriteRequest{Item{{"pk", S(std::to_string(i))}}, std::nullopt});
    spread.request_items["t02"].push_back(
        WriteRequest{Item{{"pk", S(std::to_string(i))}}, std::nullopt});
  }
  EXPECT_THAT(
      client_->BatchWriteItem(spread),
      StatusIsExactly(ErrorCode::kValidation,
                      "Too many items requested for the BatchWriteItem call"));
}

INSTANTIATE_TEST_SUITE_P(Clients, BatchKeysTest,
                         ::testing::Values(ClientKind::kTyped,
                                           ClientKind::kJson),
                         KindName);

}  // namespace
}  // namespace eddy
