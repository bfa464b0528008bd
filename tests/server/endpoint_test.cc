// Copyright 2026 The eddy Authors.
//
// Endpoint (tools/eddy-server/endpoint.h): eddy-server in the test's own
// process, as SDK tests use it; driven by cpp-httplib's client.

#include "tools/eddy-server/endpoint.h"

#include <httplib.h>
#include <time.h>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "emulator/base/clock.h"
#include "emulator/testing/status_matchers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace eddy::server {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr char kJson10[] = "application/x-amz-json-1.0";
constexpr char kCreateTable[] =
    R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
    R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
    R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";

// "20260101T000000Z" for a time in microseconds.
std::string AmzDate(int64_t micros) {
  const time_t seconds = static_cast<time_t>(micros / 1'000'000);
  tm utc{};
  gmtime_r(&seconds, &utc);
  char text[17];
  strftime(text, sizeof(text), "%Y%m%dT%H%M%SZ", &utc);
  return text;
}

// Headers as an SDK signs a request at `micros` (eddy checks the shape and
// the date, never the signature).
httplib::Headers Signed(const std::string& operation, int64_t micros) {
  const std::string date = AmzDate(micros);
  return {{"X-Amz-Target", "DynamoDB_20120810." + operation},
          {"X-Amz-Date", date},
          {"Authorization",
           "AWS4-HMAC-SHA256 Credential=x/" + date.substr(0, 8) +
               "/us-east-1/dynamodb/aws4_request, "
               "SignedHeaders=host;x-amz-date;x-amz-target, Signature=00"}};
}

httplib::Headers SignedNow(const std::string& operation) {
  return Signed(operation, Clock::Real()->NowMicros());
}

httplib::Client ClientOf(const Endpoint& endpoint) {
  httplib::Client client(endpoint.url());
  client.set_read_timeout(10, 0);
  return client;
}

TEST(EndpointTest, ServesItsOwnDatabaseOnAFreeLoopbackPort) {
  ASSERT_OK_AND_ASSIGN(Endpoint endpoint, Endpoint::Start());
  EXPECT_GT(endpoint.port(), 0);
  EXPECT_EQ(endpoint.host(), "127.0.0.1");
  EXPECT_EQ(endpoint.url(),
            "http://127.0.0.1:" + std::to_string(endpoint.port()));
  httplib::Client client = ClientOf(endpoint);
  httplib::Result health = client.Get("/");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->status, 200);
  EXPECT_EQ(health->body, "healthy: dynamodb.us-east-1.amazonaws.com ");
  httplib::Result created =
      client.Post("/", SignedNow("CreateTable"), kCreateTable, kJson10);
  ASSERT_TRUE(created);
  EXPECT_EQ(created->status, 200) << created->body;
  ASSERT_OK_AND_ASSIGN(ListTablesResponse tables,
                       endpoint.database().ListTables({}));
  EXPECT_THAT(tables.table_names, ::testing::ElementsAre("things"));
}

TEST(EndpointTest,
     ChecksSdkDatesAgainstTheRealClockWhileTheDatabaseRunsOnAManualOne) {
  ManualClock clock(1'893'456'000'000'000);  // 2030-01-01, far from now
  Options options;
  options.clock = &clock;
  Database db(options);
  ASSERT_OK_AND_ASSIGN(Endpoint endpoint, Endpoint::Start(&db));
  EXPECT_EQ(&endpoint.database(), &db);
  httplib::Client client = ClientOf(endpoint);
  httplib::Result now =
      client.Post("/", SignedNow("CreateTable"), kCreateTable, kJson10);
  ASSERT_TRUE(now);
  EXPECT_EQ(now->status, 200) << now->body;
  httplib::Result future =
      client.Post("/", Signed("ListTables", clock.NowMicros()), "{}", kJson10);
  ASSERT_TRUE(future);
  EXPECT_EQ(future->status, 400);
  EXPECT_THAT(future->body, HasSubstr("Signature not yet current"));
  // The table lives in the test's Database, created on its clock.
  ASSERT_OK_AND_ASSIGN(DescribeTableResponse d,
                       db.DescribeTable({.table_name = "things"}));
  EXPECT_EQ(d.table.creation_date_time, clock.NowMicros() / 1e6);
}

TEST(EndpointTest, TheNetworkClockCanBeTheTestsToo) {
  ManualClock clock(1'893'456'000'000'000);
  EndpointOptions options;
  options.database.clock = &clock;
  options.network_clock = &clock;
  ASSERT_OK_AND_ASSIGN(Endpoint endpoint, Endpoint::Start(options));
  httplib::Client client = ClientOf(endpoint);
  httplib::Result virtual_time =
      client.Post("/", Signed("ListTables", clock.NowMicros()), "{}", kJson10);
  ASSERT_TRUE(virtual_time);
  EXPECT_EQ(virtual_time->status, 200) << virtual_time->body;
  EXPECT_EQ(virtual_time->get_header_value("Date"),
            "Tue, 01 Jan 2030 00:00:00 GMT");
  httplib::Result real_time =
      client.Post("/", SignedNow("ListTables"), "{}", kJson10);
  ASSERT_TRUE(real_time);
  EXPECT_THAT(real_time->body, HasSubstr("Signature expired"));
}

TEST(EndpointTest, StopIsCleanIdempotentAndRefusesNewConnections) {
  ASSERT_OK_AND_ASSIGN(Endpoint endpoint, Endpoint::Start());
  httplib::Client client = ClientOf(endpoint);
  client.set_keep_alive(true);  // an idle pooled connection, as SDKs keep
  ASSERT_TRUE(client.Get("/"));
  endpoint.Stop();
  endpoint.Stop();
  httplib::Client late = ClientOf(endpoint);
  late.set_connection_timeout(2, 0);
  httplib::Result refused = late.Get("/");
  EXPECT_FALSE(refused);
  EXPECT_EQ(refused.error(), httplib::Error::Connection);
}

TEST(EndpointTest, MovesAndRunsSideBySide) {
  ASSERT_OK_AND_ASSIGN(Endpoint a, Endpoint::Start());
  ASSERT_OK_AND_ASSIGN(Endpoint b, Endpoint::Start());
  EXPECT_NE(a.port(), b.port());
  const int a_port = a.port();
  Endpoint moved = std::move(a);
  EXPECT_EQ(moved.port(), a_port);
  ASSERT_TRUE(ClientOf(moved).Get("/"));
  moved = std::move(b);  // stops the first one
  ASSERT_TRUE(ClientOf(moved).Get("/"));
  httplib::Client old("127.0.0.1", a_port);
  old.set_connection_timeout(2, 0);
  EXPECT_FALSE(old.Get("/"));
}

TEST(EndpointTest, APortInUseIsAnError) {
  ASSERT_OK_AND_ASSIGN(Endpoint first, Endpoint::Start());
  EndpointOptions options;
  options.port = first.port();
  EXPECT_THAT(Endpoint::Start(options),
              StatusIs(ErrorCode::kInternalServerError, ""));
  ASSERT_TRUE(ClientOf(first).Get("/"));
}

TEST(EndpointTest, LogsOneLinePerRequestWhenAsked) {
  std::mutex mu;
  std::vector<std::string> lines;
  EndpointOptions options;
  options.request_log = [&](std::string_view line) {
    std::lock_guard<std::mutex> lock(mu);
    lines.emplace_back(line);
  };
  ASSERT_OK_AND_ASSIGN(Endpoint endpoint, Endpoint::Start(options));
  httplib::Result r = ClientOf(endpoint).Post(
      "/", SignedNow("GetItem"),
      R"({"TableName":"nothing","Key":{"pk":{"S":"a"}}})", kJson10);
  ASSERT_TRUE(r);
  endpoint.Stop();
  std::lock_guard<std::mutex> lock(mu);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_THAT(
      lines[0],
      StartsWith("GetItem table=nothing 400 ResourceNotFoundException"));
  EXPECT_THAT(lines[0], Not(HasSubstr("\n")));
}

}  // namespace
}  // namespace eddy::server
