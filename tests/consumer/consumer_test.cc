// Copyright 2026 The eddy Authors.
//
// A test as a project that installed eddy writes it: find_package(eddy),
// eddy::testing and eddy::server (CMakeLists.txt beside this file). It uses
// every piece of the kit: the DatabaseTest fixture (db_, clock_), tables and
// items from DynamoDB JSON files and from a model with its generated data,
// ItemBuilder and Num, the typed getters, the matchers and ASSERT_OK /
// EXPECT_OK / ASSERT_OK_AND_ASSIGN, and the in-process Endpoint.
//
// tools/package_check.sh builds it against the installed .deb;
// tests/CMakeLists.txt builds the same file in-tree (consumer_test).

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emulator/testing/fixture.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tools/eddy-server/endpoint.h"

namespace {

using ::eddy::ErrorCode;
using ::eddy::IsOk;
using ::eddy::IsOkAndHolds;
using ::eddy::StatusIs;
using ::eddy::StatusIsExactly;
using ::eddy_testing::ItemBuilder;
using ::eddy_testing::Num;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;
using ::testing::StartsWith;

const std::string kTestData = CONSUMER_TESTDATA;

class RentalsTest : public eddy_testing::DatabaseTest {
 protected:
  void SetUp() override {
    ASSERT_OK(CreateTableFromJsonFile(kTestData + "/rentals_table.json"));
    ASSERT_OK_AND_ASSIGN(
        int64_t written,
        PutItemsFromJsonLinesFile("rentals", kTestData + "/rentals.jsonl"));
    ASSERT_EQ(written, 3);
  }
};

TEST_F(RentalsTest, ItemsFromJsonLinesReadBackTyped) {
  ASSERT_OK_AND_ASSIGN(
      eddy::Item kayak,
      GetItemByKey("rentals", {{"PK", S("store#1")}, {"SK", S("kayak#7")}}));
  EXPECT_THAT(eddy::GetString(kayak, "status"), IsOkAndHolds("available"));
  EXPECT_THAT(eddy::GetNumber<int>(kayak, "seats"), IsOkAndHolds(2));
  EXPECT_THAT(eddy::GetNumber<double>(kayak, "dailyRate"), IsOkAndHolds(39.5));
  EXPECT_THAT(eddy::GetNumber<int>(kayak, "dailyRate"),
              StatusIsExactly(ErrorCode::kValidation,
                              "attribute \"dailyRate\" is 39.5, not an "
                              "integer (int32_t)"));
  ASSERT_OK_AND_ASSIGN(
      eddy::Item other,
      GetItemByKey("rentals", {{"PK", S("store#2")}, {"SK", S("kayak#9")}}));
  EXPECT_THAT(eddy::GetStringSet(other, "colors"),
              IsOkAndHolds(ElementsAre("red", "yellow")));
  EXPECT_THAT(
      GetItemByKey("rentals", {{"PK", S("store#3")}, {"SK", S("kayak#1")}}),
      StatusIs(ErrorCode::kResourceNotFound, "has no item with key"));
  // The sparse index holds the two items with a status.
  EXPECT_THAT(ScanAll("rentals", "by-status"), IsOkAndHolds(SizeIs(2)));
}

TEST_F(RentalsTest, ConditionalWritesFailAsDynamoDBDoes) {
  eddy::PutItemRequest put;
  put.table_name = "rentals";
  put.item = ItemBuilder()
                 .S("PK", "store#1")
                 .S("SK", "kayak#7")
                 .N("seats", 1)
                 .N("dailyRate", "42.00")
                 .Bool("available", false)
                 .Build();
  put.condition_expression = "attribute_not_exists(PK)";
  EXPECT_THAT(db_.PutItem(put),
              StatusIsExactly(ErrorCode::kConditionalCheckFailed,
                              "The conditional request failed"));
  put.condition_expression = "seats = :two";
  put.expression_attribute_values = eddy::AttributeMap{{":two", N(2)}};
  EXPECT_OK(db_.PutItem(put));
  ASSERT_OK_AND_ASSIGN(
      eddy::Item kayak,
      GetItemByKey("rentals", {{"PK", S("store#1")}, {"SK", S("kayak#7")}}));
  EXPECT_THAT(eddy::GetNumber(kayak, "dailyRate"), IsOkAndHolds(Num("42").n()));
  EXPECT_THAT(eddy::GetBool(kayak, "available"), IsOkAndHolds(false));
}

TEST_F(RentalsTest, TimeMovesOnlyWhenTheTestMovesIt) {
  eddy::UpdateTimeToLiveRequest ttl;
  ttl.table_name = "rentals";
  ttl.time_to_live_specification = {.enabled = true,
                                    .attribute_name = "expiresAt"};
  ASSERT_OK(db_.UpdateTimeToLive(ttl));
  const int64_t now_seconds = clock_.NowMicros() / 1'000'000;
  eddy::PutItemRequest put;
  put.table_name = "rentals";
  put.item = ItemBuilder()
                 .S("PK", "hold#1")
                 .S("SK", "kayak#7")
                 .N("expiresAt", now_seconds + 60)
                 .Build();
  ASSERT_OK(db_.PutItem(put));
  clock_.AdvanceSeconds(3600);  // expired for an hour: deleted by now
  EXPECT_THAT(ScanAll("rentals"), IsOkAndHolds(SizeIs(3)));
}

TEST_F(RentalsTest, TablesAndItemsFromJsonText) {
  ASSERT_OK(CreateTableFromJson(R"({
      "TableName": "stores",
      "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
      "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
      "BillingMode": "PAY_PER_REQUEST"})"));
  EXPECT_THAT(PutItemsFromJsonLines("stores", R"(
      {"id": {"S": "store#1"}, "city": {"S": "Oslo"}}
      {"id": {"S": "store#2"}, "city": {"S": "Bergen"}})"),
              IsOkAndHolds(2));
  EXPECT_THAT(PutItemsFromJsonLines("stores", R"({"id": {"N": "1"}})"),
              StatusIs(ErrorCode::kValidation, "line 1: PutItem: "));
}

TEST(ShopModelTest, ModelAndItsGeneratedData) {
  eddy::ManualClock clock(eddy_testing::kStartMicros);
  eddy::Options options;
  options.clock = &clock;
  eddy::Database db(options);
  ASSERT_OK_AND_ASSIGN(
      eddy_testing::LoadedModel shop,
      eddy_testing::LoadModelFile(db, kTestData + "/shop.json"));
  EXPECT_EQ(shop.model.table.name, "shop");
  ASSERT_THAT(shop.data.items, SizeIs(3 + 3 * 4));  // stores and their items
  EXPECT_THAT(eddy_testing::ScanAll(db, "shop"), IsOkAndHolds(SizeIs(15)));
  EXPECT_THAT(eddy_testing::ScanAll(db, "shop", "GSI1"),
              IsOkAndHolds(SizeIs(3)));
  // Every generated item carries its bindings as attributes.
  EXPECT_THAT(eddy::GetString(shop.data.items[0].item, "storeULID"), IsOk());
  // The same model from its text, into another Database.
  eddy::Database other(options);
  std::ifstream file(kTestData + "/shop.json");
  std::stringstream text;
  text << file.rdbuf();
  ASSERT_OK_AND_ASSIGN(eddy_testing::LoadedModel again,
                       eddy_testing::LoadModelJson(other, text.str()));
  EXPECT_EQ(again.data.items.size(), shop.data.items.size());
}

// --- The in-process endpoint -------------------------------------------------

// The reply to one HTTP/1.0 request to 127.0.0.1:port ("" when the
// connection is refused).
std::string Exchange(int port, const std::string& request) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string reply;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) ==
      0) {
    size_t sent = 0;
    while (sent < request.size()) {
      const ssize_t n =
          ::send(fd, request.data() + sent, request.size() - sent, 0);
      if (n <= 0) break;
      sent += static_cast<size_t>(n);
    }
    char buffer[4096];
    ssize_t n;
    while ((n = ::recv(fd, buffer, sizeof(buffer), 0)) > 0) {
      reply.append(buffer, static_cast<size_t>(n));
    }
  }
  ::close(fd);
  return reply;
}

// A DynamoDB request as an SDK signs it (eddy checks the shape and the date,
// never the signature): X-Amz-Date is the real time.
std::string SignedPost(const std::string& operation, const std::string& body) {
  const time_t now = ::time(nullptr);
  tm utc{};
  ::gmtime_r(&now, &utc);
  char date[17];
  ::strftime(date, sizeof(date), "%Y%m%dT%H%M%SZ", &utc);
  return "POST / HTTP/1.0\r\nHost: 127.0.0.1\r\n"
         "Content-Type: application/x-amz-json-1.0\r\n"
         "X-Amz-Target: DynamoDB_20120810." +
         operation + "\r\nX-Amz-Date: " + date +
         "\r\nAuthorization: AWS4-HMAC-SHA256 Credential=x/" +
         std::string(date, 8) +
         "/us-east-1/dynamodb/aws4_request, "
         "SignedHeaders=host;x-amz-date;x-amz-target, Signature=00\r\n"
         "Content-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

TEST_F(RentalsTest, SdkCodeReachesTheTestsDatabaseThroughAnEndpoint) {
  ASSERT_OK_AND_ASSIGN(eddy::server::Endpoint endpoint,
                       eddy::server::Endpoint::Start(&db_));
  EXPECT_THAT(endpoint.url(), StartsWith("http://127.0.0.1:"));
  EXPECT_EQ(endpoint.url(),
            "http://127.0.0.1:" + std::to_string(endpoint.port()));
  EXPECT_THAT(Exchange(endpoint.port(), "GET / HTTP/1.0\r\n\r\n"),
              HasSubstr("healthy: dynamodb.us-east-1.amazonaws.com"));
  // What an SDK pointed at endpoint.url() sends, answered from db_.
  EXPECT_THAT(
      Exchange(endpoint.port(),
               SignedPost("PutItem",
                          R"({"TableName": "rentals", "Item": {)"
                          R"("PK": {"S": "store#9"}, "SK": {"S": "sup#1"},)"
                          R"("seats": {"N": "1"}}})")),
      StartsWith("HTTP/1.1 200"));
  EXPECT_THAT(
      GetItemByKey("rentals", {{"PK", S("store#9")}, {"SK", S("sup#1")}}),
      IsOk());
  EXPECT_THAT(
      Exchange(endpoint.port(),
               SignedPost("GetItem", R"({"TableName": "rentals", "Key": {)"
                                     R"("PK": {"S": "store#1"},)"
                                     R"("SK": {"S": "kayak#7"}}})")),
      HasSubstr(R"("seats":{"N":"2"})"));
  const int port = endpoint.port();
  endpoint.Stop();
  EXPECT_EQ(Exchange(port, "GET / HTTP/1.0\r\n\r\n"), "");  // refused
}

}  // namespace
