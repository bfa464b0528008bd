// Copyright 2026 The eddy Authors.

#include "emulator/base/status.h"

#include <memory>
#include <string>

#include "emulator/testing/status_matchers.h"
#include "emulator/types/attribute_value.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy {
namespace {

TEST(StatusTest, OkIsEmpty) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_EQ(s.code(), ErrorCode::kOk);
  EXPECT_EQ(s.message(), "");
  EXPECT_EQ(s.ToString(), "OK");
  EXPECT_TRUE(s.cancellation_reasons().empty());
  EXPECT_EQ(s.item(), nullptr);
  // Success is a null pointer: no larger than one.
  static_assert(sizeof(Status) == sizeof(std::shared_ptr<int>));
}

TEST(StatusTest, ErrorsCarryCodeAndMessage) {
  Status s = Status::Validation("bad");
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(s.IsValidation());
  EXPECT_EQ(s.ToString(), "ValidationException: bad");
  EXPECT_EQ(Status::ConditionalCheckFailed().message(),
            "The conditional request failed");
  EXPECT_THAT(Status(ErrorCode::kOk, "ignored"), IsOk());
}

TEST(StatusTest, DetailsAreAttachedToCopies) {
  auto item = std::make_shared<AttributeMap>(
      AttributeMap{{"pk", AttributeValue::S("a")}});
  Status base(ErrorCode::kTransactionCanceled, "Transaction cancelled");
  Status with = base.WithCancellationReasons(
      {{"None", "", nullptr},
       {"ConditionalCheckFailed", "The conditional request failed", item}});
  EXPECT_TRUE(base.cancellation_reasons().empty());
  ASSERT_EQ(with.cancellation_reasons().size(), 2u);
  EXPECT_EQ(with.cancellation_reasons()[1].item->Find("pk")->s(), "a");

  Status throttled =
      Status(ErrorCode::kThrottling, "slow down")
          .WithThrottlingReasons({{"TableWriteKeyRangeThroughputExceeded",
                                   "arn:aws:dynamodb:us-east-1:0:table/t"}});
  EXPECT_EQ(throttled.throttling_reasons()[0].reason,
            "TableWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(Status::ConditionalCheckFailed().WithItem(item).item()->size(), 1u);
  EXPECT_EQ(Status::Validation("x").WithMessagePrefix("p: ").message(), "p: x");
}

TEST(StatusOrTest, HoldsValueOrError) {
  StatusOr<int> v = 7;
  ASSERT_THAT(v, IsOk());
  EXPECT_EQ(*v, 7);
  StatusOr<int> e = Status::Validation("no");
  EXPECT_THAT(e, StatusIs(ErrorCode::kValidation, "no"));
  StatusOr<int> misuse = Status::OK();
  EXPECT_THAT(misuse, StatusIs(ErrorCode::kInternalServerError, ""));
}

// value() of an error is a programming error: it aborts, but first says
// which error it was (as Abseil's StatusOr does).
TEST(StatusOrDeathTest, ValueOfAnErrorPrintsTheStatusBeforeAborting) {
  StatusOr<int> e = Status::Validation("The table does not exist");
  EXPECT_DEATH((void)e.value(),
               "eddy: StatusOr::value\\(\\) called on an error: "
               "ValidationException: The table does not exist");
  EXPECT_DEATH((void)*e, "ValidationException: The table does not exist");
  StatusOr<std::string> s = Status::ResourceNotFound("gone");
  EXPECT_DEATH((void)s->size(), "ResourceNotFoundException: gone");
}

StatusOr<int> Half(int x) {
  if (x % 2) return Status::Validation("odd");
  return x / 2;
}

StatusOr<int> Quarter(int x) {
  EDDY_ASSIGN_OR_RETURN(int h, Half(x));
  EDDY_ASSIGN_OR_RETURN(h, Half(h));
  return h;
}

Status CheckEven(int x) {
  EDDY_RETURN_IF_ERROR(Half(x));
  return Status::OK();
}

TEST(StatusOrTest, MacrosPropagateErrors) {
  EXPECT_EQ(*Quarter(8), 2);
  EXPECT_THAT(Quarter(6), StatusIs(ErrorCode::kValidation, "odd"));
  EXPECT_THAT(CheckEven(4), IsOk());
  EXPECT_THAT(CheckEven(3), StatusIs(ErrorCode::kValidation, "odd"));
}

struct WireCase {
  ErrorCode code;
  const char* type;
  int http;
};

TEST(ErrorCodeTest, WireTypesNamespacesAndHttpStatus) {
  const WireCase cases[] = {
      {ErrorCode::kValidation, "com.amazon.coral.validate#ValidationException",
       400},
      {ErrorCode::kSerialization,
       "com.amazon.coral.service#SerializationException", 400},
      {ErrorCode::kUnknownOperation,
       "com.amazon.coral.service#UnknownOperationException", 400},
      {ErrorCode::kMissingAuthenticationToken,
       "com.amazon.coral.service#MissingAuthenticationTokenException", 400},
      {ErrorCode::kResourceNotFound,
       "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400},
      {ErrorCode::kConditionalCheckFailed,
       "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400},
      {ErrorCode::kTransactionCanceled,
       "com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400},
      {ErrorCode::kProvisionedThroughputExceeded,
       "com.amazonaws.dynamodb.v20120810#"
       "ProvisionedThroughputExceededException",
       400},
      {ErrorCode::kThrottling,
       "com.amazonaws.dynamodb.v20120810#ThrottlingException", 400},
      {ErrorCode::kDuplicateItem,
       "com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400},
      {ErrorCode::kInternalServerError,
       "com.amazonaws.dynamodb.v20120810#InternalServerError", 500},
      {ErrorCode::kServiceUnavailable,
       "com.amazon.coral.availability#ServiceUnavailableException", 503},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.type);
    EXPECT_EQ(ErrorCodeWireType(c.code), c.type);
    EXPECT_EQ(ErrorCodeHttpStatus(c.code), c.http);
    EXPECT_EQ(ErrorCodeFromName(c.type), c.code);
    EXPECT_EQ(ErrorCodeFromName(ErrorCodeName(c.code)), c.code);
  }
  EXPECT_TRUE(ErrorCodeUsesCapitalMessageKey(ErrorCode::kSerialization));
  EXPECT_TRUE(ErrorCodeUsesCapitalMessageKey(ErrorCode::kTransactionCanceled));
  EXPECT_FALSE(ErrorCodeUsesCapitalMessageKey(ErrorCode::kValidation));
  EXPECT_EQ(ErrorCodeFromName("NoSuchException"), std::nullopt);
}

}  // namespace
}  // namespace eddy
