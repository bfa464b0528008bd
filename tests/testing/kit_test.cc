// Copyright 2026 The eddy Authors.
//
// eddy::testing itself: the fixture's clock and options, the loaders' formats
// and error messages, the builders' failure reports, and the matchers and
// macros (including how they fail). tests/consumer/ uses the same kit as an
// installed package would.

#include <string>
#include <vector>

#include "emulator/testing/fixture.h"
#include "gmock/gmock.h"
#include "gtest/gtest-spi.h"
#include "gtest/gtest.h"

namespace eddy_testing {
namespace {

using ::eddy::ErrorCode;
using ::eddy::IsOk;
using ::eddy::IsOkAndHolds;
using ::eddy::StatusIs;
using ::eddy::StatusIsExactly;
using ::testing::ElementsAre;
using ::testing::Not;
using ::testing::SizeIs;

constexpr char kThings[] = R"({
  "TableName": "things",
  "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
  "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
  "BillingMode": "PAY_PER_REQUEST"})";

class KitTest : public DatabaseTest {};

TEST_F(KitTest, EveryTestStartsAt2026OnItsOwnManualClock) {
  EXPECT_EQ(clock_.NowMicros(), kStartMicros);
  EXPECT_EQ(db_.options().clock, &clock_);
  ASSERT_OK(CreateTableFromJson(kThings));
  clock_.AdvanceSeconds(10);
  eddy::DescribeTableRequest describe{.table_name = "things"};
  ASSERT_OK_AND_ASSIGN(eddy::DescribeTableResponse d,
                       db_.DescribeTable(describe));
  EXPECT_EQ(d.table.creation_date_time, kStartMicros / 1e6);
}

class FrankfurtTest : public DatabaseTest {
 protected:
  FrankfurtTest() : DatabaseTest(Frankfurt()) {}
  static eddy::Options Frankfurt() {
    eddy::Options options;
    options.region = "eu-central-1";
    return options;
  }
};

TEST_F(FrankfurtTest, OptionsPassUpFromTheDerivedFixtureAndKeepTheClock) {
  EXPECT_EQ(db_.options().region, "eu-central-1");
  EXPECT_EQ(db_.options().clock, &clock_);
}

TEST_F(KitTest, CreateTableTakesAnSdkRequestBodyWithDynamoDBsChecks) {
  EXPECT_THAT(CreateTableFromJson("{"),
              StatusIs(ErrorCode::kSerialization, "CreateTable: "));
  EXPECT_THAT(CreateTableFromJson(
                  R"({"TableName": "t", "BillingMode": "PAY_PER_REQUEST",
          "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})"),
              StatusIs(ErrorCode::kValidation, "CreateTable: "));
  ASSERT_OK(CreateTableFromJson(kThings));
  EXPECT_THAT(CreateTableFromJson(kThings),
              StatusIs(ErrorCode::kResourceInUse, "CreateTable: "));
  EXPECT_THAT(CreateTableFromJsonFile("/nonexistent/table.json"),
              StatusIsExactly(ErrorCode::kResourceNotFound,
                              "cannot read /nonexistent/table.json: No such "
                              "file or directory"));
}

TEST_F(KitTest, JsonLinesSkipBlanksAndCommentsAndLaterLinesWin) {
  ASSERT_OK(CreateTableFromJson(kThings));
  EXPECT_THAT(PutItemsFromJsonLines("things", R"(
# a comment
{"pk": {"S": "a"}, "v": {"N": "1"}}

{"pk": {"S": "b"}}
{"pk": {"S": "a"}, "v": {"N": "2"}})"),
              IsOkAndHolds(3));
  ASSERT_OK_AND_ASSIGN(eddy::Item a, GetItemByKey("things", {{"pk", S("a")}}));
  EXPECT_THAT(eddy::GetNumber<int>(a, "v"), IsOkAndHolds(2));
  EXPECT_THAT(ScanAll("things"), IsOkAndHolds(SizeIs(2)));
}

TEST_F(KitTest, JsonLinesErrorsNameTheLine) {
  ASSERT_OK(CreateTableFromJson(kThings));
  EXPECT_THAT(PutItemsFromJsonLines("things",
                                    "{\"pk\": {\"S\": \"a\"}}\n"
                                    "{\"pk\": {\"N\": 5}}\n"),
              StatusIs(ErrorCode::kSerialization, "line 2: "));
  EXPECT_THAT(PutItemsFromJsonLines("things", "\n{\"id\": {\"S\": \"a\"}}"),
              StatusIs(ErrorCode::kValidation,
                       "line 2: PutItem: One or more parameter values were "
                       "invalid: Missing the key pk in the item"));
  EXPECT_THAT(PutItemsFromJsonLines("nothing", "{\"pk\": {\"S\": \"a\"}}"),
              StatusIs(ErrorCode::kResourceNotFound, "line 1: PutItem: "));
  EXPECT_THAT(PutItemsFromJsonLinesFile("things", "/nonexistent/items.jsonl"),
              StatusIs(ErrorCode::kResourceNotFound,
                       "cannot read /nonexistent/items.jsonl"));
  // Lines before the failing one stay written.
  EXPECT_THAT(GetItemByKey("things", {{"pk", S("a")}}), IsOk());
}

TEST_F(KitTest, ModelsLoadWithTheirGeneratedData) {
  ASSERT_OK_AND_ASSIGN(
      LoadedModel kayak,
      LoadModelFile(std::string(EDDY_SOURCE_DIR) + "/model/kayak.json"));
  EXPECT_EQ(kayak.model.table.name, "kayak");
  EXPECT_THAT(kayak.data.items, SizeIs(10'828));
  ASSERT_OK_AND_ASSIGN(std::vector<eddy::Item> all, ScanAll("kayak"));
  EXPECT_EQ(all.size(), kayak.data.items.size());
  EXPECT_THAT(ScanAll("kayak", "GSI1"), IsOkAndHolds(SizeIs(40)));
}

TEST(ModelLoaderTest, WithoutIndexesOrWorkloadAndWithErrors) {
  eddy::Database db;
  constexpr char kNoWorkload[] = R"({
    "name": "bare",
    "g": [{"PK": "x#${id}", "SK": {"metadata": {"entityType": "x",
                                                 "PK1": "xs", "SK1": "${id}"}}}]
  })";
  ASSERT_OK_AND_ASSIGN(LoadedModel bare, LoadModelJson(db, kNoWorkload));
  EXPECT_THAT(bare.data.items, SizeIs(0));
  EXPECT_THAT(ScanAll(db, "bare"), IsOkAndHolds(SizeIs(0)));
  EXPECT_THAT(ScanAll(db, "bare", "GSI1"), IsOkAndHolds(SizeIs(0)));

  eddy::Database db2;
  ModelOptions no_indexes;
  no_indexes.create_indexes = false;
  ASSERT_OK(LoadModelJson(db2, kNoWorkload, no_indexes));
  EXPECT_THAT(ScanAll(db2, "bare", "GSI1"),
              StatusIs(ErrorCode::kValidation, "GSI1"));

  EXPECT_THAT(
      LoadModelJson(db, R"({"g": [{"PK": "${", "SK": {}}],
                                    "h": [{"PK": "${", "SK": {}}]})"),
      StatusIs(ErrorCode::kValidation, "errors in the model:\n  /g/0/"));
  EXPECT_THAT(LoadModelJson(db, kNoWorkload),
              StatusIs(ErrorCode::kResourceInUse, "CreateTable: "));
}

TEST(ItemBuilderTest, BuildsEveryType) {
  eddy::Item item = ItemBuilder()
                        .S("s", "x")
                        .N("i", uint64_t{18446744073709551615u})
                        .N("d", "12.50")
                        .N("n", *eddy::Number::Parse("7"))
                        .B("b", "\x01")
                        .Bool("t", true)
                        .Null("z")
                        .SS("ss", {"b", "a"})
                        .NS("ns", {"2", "1.5"})
                        .BS("bs", {"y"})
                        .M("m", {{"k", eddy::AttributeValue::S("v")}})
                        .L("l", {Num("1"), eddy::AttributeValue::S("two")})
                        .S("s", "replaced")
                        .Build();
  EXPECT_EQ(eddy::AttributeValue::M(item).DebugString(),
            "{M:{b:{B:\"AQ==\"},bs:{BS:[\"eQ==\"]},d:{N:12.5},"
            "i:{N:18446744073709551615},l:{L:[{N:1},{S:\"two\"}]},"
            "m:{M:{k:{S:\"v\"}}},n:{N:7},ns:{NS:[1.5,2]},s:{S:\"replaced\"},"
            "ss:{SS:[\"a\",\"b\"]},t:{BOOL:true},z:{NULL:true}}}");
}

TEST(ItemBuilderTest, BadValuesFailTheTestAndAreLeftOut) {
  eddy::Item item;
  EXPECT_NONFATAL_FAILURE(
      item = ItemBuilder().S("k", "v").N("n", "twelve").Build(),
      "ItemBuilder: attribute \"n\" left out: ValidationException: The "
      "parameter cannot be converted to a numeric value: twelve");
  EXPECT_EQ(item.size(), 1u);
  EXPECT_NONFATAL_FAILURE(ItemBuilder().SS("ss", {"a", "a"}),
                          "contains duplicates");
  EXPECT_NONFATAL_FAILURE(ItemBuilder().NS("ns", {}), "may not be empty");
  EXPECT_NONFATAL_FAILURE(ItemBuilder().NS("ns", {"1", "x"}),
                          "numeric value: x");
  EXPECT_NONFATAL_FAILURE(Num("1e200"),
                          "eddy_testing::Num(\"1e200\"): ValidationException: "
                          "Number overflow");
}

TEST(MatchersTest, DescribeAndExplain) {
  eddy::StatusOr<int> three = 3;
  eddy::StatusOr<int> error = eddy::Status::Validation("bad");
  EXPECT_THAT(three, IsOkAndHolds(3));
  EXPECT_THAT(three, Not(IsOkAndHolds(4)));
  EXPECT_THAT(error, Not(IsOkAndHolds(3)));
  EXPECT_THAT(error, StatusIs(ErrorCode::kValidation));
  EXPECT_THAT(error, Not(StatusIs(ErrorCode::kResourceNotFound)));
  EXPECT_EQ(::testing::DescribeMatcher<eddy::StatusOr<int>>(IsOkAndHolds(3)),
            "is OK and holds a value that is equal to 3");
  EXPECT_EQ(::testing::PrintToString(three), "OK: 3");
  EXPECT_EQ(::testing::PrintToString(error), "ValidationException: bad");
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(
      ::testing::ExplainMatchResult(IsOkAndHolds(3), error, &listener));
  EXPECT_EQ(listener.str(), "status is ValidationException: bad");
}

// EXPECT_FATAL_FAILURE takes statements without local variables.
void AssignFromAnError() {
  ASSERT_OK_AND_ASSIGN(int x, eddy::StatusOr<int>(eddy::Status::Validation(
                                  "The table does not exist")));
  (void)x;
}
void AssertOkOnAnError() {
  ASSERT_OK(eddy::Status(ErrorCode::kResourceNotFound, "gone"));
}

TEST(MacrosTest, FailTheTestWithTheStatusInsteadOfAborting) {
  EXPECT_FATAL_FAILURE(AssignFromAnError(),
                       "is ValidationException: The table does not exist");
  EXPECT_FATAL_FAILURE(AssertOkOnAnError(),
                       "status is ResourceNotFoundException: gone");
  EXPECT_NONFATAL_FAILURE(EXPECT_OK(eddy::Status::Validation("no")),
                          "ValidationException: no");
  ASSERT_OK_AND_ASSIGN(
      auto v, eddy::StatusOr<std::vector<int>>(std::vector<int>{1, 2}));
  EXPECT_THAT(v, ElementsAre(1, 2));
  EXPECT_OK(eddy::Status::OK());
  EXPECT_THAT(eddy::StatusOr<int>(1), Not(StatusIs(ErrorCode::kValidation)));
}

}  // namespace
}  // namespace eddy_testing
